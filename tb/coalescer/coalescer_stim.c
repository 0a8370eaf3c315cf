/*
 * coalescer_stim.c - seeded constrained-random stimulus for the coalescer
 * (doc/coalescer.md).
 *
 * The generator plays a load/store unit issuing the warps of thread
 * blocks. It keeps an offered warp on the inputs until the block takes
 * it: it tracks the block's handshake from its own inputs (the warp's
 * leader count in its mode, one leader out per free cycle, doc "A cycle,
 * step by step"), so samples arrive whole and in order; now and then it
 * withdraws an offer instead (legal: only an accepted warp counts).
 * Loads last 1..40 warps, each drawn from the seed:
 *  - the address pattern over the block's thread index tid: array[tid],
 *    a stride (one segment, one line, two lines, 136 B as kmeans, 16 B as
 *    bfs children), tid % m (within-block), tid / q, a pool of a few
 *    lines (reuse across warps), descending lanes, anything;
 *  - the element size 1..16 B, 1% of warps with a size code 5..7, 1%
 *    with a misaligned lane, any values on inactive lanes;
 *  - the mask: full, a prefix, random, or empty;
 *  - cache on or off, sampled (first on the first warp, last on the last)
 *    or not; 5% of loads sampled without first (outside a sample unless
 *    one is open), a restart in the middle, or no last;
 *  - req_ready: always, in random bursts low, or long stalls; 0..30% idle
 *    cycles between warps.
 * A mid-run reset about every 20,000 cycles; the first two cycles are
 * reset. The generator does not see the model. Same seed, same stream.
 */
#include "cmodel/coalescer/coalescer.h"
#include "tb/stim/gen.h"

typedef struct coalescer_stim {
  kit_rng_t rng;
  unsigned lanes, segsh, linesh, addrw, idw;
  uint64_t amask, cycle;
  unsigned reset_left;
  /* the block's handshake as the generator's inputs imply it */
  unsigned pend, rv;
  /* the load being issued */
  unsigned warps_left, warp, pat, size, ca, sampled, nofirst, restart_at, nolast, idle_pm, ready_mode,
      stall_left, par, id;
  uint64_t base, pool[64];
  unsigned npool;
  /* the warp on offer */
  int offered;
  coalescer_in_t w;
  unsigned wlead;
} coalescer_stim_t;

static int stim_init(coalescer_stim_t *s, const long *P)
{
  s->lanes = (unsigned)P[coalescer_P_Lanes];
  s->segsh = coal_log2(P[coalescer_P_SegB]);
  s->linesh = coal_log2(P[coalescer_P_LineB]);
  s->addrw = (unsigned)P[coalescer_P_AddrW];
  s->idw = (unsigned)P[coalescer_P_IdW];
  s->amask = kit_mask(s->addrw);
  s->reset_left = 2;
  return 0;
}

static void new_load(coalescer_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const unsigned nw[] = {1, 2, 4, 8, 16};
  s->warps_left = kit_rng_chance(r, 100) ? 17 + (unsigned)kit_rng_below(r, 24) : nw[kit_rng_below(r, 5)];
  s->warp = 0;
  s->pat = (unsigned)kit_rng_below(r, 11);
  s->size = kit_rng_chance(r, 500) ? 2u : (unsigned)kit_rng_below(r, 5);
  s->ca = (unsigned)kit_rng_below(r, 2);
  s->sampled = !kit_rng_chance(r, 100);
  s->nofirst = kit_rng_chance(r, 50);
  s->restart_at = kit_rng_chance(r, 50) ? (unsigned)kit_rng_below(r, s->warps_left) : ~0u;
  s->nolast = kit_rng_chance(r, 50);
  s->idle_pm = kit_rng_chance(r, 500) ? 0 : (unsigned)kit_rng_below(r, 301);
  s->ready_mode = (unsigned)kit_rng_below(r, 4);
  s->par = (unsigned)kit_rng_below(r, 4);
  s->base = (kit_rng_next(r) << s->linesh) & s->amask;
  s->npool = 2u + (unsigned)kit_rng_below(r, 63);
  for (unsigned k = 0; k < s->npool; k++) s->pool[k] = kit_rng_next(r) & s->amask;
}

/* The address of lane k of the current warp (doc "Worked examples" A). */
static uint64_t lane_addr(coalescer_stim_t *s, unsigned k)
{
  kit_rng_t *r = &s->rng;
  const uint64_t e = (uint64_t)1 << s->size, tid = (uint64_t)s->warp * 32u + k;
  const uint64_t strides[] = {(uint64_t)1 << s->segsh, (uint64_t)1 << s->linesh, (uint64_t)2 << s->linesh, 136, 16};
  const unsigned mods[] = {8, 16, 32, 64};
  uint64_t a;
  switch (s->pat) {
  case 0: case 1: a = s->base + tid * e; break;                               /* array[tid] */
  case 2: a = s->base + tid * strides[s->par + (s->par == 3)]; break;        /* strides */
  case 3: a = s->base + tid * 136u; break;                                    /* input[34 tid] */
  case 4: a = s->base + (tid % mods[s->par]) * ((uint64_t)1 << s->linesh); break; /* tid%32*32 */
  case 5: a = s->base + (tid % mods[s->par]) * e; break;                      /* delta[tid%16] */
  case 6: a = s->base + (tid / (2u << s->par * 2)) * e; break;                /* ly[tid/16] */
  case 7: a = s->pool[kit_rng_below(r, s->npool)] + kit_rng_below(r, 64) * e; break; /* reuse */
  case 8: a = s->base + (uint64_t)(31u - k) * e; break;                       /* descending */
  case 9: a = s->base + tid * 16u; break;                                     /* children[4 tid] */
  default: a = kit_rng_next(r); break;
  }
  return a & s->amask & ~(e - 1u);
}

