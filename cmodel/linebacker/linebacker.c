/*
 * linebacker.c - the Linebacker SM slice: lm + vtt + ctl and the glue of
 * doc/linebacker.md. Every rule names the doc section it implements.
 *
 * Design choice: the three sub-models are stepped with inputs built only
 * from the composite's inputs, the glue registers and their own previous
 * output registers (doc "Wiring"), so the order of the three steps does
 * not matter and the composite is exactly as cycle-accurate as its parts.
 * The glue is computed like the RTL's _d / _q pairs: next values from the
 * state at the start of the cycle, then committed.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/linebacker/linebacker.h"

void lb_sub_params(const kit_block_t *sub, const long *P, long *Psub) { kit_sub_params(&linebacker_block, sub, P, Psub); }

void lb_ctl_in(const linebacker_in_t *in, ctl_in_t *ci)
{
  memset(ci, 0, sizeof *ci);
  ci->rst_ni = in->rst_ni & 1u;
  ci->cfg_ld_i = in->cfg_ld_i;
  ci->cfg_nreg_i = in->cfg_nreg_i;
  ci->cfg_bp_i = in->cfg_bp_i;
  ci->ret_cnt_i = in->ret_cnt_i;
  ci->launch_valid_i = in->launch_valid_i;
  ci->launch_id_i = in->launch_id_i;
  ci->launch_frn_i = in->launch_frn_i;
  ci->done_valid_i = in->done_valid_i;
  ci->done_id_i = in->done_id_i;
  ci->drained_i = in->drained_i;
  ci->rf_rd_ready_i = in->rf_rd_ready_i;
  ci->rf_wr_ready_i = in->rf_wr_ready_i;
  ci->mem_ready_i = in->mem_ready_i;
  ci->mem_rvalid_i = in->mem_rvalid_i;
  ci->dbg_cta_i = in->dbg_cta_i;
}

lb_model_t *lb_new(const long *P)
{
  long Pl[KIT_MAX_PARAMS], Pv[KIT_MAX_PARAMS], Pc[KIT_MAX_PARAMS];
  lb_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  lb_sub_params(&lm_block, P, Pl);
  lb_sub_params(&vtt_block, P, Pv);
  lb_sub_params(&ctl_block, P, Pc);
  m->lm = lm_new(Pl);
  m->vtt = vtt_new(Pv);
  m->ctl = ctl_new(Pc);
  if (!m->lm || !m->vtt || !m->ctl) {
    lb_free(m);
    return NULL;
  }
  /* the reset state: every register as after rst_ni = 0 */
  linebacker_in_t rst;
  memset(&rst, 0, sizeof rst);
  lb_step(m, &rst, &m->out);
  return m;
}

void lb_free(lb_model_t *m)
{
  if (!m) return;
  lm_free(m->lm);
  vtt_free(m->vtt);
  ctl_free(m->ctl);
  free(m);
}

/* doc "Integration decisions" (I2, I3): is register rn owned by a live
 * CTA? Resident with its registers in the RF (the CTL's occupied set),
 * acknowledged by the VTT (ack >= its last RN), and not a restore that
 * has not yet been allowed to write. */
static int lb_owned(const ctl_model_t *c, uint32_t rn, uint32_t ack)
{
  uint32_t occ = c->v & (c->act | ~c->c);
  while (occ) {
    const unsigned s = (unsigned)__builtin_ctz(occ);
    occ &= occ - 1u;
    uint32_t last = c->frn[s] + c->nrm1;
    if (last > c->rn_mask) last = c->rn_mask;
    if (c->mv == CTL_MV_RESTORE && c->mv_cta == s && !c->vtt_ok) continue;
    if (last <= ack && rn >= c->frn[s] && rn <= last) return 1;
  }
  return 0;
}

