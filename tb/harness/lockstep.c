/*
 * lockstep.c - the one lockstep driver for every block.
 *
 * Linked with tb/harness/shim.cpp built for one block and one RTL configuration
 * (ours, or a designer's own RTL of the same block). Each cycle it takes the
 * next inputs from the source (seeded random or a directed file), steps the
 * C golden model and the Verilator model, and compares every output port.
 * The first mismatch stops the run: it prints the cycle, every differing
 * port with model and RTL values, the last inputs, re-runs deterministically
 * to dump a VCD window around the failing cycle, prints the command that
 * reproduces it, and exits 1. On success it prints cycles matched and the
 * output-bit toggle coverage. Stdout is a pure function of the arguments
 * (no timings), so the same seed gives the same bytes; --bench prints
 * timings instead, and on a terminal a progress line goes to stderr.
 *
 *   lockstep [--seed N] [--cycles N | --stim FILE] [--fault CYCLE[:PORT]]
 *            [--waves FILE [--waves-from C] [--waves-to C]] [--waves-max-mb MB]
 *            [--wave-format vcd|fst] [--fail-dir DIR] [--window N] [--history N]
 *            [--threads 1|2] [--progress 0|1] [--repro "make ..."] [--strict]
 *            [--result FILE] [--bench [--repeat N]] [NAME=VALUE ...]
 *            [--traffic KERNEL | --trace FILE [--traffic-params 'P=V ...']]
 *
 * NAME=VALUE: parameters over the built configuration, for those outside
 * the RTL (a stimulus parameter such as ctl's Illegal); an RTL parameter
 * may be named only with the value the binary was built for.
 *
 * --result FILE: the run's verdict as data (cvkit.lockstep/1, doc/results.md:
 * verdict, cycles, failing cycle and ports, functional coverage counts,
 * toggle coverage, waveform, reproduce line), written whole; every kit flow
 * reads that, never the text.
 *
 * --strict: a run that matches but misses a functional cover event fails
 * (the PASS line always names the events it missed).
 *
 * Waveforms (--waves, a failure window) are the shim's VCD written through
 * vectors/fileio.c's safe-write path, bounded before the first cycle
 * (--waves-max-mb, the free space), with --waves-from/--waves-to for a
 * window of the run; a failed write ends the run at once, and a mismatch
 * is reported whether or not its window could be written.
 *
 * Two threads (the default). The stimulus and the C model do not depend on
 * the RTL, so one thread runs source + model (+ directed expects, fault)
 * and writes each cycle's inputs and expected outputs into a ring; the main
 * thread steps the RTL, compares, and counts coverage on the matched
 * outputs (the stimulus generator is the heavier half's largest cost, so
 * the counting goes to the other side). A cycle costs the slower of the
 * two halves instead of their sum.
 * The result is the same as one thread's (--threads 1), byte for byte: the
 * producer only runs ahead, and a mismatch or an expect failure is reported
 * at its cycle. The mismatch report (history, waveform) always comes from a
 * deterministic single-thread re-run.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <spawn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cmodel/core/block.h"
#include "vectors/fileio.h"
#include "tb/harness/report.h"
#include "tb/harness/shim.h"
#include "tb/stim/source.h"
#include "vectors/vcd.h"
#include "vectors/vecio.h"

typedef struct opts {
  const kit_block_t *b;
  long P[KIT_MAX_PARAMS];
  kit_port_t port[KIT_MAX_PORTS];
  uint64_t seed, cycles;
  const char *stim;
  const char *traffic, *trace, *tparams;  /* --traffic KERNEL | --trace FILE, --traffic-params WORDS */
  int cycles_given;                /* --cycles bounds a traffic run */
  char tdesc[2048];                /* the traffic source, described (kit_hier_desc) */
  char label[2100];                /* the source in reports: the file, "traffic ...", "trace ...", "random" */
  int64_t fault_cycle;
  unsigned fault_port;
  const char *waves, *fail_dir, *repro;
  uint64_t waves_from, waves_to;   /* the cycles --waves records */
  uint64_t waves_max_mb;           /* bound of one VCD, 10^6 bytes */
  unsigned window, history, threads, repeat;
  int bench, progress, fst, strict;
  unsigned nwords;                 /* NAME=VALUE words over the build's parameters */
  const char *words[KIT_MAX_PARAMS];
} opts_t;

typedef struct result {
  uint64_t cycles;      /* cycles compared */
  int64_t fail_cycle;   /* -1 = none */
  int expect_failed;
  uint64_t exp[KIT_MAX_PORTS], got[KIT_MAX_PORTS];
  uint64_t *hist;       /* history ring, history * nin (single-thread runs) */
  uint64_t seen0[KIT_MAX_PORTS], seen1[KIT_MAX_PORTS];
  uint64_t cover[KIT_MAX_COVER];
  char err[1024];
  int waved;            /* the run's VCD was written and renamed into place */
  char werr[1200];      /* why the run's VCD could not be finished ("" = it was, or none asked) */
} result_t;

typedef void (*cover_fn)(const long *, const uint64_t *, const uint64_t *, const uint64_t *,
                         uint64_t *);

