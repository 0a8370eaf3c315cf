/*
 * test_coalescer.c - unit tests of the coalescer's golden model
 * (cmodel/coalescer/coalescer.c) and of the offline algorithm
 * (coalescer_alg) against doc/coalescer.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The state is one warp buffer, one request register, the line table
 *    and the estimator. The cases are the doc's worked examples end to
 *    end: B (a scattered warp in both modes: counts, order, tmask,
 *    smask), C (the handshake cycle by cycle, a stall, no bubble between
 *    warps, the sampled array[tid%32*32] run), A (every block pattern of
 *    the design note and Table 3, both strategies, the bfs-1 loads, the
 *    element sizes), each also run through coalescer_alg, which must give
 *    the block's values (CO12's visited[] with unknown addresses too);
 *    the sampling rules of CO8 (a restart, a warp outside a sample,
 *    unsampled warps, a sample without last), the inputs outside the
 *    protocol (CO5) and saturation (CO13).
 *  - A seeded random soak (the block's own generator, three
 *    configurations) runs coalescer_check() - invariants 3-6 - after
 *    every cycle and checks invariants 1 and 2 on the request stream.
 *  - coalescer_check() itself is shown failing on planted states.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/coalescer/coalescer.h"
#include "tb/stim/source.h"
#include "tb/test/unit.h"

#define ULL(x) ((unsigned long long)(x))

static long Pcur[coalescer_NPARAMS];

/* The defaults with the given overrides (NAME=VALUE words), after one
 * reset cycle. */
static coalescer_model_t *mk(const char *params)
{
  char err[256];
  if (kit_params_text(&coalescer_block, Pcur, params, err, sizeof err)) { fprintf(stderr, "%s\n", err); exit(2); }
  coalescer_model_t *m = coalescer_new(Pcur);
  if (!m) { fprintf(stderr, "coalescer_new failed\n"); exit(2); }
  coalescer_in_t i = {0};
  coalescer_out_t o;
  coalescer_step(m, &i, &o);
  return m;
}

/* One warp's inputs: lanes' addresses a[0..31]. */
static coalescer_in_t warp_in(const uint64_t *a, uint32_t mask, unsigned size, unsigned ca)
{
  coalescer_in_t i = {.rst_ni = 1, .in_valid_i = 1, .in_mask_i = mask, .in_size_i = size, .in_ca_i = ca,
                      .req_ready_i = 1};
  uint64_t *iv = (uint64_t *)&i;
  for (unsigned k = 0; k < 32; k++) iv[coalescer_in_a00_i + k] = a[k];
  return i;
}

static coalescer_out_t idle(coalescer_model_t *m, unsigned ready)
{
  coalescer_in_t i = {.rst_ni = 1, .req_ready_i = ready};
  coalescer_out_t o;
  coalescer_step(m, &i, &o);
  return o;
}

/* Example B. */
static const uint64_t ex_b[8] = {0x2468, 0x0104, 0x2470, 0x0180, 0x24A0, 0x0108, 0x7FFC, 0x2404};

static void test_b(void)
{
  group_begin("B: scattered warp, first-thread order, both modes (counts 8, 6, 5)");
  static const uint64_t off[6][3] = {{0x2460, 0x05, 0x8}, {0x0100, 0x22, 0x1}, {0x0180, 0x08, 0x1},
                                     {0x24A0, 0x10, 0x2}, {0x7FE0, 0x40, 0x8}, {0x2400, 0x80, 0x1}};
  static const uint64_t on[5][3] = {{0x2400, 0x85, 0x9}, {0x0100, 0x22, 0x1}, {0x0180, 0x08, 0x1},
                                    {0x2480, 0x10, 0x2}, {0x7F80, 0x40, 0x8}};
  uint64_t a[32];
  for (unsigned k = 0; k < 32; k++) a[k] = k < 8 ? ex_b[k] : 0xFFFFFFFFu;
  for (unsigned ca = 0; ca < 2; ca++) {
    coalescer_model_t *m = mk("");
    coalescer_in_t i = warp_in(a, 0xFF, 2, ca);
    coalescer_out_t o;
    coalescer_step(m, &i, &o);
    CHECK(o.cnt_valid_o && o.cnt_act_o == 8 && o.cnt_seg_o == 6 && o.cnt_line_o == 5 && !o.cnt_err_o,
          "ca %u counts %llu %llu %llu err %llu", ca, ULL(o.cnt_act_o), ULL(o.cnt_seg_o), ULL(o.cnt_line_o),
          ULL(o.cnt_err_o));
    const unsigned n = ca ? 5 : 6;
    for (unsigned k = 0; k < n; k++) {
      const uint64_t *e = ca ? on[k] : off[k];
      CHECK(o.req_valid_o && o.req_addr_o == e[0] && o.req_tmask_o == e[1] && o.req_smask_o == e[2] &&
                o.req_line_o == ca && o.req_first_o == (k == 0) && o.req_last_o == (k == n - 1),
            "ca %u request %u: addr 0x%llx tmask 0x%llx smask 0x%llx first %llu last %llu", ca, k,
            ULL(o.req_addr_o), ULL(o.req_tmask_o), ULL(o.req_smask_o), ULL(o.req_first_o), ULL(o.req_last_o));
      CHECK(o.in_ready_o == (k == n - 1), "ca %u request %u: in_ready %llu", ca, k, ULL(o.in_ready_o));
      o = idle(m, 1);
    }
    CHECK(!o.req_valid_o, "ca %u: a request after the last", ca);
    coalescer_free(m);
  }
  group_end();
}

