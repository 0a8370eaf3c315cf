/*
 * test_ctl.c - unit tests of the CTA Throttling Logic golden model
 * (cmodel/ctl/ctl.c) against the Linebacker paper (sections 3.2, 4, 4.1) and
 * doc/ctl.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - Eq. 1 is a pure function of (I_prev, I_cur, UpRatio, LoRatio): its
 *    boundaries (the 1000 -> 1100 / 1101 / 900 / 899), I_prev = 0,
 *    I_cur = 0, the single-threshold reading and the widest counters are
 *    checked directly.
 *  - The CTA manager's arithmetic (BP, BA, LRN) is a function of the order
 *    of throttles and restores: three throttles then three restores visit
 *    every LIFO depth of a 4-slot SM, and the MinAct / empty-stack blocks.
 *  - The move engine's timing is pinned cycle by cycle by the doc's timing
 *    example, then each stall source separately: memory not ready (buffer
 *    full), RF write not ready, the VTT acknowledgement, the drain.
 *  - Concurrency: a completion during a backup (pend, then the same CTA is
 *    restored), a window end during a move (skipped), the proactive throttle
 *    deferred by a completion.
 *  - Every protocol error the doc calls harmless leaves the outputs exactly
 *    as a twin model that did not see it.
 *  - Every expected number below was derived by hand from doc/ctl.md and is
 *    written literally; the tests never call the model's functions to
 *    compute an expectation (ctl_eq1 is the function under test in eq1).
 *  - Two seeded soaks check the doc's invariants every cycle
 *    (ctl_check_invariants): one with the believable environment of
 *    tb/ctl/ctl_stim.c, one with unconstrained random inputs (every protocol
 *    error), since the invariants must hold for all inputs.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/ctl/ctl.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

/* ---------------------------------------------------------------------- */
/* Helpers                                                                  */
/* ---------------------------------------------------------------------- */

static long g_P[ctl_NPARAMS];

static long g_retw = 8;
static ctl_model_t *mk(unsigned maxcta, unsigned rnw, unsigned instw, unsigned upr, unsigned lor,
                       unsigned bufent, unsigned minact)
{
  g_P[ctl_P_MaxCta] = maxcta;
  g_P[ctl_P_RnW] = rnw;
  g_P[ctl_P_InstW] = instw;
  g_P[ctl_P_RetW] = g_retw;
  g_P[ctl_P_UpRatio] = upr;
  g_P[ctl_P_LoRatio] = lor;
  g_P[ctl_P_BufEnt] = bufent;
  g_P[ctl_P_MinAct] = minact;
  ctl_model_t *m = ctl_new(g_P);
  if (!m) { fprintf(stderr, "ctl_new failed\n"); exit(2); }
  return m;
}

/* The idle input of doc/ctl.md "Ports": no back-pressure. */
static ctl_in_t idle_in(void)
{
  ctl_in_t i;
  memset(&i, 0, sizeof i);
  i.rst_ni = 1;
  i.cfg_nreg_i = 1;
  i.rf_rd_ready_i = i.rf_wr_ready_i = i.mem_ready_i = 1;
  return i;
}

static ctl_out_t g_o;
static const ctl_out_t *cyc(ctl_model_t *m, ctl_in_t in)
{
  memset(&g_o, 0xa5, sizeof g_o);                 /* the model must write every field */
  ctl_step(m, &in, &g_o);
  return &g_o;
}
static void idle(ctl_model_t *m, unsigned n)
{
  while (n--) cyc(m, idle_in());
}

/* Reset, configure #reg / BP, launch slots 0..n-1 at FRN = slot x #reg. */
static void boot(ctl_model_t *m, unsigned nreg, uint32_t bp, unsigned n)
{
  ctl_in_t i = idle_in();
  i.rst_ni = 0;
  cyc(m, i);
  i = idle_in();
  i.cfg_ld_i = 1;
  i.cfg_nreg_i = nreg;
  i.cfg_bp_i = bp;
  cyc(m, i);
  for (unsigned c = 0; c < n; c++) {
    i = idle_in();
    i.launch_valid_i = 1;
    i.launch_id_i = c;
    i.launch_frn_i = c * nreg;
    cyc(m, i);
  }
}

/* Select: one cycle with lm_state_i = 1 (the proactive throttle). */
static const ctl_out_t *select_(ctl_model_t *m)
{
  ctl_in_t i = idle_in();
  i.lm_state_i = 1;
  return cyc(m, i);
}

/* A cooperative environment for `n` cycles: drained at once, reads
 * returned the cycle after acceptance, the VTT acknowledging lrn_o of the
 * previous cycle, `ret` instructions in the first cycle. Returns the dec_o
 * of a window end in the first cycle when `wend`. */
