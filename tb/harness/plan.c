/*
 * plan.c - `kit plan`: the kit's one job planner.
 *
 * Usage profile: every flow that runs lockstep, vector or replay jobs (make
 * check, run, vectors, replay, coverage, regress, mutate) asks this program
 * what to run, then hands the list to the executor (tools/jobs.py), which
 * builds each Verilator model once and runs the jobs on every core. So
 * "the block's default test" is defined here and nowhere else:
 *
 *   the default test of block B = every configuration of its check list
 *   (kit checks B), each for its own cycle count with the seed, plus every
 *   directed file of the block (the .stim files of tb/<B>/directed, at the
 *   configuration its params line names).
 *
 *   kit plan TARGET [--blocks "B ..."] [--seed N | --seeds SPEC] [--cycles N]
 *                   [--each-cycles N] [--vec-cycles N] [--params "P=V .."] [--stim FILE]
 *                   [--fault SPEC] [--waves FILE] [--rtl "FILES"] [--top MOD]
 *                   [--no-directed] [--strict] [--stop] [--coverage]
 *                   [--traffic KERNEL | --trace FILE] [--traffic-params "P=V .."]
 *
 * TARGET:
 *   check    the default test of each block (--each-cycles N: every
 *            configuration for N cycles); --params / --stim / --fault /
 *            --waves / --cycles / --traffic / --trace ask for one lockstep
 *            run instead (a single configuration), exactly as `make check`
 *            with those variables
 *   vectors  a vector file per check-list configuration (--vec-cycles, or
 *            each configuration's own) and per directed file; --params: one
 *   replay   the same vector files, each replayed on Icarus
 *   regress  the check-list configurations for every seed of --seeds
 *            (directed files once), --each-cycles each
 *   coverage the default test with coverage builds (--coverage implied);
 *            --params / --stim / --traffic / --trace: one run on that
 *            configuration or traffic
 *   run      make run: the default test of every block, its vector files
 *            (--vec-dir, build/vectors) and their Icarus replay
 *
 * Output: one JSON object (schema cvkit.plan/1, doc/results.md): "models",
 * the distinct Verilator builds (block, configuration, RTL, top, coverage),
 * and "jobs", each naming its model, its arguments, its result file and the
 * `make` command that reproduces it. Errors are one line naming what is
 * wrong (an unknown block, an illegal configuration, a directed file whose
 * params line is bad), exit 1; the plan is printed only when whole.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "vectors/fileio.h"
#include "tb/stim/source.h"
#include "tb/stim/tadapt.h"
#include "tb/harness/plan.h"

#define MAX_JOBS   200000u
#define MAX_MODELS 512u
#define MAX_FILES  256u

typedef struct model {
  const kit_block_t *b;
  char params[1024];     /* the words given (over the defaults) */
  char rtlparams[1024];  /* every RTL parameter: the identity of the build */
  uint64_t bits;         /* the storage estimate's total: what the model costs to build */
} model_t;

typedef struct plan {
  const char *target;
  char blocks[1024];
  uint64_t seed, cycles, each_cycles, vec_cycles;
  int have_cycles, have_each_cycles, have_vec_cycles, have_seeds;
  const char *seeds, *params, *stim, *fault, *waves, *rtl, *top;
  const char *traffic, *trace, *tparams;   /* --traffic KERNEL | --trace FILE, --traffic-params */
  const char *vec_dir;   /* where vector files go (build/vectors) */
  char results_dir[512]; /* where each job writes its result (build/results/TARGET) */
  int directed, strict, stop, coverage;
  model_t model[MAX_MODELS];
  unsigned nmodels;
  FILE *jobs;            /* the job objects, written to a memory stream */
  char *jobs_buf;
  size_t jobs_len;
  unsigned njobs;
  char err[1200];
} plan_t;

static int fail(plan_t *p, const char *fmt, const char *a, const char *b)
{
  snprintf(p->err, sizeof p->err, fmt, a, b);
  return -1;
}

