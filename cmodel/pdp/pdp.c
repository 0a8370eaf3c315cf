/*
 * pdp.c - bit-accurate, cycle-level golden model of the PDP-S predictor.
 *
 * What it models: the RD sampler, the RD counter array and the period-end
 * PD compute (one candidate per cycle, compared by cross-multiplication),
 * exactly as doc/pdp.md specifies them ("RD sampler", "RD counter array",
 * "Periods", "Hit-rate model and PD compute", "Debug read", "Reset"); each
 * rule names its doc section.
 *
 * Usage profile: the lockstep calls pdp_step() once per clock. A step reads
 * one sampled set's FIFO (O(F)), updates at most one bin, and in a compute
 * cycle reads one bin and evaluates one candidate: O(F) per step, no
 * allocation. Clearing the array at the end of a compute is O(NB), once
 * per period.
 *
 * Design choice (_d / _q): pdp_step() computes every next value into
 * locals from the current state and the masked inputs, then commits. The
 * products of the compare are exact 128-bit integers (doc: up to 66 bits
 * at the largest legal configuration), the RTL's are PW bits wide.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/pdp/pdp.h"


typedef unsigned __int128 pdp_u128;

void pdp_widths(const long *P, pdp_widths_t *w)
{
  unsigned b = (unsigned)P[pdp_P_BinW], t = (unsigned)P[pdp_P_NtW];
  unsigned ld = PDP_LD(P), lb = pdp_log2u(PDP_NB(P));
  w->hw = b + lb;
  w->vw = b + 2u * lb;
  /* K = d + De <= DMax + De: LD+1 bits plus a carry when De > 0 */
  unsigned dew = kit_clog2((uint64_t)P[pdp_P_De] + 1u);
  w->kw = P[pdp_P_De] == 0 ? ld + 1u : (ld + 1u > dew ? ld + 1u : dew) + 1u;
  /* A is held divided by 2^z: z = min(LSc, trailing zeros of De) */
  unsigned lsc = pdp_log2u((unsigned long)P[pdp_P_Sc]), z = 0;
  while (z < lsc && (P[pdp_P_De] == 0 || ((P[pdp_P_De] >> z) & 1) == 0)) z++;
  w->z = z;
  unsigned x = b + lb + ld, y = t + w->kw;
  w->aw = (x > y ? x : y) + 1u - z;
  w->pw = w->hw + w->aw;
}

pdp_model_t *pdp_new(const long *P)
{
  assert(P);
  pdp_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->nsamp = (unsigned)P[pdp_P_SampledSets];
  m->stride_log = pdp_log2u((unsigned long)(P[pdp_P_Sets] / P[pdp_P_SampledSets]));
  m->m = (unsigned)P[pdp_P_SampM];
  m->lm = pdp_log2u(m->m);
  m->f = (unsigned)(P[pdp_P_DMax] / P[pdp_P_SampM]);
  m->tagw = (unsigned)P[pdp_P_TagW];
  m->nb = PDP_NB(P);
  m->sc = (unsigned)P[pdp_P_Sc];
  m->lsc = pdp_log2u(m->sc);
  m->ld = PDP_LD(P);
  m->binw = (unsigned)P[pdp_P_BinW];
  m->ntw = (unsigned)P[pdp_P_NtW];
  m->de = (unsigned)P[pdp_P_De];
  m->setw = PDP_SETW(P);
  m->dbgw = PDP_DBGW(P);
  m->period = (uint32_t)P[pdp_P_PeriodLen];
  m->nt_all = (unsigned)P[pdp_P_NtAll];
  m->cmin = (unsigned)((P[pdp_P_PdMin] + P[pdp_P_Sc] - 1) / P[pdp_P_Sc]);
  pdp_widths_t w;
  pdp_widths(P, &w);
  m->ba_init = kit_mask(w.aw);
  m->z = w.z;
  assert(m->f >= 2 && m->nb >= 2 && m->nb <= 256 && m->ntw >= m->binw);
  assert(m->period >= m->nb + 2u);
  assert(m->cmin >= 1u && m->cmin <= m->nb);
  m->cnt = calloc(m->nsamp, sizeof *m->cnt);
  m->valid = calloc((size_t)m->nsamp * m->f, sizeof *m->valid);
  m->tag = calloc((size_t)m->nsamp * m->f, sizeof *m->tag);
  m->bin = calloc(m->nb, sizeof *m->bin);
  if (!m->cnt || !m->valid || !m->tag || !m->bin) {
    pdp_free(m);
    return NULL;
  }
  pdp_reset(m);
  return m;
}

void pdp_free(pdp_model_t *m)
{
  if (!m) return;
  free(m->cnt);
  free(m->valid);
  free(m->tag);
  free(m->bin);
  free(m);
}

