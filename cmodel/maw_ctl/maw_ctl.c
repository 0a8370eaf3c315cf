/*
 * maw_ctl.c - bit-accurate, cycle-level golden model of the MAW controller,
 * exactly as doc/maw_ctl.md specifies it; every rule names its decision
 * (M1-M10) or flow-chart row (F0-F5).
 *
 * Design choice: the state is held the way the RTL holds it (counters,
 * MAW, direction, phase, stop, two latencies, the registered outputs), so
 * a mismatch can be explained register by register. The decision is a
 * pure function of the start-of-cycle state and the cycle's inputs
 * (decide()); the step commits it with the period counters.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/maw_ctl/maw_ctl.h"

maw_ctl_model_t *maw_ctl_new(const long *P)
{
  assert(P);
  if (P[maw_ctl_P_PeriodLog] < 2 || P[maw_ctl_P_PeriodLog] > 24 || P[maw_ctl_P_NMax] < 1 ||
      P[maw_ctl_P_NMax] > 64)
    return NULL;
  maw_ctl_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->n = MAW_N(P);
  m->minmaw = (unsigned)P[maw_ctl_P_MinMaw];
  m->tw = (unsigned)P[maw_ctl_P_Tw];
  m->p = (unsigned)P[maw_ctl_P_PeriodLog];
  m->eqcur = (unsigned)P[maw_ctl_P_EqCur];
  m->tl = (unsigned)P[maw_ctl_P_TL];
  m->th = (unsigned)P[maw_ctl_P_TH];
  m->gnum = (unsigned)P[maw_ctl_P_GNum];
  m->gden = (unsigned)P[maw_ctl_P_GDen];
  m->plast = (uint32_t)kit_mask(m->p);
  maw_ctl_reset(m);
  return m;
}

void maw_ctl_free(maw_ctl_model_t *m) { free(m); }

/* doc "State and reset": MAW n, everything else 0. */
void maw_ctl_reset(maw_ctl_model_t *m)
{
  m->pc = m->mb = 0;
  m->maw = m->n;
  m->dir = MAW_DIR_NONE;
  m->phase = m->stop = 0;
  m->latp = m->ref = 0;
  memset(&m->out, 0, sizeof m->out);
  m->out.maw_o = m->n;
}

unsigned maw_ctl_eq1(unsigned base, uint32_t mb, unsigned p)
{
  return (unsigned)(((uint64_t)base * (((uint64_t)1 << p) - mb)) >> p);
}

/* One decision (M4-M6) from the start-of-cycle state, the latched n_t and
 * the cycle's cont and lat: writes the next maw, dir, phase, stop, ref and
 * returns the code. */
typedef struct maw_next {
  unsigned maw, dir, phase, stop, ref;
} maw_next_t;

static unsigned decide(const maw_ctl_model_t *m, unsigned nt, unsigned cont, unsigned lat, maw_next_t *x)
{
  const unsigned hi = lat > m->th, lo = lat < m->tl;
  *x = (maw_next_t){m->maw, MAW_DIR_NONE, m->phase, m->stop, m->ref};
  if (!m->phase) {                                  /* M4, M5 */
    if (!(cont && hi) || m->maw == m->minmaw) return MAW_HOLD;
    unsigned t = m->maw - 1u < nt ? m->maw - 1u : nt;
    x->maw = t < m->minmaw ? m->minmaw : t;
    x->dir = MAW_DIR_COARSE;
    x->phase = x->maw < m->tw;
    return MAW_COARSE;
  }
  /* M6: dec and chg by cross-multiplication (at most 8 + 16 bits each) */
  const unsigned dec = m->gden * lat < (m->gden - m->gnum) * m->latp;
  const unsigned diff = lat > m->ref ? lat - m->ref : m->ref - lat;
  const unsigned chg = m->gden * diff > m->gnum * m->ref;
  unsigned dir = m->dir;
  if (m->stop) {
    if (!(hi || chg)) return MAW_STOP;              /* F0 */
    x->stop = 0;                                    /* F0' */
    dir = MAW_DIR_NONE;
  }
  const int can_dn = m->maw > m->minmaw, can_up = m->maw < m->n;
  if (dir == MAW_DIR_UP && hi) {                    /* F1 */
    if (!can_dn) return MAW_HOLD;
    x->maw = m->maw - 1u;
    x->stop = 1;
    x->ref = m->latp;
    return MAW_RB_DOWN;
  }
  if (dir == MAW_DIR_DOWN && lo) {                  /* F2 */
    if (m->latp > m->th || !can_up) return MAW_HOLD;
    x->maw = m->maw + 1u;
    return MAW_RB_UP;
  }
  if (hi || (dir == MAW_DIR_DOWN && dec)) {         /* F3 */
    if (!can_dn) return MAW_HOLD;
    x->maw = m->maw - 1u;
    x->dir = MAW_DIR_DOWN;
    return hi ? MAW_DOWN_HI : MAW_DOWN_G;
  }
  if (lo) {                                         /* F4 */
    if (!can_up) return MAW_HOLD;
    x->maw = m->maw + 1u;
    x->dir = MAW_DIR_UP;
    return MAW_UP;
  }
  return MAW_HOLD;                                  /* F5 */
}

