/*
 * maw_ctl_block.c - the MAW controller as the generic tools see it:
 * parameter and port tables from maw_ctl.def, cross-parameter legality
 * (doc/maw_ctl.md "Parameters"), the storage estimate (doc "Storage"), the
 * functional cover events, the default check list and the equivalence
 * configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/maw_ctl/maw_ctl.h"

static int maw_ctl_params_check(const long *P, char *err, size_t errlen)
{
  const long n = (long)MAW_N(P), latmax = (1L << P[maw_ctl_P_LatW]) - 1;
  return kit_rule(P[maw_ctl_P_MinMaw] <= n, err, errlen, "parameter MinMaw=%ld must be <= n=%ld (NMax x 2^PerCore)",
                  P[maw_ctl_P_MinMaw], n) ||
         kit_rule(P[maw_ctl_P_Tw] <= n, err, errlen, "parameter Tw=%ld must be <= n=%ld (NMax x 2^PerCore)",
                  P[maw_ctl_P_Tw], n) ||
         kit_rule(P[maw_ctl_P_TH] <= latmax, err, errlen, "parameter TH=%ld must be <= 2^LatW-1=%ld",
                  P[maw_ctl_P_TH], latmax) ||
         kit_rule(P[maw_ctl_P_TL] <= P[maw_ctl_P_TH], err, errlen, "parameter TL=%ld must be <= TH=%ld",
                  P[maw_ctl_P_TL], P[maw_ctl_P_TH]) ||
         kit_rule(P[maw_ctl_P_GNum] < P[maw_ctl_P_GDen], err, errlen, "parameter GNum=%ld must be < GDen=%ld",
                  P[maw_ctl_P_GNum], P[maw_ctl_P_GDen]);
}

/* Every input value that fits its port is legal. */
static int maw_ctl_in_check(const long *P, const maw_ctl_in_t *i, char *err, size_t errlen)
{
  (void)P; (void)i; (void)err; (void)errlen;
  return 0;
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). */
void maw_ctl_storage(const long *P, kit_storage_t *st)
{
  static char cnt_txt[120], maw_txt[120], lat_txt[120], if_txt[160];
  const unsigned p = (unsigned)P[maw_ctl_P_PeriodLog], nw = MAW_NW(P), latw = (unsigned)P[maw_ctl_P_LatW];
  unsigned n = 0;
  snprintf(cnt_txt, sizeof cnt_txt, "period and bypass counters pc, mb (M2, M10): 2 x P = 2 x %u", p);
  snprintf(maw_txt, sizeof maw_txt, "MAW %u, direction 2, phase 1, stop 1 (M4-M6)", nw);
  snprintf(lat_txt, sizeof lat_txt, "latency registers latp, ref (M6): 2 x LatW = 2 x %u", latw);
  snprintf(if_txt, sizeof if_txt, "output registers: mb %u, nt %u, wait, dec 3, dec_valid, per_end", p + 1u, nw);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, cnt_txt, 1, "block", 2u * p};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, maw_txt, 1, "block", nw + 4u};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, lat_txt, 1, "block", 2u * latw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, if_txt, 1, "block", (p + 1u) + nw + 6u};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "no figure (V-D: the predictor is \"cheap\"); design note: 58 added, 84 total";
}

/* Functional coverage of doc/maw_ctl.md's cases, from one cycle's inputs,
 * the outputs after its edge and the outputs before it. */
enum { CV_RESET, CV_PER_END, CV_PER_END_WAITING, CV_NOC_IGNORED, CV_HOLD, CV_COARSE, CV_DOWN_HI, CV_DOWN_G,
       CV_UP, CV_RB_DOWN, CV_RB_UP, CV_STOP, CV_COARSE_AT_TW, CV_COARSE_TO_FINE, CV_COARSE_AT_MIN,
       CV_MAW_MIN, CV_MAW_N_FINE, CV_RELEASE_CHG, CV_RELEASE_HI, CV_RB_UP_REFUSED, CV_UP_AT_N, CV_DOWN_AT_MIN,
       CV_NT_ZERO, CV_MB_FULL, CV_DECIDE_AT_END, CV_N };
static const char *const maw_ctl_cover_names[CV_N] = {
  "reset", "period_end", "period_end_while_waiting", "noc_valid_ignored", "dec_hold", "dec_coarse",
  "dec_down_hi", "dec_down_g", "dec_up", "dec_rb_down", "dec_rb_up", "dec_stop", "coarse_lands_on_tw",
  "coarse_to_fine", "coarse_at_minmaw", "maw_at_minmaw", "maw_at_n_in_fine", "stop_released_by_chg",
  "stop_released_by_hi", "rb_up_refused", "up_at_n", "down_at_minmaw", "nt_zero", "mb_full",
  "decision_at_period_end",
};

