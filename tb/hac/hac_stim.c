/*
 * hac_stim.c - seeded constrained-random stimulus for HAC.
 *
 * Uniform random requests over 384 sets and a 20-bit tag space would almost
 * never hit, never fill a set and never saturate mc. Traffic therefore comes
 * in phases (16..4096 cycles), each with its own shape, drawn from the seed:
 *  - a hot-set subset (1, 2 or up to 8 sets, always including the edges 0
 *    and Sets-1 sometimes) or all sets;
 *  - a tag pool of A/2 .. 3A tags near a random base (so sets fill, hit,
 *    thrash and evict), sometimes the full tag range, tags 0 and all-ones;
 *  - a writeback share of 0..50%, an NVM share from 0% to 100% (all-NVM
 *    phases drive mc to 0, all-DRAM phases drive it to its maximum), and a
 *    memory type that is mostly a fixed function of the tag, as in a real
 *    address map, but sometimes disagrees (the hit rule ignores req_nvm_i);
 *  - ea uniform, or from the group corners 1, 8, 9, 23, 24, 32, or all-low
 *    or all-high (bypass needs a high-EA dirty NVM victim and a lower-EA
 *    demand);
 *  - 0..30% idle cycles, 0.5% ea outside 1..32 (clamp), 1% set indexes at
 *    or above Sets (ignored requests), and a rare mid-run reset.
 * The first two cycles are reset. Same seed, same stream (kit_rng).
 */
#include "cmodel/hac/hac.h"
#include "tb/stim/gen.h"

typedef struct hac_stim {
  kit_rng_t rng;
  unsigned sets, ways, setw;
  uint64_t tagmask;
  uint64_t cycle;
  unsigned reset_left;     /* cycles of reset still to drive */
  unsigned phase_left;     /* cycles left in this phase */
  /* phase shape */
  unsigned nhot;           /* 0 = all sets */
  unsigned hot[8];
  uint64_t tagbase, tagpool; /* tagpool 0 = full range */
  unsigned wb_pm, nvm_pm, idle_pm; /* per mille */
  unsigned nvm_from_tag;   /* 1: type = tag bit 0 ^ salt */
  unsigned nvm_salt;
  unsigned ea_mode;        /* 0 uniform, 1 corners, 2 low, 3 high */
} hac_stim_t;

static const unsigned ea_corners[] = {1, 8, 9, 23, 24, 32};

static void new_phase(hac_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16 + (unsigned)kit_rng_below(r, 4081);
  unsigned shape = (unsigned)kit_rng_below(r, 4);
  s->nhot = shape == 0 ? 0 : shape == 1 ? 1 : shape == 2 ? 2 : 1 + (unsigned)kit_rng_below(r, 8);
  for (unsigned i = 0; i < s->nhot; i++) {
    unsigned pick = (unsigned)kit_rng_below(r, 8);
    s->hot[i] = pick == 0 ? 0 : pick == 1 ? s->sets - 1 : (unsigned)kit_rng_below(r, s->sets);
  }
  if (kit_rng_chance(r, 100)) {
    s->tagpool = 0;
  } else {
    s->tagpool = s->ways / 2 + kit_rng_below(r, 5 * s->ways / 2 + 1);
    s->tagbase = kit_gen_tag_base(r, s->tagmask, s->tagpool);
  }
  s->wb_pm = (unsigned)kit_rng_below(r, 501);
  unsigned t = (unsigned)kit_rng_below(r, 6);
  s->nvm_pm = t == 0 ? 0 : t == 1 ? 1000 : (unsigned)kit_rng_below(r, 1001);
  s->nvm_from_tag = kit_rng_chance(r, 500);
  s->nvm_salt = (unsigned)kit_rng_below(r, 2);
  s->ea_mode = (unsigned)kit_rng_below(r, 4);
  s->idle_pm = kit_rng_chance(r, 300) ? 0 : (unsigned)kit_rng_below(r, 301);
}

static int stim_init(hac_stim_t *s, const long *P)
{
  s->sets = (unsigned)P[hac_P_Sets];
  s->ways = (unsigned)P[hac_P_Ways];
  s->setw = HAC_SETW(P);
  s->tagmask = kit_mask((unsigned)P[hac_P_TagW]);
  s->reset_left = 2;
  return 0;
}

static void stim_step(hac_stim_t *s, hac_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (hac_in_t){.rst_ni = 1, .req_ea_i = 1};
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 200000)) {
    i->rst_ni = 0;
    /* inputs other than reset are don't-care; drive noise */
    i->req_valid_i = kit_rng_below(r, 2);
    i->req_set_i = kit_rng_below(r, s->sets);
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  if (kit_rng_chance(r, s->idle_pm)) return;

  i->req_valid_i = 1;
  i->req_wb_i = kit_rng_chance(r, s->wb_pm);
  if (kit_rng_chance(r, 10)) {
    /* at or above Sets: must be ignored (only reachable if Sets < 2^SetW) */
    i->req_set_i = kit_gen_beyond(r, s->sets, s->setw);
  } else if (s->nhot) {
    i->req_set_i = s->hot[kit_rng_below(r, s->nhot)];
  } else {
    i->req_set_i = kit_rng_below(r, s->sets);
  }
  if (s->tagpool == 0) {
    i->req_tag_i = kit_gen_tag_any(r, s->tagmask);
  } else {
    i->req_tag_i = (s->tagbase + kit_rng_below(r, s->tagpool)) & s->tagmask;
  }
  if (s->nvm_from_tag && !kit_rng_chance(r, 20))
    i->req_nvm_i = (i->req_tag_i & 1) ^ s->nvm_salt;
  else
    i->req_nvm_i = kit_rng_chance(r, s->nvm_pm);
  switch (s->ea_mode) {
  case 1: i->req_ea_i = ea_corners[kit_rng_below(r, 6)]; break;
  case 2: i->req_ea_i = 1 + kit_rng_below(r, 8); break;
  case 3: i->req_ea_i = 24 + kit_rng_below(r, 9); break;
  default: i->req_ea_i = 1 + kit_rng_below(r, 32); break;
  }
  if (kit_rng_chance(r, 5))
    i->req_ea_i = kit_rng_chance(r, 500) ? 0 : 33 + kit_rng_below(r, 31);
}

KIT_STIM_DEFINE(hac, hac_stim_t, stim_init, stim_step, NULL);
