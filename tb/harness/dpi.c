/*
 * dpi.c - the golden models for SystemVerilog testbenches; see dpi.h.
 *
 * A thin layer over the plain-C API (capi.h): a handle is a capi model
 * plus what an SV testbench cannot easily keep itself: the port table of
 * its configuration (to unpack the 64-bit slots), the last cycle's model
 * outputs (to compare against the RTL's), a short input history and the
 * stimulus description (for the lockstep's mismatch report), and the first
 * mismatch (for the JSON verdict). Nothing here names a block.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/dpi.h"
#include "cmodel/core/block.h"
#include "tb/harness/capi.h"
#include "tb/harness/report.h"
#include "tb/stim/source.h"
#include "vectors/fileio.h"

#define DPI_HISTORY 8       /* input cycles in a mismatch report: the lockstep's default */
#define DPI_ERR_LEN 1024

static _Thread_local char dpi_err[DPI_ERR_LEN];

const char *cvkit_dpi_error(void) { return dpi_err; }

typedef struct dpi {
  int b;                          /* capi block index */
  const kit_block_t *k;
  long P[KIT_MAX_PARAMS];
  cvkit_model_t *m;
  unsigned nin, nout;
  kit_port_t port[KIT_MAX_PORTS];
  uint64_t exp[KIT_MAX_PORTS];    /* the model's outputs of the last cycle */
  uint64_t hist[DPI_HISTORY * KIT_MAX_PORTS];   /* input ring: cycle k at (k % DPI_HISTORY) * nin */
  uint64_t seed;
  char source[600];               /* "random stimulus" or the file */
  int64_t fail_cycle;             /* -1: none yet */
  uint64_t differs;               /* bit i: output i differed at fail_cycle */
} dpi_t;

typedef struct dpi_stim {
  dpi_t *h;
  cvkit_stim_t *s;                /* random or directed */
  cvkit_vec_t *v;                 /* or a vector file's inputs */
  uint64_t pos;
} dpi_stim_t;

/* Slot i (64 bits) of a 4096-bit vector. */
static uint64_t slot_get(const cvkit_dpi_vec_t *w, unsigned i)
{
  return (uint64_t)w[2 * i] | (uint64_t)w[2 * i + 1] << 32;
}

static void slot_put(cvkit_dpi_vec_t *w, unsigned i, uint64_t v)
{
  w[2 * i] = (uint32_t)v;
  w[2 * i + 1] = (uint32_t)(v >> 32);
}

/* "w0 w1 .../w0 ..." of a configuration's ports. */
static void width_sig(const dpi_t *h, char *s, size_t n)
{
  size_t k = 0;
  s[0] = '\0';
  for (unsigned i = 0; i < h->nin + h->nout && k < n; i++)
    k += (size_t)snprintf(s + k, n - k, "%s%u", i == 0 ? "" : i == h->nin ? "/" : " ", h->port[i].width);
}

void *cvkit_dpi_new(const char *block, const char *params, const char *widths)
{
  dpi_t *h = calloc(1, sizeof *h);
  char sig[KIT_MAX_PORTS * 4];
  dpi_err[0] = '\0';
  if (!h) {
    snprintf(dpi_err, sizeof dpi_err, "out of memory");
    return NULL;
  }
  h->b = cvkit_block_index(block ? block : "", dpi_err, sizeof dpi_err);
  if (h->b < 0 || cvkit_configure(h->b, params ? params : "", h->P, dpi_err, sizeof dpi_err))
    goto fail;
  h->k = kit_blocks[h->b];
  h->nin = cvkit_nin(h->b);
  h->nout = cvkit_nout(h->b);
  h->k->ports(h->P, h->port);
  width_sig(h, sig, sizeof sig);
  if (widths && strcmp(widths, sig) != 0) {
    snprintf(dpi_err, sizeof dpi_err,
             "%s %s: port widths %s, the SV package was generated for %s (regenerate it: kit dpigen)",
             block, params ? params : "", sig, widths);
    goto fail;
  }
  h->m = cvkit_model_new(h->b, h->P, dpi_err, sizeof dpi_err);
  if (!h->m) goto fail;
  h->fail_cycle = -1;
  snprintf(h->source, sizeof h->source, "inputs from the testbench");
  return h;
fail:
  free(h);
  return NULL;
}

void cvkit_dpi_reset(void *v)
{
  dpi_t *h = v;
  cvkit_model_reset(h->m);
  memset(h->exp, 0, sizeof h->exp);
  h->fail_cycle = -1;
  h->differs = 0;
}

