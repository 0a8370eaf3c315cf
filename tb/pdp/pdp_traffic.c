/*
 * pdp_traffic.c - the PDP-S predictor's traffic adapter (doc/traffic.md
 * "Adapters", doc/pdp.md): PDP-S watches one sampler L1, the L1 of SM 0.
 * Every L1 access of SM 0 (load or store, hit or miss, in time order)
 * is one cycle's access: acc_set_i = line mod Sets, acc_tag_i = (line /
 * Sets) mod 2^TagW, one access per cycle with no idle cycle between (the
 * densest legal traffic: the block takes an access every cycle). The
 * debug port walks bins 0..NB (NB = N_t) one a cycle. Accesses of the
 * other SMs are not seen, as in the paper (one sampler L1 predicts for
 * all). The traffic is over when SM 0 has no more L1 access.
 */
#include <stdlib.h>

#include "cmodel/pdp/pdp.h"
#include "tb/stim/tadapt.h"

typedef struct pdp_ta {
  unsigned sets, nb;
  uint64_t tagmask, cycle;
} pdp_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  pdp_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->sets = (unsigned)P[pdp_P_Sets];
  s->nb = PDP_NB(P);
  s->tagmask = kit_mask((unsigned)P[pdp_P_TagW]);
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  pdp_ta_t *s = v;
  pdp_in_t *i = (pdp_in_t *)in;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L1), &e, err, errlen)) == 1 && e.sm != 0) {}
  if (rc <= 0) return rc;
  i->acc_valid_i = 1;
  i->acc_set_i = e.line % s->sets;
  i->acc_tag_i = e.line / s->sets & s->tagmask;
  i->dbg_addr_i = s->cycle++ % (s->nb + 1);
  return 1;
}

const kit_tadapt_t pdp_traffic = {
  "L1 accesses of SM 0 (the sampler L1), one a cycle: acc_set_i = line mod Sets, acc_tag_i = line / Sets; "
  "dbg_addr_i walks 0..NB",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1),
  KIT_HEV_BIT(KIT_HEV_L1),
};
