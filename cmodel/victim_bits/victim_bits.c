/*
 * victim_bits.c - golden model of CBWT's L2 victim-bit sampler.
 *
 * What it models: the contention detector of Chen et al. (MICRO 2014),
 * section V-B and Fig. 9, exactly as doc/victim_bits.md specifies it
 * ("Which sets are samplers", "Period", "Threshold", "Event kinds",
 * "Counters, period and outputs", "Paper readings"); every rule below names
 * the doc section it implements.
 *
 * Usage profile: the lockstep driver calls victim_bits_step() once per
 * clock. A step reads and writes one G-bit word (the addressed line's
 * victim bits, G <= 64 fits a uint64_t), the two counters and the period
 * counter: O(1), no allocation. State is stored as the RTL stores it (one
 * word per sampler line, row slot*Ways + way), so a mismatch can be
 * explained against the RTL's flops.
 *
 * Design choice (_d / _q): the step first computes every next value from
 * the current state and the masked inputs, then commits them; nothing
 * written in the commit is read back.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/victim_bits/victim_bits.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                  */
/* ---------------------------------------------------------------------- */

/* doc "Which sets are samplers": s mod 2^shift == offset, s < Sets. */
int victim_bits_is_sampler(unsigned shift, unsigned offset, unsigned sets, uint64_t s)
{
  return victim_bits_sampler_m(kit_mask(shift), offset, sets, s);
}

/* doc "Threshold": no division; a period with no access never flags. */
int victim_bits_contention(uint64_t lls, uint64_t acc, unsigned num, unsigned den)
{
  return acc != 0 && lls * den >= acc * num;
}

/* doc "Counters" step 2: sat(x + inc) with a counter that never wraps. */
static uint64_t vb_sat_inc(uint64_t v, unsigned inc, uint64_t max)
{
  return (inc && v < max) ? v + 1 : v;
}

