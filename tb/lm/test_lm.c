/*
 * test_lm.c - unit tests of the Load Monitor golden model (cmodel/lm/lm.c)
 * against the Linebacker paper (sections 3.2, 4, 4.1) and doc/lm.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The model's state is the table (per entry PC, two saturating counters,
 *    a 2-bit valid field) and the control (window cycle, state, windows,
 *    sel). Entries interact only at a window end, through the sets H_n and
 *    H_{n-1}; so the cases are the selection table of doc/lm.md (window 1,
 *    equal non-empty sets, empty set, subset, superset) at window 2 and
 *    later, plus what each entry does in a window (no access, hits only,
 *    misses only, exactly at the threshold, one access either side of it,
 *    saturation).
 *  - The paper's Figure 6 walk-through (3.2: "the monitoring finishes in
 *    first two periods and linebacker selects only Load 0") is reproduced
 *    with four loads.
 *  - Timing corners: an access in the last cycle of a window, the debug
 *    read (read before write), the victim check in the selecting cycle,
 *    reset in the middle of a window.
 *  - Every expected number below was derived by hand from doc/lm.md and is
 *    written literally; the tests never call the model's functions to
 *    compute an expectation.
 *  - A seeded random soak checks, every cycle, invariants that hold by
 *    construction (selected => sel = entries with valid 11 and no other
 *    valid bit; counters 0 after the decision; windows frozen; the high
 *    summary is every entry's classification of its counters).
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/lm/lm.h"
#include "tb/test/unit.h"

/* ---------------------------------------------------------------------- */

static lm_model_t *mk(unsigned entries, unsigned cntw, unsigned winlen, unsigned thresh,
                      unsigned wincw)
{
  long P[KIT_MAX_PARAMS];
  kit_params_default(&lm_block, P);   /* SelWin2: the default (3.2) */
  P[lm_P_Entries] = entries;
  P[lm_P_CntW] = cntw;
  P[lm_P_WinLen] = winlen;
  P[lm_P_Thresh] = thresh;
  P[lm_P_WinCntW] = wincw;
  P[lm_P_L1Bytes] = 49152;
  P[lm_P_LineBytes] = 128;
  lm_model_t *m = lm_new(P);
  if (!m) { fprintf(stderr, "lm_new failed\n"); exit(2); }
  return m;
}

static lm_out_t g_o;
static lm_out_t cyc_in(lm_model_t *m, lm_in_t in)
{
  in.rst_ni = 1;
  memset(&g_o, 0xa5, sizeof g_o); /* the model must write every field */
  lm_step(m, &in, &g_o);
  return g_o;
}
/* one access (out 0 L1 hit, 1 VTT hit, 2 miss) */
static lm_out_t acc(lm_model_t *m, uint32_t pc, unsigned out)
{
  return cyc_in(m, (lm_in_t){.acc_valid_i = 1, .acc_pc_i = pc, .acc_out_i = out});
}
static lm_out_t idle(lm_model_t *m) { return cyc_in(m, (lm_in_t){0}); }
static void idle_n(lm_model_t *m, unsigned n) { while (n--) idle(m); }
static lm_out_t dbg(lm_model_t *m, unsigned e) { return cyc_in(m, (lm_in_t){.dbg_addr_i = e}); }
static lm_out_t vcheck(lm_model_t *m, unsigned h) { return cyc_in(m, (lm_in_t){.vc_valid_i = 1, .vc_hpc_i = h}); }

/* ---------------------------------------------------------------------- */