/* doc "Reset": everything 0, FIFOs invalid. */
void pdp_reset(pdp_model_t *m)
{
  assert(m);
  memset(m->cnt, 0, m->nsamp * sizeof *m->cnt);
  memset(m->valid, 0, (size_t)m->nsamp * m->f * sizeof *m->valid);
  memset(m->tag, 0, (size_t)m->nsamp * m->f * sizeof *m->tag);
  memset(m->bin, 0, m->nb * sizeof *m->bin);
  m->nt = 0;
  m->frozen = 0;
  m->per = 0;
  m->busy = 0;
  m->c = 0;
  m->s = m->v = m->bh = m->ba = 0;
  m->bp = 0;
  m->pd = 0;
  m->pd_valid = 0;
  memset(&m->out, 0, sizeof m->out);
}

/* doc "Hit-rate model": H = S, A = Sc*V + U*(d + De), U = max(0, N_t - S),
 * d = (b+1)*Sc. Widths per doc "Operand widths" (A < 2^42 always). */
void pdp_candidate(const pdp_model_t *m, unsigned b, uint64_t s, uint64_t v,
                   uint64_t *h, uint64_t *a)
{
  uint64_t u = m->nt > s ? m->nt - s : 0u;
  /* everything divided by 2^z (exact: Sc*V and K are multiples of 2^z) */
  uint64_t k = ((uint64_t)(b + 1u) << (m->lsc - m->z)) + (m->de >> m->z);
  *h = s;
  *a = (v << (m->lsc - m->z)) + u * k;
}

/* doc "tie-break": strictly better only, H*Ab > Hb*A, exact. */
int pdp_better(uint64_t h, uint64_t a, uint64_t bh, uint64_t ba)
{
  return (pdp_u128)h * ba > (pdp_u128)bh * a;
}

void pdp_step(pdp_model_t *m, const pdp_in_t *in, pdp_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    pdp_reset(m);
    *out = m->out;
    return;
  }
  const unsigned valid = (unsigned)(in->acc_valid_i & 1u);
  const uint64_t set = in->acc_set_i & kit_mask(m->setw);
  const uint32_t tag = (uint32_t)(in->acc_tag_i & kit_mask(m->tagw));
  const uint64_t addr = in->dbg_addr_i & kit_mask(m->dbgw);
  const uint32_t binmax = (uint32_t)kit_mask(m->binw);
  const uint64_t ntmax = kit_mask(m->ntw);
  pdp_out_t o;
  memset(&o, 0, sizeof o);

  /* Debug read from the state at the start of the cycle (doc "Debug"). */
  o.dbg_data_o = addr < m->nb ? m->bin[addr] : addr == m->nb ? m->nt : 0u;

  /* RD sampler (doc "RD sampler"): decide. */
  /* set s is sampled iff s mod Stride == 0 (kit_mask(0) = 0: all sampled) */
  const int sampled = valid && (set & kit_mask(m->stride_log)) == 0;
  unsigned k = 0, t = 0, hitp = m->f, ins = 0, rd = 0;
  if (sampled) {
    k = (unsigned)(set >> m->stride_log);
    t = m->cnt[k];
    const uint8_t *vl = &m->valid[(size_t)k * m->f];
    const uint32_t *tg = &m->tag[(size_t)k * m->f];
    /* the youngest matching position; a branch-free scan (F <= 128) */
    for (unsigned p = m->f; p-- > 0;) {
      const unsigned match = vl[p] & (tg[p] == tag);
      hitp = match ? p : hitp;
    }
    ins = t == m->m - 1u;
    if (hitp < m->f) rd = hitp * m->m + t;
  }
  const int hit = hitp < m->f;
  o.samp_hit_o = (uint64_t)hit;
  o.samp_rd_o = rd;

  /* Counting (doc "RD counter array"): from the state (busy, frozen). */
  const int count = sampled && !m->busy && !m->frozen;
  unsigned bin_idx = rd >> m->lsc;
  /* N_t (doc "Paper readings"): every counted access (NtAll = 1, the
   * notes' "N_t of all sampled accesses") or the insertions (NtAll = 0). */
  int bin_inc = count && hit, nt_inc = count && (m->nt_all || ins);
  unsigned frozen_d = m->frozen;
  if (bin_inc && m->bin[bin_idx] + 1u == binmax) frozen_d = 1;
  if (nt_inc && m->nt + 1u == ntmax) frozen_d = 1;

  /* Period (doc "Periods"): every valid access. */
  int period_end = 0;
  uint32_t per_d = m->per;
  if (valid) {
    if (m->per == m->period - 1u) { per_d = 0; period_end = 1; }
    else per_d = m->per + 1u;
  }

  /* Compute pipeline (doc "Datapath and timing"). */
  unsigned busy_d = m->busy, c_d = m->c, bp_d = m->bp, pd_d = m->pd, pdv_d = m->pd_valid;
  uint64_t s_d = m->s, v_d = m->v, bh_d = m->bh, ba_d = m->ba;
  int clear = 0;
  if (m->busy) {
    const unsigned c = m->c;
    int better = 0;
    if (c >= m->cmin) {                  /* stage B: candidate c-1, if >= PdMin */
      uint64_t h, a;
      pdp_candidate(m, c - 1u, m->s, m->v, &h, &a);
      better = pdp_better(h, a, m->bh, m->ba);
      if (better) { bh_d = h; ba_d = a; bp_d = c; }
    }
    if (c < m->nb) {                     /* stage A: bin c */
      s_d = m->s + m->bin[c];
      v_d = m->v + (uint64_t)m->bin[c] * (c + 1u);
    }
    if (c == m->nb) {                    /* last cycle */
      pd_d = better ? c : m->bp;
      pdv_d = 1;
      busy_d = 0;
      c_d = 0;
      clear = 1;
    } else {
      c_d = c + 1u;
    }
    assert(!period_end);                 /* PeriodLen >= NB + 2 */
  } else if (period_end) {
    busy_d = 1;
    c_d = 0;
    s_d = v_d = 0;
    bh_d = 0;
    ba_d = m->ba_init;              /* any A > 0 gives E = 0; all-ones (doc) */
    bp_d = m->cmin;                 /* the smallest eligible candidate */
  }

  /* Commit. */
  if (sampled) {
    uint8_t *vl = &m->valid[(size_t)k * m->f];
    uint32_t *tg = &m->tag[(size_t)k * m->f];
    if (hit) vl[hitp] = 0;
    if (ins) {
      for (unsigned p = m->f - 1u; p > 0; p--) {
        vl[p] = vl[p - 1u];
        tg[p] = tg[p - 1u];
      }
      vl[0] = 1;
      tg[0] = tag;
    }
    m->cnt[k] = (uint8_t)((t + 1u) & (m->m - 1u));
  }
  if (clear) {
    memset(m->bin, 0, m->nb * sizeof *m->bin);
    m->nt = 0;
    frozen_d = 0;
  } else {
    if (bin_inc) m->bin[bin_idx]++;
    if (nt_inc) m->nt++;
  }
  m->frozen = frozen_d;
  m->per = per_d;
  m->busy = busy_d;
  m->c = c_d;
  m->s = s_d;
  m->v = v_d;
  m->bh = bh_d;
  m->ba = ba_d;
  m->bp = bp_d;
  m->pd = pd_d;
  m->pd_valid = pdv_d;

  o.frozen_o = m->frozen;
  o.busy_o = m->busy;
  o.pd_valid_o = m->pd_valid;
  o.pd_o = (uint64_t)m->pd << m->lsc;
  m->out = o;
  *out = o;
}

