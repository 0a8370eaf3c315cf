/*
 * traffic_cmd.c - `kit traffic`, the command face of the traffic kernels
 * (tb/stim/traffic.h) and the trace formats (vectors/trace.h,
 * vectors/accel.h); doc/traffic.md:
 *
 *   kit traffic --list [--json]                       kernels and parameters
 *   kit traffic KERNEL [P=V..] [--seed N] -o FILE [--json]   write a kit trace
 *   kit traffic --import FILE.traceg [--sms N] [--blocks-per-sm N|auto] -o FILE [--json]  convert
 *   kit traffic --check FILE [--json]                 read a kit trace whole
 *
 * A result line for people on stdout ("wrote FILE: N records ..."), or with
 * --json one object (schema cvkit.traffic/1: file, records, loads, stores,
 * lanes, and for an import the instruction counts) for tools. Errors are
 * one line naming the parameter, option or FILE:LINE, exit status 1 (2 for
 * usage); the output is written whole or not at all (vectors/fileio.c).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tb/harness/args.h"
#include "tb/harness/traffic_cmd.h"
#include "tb/stim/source.h"
#include "tb/stim/tadapt.h"
#include "tb/stim/traffic.h"
#include "vectors/accel.h"
#include "vectors/fileio.h"
#include "vectors/trace.h"

static char err[1024];

static int usage(void)
{
  fprintf(stderr, "usage: kit traffic --list [--json] |\n"
                  "       kit traffic KERNEL [P=V..] [--seed N] -o FILE [--json] |\n"
                  "       kit traffic --import FILE.traceg [--sms N] [--blocks-per-sm N|auto] -o FILE [--json] |\n"
                  "       kit traffic --check FILE [--json] |\n"
                  "       kit traffic --adapters | --bench BLOCK KERNEL [P=V..] [--seed N] [--repeat N]\n");
  return 2;
}

static void list_text(void)
{
  for (unsigned i = 0; i < kit_kernel_count(); i++) {
    const kit_kernel_t *k = kit_kernel_at(i);
    printf("%u %s: %s\n", i, k->name, k->doc);
    for (unsigned j = 0; j < k->nparams; j++) {
      const kit_param_t *p = &k->params[j];
      printf("    %-10s %ld..%ld, default %ld: %s\n", p->name, p->min, p->max, p->def, p->doc);
    }
  }
}

static void list_json(void)
{
  printf("{\"schema\": \"cvkit.traffic-list/1\", \"kernels\": [");
  for (unsigned i = 0; i < kit_kernel_count(); i++) {
    const kit_kernel_t *k = kit_kernel_at(i);
    printf("%s{\"index\": %u, \"name\": ", i ? ", " : "", i);
    kit_json_str(stdout, k->name);
    printf(", \"doc\": ");
    kit_json_str(stdout, k->doc);
    printf(", \"params\": [");
    for (unsigned j = 0; j < k->nparams; j++) {
      const kit_param_t *p = &k->params[j];
      printf("%s{\"name\": ", j ? ", " : "");
      kit_json_str(stdout, p->name);
      printf(", \"min\": %ld, \"max\": %ld, \"default\": %ld, \"doc\": ", p->min, p->max, p->def);
      kit_json_str(stdout, p->doc);
      printf("}");
    }
    printf("]}");
  }
  printf("]}\n");
}

typedef struct tally {
  uint64_t records, loads, stores, lanes;
  int wrote;   /* the file was written (not only read) */
} tally_t;

static void count(tally_t *t, const kit_winst_t *r)
{
  t->records++;
  t->loads += !r->store;
  t->stores += r->store;
  t->lanes += (unsigned)__builtin_popcount(r->mask);
}

static void result(const char *out, const tally_t *t, const kit_accel_reader_t *imp, int json)
{
  if (!json) {
    printf("%s %s: %" PRIu64 " records (%" PRIu64 " loads, %" PRIu64 " stores, %" PRIu64 " active lanes)", imp || t->wrote ? "wrote" : "read", out,
           t->records, t->loads, t->stores, t->lanes);
    if (imp)
      printf("; imported %" PRIu64 " thread blocks, %" PRIu64 " instructions, %" PRIu64 " memory, %" PRIu64
             " dropped (not on the L1 data path); %u resident per SM",
             imp->tbs, imp->instructions, imp->memory, imp->dropped, imp->blocks);
    printf("\n");
    return;
  }
  printf("{\"schema\": \"cvkit.traffic/1\", \"file\": ");
  kit_json_str(stdout, out);
  printf(", \"records\": %" PRIu64 ", \"loads\": %" PRIu64 ", \"stores\": %" PRIu64 ", \"lanes\": %" PRIu64, t->records,
         t->loads, t->stores, t->lanes);
  if (imp)
    printf(", \"import\": {\"thread_blocks\": %" PRIu64 ", \"instructions\": %" PRIu64 ", \"memory\": %" PRIu64
           ", \"dropped\": %" PRIu64 ", \"blocks_per_sm\": %u}",
           imp->tbs, imp->instructions, imp->memory, imp->dropped, imp->blocks);
  printf("}\n");
}