static void test_hash(void)
{
  group_begin("hash: XOR fold of 32 PC bits (doc Hashed PC)");
  CHECK_EQ(lm_hash(0x123, 5), 10, "hash(0x123)");          /* 3 ^ 9 */
  CHECK_EQ(lm_hash(0x102, 5), 10, "hash(0x102)");          /* 2 ^ 8: collision */
  CHECK_EQ(lm_hash(0, 5), 0, "hash(0)");
  CHECK_EQ(lm_hash(0xffffffffu, 5), 3, "hash(~0)");       /* six 31s cancel, 00011 */
  CHECK_EQ(lm_hash(0xc0000000u, 5), 3, "hash(bits 31:30)");/* last group zero-extended */
  CHECK_EQ(lm_hash(0x40000000u, 5), 1, "hash(bit 30)");
  CHECK_EQ(lm_hash(0x02000000u, 5), 1, "hash(bit 25)");
  CHECK_EQ(lm_hash(0xffffffffu, 1), 0, "hash1(~0)");       /* 32 ones */
  CHECK_EQ(lm_hash(0x7fffffffu, 1), 1, "hash1(31 ones)");
  CHECK_EQ(lm_hash(0xffffffffu, 3), 3, "hash3(~0)");       /* ten 7s cancel, 011 */
  CHECK_EQ(lm_hash(0x000000f0u, 4), 15, "hash4(0xf0)");
  CHECK_EQ(lm_hash(0x0000ff00u, 4), 0, "hash4(0xff00)");
  group_end();
}

static void test_threshold(void)
{
  group_begin("classification: 100*hit > T*(hit+miss), strict (doc Classification)");
  CHECK_EQ(lm_high(0, 0, 20), 0, "no accesses");
  CHECK_EQ(lm_high(1, 4, 20), 0, "exactly 20%");
  CHECK_EQ(lm_high(2, 7, 20), 1, "22.2%");
  CHECK_EQ(lm_high(1, 5, 20), 0, "16.7%");
  CHECK_EQ(lm_high(0, 9, 20), 0, "misses only");
  CHECK_EQ(lm_high(1, 0, 20), 1, "one hit");
  CHECK_EQ(lm_high(0, 0, 0), 0, "T=0, no accesses");
  CHECK_EQ(lm_high(1, 1000, 0), 1, "T=0, one hit");
  CHECK_EQ(lm_high(99, 1, 99), 0, "T=99 at 99%");
  CHECK_EQ(lm_high(100, 1, 99), 1, "T=99 above");
  CHECK_EQ(lm_high(0xffffffffu, 0xffffffffu, 49), 1, "50% > 49% at 2^32-1 (no overflow)");
  CHECK_EQ(lm_high(0xffffffffu, 0xffffffffu, 50), 0, "50% at 2^32-1");
  group_end();
}

/* Figure 6 (3.2): four loads during the monitoring periods P0 and P1; only
 * Load 0 is high-locality (60% hits) in both; Load 1 sits exactly at the
 * threshold (20%, not high), Load 2 at 10%, Load 3 never hits.
 * Paper configuration: WinLen 50000, T 20%. Load k at PC 0x100 + 8k. */
