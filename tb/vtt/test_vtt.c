/*
 * test_vtt.c - unit tests of the Victim Tag Table golden model
 * (cmodel/vtt/vtt.c) against the Linebacker paper (sections 3.2, 4, 4.1, 4.2,
 * Table 3) and doc/vtt.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The model's state is per set a valid vector, tags and a rank
 *    permutation, plus mode, mask, lrn_ack and the busy engine. Sets
 *    interact only through the mask (withdrawal clears a VP in every set)
 *    and the mode change (clears everything); so the cases are: what each
 *    operation does to one set (hit, miss, invalid first, LRU, duplicate,
 *    probe), how the mask and mode move (activation, withdrawal, final
 *    mode, changes during an operation), the latency of every operation
 *    kind and partition position, the illegal inputs, and Eq. 2.
 *  - Eq. 2 is checked at both offsets (511 and 512) and at the notes'
 *    worked example (N = 2, X = 10, Y = 3 -> 939).
 *  - Every expected number below was derived by hand from doc/vtt.md and is
 *    written literally; the tests never call the model's functions to
 *    compute an expectation.
 *  - A seeded random soak (the block's own generator, four configurations)
 *    runs vtt_check() - invariants 1-5 of doc/vtt.md - after every cycle.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/vtt/vtt.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

/* ---------------------------------------------------------------------- */

static void setp(long *P, long sets, long vpways, long numvp, long tagw, long rnw, long offset,
                 long vplat)
{
  P[vtt_P_Sets] = sets;
  P[vtt_P_VpWays] = vpways;
  P[vtt_P_NumVp] = numvp;
  P[vtt_P_TagW] = tagw;
  P[vtt_P_RnW] = rnw;
  P[vtt_P_Offset] = offset;
  P[vtt_P_VpLat] = vplat;
  P[vtt_P_LineBytes] = 128;
}

static vtt_model_t *mk(long sets, long vpways, long numvp, long tagw, long rnw, long offset,
                       long vplat)
{
  long P[vtt_NPARAMS];
  setp(P, sets, vpways, numvp, tagw, rnw, offset, vplat);
  vtt_model_t *m = vtt_new(P);
  if (!m) { fprintf(stderr, "vtt_new failed\n"); exit(2); }
  return m;
}
/* The paper configuration (Table 3) and the small one of the directed
 * files: 2 VPs of 2 ways, 2 sets, Base(0) = 8, Base(1) = 12, VpLat 2. */
static vtt_model_t *paper(long offset) { return mk(48, 4, 8, 18, 11, offset, 3); }
static vtt_model_t *small(void) { return mk(2, 2, 2, 8, 4, 8, 2); }

static vtt_out_t g_o;
/* One cycle with reset released. */
static vtt_out_t cyc(vtt_model_t *m, vtt_in_t in)
{
  in.rst_ni = 1;
  memset(&g_o, 0xa5, sizeof g_o); /* the model must write every field */
  vtt_step(m, &in, &g_o);
  return g_o;
}
static void rst(vtt_model_t *m)
{
  vtt_in_t in = {0};
  vtt_step(m, &in, &g_o);
}

/* Offer one operation (with this lm_state / lrn, also held during the busy
 * cycles) and run until its response; *lat = cycles from the offer to the
 * response (the response shows in cycle a + lat). */
static unsigned g_lat;
static vtt_out_t op(vtt_model_t *m, unsigned lm_state, unsigned lrn, unsigned opc, unsigned set,
                    uint64_t tag, unsigned useful)
{
  vtt_in_t in = {.lm_state_i = lm_state, .lrn_i = lrn, .req_valid_i = 1, .req_op_i = opc,
                 .req_set_i = set, .req_tag_i = tag, .req_useful_i = useful};
  vtt_out_t o = cyc(m, in);
  in.req_valid_i = 0;
  g_lat = 1;
  while (!o.rsp_valid_o && g_lat < 1000) {
    if (o.req_ready_o) { g_lat = 9999; break; }    /* idle without a response: lost */
    o = cyc(m, in);
    g_lat++;
  }
  return o;
}
static vtt_out_t dbg(vtt_model_t *m, unsigned lm_state, unsigned lrn, unsigned vp, unsigned set,
                     unsigned way)
{
  vtt_in_t in = {.lm_state_i = lm_state, .lrn_i = lrn, .dbg_vp_i = vp, .dbg_set_i = set,
                 .dbg_way_i = way};
  return cyc(m, in);
}
/* Ranks of set x, global ways 0..3, as one number r0 r1 r2 r3 (base 10). */
static unsigned ranks4(const vtt_model_t *m, unsigned x)
{
  const uint8_t *r = m->rank + x * m->totways;
  return r[0] * 1000u + r[1] * 100u + r[2] * 10u + r[3];
}