static int write_kernel(const kit_kernel_t *k, const long *P, uint64_t seed, const char *out, int json)
{
  char params[1024], comment[1400];
  kit_kernel_params_text(k, P, params, sizeof params);
  snprintf(comment, sizeof comment, "kernel %s seed %" PRIu64 "\nparams %s", k->name, seed, params);
  kit_traffic_t *t = kit_traffic_new(k, P, seed, err, sizeof err);
  if (!t) return kit_error(err);
  kit_out_t o;
  if (kit_out_open(&o, out, err, sizeof err)) {
    kit_traffic_free(t);
    return kit_error(err);
  }
  kit_trace_write_header(o.f, comment);
  kit_winst_t r;
  tally_t n = {0, 0, 0, 0, 1};
  while (kit_traffic_next(t, &r)) {
    kit_trace_write(o.f, &r);
    count(&n, &r);
  }
  kit_traffic_free(t);
  if (kit_out_commit(&o, err, sizeof err)) return kit_error(err);
  result(out, &n, NULL, json);
  return 0;
}

static int write_import(const char *in, unsigned sms, unsigned blocks, const char *out, int json)
{
  kit_accel_reader_t a;
  if (kit_accel_open(&a, in, sms, blocks, err, sizeof err)) {
    kit_accel_close(&a);
    return kit_error(err);
  }
  kit_out_t o;
  if (kit_out_open(&o, out, err, sizeof err)) {
    kit_accel_close(&a);
    return kit_error(err);
  }
  char comment[1024];
  snprintf(comment, sizeof comment,
           "imported from %s\naccel-sim kernel %s, id %u, grid (%u,%u,%u), block (%u,%u,%u), tracer version %u\n"
           "%u SMs, %u resident thread blocks each (%s); an SM's blocks in turn, a block's warps round-robin",
           in, a.info.name, a.info.kernel_id, a.info.grid[0], a.info.grid[1], a.info.grid[2], a.info.block[0],
           a.info.block[1], a.info.block[2], a.info.version, sms, a.blocks,
           blocks == KIT_ACCEL_AUTO ? "from -nregs and -shmem on a Volta SM" : "--blocks-per-sm");
  kit_trace_write_header(o.f, comment);
  kit_winst_t r;
  tally_t n = {0, 0, 0, 0, 1};
  int rc;
  while ((rc = kit_accel_next(&a, &r, err, sizeof err)) == 1) {
    kit_trace_write(o.f, &r);
    count(&n, &r);
  }
  if (rc < 0) {
    kit_out_abort(&o);
    kit_accel_close(&a);
    return kit_error(err);
  }
  if (kit_out_commit(&o, err, sizeof err)) {
    kit_accel_close(&a);
    return kit_error(err);
  }
  result(out, &n, &a, json);
  kit_accel_close(&a);
  return 0;
}

static int check_file(const char *path, int json)
{
  kit_trace_reader_t t;
  if (kit_trace_open(&t, path, err, sizeof err)) return kit_error(err);
  kit_winst_t r;
  tally_t n = {0, 0, 0, 0, 0};
  int rc;
  while ((rc = kit_trace_next(&t, &r, err, sizeof err)) == 1) count(&n, &r);
  kit_trace_close(&t);
  if (rc < 0) return kit_error(err);
  result(path, &n, NULL, json);
  return 0;
}

/* The bench's clock: this thread's CPU time, so the time the machine's
 * other processes take from it is not counted (the ratios stay those of
 * the code on a shared machine; one thread, so CPU time is the work). */
