/*
 * cbwt_l1_block.c - the CBWT sampler-core slice as the generic tools see
 * it: the parameter and port tables generated from cbwt_l1.def, legality
 * (each sub-block's configuration by its own rules, plus the slice's), the
 * directed-file value check, the storage estimate (the sub-blocks' rows,
 * the glue, and V-D's items of doc/cbwt_l1.md "Storage"), the functional
 * cover events, the default check list and the equivalence configurations.
 */
#include <string.h>

#include "cmodel/maw_ctl/maw_ctl.h"
#include "cmodel/noc_sampler/noc_sampler.h"
#include "cmodel/pdp/pdp.h"
#include "cmodel/pdp_cache/pdp_cache.h"
#include "cmodel/victim_bits/victim_bits.h"
#define KIT_BLOCK_IMPL
#include "cmodel/cbwt_l1/cbwt_l1.h"

static const kit_block_t *const cb_subs[] = {&pdp_cache_block, &pdp_block, &noc_sampler_block, &maw_ctl_block,
                                             &victim_bits_block};
#define CB_NSUB (sizeof cb_subs / sizeof cb_subs[0])

static int cbwt_l1_params_check(const long *P, char *err, size_t errlen)
{
  if (kit_subs_check(cb_subs, CB_NSUB, cb_sub_params, P, err, errlen)) return -1;
  return kit_rule(P[cbwt_l1_P_PdTagW] <= P[cbwt_l1_P_TagW], err, errlen,
                  "parameter PdTagW=%ld must be <= TagW=%ld (S9: pdp takes the low bits of the tag)",
                  P[cbwt_l1_P_PdTagW], P[cbwt_l1_P_TagW]) ||
         kit_rule((1L << P[cbwt_l1_P_PeriodLog]) >= P[cbwt_l1_P_LatW] + 2, err, errlen,
                  "parameter PeriodLog=%ld too small: 2^PeriodLog must be >= LatW+2=%ld (S7)",
                  P[cbwt_l1_P_PeriodLog], P[cbwt_l1_P_LatW] + 2);
}

/* The values a directed file may not write: victim_bits' own rules for
 * the L2 event port, which reaches it unchanged (the other sub-blocks
 * refuse nothing on the ports the slice brings out). */
static int cbwt_l1_in_check(const long *P, const cbwt_l1_in_t *i, char *err, size_t errlen)
{
  long Pv[KIT_MAX_PARAMS];
  victim_bits_in_t v;
  memset(&v, 0, sizeof v);
  cb_sub_params(&victim_bits_block, P, Pv);
  v.rst_ni = i->rst_ni;
  v.ev_valid_i = i->ev_valid_i;
  v.ev_kind_i = i->ev_kind_i;
  v.ev_set_i = i->ev_set_i;
  v.ev_way_i = i->ev_way_i;
  v.ev_l1_i = i->ev_l1_i;
  return victim_bits_block.in_check(Pv, (const uint64_t *)&v, err, errlen);
}

/* doc "Storage": every sub-block row, its text prefixed with the block, and
 * the glue's registers (static buffers: the report is printed before the
 * next call). */
static char cb_txt[KIT_MAX_STORAGE_ROWS][KIT_STORAGE_TXT];

void cbwt_l1_storage(const long *P, kit_storage_t *st)
{
  unsigned n = 0;
  memset(st, 0, sizeof *st);
  for (unsigned k = 0; k < CB_NSUB; k++) {
    long Ps[KIT_MAX_PARAMS];
    cb_sub_params(cb_subs[k], P, Ps);
    n = kit_storage_sub(st, n, cb_subs[k], Ps, cb_txt);
  }
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "glue: busy_q, busy_q2, wait_q, byp_q 1 each, maw_q NW", 1,
                                     "block", 4u + CB_NW(P)};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "V-D item by item: see the table below";
}

/* The added bits of sub-block `name` at composite configuration P whose
 * row text starts with `row` ("" = every added row). */
static uint64_t cb_added(const long *P, const char *name, const char *row)
{
  const kit_block_t *b = kit_block_find(name);
  long Ps[KIT_MAX_PARAMS];
  kit_storage_t st;
  uint64_t bits = 0;
  cb_sub_params(b, P, Ps);
  b->storage(Ps, &st);
  for (unsigned r = 0; r < st.nrows; r++)
    if (st.row[r].group == KIT_ST_ADDED && strncmp(st.row[r].what, row, strlen(row)) == 0)
      bits += st.row[r].count * st.row[r].bits;
  return bits;
}

static void cb_item(FILE *f, const char *item, uint64_t bits, const char *formula, const char *paper)
{
  fprintf(f, "  %-34s %8llu bits %9.2f B   %s\n      paper: %s\n", item, (unsigned long long)bits,
          (double)bits / 8.0, formula, paper);
}