/* ---------------------------------------------------------------------- */

static void test_eq2(void)
{
  group_begin("eq2: RN = Offset + N x 192 + X x 4 + Y at Offset 512 and 511 (4.1)");
  vtt_model_t *m = paper(512);
  CHECK_EQ(vtt_rn(m, 0, 0, 0), 512, "first RN, Offset 512");
  CHECK_EQ(vtt_rn(m, 7, 47, 3), 2047, "last RN, Offset 512");
  CHECK_EQ(vtt_rn(m, 2, 10, 3), 939, "N 2 X 10 Y 3");
  CHECK_EQ(vtt_rn(m, 1, 0, 0), 704, "Base(1)");
  CHECK_EQ(vtt_rn(m, 7, 0, 0), 1856, "Base(7)");
  /* activation: Base(N) > lrn */
  CHECK_EQ(vtt_act_mask(m, 0), 0xff, "lrn 0");
  CHECK_EQ(vtt_act_mask(m, 511), 0xff, "lrn 511");
  CHECK_EQ(vtt_act_mask(m, 512), 0xfe, "lrn 512 (Base(0) not above)");
  CHECK_EQ(vtt_act_mask(m, 703), 0xfe, "lrn 703");
  CHECK_EQ(vtt_act_mask(m, 704), 0xfc, "lrn 704");
  CHECK_EQ(vtt_act_mask(m, 1855), 0x80, "lrn 1855");
  CHECK_EQ(vtt_act_mask(m, 1856), 0, "lrn 1856");
  CHECK_EQ(vtt_act_mask(m, 2047), 0, "lrn 2047");
  vtt_free(m);
  m = paper(511);
  CHECK_EQ(vtt_rn(m, 0, 0, 0), 511, "first RN, Offset 511");
  CHECK_EQ(vtt_rn(m, 7, 47, 3), 2046, "last RN, Offset 511");
  CHECK_EQ(vtt_act_mask(m, 1854), 0x80, "Offset 511: lrn 1854");
  CHECK_EQ(vtt_act_mask(m, 1855), 0, "Offset 511: lrn 1855");
  vtt_free(m);
  group_end();
}

static void test_reset(void)
{
  group_begin("reset: all invalid, rank g at way g, monitoring, every VP, ready");
  vtt_model_t *m = small();
  rst(m);
  CHECK_EQ(g_o.req_ready_o, 1, "ready");
  CHECK_EQ(g_o.vp_act_o, 3, "vp_act");
  CHECK_EQ(g_o.mode_o, 0, "mode");
  CHECK_EQ(g_o.rsp_valid_o | g_o.lrn_ack_o | g_o.vp_drop_o | g_o.dbg_valid_o, 0, "other outputs");
  CHECK_EQ(ranks4(m, 0), 123, "set 0 ranks 0 1 2 3");
  CHECK_EQ(ranks4(m, 1), 123, "set 1 ranks 0 1 2 3");
  vtt_out_t o = dbg(m, 0, 0, 1, 1, 1);
  CHECK_EQ(o.dbg_valid_o, 0, "dbg valid");
  CHECK_EQ(o.dbg_rank_o, 3, "dbg rank of global way 3");
  vtt_free(m);
  group_end();
}

