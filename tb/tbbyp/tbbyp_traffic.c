/*
 * tbbyp_traffic.c - thread-block bypassing's traffic adapter
 * (doc/traffic.md "Adapters", doc/tbbyp.md "Traffic"): the block sits
 * beside one SM's dispatcher and L1, here SM 0's, in the hierarchy's time
 * (block cycle n after the reset = hierarchy cycle n).
 *
 * - CTA launch / finish of SM 0 (CTA, CTA_END events) are thread-block
 *   issues / retires (iss_*, ret_*: its kernel, and a slot of the
 *   adapter's own view, tb/stim/tsm.h, MaxTb slots, the lowest free one; a
 *   CTA that finds none is not shown). They go out in event order, at most
 *   one issue and one retire a cycle (a retire then an issue in one cycle,
 *   TB10), later ones wait.
 * - Every load of SM 0 at the L1 (L1 events, not stores) asks for its bit:
 *   acc_slot_i = its CTA's slot, acc_cls_i = 0 (decided per thread block:
 *   no offline profile here; wp_gpu has the class table). hit_i[k]: the
 *   load, of kernel k, hit in the L1 (TB2: a hit of a cached load).
 * - stall_i[k]: SM 0 has a read miss of kernel k in flight (from its
 *   INJECT up to the cycle before its RETURN): the cycles its warps wait
 *   for memory (the functional hierarchy refuses no access; this is the
 *   stall Eq. 2 weighs against hits).
 * - warps_i[k]: the warps of kernel k's resident CTAs that have issued,
 *   saturating at 2^WarpW - 1.
 * - clr_i = 0 (no partition here: wp_gpu wires wpctl's start_o);
 *   dbg_k_i cycles over the kernels.
 * Kernels >= K are not shown (their issues, loads, hits, stalls).
 * The traffic is over when SM 0 has no more event and no issue or retire
 * waits.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/tbbyp/tbbyp.h"
#include "tb/stim/tadapt.h"
#include "tb/stim/tsm.h"

#define TBA_Q 64u

typedef struct tb_op { uint8_t ret; uint8_t k; uint8_t slot; } tb_op_t;

typedef struct tb_ta {
  unsigned k, warpw;
  kit_tclock_t c;
  kit_tsm_t sm;
  tb_op_t q[TBA_Q];
  unsigned nq;
} tb_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  tb_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->k = (unsigned)P[tbbyp_P_Kernels];
  s->warpw = (unsigned)P[tbbyp_P_WarpW];
  kit_tsm_init(&s->sm, (unsigned)P[tbbyp_P_MaxTb]);
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  tb_ta_t *s = v;
  tbbyp_in_t *i = (tbbyp_in_t *)in;
  const unsigned kinds = KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) |
                         KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN);
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, kinds, &e, err, errlen)) == 1) {
    if (e.sm != 0) continue;
    const int slot = kit_tsm_event(&s->sm, &e);
    if (e.kernel >= s->k || slot < 0) continue;
    if ((e.kind == KIT_HEV_CTA || e.kind == KIT_HEV_CTA_END) && s->nq < TBA_Q)
      s->q[s->nq++] = (tb_op_t){(uint8_t)(e.kind == KIT_HEV_CTA_END), (uint8_t)e.kernel, (uint8_t)slot};
    if (e.kind == KIT_HEV_L1 && !e.store) {
      i->acc_valid_i = 1;
      i->acc_slot_i = (uint64_t)slot;
      if (e.hit) i->hit_i |= (uint64_t)1 << e.kernel;
    }
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->nq && !i->acc_valid_i) return 0;
  /* the dispatcher's issues and retires, in order: a retire, then an issue */
  unsigned n = 0;
  if (n < s->nq && s->q[n].ret) {
    i->ret_valid_i = 1;
    i->ret_k_i = s->q[n].k;
    i->ret_slot_i = s->q[n++].slot;
  }
  if (n < s->nq && !s->q[n].ret) {
    i->iss_valid_i = 1;
    i->iss_k_i = s->q[n].k;
    i->iss_slot_i = s->q[n++].slot;
  }
  memmove(s->q, s->q + n, (s->nq -= n) * sizeof s->q[0]);
  const uint64_t wmax = kit_mask(s->warpw);
  for (unsigned k = 0; k < s->k; k++) {
    const uint64_t w = kit_tsm_warps(&s->sm, k);
    i->warps_i |= (w < wmax ? w : wmax) << (k * s->warpw);
    if (k < KIT_TSM_KERNELS && s->sm.miss[k]) i->stall_i |= (uint64_t)1 << k;
  }
  i->dbg_k_i = s->c.now % s->k;
  s->c.now++;
  return 1;
}

const kit_tadapt_t tbbyp_traffic = {
  "SM 0 in hierarchy time: CTA launch / finish as issue / retire (own slots), its loads ask their bit (class 0), "
  "hit_i their L1 hits, stall_i a read miss in flight, warps_i the resident warps",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) | KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN),
  KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) | KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN),
};