static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* `kit traffic --bench BLOCK KERNEL [P=V..] [--seed N] [--repeat N]`
 * (tools/bench.sh, doc/traffic.md "Speed"): per repeat, the kernel's
 * generator alone, then the traffic source (generator + hierarchy + the
 * block's adapter) making the block's cycles, in chunks, and the block's C
 * model stepping each chunk (timed apart, in the thread's CPU time); medians. One line of key=value
 * pairs: cycles, insts, gen (instructions/s), src and model (block
 * cycles/s), ratio = the source's time over the model's (issue 29: <= 1
 * means the traffic costs no more than the model it drives), genratio =
 * the generator's time alone over the model's (the floor of ratio for a
 * source that must make every instruction of the kernel). */
#define BENCH_CHUNK 4096u
#define BENCH_MAX_REPEAT 15
static int bench_main(int argc, char **argv)
{
  const char *bname = NULL, *kernel = NULL, *seed_s = NULL, *rep_s = NULL;
  char words[1024] = "";
  size_t wl = 0;
  for (int i = 0; i < argc; i++) {
    const char *w = argv[i];
    if ((strcmp(w, "--seed") == 0 || strcmp(w, "--repeat") == 0) && i + 1 < argc) {
      *(w[2] == 's' ? &seed_s : &rep_s) = argv[++i];
    } else if (strchr(w, '=') && w[0] != '-') {
      wl += (size_t)snprintf(words + wl, wl < sizeof words ? sizeof words - wl : 0, "%s%s", wl ? " " : "", w);
    } else if (w[0] != '-' && !bname) {
      bname = w;
    } else if (w[0] != '-' && !kernel) {
      kernel = w;
    } else {
      return snprintf(err, sizeof err, "traffic --bench: unexpected word '%s'", w), kit_error(err);
    }
  }
  if (!bname || !kernel) return usage();
  if (wl >= sizeof words) return kit_error("traffic --bench: parameters too long");
  uint64_t seed = 1, repeat = 3;
  if (seed_s && kit_parse_u64("--seed", seed_s, 0, UINT64_MAX, &seed, err, sizeof err)) return kit_error(err);
  if (rep_s && kit_parse_u64("--repeat", rep_s, 1, BENCH_MAX_REPEAT, &repeat, err, sizeof err)) return kit_error(err);
  const kit_block_t *b = kit_block_find(bname);
  if (!b) return snprintf(err, sizeof err, "unknown block '%s'", bname), kit_error(err);
  long P[KIT_MAX_PARAMS];
  kit_params_default(b, P);
  kit_hier_src_t hs = {.kernel = kernel, .words = words, .seed = seed};
  const unsigned nin = b->nin;
  uint64_t *ins = malloc((size_t)BENCH_CHUNK * nin * sizeof *ins), out[KIT_MAX_PORTS], cycles = 0, insts = 0;
  double tg[BENCH_MAX_REPEAT], ts[BENCH_MAX_REPEAT], tm[BENCH_MAX_REPEAT];
  if (!ins) return kit_error("out of memory");
  for (unsigned r = 0; r < repeat; r++) {
    kit_source_t src;
    if (kit_source_traffic(&src, b, P, &hs, 0, err, sizeof err)) {
      free(ins);
      return kit_error(err);
    }
    /* the generator alone, on the kernel and parameters the source runs */
    const kit_kernel_t *k = kit_kernel_find(kernel);
    long KP[TRAFFIC_MAX_PARAMS];
    const char *kw[TRAFFIC_MAX_PARAMS + 1];
    char buf[1024];
    unsigned nk = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *t = strtok(buf, " "); t && nk <= TRAFFIC_MAX_PARAMS; t = strtok(NULL, " ")) {
      const char *eq = strchr(t, '=');
      int hier = 0;
      for (unsigned i = 0; eq && i < HP_N; i++)
        hier |= strlen(kit_hier_params()[i].name) == (size_t)(eq - t) && !strncmp(kit_hier_params()[i].name, t, (size_t)(eq - t));
      if (!hier) kw[nk++] = t;
    }
    kit_kernel_params(k, KP, nk, kw, err, sizeof err);   /* checked by the source */
    kit_traffic_t *g = kit_traffic_new(k, KP, seed, err, sizeof err);
    kit_winst_t w;
    double t0 = now();
    insts = 0;
    while (g && kit_traffic_next(g, &w)) insts++;
    tg[r] = now() - t0;
    kit_traffic_free(g);
    void *m = b->model_new(P);
    ts[r] = tm[r] = 0;
    cycles = 0;
    for (;;) {
      unsigned n = 0;
      double a = now();
      while (n < BENCH_CHUNK && kit_source_next(&src, ins + (size_t)n * nin)) n++;
      double c = now();
      for (unsigned i = 0; i < n; i++) b->model_step(m, ins + (size_t)i * nin, out);
      tm[r] += now() - c;
      ts[r] += c - a;
      cycles += n;
      if (n < BENCH_CHUNK) break;
    }
    b->model_free(m);
    int bad = src.terr[0] != 0;
    if (bad) snprintf(err, sizeof err, "%s", src.terr);
    kit_source_free(&src);
    if (bad || !g) {
      free(ins);
      return kit_error(err);
    }
  }
  free(ins);
  qsort(tg, repeat, sizeof *tg, cmp_double);
  qsort(ts, repeat, sizeof *ts, cmp_double);
  qsort(tm, repeat, sizeof *tm, cmp_double);
  double g = tg[repeat / 2], s = ts[repeat / 2], m = tm[repeat / 2];
  printf("bench-traffic block=%s kernel=%s cycles=%" PRIu64 " insts=%" PRIu64
         " gen=%.0f src=%.0f model=%.0f ratio=%.2f genratio=%.2f\n",
         b->name, kernel, cycles, insts, g > 0 ? (double)insts / g : 0, s > 0 ? (double)cycles / s : 0,
         m > 0 ? (double)cycles / m : 0, m > 0 ? s / m : 0, m > 0 ? g / m : 0);
  return 0;
}

/* `kit traffic --adapters`: the blocks with a traffic adapter, one a line
 * with what it maps (tools/bench.sh, make run's plan read the list). */
static int adapters(void)
{
  const char *names[64];
  unsigned n = kit_tadapt_blocks(names, 64);
  for (unsigned i = 0; i < n; i++) {
    const kit_block_t *b = kit_block_find(names[i]);
    printf("%s\t%s\n", names[i], b ? kit_tadapt_find(b)->doc : "");
  }
  return 0;
}

int kit_traffic_main(int argc, char **argv)
{
  if (argc >= 1 && strcmp(argv[0], "--bench") == 0) return bench_main(argc - 1, argv + 1);
  if (argc == 1 && strcmp(argv[0], "--adapters") == 0) return adapters();
  const char *out = NULL, *seed_s = NULL, *import = NULL, *sms_s = NULL, *bps_s = NULL, *kernel = NULL,
             *check = NULL;
  const char *words[TRAFFIC_MAX_PARAMS + 1];
  unsigned nwords = 0;
  int list = 0, json = 0;
  for (int i = 0; i < argc; i++) {
    const char *w = argv[i], **slot = NULL;
    if (strcmp(w, "-o") == 0) slot = &out;
    else if (strcmp(w, "--seed") == 0) slot = &seed_s;
    else if (strcmp(w, "--import") == 0) slot = &import;
    else if (strcmp(w, "--sms") == 0) slot = &sms_s;
    else if (strcmp(w, "--blocks-per-sm") == 0) slot = &bps_s;
    else if (strcmp(w, "--check") == 0) slot = &check;
    else if (strcmp(w, "--list") == 0 || strcmp(w, "--json") == 0) {
      int *flag = w[2] == 'l' ? &list : &json;
      if (*flag) return snprintf(err, sizeof err, "option %s given twice", w), kit_error(err);
      *flag = 1;
      continue;
    }
    if (slot) {
      if (*slot) return snprintf(err, sizeof err, "option %s given twice", w), kit_error(err);
      if (i + 1 >= argc) return snprintf(err, sizeof err, "option %s needs a value", w), kit_error(err);
      *slot = argv[++i];
    } else if (w[0] == '-') {
      return snprintf(err, sizeof err, "unknown option '%s'", w), kit_error(err);
    } else if (strchr(w, '=')) {
      if (nwords == TRAFFIC_MAX_PARAMS) return kit_error("too many NAME=VALUE words");
      words[nwords++] = w;
    } else if (!kernel) {
      kernel = w;
    } else {
      return snprintf(err, sizeof err, "unexpected word '%s' (one KERNEL; parameters are NAME=VALUE)", w),
             kit_error(err);
    }
  }
  if (check) {
    if (list || out || seed_s || import || sms_s || bps_s || kernel || nwords) return usage();
    return check_file(check, json);
  }
  if (list) {
    if (out || seed_s || import || sms_s || bps_s || kernel || nwords) return usage();
    if (json) list_json();
    else list_text();
    return 0;
  }
  if (!out) return usage();
  if (import) {
    uint64_t sms = 1;
    unsigned bps = 1;
    if (kernel || seed_s || nwords)
      return kit_error("--import takes no KERNEL, --seed or parameters (only --sms and --blocks-per-sm)");
    if (sms_s && kit_parse_u64("--sms", sms_s, 1, 1024, &sms, err, sizeof err)) return kit_error(err);
    if (bps_s && kit_accel_blocks_parse("--blocks-per-sm", bps_s, &bps, err, sizeof err)) return kit_error(err);
    return write_import(import, (unsigned)sms, bps, out, json);
  }
  if (!kernel) return usage();
  if (sms_s || bps_s)
    return kit_error("--sms and --blocks-per-sm are for --import; a kernel's are its parameters SMs= and WarpsPerSm=");
  const kit_kernel_t *k = kit_kernel_find(kernel);
  if (!k) return snprintf(err, sizeof err, "unknown kernel '%s' (kit traffic --list)", kernel), kit_error(err);
  long P[TRAFFIC_MAX_PARAMS];
  uint64_t seed = 1;
  if (seed_s && kit_parse_u64("--seed", seed_s, 0, UINT64_MAX, &seed, err, sizeof err)) return kit_error(err);
  if (kit_kernel_params(k, P, nwords, words, err, sizeof err)) return kit_error(err);
  return write_kernel(k, P, seed, out, json);
}
