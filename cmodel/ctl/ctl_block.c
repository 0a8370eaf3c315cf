/*
 * ctl_block.c - the CTA Throttling Logic as the generic tools see it: the
 * parameter and port tables generated from ctl.def, cross-parameter
 * legality, the check a directed stimulus file's values must pass (the
 * stateless "illegal" inputs of doc/ctl.md "Inputs outside the protocol"),
 * the storage estimate of section 4.2 (doc/ctl.md "Storage") and the
 * functional cover events.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/ctl/ctl.h"

static int ctl_params_check(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[ctl_P_LoRatio] <= P[ctl_P_UpRatio], err, errlen,
                  "parameter LoRatio=%ld must not exceed UpRatio=%ld (a window cannot both throttle and restore)",
                  P[ctl_P_LoRatio], P[ctl_P_UpRatio]) ||
         kit_rule(P[ctl_P_MinAct] <= P[ctl_P_MaxCta], err, errlen,
                  "parameter MinAct=%ld must not exceed MaxCta=%ld", P[ctl_P_MinAct], P[ctl_P_MaxCta]);
}

/* doc "Inputs outside the protocol": the values a file may not write. The
 * stateful protocol errors are legal (ignored by the block). */
static int ctl_in_check(const long *P, const ctl_in_t *i, char *err, size_t errlen)
{
  const uint64_t maxcta = (uint64_t)P[ctl_P_MaxCta], rf = (uint64_t)1 << P[ctl_P_RnW];
  return kit_rule(i->lm_state_i != 3, err, errlen,
                  "lm_state_i=3 is not an LM state (0 monitoring, 1 selected, 2 disabled)") ||
         kit_rule(!i->launch_valid_i || i->launch_id_i < maxcta, err, errlen,
                  "launch_id_i=%llu is not a CTA slot (MaxCta=%llu)", (unsigned long long)i->launch_id_i,
                  (unsigned long long)maxcta) ||
         kit_rule(!i->done_valid_i || i->done_id_i < maxcta, err, errlen,
                  "done_id_i=%llu is not a CTA slot (MaxCta=%llu)", (unsigned long long)i->done_id_i,
                  (unsigned long long)maxcta) ||
         kit_rule(!i->cfg_ld_i || (i->cfg_nreg_i != 0 && i->cfg_nreg_i <= rf), err, errlen,
                  "cfg_nreg_i=%llu out of range 1..%llu (#reg, 2^RnW)", (unsigned long long)i->cfg_nreg_i,
                  (unsigned long long)rf);
}

/* doc "Storage". The row texts carry their formulas; they live in static
 * buffers because kit_storage_row_t holds a const char * (the report is
 * printed before the next call). */
