/*
 * wp_gpu.c - Liang's dynamic scheme as one block: wpctl + NumSm x (tbbyp +
 * waypart) and the glue of doc/wp_gpu.md. Every rule names the doc
 * section or decision (G1-G9) it implements.
 *
 * Design choice: every sub-model is stepped with inputs built only from
 * the composite's inputs, the glue registers and the sub-blocks' own
 * previous output registers (doc G5-G8), so the order of the steps does not
 * matter and the composite is exactly as cycle-accurate as its parts. The
 * glue registers are computed like the RTL's _d / _q pairs.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/wp_gpu/wp_gpu.h"

void wgc_sub_params(const kit_block_t *sub, const long *P, long *Psub) { kit_sub_params(&wp_gpu_block, sub, P, Psub); }

wgc_model_t *wgc_new(const long *P)
{
  long Pw[KIT_MAX_PARAMS], Pc[KIT_MAX_PARAMS], Pt[KIT_MAX_PARAMS];
  wgc_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->numsm = (unsigned)P[wp_gpu_P_NumSm];
  m->k = (unsigned)P[wp_gpu_P_Kernels];
  m->ways = (unsigned)P[wp_gpu_P_Ways];
  m->cw = WG_CW(P);
  m->numld = (unsigned)P[wp_gpu_P_NumLd];
  m->retw = (unsigned)P[wp_gpu_P_RetW];
  wgc_sub_params(&wpctl_block, P, Pc);
  wgc_sub_params(&waypart_block, P, Pw);
  wgc_sub_params(&tbbyp_block, P, Pt);
  m->ctl = wpctl_new(Pc);
  int ok = m->ctl != NULL && m->numsm <= WG_MAX_SM;
  for (unsigned s = 0; ok && s < m->numsm; s++) {
    m->wp[s] = waypart_new(Pw);
    m->tb[s] = tbbyp_new(Pt);
    ok = m->wp[s] && m->tb[s];
    if (ok) {
      m->wo[s] = &m->wp[s]->out;
      m->bo[s] = &m->tb[s]->out;
    }
  }
  if (!ok) {
    wgc_free(m);
    return NULL;
  }
  /* the reset state: every register as after rst_ni = 0 */
  wp_gpu_in_t rst;
  memset(&rst, 0, sizeof rst);
  wgc_step(m, &rst, &m->out);
  return m;
}

void wgc_free(wgc_model_t *m)
{
  if (!m) return;
  wpctl_free(m->ctl);
  for (unsigned s = 0; s < WG_MAX_SM; s++) {
    waypart_free(m->wp[s]);
    tbbyp_free(m->tb[s]);
  }
  free(m);
}

/* I-PROF: p is F, or F with +1 at field i and -1 at one other field. */
static int wgc_one_move(const wgc_model_t *m, uint64_t p, uint64_t f, unsigned i)
{
  unsigned up = 0, down = 0, other = 0;
  if (p == f) return 1;
  for (unsigned j = 0; j < m->k; j++) {
    const uint64_t a = kit_field(p, j, m->cw), b = kit_field(f, j, m->cw);
    if (j == i && a == b + 1) up++;
    else if (j != i && a + 1 == b) down++;
    else if (a != b) other++;
  }
  return up == 1 && down == 1 && other == 0;
}

static unsigned wgc_sum(const wgc_model_t *m, uint64_t p)
{
  unsigned s = 0;
  for (unsigned j = 0; j < m->k; j++) s += (unsigned)kit_field(p, j, m->cw);
  return s;
}

unsigned wgc_viol(const wgc_model_t *m)
{
  const wpctl_out_t *c = &m->co;
  const waypart_out_t *r = m->wo[m->p2_sm];
  unsigned v = 0;
  for (unsigned s = m->k + 1; s < m->numsm; s++)
    if (m->wo[s]->part_o != m->wo[m->k]->part_o) v |= WG_VIOL_FOL;
  if (!c->wr_all_o && m->wo[m->k]->part_o != c->fol_part_o) v |= WG_VIOL_FOL;
  if (wgc_sum(m, c->fol_part_o) > m->ways) v |= WG_VIOL_SUM;
  for (unsigned s = 0; s < m->numsm; s++) {
    const uint64_t p = m->wo[s]->part_o;
    if (wgc_sum(m, p) > m->ways) v |= WG_VIOL_SUM;
    /* I-CHG: written: the value written; else unchanged */
    const int wrote = m->wrq_valid && (m->wrq_all || m->wrq_sm == s);
    if (m->chk_q && p != (wrote ? m->wrq_part : m->part_q[s])) v |= WG_VIOL_CHG;
    if (s < m->k && c->meas_o && !wgc_one_move(m, p, c->fol_part_o, s)) v |= WG_VIOL_PROF;
    if (m->start_q && (m->bo[s]->nbyp_o || m->bo[s]->cont_o)) v |= WG_VIOL_CLR;
  }
  if (r->rsp_valid_o && !m->p2_st && m->p2_byp && !r->rsp_byp_o) v |= WG_VIOL_BYP;
  return v;
}