/* array[tid] at base for warp w (4 B). */
static void arr(uint64_t *a, uint64_t base, unsigned w)
{
  for (unsigned k = 0; k < 32; k++) a[k] = base + (uint64_t)(w * 32u + k) * 4u;
}

static void test_c(void)
{
  group_begin("C: timing with back-pressure, no bubble between warps");
  coalescer_model_t *m = mk("");
  uint64_t x[32], y[32];
  arr(x, 0x10000, 0);
  arr(y, 0x10080, 0);
  static const unsigned ready[7] = {0, 1, 1, 0, 1, 1, 1};
  static const uint64_t exp_addr[7] = {0, 0x10000, 0x10020, 0x10020, 0x10040, 0x10060, 0x10080};
  static const uint64_t exp_tm[7] = {0, 0xFF, 0xFF00, 0xFF00, 0xFF0000, 0xFF000000u, 0xFF};
  static const unsigned exp_rdy[7] = {0, 0, 0, 0, 0, 1, 0};
  for (unsigned c = 1; c <= 6; c++) {
    coalescer_in_t i = warp_in(c == 1 ? x : y, 0xFFFFFFFFu, 2, 0);
    i.req_ready_i = ready[c];
    coalescer_out_t o;
    coalescer_step(m, &i, &o);
    CHECK(o.req_valid_o && o.req_addr_o == exp_addr[c] && o.req_tmask_o == exp_tm[c] && o.in_ready_o == exp_rdy[c],
          "cycle %u: addr 0x%llx tmask 0x%llx in_ready %llu", c, ULL(o.req_addr_o), ULL(o.req_tmask_o),
          ULL(o.in_ready_o));
    CHECK(o.req_first_o == (c == 1 || c == 6) && o.req_last_o == (c == 5), "cycle %u: first/last", c);
    if (c == 1)
      CHECK(o.cnt_valid_o && o.cnt_act_o == 32 && o.cnt_seg_o == 4 && o.cnt_line_o == 1, "cycle 1: counts");
    CHECK(o.cnt_valid_o == (c == 1 || c == 6), "cycle %u: cnt_valid %llu", c, ULL(o.cnt_valid_o));
  }
  coalescer_free(m);
  group_end();
}

/* A sampled block of nthreads threads (addr(tid)), 4 B unless size, ready
 * always 1, warps back to back; returns the outputs of the close and
 * counts the requests and the edge of the close. */
typedef uint64_t (*addr_fn)(unsigned tid);
typedef struct run { coalescer_out_t o; unsigned reqs, close_edge, closes; } run_t;

