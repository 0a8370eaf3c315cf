/*
 * test_linebacker.c - unit tests of the Linebacker SM slice model
 * (cmodel/linebacker/linebacker.c): the glue and the integration invariants of
 * doc/linebacker.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The wiring and the glue's timing are pinned end to end by the Figure 6
 *    directed file (checked against this model and the RTL by the suite);
 *    here the parameter plumbing is checked directly: every composite
 *    parameter reaches the sub-blocks that have it, the others keep their
 *    defaults, and an illegal sub-block configuration is named.
 *  - Soaks with the believable SM of tb/linebacker/linebacker_stim.c at the paper
 *    configuration (2000-cycle windows) and the Figure 6 one: viol_o = 0 in
 *    every cycle, and the sub-blocks' own invariant checks (ctl, vtt) hold
 *    in every cycle of the composite.
 *  - The checks can fail: each planted wiring fault (LB_FAULT_*) on the
 *    same traffic raises its viol_o bit (CTL window ends cut: I-WIN; the CTL
 *    acknowledging itself: I-ACK restore write; the VTT never told the LRN:
 *    I-ACK handshake), and a planted VTT register request into a register
 *    of a live, acknowledged CTA raises I-RF.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/linebacker/linebacker.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"


static void config(long *P, const char *words)
{
  char buf[512], err[KIT_ERR_LEN];
  kit_params_default(&linebacker_block, P);
  snprintf(buf, sizeof buf, "%s", words);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
    if (kit_params_set(&linebacker_block, P, w, err, sizeof err)) { printf("FAIL config: %s\n", err); exit(1); }
}

#define FIG6 "Entries=4 CntW=8 WinLen=64 Sets=1 VpWays=2 NumVp=4 TagW=4 Offset=2 VpLat=1 RnW=4 MaxCta=4 InstW=16 RetW=8 BufEnt=2"

static void test_params(void)
{
  long P[KIT_MAX_PARAMS], S[KIT_MAX_PARAMS];
  char err[KIT_ERR_LEN], d[KIT_ERR_LEN + 100] = "";
  int ok = 1;
  config(P, FIG6);
  lb_sub_params(&lm_block, P, S);
  ok &= S[lm_P_Entries] == 4 && S[lm_P_CntW] == 8 && S[lm_P_WinLen] == 64 && S[lm_P_WinCntW] == 8 &&
        S[lm_P_LineBytes] == 128;
  lb_sub_params(&vtt_block, P, S);
  ok &= S[vtt_P_Sets] == 1 && S[vtt_P_VpWays] == 2 && S[vtt_P_NumVp] == 4 && S[vtt_P_RnW] == 4 && S[vtt_P_Offset] == 2;
  lb_sub_params(&ctl_block, P, S);
  ok &= S[ctl_P_MaxCta] == 4 && S[ctl_P_RnW] == 4 && S[ctl_P_RetW] == 8 && S[ctl_P_BufEnt] == 2 && S[ctl_P_UpRatio] == 110;
  if (!ok) snprintf(d, sizeof d, "a composite parameter did not reach its sub-block");
  /* Offset + NumVp x Sets x VpWays > 2^RnW is the VTT's rule */
  config(P, "RnW=10");
  if (kit_params_check(&linebacker_block, P, err, sizeof err) == 0 || strncmp(err, "vtt: ", 5) != 0) {
    ok = 0;
    snprintf(d, sizeof d, "RnW=10 at the paper VTT geometry accepted or not named: '%s'", err);
  }
  config(P, "LoRatio=120");
  if (kit_params_check(&linebacker_block, P, err, sizeof err) == 0 || strncmp(err, "ctl: ", 5) != 0) {
    ok = 0;
    snprintf(d, sizeof d, "LoRatio > UpRatio accepted or not named: '%s'", err);
  }
  verdict("parameters reach their sub-blocks; a sub-block's rule is named", ok, d);
}

/* Run `cycles` of the generator's traffic through a model with `fault`;
 * returns the OR of every viol_o, and checks the sub-blocks' own
 * invariants every cycle when fault is 0. */