int cvkit_dpi_step(void *v, const cvkit_dpi_vec_t *in, cvkit_dpi_vec_t *out)
{
  dpi_t *h = v;
  uint64_t i64[KIT_MAX_PORTS];
  uint64_t *ring = h->hist + (cvkit_model_cycles(h->m) % DPI_HISTORY) * h->nin;
  for (unsigned i = 0; i < h->nin; i++) i64[i] = slot_get(in, i);
  if (cvkit_model_step(h->m, i64, h->exp, dpi_err, sizeof dpi_err)) return -1;
  memcpy(ring, i64, h->nin * sizeof *i64);
  memset(out, 0, CVKIT_DPI_BITS / 8);
  for (unsigned i = 0; i < h->nout; i++) slot_put(out, i, h->exp[i]);
  return 0;
}

uint64_t cvkit_dpi_cycles(void *v) { return cvkit_model_cycles(((dpi_t *)v)->m); }

int cvkit_dpi_ncover(void *v) { return (int)cvkit_ncover(((dpi_t *)v)->b); }

const char *cvkit_dpi_cover_name(void *v, int i)
{
  return i < 0 ? NULL : cvkit_cover_name(((dpi_t *)v)->b, (unsigned)i);
}

uint64_t cvkit_dpi_cover_count(void *v, int i)
{
  dpi_t *h = v;
  uint64_t count[KIT_MAX_COVER], s0[KIT_MAX_PORTS], s1[KIT_MAX_PORTS];
  if (i < 0 || i >= cvkit_dpi_ncover(h)) return 0;
  cvkit_model_coverage(h->m, count, s0, s1);
  return count[i];
}

/* Output bits of the configuration, and those seen at both 0 and 1. */
static void toggles(const dpi_t *h, int *bits, int *covered)
{
  uint64_t count[KIT_MAX_COVER], s0[KIT_MAX_PORTS], s1[KIT_MAX_PORTS];
  cvkit_model_coverage(h->m, count, s0, s1);
  *bits = *covered = 0;
  for (unsigned i = 0; i < h->nout; i++) {
    *bits += (int)h->port[h->nin + i].width;
    *covered += __builtin_popcountll(s0[i] & s1[i] & kit_mask(h->port[h->nin + i].width));
  }
}

int cvkit_dpi_toggle_bits(void *v)
{
  int bits, covered;
  toggles(v, &bits, &covered);
  return bits;
}

int cvkit_dpi_toggle_covered(void *v)
{
  int bits, covered;
  toggles(v, &bits, &covered);
  return covered;
}

void cvkit_dpi_free(void *v)
{
  dpi_t *h = v;
  if (!h) return;
  cvkit_model_free(h->m);
  free(h);
}

/* ---------------------------------------------------------------------- */
/* Stimulus                                                                */
/* ---------------------------------------------------------------------- */

static int ends_with(const char *s, const char *tail)
{
  size_t n = strlen(s), t = strlen(tail);
  return n >= t && strcmp(s + n - t, tail) == 0;
}

void *cvkit_dpi_stim_new(void *v, uint64_t seed, uint64_t cycles, const char *path)
{
  dpi_t *h = v;
  dpi_stim_t *s = calloc(1, sizeof *s);
  dpi_err[0] = '\0';
  if (!s) {
    snprintf(dpi_err, sizeof dpi_err, "out of memory");
    return NULL;
  }
  s->h = h;
  if (!path) path = "";
  if (*path == '\0' || ends_with(path, ".stim")) {
    s->s = cvkit_stim_new(h->b, h->P, seed, cycles, *path ? path : NULL, dpi_err, sizeof dpi_err);
    if (!s->s) goto fail;
  } else {
    long P[KIT_MAX_PARAMS];
    s->v = cvkit_vec_read(path, dpi_err, sizeof dpi_err);
    if (!s->v) goto fail;
    if (cvkit_vec_block(s->v) != h->b) {
      snprintf(dpi_err, sizeof dpi_err, "%s: a vector file of block %s, the model is %s", path,
               kit_blocks[cvkit_vec_block(s->v)]->name, h->k->name);
      goto fail;
    }
    cvkit_vec_params(s->v, P);
    if (kit_stim_params_match(h->k, P, h->P, dpi_err, sizeof dpi_err)) {
      char why[DPI_ERR_LEN];
      memcpy(why, dpi_err, sizeof why);
      snprintf(dpi_err, sizeof dpi_err, "%.500s: %.500s", path, why);
      goto fail;
    }
    seed = cvkit_vec_seed(s->v);
  }
  h->seed = seed;
  snprintf(h->source, sizeof h->source, "%s", *path ? path : "random stimulus");
  return s;
fail:
  cvkit_vec_free(s->v);
  free(s);
  return NULL;
}

