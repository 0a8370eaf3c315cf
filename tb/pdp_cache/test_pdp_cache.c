/*
 * test_pdp_cache.c - unit tests of the PDP-protected L1 tag array's golden
 * model (cmodel/pdp_cache/pdp_cache.c) against doc/pdp_cache.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - Sets never interact (an access, a fill and a debug read each touch one
 *    set), so the state space is one set's lines: valid, reserved, tag, LRU
 *    rank, RPD. The cases are what a read does to them in each outcome
 *    (hit, miss into an invalid way, LRU or lowest unprotected victim,
 *    bypass, forced victim, NOALLOC), the RPD arithmetic (set, decrement,
 *    saturate, PD 0, PD above DMax, a PD change mid-life), what a write
 *    does under both WrEvict readings, and the fill (with an access to the
 *    same line in the same cycle, D9).
 *  - The design note's worked examples E1-E4 (doc "Paper readings" and the
 *    directed files use the same traffic) are checked with the RPDs of
 *    every way after every access, written literally from the hand working.
 *  - A seeded random soak (the block's own generator, four configurations)
 *    runs pdp_cache_check() - invariants 1-4 - after every cycle, and
 *    checks invariants 5 and 6 on each response against the set as it was.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/pdp_cache/pdp_cache.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

static void setp(long *P, long sets, long ways, long tagw, long dmax, long viclru, long resv, long wrevict)
{
  P[pdp_cache_P_Sets] = sets;
  P[pdp_cache_P_Ways] = ways;
  P[pdp_cache_P_TagW] = tagw;
  P[pdp_cache_P_DMax] = dmax;
  P[pdp_cache_P_VicLru] = viclru;
  P[pdp_cache_P_Resv] = resv;
  P[pdp_cache_P_WrEvict] = wrevict;
  P[pdp_cache_P_LineBytes] = 128;
}

static pdp_cache_model_t *mk(long sets, long ways, long dmax, long viclru, long resv, long wrevict)
{
  long P[pdp_cache_NPARAMS];
  setp(P, sets, ways, 8, dmax, viclru, resv, wrevict);
  pdp_cache_model_t *m = pdp_cache_new(P);
  if (!m) { fprintf(stderr, "pdp_cache_new failed\n"); exit(2); }
  pdp_cache_in_t i = {0};
  pdp_cache_out_t o;
  pdp_cache_step(m, &i, &o);                 /* one reset cycle */
  return m;
}

/* One access to set 0 (wr, tag, pd, byp_en); returns the response. */
static pdp_cache_out_t acc(pdp_cache_model_t *m, unsigned wr, unsigned tag, unsigned pd, unsigned byp)
{
  pdp_cache_in_t i = {.rst_ni = 1, .acc_valid_i = 1, .acc_wr_i = wr, .acc_tag_i = tag, .pd_i = pd,
                      .byp_en_i = byp};
  pdp_cache_out_t o;
  pdp_cache_step(m, &i, &o);
  return o;
}
static pdp_cache_out_t rd(pdp_cache_model_t *m, unsigned tag, unsigned pd) { return acc(m, 0, tag, pd, 1); }

/* The RPDs of set 0 as a number w0 w1 w2 w3 in decimal digits (RPD <= 9). */
static unsigned rpds(const pdp_cache_model_t *m)
{
  unsigned v = 0;
  for (unsigned w = 0; w < m->ways; w++) v = v * 10u + m->rpd[w];
  return v;
}

#define KIND(o, k, w) do { CHECK_EQ((o).rsp_kind_o, (k), "kind"); CHECK_EQ((o).rsp_way_o, (w), "way"); } while (0)

