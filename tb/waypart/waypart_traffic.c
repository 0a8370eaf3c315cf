/*
 * waypart_traffic.c - the way-partitioned L1's traffic adapter
 * (doc/traffic.md "Adapters", doc/waypart.md "Traffic"): the block is one
 * SM's L1 tag array, here SM 0's, in the hierarchy's time (block cycle n
 * after the reset = hierarchy cycle n: idle where SM 0 has no event).
 *
 * - Every L1 access of SM 0 (the L1 events: loads and stores, in time
 *   order, at most one a cycle) is the cycle's access: acc_st_i = store,
 *   acc_k_i = the instruction's kernel (a `mix`'s A 0, B 1; beyond the
 *   port's range the largest code: a kernel >= K bypasses, WP6), acc_set_i = line mod Sets, acc_tag_i = (line / Sets)
 *   mod 2^TagW, acc_byp_i = 0 (no tbbyp here: wp_gpu composes it).
 * - ret_i: field k counts SM 0's instructions of kernel k issued in the
 *   cycle (INST events; at most one a cycle); tbd_valid_i / tbd_k_i: a
 *   CTA of SM 0 finished (CTA_END; more than one in a cycle queue up, one
 *   a cycle, WP11).
 * - The controller (wpctl is not here) is a fixed schedule: periods of
 *   PERIOD cycles, start_i in the first, meas_i 1 but in the last, where
 *   the next period's partition is written (WP17's dead window): periods
 *   0, 2, 4, ... Even, period 2j+1 all Ways to kernel j mod K (the others
 *   bypass, WP6; their lines stay, WP8: foreign hits). wgt_i: every weight
 *   1 (SM throughput, WP10); tb_i: every quota 1 (WP11).
 * - dbg_set_i / dbg_way_i walk the array, one line a cycle.
 * The traffic is over when SM 0 has no more event.
 */
#include <stdlib.h>

#include "cmodel/waypart/waypart.h"
#include "tb/stim/tadapt.h"

#define PERIOD 1024u

typedef struct wp_ta {
  unsigned sets, ways, k, kmax, cw, retw, tbw, wgtw;
  uint64_t tagmask;
  kit_tclock_t c;
  unsigned tbd[64], ntbd;      /* CTA finishes waiting for their cycle */
} wp_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  wp_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->sets = (unsigned)P[waypart_P_Sets];
  s->ways = (unsigned)P[waypart_P_Ways];
  s->k = (unsigned)P[waypart_P_Kernels];
  s->cw = WP_CW(P);
  s->kmax = (unsigned)kit_mask(WP_KW(P));
  s->retw = (unsigned)P[waypart_P_RetW];
  s->tbw = (unsigned)P[waypart_P_TbW];
  s->wgtw = (unsigned)P[waypart_P_WgtW];
  s->tagmask = kit_mask((unsigned)P[waypart_P_TagW]);
  return s;
}

/* The partition written for period p (see the header). */
static uint64_t period_part(const wp_ta_t *s, uint64_t p)
{
  unsigned c[WP_MAX_K] = {0};
  if (p % 2 == 0) waypart_even(s->ways, s->k, c);
  else c[p / 2 % s->k] = s->ways;
  uint64_t v = 0;
  for (unsigned j = 0; j < s->k; j++) v |= (uint64_t)c[j] << (j * s->cw);
  return v;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  wp_ta_t *s = v;
  waypart_in_t *i = (waypart_in_t *)in;
  const unsigned kinds = KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END);
  const uint64_t t = s->c.now, retmax = kit_mask(s->retw);
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, kinds, &e, err, errlen)) == 1) {
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_L1) {
      i->acc_valid_i = 1;
      i->acc_st_i = e.store;
      i->acc_k_i = e.kernel < s->kmax ? e.kernel : s->kmax;
      i->acc_set_i = e.line % s->sets;
      i->acc_tag_i = e.line / s->sets & s->tagmask;
    } else if (e.kind == KIT_HEV_INST) {
      if (e.kernel < s->k && kit_field(i->ret_i, e.kernel, s->retw) < retmax) i->ret_i += (uint64_t)1 << (e.kernel * s->retw);
    } else if (s->ntbd < 64) {
      s->tbd[s->ntbd++] = e.kernel;
    }
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !i->acc_valid_i && !i->ret_i && !s->ntbd) return 0;
  if (s->ntbd) {
    i->tbd_valid_i = 1;
    i->tbd_k_i = s->tbd[0] < s->kmax ? s->tbd[0] : s->kmax;
    for (unsigned j = 1; j < s->ntbd; j++) s->tbd[j - 1] = s->tbd[j];
    s->ntbd--;
  }
  for (unsigned j = 0; j < s->k; j++) {
    i->wgt_i |= (uint64_t)1 << (j * s->wgtw);
    i->tb_i |= (uint64_t)1 << (j * s->tbw);
  }
  i->start_i = t % PERIOD == 0;
  i->meas_i = t % PERIOD != PERIOD - 1;
  if (!i->meas_i) {
    i->part_we_i = 1;
    i->part_i = period_part(s, t / PERIOD + 1);
  }
  i->dbg_set_i = t % s->sets;
  i->dbg_way_i = t / s->sets % s->ways;
  s->c.now++;
  return 1;
}

const kit_tadapt_t waypart_traffic = {
  "SM 0's L1 accesses in hierarchy time (kernel = acc_k_i, set = line mod Sets, tag = line / Sets), its "
  "instructions as ret_i, its CTA finishes as tbd; periods of 1024 cycles alternating Even and all ways to one kernel",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END),
  KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END),
};