static run_t run_block(coalescer_model_t *m, addr_fn f, unsigned nthreads, unsigned size, unsigned ca)
{
  run_t r = {0};
  const unsigned nw = (nthreads + 31u) / 32u;
  unsigned w = 0;
  for (unsigned edge = 1; edge < 100000 && r.closes == 0; edge++) {
    coalescer_in_t i = {.rst_ni = 1, .req_ready_i = 1};
    if (w < nw) {
      uint64_t a[32] = {0};
      uint32_t mask = 0;
      for (unsigned k = 0; k < 32; k++)
        if (w * 32u + k < nthreads) { a[k] = f(w * 32u + k); mask |= 1u << k; }
      i = warp_in(a, mask, size, ca);
      i.in_est_i = 1;
      i.in_first_i = w == 0;
      i.in_last_i = w == nw - 1;
    }
    const unsigned ready_before = (unsigned)m->out.in_ready_o;
    coalescer_out_t o;
    coalescer_step(m, &i, &o);
    if (w < nw && ready_before) w++;
    r.reqs += (unsigned)o.req_valid_o;   /* ready always 1: a valid request is a new one */
    if (o.est_valid_o) { r.o = o; r.close_edge = edge; r.closes++; }
  }
  return r;
}

static unsigned ecur = 4;
static uint64_t f_tid(unsigned t) { return 0x10000 + (uint64_t)t * ecur; }
static uint64_t f_tid32(unsigned t) { return 0x10000 + (uint64_t)t * 128u; }
static uint64_t f_mod32(unsigned t) { return 0x10000 + (uint64_t)(t % 32u) * 128u; }
static uint64_t f_mod16(unsigned t) { return 0x10000 + (uint64_t)(t % 16u) * 4u; }
static uint64_t f_div16(unsigned t) { return 0x10000 + (uint64_t)(t / 16u) * 4u; }
static uint64_t f_34(unsigned t) { return 0x10000 + (uint64_t)t * 136u; }
static uint64_t f_4tid(unsigned t) { return 0x10000 + (uint64_t)t * 16u; }
static uint64_t f_visited(unsigned t) { return 0x100000 + (uint64_t)((t * 37u) % 512u) * 128u; }

typedef struct pat {
  const char *name;
  addr_fn f;
  unsigned threads;
  uint64_t s, u;
  unsigned rule, loc, cache, ovf;
} pat_t;

static void check_alg(const pat_t *p, unsigned aggr)
{
  uint64_t a[512];
  for (unsigned t = 0; t < p->threads; t++) a[t] = p->f(t);
  long P[coalescer_NPARAMS];
  memcpy(P, Pcur, sizeof P);
  P[coalescer_P_Aggr] = aggr;
  coalescer_alg_t r;
  CHECK(!coalescer_alg(a, NULL, p->threads, P, 0, &r), "%s: coalescer_alg failed", p->name);
  CHECK(r.warps == (p->threads + 31u) / 32u && r.segs == p->s && r.lines == p->u && r.rule == p->rule &&
            r.loc == p->loc && r.cache == (p->cache | (aggr && p->rule == COAL_EQ && p->u < 128)),
        "%s offline: W %llu S %llu U %llu rule %u loc %u cache %u", p->name, ULL(r.warps), ULL(r.segs),
        ULL(r.lines), r.rule, r.loc, r.cache);
}