/* The RTL parameter words of a configuration: "Sets=384 Ways=16 ...";
 * its parameter values in P. */
static int rtl_words(const kit_block_t *b, const char *params, long *P, char *out, size_t n, char *err,
                     size_t errlen)
{
  if (kit_params_text(b, P, params, err, errlen)) return -1;
  size_t k = 0;
  out[0] = '\0';
  for (unsigned i = 0; i < b->nparams && k < n; i++)
    if (b->params[i].in_rtl) k += (size_t)snprintf(out + k, n - k, "%s%s=%ld", k ? " " : "", b->params[i].name, P[i]);
  return 0;
}

/* The model a job needs, added once: its index. */
static int model_for(plan_t *p, const kit_block_t *b, const char *params)
{
  char words[1024], e[512];
  long P[KIT_MAX_PARAMS];
  if (rtl_words(b, params, P, words, sizeof words, e, sizeof e)) return fail(p, "%s%s", e, "");
  for (unsigned i = 0; i < p->nmodels; i++)
    if (p->model[i].b == b && strcmp(p->model[i].rtlparams, words) == 0) return (int)i;
  if (p->nmodels == MAX_MODELS) return fail(p, "more than %s distinct models%s", "512", "");
  model_t *m = &p->model[p->nmodels];
  kit_storage_t st;
  b->storage(P, &st);
  m->bits = 0;
  for (unsigned r = 0; r < st.nrows; r++) m->bits += st.row[r].count * st.row[r].bits;
  m->b = b;
  snprintf(m->params, sizeof m->params, "%s", params);
  snprintf(m->rtlparams, sizeof m->rtlparams, "%s", words);
  return (int)p->nmodels++;
}

/* The params line of a directed file: its words after "params", up to a
 * comment; "" when it has none. The words are checked here, so a bad one
 * is named with the file and line (FILE:LINE: parameter ...). */