void ctl_storage(const long *P, kit_storage_t *st)
{
  static char ipc_txt[160], com_txt[160], cta_txt[160], bufa_txt[160], bufd_txt[160];
  const unsigned maxcta = (unsigned)P[ctl_P_MaxCta], rnw = (unsigned)P[ctl_P_RnW];
  const unsigned instw = (unsigned)P[ctl_P_InstW], bufent = (unsigned)P[ctl_P_BufEnt];
  const unsigned ctaw = CTL_CTAW(P), numw = CTL_NUMW(P), bufw = CTL_BUFW(P);
  const unsigned headw = bufent > 1 ? kit_clog2(bufent) : 0;
  const unsigned ctabits = 1u + 1u + rnw + 32u, combits = rnw + rnw + 32u;
  const unsigned databits = CTL_LINE * 8u;
  unsigned n = 0;

  snprintf(ipc_txt, sizeof ipc_txt,
           "IPC monitor: 3 x %u b (#Instruction, #Current_IPC, #Previous_IPC) = %u b = %g B", instw,
           3u * instw, 3.0 * instw / 8.0);
  snprintf(com_txt, sizeof com_txt,
           "Common Info: #reg-1 %u b + LRN %u b + BP 32 b = %u b = %g B", rnw, rnw, combits,
           combits / 8.0);
  snprintf(cta_txt, sizeof cta_txt,
           "Per-CTA Info: %u x (ACT 1 + C 1 + FRN %u + BA 32) = %u x %u b = %g B", maxcta, rnw,
           maxcta, ctabits, (double)maxcta * ctabits / 8.0);
  snprintf(bufa_txt, sizeof bufa_txt, "buffer address fields: %u x 32 b = %u B (of (4 + 128) x %u = %u B)",
           bufent, bufent * 4u, bufent, bufent * (4u + CTL_LINE));
  snprintf(bufd_txt, sizeof bufd_txt, "external: buffer data fields: %u x %u B = %u B (abstracted)", bufent,
           CTL_LINE, bufent * CTL_LINE);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, ipc_txt, 3, "field", instw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, com_txt, 1, "block", combits};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, cta_txt, maxcta, "CTA", ctabits};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, bufa_txt, bufent, "entry", 32};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, bufd_txt, bufent, "entry", databits};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "resident bit V (not in the paper)", maxcta, "CTA", 1};
  /* the SRAM shape (doc "Storage": which rows are SRAM) */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM LIFO stack: CTA ID per stack position", maxcta,
                                     "position", ctaw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM BA-written flags", maxcta, "CTA", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: phase 2 + proactive due 1", 1, "block", 3};
  /* mv 2, mv_cta CtaW, k NregW, vtt_ok 1, pend NumW */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "move engine: state, CTA, k, vtt_ok, pend", 1, "block",
                                     2u + ctaw + rnw + 1u + 1u + numw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "buffer control: head, count, filled", 1, "block",
                                     headw + 2u * bufw};
  /* sched MaxCta, nact/ninact NumW each (nact is sched's flop with one
   * slot), rf_rd and rf_wr 1 + RnW each, mem 1 + 1 + 32, launch_new 1,
   * dec 3, dbg 3 + RnW + 32 */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "output registers", 1, "block",
                                     maxcta + (maxcta > 1 ? 2u : 1u) * numw + 2u * (1u + rnw) + 34u + 1u +
                                     3u + 3u + rnw + 32u};
  st->nrows = n;
  st->data_bytes = ((uint64_t)1 << rnw) * CTL_LINE;
  st->paper = "IPC monitor + Common Info + Per-CTA Info + buffer (section 4.2: 12 + 6.75 + 180 + 792 = 990.75 B); "
              "% of the register file";
}

/* Functional coverage of doc/ctl.md's cases. The kit passes one cycle's
 * inputs, the outputs they produced and the previous cycle's outputs (all
 * 0 before the first cycle): a handshake stall is a request shown in the
 * previous cycle and refused in this one. */
enum { CV_RESET, CV_CFG, CV_LAUNCH, CV_LAUNCH_NEW, CV_PEND, CV_PEND_SERVED, CV_PROACTIVE,
       CV_HOLD, CV_HOLD_IPREV0, CV_THROTTLE, CV_RESTORE, CV_SKIP, CV_THR_BLOCKED,
       CV_RES_BLOCKED, CV_DRAIN_WAIT, CV_BACKUP_DONE, CV_RESTORE_DONE, CV_FULL_BACKUP,
       CV_FULL_RESTORE, CV_BP_RF_RD, CV_BP_RF_WR, CV_BP_MEM_WR, CV_BP_MEM_RD, CV_VTT_WAIT,
       CV_DONE_IN_MOVE, CV_AT_MINACT, CV_LIFO3, CV_INST_SAT, CV_PHASE_OFF, CV_LRN_DROP,
       CV_LIFO_OVER_LOWER, CV_ILLEGAL, CV_N };
static const char *const ctl_cover_names[CV_N] = {
  "reset", "cfg_load", "launch", "launch_new", "completion_pends", "pending_restore",
  "proactive_throttle", "hold", "hold_iprev_zero", "throttle", "restore", "skipped",
  "throttle_blocked", "restore_blocked", "drain_wait", "backup_done", "restore_done",
  "buffer_full_backup", "buffer_full_restore", "backpressure_rf_read", "backpressure_rf_write",
  "backpressure_mem_write", "backpressure_mem_read", "restore_waits_vtt", "completion_during_move",
  "throttled_to_minact", "lifo_depth_3", "instructions_saturated", "phase_off", "lrn_drop",
  "restore_over_lower_parked", "illegal_input",
};