unsigned lb_viol(const lb_model_t *m, const vtt_out_t *vprev, const ctl_out_t *cprev, unsigned win_chk,
                 int selecting)
{
  const vtt_out_t *nv = &m->vo;
  const ctl_out_t *nc = &m->co;
  unsigned viol = 0;
  if ((nv->rf_rd_o || nv->rf_wr_o) && lb_owned(m->ctl, (uint32_t)nv->rsp_rn_o, (uint32_t)nv->lrn_ack_o))
    viol |= LB_VIOL_RF;
  if (nc->rf_wr_valid_o && nc->rf_wr_rn_o > nv->lrn_ack_o) viol |= LB_VIOL_ACK;
  /* the handshake is wired: an idle VTT edge acknowledges the LRN the CTL
   * showed in that cycle */
  if (vprev->req_ready_o && nv->lrn_ack_o != cprev->lrn_o) viol |= LB_VIOL_ACK;
  if (win_chk && nc->dec_o == CTL_DEC_NONE) viol |= LB_VIOL_WIN;
  /* the selecting window end: the proactive throttle, done or due */
  if (selecting && nc->dec_o != CTL_DEC_PROACTIVE && nc->dec_o != CTL_DEC_THR_BLOCKED && !m->ctl->pro)
    viol |= LB_VIOL_WIN;
  return viol;
}

