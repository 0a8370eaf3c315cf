/*
 * test_victim_bits.c - unit tests of the CBWT victim-bit sampler model
 * (cmodel/victim_bits/victim_bits.c) against the paper (Chen et al., MICRO 2014, V-B,
 * V-D) and doc/victim_bits.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The state is one G-bit word per sampler line plus three counters; an
 *    event touches one word. So the cases are: per event kind (HIT with the
 *    requester's bit clear / set, FILL over an empty / occupied line, EVICT,
 *    WRITE), per line (sampler, unsampled, out of range), per L1 (own bit,
 *    a sharing partner's bit); per counter (0, mid, saturated, lazy clear);
 *    per period end (threshold exactly met, one below, empty period, the
 *    event of the boundary cycle). Each is checked with literal,
 *    hand-computed numbers (never by calling the model's own helpers to
 *    compute an expectation).
 *  - The sampler rule and N, the threshold compare and the storage formula
 *    of V-D (256 B for the paper example) are pinned as pure functions.
 *  - A seeded soak (the block's own stimulus, several configurations,
 *    300,000 steps) checks the invariants every step and the victim bits
 *    against an independent per-(line, L1) shadow, to catch interactions
 *    the directed checks missed.
 *
 * Output: "PASS <group>" / "FAIL <group>: <detail>" lines; exit 0 only if
 * every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/victim_bits/victim_bits.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

/* Configuration with the paper defaults, except that writes are ignored
 * and periods are counted in cycles (WriteReq=0 PeriodAcc=0: the hand
 * computations below were written for that reading; the paper's, the
 * defaults, are in the directed files and the last soaks), then
 * NAME=VALUE overrides. */