static void test_a(void)
{
  group_begin("A: block patterns of the design note and Table 3 (block and coalescer_alg agree)");
  static const pat_t pats[] = {
    {"array[tid]", f_tid, 256, 32, 8, 0, 1, 0, 0},
    {"array[tid*32]", f_tid32, 256, 256, 256, 2, 0, 0, 1},
    {"array[tid%32*32]", f_mod32, 256, 256, 32, 1, 2, 1, 0},
    {"array[tid%32*32] 4 warps", f_mod32, 128, 128, 32, 0, 2, 0, 0},
    {"delta[tid%16]", f_mod16, 256, 16, 1, 1, 3, 1, 0},
    {"ly[tid/16]", f_div16, 256, 8, 1, 1, 3, 1, 0},
    {"input[34 tid]", f_34, 256, 256, 256, 2, 0, 0, 1},
    {"bfs-1 now[tid]", f_tid, 512, 64, 16, 0, 1, 0, 0},
    {"bfs-1 children[4 tid]", f_4tid, 512, 256, 64, 0, 1, 0, 0},
    {"bfs-1 visited (512 lines)", f_visited, 512, 512, 512, 2, 0, 0, 1},
  };
  for (unsigned k = 0; k < sizeof pats / sizeof pats[0]; k++) {
    const pat_t *p = &pats[k];
    for (unsigned aggr = 0; aggr < 2; aggr++) {
      coalescer_model_t *m = mk(aggr ? "Aggr=1" : "");
      ecur = 4;
      const run_t r = run_block(m, p->f, p->threads, 2, 0);
      const unsigned cache = p->cache | (aggr && p->rule == COAL_EQ && p->u < 128);
      CHECK(r.closes == 1 && r.o.est_warps_o == (p->threads + 31u) / 32u && r.o.est_segs_o == p->s &&
                r.o.est_lines_o == p->u && r.o.est_rule_o == p->rule && r.o.est_loc_o == p->loc &&
                r.o.est_cache_o == cache && r.o.est_ovf_o == p->ovf,
            "%s Aggr %u: W %llu S %llu U %llu rule %llu loc %llu cache %llu ovf %llu", p->name, aggr,
            ULL(r.o.est_warps_o), ULL(r.o.est_segs_o), ULL(r.o.est_lines_o), ULL(r.o.est_rule_o),
            ULL(r.o.est_loc_o), ULL(r.o.est_cache_o), ULL(r.o.est_ovf_o));
      CHECK(r.reqs == p->s, "%s: %u requests, want S = %llu", p->name, r.reqs, ULL(p->s));
      check_alg(p, aggr);
      coalescer_free(m);
    }
  }
  /* the sampled array[tid%32*32] run of example C: requests after edges 1..256, the close at 256 */
  coalescer_model_t *m = mk("");
  const run_t r = run_block(m, f_mod32, 256, 2, 0);
  CHECK(r.close_edge == 256 && r.reqs == 256, "tid%%32*32: close after edge %u, %u requests", r.close_edge, r.reqs);
  coalescer_free(m);
  /* one warp of array[tid] with 1..16 B elements: (nseg, nline) */
  static const unsigned seg[5] = {1, 2, 4, 8, 16}, line[5] = {1, 1, 1, 2, 4};
  for (unsigned s = 0; s < 5; s++) {
    m = mk("");
    ecur = 1u << s;
    uint64_t a[32];
    for (unsigned k = 0; k < 32; k++) a[k] = f_tid(k);
    coalescer_in_t i = warp_in(a, 0xFFFFFFFFu, s, 0);
    coalescer_out_t o;
    coalescer_step(m, &i, &o);
    CHECK(o.cnt_seg_o == seg[s] && o.cnt_line_o == line[s] && !o.cnt_err_o, "size %u B: %llu, %llu", 1u << s,
          ULL(o.cnt_seg_o), ULL(o.cnt_line_o));
    coalescer_free(m);
  }
  group_end();
}

static void test_alg_unknown(void)
{
  group_begin("CO12: coalescer_alg with unknown addresses (visited[childID]: case 4, each inf its own or one)");
  uint64_t a[512] = {0};
  unsigned char known[512] = {0};
  coalescer_alg_t r;
  coalescer_free(mk(""));                           /* sets Pcur to the defaults */
  CHECK(!coalescer_alg(a, known, 512, Pcur, 0, &r) && r.segs == 512 && r.lines == 512 && r.rule == COAL_UNKNOWN &&
            !r.cache,
        "inf each: S %llu U %llu rule %u", ULL(r.segs), ULL(r.lines), r.rule);
  CHECK(!coalescer_alg(a, known, 512, Pcur, 1, &r) && r.segs == 16 && r.lines == 1 && r.rule == COAL_UNKNOWN,
        "inf one: S %llu U %llu rule %u", ULL(r.segs), ULL(r.lines), r.rule);
  CHECK(coalescer_alg(a, known, 0, Pcur, 0, &r) == -1, "n = 0 accepted");
  group_end();
}

/* A one-warp array[tid] warp with sampling flags; returns the outputs
 * after the edge that frees it (one line: the accept edge). */
static coalescer_out_t flagged(coalescer_model_t *m, unsigned est, unsigned first, unsigned last, uint64_t base)
{
  uint64_t a[32];
  arr(a, base, 0);
  coalescer_in_t i = warp_in(a, 0xFFFFFFFFu, 2, 1);
  i.in_est_i = est;
  i.in_first_i = first;
  i.in_last_i = last;
  coalescer_out_t o;
  coalescer_step(m, &i, &o);
  return o;
}