static unsigned run(const long *P, uint64_t seed, uint64_t cycles, unsigned fault, char *d, size_t dl)
{
  void *st = linebacker_stim.create(P, seed);
  lb_model_t *m = lb_new(P);
  linebacker_in_t in;
  linebacker_out_t out;
  unsigned viol = 0;
  uint32_t b0 = 0;                            /* BP at the last #reg / BP load */
  if (!st || !m) { snprintf(d, dl, "out of memory"); linebacker_stim.destroy(st); lb_free(m); return ~0u; }
  m->fault = fault;
  for (uint64_t c = 0; c < cycles; c++) {
    linebacker_stim.next(st, (uint64_t *)&in);
    lb_step(m, &in, &out);
    viol |= (unsigned)out.viol_o;
    if (!in.rst_ni) b0 = 0;
    else if (in.cfg_ld_i) b0 = (uint32_t)in.cfg_bp_i;
    if (fault == LB_FAULT_NONE && in.rst_ni) {
      char e[KIT_ERR_LEN];
      if (ctl_check_invariants(m->ctl, b0, e, sizeof e)) {
        snprintf(d, dl, "cycle %llu: ctl invariant: %s", (unsigned long long)c, e);
        viol |= 8u;
        break;
      }
      if (vtt_check(m->vtt, e, sizeof e)) {
        snprintf(d, dl, "cycle %llu: vtt invariant: %s", (unsigned long long)c, e);
        viol |= 8u;
        break;
      }
      if (out.viol_o && !d[0]) snprintf(d, dl, "cycle %llu: viol_o = %llu", (unsigned long long)c, (unsigned long long)out.viol_o);
    }
  }
  linebacker_stim.destroy(st);
  lb_free(m);
  return viol;
}

static void test_soak(const char *words, uint64_t seed, uint64_t cycles)
{
  long P[KIT_MAX_PARAMS];
  char name[200], d[300] = "";
  config(P, words);
  const unsigned v = run(P, seed, cycles, LB_FAULT_NONE, d, sizeof d);
  snprintf(name, sizeof name, "soak %s seed %llu: viol_o = 0 and the ctl / vtt invariants in every cycle", words,
           (unsigned long long)seed);
  verdict(name, v == 0, d);
}

static void test_faults(void)
{
  static const struct { unsigned fault, bit; const char *what; } f[] = {
    {LB_FAULT_NO_WIN_END, LB_VIOL_WIN, "CTL win_end_i cut: a window decision skipped silently (I-WIN)"},
    {LB_FAULT_SELF_ACK, LB_VIOL_ACK, "CTL acknowledges its own LRN: a restore write before the VTT's (I-ACK)"},
    {LB_FAULT_NO_LRN, LB_VIOL_ACK, "VTT lrn_i tied to 0: the handshake is not wired (I-ACK)"},
  };
  long P[KIT_MAX_PARAMS];
  config(P, FIG6);
  for (unsigned k = 0; k < sizeof f / sizeof f[0]; k++) {
    char d[300] = "";
    fault_verdict(f[k].what, run(P, 7, 100000, f[k].fault, d, sizeof d), f[k].bit);
  }
  /* I-RF: CTA 0 owns RN 0-1 once the VTT acknowledged LRN >= 1; a VTT
   * fill of RN 1 then is a violation, of RN 2 (above the LRN) not. */
  lb_model_t *m = lb_new(P);
  linebacker_in_t in;
  linebacker_out_t out;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.cfg_ld_i = 1;
  in.cfg_nreg_i = 2;
  in.launch_valid_i = 1;
  lb_step(m, &in, &out);                      /* CTA 0 at RN 0-1: LRN 1 */
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.cfg_nreg_i = 1;
  in.rf_rd_ready_i = in.rf_wr_ready_i = in.mem_ready_i = 1;
  for (int c = 0; c < 3; c++) lb_step(m, &in, &out);   /* the VTT acknowledges LRN 1 */
  const vtt_out_t vp = m->vo;
  const ctl_out_t cp = m->co;
  int ok = out.viol_o == 0 && m->vo.lrn_ack_o == 1;
  m->vo.rf_wr_o = 1;
  m->vo.rsp_rn_o = 1;
  ok &= (lb_viol(m, &vp, &cp, 0, 0) & LB_VIOL_RF) != 0;
  m->vo.rsp_rn_o = 2;
  ok &= (lb_viol(m, &vp, &cp, 0, 0) & LB_VIOL_RF) == 0;
  lb_free(m);
  verdict("planted VTT fill into a live CTA's register caught (I-RF); one above the LRN is not", ok,
         "I-RF did not flag RN 1 or flagged RN 2");
}

int main(void)
{
  test_params();
  test_soak("WinLen=2000", 1, 300000);
  test_soak(FIG6, 2, 300000);
  test_soak(FIG6 " SelWin2=1 MinAct=2", 3, 200000);
  test_faults();
  return unit_done();
}
