/*
 * wpctl.c - bit-accurate, cycle-level golden model of the dynamic
 * partitioning controller, exactly as doc/wpctl.md specifies it; every rule
 * names its decision (WP11-WP18, WP23-WP31).
 *
 * Design choice: state is held the way the RTL holds it (F as K counts,
 * each profiling SM's move as a donor and a valid bit, the phase and its
 * index), and the outputs are decoded from it after the commit, as the RTL
 * decodes them from its registers (WP24), so a mismatch can be explained
 * register by register.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/wpctl/wpctl.h"

wpctl_model_t *wpctl_new(const long *P)
{
  assert(P);
  if (P[wpctl_P_Kernels] < 1 || P[wpctl_P_Kernels] > (long)WC_MAX_K || P[wpctl_P_NumSm] <= P[wpctl_P_Kernels] ||
      P[wpctl_P_NumSm] > 64 || P[wpctl_P_Seed] < 1 || P[wpctl_P_Seed] > 0xFFFF || P[wpctl_P_PerMax] == 1)
    return NULL;
  wpctl_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->numsm = (unsigned)P[wpctl_P_NumSm];
  m->k = (unsigned)P[wpctl_P_Kernels];
  m->ways = (unsigned)P[wpctl_P_Ways];
  m->ipcw = (unsigned)P[wpctl_P_IpcW];
  m->cw = WC_CW(P);
  m->kw = WC_KW(P);
  m->nf = WC_NF(P);
  m->folmean = (unsigned)P[wpctl_P_FolMean];
  m->seed = (uint32_t)P[wpctl_P_Seed];
  m->permax = (uint32_t)P[wpctl_P_PerMax];
  wpctl_reset(m);
  return m;
}

void wpctl_free(wpctl_model_t *m) { free(m); }

unsigned wpctl_lfsr_step(unsigned s)
{
  return (s >> 1) ^ ((s & 1u) ? WC_LFSR_TAPS : 0u);
}

int wpctl_donor(unsigned k, const unsigned *f, unsigned i, unsigned r)
{
  if (r >= k) r -= k;                                /* WP15: the fold */
  for (unsigned n = 0; n < k; n++) {                 /* WP14: the scan */
    const unsigned j = (r + n) % k;
    if (j != i && f[j] >= 1) return (int)j;
  }
  return -1;
}

/* P_i into p[] (WP14, WP24). */
static void prof_part(const wpctl_model_t *m, unsigned i, unsigned *p)
{
  memcpy(p, m->f, sizeof m->f[0] * m->k);
  if (m->k > 1 && m->mv[i]) {
    p[i]++;
    p[m->d[i]]--;
  }
}

static uint64_t pack(const wpctl_model_t *m, const unsigned *c)
{
  uint64_t v = 0;
  for (unsigned j = 0; j < m->k; j++) v |= (uint64_t)c[j] << (j * m->cw);
  return v;
}

/* doc "Decoded outputs" (WP24, WP25). */
static void decode(const wpctl_model_t *m, wpctl_out_t *o)
{
  memset(o, 0, sizeof *o);
  o->meas_o = m->phase == WC_RUN;
  o->start_o = m->start;
  o->rd_valid_o = m->phase == WC_POLL;
  o->rd_sm_o = m->phase == WC_POLL ? m->idx : 0u;
  o->wr_valid_o = m->phase == WC_BCAST || m->phase == WC_PROF;
  o->wr_all_o = m->phase == WC_BCAST;
  o->wr_sm_o = m->phase == WC_PROF ? m->idx : 0u;
  if (m->phase == WC_BCAST) {
    o->wr_part_o = pack(m, m->f);
  } else if (m->phase == WC_PROF) {
    unsigned p[WC_MAX_K];
    prof_part(m, m->idx, p);
    o->wr_part_o = pack(m, p);
  }
  o->fol_part_o = pack(m, m->f);
  o->win_o = m->win;
  o->best_o = m->best;
  o->periods_o = m->periods;
  o->lfsr_o = m->lfsr;
}

void wpctl_reset(wpctl_model_t *m)
{
  for (unsigned j = 0; j < m->k; j++) {               /* WP13: Even */
    m->f[j] = m->ways / m->k + (j < m->ways % m->k ? 1u : 0u);
    m->d[j] = 0;
    m->mv[j] = 0;
  }
  m->lfsr = m->seed;
  m->best = 0;
  m->win = 0;
  m->phase = WC_RUN;                                  /* WP23 */
  m->idx = 0;
  m->warm = 1;
  m->cnt = 0;
  m->start = 1;
  m->periods = 0;
  decode(m, &m->out);
}

/* WP14, WP15, WP31: the draw for profiling SM i against the current F. */
static void draw(wpctl_model_t *m, unsigned i)
{
  const int j = wpctl_donor(m->k, m->f, i, m->lfsr & (unsigned)kit_mask(m->kw));
  m->d[i] = j < 0 ? 0u : (unsigned)j;
  m->mv[i] = j >= 0;
  for (unsigned n = 0; n < m->kw; n++) m->lfsr = wpctl_lfsr_step(m->lfsr);
}