static unsigned vb_log2(unsigned x)
{
  unsigned w = 0;
  while ((1u << w) < x) w++;
  return w;
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                               */
/* ---------------------------------------------------------------------- */

victim_bits_model_t *victim_bits_new(const long *P)
{
  assert(P);
  unsigned n = VB_N(P);
  /* The caller validated P; an NDEBUG build must still not index out of
   * bounds with an illegal configuration: refuse it. */
  if (n == 0 || P[victim_bits_P_Share] < 1 || P[victim_bits_P_L1s] > 64) return NULL;

  victim_bits_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->l1s = (unsigned)P[victim_bits_P_L1s];
  m->sets = (unsigned)P[victim_bits_P_Sets];
  m->ways = (unsigned)P[victim_bits_P_Ways];
  m->shift = (unsigned)P[victim_bits_P_SampleShift];
  m->offset = (unsigned)P[victim_bits_P_SampleOffset];
  m->share_log2 = vb_log2((unsigned)P[victim_bits_P_Share]);
  m->g = VB_G(P);
  m->n = n;
  m->wayw = VB_WAYW(P);
  m->set_mask = kit_mask(VB_SETW(P));
  m->way_mask = kit_mask(m->wayw);
  m->l1_mask = kit_mask(VB_L1W(P));
  m->dbg_mask = kit_mask(VB_DBGW(P));
  m->g_mask = kit_mask(m->g);
  m->samp_mask = kit_mask(m->shift);
  m->lls_max = kit_mask((unsigned)P[victim_bits_P_LlsW]);
  m->acc_max = kit_mask((unsigned)P[victim_bits_P_AccW]);
  m->period = (uint64_t)P[victim_bits_P_Period];
  m->write_req = (unsigned)P[victim_bits_P_WriteReq];
  m->period_acc = (unsigned)P[victim_bits_P_PeriodAcc];
  m->thr_num = (unsigned)P[victim_bits_P_ThrNum];
  m->thr_den = (unsigned)P[victim_bits_P_ThrDen];
  m->vb = calloc((size_t)n * m->ways, sizeof *m->vb);
  if (!m->vb) {
    victim_bits_free(m);
    return NULL;
  }
  victim_bits_reset(m);
  return m;
}

void victim_bits_free(victim_bits_model_t *m)
{
  if (!m) return;
  free(m->vb);
  free(m);
}

/* doc "Reset": every victim bit, counter, cyc and output 0. */
void victim_bits_reset(victim_bits_model_t *m)
{
  assert(m);
  memset(m->vb, 0, (size_t)m->n * m->ways * sizeof *m->vb);
  m->lls = m->acc = m->cyc = 0;
  memset(&m->out, 0, sizeof m->out);
}

/* ---------------------------------------------------------------------- */
/* One clock                                                                */
/* ---------------------------------------------------------------------- */

void victim_bits_step(victim_bits_model_t *m, const victim_bits_in_t *in,
                      victim_bits_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    victim_bits_reset(m);
    *out = m->out;
    return;
  }

  /* Mask every input to its port width (victim_bits.def). */
  const unsigned valid = (unsigned)(in->ev_valid_i & 1u);
  const unsigned kind = (unsigned)(in->ev_kind_i & 3u);
  const uint64_t set = in->ev_set_i & m->set_mask;
  const uint64_t way = in->ev_way_i & m->way_mask;
  const uint64_t l1 = in->ev_l1_i & m->l1_mask;
  const uint64_t dbg = in->dbg_addr_i & m->dbg_mask;
  const uint64_t gmask = m->g_mask;

  /* doc "Event kinds": does the event apply to a sampler line? */
  const int wreq = kind == VB_WRITE && m->write_req;   /* WriteReq: a write is a request */
  const int req = kind == VB_HIT || kind == VB_FILL || wreq;
  const int applies = valid && (kind != VB_WRITE || wreq) &&
                      victim_bits_sampler_m(m->samp_mask, m->offset, m->sets, set) &&
                      way < m->ways && (!req || l1 < m->l1s);
  const size_t row = applies ? (size_t)(set >> m->shift) * m->ways + way : 0;
  const uint64_t bits = applies ? m->vb[row] : 0;
  const uint64_t gbit = (uint64_t)1 << (l1 >> m->share_log2);

  uint64_t bits_d = bits;
  unsigned access = 0, lost = 0;
  if (applies) {
    switch (kind) {
    case VB_WRITE: /* WriteReq = 1: "fulfills a request", as a HIT */
    case VB_HIT:   /* V-B: set on service; a set bit is lost locality */
      lost = (bits & gbit) != 0;
      bits_d = bits | gbit;
      access = 1;
      break;
    case VB_FILL:  /* Decision: the fill replaces the line, serves p */
      bits_d = gbit;
      access = 1;
      break;
    default:       /* VB_EVICT: "reset when the line is evicted" */
      bits_d = 0;
      break;
    }
  }

  /* doc "Counters" steps 1-3: lazy clear, saturation, period end. */
  const int done = m->out.period_done_o != 0;
  const uint64_t acc_d = vb_sat_inc(done ? 0 : m->acc, access, m->acc_max);
  const uint64_t lls_d = vb_sat_inc(done ? 0 : m->lls, lost, m->lls_max);
  /* doc "Counters" step 3: the period advances every cycle (PeriodAcc = 0)
   * or on every L2 request, HIT, FILL or WRITE of any set (PeriodAcc = 1). */
  const int tick = !m->period_acc || (valid && kind != VB_EVICT);
  const int last = tick && m->cyc == m->period - 1;

  victim_bits_out_t o;
  memset(&o, 0, sizeof o);
  o.period_done_o = (uint64_t)last;
  o.contention_o = last ? (uint64_t)victim_bits_contention(lls_d, acc_d, m->thr_num, m->thr_den)
                        : m->out.contention_o;
  o.lls_o = lls_d;
  o.acc_o = acc_d;
  o.sampled_o = access;
  o.lost_o = lost;
  /* doc step 5: read-first debug port; 0 outside the array. */
  {
    const uint64_t slot = dbg >> m->wayw, dway = dbg & m->way_mask;
    o.dbg_data_o = (slot < m->n && dway < m->ways) ? m->vb[slot * m->ways + dway] : 0;
  }

  /* commit */
  if (applies) m->vb[row] = bits_d & gmask;
  m->acc = acc_d;
  m->lls = lls_d;
  m->cyc = last ? 0 : tick ? m->cyc + 1 : m->cyc;
  m->out = o;
  *out = o;
}

/* ---------------------------------------------------------------------- */
/* Self-check                                                               */
/* ---------------------------------------------------------------------- */

int victim_bits_check_invariants(const victim_bits_model_t *m, char *err, size_t errlen)
{
  assert(m);
  char dummy[1];
  if (!err || errlen == 0) {
    err = dummy;
    errlen = sizeof dummy;
  }
  err[0] = '\0';
  if (m->lls > m->acc) {
    snprintf(err, errlen, "lls %llu > acc %llu (invariant 1)", (unsigned long long)m->lls,
             (unsigned long long)m->acc);
    return 1;
  }
  if (m->lls > m->lls_max || m->acc > m->acc_max || m->cyc >= m->period) {
    snprintf(err, errlen, "counter out of range: lls %llu acc %llu cyc %llu (invariant 2)",
             (unsigned long long)m->lls, (unsigned long long)m->acc, (unsigned long long)m->cyc);
    return 1;
  }
  for (size_t r = 0; r < (size_t)m->n * m->ways; r++) {
    if (m->vb[r] & ~kit_mask(m->g)) {
      snprintf(err, errlen, "line %zu: victim bits wider than G = %u", r, m->g);
      return 1;
    }
  }
  return 0;
}
