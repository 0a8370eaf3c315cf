/*
 * lockstep.c - the one lockstep driver for every block.
 *
 * Linked with tb/shim.cpp built for one block and one RTL configuration
 * (ours, or a designer's own RTL of the same block). Each cycle it takes the
 * next inputs from the source (seeded random or a directed file), steps the
 * C golden model and the Verilator model, and compares every output port.
 * The first mismatch stops the run: it prints the cycle, every differing
 * port with model and RTL values, the last inputs, re-runs deterministically
 * to dump a VCD window around the failing cycle, prints the command that
 * reproduces it, and exits 1. On success it prints cycles matched and the
 * output-bit toggle coverage. Stdout is a pure function of the arguments
 * (no timings), so the same seed gives the same bytes; --bench adds timings.
 *
 *   lockstep [--seed N] [--cycles N | --stim FILE] [--fault CYCLE[:PORT]]
 *            [--waves FILE] [--fail-dir DIR] [--window N] [--history N]
 *            [--repro "make ..."] [--bench]
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "kit.h"
#include "shim.h"
#include "source.h"
#include "../vectors/vecio.h"

typedef struct opts {
  const kit_block_t *b;
  long P[KIT_MAX_PARAMS];
  kit_port_t port[KIT_MAX_PORTS];
  uint64_t seed, cycles;
  const char *stim;
  int64_t fault_cycle;
  unsigned fault_port;
  const char *waves, *fail_dir, *repro;
  unsigned window, history;
  int bench;
} opts_t;

typedef struct result {
  uint64_t cycles;      /* cycles compared */
  int64_t fail_cycle;   /* -1 = none */
  int expect_failed;
  uint64_t exp[KIT_MAX_PORTS], got[KIT_MAX_PORTS];
  uint64_t *hist;       /* history ring, history * nin */
  uint64_t seen0[KIT_MAX_PORTS], seen1[KIT_MAX_PORTS];
  uint64_t cover[KIT_MAX_COVER];
  char err[1024];
} result_t;

static int die(const char *msg)
{
  fprintf(stderr, "lockstep: error: %s\n", msg);
  return 1;
}

static int open_source(const opts_t *o, kit_source_t *src, char *err, size_t n)
{
  if (o->stim) return kit_source_file(src, o->b, o->P, o->stim, err, n);
  if (kit_source_random(src, o->b, o->P, o->seed, o->cycles)) {
    snprintf(err, n, "out of memory");
    return -1;
  }
  return 0;
}

/* One deterministic pass. Trace cycles [trace_from, trace_to] to trace_path
 * when trace_path is set. Returns 0 when it ran (check r->fail_cycle). */
static int run(const opts_t *o, result_t *r, const char *trace_path, uint64_t trace_from)
{
  const kit_block_t *b = o->b;
  unsigned nin = b->nin, nout = b->nout;
  uint64_t in[KIT_MAX_PORTS];
  kit_source_t src;
  size_t cursor = 0;

  r->cycles = 0;
  r->fail_cycle = -1;
  r->expect_failed = 0;
  memset(r->seen0, 0, sizeof r->seen0);
  memset(r->seen1, 0, sizeof r->seen1);
  memset(r->cover, 0, sizeof r->cover);
  if (open_source(o, &src, r->err, sizeof r->err)) return -1;
  void *m = b->model_new(o->P);
  shim_t *s = shim_new(o->seed);
  if (!m || !s) {
    snprintf(r->err, sizeof r->err, "out of memory");
    return -1;
  }
  if (o->waves && !trace_path && shim_trace_open(s, o->waves)) {
    snprintf(r->err, sizeof r->err, "%s: cannot write waveform", o->waves);
    return -1;
  }
  for (uint64_t c = 0; kit_source_next(&src, in); c++) {
    if (trace_path && c == trace_from && shim_trace_open(s, trace_path)) {
      snprintf(r->err, sizeof r->err, "%s: cannot write waveform", trace_path);
      break;
    }
    memcpy(r->hist + (c % o->history) * nin, in, nin * sizeof *in);
    b->model_step(m, in, r->exp);
    if (kit_expect_check(&src, &cursor, c, r->exp, r->err, sizeof r->err)) {
      r->expect_failed = 1;
      r->fail_cycle = (int64_t)c;
      break;
    }
    if ((int64_t)c == o->fault_cycle)
      r->exp[o->fault_port] ^= 1;   /* fault injection: corrupt the model */
    shim_step(s, in, r->got);
    r->cycles = c + 1;
    if (b->cover) b->cover(o->P, in, r->got, r->cover);
    int bad = 0;
    for (unsigned i = 0; i < nout; i++) {
      r->seen0[i] |= ~r->got[i] & kit_mask(o->port[nin + i].width);
      r->seen1[i] |= r->got[i];
      bad |= r->exp[i] != r->got[i];
    }
    if (bad) {
      r->fail_cycle = (int64_t)c;
      break;
    }
  }
  shim_free(s);
  b->model_free(m);
  kit_source_free(&src);
  return 0;
}

