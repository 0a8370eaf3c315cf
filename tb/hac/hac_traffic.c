/*
 * hac_traffic.c - the hybrid LLC controller's traffic adapter
 * (doc/traffic.md "Adapters", doc/hac.md): HAC manages the last-level
 * cache, so every L2 access of the hierarchy (all banks, in time order) is
 * one request, one a cycle:
 *  - req_wb_i = 1 for a write (an L1 store through, an L1 write-back),
 *    0 for a read (a demand miss of an L1);
 *  - req_set_i = (bank + L2Banks * set) mod Sets (the L2's sets over its
 *    banks, folded onto HAC's: exact when L2Banks * L2Sets = Sets);
 *    req_tag_i = line / (L2Banks * L2Sets), its low TagW bits;
 *  - req_nvm_i: the NVM / DRAM routing. **Decision:** by address, bit 32
 *    of the byte address, i.e. the odd-numbered arrays of the kernels
 *    (doc/traffic.md "Addresses": array k at ... + k * 2^32) live in NVM,
 *    the even ones in DRAM (stream's b, matmul's B, bfs's col and dist...);
 *    for a trace, the same bit of its addresses;
 *  - req_ea_i: the number of distinct lines (line requests) of the warp
 *    instruction the access serves (IV-A's effective addresses of the
 *    coalesced request, 1..32); 1 for an L1 write-back.
 * The traffic is over after the last L2 access.
 */
#include <stdlib.h>

#include "cmodel/hac/hac.h"
#include "tb/stim/tadapt.h"

#define RING 4096u   /* instructions in flight between issue and L2 (NocLat <= 1000 cycles) */

typedef struct hac_ta {
  unsigned sets, banks, l2sets, line;
  uint64_t tagmask;
  uint8_t ea[RING];   /* by instruction index mod RING: its line requests */
} hac_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  hac_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  const long *H = kit_hier_P(h);
  s->sets = (unsigned)P[hac_P_Sets];
  s->tagmask = kit_mask((unsigned)P[hac_P_TagW]);
  s->banks = (unsigned)H[HP_L2BANKS];
  s->l2sets = (unsigned)H[HP_L2SETS];
  s->line = (unsigned)H[HP_LINE];
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  hac_ta_t *s = v;
  hac_in_t *i = (hac_in_t *)in;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L2) | KIT_HEV_BIT(KIT_HEV_INST), &e, err, errlen)) == 1 &&
         e.kind == KIT_HEV_INST)
    s->ea[e.inst % RING] = (uint8_t)e.nreq;
  if (rc <= 0) return rc;
  i->req_valid_i = 1;
  i->req_wb_i = e.store;
  i->req_set_i = ((uint64_t)e.bank + (uint64_t)s->banks * e.set) % s->sets;
  i->req_tag_i = e.line / ((uint64_t)s->banks * s->l2sets) & s->tagmask;
  i->req_nvm_i = e.line * s->line >> 32 & 1;
  i->req_ea_i = e.wb ? 1 : s->ea[e.inst % RING];
  return 1;
}

const kit_tadapt_t hac_traffic = {
  "L2 accesses (all banks), one request a cycle: wb = a write, set folded over the banks, tag = line / "
  "(L2Banks * L2Sets), nvm = address bit 32 (odd arrays), ea = the instruction's line requests",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L2) | KIT_HEV_BIT(KIT_HEV_INST),
  0 /* every SM */,
};
