/*
 * lm_traffic.c - the Load Monitor's traffic adapter (doc/traffic.md
 * "Adapters", doc/lm.md): the LM watches the loads of one SM's L1, here
 * SM 0's. Each L1 event of SM 0 in time order is one cycle:
 *  - a load: acc_valid_i = 1, acc_pc_i = its PC (low 32 bits), acc_out_i
 *    0 on an L1 hit, else 1 when the line is in the victim tag table
 *    below, 2 when it is in neither;
 *  - an event that evicted a valid line (a load's or a write-back L1's
 *    store's fill): vc_valid_i = 1 in the same cycle, vc_hpc_i = the LM
 *    hash (lm_hash) of the PC of the instruction that filled the victim
 *    (the L1 line's HPC field, kept per L1 set and way);
 *  - a store that evicts nothing: no cycle (the LM counts loads only).
 * **Decision (the VTT outcome).** The adapter stands in for the VTT with
 * a direct-mapped table of 1024 victim lines (index line mod 1024): an
 * eviction enters its victim, a load miss that finds its line there is a
 * VTT hit (outcome 1) and takes the line out. Open loop: the LM's
 * selection does not change what the L1 keeps (the hierarchy is plain
 * LRU). dbg_addr_i walks the entries, one a cycle.
 */
#include <stdlib.h>

#include "cmodel/lm/lm.h"
#include "tb/stim/tadapt.h"

#define VTT_LINES 1024u

typedef struct lm_ta {
  unsigned hashw, ways;
  uint64_t cycle;
  uint32_t *pc;               /* per hierarchy L1 set and way of SM 0: the filler's PC */
  uint64_t vtt[VTT_LINES];    /* victim line + 1, 0 empty */
} lm_ta_t;

static void ta_free(void *v)
{
  lm_ta_t *s = v;
  if (s) free(s->pc);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  lm_ta_t *s = calloc(1, sizeof *s);
  const long *H = kit_hier_P(h);
  if (s) s->pc = calloc((size_t)H[HP_L1SETS] * (size_t)H[HP_L1WAYS], sizeof *s->pc);
  if (!s || !s->pc) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  s->hashw = LM_HASHW(P);
  s->ways = (unsigned)H[HP_L1WAYS];
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  lm_ta_t *s = v;
  lm_in_t *i = (lm_in_t *)in;
  kit_hev_t e;
  int rc;
  /* SM 0's L1 events; a store that evicts nothing makes no cycle */
  while ((rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L1), &e, err, errlen)) == 1 &&
         (e.sm != 0 || (e.store && !e.evict))) {
    if (e.sm == 0 && e.store && !e.hit && kit_hier_P(h)[HP_L1WB]) s->pc[e.set * s->ways + e.way] = (uint32_t)e.pc;
  }
  if (rc <= 0) return rc;
  uint32_t *slot = &s->pc[e.set * s->ways + e.way];
  i->dbg_addr_i = s->cycle++;
  if (e.evict) {
    i->vc_valid_i = 1;
    i->vc_hpc_i = lm_hash(*slot, s->hashw);
    s->vtt[e.victim % VTT_LINES] = e.victim + 1;
  }
  if (!e.store) {
    i->acc_valid_i = 1;
    i->acc_pc_i = (uint32_t)e.pc;
    if (e.hit) {
      i->acc_out_i = LM_OUT_L1_HIT;
    } else if (s->vtt[e.line % VTT_LINES] == e.line + 1) {
      i->acc_out_i = LM_OUT_VTT_HIT;
      s->vtt[e.line % VTT_LINES] = 0;
    } else {
      i->acc_out_i = LM_OUT_MISS;
    }
  }
  if (!e.hit && (!e.store || kit_hier_P(h)[HP_L1WB])) *slot = (uint32_t)e.pc;   /* the line filled here */
  return 1;
}

const kit_tadapt_t lm_traffic = {
  "SM 0's L1: a load is an access (pc, outcome hit / VTT hit / miss from a 1024-line victim table), an "
  "eviction a victim check with the hashed PC of the victim's filler",
  ta_create, ta_next, ta_free, KIT_HEV_BIT(KIT_HEV_L1),
  KIT_HEV_BIT(KIT_HEV_L1),
};