static int die(const char *msg)
{
  fprintf(stderr, "lockstep: error: %s\n", msg);
  return 1;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The stimulus is a file or a traffic source, not the seeded generator:
 * it has its own length and its label names it in reports. */
static int named_source(const opts_t *o)
{
  return o->stim || o->traffic || o->trace;
}

static kit_hier_src_t hier_src(const opts_t *o)
{
  return (kit_hier_src_t){.kernel = o->traffic, .trace = o->trace, .words = o->tparams, .seed = o->seed};
}

static int open_source(const opts_t *o, kit_source_t *src, char *err, size_t n)
{
  if (o->stim) return kit_source_file(src, o->b, o->P, o->stim, err, n);
  if (o->traffic || o->trace) {
    kit_hier_src_t hs = hier_src(o);
    return kit_source_traffic(src, o->b, o->P, &hs, o->cycles_given ? o->cycles : 0, err, n);
  }
  if (kit_source_random(src, o->b, o->P, o->seed, o->cycles)) {
    snprintf(err, n, "out of memory");
    return -1;
  }
  return 0;
}

static void result_clear(result_t *r)
{
  r->cycles = 0;
  r->fail_cycle = -1;
  r->expect_failed = 0;
  r->waved = 0;
  r->werr[0] = '\0';
  memset(r->seen0, 0, sizeof r->seen0);
  memset(r->seen1, 0, sizeof r->seen1);
  memset(r->cover, 0, sizeof r->cover);
}

/* Coverage of one cycle: the block's cover events and the toggle masks
 * (port widths are applied once, at the report), counted on outputs that
 * matched (model and RTL agree), after the compare. */
static inline void tally(const opts_t *o, cover_fn cover, result_t *r, const uint64_t *in,
                         const uint64_t *out, const uint64_t *prev)
{
  const unsigned nout = o->b->nout;
  if (cover) cover(o->P, in, out, prev, r->cover);
  for (unsigned i = 0; i < nout; i++) {
    r->seen0[i] |= ~out[i];
    r->seen1[i] |= out[i];
  }
}

/* Nonzero when any output differs. */
static inline uint64_t differs(unsigned nout, const uint64_t *exp, const uint64_t *got)
{
  uint64_t bad = 0;
  for (unsigned i = 0; i < nout; i++) bad |= exp[i] ^ got[i];
  return bad;
}

/* Progress on a terminal (stderr only, so stdout stays a pure function of
 * the arguments): cycles done, rate and time left, about once a second. */
typedef struct progress {
  int on;
  double t0, last;
  uint64_t total;
} progress_t;

static void progress_start(progress_t *p, const opts_t *o, uint64_t total)
{
  p->on = o->progress && !o->bench && total >= 1000000;
  p->t0 = p->last = now();
  p->total = total;
}

static void progress_tick(progress_t *p, const char *name, uint64_t done)
{
  double t = now();
  if (t - p->last < 1.0) return;
  p->last = t;
  double rate = (double)done / (t - p->t0);
  fprintf(stderr, "\r  lockstep %s: %.1fM of %.1fM cycles, %.2fM cycles/s, %.0f s left   ", name,
          (double)done / 1e6, (double)p->total / 1e6, rate / 1e6,
          rate > 0 ? (double)(p->total - done) / rate : 0.0);
}

static void progress_end(progress_t *p)
{
  if (p->on && p->last > p->t0) fprintf(stderr, "\r\033[K");
}

/* ---------------------------------------------------------------------- */
/* Waveforms                                                               */
/* ---------------------------------------------------------------------- */

/* A VCD being written (--waves, a failure window): the shim formats it,
 * vectors/fileio.c's safe-write path stores it (a temporary file renamed into
 * place at the end, removed on any failure or signal), and every byte is
 * counted against the bound. The header is read as it goes by (vectors/vcd.c)
 * for the signals and their widths, so the size is estimated before the
 * first cycle: a synchronous design changes each signal about once a
 * cycle (inputs at the falling edge, registers at the rising one), so the
 * estimate is the header plus, per cycle, one time step of every signal
 * changing and the cycle's two time lines. The estimate may be short (a
 * net that toggles at both edges): the bound itself is enforced on the
 * bytes as they are written. A failed write is remembered here; the run
 * loop sees it after the cycle that caused it and ends the run. */
typedef struct wave {
  kit_out_t out;
  kit_vcd_size_t size;      /* the header's signals */
  uint64_t bytes, limit;    /* written so far; the bound in bytes */
  int err;                  /* errno of the first failed write, 0 = none */
  int over;                 /* the write that failed would have passed the bound */
  const char *how;          /* what to change when it is too big */
} wave_t;

#define KIT_WAVES_MAX_MB 4000u   /* default bound of one VCD, 10^6 bytes (4 GB: every block's default WAVES=1 run fits; doc/harness.md) */

static int wave_write(void *ctx, const char *buf, size_t n)
{
  wave_t *w = ctx;
  if (w->err) return -1;
  if (!w->size.done && kit_vcd_size_feed(&w->size, buf, n)) w->err = ENOMEM;
  else if (w->bytes + n > w->limit) w->err = EFBIG, w->over = 1;
  else if (kit_out_write(&w->out, buf, n)) w->err = errno ? errno : EIO;
  if (w->err) return -1;
  w->bytes += n;
  return 0;
}

/* Why the VCD failed; cycle is where (UINT64_MAX: at its end). */
static void wave_error(const opts_t *o, const wave_t *w, uint64_t cycle, char *err, size_t n)
{
  char at[64] = "";
  if (cycle != UINT64_MAX) snprintf(at, sizeof at, " at cycle %" PRIu64, cycle);
  if (w->over)
    snprintf(err, n, "%s: reached the %" PRIu64 " MB bound%s: %s", w->out.path, o->waves_max_mb, at, w->how);
  else kit_out_write_error(w->out.path, w->err, err, n);
}

/* Start the VCD of `cycles` cycles at path on shim s: refused, before any
 * cycle runs, when its estimate passes the bound or the free space of its
 * file system (`how` says what to change). 0, or -1 with err set and
 * nothing left on disk. */
static int wave_open(const opts_t *o, shim_t *s, wave_t *w, const char *path, uint64_t cycles,
                     const char *how, char *err, size_t n)
{
  memset(w, 0, sizeof *w);
  kit_vcd_size_init(&w->size);
  w->limit = o->waves_max_mb * 1000000u;
  w->how = how;
  if (kit_out_open(&w->out, path, err, n)) return -1;
  if (shim_trace_open(s, wave_write, w) || w->err || !w->size.done) {
    if (w->err) wave_error(o, w, UINT64_MAX, err, n);
    else snprintf(err, n, "%s: the waveform's header was not written", path);
    goto fail;
  }
  const uint64_t per_cycle = w->size.per_step + (SHIM_DUMPS_PER_CYCLE - 1) * KIT_VCD_TIME_LINE;
  const double mb = 1e6, est = (double)w->size.header + (double)cycles * (double)per_cycle;
  if (est > (double)w->limit) {
    snprintf(err, n, "%s: a VCD of %" PRIu64 " cycles is estimated at %.0f MB (%" PRIu64 " signals, %" PRIu64
             " bits: %" PRIu64 " bytes a cycle), over the %" PRIu64 " MB bound: %s",
             path, cycles, est / mb, w->size.signals, w->size.bits, per_cycle, o->waves_max_mb, how);
    goto fail;
  }
  /* free space where it goes, before a long write starts */
  char dir[4096];
  const char *slash = strrchr(path, '/');
  if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash == path ? 1 : slash - path), path);
  else snprintf(dir, sizeof dir, ".");
  struct statvfs fs;
  if (statvfs(dir, &fs) == 0) {
    const double avail = (double)fs.f_bavail * (double)fs.f_frsize + (double)w->bytes;
    if (est > avail) {
      snprintf(err, n, "%s: a VCD of %" PRIu64 " cycles is estimated at %.0f MB (%" PRIu64
               " bytes a cycle) and the file system of %.300s has %.0f MB free: %s",
               path, cycles, est / mb, per_cycle, dir, avail / mb, how);
      goto fail;
    }
  }
  return 0;
fail:
  shim_trace_close(s);
  kit_out_abort(&w->out);
  kit_vcd_size_free(&w->size);
  return -1;
}

/* Flush, close and rename into place; -1 with err set (the temporary file
 * is removed) when any write failed. */
static int wave_close(const opts_t *o, shim_t *s, wave_t *w, uint64_t cycle, char *err, size_t n)
{
  shim_trace_close(s);   /* the rest of Verilator's buffer, through wave_write */
  kit_vcd_size_free(&w->size);
  if (w->err) {
    wave_error(o, w, cycle, err, n);
    kit_out_abort(&w->out);
    return -1;
  }
  return kit_out_commit(&w->out, err, n);
}

/* One deterministic single-thread pass. With wave_path set, cycles
 * [from, to] (to is clipped to the run's last cycle) are written to that
 * VCD (`how`: what to change when it would be too big). Returns 0 when it
 * ran (check r->fail_cycle; r->werr says when the VCD could not be
 * finished), -1 with r->err set when it could not run to the end (a
 * source, the waveform's bound, a failed waveform write). The source
 * writes the inputs straight into the history ring (no copy). */