static void test_figure6(void)
{
  group_begin("Figure 6 walk-through: Load 0 selected at the end of the second window");
  lm_model_t *m = mk(32, 32, 50000, 20, 8);
  const uint32_t pc[4] = {0x100, 0x108, 0x110, 0x118};
  /* hashes: 0x100: [9:5] = 8 -> 8; 0x108 -> 8^8=0; 0x110 -> 16^8=24; 0x118 -> 24^8=16 */
  CHECK_EQ(lm_hash(pc[0], 5), 8, "hpc load 0");
  CHECK_EQ(lm_hash(pc[1], 5), 0, "hpc load 1");
  CHECK_EQ(lm_hash(pc[2], 5), 24, "hpc load 2");
  CHECK_EQ(lm_hash(pc[3], 5), 16, "hpc load 3");
  lm_out_t o;
  for (unsigned w = 0; w < 2; w++) {
    /* 50000 cycles: 4 accesses every 10 cycles, 20000 accesses */
    for (unsigned c = 0; c < 50000; c++) {
      unsigned k = c % 10, j = (c / 10) % 10;  /* j: which of 10 rounds */
      if (k < 4) {
        unsigned outc;
        if (k == 0) outc = j < 6 ? 0 : 2;              /* load 0: 60% hits */
        else if (k == 1) outc = j < 2 ? 1 : 2;         /* load 1: 20% (VTT hits) */
        else if (k == 2) outc = j < 1 ? 0 : 2;         /* load 2: 10% */
        else outc = 2;                                 /* load 3: 0% */
        o = acc(m, pc[k], outc);
      } else {
        o = idle(m);
      }
      if (c == 49999) {
        CHECK_EQ(o.win_end_o, 1, "win_end");
        CHECK_EQ(o.windows_o, w + 1, "windows");
        CHECK_EQ(o.state_o, w == 0 ? LM_ST_MONITOR : LM_ST_SELECTED, "state");
        CHECK_EQ(o.sel_mask_o, w == 0 ? 0 : 1u << 8, "sel_mask");
      } else {
        CHECK_EQ(o.win_end_o, 0, "win_end mid-window");
      }
    }
    if (w == 0) {
      CHECK_EQ(m->valid[8], 1, "load 0 valid after P0");
      CHECK_EQ(m->valid[0], 0, "load 1 valid after P0 (exactly 20%: not high)");
      CHECK_EQ(m->valid[24], 0, "load 2 valid after P0");
    }
  }
  CHECK_EQ(m->valid[8], 3, "load 0 valid after P1");
  CHECK_EQ(m->valid[0], 0, "load 1 valid after P1");
  CHECK_EQ(m->pc[8], 0x100, "load 0 PC stored");
  o = vcheck(m, 8);
  CHECK_EQ(o.useful_o, 1, "victim of load 0 useful");
  o = vcheck(m, 0);
  CHECK_EQ(o.useful_o, 0, "victim of load 1 not useful");
  lm_free(m);
  group_end();
}

/* Windows of 4 cycles from here on (doc Timing example). */
static void test_timing_example(void)
{
  group_begin("doc timing example: boundary cycle counts in the ending window");
  lm_model_t *m = mk(32, 32, 4, 20, 8);
  lm_out_t o = acc(m, 0x123, 0);
  CHECK_EQ(o.acc_hpc_o, 10, "acc_hpc");
  acc(m, 0x123, 2);
  o = idle(m);
  CHECK_EQ(o.acc_hpc_o, 0, "acc_hpc idle");
  o = acc(m, 0x123, 2);   /* last cycle of window 1: counts (1 hit, 2 misses, 33%) */
  CHECK_EQ(o.win_end_o, 1, "win_end");
  CHECK_EQ(o.windows_o, 1, "windows");
  CHECK_EQ(m->valid[10], 1, "valid 01");
  CHECK_EQ(m->hit[10] + m->miss[10], 0, "counters cleared");
  for (int i = 0; i < 3; i++) { o = acc(m, 0x123, 0); CHECK_EQ(o.win_end_o, 0, "win_end"); }
  o = acc(m, 0x123, 0);
  CHECK_EQ(o.win_end_o, 1, "win_end 2");
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "selected");
  CHECK_EQ(o.sel_mask_o, 1u << 10, "sel_mask");
  CHECK_EQ(o.windows_o, 2, "windows 2");
  lm_free(m);

  /* the boundary access decides: 1 hit + 4 misses in window 1 would be
   * exactly 20% (not high); the fifth miss lands in the last cycle */
  m = mk(32, 32, 8, 20, 8);
  acc(m, 0x40, 0); acc(m, 0x40, 2); acc(m, 0x40, 2); acc(m, 0x40, 2);
  idle_n(m, 3);
  o = acc(m, 0x40, 0);    /* cycle 7 (last): 2 hits, 3 misses -> 40%: high */
  CHECK_EQ(m->valid[2], 1, "0x40 high with the boundary hit");
  acc(m, 0x40, 0);        /* cycle 0 of window 2: counts in window 2 */
  CHECK_EQ(m->hit[2], 1, "next window's first access");
  lm_free(m);
  group_end();
}

