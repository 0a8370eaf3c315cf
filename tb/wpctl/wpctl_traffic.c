/*
 * wpctl_traffic.c - the partitioning controller's traffic adapter
 * (doc/traffic.md "Adapters", doc/wpctl.md "Traffic"): the block reads
 * every SM's done_o and (through its poll) ipc_o, so the adapter plays the
 * NumSm SMs' waypart blocks on the traffic and answers the poll.
 *
 * - In the hierarchy's time (block cycle n after the reset = hierarchy
 *   cycle n), the events of hierarchy SM s go to SM s mod NumSm (give
 *   TRAFFIC_PARAMS SMs=NumSm for one to one): its instructions (INST) are
 *   its retired instructions of their kernel (waypart ret_i), its CTA
 *   finishes (CTA_END) its finished TBs (tbd, queued one a cycle).
 * - Each SM's counters are a private waypart model (cmodel/waypart, the
 *   controller's Kernels and IpcW, weights 1, quotas 1) stepped with the
 *   controller's start_o and meas_o, as wp_gpu wires them (its partition
 *   writes change no counter: not modelled, so the SMs keep waypart's
 *   default ways); to know those and rd_sm_o, the adapter runs a private wpctl
 *   model on the inputs it gives (its outputs are the DUT's in the same
 *   cycle: stimulus stays a function of the traffic and the parameters).
 *   sm_done_i = the SMs' done_o, rd_ipc_i = ipc_o of SM rd_sm_o. The SMs
 *   no hierarchy SM maps to (NumSm above the hierarchy's SMs) all see the
 *   same inputs from the same reset: one model plays them all (speed).
 * - static_i = 0 (the dynamic scheme), cfg_part_i = 0.
 * The traffic is over when the hierarchy has no more instruction or CTA
 * event and no TB finish waits.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/waypart/waypart.h"
#include "cmodel/wpctl/wpctl.h"
#include "tb/stim/tadapt.h"

#define WC_QMAX 64u

typedef struct wc_sm {
  void *m;                     /* waypart: ipc_o, done_o */
  waypart_out_t o;
  uint64_t ret;                /* this cycle's ret_i */
  unsigned tbd[WC_QMAX], ntbd;
} wc_sm_t;

typedef struct wc_ta {
  unsigned numsm, k, retw;
  unsigned live;               /* SMs j >= live get no event ever (hierarchy SM s goes to s mod NumSm) */
  uint64_t wgt, tb;            /* every weight 1, every quota 1 */
  void *ctl;                   /* private wpctl */
  wpctl_out_t o;               /* its outputs shown in the coming cycle */
  kit_tclock_t c;
  wc_sm_t sm[64];
} wc_ta_t;

static void ta_free(void *v)
{
  wc_ta_t *s = v;
  if (!s) return;
  for (unsigned j = 0; j < s->numsm; j++)
    if (s->sm[j].m) waypart_block.model_free(s->sm[j].m);
  if (s->ctl) wpctl_block.model_free(s->ctl);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  wc_ta_t *s = calloc(1, sizeof *s);
  long Pw[waypart_NPARAMS];
  if (!s) goto oom;
  s->numsm = (unsigned)P[wpctl_P_NumSm];
  s->live = kit_hier_sms(h) < s->numsm ? kit_hier_sms(h) : s->numsm;
  s->k = (unsigned)P[wpctl_P_Kernels];
  /* the counters' configuration: K and IpcW are the controller's; the
   * ways stay waypart's default (the partition changes no counter, and
   * the controller's K x CW may exceed what waypart holds) */
  kit_params_default(&waypart_block, Pw);
  Pw[waypart_P_Kernels] = P[wpctl_P_Kernels];
  Pw[waypart_P_IpcW] = P[wpctl_P_IpcW];
  if (kit_params_check(&waypart_block, Pw, err, errlen)) {   /* cannot happen: the ranges agree */
    ta_free(s);
    return NULL;
  }
  s->retw = (unsigned)Pw[waypart_P_RetW];
  for (unsigned k = 0; k < s->k; k++) {
    s->wgt |= (uint64_t)1 << (k * (unsigned)Pw[waypart_P_WgtW]);
    s->tb |= (uint64_t)1 << (k * (unsigned)Pw[waypart_P_TbW]);
  }
  if (!(s->ctl = kit_tadapt_model(&wpctl_block, P, (uint64_t *)&s->o))) goto oom;
  for (unsigned j = 0; j < s->numsm && j <= s->live; j++)   /* the SMs after live are SM live (sm_out) */
    if (!(s->sm[j].m = kit_tadapt_model(&waypart_block, Pw, (uint64_t *)&s->sm[j].o))) goto oom;
  return s;
oom:
  ta_free(s);
  snprintf(err, errlen, "out of memory");
  return NULL;
}