static int run_seq(const opts_t *o, result_t *r, const char *wave_path, uint64_t from, uint64_t to,
                   const char *how)
{
  const kit_block_t *b = o->b;
  const unsigned nin = b->nin, hist = o->history;
  const cover_fn cover = b->cover;
  void (*const step)(void *, const uint64_t *, uint64_t *) = b->model_step;
  uint64_t *const exp = r->exp, *const got = r->got;
  kit_source_t src;
  size_t cursor = 0;
  progress_t pg;
  wave_t wave, *w = NULL;

  result_clear(r);
  if (open_source(o, &src, r->err, sizeof r->err)) return -1;
  void *m = b->model_new(o->P);
  shim_t *s = shim_new(o->seed);
  if (!m || !s) {
    snprintf(r->err, sizeof r->err, "out of memory");
    return -1;
  }
  if (wave_path) {
    if (from >= src.cycles) {
      snprintf(r->err, sizeof r->err, "--waves-from %" PRIu64 ": the run has only %" PRIu64
               " cycles (0..%" PRIu64 ")", from, src.cycles, src.cycles - 1);
      goto fail;
    }
    if (to > src.cycles - 1) to = src.cycles - 1;
    if (wave_open(o, s, &wave, wave_path, to - from + 1, how, r->err, sizeof r->err)) goto fail;
    w = &wave;
  }
  progress_start(&pg, o, wave_path && wave_path != o->waves ? 0 : src.cycles);   /* none for a failure re-run */
  const int checks = src.nexp > 0 || o->fault_cycle >= 0;
  uint64_t prev[KIT_MAX_PORTS] = {0};   /* last cycle's outputs, for cover */
  unsigned slot = 0;
  for (uint64_t c = 0;; c++) {
    uint64_t *in = r->hist + (size_t)slot * nin;   /* this cycle's history slot */
    if (!kit_source_next(&src, in)) break;
    if (++slot == hist) slot = 0;
    step(m, in, exp);
    if (checks) {
      if (kit_expect_check(&src, &cursor, c, exp, r->err, sizeof r->err)) {
        r->expect_failed = 1;
        r->fail_cycle = (int64_t)c;
        break;
      }
      if ((int64_t)c == o->fault_cycle)
        exp[o->fault_port] ^= 1;   /* fault injection: corrupt the model */
    }
    if (w) shim_trace_dump(s, c >= from && c <= to);
    shim_step(s, in, got);
    if (w && w->err) {   /* a failed write ends the run at once */
      progress_end(&pg);
      wave_close(o, s, w, c, r->err, sizeof r->err);
      w = NULL;
      goto fail;
    }
    r->cycles = c + 1;
    if (differs(b->nout, exp, got)) {
      r->fail_cycle = (int64_t)c;
      break;
    }
    tally(o, cover, r, in, got, prev);
    memcpy(prev, got, b->nout * sizeof *got);
    if (pg.on && (c & 0xfffff) == 0) progress_tick(&pg, b->name, c);
  }
  progress_end(&pg);
  if (w && wave_close(o, s, w, UINT64_MAX, r->werr, sizeof r->werr) == 0) r->waved = 1;
  if (src.terr[0]) {
    snprintf(r->err, sizeof r->err, "%s", src.terr);
    goto fail;
  }
  shim_free(s);
  b->model_free(m);
  kit_source_free(&src);
  return 0;
fail:
  shim_free(s);
  b->model_free(m);
  kit_source_free(&src);
  return -1;
}

/* ---------------------------------------------------------------------- */
/* Two threads: source + model -> ring -> RTL + compare                    */
/* ---------------------------------------------------------------------- */

#define RING  4096u   /* records in flight (a power of two) */
#define BATCH 256u    /* records published / released at a time */

/* Where one side sleeps when it has nothing to do: it spins a little
 * first (the other side publishes every BATCH cycles), then blocks, so two
 * threads sharing one core (a loaded machine) hand over instead of
 * spinning each other's time away. */
typedef struct gate {
  _Alignas(64) _Atomic int sleeping;
  pthread_mutex_t mu;
  pthread_cond_t cv;
} gate_t;

/* A spinning thread must leave the core's resources to its neighbour (the
 * two processors of a machine may be the two hyperthreads of one core). */
static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  __asm__ __volatile__("yield");
#endif
}

#define SPIN_S 30e-6    /* seconds a side spins before it sleeps */

typedef struct pipe {
  const opts_t *o;
  gate_t pgate, cgate;          /* producer waits for room, consumer for records */
  unsigned rec;                 /* words per record: nin inputs, nout expected */
  uint64_t *ring;               /* RING * rec */
  /* each side writes its own cache line */
  _Alignas(64) _Atomic uint64_t head;  /* records written by the producer */
  _Atomic int done;                    /* the producer is done; head is final */
  _Alignas(64) _Atomic uint64_t tail;  /* records released by the consumer */
  _Atomic int stop;                    /* the consumer is done: producer, stop */
  _Alignas(64) int failed;             /* (producer's verdict, read after done) */
  int expect_failed;
  uint64_t expect_cycle;
  char err[1024];
} pipe_t;

/* The other side published: wake it if it sleeps. Publishing stores are
 * sequentially consistent, as is the sleeper's flag, so either the
 * sleeper's re-check sees the new value or this sees the flag. */
static void gate_wake(gate_t *g)
{
  if (atomic_load(&g->sleeping)) {
    pthread_mutex_lock(&g->mu);
    pthread_cond_signal(&g->cv);
    pthread_mutex_unlock(&g->mu);
  }
}

/* The producer's condition: room in the ring, or told to stop. */
static int room(pipe_t *p, uint64_t c, uint64_t *tail)
{
  *tail = atomic_load(&p->tail);
  return c - *tail < RING || atomic_load(&p->stop);
}

/* The consumer's condition: a record to take, or the producer is done. */
static int records(pipe_t *p, uint64_t c, uint64_t *head)
{
  int done = atomic_load(&p->done);
  *head = atomic_load(&p->head);
  return c < *head || done;
}

static void gate_wait(gate_t *g, pipe_t *p, int (*cond)(pipe_t *, uint64_t, uint64_t *),
                      uint64_t c, uint64_t *v)
{
  double t0 = 0;
  for (unsigned i = 1;; i++) {
    if (cond(p, c, v)) return;
    cpu_relax();
    if ((i & 255) == 0) {
      double t = now();
      if (t0 == 0) t0 = t;
      else if (t - t0 > SPIN_S) break;
    }
  }
  pthread_mutex_lock(&g->mu);
  atomic_store(&g->sleeping, 1);
  while (!cond(p, c, v)) pthread_cond_wait(&g->cv, &g->mu);
  atomic_store(&g->sleeping, 0);
  pthread_mutex_unlock(&g->mu);
}

static void gates_init(pipe_t *p)
{
  gate_t *g[2] = {&p->pgate, &p->cgate};
  for (int i = 0; i < 2; i++) {
    pthread_mutex_init(&g[i]->mu, NULL);
    pthread_cond_init(&g[i]->cv, NULL);
  }
}