static unsigned env(ctl_model_t *m, unsigned n, int wend, uint32_t ret)
{
  unsigned dec = 0, outstanding = 0;
  ctl_out_t o = m->out;
  for (unsigned t = 0; t < n; t++) {
    ctl_in_t i = idle_in();
    i.win_end_i = wend && t == 0;
    i.ret_cnt_i = t == 1 ? ret : 0;
    i.drained_i = o.mv_state_o == CTL_MV_DRAIN;
    i.lrn_ack_i = o.lrn_o;
    i.mem_rvalid_i = outstanding > 0;
    outstanding -= i.mem_rvalid_i;
    outstanding += o.mem_valid_o && !o.mem_we_o;
    o = *cyc(m, i);
    if (t == 0) dec = (unsigned)o.dec_o;
  }
  return dec;
}
/* A window retiring `count` instructions (RetW = 8: up to 255 a cycle),
 * closed by win_end_i; returns the decision, then lets a move finish. */
static unsigned window(ctl_model_t *m, uint32_t count)
{
  while (count) {
    uint32_t x = count > 255 ? 255 : count;
    ctl_in_t i = idle_in();
    i.ret_cnt_i = x;
    cyc(m, i);
    count -= x;
  }
  return env(m, 40, 1, 0);
}

/* ---------------------------------------------------------------------- */
/* Eq. 1 (3.2, doc "Eq. 1")                                                 */
/* ---------------------------------------------------------------------- */

