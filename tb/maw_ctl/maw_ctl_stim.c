/*
 * maw_ctl_stim.c - seeded constrained-random stimulus for the MAW
 * controller (doc/maw_ctl.md).
 *
 * The controller decides once per period, so the generator plays the
 * slice around it: it counts its own reads (the period length is a
 * parameter) and, after each period end, delivers the NoC mean like
 * noc_sampler would, 1..LatW+4 cycles later; sometimes never (the next
 * period end drops the decision), sometimes in the period-end cycle, and
 * now and then a stray pulse that must be ignored. Regimes last 1..8
 * periods, each drawn from the seed:
 *  - the bypass share of reads: none, 1/4, 1/2, all, or any (n_t from n
 *    down to 0);
 *  - contention always, never or at random;
 *  - the latency: congested (> TH), idle (< TL), in the band, the
 *    thresholds' corners, close to the last value (a stop that holds),
 *    falling by a quarter (the gradient), or anything;
 *  - 0..50% idle cycles.
 * A mid-run reset about every 64 periods (each kernel launch starts a new
 * coarse search); the first two cycles are reset. The generator does
 * not see the model. Same seed, same stream (kit_rng).
 */
#include "cmodel/maw_ctl/maw_ctl.h"
#include "tb/stim/gen.h"

typedef struct maw_ctl_stim {
  kit_rng_t rng;
  uint32_t plast, pc;
  unsigned tl, th, latmax, last;
  uint64_t cycle, reset_one_in;   /* a reset every ~64 periods (the coarse step runs after each) */
  unsigned reset_left, regime_left;
  unsigned byp_pm, cont_mode, lat_mode, idle_pm;
  int noc_in;                  /* cycles until the mean arrives, -1 none */
} maw_ctl_stim_t;

static void new_regime(maw_ctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->regime_left = 1 + (unsigned)kit_rng_below(r, 8);
  const unsigned byp[] = {0, 250, 500, 1000};
  s->byp_pm = kit_rng_chance(r, 200) ? (unsigned)kit_rng_below(r, 1001) : byp[kit_rng_below(r, 4)];
  s->cont_mode = (unsigned)kit_rng_below(r, 4);     /* 0, 1: always; 2 never; 3 random */
  s->lat_mode = (unsigned)kit_rng_below(r, 7);
  s->idle_pm = kit_rng_chance(r, 300) ? 0 : (unsigned)kit_rng_below(r, 501);
}

static unsigned pick_lat(maw_ctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const unsigned tl = s->tl, th = s->th, mx = s->latmax;
  unsigned v;
  switch (s->lat_mode) {
  case 0: v = th < mx ? th + 1u + (unsigned)kit_rng_below(r, mx - th) : mx; break;
  case 1: v = tl > 0 ? (unsigned)kit_rng_below(r, tl) : 0u; break;
  case 2: v = tl + (unsigned)kit_rng_below(r, th - tl + 1u); break;
  case 3: {
    const unsigned c[] = {0, tl ? tl - 1u : 0u, tl, th, th < mx ? th + 1u : mx, mx};
    v = kit_gen_pick(r, c, 6);
    break;
  }
  case 4: {
    const unsigned d = (unsigned)kit_rng_below(r, 5);
    v = s->last + d < 2u ? 0u : s->last + d - 2u;
    break;
  }
  case 5: v = kit_rng_chance(r, 200) ? th + 1u + (unsigned)kit_rng_below(r, mx - th + 1u) : s->last * 3u / 4u; break;
  default: v = (unsigned)kit_rng_below(r, mx + 1u); break;
  }
  if (v > mx) v = mx;
  s->last = v;
  return v;
}

static int stim_init(maw_ctl_stim_t *s, const long *P)
{
  s->plast = (uint32_t)kit_mask((unsigned)P[maw_ctl_P_PeriodLog]);
  s->tl = (unsigned)P[maw_ctl_P_TL];
  s->th = (unsigned)P[maw_ctl_P_TH];
  s->latmax = (unsigned)kit_mask((unsigned)P[maw_ctl_P_LatW]);
  s->reset_one_in = (uint64_t)4000 << (P[maw_ctl_P_PeriodLog] > 6 ? P[maw_ctl_P_PeriodLog] - 6 : 0);
  s->reset_left = 2;
  s->noc_in = -1;
  return 0;
}

static void stim_step(maw_ctl_stim_t *s, maw_ctl_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (maw_ctl_in_t){.rst_ni = 1};
  i->noc_avg_i = kit_rng_below(r, (uint64_t)s->latmax + 1u);
  i->cont_i = kit_rng_below(r, 2);
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, s->reset_one_in)) {
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);
    i->noc_valid_i = kit_rng_below(r, 2);
    s->pc = 0;
    s->noc_in = -1;
    return;
  }
  if (s->regime_left == 0) new_regime(s);
  if (s->cont_mode < 2) i->cont_i = 1;
  else if (s->cont_mode == 2) i->cont_i = 0;
  if (s->noc_in == 0 || kit_rng_chance(r, 2)) {     /* the mean, or a stray pulse */
    i->noc_valid_i = 1;
    i->noc_avg_i = pick_lat(s);
  }
  if (s->noc_in >= 0) s->noc_in--;
  if (kit_rng_chance(r, s->idle_pm)) return;
  i->acc_valid_i = 1;
  i->acc_byp_i = kit_rng_chance(r, s->byp_pm);
  if (s->pc++ != s->plast) return;
  s->pc = 0;                                       /* this read closes the period */
  s->regime_left--;
  const unsigned w = (unsigned)kit_rng_below(r, 40);
  s->noc_in = w < 2 ? -1 : w < 4 ? 0 : 1 + (int)kit_rng_below(r, 14);
  if (s->noc_in == 0) {                            /* in the period-end cycle itself */
    i->noc_valid_i = 1;
    i->noc_avg_i = pick_lat(s);
    s->noc_in = -1;
  }
}

KIT_STIM_DEFINE(maw_ctl, maw_ctl_stim_t, stim_init, stim_step, NULL);