/* Design note 2.6, E1: PD 8, reads A..J into one 4-way set (Resv 0). */
static void test_e1(void)
{
  group_begin("E1: PD 8, four misses, four bypasses, then the LRU unprotected line");
  pdp_cache_model_t *m = mk(1, 4, 64, 1, 0, 1);
  pdp_cache_out_t o;
  o = rd(m, 0xa, 8); KIND(o, PDPC_MISS, 0); CHECK_EQ(rpds(m), 7000, "after A");
  o = rd(m, 0xb, 8); KIND(o, PDPC_MISS, 1); CHECK_EQ(rpds(m), 6700, "after B");
  o = rd(m, 0xc, 8); KIND(o, PDPC_MISS, 2); CHECK_EQ(rpds(m), 5670, "after C");
  o = rd(m, 0xd, 8); KIND(o, PDPC_MISS, 3); CHECK_EQ(rpds(m), 4567, "after D");
  CHECK_EQ(o.rsp_evict_o, 0, "D evicts nothing");
  o = rd(m, 0xe, 8); KIND(o, PDPC_BYPASS, 0); CHECK_EQ(rpds(m), 3456, "after E");
  o = rd(m, 0xf, 8); KIND(o, PDPC_BYPASS, 0); CHECK_EQ(rpds(m), 2345, "after F");
  o = rd(m, 0x10, 8); KIND(o, PDPC_BYPASS, 0); CHECK_EQ(rpds(m), 1234, "after G");
  o = rd(m, 0x11, 8); KIND(o, PDPC_BYPASS, 0); CHECK_EQ(rpds(m), 123, "after H");
  o = rd(m, 0x12, 8); KIND(o, PDPC_MISS, 0); CHECK_EQ(o.rsp_evict_o, 1, "I evicts A");
  CHECK_EQ(o.rsp_forced_o, 0, "A was unprotected"); CHECK_EQ(rpds(m), 7012, "after I");
  o = rd(m, 0x13, 8); KIND(o, PDPC_MISS, 1); CHECK_EQ(o.rsp_evict_o, 1, "J evicts B");
  CHECK_EQ(rpds(m), 6701, "after J");
  pdp_cache_free(m);
  group_end();
}

/* E2: PD 1, reads A B C D A E A under both VicLru readings. */
static void test_e2(void)
{
  group_begin("E2: PD 1, A B C D A E A: LRU evicts B (last A hits), lowest-way evicts A (it misses)");
  for (long lru = 1; lru >= 0; lru--) {
    pdp_cache_model_t *m = mk(1, 4, 64, lru, 0, 1);
    pdp_cache_out_t o;
    for (unsigned t = 0; t < 4; t++) { o = rd(m, 0xa + t, 1); KIND(o, PDPC_MISS, t); }
    CHECK_EQ(rpds(m), 0, "PD 1 protects nothing after its own access");
    o = rd(m, 0xa, 1); KIND(o, PDPC_HIT, 0);
    o = rd(m, 0xe, 1); KIND(o, PDPC_MISS, lru ? 1u : 0u); CHECK_EQ(o.rsp_evict_o, 1, "E evicts");
    o = rd(m, 0xa, 1); KIND(o, lru ? PDPC_HIT : PDPC_MISS, 0);   /* lowest: w0 again, evicting E */
    pdp_cache_free(m);
  }
  group_end();
}

/* E3: PD 8, A B C D, then E with byp_en 0: forced victim w0 (RPD 4). E4:
 * Resv 1, 2 ways, PD 0, A B C with no fills: MISS, MISS, NOALLOC. */
static void test_e3_e4(void)
{
  group_begin("E3: forced eviction of the smallest RPD; E4: every way reserved gives NOALLOC");
  pdp_cache_model_t *m = mk(1, 4, 64, 1, 0, 1);
  pdp_cache_out_t o;
  for (unsigned t = 0; t < 4; t++) rd(m, 0xa + t, 8);
  o = acc(m, 0, 0xe, 8, 0);
  KIND(o, PDPC_MISS, 0); CHECK_EQ(o.rsp_evict_o, 1, "evict"); CHECK_EQ(o.rsp_forced_o, 1, "forced");
  CHECK_EQ(rpds(m), 7456, "after E");
  pdp_cache_free(m);
  m = mk(1, 2, 64, 1, 1, 1);
  o = rd(m, 0xa, 0); KIND(o, PDPC_MISS, 0);
  o = rd(m, 0xb, 0); KIND(o, PDPC_MISS, 1);
  o = rd(m, 0xc, 0); KIND(o, PDPC_NOALLOC, 0);
  CHECK_EQ(m->resv[0] && m->resv[1], 1, "both ways reserved");
  o = rd(m, 0xa, 0); KIND(o, PDPC_HIT, 0); CHECK_EQ(o.rsp_resv_o, 1, "hit on a reserved line");
  pdp_cache_free(m);
  group_end();
}

/* D8: PD above DMax acts as DMax; a PD change leaves stored RPDs alone;
 * saturation at 0; PD 0 makes the touched line unprotected at once. */
