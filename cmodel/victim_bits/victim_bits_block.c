/*
 * victim_bits_block.c - the victim-bit sampler as the generic tools see it:
 * parameter and port tables from victim_bits.def, cross-parameter legality,
 * the check a directed file's values must pass, the storage estimate of
 * section V-D (doc/victim_bits.md "Storage") and functional coverage.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/victim_bits/victim_bits.h"

/* Kit bound on G x N x M (doc "Cross-parameter rules"): 32x the paper's. */
#define VB_MAX_VICTIM_BITS 65536u

static int victim_bits_params_check(const long *P, char *err, size_t errlen)
{
  const long sets = P[victim_bits_P_Sets], sh = P[victim_bits_P_SampleShift];
  const long off = P[victim_bits_P_SampleOffset];
  const uint64_t vbits = (uint64_t)VB_G(P) * VB_N(P) * (uint64_t)P[victim_bits_P_Ways];
  return kit_rule(off < (1L << sh) && off < sets, err, errlen,
                  "parameter SampleOffset=%ld must be below 2^SampleShift=%ld and below Sets=%ld", off,
                  1L << sh, sets) ||
         kit_rule(kit_is_pow2(P[victim_bits_P_Share]) && P[victim_bits_P_Share] <= P[victim_bits_P_L1s],
                  err, errlen, "parameter Share=%ld must be a power of two <= L1s=%ld",
                  P[victim_bits_P_Share], P[victim_bits_P_L1s]) ||
         kit_rule(P[victim_bits_P_LlsW] <= P[victim_bits_P_AccW], err, errlen,
                  "parameter LlsW=%ld must be <= AccW=%ld (LLS <= accesses)", P[victim_bits_P_LlsW],
                  P[victim_bits_P_AccW]) ||
         kit_rule(P[victim_bits_P_ThrNum] <= P[victim_bits_P_ThrDen], err, errlen,
                  "parameter ThrNum=%ld must be <= ThrDen=%ld (a ratio above 1 never fires)",
                  P[victim_bits_P_ThrNum], P[victim_bits_P_ThrDen]) ||
         kit_rule(kit_is_pow2(P[victim_bits_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[victim_bits_P_LineBytes]) ||
         kit_rule(vbits <= VB_MAX_VICTIM_BITS, err, errlen,
                  "victim bits G x N x M = %llu exceed the kit bound %u (lower Sets, "
                  "Ways, L1s or raise SampleShift/Share)", (unsigned long long)vbits, VB_MAX_VICTIM_BITS);
}

/* A directed file names only real sets, ways and L1s (doc "Event kinds";
 * the random stimulus drives out-of-range values, which are ignored). */
static int victim_bits_in_check(const long *P, const victim_bits_in_t *i, char *err, size_t errlen)
{
  return i->ev_valid_i &&
         (kit_rule(i->ev_set_i < (uint64_t)P[victim_bits_P_Sets], err, errlen,
                   "ev_set_i=%llu out of range 0..%ld (Sets)", (unsigned long long)i->ev_set_i,
                   P[victim_bits_P_Sets] - 1) ||
          kit_rule(i->ev_way_i < (uint64_t)P[victim_bits_P_Ways], err, errlen,
                   "ev_way_i=%llu out of range 0..%ld (Ways)", (unsigned long long)i->ev_way_i,
                   P[victim_bits_P_Ways] - 1) ||
          kit_rule(i->ev_kind_i == VB_EVICT || i->ev_l1_i < (uint64_t)P[victim_bits_P_L1s], err, errlen,
                   "ev_l1_i=%llu out of range 0..%ld (L1s)", (unsigned long long)i->ev_l1_i,
                   P[victim_bits_P_L1s] - 1));
}

void victim_bits_storage(const long *P, kit_storage_t *st)
{
  static char paper[256];
  uint64_t n = VB_N(P), m = (uint64_t)P[victim_bits_P_Ways], g = VB_G(P);
  uint64_t p = (uint64_t)P[victim_bits_P_L1s];
  unsigned k = 0;

  memset(st, 0, sizeof *st);
  st->row[k++] = (kit_storage_row_t){KIT_ST_ADDED, "victim bits (P x N x M)", n * m, "line", (unsigned)g};
  st->row[k++] = (kit_storage_row_t){KIT_ST_ADDED, "LLS saturating counter", 1, "block",
                                     (unsigned)P[victim_bits_P_LlsW]};
  st->row[k++] = (kit_storage_row_t){KIT_ST_ADDED, "access saturating counter", 1, "block",
                                     (unsigned)P[victim_bits_P_AccW]};
  if (VB_PERW(P))
    st->row[k++] = (kit_storage_row_t){KIT_ST_ADDED, "period cycle counter", 1, "block", VB_PERW(P)};
  /* contention, period_done, sampled, lost; dbg_data (G) */
  st->row[k++] = (kit_storage_row_t){KIT_ST_INTERFACE, "output flags and debug read", 1, "block",
                                     4u + (unsigned)g};
  st->nrows = k;
  st->data_bytes = (uint64_t)P[victim_bits_P_Sets] * m * (uint64_t)P[victim_bits_P_LineBytes];
  if (g == p)
    snprintf(paper, sizeof paper,
             "V-D: O_v = P x N x M = %llu x %llu x %llu = %llu bits = %g B of victim bits, "
             "plus LLS and access counters",
             (unsigned long long)p, (unsigned long long)n, (unsigned long long)m,
             (unsigned long long)(p * n * m), (double)(p * n * m) / 8.0);
  else
    snprintf(paper, sizeof paper,
             "V-D with sharing: O_v = ceil(P/Share) x N x M = %llu x %llu x %llu = %llu bits = %g B "
             "of victim bits, plus LLS and access counters",
             (unsigned long long)g, (unsigned long long)n, (unsigned long long)m,
             (unsigned long long)(g * n * m), (double)(g * n * m) / 8.0);
  st->paper = paper;
}

/* Functional coverage of the spec's cases, from one cycle's event and the
 * outputs it produced (sampled_o / lost_o / period_done_o make them
 * observable). */
enum { CV_RESET, CV_HIT_FIRST, CV_HIT_LOST, CV_FILL, CV_EVICT, CV_WRITE, CV_UNSAMPLED,
       CV_OUT_OF_RANGE, CV_LLS_SAT, CV_ACC_SAT, CV_PERIOD_CONT, CV_PERIOD_NOCONT,
       CV_PERIOD_EMPTY, CV_THR_EXACT, CV_THR_BELOW, CV_EVENT_AT_END, CV_RESTART, CV_DBG_NONZERO,
       CV_N };
static const char *const victim_bits_cover_names[CV_N] = {
  "reset", "hit_first", "hit_lost", "fill", "evict_sampled", "write", "unsampled_ignored",
  "out_of_range_ignored", "lls_saturated", "acc_saturated", "period_contention",
  "period_no_contention", "period_empty", "threshold_exact", "threshold_one_below",
  "event_at_period_end", "restart_after_end", "dbg_nonzero",
};

static void victim_bits_cover(const long *P, const victim_bits_in_t *i, const victim_bits_out_t *o,
                              const victim_bits_out_t *prev, uint64_t *n)
{
  (void)prev;
  const uint64_t num = (uint64_t)P[victim_bits_P_ThrNum], den = (uint64_t)P[victim_bits_P_ThrDen];
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (i->ev_valid_i) {
    int sampler = victim_bits_is_sampler((unsigned)P[victim_bits_P_SampleShift],
                                         (unsigned)P[victim_bits_P_SampleOffset],
                                         (unsigned)P[victim_bits_P_Sets], i->ev_set_i);
    int in_range = i->ev_set_i < (uint64_t)P[victim_bits_P_Sets] &&
                   i->ev_way_i < (uint64_t)P[victim_bits_P_Ways] &&
                   (i->ev_kind_i == VB_EVICT || i->ev_l1_i < (uint64_t)P[victim_bits_P_L1s]);
    if (i->ev_kind_i == VB_HIT && o->sampled_o) n[o->lost_o ? CV_HIT_LOST : CV_HIT_FIRST]++;
    if (i->ev_kind_i == VB_FILL && o->sampled_o) n[CV_FILL]++;
    if (i->ev_kind_i == VB_EVICT && sampler && in_range) n[CV_EVICT]++;
    if (i->ev_kind_i == VB_WRITE) n[CV_WRITE]++;
    if (i->ev_kind_i != VB_WRITE && in_range && !sampler) n[CV_UNSAMPLED]++;
    if (i->ev_kind_i != VB_WRITE && !in_range) n[CV_OUT_OF_RANGE]++;
  }
  if (o->lost_o && o->lls_o == kit_mask((unsigned)P[victim_bits_P_LlsW])) n[CV_LLS_SAT]++;
  if (o->sampled_o && o->acc_o == kit_mask((unsigned)P[victim_bits_P_AccW])) n[CV_ACC_SAT]++;
  if (o->period_done_o) {
    if (o->acc_o == 0) n[CV_PERIOD_EMPTY]++;
    else if (o->contention_o) n[CV_PERIOD_CONT]++;
    else n[CV_PERIOD_NOCONT]++;
    if (o->contention_o && o->lls_o * den == o->acc_o * num) n[CV_THR_EXACT]++;
    if (!o->contention_o && o->acc_o && (o->lls_o + 1) * den >= o->acc_o * num) n[CV_THR_BELOW]++;
    if (o->sampled_o) n[CV_EVENT_AT_END]++;
  } else if (o->sampled_o && o->acc_o == 1) {
    n[CV_RESTART]++;
  }
  if (o->dbg_data_o) n[CV_DBG_NONZERO]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration, and geometries it cannot show: non-power-of-two L1, set
 * and way counts (an out-of-range set or way exists), shared bits, short
 * periods (an empty period, counters saturating), every set a sampler. */
static const kit_check_t victim_bits_checks[] = {
  {"", 100000, 20000, "the paper configuration (V-D: 16 L1s, 512 sets of 16 ways, 1 in 64 sampled)"},
  {"L1s=5 Sets=13 Ways=3 SampleShift=2 SampleOffset=1 Share=2 LlsW=4 AccW=5 Period=64 ThrNum=1 ThrDen=3",
   50000, 20000, "13 sets, 3 ways, 5 L1s sharing bits in pairs, 64-request periods: out-of-range requests, empty periods"},
  {"L1s=3 Sets=7 Ways=5 SampleShift=1 SampleOffset=0 Share=1 LlsW=3 AccW=3 Period=5 ThrNum=2 ThrDen=3",
   50000, 20000, "5-request periods, threshold 2/3"},
  {"L1s=64 Sets=100 Ways=64 SampleShift=0 SampleOffset=0 Share=64 LlsW=8 AccW=8 Period=200 ThrNum=1 ThrDen=1",
   50000, 20000, "the largest L1 and way counts, every set sampled, one bit shared by all L1s, threshold 1"},
  {"WriteReq=0 PeriodAcc=0", 100000, 20000,
   "the paper geometry, writes ignored and periods in cycles (doc \"Paper readings\")"},
  {"L1s=5 Sets=13 Ways=3 SampleShift=2 SampleOffset=1 Share=2 LlsW=4 AccW=5 Period=64 ThrNum=1 ThrDen=3 WriteReq=0 PeriodAcc=0",
   50000, 20000, "13 sets, 64-cycle periods, writes ignored (doc \"Paper readings\")"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t victim_bits_equivs[] = {
  {"L1s=2 Sets=2 Ways=2 SampleShift=1 SampleOffset=0 Share=1 LlsW=2 AccW=2 Period=4 ThrNum=1 ThrDen=2", KIT_CHK(1) | KIT_CHK(3), 20000,
   "2 L1s, 2 sets (1 sampled), 2 ways, 4-request periods"},
  {"L1s=3 Sets=3 Ways=3 SampleShift=1 SampleOffset=1 Share=2 LlsW=2 AccW=3 Period=4 ThrNum=1 ThrDen=3", KIT_CHK(2), 20000,
   "3 sets (index 3 out of range), 3 L1s sharing bits in pairs, offset 1, LlsW < AccW"},
  {"L1s=4 Sets=2 Ways=2 SampleShift=0 SampleOffset=0 Share=4 LlsW=2 AccW=2 Period=4 ThrNum=1 ThrDen=1", KIT_CHK(4), 20000,
   "every set sampled, one bit shared by all L1s, threshold 1"},
  {"L1s=2 Sets=2 Ways=2 SampleShift=1 SampleOffset=0 Share=1 LlsW=2 AccW=2 Period=4 ThrNum=1 ThrDen=2 WriteReq=0 PeriodAcc=0", KIT_CHK(5), 20000,
   "WriteReq = 0, PeriodAcc = 0: writes ignored, periods in cycles"},
  {"L1s=3 Sets=3 Ways=3 SampleShift=1 SampleOffset=1 Share=2 LlsW=2 AccW=3 Period=4 ThrNum=1 ThrDen=3 WriteReq=0 PeriodAcc=0", KIT_CHK(6), 20000,
   "the 3-set geometry with writes ignored and periods in cycles"},
  {"L1s=2 Sets=2 Ways=2 SampleShift=1 SampleOffset=0 Share=1 LlsW=2 AccW=2 Period=1 ThrNum=1 ThrDen=2", 0, 20000,
   "Period = 1: every request ends a period (g_period1)"},
};

KIT_BLOCK_DEFINE(victim_bits, victim_bits, "rtl/victim_bits/victim_bits.v", NULL);