static void test_eq1(void)
{
  group_begin("eq1: boundaries by cross-multiplication, strict, I_prev = 0, single threshold");
  CHECK_EQ(ctl_eq1(1000, 1100, 110, 90), CTL_DEC_HOLD, "1000 -> 1100 (exactly +10%)");
  CHECK_EQ(ctl_eq1(1000, 1101, 110, 90), CTL_DEC_THROTTLE, "1000 -> 1101");
  CHECK_EQ(ctl_eq1(1000, 900, 110, 90), CTL_DEC_HOLD, "1000 -> 900 (exactly -10%)");
  CHECK_EQ(ctl_eq1(1000, 899, 110, 90), CTL_DEC_RESTORE, "1000 -> 899");
  CHECK_EQ(ctl_eq1(1000, 1000, 110, 90), CTL_DEC_HOLD, "no change");
  CHECK_EQ(ctl_eq1(0, 0, 110, 90), CTL_DEC_HOLD, "I_prev 0, I_cur 0");
  CHECK_EQ(ctl_eq1(0, 12345, 110, 90), CTL_DEC_HOLD, "I_prev 0 holds (Eq. 1 undefined)");
  CHECK_EQ(ctl_eq1(7, 0, 110, 90), CTL_DEC_RESTORE, "I_cur 0: Eq. 1 = -1");
  CHECK_EQ(ctl_eq1(7, 0, 110, 0), CTL_DEC_HOLD, "LoRatio 0 never restores");
  /* 3.2's single threshold: LoRatio = UpRatio = 110 */
  CHECK_EQ(ctl_eq1(1000, 1099, 110, 110), CTL_DEC_RESTORE, "single: +9.9% restores");
  CHECK_EQ(ctl_eq1(1000, 1100, 110, 110), CTL_DEC_HOLD, "single: exactly +10% holds");
  CHECK_EQ(ctl_eq1(1000, 1101, 110, 110), CTL_DEC_THROTTLE, "single: +10.1% throttles");
  /* small counts: 10 -> 11 is exactly +10% (1100 = 1100), 10 -> 12 throttles, 10 -> 8 restores */
  CHECK_EQ(ctl_eq1(10, 11, 110, 90), CTL_DEC_HOLD, "10 -> 11");
  CHECK_EQ(ctl_eq1(10, 12, 110, 90), CTL_DEC_THROTTLE, "10 -> 12");
  CHECK_EQ(ctl_eq1(10, 9, 110, 90), CTL_DEC_HOLD, "10 -> 9");
  CHECK_EQ(ctl_eq1(10, 8, 110, 90), CTL_DEC_RESTORE, "10 -> 8");
  /* 32-bit counters: 100 x 4294967295 = 429496729500 vs 110 x 3904515723 = 429496729530 */
  CHECK_EQ(ctl_eq1(3904515723u, 4294967295u, 110, 90), CTL_DEC_HOLD, "widest: 100 I_cur < 110 I_prev");
  CHECK_EQ(ctl_eq1(3904515722u, 4294967295u, 110, 90), CTL_DEC_THROTTLE, "widest: 429496729500 > 429496729420");
  CHECK_EQ(ctl_eq1(4294967295u, 4294967295u, 255, 255), CTL_DEC_RESTORE, "ratio 255: 100 x < 255 x");
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Timing example (doc "Timing example"): #reg 2, BufEnt 6, all ready       */
/* ---------------------------------------------------------------------- */

static void test_timing(void)
{
  group_begin("timing: backup and restore cycle by cycle (doc timing example)");
  ctl_model_t *m = mk(4, 11, 32, 110, 90, 6, 1);
  boot(m, 2, 0x1000, 4);                           /* FRN 0, 2, 4, 6; LRN 7 */
  CHECK_EQ(m->out.lrn_o, 7, "LRN with four CTAs of 2");
  CHECK_EQ(m->out.sched_mask_o, 0xf, "sched");
  const ctl_out_t *o = select_(m);                 /* t0: proactive throttle of CTA 3 */
  CHECK_EQ(o->dec_o, CTL_DEC_PROACTIVE, "t0 dec");
  CHECK_EQ(o->mv_state_o, CTL_MV_DRAIN, "t0 mv");
  CHECK_EQ(o->mv_cta_o, 3, "t0 mv_cta");
  CHECK_EQ(o->sched_mask_o, 0x7, "t0 sched");
  CHECK_EQ(o->phase_o, CTL_PH_THR, "t0 phase");
  CHECK_EQ(o->lrn_o, 7, "t0 LRN (CTA 3 still in the RF)");
  CHECK_EQ(o->ninact_o, 1, "t0 ninact");
  o = cyc(m, idle_in());                           /* drain waits */
  CHECK_EQ(o->mv_state_o, CTL_MV_DRAIN, "drain without drained_i");
  CHECK_EQ(o->rf_rd_valid_o, 0, "no read while draining");
  ctl_in_t i = idle_in();
  i.drained_i = 1;
  o = cyc(m, i);                                   /* t1 */
  CHECK_EQ(o->mv_state_o, CTL_MV_BACKUP, "t1 mv");
  CHECK_EQ(o->rf_rd_valid_o, 1, "t1 rd valid");
  CHECK_EQ(o->rf_rd_rn_o, 6, "t1 rd rn (FRN 6)");
  CHECK_EQ(o->mem_valid_o, 0, "t1 no mem");
  o = cyc(m, idle_in());                           /* t2 */
  CHECK_EQ(o->rf_rd_valid_o, 1, "t2 rd valid");
  CHECK_EQ(o->rf_rd_rn_o, 7, "t2 rd rn");
  CHECK_EQ(o->mem_valid_o, 1, "t2 mem valid");
  CHECK_EQ(o->mem_we_o, 1, "t2 mem we");
  CHECK_EQ(o->mem_addr_o, 0x1000, "t2 mem addr = BP");
  CHECK_EQ(o->buf_cnt_o, 1, "t2 buf");
  o = cyc(m, idle_in());                           /* t3 */
  CHECK_EQ(o->rf_rd_valid_o, 0, "t3 rd done");
  CHECK_EQ(o->rf_rd_rn_o, 0, "t3 rd rn 0 when not valid");
  CHECK_EQ(o->mem_addr_o, 0x1080, "t3 mem addr = BP + 128");
  CHECK_EQ(o->buf_cnt_o, 1, "t3 buf");
  o = cyc(m, idle_in());                           /* t4: backup complete */
  CHECK_EQ(o->mv_state_o, CTL_MV_IDLE, "t4 mv");
  CHECK_EQ(o->mem_valid_o, 0, "t4 mem");
  CHECK_EQ(o->bp_o, 0x1100, "t4 BP + 2 x 128");
  CHECK_EQ(o->lrn_o, 5, "t4 LRN drops to CTA 2's last RN");
  i = idle_in();
  i.dbg_cta_i = 3;
  o = cyc(m, i);
  CHECK_EQ(o->dbg_v_o, 1, "CTA 3 V");
  CHECK_EQ(o->dbg_act_o, 0, "CTA 3 ACT");
  CHECK_EQ(o->dbg_c_o, 1, "CTA 3 C");
  CHECK_EQ(o->dbg_ba_o, 0x1000, "CTA 3 BA = BP before the advance");
  CHECK_EQ(o->dbg_frn_o, 6, "CTA 3 FRN kept");
  /* restore: a window whose count falls (icur 0 -> holds first) */
  i = idle_in();
  i.ret_cnt_i = 100;
  cyc(m, i);
  i = idle_in();
  i.win_end_i = 1;                                  /* I_prev 0: hold */
  o = cyc(m, i);
  CHECK_EQ(o->dec_o, CTL_DEC_HOLD, "I_prev 0 holds");
  CHECK_EQ(o->icur_o, 100, "icur");
  i = idle_in();
  i.ret_cnt_i = 80;
  cyc(m, i);
  i = idle_in();
  i.win_end_i = 1;                                  /* r0: 8000 < 9000: restore */
  o = cyc(m, i);
  CHECK_EQ(o->dec_o, CTL_DEC_RESTORE, "r0 dec");
  CHECK_EQ(o->icur_o, 80, "r0 icur");
  CHECK_EQ(o->iprev_o, 100, "r0 iprev");
  CHECK_EQ(o->mv_state_o, CTL_MV_RESTORE, "r0 mv");
  CHECK_EQ(o->mv_cta_o, 3, "r0 LIFO top is CTA 3");
  CHECK_EQ(o->mem_valid_o, 1, "r0 mem read");
  CHECK_EQ(o->mem_we_o, 0, "r0 we 0");
  CHECK_EQ(o->mem_addr_o, 0x1000, "r0 addr BA");
  CHECK_EQ(o->lrn_o, 7, "r0 LRN covers CTA 3");
  CHECK_EQ(o->sched_mask_o, 0x7, "r0 CTA 3 not yet schedulable");
  i = idle_in();
  i.lrn_ack_i = 7;
  o = cyc(m, i);                                   /* r1 */
  CHECK_EQ(o->mem_addr_o, 0x1080, "r1 addr BA + 128");
  CHECK_EQ(o->buf_cnt_o, 1, "r1 buf");
  CHECK_EQ(o->buf_fill_o, 0, "r1 fill");
  CHECK_EQ(o->rf_wr_valid_o, 0, "r1 no data yet");
  i = idle_in();
  i.mem_rvalid_i = 1;
  o = cyc(m, i);                                   /* r2 */
  CHECK_EQ(o->mem_valid_o, 0, "r2 reads done");
  CHECK_EQ(o->buf_cnt_o, 2, "r2 buf");
  CHECK_EQ(o->buf_fill_o, 1, "r2 fill");
  CHECK_EQ(o->rf_wr_valid_o, 1, "r2 wr valid");
  CHECK_EQ(o->rf_wr_rn_o, 6, "r2 wr rn");
  o = cyc(m, i);                                   /* r3 */
  CHECK_EQ(o->buf_cnt_o, 1, "r3 buf");
  CHECK_EQ(o->buf_fill_o, 1, "r3 fill");
  CHECK_EQ(o->rf_wr_rn_o, 7, "r3 wr rn");
  o = cyc(m, idle_in());                           /* r4 */
  CHECK_EQ(o->mv_state_o, CTL_MV_IDLE, "r4 mv");
  CHECK_EQ(o->bp_o, 0x1000, "r4 BP back");
  CHECK_EQ(o->sched_mask_o, 0xf, "r4 CTA 3 schedulable");
  CHECK_EQ(o->rf_wr_valid_o, 0, "r4 wr");
  ctl_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Three throttles, three restores (4.1 BP / BA / LRN arithmetic, LIFO)      */
/* ---------------------------------------------------------------------- */

static void test_lifo(void)
{
  group_begin("lifo: three throttles then three restores, BP / BA / LRN after each");
  ctl_model_t *m = mk(4, 11, 32, 110, 90, 6, 1);
  boot(m, 4, 0x1000, 4);                           /* FRN 0, 4, 8, 12; LRN 15; S = 0x200 */
  select_(m);
  env(m, 40, 0, 0);                                 /* proactive: CTA 3 */
  CHECK_EQ(m->out.bp_o, 0x1200, "after CTA 3: BP");
  CHECK_EQ(m->ba[3], 0x1000, "BA[3]");
  CHECK_EQ(m->out.lrn_o, 11, "LRN");
  CHECK_EQ(window(m, 1000), CTL_DEC_HOLD, "I_prev 0 (no instructions yet)");
  CHECK_EQ(window(m, 1200), CTL_DEC_THROTTLE, "1000 -> 1200 throttles CTA 2");
  CHECK_EQ(m->out.bp_o, 0x1400, "after CTA 2: BP");
  CHECK_EQ(m->ba[2], 0x1200, "BA[2]");
  CHECK_EQ(m->out.lrn_o, 7, "LRN");
  CHECK_EQ(window(m, 1400), CTL_DEC_THROTTLE, "1200 -> 1400 throttles CTA 1");
  CHECK_EQ(m->out.bp_o, 0x1600, "after CTA 1: BP");
  CHECK_EQ(m->ba[1], 0x1400, "BA[1]");
  CHECK_EQ(m->out.lrn_o, 3, "LRN");
  CHECK_EQ(m->out.sched_mask_o, 0x1, "only CTA 0 runs");
  CHECK_EQ(window(m, 1600), CTL_DEC_THR_BLOCKED, "MinAct 1 blocks a 4th throttle");
  CHECK_EQ(m->out.bp_o, 0x1600, "blocked: BP");
  CHECK_EQ(window(m, 1000), CTL_DEC_RESTORE, "1600 -> 1000 restores the LIFO top CTA 1");
  CHECK_EQ(m->out.bp_o, 0x1400, "after restoring CTA 1: BP");
  CHECK_EQ(m->out.lrn_o, 7, "LRN");
  CHECK_EQ(m->out.sched_mask_o, 0x3, "sched");
  CHECK_EQ(window(m, 800), CTL_DEC_RESTORE, "restores CTA 2");
  CHECK_EQ(m->out.bp_o, 0x1200, "BP");
  CHECK_EQ(m->out.lrn_o, 11, "LRN");
  CHECK_EQ(window(m, 600), CTL_DEC_RESTORE, "restores CTA 3");
  CHECK_EQ(m->out.bp_o, 0x1000, "BP back to the configured base");
  CHECK_EQ(m->out.lrn_o, 15, "LRN");
  CHECK_EQ(m->out.sched_mask_o, 0xf, "all four run");
  CHECK_EQ(window(m, 400), CTL_DEC_RES_BLOCKED, "nothing left to restore");
  CHECK_EQ(window(m, 400), CTL_DEC_HOLD, "equal windows hold");
  ctl_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Stalls: memory not ready (buffer full), RF write not ready, the VTT       */
/* ---------------------------------------------------------------------- */

static void test_stalls(void)
{
  group_begin("stalls: full buffer, RF bank conflicts, restore held for the VTT");
  ctl_model_t *m = mk(2, 11, 32, 110, 90, 6, 1);
  boot(m, 10, 0x0, 2);                              /* FRN 0, 10; S = 0x500 */
  select_(m);                                        /* throttle CTA 1 */
  ctl_in_t i = idle_in();
  i.drained_i = 1;
  i.mem_ready_i = 0;
  const ctl_out_t *o = cyc(m, i);
  i.drained_i = 0;
  for (unsigned t = 0; t < 6; t++) o = cyc(m, i);  /* 6 reads accepted, nothing written */
  CHECK_EQ(o->buf_cnt_o, 6, "buffer full");
  CHECK_EQ(o->rf_rd_valid_o, 0, "no 7th read");
  CHECK_EQ(o->mem_valid_o, 1, "write offered");
  CHECK_EQ(o->mem_addr_o, 0x0, "oldest entry first");
  o = cyc(m, i);
  CHECK_EQ(o->buf_cnt_o, 6, "still full");
  CHECK_EQ(o->rf_rd_valid_o, 0, "still no read");
  i.mem_ready_i = 1;
  o = cyc(m, i);                                    /* one write, no read offered: 5 */
  CHECK_EQ(o->buf_cnt_o, 5, "one drained");
  CHECK_EQ(o->rf_rd_valid_o, 1, "reads resume");
  CHECK_EQ(o->rf_rd_rn_o, 16, "RN 10 + 6");
  CHECK_EQ(o->mem_addr_o, 0x80, "second address");
  for (unsigned t = 0; t < 10; t++) o = cyc(m, i);
  CHECK_EQ(o->mv_state_o, CTL_MV_IDLE, "backup done");
  CHECK_EQ(o->bp_o, 0x500, "BP");
  CHECK_EQ(o->lrn_o, 9, "LRN");
  /* restore of CTA 1: reads run ahead, the VTT has not acknowledged */
  i = idle_in();
  i.ret_cnt_i = 50;
  cyc(m, i);
  i = idle_in();
  i.win_end_i = 1;
  cyc(m, i);                                        /* hold (I_prev 0) */
  i = idle_in();
  i.win_end_i = 1;                                  /* 0 < 90 x 50: restore */
  o = cyc(m, i);
  CHECK_EQ(o->dec_o, CTL_DEC_RESTORE, "restore");
  CHECK_EQ(o->lrn_o, 19, "LRN covers CTA 1 (FRN 10 + 9)");
  i = idle_in();
  i.lrn_ack_i = 9;                                  /* the VTT still at the old LRN */
  unsigned out = 0;
  for (unsigned t = 0; t < 12; t++) {
    i.mem_rvalid_i = out > 0;
    out -= i.mem_rvalid_i;
    out += m->out.mem_valid_o;
    o = cyc(m, i);
    CHECK_EQ(o->rf_wr_valid_o, 0, "no RF write before the acknowledgement");
  }
  CHECK_EQ(o->buf_cnt_o, 6, "buffer full of read data");
  CHECK_EQ(o->buf_fill_o, 6, "all returned");
  CHECK_EQ(o->mem_valid_o, 0, "no 7th read");
  i = idle_in();
  i.lrn_ack_i = 18;                                 /* below last(1) = 19: not enough */
  o = cyc(m, i);
  CHECK_EQ(o->rf_wr_valid_o, 0, "ack 18 < 19");
  i.lrn_ack_i = 19;
  i.rf_wr_ready_i = 0;                              /* bank conflict in the same cycle */
  o = cyc(m, i);
  CHECK_EQ(o->rf_wr_valid_o, 1, "ack 19: write offered");
  CHECK_EQ(o->rf_wr_rn_o, 10, "RN 10 first");
  i.lrn_ack_i = 0;                                  /* the flag is sticky */
  o = cyc(m, i);
  CHECK_EQ(o->rf_wr_valid_o, 1, "held under the bank conflict");
  CHECK_EQ(o->rf_wr_rn_o, 10, "same RN");
  CHECK_EQ(o->buf_cnt_o, 6, "nothing written");
  i.rf_wr_ready_i = 1;
  o = cyc(m, i);
  CHECK_EQ(o->rf_wr_rn_o, 11, "next RN");
  CHECK_EQ(o->buf_cnt_o, 5, "one written");
  CHECK_EQ(o->mem_valid_o, 1, "read 7 offered");
  CHECK_EQ(o->mem_addr_o, 0x300, "BA 0 + 6 x 128");
  ctl_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Concurrency: completion during a backup, skip, deferred proactive         */
/* ---------------------------------------------------------------------- */

static void test_concurrency(void)
{
  group_begin("concurrency: completion during a backup, window end during a move, proactive deferred");
  ctl_model_t *m = mk(4, 11, 32, 110, 90, 6, 1);
  boot(m, 3, 0x40000, 3);                           /* FRN 0, 3, 6; LRN 8 */
  /* a completion in the selection cycle defers the proactive throttle */
  ctl_in_t i = idle_in();
  i.lm_state_i = 1;
  i.done_valid_i = 1;
  i.done_id_i = 0;
  const ctl_out_t *o = cyc(m, i);
  CHECK_EQ(o->dec_o, CTL_DEC_NONE, "not quiet: no decision");
  CHECK_EQ(o->launch_new_o, 1, "no inactive CTA: launch a new one");
  CHECK_EQ(o->sched_mask_o, 0x6, "CTA 0 gone");
  CHECK_EQ(o->phase_o, CTL_PH_THR, "phase");
  CHECK_EQ(o->lrn_o, 8, "LRN");
  o = cyc(m, idle_in());                            /* first quiet cycle */
  CHECK_EQ(o->dec_o, CTL_DEC_PROACTIVE, "deferred proactive throttle");
  CHECK_EQ(o->mv_cta_o, 2, "largest schedulable ID");
  i = idle_in();
  i.drained_i = 1;
  cyc(m, i);
  i = idle_in();
  i.done_valid_i = 1;                               /* CTA 1 completes during the backup */
  i.done_id_i = 1;
  o = cyc(m, i);
  CHECK_EQ(o->launch_new_o, 0, "an inactive CTA exists: no launch");
  CHECK_EQ(o->pend_o, 1, "pending");
  CHECK_EQ(o->nact_o, 0, "no CTA runs");
  CHECK_EQ(o->mv_state_o, CTL_MV_BACKUP, "backup continues");
  i = idle_in();
  i.win_end_i = 1;                                  /* a window end during the move */
  o = cyc(m, i);
  CHECK_EQ(o->dec_o, CTL_DEC_SKIP, "skipped");
  o = cyc(m, idle_in());
  CHECK_EQ(o->mv_state_o, CTL_MV_BACKUP, "last write");
  o = cyc(m, idle_in());
  CHECK_EQ(o->mv_state_o, CTL_MV_IDLE, "backup done");
  CHECK_EQ(o->bp_o, 0x40180, "BP + 3 x 128");
  CHECK_EQ(o->lrn_o, 0, "nothing occupied");
  o = cyc(m, idle_in());
  CHECK_EQ(o->mv_state_o, CTL_MV_RESTORE, "pending restore starts");
  CHECK_EQ(o->mv_cta_o, 2, "the same CTA");
  CHECK_EQ(o->pend_o, 0, "served");
  CHECK_EQ(o->dec_o, CTL_DEC_NONE, "not a window decision");
  CHECK_EQ(o->lrn_o, 8, "LRN back up");
  o = cyc(m, idle_in());
  CHECK_EQ(o->mem_addr_o, 0x40080, "second read");
  ctl_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Protocol errors are ignored (doc "Inputs outside the protocol")          */
/* ---------------------------------------------------------------------- */

static int same_out(const ctl_out_t *a, const ctl_out_t *b)
{
  return memcmp(a, b, sizeof *a) == 0;
}

static void test_protocol(void)
{
  group_begin("protocol: errors leave the block as a twin that did not see them");
  ctl_model_t *a = mk(4, 5, 16, 110, 90, 2, 1), *b = mk(4, 5, 16, 110, 90, 2, 1);
  boot(a, 4, 0x100, 3);
  boot(b, 4, 0x100, 3);
  select_(a);
  select_(b);                                       /* CTA 2 draining */
  ctl_in_t e[8];
  for (unsigned k = 0; k < 8; k++) e[k] = idle_in();
  e[0].done_valid_i = 1; e[0].done_id_i = 2;        /* done of the draining CTA */
  e[1].done_valid_i = 1; e[1].done_id_i = 3;        /* done of an empty slot */
  e[2].launch_valid_i = 1; e[2].launch_id_i = 1; e[2].launch_frn_i = 20; /* occupied */
  e[3].mem_rvalid_i = 1;                            /* nothing outstanding */
  e[4].cfg_ld_i = 1; e[4].cfg_nreg_i = 9; e[4].cfg_bp_i = 5; /* CTAs resident */
  e[5].lrn_ack_i = 31;                              /* no restore */
  e[6].lm_state_i = 2;                              /* after selection: ignored */
  e[7].rf_wr_ready_i = 0;                           /* nothing offered */
  for (unsigned k = 0; k < 8; k++) {
    const ctl_out_t oa = *cyc(a, e[k]);
    const ctl_out_t ob = *cyc(b, idle_in());
    CHECK(same_out(&oa, &ob), "protocol error %u changed the outputs", k);
  }
  ctl_in_t d = idle_in();
  d.drained_i = 1;
  cyc(a, d);
  cyc(b, d);
  for (unsigned k = 0; k < 8; k++) {                /* again during the backup */
    e[k].drained_i = 1;                             /* outside a drain: ignored */
    const ctl_out_t oa = *cyc(a, e[k]);
    const ctl_out_t ob = *cyc(b, idle_in());
    CHECK(same_out(&oa, &ob), "protocol error %u during the backup changed the outputs", k);
  }
  /* hardware values of the directed-file-illegal inputs */
  ctl_model_t *c = mk(4, 5, 16, 110, 90, 2, 1);
  ctl_in_t i = idle_in();
  i.cfg_ld_i = 1;
  i.cfg_nreg_i = 0;                                 /* stored as 0 - 1 = 31: #reg 32 */
  i.launch_valid_i = 1;
  i.launch_id_i = 1;
  i.launch_frn_i = 4;
  const ctl_out_t *o = cyc(c, i);
  CHECK_EQ(o->lrn_o, 31, "#reg 0 acts as 2^RnW: last RN 4 + 31 saturates at 31");
  i = idle_in();
  i.lm_state_i = 3;
  o = cyc(c, i);
  CHECK_EQ(o->phase_o, CTL_PH_OFF, "lm_state 3 acts as disabled");
  ctl_free(a);
  ctl_free(b);
  ctl_free(c);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* LRN, phase, configuration, saturation                                    */
/* ---------------------------------------------------------------------- */

static void test_lrn_phase(void)
{
  group_begin("lrn and phase: permuted FRNs, saturation, #reg = 2^RnW, off, counter saturation");
  ctl_model_t *m = mk(4, 4, 8, 110, 90, 3, 1);      /* RF of 16 registers */
  ctl_in_t i = idle_in();
  i.rst_ni = 0;
  cyc(m, i);
  CHECK_EQ(m->out.lrn_o, 0, "no CTA: LRN 0");
  i = idle_in();
  i.cfg_ld_i = 1;
  i.cfg_nreg_i = 4;
  i.launch_valid_i = 1;
  i.launch_id_i = 3;                                /* slot 3 at FRN 0 */
  const ctl_out_t *o = cyc(m, i);
  CHECK_EQ(o->lrn_o, 3, "slot 3 at RN 0..3");
  i = idle_in();
  i.launch_valid_i = 1;
  i.launch_id_i = 0;
  i.launch_frn_i = 12;
  o = cyc(m, i);
  CHECK_EQ(o->lrn_o, 15, "slot 0 at RN 12..15");
  i.launch_id_i = 1;
  i.launch_frn_i = 14;                              /* runs past the top: saturates */
  o = cyc(m, i);
  CHECK_EQ(o->lrn_o, 15, "14 + 3 saturates at 15");
  o = select_(m);
  CHECK_EQ(o->mv_cta_o, 3, "largest ID, although its registers are lowest");
  i = idle_in();
  i.drained_i = 1;
  cyc(m, i);
  o = cyc(m, idle_in());
  CHECK_EQ(o->rf_rd_rn_o, 1, "RN 0 + 1");
  idle(m, 5);
  CHECK_EQ(m->out.lrn_o, 15, "slot 3 backed up: LRN still 15 (slots 0, 1)");
  i = idle_in();
  i.done_valid_i = 1;
  i.done_id_i = 0;
  o = cyc(m, i);
  CHECK_EQ(o->pend_o, 1, "pends for CTA 3");
  CHECK_EQ(o->lrn_o, 15, "slot 1 saturated");
  o = cyc(m, idle_in());
  CHECK_EQ(o->mv_state_o, CTL_MV_RESTORE, "restore CTA 3");
  /* wrap of the RN during the restore of a saturating range is not tested
   * here (slot 3 is at 0); the directed file saturate.stim covers it */
  ctl_free(m);

  /* one CTA owning the whole RF: #reg = 2^RnW = 16, held as 15 */
  m = mk(2, 4, 8, 110, 90, 3, 1);
  i = idle_in();
  i.rst_ni = 0;
  cyc(m, i);
  i = idle_in();
  i.cfg_ld_i = 1;
  i.cfg_nreg_i = 16;
  i.cfg_bp_i = 0xfffff800u;                         /* BP wraps past 2^32 */
  i.launch_valid_i = 1;
  o = cyc(m, i);
  CHECK_EQ(o->lrn_o, 15, "RN 0..15");
  CHECK_EQ(o->bp_o, 0xfffff800u, "BP");
  i = idle_in();
  i.launch_valid_i = 1;
  i.launch_id_i = 1;
  o = cyc(m, i);                                    /* both at FRN 0 (a launch error, harmless) */
  o = select_(m);
  CHECK_EQ(o->mv_cta_o, 1, "throttle CTA 1");
  i = idle_in();
  i.drained_i = 1;
  cyc(m, i);
  idle(m, 17);
  CHECK_EQ(m->out.mv_state_o, CTL_MV_IDLE, "16 registers in 16 + 2 cycles");
  CHECK_EQ(m->out.bp_o, 0x00000000u, "0xfffff800 + 16 x 128 wraps to 0");
  CHECK_EQ(m->ba[1], 0xfffff800u, "BA");
  ctl_free(m);

  /* phase off; counter saturation at InstW 8 */
  m = mk(2, 4, 8, 110, 90, 1, 1);
  boot(m, 1, 0, 2);
  i = idle_in();
  i.lm_state_i = 2;
  i.ret_cnt_i = 200;
  o = cyc(m, i);
  CHECK_EQ(o->phase_o, CTL_PH_OFF, "disabled");
  i = idle_in();
  i.lm_state_i = 1;                                 /* off is final */
  i.ret_cnt_i = 200;
  o = cyc(m, i);
  CHECK_EQ(o->phase_o, CTL_PH_OFF, "still off");
  CHECK_EQ(o->mv_state_o, CTL_MV_IDLE, "never throttles");
  i = idle_in();
  i.win_end_i = 1;
  i.ret_cnt_i = 7;
  o = cyc(m, i);
  CHECK_EQ(o->icur_o, 255, "200 + 200 saturates at 255");
  CHECK_EQ(o->dec_o, CTL_DEC_NONE, "no decision when off");
  i = idle_in();
  i.win_end_i = 1;
  o = cyc(m, i);
  CHECK_EQ(o->icur_o, 7, "the window-end cycle counts in the next window");
  CHECK_EQ(o->iprev_o, 255, "iprev");
  i = idle_in();
  i.done_valid_i = 1;
  o = cyc(m, i);
  CHECK_EQ(o->launch_new_o, 1, "completions still ask for launches");
  ctl_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Soaks: invariants every cycle                                            */
/* ---------------------------------------------------------------------- */

static void soak(const char *what, int wild, unsigned maxcta, unsigned rnw, unsigned bufent,
                 unsigned minact, uint64_t seed, unsigned cycles)
{
  char name[160], err[256];
  snprintf(name, sizeof name, "soak %s: doc invariants every cycle (MaxCta=%u RnW=%u BufEnt=%u MinAct=%u, %u cycles)",
           what, maxcta, rnw, bufent, minact, cycles);
  group_begin(name);
  g_retw = 3;
  ctl_model_t *m = mk(maxcta, rnw, 12, 110, 90, bufent, minact);
  g_retw = 8;
  void *st = ctl_stim.create(g_P, seed);
  kit_rng_t r;
  kit_rng_seed(&r, seed);
  uint32_t b0 = 0;
  uint64_t moves = 0;
  for (unsigned t = 0; t < cycles && group_ok(); t++) {
    ctl_in_t in;
    if (wild) {                                      /* any input at all */
      uint64_t *w = (uint64_t *)&in;
      kit_port_t pt[KIT_MAX_PORTS];
      ctl_ports(g_P, pt);
      for (unsigned k = 0; k < ctl_NIN; k++) w[k] = kit_rng_next(&r) & kit_mask(pt[k].width);
      in.rst_ni = kit_rng_below(&r, 5000) != 0;
      in.cfg_ld_i = kit_rng_below(&r, 50) == 0;
      in.win_end_i = kit_rng_below(&r, 40) == 0;
    } else {
      ctl_stim.next(st, (uint64_t *)&in);
    }
    const int cfg = in.rst_ni && in.cfg_ld_i && m->v == 0;
    ctl_out_t o;
    ctl_step(m, &in, &o);
    if (!in.rst_ni) b0 = 0;
    else if (cfg) b0 = (uint32_t)in.cfg_bp_i;
    moves += o.mv_state_o == CTL_MV_RESTORE;
    CHECK(!ctl_check_invariants(m, b0, err, sizeof err), "cycle %u: %s", t, err);
  }
  CHECK(moves != 0, "no restore ever happened");
  ctl_stim.destroy(st);
  ctl_free(m);
  group_end();
}

int main(void)
{
  test_eq1();
  test_timing();
  test_lifo();
  test_stalls();
  test_concurrency();
  test_protocol();
  test_lrn_phase();
  soak("environment", 0, 32, 11, 6, 1, 1, 400000);
  soak("environment", 0, 4, 4, 2, 1, 2, 200000);
  soak("environment", 0, 5, 6, 3, 2, 3, 200000);
  soak("wild inputs", 1, 4, 4, 3, 1, 4, 400000);
  soak("wild inputs", 1, 32, 11, 6, 1, 5, 200000);
  return unit_done();
}
