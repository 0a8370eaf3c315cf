/*
 * ctl_traffic.c - the CTA Throttling Logic's traffic adapter (doc/traffic.md
 * "Adapters", doc/ctl.md "Traffic"): the CTL sits beside SM 0's CTA
 * dispatcher, in the hierarchy's time (block cycle n after the reset =
 * hierarchy cycle n).
 *
 * - Cycle 0 loads #reg = 2^RnW / min(MaxCta, 2^RnW) (the RF shared by the
 *   slots used) and BP = 0x10000000; slot c's registers start at FRN =
 *   c x #reg.
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
 * The CTA side (cfg, launches, completions, ret_cnt_i, drained_i, memory,
 * dbg_cta_i) is tb/stim/cta_traffic.h, shared with linebacker's adapter.
 * A private ctl model (kit_tadapt_model) gives the outputs the DUT shows in
 * the same cycle (sched_mask_o, ninact_o, launch_new_o, mv_*, mem_*), so the
 * stimulus stays a function of the traffic and the parameters (open loop).
 * The traffic is over when SM 0 has no event left and no instruction is
 * carried.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tb/stim/cta_traffic.h"

#define CT_WIN 256u    /* LM window, cycles */
#define CT_MON 2u      /* monitoring windows before the LM selects */

typedef struct ct_ta {
  ctl_model_t *m;              /* private ctl */
  ctl_out_t o;                 /* its outputs shown in the coming cycle */
  kit_tclock_t c;
  kit_ctat_t t;
  uint32_t ack;
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
  kit_ctat_init(&s->t, (unsigned)P[ctl_P_MaxCta], (unsigned)P[ctl_P_RetW], (unsigned)P[ctl_P_RnW],
                (uint32_t)kit_hier_P(h)[HP_MEMLAT]);
  if (!(s->m = kit_tadapt_model(&ctl_block, P, (uint64_t *)&s->o))) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  ct_ta_t *s = v;
  ctl_in_t *i = (ctl_in_t *)in;
  const uint64_t now = s->c.now;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, KIT_CTAT_KINDS, &e, err, errlen)) == 1)
    if (e.sm == 0) kit_ctat_event(&s->t, &e, s->o.sched_mask_o);
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->t.ret) return 0;
  /* the LM */
  i->win_end_i = now > 0 && now % CT_WIN == 0;
  i->lm_state_i = now / CT_WIN >= CT_MON ? 1u : 0u;
  /* the VTT: its mask follows lrn_o one cycle later */
  i->lrn_ack_i = s->ack;
  s->ack = (uint32_t)s->o.lrn_o;
  const kit_ctat_ports_t p = {&i->cfg_ld_i, &i->cfg_nreg_i, &i->cfg_bp_i, &i->ret_cnt_i, &i->launch_valid_i,
                              &i->launch_id_i, &i->launch_frn_i, &i->done_valid_i, &i->done_id_i, &i->drained_i,
                              &i->mem_rvalid_i, &i->dbg_cta_i};
  kit_ctat_drive(&s->t, s->m, &s->o, &p);
  ctl_block.model_step(s->m, in, (uint64_t *)&s->o);
  kit_ctat_after(&s->t, &s->o);
  s->c.now++;
  return 1;
}

const kit_tadapt_t ctl_traffic = {
  "SM 0 in hierarchy time: CTA launch (lowest empty slot, when nothing is parked or launch_new_o asked) / finish (once "
  "schedulable), instructions of schedulable CTAs as ret_cnt_i, drained when the CTA has no read in flight; "
  "LM windows of 256 cycles, selected after 2; a private ctl gives its answers (doc/ctl.md \"Traffic\")",
  ta_create, ta_next, ta_free, KIT_CTAT_KINDS,
  KIT_CTAT_KINDS,
};
