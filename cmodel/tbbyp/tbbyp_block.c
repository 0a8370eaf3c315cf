/*
 * tbbyp_block.c - thread-block bypassing as the generic tools see it:
 * parameter and port tables from tbbyp.def, the directed-file input check
 * (doc/tbbyp.md "Ports", inputs outside the protocol), the storage estimate
 * (doc "Storage"), the functional cover events, the default check list and
 * the equivalence configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/tbbyp/tbbyp.h"

/* Every combination of legal values is legal (doc "Parameters"). */
static int tbbyp_params_check(const long *P, char *err, size_t errlen)
{
  (void)P; (void)err; (void)errlen;
  return 0;
}

/* doc "Ports": a directed file names no event the block would ignore. */
static int tbbyp_in_check(const long *P, const tbbyp_in_t *i, char *err, size_t errlen)
{
  const uint64_t k = (uint64_t)P[tbbyp_P_Kernels], n = (uint64_t)P[tbbyp_P_MaxTb];
  return kit_rule(!i->iss_valid_i || i->iss_k_i < k, err, errlen, "iss_k_i=%llu is not a kernel (K=%llu)",
                  (unsigned long long)i->iss_k_i, (unsigned long long)k) ||
         kit_rule(!i->iss_valid_i || i->iss_slot_i < n, err, errlen, "iss_slot_i=%llu is not a slot (MaxTb=%llu)",
                  (unsigned long long)i->iss_slot_i, (unsigned long long)n) ||
         kit_rule(!i->ret_valid_i || i->ret_k_i < k, err, errlen, "ret_k_i=%llu is not a kernel (K=%llu)",
                  (unsigned long long)i->ret_k_i, (unsigned long long)k) ||
         kit_rule(!i->ret_valid_i || i->ret_slot_i < n, err, errlen, "ret_slot_i=%llu is not a slot (MaxTb=%llu)",
                  (unsigned long long)i->ret_slot_i, (unsigned long long)n) ||
         kit_rule(!i->acc_valid_i || i->acc_slot_i < n, err, errlen, "acc_slot_i=%llu is not a slot (MaxTb=%llu)",
                  (unsigned long long)i->acc_slot_i, (unsigned long long)n) ||
         kit_rule(!i->acc_valid_i || i->acc_cls_i != 3u, err, errlen, "acc_cls_i=3 is reserved") ||
         kit_rule(i->dbg_k_i < k, err, errlen, "dbg_k_i=%llu is not a kernel (K=%llu)",
                  (unsigned long long)i->dbg_k_i, (unsigned long long)k);
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). */
void tbbyp_storage(const long *P, kit_storage_t *st)
{
  static char cnt_txt[120], nb_txt[120], fl_txt[120], sb_txt[120], sk_txt[120], ic_txt[120], if_txt[160];
  const unsigned k = (unsigned)P[tbbyp_P_Kernels], n = (unsigned)P[tbbyp_P_MaxTb];
  /* IntFix = 1 restarts the counters every cycle: they hold 0 or 1, so only
   * their low bit (and the debug registers' low bit) is a register */
  const unsigned cw = P[tbbyp_P_IntFix] == 1 ? 1u : (unsigned)P[tbbyp_P_CntW], nbw = TB_NBW(P), kw = k > 1u ? TB_KW(P) : 0u, iw = TB_IW(P);
  unsigned r = 0;
  snprintf(cnt_txt, sizeof cnt_txt, "Hits, Stall counters (TB3): K x 2 x CntW (1 at IntFix 1) = %u x 2 x %u", k, cw);
  snprintf(nb_txt, sizeof nb_txt, "N_byp (TB5): K x NbW = %u x %u", k, nbw);
  snprintf(fl_txt, sizeof fl_txt, "contention flags, pending bits (TB4, TB9): 2 x K = 2 x %u", k);
  snprintf(sb_txt, sizeof sb_txt, "slot bypass bits (TB6): MaxTb = %u", n);
  snprintf(sk_txt, sizeof sk_txt, "slot kernels (TB6): MaxTb x KW (K > 1 only) = %u x %u", n, kw);
  snprintf(ic_txt, sizeof ic_txt, "interval counter (TB11): clog2(IntFix) for IntFix >= 2 = %u", iw);
  snprintf(if_txt, sizeof if_txt, "output registers: byp_valid, byp, iss_byp, dec; dbg_hits, dbg_stall 2 x %u", cw);
  memset(st, 0, sizeof *st);
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, cnt_txt, k, "kernel", 2u * cw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, nb_txt, k, "kernel", nbw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, fl_txt, k, "kernel", 2u};
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, sb_txt, n, "slot", 1u};
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, sk_txt, n, "slot", kw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_ADDED, ic_txt, 1, "block", iw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_INTERFACE, if_txt, 1, "block", 4u + 2u * cw};
  st->nrows = r;
  st->data_bytes = 0;
  st->paper = "no figure (III-B3's 2 x 32 bits per SM are waypart's registers); design note 1.8: "
              "2 x (24 + 24 + 4) + 8 = 112 plus interval state";
}