static void run_window(lm_model_t *m, const uint32_t *pcs, const unsigned *outs, unsigned n,
                       unsigned winlen, lm_out_t *last)
{
  for (unsigned c = 0; c < winlen; c++) *last = c < n ? acc(m, pcs[c], outs[c]) : idle(m);
}

static void test_paths(void)
{
  lm_out_t o;
  /* A = 0x1 (hpc 1), B = 0x2 (hpc 2), C = 0x4 (hpc 4); WinLen 8 */
  const uint32_t AB[2] = {0x1, 0x2}, A1[1] = {0x1}, B1[1] = {0x2};
  const unsigned HH[2] = {0, 1}, H1[1] = {0}, M1[1] = {2};

  group_begin("path: subset mismatch continues, then the subset is selected (3.2 second choice)");
  lm_model_t *m = mk(32, 32, 8, 20, 8);
  run_window(m, AB, HH, 2, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "after w1");
  run_window(m, A1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "after w2 (subset)");
  CHECK_EQ(o.windows_o, 2, "windows 2");
  CHECK_EQ(m->valid[2], 2, "B dropped: valid 10");
  run_window(m, A1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "after w3");
  CHECK_EQ(o.sel_mask_o, 0x2, "sel {A}");
  CHECK_EQ(o.windows_o, 3, "windows 3");
  lm_free(m);
  group_end();

  group_begin("path: superset (a load first seen in window 2) continues, then both selected");
  m = mk(32, 32, 8, 20, 8);
  run_window(m, A1, H1, 1, 8, &o);
  run_window(m, AB, HH, 2, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "after w2 (superset)");
  CHECK_EQ(m->valid[2], 1, "B new: valid 01");
  run_window(m, AB, HH, 2, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "after w3");
  CHECK_EQ(o.sel_mask_o, 0x6, "sel {A,B}");
  lm_free(m);
  group_end();

  group_begin("path: disabled after two empty windows (3.2 third choice)");
  m = mk(32, 32, 8, 20, 8);
  run_window(m, A1, M1, 1, 8, &o);   /* a miss only: not high */
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "window 1 empty: continue");
  run_window(m, A1, M1, 0, 8, &o);   /* no access */
  CHECK_EQ(o.state_o, LM_ST_DISABLED, "disabled");
  CHECK_EQ(o.windows_o, 2, "windows 2");
  CHECK_EQ(o.sel_mask_o, 0, "sel 0");
  lm_free(m);
  group_end();

  group_begin("path: empty window after non-empty ones disables; window-1-empty then select");
  m = mk(32, 32, 8, 20, 8);
  run_window(m, A1, H1, 1, 8, &o);
  run_window(m, B1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "A then B: continue");
  run_window(m, B1, H1, 0, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_DISABLED, "then empty: disabled");
  CHECK_EQ(o.windows_o, 3, "windows 3");
  CHECK_EQ(m->valid[2], 2, "B 10 frozen");
  lm_free(m);
  m = mk(32, 32, 8, 20, 8);
  run_window(m, A1, H1, 0, 8, &o);
  run_window(m, A1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_MONITOR, "empty then A: continue");
  run_window(m, A1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "A again: selected");
  CHECK_EQ(o.windows_o, 3, "windows 3");
  lm_free(m);
  group_end();

  group_begin("after the decision: frozen until reset, windows kept, win_end keeps pulsing");
  m = mk(32, 32, 8, 20, 8);
  run_window(m, A1, H1, 1, 8, &o);
  run_window(m, A1, H1, 1, 8, &o);
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "selected");
  run_window(m, B1, H1, 1, 8, &o);
  CHECK_EQ(o.win_end_o, 1, "win_end still pulses");
  CHECK_EQ(o.windows_o, 2, "windows frozen");
  CHECK_EQ(m->hit[2] + m->pc[2], 0, "no counting, no PC store");
  o = dbg(m, 1);
  o = idle(m);
  CHECK_EQ(m->valid[1], 3, "valid kept");
  lm_in_t r = {0};
  lm_step(m, &r, &o);
  CHECK_EQ(o.state_o + o.sel_mask_o + o.windows_o + m->valid[1] + m->pc[1], 0, "reset clears");
  lm_free(m);
  group_end();
}