/* RUN's edge; returns 0 when no output changes (the common cycle: the
 * step then skips the decode). */
static int run_edge(wpctl_model_t *m, const wpctl_in_t *in)
{
  const uint64_t all = kit_mask(m->numsm);
  const int end = !m->start && ((in->sm_done_i & all) == all || (m->permax && m->cnt == m->permax - 1u));
  const unsigned was_start = m->start;
  m->start = 0;
  if (!end) {
    m->cnt++;
    return (int)was_start;
  }
  if (m->periods < WC_PERIODS_MAX) m->periods++;      /* WP29 */
  m->cnt = 0;
  const unsigned warm = m->warm;
  m->warm = 0;
  if (warm || (in->static_i & 1u)) memset(m->mv, 0, sizeof m->mv); /* WP27; a poll clears them at its end */
  if (in->static_i & 1u) {                            /* WP18, WP26 */
    unsigned c[WC_MAX_K], sum = 0;
    for (unsigned j = 0; j < m->k; j++) sum += c[j] = (unsigned)((in->cfg_part_i >> (j * m->cw)) & kit_mask(m->cw));
    if (sum <= m->ways) memcpy(m->f, c, sizeof c[0] * m->k);
    m->phase = WC_BCAST;
    m->idx = m->k;
  } else if (warm) {                                  /* WP13 */
    m->phase = WC_BCAST;
    m->idx = 0;
  } else {                                            /* WP16 */
    m->phase = WC_POLL;
    m->idx = m->k;
    m->best = 0;
    m->win = 0;
  }
  return 1;
}

static void poll_edge(wpctl_model_t *m, const wpctl_in_t *in)
{
  const uint64_t v = in->rd_ipc_i;
  const unsigned i = m->idx;
  if (i >= m->k) {
    m->best = m->folmean ? m->best + v : (v > m->best ? v : m->best);
  } else {
    const uint64_t c = m->folmean ? v * m->nf : v;
    if (c > m->best) {                                /* strict: ties keep (WP16) */
      m->best = c;
      m->win = i + 1u;
    }
  }
  if (i == m->k - 1u) {                               /* the last SM polled */
    if (m->win) {
      unsigned p[WC_MAX_K];
      prof_part(m, m->win - 1u, p);
      memcpy(m->f, p, sizeof p[0] * m->k);
    }
    memset(m->mv, 0, sizeof m->mv);                   /* WP27 */
    m->phase = WC_BCAST;
    m->idx = 0;
  } else {
    m->idx = i == m->numsm - 1u ? 0u : i + 1u;
  }
}

void wpctl_step(wpctl_model_t *m, const wpctl_in_t *in, wpctl_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    wpctl_reset(m);
    *out = m->out;
    return;
  }
  switch (m->phase) {
  case WC_RUN:
    if (!run_edge(m, in)) {
      *out = m->out;
      return;
    }
    break;
  case WC_POLL: poll_edge(m, in); break;
  case WC_BCAST:
    if (m->idx == m->k) {                             /* a static end: no profiling writes */
      m->phase = WC_RUN;
      m->start = 1;
    } else {
      draw(m, 0);
      m->phase = WC_PROF;
      m->idx = 0;
    }
    break;
  default:                                            /* WC_PROF */
    if (m->idx == m->k - 1u) {
      m->phase = WC_RUN;
      m->start = 1;
    } else {
      draw(m, m->idx + 1u);
      m->idx++;
    }
    break;
  }
  decode(m, &m->out);
  *out = m->out;
}

int wpctl_check(const wpctl_model_t *m, char *err, size_t errlen)
{
  unsigned sum = 0;
  for (unsigned j = 0; j < m->k; j++) sum += m->f[j];
  if (sum > m->ways) {
    snprintf(err, errlen, "invariant 1: F sums to %u > Ways %u", sum, m->ways);
    return -1;
  }
  for (unsigned i = 0; i < m->k; i++)
    if (m->mv[i] && (m->d[i] >= m->k || m->d[i] == i || m->f[m->d[i]] == 0)) {
      snprintf(err, errlen, "invariant 2: SM %u's donor %u is not a kernel with a way", i, m->d[i]);
      return -1;
    }
  if (m->lfsr == 0 || m->lfsr > 0xFFFFu) {
    snprintf(err, errlen, "invariant 3: lfsr 0x%x", m->lfsr);
    return -1;
  }
  const unsigned lim = m->phase == WC_POLL ? m->numsm - 1u : m->phase == WC_BCAST ? m->k : m->phase == WC_PROF ? m->k - 1u : m->numsm;
  if (m->idx > lim || (m->start && m->phase != WC_RUN)) {
    snprintf(err, errlen, "invariants 4-5: phase %u idx %u start %u", m->phase, m->idx, m->start);
    return -1;
  }
  if (m->permax && m->cnt >= m->permax) {
    snprintf(err, errlen, "invariant 7: cnt %u >= PerMax %u", (unsigned)m->cnt, (unsigned)m->permax);
    return -1;
  }
  return 0;
}