static void gates_destroy(pipe_t *p)
{
  gate_t *g[2] = {&p->pgate, &p->cgate};
  for (int i = 0; i < 2; i++) {
    pthread_mutex_destroy(&g[i]->mu);
    pthread_cond_destroy(&g[i]->cv);
  }
}

static void *producer(void *arg)
{
  pipe_t *p = arg;
  const opts_t *o = p->o;
  const kit_block_t *b = o->b;
  const unsigned nin = b->nin, rec = p->rec;
  void (*const step)(void *, const uint64_t *, uint64_t *) = b->model_step;
  kit_source_t src;
  size_t cursor = 0;
  uint64_t c = 0, tail = 0;

  if (open_source(o, &src, p->err, sizeof p->err)) {
    p->failed = 1;
    atomic_store(&p->done, 1);
    gate_wake(&p->cgate);
    return NULL;
  }
  void *m = b->model_new(o->P);
  if (!m) {
    snprintf(p->err, sizeof p->err, "out of memory");
    p->failed = 1;
    kit_source_free(&src);
    atomic_store(&p->done, 1);
    gate_wake(&p->cgate);
    return NULL;
  }
  const int checks = src.nexp > 0 || o->fault_cycle >= 0;
  for (;; c++) {
    if (c - tail >= RING) {            /* ring full: wait for the consumer */
      atomic_store(&p->head, c);
      gate_wake(&p->cgate);
      gate_wait(&p->pgate, p, room, c, &tail);
      if (atomic_load(&p->stop)) break;
    }
    uint64_t *slot = p->ring + (size_t)(c & (RING - 1)) * rec, *in = slot, *exp = slot + nin;
    if (!kit_source_next(&src, in)) break;
    step(m, in, exp);
    if (checks) {
      if (kit_expect_check(&src, &cursor, c, exp, p->err, sizeof p->err)) {
        p->expect_failed = 1;
        p->expect_cycle = c;
        break;
      }
      if ((int64_t)c == o->fault_cycle) exp[o->fault_port] ^= 1;
    }
    if ((c & (BATCH - 1)) == BATCH - 1) {
      atomic_store(&p->head, c + 1);
      gate_wake(&p->cgate);
      if (atomic_load_explicit(&p->stop, memory_order_relaxed)) break;
    }
  }
  atomic_store(&p->head, c);
  if (src.terr[0]) {
    snprintf(p->err, sizeof p->err, "%s", src.terr);
    p->failed = 1;
  }
  b->model_free(m);
  kit_source_free(&src);
  atomic_store(&p->done, 1);
  gate_wake(&p->cgate);
  return NULL;
}

/* The consumer half, on the calling thread. Fills r like run_seq except
 * the history (a mismatch is reported from a single-thread re-run). */
static int run_par(const opts_t *o, result_t *r)
{
  const kit_block_t *b = o->b;
  const unsigned nin = b->nin, nout = b->nout;
  const cover_fn cover = b->cover;
  pipe_t p;
  pthread_t th;
  progress_t pg;

  result_clear(r);
  memset(&p, 0, sizeof p);
  gates_init(&p);
  p.o = o;
  p.rec = nin + nout;
  p.ring = malloc((size_t)RING * p.rec * sizeof *p.ring);
  shim_t *s = shim_new(o->seed);
  if (!p.ring || !s) {
    free(p.ring);
    shim_free(s);
    gates_destroy(&p);
    snprintf(r->err, sizeof r->err, "out of memory");
    return -1;
  }
  if (pthread_create(&th, NULL, producer, &p) != 0) {
    free(p.ring);
    shim_free(s);
    gates_destroy(&p);
    return run_seq(o, r, NULL, 0, 0, NULL);   /* no thread to be had: one is enough */
  }
  progress_start(&pg, o, named_source(o) ? 0 : o->cycles);
  uint64_t c = 0, head = 0;
  uint64_t prev[KIT_MAX_PORTS] = {0};  /* last cycle's outputs, for cover */
  for (;; c++) {
    if (c == head) {                   /* wait for the producer */
      atomic_store(&p.tail, c);
      gate_wake(&p.pgate);
      gate_wait(&p.cgate, &p, records, c, &head);
      if (c == head) break;            /* producer done, all consumed */
    }
    const uint64_t *in = p.ring + (size_t)(c & (RING - 1)) * p.rec, *exp = in + nin;
    uint64_t got[KIT_MAX_PORTS];
    shim_step(s, in, got);
    if (differs(nout, exp, got)) {
      r->fail_cycle = (int64_t)c;      /* the report comes from a re-run */
      break;
    }
    tally(o, cover, r, in, exp, prev);
    memcpy(prev, exp, nout * sizeof *exp);
    if ((c & (BATCH - 1)) == BATCH - 1) {
      atomic_store(&p.tail, c + 1);
      gate_wake(&p.pgate);
      if (pg.on && (c & 0xfffff) == 0xfffff) progress_tick(&pg, b->name, c + 1);
    }
  }
  progress_end(&pg);
  r->cycles = r->fail_cycle >= 0 ? c + 1 : c;
  atomic_store(&p.stop, 1);
  atomic_store(&p.tail, c);
  gate_wake(&p.pgate);
  pthread_join(th, NULL);
  shim_free(s);
  free(p.ring);
  gates_destroy(&p);
  if (p.failed) {
    snprintf(r->err, sizeof r->err, "%s", p.err);
    return -1;
  }
  if (r->fail_cycle < 0 && p.expect_failed) {   /* every cycle before it matched */
    r->expect_failed = 1;
    r->fail_cycle = (int64_t)p.expect_cycle;
    snprintf(r->err, sizeof r->err, "%s", p.err);
  }
  return 0;
}

/* What to change when a VCD would be too big, in the message. */
#define HOW_WAVES "record cycles FROM..TO only (make: WAVES_FROM= WAVES_TO=; --waves-from, --waves-to) " \
                  "or raise the bound (make: WAVES_MAX_MB=; --waves-max-mb)"
#define HOW_WINDOW "a shorter failure window (--window) or a higher bound (--waves-max-mb)"

/* The run `make check` does: two threads unless asked for one, or when a
 * whole-run waveform is written (the RTL side then traces every cycle). */
static int run(const opts_t *o, result_t *r)
{
  if (o->threads >= 2 && !o->waves) return run_par(o, r);
  return run_seq(o, r, o->waves, o->waves_from, o->waves_to, HOW_WAVES);
}

/* FST waveforms (--wave-format fst, or KIT_WAVE_FORMAT=fst): Verilator
 * 5.006 builds one trace format per model and the kit's is VCD, so a VCD
 * is written as always and converted with gtkwave's vcd2fst into the same
 * name with .fst; both are kept. vcd2fst writes the kit's temporary file
 * (vectors/fileio.c), renamed into place when it succeeded, so the FST goes
 * through the same safe-write path as every other output. Prints where the
 * FST went, or why not. */