void wgc_step(wgc_model_t *m, const wp_gpu_in_t *in, wp_gpu_out_t *out)
{
  /* every field of every input struct is set below (no memset: the
   * step's hot path) */
  wpctl_in_t ci;
  waypart_in_t *const wi = m->wi;
  tbbyp_in_t *const bi = m->bi;
  const uint64_t rst_n = in->rst_ni & 1u;
  const wpctl_out_t *c = &m->co;
  const unsigned n = m->numsm, k = m->k;

  /* ---- wiring: inputs from the registers of last cycle (G5-G8) -------- */
  ci.rst_ni = rst_n;
  ci.sm_done_i = 0;
  for (unsigned s = 0; s < n; s++) ci.sm_done_i |= (m->wo[s]->done_o & 1u) << s;          /* G8 */
  ci.rd_ipc_i = c->rd_sm_o < n ? m->wo[c->rd_sm_o]->ipc_o : 0;
  ci.static_i = in->static_i;
  ci.cfg_part_i = in->cfg_part_i;
  /* G4: the load's class from the table */
  const uint64_t cls = in->acc_ld_i < m->numld ? kit_field(in->cfg_cls_i, (unsigned)in->acc_ld_i, 2) : 0;
  for (unsigned s = 0; s < n; s++) {
    waypart_in_t *w = &wi[s];
    tbbyp_in_t *b = &bi[s];
    w->rst_ni = rst_n;
    w->acc_valid_i = m->bo[s]->byp_valid_o;                                                  /* G5 */
    w->acc_byp_i = m->fault == WG_FAULT_BYP_CUT ? 0u : m->bo[s]->byp_o;
    w->acc_st_i = m->p1_st;
    w->acc_k_i = m->p1_k;
    w->acc_set_i = m->p1_set;
    w->acc_tag_i = m->p1_tag;
    w->part_we_i = c->wr_valid_o && (c->wr_all_o || c->wr_sm_o == s);                       /* G8 */
    w->part_i = c->wr_part_o;
    if (m->fault == WG_FAULT_BCAST_MISS && s == n - 1 && c->wr_all_o) w->part_we_i = 0;
    if (m->fault == WG_FAULT_WR_LATE && s == n - 1) {
      w->part_we_i = m->late_we;
      w->part_i = m->late_part;
    }
    w->start_i = c->start_o;
    w->meas_i = c->meas_o;
    w->ret_i = kit_field(in->ins_i, s, k * m->retw);                                              /* G2 */
    w->wgt_i = in->wgt_i;                                                                   /* G3 */
    w->tb_i = in->tb_i;
    w->tbd_valid_i = in->ret_valid_i && in->ret_sm_i == s;
    w->tbd_k_i = in->ret_k_i;
    w->dbg_set_i = in->dbg_set_i;
    w->dbg_way_i = in->dbg_way_i;

    b->rst_ni = rst_n;
    b->clr_i = m->fault == WG_FAULT_NO_CLR ? 0u : c->start_o;                               /* G7 */
    b->hit_i = m->wo[s]->rsp_valid_o && m->wo[s]->rsp_hit_o && !m->p2_st && m->p2_k < k      /* G6 */
                   ? 1u << m->p2_k : 0u;
    b->stall_i = kit_field(in->stall_i, s, k);
    b->warps_i = in->warps_i;                                                               /* G3 */
    b->iss_valid_i = in->iss_valid_i && in->iss_sm_i == s;
    b->iss_k_i = in->iss_k_i;
    b->iss_slot_i = in->iss_slot_i;
    b->ret_valid_i = in->ret_valid_i && in->ret_sm_i == s;
    b->ret_k_i = in->ret_k_i;
    b->ret_slot_i = in->ret_slot_i;
    b->acc_valid_i = in->acc_valid_i && in->acc_sm_i == s;                                  /* G5 */
    b->acc_slot_i = in->acc_slot_i;
    b->acc_cls_i = cls;
    b->dbg_k_i = 0;
  }

  /* ---- glue (doc "Glue state and reset") ------------------------------- */
  if (!rst_n) {
    m->p1_sm = m->p1_st = m->p1_k = m->p1_set = 0;
    m->p1_tag = 0;
    m->p2_sm = m->p2_st = m->p2_k = m->p2_byp = 0;
    m->dbg_sm_q = m->iss_sm_q = m->start_q = m->chk_q = 0;
    m->wrq_valid = m->wrq_all = m->wrq_sm = 0;
    m->wrq_part = 0;
    memset(m->part_q, 0, sizeof m->part_q);
    m->late_we = 0;
    m->late_part = 0;
  } else {
    m->p2_sm = m->p1_sm;
    m->p2_st = m->p1_st;
    m->p2_k = m->p1_k;
    m->p2_byp = (unsigned)m->bo[m->p1_sm]->byp_o;
    const int acc = in->acc_valid_i && in->acc_sm_i < n;
    m->p1_sm = acc ? (unsigned)in->acc_sm_i : 0u;
    m->p1_st = acc ? (unsigned)in->acc_st_i : 0u;
    m->p1_k = acc ? (unsigned)in->acc_k_i : 0u;
    m->p1_set = acc ? (unsigned)in->acc_set_i : 0u;
    m->p1_tag = acc ? in->acc_tag_i : 0u;
    m->dbg_sm_q = (unsigned)in->dbg_sm_i;
    m->iss_sm_q = in->iss_valid_i && in->iss_sm_i < n ? (unsigned)in->iss_sm_i : 0u;
    m->start_q = (unsigned)c->start_o;
    m->chk_q = 1;
    m->wrq_valid = (unsigned)c->wr_valid_o;
    m->wrq_all = (unsigned)c->wr_all_o;
    m->wrq_sm = (unsigned)c->wr_sm_o;
    m->wrq_part = c->wr_part_o;
    for (unsigned s = 0; s < n; s++) m->part_q[s] = m->wo[s]->part_o;
    m->late_we = c->wr_valid_o && (c->wr_all_o || c->wr_sm_o == n - 1);
    m->late_part = c->wr_part_o;
  }

  /* ---- the 2 NumSm + 1 blocks ------------------------------------------ */
  wpctl_step(m->ctl, &ci, &m->co);
  for (unsigned s = 0; s < n; s++) {
    waypart_step(m->wp[s], &wi[s], m->wo[s]);
    tbbyp_step(m->tb[s], &bi[s], m->bo[s]);
  }

  /* ---- outputs (doc "Ports", G9), from the new registers --------------- */
  /* written straight into the caller's struct (no copy: the step's hot
   * path); every field is set below */
  wp_gpu_out_t *o = out;
  const waypart_out_t *r = m->wo[m->p2_sm];
  const unsigned pw = k * m->cw;
  o->rsp_valid_o = r->rsp_valid_o;
  o->rsp_sm_o = m->p2_sm;
  o->rsp_hit_o = r->rsp_hit_o;
  o->rsp_foreign_o = r->rsp_foreign_o;
  o->rsp_byp_o = r->rsp_byp_o;
  o->rsp_fill_o = r->rsp_fill_o;
  o->rsp_inv_o = r->rsp_inv_o;
  o->rsp_way_o = r->rsp_way_o;
  o->evict_valid_o = r->evict_valid_o;
  o->evict_tag_o = r->evict_tag_o;
  o->byp_o = m->bo[m->p1_sm]->byp_o;
  o->part_o = o->done_o = 0;
  for (unsigned s = 0; s < n; s++) {
    o->part_o |= m->wo[s]->part_o << (s * pw);
    o->done_o |= (m->wo[s]->done_o & 1u) << s;
  }
  o->ipc_o = o->dbg_valid_o = o->dbg_tag_o = o->dbg_rank_o = o->nbyp_o = o->cont_o = o->slot_byp_o = 0;
  if (m->dbg_sm_q < n) {
    const waypart_out_t *d = m->wo[m->dbg_sm_q];
    const tbbyp_out_t *b = m->bo[m->dbg_sm_q];
    o->ipc_o = d->ipc_o;
    o->dbg_valid_o = d->dbg_valid_o;
    o->dbg_tag_o = d->dbg_tag_o;
    o->dbg_rank_o = d->dbg_rank_o;
    o->nbyp_o = b->nbyp_o;
    o->cont_o = b->cont_o;
    o->slot_byp_o = b->slot_byp_o;
  }
  o->iss_byp_o = m->bo[m->iss_sm_q]->iss_byp_o;
  o->dec_o = m->bo[m->iss_sm_q]->dec_o;
  o->meas_o = c->meas_o;
  o->start_o = c->start_o;
  o->rd_valid_o = c->rd_valid_o;
  o->rd_sm_o = c->rd_sm_o;
  o->wr_valid_o = c->wr_valid_o;
  o->wr_all_o = c->wr_all_o;
  o->wr_sm_o = c->wr_sm_o;
  o->wr_part_o = c->wr_part_o;
  o->fol_part_o = c->fol_part_o;
  o->win_o = c->win_o;
  o->best_o = c->best_o;
  o->periods_o = c->periods_o;
  o->lfsr_o = c->lfsr_o;

  /* ---- integration invariants (doc "Integration invariants") ------------ */
  o->viol_o = wgc_viol(m);
}
