/*
 * ctl_traffic.c - the CTA Throttling Logic's traffic adapter (doc/traffic.md
 * "Adapters", doc/ctl.md "Traffic"): the CTL sits beside SM 0's CTA
 * dispatcher, in the hierarchy's time (block cycle n after the reset =
 * hierarchy cycle n).
 *
 * - Cycle 0 loads #reg = 2^RnW / MaxCta (the RF shared by the slots) and
 *   BP = 0x10000000; slot c's registers start at FRN = c x #reg.
 * - A CTA event of SM 0 queues its CTA; the head of the queue launches into
 *   the lowest empty slot when no CTA is parked (ninact_o = 0) or a launch
 *   is owed (each launch_new_o owes one): the SM launches only what the
 *   CTL asks for while it holds parked CTAs (doc "Completions and
 *   launches"). A CTA that ends while still queued is dropped (never shown).
 * - A CTA_END of a resident CTA completes its slot (done_valid_i) as soon as
 *   the slot is schedulable: a throttled CTA does not run, so it finishes
 *   after its restore. One completion a cycle, lowest slot first.
 * - ret_cnt_i: SM 0's warp memory instructions (INST) whose CTA is in a
 *   schedulable slot (a throttled CTA issues nothing: the IPC the CTL
 *   measures falls when it throttles), at most 2^RetW - 1 a cycle, the
 *   rest carried to the next cycles. The unit (memory instructions only)
 *   cancels in Eq. 1's ratio.
 * - The LM (win_end_i, lm_state_i) is the adapter's: a window every
 *   CT_WIN cycles, monitoring for CT_MON windows, then selected (the
 *   LM's choice depends on a victim cache the CTL does not see; the
 *   linebacker composite wires the real LM).
 * - drained_i: the CTA being drained (mv_cta_o) has no read of SM 0 in
 *   flight (INJECT of a load miss not yet RETURNed).
 * - Readies 1; a restore read accepted by the memory returns MemLat cycles
 *   later (the hierarchy's memory latency), in order. lrn_ack_i echoes the
 *   previous cycle's lrn_o (the VTT recomputes its mask in one cycle).
 *   dbg_cta_i walks the slots.
 * A private ctl model (kit_tadapt_model) gives the outputs the DUT shows in
 * the same cycle (sched_mask_o, ninact_o, launch_new_o, mv_*, mem_*), so the
 * stimulus stays a function of the traffic and the parameters (open loop).
 * The traffic is over when SM 0 has no event left and no instruction is
 * carried.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cmodel/ctl/ctl.h"
#include "tb/stim/tadapt.h"

#define CT_WIN 256u    /* LM window, cycles */
#define CT_MON 2u      /* monitoring windows before the LM selects */
#define CT_Q 256u      /* CTAs waiting for a slot */
#define CT_BP 0x10000000u

typedef struct ct_slot {
  int used, ended;
  uint32_t kernel, cta;
  unsigned inflight;           /* reads of this CTA between INJECT and RETURN */
} ct_slot_t;

typedef struct ct_ta {
  unsigned maxcta, retmax;
  uint32_t nreg, memlat;
  ctl_model_t *m;              /* private ctl */
  ctl_out_t o;                 /* its outputs shown in the coming cycle */
  kit_tclock_t c;
  ct_slot_t s[CTL_MAX_CTA];
  uint32_t qk[CT_Q], qc[CT_Q];
  unsigned qn, owed;
  uint64_t ret;                /* instructions carried */
  uint32_t ack;
  uint64_t rq[CTL_MAX_BUF];    /* return cycles of accepted reads, in order */
  unsigned rq_head, rq_n;
} ct_ta_t;

static void ta_free(void *v)
{
  ct_ta_t *s = v;
  if (!s) return;
  if (s->m) ctl_block.model_free(s->m);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  ct_ta_t *s = kit_tadapt_alloc(sizeof *s, err, errlen);
  if (!s) return NULL;
  s->maxcta = (unsigned)P[ctl_P_MaxCta];
  s->retmax = (unsigned)kit_mask((unsigned)P[ctl_P_RetW]);
  s->nreg = (1u << P[ctl_P_RnW]) / s->maxcta;
  s->memlat = (uint32_t)kit_hier_P(h)[HP_MEMLAT];
  if (!(s->m = kit_tadapt_model(&ctl_block, P, (uint64_t *)&s->o))) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  return s;
}

static int slot_of(const ct_ta_t *s, uint32_t kernel, uint32_t cta)
{
  for (unsigned j = 0; j < s->maxcta; j++)
    if (s->s[j].used && s->s[j].kernel == kernel && s->s[j].cta == cta) return (int)j;
  return -1;
}