static void test_collision_and_pc(void)
{
  group_begin("collision: two PCs share an entry, the first non-zero PC is kept");
  lm_model_t *m = mk(32, 32, 8, 20, 8);
  lm_out_t o;
  acc(m, 0x123, 2);
  acc(m, 0x102, 0);                 /* same hpc 10 */
  acc(m, 0x102, 2);
  o = dbg(m, 10);                   /* registered read, visible after this edge */
  CHECK_EQ(o.dbg_pc_o, 0x123, "first PC kept");
  CHECK_EQ(o.dbg_hit_o, 1, "shared hit");
  CHECK_EQ(o.dbg_miss_o, 2, "shared miss");
  lm_free(m);
  m = mk(32, 32, 8, 20, 8);
  acc(m, 0x0, 0);                   /* PC 0: field stays 0 */
  acc(m, 0x21, 0);                  /* hash 1^1 = 0: stores 0x21 */
  acc(m, 0x42, 0);                  /* hash 2^2 = 0: kept 0x21 */
  CHECK_EQ(m->pc[0], 0x21, "PC 0 then a collider");
  CHECK_EQ(m->hit[0], 3, "three hits");
  lm_free(m);
  group_end();

  group_begin("debug read is read-before-write; reserved outcome ignored");
  m = mk(32, 32, 8, 20, 8);
  o = cyc_in(m, (lm_in_t){.acc_valid_i = 1, .acc_pc_i = 0x5, .acc_out_i = 0, .dbg_addr_i = 5});
  CHECK_EQ(o.dbg_hit_o, 0, "same-cycle read sees the old value");
  CHECK_EQ(o.dbg_pc_o, 0, "old pc");
  o = dbg(m, 5);
  CHECK_EQ(o.dbg_hit_o, 1, "next read sees it");
  CHECK_EQ(o.dbg_pc_o, 5, "pc");
  o = acc(m, 0x5, 3);
  CHECK_EQ(o.acc_hpc_o, 0, "reserved: no hpc");
  CHECK_EQ(m->hit[5] + m->miss[5], 1, "reserved: no count");
  lm_free(m);
  group_end();
}

static void test_saturation(void)
{
  group_begin("saturation: CntW=2 counters stop at 3; ratio of saturated values");
  lm_model_t *m = mk(4, 2, 16, 20, 2);
  /* entry 1 (pc 1): 5 hits, 1 miss -> hit 3, miss 1; then 9 misses -> 3 */
  for (int i = 0; i < 5; i++) acc(m, 1, 0);
  CHECK_EQ(m->hit[1], 3, "hit saturated");
  for (int i = 0; i < 10; i++) acc(m, 1, 2);
  CHECK_EQ(m->miss[1], 3, "miss saturated");
  lm_out_t o = idle(m);   /* cycle 15: window end, 3 hits vs 3 misses: 50% high */
  CHECK_EQ(o.win_end_o, 1, "win_end");
  CHECK_EQ(m->valid[1], 1, "high from saturated counters");
  lm_free(m);
  /* windows_o saturation: WinCntW 2, alternate A / B sets forever */
  m = mk(4, 8, 2, 20, 2);
  for (unsigned w = 0; w < 6; w++) {
    acc(m, w & 1 ? 2 : 1, 0);
    o = idle(m);
    CHECK_EQ(o.state_o, LM_ST_MONITOR, "never equal, never empty");
    CHECK_EQ(o.windows_o, w + 1 > 3 ? 3 : w + 1, "windows saturates at 3");
  }
  lm_free(m);
  group_end();
}