static void test_pd(void)
{
  group_begin("PD: clamp to DMax, change mid-life, saturating decrement, PD 0, PD 256 (DMax 256)");
  pdp_cache_model_t *m = mk(1, 2, 4, 1, 0, 1);
  rd(m, 0xa, 7);                                     /* 7 > DMax 4: acts as 4 */
  CHECK_EQ(rpds(m), 30, "A gets 4, ends at 3");
  rd(m, 0xb, 1);                                     /* PD change: A keeps counting */
  CHECK_EQ(rpds(m), 20, "A 2, B 0");
  rd(m, 0xb, 0); rd(m, 0xb, 0); rd(m, 0xb, 0);
  CHECK_EQ(rpds(m), 0, "saturates at 0");
  pdp_cache_out_t o = rd(m, 0xc, 0);
  KIND(o, PDPC_MISS, 0); CHECK_EQ(o.rsp_forced_o, 0, "A unprotected: not forced");
  pdp_cache_free(m);
  m = mk(1, 2, 256, 1, 0, 1);                        /* PD 256 = DMax: RPD 255, the largest */
  rd(m, 0xa, 300);
  CHECK_EQ(m->rpd[0], 255, "PD 300 acts as DMax 256: RPD 255");
  rd(m, 0xb, 256);
  CHECK_EQ(m->rpd[0] * 1000u + m->rpd[1], 254255, "PD 256 again: 254 255");
  pdp_cache_free(m);
  group_end();
}

/* D6 under both readings; D7 reserved write hit; writes do not decrement. */
static void test_writes(void)
{
  group_begin("writes: hit invalidates (WrEvict 1) or keeps (0), reserved kept, miss NOALLOC, no decrement");
  for (long ev = 1; ev >= 0; ev--) {
    pdp_cache_model_t *m = mk(1, 2, 64, 1, 0, ev);
    rd(m, 0xa, 8);
    pdp_cache_out_t o = acc(m, 1, 0xa, 8, 1);
    KIND(o, PDPC_HIT, 0); CHECK_EQ(o.rsp_wr_o, 1, "wr");
    CHECK_EQ(m->valid[0], (unsigned)!ev, "valid after the write hit");
    CHECK_EQ(m->rpd[0], ev ? 0u : 7u, "rpd after the write hit (no decrement)");
    o = acc(m, 1, 0xb, 8, 1); KIND(o, PDPC_NOALLOC, 0);
    CHECK_EQ(m->valid[1], 0, "write miss allocates nothing");
    o = rd(m, 0xa, 8); KIND(o, ev ? PDPC_MISS : PDPC_HIT, 0);
    pdp_cache_free(m);
  }
  pdp_cache_model_t *m = mk(1, 2, 64, 1, 1, 1);
  rd(m, 0xa, 8);
  pdp_cache_out_t o = acc(m, 1, 0xa, 8, 1);
  KIND(o, PDPC_HIT, 0); CHECK_EQ(o.rsp_resv_o, 1, "reserved");
  CHECK_EQ(m->valid[0] && m->resv[0], 1, "a reserved line survives a write hit");
  pdp_cache_free(m);
  group_end();
}

/* D9: a fill clears resv of a valid reserved line only; with an access to
 * that line in the same cycle the access still sees it reserved. */
static void test_fill(void)
{
  group_begin("fill: clears a reserved line, ignores others, same-cycle hit still reserved");
  pdp_cache_model_t *m = mk(2, 2, 64, 1, 1, 1);
  pdp_cache_in_t i = {.rst_ni = 1, .acc_valid_i = 1, .acc_set_i = 1, .acc_tag_i = 5, .pd_i = 4,
                      .byp_en_i = 1, .fill_valid_i = 1, .fill_set_i = 1, .fill_way_i = 0};
  pdp_cache_out_t o;
  pdp_cache_step(m, &i, &o);                         /* miss into (1,0); the fill sees it free */
  KIND(o, PDPC_MISS, 0); CHECK_EQ(m->resv[2], 1, "allocated line stays reserved");
  pdp_cache_step(m, &i, &o);                         /* hit + fill of the same line */
  KIND(o, PDPC_HIT, 0); CHECK_EQ(o.rsp_resv_o, 1, "the access sees it reserved");
  CHECK_EQ(m->resv[2], 0, "the fill cleared it");
  i.acc_valid_i = 0;
  i.fill_way_i = 1;                                  /* invalid line: ignored */
  pdp_cache_step(m, &i, &o);
  CHECK_EQ(m->valid[3] || m->resv[3], 0, "fill of an invalid line ignored");
  CHECK_EQ(o.rsp_valid_o, 0, "no response without an access");
  pdp_cache_free(m);
  group_end();
}

/* doc "Storage" at the paper L1. */
static void test_storage(void)
{
  group_begin("storage: 1536 RPD bits, 5888 baseline, 38 + 64 row-written flags interface, 262144 external");
  long P[pdp_cache_NPARAMS];
  setp(P, 64, 4, 19, 64, 1, 1, 1);
  kit_storage_t st;
  pdp_cache_storage(P, &st);
  uint64_t g[3] = {0, 0, 0}, ext = 0;
  for (unsigned r = 0; r < st.nrows; r++) {
    uint64_t b = st.row[r].count * st.row[r].bits;
    if (strstr(st.row[r].what, "external:")) ext += b;
    else g[st.row[r].group] += b;
  }
  CHECK_EQ(g[KIT_ST_ADDED], 1536, "added");
  CHECK_EQ(g[KIT_ST_BASELINE], 5888, "baseline");
  CHECK_EQ(g[KIT_ST_INTERFACE], 38 + 64, "interface (registers, SRAM row-written flags)");
  CHECK_EQ(ext, 262144, "external data");
  CHECK_EQ(st.data_bytes, 32768, "capacity");
  group_end();
}

