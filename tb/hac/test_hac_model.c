/*
 * test_hac_model.c - unit tests of the HAC golden model (cmodel/hac/hac.c)
 * against the paper (Wang et al., section IV) and doc/hac.md.
 *
 * Rationale - what is covered and why that is enough:
 *  - The model's behaviour is a pure function of (one set's state, one
 *    request); sets never interact. So the state space to cover is that of
 *    ONE set: its mc (0, initial A, maximum 2A-1 and the saturation steps
 *    1->0, 0->0, max->max), its stack (empty, partly filled with k invalid
 *    lines, full), and the line at position 0 (invalid / clean / dirty,
 *    DRAM / NVM, stored EA below / equal / above the request's).
 *  - The request space is {demand, writeback} x {hit, miss} x {DRAM, NVM}
 *    x ea group (low 1..8 / middle 9..23 / high 24..32, each at its edges,
 *    and out-of-range 0 and 33..63), plus idle, out-of-range set and reset.
 *  - Parameters: every formula is checked at A = 8, 16, 32 (and 64 for the
 *    pure functions), where the integer divisions mc/8, mc/4, A/8 and
 *    A*(ea-1)/64 change their rounding, and at the three mc corners; the
 *    clamp min(p, A-1) is checked where the doc's bounds table says it can
 *    act (CDP at A >= 32, DP/NP with large c). Sets = 6 (not a power of
 *    two) covers out-of-range sets and set-index masking.
 *  - Every expected number below was derived by hand from the paper's
 *    formulas and doc/hac.md's tables and is written literally; the tests
 *    never call the model's formulas to compute an expectation.
 *  - A seeded random soak (>= 200,000 steps, Sets 2..4, A = 8..64, both
 *    policies, small tag pools so sets fill, hit and evict, phases that
 *    drive mc to both ends) checks the invariants and an independent shadow
 *    of each set's contents and mc, to catch any interaction the directed
 *    tests missed.
 *
 * Output: one line per check group, "PASS <name>" or "FAIL <name>: <detail>";
 * exit status 0 only if every group passed. Optional argv[1]: soak seed.
 *
 * Build: gcc -std=c11 -O2 -Wall -Wextra -Werror -Icmodel cmodel/hac/hac.c \
 *            tb/hac/test_hac_model.c -o /tmp/t
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/hac/hac.h"
#include "tb/test/unit.h"

static void check_inv_(const hac_model_t *m, int line)
{
  char err[KIT_ERR_LEN];
  int bad = hac_check_invariants(m, err, sizeof err);
  check_(!bad, line, "invariant violated: %s", err);
}
#define CHECK_INV(m) check_inv_((m), __LINE__)

/* ---------------------------------------------------------------------- */
/* Model helpers                                                            */
/* ---------------------------------------------------------------------- */

static hac_model_t *mk(unsigned sets, unsigned ways, unsigned tagw, unsigned policy)
{
  long P[KIT_MAX_PARAMS];
  kit_params_default(&hac_block, P);   /* BypassMc, StaticWbEa: the defaults */
  P[hac_P_Sets] = (long)sets;
  P[hac_P_Ways] = (long)ways;
  P[hac_P_TagW] = (long)tagw;
  P[hac_P_Policy] = (long)policy;
  P[hac_P_LineBytes] = 128;
  hac_model_t *m = hac_new(P);
  if (!m) {
    fprintf(stderr, "hac_new failed\n");
    exit(2);
  }
  return m;
}

static hac_out_t step_in(hac_model_t *m, const hac_in_t *in)
{
  hac_out_t o;
  memset(&o, 0xa5, sizeof o); /* the model must write every field */
  hac_step(m, in, &o);
  return o;
}

static hac_out_t req(hac_model_t *m, unsigned wb, uint64_t set, uint64_t tag,
                     unsigned nvm, unsigned ea)
{
  hac_in_t in;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.req_valid_i = 1;
  in.req_wb_i = wb;
  in.req_set_i = set;
  in.req_tag_i = tag;
  in.req_nvm_i = nvm;
  in.req_ea_i = ea;
  return step_in(m, &in);
}

static hac_out_t idle(hac_model_t *m)
{
  hac_in_t in;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.req_ea_i = 1;
  return step_in(m, &in);
}

static hac_out_t reset(hac_model_t *m)
{
  hac_in_t in;
  memset(&in, 0, sizeof in);
  in.req_ea_i = 1;
  return step_in(m, &in);
}

static hac_line_t *L(hac_model_t *m, unsigned s, unsigned w)
{
  return &m->line[(size_t)s * m->ways + w];
}

static void poke(hac_model_t *m, unsigned s, unsigned w, unsigned valid, uint64_t tag,
                 unsigned dirty, unsigned nvm, unsigned ea, unsigned pos)
{
  hac_line_t *l = L(m, s, w);
  l->valid = (uint8_t)valid;
  l->tag = tag;
  l->dirty = (uint8_t)dirty;
  l->nvm = (uint8_t)nvm;
  l->ea = (uint8_t)ea;
  l->pos = (uint8_t)pos;
}

/* Full set: way w holds tag w+1, clean DRAM, EA 0, at position w (so the
 * victim is way 0 and an insertion at p moves ways 1..p down by one). */
static void poke_full(hac_model_t *m, unsigned s)
{
  for (unsigned w = 0; w < m->ways; w++) poke(m, s, w, 1, w + 1u, 0, 0, 0, w);
}

/* Expected outputs; X = don't care. */
#define X (-1L)
typedef struct exp_out {
  long valid, hit, bypass, way, pos, mc, ev, etag, edirty, envm;
} exp_out_t;

static void check_out_(const hac_out_t *o, exp_out_t e, int line, const char *what)
{
  const struct { const char *n; uint64_t got; long exp; } f[] = {
    {"rsp_valid_o", o->rsp_valid_o, e.valid},   {"rsp_hit_o", o->rsp_hit_o, e.hit},
    {"rsp_bypass_o", o->rsp_bypass_o, e.bypass}, {"rsp_way_o", o->rsp_way_o, e.way},
    {"rsp_pos_o", o->rsp_pos_o, e.pos},         {"rsp_mc_o", o->rsp_mc_o, e.mc},
    {"evict_valid_o", o->evict_valid_o, e.ev},  {"evict_tag_o", o->evict_tag_o, e.etag},
    {"evict_dirty_o", o->evict_dirty_o, e.edirty},
    {"evict_nvm_o", o->evict_nvm_o, e.envm},
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
    if (f[i].exp == X) continue;
    check_(f[i].got == (uint64_t)f[i].exp, line, "%s: %s = %llu, expected %ld", what,
           f[i].n, (unsigned long long)f[i].got, f[i].exp);
  }
}
#define CHECK_OUT(o, what, ...) check_out_(&(o), (exp_out_t){__VA_ARGS__}, __LINE__, (what))