static void test_latency(void)
{
  group_begin("latency: VpLat x VPs walked, hit stops at its VP, 1 when nothing is walked (V6)");
  vtt_model_t *m = paper(512);
  rst(m);
  vtt_out_t o = op(m, 0, 0, VTT_OP_INSERT, 9, 0x999, 0);
  CHECK_EQ(g_lat, 24, "monitoring insert");
  CHECK_EQ(o.rsp_vps_o, 8, "monitoring insert: 8 VPs");
  o = op(m, 0, 0, VTT_OP_LOOKUP, 9, 0x999, 0);
  CHECK_EQ(g_lat, 3, "monitoring hit in VP 0");
  CHECK_EQ(o.rsp_hit_o, 1, "hit");
  CHECK_EQ(o.rf_rd_o, 0, "no RF read while monitoring");
  o = op(m, 0, 0, VTT_OP_LOOKUP, 9, 0x998, 0);
  CHECK_EQ(g_lat, 24, "monitoring miss");
  /* victim cache: put tag 0x10+n in VP n of set 5 (activate one more VP
   * each time, invalid first fills the lowest active VP) */
  static const unsigned lrn_for[8] = {511, 703, 895, 1087, 1279, 1471, 1663, 1855};
  for (int n = 7; n >= 0; n--) {
    o = op(m, 1, lrn_for[n], VTT_OP_INSERT, 5, 0x10u + (unsigned)n, 1);
    CHECK_EQ(g_lat, 3u * (8u - (unsigned)n), "insert walks every active VP");
    CHECK_EQ(o.rsp_vp_o, (unsigned)n, "filled VP");
    CHECK_EQ(o.rsp_way_o, 0, "filled way");
  }
  static const unsigned rn_of[8] = {532, 724, 916, 1108, 1300, 1492, 1684, 1876};
  for (unsigned n = 0; n < 8; n++) {
    o = op(m, 1, 0, VTT_OP_LOOKUP, 5, 0x10u + n, 0);
    CHECK_EQ(g_lat, 3u * (n + 1u), "hit latency by position");
    CHECK_EQ(o.rsp_vps_o, n + 1u, "rsp_vps");
    CHECK_EQ(o.rf_rd_o, 1, "rf read");
    CHECK_EQ(o.rsp_rn_o, rn_of[n], "RN(n, 5, 0)");
  }
  o = op(m, 1, 0, VTT_OP_LOOKUP, 5, 0x20, 0);
  CHECK_EQ(g_lat, 24, "victim-cache miss");
  o = op(m, 1, 895, VTT_OP_LOOKUP, 5, 0x14, 0);   /* VPs 2..7: VP 4 is the 3rd */
  CHECK_EQ(g_lat, 9, "hit in VP 4 with VPs 0, 1 withdrawn");
  CHECK_EQ(o.vp_act_o, 0xfc, "mask");
  o = op(m, 1, 895, VTT_OP_PROBE, 5, 0x17, 0);
  CHECK_EQ(g_lat, 18, "probe hit in VP 7, the 6th active");
  o = op(m, 1, 895, VTT_OP_INSERT, 5, 0x21, 0);
  CHECK_EQ(g_lat, 1, "not-useful insert");
  CHECK_EQ(o.rsp_vps_o, 0, "not-useful insert walks nothing");
  o = op(m, 1, 2047, VTT_OP_LOOKUP, 5, 0x17, 0);
  CHECK_EQ(g_lat, 1, "no active VP");
  CHECK_EQ(o.vp_act_o, 0, "mask empty");
  vtt_free(m);
  group_end();
}

