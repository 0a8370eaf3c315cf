/*
 * hac.c - bit-accurate, cycle-level golden model of the HAC L2 slice.
 *
 * What it models: the tag/replacement slice of one set-associative L2 bank
 * under the hybrid-memory-aware policy of Wang et al., section IV (dynamic:
 * Algorithms 1 and 2; static: the six-type table of IV-B), exactly as
 * doc/hac.md specifies it. Every rule below carries the doc section and the
 * paper line it comes from; where the paper is vague the doc's **Decision**
 * is implemented and named.
 *
 * Usage profile: the lockstep driver calls hac_step() once per clock,
 * millions of times, against the RTL, and compares every output port every
 * cycle. So:
 *  - a step touches only the addressed set: one pass over its A lines finds
 *    the hit way, the position-0 victim and the number of invalid lines, a
 *    second pass shifts the stack; O(A) with A <= 64, no allocation;
 *  - state is stored the way the RTL stores it (a WayW-bit position per
 *    line, a McW-bit mc per set), not as an ordered way list, so that a
 *    mismatch can be explained field by field against the RTL's flops and
 *    the self-check (hac_check_invariants) tests the same invariants the
 *    formal proof states;
 *  - every input is first masked to its port width (the harness may pass
 *    unmasked values; the RTL cannot see bits its ports do not have).
 *
 * Design choice (the RTL's _d / _q): hac_step() first *decides* - computes
 * from the current state and the masked inputs one hac_next_t (which line
 * moves from which position to which, its new fields, the set's next mc)
 * and the next registered outputs - and only then *commits* them. Nothing
 * written in the commit phase is read back in the decide phase, exactly as
 * the RTL's combinational block reads only _q and the clocked block only
 * copies _d into _q.
 *
 * Insert and promote are one stack operation here (doc "Insert at position
 * p" / "Promote to position p"): a line moves from position `from` (0, the
 * victim's, for an insertion; c for a hit) to `to`.
 *
 * The static policy (Policy = 1) stores neither mc nor EA (doc Decision
 * "static policy storage"): the mc array is kept at 0 (also after reset),
 * every line's ea field is 0 and rsp_mc_o is 0.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/hac/hac.h"

/* IV-A: a coalesced request has 1..32 effective addresses (ea). */
#define HAC_EA_MIN 1u
#define HAC_EA_MAX 32u
/* hac.def: req_ea_i is 6 bits wide. */
#define HAC_EA_PORTW 6u
/* IV-A: low priority group ea 1..8, high 24..32, middle the rest. */
#define HAC_EA_LOW_MAX 8u
#define HAC_EA_HIGH_MIN 24u
/* IV-B: EA = A*(ea-1)/64 (A/2 groups of 64/A effective addresses each). */
#define HAC_EA_DIV 64u
/* Algorithm 1 line 16 (NVM demand miss: mc - 2) and line 19 (DRAM: mc + 1). */
#define HAC_MC_NVM_DEC 2u
#define HAC_MC_DRAM_INC 1u
/* Algorithms 1 and 2: the mc divisors of the position formulas. */
#define HAC_MC_DIV_NVM 8u
#define HAC_MC_DIV_DRAM 4u

/* ---------------------------------------------------------------------- */
/* Helpers                                                                 */
/* ---------------------------------------------------------------------- */

/* doc "Parameters": A is a power of two in 8..64. */
static int hac_ways_ok(unsigned ways)
{
  return ways == 8u || ways == 16u || ways == 32u || ways == 64u;
}

/* doc "Integer arithmetic": the one clamp, min(p, A-1). */
static unsigned hac_clamp_pos(unsigned ways, unsigned p)
{
  return p > ways - 1u ? ways - 1u : p;
}

/* doc "mc saturation". */
static unsigned hac_mc_dec(unsigned mc)
{
  return mc >= HAC_MC_NVM_DEC ? mc - HAC_MC_NVM_DEC : 0u;
}

static unsigned hac_mc_inc(unsigned mc, unsigned mc_max)
{
  return mc + HAC_MC_DRAM_INC > mc_max ? mc_max : mc + HAC_MC_DRAM_INC;
}

static hac_line_t *hac_set_lines(hac_model_t *m, unsigned s)
{
  return &m->line[(size_t)s * m->ways];
}

static const hac_line_t *hac_set_lines_c(const hac_model_t *m, unsigned s)
{
  return &m->line[(size_t)s * m->ways];
}

/* ---------------------------------------------------------------------- */
/* The paper's formulas (doc "Definitions", "Dynamic policy", "Static")     */
/* ---------------------------------------------------------------------- */