extern char **environ;
static void fst_from(const char *vcd)
{
  char fst[1300], err[1500];
  size_t n = strlen(vcd);
  if (n > 4 && strcmp(vcd + n - 4, ".vcd") == 0) n -= 4;
  snprintf(fst, sizeof fst, "%.*s.fst", (int)n, vcd);
  kit_out_t out;
  if (kit_out_open(&out, fst, err, sizeof err)) {
    printf("  waveform (FST): not written (%s)\n", err);
    return;
  }
  char *argv[] = {"vcd2fst", "-v", (char *)vcd, "-f", out.tmp, NULL};
  posix_spawn_file_actions_t fa;
  pid_t pid;
  int status = 0;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  int rc = posix_spawnp(&pid, "vcd2fst", &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc == 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    if (kit_out_commit(&out, err, sizeof err)) printf("  waveform (FST): not written (%s)\n", err);
    else printf("  waveform (FST): %s\n", fst);
    return;
  }
  kit_out_abort(&out);
  if (rc != 0)
    printf("  waveform (FST): not written (vcd2fst: %s; Debian package gtkwave)\n", strerror(rc));
  else
    printf("  waveform (FST): not written (vcd2fst %s failed)\n", vcd);
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

static void report_mismatch(const opts_t *o, result_t *r, const char *vcd, const char *why,
                            uint64_t from, int argc, char **argv)
{
  const kit_block_t *b = o->b;
  uint64_t c = (uint64_t)r->fail_cycle;
  kit_report_mismatch(b, o->port, c, o->seed, named_source(o) ? o->label : "random stimulus", NULL, r->exp, r->got,
                      r->hist, o->history);
  if (vcd) printf("  waveform: %s (cycles %" PRIu64 "..%" PRIu64 ", time = 10 x cycle)\n", vcd, from, c);
  else printf("  waveform: not written (%s)\n", why);
  if (vcd && o->fst) fst_from(vcd);
  print_repro(o, argc, argv);
}

/* ---------------------------------------------------------------------- */
/* --bench                                                                  */
/* ---------------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* Model alone and Verilator alone on the same stimulus, generated in chunks
 * outside the timed regions (the whole stimulus is never held in memory).
 * Times in seconds through *t_model and *t_rtl. */
#define BENCH_CHUNK 4096u
static int bench_alone(const opts_t *o, double *t_stim, double *t_model, double *t_rtl, char *err,
                       size_t n)
{
  const kit_block_t *b = o->b;
  const unsigned nin = b->nin;
  uint64_t out[KIT_MAX_PORTS];
  kit_source_t src;
  uint64_t *ins = malloc((size_t)BENCH_CHUNK * nin * sizeof *ins);
  if (!ins || open_source(o, &src, err, n)) {
    if (!ins) snprintf(err, n, "out of memory");
    free(ins);
    return -1;
  }
  void *m = b->model_new(o->P);
  shim_t *s = shim_new(o->seed);
  *t_stim = *t_model = *t_rtl = 0;
  for (;;) {
    unsigned k = 0;
    double ts = now();
    while (k < BENCH_CHUNK && kit_source_next(&src, ins + (size_t)k * nin)) k++;
    if (k == 0) break;
    double t0 = now();
    *t_stim += t0 - ts;
    for (unsigned c = 0; c < k; c++) b->model_step(m, ins + (size_t)c * nin, out);
    double t1 = now();
    for (unsigned c = 0; c < k; c++) shim_step(s, ins + (size_t)c * nin, out);
    double t2 = now();
    *t_model += t1 - t0;
    *t_rtl += t2 - t1;
  }
  shim_free(s);
  b->model_free(m);
  kit_source_free(&src);
  free(ins);
  return 0;
}

/* --bench: per repeat, the model alone, the Verilator model alone, the
 * `make check` path (run(), exactly as a user runs it) and the same on one
 * thread; medians with min and max, and the ratios taken from the medians.
 * One line of key=value pairs (tools/bench.sh formats it). */
#define BENCH_MAX_REPEAT 15u
static int bench(const opts_t *o)
{
  enum { T_STIM, T_MODEL, T_RTL, T_CHECK, T_CHECK1, T_N };
  static const char *key[T_N] = {"stim", "model", "rtl", "check", "check1"};
  const kit_block_t *b = o->b;
  double t[T_N][BENCH_MAX_REPEAT], med[T_N];
  char err[1024];
  result_t r;
  memset(&r, 0, sizeof r);
  r.hist = calloc(o->history, b->nin * sizeof *r.hist);
  if (!r.hist) return die("out of memory");
  opts_t one = *o;
  one.threads = 1;
  uint64_t n = 0;
  for (unsigned k = 0; k < o->repeat; k++) {
    if (bench_alone(o, &t[T_STIM][k], &t[T_MODEL][k], &t[T_RTL][k], err, sizeof err)) return die(err);
    double t0 = now();
    if (run(o, &r)) return die(r.err);
    t[T_CHECK][k] = now() - t0;
    if (r.fail_cycle >= 0) return die("mismatch during --bench: run make check");
    n = r.cycles;
    t0 = now();
    if (run(&one, &r)) return die(r.err);
    t[T_CHECK1][k] = now() - t0;
  }
  free(r.hist);
  printf("bench %s cycles=%" PRIu64 " repeat=%u threads=%u", b->name, n, o->repeat, o->threads);
  for (unsigned i = 0; i < T_N; i++) {
    qsort(t[i], o->repeat, sizeof(double), cmp_double);
    med[i] = t[i][o->repeat / 2];
    printf(" %s=%.0f %s_min=%.0f %s_max=%.0f", key[i], (double)n / med[i], key[i],
           (double)n / t[i][o->repeat - 1], key[i], (double)n / t[i][0]);
  }
  /* the sequential bound: both models must step every cycle */
  double bound = (double)n / (med[T_MODEL] + med[T_RTL]);
  printf(" bound=%.0f check_over_bound=%.3f harness_share=%.3f model_over_rtl=%.2f\n", bound,
         ((double)n / med[T_CHECK]) / bound, 1.0 - (med[T_MODEL] + med[T_RTL]) / med[T_CHECK],
         med[T_RTL] / med[T_MODEL]);
  return 0;
}

/* ---------------------------------------------------------------------- */

/* Two threads when the machine has two processors, unless KIT_THREADS
 * (1 or 2) says otherwise (a sharded regression running one job per core
 * sets 1); --threads overrides both. */
static unsigned default_threads(void)
{
  const char *e = getenv("KIT_THREADS");
  if (e && (strcmp(e, "1") == 0 || strcmp(e, "2") == 0)) return (unsigned)(e[0] - '0');
  return sysconf(_SC_NPROCESSORS_ONLN) >= 2 ? 2u : 1u;
}

/* The exit status of a run whose verdict is printed: a whole-run VCD that
 * could not be finished (written to the end of the run, then the last
 * flush failed) is a one-line error after the verdict, and status 1. */
static int wave_verdict(const result_t *r, int rc)
{
  if (!r->werr[0]) return rc;
  fflush(stdout);
  fprintf(stderr, "lockstep: error: %s\n", r->werr);
  return 1;
}

/* A failure waveform's name carries block, seed and cycle, and a hash of
 * what else makes the run: the build's directory (configuration, and the
 * designer's RTL and top), the stimulus file and the fault. Another RTL,
 * stimulus or configuration failing at the same cycle does not overwrite
 * it; the same run writes the same name. */
static uint32_t run_id(const opts_t *o, const char *argv0)
{
  char id[1400];
  const char *end = strrchr(argv0, '/'), *dir = argv0;
  int dlen = 0;
  if (end) {
    for (dir = end; dir > argv0 && dir[-1] != '/'; dir--) {}
    dlen = (int)(end - dir);
  }
  snprintf(id, sizeof id, "%.*s\n%s\n%" PRId64 ":%u", dlen, dir, named_source(o) ? o->label : "",
           o->fault_cycle, o->fault_port);
  uint32_t h = 2166136261u;
  for (const char *c = id; *c; c++) h = (h ^ (uint8_t)*c) * 16777619u;
  return h;
}

/* ---------------------------------------------------------------------- */
/* The run's machine-readable result (--result FILE, doc/results.md)       */
/* ---------------------------------------------------------------------- */

/* What the run concluded, for the result file: the verdict and, for a
 * mismatch or an expect failure, the cycle and (mismatch) the ports. */
typedef struct verdict {
  const char *what;     /* matched | mismatch | expect | coverage | error */
  int64_t fail_cycle;
  const char *message;  /* the error, or the failed expect */
  const char *waveform; /* the failure window or the whole-run VCD, "" = none */
  unsigned covered, bits;
} verdict_t;

static const char *g_result;       /* --result FILE, once the options are read */
static const opts_t *g_opts;

/* Write cvkit.lockstep/1 to --result (whole or not at all); 0 or -1. A
 * result that cannot be written is an error of the run: the tools that
 * read it would otherwise take a stale one. */
static int write_result(const opts_t *o, const result_t *r, const verdict_t *v)
{
  if (!g_result) return 0;
  kit_out_t out;
  char err[1400];
  if (kit_out_open(&out, g_result, err, sizeof err)) {
    fprintf(stderr, "lockstep: error: %s\n", err);
    return -1;
  }
  FILE *f = out.f;
  const kit_block_t *b = o ? o->b : NULL;
  fprintf(f, "{\"schema\": \"cvkit.lockstep/1\", \"block\": ");
  kit_json_str(f, b ? b->name : shim_block());
  fprintf(f, ", \"rtlparams\": ");
  kit_json_str(f, shim_params());
  fprintf(f, ", \"top\": ");
  kit_json_str(f, shim_top());
  fprintf(f, ", \"seed\": %" PRIu64 ", \"source\": ", o ? o->seed : 0);
  kit_json_str(f, o ? o->label : "random");
  fprintf(f, ", \"traffic\": ");
  if (o && (o->traffic || o->trace)) {
    fprintf(f, "{\"kernel\": ");
    kit_json_str(f, o->traffic ? o->traffic : "");
    fprintf(f, ", \"trace\": ");
    kit_json_str(f, o->trace ? o->trace : "");
    fprintf(f, ", \"params\": ");
    kit_json_str(f, o->tparams ? o->tparams : "");
    fprintf(f, ", \"resolved\": ");
    kit_json_str(f, o->tdesc);
    fprintf(f, "}");
  } else {
    fprintf(f, "null");
  }
  fprintf(f, ", \"verdict\": ");
  kit_json_str(f, v->what);
  fprintf(f, ", \"cycles\": %" PRIu64 ", \"fail_cycle\": %" PRId64 ", \"message\": ", r ? r->cycles : 0,
          v->fail_cycle);
  kit_json_str(f, v->message ? v->message : "");
  fprintf(f, ", \"differs\": [");
  if (r && b && !strcmp(v->what, "mismatch"))
    for (unsigned i = 0, n = 0; i < b->nout; i++)
      if (r->exp[i] != r->got[i]) {
        fprintf(f, "%s", n++ ? ", " : "");
        kit_json_str(f, o->port[b->nin + i].name);
      }
  fprintf(f, "], \"cover\": {");
  if (r && b)
    for (unsigned i = 0; i < b->ncover; i++) {
      fprintf(f, "%s", i ? ", " : "");
      kit_json_str(f, b->cover_names[i]);
      fprintf(f, ": %" PRIu64, r->cover[i]);
    }
  fprintf(f, "}, \"toggle\": {\"covered\": %u, \"bits\": %u}, \"waveform\": ", v->covered, v->bits);
  kit_json_str(f, v->waveform ? v->waveform : "");
  fprintf(f, ", \"repro\": ");
  kit_json_str(f, o && o->repro ? o->repro : "");
  fprintf(f, "}\n");
  if (kit_out_commit(&out, err, sizeof err)) {
    fprintf(stderr, "lockstep: error: %s\n", err);
    return -1;
  }
  return 0;
}

/* An error ends the run: one line on stderr, and (once the options are
 * read) an "error" result, so a reader never takes a stale one. */
static int fail_run(const char *msg)
{
  verdict_t v = {.what = "error", .fail_cycle = -1, .message = msg};
  die(msg);
  write_result(g_opts, NULL, &v);
  return 1;
}

/* ---------------------------------------------------------------------- */
/* main, step by step                                                      */
/* ---------------------------------------------------------------------- */

/* Step 1: the command line into o (and the fault and wave format words,
 * resolved in step 2); 0, or -1 with err set. */
static int parse_options(int argc, char **argv, opts_t *o, const char **fault, const char **wf,
                         char *err, size_t n)
{
  int window_given = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    uint64_t x = 0;
    int rc = 0;
    if (strcmp(a, "--bench") == 0) { o->bench = 1; continue; }
    if (strcmp(a, "--strict") == 0) { o->strict = 1; continue; }
    if (strncmp(a, "--", 2) != 0 && strchr(a, '=')) {
      if (o->nwords == KIT_MAX_PARAMS) {
        snprintf(err, n, "more than %d NAME=VALUE words", KIT_MAX_PARAMS);
        return -1;
      }
      o->words[o->nwords++] = a;
      continue;
    }
    if (strncmp(a, "--", 2) != 0 || !v) {
      snprintf(err, n, v ? "unknown argument '%s'" : "option %s needs a value (or is unknown)", a);
      return -1;
    }
    i++;
    if (strcmp(a, "--seed") == 0) rc = kit_parse_u64(a, v, 0, UINT64_MAX, &o->seed, err, n);
    else if (strcmp(a, "--cycles") == 0) { rc = kit_parse_u64(a, v, 1, KIT_MAX_CYCLES, &o->cycles, err, n); o->cycles_given = 1; }
    else if (strcmp(a, "--traffic") == 0) o->traffic = v;
    else if (strcmp(a, "--trace") == 0) o->trace = v;
    else if (strcmp(a, "--traffic-params") == 0) o->tparams = v;
    else if (strcmp(a, "--window") == 0) { rc = kit_parse_u64(a, v, 1, 1000000, &x, err, n); o->window = (unsigned)x; }
    else if (strcmp(a, "--history") == 0) { rc = kit_parse_u64(a, v, 1, 4096, &x, err, n); o->history = (unsigned)x; }
    else if (strcmp(a, "--threads") == 0) { rc = kit_parse_u64(a, v, 1, 2, &x, err, n); o->threads = (unsigned)x; }
    else if (strcmp(a, "--repeat") == 0) { rc = kit_parse_u64(a, v, 1, BENCH_MAX_REPEAT, &x, err, n); o->repeat = (unsigned)x; }
    else if (strcmp(a, "--progress") == 0) { rc = kit_parse_u64(a, v, 0, 1, &x, err, n); o->progress = (int)x; }
    else if (strcmp(a, "--stim") == 0) o->stim = v;
    else if (strcmp(a, "--fault") == 0) *fault = v;
    else if (strcmp(a, "--waves") == 0) o->waves = v;
    else if (strcmp(a, "--waves-from") == 0) { rc = kit_parse_u64(a, v, 0, KIT_MAX_CYCLES - 1, &o->waves_from, err, n); window_given = 1; }
    else if (strcmp(a, "--waves-to") == 0) { rc = kit_parse_u64(a, v, 0, KIT_MAX_CYCLES - 1, &o->waves_to, err, n); window_given = 1; }
    else if (strcmp(a, "--waves-max-mb") == 0) rc = kit_parse_u64(a, v, 1, 1000000000, &o->waves_max_mb, err, n);
    else if (strcmp(a, "--wave-format") == 0) *wf = v;
    else if (strcmp(a, "--fail-dir") == 0) o->fail_dir = v;
    else if (strcmp(a, "--repro") == 0) o->repro = v;
    else if (strcmp(a, "--result") == 0) g_result = v;
    else {
      snprintf(err, n, "unknown option %s", a);
      return -1;
    }
    if (rc) return -1;
  }
  if (window_given && !o->waves) {
    snprintf(err, n, "--waves-from / --waves-to need --waves FILE (make: WAVES=1)");
    return -1;
  }
  if (o->waves_from > o->waves_to) {
    snprintf(err, n, "--waves-from %" PRIu64 " is after --waves-to %" PRIu64, o->waves_from, o->waves_to);
    return -1;
  }
  if (!!o->stim + !!o->traffic + !!o->trace > 1) {
    snprintf(err, n, "--stim, --traffic and --trace exclude each other (make: STIM=, TRAFFIC=, TRACE=)");
    return -1;
  }
  if (o->tparams && !o->traffic && !o->trace) {
    snprintf(err, n, "--traffic-params needs --traffic KERNEL or --trace FILE (make: TRAFFIC_PARAMS= with TRAFFIC= or TRACE=)");
    return -1;
  }
  return 0;
}

