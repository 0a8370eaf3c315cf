/*
 * tstudy.c - `kit tstudy`: one traffic run through a block's adapter and
 * its C model alone (no RTL), with the block's ports summed over the run
 * and over windows of cycles: the observables of the traffic report
 * (tools/traffic_report.py, doc/traffic-report.md).
 *
 *   kit tstudy BLOCK [P=V..] --traffic KERNEL [--traffic-params 'W..']
 *              [--seed N] [--every N] [--cycles N] [-o FILE]
 *
 * One JSON object (schema cvkit.tstudy/1) on stdout or written whole to
 * FILE: block, params, source (the hierarchy's description), cycles, every,
 * ports (inputs then outputs), total {sum, nonzero, changes, max, last}
 * (one entry per port, in that order), cover {name: count}, windows
 * {end, sum, nonzero, last} (one row per window of `every` cycles, the last one
 * possibly shorter; a row holds one entry per port). Sums are exact below
 * 2^53. Same arguments, same bytes. Errors: one line, exit 1.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/args.h"
#include "tb/harness/tstudy.h"
#include "tb/stim/source.h"
#include "vectors/fileio.h"

#define TS_MAX_WINDOWS 100000u

typedef struct ts_acc {
  double sum[KIT_MAX_PORTS];
  uint64_t nz[KIT_MAX_PORTS], ch[KIT_MAX_PORTS], max[KIT_MAX_PORTS], last[KIT_MAX_PORTS];
} ts_acc_t;

static void ts_add(ts_acc_t *a, unsigned n, const uint64_t *v, int first)
{
  for (unsigned i = 0; i < n; i++) {
    a->sum[i] += (double)v[i];
    a->nz[i] += v[i] != 0;
    a->ch[i] += !first && v[i] != a->last[i];
    if (v[i] > a->max[i]) a->max[i] = v[i];
    a->last[i] = v[i];
  }
}

static void row_d(FILE *f, const double *x, unsigned n)
{
  fputc('[', f);
  for (unsigned i = 0; i < n; i++) fprintf(f, "%s%.0f", i ? "," : "", x[i]);
  fputc(']', f);
}

static void row_u(FILE *f, const uint64_t *x, unsigned n)
{
  fputc('[', f);
  for (unsigned i = 0; i < n; i++) fprintf(f, "%s%" PRIu64, i ? "," : "", x[i]);
  fputc(']', f);
}

int kit_tstudy_main(const kit_block_t *b, const long *P, const kit_args_t *a)
{
  char err[KIT_ERR_LEN];
  const char *tk = kit_args_get(a, "--traffic"), *tw = kit_args_get(a, "--traffic-params");
  const char *seed_s = kit_args_get(a, "--seed"), *every_s = kit_args_get(a, "--every");
  const char *cyc_s = kit_args_get(a, "--cycles"), *out = kit_args_get(a, "-o");
  uint64_t seed = 1, every = 1024, cycles = 0;
  if (!tk) return kit_error("tstudy: give --traffic KERNEL");
  if (seed_s && kit_parse_u64("--seed", seed_s, 0, UINT64_MAX, &seed, err, sizeof err)) return kit_error(err);
  if (every_s && kit_parse_u64("--every", every_s, 1, UINT32_MAX, &every, err, sizeof err)) return kit_error(err);
  if (cyc_s && kit_parse_u64("--cycles", cyc_s, 1, KIT_MAX_CYCLES, &cycles, err, sizeof err)) return kit_error(err);
  kit_hier_src_t hs = {.kernel = tk, .words = tw, .seed = seed};
  kit_source_t src;
  if (kit_source_traffic(&src, b, P, &hs, cycles, err, sizeof err)) return kit_error(err);
  const unsigned nin = b->nin, np = b->nin + b->nout;
  uint64_t v[KIT_MAX_PORTS] = {0}, prev[KIT_MAX_PORTS] = {0}, cov[KIT_MAX_COVER] = {0};
  ts_acc_t *tot = calloc(1, sizeof *tot), *w = calloc(1, sizeof *w);
  size_t nw = 0, cap = 0;
  uint64_t *wend = NULL, *wlast = NULL, *wnz = NULL, n = 0;
  double *wsum = NULL;
  void *m = b->model_new(P);
  int bad = !tot || !w || !m;
  while (!bad && kit_source_next(&src, v)) {
    b->model_step(m, v, v + nin);
    if (b->cover) b->cover(P, v, v + nin, prev, cov);
    memcpy(prev, v + nin, b->nout * sizeof *v);
    ts_add(tot, np, v, n == 0);
    ts_add(w, np, v, 0);
    n++;
    if (n % every == 0) {
      if (nw == cap) {
        cap = cap ? 2 * cap : 64;
        uint64_t *e2 = realloc(wend, cap * sizeof *e2), *l2 = e2 ? realloc(wlast, cap * np * sizeof *l2) : NULL;
        double *s2 = l2 ? realloc(wsum, cap * np * sizeof *s2) : NULL;
        uint64_t *z2 = s2 ? realloc(wnz, cap * np * sizeof *z2) : NULL;
        if (e2) wend = e2;
        if (l2) wlast = l2;
        if (s2) wsum = s2;
        if (z2) wnz = z2;
        if (!z2 || nw >= TS_MAX_WINDOWS) {
          bad = 1;
          break;
        }
      }
      wend[nw] = n;
      memcpy(wsum + nw * np, w->sum, np * sizeof *wsum);
      memcpy(wlast + nw * np, w->last, np * sizeof *wlast);
      memcpy(wnz + nw * np, w->nz, np * sizeof *wnz);
      nw++;
      memset(w, 0, sizeof *w);
    }
  }
  if (m) b->model_free(m);
  if (!bad && src.terr[0]) {
    snprintf(err, sizeof err, "%s", src.terr);
    bad = 2;
  }
  int rc = 1;
  kit_out_t o = {0};
  FILE *f = stdout;
  if (bad == 1) snprintf(err, sizeof err, "tstudy: out of memory (or more than %u windows: raise --every)", TS_MAX_WINDOWS);
  if (!bad && out) {
    if (kit_out_open(&o, out, err, sizeof err)) bad = 1;
    else f = o.f;
  }
  if (!bad) {
    fprintf(f, "{\"schema\":\"cvkit.tstudy/1\",\"block\":\"%s\",\"params\":{", b->name);
    for (unsigned i = 0; i < b->nparams; i++) fprintf(f, "%s\"%s\":%ld", i ? "," : "", b->params[i].name, P[i]);
    fprintf(f, "},\"source\":\"%s\",\"seed\":%" PRIu64 ",\"cycles\":%" PRIu64 ",\"every\":%" PRIu64 ",\"ports\":[",
            kit_hier_desc(src.hier), seed, n, every);
    for (unsigned i = 0; i < np; i++) fprintf(f, "%s\"%s\"", i ? "," : "", src.port[i].name);
    fprintf(f, "],\"total\":{\"sum\":");
    row_d(f, tot->sum, np);
    fprintf(f, ",\"nonzero\":");
    row_u(f, tot->nz, np);
    fprintf(f, ",\"changes\":");
    row_u(f, tot->ch, np);
    fprintf(f, ",\"max\":");
    row_u(f, tot->max, np);
    fprintf(f, ",\"last\":");
    row_u(f, tot->last, np);
    fprintf(f, "},\"cover\":{");
    for (unsigned i = 0; b->cover && i < b->ncover; i++) fprintf(f, "%s\"%s\":%" PRIu64, i ? "," : "", b->cover_names[i], cov[i]);
    fprintf(f, "},\"windows\":{\"end\":");
    row_u(f, wend, (unsigned)nw);
    fprintf(f, ",\"sum\":[");
    for (size_t k = 0; k < nw; k++) fprintf(f, "%s", k ? "," : ""), row_d(f, wsum + k * np, np);
    fprintf(f, "],\"nonzero\":[");
    for (size_t k = 0; k < nw; k++) fprintf(f, "%s", k ? "," : ""), row_u(f, wnz + k * np, np);
    fprintf(f, "],\"last\":[");
    for (size_t k = 0; k < nw; k++) fprintf(f, "%s", k ? "," : ""), row_u(f, wlast + k * np, np);
    fprintf(f, "]}}\n");
    rc = 0;
    if (out && kit_out_commit(&o, err, sizeof err)) rc = 1, bad = 1;
  }
  kit_source_free(&src);
  free(tot);
  free(w);
  free(wend);
  free(wlast);
  free(wsum);
  free(wnz);
  return bad ? kit_error(err) : rc;
}
