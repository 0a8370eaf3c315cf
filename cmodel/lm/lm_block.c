/*
 * lm_block.c - the Load Monitor as the generic tools see it: the parameter
 * and port tables generated from lm.def, cross-parameter legality, the
 * check a directed stimulus file's values must pass, the storage estimate
 * of section 4.2 (doc/lm.md "Storage") and the functional cover events.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/lm/lm.h"

static int lm_params_check(const long *P, char *err, size_t errlen)
{
  return kit_rule(kit_is_pow2(P[lm_P_Entries]), err, errlen,
                  "parameter Entries=%ld must be a power of two in 2..32 (section 4.1)", P[lm_P_Entries]) ||
         kit_rule(kit_is_pow2(P[lm_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[lm_P_LineBytes]) ||
         kit_rule(P[lm_P_L1Bytes] % P[lm_P_LineBytes] == 0, err, errlen,
                  "parameter L1Bytes=%ld must be a multiple of LineBytes=%ld", P[lm_P_L1Bytes],
                  P[lm_P_LineBytes]);
}

/* doc "Decision (outcome 3)": the hardware ignores it, a directed file
 * that writes it with a valid access is wrong. */
static int lm_in_check(const long *P, const lm_in_t *i, char *err, size_t errlen)
{
  (void)P;
  return kit_rule(!(i->acc_valid_i && i->acc_out_i == LM_OUT_RSVD), err, errlen,
                  "acc_out_i=3 is reserved (0 L1 hit, 1 VTT hit, 2 miss in both)");
}

/* doc "Storage". The row texts carry their formulas; they live in static
 * buffers because kit_storage_row_t holds a const char * (the report is
 * printed before the next call). */
void lm_storage(const long *P, kit_storage_t *st)
{
  static char lm_txt[160], hpc_txt[160];
  const unsigned E = (unsigned)P[lm_P_Entries], cntw = (unsigned)P[lm_P_CntW];
  const unsigned hashw = LM_HASHW(P), wincw = (unsigned)P[lm_P_WinCntW];
  const unsigned winw = kit_clog2((uint64_t)P[lm_P_WinLen]);
  const uint64_t lines = (uint64_t)(P[lm_P_L1Bytes] / P[lm_P_LineBytes]);
  const unsigned ebits = 2u + 32u + 2u * cntw;
  unsigned n = 0;

  snprintf(lm_txt, sizeof lm_txt,
           "LM table: %u x (2 b valid + 32 b PC + 2 x %u b hit/miss) = %u x %u b = %g B", E, cntw,
           E, ebits, (double)E * ebits / 8.0);
  snprintf(hpc_txt, sizeof hpc_txt,
           "external: L1 hashed-PC field: %ld B / %ld B = %llu lines x %u b = %g B",
           P[lm_P_L1Bytes], P[lm_P_LineBytes], (unsigned long long)lines, hashw,
           (double)lines * hashw / 8.0);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, lm_txt, E, "entry", ebits};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, hpc_txt, lines, "line", hashw};
  /* doc "Which rows are SRAM, which are flops": the LM table row is the
   * memory (PC and counters) plus the valid flops; the SRAM shape adds
   * three E-bit flop vectors the paper does not count */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "high-locality summary (window end reads flops)", E, "entry", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM PC-written flags (the memory's reset)", E, "entry", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM counters-current flags (window clear)", E, "entry", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: window cycle counter", 1, "block", winw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: state (state_o)", 1, "block", 2};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: windows taken (windows_o)", 1, "block", wincw};
  /* sel_mask E, win_end 1, useful 1, acc_hpc HashW, dbg_pc 32, dbg_hit and
   * dbg_miss CntW, dbg_valid 2 */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "output registers", 1, "block",
                                     E + 1u + 1u + hashw + 32u + 2u * cntw + 2u};
  st->nrows = n;
  st->data_bytes = (uint64_t)P[lm_P_L1Bytes];
  st->paper = "LM table + L1 hashed-PC field (section 4.2: 392 B + 240 B)";
}

/* Functional coverage of doc/lm.md's cases, from one cycle's inputs and
 * the outputs they produced. state_o and windows_o are frozen after the
 * decision, so "selected with windows_o = 2" is reached exactly when some
 * selection took two windows. */
enum { CV_RESET, CV_WIN_END, CV_SEL_2, CV_SEL_3P, CV_SEL_MULTI, CV_DIS_2, CV_DIS_3P,
       CV_CONTINUE, CV_USEFUL, CV_NOT_USEFUL, CV_V11, CV_V10, CV_V01, CV_PC_STORED,
       CV_RESERVED, CV_HIT_SAT, CV_MISS_SAT, CV_WIN_SAT, CV_N };