static void ctl_cover(const long *P, const ctl_in_t *i, const ctl_out_t *o,
                      const ctl_out_t *prevp, uint64_t *n)
{
  const ctl_out_t prev = *prevp;
  const uint64_t bufent = (uint64_t)P[ctl_P_BufEnt];
  if (!i->rst_ni) {
    n[CV_RESET]++;
    return;
  }
  const int done = i->done_valid_i && (prev.sched_mask_o >> i->done_id_i & 1u);
  if (i->cfg_ld_i && !prev.nact_o && !prev.ninact_o && prev.mv_state_o != CTL_MV_RESTORE) n[CV_CFG]++;
  if (i->launch_valid_i && (o->sched_mask_o & ~prev.sched_mask_o) >> i->launch_id_i & 1u) n[CV_LAUNCH]++;
  if (o->launch_new_o) n[CV_LAUNCH_NEW]++;
  if (done && !o->launch_new_o) n[CV_PEND]++;
  if (prev.pend_o && prev.mv_state_o == CTL_MV_IDLE && o->mv_state_o == CTL_MV_RESTORE) n[CV_PEND_SERVED]++;
  switch (o->dec_o) {
  case CTL_DEC_PROACTIVE: n[CV_PROACTIVE]++; break;
  case CTL_DEC_HOLD: n[o->iprev_o == 0 ? CV_HOLD_IPREV0 : CV_HOLD]++; break;
  case CTL_DEC_THROTTLE: n[CV_THROTTLE]++; break;
  case CTL_DEC_RESTORE: n[CV_RESTORE]++; break;
  case CTL_DEC_SKIP: n[CV_SKIP]++; break;
  case CTL_DEC_THR_BLOCKED: n[CV_THR_BLOCKED]++; break;
  case CTL_DEC_RES_BLOCKED: n[CV_RES_BLOCKED]++; break;
  default: break;
  }
  if ((o->dec_o == CTL_DEC_THROTTLE || o->dec_o == CTL_DEC_PROACTIVE) && o->nact_o == (uint64_t)P[ctl_P_MinAct])
    n[CV_AT_MINACT]++;
  if (prev.mv_state_o == CTL_MV_DRAIN && !i->drained_i) n[CV_DRAIN_WAIT]++;
  if (prev.mv_state_o == CTL_MV_BACKUP && o->mv_state_o == CTL_MV_IDLE) n[CV_BACKUP_DONE]++;
  if (prev.mv_state_o == CTL_MV_RESTORE && o->mv_state_o == CTL_MV_IDLE) n[CV_RESTORE_DONE]++;
  if (o->buf_cnt_o == bufent) n[o->mv_state_o == CTL_MV_BACKUP ? CV_FULL_BACKUP : CV_FULL_RESTORE]++;
  if (prev.rf_rd_valid_o && !i->rf_rd_ready_i) n[CV_BP_RF_RD]++;
  if (prev.rf_wr_valid_o && !i->rf_wr_ready_i) n[CV_BP_RF_WR]++;
  if (prev.mem_valid_o && !i->mem_ready_i) n[prev.mem_we_o ? CV_BP_MEM_WR : CV_BP_MEM_RD]++;
  if (o->mv_state_o == CTL_MV_RESTORE && o->buf_fill_o && !o->rf_wr_valid_o) n[CV_VTT_WAIT]++;
  if (done && prev.mv_state_o != CTL_MV_IDLE) n[CV_DONE_IN_MOVE]++;
  if (o->ninact_o >= 3) n[CV_LIFO3]++;
  if (o->icur_o == kit_mask((unsigned)P[ctl_P_InstW])) n[CV_INST_SAT]++;
  if (o->phase_o == CTL_PH_OFF) n[CV_PHASE_OFF]++;
  if (o->lrn_o < prev.lrn_o) n[CV_LRN_DROP]++;
  /* a restore while a lower ID stays parked (seen on the debug port, read
   * before write: V, not ACT, C): "BA = BP - S" picks another CTA than
   * "the smallest backed-up ID" would */
  if (prev.mv_state_o == CTL_MV_RESTORE && o->mv_state_o == CTL_MV_RESTORE && i->dbg_cta_i < o->mv_cta_o &&
      o->dbg_v_o && !o->dbg_act_o && o->dbg_c_o)
    n[CV_LIFO_OVER_LOWER]++;
  char e[KIT_ERR_LEN];
  if (ctl_in_check(P, i, e, sizeof e)) n[CV_ILLEGAL]++;   /* a value a directed file may not give */
}