static void test_insert(void)
{
  group_begin("insert: invalid first, then LRU of the active ways; ranks promoted (V2, V5)");
  vtt_model_t *m = small();
  rst(m);
  static const unsigned t[4] = {0xa1, 0xb2, 0xc3, 0xd4};
  static const unsigned after[4] = {3012, 2301, 1230, 123};
  for (unsigned i = 0; i < 4; i++) {
    vtt_out_t o = op(m, 0, 0, VTT_OP_INSERT, 1, t[i], 0);
    CHECK_EQ(o.rsp_fill_o, 1, "fill");
    CHECK_EQ(o.rsp_vp_o * 2u + o.rsp_way_o, i, "lowest invalid way");
    CHECK_EQ(o.evict_valid_o, 0, "no eviction while a way is invalid");
    CHECK_EQ(ranks4(m, 1), after[i], "ranks after the fill");
  }
  op(m, 0, 0, VTT_OP_LOOKUP, 1, 0xa1, 0);
  CHECK_EQ(ranks4(m, 1), 3012, "lookup A promotes g0");
  vtt_out_t o = op(m, 0, 0, VTT_OP_INSERT, 1, 0xe5, 0);
  CHECK_EQ(o.rsp_vp_o * 2u + o.rsp_way_o, 1, "LRU is g1 (B)");
  CHECK_EQ(o.evict_valid_o, 1, "eviction");
  CHECK_EQ(o.evict_tag_o, 0xb2, "evicted tag");
  CHECK_EQ(ranks4(m, 1), 2301, "ranks after E");
  CHECK_EQ(m->tag[1 * 4 + 1], 0xe5, "g1 holds E");
  /* victim cache with VP 1 only: the LRU of the active ways, not of the set */
  op(m, 1, 11, VTT_OP_INSERT, 1, 0x28, 1);         /* g2 (invalid after the flush) */
  op(m, 1, 11, VTT_OP_INSERT, 1, 0x39, 1);         /* g3 */
  CHECK_EQ(ranks4(m, 1), 123, "ranks after H (g2) and I (g3): 0 1 2 3");
  o = op(m, 1, 11, VTT_OP_INSERT, 1, 0x4a, 1);
  CHECK_EQ(o.rsp_vp_o, 1, "replacement stays in the active VP");
  CHECK_EQ(o.evict_tag_o, 0x28, "the older of the two active entries");
  CHECK_EQ(o.rf_wr_o, 1, "RF write");
  CHECK_EQ(o.rsp_rn_o, 14, "RN(1,1,0) = 12 + 2");
  CHECK_EQ(m->valid[1], 0xc, "VP 0 entries stay invalid");
  vtt_free(m);
  group_end();
}

static void test_duplicate_probe(void)
{
  group_begin("duplicate refresh, store probe invalidation and reuse (V5, V12, section 4)");
  vtt_model_t *m = small();
  rst(m);
  op(m, 0, 0, VTT_OP_INSERT, 0, 0x0a, 0);
  op(m, 0, 0, VTT_OP_INSERT, 0, 0x0b, 0);
  CHECK_EQ(ranks4(m, 0), 2301, "after A, B");
  vtt_out_t o = op(m, 0, 0, VTT_OP_INSERT, 0, 0x0a, 0);
  CHECK_EQ(o.rsp_hit_o, 1, "refresh reported as hit");
  CHECK_EQ(o.rsp_fill_o, 0, "no fill");
  CHECK_EQ(g_lat, 4, "an insert walks every VP");
  CHECK_EQ(m->valid[0], 0x3, "still two entries");
  CHECK_EQ(ranks4(m, 0), 3201, "A promoted");
  op(m, 0, 0, VTT_OP_INSERT, 0, 0x0c, 0);
  op(m, 0, 0, VTT_OP_INSERT, 0, 0x0d, 0);
  o = op(m, 0, 0, VTT_OP_PROBE, 0, 0x0c, 0);
  CHECK_EQ(o.rsp_hit_o, 1, "probe hit");
  CHECK_EQ(o.rsp_vp_o * 2u + o.rsp_way_o, 2, "probe hit way");
  CHECK_EQ(g_lat, 4, "probe hit in VP 1");
  CHECK_EQ(m->valid[0], 0xb, "g2 invalidated");
  const unsigned r = ranks4(m, 0);
  o = op(m, 0, 0, VTT_OP_PROBE, 0, 0x0c, 0);
  CHECK_EQ(o.rsp_hit_o, 0, "probe miss");
  CHECK_EQ(ranks4(m, 0), r, "a probe keeps ranks");
  o = op(m, 0, 0, VTT_OP_INSERT, 0, 0x0e, 0);
  CHECK_EQ(o.rsp_vp_o * 2u + o.rsp_way_o, 2, "invalidated way reused in priority");
  CHECK_EQ(o.evict_valid_o, 0, "no eviction");
  /* victim cache: a probe hit requests nothing from the RF */
  op(m, 1, 0, VTT_OP_INSERT, 1, 0x46, 1);
  o = op(m, 1, 0, VTT_OP_PROBE, 1, 0x46, 0);
  CHECK_EQ(o.rsp_hit_o, 1, "victim-cache probe hit");
  CHECK_EQ(o.rf_rd_o | o.rf_wr_o | o.rsp_rn_o, 0, "no RF request");
  vtt_free(m);
  group_end();
}

