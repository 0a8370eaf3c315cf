/*
 * test_cbwt_l1.c - unit tests of the CBWT sampler-core slice model
 * (cmodel/cbwt_l1/cbwt_l1.c): the parameter plumbing, the glue and the
 * integration invariants of doc/cbwt_l1.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The wiring's timing is pinned end to end by the directed files
 *    (scenario 5.3, throttle then recover; checked against this model and
 *    the RTL by the suite); here the parameter plumbing is checked
 *    directly: every composite parameter reaches the sub-blocks that take
 *    it, under its own or its renamed name (PdTagW, L2Sets, L2Ways,
 *    VbPeriod, PeriodLen = 2^PeriodLog), the others keep their defaults,
 *    and an illegal sub-block configuration is named with its sub-block.
 *  - Soaks with the generator's traffic at the scaled scenario
 *    configuration and with 256-read periods at the paper geometry:
 *    viol_o = 0 in every cycle and each sub-block's own invariant check
 *    holds in every cycle of the composite.
 *  - The checks can fail: each planted wiring fault (CB_FAULT_*) on the
 *    same traffic raises its viol_o bit (pdp fed the writes too: I-PER;
 *    maw_ctl's period end not wired to noc_sampler: I-WAIT; a MAW moved
 *    between decisions: I-MAW; bypass on without contention: I-BYP), and
 *    a hand-built state with a NoC mean nobody waits for raises I-NOC (computed) and I-AVG (delivered).
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/cbwt_l1/cbwt_l1.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static void config(long *P, const char *words)
{
  char buf[600], err[KIT_ERR_LEN];
  kit_params_default(&cbwt_l1_block, P);
  snprintf(buf, sizeof buf, "%s", words);
  for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
    if (kit_params_set(&cbwt_l1_block, P, w, err, sizeof err)) { printf("FAIL config: %s\n", err); exit(1); }
}

#define SMALL "Sets=4 Ways=2 TagW=5 DMax=8 SampledSets=1 Sc=2 SampM=2 De=2 PdTagW=5 PeriodLog=6 Slots=2 LatW=4 " \
              "CntW=4 RateShift=0 NMax=8 Tw=5 TL=4 TH=8 L1s=2 L2Sets=2 L2Ways=2 SampleShift=0 VbPeriod=16 Resv=0"

static void test_params(void)
{
  long P[KIT_MAX_PARAMS], S[KIT_MAX_PARAMS];
  char err[KIT_ERR_LEN], d[KIT_ERR_LEN + 100] = "";
  int ok = 1;
  config(P, SMALL);
  cb_sub_params(&pdp_cache_block, P, S);
  ok &= S[pdp_cache_P_Sets] == 4 && S[pdp_cache_P_Ways] == 2 && S[pdp_cache_P_TagW] == 5 && S[pdp_cache_P_DMax] == 8 &&
        S[pdp_cache_P_Resv] == 0 && S[pdp_cache_P_LineBytes] == 128;
  cb_sub_params(&pdp_block, P, S);
  ok &= S[pdp_P_Sets] == 4 && S[pdp_P_TagW] == 5 && S[pdp_P_DMax] == 8 && S[pdp_P_Sc] == 2 && S[pdp_P_PeriodLen] == 64 &&
        S[pdp_P_BinW] == 16 && S[pdp_P_PdMin] == 4;
  cb_sub_params(&noc_sampler_block, P, S);
  ok &= S[noc_sampler_P_Slots] == 2 && S[noc_sampler_P_LatW] == 4 && S[noc_sampler_P_CntW] == 4 &&
        S[noc_sampler_P_RateShift] == 0 && S[noc_sampler_P_Seed] == 0xACE1;
  cb_sub_params(&maw_ctl_block, P, S);
  ok &= S[maw_ctl_P_NMax] == 8 && S[maw_ctl_P_PeriodLog] == 6 && S[maw_ctl_P_LatW] == 4 && S[maw_ctl_P_TH] == 8 &&
        S[maw_ctl_P_GDen] == 20;
  cb_sub_params(&victim_bits_block, P, S);
  ok &= S[victim_bits_P_Sets] == 2 && S[victim_bits_P_Ways] == 2 && S[victim_bits_P_Period] == 16 &&
        S[victim_bits_P_L1s] == 2 && S[victim_bits_P_ThrDen] == 4;
  if (!ok) snprintf(d, sizeof d, "a composite parameter did not reach its sub-block");
  config(P, "Sc=3");
  if (kit_params_check(&cbwt_l1_block, P, err, sizeof err) == 0 || strncmp(err, "pdp: ", 5) != 0) {
    ok = 0;
    snprintf(d, sizeof d, "Sc=3 accepted or not named: '%s'", err);
  }
  config(P, "TL=70");
  if (kit_params_check(&cbwt_l1_block, P, err, sizeof err) == 0 || strncmp(err, "maw_ctl: ", 9) != 0) {
    ok = 0;
    snprintf(d, sizeof d, "TL > TH accepted or not named: '%s'", err);
  }
  config(P, "PdTagW=20");
  if (kit_params_check(&cbwt_l1_block, P, err, sizeof err) == 0 || !strstr(err, "PdTagW")) {
    ok = 0;
    snprintf(d, sizeof d, "PdTagW > TagW accepted: '%s'", err);
  }
  config(P, "PeriodLog=3 LatW=7 TL=3 TH=4 DMax=16 Sc=4");
  if (kit_params_check(&cbwt_l1_block, P, err, sizeof err) == 0 || !strstr(err, "PeriodLog")) {
    ok = 0;
    snprintf(d, sizeof d, "2^PeriodLog < LatW+2 accepted: '%s'", err);
  }
  verdict("parameters reach their sub-blocks (renames included); a sub-block's rule is named", ok, d);
}

/* Run `cycles` of the generator's traffic through a model with `fault`;
 * returns the OR of every viol_o, and checks the sub-blocks' own
 * invariants every cycle when fault is 0. */