/* Random soak: invariants 1-4 after every cycle; 5 and 6 on each read
 * miss against a copy of its set taken before the step. */
static void test_soak(void)
{
  group_begin("soak: invariants 1-6 after every cycle, block generator, four configurations");
  static const long cfg[4][7] = {
    {64, 4, 19, 64, 1, 1, 1}, {2, 3, 3, 8, 0, 1, 0}, {4, 16, 4, 16, 1, 1, 1}, {1, 1, 2, 4, 1, 0, 1},
  };
  for (unsigned c = 0; c < 4; c++) {
    long P[pdp_cache_NPARAMS];
    setp(P, cfg[c][0], cfg[c][1], cfg[c][2], cfg[c][3], cfg[c][4], cfg[c][5], cfg[c][6]);
    pdp_cache_model_t *m = pdp_cache_new(P);
    void *s = pdp_cache_stim.create(P, 100u + c);
    char err[256];
    uint64_t in[pdp_cache_NIN];
    pdp_cache_out_t o;
    uint8_t va[16], rv[16], rp[16];
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      pdp_cache_stim.next(s, in);
      const pdp_cache_in_t *i = (const pdp_cache_in_t *)in;
      const size_t b = (size_t)(i->acc_set_i & (m->sets - 1u)) * m->ways;
      memcpy(va, m->valid + b, m->ways);
      memcpy(rv, m->resv + b, m->ways);
      memcpy(rp, m->rpd + b, m->ways);
      pdp_cache_step(m, i, &o);
      CHECK(!pdp_cache_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (!i->rst_ni || !o.rsp_valid_o || o.rsp_wr_o) continue;
      unsigned cand = 0, unp = 0;
      for (unsigned w = 0; w < m->ways; w++) { cand += !rv[w]; unp += !rv[w] && (!va[w] || !rp[w]); }
      if (o.rsp_kind_o == PDPC_BYPASS)
        CHECK(i->byp_en_i && cand && !unp, "config %u cycle %lu: invariant 5", c, t);
      if (o.rsp_kind_o == PDPC_MISS) {
        CHECK(!rv[o.rsp_way_o], "config %u cycle %lu: invariant 6 (reserved victim)", c, t);
        CHECK(o.rsp_forced_o == (va[o.rsp_way_o] && rp[o.rsp_way_o] != 0) && !(o.rsp_forced_o && i->byp_en_i),
              "config %u cycle %lu: invariant 6 (forced)", c, t);
      }
      if (o.rsp_kind_o == PDPC_NOALLOC) CHECK(cand == 0, "config %u cycle %lu: NOALLOC with candidates", c, t);
    }
    pdp_cache_stim.destroy(s);
    pdp_cache_free(m);
  }
  group_end();
}

/* The self-check can fail: plant each invariant violation by hand. */
static void test_check_fails(void)
{
  group_begin("self-check: a planted duplicate tag, invalid line with rpd, rpd >= DMax, rank clash");
  char err[256];
  pdp_cache_model_t *m = mk(1, 4, 8, 1, 1, 1);
  rd(m, 1, 4); rd(m, 2, 4);
  CHECK_EQ(pdp_cache_check(m, err, sizeof err), 0, "consistent state");
  m->tag[1] = 1;
  CHECK(pdp_cache_check(m, err, sizeof err) && strstr(err, "invariant 1"), "duplicate tag: %s", err);
  m->tag[1] = 2;
  m->rpd[3] = 1;
  CHECK(pdp_cache_check(m, err, sizeof err) && strstr(err, "invariant 2"), "invalid with rpd: %s", err);
  m->rpd[3] = 0;
  m->rpd[0] = 8;
  CHECK(pdp_cache_check(m, err, sizeof err) && strstr(err, "invariant 3"), "rpd 8 with DMax 8: %s", err);
  m->rpd[0] = 2;
  m->rank[0] = m->rank[1];
  CHECK(pdp_cache_check(m, err, sizeof err) && strstr(err, "invariant 4"), "rank clash: %s", err);
  pdp_cache_free(m);
  group_end();
}

int main(void)
{
  test_e1();
  test_e2();
  test_e3_e4();
  test_pd();
  test_writes();
  test_fill();
  test_storage();
  test_soak();
  test_check_fails();
  return unit_done();
}