int cvkit_dpi_stim_next(void *v, cvkit_dpi_vec_t *in)
{
  dpi_stim_t *s = v;
  const unsigned nin = s->h->nin;
  uint64_t i64[KIT_MAX_PORTS];
  if (s->s) {
    if (cvkit_stim_fill(s->s, 1, i64) != 1) return 0;
  } else {
    if (s->pos == cvkit_vec_cycles(s->v)) return 0;
    memcpy(i64, cvkit_vec_records(s->v) + s->pos * (nin + s->h->nout), nin * sizeof *i64);
  }
  s->pos++;
  memset(in, 0, CVKIT_DPI_BITS / 8);
  for (unsigned i = 0; i < nin; i++) slot_put(in, i, i64[i]);
  return 1;
}

void cvkit_dpi_stim_free(void *v)
{
  dpi_stim_t *s = v;
  if (!s) return;
  cvkit_stim_free(s->s);
  cvkit_vec_free(s->v);
  free(s);
}

/* ---------------------------------------------------------------------- */
/* Verdict                                                                 */
/* ---------------------------------------------------------------------- */

int cvkit_dpi_compare(void *v, const cvkit_dpi_vec_t *got, const char *repro)
{
  dpi_t *h = v;
  const unsigned nin = h->nin, nout = h->nout;
  uint64_t g[KIT_MAX_PORTS], differs = 0;
  int n = 0;
  for (unsigned i = 0; i < nout; i++) {
    g[i] = slot_get(got, i) & kit_mask(h->port[nin + i].width);
    if (g[i] != h->exp[i]) {
      differs |= (uint64_t)1 << i;
      n++;
    }
  }
  if (n == 0 || h->fail_cycle >= 0) return n;
  const uint64_t c = cvkit_model_cycles(h->m) - 1;
  h->fail_cycle = (int64_t)c;
  h->differs = differs;
  kit_report_mismatch(h->k, h->port, c, h->seed, h->source, "DPI-C testbench", h->exp, g, h->hist,
                      DPI_HISTORY);
  printf("  reproduce: %s\n", repro && *repro ? repro : "(not given)");
  fflush(stdout);
  return n;
}

int cvkit_dpi_result(void *v, const char *path, const char *top, const char *repro)
{
  dpi_t *h = v;
  kit_out_t o;
  int bits, covered;
  if (kit_out_open(&o, path, dpi_err, sizeof dpi_err)) return -1;
  FILE *f = o.f;
  fprintf(f, "{\"schema\": \"cvkit.dpi/1\", \"block\": \"%s\", \"params\": {", h->k->name);
  for (unsigned i = 0; i < h->k->nparams; i++)
    fprintf(f, "%s\"%s\": %ld", i ? ", " : "", h->k->params[i].name, h->P[i]);
  fprintf(f, "}, \"top\": ");
  kit_json_str(f, top);
  fprintf(f, ", \"seed\": %" PRIu64 ", \"source\": ", h->seed);
  kit_json_str(f, h->source);
  fprintf(f, ", \"verdict\": \"%s\", \"cycles\": %" PRIu64 ", \"fail_cycle\": %" PRId64 ", \"differs\": [",
          h->fail_cycle >= 0 ? "mismatch" : "matched", cvkit_model_cycles(h->m), h->fail_cycle);
  for (unsigned i = 0, k = 0; i < h->nout; i++)
    if (h->differs >> i & 1) fprintf(f, "%s\"%s\"", k++ ? ", " : "", h->port[h->nin + i].name);
  fprintf(f, "], \"cover\": {");
  for (int i = 0; i < cvkit_dpi_ncover(h); i++) {
    fprintf(f, "%s", i ? ", " : "");
    kit_json_str(f, cvkit_dpi_cover_name(h, i));
    fprintf(f, ": %" PRIu64, cvkit_dpi_cover_count(h, i));
  }
  toggles(h, &bits, &covered);
  fprintf(f, "}, \"toggle\": {\"covered\": %d, \"bits\": %d}, \"repro\": ", covered, bits);
  kit_json_str(f, repro);
  fprintf(f, "}\n");
  return kit_out_commit(&o, dpi_err, sizeof dpi_err);
}