/* SM j's registered outputs: the SMs after live are played by SM live. */
static const waypart_out_t *sm_out(const wc_ta_t *s, unsigned j) { return &s->sm[j < s->live ? j : s->live].o; }

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  wc_ta_t *s = v;
  wpctl_in_t *i = (wpctl_in_t *)in;
  const uint64_t retmax = kit_mask(s->retw);
  kit_hev_t e;
  int rc, busy = 0;
  while ((rc = kit_tadapt_due(h, &s->c, KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END), &e, err, errlen)) == 1) {
    wc_sm_t *sm = &s->sm[e.sm % s->numsm];
    busy = 1;
    if (e.kernel >= s->k) continue;
    if (e.kind == KIT_HEV_INST) {
      if (kit_field(sm->ret, e.kernel, s->retw) < retmax) sm->ret += (uint64_t)1 << (e.kernel * s->retw);
    } else if (sm->ntbd < WC_QMAX) {
      sm->tbd[sm->ntbd++] = e.kernel;
    }
  }
  if (rc < 0) return rc;
  for (unsigned j = 0; j < s->numsm && !busy; j++) busy = s->sm[j].ntbd != 0;
  if (kit_tclock_over(&s->c) && !busy) return 0;
  /* the controller's inputs: the SMs' registered outputs */
  for (unsigned j = 0; j < s->numsm; j++) i->sm_done_i |= (uint64_t)sm_out(s, j)->done_o << j;
  i->rd_ipc_i = s->o.rd_sm_o < s->numsm ? sm_out(s, (unsigned)s->o.rd_sm_o)->ipc_o : 0;
  /* the SMs' step, with the controller's outputs of this cycle. The SMs
   * no hierarchy SM maps to (j >= live) get the same inputs every cycle
   * from the same reset state, so they are the same model: the first of
   * them is stepped and stands for the others (sm_out; the ports are the
   * same as stepping each: 15 models a cycle were 3/4 of the source) */
  for (unsigned j = 0; j < s->numsm && j <= s->live; j++) {
    wc_sm_t *sm = &s->sm[j];
    waypart_in_t w = {.rst_ni = 1, .start_i = s->o.start_o, .meas_i = s->o.meas_o, .ret_i = sm->ret,
                      .wgt_i = s->wgt, .tb_i = s->tb};
    if (sm->ntbd) {
      w.tbd_valid_i = 1;
      w.tbd_k_i = sm->tbd[0];
      memmove(sm->tbd, sm->tbd + 1, --sm->ntbd * sizeof sm->tbd[0]);
    }
    waypart_block.model_step(sm->m, (const uint64_t *)&w, (uint64_t *)&sm->o);
    sm->ret = 0;
  }
  wpctl_block.model_step(s->ctl, in, (uint64_t *)&s->o);
  s->c.now++;
  return 1;
}

const kit_tadapt_t wpctl_traffic = {
  "plays the NumSm SMs (private waypart counters fed by SM s mod NumSm's instructions and CTA finishes, in hierarchy "
  "time): sm_done_i their done_o, rd_ipc_i the polled SM's ipc_o (a private wpctl gives rd_sm_o); static_i 0",
  ta_create, ta_next, ta_free, KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA_END),
  0 /* every SM */,
};
