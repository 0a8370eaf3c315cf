/*
 * victim_bits_traffic.c - the victim-bit tracker's traffic adapter
 * (doc/traffic.md "Adapters", doc/victim_bits.md): the block watches the
 * shared L2, so every L2 access of the hierarchy (all banks, in time
 * order) becomes the block's L2 events, one per cycle:
 *  - a read that hits: HIT; a write that hits (an L1 store through, or an
 *    L1 write-back): WRITE;
 *  - an access that allocates: EVICT of the victim first when a valid line
 *    was replaced, then FILL (so a miss with a victim takes two cycles);
 *  - an access that allocates nothing (a write miss of a write-through
 *    L2): no event.
 * The block's set is (bank + L2Banks * set) mod Sets: the L2's sets over
 * all its banks, folded onto the block's (exact when L2Banks * L2Sets =
 * Sets); the way is the L2 way mod Ways (exact when L2Ways = Ways); the
 * requesting L1 is the SM mod L1s. dbg_addr_i walks its whole range, one
 * address a cycle. The traffic is over after the last L2 access.
 */
#include <stdlib.h>

#include "cmodel/victim_bits/victim_bits.h"
#include "tb/stim/tadapt.h"

typedef struct vb_ta {
  unsigned sets, ways, l1s, banks;
  uint64_t cycle;
  int pending;          /* the FILL after an EVICT, still to drive */
  victim_bits_in_t fill;
} vb_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  vb_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->sets = (unsigned)P[victim_bits_P_Sets];
  s->ways = (unsigned)P[victim_bits_P_Ways];
  s->l1s = (unsigned)P[victim_bits_P_L1s];
  s->banks = (unsigned)kit_hier_P(h)[HP_L2BANKS];
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  vb_ta_t *s = v;
  victim_bits_in_t *i = (victim_bits_in_t *)in;
  i->dbg_addr_i = s->cycle++;   /* masked to the port's width by the source */
  if (s->pending) {
    s->pending = 0;
    i->ev_valid_i = 1;
    i->ev_kind_i = VB_FILL;
    i->ev_set_i = s->fill.ev_set_i;
    i->ev_way_i = s->fill.ev_way_i;
    i->ev_l1_i = s->fill.ev_l1_i;
    return 1;
  }
  kit_hev_t e;
  int rc;
  /* a write miss that allocates nothing has no event */
  while ((rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L2), &e, err, errlen)) == 1 && !e.hit && e.store &&
         kit_hier_P(h)[HP_L2WB] == 0) {}
  if (rc <= 0) return rc;
  i->ev_valid_i = 1;
  i->ev_set_i = ((uint64_t)e.bank + (uint64_t)s->banks * e.set) % s->sets;
  i->ev_way_i = e.way % s->ways;
  i->ev_l1_i = e.sm % s->l1s;
  if (e.hit) {
    i->ev_kind_i = e.store ? VB_WRITE : VB_HIT;
    return 1;
  }
  i->ev_kind_i = VB_FILL;
  if (e.evict) {   /* the victim's EVICT now, the FILL next cycle */
    s->fill = *i;
    s->pending = 1;
    i->ev_kind_i = VB_EVICT;
  }
  return 1;
}

const kit_tadapt_t victim_bits_traffic = {
  "L2 accesses (all banks): read hit HIT, write hit WRITE, allocation EVICT (victim) then FILL; "
  "set (bank + L2Banks * set) mod Sets, way mod Ways, L1 = SM mod L1s",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L2),
  0 /* every SM */,
};