/* The default check (make check, make run, make vectors): the paper
 * configuration, and the configurations that reach what it cannot: narrow
 * instruction counters that saturate (RetW 8), the single-threshold reading
 * (UpRatio = LoRatio), MinAct 2 with a 2-entry buffer. Together they reach
 * every cover event. */
static const kit_check_t ctl_checks[] = {
  {"", 200000, 20000, "the paper configuration (32 CTAs, 6-entry buffer, 110 / 90)"},
  {"MaxCta=4 RnW=5 InstW=16 RetW=8 UpRatio=110 LoRatio=90 BufEnt=6 MinAct=1", 100000, 20000,
   "4 CTAs with wide retire counts: the instruction counters saturate"},
  {"MaxCta=5 RnW=16 InstW=12 RetW=4 UpRatio=100 LoRatio=100 BufEnt=3 MinAct=2", 100000, 20000,
   "the single-threshold reading of 3.2, MinAct 2, a 3-entry buffer, 16-bit RNs"},
  {"MaxCta=4 RnW=5 InstW=16 RetW=8 UpRatio=110 LoRatio=90 BufEnt=2 MinAct=2", 100000, 20000,
   "a 2-entry buffer that fills in both directions"},
  {"MaxCta=5 RnW=16 InstW=12 RetW=4 UpRatio=100 LoRatio=100 BufEnt=3 MinAct=2 Illegal=1", 300000, 20000,
   "configuration 3's RTL with the inputs outside the protocol (Illegal=1): illegal values the hardware "
   "defines, unrequested launches above parked CTAs (a restore over a lower parked ID)"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t ctl_equivs[] = {
  {"MaxCta=4 RnW=4 InstW=8 RetW=2 BufEnt=2 MinAct=1 Illegal=1", KIT_CHK(1), 100000,
   "4 CTAs (three can be backed up: a LIFO of depth 3), a 2-entry buffer, the paper ratios; with the inputs "
   "outside the protocol its traffic reaches every cover event (a restore over a lower parked ID included)"},
  {"MaxCta=2 RnW=4 InstW=8 RetW=8 BufEnt=2 MinAct=1", KIT_CHK(2), 20000,
   "wide retire counts: the instruction counters saturate"},
  {"MaxCta=3 RnW=4 InstW=8 RetW=2 UpRatio=100 LoRatio=100 BufEnt=3 MinAct=2 Illegal=1", KIT_CHK(3) | KIT_CHK(5), 20000,
   "the single-threshold reading, MinAct 2, a 3-entry buffer; its traffic with the inputs outside the protocol"},
  {"MaxCta=3 RnW=4 InstW=8 RetW=2 BufEnt=2 MinAct=2", KIT_CHK(4), 20000,
   "a 2-entry buffer with MinAct 2"},
  {"MaxCta=1 RnW=4 InstW=8 RetW=2 BufEnt=1 MinAct=1", 0, 20000,
   "one CTA slot and one buffer entry (g_nact_one, g_head_one)"},
};

KIT_BLOCK_DEFINE(ctl, ctl, "rtl/ctl/ctl.v rtl/mem/kit_mem.v", NULL);