/* doc "ea clamp" (Decision): 0 -> 1, 33..63 -> 32. */
unsigned hac_ea_clamp(unsigned ea)
{
  if (ea < HAC_EA_MIN) return HAC_EA_MIN;
  if (ea > HAC_EA_MAX) return HAC_EA_MAX;
  return ea;
}

/* doc "EA of a request" (IV-B): floor(A * (ea - 1) / 64), after the clamp;
 * at most A/2 - 1, so it fits EaW = log2(A/2) bits. */
unsigned hac_ea_q(unsigned ways, unsigned ea)
{
  assert(hac_ways_ok(ways));
  return ways * (hac_ea_clamp(ea) - 1u) / HAC_EA_DIV;
}

/* Algorithm 1 line 5: writeback NVM miss, DNP = A-1-mc/8 (3A/4 .. A-1). */
unsigned hac_pos_dnp(unsigned ways, unsigned mc)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u);
  return hac_clamp_pos(ways, ways - 1u - mc / HAC_MC_DIV_NVM);
}

/* Algorithm 1 line 7: writeback DRAM miss, DDP = A/2+mc/4 (A/2 .. A-1). */
unsigned hac_pos_ddp(unsigned ways, unsigned mc)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u);
  return hac_clamp_pos(ways, ways / 2u + mc / HAC_MC_DIV_DRAM);
}

/* Algorithm 1 line 17: demand NVM miss, CNP = A/2-mc/8+EA, mc already
 * updated (line 16 before 17). A/2 > mc/8 always, so no underflow. */
unsigned hac_pos_cnp(unsigned ways, unsigned mc, unsigned eaq)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u && eaq <= ways / 2u - 1u);
  return hac_clamp_pos(ways, ways / 2u - mc / HAC_MC_DIV_NVM + eaq);
}

/* Algorithm 1 line 20: demand DRAM miss, CDP = A/8+mc/4+EA-1, mc already
 * updated (line 19 before 20). A/8 >= 1, so no underflow; the clamp acts
 * for A >= 32 (A = 32, mc = 63, EA = 15: 33 -> 31). */
unsigned hac_pos_cdp(unsigned ways, unsigned mc, unsigned eaq)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u && eaq <= ways / 2u - 1u);
  return hac_clamp_pos(ways, ways / 8u + mc / HAC_MC_DIV_DRAM + eaq - 1u);
}

/* Algorithm 2 lines 6-7: DRAM hit at position c, DP = c+A/2+mc/4, clamped. */
unsigned hac_pos_dp(unsigned ways, unsigned mc, unsigned c)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u && c <= ways - 1u);
  return hac_clamp_pos(ways, c + ways / 2u + mc / HAC_MC_DIV_DRAM);
}

/* Algorithm 2 lines 9-10: NVM hit at position c, NP = c+A-mc/8-1, clamped. */
unsigned hac_pos_np(unsigned ways, unsigned mc, unsigned c)
{
  assert(hac_ways_ok(ways) && mc <= 2u * ways - 1u && c <= ways - 1u);
  return hac_clamp_pos(ways, c + ways - mc / HAC_MC_DIV_NVM - 1u);
}

/* IV-B first paragraph, doc "Static policy": HN MRU, HD MRU-1,
 * MN central (A/2, Decision), MD central-1 (A/2-1), LN LRU+1 (1), LD LRU
 * (0). Groups by the clamped ea: low 1..8, middle 9..23, high 24..32. */
unsigned hac_static_ins(unsigned ways, unsigned nvm, unsigned ea)
{
  assert(hac_ways_ok(ways) && nvm <= 1u);
  unsigned e = hac_ea_clamp(ea);
  if (e >= HAC_EA_HIGH_MIN) return nvm ? ways - 1u : ways - 2u;
  if (e <= HAC_EA_LOW_MAX) return nvm ? 1u : 0u;
  return nvm ? ways / 2u : ways / 2u - 1u;
}

/* IV-B first paragraph: a hit promotes NVM by A/2, DRAM by A/4 ("at most"),
 * clamped to A-1. */