static void maw_ctl_cover(const long *P, const maw_ctl_in_t *i, const maw_ctl_out_t *o,
                          const maw_ctl_out_t *prev, uint64_t *n)
{
  const uint64_t nn = MAW_N(P), minmaw = (uint64_t)P[maw_ctl_P_MinMaw], tw = (uint64_t)P[maw_ctl_P_Tw];
  const uint64_t th = (uint64_t)P[maw_ctl_P_TH], tl = (uint64_t)P[maw_ctl_P_TL];
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (o->per_end_o) {
    n[CV_PER_END]++;
    if (prev->wait_o && !o->dec_valid_o) n[CV_PER_END_WAITING]++;
    if (o->dec_valid_o) n[CV_DECIDE_AT_END]++;
    if (o->nt_o == 0) n[CV_NT_ZERO]++;
    if (o->mb_o == (uint64_t)1 << P[maw_ctl_P_PeriodLog]) n[CV_MB_FULL]++;
  }
  if (i->noc_valid_i && !prev->wait_o) n[CV_NOC_IGNORED]++;
  if (o->maw_o == minmaw) n[CV_MAW_MIN]++;
  if (o->phase_o && o->maw_o == nn) n[CV_MAW_N_FINE]++;
  if (!o->dec_valid_o) return;
  n[CV_HOLD + o->dec_o]++;
  const int hi = i->noc_avg_i > th, lo = i->noc_avg_i < tl;
  if (!prev->phase_o) {
    if (o->dec_o == MAW_COARSE && o->maw_o == tw) n[CV_COARSE_AT_TW]++;
    if (o->phase_o) n[CV_COARSE_TO_FINE]++;
    if (i->cont_i && hi && prev->maw_o == minmaw) n[CV_COARSE_AT_MIN]++;
    return;
  }
  if (prev->stop_o && o->dec_o != MAW_STOP) n[hi ? CV_RELEASE_HI : CV_RELEASE_CHG]++;
  if (o->dec_o != MAW_HOLD) return;
  if (prev->dir_o == MAW_DIR_DOWN && lo && prev->maw_o < nn) n[CV_RB_UP_REFUSED]++;
  if (lo && prev->maw_o == nn) n[CV_UP_AT_N]++;
  if (hi && prev->maw_o == minmaw) n[CV_DOWN_AT_MIN]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration decides once per 16K reads, so the list adds short periods
 * (PeriodLog 2-4) where the search runs its whole course many times, each
 * KIT_MODE value, a narrow latency and a MAW range starting near Tw.
 * Together they reach every cover event. */
static const kit_check_t maw_ctl_checks[] = {
  {"", 60000, 20000, "the paper configuration (n 24, Tw 10, 16K-read periods, TL 32, TH 64, G 1/20)"},
  {"PeriodLog=4", 40000, 20000,
   "16-read periods (the directed files' E1-E3): the fine search's rows, stops and releases, n_t 0, m_b 2^P"},
  {"PeriodLog=4 EqCur=1", 40000, 20000, "Eq. 1 on the current MAW (doc \"Paper readings\")"},
  {"PeriodLog=4 PerCore=1", 40000, 20000, "MAW per core, n = 48 (doc \"Paper readings\")"},
  {"NMax=6 Tw=2 MinMaw=2 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=3 GDen=5 EqCur=1", 40000, 20000,
   "Tw = MinMaw 2: coarse steps land on Tw and stop at MinMaw; 3-bit latencies, 4-read periods, G 3/5"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value (doc/harness.md "Equivalence"). */
static const kit_equiv_t maw_ctl_equivs[] = {
  {"NMax=4 Tw=3 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=1 GDen=4", KIT_CHK(1) | KIT_CHK(2), 20000,
   "the formal configuration: 4-read periods, 3-bit latencies, G 1/4"},
  {"NMax=4 Tw=3 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=1 GDen=4 EqCur=1", KIT_CHK(3), 20000,
   "EqCur = 1: Eq. 1 on the current MAW"},
  {"NMax=3 PerCore=1 Tw=4 PeriodLog=2 LatW=3 TL=3 TH=4 GNum=3 GDen=5", KIT_CHK(4), 20000,
   "PerCore = 1: n = 6; a one-wide band, G 3/5"},
  {"NMax=4 Tw=2 MinMaw=2 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=3 GDen=5 EqCur=1", KIT_CHK(5), 20000,
   "Tw = MinMaw 2 with EqCur = 1"},
};

KIT_BLOCK_DEFINE(maw_ctl, maw_ctl, "rtl/maw_ctl/maw_ctl.v", NULL);