static void test_victim_timing(void)
{
  group_begin("victim check: answered from the state before the edge");
  lm_model_t *m = mk(32, 32, 2, 20, 8);
  acc(m, 7, 0); idle(m);            /* w1: {7} */
  acc(m, 7, 0);
  lm_out_t o = vcheck(m, 7);        /* last cycle of w2: selection happens now */
  CHECK_EQ(o.state_o, LM_ST_SELECTED, "selected at this edge");
  CHECK_EQ(o.useful_o, 0, "check in the selecting cycle: 0");
  o = vcheck(m, 7);
  CHECK_EQ(o.useful_o, 1, "next cycle: useful");
  o = idle(m);
  CHECK_EQ(o.useful_o, 0, "no check: 0");
  lm_free(m);
  group_end();
}

/* Random soak with invariants (Entries 2..32, tiny windows and counters). */
static void test_soak(uint64_t seed)
{
  group_begin("soak: 300000 random steps, invariants");
  kit_rng_t r;
  kit_rng_seed(&r, seed);
  for (unsigned run = 0; run < 30; run++) {
    unsigned E = 2u << kit_rng_below(&r, 5);
    lm_model_t *m = mk(E, 1 + (unsigned)kit_rng_below(&r, 6), 2 + (unsigned)kit_rng_below(&r, 20),
                       (unsigned)kit_rng_below(&r, 100), 1 + (unsigned)kit_rng_below(&r, 4));
    unsigned prev_state = 0, prev_windows = 0;
    for (unsigned c = 0; c < 10000; c++) {
      lm_in_t in = {.rst_ni = !kit_rng_chance(&r, 2), .acc_valid_i = kit_rng_below(&r, 2),
                    .acc_pc_i = kit_rng_below(&r, 3 * E), .acc_out_i = kit_rng_below(&r, 4),
                    .vc_valid_i = 1, .vc_hpc_i = kit_rng_below(&r, E), .dbg_addr_i = kit_rng_below(&r, E)};
      lm_out_t o;
      lm_step(m, &in, &o);
      if (o.state_o == LM_ST_SELECTED) {
        uint32_t v11 = 0, any = 0;
        for (unsigned e = 0; e < E; e++) {
          if (m->valid[e] == 3) v11 |= 1u << e;
          if (m->valid[e]) any |= 1u << e;
          CHECK_EQ(m->hit[e] + m->miss[e], 0, "counters 0 after selection");
        }
        CHECK_EQ(o.sel_mask_o, v11, "sel = valid 11");
        CHECK_EQ(any, v11, "no other valid bit");
        CHECK_EQ(o.useful_o, prev_state == LM_ST_SELECTED ? (o.sel_mask_o >> in.vc_hpc_i) & 1u : 0, "useful");
      } else {
        CHECK_EQ(o.sel_mask_o, 0, "sel 0 unless selected");
        CHECK_EQ(o.useful_o, 0, "useful 0 unless selected");
      }
      CHECK_EQ(o.state_o != 3, 1, "state 3 never");
      uint32_t high = 0;                         /* doc "Decision (incremental classification)" */
      for (unsigned e = 0; e < E; e++)
        high |= (uint32_t)(100u * (uint64_t)m->hit[e] > (uint64_t)m->thresh * ((uint64_t)m->hit[e] + m->miss[e])) << e;
      CHECK_EQ(m->high, high, "high summary = classification of every entry");
      if (in.rst_ni && prev_state != LM_ST_MONITOR) {
        CHECK_EQ(o.state_o, prev_state, "decision final");
        CHECK_EQ(o.windows_o, prev_windows, "windows frozen");
      }
      prev_state = (unsigned)o.state_o;
      prev_windows = (unsigned)o.windows_o;
    }
    lm_free(m);
  }
  group_end();
}

int main(int argc, char **argv)
{
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x4c4d2d534f414bull;
  test_hash();
  test_threshold();
  test_figure6();
  test_timing_example();
  test_paths();
  test_collision_and_pc();
  test_saturation();
  test_victim_timing();
  test_soak(seed);
  return unit_done();
}
