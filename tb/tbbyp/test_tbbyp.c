/*
 * test_tbbyp.c - unit tests of thread-block bypassing's golden model
 * (cmodel/tbbyp/tbbyp.c) against doc/tbbyp.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - Kernels interact only through the slots (a slot's kernel decides
 *    whose bypassing thread blocks it counts) and the shared interval
 *    counter, so the state space is one kernel's monitor (two counters,
 *    N_byp, cont, pend) plus the slot bits. The cases are each rule of
 *    doc "A cycle, step by step": the comparison at full width (TB4), the
 *    step and its clamps (TB5, TB16), the assignment with residents kept
 *    (TB6), the classes (TB7), the pending bit (TB9), retire before issue
 *    (TB10), both interval readings (TB11), read before write (TB12), the
 *    debug read (TB13), the clear (TB14), ignored events (TB15), counter
 *    saturation (TB3).
 *  - The design note's worked example (doc "Worked example") and its
 *    IntFix = 64 pair (doc "Paper readings") are run cycle by cycle with
 *    the hand-computed values.
 *  - TB8's classification (cmodel/tbbyp/tbbyp_classify.c): both
 *    thresholds' boundaries exactly (rate = lo, rate = hi), no profiled
 *    access, lo = hi, and against a floating-point reference over a grid.
 *  - A seeded random soak (the block's own generator, the four check-list
 *    configurations) runs tbbyp_check() after every cycle and checks
 *    invariants 3-6 on the outputs.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/tbbyp/tbbyp.h"
#include "cmodel/tbbyp/tbbyp_classify.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static long P_[tbbyp_NPARAMS];

/* The defaults with the given overrides (NAME=VALUE words), after one reset cycle. */
static tbbyp_model_t *mk(const char *params)
{
  char err[256];
  if (kit_params_text(&tbbyp_block, P_, params, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit(2); }
  tbbyp_model_t *m = tbbyp_new(P_);
  if (!m) { fprintf(stderr, "tbbyp_new failed\n"); exit(2); }
  tbbyp_in_t i = {0};
  tbbyp_out_t o;
  tbbyp_step(m, &i, &o);
  return m;
}

static tbbyp_out_t o_;
static void step(tbbyp_model_t *m, tbbyp_in_t i)
{
  i.rst_ni = 1;
  tbbyp_step(m, &i, &o_);
}
static tbbyp_in_t iss(unsigned k, unsigned slot) { return (tbbyp_in_t){.iss_valid_i = 1, .iss_k_i = k, .iss_slot_i = slot}; }
static tbbyp_in_t ret(unsigned k, unsigned slot) { return (tbbyp_in_t){.ret_valid_i = 1, .ret_k_i = k, .ret_slot_i = slot}; }

/* The worked example's stimulus (doc "Worked example", warps 48 always):
 * runs it and checks the two decisions under IntFix = 0 or 64. */
static void worked(const char *params, int fix)
{
  tbbyp_model_t *m = mk(params);
  tbbyp_in_t w = {.warps_i = 48};
  tbbyp_in_t a = iss(0, 0); a.warps_i = 48; step(m, a);           /* cycle 1 */
  CHECK_EQ(o_.dec_o, 0, "fill 0 dec"); CHECK_EQ(o_.iss_byp_o, 0, "fill 0 byp");
  a.iss_slot_i = 1; step(m, a);                                    /* cycle 2 */
  for (unsigned c = 3; c <= 102; c++) { tbbyp_in_t x = w; x.stall_i = 1; x.hit_i = c <= 42; step(m, x); }
  a = ret(0, 0); a.warps_i = 48; step(m, a);                       /* cycle 103 */
  CHECK_EQ(o_.pend_o, 1, "pend after retire");
  a = iss(0, 0); a.warps_i = 48; step(m, a);                       /* cycle 104 */
  CHECK_EQ(o_.dec_o, 1, "decision 1");
  CHECK_EQ(o_.iss_byp_o, fix ? 0 : 1, "decision 1 iss_byp");
  CHECK_EQ(o_.nbyp_o, fix ? 0 : 1, "decision 1 nbyp");
  CHECK_EQ(o_.cont_o, fix ? 0 : 1, "decision 1 cont");
  CHECK_EQ(o_.pend_o, 0, "decision 1 pend");
  CHECK_EQ(o_.slot_byp_o, fix ? 0 : 1, "decision 1 slots");
  CHECK_EQ(o_.dbg_hits_o, fix ? 0 : 40, "decision 1 hits");
  CHECK_EQ(o_.dbg_stall_o, fix ? 39 : 100, "decision 1 stall");
  for (unsigned c = 105; c <= 164; c++) {
    tbbyp_in_t x = w; x.hit_i = 1; x.stall_i = c <= 154;
    if (c == 105) { x.acc_valid_i = 1; x.acc_slot_i = 0; }
    if (c == 106) { x.acc_valid_i = 1; x.acc_slot_i = 1; }
    step(m, x);
    if (c == 105) CHECK_EQ(o_.byp_o, fix ? 0 : 1, "slot 0 access");
    if (c == 106) CHECK_EQ(o_.byp_o, 0, "slot 1 access");
    if (c == 128 && fix) CHECK_EQ(o_.cont_o, 1, "interval end 128 cont");
  }
  a = ret(0, 1); a.warps_i = 48; step(m, a);                       /* cycle 165 */
  a = iss(0, 1); a.warps_i = 48; step(m, a);                       /* cycle 166 */
  CHECK_EQ(o_.dec_o, 1, "decision 2");
  CHECK_EQ(o_.iss_byp_o, fix ? 1 : 0, "decision 2 iss_byp");
  CHECK_EQ(o_.nbyp_o, fix ? 1 : 0, "decision 2 nbyp");
  CHECK_EQ(o_.cont_o, fix ? 1 : 0, "decision 2 cont");
  CHECK_EQ(o_.slot_byp_o, fix ? 2 : 1, "decision 2 slots");
  CHECK_EQ(o_.dbg_hits_o, fix ? 37 : 60, "decision 2 hits");
  CHECK_EQ(o_.dbg_stall_o, fix ? 27 : 50, "decision 2 stall");
  tbbyp_free(m);
}

static void test_worked(void)
{
  group_begin("worked example (design note 1.8): 4000 < 4800 contention, 6000 >= 2400 none");
  worked("Kernels=1", 0);
  group_end();
  group_begin("paper reading IntFix = 64 on the worked example's stimulus (doc \"Paper readings\")");
  worked("Kernels=1 IntFix=64", 1);
  group_end();
}

static void test_compare(void)
{
  group_begin("TB4: cross-multiplied comparison at full width, zero stall or warps");
  tbbyp_model_t *m = mk("L2Lat=1023 ThrNum=255 ThrDen=255 WarpW=8");
  const uint64_t c = kit_mask(24);
  CHECK(!tbbyp_contention(m, c, c, 255), "equal sides: no contention");
  CHECK(tbbyp_contention(m, c - 1, c, 255) == (((c - 1) * 1023 * 255) < 255 * c * 255), "42-bit products");
  CHECK(tbbyp_contention(m, 0, 1, 1), "no hits, a stall: contention");
  CHECK(!tbbyp_contention(m, 0, 0, 255), "no stall: none");
  CHECK(!tbbyp_contention(m, 0, 5, 0), "no warps: none");
  tbbyp_free(m);
  m = mk("L2Lat=3 ThrNum=2 ThrDen=3");
  CHECK(tbbyp_contention(m, 1, 5, 1), "1 x 3 x 3 = 9 < 2 x 5 x 1 = 10");
  CHECK(!tbbyp_contention(m, 1, 4, 1), "9 >= 8");
  tbbyp_free(m);
  group_end();
}

/* A decision of kernel k into slot s after a contended or quiet interval. */
static void decide(tbbyp_model_t *m, unsigned k, unsigned s, int cont)
{
  tbbyp_in_t x = {.warps_i = 0x3fu << (6 * k)};
  x.stall_i = cont ? 1u << k : 0u;
  x.hit_i = cont ? 0u : 1u << k;
  step(m, x);
  tbbyp_in_t r = ret(k, s); r.warps_i = x.warps_i; step(m, r);
  tbbyp_in_t i = iss(k, s); i.warps_i = x.warps_i; i.dbg_k_i = k; step(m, i);
}

static void test_step(void)
{
  group_begin("TB5, TB6, TB16: steps of one, clamps at 0 and MaxTb, residents keep their bit");
  tbbyp_model_t *m = mk("MaxTb=2");
  step(m, iss(0, 0)); step(m, iss(1, 1));
  CHECK_EQ(o_.dec_o, 0, "fill: not a decision");
  decide(m, 0, 0, 0);
  CHECK_EQ(o_.dec_o, 1, "dec"); CHECK_EQ(o_.nbyp_o, 0, "held at 0"); CHECK_EQ(o_.cont_o, 0, "cont 0");
  decide(m, 0, 0, 1);
  CHECK_EQ(o_.nbyp_o, 1, "0 -> 1"); CHECK_EQ(o_.iss_byp_o, 1, "bypasses"); CHECK_EQ(o_.slot_byp_o, 1, "slot 0");
  decide(m, 0, 0, 1);
  CHECK_EQ(o_.nbyp_o, 2, "1 -> 2"); CHECK_EQ(o_.iss_byp_o, 1, "retired slot not counted");
  decide(m, 0, 0, 1);
  CHECK_EQ(o_.nbyp_o, 2, "held at MaxTb 2");
  decide(m, 1, 1, 1);
  CHECK_EQ(o_.nbyp_o, 2 | 1 << 2, "kernel 1: 0 -> 1, kernel 0 unchanged");
  CHECK_EQ(o_.slot_byp_o, 3, "both slots bypass");
  decide(m, 0, 0, 0);
  CHECK_EQ(o_.nbyp_o, 1 | 1 << 2, "kernel 0: 2 -> 1");
  CHECK_EQ(o_.iss_byp_o, 1, "0 resident bypassers of kernel 0 < 1 (slot 1 is kernel 1's)");
  decide(m, 0, 0, 0);
  CHECK_EQ(o_.nbyp_o, 0 | 1 << 2, "kernel 0: 1 -> 0"); CHECK_EQ(o_.iss_byp_o, 0, "caches");
  CHECK_EQ(o_.slot_byp_o, 2, "slot 1 kept");
  tbbyp_free(m);
  group_end();
}

static void test_pending(void)
{
  group_begin("TB9, TB10: one pending bit, retire and issue in one cycle, same slot");
  tbbyp_model_t *m = mk("Kernels=2 MaxTb=4");
  for (unsigned s = 0; s < 4; s++) step(m, iss(s & 1u, s));
  step(m, ret(0, 0)); step(m, ret(0, 2));
  CHECK_EQ(o_.pend_o, 1, "pending");
  step(m, iss(0, 0));
  CHECK_EQ(o_.dec_o, 1, "first issue decides"); CHECK_EQ(o_.pend_o, 0, "cleared");
  step(m, iss(0, 2));
  CHECK_EQ(o_.dec_o, 0, "second issue does not");
  tbbyp_in_t x = ret(1, 1); x.iss_valid_i = 1; x.iss_k_i = 1; x.iss_slot_i = 1;
  step(m, x);
  CHECK_EQ(o_.dec_o, 1, "retire and issue of kernel 1 in one cycle: a decision");
  CHECK_EQ(o_.pend_o, 0, "nothing left pending");
  x = ret(1, 3); x.iss_valid_i = 1; x.iss_k_i = 0; x.iss_slot_i = 3;
  step(m, x);
  CHECK_EQ(o_.dec_o, 0, "retire of kernel 1, issue of kernel 0: no decision");
  CHECK_EQ(o_.pend_o, 2, "kernel 1 pending");
  tbbyp_free(m);
  group_end();
}

static void test_classes(void)
{
  group_begin("TB7, TB12, TB15: classes, read before write, ignored events");
  tbbyp_model_t *m = mk("Kernels=3 MaxTb=3");
  step(m, iss(0, 0));
  decide(m, 0, 0, 1);                      /* slot 0 bypasses */
  CHECK_EQ(o_.slot_byp_o, 1, "slot 0 bypasses");
  for (unsigned cls = 0; cls < 4; cls++) {
    tbbyp_in_t a = {.acc_valid_i = 1, .acc_slot_i = 0, .acc_cls_i = cls};
    step(m, a);
    CHECK_EQ(o_.byp_valid_o, 1, "valid");
    CHECK_EQ(o_.byp_o, cls == 0 || cls == 2, "class on a bypassing slot");
    a.acc_slot_i = 1;
    step(m, a);
    CHECK_EQ(o_.byp_o, cls == 2, "class on a caching slot");
    a.acc_slot_i = 3;
    step(m, a);
    CHECK_EQ(o_.byp_o, cls == 2, "class on a slot beyond MaxTb");
  }
  step(m, (tbbyp_in_t){0});
  CHECK_EQ(o_.byp_valid_o, 0, "no access"); CHECK_EQ(o_.byp_o, 0, "no access: 0");
  tbbyp_in_t a = ret(0, 0); a.acc_valid_i = 1; a.acc_slot_i = 0;
  step(m, a);
  CHECK_EQ(o_.byp_o, 1, "an access in its slot's retire cycle reads the old bit");
  CHECK_EQ(o_.slot_byp_o, 0, "the retire cleared it");
  const tbbyp_out_t before = o_;
  step(m, iss(3, 1)); CHECK_EQ(o_.iss_byp_o, 0, "kernel 3 >= K ignored"); CHECK_EQ(o_.pend_o, before.pend_o, "no change");
  step(m, iss(1, 3)); CHECK_EQ(o_.dec_o, 0, "slot 3 >= MaxTb ignored");
  step(m, ret(3, 1)); CHECK_EQ(o_.pend_o, before.pend_o, "retire of kernel 3 ignored");
  step(m, ret(1, 3)); CHECK_EQ(o_.pend_o, before.pend_o, "retire of slot 3 ignored");
  tbbyp_in_t d = {.dbg_k_i = 3, .hit_i = 1};
  step(m, d); step(m, d);
  CHECK_EQ(o_.dbg_hits_o, 0, "dbg_k 3 reads 0");
  tbbyp_free(m);
  group_end();
}

static void test_counters(void)
{
  group_begin("TB3, TB13, TB14: saturation, debug read, the clear");
  tbbyp_model_t *m = mk("CntW=2 L2Lat=1");
  tbbyp_in_t x = {.hit_i = 1, .stall_i = 1};
  for (unsigned c = 0; c < 5; c++) step(m, x);
  step(m, (tbbyp_in_t){0});
  CHECK_EQ(o_.dbg_hits_o, 3, "hits saturate at 3"); CHECK_EQ(o_.dbg_stall_o, 3, "stall saturates at 3");
  step(m, iss(0, 0));
  decide(m, 0, 0, 1);
  CHECK_EQ(o_.nbyp_o, 1, "N_byp 1");
  tbbyp_in_t c = {.clr_i = 1, .hit_i = 1, .iss_valid_i = 1, .iss_k_i = 1, .iss_slot_i = 1};
  step(m, ret(1, 1));
  step(m, c);
  CHECK_EQ(o_.dec_o, 1, "the clear cycle's issue still decides");
  CHECK_EQ(o_.nbyp_o, 0, "N_byp cleared"); CHECK_EQ(o_.cont_o, 0, "cont cleared");
  CHECK_EQ(o_.slot_byp_o, 1, "slot bits kept");
  step(m, (tbbyp_in_t){0});
  CHECK_EQ(o_.dbg_hits_o, 0, "counters cleared, not this cycle's hit");
  tbbyp_free(m);
  m = mk("IntFix=3");
  for (unsigned t = 0; t < 7; t++) {
    step(m, (tbbyp_in_t){.hit_i = 1});
    CHECK_EQ(m->icnt, (t + 1) % 3, "icnt");
  }
  step(m, (tbbyp_in_t){0});
  CHECK_EQ(o_.dbg_hits_o, 2, "restart at the interval end's own hit (step 5), plus step 6's");
  tbbyp_free(m);
  group_end();
}

static void test_soak(void)
{
  group_begin("soak: invariants after every cycle, block generator, the check list");
  for (unsigned c = 0; c < tbbyp_block.nchecks; c++) {
    long P[tbbyp_NPARAMS];
    char err[256];
    kit_params_text(&tbbyp_block, P, tbbyp_block.checks[c].params, err, sizeof err);
    tbbyp_model_t *m = tbbyp_new(P);
    void *s = tbbyp_stim.create(P, 100u + c);
    uint64_t in[tbbyp_NIN];
    tbbyp_out_t o, prev = m->out;
    const unsigned nbw = TB_NBW(P);
    for (unsigned long t = 0; t < 100000ul && group_ok(); t++) {
      tbbyp_stim.next(s, in);
      const tbbyp_in_t *i = (const tbbyp_in_t *)in;
      tbbyp_step(m, i, &o);
      CHECK(!tbbyp_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (i->rst_ni) {
        const int legal = i->iss_valid_i && i->iss_k_i < m->k && i->iss_slot_i < m->maxtb;
        CHECK(!o.dec_o || legal, "config %u cycle %lu: invariant 3: dec_o without a legal issue", c, t);
        for (unsigned j = 0; j < m->k && !i->clr_i; j++) {
          const uint64_t a = prev.nbyp_o >> (j * nbw) & kit_mask(nbw), b = o.nbyp_o >> (j * nbw) & kit_mask(nbw);
          const int dk = o.dec_o && i->iss_k_i == j;
          CHECK(a == b || (dk && (a + 1 == b || b + 1 == a)), "config %u cycle %lu: invariant 3 kernel %u", c, t, j);
        }
        if (o.iss_byp_o) {
          CHECK(o.slot_byp_o >> i->iss_slot_i & 1u, "config %u cycle %lu: invariant 4", c, t);
          CHECK((prev.nbyp_o >> (i->iss_k_i * nbw) & kit_mask(nbw)) + o.dec_o >= 1, "config %u cycle %lu: inv 5", c, t);
        }
        CHECK(!o.byp_o || (o.byp_valid_o && i->acc_cls_i != 1 && i->acc_cls_i != 3), "config %u cycle %lu: inv 6", c, t);
      }
      prev = o;
    }
    tbbyp_stim.destroy(s);
    tbbyp_free(m);
  }
  group_end();
}

static void test_classify(void)
{
  group_begin("TB8: load classes from profiled hit rates, thresholds cross-multiplied");
  CHECK_EQ(tbbyp_classify(0, 0, 10, 60), TBBYP_CLS_TB, "no access: per thread block");
  CHECK_EQ(tbbyp_classify(9, 100, 10, 60), TBBYP_CLS_BYPASS, "9% < 10%: never cache");
  CHECK_EQ(tbbyp_classify(10, 100, 10, 60), TBBYP_CLS_TB, "10% = lo: per thread block");
  CHECK_EQ(tbbyp_classify(59, 100, 10, 60), TBBYP_CLS_TB, "59%: per thread block");
  CHECK_EQ(tbbyp_classify(60, 100, 10, 60), TBBYP_CLS_CACHE, "60% = hi: always cache");
  CHECK_EQ(tbbyp_classify(1, 3, 33, 34), TBBYP_CLS_TB, "33.3%: between 33 and 34");
  CHECK_EQ(tbbyp_classify(1, 3, 34, 34), TBBYP_CLS_BYPASS, "lo = hi: no per-thread-block class left");
  CHECK_EQ(tbbyp_classify(0, 5, 0, 0), TBBYP_CLS_CACHE, "lo = hi = 0: everything cached");
  CHECK_EQ(tbbyp_classify(5, 5, 100, 100), TBBYP_CLS_CACHE, "100% = hi 100");
  for (unsigned acc = 1; acc <= 40; acc++)
    for (unsigned h = 0; h <= acc; h++)
      for (unsigned lo = 0; lo <= 100; lo += 7)
        for (unsigned hi = lo; hi <= 100; hi += 11) {
          const double r = 100.0 * h / acc;
          /* the reference in exact rationals where r sits on a threshold */
          const unsigned want = h * 100u < lo * acc ? TBBYP_CLS_BYPASS
                                : h * 100u >= hi * acc ? TBBYP_CLS_CACHE : TBBYP_CLS_TB;
          const unsigned ref = r < lo - 1e-9 ? TBBYP_CLS_BYPASS : r >= hi - 1e-9 ? TBBYP_CLS_CACHE : TBBYP_CLS_TB;
          CHECK(tbbyp_classify(h, acc, lo, hi) == want && want == ref, "h %u acc %u lo %u hi %u", h, acc, lo, hi);
        }
  group_end();
}

int main(void)
{
  test_classify();
  test_worked();
  test_compare();
  test_step();
  test_pending();
  test_classes();
  test_counters();
  test_soak();
  return unit_done();
}