/* doc "Invariants" 1-5 (the parts visible in the model state). */
int pdp_check_invariants(const pdp_model_t *m, char *err, size_t errlen)
{
  const uint32_t binmax = (uint32_t)kit_mask(m->binw);
  for (unsigned k = 0; k < m->nsamp; k++) {
    const uint8_t *vl = &m->valid[(size_t)k * m->f];
    const uint32_t *tg = &m->tag[(size_t)k * m->f];
    if (m->cnt[k] >= m->m) { snprintf(err, errlen, "set %u: counter %u >= M", k, m->cnt[k]); return 1; }
    for (unsigned p = 0; p < m->f; p++)
      for (unsigned q = p + 1u; q < m->f; q++)
        if (vl[p] && vl[q] && tg[p] == tg[q]) {
          snprintf(err, errlen, "sampled set %u: tag 0x%x valid at %u and %u (invariant 1)", k,
                   tg[p], p, q);
          return 1;
        }
  }
  if (m->c > m->nb || (!m->busy && m->c != 0)) {
    snprintf(err, errlen, "compute counter %u with busy %u (invariant 2)", m->c, m->busy);
    return 1;
  }
  int atmax = m->nt == kit_mask(m->ntw);
  for (unsigned b = 0; b < m->nb; b++) {
    if (m->bin[b] > binmax) { snprintf(err, errlen, "bin %u above max", b); return 1; }
    atmax |= m->bin[b] == binmax;
  }
  if (atmax && !m->frozen) { snprintf(err, errlen, "counter at max but not frozen (invariant 3)"); return 1; }
  if (m->pd_valid ? (m->pd < 1u || m->pd > m->nb) : m->pd != 0) {
    snprintf(err, errlen, "pd %u with pd_valid %u (invariant 5)", m->pd, m->pd_valid);
    return 1;
  }
  return 0;
}
