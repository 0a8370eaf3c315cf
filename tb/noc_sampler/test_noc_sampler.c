/*
 * test_noc_sampler.c - unit tests of the NoC congestion sampler's golden
 * model (cmodel/noc_sampler/noc_sampler.c) against doc/noc_sampler.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The state is the slots (valid, gen, counter), the LFSR, the window (S,
 *    C) and the divider. The cases are what a cycle does to each: a
 *    sample into the lowest free slot, a drop with every slot busy, a stop
 *    (latency = cycles since the start), a stale stop (wrong gen, free
 *    slot, slot beyond Slots), a timeout at LatMax, a stop and a timeout
 *    in one cycle (N9, N10), the freeze at CntMax, the divider (every
 *    quotient bit, C = 0, per_end while busy), the LFSR rule (N2).
 *  - The design note's worked examples E1-E3 (also directed files) are
 *    checked cycle by cycle from the hand working.
 *  - The divider is checked against floor(S / C) for every S, C at LatW 4,
 *    CntW 3 (the whole space of one window).
 *  - A seeded random soak (the block's own generator, four configurations)
 *    runs noc_sampler_check() - invariants 1-5 and 7 - after every cycle,
 *    and checks every mean against a shadow sum and count of the samples.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/noc_sampler/noc_sampler.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static void setp(long *P, long slots, long latw, long cntw, long rate, long seed)
{
  P[noc_sampler_P_Slots] = slots;
  P[noc_sampler_P_LatW] = latw;
  P[noc_sampler_P_CntW] = cntw;
  P[noc_sampler_P_RateShift] = rate;
  P[noc_sampler_P_Seed] = seed;
}

static noc_sampler_model_t *mk(long slots, long latw, long cntw, long rate, long seed)
{
  long P[noc_sampler_NPARAMS];
  setp(P, slots, latw, cntw, rate, seed);
  noc_sampler_model_t *m = noc_sampler_new(P);
  if (!m) { fprintf(stderr, "noc_sampler_new failed\n"); exit(2); }
  noc_sampler_in_t i = {0};
  noc_sampler_out_t o;
  noc_sampler_step(m, &i, &o);               /* one reset cycle: cycle 0 */
  return m;
}

/* One cycle: inj, ret (id or -1), per_end. */
static noc_sampler_out_t cyc(noc_sampler_model_t *m, unsigned inj, int ret, unsigned per)
{
  noc_sampler_in_t i = {.rst_ni = 1, .inj_valid_i = inj, .ret_valid_i = ret >= 0,
                        .ret_id_i = ret >= 0 ? (uint64_t)ret : 0u, .per_end_i = per};
  noc_sampler_out_t o;
  noc_sampler_step(m, &i, &o);
  return o;
}

/* E1: RateShift 0, Slots 2, LatW 4, CntW 4; reset in cycle 0. */
static void test_e1(void)
{
  group_begin("E1: two samples (4, 5), a drop, mean floor(9/2) = 4 after 4 busy cycles");
  noc_sampler_model_t *m = mk(2, 4, 4, 0, 0xACE1);
  noc_sampler_out_t o = m->out;
  CHECK(o.mark_o == 1 && o.mark_id_o == 0, "reset: mark id 0");
  o = cyc(m, 0, -1, 0);                                   /* cycle 1 */
  o = cyc(m, 1, -1, 0);                                   /* 2: id 0 */
  CHECK(o.mark_o == 1 && o.mark_id_o == 1, "after 2: mark id 1");
  o = cyc(m, 1, -1, 0);                                   /* 3: id 1 */
  CHECK_EQ(o.mark_o, 0, "after 3: no slot");
  o = cyc(m, 1, -1, 0);                                   /* 4: dropped */
  CHECK_EQ(o.drop_o, 1, "drop_o in 5");
  o = cyc(m, 0, -1, 0);                                   /* 5 */
  CHECK_EQ(o.drop_o, 0, "drop_o a pulse");
  o = cyc(m, 0, 0, 0);                                    /* 6: stop id 0, latency 4 */
  CHECK(o.stale_o == 0 && m->sum == 4 && m->c == 1, "stop id 0: S %llu C %u", (unsigned long long)m->sum, m->c);
  CHECK(o.mark_o == 1 && o.mark_id_o == 2, "slot 0 free with gen 1: id 2 (got %llu)",
        (unsigned long long)o.mark_id_o);
  o = cyc(m, 0, -1, 0);                                   /* 7 */
  o = cyc(m, 0, 1, 0);                                    /* 8: stop id 1, latency 5 */
  CHECK(m->sum == 9 && m->c == 2, "S 9 C 2");
  o = cyc(m, 0, -1, 0);                                   /* 9 */
  o = cyc(m, 0, -1, 1);                                   /* 10: per_end */
  const unsigned qbits[4] = {0, 1, 0, 0};
  for (unsigned k = 0; k < 4; k++) {                      /* 11..14 busy */
    CHECK(o.busy_o == 1 && o.avg_valid_o == 0 && o.nsamp_o == 2, "busy in %u", 11 + k);
    o = cyc(m, 0, -1, 0);
    CHECK_EQ(m->quo & 1u, qbits[k], "quotient bit");
  }
  CHECK(o.busy_o == 0 && o.avg_valid_o == 1 && o.avg_o == 4 && o.nsamp_o == 2, "cycle 15: mean 4 of 2");
  o = cyc(m, 0, -1, 0);
  CHECK(o.avg_valid_o == 0 && o.avg_o == 4, "avg held, pulse over");
  noc_sampler_free(m);
  group_end();
}

