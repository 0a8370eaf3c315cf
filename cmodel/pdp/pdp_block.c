/*
 * pdp_block.c - the PDP-S predictor as the generic tools see it: parameter
 * and port tables from pdp.def, cross-parameter legality (doc/pdp.md
 * "Parameters"), the directed-file input check, the storage estimate (doc
 * "Storage") and the functional cover events.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/pdp/pdp.h"

static int pdp_params_check(const long *P, char *err, size_t errlen)
{
  static const int pow2[] = {pdp_P_Sets, pdp_P_SampledSets, pdp_P_DMax, pdp_P_Sc, pdp_P_SampM};
  for (unsigned i = 0; i < KIT_COUNT(pow2); i++)
    if (kit_rule(kit_is_pow2(P[pow2[i]]), err, errlen, "parameter %s=%ld must be a power of two",
                 pdp_params[pow2[i]].name, P[pow2[i]]))
      return -1;
  const long nb = P[pdp_P_DMax] / P[pdp_P_Sc];
  return kit_rule(P[pdp_P_SampledSets] <= P[pdp_P_Sets], err, errlen,
                  "parameter SampledSets=%ld must be <= Sets=%ld", P[pdp_P_SampledSets], P[pdp_P_Sets]) ||
         kit_rule(P[pdp_P_PdMin] <= P[pdp_P_DMax], err, errlen, "parameter PdMin=%ld must be <= DMax=%ld",
                  P[pdp_P_PdMin], P[pdp_P_DMax]) ||
         kit_rule(nb >= 2 && nb <= 256, err, errlen,
                  "parameters DMax=%ld Sc=%ld: DMax/Sc must be 2..256 bins", P[pdp_P_DMax], P[pdp_P_Sc]) ||
         kit_rule(P[pdp_P_DMax] / P[pdp_P_SampM] >= 2, err, errlen,
                  "parameters DMax=%ld SampM=%ld: the FIFO depth DMax/SampM must be >= 2", P[pdp_P_DMax],
                  P[pdp_P_SampM]) ||
         kit_rule(P[pdp_P_NtW] >= P[pdp_P_BinW], err, errlen, "parameter NtW=%ld must be >= BinW=%ld",
                  P[pdp_P_NtW], P[pdp_P_BinW]) ||
         kit_rule(P[pdp_P_PeriodLen] >= nb + 2, err, errlen,
                  "parameter PeriodLen=%ld must be >= DMax/Sc + 2 = %ld (a period may not end "
                  "while the compute runs)", P[pdp_P_PeriodLen], nb + 2);
}

/* A directed file may only address what exists: the debug address 0..NB. */
static int pdp_in_check(const long *P, const pdp_in_t *i, char *err, size_t errlen)
{
  return kit_rule(i->dbg_addr_i <= PDP_NB(P), err, errlen,
                  "dbg_addr_i=%llu out of range 0..%u (bins 0..NB-1, N_t at NB)",
                  (unsigned long long)i->dbg_addr_i, PDP_NB(P));
}

void pdp_storage(const long *P, kit_storage_t *st)
{
  pdp_widths_t w;
  pdp_widths(P, &w);
  unsigned nsamp = (unsigned)P[pdp_P_SampledSets], nb = PDP_NB(P), ld = PDP_LD(P);
  unsigned f = (unsigned)(P[pdp_P_DMax] / P[pdp_P_SampM]), lm = pdp_log2u((unsigned long)P[pdp_P_SampM]);
  unsigned lb = pdp_log2u(nb), binw = (unsigned)P[pdp_P_BinW], ntw = (unsigned)P[pdp_P_NtW];
  unsigned perw = kit_clog2((uint64_t)P[pdp_P_PeriodLen]);
  unsigned n = 0;
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "sampled set: FIFO tags + counter", nsamp, "set",
                                     f * (unsigned)P[pdp_P_TagW] + lm};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "sampled set: FIFO valid bits", nsamp, "set", f};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "RD counter array (bins + N_t)", 1, "array",
                                     nb * binw + ntw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "period counter + frozen flag", 1, "block",
                                     perw + 1};
  /* busy, c, S, V, best H, best A, best PD/Sc */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "compute pipeline registers", 1, "block",
                                     1 + (lb + 1) + w.hw + w.vw + w.hw + w.aw + (lb + 1)};
  /* pd/Sc, pd_valid, samp_hit, samp_rd, dbg_data */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "output registers", 1, "block",
                                     (lb + 1) + 1 + 1 + ld + ntw};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "sampler (d_max/M x TagW + log2 M per sampled set) + counter array (NB x BinW + NtW)";
}

enum { CV_RESET, CV_HIT, CV_RD0, CV_RDMAX, CV_BUSY, CV_ACC_BUSY, CV_PD_VALID, CV_PD_MIN,
       CV_PD_MAX, CV_PD_MID, CV_FROZEN, CV_DBG_BIN, CV_DBG_NT, CV_DBG_BEYOND, CV_N };
