/*
 * vtt_traffic.c - the victim tag table's traffic adapter (doc/traffic.md
 * "Adapters", doc/vtt.md): the VTT sits beside one L1, here SM 0's. The L1
 * events of SM 0, in time order, become operations:
 *  - a load miss: lookup (op 0) of its line; a store (hit or miss): store
 *    probe (op 1); an eviction: insert (op 2) of the victim, after the
 *    access's own operation;
 *  - req_set_i = line mod Sets, req_tag_i = (line / Sets) mod 2^TagW;
 *    req_useful_i = 1 (**Decision:** the LM's usefulness filter is closed
 *    loop; every victim is offered as useful);
 *  - the handshake, open loop: an operation is offered for one cycle and
 *    the next offer comes MaxLat + 1 = VpLat x NumVp + 1 cycles later, so
 *    the block is idle (req_ready_o = 1) at every offer and takes each
 *    operation exactly once (doc/vtt.md "Latency": at most MaxLat cycles);
 *  - lm_state_i: 0 (monitoring) for the first 4096 cycles, then 1 (victim
 *    cache: the mode change, V9); lrn_i walks four values by phases of 8192
 *    cycles: Offset - 1 (every VP active), Base(NumVp/2), Base(NumVp-1)
 *    (one VP), the top RN (none), so partitions are activated and withdrawn;
 *  - dbg_vp_i / dbg_set_i / dbg_way_i walk every entry, one a cycle.
 * The traffic is over after the last operation's gap.
 */
#include <stdlib.h>

#include "cmodel/vtt/vtt.h"
#include "tb/stim/tadapt.h"

#define OPQ 8u

typedef struct vtt_ta {
  unsigned sets, numvp, vpways, gap, wait, rnw;
  uint64_t tagmask, cycle, vpent, offset;
  struct { unsigned op; uint64_t line; } q[OPQ];
  unsigned qh, qn;
  int done;
} vtt_ta_t;

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  vtt_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->sets = (unsigned)P[vtt_P_Sets];
  s->numvp = (unsigned)P[vtt_P_NumVp];
  s->vpways = (unsigned)P[vtt_P_VpWays];
  s->tagmask = kit_mask((unsigned)P[vtt_P_TagW]);
  s->gap = VTT_MAXLAT(P) + 1;
  s->rnw = (unsigned)P[vtt_P_RnW];
  s->vpent = (uint64_t)P[vtt_P_Sets] * (uint64_t)P[vtt_P_VpWays];
  s->offset = (uint64_t)P[vtt_P_Offset];
  return s;
}

static void enq(vtt_ta_t *s, unsigned op, uint64_t line)
{
  s->q[(s->qh + s->qn) % OPQ].op = op;
  s->q[(s->qh + s->qn) % OPQ].line = line;
  s->qn++;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  vtt_ta_t *s = v;
  vtt_in_t *i = (vtt_in_t *)in;
  /* an operation is due when the last one's gap is over */
  while (s->wait == 0 && s->qn == 0 && !s->done) {
    kit_hev_t e;
    int rc = kit_tadapt_pull(h, KIT_HEV_BIT(KIT_HEV_L1), &e, err, errlen);
    if (rc < 0) return -1;
    if (rc == 0) {
      s->done = 1;
      break;
    }
    if (e.sm != 0) continue;
    if (e.store) enq(s, VTT_OP_PROBE, e.line);
    else if (!e.hit) enq(s, VTT_OP_LOOKUP, e.line);
    if (e.evict) enq(s, VTT_OP_INSERT, e.victim);
  }
  if (s->done && s->qn == 0 && s->wait == 0) return 0;
  uint64_t c = s->cycle++;
  i->lm_state_i = c < 4096 ? 0 : 1;
  uint64_t top = kit_mask(s->rnw), base = s->offset + s->vpent * (s->numvp / 2),
           last = s->offset + s->vpent * (s->numvp - 1);
  const uint64_t lrn[4] = {s->offset - 1, base > top ? top : base, last > top ? top : last, top};
  i->lrn_i = lrn[c / 8192 % 4];
  i->dbg_vp_i = c % s->numvp;
  i->dbg_set_i = c / s->numvp % s->sets;
  i->dbg_way_i = c / s->numvp / s->sets % s->vpways;
  if (s->wait) {
    s->wait--;
    return 1;
  }
  uint64_t line = s->q[s->qh].line;
  i->req_valid_i = 1;
  i->req_op_i = s->q[s->qh].op;
  i->req_set_i = line % s->sets;
  i->req_tag_i = line / s->sets & s->tagmask;
  i->req_useful_i = 1;
  s->qh = (s->qh + 1) % OPQ;
  s->qn--;
  s->wait = s->gap;
  return 1;
}

const kit_tadapt_t vtt_traffic = {
  "SM 0's L1: load miss lookup, store probe, eviction insert (useful), one offer per MaxLat + 1 cycles; "
  "lm_state 0 then 1, lrn_i over four activation levels",
  ta_create, ta_next, free, KIT_HEV_BIT(KIT_HEV_L1),
  KIT_HEV_BIT(KIT_HEV_L1),
};