/* E2: a sample that never returns times out at LatMax; a late stop is stale. */
static void test_e2(void)
{
  group_begin("E2: timeout at LatMax 15 (tmo_o in 18, S 15), the late stop of id 0 stale in 21");
  noc_sampler_model_t *m = mk(2, 4, 4, 0, 0xACE1);
  noc_sampler_out_t o = cyc(m, 0, -1, 0);                 /* 1 */
  o = cyc(m, 1, -1, 0);                                   /* 2 */
  for (unsigned t = 3; t <= 16; t++) {
    o = cyc(m, 0, -1, 0);
    CHECK_EQ(o.tmo_o, 0, "no timeout before 18");
  }
  CHECK_EQ(m->cnt[0], 15, "counter 15 at the start of 17");
  o = cyc(m, 0, -1, 0);                                   /* 17 */
  CHECK(o.tmo_o == 1 && m->sum == 15 && m->c == 1 && o.mark_id_o == 2, "tmo_o in 18, S 15, id 2");
  o = cyc(m, 0, -1, 0);                                   /* 18 */
  CHECK_EQ(o.tmo_o, 0, "tmo_o a pulse");
  o = cyc(m, 0, -1, 0);                                   /* 19 */
  o = cyc(m, 0, 0, 0);                                    /* 20 */
  CHECK(o.stale_o == 1 && m->c == 1, "stale_o in 21, nothing counted");
  noc_sampler_free(m);
  group_end();
}

/* E3: the LFSR words and the first wanted packets at the defaults. */
static void test_e3(void)
{
  group_begin("E3: LFSR words ACE1 .. 4140; wanted packets 8, 88, 163, 228, 239; 64 of 4000");
  static const unsigned words[9] = {0xACE1, 0x4722, 0xC437, 0xE39D, 0x8815, 0xEF52, 0x3E16, 0x5FA1, 0x4140};
  static const unsigned first[5] = {8, 88, 163, 228, 239};
  noc_sampler_model_t *m = mk(8, 10, 10, 6, 0xACE1);
  unsigned nw = 0;
  int ret = -1;                                           /* each sample stops one cycle later */
  for (unsigned k = 0; k < 4000; k++) {
    if (k < 9) CHECK_EQ(m->lfsr, words[k], "LFSR word");
    const int marked = (int)m->out.mark_o, id = (int)m->out.mark_id_o;
    if (marked) {
      if (nw < 5) CHECK_EQ(k, first[nw], "wanted packet");
      nw++;
    }
    noc_sampler_out_t o = cyc(m, 1, ret, 0);
    CHECK(o.drop_o == 0 && o.stale_o == 0, "packet %u: no drop, no stale stop", k);
    ret = marked ? id : -1;
  }
  CHECK_EQ(nw, 64, "64 samples of 4000 packets");
  CHECK(m->c == 64 && m->sum == 64, "64 samples of latency 1: C %u S %llu", m->c, (unsigned long long)m->sum);
  noc_sampler_free(m);
  /* the count over 4000 packets, by the LFSR alone */
  unsigned s = 0xACE1, n = 0;
  for (unsigned k = 0; k < 4000; k++, s = nocs_lfsr_leap(s)) n += (s & 63u) == 0;
  CHECK_EQ(n, 64, "wanted among the first 4000");
  group_end();
}

/* Slots: lowest free first, stale stops, stop + timeout in one cycle,
 * the freeze order (N9, N10). */
