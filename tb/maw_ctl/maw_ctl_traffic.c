/*
 * maw_ctl_traffic.c - the MAW controller's traffic adapter
 * (doc/traffic.md "Adapters", doc/maw_ctl.md "Traffic"): the block counts
 * the sampler core's L1 reads (SM 0's) in periods of 2^PeriodLog and
 * decides once per period from the NoC mean latency of the period's
 * window and the L2 contention flag; in the hierarchy's time (block cycle
 * n after the reset = hierarchy cycle n).
 *
 * - acc_valid_i: every load of SM 0 at its L1 (L1 events, not stores: the
 *   lookup completed, as pdp_cache's response in cbwt_l1); acc_byp_i: it
 *   missed. There is no pdp_cache here to bypass: a miss is the read the
 *   L1 did not serve (its data came from L2, as a bypassed read's does),
 *   so the miss share stands in for Eq. 1's bypass share.
 * - noc_valid_i / noc_avg_i: as noc_sampler would deliver them: the
 *   adapter counts its own reads, so it knows the period's last read
 *   (cycle t: per_end_o in t+1, noc_sampler's window closed then) and
 *   gives the mean in t+LatW+2 (noc_sampler's divider: LatW cycles after
 *   the per_end_i cycle, then avg_valid_o); a period end before then
 *   replaces it (the older mean never shows). The mean is floor(sum / n)
 *   of the one-way latencies (INJECT to its L2 event, N1's stop) of SM
 *   0's packets that arrived in the window, at most 2^LatW - 1; 0 for an
 *   empty window. Every packet is timed (the sampler's 1-in-64 choice is
 *   noc_sampler's own business).
 * - cont_i: a stand-in for victim_bits (not here): 1 iff since the last
 *   period end the L2 banks evicted a valid line on more accesses than
 *   they hit (the L2 replaces more than it reuses: contention).
 * The traffic is over when SM 0 has no more read and no mean is due.
 */
#include <stdlib.h>

#include "cmodel/maw_ctl/maw_ctl.h"
#include "tb/stim/tadapt.h"

#define MCA_RING 4096u   /* packets in flight at most: 2 injections a cycle x (NocLat <= 1000) */

typedef struct mc_ta {
  unsigned latw;
  uint64_t period, reads, latmax;
  kit_tclock_t c;
  uint64_t inj_pkt[MCA_RING], inj_time[MCA_RING];   /* SM 0's packets by id mod MCA_RING */
  uint64_t sum, n;                                  /* the window's latencies */
  uint64_t l2_hits, l2_evicts;
  int due;                                          /* a mean is due */
  uint64_t due_at, avg;
} mc_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  mc_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->latw = (unsigned)P[maw_ctl_P_LatW];
  s->latmax = kit_mask(s->latw);
  s->period = (uint64_t)1 << P[maw_ctl_P_PeriodLog];
  for (unsigned j = 0; j < MCA_RING; j++) s->inj_pkt[j] = UINT64_MAX;
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  mc_ta_t *s = v;
  maw_ctl_in_t *i = (maw_ctl_in_t *)in;
  const unsigned kinds = KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2);
  const uint64_t t = s->c.now;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, kinds, &e, err, errlen)) == 1) {
    if (e.kind == KIT_HEV_L2) {
      s->l2_hits += e.hit;
      s->l2_evicts += e.evict;
      const unsigned r = (unsigned)(e.pkt % MCA_RING);
      if (e.sm == 0 && s->inj_pkt[r] == e.pkt) {
        s->sum += e.time - s->inj_time[r];
        s->n++;
      }
    } else if (e.sm == 0 && e.kind == KIT_HEV_INJECT) {
      s->inj_pkt[e.pkt % MCA_RING] = e.pkt;
      s->inj_time[e.pkt % MCA_RING] = e.time;
    } else if (e.sm == 0 && !e.store) {
      i->acc_valid_i = 1;
      i->acc_byp_i = !e.hit;
    }
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !i->acc_valid_i && !s->due) return 0;
  i->cont_i = s->l2_evicts > s->l2_hits;
  if (s->due && s->due_at == t) {
    i->noc_valid_i = 1;
    i->noc_avg_i = s->avg;
    s->due = 0;
  }
  if (i->acc_valid_i && ++s->reads == s->period) {
    /* the period's last read: the window closes at per_end_o (t + 1) */
    s->reads = 0;
    const uint64_t m = s->n ? s->sum / s->n : 0;
    s->avg = m < s->latmax ? m : s->latmax;
    s->due = 1;
    s->due_at = t + s->latw + 2u;
    s->sum = s->n = s->l2_hits = s->l2_evicts = 0;
  }
  s->c.now++;
  return 1;
}

const kit_tadapt_t maw_ctl_traffic = {
  "SM 0's loads in hierarchy time as sampler-L1 reads (a miss as BYPASS), the NoC mean of SM 0's packets (INJECT to "
  "L2) after each period end as noc_sampler times it, cont_i = L2 evictions outnumber L2 hits",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2),
  KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT),
};
