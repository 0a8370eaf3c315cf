/*
 * noc_sampler_stim.c - seeded constrained-random stimulus for the NoC
 * congestion sampler (doc/noc_sampler.md).
 *
 * The generator does not see the model, so it cannot answer the ids the
 * block hands out; it draws stop ids from the small id space instead
 * (IdW <= 5 bits): a stop names an in-flight sample with a probability of
 * about (in flight) / 2^IdW, so the stop rate sets the latencies (a rate r
 * per cycle gives an in-flight sample a mean latency of about 2^IdW / r
 * cycles), the rest are stale stops. Traffic comes in phases (16..4096
 * cycles), each drawn from the seed:
 *  - injections at 0..100% of the cycles (bursts fill every slot: drops);
 *  - stops at 0 (every sample times out), 0.2..5% (long latencies, near
 *    LatMax at small LatW) or 5..60% of the cycles, their slot index over
 *    the whole field (beyond Slots too) or among the low slots (the lowest
 *    free slot is taken first, so they are the busy ones);
 *  - windows closed every 1..2 x LatW cycles (per_end_i while the divider
 *    runs, empty windows) or every 64..4096 cycles (frozen counts at small
 *    CntW);
 *  - a rare mid-run reset; the first two cycles are reset.
 * Same seed, same stream (kit_rng).
 */
#include "cmodel/noc_sampler/noc_sampler.h"
#include "tb/stim/gen.h"

typedef struct noc_sampler_stim {
  kit_rng_t rng;
  unsigned slotw, latw, lowslots;
  uint64_t cycle;
  unsigned reset_left, phase_left, per_left;
  unsigned inj_pm, ret_pm, low_pm, per_min, per_span;
} noc_sampler_stim_t;

static void new_phase(noc_sampler_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16 + (unsigned)kit_rng_below(r, 4081);
  const unsigned inj[] = {0, 50, 300, 700, 1000};
  s->inj_pm = kit_rng_chance(r, 300) ? inj[kit_rng_below(r, 5)] : (unsigned)kit_rng_below(r, 1001);
  const unsigned k = (unsigned)kit_rng_below(r, 4);
  s->ret_pm = k == 0 ? 0 : k == 1 ? 2 + (unsigned)kit_rng_below(r, 49) : 50 + (unsigned)kit_rng_below(r, 551);
  s->low_pm = (unsigned)kit_rng_below(r, 1001);
  if (kit_rng_chance(r, 300)) {
    s->per_min = 1;
    s->per_span = 2 * s->latw;
  } else {
    s->per_min = 64;
    s->per_span = 4033;
  }
}

static int stim_init(noc_sampler_stim_t *s, const long *P)
{
  s->slotw = NOCS_SLOTW(P);
  s->latw = (unsigned)P[noc_sampler_P_LatW];
  s->lowslots = P[noc_sampler_P_Slots] < 2 ? 1u : 2u;
  s->reset_left = 2;
  return 0;
}

static void stim_step(noc_sampler_stim_t *s, noc_sampler_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (noc_sampler_in_t){.rst_ni = 1};
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 300000)) {
    i->rst_ni = 0;
    i->inj_valid_i = kit_rng_below(r, 2);
    i->per_end_i = kit_rng_below(r, 2);
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  i->inj_valid_i = kit_rng_chance(r, s->inj_pm);
  if (kit_rng_chance(r, s->ret_pm)) {
    i->ret_valid_i = 1;
    const uint64_t slot = kit_rng_chance(r, s->low_pm) ? kit_rng_below(r, s->lowslots)
                                                        : kit_rng_below(r, (uint64_t)1 << s->slotw);
    i->ret_id_i = (kit_rng_below(r, 2) << s->slotw) | slot;
  }
  if (s->per_left == 0) {
    i->per_end_i = 1;
    s->per_left = s->per_min + (unsigned)kit_rng_below(r, s->per_span);
  }
  s->per_left--;
}

KIT_STIM_DEFINE(noc_sampler, noc_sampler_stim_t, stim_init, stim_step, NULL);