static void print_repro(const opts_t *o, int argc, char **argv)
{
  if (o->repro) {
    printf("  reproduce: %s\n", o->repro);
    return;
  }
  printf("  reproduce:");
  for (int i = 0; i < argc; i++) printf(" %s", argv[i]);
  printf("\n");
}

static void report_mismatch(const opts_t *o, result_t *r, const char *vcd, uint64_t from,
                            int argc, char **argv)
{
  const kit_block_t *b = o->b;
  unsigned nin = b->nin, nout = b->nout;
  uint64_t c = (uint64_t)r->fail_cycle;
  printf("MISMATCH %s at cycle %" PRIu64 " (seed %" PRIu64 ", %s):\n", b->name, c, o->seed,
         o->stim ? o->stim : "random stimulus");
  printf("  %-16s %18s %18s\n", "port", "model", "rtl");
  for (unsigned i = 0; i < nout; i++)
    printf("  %-16s %18" PRIx64 " %18" PRIx64 "%s\n", o->port[nin + i].name, r->exp[i], r->got[i],
           r->exp[i] != r->got[i] ? "   <-- differs" : "");
  uint64_t first = c + 1 > o->history ? c + 1 - o->history : 0;
  printf("  inputs, cycles %" PRIu64 "..%" PRIu64 " (hex):\n  %8s", first, c, "cycle");
  for (unsigned i = 0; i < nin; i++) printf(" %s", o->port[i].name);
  printf("\n");
  for (uint64_t k = first; k <= c; k++) {
    printf("  %8" PRIu64, k);
    for (unsigned i = 0; i < nin; i++)
      printf(" %*" PRIx64, (int)strlen(o->port[i].name), r->hist[(k % o->history) * nin + i]);
    printf("\n");
  }
  if (vcd) printf("  waveform: %s (cycles %" PRIu64 "..%" PRIu64 ", time = 10 x cycle)\n", vcd, from, c);
  print_repro(o, argc, argv);
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* --bench: the same pre-generated stimulus through model only, RTL only and
 * lockstep, timed in one process. */
static int bench(const opts_t *o)
{
  const kit_block_t *b = o->b;
  unsigned nin = b->nin, nout = b->nout;
  uint64_t n = o->cycles, out[KIT_MAX_PORTS], got[KIT_MAX_PORTS];
  kit_source_t src;
  char err[1024];
  uint64_t *ins = malloc(n * nin * sizeof *ins);
  if (!ins || open_source(o, &src, err, sizeof err)) return die(ins ? err : "out of memory");
  for (uint64_t c = 0; c < n && kit_source_next(&src, ins + c * nin); c++) {}
  kit_source_free(&src);
  void *m = b->model_new(o->P);
  double t0 = now();
  for (uint64_t c = 0; c < n; c++) b->model_step(m, ins + c * nin, out);
  double t_model = now() - t0;
  b->model_free(m);
  shim_t *s = shim_new(o->seed);
  t0 = now();
  for (uint64_t c = 0; c < n; c++) shim_step(s, ins + c * nin, got);
  double t_rtl = now() - t0;
  shim_free(s);
  m = b->model_new(o->P);
  s = shim_new(o->seed);
  uint64_t bad = 0;
  t0 = now();
  for (uint64_t c = 0; c < n; c++) {
    b->model_step(m, ins + c * nin, out);
    shim_step(s, ins + c * nin, got);
    bad |= (uint64_t)memcmp(out, got, nout * sizeof *out);
  }
  double t_lock = now() - t0;
  shim_free(s);
  b->model_free(m);
  free(ins);
  printf("bench %s cycles=%" PRIu64 " model_steps_per_s=%.0f rtl_cycles_per_s=%.0f "
         "lockstep_cycles_per_s=%.0f%s\n", b->name, n, (double)n / t_model, (double)n / t_rtl,
         (double)n / t_lock, bad ? " (MISMATCHES: run make check)" : "");
  return bad ? 1 : 0;
}

int main(int argc, char **argv)
{
  opts_t o = {.seed = 1, .cycles = 100000, .fault_cycle = -1, .fail_dir = "build/fail",
              .window = 16, .history = 8};
  char err[1024];
  const char *fault = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    char *end = NULL;
    if (strcmp(a, "--bench") == 0) { o.bench = 1; continue; }
    if (!v) {
      snprintf(err, sizeof err, "option %s needs a value (or is unknown)", a);
      return die(err);
    }
    i++;
    if (strcmp(a, "--seed") == 0) o.seed = strtoull(v, &end, 0);
    else if (strcmp(a, "--cycles") == 0) o.cycles = strtoull(v, &end, 0);
    else if (strcmp(a, "--window") == 0) o.window = (unsigned)strtoul(v, &end, 0);
    else if (strcmp(a, "--history") == 0) o.history = (unsigned)strtoul(v, &end, 0);
    else if (strcmp(a, "--stim") == 0) o.stim = v;
    else if (strcmp(a, "--fault") == 0) fault = v;
    else if (strcmp(a, "--waves") == 0) o.waves = v;
    else if (strcmp(a, "--fail-dir") == 0) o.fail_dir = v;
    else if (strcmp(a, "--repro") == 0) o.repro = v;
    else {
      snprintf(err, sizeof err, "unknown option %s", a);
      return die(err);
    }
    if (end && (*end || end == v)) {
      snprintf(err, sizeof err, "option %s: '%s' is not a number", a, v);
      return die(err);
    }
  }
  if (o.cycles == 0 || o.history == 0) return die("--cycles and --history must be positive");
  o.b = kit_block_find(shim_block());
  if (!o.b) return die("this binary's block is not in the registry");
  /* The RTL configuration is fixed at verilation; the model follows it. */
  kit_params_default(o.b, o.P);
  char pbuf[1024];
  snprintf(pbuf, sizeof pbuf, "%s", shim_params());
  for (char *t = strtok(pbuf, " "); t; t = strtok(NULL, " "))
    if (kit_params_set(o.b, o.P, t, err, sizeof err)) return die(err);
  if (kit_params_check(o.b, o.P, err, sizeof err)) return die(err);
  o.b->ports(o.P, o.port);
  if (fault) {
    char *end;
    o.fault_cycle = (int64_t)strtoull(fault, &end, 0);
    o.fault_port = 0;
    if (*end == ':') {
      unsigned i;
      for (i = 0; i < o.b->nout; i++)
        if (strcmp(o.port[o.b->nin + i].name, end + 1) == 0) break;
      if (i == o.b->nout) {
        snprintf(err, sizeof err, "--fault %s: no output port '%s' in block %s", fault, end + 1,
                 o.b->name);
        return die(err);
      }
      o.fault_port = i;
    } else if (*end || end == fault) {
      snprintf(err, sizeof err, "--fault %s: expected CYCLE or CYCLE:PORT", fault);
      return die(err);
    }
  }
  if (o.bench) return bench(&o);

  result_t r;
  memset(&r, 0, sizeof r);
  r.hist = calloc(o.history, o.b->nin * sizeof *r.hist);
  if (!r.hist) return die("out of memory");
  if (run(&o, &r, NULL, 0)) return die(r.err);
  if (r.expect_failed) {
    printf("FAIL %s: %s\n", o.b->name, r.err);
    print_repro(&o, argc, argv);
    return 1;
  }
  if (r.fail_cycle >= 0) {
    /* Deterministic re-run with tracing on for the window before the failure. */
    char vcd[1200];
    uint64_t fc = (uint64_t)r.fail_cycle;
    uint64_t from = fc > o.window ? fc - o.window : 0;
    mkdir(o.fail_dir, 0777);
    snprintf(vcd, sizeof vcd, "%s/%s_seed%" PRIu64 "_cycle%" PRIu64 ".vcd", o.fail_dir, o.b->name,
             o.seed, fc);
    result_t r2;
    memset(&r2, 0, sizeof r2);
    r2.hist = calloc(o.history, o.b->nin * sizeof *r2.hist);
    int traced = r2.hist && run(&o, &r2, vcd, from) == 0 && r2.fail_cycle == r.fail_cycle;
    free(r2.hist);
    report_mismatch(&o, &r, traced ? vcd : NULL, from, argc, argv);
    free(r.hist);
    return 1;
  }
  unsigned bits = 0, covered = 0;
  for (unsigned i = 0; i < o.b->nout; i++) {
    unsigned w = o.port[o.b->nin + i].width;
    bits += w;
    for (unsigned k = 0; k < w; k++) covered += (r.seen0[i] >> k & 1) && (r.seen1[i] >> k & 1);
  }
  printf("PASS lockstep %s: %" PRIu64 " cycles matched (seed %" PRIu64 ", %s, %s)\n", o.b->name,
         r.cycles, o.seed, o.stim ? o.stim : "random", shim_params());
  printf("  output toggle coverage: %u/%u bits seen at both 0 and 1\n", covered, bits);
  for (unsigned i = 0; i < o.b->nout && covered < bits; i++) {
    const kit_port_t *p = &o.port[o.b->nin + i];
    uint64_t both = r.seen0[i] & r.seen1[i] & kit_mask(p->width);
    if (both != kit_mask(p->width))
      printf("    %s: bits never toggled: 0x%" PRIx64 "\n", p->name, ~both & kit_mask(p->width));
  }
  if (o.b->cover) {
    unsigned hit = 0;
    printf("  functional coverage:");
    for (unsigned i = 0; i < o.b->ncover; i++) {
      printf(" %s=%" PRIu64, o.b->cover_names[i], r.cover[i]);
      hit += r.cover[i] != 0;
    }
    printf("\n  functional coverage: %u/%u events seen\n", hit, o.b->ncover);
  }
  free(r.hist);
  return 0;
}