static void test_sampling(void)
{
  group_begin("CO8: restart, outside a sample, unsampled warps, no last; CO4 empty warp; CO5 errors");
  coalescer_model_t *m = mk("");
  coalescer_out_t o;
  o = flagged(m, 1, 0, 1, 0x10000);                 /* outside a sample: not counted, no close */
  CHECK(!o.est_valid_o && o.in_ready_o, "outside a sample closed");
  o = flagged(m, 1, 1, 0, 0x10000);                 /* opens, W 1 */
  o = flagged(m, 0, 0, 1, 0x20000);                 /* unsampled: ignored */
  o = flagged(m, 1, 1, 0, 0x30000);                 /* restart: W 1 again */
  o = flagged(m, 1, 0, 0, 0x30080);
  o = flagged(m, 1, 0, 1, 0x30000);                 /* a hit on the restarted sample's line */
  CHECK(o.est_valid_o && o.est_warps_o == 3 && o.est_segs_o == 12 && o.est_lines_o == 2 && o.est_loc_o == 3 &&
            o.est_rule_o == COAL_BLOCK && o.est_cache_o,
        "restart: valid %llu W %llu S %llu U %llu loc %llu", ULL(o.est_valid_o), ULL(o.est_warps_o),
        ULL(o.est_segs_o), ULL(o.est_lines_o), ULL(o.est_loc_o));
  o = flagged(m, 1, 0, 1, 0x30000);                 /* closed: outside again */
  CHECK(!o.est_valid_o && o.est_warps_o == 3, "after the close: valid %llu", ULL(o.est_valid_o));
  /* an empty sampled warp: counted, emits nothing, closes at its accept edge */
  coalescer_in_t i = {.rst_ni = 1, .in_valid_i = 1, .in_est_i = 1, .in_first_i = 1, .in_last_i = 1,
                      .in_size_i = 2, .req_ready_i = 1};
  coalescer_step(m, &i, &o);
  CHECK(o.est_valid_o && o.est_warps_o == 1 && o.est_segs_o == 0 && o.est_rule_o == COAL_EQ && !o.req_valid_o &&
            o.in_ready_o && o.cnt_act_o == 0,
        "empty warp: est_valid %llu W %llu", ULL(o.est_valid_o), ULL(o.est_warps_o));
  /* size 5 acts as 16 B and raises err; a misaligned active lane raises err */
  uint64_t a[32];
  for (unsigned k = 0; k < 32; k++) a[k] = 0x1000 + k * 16u;
  i = warp_in(a, 0xFFFFFFFFu, 5, 0);
  coalescer_step(m, &i, &o);
  CHECK(o.cnt_err_o && o.cnt_seg_o == 16, "size 5: err %llu seg %llu", ULL(o.cnt_err_o), ULL(o.cnt_seg_o));
  for (unsigned k = 0; k < 40; k++) o = idle(m, 1);
  a[3] += 4;
  i = warp_in(a, 0xFFFFFFFFu, 4, 0);
  coalescer_step(m, &i, &o);
  CHECK(o.cnt_err_o && o.cnt_seg_o == 16, "misaligned: err %llu", ULL(o.cnt_err_o));
  for (unsigned k = 0; k < 40; k++) o = idle(m, 1);
  i = warp_in(a, 0xFFFFFFF7u, 4, 0);                /* the misaligned lane inactive */
  coalescer_step(m, &i, &o);
  CHECK(!o.cnt_err_o && o.cnt_act_o == 31, "inactive misaligned: err %llu", ULL(o.cnt_err_o));
  coalescer_free(m);
  group_end();
}

static void test_sat(void)
{
  group_begin("CO13: EstW 6 saturates at 63; CO9 overflow with a 16-entry table keeps the decision off");
  coalescer_model_t *m = mk("EstW=6 LtEnt=16 CapBytes=2048");
  const run_t r = run_block(m, f_tid32, 256, 2, 0);
  CHECK(r.o.est_segs_o == 63 && r.o.est_lines_o == 63 && r.o.est_warps_o == 8 && r.o.est_ovf_o && !r.o.est_cache_o,
        "S %llu U %llu W %llu ovf %llu", ULL(r.o.est_segs_o), ULL(r.o.est_lines_o), ULL(r.o.est_warps_o),
        ULL(r.o.est_ovf_o));
  CHECK(!coalescer_check(m, (char[256]){0}, 256), "check after saturation");
  coalescer_free(m);
  group_end();
}