static void test_mode(void)
{
  group_begin("modes: monitoring ignores lrn and usefulness, the change flushes, final until reset (V8, V9)");
  vtt_model_t *m = small();
  rst(m);
  vtt_out_t o = op(m, 0, 15, VTT_OP_INSERT, 0, 0x0a, 0);
  CHECK_EQ(o.rsp_fill_o, 1, "monitoring inserts a not-useful victim");
  CHECK_EQ(o.rf_wr_o, 0, "no RF write");
  CHECK_EQ(o.vp_act_o, 3, "every VP, lrn ignored");
  CHECK_EQ(o.lrn_ack_o, 15, "lrn acknowledged anyway");
  o = op(m, 1, 0, VTT_OP_LOOKUP, 0, 0x0a, 0);
  CHECK_EQ(o.rsp_hit_o, 0, "the change flushed A before the lookup");
  CHECK_EQ(m->mode, VTT_MODE_VC, "victim cache");
  CHECK_EQ(m->rank[0], 3, "rank kept through the flush");
  CHECK_EQ(m->tag[0], 0x0a, "tag kept through the flush");
  o = cyc(m, (vtt_in_t){.lm_state_i = 0});
  CHECK_EQ(o.mode_o, 1, "lm_state 0 ignored");
  o = cyc(m, (vtt_in_t){.lm_state_i = 2});
  CHECK_EQ(o.mode_o, 1, "lm_state 2 ignored");
  rst(m);
  o = cyc(m, (vtt_in_t){.lm_state_i = 3});
  CHECK_EQ(o.mode_o, 2, "lm_state 3 acts as 2 (off)");
  CHECK_EQ(o.vp_act_o, 0, "off: no VP");
  CHECK_EQ(o.vp_drop_o, 3, "off: everything dropped");
  o = op(m, 2, 0, VTT_OP_INSERT, 0, 0x0a, 1);
  CHECK_EQ(g_lat, 1, "off: one cycle");
  CHECK_EQ(o.rsp_fill_o, 0, "off: nothing filled");
  /* a change while busy waits for the first idle edge */
  rst(m);
  vtt_in_t in = {.req_valid_i = 1, .req_op_i = VTT_OP_INSERT, .req_set_i = 1, .req_tag_i = 0x0b};
  cyc(m, in);
  in = (vtt_in_t){.lm_state_i = 1};
  o = cyc(m, in);
  CHECK_EQ(o.mode_o, 0, "held while busy");
  cyc(m, in);
  o = cyc(m, in);
  CHECK_EQ(o.rsp_valid_o, 1, "response");
  CHECK_EQ(o.rf_wr_o, 0, "a monitoring insert completes as one");
  o = cyc(m, in);
  CHECK_EQ(o.mode_o, 1, "applied at the idle edge");
  CHECK_EQ(o.vp_drop_o, 3, "and flushed");
  CHECK_EQ(m->valid[1], 0, "the fill of the finished insert is flushed");
  vtt_free(m);
  group_end();
}

static void test_withdraw(void)
{
  group_begin("withdrawal: idle edges only, in-flight op keeps its mask, request precedes the ack (V10)");
  vtt_model_t *m = small();
  rst(m);
  op(m, 1, 0, VTT_OP_INSERT, 1, 0xa1, 1);           /* g0, RN 10 */
  op(m, 1, 0, VTT_OP_INSERT, 1, 0xc3, 1);           /* g1, RN 11 */
  vtt_in_t in = {.lm_state_i = 1, .req_valid_i = 1, .req_op_i = VTT_OP_LOOKUP, .req_set_i = 1,
                 .req_tag_i = 0xa1};
  vtt_out_t o = cyc(m, in);
  CHECK_EQ(o.req_ready_o, 0, "busy");
  in = (vtt_in_t){.lm_state_i = 1, .lrn_i = 11};
  o = cyc(m, in);
  CHECK_EQ(o.rf_rd_o, 1, "read of the withdrawn VP still emitted");
  CHECK_EQ(o.rsp_rn_o, 10, "RN 10 <= the new LRN 11");
  CHECK_EQ(o.lrn_ack_o, 0, "while the old LRN is acknowledged");
  CHECK_EQ(o.vp_act_o, 3, "old mask");
  o = cyc(m, in);
  CHECK_EQ(o.vp_act_o, 2, "VP 0 withdrawn at the idle edge");
  CHECK_EQ(o.vp_drop_o, 1, "vp_drop");
  CHECK_EQ(o.lrn_ack_o, 11, "ack");
  CHECK_EQ(m->valid[1], 0, "both VP 0 entries dropped");
  o = cyc(m, (vtt_in_t){.lm_state_i = 1, .lrn_i = 0});
  CHECK_EQ(o.vp_act_o, 3, "reactivated");
  CHECK_EQ(o.vp_drop_o, 0, "activation drops nothing");
  /* an offer while busy is not taken */
  in = (vtt_in_t){.lm_state_i = 1, .req_valid_i = 1, .req_op_i = VTT_OP_INSERT, .req_set_i = 0,
                  .req_tag_i = 0x11, .req_useful_i = 1};
  cyc(m, in);
  in.req_tag_i = 0x22;
  for (int i = 0; i < 3; i++) o = cyc(m, in);
  CHECK_EQ(o.rsp_valid_o, 1, "first insert answered");
  CHECK_EQ(m->valid[0], 1, "only the first insert filled");
  vtt_free(m);
  group_end();
}