static const char *const lm_cover_names[CV_N] = {
  "reset", "window_end", "selected_after_2", "selected_after_3plus", "selected_several",
  "disabled_after_2", "disabled_after_3plus", "window_end_continue", "victim_useful",
  "victim_not_useful_selected", "valid_11", "valid_10_dropped", "valid_01_new",
  "pc_stored", "reserved_outcome_ignored", "hit_counter_saturated", "miss_counter_saturated",
  "windows_saturated",
};

static void lm_cover(const long *P, const lm_in_t *i, const lm_out_t *o,
                     const lm_out_t *prev, uint64_t *n)
{
  (void)prev;
  const uint64_t cmax = kit_mask((unsigned)P[lm_P_CntW]);
  const uint64_t wmax = kit_mask((unsigned)P[lm_P_WinCntW]);
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (o->win_end_o) n[CV_WIN_END]++;
  if (o->state_o == LM_ST_SELECTED) {
    n[o->windows_o == 2 ? CV_SEL_2 : CV_SEL_3P]++;
    if (o->sel_mask_o & (o->sel_mask_o - 1)) n[CV_SEL_MULTI]++;
    if (i->vc_valid_i && !o->useful_o && !o->win_end_o) n[CV_NOT_USEFUL]++;
  }
  if (o->state_o == LM_ST_DISABLED) n[o->windows_o == 2 ? CV_DIS_2 : CV_DIS_3P]++;
  if (o->state_o == LM_ST_MONITOR && o->win_end_o && o->windows_o >= 2) n[CV_CONTINUE]++;
  if (o->useful_o) n[CV_USEFUL]++;
  if (o->dbg_valid_o == 3) n[CV_V11]++;
  if (o->dbg_valid_o == 2) n[CV_V10]++;
  if (o->dbg_valid_o == 1) n[CV_V01]++;
  if (o->dbg_pc_o) n[CV_PC_STORED]++;
  if (i->acc_valid_i && i->acc_out_i == LM_OUT_RSVD) n[CV_RESERVED]++;
  if (o->dbg_hit_o == cmax) n[CV_HIT_SAT]++;
  if (o->dbg_miss_o == cmax) n[CV_MISS_SAT]++;
  if (o->windows_o == wmax) n[CV_WIN_SAT]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration ends a 50,000-cycle window only a few times per run, so
 * the list adds the paper table with short windows and small tables with
 * narrow counters, where selection, disabling, every valid-field case and
 * every saturation happen many times. Together they reach every event. */
static const kit_check_t lm_checks[] = {
  {"", 200000, 60000, "the paper configuration (4.1, Table 3: 32 entries, 50,000-cycle windows, T = 20%)"},
  {"WinLen=2000", 100000, 20000, "the paper table with 2,000-cycle windows: many selections and disablings"},
  {"Entries=4 CntW=4 WinLen=40 Thresh=20 WinCntW=2", 100000, 20000,
   "4 entries, 4-bit counters, 40-cycle windows: every counter saturates"},
  {"Entries=8 CntW=6 WinLen=200 Thresh=50 WinCntW=3", 100000, 20000,
   "8 entries, T = 50%: other classification boundaries"},
  {"WinLen=2000 SelWin2=1", 100000, 20000,
   "the 4.1 reading: window 2 decides, selecting the entries with valid 11 (doc \"Paper readings\")"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t lm_equivs[] = {
  {"Entries=2 CntW=2 WinLen=3 Thresh=50 WinCntW=1", KIT_CHK(1) | KIT_CHK(2), 20000,
   "2 entries, 2-bit counters, 3-cycle windows: selection, disabling, saturation"},
  {"Entries=4 CntW=2 WinLen=4 Thresh=20 WinCntW=2", KIT_CHK(3), 20000,
   "4 entries, T = 20%, 4-cycle windows: saturating counters, a 2-bit window count"},
  {"Entries=8 CntW=3 WinLen=4 Thresh=50 WinCntW=3", KIT_CHK(4), 20000,
   "8 entries (3-bit hash), T = 50%"},
  {"Entries=2 CntW=2 WinLen=3 Thresh=50 WinCntW=1 SelWin2=1", KIT_CHK(5), 20000,
   "SelWin2 = 1: window 2 decides, valid 11 selected"},
};

KIT_BLOCK_DEFINE(lm, lm, "rtl/lm/lm.v rtl/mem/kit_mem.v", NULL);