/* Step 2: the block and configuration this binary was built for, the wave
 * format and the fault; 0, or -1 with err set. */
static int configure(opts_t *o, const char *fault, const char *wf, char *err, size_t n)
{
  if (wf && *wf && strcmp(wf, "vcd") != 0 && strcmp(wf, "fst") != 0) {
    snprintf(err, n, "wave format '%s': expected vcd or fst (FORMAT=, KIT_WAVE_FORMAT=)", wf);
    return -1;
  }
  o->fst = wf && strcmp(wf, "fst") == 0;
  o->b = kit_block_find(shim_block());
  if (!o->b) {
    snprintf(err, n, "this binary's block is not in the registry");
    return -1;
  }
  /* The RTL configuration is fixed at verilation; the model follows it,
   * and the words may set only what is not in the RTL. */
  if (kit_params_text(o->b, o->P, shim_params(), err, n)) return -1;
  long built[KIT_MAX_PARAMS];
  memcpy(built, o->P, sizeof built);
  if (kit_params_words(o->b, o->P, o->nwords, o->words, err, n)) return -1;
  for (unsigned i = 0; i < o->b->nparams; i++)
    if (o->b->params[i].in_rtl && o->P[i] != built[i]) {
      snprintf(err, n, "%s=%ld: this binary was built for %s=%ld (an RTL parameter: build another)",
               o->b->params[i].name, o->P[i], o->b->params[i].name, built[i]);
      return -1;
    }
  if (kit_params_check(o->b, o->P, err, n)) return -1;
  o->b->ports(o->P, o->port);
  snprintf(o->label, sizeof o->label, "%s", o->stim ? o->stim : "random");
  if (o->traffic || o->trace) {   /* the traffic checked whole before the run, described */
    kit_source_t src;
    if (open_source(o, &src, err, n)) return -1;
    snprintf(o->tdesc, sizeof o->tdesc, "%s", kit_hier_desc(src.hier));
    /* its length (the progress, a VCD's estimate, --fault's bound): one
     * pass of the source alone, cheap beside the run */
    uint64_t in[KIT_MAX_PORTS], len = 0;
    while (kit_source_next(&src, in)) len++;
    int bad = src.terr[0] != 0;
    if (bad) snprintf(err, n, "%s", src.terr);
    kit_source_free(&src);
    if (bad) return -1;
    o->cycles = len;
    o->cycles_given = 1;
    snprintf(o->label, sizeof o->label, "%s %s", o->traffic ? "traffic" : "trace", o->traffic ? o->traffic : o->trace);
    if (o->tparams && o->tparams[0])
      snprintf(o->label + strlen(o->label), sizeof o->label - strlen(o->label), " %s", o->tparams);
  }
  if (!fault) return 0;
  char cyc[64];
  const char *colon = strchr(fault, ':');
  size_t len = colon ? (size_t)(colon - fault) : strlen(fault);
  uint64_t fc;
  snprintf(cyc, sizeof cyc, "%.*s", (int)(len < sizeof cyc ? len : sizeof cyc - 1), fault);
  if (len == 0 || len >= sizeof cyc || kit_parse_u64("--fault", cyc, 0, KIT_MAX_CYCLES - 1, &fc, err, n)) {
    snprintf(err, n, "--fault %s: expected CYCLE or CYCLE:PORT (CYCLE 0..%llu)", fault, KIT_MAX_CYCLES - 1);
    return -1;
  }
  o->fault_cycle = (int64_t)fc;
  o->fault_port = 0;
  if (colon) {
    unsigned i;
    for (i = 0; i < o->b->nout; i++)
      if (strcmp(o->port[o->b->nin + i].name, colon + 1) == 0) break;
    if (i == o->b->nout) {
      snprintf(err, n, "--fault %s: no output port '%s' in block %s", fault, colon + 1, o->b->name);
      return -1;
    }
    o->fault_port = i;
  }
  return 0;
}

