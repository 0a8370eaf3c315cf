/*
 * test_maw_ctl.c - unit tests of the MAW controller's golden model
 * (cmodel/maw_ctl/maw_ctl.c) against doc/maw_ctl.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The state is a handful of registers, the behaviour a period counter
 *    and one decision per period. The cases are Eq. 1 (M2) at the paper's
 *    P 14 with the design note's m_b values (E1), both bases (M3), the
 *    decisions of E2 and E3 end to end at the defaults (16384 reads per
 *    period, the mean one cycle after the period end), every row F0-F5
 *    with its code and direction, the bounds that turn a step into HOLD,
 *    and the timing of M8 (outputs one cycle later, a mean without a
 *    pending decision ignored, a period end while waiting dropping the
 *    decision, a decision in a period-end cycle).
 *  - A seeded random soak (the block's own generator, three
 *    configurations) runs maw_ctl_check() - invariants 1, 3, 5, 6, 7 -
 *    after every cycle and checks invariants 2 and 4 on the outputs.
 *  - maw_ctl_check() itself is shown failing on planted states.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/maw_ctl/maw_ctl.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

/* The defaults with the given overrides (NAME=VALUE words). */
static maw_ctl_model_t *mk(const char *params)
{
  long P[maw_ctl_NPARAMS];
  char err[256];
  if (kit_params_text(&maw_ctl_block, P, params, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit(2); }
  maw_ctl_model_t *m = maw_ctl_new(P);
  if (!m) { fprintf(stderr, "maw_ctl_new failed\n"); exit(2); }
  maw_ctl_in_t i = {0};
  maw_ctl_out_t o;
  maw_ctl_step(m, &i, &o);                         /* one reset cycle */
  return m;
}

static maw_ctl_out_t cyc(maw_ctl_model_t *m, unsigned acc, unsigned byp, unsigned nv, unsigned cont, unsigned lat)
{
  maw_ctl_in_t i = {.rst_ni = 1, .acc_valid_i = acc, .acc_byp_i = byp, .noc_valid_i = nv, .cont_i = cont,
                    .noc_avg_i = lat};
  maw_ctl_out_t o;
  maw_ctl_step(m, &i, &o);
  return o;
}

/* One whole period of reads, the first nbyp of them bypasses; returns the
 * outputs after its last read. */
static maw_ctl_out_t period(maw_ctl_model_t *m, uint32_t nbyp)
{
  maw_ctl_out_t o = {0};
  for (uint32_t k = 0; k <= m->plast; k++) o = cyc(m, 1, k < nbyp, 0, 0, 0);
  return o;
}

/* A period with nbyp bypasses, then the mean lat with contention cont. */
static maw_ctl_out_t round_(maw_ctl_model_t *m, uint32_t nbyp, unsigned cont, unsigned lat)
{
  period(m, nbyp);
  return cyc(m, 0, 0, 1, cont, lat);
}

static void test_e1(void)
{
  group_begin("E1: Eq. 1 at P 14 (m_b 0, 6000, 9000, 10000, 16384 -> 24, 15, 10, 9, 0) and at P 4");
  static const uint32_t mb[] = {0, 6000, 9000, 10000, 16384};
  static const unsigned nt[] = {24, 15, 10, 9, 0};
  maw_ctl_model_t *m = mk("");
  for (unsigned k = 0; k < 5; k++) {
    CHECK_EQ(maw_ctl_eq1(24, mb[k], 14), nt[k], "eq1");
    maw_ctl_out_t o = period(m, mb[k]);
    CHECK(o.per_end_o && o.wait_o && o.mb_o == mb[k] && o.nt_o == nt[k], "period %u: per_end %llu mb %llu nt %llu",
          k, (unsigned long long)o.per_end_o, (unsigned long long)o.mb_o, (unsigned long long)o.nt_o);
    o = cyc(m, 0, 0, 0, 0, 0);
    CHECK(!o.per_end_o && o.wait_o, "per_end is a pulse, wait holds");
  }
  maw_ctl_free(m);
  static const uint32_t mb4[] = {0, 6, 9, 10, 16};
  for (unsigned k = 0; k < 5; k++) CHECK_EQ(maw_ctl_eq1(24, mb4[k], 4), nt[k], "eq1 P 4");
  group_end();
}

#define EXPECT(o, code, maw, phase)                                                                      \
  CHECK((o).dec_valid_o && (o).dec_o == (code) && (o).maw_o == (maw) && (o).phase_o == (phase),          \
        "expected code %u MAW %u phase %u, got valid %llu code %llu MAW %llu phase %llu", (code), (maw), \
        (phase), (unsigned long long)(o).dec_valid_o, (unsigned long long)(o).dec_o,                     \
        (unsigned long long)(o).maw_o, (unsigned long long)(o).phase_o)

static void test_e2(void)
{
  group_begin("E2: HOLD 24, COARSE 10, COARSE 9 (FINE), DOWN_HI 8, DOWN_G 7, RB_UP 8, HOLD 8");
  maw_ctl_model_t *m = mk("");
  maw_ctl_out_t o;
  o = round_(m, 9000, 0, 120); EXPECT(o, MAW_HOLD, 24u, 0u);
  o = round_(m, 9000, 1, 120); EXPECT(o, MAW_COARSE, 10u, 0u);
  CHECK_EQ(o.dir_o, MAW_DIR_COARSE, "dir after a coarse step");
  o = round_(m, 6000, 1, 80);  EXPECT(o, MAW_COARSE, 9u, 1u);
  o = round_(m, 6000, 1, 70);  EXPECT(o, MAW_DOWN_HI, 8u, 1u);
  CHECK_EQ(o.dir_o, MAW_DIR_DOWN, "dir after DOWN_HI");
  o = round_(m, 6000, 1, 60);  EXPECT(o, MAW_DOWN_G, 7u, 1u);
  o = round_(m, 6000, 1, 30);  EXPECT(o, MAW_RB_UP, 8u, 1u);
  CHECK_EQ(o.dir_o, MAW_DIR_NONE, "dir after RB_UP");
  o = round_(m, 6000, 1, 40);  EXPECT(o, MAW_HOLD, 8u, 1u);
  maw_ctl_free(m);
  group_end();
}

/* A model in FINE at MAW maw, dir NONE (state set directly: the fine
 * search looks only at its own registers and the latency). */
static maw_ctl_model_t *fine(const char *params, unsigned maw)
{
  maw_ctl_model_t *m = mk(params);
  m->phase = 1;
  m->maw = maw;
  m->out.maw_o = maw;
  m->out.phase_o = 1;
  return m;
}

static maw_ctl_out_t fdec(maw_ctl_model_t *m, unsigned lat)
{
  m->out.wait_o = 1;                               /* a pending decision */
  return cyc(m, 0, 0, 1, 0, lat);
}

static void test_e3(void)
{
  group_begin("E3: UP 9, UP 10, RB_DOWN 9 (stop, ref 28), STOP, STOP, released: HOLD 9");
  maw_ctl_model_t *m = fine("", 8);
  maw_ctl_out_t o;
  o = fdec(m, 20); EXPECT(o, MAW_UP, 9u, 1u);
  o = fdec(m, 28); EXPECT(o, MAW_UP, 10u, 1u);
  o = fdec(m, 90); EXPECT(o, MAW_RB_DOWN, 9u, 1u);
  CHECK(o.stop_o && o.dir_o == MAW_DIR_NONE && m->ref == 28, "stop %llu dir %llu ref %u",
        (unsigned long long)o.stop_o, (unsigned long long)o.dir_o, m->ref);
  o = fdec(m, 29); EXPECT(o, MAW_STOP, 9u, 1u);
  o = fdec(m, 27); EXPECT(o, MAW_STOP, 9u, 1u);
  o = fdec(m, 40); EXPECT(o, MAW_HOLD, 9u, 1u);
  CHECK(!o.stop_o, "released");
  maw_ctl_free(m);
  group_end();
}

static void test_rows(void)
{
  group_begin("rows: F0' by hi then F3, F2 refused above TH, bounds hold, COARSE needs cont and hi");
  maw_ctl_model_t *m = fine("", 9);
  maw_ctl_out_t o;
  m->stop = 1; m->ref = 50;
  o = fdec(m, 70); EXPECT(o, MAW_DOWN_HI, 8u, 1u);           /* released by hi, then F3 */
  CHECK(!o.stop_o && o.dir_o == MAW_DIR_DOWN, "F0' then F3");
  o = fdec(m, 100); EXPECT(o, MAW_DOWN_HI, 7u, 1u);          /* latp 100 > TH */
  o = fdec(m, 10); EXPECT(o, MAW_HOLD, 7u, 1u);              /* F2 refused: latp 100 > 64 */
  CHECK_EQ(o.dir_o, MAW_DIR_NONE, "dir after a refused RB_UP");
  o = fdec(m, 10); EXPECT(o, MAW_UP, 8u, 1u);                /* F4 */
  maw_ctl_free(m);
  m = fine("", 1);
  o = fdec(m, 500); EXPECT(o, MAW_HOLD, 1u, 1u);             /* F3 at MinMaw */
  CHECK_EQ(o.dir_o, MAW_DIR_NONE, "dir after a held step");
  maw_ctl_free(m);
  m = fine("", 24);
  o = fdec(m, 0); EXPECT(o, MAW_HOLD, 24u, 1u);              /* F4 at n; a window without samples = lo */
  maw_ctl_free(m);
  m = mk("");
  o = round_(m, 0, 1, 64); EXPECT(o, MAW_HOLD, 24u, 0u);     /* lat = TH is not hi */
  o = round_(m, 0, 0, 1023); EXPECT(o, MAW_HOLD, 24u, 0u);   /* no contention */
  o = round_(m, 0, 1, 65); EXPECT(o, MAW_COARSE, 23u, 0u);   /* n_t 24: by one */
  maw_ctl_free(m);
  m = mk("NMax=4 Tw=2 MinMaw=2 PeriodLog=2");
  o = round_(m, 4, 1, 65); EXPECT(o, MAW_COARSE, 2u, 0u);    /* n_t 0 -> MinMaw; 2 = Tw stays COARSE */
  o = round_(m, 4, 1, 65); EXPECT(o, MAW_HOLD, 2u, 0u);      /* at MinMaw */
  maw_ctl_free(m);
  group_end();
}

static void test_readings(void)
{
  group_begin("readings: EqCur (n_t 12 then 12 / 6), PerCore (n 24 / 48, one step 18 / 36)");
  maw_ctl_model_t *m = mk("PeriodLog=4");
  maw_ctl_out_t o;
  o = round_(m, 8, 1, 100); EXPECT(o, MAW_COARSE, 12u, 0u);
  o = round_(m, 8, 1, 100); EXPECT(o, MAW_COARSE, 11u, 0u);
  CHECK_EQ(o.nt_o, 12u, "n_t on n");
  maw_ctl_free(m);
  m = mk("PeriodLog=4 EqCur=1");
  o = round_(m, 8, 1, 100); EXPECT(o, MAW_COARSE, 12u, 0u);
  o = round_(m, 8, 1, 100); EXPECT(o, MAW_COARSE, 6u, 1u);
  CHECK_EQ(o.nt_o, 6u, "n_t on the current MAW");
  maw_ctl_free(m);
  m = mk("PeriodLog=4 PerCore=1");
  CHECK_EQ(m->out.maw_o, 48u, "reset MAW per core");
  o = round_(m, 4, 1, 100); EXPECT(o, MAW_COARSE, 36u, 0u);
  maw_ctl_free(m);
  m = mk("PeriodLog=4");
  o = round_(m, 4, 1, 100); EXPECT(o, MAW_COARSE, 18u, 0u);
  maw_ctl_free(m);
  group_end();
}

static void test_timing(void)
{
  group_begin("timing (M8): mean without a pending decision ignored, drop while waiting, decision at a period end");
  maw_ctl_model_t *m = mk("PeriodLog=2");
  maw_ctl_out_t o;
  o = cyc(m, 0, 0, 1, 1, 1000);
  CHECK(!o.dec_valid_o && !o.wait_o && o.maw_o == 24, "ignored");
  period(m, 4);                                                /* n_t 0, waiting */
  o = period(m, 0);                                            /* drops it: n_t 24 */
  CHECK(o.per_end_o && o.wait_o && !o.dec_valid_o && o.nt_o == 24, "dropped, new n_t %llu",
        (unsigned long long)o.nt_o);
  cyc(m, 1, 1, 0, 0, 0); cyc(m, 1, 1, 0, 0, 0); cyc(m, 1, 1, 0, 0, 0);
  o = cyc(m, 1, 1, 1, 1, 1000);                               /* last read and the mean together */
  CHECK(o.per_end_o && o.wait_o && o.dec_valid_o && o.dec_o == MAW_COARSE && o.maw_o == 23 && o.nt_o == 0,
        "decided with the old n_t 24 (MAW 23), new n_t 0 pending: valid %llu MAW %llu nt %llu",
        (unsigned long long)o.dec_valid_o, (unsigned long long)o.maw_o, (unsigned long long)o.nt_o);
  o = cyc(m, 0, 0, 0, 0, 0);
  CHECK(!o.dec_valid_o && o.dec_o == MAW_COARSE && o.wait_o, "dec_valid a pulse, dec_o held");
  o = cyc(m, 0, 0, 1, 1, 1000);
  CHECK(o.dec_valid_o && o.maw_o == 1 && o.phase_o == 1 && !o.wait_o, "n_t 0: MinMaw, FINE");
  maw_ctl_free(m);
  group_end();
}

static void test_storage(void)
{
  group_begin("storage: 57 added + 26 interface = 83 bits at the defaults");
  long P[maw_ctl_NPARAMS];
  kit_params_default(&maw_ctl_block, P);
  kit_storage_t st;
  maw_ctl_storage(P, &st);
  uint64_t add = 0, tot = 0;
  for (unsigned r = 0; r < st.nrows; r++) {
    tot += st.row[r].count * st.row[r].bits;
    if (st.row[r].group == KIT_ST_ADDED) add += st.row[r].count * st.row[r].bits;
  }
  CHECK_EQ(add, 57u, "added bits");
  CHECK_EQ(tot, 83u, "total bits");
  group_end();
}

static void test_soak(void)
{
  group_begin("soak: invariants after every cycle, block generator, three configurations");
  static const char *const cfg[] = {"PeriodLog=3 LatW=4 TL=5 TH=9 GNum=1 GDen=8",
                                    "NMax=6 Tw=4 MinMaw=2 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=1 GDen=4 EqCur=1",
                                    "NMax=5 PerCore=1 Tw=6 PeriodLog=3 LatW=3 TL=3 TH=4 GNum=3 GDen=5"};
  for (unsigned c = 0; c < 3; c++) {
    long P[maw_ctl_NPARAMS];
    char err[256];
    kit_params_text(&maw_ctl_block, P, cfg[c], err, sizeof err);
    maw_ctl_model_t *m = maw_ctl_new(P);
    void *s = maw_ctl_stim.create(P, 100u + c);
    uint64_t in[maw_ctl_NIN];
    maw_ctl_out_t o, prev = m->out;
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      maw_ctl_stim.next(s, in);
      const maw_ctl_in_t *i = (const maw_ctl_in_t *)in;
      maw_ctl_step(m, i, &o);
      CHECK(!maw_ctl_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (i->rst_ni) {
        CHECK(o.maw_o == prev.maw_o || o.dec_valid_o, "config %u cycle %lu: invariant 2", c, t);
        CHECK(!prev.phase_o || (o.maw_o <= prev.maw_o + 1u && o.maw_o + 1u >= prev.maw_o),
              "config %u cycle %lu: invariant 4", c, t);
        CHECK(prev.phase_o || o.maw_o <= prev.maw_o, "config %u cycle %lu: invariant 3 (COARSE rose)", c, t);
      }
      prev = o;
    }
    maw_ctl_stim.destroy(s);
    maw_ctl_free(m);
  }
  group_end();
}

static void test_check_fails(void)
{
  group_begin("maw_ctl_check fails on planted states");
  maw_ctl_model_t *m = mk("");
  char err[256];
  CHECK_EQ(maw_ctl_check(m, err, sizeof err), 0, "consistent state");
  m->maw = 25;
  CHECK(maw_ctl_check(m, err, sizeof err) && strstr(err, "invariant 1"), "MAW 25: %s", err);
  m->maw = 9;
  CHECK(maw_ctl_check(m, err, sizeof err) && strstr(err, "invariants 3/5"), "COARSE below Tw: %s", err);
  m->maw = 12; m->phase = 1; m->stop = 1; m->dir = MAW_DIR_UP;
  CHECK(maw_ctl_check(m, err, sizeof err) && strstr(err, "invariant 5"), "stop with dir UP: %s", err);
  m->dir = MAW_DIR_NONE; m->mb = 3; m->pc = 2;
  CHECK(maw_ctl_check(m, err, sizeof err) && strstr(err, "invariant 6"), "mb > pc: %s", err);
  m->mb = 0; m->out.nt_o = 25;
  CHECK(maw_ctl_check(m, err, sizeof err) && strstr(err, "invariant 7"), "n_t 25: %s", err);
  maw_ctl_free(m);
  group_end();
}

int main(void)
{
  test_e1();
  test_e2();
  test_e3();
  test_rows();
  test_readings();
  test_timing();
  test_storage();
  test_soak();
  test_check_fails();
  return unit_done();
}