static void test_illegal(void)
{
  group_begin("illegal inputs: op 3, set >= Sets: 1-cycle answer, no change; dbg out of range reads 0");
  vtt_model_t *m = mk(3, 1, 3, 6, 5, 9, 2);         /* SetW 2, VpW 2: room for illegal values */
  rst(m);
  op(m, 0, 0, VTT_OP_INSERT, 2, 0x2a, 0);
  vtt_out_t o = op(m, 0, 0, VTT_OP_RSVD, 2, 0x2a, 0);
  CHECK_EQ(g_lat, 1, "op 3 latency");
  CHECK_EQ(o.rsp_op_o, 3, "op 3 answered");
  CHECK_EQ(o.rsp_hit_o | o.rsp_fill_o | o.rsp_vps_o, 0, "op 3: nothing");
  o = op(m, 0, 0, VTT_OP_INSERT, 3, 0x2b, 0);
  CHECK_EQ(g_lat, 1, "set 3 latency");
  CHECK_EQ(o.rsp_fill_o, 0, "set 3: nothing filled");
  o = op(m, 0, 0, VTT_OP_LOOKUP, 3, 0x2a, 0);
  CHECK_EQ(o.rsp_hit_o, 0, "set 3: never a hit");
  CHECK_EQ(m->valid[0] | m->valid[1], 0, "sets 0, 1 untouched");
  CHECK_EQ(m->valid[2], 1, "set 2 holds the one entry");
  o = dbg(m, 0, 0, 0, 2, 0);
  CHECK_EQ(o.dbg_valid_o, 1, "dbg in range");
  CHECK_EQ(o.dbg_tag_o, 0x2a, "dbg tag");
  o = dbg(m, 0, 0, 3, 2, 0);
  CHECK_EQ(o.dbg_valid_o | o.dbg_tag_o | o.dbg_rank_o, 0, "dbg VP 3 of 3");
  o = dbg(m, 0, 0, 0, 3, 0);
  CHECK_EQ(o.dbg_valid_o | o.dbg_tag_o | o.dbg_rank_o, 0, "dbg set 3 of 3");
  vtt_free(m);
  group_end();
}

static void test_params(void)
{
  group_begin("parameters: legality rules and the 4608 B storage row (4.2)");
  long P[vtt_NPARAMS];
  char err[KIT_ERR_LEN];
  setp(P, 48, 4, 8, 18, 11, 512, 3);
  CHECK_EQ(kit_params_check(&vtt_block, P, err, sizeof err), 0, "paper configuration legal");
  P[vtt_P_Offset] = 513;
  CHECK_EQ(kit_params_check(&vtt_block, P, err, sizeof err) != 0, 1, "513 + 1536 > 2048");
  setp(P, 48, 4, 8, 18, 11, 512, 3);
  P[vtt_P_VpWays] = 3;
  CHECK_EQ(kit_params_check(&vtt_block, P, err, sizeof err) != 0, 1, "VpWays 3");
  setp(P, 48, 1, 1, 18, 11, 512, 3);
  CHECK_EQ(kit_params_check(&vtt_block, P, err, sizeof err) != 0, 1, "one way per set");
  setp(P, 48, 8, 8, 18, 13, 512, 3);
  CHECK_EQ(kit_params_check(&vtt_block, P, err, sizeof err) != 0, 1, "64 ways per set");
  setp(P, 48, 4, 8, 18, 11, 512, 3);
  kit_storage_t st;
  vtt_storage(P, &st);
  CHECK_EQ(st.row[0].count, 1536, "entries");
  CHECK_EQ(st.row[0].bits, 24, "1 + 18 + 5 bits");
  CHECK_EQ(st.row[0].count * st.row[0].bits, 36864, "bits");
  CHECK_EQ(strncmp(st.row[1].what, "external:", 9), 0, "victim data external");
  CHECK_EQ(st.row[1].count * st.row[1].bits, 1536u * 1024u, "victim data bits");
  CHECK_EQ(st.data_bytes, 196608, "victim capacity");
  group_end();
}