/* Step 4a: a mismatch. A deterministic single-thread re-run with tracing
 * on for the window before the failure gives the report's history and
 * waveform; the window is extra (when it cannot be written the report says
 * why and still comes). Returns the exit status. */
static int report_failure(const opts_t *o, result_t *r, int argc, char **argv)
{
  char vcd[1200], why[1300] = "";
  uint64_t fc = (uint64_t)r->fail_cycle;
  uint64_t from = fc > o->window ? fc - o->window : 0;
  snprintf(vcd, sizeof vcd, "%s/%s_seed%" PRIu64 "_cycle%" PRIu64 "_%08" PRIx32 ".vcd", o->fail_dir,
           o->b->name, o->seed, fc, run_id(o, argv[0]));
  if (mkdir(o->fail_dir, 0777) != 0 && errno != EEXIST)
    snprintf(why, sizeof why, "cannot create %s: %s", o->fail_dir, strerror(errno));
  const char *trace = why[0] ? NULL : vcd;
  result_t r2;
  memset(&r2, 0, sizeof r2);
  r2.hist = calloc(o->history, o->b->nin * sizeof *r2.hist);
  if (!r2.hist) return fail_run("out of memory");
  const int rc2 = trace ? run_seq(o, &r2, trace, from, fc, HOW_WINDOW) : -1;
  int traced = trace && rc2 == 0 && r2.fail_cycle == r->fail_cycle && r2.waved;
  if (trace && !traced && !why[0])
    snprintf(why, sizeof why, "%s", rc2 != 0 && r2.err[0] ? r2.err : r2.werr[0] ? r2.werr : "the traced re-run failed");
  if (!traced && (run_seq(o, &r2, NULL, 0, 0, NULL) != 0 || r2.fail_cycle != r->fail_cycle)) {
    free(r2.hist);
    return fail_run("the single-thread re-run did not reproduce the mismatch (nondeterministic RTL?)");
  }
  report_mismatch(o, &r2, traced ? vcd : NULL, why, from, argc, argv);
  verdict_t v = {.what = "mismatch", .fail_cycle = r->fail_cycle, .waveform = traced ? vcd : ""};
  r2.cycles = r->cycles;
  memcpy(r2.cover, r->cover, sizeof r2.cover);
  int wrc = write_result(o, &r2, &v);
  free(r2.hist);
  return wave_verdict(r, 1) | (wrc ? 1 : 0);
}

