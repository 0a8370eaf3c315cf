/*
 * cbwt_l1.c - CBWT's sampler-core slice: pdp_cache + pdp + noc_sampler +
 * maw_ctl + victim_bits and the glue of doc/cbwt_l1.md. Every rule names
 * the doc section it implements.
 *
 * Design choice: the five sub-models are stepped with inputs built only
 * from the composite's inputs and their own previous output registers (doc
 * "Wiring"), so the order of the steps does not matter and the composite
 * is exactly as cycle-accurate as its parts. The glue registers only feed
 * the integration checks; they are computed like the RTL's _d / _q pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/cbwt_l1/cbwt_l1.h"

/* doc "Parameters": the composite parameters a sub-block takes under
 * another name. pdp's PeriodLen is derived (2^PeriodLog, S1). */
static const struct { const char *sub, *sub_param, *param; } cb_map[] = {
  {"pdp", "TagW", "PdTagW"},
  {"victim_bits", "Sets", "L2Sets"},
  {"victim_bits", "Ways", "L2Ways"},
  {"victim_bits", "Period", "VbPeriod"},
};

void cb_sub_params(const kit_block_t *sub, const long *P, long *Psub)
{
  kit_params_default(sub, Psub);
  for (unsigned i = 0; i < sub->nparams; i++) {
    const char *name = sub->params[i].name;
    for (unsigned r = 0; r < sizeof cb_map / sizeof cb_map[0]; r++)
      if (strcmp(cb_map[r].sub, sub->name) == 0 && strcmp(cb_map[r].sub_param, sub->params[i].name) == 0)
        name = cb_map[r].param;
    const int k = kit_param_index(&cbwt_l1_block, name);
    if (k >= 0) Psub[i] = P[k];
  }
  if (strcmp(sub->name, "pdp") == 0) Psub[pdp_P_PeriodLen] = 1L << P[cbwt_l1_P_PeriodLog];
}

cb_model_t *cb_new(const long *P)
{
  long Pc[KIT_MAX_PARAMS], Pp[KIT_MAX_PARAMS], Pn[KIT_MAX_PARAMS], Pm[KIT_MAX_PARAMS], Pv[KIT_MAX_PARAMS];
  cb_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  cb_sub_params(&pdp_cache_block, P, Pc);
  cb_sub_params(&pdp_block, P, Pp);
  cb_sub_params(&noc_sampler_block, P, Pn);
  cb_sub_params(&maw_ctl_block, P, Pm);
  cb_sub_params(&victim_bits_block, P, Pv);
  m->pc = pdp_cache_new(Pc);
  m->pdp = pdp_new(Pp);
  m->noc = noc_sampler_new(Pn);
  m->maw = maw_ctl_new(Pm);
  m->vb = victim_bits_new(Pv);
  if (!m->pc || !m->pdp || !m->noc || !m->maw || !m->vb) {
    cb_free(m);
    return NULL;
  }
  m->pd_tag_mask_w = (unsigned)P[cbwt_l1_P_PdTagW];
  m->byp_mode = (unsigned)P[cbwt_l1_P_BypMode];
  m->n = (unsigned)(P[cbwt_l1_P_NMax] << P[cbwt_l1_P_PerCore]);
  /* the reset state: every register as after rst_ni = 0 */
  cbwt_l1_in_t rst;
  memset(&rst, 0, sizeof rst);
  cb_step(m, &rst, &m->out);
  return m;
}

void cb_free(cb_model_t *m)
{
  if (!m) return;
  pdp_cache_free(m->pc);
  pdp_free(m->pdp);
  noc_sampler_free(m->noc);
  maw_ctl_free(m->maw);
  victim_bits_free(m->vb);
  free(m);
}

unsigned cb_viol(const cb_model_t *m)
{
  const maw_ctl_out_t *mo = &m->mo;
  unsigned v = 0;
  if (mo->per_end_o != (uint64_t)(m->busy_q && !m->busy_q2)) v |= CB_VIOL_PER;
  if (mo->per_end_o && m->wait_q && !mo->dec_valid_o) v |= CB_VIOL_WAIT;
  if (mo->maw_o != m->maw_q && !(mo->dec_valid_o && m->wait_q)) v |= CB_VIOL_MAW;
  if (m->no.busy_o && !mo->wait_o) v |= CB_VIOL_NOC;
  if (m->co.rsp_valid_o && m->co.rsp_kind_o == PDPC_BYPASS && !m->byp_q) v |= CB_VIOL_BYP;
  if (m->no.avg_valid_o && !mo->wait_o) v |= CB_VIOL_AVG;
  return v;
}

/* doc "Wiring": the bypass enable pdp_cache uses while victim_bits shows
 * `cont` (S2). */
static unsigned cb_byp_en(const cb_model_t *m, uint64_t cont)
{
  return !m->byp_mode ? 1u : (unsigned)(cont & 1u);
}

