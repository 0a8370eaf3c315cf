/*
 * linebacker_traffic.c - the Linebacker SM slice's traffic adapter
 * (doc/traffic.md "Adapters", doc/linebacker.md "Traffic"): the slice is
 * SM 0, in the hierarchy's time (block cycle n after the reset =
 * hierarchy cycle n).
 *
 * - L1 side (SM 0's L1 events): a load hit is offered on the hit port
 *   (hit_pc_i its PC; dropped when hit_ready_o refuses it: the LM's port
 *   is taken by a VTT answer); a load miss queues a VTT lookup (req_pc_i
 *   its PC), a store a probe, an eviction an insert of the victim after
 *   the access's own request, req_hpc_i = lm_hash of the PC that filled
 *   the victim (the HPC field the L1 line would hold). Set = L1 set mod
 *   Sets, tag = line / L1Sets mod 2^TagW (the victim's likewise). The SM's
 *   queue (LB_Q entries; a request finding it full is dropped) offers its
 *   head every cycle, popped when req_ready_o takes it.
 * - CTA side: as ctl's adapter (tb/stim/cta_traffic.h, doc/ctl.md
 *   "Traffic"); the LM's window, state and the VTT's LRN answer are wired
 *   inside the slice.
 * A private linebacker model (kit_tadapt_model) gives hit_ready_o,
 * req_ready_o and the CTL's state and outputs, the DUT's in the same cycle
 * (open loop). The traffic is over when SM 0 has no event left, no
 * instruction is carried and the queue is empty.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmodel/linebacker/linebacker.h"
#include "tb/stim/cta_traffic.h"

#define LB_Q 64u

typedef struct lb_req {
  unsigned op;
  uint32_t pc, hpc, set;
  uint64_t tag;
} lb_req_t;

typedef struct lb_ta {
  lb_model_t *m;               /* private slice */
  linebacker_out_t o;          /* its outputs shown in the coming cycle */
  kit_tclock_t c;
  kit_ctat_t t;
  unsigned sets, hashw, l1sets, l1ways;
  uint64_t tagmax;
  uint32_t *fpc;               /* PC that filled L1 set s way w of SM 0 */
  int hit;                     /* a hit waits for this cycle's port */
  uint32_t hit_pc;
  lb_req_t q[LB_Q];
  unsigned qh, qn;
} lb_ta_t;

static void ta_free(void *v)
{
  lb_ta_t *s = v;
  if (!s) return;
  if (s->m) linebacker_block.model_free(s->m);
  free(s->fpc);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  const long *H = kit_hier_P(h);
  lb_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  kit_ctat_init(&s->t, (unsigned)P[linebacker_P_MaxCta], (unsigned)P[linebacker_P_RetW],
                (unsigned)P[linebacker_P_RnW], (uint32_t)H[HP_MEMLAT]);
  s->sets = (unsigned)P[linebacker_P_Sets];
  s->hashw = lm_log2u((unsigned)P[linebacker_P_Entries]);
  s->tagmax = kit_mask((unsigned)P[linebacker_P_TagW]);
  s->l1sets = (unsigned)H[HP_L1SETS];
  s->l1ways = (unsigned)H[HP_L1WAYS];
  s->fpc = calloc((size_t)s->l1sets * s->l1ways, sizeof *s->fpc);
  if (!s->fpc || !(s->m = kit_tadapt_model(&linebacker_block, P, (uint64_t *)&s->o))) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  return s;
}

static void push(lb_ta_t *s, unsigned op, uint32_t pc, uint32_t hpc, uint32_t set, uint64_t line)
{
  if (s->qn == LB_Q) return;   /* the SM's queue is full: dropped */
  s->q[(s->qh + s->qn++) % LB_Q] =
      (lb_req_t){.op = op, .pc = pc, .hpc = hpc, .set = set % s->sets, .tag = (line / s->l1sets) & s->tagmax};
}

/* One L1 access of SM 0. */
static void l1_event(lb_ta_t *s, const kit_hev_t *e)
{
  uint32_t *f = &s->fpc[(size_t)e->set * s->l1ways + e->way];
  const uint32_t pc = (uint32_t)e->pc;
  if (e->store) push(s, VTT_OP_PROBE, 0, 0, e->set, e->line);
  else if (e->hit) {
    s->hit = 1;                /* the last hit of the cycle is offered */
    s->hit_pc = pc;
  } else push(s, VTT_OP_LOOKUP, pc, 0, e->set, e->line);
  if (e->evict) push(s, VTT_OP_INSERT, 0, lm_hash(*f, s->hashw), e->set, e->victim);
  if (!e->hit && !e->store) *f = pc;   /* a load's fill: its PC is the line's HPC */
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  lb_ta_t *s = v;
  linebacker_in_t *i = (linebacker_in_t *)in;
  kit_hev_t e;
  int rc;
  s->hit = 0;
  while ((rc = kit_tadapt_due(h, &s->c, linebacker_traffic.kinds, &e, err, errlen)) == 1) {
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_L1) l1_event(s, &e);
    else kit_ctat_event(&s->t, &e, s->o.sched_mask_o);
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->t.ret && !s->qn) return 0;
  if (s->hit) {
    i->hit_valid_i = 1;
    i->hit_pc_i = s->hit_pc;
  }
  if (s->qn) {
    const lb_req_t *r = &s->q[s->qh];
    i->req_valid_i = 1;
    i->req_op_i = r->op;
    i->req_pc_i = r->pc;
    i->req_hpc_i = r->hpc;
    i->req_set_i = r->set;
    i->req_tag_i = r->tag;
    if (s->o.req_ready_o) {
      s->qh = (s->qh + 1u) % LB_Q;
      s->qn--;
    }
  }
  const kit_ctat_ports_t p = {&i->cfg_ld_i, &i->cfg_nreg_i, &i->cfg_bp_i, &i->ret_cnt_i, &i->launch_valid_i,
                              &i->launch_id_i, &i->launch_frn_i, &i->done_valid_i, &i->done_id_i, &i->drained_i,
                              &i->mem_rvalid_i, &i->dbg_cta_i};
  kit_ctat_drive(&s->t, s->m->ctl, &s->m->co, &p);
  linebacker_block.model_step(s->m, in, (uint64_t *)&s->o);
  kit_ctat_after(&s->t, &s->m->co);
  s->c.now++;
  return 1;
}

const kit_tadapt_t linebacker_traffic = {
  "SM 0 in hierarchy time: load hits to the LM's port, load misses / stores / evictions (HPC of the filling PC) "
  "queued as VTT lookups / probes / inserts; the CTA side as ctl's (doc/linebacker.md \"Traffic\")",
  ta_create, ta_next, ta_free, KIT_CTAT_KINDS | KIT_HEV_BIT(KIT_HEV_L1),
  KIT_CTAT_KINDS | KIT_HEV_BIT(KIT_HEV_L1),
};
