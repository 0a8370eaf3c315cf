/*
 * wpctl_stim.c - seeded constrained-random stimulus for the dynamic
 * partitioning controller (doc/wpctl.md).
 *
 * The generator plays the NumSm SMs and the driver (WP1): it does not see
 * the model, so it cannot follow rd_sm_o; a uniform done vector over 15 or
 * 64 SMs would never be all ones and a uniform 32-bit IPC would never tie.
 * So traffic comes in phases (16..4096 cycles), each drawn from the seed:
 *  - done: (0) all ones in 0.2..5% of the cycles, random bits otherwise;
 *    (1) sticky per-SM done bits that rise at random and, once all set,
 *    hold for 0..40 cycles before clearing (the SMs' quotas; a hold
 *    across a start_o cycle is WP17's ignored done); (2) never all ones
 *    (only the PerMax timeout ends a period);
 *  - IPC: uniform over the width, or from a pool of 2..4 values (ties,
 *    WP16), or mostly the maximum (saturated SMs);
 *  - static_i: never (most phases), in every cycle, or in 5% of them;
 *    cfg_part_i a composition of the ways, one summing below Ways, or (one
 *    static partition in four) one summing above Ways (ignored, WP26);
 *  - a rare mid-run reset; the first two cycles are reset.
 * Same seed, same stream.
 */
#include "cmodel/wpctl/wpctl.h"
#include "tb/stim/gen.h"

typedef struct wpctl_stim {
  kit_rng_t rng;
  unsigned numsm, k, ways, cw, ipcw;
  uint64_t all, cycle;
  unsigned reset_left, phase_left;
  unsigned donemode, done_pm, rise_pm, hold_left, ipcmode, statmode;
  uint64_t done, pool[4];
} wpctl_stim_t;

static int stim_init(wpctl_stim_t *s, const long *P)
{
  s->numsm = (unsigned)P[wpctl_P_NumSm];
  s->k = (unsigned)P[wpctl_P_Kernels];
  s->ways = (unsigned)P[wpctl_P_Ways];
  s->cw = WC_CW(P);
  s->ipcw = (unsigned)P[wpctl_P_IpcW];
  s->all = kit_mask(s->numsm);
  s->reset_left = 2;
  return 0;
}

static void new_phase(wpctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16u << kit_rng_below(r, 9);
  s->donemode = (unsigned)kit_rng_below(r, 8);
  s->donemode = s->donemode < 3 ? 0u : s->donemode < 7 ? 1u : 2u;
  s->done_pm = 2 + (unsigned)kit_rng_below(r, 49);
  s->rise_pm = 5 + (unsigned)kit_rng_below(r, 100);
  s->ipcmode = (unsigned)kit_rng_below(r, 3);
  for (unsigned j = 0; j < 4; j++) s->pool[j] = kit_rng_below(r, (uint64_t)1 << s->ipcw);
  const unsigned st = (unsigned)kit_rng_below(r, 10);
  s->statmode = st < 7 ? 0u : st < 8 ? 1u : 2u;
}

/* A partition for cfg_part_i: the ways dealt at random to the kernels, then
 * one time in four a field raised (above Ways), one in eight one lowered. */
static uint64_t pick_part(wpctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  unsigned c[WC_MAX_K] = {0};
  for (unsigned w = 0; w < s->ways; w++) c[kit_rng_below(r, s->k)]++;
  const unsigned j = (unsigned)kit_rng_below(r, s->k), how = (unsigned)kit_rng_below(r, 8);
  if (how < 2 && c[j] < kit_mask(s->cw)) c[j]++;
  else if (how == 2 && c[j] > 0) c[j]--;
  uint64_t v = 0;
  for (unsigned i = 0; i < s->k; i++) v |= (uint64_t)c[i] << (i * s->cw);
  return v;
}

static uint64_t pick_done(wpctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  switch (s->donemode) {
  case 0:
    return kit_rng_chance(r, s->done_pm) ? s->all : kit_rng_next(r) & s->all;
  case 1:
    if (s->done == s->all) {
      if (s->hold_left == 0) s->done = 0;
      else s->hold_left--;
      return s->done;
    }
    for (unsigned b = 0; b < s->numsm; b++)
      if (kit_rng_chance(r, s->rise_pm)) s->done |= (uint64_t)1 << b;
    if (s->done == s->all) s->hold_left = (unsigned)kit_rng_below(r, 41);
    return s->done;
  default: {
    const uint64_t v = kit_rng_next(r) & s->all;
    return v == s->all ? v & ~(uint64_t)1 : v;
  }
  }
}

static void stim_step(wpctl_stim_t *s, wpctl_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (wpctl_in_t){.rst_ni = 1};
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 200000)) {
    i->rst_ni = 0;
    i->sm_done_i = kit_rng_next(r) & s->all;
    s->done = 0;
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  i->sm_done_i = pick_done(s);
  switch (s->ipcmode) {
  case 0: i->rd_ipc_i = kit_rng_below(r, (uint64_t)1 << s->ipcw); break;
  case 1: i->rd_ipc_i = s->pool[kit_rng_below(r, 2 + (s->cycle & 1u) * 2)]; break;
  default: i->rd_ipc_i = kit_rng_chance(r, 700) ? kit_mask(s->ipcw) : s->pool[kit_rng_below(r, 4)]; break;
  }
  i->static_i = s->statmode == 1 || (s->statmode == 2 && kit_rng_chance(r, 50));
  i->cfg_part_i = pick_part(s);
}

KIT_STIM_DEFINE(wpctl, wpctl_stim_t, stim_init, stim_step, NULL);