void cb_step(cb_model_t *m, const cbwt_l1_in_t *in, cbwt_l1_out_t *out)
{
  pdp_cache_in_t ci;
  pdp_in_t pi;
  noc_sampler_in_t ni;
  maw_ctl_in_t mi;
  victim_bits_in_t vi;
  const uint64_t rst_n = in->rst_ni & 1u;
  memset(&ci, 0, sizeof ci);
  memset(&pi, 0, sizeof pi);
  memset(&ni, 0, sizeof ni);
  memset(&mi, 0, sizeof mi);
  memset(&vi, 0, sizeof vi);

  /* ---- wiring (doc "Wiring"): inputs from the registers of last cycle -- */
  const unsigned byp_en = cb_byp_en(m, m->vo.contention_o);
  ci.rst_ni = rst_n;
  ci.acc_valid_i = in->acc_valid_i;
  ci.acc_wr_i = in->acc_wr_i;
  ci.acc_set_i = in->acc_set_i;
  ci.acc_tag_i = in->acc_tag_i;
  ci.pd_i = m->po.pd_o;
  ci.byp_en_i = m->fault == CB_FAULT_BYP_ON ? 1u : byp_en;
  ci.fill_valid_i = in->fill_valid_i;
  ci.fill_set_i = in->fill_set_i;
  ci.fill_way_i = in->fill_way_i;
  ci.dbg_set_i = in->dbg_set_i;
  ci.dbg_way_i = in->dbg_way_i;

  pi.rst_ni = rst_n;
  pi.acc_valid_i = in->acc_valid_i && (!in->acc_wr_i || m->fault == CB_FAULT_PDP_WRITES);   /* S8 */
  pi.acc_set_i = in->acc_set_i;
  pi.acc_tag_i = in->acc_tag_i & kit_mask(m->pd_tag_mask_w);                                 /* S9 */

  mi.rst_ni = rst_n;
  mi.acc_valid_i = m->co.rsp_valid_o && !m->co.rsp_wr_o;
  mi.acc_byp_i = m->co.rsp_kind_o == PDPC_BYPASS;
  mi.cont_i = m->vo.contention_o;
  mi.noc_valid_i = m->no.avg_valid_o;
  mi.noc_avg_i = m->no.avg_o;

  ni.rst_ni = rst_n;
  ni.inj_valid_i = in->inj_valid_i;
  ni.ret_valid_i = in->ret_valid_i;
  ni.ret_id_i = in->ret_id_i;
  ni.per_end_i = m->fault == CB_FAULT_NO_PER_END ? 0u : m->mo.per_end_o;

  vi.rst_ni = rst_n;
  vi.ev_valid_i = in->ev_valid_i;
  vi.ev_kind_i = in->ev_kind_i;
  vi.ev_set_i = in->ev_set_i;
  vi.ev_way_i = in->ev_way_i;
  vi.ev_l1_i = in->ev_l1_i;

  /* ---- glue (doc "Glue state and reset") ------------------------------- */
  if (!rst_n) {
    m->busy_q = m->busy_q2 = m->wait_q = m->byp_q = 0;
    m->maw_q = m->n;
  } else {
    m->busy_q2 = m->busy_q;
    m->busy_q = (unsigned)m->po.busy_o;
    m->wait_q = (unsigned)m->mo.wait_o;
    m->maw_q = (unsigned)m->mo.maw_o;
    m->byp_q = byp_en;
  }

  /* ---- the five blocks ------------------------------------------------- */
  pdp_cache_step(m->pc, &ci, &m->co);
  pdp_step(m->pdp, &pi, &m->po);
  noc_sampler_step(m->noc, &ni, &m->no);
  maw_ctl_step(m->maw, &mi, &m->mo);
  victim_bits_step(m->vb, &vi, &m->vo);
  if (m->fault == CB_FAULT_MAW_FORCE && rst_n && m->mo.per_end_o && m->mo.maw_o > 1) m->mo.maw_o--;

  /* ---- outputs (doc "Ports"), from the new registers -------------------- */
  cbwt_l1_out_t *o = &m->out;
  o->rsp_valid_o = m->co.rsp_valid_o;
  o->rsp_wr_o = m->co.rsp_wr_o;
  o->rsp_kind_o = m->co.rsp_kind_o;
  o->rsp_way_o = m->co.rsp_way_o;
  o->rsp_evict_o = m->co.rsp_evict_o;
  o->rsp_forced_o = m->co.rsp_forced_o;
  o->rsp_resv_o = m->co.rsp_resv_o;
  o->dbg_valid_o = m->co.dbg_valid_o;
  o->dbg_resv_o = m->co.dbg_resv_o;
  o->dbg_tag_o = m->co.dbg_tag_o;
  o->dbg_rpd_o = m->co.dbg_rpd_o;
  o->dbg_rank_o = m->co.dbg_rank_o;
  o->pd_o = m->po.pd_o;
  o->pd_valid_o = m->po.pd_valid_o;
  o->pdp_busy_o = m->po.busy_o;
  o->byp_en_o = cb_byp_en(m, m->vo.contention_o);
  o->mark_o = m->no.mark_o;
  o->mark_id_o = m->no.mark_id_o;
  o->drop_o = m->no.drop_o;
  o->tmo_o = m->no.tmo_o;
  o->stale_o = m->no.stale_o;
  o->noc_busy_o = m->no.busy_o;
  o->avg_valid_o = m->no.avg_valid_o;
  o->avg_o = m->no.avg_o;
  o->nsamp_o = m->no.nsamp_o;
  o->contention_o = m->vo.contention_o;
  o->vb_done_o = m->vo.period_done_o;
  o->maw_o = m->mo.maw_o;
  o->per_end_o = m->mo.per_end_o;
  o->wait_o = m->mo.wait_o;
  o->mb_o = m->mo.mb_o;
  o->nt_o = m->mo.nt_o;
  o->dec_valid_o = m->mo.dec_valid_o;
  o->dec_o = m->mo.dec_o;
  o->dir_o = m->mo.dir_o;
  o->phase_o = m->mo.phase_o;
  o->stop_o = m->mo.stop_o;

  /* ---- integration invariants (doc "Integration invariants") ------------ */
  o->viol_o = cb_viol(m);
  *out = *o;
}