/* Functional coverage of doc/tbbyp.md's cases, from one cycle's inputs,
 * the outputs after its edge and the outputs before it. */
enum { CV_RESET, CV_CLR, CV_CLR_WITH_ISSUE, CV_ACC_CLS0_BYP, CV_ACC_CLS0_CACHE, CV_ACC_CLS1, CV_ACC_CLS2,
       CV_ACC_CLS3, CV_ACC_SLOT_BEYOND, CV_ISS_NOT_DECISION, CV_DEC_CONT, CV_DEC_NO_CONT, CV_NBYP_UP,
       CV_NBYP_DOWN, CV_NBYP_HELD_MAX, CV_NBYP_HELD_ZERO, CV_ISS_BYPASS, CV_ISS_CACHE_QUOTA_FULL,
       CV_ISS_OVERWRITE, CV_RET_ISS_SAME_CYCLE, CV_RET_ISS_SAME_SLOT, CV_PEND_TWICE, CV_ISS_IGNORED,
       CV_RET_IGNORED, CV_HITS_SAT, CV_STALL_SAT, CV_CMP_STALL_ZERO, CV_DBG_BEYOND, CV_CONT_AT_INTERVAL, CV_N };
static const char *const tbbyp_cover_names[CV_N] = {
  "reset", "clr", "clr_with_issue", "acc_cls0_byp", "acc_cls0_cache", "acc_cls1", "acc_cls2", "acc_cls3",
  "acc_slot_beyond", "iss_not_decision", "dec_cont", "dec_no_cont", "nbyp_up", "nbyp_down", "nbyp_held_max",
  "nbyp_held_zero", "iss_bypass", "iss_cache_quota_full", "iss_overwrite", "ret_iss_same_cycle",
  "ret_iss_same_slot", "pend_twice", "iss_ignored", "ret_ignored", "hits_saturated", "stall_saturated",
  "cmp_stall_zero", "dbg_beyond", "cont_at_interval_end",
};