static void params(long *P, const char *over)
{
  char err[KIT_ERR_LEN], buf[256], *save = NULL;
  kit_params_default(&victim_bits_block, P);
  P[victim_bits_P_WriteReq] = 0;
  P[victim_bits_P_PeriodAcc] = 0;
  snprintf(buf, sizeof buf, "%s", over);
  for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
    if (kit_params_set(&victim_bits_block, P, w, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      exit(2);
    }
  if (kit_params_check(&victim_bits_block, P, err, sizeof err)) {
    fprintf(stderr, "%s\n", err);
    exit(2);
  }
}

static victim_bits_model_t *mk(const char *over)
{
  long P[KIT_MAX_PARAMS];
  params(P, over);
  victim_bits_model_t *m = victim_bits_new(P);
  if (!m) {
    fprintf(stderr, "victim_bits_new failed\n");
    exit(2);
  }
  return m;
}

static victim_bits_out_t ev(victim_bits_model_t *m, unsigned kind, uint64_t set, uint64_t way,
                            uint64_t l1, uint64_t dbg)
{
  victim_bits_in_t in = {.rst_ni = 1, .ev_valid_i = 1, .ev_kind_i = kind, .ev_set_i = set,
                         .ev_way_i = way, .ev_l1_i = l1, .dbg_addr_i = dbg};
  victim_bits_out_t o;
  memset(&o, 0xa5, sizeof o); /* the model must write every field */
  victim_bits_step(m, &in, &o);
  return o;
}

static victim_bits_out_t idle(victim_bits_model_t *m, uint64_t dbg)
{
  victim_bits_in_t in = {.rst_ni = 1, .dbg_addr_i = dbg};
  victim_bits_out_t o;
  victim_bits_step(m, &in, &o);
  return o;
}

static void test_sampler_rule(void)
{
  group_begin("sampler rule and N (V-B: 1 in 64 sets)");
  long P[KIT_MAX_PARAMS];
  params(P, "");
  CHECK_EQ(VB_N(P), 8, "N paper");           /* 512 / 64 */
  CHECK_EQ(VB_G(P), 16, "G paper");
  CHECK_EQ(VB_DBGW(P), 3 + 4, "debug address width");
  CHECK_EQ(victim_bits_is_sampler(6, 0, 512, 0), 1, "set 0");
  CHECK_EQ(victim_bits_is_sampler(6, 0, 512, 64), 1, "set 64");
  CHECK_EQ(victim_bits_is_sampler(6, 0, 512, 448), 1, "set 448");
  CHECK_EQ(victim_bits_is_sampler(6, 0, 512, 1), 0, "set 1");
  CHECK_EQ(victim_bits_is_sampler(6, 0, 512, 511), 0, "set 511");
  params(P, "Sets=100 SampleShift=3 SampleOffset=7 L1s=13 Share=4");
  CHECK_EQ(VB_N(P), 12, "N of 100 sets, 1/8, offset 7");  /* 7, 15, .., 95 */
  CHECK_EQ(VB_G(P), 4, "G of 13 L1s by 4");               /* ceil(13/4) */
  CHECK_EQ(victim_bits_is_sampler(3, 7, 100, 95), 1, "set 95");
  CHECK_EQ(victim_bits_is_sampler(3, 7, 100, 103), 0, "set 103 >= Sets");
  CHECK_EQ(victim_bits_is_sampler(3, 7, 100, 8), 0, "set 8");
  params(P, "Sets=1 SampleShift=0");
  CHECK_EQ(VB_N(P), 1, "N one set");
  group_end();
}

static void test_threshold(void)
{
  group_begin("threshold without division");
  CHECK_EQ(victim_bits_contention(25, 100, 1, 4), 1, "25/100 at 1/4 (exact)");
  CHECK_EQ(victim_bits_contention(24, 100, 1, 4), 0, "24/100 at 1/4 (one below)");
  CHECK_EQ(victim_bits_contention(0, 0, 1, 4), 0, "empty period");
  CHECK_EQ(victim_bits_contention(1, 1, 255, 255), 1, "1/1 at 255/255");
  CHECK_EQ(victim_bits_contention(2, 3, 2, 3), 1, "2/3 at 2/3");
  CHECK_EQ(victim_bits_contention(1, 2, 2, 3), 0, "1/2 at 2/3");
  CHECK_EQ(victim_bits_contention(4294967295ull, 4294967295ull, 255, 255), 1, "32-bit counters");
  group_end();
}

/* doc "Timing example": Period 4, 2 L1s, one set, 1/4. */
static void test_timing_example(void)
{
  group_begin("doc timing example");
  victim_bits_model_t *m = mk("L1s=2 Sets=1 Ways=2 SampleShift=0 Period=4");
  victim_bits_out_t o;
  o = ev(m, VB_FILL, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 1, "c0 acc"); CHECK_EQ(o.lls_o, 0, "c0 lls"); CHECK_EQ(o.sampled_o, 1, "c0 sampled");
  CHECK_EQ(o.dbg_data_o, 0, "c0 dbg (read-first)");
  o = ev(m, VB_HIT, 0, 0, 1, 0);
  CHECK_EQ(o.acc_o, 2, "c1 acc"); CHECK_EQ(o.lls_o, 0, "c1 lls"); CHECK_EQ(o.dbg_data_o, 1, "c1 dbg");
  o = ev(m, VB_HIT, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 3, "c2 acc"); CHECK_EQ(o.lls_o, 1, "c2 lls"); CHECK_EQ(o.lost_o, 1, "c2 lost");
  CHECK_EQ(o.dbg_data_o, 3, "c2 dbg");
  o = ev(m, VB_HIT, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 4, "c3 acc"); CHECK_EQ(o.lls_o, 2, "c3 lls");
  CHECK_EQ(o.period_done_o, 1, "c3 done"); CHECK_EQ(o.contention_o, 1, "c3 contention");
  o = idle(m, 0);
  CHECK_EQ(o.acc_o, 0, "c4 acc lazy clear"); CHECK_EQ(o.lls_o, 0, "c4 lls");
  CHECK_EQ(o.period_done_o, 0, "c4 done"); CHECK_EQ(o.contention_o, 1, "c4 contention held");
  o = ev(m, VB_HIT, 0, 0, 1, 0);
  CHECK_EQ(o.acc_o, 1, "c5 acc"); CHECK_EQ(o.lls_o, 1, "c5 lls: bits survive the period end");
  victim_bits_free(m);
  group_end();
}

static void test_kinds(void)
{
  group_begin("event kinds: fill replaces, evict clears, write ignored, unsampled ignored");
  victim_bits_model_t *m = mk("L1s=4 Sets=12 Ways=2 SampleShift=2 SampleOffset=1 Period=1000");
  victim_bits_out_t o;
  /* samplers: sets 1, 5, 9 (slots 0..2, SlotW 2); dbg {slot, way} = slot*2+way */
  o = ev(m, VB_HIT, 5, 1, 2, 3);     /* bits of (5,1) = 0b0100 */
  CHECK_EQ(o.sampled_o, 1, "hit sampled"); CHECK_EQ(o.lost_o, 0, "first hit not lost");
  o = ev(m, VB_HIT, 5, 1, 3, 3);     /* 0b1100 */
  CHECK_EQ(o.dbg_data_o, 4, "dbg after first hit");
  o = ev(m, VB_WRITE, 5, 1, 0, 3);   /* nothing */
  CHECK_EQ(o.sampled_o, 0, "write not an access"); CHECK_EQ(o.acc_o, 2, "acc after write");
  CHECK_EQ(o.dbg_data_o, 12, "dbg 0b1100");
  o = ev(m, VB_HIT, 4, 1, 2, 3);     /* unsampled set 4 */
  CHECK_EQ(o.sampled_o, 0, "unsampled"); CHECK_EQ(o.acc_o, 2, "acc after unsampled");
  o = ev(m, VB_FILL, 5, 1, 0, 3);    /* replaces: 0b0001 */
  CHECK_EQ(o.lost_o, 0, "fill never lost"); CHECK_EQ(o.acc_o, 3, "fill is an access");
  CHECK_EQ(o.dbg_data_o, 12, "dbg before fill");
  o = ev(m, VB_HIT, 5, 1, 2, 3);     /* bit 2 was cleared by the fill: not lost */
  CHECK_EQ(o.lost_o, 0, "hit after fill"); CHECK_EQ(o.dbg_data_o, 1, "dbg after fill");
  o = ev(m, VB_EVICT, 5, 1, 3, 3);   /* clears */
  CHECK_EQ(o.sampled_o, 0, "evict not an access"); CHECK_EQ(o.acc_o, 4, "acc after evict");
  CHECK_EQ(o.dbg_data_o, 5, "dbg 0b0101 before evict");
  o = ev(m, VB_HIT, 5, 1, 0, 3);
  CHECK_EQ(o.lost_o, 0, "hit after evict"); CHECK_EQ(o.dbg_data_o, 0, "dbg after evict");
  o = ev(m, VB_HIT, 5, 1, 0, 3);
  CHECK_EQ(o.lost_o, 1, "repeat"); CHECK_EQ(o.lls_o, 1, "lls"); CHECK_EQ(o.acc_o, 6, "acc");
  o = idle(m, 7);                    /* dbg slot 3 does not exist (N = 3) */
  CHECK_EQ(o.dbg_data_o, 0, "dbg out of range");
  victim_bits_free(m);
  group_end();
}

static void test_shared(void)
{
  group_begin("shared victim bits (V-B: SIMT cores share a bit)");
  victim_bits_model_t *m = mk("L1s=8 Share=4 Sets=1 Ways=1 SampleShift=0 Period=100");
  victim_bits_out_t o;
  o = ev(m, VB_HIT, 0, 0, 1, 0);     /* group 0 */
  CHECK_EQ(o.lost_o, 0, "L1 1 first");
  o = ev(m, VB_HIT, 0, 0, 3, 0);     /* same group: false positive by design */
  CHECK_EQ(o.lost_o, 1, "L1 3 finds group bit"); CHECK_EQ(o.dbg_data_o, 1, "dbg group 0");
  o = ev(m, VB_HIT, 0, 0, 4, 0);     /* group 1 */
  CHECK_EQ(o.lost_o, 0, "L1 4 other group"); CHECK_EQ(o.lls_o, 1, "lls");
  o = idle(m, 0);
  CHECK_EQ(o.dbg_data_o, 3, "dbg both groups");
  victim_bits_free(m);
  group_end();
}

static void test_saturation(void)
{
  group_begin("saturating counters");
  victim_bits_model_t *m = mk("L1s=2 Sets=1 Ways=1 SampleShift=0 LlsW=2 AccW=3 Period=20");
  victim_bits_out_t o;
  for (int i = 0; i < 10; i++) o = ev(m, VB_HIT, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 7, "acc at 2^3-1");
  CHECK_EQ(o.lls_o, 3, "lls at 2^2-1");
  CHECK_EQ(o.lost_o, 1, "still lost");
  for (int i = 0; i < 10; i++) o = idle(m, 0); /* cycles 10..19; 19 ends */
  CHECK_EQ(o.period_done_o, 1, "end");
  CHECK_EQ(o.contention_o, 1, "3*4 >= 7*1");
  o = ev(m, VB_HIT, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 1, "restart acc"); CHECK_EQ(o.lls_o, 1, "restart lls");
  victim_bits_free(m);
  group_end();
}

static void test_period_boundary(void)
{
  group_begin("period boundary: exact, one below, boundary event, empty");
  victim_bits_model_t *m = mk("L1s=2 Sets=1 Ways=2 SampleShift=0 Period=8");
  victim_bits_out_t o;
  /* period 1: 8 accesses with 2 lost = exactly 1/4 */
  o = ev(m, VB_FILL, 0, 0, 0, 0);
  o = ev(m, VB_HIT, 0, 0, 0, 0);
  o = ev(m, VB_HIT, 0, 0, 0, 0);
  for (int i = 0; i < 4; i++) o = ev(m, VB_FILL, 0, 1, 1, 0);
  o = ev(m, VB_FILL, 0, 1, 1, 0);    /* cycle 7: the boundary event counts */
  CHECK_EQ(o.acc_o, 8, "p1 acc"); CHECK_EQ(o.lls_o, 2, "p1 lls");
  CHECK_EQ(o.period_done_o, 1, "p1 done"); CHECK_EQ(o.contention_o, 1, "p1 exactly 1/4");
  /* period 2: 8 accesses, 1 lost: one below */
  o = ev(m, VB_HIT, 0, 1, 1, 0);     /* lost (bit 1 set by the fills) */
  CHECK_EQ(o.acc_o, 1, "p2 restart acc"); CHECK_EQ(o.lls_o, 1, "p2 restart lls");
  for (int i = 0; i < 7; i++) o = ev(m, VB_FILL, 0, 0, 0, 0);
  CHECK_EQ(o.acc_o, 8, "p2 acc"); CHECK_EQ(o.lls_o, 1, "p2 lls");
  CHECK_EQ(o.contention_o, 0, "p2 1*4 < 8"); CHECK_EQ(o.period_done_o, 1, "p2 done");
  /* period 3: empty */
  for (int i = 0; i < 8; i++) o = idle(m, 0);
  CHECK_EQ(o.acc_o, 0, "p3 acc"); CHECK_EQ(o.contention_o, 0, "p3 empty: no contention");
  CHECK_EQ(o.period_done_o, 1, "p3 done");
  victim_bits_free(m);
  group_end();
}

static void test_reset_and_masking(void)
{
  group_begin("reset and input masking");
  victim_bits_model_t *m = mk("L1s=2 Sets=2 Ways=2 SampleShift=0 Period=8");
  victim_bits_out_t o;
  o = ev(m, VB_HIT, 1, 1, 1, 3);
  o = ev(m, VB_HIT, 1, 1, 1 | 0x10, 3);  /* l1 masked to 1 bit */
  CHECK_EQ(o.lost_o, 1, "masked l1");
  victim_bits_in_t in = {.rst_ni = 0, .ev_valid_i = 1};
  victim_bits_step(m, &in, &o);
  CHECK_EQ(o.acc_o + o.lls_o + o.contention_o + o.period_done_o + o.dbg_data_o + o.lost_o, 0, "reset outputs");
  o = ev(m, VB_HIT, 1, 1, 1, 3);
  CHECK_EQ(o.lost_o, 0, "bits cleared by reset"); CHECK_EQ(o.dbg_data_o, 0, "dbg after reset");
  victim_bits_free(m);
  group_end();
}

static void test_storage(void)
{
  group_begin("storage (V-D: O_v = P x N x M = 256 B)");
  long P[KIT_MAX_PARAMS];
  kit_storage_t st;
  params(P, "");
  victim_bits_storage(P, &st);
  CHECK_EQ(st.row[0].count * st.row[0].bits, 2048, "victim bits 16 x 8 x 16");
  uint64_t tot = 0;
  for (unsigned i = 0; i < st.nrows; i++) tot += st.row[i].count * st.row[i].bits;
  CHECK_EQ(tot, 2048 + 12 + 12 + 14 + 20, "model state total");
  params(P, "L1s=16 Share=4 Period=1");
  victim_bits_storage(P, &st);
  tot = 0;
  for (unsigned i = 0; i < st.nrows; i++) tot += st.row[i].count * st.row[i].bits;
  CHECK_EQ(tot, 4 * 8 * 16 + 12 + 12 + 0 + 4 + 4, "shared, no period counter");
  group_end();
}

/* Soak: the block's stimulus; invariants and an independent shadow. */
static void soak(const char *over, uint64_t seed, unsigned steps)
{
  char name[300];
  snprintf(name, sizeof name, "soak %s seed %llu", over[0] ? over : "paper config", (unsigned long long)seed);
  group_begin(name);
  long P[KIT_MAX_PARAMS];
  params(P, over);
  victim_bits_model_t *m = victim_bits_new(P);
  void *s = victim_bits_stim.create(P, seed);
  unsigned l1s = (unsigned)P[victim_bits_P_L1s], sets = (unsigned)P[victim_bits_P_Sets];
  unsigned ways = (unsigned)P[victim_bits_P_Ways], share = (unsigned)P[victim_bits_P_Share];
  unsigned sh = (unsigned)P[victim_bits_P_SampleShift], off = (unsigned)P[victim_bits_P_SampleOffset];
  unsigned char *had = calloc((size_t)sets * ways * l1s, 1); /* L1 p was served since fill/evict */
  char err[KIT_ERR_LEN];
  for (unsigned t = 0; t < steps && group_ok(); t++) {
    victim_bits_in_t in;
    victim_bits_out_t o;
    victim_bits_stim.next(s, (uint64_t *)&in);
    victim_bits_step(m, &in, &o);
    CHECK(!victim_bits_check_invariants(m, err, sizeof err), "invariant: %s", err);
    if (!in.rst_ni) { memset(had, 0, (size_t)sets * ways * l1s); continue; }
    if (!in.ev_valid_i || in.ev_set_i >= sets || in.ev_way_i >= ways) continue;
    if ((in.ev_set_i & ((1u << sh) - 1)) != off) { CHECK_EQ(o.sampled_o, 0, "unsampled"); continue; }
    unsigned char *h = &had[(in.ev_set_i * ways + in.ev_way_i) * l1s];
    if (in.ev_kind_i == VB_EVICT) { memset(h, 0, l1s); continue; }
    const int write_req = P[victim_bits_P_WriteReq] != 0;   /* a WRITE is a request, as a HIT */
    if ((in.ev_kind_i == VB_WRITE && !write_req) || in.ev_l1_i >= l1s) { CHECK_EQ(o.sampled_o, 0, "ignored"); continue; }
    unsigned grp = (unsigned)in.ev_l1_i / share, any = 0;
    for (unsigned q = grp * share; q < l1s && q < (grp + 1) * share; q++) any |= h[q];
    CHECK_EQ(o.sampled_o, 1, "sampled");
    CHECK_EQ(o.lost_o, (in.ev_kind_i == VB_HIT || in.ev_kind_i == VB_WRITE) && any, "lost vs shadow");
    if (in.ev_kind_i == VB_FILL) memset(h, 0, l1s);
    h[in.ev_l1_i] = 1;
  }
  free(had);
  victim_bits_stim.destroy(s);
  victim_bits_free(m);
  group_end();
}

int main(void)
{
  test_sampler_rule();
  test_threshold();
  test_timing_example();
  test_kinds();
  test_shared();
  test_saturation();
  test_period_boundary();
  test_reset_and_masking();
  test_storage();
  soak("", 1, 300000);
  soak("L1s=13 Share=4 Sets=100 Ways=5 SampleShift=3 SampleOffset=7 Period=300 LlsW=6 AccW=8 ThrNum=3 ThrDen=7", 2, 300000);
  soak("L1s=3 Sets=6 Ways=3 SampleShift=1 SampleOffset=1 Period=37 ThrNum=1 ThrDen=1 LlsW=4 AccW=4", 3, 300000);
  soak("WriteReq=1 PeriodAcc=1", 4, 300000);
  soak("L1s=13 Share=4 Sets=100 Ways=5 SampleShift=3 SampleOffset=7 Period=300 LlsW=6 AccW=8 ThrNum=3 ThrDen=7 WriteReq=1 PeriodAcc=1", 5, 300000);
  return unit_done();
}