/* The leaders of the offered warp in its mode (CO3), for the handshake. */
static unsigned count_leaders(const coalescer_stim_t *s, const coalescer_in_t *w)
{
  const uint64_t *iv = (const uint64_t *)w;
  const uint32_t a = (uint32_t)w->in_mask_i & (uint32_t)kit_mask(s->lanes);
  const unsigned sh = w->in_ca_i ? s->linesh : s->segsh;
  unsigned n = 0;
  for (unsigned k = 0; k < 32; k++) {
    if (!(a >> k & 1u)) continue;
    const uint64_t u = (iv[coalescer_in_a00_i + k] & s->amask) >> sh;
    unsigned lead = 1;
    for (unsigned j = 0; j < k && lead; j++)
      if ((a >> j & 1u) && ((iv[coalescer_in_a00_i + j] & s->amask) >> sh) == u) lead = 0;
    n += lead;
  }
  return n;
}

static void make_warp(coalescer_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  coalescer_in_t *w = &s->w;
  uint64_t *iv = (uint64_t *)w;
  *w = (coalescer_in_t){.rst_ni = 1, .in_valid_i = 1};
  const unsigned mk = (unsigned)kit_rng_below(r, 100);
  w->in_mask_i = mk < 70 ? 0xFFFFFFFFu
               : mk < 80 ? kit_mask(1u + (unsigned)kit_rng_below(r, 32))
               : mk < 97 ? kit_rng_next(r) & 0xFFFFFFFFu : 0;
  w->in_size_i = kit_rng_chance(r, 10) ? 5u + (unsigned)kit_rng_below(r, 3) : s->size;
  w->in_ca_i = s->ca;
  w->in_id_i = s->id++ & kit_mask(s->idw);
  const int first = s->warp == 0 || s->warp == s->restart_at;
  w->in_est_i = s->sampled;
  w->in_first_i = s->sampled ? first && !(s->nofirst && s->warp == 0) : kit_rng_below(r, 2);
  w->in_last_i = s->sampled ? s->warps_left == 1 && !s->nolast : kit_rng_below(r, 2);
  for (unsigned k = 0; k < 32; k++)
    iv[coalescer_in_a00_i + k] = (w->in_mask_i >> k & 1u) ? lane_addr(s, k) : kit_rng_next(r) & s->amask;
  if (kit_rng_chance(r, 10)) {                     /* a misaligned active lane (CO5) */
    const unsigned k = (unsigned)kit_rng_below(r, 32);
    iv[coalescer_in_a00_i + k] = (iv[coalescer_in_a00_i + k] | 1u) & s->amask;
  }
  s->wlead = count_leaders(s, w);
  s->offered = 1;
}

static void stim_step(coalescer_stim_t *s, coalescer_in_t *i)
{
  kit_rng_t *r = &s->rng;
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 20000)) {
    *i = (coalescer_in_t){.rst_ni = 0, .in_valid_i = kit_rng_below(r, 2), .req_ready_i = kit_rng_below(r, 2)};
    s->pend = s->rv = 0;
    s->offered = 0;
    s->warps_left = 0;
    return;
  }
  if (!s->offered) {
    if (s->warps_left == 0) new_load(s);
    if (!kit_rng_chance(r, s->idle_pm)) make_warp(s);
  } else if (kit_rng_chance(r, 3)) {
    s->offered = 0;                                /* an offer withdrawn: the warp is never taken */
  }
  if (s->offered) *i = s->w;
  else *i = (coalescer_in_t){.rst_ni = 1, .in_mask_i = kit_rng_next(r) & 0xFFFFFFFFu};
  /* req_ready_i (issue 28, point 3: back-pressure in bursts) */
  unsigned ready = 1;
  switch (s->ready_mode) {
  case 0: break;
  case 1: ready = kit_rng_below(r, 2); break;
  default:
    if (s->stall_left) { s->stall_left--; ready = 0; }
    else if (kit_rng_chance(r, 60)) s->stall_left = (unsigned)kit_rng_below(r, 20);
    break;
  }
  i->req_ready_i = ready;
  /* the block's handshake, from these inputs (doc "A cycle, step by step") */
  const unsigned xfer = s->rv && ready, free_ = !s->rv || xfer;
  const unsigned accept = s->offered && s->pend == 0;
  if (accept) {
    s->pend = s->wlead;
    s->offered = 0;
    s->warp++;
    s->warps_left--;
  }
  if (free_ && s->pend) { s->pend--; s->rv = 1; }
  else if (xfer) s->rv = 0;
}

KIT_STIM_DEFINE(coalescer, coalescer_stim_t, stim_init, stim_step, NULL);