void maw_ctl_step(maw_ctl_model_t *m, const maw_ctl_in_t *in, maw_ctl_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    maw_ctl_reset(m);
    *out = m->out;
    return;
  }
  maw_ctl_out_t o = m->out;
  o.per_end_o = 0;
  o.dec_valid_o = 0;
  /* M8: a decision while waiting, with the mean */
  const unsigned wait = (unsigned)m->out.wait_o;
  const unsigned decide_now = wait && (in->noc_valid_i & 1u);
  maw_next_t x = {m->maw, m->dir, m->phase, m->stop, m->ref};
  if (decide_now) {
    const unsigned lat = (unsigned)in->noc_avg_i;
    o.dec_o = decide(m, (unsigned)m->out.nt_o, (unsigned)(in->cont_i & 1u), lat, &x);
    o.dec_valid_o = 1;
    m->latp = lat;
  }
  /* M2: the period counters; the period's last read closes it */
  const unsigned acc = (unsigned)(in->acc_valid_i & 1u), byp = acc & (unsigned)(in->acc_byp_i & 1u);
  const int close = acc && m->pc == m->plast;
  o.wait_o = close || (wait && !decide_now);
  if (close) {
    const uint32_t mbf = m->mb + byp;
    o.per_end_o = 1;
    o.mb_o = mbf;
    o.nt_o = maw_ctl_eq1(m->eqcur ? m->maw : m->n, mbf, m->p);   /* M3: the start-of-cycle MAW */
    m->pc = 0;
    m->mb = 0;
  } else {
    m->pc += acc;
    m->mb += byp;
  }
  m->maw = x.maw;
  m->dir = x.dir;
  m->phase = x.phase;
  m->stop = x.stop;
  m->ref = x.ref;
  o.maw_o = m->maw;
  o.dir_o = m->dir;
  o.phase_o = m->phase;
  o.stop_o = m->stop;
  m->out = o;
  *out = o;
}

int maw_ctl_check(const maw_ctl_model_t *m, char *err, size_t errlen)
{
  if (m->maw < m->minmaw || m->maw > m->n) {
    snprintf(err, errlen, "invariant 1: MAW %u outside %u..%u", m->maw, m->minmaw, m->n);
    return -1;
  }
  if (!m->phase && (m->maw < m->tw || m->stop || m->dir == MAW_DIR_UP || m->dir == MAW_DIR_DOWN)) {
    snprintf(err, errlen, "invariants 3/5: COARSE with MAW %u, stop %u, dir %u", m->maw, m->stop, m->dir);
    return -1;
  }
  if (m->stop && m->dir != MAW_DIR_NONE) {
    snprintf(err, errlen, "invariant 5: stop with dir %u", m->dir);
    return -1;
  }
  if (m->mb > m->pc || m->out.mb_o > (uint64_t)m->plast + 1u) {
    snprintf(err, errlen, "invariant 6: mb %u pc %u mb_o %llu", m->mb, m->pc, (unsigned long long)m->out.mb_o);
    return -1;
  }
  if (m->out.nt_o > m->n) {
    snprintf(err, errlen, "invariant 7: n_t %llu > n %u", (unsigned long long)m->out.nt_o, m->n);
    return -1;
  }
  return 0;
}