/* One event of SM 0. */
static void ta_event(ct_ta_t *s, const kit_hev_t *e)
{
  const int j = e->kind == KIT_HEV_CTA ? -1 : slot_of(s, e->kernel, e->cta);
  switch (e->kind) {
  case KIT_HEV_CTA:
    if (s->qn < CT_Q) {
      s->qk[s->qn] = e->kernel;
      s->qc[s->qn++] = e->cta;
    }
    break;
  case KIT_HEV_CTA_END:
    if (j >= 0) {
      s->s[j].ended = 1;
      break;
    }
    for (unsigned k = 0; k < s->qn; k++)      /* never launched: dropped */
      if (s->qk[k] == e->kernel && s->qc[k] == e->cta) {
        for (unsigned n = k + 1; n < s->qn; n++) s->qk[n - 1] = s->qk[n], s->qc[n - 1] = s->qc[n];
        s->qn--;
        break;
      }
    break;
  case KIT_HEV_INST:
    if (j >= 0 && (s->o.sched_mask_o >> j & 1)) s->ret++;
    break;
  case KIT_HEV_INJECT:
    if (j >= 0 && !e->store && !e->wb) s->s[j].inflight++;
    break;
  case KIT_HEV_RETURN:
    if (j >= 0 && !e->store && s->s[j].inflight) s->s[j].inflight--;
    break;
  default:
    break;
  }
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  ct_ta_t *s = v;
  ctl_in_t *i = (ctl_in_t *)in;
  const ctl_out_t *o = &s->o;
  const uint64_t now = s->c.now;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, ctl_traffic.kinds, &e, err, errlen)) == 1)
    if (e.sm == 0) ta_event(s, &e);
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->ret) return 0;

  if (now == 0) {
    i->cfg_ld_i = 1;
    i->cfg_nreg_i = s->nreg;
    i->cfg_bp_i = CT_BP;
  }
  /* the LM */
  i->win_end_i = now > 0 && now % CT_WIN == 0;
  i->lm_state_i = now / CT_WIN >= CT_MON ? 1u : 0u;
  /* instructions */
  i->ret_cnt_i = s->ret < s->retmax ? s->ret : s->retmax;
  s->ret -= i->ret_cnt_i;
  /* a launch (slots empty at the start of the cycle) */
  const uint32_t empty = ~s->m->v & (uint32_t)kit_mask(s->maxcta);
  if (s->qn && empty && (o->ninact_o == 0 || s->owed)) {
    const unsigned j = (unsigned)__builtin_ctz(empty);
    i->launch_valid_i = 1;
    i->launch_id_i = j;
    i->launch_frn_i = j * s->nreg;
    s->s[j] = (ct_slot_t){.used = 1, .kernel = s->qk[0], .cta = s->qc[0]};
    for (unsigned n = 1; n < s->qn; n++) s->qk[n - 1] = s->qk[n], s->qc[n - 1] = s->qc[n];
    s->qn--;
    if (s->owed) s->owed--;
  }
  /* a completion */
  for (unsigned j = 0; j < s->maxcta; j++)
    if (s->s[j].used && s->s[j].ended && (o->sched_mask_o >> j & 1)) {
      i->done_valid_i = 1;
      i->done_id_i = j;
      s->s[j].used = 0;
      break;
    }
  i->drained_i = o->mv_state_o == CTL_MV_DRAIN && !s->s[o->mv_cta_o].inflight;
  i->lrn_ack_i = s->ack;
  s->ack = (uint32_t)o->lrn_o;
  /* memory: read data in order, MemLat cycles after acceptance (readies 1) */
  if (s->rq_n && s->rq[s->rq_head] <= now) {
    i->mem_rvalid_i = 1;
    s->rq_head = (s->rq_head + 1u) % CTL_MAX_BUF;
    s->rq_n--;
  }
  if (o->mem_valid_o && !o->mem_we_o && s->rq_n < CTL_MAX_BUF)
    s->rq[(s->rq_head + s->rq_n++) % CTL_MAX_BUF] = now + (s->memlat ? s->memlat : 1u);
  i->dbg_cta_i = now % s->maxcta;

  ctl_block.model_step(s->m, in, (uint64_t *)&s->o);
  if (s->o.launch_new_o) s->owed++;
  s->c.now++;
  return 1;
}

const kit_tadapt_t ctl_traffic = {
  "SM 0 in hierarchy time: CTA launch (lowest empty slot, when nothing is parked or launch_new_o asked) / finish (once "
  "schedulable), instructions of schedulable CTAs as ret_cnt_i, drained when the CTA has no read in flight; "
  "LM windows of 256 cycles, selected after 2; a private ctl gives its answers (doc/ctl.md \"Traffic\")",
  ta_create, ta_next, ta_free,
  KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) | KIT_HEV_BIT(KIT_HEV_CTA_END) | KIT_HEV_BIT(KIT_HEV_INJECT) |
      KIT_HEV_BIT(KIT_HEV_RETURN)
};