static void test_slots(void)
{
  group_begin("slots: lowest free slot, stale stops (gen, free, beyond Slots), stop + timeout, freeze order");
  noc_sampler_model_t *m = mk(3, 2, 2, 0, 1);             /* LatMax 3, CntMax 3 */
  noc_sampler_out_t o = cyc(m, 1, -1, 0);                 /* slot 0 */
  CHECK_EQ(o.mark_id_o, 1, "next: slot 1");
  o = cyc(m, 1, -1, 0);                                   /* slot 1 (slot 0 at 2) */
  o = cyc(m, 0, -1, 0);                                   /* slot 0 at 3, slot 1 at 2 */
  o = cyc(m, 0, 3, 0);                                    /* id 3: slot 3 beyond Slots 3 */
  CHECK_EQ(o.stale_o, 1, "slot index 3 >= Slots: stale");
  CHECK_EQ(o.tmo_o, 1, "slot 0 reached LatMax 3 at the start of this cycle");
  CHECK(m->c == 1 && m->sum == 3, "timeout sample 3");
  o = cyc(m, 0, 1, 0);                                    /* stop slot 1 (gen 0), latency 3 */
  CHECK(o.stale_o == 0 && o.tmo_o == 0 && m->c == 2 && m->sum == 6, "N9: a stop at LatMax is a stop");
  o = cyc(m, 0, 1, 0);                                    /* slot 1 now free, gen 1: stale */
  CHECK_EQ(o.stale_o, 1, "repeated stop stale");
  CHECK_EQ(o.mark_id_o, 4, "lowest free: slot 0 with gen 1 = id 4");
  o = cyc(m, 1, -1, 0);                                   /* slot 0 gen 1 */
  o = cyc(m, 1, -1, 0);                                   /* slot 1 gen 1 */
  o = cyc(m, 0, -1, 0);
  /* slot 0 at 3 (LatMax), slot 1 at 2 now: stop slot 1 while slot 0 times out; C = 2 -> only the stop */
  o = cyc(m, 0, 5, 0);
  CHECK(o.tmo_o == 1 && o.stale_o == 0, "stop and timeout in one cycle");
  CHECK(m->c == 3 && m->sum == 8, "N10: C 2 + the stop (2) = 3 = CntMax, the timeout not counted: S %llu",
        (unsigned long long)m->sum);
  noc_sampler_free(m);
  group_end();
}

/* The divider: every S <= C x LatMax at LatW 4, CntW 3; C = 0; restart. */
static void test_divider(void)
{
  group_begin("divider: floor(S / C) for every window of LatW 4, CntW 3; C = 0 gives 0; per_end while busy restarts");
  noc_sampler_model_t *m = mk(1, 4, 3, 0, 1);
  for (unsigned c = 0; c <= 7; c++)
    for (unsigned s = 0; s <= c * 15u; s++) {
      m->sum = s;
      m->c = c;
      noc_sampler_out_t o = cyc(m, 0, -1, 1);
      for (unsigned k = 0; k < 4; k++) o = cyc(m, 0, -1, 0);
      CHECK(o.avg_valid_o == 1 && o.avg_o == (c ? s / c : 0u) && o.nsamp_o == c, "S %u C %u: mean %llu", s, c,
            (unsigned long long)o.avg_o);
    }
  m->sum = 30;
  m->c = 2;
  noc_sampler_out_t o = cyc(m, 0, -1, 1);
  o = cyc(m, 0, -1, 0);
  m->sum = 14;
  m->c = 7;
  o = cyc(m, 0, -1, 1);                                   /* restart: the 15 never shows */
  for (unsigned k = 0; k < 4; k++) {
    CHECK(o.busy_o == 1 && o.avg_valid_o == 0, "busy 4 cycles after the restart");
    o = cyc(m, 0, -1, 0);
  }
  CHECK(o.avg_valid_o == 1 && o.avg_o == 2 && o.nsamp_o == 7, "the restarted window's mean 14 / 7");
  noc_sampler_free(m);
  group_end();
}

static void test_storage(void)
{
  group_begin("storage: 142 added + 54 interface = 196 bits at the defaults (design note 3.2)");
  long P[noc_sampler_NPARAMS];
  setp(P, 8, 10, 10, 6, 0xACE1);
  kit_storage_t st;
  noc_sampler_storage(P, &st);
  uint64_t added = 0, total = 0;
  for (unsigned r = 0; r < st.nrows; r++) {
    const uint64_t b = st.row[r].count * st.row[r].bits;
    total += b;
    if (st.row[r].group == KIT_ST_ADDED) added += b;
  }
  CHECK(added == 142 && total == 196, "added %llu total %llu", (unsigned long long)added,
        (unsigned long long)total);
  group_end();
}