void cb_report(const long *P, FILE *f)
{
  char fo[200];
  const long p1 = P[cbwt_l1_P_L1s], m = P[cbwt_l1_P_L2Ways];
  const long nsamp = (long)victim_bits_nsampled(P[cbwt_l1_P_L2Sets], P[cbwt_l1_P_SampleShift], 0);
  uint64_t total = 0, b;
  fprintf(f, "CBWT costs, section V-D, item by item (the sampler core's slice at this configuration):\n");
  b = cb_added(P, "victim_bits", "victim bits");
  snprintf(fo, sizeof fo, "O_v = P x N x M = L1s x (L2Sets >> SampleShift) x L2Ways = %ld x %ld x %ld", p1, nsamp, m);
  cb_item(f, "victim bits O_v", b, fo, "\"O_v = P x N x M\" = 256 B (16 x 8 x 16 bits)");
  total += b;
  b = cb_added(P, "victim_bits", "LLS") + cb_added(P, "victim_bits", "access") + cb_added(P, "victim_bits", "period");
  cb_item(f, "contention counters (LLS, accesses)", b, "LlsW + AccW + period counter",
          "\"two saturating counters\", no width given");
  total += b;
  b = cb_added(P, "pdp_cache", "RPD");
  snprintf(fo, sizeof fo, "RPD: Sets x Ways x log2 DMax = %ld x %ld x %u (per L1)", P[cbwt_l1_P_Sets],
           P[cbwt_l1_P_Ways], CB_LD(P));
  cb_item(f, "PDP bypass (RPD per line)", b, fo, "\"the same as PDP cache\", no figure");
  total += b;
  b = cb_added(P, "pdp", "");
  cb_item(f, "PD predictor (pdp)", b, "sampler FIFOs + RD counter array (doc/pdp.md Storage)",
          "the PDP paper's predictor, no figure in CBWT");
  total += b;
  b = cb_added(P, "noc_sampler", "");
  cb_item(f, "congestion counters (noc_sampler)", b, "Slots x (LatW + 2) + LFSR 16 + window S, C",
          "\"hardware counters\", no figure");
  total += b;
  b = cb_added(P, "maw_ctl", "");
  cb_item(f, "MAW predictor (maw_ctl)", b, "period, m_b counters + MAW, dir, phase, stop + latp, ref",
          "\"cheap\", no figure");
  total += b;
  fprintf(f, "  %-34s %8llu bits %9.2f B (added by CBWT at the sampler core; the other L1s add only the RPD)\n",
          "sum of the items", (unsigned long long)total, (double)total / 8.0);
}

/* Functional coverage of doc/cbwt_l1.md's cases: the wires and the
 * integration events (each sub-block's own cases are its own check's). */
enum { CV_RESET, CV_READ_HIT, CV_MISS, CV_BYPASS, CV_FORCED, CV_NOALLOC, CV_WRITE, CV_PD_FIRST, CV_PD_CHANGE,
       CV_CONT_ON, CV_CONT_OFF, CV_PER_END, CV_NOC_MEAN, CV_MEAN_EMPTY, CV_NOC_DROP, CV_NOC_TMO, CV_NOC_STALE,
       CV_HOLD, CV_COARSE, CV_FINE, CV_DOWN, CV_UP, CV_ROLLBACK, CV_STOP, CV_MAW_MIN, CV_N };
static const char *const cbwt_l1_cover_names[CV_N] = {
  "reset", "read_hit", "read_miss", "bypass", "forced_eviction", "noalloc", "write", "pd_first", "pd_change",
  "contention_on", "contention_off", "period_end", "noc_mean", "noc_mean_no_sample", "noc_drop", "noc_timeout",
  "noc_stale", "dec_hold", "dec_coarse", "fine_entered", "dec_down", "dec_up", "dec_rollback", "dec_stop",
  "maw_at_min",
};