unsigned hac_static_promo(unsigned ways, unsigned nvm, unsigned c)
{
  assert(hac_ways_ok(ways) && nvm <= 1u && c <= ways - 1u);
  return hac_clamp_pos(ways, c + (nvm ? ways / 2u : ways / 4u));
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                               */
/* ---------------------------------------------------------------------- */

hac_model_t *hac_new(const long *P)
{
  assert(P);
  assert(P[hac_P_Sets] >= 1 && P[hac_P_Sets] <= 65536);
  assert(hac_ways_ok((unsigned)P[hac_P_Ways]));
  assert(P[hac_P_TagW] >= 1 && P[hac_P_TagW] <= 48);
  assert(P[hac_P_Policy] == 0 || P[hac_P_Policy] == 1);
  /* The caller validated P (kit_params_check); in an NDEBUG build an
   * illegal A must still not overflow the 8-bit position field or the
   * checker's 64-entry position table: refuse it. */
  if (!hac_ways_ok((unsigned)P[hac_P_Ways])) return NULL;

  hac_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->sets = (unsigned)P[hac_P_Sets];
  m->ways = (unsigned)P[hac_P_Ways];
  m->tagw = (unsigned)P[hac_P_TagW];
  m->policy = (unsigned)P[hac_P_Policy];
  m->bypass_mc = (unsigned)P[hac_P_BypassMc];
  m->static_wb_ea = (unsigned)P[hac_P_StaticWbEa];
  m->mc_max = 2u * m->ways - 1u;
  m->mc = calloc(m->sets, sizeof *m->mc);
  m->line = calloc((size_t)m->sets * m->ways, sizeof *m->line);
  if (!m->mc || !m->line) {
    hac_free(m);
    return NULL;
  }
  hac_reset(m);
  return m;
}

void hac_free(hac_model_t *m)
{
  if (!m) return;
  free(m->mc);
  free(m->line);
  free(m);
}

/* doc "State and reset": every line invalid with tag, dirty, nvm, ea = 0;
 * way w at position w; mc = McInit = A (dynamic; 0 in static, which does not
 * store mc); all outputs 0. */
void hac_reset(hac_model_t *m)
{
  assert(m);
  for (unsigned s = 0; s < m->sets; s++) {
    hac_line_t *ln = hac_set_lines(m, s);
    m->mc[s] = (uint16_t)(m->policy == 0 ? m->ways : 0u);
    for (unsigned w = 0; w < m->ways; w++) {
      memset(&ln[w], 0, sizeof ln[w]);
      ln[w].pos = (uint8_t)w;
    }
  }
  memset(&m->out, 0, sizeof m->out);
}

/* ---------------------------------------------------------------------- */
/* One clock                                                                */
/* ---------------------------------------------------------------------- */

/* The masked request of one cycle. */
typedef struct hac_req {
  unsigned wb, nvm, ea;  /* 1, 1, 6 bits */
  unsigned set;          /* SetW bits, < sets */
  uint64_t tag;          /* TagW bits */
} hac_req_t;

/* What the commit phase does to the addressed set (the _d values). */
typedef struct hac_next {
  int write;             /* 0: the set does not change (bypass), 2: mc only */
  unsigned way;          /* the line that moves: hit way or victim way */
  unsigned from, to;     /* its position now (c, or 0 = victim) and next */
  hac_line_t line_d;     /* its next fields, pos = to */
  unsigned mc_d;         /* the set's next mc */
} hac_next_t;

/* Decide: from the current state of set r->set and the request, compute
 * the set's next values and the next registered outputs. Reads only. */
static void hac_decide(const hac_model_t *m, const hac_req_t *r, hac_next_t *n,
                       hac_out_t *o)
{
  const hac_line_t *ln = hac_set_lines_c(m, r->set);
  const unsigned A = m->ways;
  const unsigned mc = m->mc[r->set];
  const int dyn = m->policy == 0;
  /* IV-B: EA is stored only by the dynamic policy (doc Decision). */
  const unsigned eaq = dyn ? hac_ea_q(A, r->ea) : 0u;

  /* One pass: hit way (lowest on the impossible multi-hit, doc "Hit"),
   * victim (the line at position 0, doc "Victim"), invalid count k. */
  unsigned hit = A, victim = A, k = 0;
  for (unsigned w = 0; w < A; w++) {
    if (ln[w].valid) {
      if (hit == A && ln[w].tag == r->tag) hit = w;
    } else {
      k++;
    }
    if (ln[w].pos == 0u) victim = w;
  }
  assert(victim < A);

  memset(n, 0, sizeof *n);
  memset(o, 0, sizeof *o);
  o->rsp_valid_o = 1;

  if (hit < A) {
    /* Algorithm 2. c = current position; mc unchanged. */
    const hac_line_t *h = &ln[hit];
    unsigned c = h->pos, p;
    if (dyn) /* the stored type bit decides; req_nvm_i is ignored (Decision) */
      p = h->nvm ? hac_pos_np(A, mc, c) : hac_pos_dp(A, mc, c);
    else
      p = hac_static_promo(A, h->nvm, c);
    n->write = 1;
    n->way = hit;
    n->from = c;
    n->to = p;
    n->line_d = *h;
    n->line_d.dirty = (uint8_t)(h->dirty | r->wb); /* Alg. 2 line 3 */
    n->line_d.ea = (uint8_t)eaq;                   /* "EA is updated at each request" */
    n->line_d.pos = (uint8_t)p;
    n->mc_d = mc;
    o->rsp_hit_o = 1;
    o->rsp_way_o = hit;
    o->rsp_pos_o = p;
    o->rsp_mc_o = dyn ? mc : 0u;
    return;
  }

  const hac_line_t *v = &ln[victim];
  unsigned p, mc_d = mc;
  if (dyn && !r->wb) {
    /* Algorithm 1 line 10: bypass on a valid dirty NVM victim whose stored
     * EA is strictly greater than the request's (Decision: invalid, clean
     * or DRAM victims never bypass). Nothing in the set changes. */
    if (v->valid && v->dirty && v->nvm && v->ea > eaq) {
      /* doc "Paper readings": BypassMc = 1 steps mc as lines 16/19 would
       * (the text's "decreased by 2 for a memory request miss on NVM");
       * the lines of the set never change on a bypass. */
      if (m->bypass_mc) mc_d = r->nvm ? hac_mc_dec(mc) : hac_mc_inc(mc, m->mc_max);
      o->rsp_bypass_o = 1;
      o->rsp_way_o = victim;
      o->rsp_pos_o = 0;
      o->rsp_mc_o = mc_d;
      n->write = mc_d != mc ? 2 : 0;
      n->mc_d = mc_d;
      return;
    }
    /* Lines 15-21: mc first, then the position from the updated mc. */
    if (r->nvm) {
      mc_d = hac_mc_dec(mc);
      p = hac_pos_cnp(A, mc_d, eaq);
    } else {
      mc_d = hac_mc_inc(mc, m->mc_max);
      p = hac_pos_cdp(A, mc_d, eaq);
    }
  } else if (dyn) {
    /* Lines 2-8: writeback miss, no bypass test, mc unchanged, ea ignored. */
    p = r->nvm ? hac_pos_dnp(A, mc) : hac_pos_ddp(A, mc);
  } else if (r->wb && !m->static_wb_ea) {
    /* Static writeback miss, doc "Paper readings": ea not considered
     * (IV-B), inserted as the high group of its type: NVM MRU, DRAM MRU-1. */
    p = r->nvm ? A - 1u : A - 2u;
  } else {
    /* Static: the six-type table (demand misses; writeback misses too
     * when StaticWbEa = 1). */
    p = hac_static_ins(A, r->nvm, r->ea);
  }
  p = hac_clamp_pos(A, p);
  /* doc "Invalid lines" (Decision): with k >= 1 invalid lines (positions
   * 0..k-1, counted before the insertion) insert at max(p, k-1). */
  if (k >= 1u && p < k - 1u) p = k - 1u;

  n->write = 1;
  n->way = victim;
  n->from = 0;
  n->to = p;
  n->line_d.tag = r->tag;
  n->line_d.valid = 1;
  n->line_d.dirty = (uint8_t)r->wb; /* demand fill clean, writeback dirty */
  n->line_d.nvm = (uint8_t)r->nvm;
  n->line_d.ea = (uint8_t)eaq;
  n->line_d.pos = (uint8_t)p;
  n->mc_d = mc_d;

  o->rsp_way_o = victim;
  o->rsp_pos_o = p;
  o->rsp_mc_o = dyn ? mc_d : 0u;
  if (v->valid) {
    o->evict_valid_o = 1;
    o->evict_tag_o = v->tag;
    o->evict_dirty_o = v->dirty;
    o->evict_nvm_o = v->nvm;
  }
}

/* Commit: move line n->way from n->from to n->to; lines strictly above
 * `from` up to and including `to` move down one. */
static void hac_commit(hac_model_t *m, unsigned s, const hac_next_t *n)
{
  if (!n->write) return;
  m->mc[s] = (uint16_t)n->mc_d;
  if (n->write == 2) return;         /* a bypass that stepped mc only */
  hac_line_t *ln = hac_set_lines(m, s);
  assert(n->from <= n->to && n->to < m->ways);
  for (unsigned w = 0; w < m->ways; w++)
    if (ln[w].pos > n->from && ln[w].pos <= n->to) ln[w].pos--;
  ln[n->way] = n->line_d;
}

void hac_step(hac_model_t *m, const hac_in_t *in, hac_out_t *out)
{
  assert(m && in && out);

  /* Mask every input to its port width (hac.def). */
  const unsigned rst_n = (unsigned)(in->rst_ni & 1u);
  const unsigned valid = (unsigned)(in->req_valid_i & 1u);
  const uint64_t set = in->req_set_i & kit_mask(kit_clog2(m->sets)); /* SetW */

  if (!rst_n) {                      /* doc "State and reset" */
    hac_reset(m);
    *out = m->out;
    return;
  }
  if (!valid || set >= m->sets) {    /* idle, or doc "Out-of-range set" */
    memset(&m->out, 0, sizeof m->out);
    *out = m->out;
    return;
  }

  hac_req_t r;
  r.wb = (unsigned)(in->req_wb_i & 1u);
  r.nvm = (unsigned)(in->req_nvm_i & 1u);
  r.ea = (unsigned)(in->req_ea_i & kit_mask(HAC_EA_PORTW));
  r.set = (unsigned)set;
  r.tag = in->req_tag_i & kit_mask(m->tagw);

  hac_next_t n;
  hac_out_t o;
  hac_decide(m, &r, &n, &o);   /* _d from _q */
  hac_commit(m, r.set, &n);    /* _q <= _d */
  m->out = o;
  *out = o;
}

/* ---------------------------------------------------------------------- */
/* Self-check                                                               */
/* ---------------------------------------------------------------------- */

/* Invariants 1, 2 and 4 of doc/hac.md on every set, plus the range part of
 * invariant 3 (mc <= McMax; 0 in static) and each field's width. O(Sets *
 * A^2) for the tag check: meant to be called every few thousand steps. */
int hac_check_invariants(const hac_model_t *m, char *err, size_t errlen)
{
  assert(m);
  const unsigned A = m->ways;
  const uint64_t tagmask = kit_mask(m->tagw);
  const unsigned eamax = m->policy == 0 ? A / 2u - 1u : 0u;
  char dummy[1];
  if (!err || errlen == 0) {
    err = dummy;
    errlen = sizeof dummy;
  }
  err[0] = '\0';

  for (unsigned s = 0; s < m->sets; s++) {
    const hac_line_t *ln = hac_set_lines_c(m, s);
    unsigned owner[64]; /* way holding each position, A if none */
    unsigned k = 0;

    if (m->mc[s] > (m->policy == 0 ? m->mc_max : 0u)) {
      snprintf(err, errlen, "set %u: mc = %u out of range 0..%u (invariant 3)", s,
               (unsigned)m->mc[s], m->policy == 0 ? m->mc_max : 0u);
      return 1;
    }
    for (unsigned p = 0; p < A; p++) owner[p] = A;
    for (unsigned w = 0; w < A; w++) {
      const hac_line_t *l = &ln[w];
      if (l->pos >= A) {
        snprintf(err, errlen, "set %u way %u: position %u out of range 0..%u (invariant 1)",
                 s, w, (unsigned)l->pos, A - 1u);
        return 1;
      }
      if (owner[l->pos] != A) {
        snprintf(err, errlen, "set %u way %u: position %u also held by way %u (invariant 1)",
                 s, w, (unsigned)l->pos, owner[l->pos]);
        return 1;
      }
      owner[l->pos] = w;
      if (l->valid > 1u || l->dirty > 1u || l->nvm > 1u || l->tag > tagmask ||
          l->ea > eamax) {
        snprintf(err, errlen, "set %u way %u: field wider than its port/state width",
                 s, w);
        return 1;
      }
      if (!l->valid) k++;
    }
    for (unsigned w = 0; w < A; w++) {
      if (!ln[w].valid && ln[w].pos >= k) {
        snprintf(err, errlen,
                 "set %u way %u: invalid line at position %u, set has %u invalid lines "
                 "(invariant 4)", s, w, (unsigned)ln[w].pos, k);
        return 1;
      }
    }
    for (unsigned w = 0; w < A; w++) {
      if (!ln[w].valid) continue;
      for (unsigned x = w + 1u; x < A; x++) {
        if (ln[x].valid && ln[x].tag == ln[w].tag) {
          snprintf(err, errlen, "set %u way %u: tag 0x%llx also valid in way %u (invariant 2)",
                   s, x, (unsigned long long)ln[w].tag, w);
          return 1;
        }
      }
    }
  }
  return 0;
}