static void test_soak(void)
{
  group_begin("soak: invariants after every cycle, block generator, three configurations");
  static const char *const cfg[] = {"", "Aggr=1 LtEnt=32 EstW=8 CapBytes=2048",
                                    "Lanes=7 AddrW=12 SegB=16 LineB=256 IdW=2 LtEnt=5 CapBytes=512"};
  for (unsigned c = 0; c < 3; c++) {
    char err[256];
    coalescer_model_t *m = mk(cfg[c]);
    void *s = coalescer_stim.create(Pcur, 100u + c);
    uint64_t in[coalescer_NIN];
    coalescer_out_t o, prev = m->out;
    uint32_t seen = 0;
    unsigned nreq = 0, low = 0;
    unsigned closes = 0;
    for (unsigned long t = 0; t < 200000ul && group_ok(); t++) {
      coalescer_stim.next(s, in);
      const coalescer_in_t *i = (const coalescer_in_t *)in;
      coalescer_step(m, i, &o);
      CHECK(!coalescer_check(m, err, sizeof err), "config %u cycle %lu: %s", c, t, err);
      if (!i->rst_ni) { seen = 0; nreq = 0; low = 0; prev = o; continue; }
      if (prev.req_valid_o && !i->req_ready_i)        /* invariant 2 */
        CHECK(o.req_valid_o && o.req_addr_o == prev.req_addr_o && o.req_tmask_o == prev.req_tmask_o &&
                  o.req_smask_o == prev.req_smask_o && o.req_last_o == prev.req_last_o,
              "config %u cycle %lu: a stalled request changed", c, t);
      const int fresh = o.req_valid_o && (!prev.req_valid_o || i->req_ready_i);
      if (fresh) {                                     /* invariant 1 */
        if (o.req_first_o) { seen = 0; nreq = 0; low = 0; }
        const uint64_t unit = o.req_line_o ? (uint64_t)Pcur[coalescer_P_LineB] : (uint64_t)Pcur[coalescer_P_SegB];
        CHECK(!(seen & o.req_tmask_o) && o.req_tmask_o && o.req_addr_o % unit == 0 &&
                  (nreq == 0 || (unsigned)__builtin_ctzll(o.req_tmask_o) > low),
              "config %u cycle %lu: tmask 0x%llx after 0x%x", c, t, ULL(o.req_tmask_o), seen);
        seen |= (uint32_t)o.req_tmask_o;
        low = (unsigned)__builtin_ctzll(o.req_tmask_o);
        nreq++;
        if (o.req_last_o)
          CHECK((unsigned)__builtin_popcount(seen) == o.cnt_act_o &&
                    nreq == (o.req_line_o ? o.cnt_line_o : o.cnt_seg_o),
                "config %u cycle %lu: warp served %u lanes in %u requests, counts %llu %llu %llu", c, t,
                __builtin_popcount(seen), nreq, ULL(o.cnt_act_o), ULL(o.cnt_seg_o), ULL(o.cnt_line_o));
      }
      closes += (unsigned)o.est_valid_o;
      prev = o;
    }
    CHECK(closes > 100, "config %u: only %u samples closed", c, closes);
    coalescer_stim.destroy(s);
    coalescer_free(m);
  }
  group_end();
}

static void test_check_fails(void)
{
  group_begin("coalescer_check fails on planted states");
  char err[256];
  coalescer_model_t *m = mk("LtEnt=4");
  m->pend = 1;                                      /* pend outside act, not busy */
  CHECK(coalescer_check(m, err, sizeof err) && strstr(err, "invariant 6"), "pend: %s", err);
  m->pend = 0;
  m->u = 2;
  m->s = 1;
  CHECK(coalescer_check(m, err, sizeof err) && strstr(err, "invariant 4"), "U > S: %s", err);
  m->u = 0;
  m->fill = 2;
  m->lt[0] = m->lt[1] = 7;
  CHECK(coalescer_check(m, err, sizeof err) && strstr(err, "equal"), "duplicate: %s", err);
  m->fill = 0;
  m->out.est_cache_o = 1;
  m->out.est_lines_o = 128;
  CHECK(coalescer_check(m, err, sizeof err) && strstr(err, "invariant 5"), "cache: %s", err);
  m->out.est_cache_o = 0;
  m->out.cnt_line_o = 3;
  CHECK(coalescer_check(m, err, sizeof err) && strstr(err, "invariant 3"), "counts: %s", err);
  coalescer_free(m);
  group_end();
}

int main(void)
{
  test_b();
  test_c();
  test_a();
  test_alg_unknown();
  test_sampling();
  test_sat();
  test_soak();
  test_check_fails();
  return unit_done();
}