/* Step 4b: a run that matched: the verdict line with the coverage (a PASS
 * that misses events says so; under --strict it is a FAIL), the output
 * toggle coverage, the functional events. Returns the exit status. */
static int report_pass(const opts_t *o, result_t *r, int argc, char **argv)
{
  const kit_block_t *b = o->b;
  unsigned bits = 0, covered = 0;
  for (unsigned i = 0; i < b->nout; i++) {
    unsigned w = o->port[b->nin + i].width;
    r->seen0[i] &= kit_mask(w);
    bits += w;
    for (unsigned k = 0; k < w; k++) covered += (r->seen0[i] >> k & 1) && (r->seen1[i] >> k & 1);
  }
  unsigned hit = 0;
  char missing[2048] = "";
  size_t ml = 0;
  for (unsigned i = 0; i < b->ncover; i++) {
    if (r->cover[i]) hit++;
    else if (ml < sizeof missing)
      ml += (size_t)snprintf(missing + ml, sizeof missing - ml, "%s%s", ml ? ", " : "", b->cover_names[i]);
  }
  char covtxt[2200] = "";
  if (b->ncover)
    snprintf(covtxt, sizeof covtxt, ", coverage %u/%u events%s%s%s", hit, b->ncover,
             hit < b->ncover ? " (missing: " : "", missing, hit < b->ncover ? ")" : "");
  const int strict_fail = o->strict && hit < b->ncover;
  char words[1024] = "";
  for (unsigned i = 0, k = 0; i < b->nparams && k < sizeof words; i++)   /* those outside the RTL */
    if (!b->params[i].in_rtl && o->P[i] != b->params[i].def)
      k += (size_t)snprintf(words + k, sizeof words - k, " %s=%ld", b->params[i].name, o->P[i]);
  printf("%s lockstep %s: %" PRIu64 " cycles matched (seed %" PRIu64 ", %s, %s%s)%s%s\n",
         strict_fail ? "FAIL" : "PASS", b->name, r->cycles, o->seed, o->label,
         shim_params(), words, covtxt, strict_fail ? " under --strict" : "");
  printf("  output toggle coverage: %u/%u bits seen at both 0 and 1\n", covered, bits);
  for (unsigned i = 0; i < b->nout && covered < bits; i++) {
    const kit_port_t *p = &o->port[b->nin + i];
    uint64_t both = r->seen0[i] & r->seen1[i] & kit_mask(p->width);
    if (both != kit_mask(p->width))
      printf("    %s: bits never toggled: 0x%" PRIx64 "\n", p->name, ~both & kit_mask(p->width));
  }
  if (b->cover) {
    printf("  functional coverage:");
    for (unsigned i = 0; i < b->ncover; i++) printf(" %s=%" PRIu64, b->cover_names[i], r->cover[i]);
    printf("\n  functional coverage: %u/%u events seen\n", hit, b->ncover);
  }
  if (strict_fail) print_repro(o, argc, argv);
  verdict_t v = {.what = strict_fail ? "coverage" : "matched", .fail_cycle = -1,
                 .waveform = r->waved ? o->waves : "", .covered = covered, .bits = bits};
  int wrc = write_result(o, r, &v);
  return wave_verdict(r, strict_fail ? 1 : 0) | (wrc ? 1 : 0);
}

int main(int argc, char **argv)
{
  opts_t o = {.seed = 1, .cycles = 100000, .fault_cycle = -1, .fail_dir = "build/fail",
              .window = 16, .history = 8, .threads = default_threads(), .repeat = 3,
              .progress = isatty(STDERR_FILENO), .waves_to = UINT64_MAX,
              .waves_max_mb = KIT_WAVES_MAX_MB};
  const char *wf = getenv("KIT_WAVE_FORMAT"), *fault = NULL;
  char err[1024];
  kit_stdout_guard("lockstep");
  /* where an error goes as data, known before any other word is read */
  for (int i = 1; i + 1 < argc; i++)
    if (strcmp(argv[i], "--result") == 0) g_result = argv[i + 1];
  /* 1. options, 2. configuration */
  if (parse_options(argc, argv, &o, &fault, &wf, err, sizeof err)) return fail_run(err);
  g_opts = &o;
  if (configure(&o, fault, wf, err, sizeof err)) return fail_run(err);
  if (o.bench) return bench(&o);
  /* 3. the run */
  result_t r;
  memset(&r, 0, sizeof r);
  r.hist = calloc(o.history, o.b->nin * sizeof *r.hist);
  if (!r.hist) return fail_run("out of memory");
  if (run(&o, &r)) {
    free(r.hist);
    return fail_run(r.err);
  }
  if (r.waved && o.fst) fst_from(o.waves);   /* the whole-run VCD is closed */
  /* 4. the verdict */
  int rc;
  if (r.expect_failed) {
    printf("FAIL %s: %s\n", o.b->name, r.err);
    print_repro(&o, argc, argv);
    verdict_t v = {.what = "expect", .fail_cycle = r.fail_cycle, .message = r.err};
    rc = wave_verdict(&r, 1) | (write_result(&o, &r, &v) ? 1 : 0);
  } else if (r.fail_cycle >= 0) {
    rc = report_failure(&o, &r, argc, argv);
  } else if (o.fault_cycle >= 0 && (uint64_t)o.fault_cycle >= r.cycles) {
    snprintf(err, sizeof err, "--fault %" PRId64 ": the run has only %" PRIu64
             " cycles (0..%" PRIu64 "), so no fault was injected", o.fault_cycle, r.cycles, r.cycles - 1);
    rc = fail_run(err);
  } else {
    rc = report_pass(&o, &r, argc, argv);
  }
  free(r.hist);
  return rc;
}
