/*
 * coalescer_traffic.c - the coalescer's traffic adapter (doc/traffic.md
 * "Adapters", doc/coalescer.md "Traffic"): the block is the coalescer of
 * one SM's L1 path, so it takes the warp memory instructions themselves,
 * those of SM 0 (the hierarchy's INST events of sm 0, in issue order).
 *
 * - A warp is offered (in_valid_i) exactly when the block can take it: the
 *   adapter counts the warp's requests in its mode from its own inputs
 *   (the unit leaders of doc "A cycle, step by step"), and with req_ready_i
 *   always 1 (the L1 takes one request a cycle, the hierarchy has no
 *   back-pressure) a warp of n requests holds the buffer n cycles (1 for
 *   no active lane). Between warps in_valid_i is 0; every offered warp is
 *   accepted in its cycle; the last cycles drain the last warp.
 * - in_mask_i = the record's mask; a00_i..a31_i = its lane addresses mod
 *   2^AddrW (inactive lanes 0); in_size_i = log2 of its size (0..4);
 *   in_ca_i = 1 for a load (ld.ca: the L1 caches it, line requests), 0 for
 *   a store (the GPU L1 is write-through, no write-allocate: segment
 *   requests); in_id_i = (cta * 32 + warp) mod 2^IdW.
 * - Sampling (CO8): with no sample open, the next load opens one for its
 *   (kernel, PC, CTA) (in_est_i, in_first_i); the next loads of that key
 *   are counted (in_est_i); the SAMPLE_WARPS-th closes it (in_last_i).
 *   A sample whose CTA finishes (CTA_END) before that is abandoned: the
 *   adapter opens the next one with in_first_i, which restarts the block's
 *   estimator (legal, doc "Ports").
 * The traffic is over when SM 0 has no more instruction and the last warp
 * has drained.
 */
#include <stdlib.h>

#include "cmodel/coalescer/coalescer.h"
#include "tb/stim/tadapt.h"

/* Warps in a sample: a 256-thread block (the kit kernels' default Cta and
 * the paper's typical block size), so a sample is one block's warps of one
 * load when each warp runs it once. */
#define SAMPLE_WARPS 8u

typedef struct coal_ta {
  unsigned lanes, segsh, linesh;
  uint64_t amask, idmask;
  unsigned wait;           /* cycles the buffer stays busy after this one */
  int open;                /* a sample is open */
  unsigned count;          /* its warps so far */
  uint64_t pc;
  uint32_t cta, kernel;
} coal_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  coal_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->lanes = (unsigned)P[coalescer_P_Lanes];
  s->segsh = coal_log2(P[coalescer_P_SegB]);
  s->linesh = coal_log2(P[coalescer_P_LineB]);
  s->amask = kit_mask((unsigned)P[coalescer_P_AddrW]);
  s->idmask = kit_mask((unsigned)P[coalescer_P_IdW]);
  return s;
}

/* The requests the block makes of these inputs: its unit leaders. */
static unsigned leaders(const coal_ta_t *s, const coalescer_in_t *w)
{
  const uint64_t *iv = (const uint64_t *)w;
  const uint32_t a = (uint32_t)w->in_mask_i & (uint32_t)kit_mask(s->lanes);
  const unsigned sh = w->in_ca_i ? s->linesh : s->segsh;
  unsigned n = 0;
  for (unsigned k = 0; k < COAL_LANES; k++) {
    if (!(a >> k & 1u)) continue;
    unsigned j = 0;
    while (j < k && !((a >> j & 1u) && iv[coalescer_in_a00_i + j] >> sh == iv[coalescer_in_a00_i + k] >> sh)) j++;
    n += j == k;
  }
  return n;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  coal_ta_t *s = v;
  coalescer_in_t *i = (coalescer_in_t *)in;
  kit_hev_t e;
  int rc;
  if (s->wait) {
    s->wait--;
    return 1;
  }
  while ((rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END), &e, err, errlen)) == 1) {
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_INST) break;
    if (s->open && e.cta == s->cta && e.kernel == s->kernel) s->open = 0;   /* abandoned */
  }
  if (rc <= 0) return rc;
  const kit_winst_t *w = e.w;
  i->in_valid_i = 1;
  i->in_mask_i = w->mask;
  i->in_size_i = (uint64_t)coal_log2(w->size);
  i->in_ca_i = !w->store;
  i->in_id_i = ((uint64_t)w->cta * 32u + w->warp) & s->idmask;
  for (unsigned k = 0; k < COAL_LANES; k++) in[coalescer_in_a00_i + k] = w->addr[k] & s->amask;
  if (!w->store) {
    if (!s->open) {
      s->open = 1;
      s->count = 0;
      s->pc = w->pc;
      s->cta = w->cta;
      s->kernel = w->kernel;
      i->in_first_i = 1;
    }
    if (w->pc == s->pc && w->cta == s->cta && w->kernel == s->kernel) {
      i->in_est_i = 1;
      if (++s->count == SAMPLE_WARPS) {
        i->in_last_i = 1;
        s->open = 0;
      }
    }
  }
  const unsigned n = leaders(s, i);
  s->wait = n ? n - 1u : 0u;
  return 1;
}

const kit_tadapt_t coalescer_traffic = {
  "the warp instructions of SM 0, each offered when the buffer is free (req_ready_i 1): mask, lane addresses mod "
  "2^AddrW, log2 size, in_ca_i 1 for a load, 0 for a store; a sample per (PC, CTA) of 8 loads",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END),
  KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END),
};