static int stim_params(plan_t *p, const kit_block_t *b, const char *path, char *out, size_t n)
{
  kit_lines_t L;
  char *line, e[512];
  size_t len;
  int rc;
  unsigned at = 0;
  out[0] = '\0';
  if (kit_lines_open(&L, path, e, sizeof e)) return fail(p, "%s%s", e, "");
  while ((rc = kit_lines_next(&L, &line, &len, e, sizeof e)) == 1) {
    char *c = strchr(line, '#');
    if (c) *c = '\0';
    char *s = line + strspn(line, " \t");
    if (strncmp(s, "params", 6) == 0 && (s[6] == ' ' || s[6] == '\t')) {
      s += 6 + strspn(s + 6, " \t");
      size_t k = strlen(s);
      while (k && (s[k - 1] == ' ' || s[k - 1] == '\t')) s[--k] = '\0';
      for (char *t = s; *t; t++) if (*t == '\t') *t = ' ';
      snprintf(out, n, "%s", s);
      at = L.lineno;
      break;
    }
  }
  kit_lines_close(&L);
  if (rc < 0) return fail(p, "%s%s", e, "");
  long P[KIT_MAX_PARAMS];
  if (at && kit_params_text(b, P, out, e, sizeof e)) {
    snprintf(p->err, sizeof p->err, "%s:%u: %s", path, at, e);
    return -1;
  }
  return 0;
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The directed files of block b, sorted: the .stim files of KIT_DIRECTED_DIR. */
static unsigned directed_files(const kit_block_t *b, char files[][512])
{
  char dir[300];
  snprintf(dir, sizeof dir, KIT_DIRECTED_DIR, b->name);
  DIR *d = opendir(dir);
  if (!d) return 0;
  unsigned n = 0;
  const char *names[MAX_FILES];
  char store[MAX_FILES][256];
  struct dirent *e;
  while ((e = readdir(d)) && n < MAX_FILES) {
    size_t k = strlen(e->d_name);
    if (k > 5 && k < sizeof store[0] && strcmp(e->d_name + k - 5, ".stim") == 0) {
      memcpy(store[n], e->d_name, k + 1);
      names[n] = store[n];
      n++;
    }
  }
  closedir(d);
  qsort(names, n, sizeof names[0], cmp_str);
  for (unsigned i = 0; i < n; i++) snprintf(files[i], 512, "%s/%s", dir, names[i]);
  return n;
}

/* make's words for the designer's RTL, for reproduce lines. */
static void repro_rtl(const plan_t *p, char *out, size_t n)
{
  out[0] = '\0';
  if (p->rtl && *p->rtl) snprintf(out, n, " RTL='%s' TOP=%s", p->rtl, p->top ? p->top : "");
}

/* A lockstep job's traffic (doc/traffic.md "Lockstep on traffic"). */
typedef struct tsrc {
  const char *kernel, *trace, *params;   /* one of kernel and trace; params may be NULL */
  int cycles_given;                      /* the job's cycles bound the run */
} tsrc_t;

/* The traffic of a job is checked here, before any model is built: the
 * block has an adapter, the kernel, its parameters and the hierarchy's
 * are legal, a trace reads whole. */
static int traffic_check(plan_t *p, const kit_block_t *b, const char *params, const tsrc_t *ts)
{
  long P[KIT_MAX_PARAMS];
  char e[1024];
  kit_source_t src;
  kit_hier_src_t hs = {.kernel = ts->kernel, .trace = ts->trace, .words = ts->params, .seed = p->seed};
  if (kit_params_text(b, P, params, e, sizeof e) || kit_source_traffic(&src, b, P, &hs, 1, e, sizeof e))
    return fail(p, "%s%s", e, "");
  kit_source_free(&src);
  return 0;
}

/* One lockstep job. seed_given: whether SEED belongs in the repro line. */
static int job_lockstep(plan_t *p, const kit_block_t *b, const char *params, uint64_t seed,
                        uint64_t cycles, const char *stim, const char *why, unsigned cfg, int strict,
                        const tsrc_t *ts)
{
  int m = model_for(p, b, params);
  if (m < 0) return -1;
  if (p->njobs == MAX_JOBS) return fail(p, "more than %s jobs%s", "200000", "");
  char id[700], result[1300], repro[2600], rr[1200];
  repro_rtl(p, rr, sizeof rr);
  if (ts) {
    if (traffic_check(p, b, params, ts)) return -1;
    const char *base = ts->trace ? strrchr(ts->trace, '/') : NULL;
    snprintf(id, sizeof id, "%s/%s-%s/s%" PRIu64, b->name, ts->kernel ? "traffic" : "trace",
             ts->kernel ? ts->kernel : base ? base + 1 : ts->trace, seed);
    char cyc[40] = "";
    if (ts->cycles_given) snprintf(cyc, sizeof cyc, " CYCLES=%" PRIu64, cycles);
    snprintf(repro, sizeof repro, "make check BLOCK=%s %s=%s%s%s%s SEED=%" PRIu64 "%s%s%s%s%s%s%s", b->name,
             ts->kernel ? "TRAFFIC" : "TRACE", ts->kernel ? ts->kernel : ts->trace,
             ts->params && *ts->params ? " TRAFFIC_PARAMS='" : "", ts->params ? ts->params : "",
             ts->params && *ts->params ? "'" : "", seed, cyc, *params ? " PARAMS='" : "", params, *params ? "'" : "",
             rr, p->fault ? " FAULT=" : "", p->fault ? p->fault : "");
    if (!ts->cycles_given) cycles = 0;
  } else if (stim) {
    const char *base = strrchr(stim, '/');
    snprintf(id, sizeof id, "%s/%s", b->name, base ? base + 1 : stim);
    snprintf(repro, sizeof repro, "make check BLOCK=%s STIM=%s%s%s%s%s", b->name, stim,
             *params ? " PARAMS='" : "", params, *params ? "'" : "", rr);
  } else {
    snprintf(id, sizeof id, "%s/c%u/s%" PRIu64, b->name, cfg, seed);
    snprintf(repro, sizeof repro, "make check BLOCK=%s SEED=%" PRIu64 " CYCLES=%" PRIu64 "%s%s%s%s%s%s", b->name,
             seed, cycles, *params ? " PARAMS='" : "", params, *params ? "'" : "", rr,
             p->fault ? " FAULT=" : "", p->fault ? p->fault : "");
  }
  snprintf(result, sizeof result, "%s/%s.json", p->results_dir, id);
  for (char *c = result + strlen(p->results_dir); *c; c++) if (*c == ' ') *c = '_';
  FILE *f = p->jobs;
  fprintf(f, "%s\n  {\"id\": ", p->njobs ? "," : "");
  kit_json_str(f, id);
  fprintf(f, ", \"kind\": \"lockstep\", \"block\": ");
  kit_json_str(f, b->name);
  fprintf(f, ", \"model\": %d, \"params\": ", m);
  kit_json_str(f, params);
  fprintf(f, ", \"config\": %u, \"seed\": %" PRIu64 ", \"cycles\": %" PRIu64 ", \"stim\": ", cfg, seed, stim ? 0 : cycles);
  kit_json_str(f, stim ? stim : "");
  fprintf(f, ", \"fault\": ");
  kit_json_str(f, p->fault && !stim ? p->fault : "");   /* a fault is for the random runs */
  fprintf(f, ", \"waves\": ");
  kit_json_str(f, p->waves ? p->waves : "");
  fprintf(f, ", \"traffic\": ");
  kit_json_str(f, ts && ts->kernel ? ts->kernel : "");
  fprintf(f, ", \"trace\": ");
  kit_json_str(f, ts && ts->trace ? ts->trace : "");
  fprintf(f, ", \"tparams\": ");
  kit_json_str(f, ts && ts->params ? ts->params : "");
  fprintf(f, ", \"strict\": %d, \"why\": ", strict);
  kit_json_str(f, why);
  fprintf(f, ", \"result\": ");
  kit_json_str(f, result);
  fprintf(f, ", \"repro\": ");
  kit_json_str(f, repro);
  fputc('}', f);
  p->njobs++;
  return 0;
}

/* One vector-file job (and, for replay, its Icarus replay after it). */
static int job_vectors(plan_t *p, const kit_block_t *b, const char *params, uint64_t seed,
                       uint64_t cycles, const char *stim, const char *out)
{
  if (p->njobs == MAX_JOBS) return fail(p, "more than %s jobs%s", "200000", "");
  char e[512], words[1024];
  long P[KIT_MAX_PARAMS];
  if (rtl_words(b, params, P, words, sizeof words, e, sizeof e)) return fail(p, "%s%s", e, "");
  for (int k = 0; k < 1 + (strcmp(p->target, "replay") == 0 || strcmp(p->target, "run") == 0); k++) {
    FILE *f = p->jobs;
    const char *base = strrchr(out, '/');
    fprintf(f, "%s\n  {\"id\": ", p->njobs ? "," : "");
    fprintf(f, "\"%s/%s\"", k ? "replay" : "vectors", base ? base + 1 : out);
    fprintf(f, ", \"kind\": \"%s\", \"block\": ", k ? "replay" : "vectors");
    kit_json_str(f, b->name);
    fprintf(f, ", \"params\": ");
    kit_json_str(f, params);
    fprintf(f, ", \"seed\": %" PRIu64 ", \"cycles\": %" PRIu64 ", \"stim\": ", seed, stim ? 0 : cycles);
    kit_json_str(f, stim ? stim : "");
    fprintf(f, ", \"vec\": ");
    kit_json_str(f, out);
    if (k) {
      fprintf(f, ", \"rtl\": ");
      kit_json_str(f, p->rtl && *p->rtl ? p->rtl : b->rtl_files);
      fprintf(f, ", \"top\": ");
      kit_json_str(f, p->top && *p->top ? p->top : b->top);
      fprintf(f, ", \"after\": \"vectors/%s\"", base ? base + 1 : out);
    }
    fputc('}', f);
    p->njobs++;
  }
  return 0;
}

/* Seeds "1-1000", "7", "1-10,50-60" into a callback-free list. */
static int parse_seeds(plan_t *p, const char *spec, uint64_t **out, size_t *n)
{
  char buf[1024];
  size_t cap = 64;
  *n = 0;
  *out = malloc(cap * sizeof **out);
  if (!*out || strlen(spec) >= sizeof buf || !*spec) return fail(p, "seeds '%s': expected e.g. 1-1000 or 1,5,9%s", spec, "");
  snprintf(buf, sizeof buf, "%s", spec);
  for (char *save = NULL, *part = strtok_r(buf, ",", &save); part; part = strtok_r(NULL, ",", &save)) {
    char whole[1024], *dash = strchr(part, '-'), e[512];
    uint64_t a, z;
    snprintf(whole, sizeof whole, "%s", part);
    if (dash) *dash = '\0';
    if (kit_parse_u64("seeds", part, 0, UINT64_MAX, &a, e, sizeof e) ||
        (dash && kit_parse_u64("seeds", dash + 1, 0, UINT64_MAX, &z, e, sizeof e))) {
      snprintf(p->err, sizeof p->err, "seeds '%s': '%s' is not a seed or a range A-B", spec, whole);
      return -1;
    }
    if (!dash) z = a;
    if (z < a) {
      snprintf(p->err, sizeof p->err, "seeds '%s': range %s runs backwards", spec, whole);
      return -1;
    }
    if (z - a >= 1000000) {
      snprintf(p->err, sizeof p->err, "seeds '%s': range %s holds more than 1000000 seeds", spec, whole);
      return -1;
    }
    for (uint64_t s = a;; s++) {
      if (*n == cap) {
        uint64_t *q = realloc(*out, (cap *= 2) * sizeof *q);
        if (!q) return fail(p, "out of memory%s%s", "", "");
        *out = q;
      }
      (*out)[(*n)++] = s;
      if (s == z) break;
    }
  }
  return 0;
}

static int plan_tests(plan_t *p, const kit_block_t *b, const char *t);

/* make run's traffic kernel for every block with an adapter (doc/traffic.md
 * "make run"): one kernel with loads, stores, tile reuse and CTAs on every
 * SM, a few thousand cycles at its defaults. */
#define RUN_TRAFFIC "matmul"

/* A block's jobs for the request: `run` is the default test, then the
 * vector files and their Icarus replay, then (a block with a traffic
 * adapter) one traffic run at the default configuration. */
static int plan_block(plan_t *p, const kit_block_t *b)
{
  if (strcmp(p->target, "run") == 0) {
    if (plan_tests(p, b, "check") || plan_tests(p, b, "vectors")) return -1;
    tsrc_t ts = {RUN_TRAFFIC, NULL, NULL, 0};
    return kit_tadapt_find(b) ? job_lockstep(p, b, "", p->seed, 0, NULL, "make run's traffic kernel", 0, 0, &ts) : 0;
  }
  return plan_tests(p, b, p->target);
}

static int plan_tests(plan_t *p, const kit_block_t *b, const char *t)
{
  const int single = p->params || p->stim || p->fault || p->waves || p->have_cycles || p->traffic || p->trace;
  const int each = p->have_each_cycles;
  char e[512];
  static char files[MAX_FILES][512];
  if (strcmp(t, "check") == 0 || strcmp(t, "coverage") == 0 || strcmp(t, "regress") == 0) {
    if ((strcmp(t, "check") == 0 && single) ||
        (strcmp(t, "coverage") == 0 && (p->params || p->stim || p->traffic || p->trace))) {
      /* one run, exactly as make check with those variables */
      char sp[1024] = "";
      if (p->stim && stim_params(p, b, p->stim, sp, sizeof sp)) return -1;
      if (p->stim && p->params && sp[0]) {
        /* both: the run's configuration must be the file's (refused here,
         * before any model is built, in the lockstep's words) */
        long F[KIT_MAX_PARAMS], R[KIT_MAX_PARAMS];
        if (kit_params_text(b, F, sp, e, sizeof e) == 0 && kit_params_text(b, R, p->params, e, sizeof e) == 0 &&
            kit_stim_params_match(b, F, R, e, sizeof e))
          return fail(p, "%s: %s", p->stim, e);
      }
      const char *params = p->params ? p->params : sp;
      tsrc_t ts = {p->traffic, p->trace, p->tparams, p->have_cycles};
      return job_lockstep(p, b, params, p->seed, p->have_cycles ? p->cycles : each ? p->each_cycles : 100000, p->stim,
                          p->stim ? "the directed file asked for"
                          : ts.kernel || ts.trace ? "the traffic asked for" : "the configuration asked for", 0,
                          p->strict && !p->stim, ts.kernel || ts.trace ? &ts : NULL);
    }
    uint64_t *seeds = &p->seed;
    size_t nseeds = 1;
    if (p->have_seeds && parse_seeds(p, p->seeds, &seeds, &nseeds)) return -1;
    const unsigned nchk = b->nchecks ? b->nchecks : 1;
    for (size_t s = 0; s < nseeds; s++)
      for (unsigned c = 0; c < nchk; c++) {
        const kit_check_t def = {"", 100000, 20000, "the default configuration"};
        const kit_check_t *k = b->nchecks ? &b->checks[c] : &def;
        char what[64];
        snprintf(what, sizeof what, "default-check configuration %u", c + 1);
        long P[KIT_MAX_PARAMS];
        if (kit_params_text(b, P, k->params, e, sizeof e)) return fail(p, "%s (%s)", e, what);
        /* --strict holds for the events of the whole test (the summary),
         * not for each configuration: none is meant to reach them all */
        if (job_lockstep(p, b, k->params, seeds[s], each ? p->each_cycles : k->cycles, NULL, k->why, c + 1, 0, NULL))
          return -1;
      }
    if (seeds != &p->seed) free(seeds);
    if (p->directed) {
      unsigned n = directed_files(b, files);
      for (unsigned i = 0; i < n; i++) {
        char sp[1024];
        if (stim_params(p, b, files[i], sp, sizeof sp)) return -1;
        if (job_lockstep(p, b, sp, p->seed, 0, files[i], "a directed file", 0, 0, NULL)) return -1;
      }
    }
    return 0;
  }
  if (strcmp(t, "vectors") == 0 || strcmp(t, "replay") == 0) {
    char out[700];
    if (p->params) {
      snprintf(out, sizeof out, "%s/%s_seed%" PRIu64 ".vec", p->vec_dir, b->name, p->seed);
      return job_vectors(p, b, p->params, p->seed, p->have_vec_cycles ? p->vec_cycles : 20000, NULL, out);
    }
    const unsigned nchk = b->nchecks ? b->nchecks : 1;
    for (unsigned c = 0; c < nchk; c++) {
      const kit_check_t def = {"", 100000, 20000, "the default configuration"};
      const kit_check_t *k = b->nchecks ? &b->checks[c] : &def;
      if (c == 0) snprintf(out, sizeof out, "%s/%s_seed%" PRIu64 ".vec", p->vec_dir, b->name, p->seed);
      else snprintf(out, sizeof out, "%s/%s_seed%" PRIu64 "_%u.vec", p->vec_dir, b->name, p->seed, c + 1);
      if (job_vectors(p, b, k->params, p->seed, p->have_vec_cycles ? p->vec_cycles : k->vec_cycles, NULL, out))
        return -1;
    }
    unsigned n = directed_files(b, files);
    for (unsigned i = 0; i < n; i++) {
      char sp[1024];
      const char *base = strrchr(files[i], '/');
      if (stim_params(p, b, files[i], sp, sizeof sp)) return -1;
      snprintf(out, sizeof out, "%s/%s_%.*s.vec", p->vec_dir, b->name, (int)(strlen(base + 1) - 5), base + 1);
      if (job_vectors(p, b, sp, p->seed, 0, files[i], out)) return -1;
    }
    return 0;
  }
  return fail(p, "unknown target '%s' (check, vectors, replay, regress, coverage, run)%s", t, "");
}

static const char *opt(int argc, char **argv, int *i, const char *name, int *found)
{
  if (strcmp(argv[*i], name) != 0) return NULL;
  *found = 1;
  if (*i + 1 >= argc) return "";
  return argv[++*i];
}

int kit_plan_main(int argc, char **argv)
{
  static plan_t p;
  memset(&p, 0, sizeof p);
  p.seed = 1;
  p.directed = 1;
  p.vec_dir = "build/vectors";
  if (argc < 1) {
    fprintf(stderr, "kit: error: plan: give a target (check, vectors, replay, regress, coverage)\n");
    return 2;
  }
  p.target = argv[0];
  const char *blocks = NULL, *v;
  char e[1400];
  for (int i = 1; i < argc; i++) {
    int f = 0;
    if ((v = opt(argc, argv, &i, "--blocks", &f)) || f) blocks = v;
    else if ((v = opt(argc, argv, &i, "--seed", &f)) || f) {
      if (kit_parse_u64("--seed", v, 0, UINT64_MAX, &p.seed, e, sizeof e)) goto bad;
    } else if ((v = opt(argc, argv, &i, "--seeds", &f)) || f) { p.seeds = v; p.have_seeds = 1; }
    else if ((v = opt(argc, argv, &i, "--cycles", &f)) || f) {
      if (kit_parse_u64("--cycles", v, 1, KIT_MAX_CYCLES, &p.cycles, e, sizeof e)) goto bad;
      p.have_cycles = 1;
    } else if ((v = opt(argc, argv, &i, "--each-cycles", &f)) || f) {
      if (kit_parse_u64("--each-cycles", v, 1, KIT_MAX_CYCLES, &p.each_cycles, e, sizeof e)) goto bad;
      p.have_each_cycles = 1;
    } else if ((v = opt(argc, argv, &i, "--vec-cycles", &f)) || f) {
      if (kit_parse_u64("--vec-cycles", v, 1, 1ull << 28, &p.vec_cycles, e, sizeof e)) goto bad;
      p.have_vec_cycles = 1;
    } else if ((v = opt(argc, argv, &i, "--params", &f)) || f) p.params = v;
    else if ((v = opt(argc, argv, &i, "--stim", &f)) || f) p.stim = v;
    else if ((v = opt(argc, argv, &i, "--traffic", &f)) || f) p.traffic = v;
    else if ((v = opt(argc, argv, &i, "--trace", &f)) || f) p.trace = v;
    else if ((v = opt(argc, argv, &i, "--traffic-params", &f)) || f) p.tparams = v;
    else if ((v = opt(argc, argv, &i, "--fault", &f)) || f) p.fault = v;
    else if ((v = opt(argc, argv, &i, "--waves", &f)) || f) p.waves = v;
    else if ((v = opt(argc, argv, &i, "--rtl", &f)) || f) p.rtl = v;
    else if ((v = opt(argc, argv, &i, "--vec-dir", &f)) || f) p.vec_dir = v;
    else if ((v = opt(argc, argv, &i, "--results-dir", &f)) || f) snprintf(p.results_dir, sizeof p.results_dir, "%s", v);
    else if ((v = opt(argc, argv, &i, "--top", &f)) || f) p.top = v;
    else if (strcmp(argv[i], "--no-directed") == 0) p.directed = 0;
    else if (strcmp(argv[i], "--strict") == 0) p.strict = 1;
    else if (strcmp(argv[i], "--stop") == 0) p.stop = 1;
    else if (strcmp(argv[i], "--coverage") == 0) p.coverage = 1;
    else {
      snprintf(e, sizeof e, "plan: unknown option '%s'", argv[i]);
      goto bad;
    }
    if (f && v && !*v && i >= argc) {
      snprintf(e, sizeof e, "plan: option %s needs a value", argv[i - 1]);
      goto bad;
    }
  }
  if (!!p.stim + !!p.traffic + !!p.trace > 1) {
    snprintf(e, sizeof e, "STIM=, TRAFFIC= and TRACE= exclude each other");
    goto bad;
  }
  if (p.tparams && !p.traffic && !p.trace) {
    snprintf(e, sizeof e, "TRAFFIC_PARAMS= needs TRAFFIC=KERNEL or TRACE=FILE");
    goto bad;
  }
  if ((p.traffic || p.trace) && strcmp(p.target, "check") != 0 && strcmp(p.target, "coverage") != 0) {
    snprintf(e, sizeof e, "TRAFFIC= / TRACE= are for make check and make coverage, not %s", p.target);
    goto bad;
  }
  if (strcmp(p.target, "coverage") == 0) p.coverage = 1;
  if (!p.results_dir[0]) snprintf(p.results_dir, sizeof p.results_dir, "build/results/%s", p.target);
  /* the blocks: named, or every block */
  snprintf(p.blocks, sizeof p.blocks, "%s", blocks ? blocks : "");
  if (!blocks || !*blocks) {
    size_t k = 0;
    for (unsigned i = 0; kit_blocks[i]; i++)
      k += (size_t)snprintf(p.blocks + k, sizeof p.blocks - k, "%s%s", k ? " " : "", kit_blocks[i]->name);
  }
  if (p.jobs = open_memstream(&p.jobs_buf, &p.jobs_len), !p.jobs) {
    snprintf(e, sizeof e, "plan: out of memory");
    goto bad;
  }
  char bl[1024];
  snprintf(bl, sizeof bl, "%s", p.blocks);
  for (char *save = NULL, *w = strtok_r(bl, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
    const kit_block_t *b = kit_block_find(w);
    if (!b) {
      fclose(p.jobs);
      free(p.jobs_buf);
      snprintf(e, sizeof e, "unknown block '%s' (kit blocks lists them)", w);
      goto bad;
    }
    if (plan_block(&p, b)) {
      fclose(p.jobs);
      free(p.jobs_buf);
      snprintf(e, sizeof e, "%s", p.err);
      goto bad;
    }
  }
  fclose(p.jobs);
  /* the whole plan, at once */
  printf("{\"schema\": \"cvkit.plan/1\", \"target\": ");
  kit_json_str(stdout, p.target);
  printf(", \"seed\": %" PRIu64 ", \"strict\": %d, \"stop\": %d, \"coverage\": %d,\n \"models\": [", p.seed,
         p.strict, p.stop, p.coverage);
  for (unsigned i = 0; i < p.nmodels; i++) {
    const model_t *m = &p.model[i];
    printf("%s\n  {\"id\": %u, \"block\": ", i ? "," : "", i);
    kit_json_str(stdout, m->b->name);
    printf(", \"params\": ");
    kit_json_str(stdout, m->params);
    printf(", \"rtlparams\": ");
    kit_json_str(stdout, m->rtlparams);
    printf(", \"rtl\": ");
    kit_json_str(stdout, p.rtl && *p.rtl ? p.rtl : "");
    printf(", \"top\": ");
    kit_json_str(stdout, p.top && *p.top ? p.top : "");
    printf(", \"bits\": %" PRIu64 "}", m->bits);
  }
  printf("],\n \"jobs\": [%s]}\n", p.jobs_buf ? p.jobs_buf : "");
  free(p.jobs_buf);
  return 0;
bad:
  fprintf(stderr, "kit: error: %s\n", e);
  return 1;
}
