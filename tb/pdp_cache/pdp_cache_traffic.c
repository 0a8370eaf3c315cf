/*
 * pdp_cache_traffic.c - the PDP L1 cache's traffic adapter (doc/traffic.md
 * "Adapters", doc/pdp_cache.md): the block is one L1, here SM 0's. Each
 * cycle takes the next L1 access of SM 0 (time order) and, beside it, the
 * oldest data return of SM 0 not yet driven:
 *  - acc_valid_i = 1, acc_wr_i = a store, acc_set_i = line mod Sets,
 *    acc_tag_i = (line / Sets) mod 2^TagW;
 *  - fill_valid_i for a read's RETURN (its data arrived): fill_set_i = line
 *    mod Sets, fill_way_i = **Decision:** the way the hierarchy's L1
 *    filled for that line (an open-loop adapter cannot know the block's own
 *    choice; they agree when the block chose the same victim, otherwise
 *    the fill ends another reservation of the set early or is ignored,
 *    both legal, D9); after the last access, the remaining fills with no
 *    access;
 *  - pd_i and byp_en_i stand in for the predictor (closed loop in the real
 *    design): **Decision:** a schedule by access count, phases of 2048
 *    accesses, pd_i = 0, 4, 16, DMax in turn (each <= DMax), byp_en_i = 1
 *    for four phases, then 0 for four;
 *  - dbg_set_i / dbg_way_i walk every line, one a cycle.
 */
#include <stdlib.h>

#include "cmodel/pdp_cache/pdp_cache.h"
#include "tb/stim/tadapt.h"

#define WAYS_OF 4096u   /* the hierarchy's fill way, by line mod WAYS_OF */
#define FILLQ   4096u   /* returns not yet driven */

typedef struct pdpc_ta {
  unsigned sets, ways, dmax;
  uint64_t tagmask, acc, cycle;
  int done;                    /* no access left */
  uint8_t way_of[WAYS_OF];
  uint64_t fq[FILLQ];          /* lines whose data arrived */
  unsigned fh, fn;
} pdpc_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  pdpc_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->sets = (unsigned)P[pdp_cache_P_Sets];
  s->ways = (unsigned)P[pdp_cache_P_Ways];
  s->dmax = (unsigned)P[pdp_cache_P_DMax];
  s->tagmask = kit_mask((unsigned)P[pdp_cache_P_TagW]);
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  pdpc_ta_t *s = v;
  pdp_cache_in_t *i = (pdp_cache_in_t *)in;
  kit_hev_t e;
  int rc = 0;
  while (!s->done && (rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_RETURN), &e, err,
                                           errlen)) == 1) {
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_RETURN) {
      if (!e.store && s->fn < FILLQ) s->fq[(s->fh + s->fn++) % FILLQ] = e.line;
      continue;
    }
    if (!e.hit) s->way_of[e.line % WAYS_OF] = (uint8_t)e.way;
    break;
  }
  if (rc < 0) return -1;
  if (rc == 0) s->done = 1;
  if (s->done && s->fn == 0) return 0;
  i->dbg_set_i = s->cycle / s->ways % s->sets;
  i->dbg_way_i = s->cycle % s->ways;
  s->cycle++;
  if (!s->done) {
    static const unsigned pd4[4] = {0, 4, 16, 0};
    unsigned phase = (unsigned)(s->acc++ / 2048 % 8);
    i->acc_valid_i = 1;
    i->acc_wr_i = e.store;
    i->acc_set_i = e.line % s->sets;
    i->acc_tag_i = e.line / s->sets & s->tagmask;
    i->pd_i = phase % 4 == 3 ? s->dmax : pd4[phase % 4];
    i->byp_en_i = phase < 4;
  }
  if (s->fn) {
    uint64_t line = s->fq[s->fh];
    s->fh = (s->fh + 1) % FILLQ;
    s->fn--;
    i->fill_valid_i = 1;
    i->fill_set_i = line % s->sets;
    i->fill_way_i = s->way_of[line % WAYS_OF] % s->ways;
  }
  return 1;
}

const kit_tadapt_t pdp_cache_traffic = {
  "SM 0's L1 accesses, one a cycle, beside the oldest read return as a fill (the hierarchy's way); "
  "pd_i 0/4/16/DMax and byp_en_i by phases of 2048 accesses",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_RETURN),
  KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_RETURN),
};