static unsigned run(const long *P, uint64_t seed, uint64_t cycles, unsigned fault, char *d, size_t dl)
{
  void *st = cbwt_l1_stim.create(P, seed);
  cb_model_t *m = cb_new(P);
  cbwt_l1_in_t in;
  cbwt_l1_out_t out;
  unsigned viol = 0;
  if (!st || !m) { snprintf(d, dl, "out of memory"); cbwt_l1_stim.destroy(st); cb_free(m); return ~0u; }
  m->fault = fault;
  for (uint64_t c = 0; c < cycles; c++) {
    cbwt_l1_stim.next(st, (uint64_t *)&in);
    cb_step(m, &in, &out);
    viol |= (unsigned)out.viol_o;
    if (fault == CB_FAULT_NONE) {
      char e[KIT_ERR_LEN];
      const char *who = NULL;
      if (pdp_cache_check(m->pc, e, sizeof e)) who = "pdp_cache";
      else if (pdp_check_invariants(m->pdp, e, sizeof e)) who = "pdp";
      else if (noc_sampler_check(m->noc, e, sizeof e)) who = "noc_sampler";
      else if (maw_ctl_check(m->maw, e, sizeof e)) who = "maw_ctl";
      else if (victim_bits_check_invariants(m->vb, e, sizeof e)) who = "victim_bits";
      if (who) {
        snprintf(d, dl, "cycle %llu: %s invariant: %s", (unsigned long long)c, who, e);
        viol |= 0x100u;
        break;
      }
      if (out.viol_o && !d[0]) snprintf(d, dl, "cycle %llu: viol_o = %llu", (unsigned long long)c, (unsigned long long)out.viol_o);
    }
  }
  cbwt_l1_stim.destroy(st);
  cb_free(m);
  return viol;
}

static void test_soak(const char *words, uint64_t seed, uint64_t cycles)
{
  long P[KIT_MAX_PARAMS];
  char name[700], d[300] = "";
  config(P, words);
  const unsigned v = run(P, seed, cycles, CB_FAULT_NONE, d, sizeof d);
  snprintf(name, sizeof name, "soak %s seed %llu: viol_o = 0 and every sub-block's invariants in every cycle",
           words[0] ? words : "(defaults)", (unsigned long long)seed);
  verdict(name, v == 0, d);
}

static void test_faults(void)
{
  static const struct { unsigned fault, bit; const char *what; } f[] = {
    {CB_FAULT_PDP_WRITES, CB_VIOL_PER, "pdp fed the writes too: the periods drift apart (I-PER)"},
    {CB_FAULT_MAW_FORCE, CB_VIOL_MAW, "a MAW change between decisions (I-MAW)"},
    {CB_FAULT_BYP_ON, CB_VIOL_BYP, "bypass enabled without contention under BypMode 1 (I-BYP)"},
    /* without its period end the NoC never computes a mean and maw_ctl
     * waits for ever: the next period ends while waiting (I-WAIT) */
    {CB_FAULT_NO_PER_END, CB_VIOL_WAIT, "maw_ctl's period end not wired to noc_sampler (I-WAIT)"},
  };
  long P[KIT_MAX_PARAMS];
  config(P, SMALL);
  for (unsigned k = 0; k < sizeof f / sizeof f[0]; k++) {
    char d[300] = "";
    fault_verdict(f[k].what, run(P, 7, 100000, f[k].fault, d, sizeof d), f[k].bit);
  }
  /* I-NOC and I-AVG: a mean computed or delivered that nobody waits for
   * (hand-built states), each flagged by its own bit only */
  cb_model_t *m = cb_new(P);
  int ok = cb_viol(m) == 0;
  m->no.busy_o = 1;
  ok &= cb_viol(m) == CB_VIOL_NOC;
  m->no.busy_o = 0;
  m->no.avg_valid_o = 1;
  ok &= cb_viol(m) == CB_VIOL_AVG;
  m->no.busy_o = 1;
  m->mo.wait_o = 1;
  ok &= cb_viol(m) == 0;
  cb_free(m);
  verdict("a NoC mean computed (I-NOC) or delivered (I-AVG) without a pending decision is flagged, with one it is not",
          ok, "I-NOC / I-AVG wrong");
}

int main(void)
{
  test_params();
  test_soak(SMALL, 1, 300000);
  test_soak(SMALL " BypMode=0 EqCur=1 PerCore=1 VicLru=0 WrEvict=0 PdMin=2 Resv=1", 2, 300000);
  test_soak("PeriodLog=8 LatW=6 TL=8 TH=24 RateShift=2", 3, 200000);
  test_faults();
  return unit_done();
}