static void tbbyp_cover(const long *P, const tbbyp_in_t *i, const tbbyp_out_t *o, const tbbyp_out_t *prev,
                        uint64_t *n)
{
  const uint64_t k = (uint64_t)P[tbbyp_P_Kernels], maxtb = (uint64_t)P[tbbyp_P_MaxTb];
  const uint64_t cmax = kit_mask((unsigned)P[tbbyp_P_CntW]);
  const unsigned nbw = TB_NBW(P);
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  const int iss = i->iss_valid_i && i->iss_k_i < k && i->iss_slot_i < maxtb;
  const int ret = i->ret_valid_i && i->ret_k_i < k && i->ret_slot_i < maxtb;
  if (i->clr_i) n[CV_CLR]++;
  if (i->clr_i && iss) n[CV_CLR_WITH_ISSUE]++;
  if (i->acc_valid_i) {
    if (i->acc_cls_i == 0) n[o->byp_o ? CV_ACC_CLS0_BYP : CV_ACC_CLS0_CACHE]++;
    else n[CV_ACC_CLS1 + i->acc_cls_i - 1]++;
    if (i->acc_cls_i == 0 && i->acc_slot_i >= maxtb) n[CV_ACC_SLOT_BEYOND]++;
  }
  if (i->iss_valid_i && !iss) n[CV_ISS_IGNORED]++;
  if (i->ret_valid_i && !ret) n[CV_RET_IGNORED]++;
  if (ret && (prev->pend_o >> i->ret_k_i & 1u)) n[CV_PEND_TWICE]++;
  if (i->dbg_k_i >= k) n[CV_DBG_BEYOND]++;
  if (o->dbg_hits_o == cmax) n[CV_HITS_SAT]++;
  if (o->dbg_stall_o == cmax) n[CV_STALL_SAT]++;
  if (!o->dec_o && !i->clr_i && o->cont_o != prev->cont_o) n[CV_CONT_AT_INTERVAL]++;
  if (!iss) return;
  const unsigned ik = (unsigned)i->iss_k_i, is = (unsigned)i->iss_slot_i;
  if (ret && i->ret_k_i == ik && !(prev->pend_o >> ik & 1u)) n[CV_RET_ISS_SAME_CYCLE]++;
  if (ret && i->ret_slot_i == is) n[CV_RET_ISS_SAME_SLOT]++;
  else if (prev->slot_byp_o >> is & 1u) n[CV_ISS_OVERWRITE]++;
  if (o->iss_byp_o) n[CV_ISS_BYPASS]++;
  const uint64_t nb0 = prev->nbyp_o >> (ik * nbw) & kit_mask(nbw), nb1 = o->nbyp_o >> (ik * nbw) & kit_mask(nbw);
  if (!o->iss_byp_o && !i->clr_i && nb1 > 0) n[CV_ISS_CACHE_QUOTA_FULL]++;
  if (!o->dec_o) { n[CV_ISS_NOT_DECISION]++; return; }
  if (i->clr_i) return;
  const int c = (int)(o->cont_o >> ik & 1u);
  n[c ? CV_DEC_CONT : CV_DEC_NO_CONT]++;
  if (c) n[nb0 == maxtb ? CV_NBYP_HELD_MAX : CV_NBYP_UP]++;
  else n[nb0 == 0 ? CV_NBYP_HELD_ZERO : CV_NBYP_DOWN]++;
  if (P[tbbyp_P_IntFix] == 0 && i->dbg_k_i == ik && o->dbg_stall_o == 0) n[CV_CMP_STALL_ZERO]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration; the fixed-interval reading; three kernels over five slots
 * with 4-bit counters (saturation, events and slots beyond the ranges, a
 * threshold 2/3); one kernel in one slot with one-cycle intervals.
 * Together they reach every cover event. */
static const kit_check_t tbbyp_checks[] = {
  {"", 40000, 20000, "the paper configuration (K 2, 8 slots, 24-bit counters, L2Lat 100, threshold 1/1)"},
  {"IntFix=64", 40000, 20000, "fixed 64-cycle intervals (doc \"Paper readings\", TB11)"},
  {"Kernels=3 MaxTb=5 CntW=4 WarpW=3 L2Lat=3 ThrNum=2 ThrDen=3", 40000, 20000,
   "3 kernels over 5 slots: kernels and slots beyond the ranges, 4-bit counters saturate, threshold 2/3"},
  {"Kernels=1 MaxTb=1 CntW=2 WarpW=1 L2Lat=1 IntFix=1", 40000, 20000,
   "one kernel in one slot, one-cycle intervals: the degenerate branches"},
};

/* The equivalence configurations (make equiv, make mutate): reductions of
 * the check list small enough for the formal engines; together every
 * IntFix branch (0, >= 2, 1) (doc/harness.md "Equivalence"). */
static const kit_equiv_t tbbyp_equivs[] = {
  {"Kernels=3 MaxTb=3 CntW=3 WarpW=2 L2Lat=3 ThrNum=2 ThrDen=3", KIT_CHK(1) | KIT_CHK(3), 20000,
   "the formal configuration: 3 kernels (one index beyond), 3 slots (one beyond), 3-bit counters"},
  {"Kernels=2 MaxTb=3 CntW=3 WarpW=2 L2Lat=3 ThrNum=2 ThrDen=3 IntFix=3", KIT_CHK(2), 20000,
   "IntFix = 3: the interval counter"},
  {"Kernels=1 MaxTb=1 CntW=2 WarpW=1 L2Lat=1 IntFix=1", KIT_CHK(4), 20000,
   "IntFix = 1, one kernel, one slot"},
};

KIT_BLOCK_DEFINE(tbbyp, tbbyp, "rtl/tbbyp/tbbyp.v", NULL);
