/*
 * test_waypart.c - unit tests of the way-partitioned L1's golden model
 * (cmodel/waypart/waypart.c) against doc/waypart.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - Sets never interact except through a Flush write (which clears the
 *    same ways in every set), so the tag array's state space is one set's
 *    lines (valid, tag, rank) seen through the masks of the partition
 *    register. The cases are what an access does in each outcome (own
 *    hit, foreign hit, fill into an invalid way of the mask, LRU fill
 *    inside the mask, bypass by 0 ways / by the input / by a kernel beyond
 *    K, dropped set, store invalidate and miss), and what a partition
 *    write does (masks, illegal sum ignored, sum below Ways, both Flush
 *    readings).
 *  - The design note's worked example A (doc "Worked examples") is checked
 *    row by row with the ranks of every way, written from the hand
 *    working; its IPC line, the period quota of example B and the Even
 *    partitions (WP13) likewise.
 *  - The counters: weighted sum, start clears (and counts its own cycle),
 *    meas_i = 0 freezes, saturation of IPC and TB counters, done.
 *  - A seeded random soak (the block's own generator, four
 *    configurations) runs waypart_check() (invariants 1-3) after every
 *    cycle and checks invariants 4-6 on each response against the set as
 *    it was before the step.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/waypart/waypart.h"
#include "cmodel/waypart/waypart_static.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static void setp(long *P, long sets, long ways, long tagw, long k, long tbw, long retw, long wgtw, long ipcw,
                 long flush)
{
  P[waypart_P_Sets] = sets;
  P[waypart_P_Ways] = ways;
  P[waypart_P_TagW] = tagw;
  P[waypart_P_Kernels] = k;
  P[waypart_P_TbW] = tbw;
  P[waypart_P_RetW] = retw;
  P[waypart_P_WgtW] = wgtw;
  P[waypart_P_IpcW] = ipcw;
  P[waypart_P_Flush] = flush;
  P[waypart_P_LineBytes] = 128;
}

static waypart_model_t *mkp(const long *P)
{
  waypart_model_t *m = waypart_new(P);
  if (!m) { fprintf(stderr, "waypart_new failed\n"); exit(2); }
  waypart_in_t i = {0};
  waypart_out_t o;
  waypart_step(m, &i, &o);                 /* one reset cycle */
  return m;
}

/* The paper L1 (Table II), with Flush as given. */
static waypart_model_t *mk(long flush)
{
  long P[waypart_NPARAMS];
  setp(P, 32, 4, 20, 2, 4, 2, 8, 32, flush);
  return mkp(P);
}

static waypart_out_t step(waypart_model_t *m, waypart_in_t i)
{
  waypart_out_t o;
  i.rst_ni = 1;
  waypart_step(m, &i, &o);
  return o;
}

/* A load (st 0) or store (st 1) of kernel k to set 0. */
static waypart_out_t ld(waypart_model_t *m, unsigned k, unsigned tag)
{
  return step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = k, .acc_tag_i = tag});
}
static waypart_out_t st(waypart_model_t *m, unsigned k, unsigned tag)
{
  return step(m, (waypart_in_t){.acc_valid_i = 1, .acc_st_i = 1, .acc_k_i = k, .acc_tag_i = tag});
}
/* Write the counts c0, c1 (CW = 3 at 4 ways). */
static waypart_out_t wr2(waypart_model_t *m, unsigned c0, unsigned c1)
{
  return step(m, (waypart_in_t){.part_we_i = 1, .part_i = c0 | c1 << 3});
}

/* The ranks of set 0 as digits w0 w1 w2 w3. */
static unsigned ranks(const waypart_model_t *m)
{
  unsigned v = 0;
  for (unsigned w = 0; w < m->ways; w++) v = v * 10u + m->rank[w];
  return v;
}

#define FILL(o, w, ev, et)                                                                   \
  do {                                                                                       \
    CHECK_EQ((o).rsp_fill_o, 1, "fill"); CHECK_EQ((o).rsp_hit_o, 0, "hit");                  \
    CHECK_EQ((o).rsp_way_o, (w), "way"); CHECK_EQ((o).evict_valid_o, (ev), "evict");         \
    CHECK_EQ((o).evict_tag_o, (et), "evict tag");                                            \
  } while (0)
#define HIT(o, w, f)                                                                         \
  do {                                                                                       \
    CHECK_EQ((o).rsp_hit_o, 1, "hit"); CHECK_EQ((o).rsp_fill_o, 0, "fill");                  \
    CHECK_EQ((o).rsp_way_o, (w), "way"); CHECK_EQ((o).rsp_foreign_o, (f), "foreign");        \
  } while (0)

