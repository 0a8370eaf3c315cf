/*
 * pdp_stim.c - seeded constrained-random stimulus for the PDP-S predictor.
 *
 * Uniform random sets and tags would almost never reuse a tag within d_max
 * accesses of a sampled set, so the histogram would stay empty and every
 * PD would be the empty-histogram answer. Traffic therefore comes in
 * phases (16..4096 cycles), each with its own shape, drawn from the seed:
 *  - sets: one sampled set (so one FIFO sees every access), a few sampled
 *    sets, all sets, or only non-sampled sets (the sampler must ignore them);
 *  - a tag pool of 1, 2, M, DMax/4, DMax/2, DMax-1, DMax+M or 2*DMax tags
 *    near a random base (0 and all-ones included), walked cyclically per
 *    set (a fixed RD of about pool-1 per set) or drawn at random (a spread
 *    of RDs), sometimes the full tag range (no reuse: N_t only);
 *    pool 1 drives bin 0 to saturation (the freeze) at narrow BinW;
 *  - 0..50% idle cycles (periods end on accesses, not cycles);
 *  - debug addresses over the whole port range, biased to N_t (= NB);
 *  - a rare mid-run reset. The first two cycles are reset.
 * Same seed, same stream (kit_rng).
 */
#include "cmodel/pdp/pdp.h"
#include "tb/stim/gen.h"

typedef struct pdp_stim {
  kit_rng_t rng;
  unsigned sets, nsamp, stride, m, dmax, nb, dbgw;
  uint64_t tagmask;
  uint64_t cycle;
  unsigned reset_left, phase_left;
  unsigned setmode;        /* 0 one sampled, 1 few sampled, 2 all, 3 unsampled */
  unsigned few[4];
  uint64_t tagbase, pool;  /* pool 0 = full range */
  unsigned cyclic;
  unsigned cursor[64];     /* per sampled set, for cyclic walks */
  unsigned idle_pm, dbg_nt_pm;
} pdp_stim_t;

static void new_phase(pdp_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16 + (unsigned)kit_rng_below(r, 4081);
  s->setmode = (unsigned)kit_rng_below(r, 8);
  s->setmode = s->setmode < 3 ? 0 : s->setmode < 5 ? 1 : s->setmode < 7 ? 2 : 3;
  if (s->setmode == 3 && s->stride == 1) s->setmode = 2;
  for (unsigned i = 0; i < 4; i++) s->few[i] = (unsigned)kit_rng_below(r, s->nsamp);
  const uint64_t pools[] = {1, 2, s->m, s->dmax / 4, s->dmax / 2, s->dmax - 1, s->dmax + s->m,
                            2 * s->dmax};
  if (kit_rng_chance(r, 60)) {
    s->pool = 0;
  } else {
    s->pool = pools[kit_rng_below(r, 8)];
    if (s->pool == 0) s->pool = 1;
    if (s->pool > s->tagmask + 1) s->pool = s->tagmask + 1;
    s->tagbase = kit_gen_tag_base(r, s->tagmask, s->pool);
  }
  s->cyclic = kit_rng_chance(r, 500);
  s->idle_pm = kit_rng_chance(r, 400) ? 0 : (unsigned)kit_rng_below(r, 501);
  s->dbg_nt_pm = (unsigned)kit_rng_below(r, 600);
}

static int stim_init(pdp_stim_t *s, const long *P)
{
  s->sets = (unsigned)P[pdp_P_Sets];
  s->nsamp = (unsigned)P[pdp_P_SampledSets];
  s->stride = s->sets / s->nsamp;
  s->m = (unsigned)P[pdp_P_SampM];
  s->dmax = (unsigned)P[pdp_P_DMax];
  s->nb = PDP_NB(P);
  s->dbgw = PDP_DBGW(P);
  s->tagmask = kit_mask((unsigned)P[pdp_P_TagW]);
  s->reset_left = 2;
  return 0;
}

static void stim_step(pdp_stim_t *s, pdp_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (pdp_in_t){.rst_ni = 1};
  i->dbg_addr_i = kit_rng_chance(r, s->dbg_nt_pm) ? s->nb : kit_rng_below(r, (uint64_t)1 << s->dbgw);
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 300000)) {
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);
    i->acc_set_i = kit_rng_below(r, s->sets);
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  if (kit_rng_chance(r, s->idle_pm)) return;

  i->acc_valid_i = 1;
  unsigned k = 0;
  switch (s->setmode) {
  case 0: k = s->few[0]; i->acc_set_i = (uint64_t)k * s->stride; break;
  case 1: k = s->few[kit_rng_below(r, 4)]; i->acc_set_i = (uint64_t)k * s->stride; break;
  case 3: i->acc_set_i = kit_rng_below(r, s->nsamp) * s->stride + 1 + kit_rng_below(r, s->stride - 1); break;
  default:
    i->acc_set_i = kit_rng_below(r, s->sets);
    k = (unsigned)(i->acc_set_i / s->stride);
    break;
  }
  if (s->pool == 0) {
    i->acc_tag_i = kit_gen_tag_any(r, s->tagmask);
  } else if (s->cyclic) {
    i->acc_tag_i = (s->tagbase + s->cursor[k] % s->pool) & s->tagmask;
    s->cursor[k]++;
  } else {
    i->acc_tag_i = (s->tagbase + kit_rng_below(r, s->pool)) & s->tagmask;
  }
}

KIT_STIM_DEFINE(pdp, pdp_stim_t, stim_init, stim_step, NULL);