void lb_step(lb_model_t *m, const linebacker_in_t *in, linebacker_out_t *out)
{
  lm_in_t li;
  vtt_in_t vi;
  ctl_in_t ci;
  const lm_out_t lo = m->lo;
  const vtt_out_t vo = m->vo;
  const ctl_out_t co = m->co;
  const uint64_t rst_n = in->rst_ni & 1u;

  /* ---- wiring (doc "Wiring"): inputs from the registers of last cycle -- */
  const int ans = vo.rsp_valid_o && vo.rsp_op_o == VTT_OP_LOOKUP;
  const int take = in->req_valid_i && m->out.req_ready_o;
  const unsigned op = (unsigned)(in->req_op_i & 3u);
  const int offer = m->ev_st == LB_EV_OFFER;

  li.rst_ni = rst_n;
  li.acc_valid_i = ans ? 1u : in->hit_valid_i;
  li.acc_pc_i = ans ? m->lk_pc : in->hit_pc_i;
  li.acc_out_i = ans ? (vo.rsp_hit_o ? LM_OUT_VTT_HIT : LM_OUT_MISS) : LM_OUT_L1_HIT;
  li.vc_valid_i = take && op == VTT_OP_INSERT;
  li.vc_hpc_i = in->req_hpc_i;
  li.dbg_addr_i = 0;

  vi.rst_ni = rst_n;
  vi.lm_state_i = lo.state_o;
  vi.lrn_i = m->fault == LB_FAULT_NO_LRN ? 0u : co.lrn_o;
  vi.req_valid_i = offer || (take && op < VTT_OP_INSERT);
  vi.req_op_i = offer ? VTT_OP_INSERT : op;
  vi.req_set_i = offer ? m->ev_set : in->req_set_i;
  vi.req_tag_i = offer ? m->ev_tag : in->req_tag_i;
  vi.req_useful_i = offer ? m->ev_useful : 0u;
  vi.dbg_vp_i = vi.dbg_set_i = vi.dbg_way_i = 0;

  lb_ctl_in(in, &ci);
  ci.lm_state_i = lo.state_o;
  ci.win_end_i = m->fault == LB_FAULT_NO_WIN_END ? 0u : lo.win_end_o;
  ci.lrn_ack_i = m->fault == LB_FAULT_SELF_ACK ? co.lrn_o : vo.lrn_ack_o;

  /* ---- glue, next values (doc "Glue state and reset") ------------------ */
  const unsigned win_chk = lo.win_end_o && lo.state_o == LM_ST_SELECTED && co.phase_o == CTL_PH_THR;
  const int selecting = co.phase_o == CTL_PH_WAIT && lo.state_o == LM_ST_SELECTED;
  if (!rst_n) {
    m->lk_pc = 0;
    m->ev_st = LB_EV_NONE;
    m->ev_set = 0;
    m->ev_tag = 0;
    m->ev_useful = 0;
    m->win_chk = 0;
  } else {
    if (take && op == VTT_OP_LOOKUP) m->lk_pc = (uint32_t)in->req_pc_i;
    switch (m->ev_st) {
    case LB_EV_NONE:
      if (take && op == VTT_OP_INSERT) {
        m->ev_st = LB_EV_CHECK;
        m->ev_set = (uint32_t)in->req_set_i;
        m->ev_tag = in->req_tag_i;
      }
      break;
    case LB_EV_CHECK:
      m->ev_useful = (unsigned)lo.useful_o;
      m->ev_st = LB_EV_OFFER;
      break;
    default:
      if (vo.req_ready_o) m->ev_st = LB_EV_NONE;
      break;
    }
    m->win_chk = win_chk;
  }

  /* ---- the three blocks ------------------------------------------------ */
  lm_step(m->lm, &li, &m->lo);
  vtt_step(m->vtt, &vi, &m->vo);
  ctl_step(m->ctl, &ci, &m->co);

  /* ---- outputs (doc "Ports"), from the new registers -------------------- */
  linebacker_out_t *o = &m->out;
  const lm_out_t *nl = &m->lo;
  const vtt_out_t *nv = &m->vo;
  const ctl_out_t *nc = &m->co;
  o->hit_ready_o = !(nv->rsp_valid_o && nv->rsp_op_o == VTT_OP_LOOKUP);
  o->req_ready_o = nv->req_ready_o && m->ev_st == LB_EV_NONE;
  o->lm_state_o = nl->state_o;
  o->sel_mask_o = nl->sel_mask_o;
  o->win_end_o = nl->win_end_o;
  o->hpc_o = nl->acc_hpc_o;
  o->vtt_rsp_valid_o = nv->rsp_valid_o;
  o->vtt_rsp_op_o = nv->rsp_op_o;
  o->vtt_rsp_hit_o = nv->rsp_hit_o;
  o->vtt_rf_rd_o = nv->rf_rd_o;
  o->vtt_rf_wr_o = nv->rf_wr_o;
  o->vtt_rn_o = nv->rsp_rn_o;
  o->vtt_mode_o = nv->mode_o;
  o->vp_act_o = nv->vp_act_o;
  o->lrn_ack_o = nv->lrn_ack_o;
  o->phase_o = nc->phase_o;
  o->sched_mask_o = nc->sched_mask_o;
  o->lrn_o = nc->lrn_o;
  o->bp_o = nc->bp_o;
  o->dec_o = nc->dec_o;
  o->mv_state_o = nc->mv_state_o;
  o->mv_cta_o = nc->mv_cta_o;
  o->launch_new_o = nc->launch_new_o;
  o->rf_rd_valid_o = nc->rf_rd_valid_o;
  o->rf_rd_rn_o = nc->rf_rd_rn_o;
  o->rf_wr_valid_o = nc->rf_wr_valid_o;
  o->rf_wr_rn_o = nc->rf_wr_rn_o;
  o->mem_valid_o = nc->mem_valid_o;
  o->mem_we_o = nc->mem_we_o;
  o->mem_addr_o = nc->mem_addr_o;
  o->dbg_v_o = nc->dbg_v_o;
  o->dbg_act_o = nc->dbg_act_o;
  o->dbg_c_o = nc->dbg_c_o;
  o->dbg_frn_o = nc->dbg_frn_o;
  o->dbg_ba_o = nc->dbg_ba_o;

  /* ---- integration invariants (doc "Integration invariants") ------------ */
  o->viol_o = rst_n ? lb_viol(m, &vo, &co, win_chk, selecting) : 0u;
  *out = *o;
}