enum { A = 1, B, C, D, E, F, G, H };

/* Rows 1-8 of example A, common to both Flush readings. */
static void rows_1_8(waypart_model_t *m)
{
  waypart_out_t o = wr2(m, 3, 1);
  CHECK_EQ(o.mask_o, 0x87, "mask after (3,1)"); CHECK_EQ(o.part_o, 0xb, "part (3,1)");
  o = ld(m, 1, A); FILL(o, 3, 0, 0); CHECK_EQ(ranks(m), 123, "row 1");
  o = ld(m, 1, B); FILL(o, 3, 1, A); CHECK_EQ(ranks(m), 123, "row 2");
  o = ld(m, 0, A); FILL(o, 0, 0, 0); CHECK_EQ(ranks(m), 3012, "row 3");
  o = ld(m, 0, C); FILL(o, 1, 0, 0); CHECK_EQ(ranks(m), 2301, "row 4");
  o = ld(m, 0, D); FILL(o, 2, 0, 0); CHECK_EQ(ranks(m), 1230, "row 5");
  o = ld(m, 0, B); HIT(o, 3, 1); CHECK_EQ(ranks(m), 123, "row 6");
  o = ld(m, 0, E); FILL(o, 0, 1, A); CHECK_EQ(ranks(m), 3012, "row 7");
  o = ld(m, 1, F); FILL(o, 3, 1, B); CHECK_EQ(ranks(m), 2013, "row 8");
}

static void test_example_a(void)
{
  group_begin("example A: partitioned replacement, 16 rows (design note 1.7 A), Flush 0");
  waypart_model_t *m = mk(0);
  CHECK_EQ(m->out.part_o, 2 | 2 << 3, "reset part Even (2,2)");
  CHECK_EQ(m->out.mask_o, 0xc3, "reset mask Even");
  rows_1_8(m);
  waypart_out_t o = wr2(m, 2, 2);
  CHECK_EQ(o.mask_o, 0xc3, "row 9 mask"); CHECK_EQ(o.rsp_valid_o, 0, "row 9 no access");
  CHECK_EQ(m->valid[2], 1, "row 9: D stays (WP8)");
  o = ld(m, 0, D); HIT(o, 2, 1); CHECK_EQ(ranks(m), 1032, "row 10");
  o = ld(m, 1, G); FILL(o, 3, 1, F); CHECK_EQ(ranks(m), 1023, "row 11");
  o = st(m, 1, D); CHECK_EQ(o.rsp_inv_o, 1, "row 12 inv"); CHECK_EQ(o.rsp_hit_o, 1, "row 12 hit");
  CHECK_EQ(o.rsp_way_o, 2, "row 12 way"); CHECK_EQ(o.rsp_fill_o, 0, "row 12 fill");
  CHECK_EQ(ranks(m), 1023, "row 12 ranks kept");
  o = ld(m, 1, H); FILL(o, 2, 0, 0); CHECK_EQ(ranks(m), 1032, "row 13");
  o = wr2(m, 4, 0); CHECK_EQ(o.mask_o, 0x0f, "row 14 mask");
  o = ld(m, 1, G); CHECK_EQ(o.rsp_byp_o, 1, "row 15 bypass"); CHECK_EQ(o.rsp_hit_o, 0, "row 15 no lookup");
  CHECK_EQ(ranks(m), 1032, "row 15 ranks");
  o = ld(m, 0, G); HIT(o, 3, 0); CHECK_EQ(ranks(m), 1023, "row 16");
  waypart_free(m);
  group_end();
}