/* Random soak: invariants after every cycle; every mean against a shadow
 * sum and count of the samples completed in its window. */
static void test_soak(void)
{
  group_begin("soak: invariants 1-5, 7 after every cycle and every mean = floor(S / C) of a shadow window");
  static const long cfg[4][5] = {{8, 10, 10, 6, 0xACE1}, {2, 4, 3, 0, 1}, {3, 2, 2, 1, 7}, {16, 16, 16, 3, 0xFFFF}};
  for (unsigned c = 0; c < 4; c++) {
    long P[noc_sampler_NPARAMS];
    setp(P, cfg[c][0], cfg[c][1], cfg[c][2], cfg[c][3], cfg[c][4]);
    noc_sampler_model_t *m = noc_sampler_new(P);
    void *s = noc_sampler_stim.create(P, 100u + c);
    char err[256];
    uint64_t in[noc_sampler_NIN];
    noc_sampler_out_t o;
    uint64_t ssum = 0, scnt = 0, psum = 0, pcnt = 0, means = 0;
    int pending = 0;
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      noc_sampler_stim.next(s, in);
      const noc_sampler_in_t *i = (const noc_sampler_in_t *)in;
      unsigned lat[2], nl = 0;
      if (i->rst_ni) {
        const unsigned sl = (unsigned)(i->ret_id_i & kit_mask(m->slotw));
        unsigned stop = m->slots;                         /* the stop first (N10) */
        if (i->ret_valid_i && sl < m->slots && m->valid[sl] && m->gen[sl] == (i->ret_id_i >> m->slotw)) {
          stop = sl;
          lat[nl++] = m->cnt[sl];
        }
        for (unsigned k = 0; k < m->slots; k++)
          if (k != stop && m->valid[k] && m->cnt[k] == m->latmax) lat[nl++] = m->cnt[k];
      }
      noc_sampler_step(m, i, &o);
      CHECK(!noc_sampler_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (!i->rst_ni) { ssum = scnt = 0; pending = 0; continue; }
      for (unsigned k = 0; k < nl && scnt < m->cntmax; k++) { ssum += lat[k]; scnt++; }
      if (o.avg_valid_o) {
        CHECK(pending && o.avg_o == (pcnt ? psum / pcnt : 0u) && o.nsamp_o == pcnt,
              "config %u cycle %lu: mean %llu of %llu, expected %llu / %llu", c, t, (unsigned long long)o.avg_o,
              (unsigned long long)o.nsamp_o, (unsigned long long)psum, (unsigned long long)pcnt);
        means++;
        pending = 0;
      }
      if (i->per_end_i) { psum = ssum; pcnt = scnt; ssum = scnt = 0; pending = 1; }
    }
    CHECK(means > 10, "config %u: %llu means", c, (unsigned long long)means);
    noc_sampler_stim.destroy(s);
    noc_sampler_free(m);
  }
  group_end();
}

/* The self-check can fail: plant each invariant violation by hand. */
static void test_check_fails(void)
{
  group_begin("self-check: planted equal counters, C > CntMax, busy without steps, a wrong mark, LFSR 0");
  char err[256];
  noc_sampler_model_t *m = mk(2, 4, 2, 0, 1);
  cyc(m, 1, -1, 0);
  cyc(m, 1, -1, 0);
  CHECK_EQ(noc_sampler_check(m, err, sizeof err), 0, "consistent state");
  m->cnt[1] = m->cnt[0];
  CHECK(noc_sampler_check(m, err, sizeof err) && strstr(err, "invariant 1"), "equal counters: %s", err);
  m->cnt[1] = 1;
  m->c = 4;
  CHECK(noc_sampler_check(m, err, sizeof err) && strstr(err, "invariant 2"), "C 4 > 3: %s", err);
  m->c = 0;
  m->busy = 1;
  CHECK(noc_sampler_check(m, err, sizeof err) && strstr(err, "invariant 4"), "busy, step 0: %s", err);
  m->busy = 0;
  m->out.mark_o = 1;
  CHECK(noc_sampler_check(m, err, sizeof err) && strstr(err, "invariant 5"), "mark with no free slot: %s", err);
  m->out.mark_o = 0;
  m->lfsr = 0;
  CHECK(noc_sampler_check(m, err, sizeof err) && strstr(err, "invariant 7"), "LFSR 0: %s", err);
  noc_sampler_free(m);
  group_end();
}

int main(void)
{
  test_e1();
  test_e2();
  test_e3();
  test_slots();
  test_divider();
  test_storage();
  test_soak();
  test_check_fails();
  return unit_done();
}