/* Random soak with the invariant self-check after every cycle. */
static void test_soak(void)
{
  group_begin("soak: invariants 1-5 after every cycle, block generator, four configurations");
  static const long cfg[4][7] = {
    {48, 4, 8, 18, 11, 512, 3}, {5, 1, 4, 6, 5, 9, 2}, {3, 32, 1, 8, 7, 20, 4}, {2, 2, 2, 2, 4, 8, 1},
  };
  for (unsigned c = 0; c < 4; c++) {
    long P[vtt_NPARAMS];
    setp(P, cfg[c][0], cfg[c][1], cfg[c][2], cfg[c][3], cfg[c][4], cfg[c][5], cfg[c][6]);
    vtt_model_t *m = vtt_new(P);
    void *s = vtt_stim.create(P, 100u + c);
    char err[256];
    uint64_t in[vtt_NIN];
    vtt_out_t o;
    unsigned long steps = c == 0 ? 300000ul : 100000ul;
    for (unsigned long t = 0; t < steps && group_ok(); t++) {
      vtt_stim.next(s, in);
      vtt_step(m, (const vtt_in_t *)in, &o);
      CHECK(!vtt_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
    }
    vtt_stim.destroy(s);
    vtt_free(m);
  }
  group_end();
}

/* The self-check can fail: plant each invariant violation by hand. */
static void test_check_fails(void)
{
  group_begin("self-check: a planted duplicate tag, rank clash, live entry of an inactive VP, bad RN");
  char err[256];
  vtt_model_t *m = small();
  rst(m);
  op(m, 1, 11, VTT_OP_INSERT, 0, 0x21, 1);          /* VP 1 only: g2 */
  op(m, 1, 11, VTT_OP_INSERT, 0, 0x22, 1);          /* g3 */
  CHECK_EQ(vtt_check(m, err, sizeof err), 0, "consistent state");
  m->tag[3] = 0x21;
  CHECK_EQ(vtt_check(m, err, sizeof err) != 0 && strstr(err, "invariant 1") != NULL, 1, "duplicate tag");
  m->tag[3] = 0x22;
  m->rank[0] = m->rank[1];
  CHECK_EQ(vtt_check(m, err, sizeof err) != 0 && strstr(err, "invariant 2") != NULL, 1, "rank clash");
  m->rank[0] = (uint8_t)(m->rank[1] == 0 ? 0 : 6 - m->rank[1] - m->rank[2] - m->rank[3]);
  CHECK_EQ(vtt_check(m, err, sizeof err), 0, "ranks repaired");
  m->valid[0] |= 1u;
  CHECK_EQ(vtt_check(m, err, sizeof err) != 0 && strstr(err, "invariant 3") != NULL, 1, "VP 0 inactive");
  m->valid[0] &= ~1u;
  m->out.rf_rd_o = 1;
  m->out.rsp_vp_o = 1;
  m->out.rsp_rn_o = 11;                               /* VP 1 starts at 12 */
  CHECK_EQ(vtt_check(m, err, sizeof err) != 0 && strstr(err, "invariant 4") != NULL, 1, "RN below its VP");
  vtt_free(m);
  group_end();
}

int main(void)
{
  test_eq2();
  test_reset();
  test_latency();
  test_insert();
  test_duplicate_probe();
  test_mode();
  test_withdraw();
  test_illegal();
  test_params();
  test_soak();
  test_check_fails();
  return unit_done();
}