static void test_example_a_flush(void)
{
  group_begin("example A under Flush 1: the write of (2,2) invalidates way 2, D misses into way 1");
  waypart_model_t *m = mk(1);
  rows_1_8(m);
  waypart_out_t o = ld(m, 0, A);          /* a line of kernel 0 in set 5, way 0 (not moved) */
  (void)o;
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_set_i = 5, .acc_tag_i = A});
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_set_i = 5, .acc_tag_i = B});
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_set_i = 5, .acc_tag_i = C});
  CHECK_EQ(o.rsp_way_o, 2, "set 5: C in way 2");
  o = wr2(m, 2, 2);
  CHECK_EQ(m->valid[2], 0, "set 0 way 2 cleared");
  CHECK_EQ(m->valid[5 * 4 + 2], 0, "set 5 way 2 cleared");
  CHECK_EQ(m->valid[5 * 4 + 1], 1, "set 5 way 1 kept");
  CHECK_EQ(m->valid[3], 1, "set 0 way 3 kept (k1 before and after)");
  waypart_free(m);
  m = mk(1);
  rows_1_8(m);
  wr2(m, 2, 2);
  o = ld(m, 0, D); FILL(o, 1, 1, C); CHECK_EQ(ranks(m), 1302, "row 10 under Flush");
  wr2(m, 2, 2);                            /* the same partition again: nothing moves */
  CHECK_EQ(m->valid[0] + m->valid[1] + m->valid[3], 3, "a write that moves nothing clears nothing");
  /* an access and a Flush write in one cycle: the fill into a moved way is cleared */
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 1, .acc_tag_i = H, .part_we_i = 1, .part_i = 3 | 1 << 3});
  FILL(o, 2, 0, 0);
  CHECK_EQ(m->valid[2], 0, "fill into way 2, moved at the same edge, cleared");
  CHECK_EQ(o.mask_o, 0x87, "mask (3,1)");
  waypart_free(m);
  group_end();
}

static void test_bypass_store(void)
{
  group_begin("bypass (0 ways, input, kernel beyond K), dropped set, stores of any kernel");
  long P[waypart_NPARAMS];
  setp(P, 3, 4, 8, 3, 4, 2, 8, 32, 0);      /* K 3: KW 2, kernel 3 beyond; Sets 3: set 3 beyond */
  waypart_model_t *m = mkp(P);
  CHECK_EQ(m->out.part_o, 2 | 1 << 3 | 1 << 6, "Even (2,1,1)");
  CHECK_EQ(m->out.mask_o, 0x3 | 0x4 << 4 | 0x8 << 8, "Even masks");
  waypart_out_t o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 0, .acc_tag_i = 9, .acc_byp_i = 1});
  CHECK_EQ(o.rsp_byp_o, 1, "acc_byp_i"); CHECK_EQ(o.rsp_valid_o, 1, "valid");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 3, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_byp_o, 1, "kernel 3 >= K");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 0, .acc_set_i = 3, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_byp_o, 1, "set 3 >= Sets dropped");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_st_i = 1, .acc_set_i = 3, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_byp_o, 1, "a store to set 3 dropped");
  CHECK_EQ(ranks(m), 123, "nothing moved");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 2, .acc_tag_i = 9});
  FILL(o, 3, 0, 0);
  o = step(m, (waypart_in_t){.part_we_i = 1, .part_i = 3 | 1 << 3 | 0 << 6});
  CHECK_EQ(o.part_o, 3 | 1 << 3, "write (3,1,0)");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 2, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_byp_o, 1, "kernel 2 has 0 ways: bypass, no probe of its own line");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 1, .acc_tag_i = 9});
  HIT(o, 3, 0);
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_st_i = 1, .acc_k_i = 3, .acc_byp_i = 1, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_inv_o, 1, "a store of kernel 3 with acc_byp_i still probes and invalidates");
  CHECK_EQ(o.rsp_way_o, 3, "way 3");
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_st_i = 1, .acc_k_i = 0, .acc_tag_i = 9});
  CHECK_EQ(o.rsp_inv_o + o.rsp_hit_o + o.rsp_byp_o, 0, "store miss: valid only");
  CHECK_EQ(o.rsp_valid_o, 1, "store miss valid");
  waypart_free(m);
  group_end();
}

