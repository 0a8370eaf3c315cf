/*
 * tbbyp.c - bit-accurate, cycle-level golden model of thread-block
 * bypassing by the CHSS monitor, exactly as doc/tbbyp.md specifies it;
 * every rule names its decision (TB1-TB16).
 *
 * Design choice: the state is held the way the RTL holds it (per kernel
 * two counters, N_byp, a contention and a pending bit; per slot a bypass
 * bit and a kernel; the interval counter; the registered outputs), so a
 * mismatch can be explained register by register. The step follows doc
 * "A cycle, step by step": every read is of the start-of-cycle state
 * (TB12), then the commit.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/tbbyp/tbbyp.h"

tbbyp_model_t *tbbyp_new(const long *P)
{
  assert(P);
  if (P[tbbyp_P_Kernels] < 1 || P[tbbyp_P_Kernels] > (long)TB_MAX_K || P[tbbyp_P_MaxTb] < 1 ||
      P[tbbyp_P_MaxTb] > (long)TB_MAX_SLOT || P[tbbyp_P_CntW] < 2 || P[tbbyp_P_CntW] > 24)
    return NULL;
  tbbyp_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->k = (unsigned)P[tbbyp_P_Kernels];
  m->maxtb = (unsigned)P[tbbyp_P_MaxTb];
  m->warpw = (unsigned)P[tbbyp_P_WarpW];
  m->intfix = (unsigned)P[tbbyp_P_IntFix];
  m->l2lat = (uint64_t)P[tbbyp_P_L2Lat];
  m->thrnum = (uint64_t)P[tbbyp_P_ThrNum];
  m->thrden = (uint64_t)P[tbbyp_P_ThrDen];
  m->cmax = kit_mask((unsigned)P[tbbyp_P_CntW]);
  tbbyp_reset(m);
  return m;
}

void tbbyp_free(tbbyp_model_t *m) { free(m); }

/* doc "State and reset": every register 0. */
void tbbyp_reset(tbbyp_model_t *m)
{
  memset(m->hits, 0, sizeof m->hits);
  memset(m->stall, 0, sizeof m->stall);
  memset(m->nbyp, 0, sizeof m->nbyp);
  memset(m->cont, 0, sizeof m->cont);
  memset(m->pend, 0, sizeof m->pend);
  memset(m->sbyp, 0, sizeof m->sbyp);
  memset(m->skern, 0, sizeof m->skern);
  m->icnt = 0;
  memset(&m->out, 0, sizeof m->out);
}

int tbbyp_contention(const tbbyp_model_t *m, uint64_t hits, uint64_t stall, uint64_t warps)
{
  return hits * m->l2lat * m->thrden < m->thrnum * stall * warps;   /* <= 42 and 40 bits */
}