static void cbwt_l1_cover(const long *P, const cbwt_l1_in_t *i, const cbwt_l1_out_t *o, const cbwt_l1_out_t *p,
                          uint64_t *n)
{
  if (!i->rst_ni) {
    n[CV_RESET]++;
    return;
  }
  if (o->rsp_valid_o && !o->rsp_wr_o) {
    switch (o->rsp_kind_o) {
    case PDPC_HIT: n[CV_READ_HIT]++; break;
    case PDPC_MISS: n[o->rsp_forced_o ? CV_FORCED : CV_MISS]++; break;
    case PDPC_BYPASS: n[CV_BYPASS]++; break;
    default: n[CV_NOALLOC]++; break;
    }
  }
  if (o->rsp_valid_o && o->rsp_wr_o) n[CV_WRITE]++;
  if (o->pd_valid_o && !p->pd_valid_o) n[CV_PD_FIRST]++;
  if (o->pd_valid_o && p->pd_valid_o && o->pd_o != p->pd_o) n[CV_PD_CHANGE]++;
  if (o->contention_o && !p->contention_o) n[CV_CONT_ON]++;
  if (!o->contention_o && p->contention_o) n[CV_CONT_OFF]++;
  if (o->per_end_o) n[CV_PER_END]++;
  if (o->avg_valid_o) n[o->nsamp_o ? CV_NOC_MEAN : CV_MEAN_EMPTY]++;
  if (o->drop_o) n[CV_NOC_DROP]++;
  if (o->tmo_o) n[CV_NOC_TMO]++;
  if (o->stale_o) n[CV_NOC_STALE]++;
  if (o->dec_valid_o) {
    switch (o->dec_o) {
    case MAW_HOLD: n[CV_HOLD]++; break;
    case MAW_COARSE: n[CV_COARSE]++; break;
    case MAW_DOWN_HI: case MAW_DOWN_G: n[CV_DOWN]++; break;
    case MAW_UP: n[CV_UP]++; break;
    case MAW_RB_DOWN: case MAW_RB_UP: n[CV_ROLLBACK]++; break;
    default: n[CV_STOP]++; break;
    }
    if (o->maw_o == (uint64_t)P[cbwt_l1_P_MinMaw]) n[CV_MAW_MIN]++;
  }
  if (o->phase_o && !p->phase_o) n[CV_FINE]++;
}

/* The scaled configuration of the design note's scenario 5.3 (doc "Worked
 * scenario"): CB_SCEN is the scenario's own (16-read periods, two L1 sets,
 * 4-request L2 periods), so its directed files share the check's models;
 * CB_OTHER varies the geometry (four sets, 64-read periods) under the other
 * value of every mode parameter. */
#define CB_CORE "Ways=2 TagW=5 DMax=8 SampledSets=1 Sc=2 SampM=2 De=2 PdTagW=5 Slots=2 LatW=4 CntW=4 RateShift=0 " \
                "NMax=8 Tw=5 TL=4 TH=8 L1s=2 L2Sets=2 L2Ways=2 SampleShift=0"
#define CB_SCEN CB_CORE " Sets=2 PeriodLog=4 VbPeriod=4 Resv=0"
#define CB_OTHER CB_CORE " Sets=4 PeriodLog=6 VbPeriod=16 BypMode=0 EqCur=1 PerCore=1 VicLru=0 WrEvict=0 PdMin=1"

/* The default check (make check, make run, make vectors; doc
 * "Verification"). */
static const kit_check_t cbwt_l1_checks[] = {
  {"", 100000, 20000, "the paper's sampler core: 16K-read periods, Eq. 1 coarse steps"},
  {"PeriodLog=8 LatW=6 TL=8 TH=24 RateShift=2", 100000, 20000,
   "the paper's geometry, 256-read periods: many PDs and decisions, the fine search"},
  {CB_SCEN, 200000, 100000, "scenario 5.3's configuration: every decision of the search, timeouts, drops"},
  {CB_SCEN " BypMode=0", 100000, 20000, "scenario 5.3's configuration with bypassing always on (S2)"},
  {CB_OTHER, 100000, 20000,
   "scaled, the other readings: bypass always on, Eq. 1 on the current MAW, MAW per core, lowest-way victims"},
};

/* The equivalence configurations (make equiv, make mutate): the scenario's
 * configuration stands for the paper's (the glue is the same at every
 * size; the sub-blocks' own geometries are proved in their own lists),
 * under every mode value. */
static const kit_equiv_t cbwt_l1_equivs[] = {
  {CB_SCEN, KIT_CHK(1) | KIT_CHK(2) | KIT_CHK(3), 100000, "scenario 5.3's configuration (the paper configuration reduced)"},
  {CB_SCEN " BypMode=0", KIT_CHK(4), 20000, "the same with bypassing always on"},
  {CB_OTHER, KIT_CHK(5), 20000, "four sets, 64-read periods, the other value of every mode parameter"},
};

KIT_BLOCK_DEFINE(cbwt_l1, cb,
                 "rtl/cbwt_l1/cbwt_l1.v rtl/pdp_cache/pdp_cache.v rtl/pdp/pdp.v rtl/noc_sampler/noc_sampler.v "
                 "rtl/maw_ctl/maw_ctl.v rtl/victim_bits/victim_bits.v rtl/mem/kit_mem.v",
                 cb_report);