static void test_partition(void)
{
  group_begin("partition writes: Even (WP13), illegal sum ignored, sum below Ways leaves unowned ways");
  unsigned c[8];
  waypart_even(4, 3, c); CHECK(c[0] == 2 && c[1] == 1 && c[2] == 1, "Even W4 K3");
  waypart_even(2, 3, c); CHECK(c[0] == 1 && c[1] == 1 && c[2] == 0, "Even W2 K3");
  waypart_even(4, 1, c); CHECK_EQ(c[0], 4, "Even W4 K1");
  waypart_even(32, 2, c); CHECK(c[0] == 16 && c[1] == 16, "Even W32 K2");
  uint64_t mk3[3];
  waypart_masks(3, (unsigned[]){1, 0, 2}, mk3);
  CHECK(mk3[0] == 1 && mk3[1] == 0 && mk3[2] == 6, "masks (1,0,2)");
  waypart_model_t *m = mk(0);
  waypart_out_t o = wr2(m, 4, 1);
  CHECK_EQ(o.part_o, 2 | 2 << 3, "(4,1) sums to 5 > 4: ignored");
  o = wr2(m, 1, 1);
  CHECK_EQ(o.part_o, 1 | 1 << 3, "(1,1) legal");
  CHECK_EQ(o.mask_o, 0x1 | 0x2 << 4, "masks (1,1): ways 2-3 unowned");
  ld(m, 0, A); ld(m, 1, B);
  for (unsigned t = 0; t < 4; t++) { o = ld(m, 0, C + t); CHECK_EQ(o.rsp_way_o, 0, "k0 fills only way 0"); }
  /* a line in an unowned way: write (4,0), fill way 3, back to (1,1): foreign hit in unowned way 3 */
  wr2(m, 4, 0);
  o = ld(m, 0, H); CHECK_EQ(o.rsp_way_o, 2, "fill way 2 (lowest invalid)");
  o = ld(m, 0, G); CHECK_EQ(o.rsp_way_o, 3, "fill way 3");
  wr2(m, 1, 1);
  o = ld(m, 1, G); HIT(o, 3, 1);
  /* a write and an access in one cycle: the access uses the old masks (WP9) */
  o = step(m, (waypart_in_t){.acc_valid_i = 1, .acc_k_i = 1, .acc_tag_i = 0x77, .part_we_i = 1, .part_i = 0 | 4 << 3});
  CHECK_EQ(o.rsp_way_o, 1, "old masks: k1 owns way 1");
  CHECK_EQ(o.mask_o, 0xf0, "new masks after the edge");
  waypart_free(m);
  group_end();
}

static void test_counters(void)
{
  group_begin("IPC and TB counters: example A's 50, start, freeze, saturation, done (WP10, WP11, WP17)");
  waypart_model_t *m = mk(0);
  const waypart_in_t run = {.meas_i = 1, .wgt_i = 1 | 3 << 8, .ret_i = 2 | 1 << 2};
  waypart_in_t i = run;
  i.start_i = 1;
  waypart_out_t o = step(m, i);
  CHECK_EQ(o.ipc_o, 5, "the start cycle counts");
  for (unsigned t = 0; t < 9; t++) o = step(m, run);
  CHECK_EQ(o.ipc_o, 50, "10 x (1 x 2 + 3 x 1)");
  i = run; i.meas_i = 0;
  o = step(m, i); CHECK_EQ(o.ipc_o, 50, "meas 0 freezes");
  i = run; i.start_i = 1; i.meas_i = 0;
  o = step(m, i); CHECK_EQ(o.ipc_o, 0, "start without meas clears");
  /* example B, the SM side: quota (2,1) */
  const waypart_in_t q = {.meas_i = 1, .tb_i = 2 | 1 << 4};
  i = q; i.start_i = 1;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "start");
  i = q; i.tbd_valid_i = 1; i.tbd_k_i = 0;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "k0 1 of 2");
  i.tbd_k_i = 1;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "k1 1 of 1, k0 1 of 2");
  i.tbd_k_i = 0; i.meas_i = 0;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "a completion with meas 0 is not counted");
  i.meas_i = 1; i.tbd_k_i = 3;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "kernel 3 >= K ignored");
  i.tbd_k_i = 0;
  o = step(m, i); CHECK_EQ(o.done_o, 1, "k0 2 of 2: done");
  CHECK(m->tbc[0] == 2 && m->tbc[1] == 1, "tbc (2,1)");
  i = q; i.start_i = 1;
  o = step(m, i); CHECK_EQ(o.done_o, 0, "start clears done");
  o = step(m, (waypart_in_t){0}); CHECK_EQ(o.done_o, 1, "Tb all 0: done the cycle after start");
  waypart_free(m);
  long P[waypart_NPARAMS];
  setp(P, 1, 2, 2, 1, 1, 2, 2, 4, 0);
  m = mkp(P);
  i = (waypart_in_t){.meas_i = 1, .wgt_i = 3, .ret_i = 3, .tbd_valid_i = 1, .tb_i = 1};
  o = step(m, i); CHECK_EQ(o.ipc_o, 9, "9");
  o = step(m, i); CHECK_EQ(o.ipc_o, 15, "18 saturates at 15");
  o = step(m, i); CHECK_EQ(o.ipc_o, 15, "stays 15");
  CHECK_EQ(m->tbc[0], 1, "1-bit TB counter saturates at 1");
  CHECK_EQ(o.done_o, 1, "done");
  waypart_free(m);
  group_end();
}