void tbbyp_step(tbbyp_model_t *m, const tbbyp_in_t *in, tbbyp_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    tbbyp_reset(m);
    *out = m->out;
    return;
  }
  const unsigned k = m->k, maxtb = m->maxtb;
  tbbyp_out_t o = m->out;
  /* 1. the access and the debug read, of the start-of-cycle state (TB7, TB12, TB13) */
  const unsigned acc = (unsigned)(in->acc_valid_i & 1u), cls = (unsigned)in->acc_cls_i;
  const unsigned aslot = (unsigned)in->acc_slot_i;
  o.byp_valid_o = acc;
  o.byp_o = acc && (cls == 2u || (cls == 0u && aslot < maxtb && m->sbyp[aslot]));
  const unsigned dk = (unsigned)in->dbg_k_i;
  o.dbg_hits_o = dk < k ? m->hits[dk] : 0u;
  o.dbg_stall_o = dk < k ? m->stall[dk] : 0u;
  /* 2. the interval end (TB11) and the comparisons it makes */
  const int iend = m->intfix >= 1u && m->icnt + 1u >= m->intfix;
  unsigned cmp[TB_MAX_K];
  for (unsigned j = 0; j < k; j++)
    cmp[j] = (unsigned)tbbyp_contention(m, m->hits[j], m->stall[j],
                                        (in->warps_i >> (j * m->warpw)) & kit_mask(m->warpw));
  /* 3. the retire (TB10, TB15) */
  const unsigned rk = (unsigned)in->ret_k_i, rs = (unsigned)in->ret_slot_i;
  const int ret = (in->ret_valid_i & 1u) && rk < k && rs < maxtb;
  unsigned sbyp[TB_MAX_SLOT], pend[TB_MAX_K], nbyp[TB_MAX_K], cont[TB_MAX_K];
  memcpy(sbyp, m->sbyp, sizeof sbyp);
  memcpy(pend, m->pend, sizeof pend);
  memcpy(nbyp, m->nbyp, sizeof nbyp);
  memcpy(cont, m->cont, sizeof cont);
  if (ret) {
    sbyp[rs] = 0;
    pend[rk] = 1;
  }
  if (iend)
    for (unsigned j = 0; j < k; j++) cont[j] = cmp[j];
  /* 4. the issue: decision (TB5, TB9), step, assignment (TB6) */
  const unsigned ik = (unsigned)in->iss_k_i, is = (unsigned)in->iss_slot_i;
  const int iss = (in->iss_valid_i & 1u) && ik < k && is < maxtb;
  int dec = 0, restart_k = -1;
  unsigned ib = 0;
  if (iss) {
    dec = pend[ik];                     /* pending before, or retired in this cycle */
    if (dec) {
      const unsigned c = (m->intfix == 0u || iend) ? cmp[ik] : m->cont[ik];
      if (c) nbyp[ik] += nbyp[ik] < maxtb;
      else nbyp[ik] -= nbyp[ik] > 0u;
      pend[ik] = 0;
      if (m->intfix == 0u) {
        cont[ik] = c;
        restart_k = (int)ik;
      }
    }
    unsigned cnt = 0;
    for (unsigned s = 0; s < maxtb; s++) cnt += s != is && sbyp[s] && m->skern[s] == ik;
    ib = cnt < nbyp[ik];
    sbyp[is] = ib;
    m->skern[is] = ik;
  }
  o.iss_byp_o = ib;
  o.dec_o = (unsigned)dec;
  /* 5. the counters (TB3) and the interval counter */
  for (unsigned j = 0; j < k; j++) {
    const unsigned h = (unsigned)(in->hit_i >> j) & 1u, st = (unsigned)(in->stall_i >> j) & 1u;
    if (iend || (int)j == restart_k) {
      m->hits[j] = h;
      m->stall[j] = st;
    } else {
      m->hits[j] += m->hits[j] < m->cmax ? h : 0u;
      m->stall[j] += m->stall[j] < m->cmax ? st : 0u;
    }
  }
  if (m->intfix >= 2u) m->icnt = iend ? 0u : m->icnt + 1u;
  /* 6. the partition change beats the step and the counting (TB14) */
  if (in->clr_i & 1u) {
    memset(nbyp, 0, sizeof nbyp);
    memset(cont, 0, sizeof cont);
    memset(m->hits, 0, sizeof m->hits);
    memset(m->stall, 0, sizeof m->stall);
    m->icnt = 0;
  }
  memcpy(m->sbyp, sbyp, sizeof sbyp);
  memcpy(m->pend, pend, sizeof pend);
  memcpy(m->nbyp, nbyp, sizeof nbyp);
  memcpy(m->cont, cont, sizeof cont);
  /* the state registers the outputs show */
  const unsigned nbw = kit_clog2((uint64_t)maxtb + 1u);
  o.nbyp_o = o.cont_o = o.pend_o = o.slot_byp_o = 0;
  for (unsigned j = 0; j < k; j++) {
    o.nbyp_o |= (uint64_t)m->nbyp[j] << (j * nbw);
    o.cont_o |= (uint64_t)m->cont[j] << j;
    o.pend_o |= (uint64_t)m->pend[j] << j;
  }
  for (unsigned s = 0; s < maxtb; s++) o.slot_byp_o |= (uint64_t)m->sbyp[s] << s;
  m->out = o;
  *out = o;
}

int tbbyp_check(const tbbyp_model_t *m, char *err, size_t errlen)
{
  for (unsigned j = 0; j < m->k; j++) {
    if (m->nbyp[j] > m->maxtb) {
      snprintf(err, errlen, "invariant 1: N_byp of kernel %u is %u > MaxTb %u", j, m->nbyp[j], m->maxtb);
      return -1;
    }
    if (m->hits[j] > m->cmax || m->stall[j] > m->cmax) {
      snprintf(err, errlen, "invariant 2: counters of kernel %u above 2^CntW-1", j);
      return -1;
    }
  }
  for (unsigned s = 0; s < m->maxtb; s++)
    if (m->sbyp[s] && m->skern[s] >= m->k) {
      snprintf(err, errlen, "slot %u bypasses for kernel %u >= K", s, m->skern[s]);
      return -1;
    }
  if (m->intfix >= 2u && m->icnt >= m->intfix) {
    snprintf(err, errlen, "invariant 7: icnt %u >= IntFix %u", m->icnt, m->intfix);
    return -1;
  }
  return 0;
}