static void check_zero_out_(const hac_out_t *o, int line, const char *what)
{
  check_out_(o, (exp_out_t){0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, line, what);
}
#define CHECK_ZERO_OUT(o, what) check_zero_out_(&(o), __LINE__, (what))

/* Snapshot of all state, to prove "no state change". */
typedef struct snap {
  hac_line_t *line;
  uint16_t *mc;
  size_t nl, ns;
} snap_t;

static snap_t snap_take(const hac_model_t *m)
{
  snap_t s;
  s.nl = (size_t)m->sets * m->ways;
  s.ns = m->sets;
  s.line = malloc(s.nl * sizeof *s.line);
  s.mc = malloc(s.ns * sizeof *s.mc);
  if (!s.line || !s.mc) exit(2);
  memcpy(s.line, m->line, s.nl * sizeof *s.line);
  memcpy(s.mc, m->mc, s.ns * sizeof *s.mc);
  return s;
}

static int snap_same(const snap_t *s, const hac_model_t *m)
{
  return memcmp(s->line, m->line, s->nl * sizeof *s->line) == 0 &&
         memcmp(s->mc, m->mc, s->ns * sizeof *s->mc) == 0;
}

static void snap_free(snap_t *s)
{
  free(s->line);
  free(s->mc);
}

/* ---------------------------------------------------------------------- */
/* ea clamp and EA (IV-A, IV-B)                                             */
/* ---------------------------------------------------------------------- */

static void test_ea(void)
{
  group_begin("ea_clamp_and_EA");
  CHECK_EQ(hac_ea_clamp(0), 1, "clamp(0)");
  CHECK_EQ(hac_ea_clamp(1), 1, "clamp(1)");
  CHECK_EQ(hac_ea_clamp(32), 32, "clamp(32)");
  CHECK_EQ(hac_ea_clamp(33), 32, "clamp(33)");
  CHECK_EQ(hac_ea_clamp(63), 32, "clamp(63)");
  /* EA = A*(ea-1)/64: A=8 -> (ea-1)/8, A=16 -> (ea-1)/4, A=32 -> (ea-1)/2,
   * A=64 -> ea-1. */
  static const struct { unsigned A, ea, EA; } t[] = {
    {8, 1, 0},   {8, 8, 0},   {8, 9, 1},   {8, 16, 1},  {8, 17, 2},  {8, 24, 2},
    {8, 25, 3},  {8, 32, 3},  {8, 0, 0},   {8, 63, 3},  {8, 33, 3},
    {16, 1, 0},  {16, 4, 0},  {16, 5, 1},  {16, 8, 1},  {16, 9, 2},  {16, 28, 6},
    {16, 29, 7}, {16, 32, 7}, {16, 0, 0},  {16, 63, 7},
    {32, 1, 0},  {32, 2, 0},  {32, 3, 1},  {32, 30, 14}, {32, 31, 15}, {32, 32, 15},
    {32, 0, 0},  {32, 63, 15},
    {64, 1, 0},  {64, 2, 1},  {64, 17, 16}, {64, 32, 31}, {64, 0, 0},  {64, 63, 31},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    CHECK(hac_ea_q(t[i].A, t[i].ea) == t[i].EA, "EA(A=%u, ea=%u) = %u, expected %u",
          t[i].A, t[i].ea, hac_ea_q(t[i].A, t[i].ea), t[i].EA);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Algorithms 1 and 2: pure functions                                      */
/* ---------------------------------------------------------------------- */

/* One row: the six formulas at one mc (CNP/CDP at EA 0 and EA max = A/2-1,
 * DP/NP at c = 0). A=16 is doc/hac.md's table; A=8, 32, 64 by hand:
 *   A=8:  mc 0:  DNP 7-0=7   DDP 4+0=4  CNP 4-0+{0,3}={4,7} CDP 1+0+{0,3}-1={0,3}
 *                DP 0+4+0=4  NP 0+8-0-1=7
 *         mc 8:  DNP 7-1=6   DDP 4+2=6  CNP 4-1+{0,3}={3,6} CDP 1+2+{0,3}-1={2,5}
 *                DP 4+2=6    NP 8-1-1=6
 *         mc 15: DNP 7-1=6   DDP 4+3=7  CNP 4-1+{0,3}={3,6} CDP 1+3+{0,3}-1={3,6}
 *                DP 4+3=7    NP 8-1-1=6
 *   A=32: mc 0:  DNP 31 DDP 16 CNP 16+{0,15}={16,31} CDP 4+0+{0,15}-1={3,18} DP 16 NP 31
 *         mc 32: DNP 31-4=27 DDP 16+8=24 CNP 16-4+{0,15}={12,27}
 *                CDP 4+8+{0,15}-1={11,26} DP 16+8=24 NP 32-4-1=27
 *         mc 63: DNP 31-7=24 DDP 16+15=31 CNP 16-7+{0,15}={9,24}
 *                CDP 4+15+{0,15}-1={18,33->31} DP 16+15=31 NP 32-7-1=24
 *   A=64: mc 0:  DNP 63 DDP 32 CNP {32,63} CDP 8+0+{0,31}-1={7,38} DP 32 NP 63
 *         mc 64: DNP 63-8=55 DDP 32+16=48 CNP 32-8+{0,31}={24,55}
 *                CDP 8+16+{0,31}-1={23,54} DP 48 NP 64-8-1=55
 *         mc 127: DNP 63-15=48 DDP 32+31=63 CNP 32-15+{0,31}={17,48}
 *                CDP 8+31+{0,31}-1={38,69->63} DP 63 NP 64-15-1=48 */
typedef struct formula_row {
  unsigned A, mc, dnp, ddp, cnp0, cnpmax, cdp0, cdpmax, dp0, np0;
} formula_row_t;

static const formula_row_t rows[] = {
  {8, 0, 7, 4, 4, 7, 0, 3, 4, 7},
  {8, 8, 6, 6, 3, 6, 2, 5, 6, 6},
  {8, 15, 6, 7, 3, 6, 3, 6, 7, 6},
  {16, 0, 15, 8, 8, 15, 1, 8, 8, 15},
  {16, 16, 13, 12, 6, 13, 5, 12, 12, 13},
  {16, 31, 12, 15, 5, 12, 8, 15, 15, 12},
  {32, 0, 31, 16, 16, 31, 3, 18, 16, 31},
  {32, 32, 27, 24, 12, 27, 11, 26, 24, 27},
  {32, 63, 24, 31, 9, 24, 18, 31, 31, 24},
  {64, 0, 63, 32, 32, 63, 7, 38, 32, 63},
  {64, 64, 55, 48, 24, 55, 23, 54, 48, 55},
  {64, 127, 48, 63, 17, 48, 38, 63, 63, 48},
};

static void test_formulas_pure(unsigned A)
{
  char name[64];
  snprintf(name, sizeof name, "alg12_formulas_pure_A%u", A);
  group_begin(name);
  unsigned n = 0;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const formula_row_t *r = &rows[i];
    if (r->A != A) continue;
    n++;
    unsigned eamax = A / 2 - 1;
    CHECK(hac_pos_dnp(A, r->mc) == r->dnp, "DNP(A=%u, mc=%u) = %u, expected %u", A, r->mc,
          hac_pos_dnp(A, r->mc), r->dnp);
    CHECK(hac_pos_ddp(A, r->mc) == r->ddp, "DDP(A=%u, mc=%u) = %u, expected %u", A, r->mc,
          hac_pos_ddp(A, r->mc), r->ddp);
    CHECK(hac_pos_cnp(A, r->mc, 0) == r->cnp0, "CNP(A=%u, mc=%u, EA=0) = %u, expected %u", A,
          r->mc, hac_pos_cnp(A, r->mc, 0), r->cnp0);
    CHECK(hac_pos_cnp(A, r->mc, eamax) == r->cnpmax, "CNP(A=%u, mc=%u, EA=%u) = %u, expected %u",
          A, r->mc, eamax, hac_pos_cnp(A, r->mc, eamax), r->cnpmax);
    CHECK(hac_pos_cdp(A, r->mc, 0) == r->cdp0, "CDP(A=%u, mc=%u, EA=0) = %u, expected %u", A,
          r->mc, hac_pos_cdp(A, r->mc, 0), r->cdp0);
    CHECK(hac_pos_cdp(A, r->mc, eamax) == r->cdpmax, "CDP(A=%u, mc=%u, EA=%u) = %u, expected %u",
          A, r->mc, eamax, hac_pos_cdp(A, r->mc, eamax), r->cdpmax);
    CHECK(hac_pos_dp(A, r->mc, 0) == r->dp0, "DP(A=%u, mc=%u, c=0) = %u, expected %u", A, r->mc,
          hac_pos_dp(A, r->mc, 0), r->dp0);
    CHECK(hac_pos_np(A, r->mc, 0) == r->np0, "NP(A=%u, mc=%u, c=0) = %u, expected %u", A, r->mc,
          hac_pos_np(A, r->mc, 0), r->np0);
  }
  CHECK(n == 3, "table has %u rows for A=%u", n, A);

  /* Clamp and c cases, by hand. */
  static const struct { unsigned A, mc, c, dp, np; } pc[] = {
    {8, 0, 3, 7, 7},     /* DP 3+4=7 exact; NP 3+7=10 -> 7 */
    {8, 0, 4, 7, 7},     /* DP 8 -> 7 */
    {8, 15, 0, 7, 6},
    {8, 15, 1, 7, 7},    /* NP 1+6 = 7 exact */
    {8, 8, 7, 7, 7},     /* MRU stays MRU: no demotion */
    {16, 16, 3, 15, 15}, /* DP 3+12=15 exact; NP 3+13=16 -> 15 */
    {16, 16, 2, 14, 15}, /* DP 14; NP 2+13=15 exact */
    {16, 16, 4, 15, 15}, /* DP 16 -> 15 */
    {16, 0, 7, 15, 15},  /* DP 7+8 = 15 exact */
    {16, 31, 0, 15, 12},
    {32, 32, 5, 29, 31}, /* DP 5+24=29; NP 5+27=32 -> 31 */
    {32, 0, 15, 31, 31}, /* DP 15+16 = 31 exact */
    {32, 63, 7, 31, 31}, /* NP 7+24 = 31 exact */
    {32, 63, 6, 31, 30}, /* DP 6+31=37 -> 31; NP 6+24 = 30 */
  };
  for (size_t i = 0; i < sizeof pc / sizeof pc[0]; i++) {
    if (pc[i].A != A) continue;
    CHECK(hac_pos_dp(A, pc[i].mc, pc[i].c) == pc[i].dp, "DP(A=%u, mc=%u, c=%u) = %u, exp %u",
          A, pc[i].mc, pc[i].c, hac_pos_dp(A, pc[i].mc, pc[i].c), pc[i].dp);
    CHECK(hac_pos_np(A, pc[i].mc, pc[i].c) == pc[i].np, "NP(A=%u, mc=%u, c=%u) = %u, exp %u",
          A, pc[i].mc, pc[i].c, hac_pos_np(A, pc[i].mc, pc[i].c), pc[i].np);
  }
  if (A == 32) {
    /* The doc's CDP clamp example: A=32, mc=63, EA=15: 4+15+15-1 = 33 -> 31;
     * EA 13: 31 exact; EA 14: 32 -> 31. */
    CHECK_EQ(hac_pos_cdp(32, 63, 15), 31, "CDP(32, 63, 15)");
    CHECK_EQ(hac_pos_cdp(32, 63, 13), 31, "CDP(32, 63, 13)");
    CHECK_EQ(hac_pos_cdp(32, 63, 14), 31, "CDP(32, 63, 14)");
    CHECK_EQ(hac_pos_cdp(32, 59, 12), 29, "CDP(32, 59, 12)"); /* 4+14+12-1 */
  }
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Algorithms 1 and 2 through hac_step, poked to each mc corner            */
/* ---------------------------------------------------------------------- */

static void test_formulas_step(unsigned A)
{
  char name[64];
  snprintf(name, sizeof name, "alg12_formulas_step_A%u", A);
  group_begin(name);
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    const formula_row_t *r = &rows[i];
    if (r->A != A) continue;
    const unsigned mcmax = 2 * A - 1;
    char what[96];
    hac_out_t o;
    hac_model_t *m;

    /* Writeback misses: mc unchanged, victim way 0 (tag 1, clean DRAM). */
    for (unsigned nvm = 0; nvm <= 1; nvm++) {
      m = mk(2, A, 20, 0);
      poke_full(m, 1);
      m->mc[1] = (uint16_t)r->mc;
      o = req(m, 1, 1, 1000, nvm, 1);
      snprintf(what, sizeof what, "A=%u mc=%u wb %s miss", A, r->mc, nvm ? "NVM/DNP" : "DRAM/DDP");
      CHECK_OUT(o, what, 1, 0, 0, 0, (long)(nvm ? r->dnp : r->ddp), (long)r->mc, 1, 1, 0, 0);
      CHECK(L(m, 1, 0)->pos == (nvm ? r->dnp : r->ddp) && L(m, 1, 0)->dirty == 1 &&
                L(m, 1, 0)->tag == 1000 && L(m, 1, 0)->nvm == nvm,
            "%s: filled line state wrong", what);
      CHECK(m->mc[0] == A, "%s: other set's mc changed", what);
      CHECK_INV(m);
      hac_free(m);
    }

    /* Demand NVM miss: mc - 2 first, then CNP at the new mc. */
    {
      unsigned starts[3], ns = 0;
      if (r->mc + 2 <= mcmax) starts[ns++] = r->mc + 2;
      if (r->mc == 0) { starts[ns++] = 1; starts[ns++] = 0; } /* saturation */
      for (unsigned si = 0; si < ns; si++) {
        for (unsigned hi = 0; hi <= 1; hi++) {
          m = mk(1, A, 20, 0);
          poke_full(m, 0);
          m->mc[0] = (uint16_t)starts[si];
          o = req(m, 0, 0, 1000, 1, hi ? 32 : 1);
          snprintf(what, sizeof what, "A=%u mc %u->%u demand NVM miss ea=%u (CNP)", A,
                   starts[si], r->mc, hi ? 32 : 1);
          CHECK_OUT(o, what, 1, 0, 0, 0, (long)(hi ? r->cnpmax : r->cnp0), (long)r->mc, 1, 1,
                    0, 0);
          CHECK(m->mc[0] == r->mc, "%s: stored mc %u", what, m->mc[0]);
          CHECK(L(m, 0, 0)->ea == (hi ? A / 2 - 1 : 0) && L(m, 0, 0)->dirty == 0,
                "%s: filled line ea %u dirty %u", what, L(m, 0, 0)->ea, L(m, 0, 0)->dirty);
          CHECK_INV(m);
          hac_free(m);
        }
      }
    }

    /* Demand DRAM miss: mc + 1 first, then CDP at the new mc. */
    {
      unsigned starts[2], ns = 0;
      if (r->mc >= 1) starts[ns++] = r->mc - 1;
      if (r->mc == mcmax) starts[ns++] = mcmax; /* saturation */
      for (unsigned si = 0; si < ns; si++) {
        for (unsigned hi = 0; hi <= 1; hi++) {
          m = mk(1, A, 20, 0);
          poke_full(m, 0);
          m->mc[0] = (uint16_t)starts[si];
          o = req(m, 0, 0, 1000, 0, hi ? 32 : 1);
          snprintf(what, sizeof what, "A=%u mc %u->%u demand DRAM miss ea=%u (CDP)", A,
                   starts[si], r->mc, hi ? 32 : 1);
          CHECK_OUT(o, what, 1, 0, 0, 0, (long)(hi ? r->cdpmax : r->cdp0), (long)r->mc, 1, 1,
                    0, 0);
          CHECK(m->mc[0] == r->mc, "%s: stored mc %u", what, m->mc[0]);
          CHECK_INV(m);
          hac_free(m);
        }
      }
    }

    /* Hits at c = 0 (way 0): DP for a DRAM line, NP for an NVM line; mc
     * unchanged; ways 1..p move down one. */
    for (unsigned nvm = 0; nvm <= 1; nvm++) {
      unsigned p = nvm ? r->np0 : r->dp0;
      m = mk(1, A, 20, 0);
      poke_full(m, 0);
      L(m, 0, 0)->nvm = (uint8_t)nvm;
      m->mc[0] = (uint16_t)r->mc;
      o = req(m, 0, 0, 1, nvm, 1);
      snprintf(what, sizeof what, "A=%u mc=%u %s hit at c=0", A, r->mc, nvm ? "NVM/NP" : "DRAM/DP");
      CHECK_OUT(o, what, 1, 1, 0, 0, (long)p, (long)r->mc, 0, 0, 0, 0);
      CHECK(m->mc[0] == r->mc, "%s: mc changed", what);
      for (unsigned w = 0; w < A; w++) {
        unsigned ep = w == 0 ? p : (w <= p ? w - 1 : w);
        CHECK(L(m, 0, w)->pos == ep, "%s: way %u at %u, expected %u", what, w, L(m, 0, w)->pos,
              ep);
      }
      hac_free(m);
    }
  }
  group_end();
}

/* Promotion clamp and c > 0 through hac_step (A=16, mc=16). */
static void test_promo_step(void)
{
  group_begin("alg2_promotion_c_and_clamp_step");
  static const struct { unsigned c, nvm, p; } t[] = {
    {0, 0, 12}, /* DP 0+8+4 */
    {2, 0, 14}, /* DP 2+12 */
    {3, 0, 15}, /* DP 15 exact */
    {4, 0, 15}, /* DP 16 -> 15 */
    {15, 0, 15},
    {0, 1, 13}, /* NP 0+16-2-1 */
    {2, 1, 15}, /* NP 15 exact */
    {3, 1, 15}, /* NP 16 -> 15 */
    {15, 1, 15},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    hac_model_t *m = mk(1, 16, 20, 0);
    char what[64];
    poke_full(m, 0);
    L(m, 0, t[i].c)->nvm = (uint8_t)t[i].nvm;
    m->mc[0] = 16;
    hac_out_t o = req(m, 0, 0, t[i].c + 1, t[i].nvm, 1);
    snprintf(what, sizeof what, "%s hit at c=%u", t[i].nvm ? "NVM" : "DRAM", t[i].c);
    CHECK_OUT(o, what, 1, 1, 0, t[i].c, t[i].p, 16, 0, 0, 0, 0);
    /* lines strictly between c and p move down one, others stay */
    for (unsigned w = 0; w < 16; w++) {
      unsigned ep = w == t[i].c ? t[i].p : (w > t[i].c && w <= t[i].p ? w - 1 : w);
      CHECK(L(m, 0, w)->pos == ep, "%s: way %u at %u, expected %u", what, w, L(m, 0, w)->pos, ep);
    }
    CHECK_INV(m);
    hac_free(m);
  }
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Natural drive: mc to 0 with NVM demand misses, to max with DRAM ones     */
/* ---------------------------------------------------------------------- */

typedef struct phase {
  const char *what;
  unsigned wb, nvm, ea, n;
  const unsigned char *pos, *mc;
} phase_t;

static void run_phases(unsigned A, const phase_t *ph, size_t nph)
{
  hac_model_t *m = mk(2, A, 20, 0);
  uint64_t tag = 1;
  for (size_t p = 0; p < nph; p++) {
    for (unsigned i = 0; i < ph[p].n; i++) {
      char what[96];
      hac_out_t o = req(m, ph[p].wb, 1, tag++, ph[p].nvm, ph[p].ea);
      snprintf(what, sizeof what, "A=%u %s #%u", A, ph[p].what, i);
      CHECK_OUT(o, what, 1, 0, 0, X, ph[p].pos[i], ph[p].mc[i], X, X, X, X);
    }
    CHECK_INV(m);
  }
  CHECK(m->mc[0] == A, "untouched set 0 mc = %u", m->mc[0]);
  hac_free(m);
}

static void test_mc_drive_A8(void)
{
  group_begin("mc_drive_step_A8");
  /* Fill with 8 DRAM writebacks at mc 8: DDP = 4+2 = 6; empty-set rule
   * gives 7 (k=8), then max(6, k-1) = 6 for k = 7..1. mc stays 8. */
  static const unsigned char f_pos[] = {7, 6, 6, 6, 6, 6, 6, 6};
  static const unsigned char f_mc[] = {8, 8, 8, 8, 8, 8, 8, 8};
  /* NVM demand, ea 1: mc 8->6 first, CNP = 4-6/8+0 = 4 (with the old mc 8
   * it would be 3); then 4, 2, 0 and 0 (saturates). */
  static const unsigned char n_pos[] = {4, 4, 4, 4, 4};
  static const unsigned char n_mc[] = {6, 4, 2, 0, 0};
  static const unsigned char n32_pos[] = {7}; /* CNP = 4-0+3 */
  static const unsigned char n32_mc[] = {0};
  /* DRAM demand, ea 1 from mc 0: mc 1..15 then 15; CDP = 1+mc/4+0-1 = mc/4. */
  static const unsigned char d_pos[] = {0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3};
  static const unsigned char d_mc[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15};
  static const unsigned char d32_pos[] = {6}; /* CDP = 1+3+3-1 */
  static const unsigned char d32_mc[] = {15};
  static const unsigned char wn_pos[] = {6}, wd_pos[] = {7}, w_mc[] = {15}; /* DNP 7-1, DDP 4+3 */
  /* NVM demand from 15: 13, 11, ..., 1, 0 (1 -> 0 saturates); CNP = 4-mc/8. */
  static const unsigned char dn_pos[] = {3, 3, 3, 4, 4, 4, 4, 4};
  static const unsigned char dn_mc[] = {13, 11, 9, 7, 5, 3, 1, 0};
  const phase_t ph[] = {
    {"fill DRAM wb", 1, 0, 1, 8, f_pos, f_mc},
    {"NVM demand ea1 to mc 0", 0, 1, 1, 5, n_pos, n_mc},
    {"NVM demand ea32 at mc 0", 0, 1, 32, 1, n32_pos, n32_mc},
    {"DRAM demand ea1 to max", 0, 0, 1, 16, d_pos, d_mc},
    {"DRAM demand ea32 at max", 0, 0, 32, 1, d32_pos, d32_mc},
    {"NVM wb at max (DNP)", 1, 1, 1, 1, wn_pos, w_mc},
    {"DRAM wb at max (DDP)", 1, 0, 1, 1, wd_pos, w_mc},
    {"NVM demand max to 0", 0, 1, 1, 8, dn_pos, dn_mc},
  };
  run_phases(8, ph, sizeof ph / sizeof ph[0]);
  group_end();
}

static void test_mc_drive_A16(void)
{
  group_begin("mc_drive_step_A16");
  /* DDP at mc 16 = 8+4 = 12: 15, 14, 13 (k-1 for k = 16, 15, 14), then 12. */
  static const unsigned char f_pos[] = {15, 14, 13, 12, 12, 12, 12, 12,
                                        12, 12, 12, 12, 12, 12, 12, 12};
  static const unsigned char f_mc[] = {16, 16, 16, 16, 16, 16, 16, 16,
                                       16, 16, 16, 16, 16, 16, 16, 16};
  /* CNP = 8 - mc/8 after mc - 2 (old-mc order would give 6 first). */
  static const unsigned char n_pos[] = {7, 7, 7, 7, 8, 8, 8, 8, 8};
  static const unsigned char n_mc[] = {14, 12, 10, 8, 6, 4, 2, 0, 0};
  static const unsigned char n32_pos[] = {15}, n32_mc[] = {0};
  /* CDP = 2+mc/4+0-1 = 1+mc/4 after mc + 1. */
  static const unsigned char d_pos[] = {1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5,
                                        5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8};
  static const unsigned char d_mc[] = {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                       12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
                                       23, 24, 25, 26, 27, 28, 29, 30, 31, 31};
  static const unsigned char d32_pos[] = {15}, d32_mc[] = {31}; /* 2+7+7-1 */
  static const unsigned char wn_pos[] = {12}, wd_pos[] = {15}, w_mc[] = {31};
  static const unsigned char dn_pos[] = {5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8};
  static const unsigned char dn_mc[] = {29, 27, 25, 23, 21, 19, 17, 15,
                                        13, 11, 9,  7,  5,  3,  1,  0};
  const phase_t ph[] = {
    {"fill DRAM wb", 1, 0, 1, 16, f_pos, f_mc},
    {"NVM demand ea1 to mc 0", 0, 1, 1, 9, n_pos, n_mc},
    {"NVM demand ea32 at mc 0", 0, 1, 32, 1, n32_pos, n32_mc},
    {"DRAM demand ea1 to max", 0, 0, 1, 32, d_pos, d_mc},
    {"DRAM demand ea32 at max", 0, 0, 32, 1, d32_pos, d32_mc},
    {"NVM wb at max (DNP)", 1, 1, 1, 1, wn_pos, w_mc},
    {"DRAM wb at max (DDP)", 1, 0, 1, 1, wd_pos, w_mc},
    {"NVM demand max to 0", 0, 1, 1, 16, dn_pos, dn_mc},
  };
  run_phases(16, ph, sizeof ph / sizeof ph[0]);
  group_end();
}

static void test_mc_drive_A32(void)
{
  group_begin("mc_drive_step_A32");
  /* DDP at mc 32 = 16+8 = 24: 31..25 for k = 32..26, then 24 (k = 25: max(24,24)). */
  static const unsigned char f_pos[] = {31, 30, 29, 28, 27, 26, 25, 24, 24, 24, 24,
                                        24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24,
                                        24, 24, 24, 24, 24, 24, 24, 24, 24, 24};
  static const unsigned char f_mc[] = {32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
                                       32, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32,
                                       32, 32, 32, 32, 32, 32, 32, 32, 32, 32};
  /* CNP = 16 - mc/8 after mc - 2. */
  static const unsigned char n_pos[] = {13, 13, 13, 13, 14, 14, 14, 14, 15,
                                        15, 15, 15, 16, 16, 16, 16, 16};
  static const unsigned char n_mc[] = {30, 28, 26, 24, 22, 20, 18, 16, 14,
                                       12, 10, 8,  6,  4,  2,  0,  0};
  static const unsigned char n32_pos[] = {31}, n32_mc[] = {0}; /* 16-0+15 */
  /* CDP = 4+mc/4+0-1 = 3+mc/4 after mc + 1. */
  static const unsigned char d_pos[] = {
    3,  3,  3,  4,  4,  4,  4,  5,  5,  5,  5,  6,  6,  6,  6,  7,  7,  7,  7,  8,  8,  8,
    8,  9,  9,  9,  9,  10, 10, 10, 10, 11, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13, 13, 14,
    14, 14, 14, 15, 15, 15, 15, 16, 16, 16, 16, 17, 17, 17, 17, 18, 18, 18, 18, 18};
  static const unsigned char d_mc[] = {
    1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22,
    23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44,
    45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 63};
  /* The doc's clamp case: CDP = 4+15+15-1 = 33 -> 31; ea 27 (EA 13): 31 exact;
   * ea 29 (EA 14): 32 -> 31. */
  static const unsigned char d32_pos[] = {31, 31, 31}, d32_mc[] = {63, 63, 63};
  static const unsigned char wn_pos[] = {24}, wd_pos[] = {31}, w_mc[] = {63};
  static const unsigned char dn_pos[] = {9,  9,  9,  10, 10, 10, 10, 11, 11, 11, 11,
                                         12, 12, 12, 12, 13, 13, 13, 13, 14, 14, 14,
                                         14, 15, 15, 15, 15, 16, 16, 16, 16, 16};
  static const unsigned char dn_mc[] = {61, 59, 57, 55, 53, 51, 49, 47, 45, 43, 41,
                                        39, 37, 35, 33, 31, 29, 27, 25, 23, 21, 19,
                                        17, 15, 13, 11, 9,  7,  5,  3,  1,  0};
  const phase_t ph[] = {
    {"fill DRAM wb", 1, 0, 1, 32, f_pos, f_mc},
    {"NVM demand ea1 to mc 0", 0, 1, 1, 17, n_pos, n_mc},
    {"NVM demand ea32 at mc 0", 0, 1, 32, 1, n32_pos, n32_mc},
    {"DRAM demand ea1 to max", 0, 0, 1, 64, d_pos, d_mc},
    {"DRAM demand ea32 at max (CDP 33->31)", 0, 0, 32, 1, d32_pos, d32_mc},
    {"DRAM demand ea27 at max (CDP 31)", 0, 0, 27, 1, d32_pos, d32_mc},
    {"DRAM demand ea29 at max (CDP 32->31)", 0, 0, 29, 1, d32_pos, d32_mc},
    {"NVM wb at max (DNP)", 1, 1, 1, 1, wn_pos, w_mc},
    {"DRAM wb at max (DDP)", 1, 0, 1, 1, wd_pos, w_mc},
    {"NVM demand max to 0", 0, 1, 1, 32, dn_pos, dn_mc},
  };
  run_phases(32, ph, sizeof ph / sizeof ph[0]);
  group_end();
}

/* Hits reached without poking: a fresh DRAM line inserted low, then hit. */
static void test_hit_drive(void)
{
  group_begin("alg2_hits_driven_step");
  /* A=16. Drive mc to 0 (8 NVM demand misses on a filled set), then a DRAM
   * demand miss: mc 0 -> 1, CDP = 2+0+0-1 = 1; hit it: DP = 1+8+1/4 = 9. */
  hac_model_t *m = mk(1, 16, 20, 0);
  hac_out_t o;
  uint64_t tag = 1;
  for (unsigned i = 0; i < 16; i++) req(m, 1, 0, tag++, 0, 1);
  for (unsigned i = 0; i < 8; i++) req(m, 0, 0, tag++, 1, 1);
  CHECK_EQ(m->mc[0], 0, "mc after 8 NVM misses");
  o = req(m, 0, 0, 500, 0, 1);
  CHECK_OUT(o, "DRAM demand miss at mc 0", 1, 0, 0, X, 1, 1, 1, X, X, X);
  unsigned way = (unsigned)o.rsp_way_o;
  o = req(m, 0, 0, 500, 0, 1);
  CHECK_OUT(o, "DRAM demand hit at c=1, mc 1", 1, 1, 0, way, 9, 1, 0, 0, 0, 0);
  /* Drive mc to 31 with DRAM demand misses (30 more), then an NVM demand
   * miss: mc 31 -> 29, CNP = 8-3+0 = 5; three NVM writebacks at DNP =
   * 15-29/8 = 12 (above it) push it to 2; hit: NP = 2+16-3-1 = 14. */
  for (unsigned i = 0; i < 30; i++) req(m, 0, 0, tag++, 0, 1);
  CHECK_EQ(m->mc[0], 31, "mc after DRAM misses");
  o = req(m, 0, 0, 600, 1, 1);
  CHECK_OUT(o, "NVM demand miss at mc 31", 1, 0, 0, X, 5, 29, 1, X, X, X);
  way = (unsigned)o.rsp_way_o;
  for (unsigned i = 0; i < 3; i++) {
    o = req(m, 1, 0, tag++, 1, 1);
    CHECK_OUT(o, "NVM writeback miss at mc 29", 1, 0, 0, X, 12, 29, 1, X, X, X);
  }
  CHECK_EQ(L(m, 0, way)->pos, 2, "NVM line position after 3 insertions above it");
  o = req(m, 0, 0, 600, 1, 1);
  CHECK_OUT(o, "NVM demand hit at c=2, mc 29", 1, 1, 0, way, 14, 29, 0, 0, 0, 0);
  CHECK_INV(m);
  hac_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* mc saturation and order                                                  */
/* ---------------------------------------------------------------------- */

static void test_mc_saturation(void)
{
  group_begin("mc_saturation");
  static const struct { unsigned A, mc0, nvm, mc1; } t[] = {
    {8, 1, 1, 0},   {8, 0, 1, 0},   {8, 2, 1, 0},   {8, 3, 1, 1},   {8, 15, 0, 15},
    {8, 14, 0, 15}, {16, 1, 1, 0},  {16, 0, 1, 0},  {16, 31, 0, 31}, {16, 30, 0, 31},
    {32, 1, 1, 0},  {32, 63, 0, 63}, {64, 127, 0, 127}, {64, 1, 1, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    hac_model_t *m = mk(1, t[i].A, 20, 0);
    poke_full(m, 0);
    m->mc[0] = (uint16_t)t[i].mc0;
    hac_out_t o = req(m, 0, 0, 999, t[i].nvm, 1);
    CHECK(o.rsp_mc_o == t[i].mc1 && m->mc[0] == t[i].mc1,
          "A=%u mc %u %s demand miss: rsp_mc %llu, stored %u, expected %u", t[i].A, t[i].mc0,
          t[i].nvm ? "NVM" : "DRAM", (unsigned long long)o.rsp_mc_o, m->mc[0], t[i].mc1);
    /* a hit and a writeback miss leave mc alone */
    o = req(m, 0, 0, 999, t[i].nvm, 1);
    CHECK(o.rsp_hit_o == 1 && o.rsp_mc_o == t[i].mc1, "A=%u hit changed mc", t[i].A);
    o = req(m, 1, 0, 998, t[i].nvm, 1);
    CHECK(o.rsp_hit_o == 0 && o.rsp_mc_o == t[i].mc1 && m->mc[0] == t[i].mc1,
          "A=%u writeback miss changed mc", t[i].A);
    hac_free(m);
  }
  group_end();
}

static void test_mc_before_position(void)
{
  group_begin("mc_updated_before_position");
  /* Cases where the old and the new mc give different positions. */
  static const struct { unsigned A, mc0, nvm, ea, pos, mc1; } t[] = {
    /* A=16 mc 16 NVM: mc 14, CNP 8-1 = 7 (old mc: 8-2 = 6) */
    {16, 16, 1, 1, 7, 14},
    /* A=16 mc 15 DRAM: mc 16, CDP 2+4-1 = 5 (old: 2+3-1 = 4) */
    {16, 15, 0, 1, 5, 16},
    /* A=8 mc 8 NVM: mc 6, CNP 4-0 = 4 (old: 3) */
    {8, 8, 1, 1, 4, 6},
    /* A=8 mc 3 DRAM ea 9 (EA 1): mc 4, CDP 1+1+1-1 = 2 (old: 1) */
    {8, 3, 0, 9, 2, 4},
    /* A=32 mc 17 NVM ea 32: mc 15, CNP 16-1+15 = 30 (old: 16-2+15 = 29) */
    {32, 17, 1, 32, 30, 15},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    hac_model_t *m = mk(1, t[i].A, 20, 0);
    char what[64];
    poke_full(m, 0);
    m->mc[0] = (uint16_t)t[i].mc0;
    hac_out_t o = req(m, 0, 0, 999, t[i].nvm, t[i].ea);
    snprintf(what, sizeof what, "A=%u mc %u %s ea %u", t[i].A, t[i].mc0,
             t[i].nvm ? "NVM" : "DRAM", t[i].ea);
    CHECK_OUT(o, what, 1, 0, 0, 0, t[i].pos, t[i].mc1, 1, 1, 0, 0);
    hac_free(m);
  }
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Static policy                                                            */
/* ---------------------------------------------------------------------- */

static void test_static_pure(void)
{
  group_begin("static_ins_and_promo_pure");
  /* HN A-1, HD A-2, MN A/2, MD A/2-1, LN 1, LD 0; ea edges 1, 8 | 9, 23 | 24, 32. */
  static const struct { unsigned A, nvm, ea, p; } t[] = {
    {8, 1, 24, 7},  {8, 1, 32, 7},  {8, 0, 24, 6},  {8, 0, 32, 6},  {8, 1, 9, 4},
    {8, 1, 23, 4},  {8, 0, 9, 3},   {8, 0, 23, 3},  {8, 1, 1, 1},   {8, 1, 8, 1},
    {8, 0, 1, 0},   {8, 0, 8, 0},   {8, 1, 0, 1},   {8, 0, 0, 0},   {8, 1, 63, 7},
    {8, 0, 63, 6},  {8, 1, 33, 7},
    {16, 1, 32, 15}, {16, 0, 32, 14}, {16, 1, 16, 8}, {16, 0, 16, 7}, {16, 1, 1, 1},
    {16, 0, 1, 0},
    {32, 1, 32, 31}, {32, 0, 32, 30}, {32, 1, 16, 16}, {32, 0, 16, 15}, {32, 1, 1, 1},
    {32, 0, 1, 0},
    {64, 1, 32, 63}, {64, 0, 32, 62}, {64, 1, 16, 32}, {64, 0, 16, 31}, {64, 1, 1, 1},
    {64, 0, 1, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
    CHECK(hac_static_ins(t[i].A, t[i].nvm, t[i].ea) == t[i].p,
          "static_ins(A=%u, nvm=%u, ea=%u) = %u, expected %u", t[i].A, t[i].nvm, t[i].ea,
          hac_static_ins(t[i].A, t[i].nvm, t[i].ea), t[i].p);
  /* Promotion: NVM +A/2, DRAM +A/4, clamp A-1. */
  static const struct { unsigned A, nvm, c, p; } q[] = {
    {8, 1, 0, 4}, {8, 1, 2, 6}, {8, 1, 3, 7}, {8, 1, 4, 7}, {8, 1, 7, 7},
    {8, 0, 0, 2}, {8, 0, 2, 4}, {8, 0, 5, 7}, {8, 0, 6, 7}, {8, 0, 7, 7},
    {16, 1, 3, 11}, {16, 1, 8, 15}, {16, 0, 3, 7}, {16, 0, 12, 15},
    {32, 1, 0, 16}, {32, 0, 0, 8}, {64, 1, 0, 32}, {64, 0, 60, 63},
  };
  for (size_t i = 0; i < sizeof q / sizeof q[0]; i++)
    CHECK(hac_static_promo(q[i].A, q[i].nvm, q[i].c) == q[i].p,
          "static_promo(A=%u, nvm=%u, c=%u) = %u, expected %u", q[i].A, q[i].nvm, q[i].c,
          hac_static_promo(q[i].A, q[i].nvm, q[i].c), q[i].p);
  group_end();
}

/* Fill an 8-way static set through hac_step: tags 1..8, ea 1; type per
 * nvm_of[t-1] but the 8th is LD. Every fill lands at k-1 (LN p=1 <= k-1
 * for k >= 2; the 8th, LD, at max(0, 0) = 0), so way w = tag w+1 ends at
 * position 7-w. */
static hac_model_t *static_full8(const unsigned nvm_of[8])
{
  hac_model_t *m = mk(1, 8, 20, 1);
  for (unsigned t = 1; t <= 8; t++) {
    hac_out_t o = req(m, 0, 0, t, t == 8 ? 0 : nvm_of[t - 1], 1);
    CHECK(o.rsp_pos_o == 8 - t && o.rsp_way_o == t - 1 && o.rsp_mc_o == 0 && !o.evict_valid_o,
          "static fill tag %u: way %llu pos %llu mc %llu ev %llu", t,
          (unsigned long long)o.rsp_way_o, (unsigned long long)o.rsp_pos_o,
          (unsigned long long)o.rsp_mc_o, (unsigned long long)o.evict_valid_o);
  }
  return m;
}

static void test_static_ins_step(void)
{
  group_begin("static_insertion_step_8way");
  static const unsigned all_dram[8] = {0};
  static const struct { const char *type; unsigned nvm, ea, p; unsigned char pos[8]; } t[] = {
    /* full set: way w at 7-w; victim way 7 (tag 8, pos 0); insert at p
     * moves positions 1..p down one. */
    {"HN", 1, 24, 7, {6, 5, 4, 3, 2, 1, 0, 7}},
    {"HD", 0, 32, 6, {7, 5, 4, 3, 2, 1, 0, 6}},
    {"MN", 1, 9, 4, {7, 6, 5, 3, 2, 1, 0, 4}},
    {"MD", 0, 23, 3, {7, 6, 5, 4, 2, 1, 0, 3}},
    {"LN", 1, 8, 1, {7, 6, 5, 4, 3, 2, 0, 1}},
    {"LD", 0, 1, 0, {7, 6, 5, 4, 3, 2, 1, 0}},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    for (unsigned wb = 0; wb <= 1; wb++) {
      hac_model_t *m = static_full8(all_dram);
      m->static_wb_ea = 1;   /* StaticWbEa=1: writebacks by the six-type table too */
      char what[64];
      snprintf(what, sizeof what, "%s %s miss", t[i].type, wb ? "writeback" : "demand");
      for (unsigned w = 0; w < 8; w++)
        CHECK(L(m, 0, w)->pos == 7 - w && L(m, 0, w)->tag == w + 1, "filled layout way %u", w);
      hac_out_t o = req(m, wb, 0, 100, t[i].nvm, t[i].ea);
      CHECK_OUT(o, what, 1, 0, 0, 7, t[i].p, 0, 1, 8, 0, 0);
      CHECK(hac_static_ins(8, t[i].nvm, t[i].ea) == t[i].p, "%s: hac_static_ins", what);
      for (unsigned w = 0; w < 8; w++)
        CHECK(L(m, 0, w)->pos == t[i].pos[w], "%s: way %u at %u, expected %u", what, w,
              L(m, 0, w)->pos, t[i].pos[w]);
      const hac_line_t *l = L(m, 0, 7);
      CHECK(l->valid && l->tag == 100 && l->dirty == wb && l->nvm == t[i].nvm && l->ea == 0,
            "%s: new line v%u tag %llu d%u n%u ea%u", what, l->valid,
            (unsigned long long)l->tag, l->dirty, l->nvm, l->ea);
      CHECK(m->mc[0] == 0, "%s: static mc %u", what, m->mc[0]);
      CHECK_INV(m);
      hac_free(m);
    }
  }
  /* StaticWbEa=0 (default, doc "Paper readings"): a writeback miss ignores
   * ea and lands at MRU (NVM) or MRU-1 (DRAM), whatever its ea. */
  for (unsigned nvm = 0; nvm <= 1; nvm++)
    for (unsigned ea = 1; ea <= 32; ea += 31) {
      hac_model_t *m = static_full8(all_dram);
      hac_out_t o = req(m, 1, 0, 100, nvm, ea);
      CHECK(o.rsp_pos_o == (nvm ? 7u : 6u), "paper writeback miss nvm %u ea %u: pos %u", nvm, ea,
            (unsigned)o.rsp_pos_o);
      hac_free(m);
    }
  group_end();
}

static void test_static_promo_step(void)
{
  group_begin("static_promotion_step_8way");
  /* tags 1..7 NVM if odd (ways 0,2,4,6 NVM at 7,5,3,1; ways 1,3,5 DRAM at
   * 6,4,2; way 7 DRAM at 0). */
  static const unsigned nvm_of[8] = {1, 0, 1, 0, 1, 0, 1, 0};
  static const struct { const char *what; unsigned way, p; unsigned char pos[8]; } t[] = {
    {"NVM c=1 +4 -> 5", 6, 5, {7, 6, 4, 3, 2, 1, 5, 0}},
    {"NVM c=3 +4 -> 7", 4, 7, {6, 5, 4, 3, 7, 2, 1, 0}},
    {"NVM c=5 +4 = 9 -> 7", 2, 7, {6, 5, 7, 4, 3, 2, 1, 0}},
    {"NVM c=7 stays 7", 0, 7, {7, 6, 5, 4, 3, 2, 1, 0}},
    {"DRAM c=0 +2 -> 2", 7, 2, {7, 6, 5, 4, 3, 1, 0, 2}},
    {"DRAM c=2 +2 -> 4", 5, 4, {7, 6, 5, 3, 2, 4, 1, 0}},
    {"DRAM c=6 +2 = 8 -> 7", 1, 7, {6, 7, 5, 4, 3, 2, 1, 0}},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    for (unsigned wb = 0; wb <= 1; wb++) {
      hac_model_t *m = static_full8(nvm_of);
      /* req_nvm_i deliberately wrong: the stored type decides */
      unsigned stored = L(m, 0, t[i].way)->nvm;
      hac_out_t o = req(m, wb, 0, t[i].way + 1u, !stored, 32);
      CHECK_OUT(o, t[i].what, 1, 1, 0, t[i].way, t[i].p, 0, 0, 0, 0, 0);
      for (unsigned w = 0; w < 8; w++)
        CHECK(L(m, 0, w)->pos == t[i].pos[w], "%s: way %u at %u, expected %u", t[i].what, w,
              L(m, 0, w)->pos, t[i].pos[w]);
      const hac_line_t *l = L(m, 0, t[i].way);
      CHECK(l->dirty == wb && l->ea == 0 && l->nvm == stored,
            "%s wb=%u: dirty %u ea %u nvm %u (static stores no EA)", t[i].what, wb, l->dirty,
            l->ea, l->nvm);
      CHECK_INV(m);
      hac_free(m);
    }
  }
  group_end();
}

static void test_static_no_bypass_no_mc(void)
{
  group_begin("static_no_bypass_no_mc");
  hac_model_t *m = mk(1, 8, 20, 1);
  CHECK(m->mc[0] == 0, "static mc after reset = %u", m->mc[0]);
  /* dirty NVM line at position 0 (as if written back), demand LD miss */
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 1, 0, 0);
  hac_out_t o = req(m, 0, 0, 50, 0, 1);
  CHECK_OUT(o, "static demand miss on dirty NVM victim", 1, 0, 0, 0, 0, 0, 1, 1, 1, 1);
  CHECK(m->mc[0] == 0, "static mc changed to %u", m->mc[0]);
  for (unsigned i = 0; i < 20; i++) {
    o = req(m, i & 1, 0, 60 + i, (i >> 1) & 1, 1 + i);
    CHECK(o.rsp_mc_o == 0 && o.rsp_bypass_o == 0, "static step %u: mc %llu bypass %llu", i,
          (unsigned long long)o.rsp_mc_o, (unsigned long long)o.rsp_bypass_o);
  }
  CHECK(m->mc[0] == 0, "static mc = %u", m->mc[0]);
  CHECK_INV(m);
  hac_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Bypass (Algorithm 1 lines 10-11)                                         */
/* ---------------------------------------------------------------------- */

static void test_bypass(void)
{
  group_begin("bypass_rules");
  hac_model_t *m;
  hac_out_t o;
  snap_t s;

  /* Dirty NVM victim (way 0, tag 1) with stored EA 2; demand ea 9 (EA 1). */
  for (unsigned nvm = 0; nvm <= 1; nvm++) {
    m = mk(2, 8, 20, 0);
    poke_full(m, 1);
    poke(m, 1, 0, 1, 1, 1, 1, 2, 0);
    m->mc[1] = 9;
    s = snap_take(m);
    o = req(m, 0, 1, 500, nvm, 9);
    CHECK_OUT(o, nvm ? "bypass (NVM request)" : "bypass (DRAM request)", 1, 0, 1, 0, 0, 9, 0, 0,
              0, 0);
    CHECK(snap_same(&s, m), "bypass changed state (nvm request %u)", nvm);
    snap_free(&s);
    /* the same request again bypasses again (nothing was filled) */
    o = req(m, 0, 1, 500, nvm, 9);
    CHECK(o.rsp_bypass_o == 1 && o.rsp_hit_o == 0, "second bypass");
    hac_free(m);
  }

  /* Equal EA (ea 17 -> EA 2): no bypass; NVM: mc 9 -> 7, CNP 4-0+2 = 6;
   * dirty NVM victim reported. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 1, 2, 0);
  m->mc[0] = 9;
  o = req(m, 0, 0, 500, 1, 17);
  CHECK_OUT(o, "equal EA", 1, 0, 0, 0, 6, 7, 1, 1, 1, 1);
  hac_free(m);

  /* Larger request EA (ea 32 -> 3): no bypass; DRAM: mc 10, CDP 1+2+3-1 = 5. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 1, 2, 0);
  m->mc[0] = 9;
  o = req(m, 0, 0, 500, 0, 32);
  CHECK_OUT(o, "larger request EA", 1, 0, 0, 0, 5, 10, 1, 1, 1, 1);
  hac_free(m);

  /* Clean NVM victim with EA 3, request ea 1: no bypass. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 0, 1, 3, 0);
  o = req(m, 0, 0, 500, 0, 1); /* mc 8 -> 9: CDP 1+2+0-1 = 2 */
  CHECK_OUT(o, "clean NVM victim", 1, 0, 0, 0, 2, 9, 1, 1, 0, 1);
  hac_free(m);

  /* Dirty DRAM victim with EA 3: no bypass. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 0, 3, 0);
  o = req(m, 0, 0, 500, 1, 1); /* mc 8 -> 6: CNP 4 */
  CHECK_OUT(o, "dirty DRAM victim", 1, 0, 0, 0, 4, 6, 1, 1, 1, 0);
  hac_free(m);

  /* Writeback miss with a dirty NVM EA 3 victim: no bypass test; DNP 7-1 = 6. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 1, 3, 0);
  o = req(m, 1, 0, 500, 1, 1);
  CHECK_OUT(o, "writeback miss, dirty NVM victim", 1, 0, 0, 0, 6, 8, 1, 1, 1, 1);
  hac_free(m);

  /* Invalid victim (empty set): never bypasses; lands at 7. */
  m = mk(1, 8, 20, 0);
  o = req(m, 0, 0, 500, 1, 1);
  CHECK_OUT(o, "invalid victim (reset state)", 1, 0, 0, 0, 7, 6, 0, 0, 0, 0);
  hac_free(m);
  /* Invalid victim whose other fields were (impossibly) left dirty NVM EA 3:
   * still no bypass, evict fields 0 (doc: invalid victim never bypasses). */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 0, 0, 1, 1, 3, 0);
  o = req(m, 0, 0, 500, 1, 1);
  CHECK_OUT(o, "invalid victim with stale dirty NVM fields", 1, 0, 0, 0, 4, 6, 0, 0, 0, 0);
  hac_free(m);

  /* A hit is never a bypass even with a dirty NVM EA 3 line at position 0. */
  m = mk(1, 8, 20, 0);
  poke_full(m, 0);
  poke(m, 0, 0, 1, 1, 1, 1, 3, 0);
  o = req(m, 0, 0, 3, 0, 1); /* tag 3 = way 2, DRAM, c=2: DP 2+4+2 = 8 -> 7 */
  CHECK_OUT(o, "hit beside a bypass-worthy victim", 1, 1, 0, 2, 7, 8, 0, 0, 0, 0);
  hac_free(m);

  /* Bypass reached through hac_step only: A=8, fill with NVM writebacks
   * at ea 32 (EA 3): dirty NVM lines; a demand ea 1 (EA 0) bypasses. */
  m = mk(1, 8, 20, 0);
  for (unsigned t = 1; t <= 8; t++) req(m, 1, 0, t, 1, 32);
  s = snap_take(m);
  o = req(m, 0, 0, 100, 0, 1);
  /* fills: way w at 7 then 6 (DNP 6) -> way 1 (tag 2) at position 0 */
  CHECK_OUT(o, "driven bypass", 1, 0, 1, 1, 0, 8, 0, 0, 0, 0);
  CHECK(snap_same(&s, m), "driven bypass changed state");
  snap_free(&s);
  o = req(m, 0, 0, 100, 0, 25); /* EA 3 = stored 3: not greater -> insert */
  CHECK_OUT(o, "driven equal-EA demand", 1, 0, 0, 1, 5, 9, 1, 2, 1, 1); /* mc 9: CDP 1+2+3-1 */
  CHECK_INV(m);
  hac_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Invalid-line rule                                                        */
/* ---------------------------------------------------------------------- */

static void test_invalid_lines(void)
{
  group_begin("invalid_line_rule");
  /* Empty set: every kind of insertion lands at A-1, way 0. */
  static const unsigned As[] = {8, 16, 32, 64};
  for (size_t a = 0; a < 4; a++) {
    unsigned A = As[a];
    for (unsigned pol = 0; pol <= 1; pol++)
      for (unsigned wb = 0; wb <= 1; wb++)
        for (unsigned nvm = 0; nvm <= 1; nvm++)
          for (unsigned ea = 1; ea <= 32; ea += 31) {
            hac_model_t *m = mk(1, A, 20, pol);
            hac_out_t o = req(m, wb, 0, 7, nvm, ea);
            CHECK(o.rsp_pos_o == A - 1 && o.rsp_way_o == 0 && !o.evict_valid_o,
                  "A=%u policy %u wb %u nvm %u ea %u empty-set fill at %llu way %llu", A, pol,
                  wb, nvm, ea, (unsigned long long)o.rsp_pos_o,
                  (unsigned long long)o.rsp_way_o);
            CHECK_INV(m);
            hac_free(m);
          }
  }
  /* Static 8-way: five LD fills (7, 6, 5, 4, 3 = k-1), LD with k=3 -> 2,
   * LN (p=1) with k=2 -> 1, MN (p=4) with k=1 -> 4 (p > k-1 wins). */
  {
    hac_model_t *m = mk(1, 8, 20, 1);
    static const struct { unsigned nvm, ea, pos; } f[] = {
      {0, 1, 7}, {0, 1, 6}, {0, 1, 5}, {0, 1, 4}, {0, 1, 3}, {0, 1, 2}, {1, 1, 1}, {1, 16, 4},
    };
    for (unsigned i = 0; i < 8; i++) {
      hac_out_t o = req(m, 0, 0, 10 + i, f[i].nvm, f[i].ea);
      CHECK(o.rsp_pos_o == f[i].pos && o.rsp_way_o == i && !o.evict_valid_o,
            "static fill %u: pos %llu way %llu, expected pos %u way %u", i,
            (unsigned long long)o.rsp_pos_o, (unsigned long long)o.rsp_way_o, f[i].pos, i);
      CHECK_INV(m);
    }
    hac_free(m);
  }
  /* Static HN into a set with k=3 invalid: A-1 = 7 > k-1 = 2 -> 7. */
  {
    hac_model_t *m = mk(1, 8, 20, 1);
    for (unsigned i = 0; i < 5; i++) req(m, 0, 0, 10 + i, 0, 1);
    hac_out_t o = req(m, 0, 0, 99, 1, 32);
    CHECK_OUT(o, "HN with k=3", 1, 0, 0, 5, 7, 0, 0, 0, 0, 0);
    CHECK_INV(m);
    hac_free(m);
  }
  /* Dynamic A=16: CDP at mc 16 -> 17: 2+4+0-1 = 5; with k=10 invalid
   * lines the insertion lands at 9; with k=4 at 5 (max(5, 3)). */
  {
    hac_model_t *m = mk(1, 16, 20, 0);
    for (unsigned i = 0; i < 6; i++) req(m, 1, 0, 10 + i, 1, 1); /* NVM wb, mc stays 16 */
    hac_out_t o = req(m, 0, 0, 99, 0, 1);
    CHECK_OUT(o, "dynamic CDP 5 with k=10", 1, 0, 0, 6, 9, 17, 0, 0, 0, 0);
    for (unsigned i = 0; i < 5; i++) req(m, 1, 0, 20 + i, 1, 1);
    /* k = 4 now; mc 17 -> 18: CDP 2+4-1 = 5 */
    o = req(m, 0, 0, 98, 0, 1);
    CHECK_OUT(o, "dynamic CDP 5 with k=4", 1, 0, 0, 12, 5, 18, 0, 0, 0, 0);
    CHECK_INV(m);
    hac_free(m);
  }
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Hit side effects: EA update, dirty on writeback hit, eviction report     */
/* ---------------------------------------------------------------------- */

static void test_hit_effects(void)
{
  group_begin("hit_ea_update_and_wb_dirty");
  hac_model_t *m = mk(1, 16, 20, 0);
  hac_out_t o = req(m, 0, 0, 7, 0, 1); /* empty set: way 0 at 15, EA 0 */
  CHECK(L(m, 0, 0)->ea == 0 && L(m, 0, 0)->dirty == 0, "filled: ea %u dirty %u",
        L(m, 0, 0)->ea, L(m, 0, 0)->dirty);
  o = req(m, 0, 0, 7, 0, 32); /* demand hit ea 32 -> EA 7 */
  CHECK_OUT(o, "demand hit", 1, 1, 0, 0, 15, 17, 0, 0, 0, 0);
  CHECK(L(m, 0, 0)->ea == 7 && L(m, 0, 0)->dirty == 0, "after demand hit ea32: ea %u dirty %u",
        L(m, 0, 0)->ea, L(m, 0, 0)->dirty);
  o = req(m, 1, 0, 7, 0, 5); /* writeback hit ea 5 -> EA 1, dirty */
  CHECK_OUT(o, "writeback hit", 1, 1, 0, 0, 15, 17, 0, 0, 0, 0);
  CHECK(L(m, 0, 0)->ea == 1 && L(m, 0, 0)->dirty == 1, "after wb hit ea5: ea %u dirty %u",
        L(m, 0, 0)->ea, L(m, 0, 0)->dirty);
  o = req(m, 0, 0, 7, 1, 1); /* demand hit: dirty stays, EA 0; req_nvm ignored */
  CHECK(L(m, 0, 0)->ea == 0 && L(m, 0, 0)->dirty == 1 && L(m, 0, 0)->nvm == 0,
        "after demand hit ea1: ea %u dirty %u nvm %u", L(m, 0, 0)->ea, L(m, 0, 0)->dirty,
        L(m, 0, 0)->nvm);
  o = req(m, 0, 0, 7, 0, 0); /* ea 0 clamps to 1 -> EA 0 */
  CHECK(L(m, 0, 0)->ea == 0, "ea 0 on hit: EA %u", L(m, 0, 0)->ea);
  o = req(m, 0, 0, 7, 0, 63); /* ea 63 clamps to 32 -> EA 7 */
  CHECK(L(m, 0, 0)->ea == 7, "ea 63 on hit: EA %u", L(m, 0, 0)->ea);
  CHECK_INV(m);
  hac_free(m);

  /* Hit on a DRAM line with req_nvm_i = 1 promotes by DP, not NP:
   * A=16 mc 16, c=0: DP 12 (NP would be 13). */
  m = mk(1, 16, 20, 0);
  poke_full(m, 0);
  o = req(m, 0, 0, 1, 1, 1);
  CHECK_OUT(o, "DRAM line hit with req_nvm_i=1", 1, 1, 0, 0, 12, 16, 0, 0, 0, 0);
  CHECK(L(m, 0, 0)->nvm == 0, "hit changed the type bit");
  hac_free(m);
  group_end();
}

static void test_eviction_report(void)
{
  group_begin("dirty_victim_eviction_report");
  /* A=8 dynamic, fill with 8 writebacks (DNP/DDP 6 at mc 8): way 0 at 7,
   * ways 1..7 at 0..6 -> next victim way 1, tag 2. */
  for (unsigned nvm = 0; nvm <= 1; nvm++) {
    hac_model_t *m = mk(1, 8, 48, 0);
    const uint64_t big = 0xFFFFFFFFFFF0ull; /* 48-bit tags */
    for (unsigned t = 1; t <= 8; t++) {
      hac_out_t o = req(m, 1, 0, big + t, nvm, 1);
      CHECK(!o.evict_valid_o && o.rsp_way_o == t - 1, "fill %u", t);
    }
    hac_out_t o = req(m, 0, 0, 77, 0, 1); /* DRAM demand: mc 9, CDP 1+2-1 = 2 */
    CHECK_OUT(o, nvm ? "evict dirty NVM" : "evict dirty DRAM", 1, 0, 0, 1, 2, 9, 1,
              (long)(big + 2), 1, nvm);
    /* next victim: way 2 (tag 3); clean-line eviction after a demand fill */
    o = req(m, 0, 0, 78, 1, 1); /* NVM demand: mc 7, CNP 4 */
    CHECK_OUT(o, "second eviction", 1, 0, 0, 2, 4, 7, 1, (long)(big + 3), 1, nvm);
    CHECK_INV(m);
    hac_free(m);
  }
  /* Clean victim: static, LD fills, then an LD miss evicts way 7 (tag 8) clean DRAM */
  {
    hac_model_t *m = mk(1, 8, 20, 1);
    for (unsigned t = 1; t <= 8; t++) req(m, 0, 0, t, 1, 1); /* LN; last LN lands at 1 */
    /* LN fills: 7,6,...,2 for k=8..3; k=2 -> max(1,1) = 1; k=1 -> max(1,0) = 1:
     * way 7 at 1, way 6 (tag 7) pushed to 0 -> victim tag 7, clean NVM */
    hac_out_t o = req(m, 0, 0, 50, 0, 1);
    CHECK_OUT(o, "clean NVM eviction", 1, 0, 0, 6, 0, 0, 1, 7, 0, 1);
    CHECK_INV(m);
    hac_free(m);
  }
  group_end();
}

/* ---------------------------------------------------------------------- */
/* ea clamp, masking, out-of-range set, idle, reset, timing example         */
/* ---------------------------------------------------------------------- */

static void test_ea_clamp_step(void)
{
  group_begin("ea_clamp_step");
  /* A=16, full set, mc 16: NVM demand ea 0 -> 1 -> EA 0: mc 14, CNP 7;
   * ea 63 -> 32 -> EA 7: CNP 14; unmasked ea 0x41 -> 1; 0x60 -> 32. */
  static const struct { uint64_t ea; unsigned pos, EA; } t[] = {
    {0, 7, 0}, {1, 7, 0}, {33, 14, 7}, {63, 14, 7}, {0x41, 7, 0}, {0x60, 14, 7}, {0x40, 7, 0},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    hac_model_t *m = mk(1, 16, 20, 0);
    poke_full(m, 0);
    hac_out_t o = req(m, 0, 0, 100, 1, (unsigned)t[i].ea);
    CHECK(o.rsp_pos_o == t[i].pos && o.rsp_mc_o == 14 && L(m, 0, 0)->ea == t[i].EA,
          "ea 0x%llx: pos %llu (exp %u), stored EA %u (exp %u)", (unsigned long long)t[i].ea,
          (unsigned long long)o.rsp_pos_o, t[i].pos, L(m, 0, 0)->ea, t[i].EA);
    hac_free(m);
  }
  /* Static: ea 0 -> low (LN 1), 63 -> high (HN 7). */
  for (unsigned i = 0; i < 2; i++) {
    static const unsigned all_dram[8] = {0};
    hac_model_t *m = static_full8(all_dram);
    hac_out_t o = req(m, 0, 0, 100, 1, i ? 63 : 0);
    CHECK(o.rsp_pos_o == (i ? 7u : 1u), "static ea %u: pos %llu", i ? 63 : 0,
          (unsigned long long)o.rsp_pos_o);
    hac_free(m);
  }
  group_end();
}

static void test_masking(void)
{
  group_begin("input_masking");
  /* Sets = 6 -> SetW 3; TagW 4. */
  hac_model_t *m = mk(6, 8, 4, 0);
  hac_out_t o = req(m, 0, 8 + 2, 0x15, 0, 1); /* set 10 -> 2, tag 0x15 -> 5 */
  CHECK_OUT(o, "masked set 10->2", 1, 0, 0, 0, 7, 9, 0, 0, 0, 0);
  CHECK(L(m, 2, 0)->valid && L(m, 2, 0)->tag == 5 && m->mc[2] == 9, "set 2 not filled");
  o = req(m, 0, 2, 5, 0, 1);
  CHECK(o.rsp_hit_o == 1, "tag 5 should hit the masked 0x15");
  o = req(m, 0, 0xFFFFFFFFFFFFFF02ull, 0xFFF5, 0, 1);
  CHECK(o.rsp_hit_o == 1 && o.rsp_way_o == 0, "unmasked set/tag should hit set 2 tag 5");
  /* other 1-bit inputs: wb 2 -> 0 (demand), nvm 2 -> 0 (DRAM), valid 3 -> 1 */
  hac_in_t in;
  memset(&in, 0, sizeof in);
  in.rst_ni = 3;
  in.req_valid_i = 3;
  in.req_wb_i = 2;
  in.req_set_i = 1;
  in.req_tag_i = 0x13;
  in.req_nvm_i = 2;
  in.req_ea_i = 1;
  o = step_in(m, &in);
  CHECK_OUT(o, "wb=2 nvm=2 valid=3", 1, 0, 0, 0, 7, 9, 0, 0, 0, 0);
  CHECK(L(m, 1, 0)->dirty == 0 && L(m, 1, 0)->nvm == 0 && L(m, 1, 0)->tag == 3,
        "set 1 line: dirty %u nvm %u tag %llu", L(m, 1, 0)->dirty, L(m, 1, 0)->nvm,
        (unsigned long long)L(m, 1, 0)->tag);
  /* valid = 2 -> 0: idle */
  in.req_valid_i = 2;
  snap_t s = snap_take(m);
  o = step_in(m, &in);
  CHECK_ZERO_OUT(o, "valid=2");
  CHECK(snap_same(&s, m), "valid=2 changed state");
  snap_free(&s);
  /* rst_ni = 2 -> 0: reset */
  in.rst_ni = 2;
  in.req_valid_i = 1;
  o = step_in(m, &in);
  CHECK_ZERO_OUT(o, "rst_ni=2");
  CHECK(!L(m, 2, 0)->valid && m->mc[2] == 8, "rst_ni=2 did not reset");
  /* tag 0 in an empty set misses (invalid lines hold tag 0) */
  o = req(m, 0, 0, 0, 0, 1);
  CHECK(o.rsp_hit_o == 0 && o.rsp_pos_o == 7, "tag 0 on empty set: hit %llu",
        (unsigned long long)o.rsp_hit_o);
  o = req(m, 0, 0, 0x10, 0, 1);
  CHECK(o.rsp_hit_o == 1, "tag 0x10 (masked 0) should hit");
  CHECK_INV(m);
  hac_free(m);
  group_end();
}

static void test_out_of_range_and_idle(void)
{
  group_begin("out_of_range_set_and_idle");
  hac_model_t *m = mk(6, 8, 20, 0);
  hac_out_t o = req(m, 0, 5, 1, 0, 1);
  CHECK_OUT(o, "set 5 (last legal)", 1, 0, 0, 0, 7, 9, 0, 0, 0, 0);
  snap_t s = snap_take(m);
  static const uint64_t bad[] = {6, 7, 0xF, 0xFFFF, 0xFFFFFFFFFFFFFFFFull};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    for (unsigned wb = 0; wb <= 1; wb++) {
      o = req(m, wb, bad[i], 1, 1, 32);
      CHECK_ZERO_OUT(o, "out-of-range set");
      CHECK(snap_same(&s, m), "set 0x%llx wb %u changed state", (unsigned long long)bad[i], wb);
      CHECK(m->out.rsp_valid_o == 0, "registered outputs not cleared");
    }
  }
  /* the response register clears when idle */
  o = req(m, 0, 5, 1, 0, 1);
  CHECK(o.rsp_hit_o == 1 && o.rsp_valid_o == 1, "hit in set 5");
  snap_free(&s);
  s = snap_take(m);
  o = idle(m);
  CHECK_ZERO_OUT(o, "idle after hit");
  /* req_valid 0 with other fields set */
  hac_in_t in;
  memset(&in, 0, sizeof in);
  in.rst_ni = 1;
  in.req_wb_i = 1;
  in.req_set_i = 5;
  in.req_tag_i = 2;
  in.req_nvm_i = 1;
  in.req_ea_i = 32;
  o = step_in(m, &in);
  CHECK_ZERO_OUT(o, "req_valid 0");
  CHECK(snap_same(&s, m), "idle changed state");
  snap_free(&s);
  hac_free(m);
  group_end();
}

static void test_reset(void)
{
  group_begin("reset_clears_everything");
  for (unsigned pol = 0; pol <= 1; pol++) {
    hac_model_t *m = mk(3, 16, 12, pol);
    for (unsigned i = 0; i < 200; i++) req(m, i % 3 == 0, i % 3, (i * 7) % 40, i & 1, 1 + i % 32);
    hac_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_ni = 0;
    in.req_valid_i = 1; /* a request during reset is ignored */
    in.req_set_i = 1;
    in.req_tag_i = 3;
    in.req_ea_i = 9;
    hac_out_t o = step_in(m, &in);
    CHECK_ZERO_OUT(o, "outputs in reset");
    for (unsigned s = 0; s < 3; s++) {
      CHECK(m->mc[s] == (pol ? 0 : 16), "policy %u set %u mc %u after reset", pol, s, m->mc[s]);
      for (unsigned w = 0; w < 16; w++) {
        const hac_line_t *l = L(m, s, w);
        CHECK(!l->valid && !l->tag && !l->dirty && !l->nvm && !l->ea && l->pos == w,
              "policy %u set %u way %u not reset (v%u t%llu d%u n%u ea%u pos%u)", pol, s, w,
              l->valid, (unsigned long long)l->tag, l->dirty, l->nvm, l->ea, l->pos);
      }
    }
    o = reset(m); /* reset held two cycles */
    CHECK_ZERO_OUT(o, "outputs in second reset cycle");
    o = req(m, 0, 1, 3, 0, 1);
    CHECK_OUT(o, "first request after reset", 1, 0, 0, 0, 15, pol ? 0 : 17, 0, 0, 0, 0);
    CHECK_INV(m);
    hac_free(m);
  }
  /* hac_new is in reset state */
  hac_model_t *m = mk(2, 8, 20, 0);
  CHECK(m->mc[0] == 8 && m->mc[1] == 8 && m->out.rsp_valid_o == 0 && L(m, 1, 5)->pos == 5,
        "hac_new state");
  CHECK_INV(m);
  hac_free(m);
  group_end();
}

static void test_timing_example(void)
{
  group_begin("doc_timing_example");
  /* doc/hac.md "Timing example" at the default parameters (Sets 384, A 16,
   * TagW 20, dynamic). The outputs returned by a step are those visible in
   * the next cycle. */
  hac_model_t *m = mk(384, 16, 20, 0);
  hac_out_t o0 = reset(m);                  /* cycle 0: rst_ni 0 */
  hac_out_t o1 = req(m, 0, 3, 5, 0, 1);     /* cycle 1: rd s3 t5 */
  hac_out_t o2 = req(m, 0, 3, 5, 0, 1);     /* cycle 2: rd s3 t5 */
  hac_out_t o3 = idle(m);                   /* cycle 3: - */
  CHECK_ZERO_OUT(o0, "visible in cycle 1");
  /* visible in cycle 2: miss, inserted at A-1 = 15 in way 0, mc A+1 = 17 */
  CHECK_OUT(o1, "visible in cycle 2 (miss, ins)", 1, 0, 0, 0, 15, 17, 0, 0, 0, 0);
  /* visible in cycle 3: hit way 0, c = 15, DP clamps to 15, mc 17 */
  CHECK_OUT(o2, "visible in cycle 3 (hit)", 1, 1, 0, 0, 15, 17, 0, 0, 0, 0);
  CHECK_ZERO_OUT(o3, "visible in cycle 4");
  hac_free(m);
  group_end();
}

/* The self-check itself must be able to fail (SQLite-style). */
static void test_invariant_checker(void)
{
  group_begin("invariant_checker_detects_faults");
  char err[KIT_ERR_LEN];
  hac_model_t *m = mk(3, 8, 20, 0);
  CHECK(hac_check_invariants(m, err, sizeof err) == 0, "reset state flagged: %s", err);
  /* invariant 1: duplicate position */
  L(m, 2, 3)->pos = 4;
  CHECK(hac_check_invariants(m, err, sizeof err) != 0 && strstr(err, "set 2") &&
            strstr(err, "way"),
        "duplicate position not reported (%s)", err);
  L(m, 2, 3)->pos = 3;
  /* invariant 2: duplicate valid tag */
  poke_full(m, 1);
  L(m, 1, 6)->tag = 2;
  CHECK(hac_check_invariants(m, err, sizeof err) != 0 && strstr(err, "set 1") &&
            strstr(err, "way 6"),
        "duplicate tag not reported (%s)", err);
  L(m, 1, 6)->tag = 7;
  CHECK(hac_check_invariants(m, err, sizeof err) == 0, "restored state flagged: %s", err);
  /* invariant 4: an invalid line above a valid one */
  L(m, 1, 5)->valid = 0; /* way 5 at position 5, k = 1 */
  CHECK(hac_check_invariants(m, err, sizeof err) != 0 && strstr(err, "set 1 way 5"),
        "invalid line at position 5 not reported (%s)", err);
  L(m, 1, 5)->valid = 1;
  /* mc out of range */
  m->mc[0] = 16;
  CHECK(hac_check_invariants(m, err, sizeof err) != 0 && strstr(err, "set 0"),
        "mc 16 at A=8 not reported (%s)", err);
  m->mc[0] = 15;
  CHECK(hac_check_invariants(m, err, sizeof err) == 0, "final state flagged: %s", err);
  CHECK(hac_check_invariants(m, NULL, 0) == 0, "NULL err buffer");
  hac_free(m);
  group_end();
}

/* ---------------------------------------------------------------------- */
/* Random soak with an independent shadow                                   */
/* ---------------------------------------------------------------------- */

static uint64_t rng_s;
static uint64_t rnd(void) /* splitmix64 */
{
  uint64_t z = (rng_s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
static unsigned rbelow(unsigned n) { return (unsigned)(rnd() % n); }

typedef struct shadow_set {
  uint8_t valid[64];
  uint64_t tag[64];
  unsigned mc;
} shadow_set_t;

static void test_soak(uint64_t seed)
{
  group_begin("random_soak_invariants_and_shadow");
  static const unsigned Ws[] = {8, 16, 32, 64};
  const unsigned tagw = 7, steps_per = 8400;
  unsigned long long total = 0, hits = 0, byps = 0, dirty_ev = 0, oor = 0, resets = 0, inv = 0;
  unsigned mc0_seen = 0, mcmax_seen = 0;
  char err[KIT_ERR_LEN];

  for (unsigned pol = 0; pol <= 1 && group_ok(); pol++)
    for (unsigned wi = 0; wi < 4 && group_ok(); wi++)
      for (unsigned sets = 2; sets <= 4 && group_ok(); sets++) {
        const unsigned A = Ws[wi];
        const uint64_t cfg_seed = seed ^ ((uint64_t)pol << 40 | (uint64_t)A << 20 | sets);
        rng_s = cfg_seed;
        hac_model_t *m = mk(sets, A, tagw, pol);
        shadow_set_t sh[4];
        for (unsigned s = 0; s < sets; s++) {
          memset(&sh[s], 0, sizeof sh[s]);
          sh[s].mc = pol ? 0 : A;
        }
        unsigned nvm_pm = 500, pool = A + A / 2, wb_pm = 300, phase = 0, salt = 0, hot = 4;
        unsigned phase_no = 0;
        int cfg_mc0 = 0, cfg_mcmax = 0;
        for (unsigned t = 0; t < steps_per && group_ok(); t++, total++) {
          if (phase == 0) { /* new traffic phase */
            phase = 100 + rbelow(900);
            static const unsigned nv[] = {0, 0, 1000, 1000, 500, 100, 900};
            /* the first two phases drive mc to its maximum and to 0 */
            nvm_pm = phase_no == 0 ? 0 : phase_no == 1 ? 1000 : nv[rbelow(7)];
            phase_no++;
            pool = A / 2 + rbelow(2 * A);
            wb_pm = rbelow(500);
            salt = rbelow(2);
            if (nvm_pm == 0 || nvm_pm == 1000) { /* drive mc to an end: mostly misses */
              salt = 0;
              pool = 4 * A;
              wb_pm = rbelow(100);
              hot = rbelow(sets); /* and mostly on one set */
              phase += 500;
            } else {
              hot = 4;
            }
          }
          phase--;
          hac_in_t in;
          in.rst_ni = phase_no > 2 && rbelow(3000) == 0 ? 0 : 1;
          if (rbelow(50) == 0) in.rst_ni |= 2;  /* unmasked bits */
          in.req_valid_i = rbelow(10) ? 1 : 0;
          in.req_wb_i = rbelow(1000) < wb_pm;
          unsigned setraw = hot < sets && rbelow(10) ? hot : rbelow(sets);
          if (rbelow(100) == 0) setraw = rbelow(4); /* 3 is out of range for Sets 3 */
          in.req_set_i = setraw | (rbelow(20) == 0 ? (uint64_t)rbelow(1000) << 2 : 0);
          if (sets == 3 && rbelow(100) == 0) in.req_set_i = 3;
          uint64_t tag = rbelow(pool);
          in.req_tag_i = tag | (rbelow(10) == 0 ? (rnd() << tagw) : 0);
          in.req_nvm_i = rbelow(10) == 0 ? rbelow(4) : (rbelow(1000) < nvm_pm) ^ (tag & salt);
          static const unsigned corners[] = {0, 1, 8, 9, 23, 24, 32, 33, 63, 64 + 5};
          in.req_ea_i = rbelow(2) ? corners[rbelow(10)] : 1 + rbelow(32);

          const unsigned rst = (unsigned)(in.rst_ni & 1), val = (unsigned)(in.req_valid_i & 1);
          const unsigned setw = sets <= 2 ? 1 : 2;
          const unsigned s = (unsigned)(in.req_set_i & ((1u << setw) - 1));
          const unsigned wb = (unsigned)(in.req_wb_i & 1), nvm = (unsigned)(in.req_nvm_i & 1);
          const uint64_t mtag = in.req_tag_i & ((1u << tagw) - 1);
          /* pre-step facts about the addressed set */
          unsigned victim = 64, oldpos = 0, shit = 64;
          if (rst && val && s < sets) {
            for (unsigned w = 0; w < A; w++) {
              if (L(m, s, w)->pos == 0) victim = w;
              if (shit == 64 && sh[s].valid[w] && sh[s].tag[w] == mtag) shit = w;
            }
            if (shit < 64) oldpos = L(m, s, shit)->pos;
          }

          hac_out_t o = step_in(m, &in);

          if (!rst) {
            resets++;
            CHECK_ZERO_OUT(o, "reset");
            for (unsigned x = 0; x < sets; x++) {
              memset(&sh[x], 0, sizeof sh[x]);
              sh[x].mc = pol ? 0 : A;
            }
          } else if (!val || s >= sets) {
            if (val) oor++;
            CHECK_ZERO_OUT(o, "idle / out-of-range");
          } else {
            const unsigned mc_before = sh[s].mc;
            CHECK(o.rsp_valid_o == 1, "no response");
            CHECK(o.rsp_way_o < A && o.rsp_pos_o < A && o.rsp_mc_o <= 2 * A - 1 &&
                      o.evict_tag_o < (1u << tagw),
                  "output out of width");
            CHECK(o.rsp_hit_o == (shit < 64), "hit %llu but shadow says %u",
                  (unsigned long long)o.rsp_hit_o, shit < 64);
            if (o.rsp_hit_o) {
              hits++;
              CHECK(o.rsp_way_o == shit && !o.rsp_bypass_o && !o.evict_valid_o &&
                        !o.evict_tag_o && !o.evict_dirty_o && !o.evict_nvm_o,
                    "hit outputs");
              CHECK(o.rsp_pos_o >= oldpos, "hit demoted %u -> %llu", oldpos,
                    (unsigned long long)o.rsp_pos_o);
              if (wb) CHECK(L(m, s, shit)->dirty == 1, "writeback hit not dirty");
            } else if (o.rsp_bypass_o) {
              byps++;
              const hac_line_t *v = L(m, s, victim);
              CHECK(pol == 0 && !wb && o.rsp_way_o == victim && o.rsp_pos_o == 0 &&
                        v->valid && v->dirty && v->nvm && !o.evict_valid_o,
                    "bad bypass");
            } else {
              CHECK(o.rsp_way_o == victim, "filled way %llu, victim %u",
                    (unsigned long long)o.rsp_way_o, victim);
              CHECK(o.evict_valid_o == sh[s].valid[victim], "evict_valid");
              CHECK(o.evict_tag_o == (sh[s].valid[victim] ? sh[s].tag[victim] : 0),
                    "evict_tag %llu, shadow %llu", (unsigned long long)o.evict_tag_o,
                    (unsigned long long)sh[s].tag[victim]);
              if (o.evict_dirty_o) dirty_ev++;
              sh[s].valid[victim] = 1;
              sh[s].tag[victim] = mtag;
              const hac_line_t *l = L(m, s, victim);
              CHECK(l->valid && l->tag == mtag && l->dirty == wb && l->nvm == nvm &&
                        l->pos == o.rsp_pos_o,
                    "filled line state");
              if (pol == 0 && !wb)
                sh[s].mc = nvm ? (sh[s].mc >= 2 ? sh[s].mc - 2 : 0)
                               : (sh[s].mc + 1 > 2 * A - 1 ? 2 * A - 1 : sh[s].mc + 1);
            }
            if (o.rsp_hit_o) CHECK(L(m, s, shit)->pos == o.rsp_pos_o, "hit line position");
            CHECK(o.rsp_mc_o == (pol ? 0 : sh[s].mc), "rsp_mc %llu, shadow %u (before %u)",
                  (unsigned long long)o.rsp_mc_o, pol ? 0 : sh[s].mc, mc_before);
            CHECK(m->mc[s] == (pol ? 0 : sh[s].mc), "stored mc %u, shadow %u", m->mc[s],
                  sh[s].mc);
            if (pol == 0 && sh[s].mc == 0) cfg_mc0 = 1;
            if (pol == 0 && sh[s].mc == 2 * A - 1) cfg_mcmax = 1;
          }
          if ((t & 15) == 0 || t == steps_per - 1) {
            if (hac_check_invariants(m, err, sizeof err)) {
              inv++;
              CHECK(0, "invariant: %s", err);
            }
          }
          if (!group_ok()) { /* first failure: name the configuration and the seed */
            group_note(" [policy %u A %u Sets %u step %u; reproduce: test_hac_model 0x%llx]", pol,
                     A, sets, t, (unsigned long long)seed);
          }
        }
        mc0_seen += cfg_mc0;
        mcmax_seen += cfg_mcmax;
        hac_free(m);
      }
  CHECK(total >= 200000, "only %llu steps", total);
  CHECK(inv == 0, "%llu invariant violations", inv);
  /* coverage: the soak must actually reach the interesting corners */
  CHECK(hits > 10000 && byps > 100 && dirty_ev > 1000 && oor > 10 && resets > 10,
        "coverage: hits %llu bypasses %llu dirty evictions %llu out-of-range %llu resets %llu",
        hits, byps, dirty_ev, oor, resets);
  CHECK(mc0_seen == 12 && mcmax_seen == 12,
        "mc corners reached in %u / %u of 12 dynamic configs", mc0_seen, mcmax_seen);
  if (group_ok())
    fprintf(stderr, "soak: %llu steps, %llu hits, %llu bypasses, %llu dirty evictions\n", total,
            hits, byps, dirty_ev);
  group_end();
}

int main(int argc, char **argv)
{
  uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 0) : 0x4841432D534F414Bull;

  test_ea();
  test_formulas_pure(8);
  test_formulas_pure(16);
  test_formulas_pure(32);
  test_formulas_pure(64);
  test_formulas_step(8);
  test_formulas_step(16);
  test_formulas_step(32);
  test_promo_step();
  test_mc_drive_A8();
  test_mc_drive_A16();
  test_mc_drive_A32();
  test_hit_drive();
  test_mc_saturation();
  test_mc_before_position();
  test_static_pure();
  test_static_ins_step();
  test_static_promo_step();
  test_static_no_bypass_no_mc();
  test_bypass();
  test_invalid_lines();
  test_hit_effects();
  test_eviction_report();
  test_ea_clamp_step();
  test_masking();
  test_out_of_range_and_idle();
  test_reset();
  test_timing_example();
  test_invariant_checker();
  test_soak(seed);

  return unit_done();
}