static void test_storage(void)
{
  group_begin("storage at the paper L1: 38 + 9 added, 2944 baseline, 52 + 32 row-written flags interface (doc \"Storage\")");
  long P[waypart_NPARAMS];
  setp(P, 32, 4, 20, 2, 4, 2, 8, 32, 0);
  kit_storage_t st;
  waypart_storage(P, &st);
  uint64_t g[3] = {0}, ext = 0;
  for (unsigned r = 0; r < st.nrows; r++) {
    uint64_t b = st.row[r].count * st.row[r].bits;
    if (strstr(st.row[r].what, "external:")) ext += b;
    else g[st.row[r].group] += b;
  }
  CHECK_EQ(g[KIT_ST_ADDED], 47, "added");
  CHECK_EQ(g[KIT_ST_BASELINE], 2944, "baseline");
  CHECK_EQ(g[KIT_ST_INTERFACE], 52 + 32, "interface (registers, SRAM row-written flags)");
  CHECK_EQ(ext, 131072 + 24, "external data and launch registers");
  group_end();
}

/* Random soak: invariants 1-3 after every cycle; 4-6 on each response
 * against a copy of its set (and the masks) taken before the step. */
static void test_soak(void)
{
  group_begin("soak: invariants 1-6 after every cycle, block generator, four configurations");
  static const long cfg[4][9] = {
    {32, 4, 20, 2, 4, 2, 8, 32, 0}, {3, 3, 3, 3, 1, 1, 2, 4, 1}, {4, 8, 4, 8, 8, 8, 8, 16, 0}, {2, 32, 6, 2, 4, 2, 16, 32, 1},
  };
  for (unsigned c = 0; c < 4; c++) {
    long P[waypart_NPARAMS];
    setp(P, cfg[c][0], cfg[c][1], cfg[c][2], cfg[c][3], cfg[c][4], cfg[c][5], cfg[c][6], cfg[c][7], cfg[c][8]);
    waypart_model_t *m = waypart_new(P);
    void *s = waypart_stim.create(P, 100u + c);
    char err[256];
    uint64_t in[waypart_NIN];
    waypart_out_t o, prev = {0};
    uint8_t va[32], rk[32];
    const unsigned W = m->ways;
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      waypart_stim.next(s, in);
      const waypart_in_t *i = (const waypart_in_t *)in;
      const unsigned set = i->acc_set_i < m->sets ? (unsigned)i->acc_set_i : 0u;
      memcpy(va, m->valid + (size_t)set * W, W);
      memcpy(rk, m->rank + (size_t)set * W, W);
      const uint64_t ipc0 = m->ipc;
      waypart_step(m, i, &o);
      CHECK(!waypart_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (i->rst_ni) {
        if (!i->start_i) CHECK(o.ipc_o >= ipc0, "config %u cycle %lu: invariant 6 (ipc decreased)", c, t);
        if (o.rsp_fill_o) {
          const uint64_t own = (prev.mask_o >> (i->acc_k_i * W)) & kit_mask(W);
          const unsigned v = (unsigned)o.rsp_way_o;
          unsigned exp = W;
          for (unsigned w = 0; w < W && exp == W; w++)
            if ((own >> w & 1u) && !va[w]) exp = w;
          if (exp == W)
            for (unsigned w = 0; w < W; w++)
              if ((own >> w & 1u) && (exp == W || rk[w] < rk[exp])) exp = w;
          CHECK(v == exp, "config %u cycle %lu: invariant 4 (fill way %u, expected %u)", c, t, v, exp);
        }
        if (o.rsp_byp_o || (o.rsp_valid_o && i->acc_st_i))
          CHECK(!memcmp(rk, m->rank + (size_t)set * W, W), "config %u cycle %lu: invariant 5", c, t);
      }
      prev = o;
    }
    waypart_stim.destroy(s);
    waypart_free(m);
  }
  group_end();
}

/* The self-check can fail: plant each invariant violation by hand. */
static void test_check_fails(void)
{
  group_begin("self-check: a planted duplicate tag, rank clash, over-full partition");
  char err[256];
  waypart_model_t *m = mk(0);
  ld(m, 0, A); ld(m, 0, B);
  CHECK_EQ(waypart_check(m, err, sizeof err), 0, "consistent state");
  m->tag[1] = A;
  CHECK(waypart_check(m, err, sizeof err) && strstr(err, "invariant 3"), "duplicate tag: %s", err);
  m->tag[1] = B;
  m->rank[0] = m->rank[1];
  CHECK(waypart_check(m, err, sizeof err) && strstr(err, "invariant 2"), "rank clash: %s", err);
  m->rank[0] = (uint8_t)(m->rank[1] == 3 ? 2 : 3);
  m->part[0] = 3;
  CHECK(waypart_check(m, err, sizeof err) && strstr(err, "invariant 1"), "sum 5: %s", err);
  waypart_free(m);
  group_end();
}

