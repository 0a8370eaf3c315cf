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
  m->nbw = TB_NBW(P);
  m->l2lat = (uint64_t)P[tbbyp_P_L2Lat];
  m->thrnum = (uint64_t)P[tbbyp_P_ThrNum];
  m->thrden = (uint64_t)P[tbbyp_P_ThrDen];
  m->cmax = kit_mask((unsigned)P[tbbyp_P_CntW]);
  m->warpmask = kit_mask(m->warpw);
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
  memset(m->skern, 0, sizeof m->skern);
  m->cont = m->pend = m->sbyp = 0;
  m->icnt = 0;
  memset(&m->out, 0, sizeof m->out);
}

int tbbyp_contention(const tbbyp_model_t *m, uint64_t hits, uint64_t stall, uint64_t warps)
{
  return hits * m->l2lat * m->thrden < m->thrnum * stall * warps;   /* <= 42 and 40 bits */
}

/* TB4 for kernel j with this cycle's warps_i (start-of-cycle counters). */
static unsigned cmp_k(const tbbyp_model_t *m, const tbbyp_in_t *in, unsigned j)
{
  return (unsigned)tbbyp_contention(m, m->hits[j], m->stall[j], (in->warps_i >> (j * m->warpw)) & m->warpmask);
}

/* Usage profile: the step runs every cycle, but a comparison is needed
 * only at a decision or an interval end, and the slot count only at an
 * issue, so those are computed there; the bit sets are held in the output
 * ports' layout. Every read below is of the start-of-cycle state, in the
 * order of doc "A cycle, step by step" (each write comes after the last
 * read of what it overwrites). */
void tbbyp_step(tbbyp_model_t *m, const tbbyp_in_t *in, tbbyp_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    tbbyp_reset(m);
    if (out != &m->out) *out = m->out;
    return;
  }
  const unsigned k = m->k, maxtb = m->maxtb;
  tbbyp_out_t *o = &m->out;
  /* 1. the access and the debug read, of the start-of-cycle state (TB7, TB12, TB13) */
  const unsigned acc = (unsigned)(in->acc_valid_i & 1u), cls = (unsigned)in->acc_cls_i;
  const unsigned aslot = (unsigned)in->acc_slot_i;
  o->byp_valid_o = acc;
  o->byp_o = acc && (cls == 2u || (cls == 0u && aslot < maxtb && (m->sbyp >> aslot & 1u)));
  const unsigned dk = (unsigned)in->dbg_k_i;
  o->dbg_hits_o = dk < k ? m->hits[dk] : 0u;
  o->dbg_stall_o = dk < k ? m->stall[dk] : 0u;
  /* 2. the interval end (TB11): every kernel compared, the flags stored */
  const int iend = m->intfix >= 1u && m->icnt + 1u >= m->intfix;
  uint32_t cont = m->cont;
  if (iend) {
    cont = 0;
    for (unsigned j = 0; j < k; j++) cont |= cmp_k(m, in, j) << j;
  }
  /* 3. the retire (TB10, TB15) */
  const unsigned rk = (unsigned)in->ret_k_i, rs = (unsigned)in->ret_slot_i;
  if ((in->ret_valid_i & 1u) && rk < k && rs < maxtb) {
    m->sbyp &= ~(1u << rs);
    m->pend |= 1u << rk;
  }
  /* 4. the issue: decision (TB5, TB9), step, assignment (TB6) */
  const unsigned ik = (unsigned)in->iss_k_i, is = (unsigned)in->iss_slot_i;
  int restart_k = -1;
  o->iss_byp_o = o->dec_o = 0;
  if ((in->iss_valid_i & 1u) && ik < k && is < maxtb) {
    if (m->pend >> ik & 1u) {                   /* pending before, or retired in this cycle */
      const unsigned c = m->intfix == 0u ? cmp_k(m, in, ik) : (cont >> ik & 1u);
      if (c) m->nbyp[ik] += m->nbyp[ik] < maxtb;
      else m->nbyp[ik] -= m->nbyp[ik] > 0u;
      m->pend &= ~(1u << ik);
      if (m->intfix == 0u) {
        cont = (cont & ~(1u << ik)) | c << ik;
        restart_k = (int)ik;
      }
      o->dec_o = 1;
    }
    unsigned cnt = 0;
    for (uint32_t b = m->sbyp & ~(1u << is); b; b &= b - 1u) cnt += m->skern[__builtin_ctz(b)] == ik;
    const unsigned ib = cnt < m->nbyp[ik];
    m->sbyp = (m->sbyp & ~(1u << is)) | ib << is;
    m->skern[is] = ik;
    o->iss_byp_o = ib;
  }
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
    memset(m->nbyp, 0, sizeof m->nbyp);
    memset(m->hits, 0, sizeof m->hits);
    memset(m->stall, 0, sizeof m->stall);
    cont = 0;
    m->icnt = 0;
  }
  m->cont = cont;
  /* the state registers the outputs show */
  if (o->dec_o || (in->clr_i & 1u)) {
    o->nbyp_o = 0;
    for (unsigned j = 0; j < k; j++) o->nbyp_o |= (uint64_t)m->nbyp[j] << (j * m->nbw);
  }
  o->cont_o = cont;
  o->pend_o = m->pend;
  o->slot_byp_o = m->sbyp;
  if (out != o) *out = *o;                     /* out may be &m->out: no copy */
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
    if ((m->sbyp >> s & 1u) && m->skern[s] >= m->k) {
      snprintf(err, errlen, "slot %u bypasses for kernel %u >= K", s, m->skern[s]);
      return -1;
    }
  if (m->intfix >= 2u && m->icnt >= m->intfix) {
    snprintf(err, errlen, "invariant 7: icnt %u >= IntFix %u", m->icnt, m->intfix);
    return -1;
  }
  return 0;
}