static const char *const pdp_cover_names[CV_N] = {
  "reset", "sampled_hit", "rd_zero", "rd_max", "busy", "access_while_busy", "pd_valid",
  "pd_at_min", "pd_at_max", "pd_between", "frozen", "dbg_bin_nonzero", "dbg_nt_nonzero",
  "dbg_beyond_nt",
};

static void pdp_cover(const long *P, const pdp_in_t *i, const pdp_out_t *o,
                      const pdp_out_t *prev, uint64_t *n)
{
  (void)prev;
  uint64_t nb = PDP_NB(P), dmax = (uint64_t)P[pdp_P_DMax], sc = (uint64_t)P[pdp_P_Sc];
  uint64_t pdmin = (uint64_t)(P[pdp_P_PdMin] + P[pdp_P_Sc] - 1) / sc * sc; /* smallest candidate */
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (o->samp_hit_o) {
    n[CV_HIT]++;
    if (o->samp_rd_o == 0) n[CV_RD0]++;
    if (o->samp_rd_o == dmax - 1) n[CV_RDMAX]++;
  }
  if (o->busy_o) {
    n[CV_BUSY]++;
    if (i->acc_valid_i) n[CV_ACC_BUSY]++;
  }
  if (o->pd_valid_o) {
    n[CV_PD_VALID]++;
    n[o->pd_o == pdmin ? CV_PD_MIN : o->pd_o == dmax ? CV_PD_MAX : CV_PD_MID]++;
  }
  if (o->frozen_o) n[CV_FROZEN]++;
  if (i->dbg_addr_i < nb && o->dbg_data_o) n[CV_DBG_BIN]++;
  if (i->dbg_addr_i == nb && o->dbg_data_o) n[CV_DBG_NT]++;
  if (i->dbg_addr_i > nb) n[CV_DBG_BEYOND]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration computes a PD once per 16K-access period and its bins
 * never fill, so the list adds small configurations with short periods
 * and narrow counters (a full bin freezes the array, PDs between the
 * bounds, an empty histogram). Together they reach every event. */
static const kit_check_t pdp_checks[] = {
  {"", 100000, 20000, "the GPU configuration (64 sets, 8 sampled, PDs 4..64, 16K-access periods)"},
  {"Sets=8 SampledSets=2 DMax=8 Sc=2 SampM=2 TagW=2 BinW=2 NtW=3 De=2 PeriodLen=6", 50000, 20000,
   "the smallest arrays, 6-access periods, 2-bit bins: frozen arrays, empty histograms"},
  {"Sets=16 SampledSets=4 DMax=16 Sc=4 SampM=4 TagW=3 BinW=3 NtW=5 De=4 PeriodLen=64", 50000, 20000,
   "64-access periods, 3-bit bins: PDs between Sc and DMax"},
  {"TagW=4 PeriodLen=512", 50000, 20000, "the GPU arrays with 4-bit tags and 512-access periods: many PD computes"},
  {"NtAll=0 TagW=4 PeriodLen=512", 50000, 20000, "N_t counts insertions (doc \"Paper readings\"), many PD computes"},
  {"Sc=1 TagW=4 PeriodLen=512", 50000, 20000, "1-wide bins: every PD 4..64, CBWT's enumeration (doc \"Paper readings\")"},
  {"Sc=1 PdMin=1 TagW=4 PeriodLen=512", 50000, 20000, "1-wide bins, candidates from 1 (doc \"Paper readings\")"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t pdp_equivs[] = {
  {"Sets=2 SampledSets=1 DMax=4 Sc=1 SampM=2 TagW=1 BinW=2 NtW=2 De=1 PdMin=2 PeriodLen=6", KIT_CHK(1) | KIT_CHK(4) | KIT_CHK(6), 20000,
   "1-wide bins (g_sc1), candidates 2..4: PD ties and the PdMin cut"},
  {"Sets=4 SampledSets=2 DMax=4 Sc=2 SampM=2 TagW=1 BinW=2 NtW=3 De=2 PdMin=4 PeriodLen=4", KIT_CHK(2), 20000,
   "2-wide bins (g_scn), 2 sampled sets, the shortest period"},
  {"Sets=4 SampledSets=1 DMax=8 Sc=4 SampM=4 TagW=1 BinW=3 NtW=4 De=4 PdMin=4 PeriodLen=4", KIT_CHK(3), 20000,
   "4-wide bins, one insertion in 4 accesses"},
  {"Sets=2 SampledSets=1 DMax=4 Sc=1 SampM=2 TagW=1 BinW=2 NtW=2 De=1 PdMin=2 PeriodLen=6 NtAll=0", KIT_CHK(5), 20000,
   "NtAll = 0: N_t counts insertions"},
  {"Sets=2 SampledSets=1 DMax=4 Sc=1 SampM=2 TagW=1 BinW=2 NtW=2 De=1 PdMin=1 PeriodLen=6", KIT_CHK(7), 20000,
   "PdMin = 1: every candidate from 1"},
};

KIT_BLOCK_DEFINE(pdp, pdp, "rtl/pdp/pdp.v", NULL);