/* Algorithm 1 (doc "The static scheme"): the doc's two worked tables by
 * hand, then a property: on tables whose gains are non-negative and
 * non-increasing in the ways (the paper's S and I kernel types, Fig. 4),
 * Algorithm 1 reaches the brute-force optimum. */
static void table(waypart_table_t *t, unsigned ways, unsigned k, const uint32_t *v)
{
  memset(t, 0, sizeof *t);
  t->ways = ways;
  t->k = k;
  for (unsigned i = 0; i < k; i++)
    for (unsigned c = 0; c <= ways; c++) t->t[i][c] = v[i * (ways + 1) + c];
}

static void test_static(void)
{
  group_begin("static scheme (Algorithm 1): worked tables 1 and 2 by hand, 3000 concave tables agree with brute force");
  waypart_table_t t;
  waypart_static_t a, b;
  unsigned cand;
  static const uint32_t t1[] = {50, 60, 80, 90, 100, 120, 100, 105, 110, 115};
  table(&t, 4, 2, t1);
  waypart_alg1(&t, &a, &cand);
  waypart_brute(&t, &b);
  CHECK_EQ(cand, 2, "table 1 candidates (B)");
  CHECK(a.c[0] == 4 && a.c[1] == 0, "table 1 Algorithm 1 (%u, %u), expected (4, 0)", a.c[0], a.c[1]);
  /* STP = 100/100 + 120/115: 2^32 + floor(120 x 2^32 / 115) */
  CHECK_EQ((uint64_t)a.stp, 4294967296ull + 4481705004ull, "table 1 STP (2^-32)");
  CHECK(b.stp == a.stp && b.c[0] == 4 && b.c[1] == 0, "table 1 brute force");
  CHECK_EQ(waypart_part_word(&t, a.c), 0x4, "table 1 part_i");
  static const uint32_t t2[] = {10, 10, 10, 10, 100, 10, 20, 30, 40, 50};
  table(&t, 4, 2, t2);
  waypart_alg1(&t, &a, &cand);
  waypart_brute(&t, &b);
  CHECK_EQ(cand, 1, "table 2 candidates (A)");
  CHECK(a.c[0] == 0 && a.c[1] == 4, "table 2 Algorithm 1 (%u, %u), expected (0, 4)", a.c[0], a.c[1]);
  CHECK(b.c[0] == 4 && b.c[1] == 0 && b.stp > a.stp, "table 2 brute force (%u, %u), expected (4, 0) above",
        b.c[0], b.c[1]);
  CHECK_EQ(waypart_part_word(&t, a.c), 0x20, "table 2 part_i (CW 3)");
  kit_rng_t r;
  kit_rng_seed(&r, 1);
  for (unsigned n = 0; n < 3000 && group_ok(); n++) {
    const unsigned ways = 2 + (unsigned)(kit_rng_next(&r) % 7), k = 1 + (unsigned)(kit_rng_next(&r) % 4);
    memset(&t, 0, sizeof t);
    t.ways = ways;
    t.k = k;
    for (unsigned i = 0; i < k; i++) {
      /* gains non-increasing, with a margin over the 2^-32 floor of each term */
      uint32_t v = 1000 + (uint32_t)(kit_rng_next(&r) % 1000), g = 1 + (uint32_t)(kit_rng_next(&r) % 4000);
      t.t[i][0] = v;
      for (unsigned c = 1; c <= ways; c++) {
        v += g;
        t.t[i][c] = v;
        g = g > 8 ? g - 1 - (uint32_t)(kit_rng_next(&r) % (g / 2)) : g;
      }
    }
    waypart_alg1(&t, &a, NULL);
    waypart_brute(&t, &b);
    CHECK(a.stp == b.stp, "table %u (K %u, W %u): Algorithm 1 STP below brute force", n, k, ways);
  }
  group_end();
}

int main(void)
{
  test_example_a();
  test_example_a_flush();
  test_bypass_store();
  test_partition();
  test_counters();
  test_storage();
  test_static();
  test_soak();
  test_check_fails();
  return unit_done();
}
