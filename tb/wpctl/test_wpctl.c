/*
 * test_wpctl.c - unit tests of the dynamic partitioning controller's
 * golden model (cmodel/wpctl/wpctl.c) against doc/wpctl.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The state is F, K moves, the LFSR, the comparator's registers and a
 *    phase with its index; the behaviour is one period end, a poll, a
 *    broadcast and K draws. The cases are the LFSR (WP15: the note's state
 *    sequence and the period 65535), the donor scan and fold (WP14) on
 *    example C's partitions, worked examples B (both FolMean readings,
 *    every cycle of a dynamic end's timing) and C end to end, the warm-up
 *    (WP13), the timeout (WP30), static ends legal, short and illegal
 *    (WP18, WP26), done in the start cycle (WP17) and one kernel (no
 *    moves).
 *  - A seeded random soak (the block's own generator, four
 *    configurations) runs wpctl_check() after every cycle and checks the
 *    output invariants (4, 6, 8 and the write shapes of 2) on the ports.
 *  - wpctl_check() itself is shown failing on planted states.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/wpctl/wpctl.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static long PP[wpctl_NPARAMS];

/* The defaults with the given overrides (NAME=VALUE words), after one
 * reset cycle. */
static wpctl_model_t *mk(const char *params)
{
  char err[256];
  if (kit_params_text(&wpctl_block, PP, params, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit(2); }
  wpctl_model_t *m = wpctl_new(PP);
  if (!m) { fprintf(stderr, "wpctl_new failed\n"); exit(2); }
  wpctl_in_t i = {0};
  wpctl_out_t o;
  wpctl_step(m, &i, &o);
  return m;
}

static wpctl_out_t cyc(wpctl_model_t *m, uint64_t done, uint64_t ipc, unsigned stat, uint64_t cfg)
{
  wpctl_in_t i = {.rst_ni = 1, .sm_done_i = done, .rd_ipc_i = ipc, .static_i = stat, .cfg_part_i = cfg};
  wpctl_out_t o;
  wpctl_step(m, &i, &o);
  return o;
}

static uint64_t pk(const wpctl_model_t *m, unsigned a, unsigned b, unsigned c)
{
  return (uint64_t)a | (uint64_t)b << m->cw | (m->k > 2 ? (uint64_t)c << (2 * m->cw) : 0u);
}

/* A dynamic (or warm-up) period end: one cycle with every SM done, then
 * the poll answered from ipc[] by rd_sm_o, the writes recorded into
 * wr[0..K-1]; returns the outputs of the start_o cycle. Checks the timing
 * of doc "Timing of a dynamic period end" on the way. */
static wpctl_out_t period_end(wpctl_model_t *m, const uint64_t *ipc, uint64_t *wr, uint64_t *bcast)
{
  const uint64_t all = kit_mask(m->numsm);
  if (m->out.start_o) cyc(m, 0, 0, 0, 0);                /* the start cycle cannot end a period */
  wpctl_out_t o = cyc(m, all, 0, 0, 0);
  CHECK(!o.meas_o && !o.start_o, "meas_o 0 after the end");
  const int warm = !o.rd_valid_o;
  unsigned t = 0;
  while (o.rd_valid_o && t < 64) {
    CHECK_EQ(o.rd_sm_o, (m->k + t) % m->numsm, "poll order");
    o = cyc(m, all, ipc[o.rd_sm_o], 0, 0);
    t++;
  }
  CHECK_EQ(t, warm ? 0u : m->numsm, "poll cycles");
  CHECK(o.wr_valid_o && o.wr_all_o && o.wr_part_o == o.fol_part_o, "broadcast of F");
  *bcast = o.wr_part_o;
  for (unsigned i = 0; i < m->k; i++) {
    o = cyc(m, all, 0, 0, 0);
    CHECK(o.wr_valid_o && !o.wr_all_o && o.wr_sm_o == i && !o.meas_o, "profiling write %u", i);
    wr[i] = o.wr_part_o;
  }
  o = cyc(m, all, 0, 0, 0);
  CHECK(o.start_o && o.meas_o && !o.wr_valid_o, "start_o after the writes");
  return o;
}

static void test_lfsr(void)
{
  group_begin("WP15: LFSR sequence 0xACE1 -> 0x7138 -> ... -> 0x562C (2 steps each), period 65535");
  static const unsigned seq[] = {0xACE1, 0x7138, 0x1C4E, 0xB313, 0xC2C4, 0x30B1, 0x562C};
  for (unsigned n = 0; n + 1 < 7; n++)
    CHECK_EQ(wpctl_lfsr_step(wpctl_lfsr_step(seq[n])), seq[n + 1], "two steps");
  unsigned s = 0xACE1, p = 0;
  do { s = wpctl_lfsr_step(s); p++; } while (s != 0xACE1 && p < 70000);
  CHECK_EQ(p, 65535u, "period");
  group_end();
}

static void test_donor(void)
{
  group_begin("WP14: donor scan and fold (example C's partitions)");
  const unsigned even[3] = {2, 1, 1}, f2[3] = {1, 1, 2}, one[3] = {0, 4, 0};
  CHECK_EQ(wpctl_donor(3, even, 0, 1), 1, "SM0 r 1");
  CHECK_EQ(wpctl_donor(3, even, 1, 0), 0, "SM1 r 0");
  CHECK_EQ(wpctl_donor(3, even, 2, 2), 0, "SM2 r 2 = i: scan to 0");
  CHECK_EQ(wpctl_donor(3, f2, 0, 3), 1, "SM0 r 3: fold 0 = i, scan to 1");
  CHECK_EQ(wpctl_donor(3, one, 1, 2), -1, "no donor: all ways are kernel 1's");
  CHECK_EQ(wpctl_donor(3, one, 0, 0), 1, "donor 1 for SM0");
  CHECK_EQ(wpctl_donor(1, one, 0, 1), -1, "K 1: never");
  group_end();
}

/* Example B (both readings): returns F after period 4. */
static uint64_t example_b(const char *params, int folmean)
{
  wpctl_model_t *m = mk(params);
  uint64_t wr[8], bc;
  CHECK(m->out.start_o && m->out.meas_o && m->out.fol_part_o == pk(m, 2, 2, 0), "reset: start of period 1, Even");
  cyc(m, 0xF, 0, 0, 0);                                   /* done in the start cycle: ignored (WP17) */
  CHECK(m->out.meas_o, "done ignored in the start cycle");
  for (unsigned t = 0; t < 5; t++) cyc(m, 0x7, 0, 0, 0);
  CHECK(m->out.meas_o && m->cnt == 6, "still measuring without SM 3's done");
  static const uint64_t none[4] = {0};
  period_end(m, none, wr, &bc);                          /* period 1: warm-up, no poll */
  CHECK(bc == pk(m, 2, 2, 0) && wr[0] == pk(m, 3, 1, 0) && wr[1] == pk(m, 1, 3, 0), "Fig. 6: SM0 (3,1), SM1 (1,3)");
  CHECK_EQ(m->out.periods_o, 1u, "periods");
  static const uint64_t p2[4] = {1200, 900, 1000, 1100}, p3[4] = {1300, 1250, 1250, 1250},
                        p4[4] = {1300, 1310, 1280, 1310};
  cyc(m, 0, 0, 0, 0);
  period_end(m, p2, wr, &bc);
  CHECK(bc == pk(m, 3, 1, 0) && m->out.win_o == 1, "period 2: SM0 wins, F (3,1)");
  CHECK(wr[0] == pk(m, 4, 0, 0) && wr[1] == pk(m, 2, 2, 0), "period 3's writes");
  CHECK_EQ(m->out.best_o, folmean ? 2400u : 1200u, "best after period 2");
  cyc(m, 0, 0, 0, 0);
  period_end(m, p3, wr, &bc);
  CHECK(bc == pk(m, 4, 0, 0) && m->out.win_o == 1, "period 3: SM0 wins, F (4,0)");
  CHECK(wr[0] == pk(m, 4, 0, 0) && wr[1] == pk(m, 3, 1, 0), "period 4's writes: SM0 no move");
  cyc(m, 0, 0, 0, 0);
  period_end(m, p4, wr, &bc);
  CHECK_EQ(m->out.win_o, folmean ? 2u : 0u, "period 4's winner");
  CHECK_EQ(m->out.best_o, folmean ? 2620u : 1310u, "period 4's best");
  CHECK_EQ(m->out.periods_o, 4u, "periods");
  const uint64_t f = m->out.fol_part_o;
  wpctl_free(m);
  return f;
}

static void test_example_b(void)
{
  group_begin("example B: 4 periods of Fig. 6's GPU, FolMean 0 keeps (4,0) on the tie");
  CHECK_EQ(example_b("NumSm=4", 0), 0x04u, "F (4,0)");
  group_end();
  group_begin("example B under FolMean 1: SM1 wins period 4, F (3,1)");
  CHECK_EQ(example_b("NumSm=4 FolMean=1", 1), 0x0Bu, "F (3,1)");
  group_end();
}

static void test_example_c(void)
{
  group_begin("example C: draws of 3 kernels, Seed 0xACE1");
  wpctl_model_t *m = mk("NumSm=5 Kernels=3");
  uint64_t wr[8], bc;
  static const uint64_t none[5] = {0}, p2[5] = {10, 10, 30, 20, 20};
  period_end(m, none, wr, &bc);
  CHECK(bc == pk(m, 2, 1, 1), "Even (2,1,1)");
  CHECK(wr[0] == pk(m, 3, 0, 1) && wr[1] == pk(m, 1, 2, 1) && wr[2] == pk(m, 1, 1, 2), "period 2's writes");
  cyc(m, 0, 0, 0, 0);
  period_end(m, p2, wr, &bc);
  CHECK(bc == pk(m, 1, 1, 2) && m->out.win_o == 3, "SM2 wins: F (1,1,2)");
  CHECK(wr[0] == pk(m, 2, 0, 2) && wr[1] == pk(m, 0, 2, 2) && wr[2] == pk(m, 1, 0, 3), "period 3's writes");
  CHECK_EQ(m->out.lfsr_o, 0x562Cu, "lfsr_o");
  wpctl_free(m);
  group_end();
}

static void test_timeout_static(void)
{
  group_begin("WP30 timeout at PerMax 16; WP18/WP26 static ends");
  wpctl_model_t *m = mk("NumSm=4 PerMax=16");
  unsigned t = 0;
  while (m->out.meas_o && t < 100) { cyc(m, 0x7, 0, 0, 0); t++; }
  CHECK_EQ(t, 16u, "16 measuring cycles");
  CHECK(m->out.wr_all_o, "warm-up end: broadcast");
  for (t = 0; t < 3; t++) cyc(m, 0, 0, 0, 0);
  CHECK(m->out.start_o, "start after 2 profiling writes");
  cyc(m, 0xF, 0, 1, pk(m, 1, 2, 0));                     /* static in the start cycle: no end */
  CHECK(m->out.meas_o, "no end in the start cycle");
  cyc(m, 0xF, 0, 1, pk(m, 1, 2, 0));                     /* static, sum 3 < 4: taken */
  CHECK(m->out.wr_all_o && m->out.wr_part_o == pk(m, 1, 2, 0), "static broadcast (1,2)");
  cyc(m, 0, 0, 0, 0);
  CHECK(m->out.start_o && m->out.meas_o, "start the cycle after");
  cyc(m, 0, 0, 0, 0);
  cyc(m, 0xF, 0, 1, pk(m, 4, 1, 0));                     /* illegal: ignored */
  CHECK(m->out.wr_all_o && m->out.fol_part_o == pk(m, 1, 2, 0), "illegal static partition ignored");
  cyc(m, 0, 0, 0, 0);
  cyc(m, 0, 0, 0, 0);
  uint64_t wr[8], bc;
  static const uint64_t ipc[4] = {5, 6, 7, 7};
  period_end(m, ipc, wr, &bc);
  CHECK(bc == pk(m, 1, 2, 0) && m->out.win_o == 0, "after a static end: moves cleared, P_i = F, tie kept");
  CHECK(wr[0] == pk(m, 2, 1, 0) && wr[1] == pk(m, 0, 3, 0), "moves keep the sum 3");
  wpctl_free(m);
  group_end();
}

static void test_one_kernel(void)
{
  group_begin("one kernel: no moves, the LFSR steps once per end");
  wpctl_model_t *m = mk("NumSm=2 Kernels=1 Ways=2 PerMax=0");
  uint64_t wr[8], bc;
  static const uint64_t ipc[2] = {9, 3};
  period_end(m, ipc, wr, &bc);
  CHECK(bc == 2 && wr[0] == 2, "P_0 = F = (2)");
  CHECK_EQ(m->out.lfsr_o, wpctl_lfsr_step(0xACE1), "one step");
  cyc(m, 0, 0, 0, 0);
  period_end(m, ipc, wr, &bc);
  CHECK(m->out.win_o == 1 && bc == 2, "SM0 wins, F unchanged");
  wpctl_free(m);
  group_end();
}

static unsigned fsum(const wpctl_model_t *m, uint64_t v)
{
  unsigned s = 0;
  for (unsigned j = 0; j < m->k; j++) s += (unsigned)((v >> (j * m->cw)) & kit_mask(m->cw));
  return s;
}

static void test_soak(void)
{
  group_begin("soak: invariants after every cycle, block generator, four configurations");
  static const char *const cfg[] = {"NumSm=4 Kernels=3 IpcW=4 PerMax=8", "NumSm=6 FolMean=1 IpcW=5 PerMax=40",
                                    "NumSm=9 Kernels=8 Ways=8 PerMax=0", "NumSm=2 Kernels=1 Ways=3 PerMax=2"};
  for (unsigned c = 0; c < 4; c++) {
    char err[256];
    wpctl_model_t *m = mk(cfg[c]);
    void *s = wpctl_stim.create(PP, 100u + c);
    uint64_t in[wpctl_NIN];
    wpctl_out_t o, prev = m->out;
    unsigned polled = 0;
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      wpctl_stim.next(s, in);
      const wpctl_in_t *i = (const wpctl_in_t *)in;
      wpctl_step(m, i, &o);
      CHECK(!wpctl_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      CHECK(o.meas_o + o.rd_valid_o + o.wr_valid_o == 1 && (!o.start_o || o.meas_o), "config %u cycle %lu: inv. 4",
            c, t);
      if (o.wr_valid_o)
        CHECK_EQ(fsum(m, o.wr_part_o), fsum(m, o.fol_part_o), "write sum");
      if (i->rst_ni && o.fol_part_o != prev.fol_part_o)
        CHECK((prev.rd_valid_o && o.wr_all_o) || (prev.meas_o && i->static_i), "config %u cycle %lu: inv. 6", c, t);
      if (i->rst_ni && prev.rd_valid_o) {
        CHECK_EQ(prev.rd_sm_o, (m->k + polled) % m->numsm, "inv. 8: poll order");
        polled++;
      } else {
        polled = 0;
      }
      prev = o;
    }
    wpctl_stim.destroy(s);
    wpctl_free(m);
  }
  group_end();
}

static void test_check_fails(void)
{
  group_begin("wpctl_check fails on planted states");
  wpctl_model_t *m = mk("NumSm=5 Kernels=3");
  char err[256];
  CHECK_EQ(wpctl_check(m, err, sizeof err), 0, "consistent state");
  m->f[0] = 3;
  CHECK(wpctl_check(m, err, sizeof err) && strstr(err, "invariant 1"), "F sums to 5: %s", err);
  m->f[0] = 2; m->mv[1] = 1; m->d[1] = 1;
  CHECK(wpctl_check(m, err, sizeof err) && strstr(err, "invariant 2"), "donor = i: %s", err);
  m->mv[1] = 0; m->lfsr = 0;
  CHECK(wpctl_check(m, err, sizeof err) && strstr(err, "invariant 3"), "lfsr 0: %s", err);
  m->lfsr = 1; m->phase = WC_PROF; m->idx = 3;
  CHECK(wpctl_check(m, err, sizeof err) && strstr(err, "invariants 4-5"), "PROF idx 3: %s", err);
  m->phase = WC_RUN; m->cnt = m->permax;
  CHECK(wpctl_check(m, err, sizeof err) && strstr(err, "invariant 7"), "cnt = PerMax: %s", err);
  wpctl_free(m);
  group_end();
}

int main(void)
{
  test_lfsr();
  test_donor();
  test_example_b();
  test_example_c();
  test_timeout_static();
  test_one_kernel();
  test_soak();
  test_check_fails();
  return unit_done();
}
