/*
 * pdp_cache_stim.c - seeded constrained-random stimulus for the
 * PDP-protected L1 tag array (doc/pdp_cache.md).
 *
 * Uniform sets and tags would never reuse a line, and a PD held at one
 * value would never show protection ending, so traffic comes in phases
 * (16..2048 cycles), each drawn from the seed:
 *  - sets: one hot set (its ways fill, protect, bypass), a few, or all;
 *  - a tag pool of 1, Ways-1, Ways, Ways+1, 2 x Ways or 4 x Ways tags near
 *    a random base, walked cyclically (a fixed reuse distance) or drawn at
 *    random, sometimes the full tag range (no reuse);
 *  - the PD: 0 (plain LRU), 1, 2, Ways, DMax/2, DMax or any, changed in 5%
 *    of the cycles of some phases (a PD change in a set's life), above
 *    DMax in 1% of the reads (the clamp, D8);
 *  - byp_en_i always, never or half the time (bypass against forced
 *    eviction, D4); 0..30% writes; 0..50% idle cycles;
 *  - fills of random lines of the phase's sets at 0..60% of the cycles
 *    (0: reservations pile up to NOALLOC; many: lines are filled soon);
 *  - debug reads over the whole port range (ways beyond Ways included);
 *  - a rare mid-run reset; the first two cycles are reset.
 * The generator does not see the model: it cannot aim a fill at the line
 * a miss reserved, so fills land at random (a small geometry hits many).
 * Same seed, same stream (kit_rng).
 */
#include "cmodel/pdp_cache/pdp_cache.h"
#include "tb/stim/gen.h"

typedef struct pdp_cache_stim {
  kit_rng_t rng;
  unsigned sets, ways, dmax, setw, wayw, pdw;
  uint64_t tagmask;
  uint64_t cycle;
  unsigned reset_left, phase_left;
  unsigned setmode;          /* 0 one set, 1 few sets, 2 all sets */
  unsigned few[4];
  uint64_t tagbase, pool;    /* pool 0 = full range */
  unsigned cyclic, cursor;
  unsigned pd, pd_change_pm, byp_pm, wr_pm, idle_pm, fill_pm;
} pdp_cache_stim_t;

static unsigned pick_pd(pdp_cache_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const unsigned pds[] = {0, 1, 2, s->ways, s->dmax / 2, s->dmax};
  unsigned k = (unsigned)kit_rng_below(r, 8);
  return k < 6 ? pds[k] : (unsigned)kit_rng_below(r, s->dmax + 1u);
}

static void new_phase(pdp_cache_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16 + (unsigned)kit_rng_below(r, 2033);
  s->setmode = (unsigned)kit_rng_below(r, 3);
  for (unsigned i = 0; i < 4; i++) s->few[i] = (unsigned)kit_rng_below(r, s->sets);
  const uint64_t pools[] = {1, s->ways > 1 ? s->ways - 1 : 1, s->ways, s->ways + 1, 2 * s->ways, 4 * s->ways};
  if (kit_rng_chance(r, 80)) {
    s->pool = 0;
  } else {
    s->pool = pools[kit_rng_below(r, 6)];
    if (s->pool > s->tagmask + 1) s->pool = s->tagmask + 1;
    s->tagbase = kit_gen_tag_base(r, s->tagmask, s->pool);
  }
  s->cyclic = kit_rng_chance(r, 500);
  s->pd = pick_pd(s);
  s->pd_change_pm = kit_rng_chance(r, 300) ? 50 : 0;
  const unsigned byp[] = {1000, 0, 500};
  s->byp_pm = byp[kit_rng_below(r, 3)];
  s->wr_pm = kit_rng_chance(r, 300) ? 0 : (unsigned)kit_rng_below(r, 301);
  s->idle_pm = kit_rng_chance(r, 400) ? 0 : (unsigned)kit_rng_below(r, 501);
  s->fill_pm = kit_rng_chance(r, 250) ? 0 : (unsigned)kit_rng_below(r, 601);
}

static int stim_init(pdp_cache_stim_t *s, const long *P)
{
  s->sets = (unsigned)P[pdp_cache_P_Sets];
  s->ways = (unsigned)P[pdp_cache_P_Ways];
  s->dmax = (unsigned)P[pdp_cache_P_DMax];
  s->setw = PDPC_SETW(P);
  s->wayw = PDPC_WAYW(P);
  s->pdw = PDPC_PDW(P);
  s->tagmask = kit_mask((unsigned)P[pdp_cache_P_TagW]);
  s->reset_left = 2;
  return 0;
}

static uint64_t phase_set(pdp_cache_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  switch (s->setmode) {
  case 0: return s->few[0];
  case 1: return s->few[kit_rng_below(r, 4)];
  default: return kit_rng_below(r, s->sets);
  }
}

static void stim_step(pdp_cache_stim_t *s, pdp_cache_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (pdp_cache_in_t){.rst_ni = 1};
  i->dbg_set_i = kit_rng_chance(r, 500) ? s->few[0] : kit_rng_below(r, (uint64_t)1 << s->setw);
  i->dbg_way_i = kit_rng_below(r, (uint64_t)1 << s->wayw);
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 300000)) {
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);
    i->fill_valid_i = kit_rng_below(r, 2);
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  if (kit_rng_chance(r, s->pd_change_pm)) s->pd = pick_pd(s);
  i->pd_i = kit_rng_chance(r, 10) ? s->dmax + kit_rng_below(r, ((uint64_t)1 << s->pdw) - s->dmax) : s->pd;
  i->byp_en_i = kit_rng_chance(r, s->byp_pm);
  if (kit_rng_chance(r, s->fill_pm)) {
    i->fill_valid_i = 1;
    i->fill_set_i = phase_set(s);
    i->fill_way_i = kit_rng_below(r, (uint64_t)1 << s->wayw);
  }
  if (kit_rng_chance(r, s->idle_pm)) return;
  i->acc_valid_i = 1;
  i->acc_wr_i = kit_rng_chance(r, s->wr_pm);
  i->acc_set_i = phase_set(s);
  if (s->pool == 0) i->acc_tag_i = kit_gen_tag_any(r, s->tagmask);
  else if (s->cyclic) i->acc_tag_i = (s->tagbase + s->cursor++ % s->pool) & s->tagmask;
  else i->acc_tag_i = (s->tagbase + kit_rng_below(r, s->pool)) & s->tagmask;
}

KIT_STIM_DEFINE(pdp_cache, pdp_cache_stim_t, stim_init, stim_step, NULL);
