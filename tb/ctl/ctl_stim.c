/*
 * ctl_stim.c - seeded constrained-random stimulus for the CTA Throttling
 * Logic: a believable SM, LM, VTT, register file and memory around it.
 *
 * The CTL is a protocol block: the environment must react to its outputs
 * (launch after `launch_new_o`, complete only schedulable CTAs, answer a
 * drain, return only reads that were accepted, acknowledge the LRN it
 * shows). Stimulus must stay a pure function of the seed (vectors replay
 * in any simulator), so the generator cannot look at the DUT; it runs a
 * *private instance of the C model* instead and reacts to that instance's
 * outputs, which are the outputs the DUT shows in the same cycle (the
 * lockstep then checks that claim every cycle). The block also defines
 * harmless behaviour for protocol errors (doc/ctl.md), but this generator
 * does not make them: tb/ctl/directed/protocol.stim does.
 *
 * With Illegal = 1 (a stimulus parameter, not in the RTL; one check-list
 * configuration) it also drives what doc/ctl.md "Inputs outside the
 * protocol" defines and a directed file may not give: `lm_state_i` 3 on
 * half the cycles of a disabled LM, #reg loaded in its other encodings
 * (0 for 2^RnW, v + 2^RnW for v: the same #reg), launches and completions
 * with IDs >= MaxCta where the ID width has room, and launches nobody
 * asked for into the highest empty slot while CTAs are parked (so a later
 * throttle backs up a higher ID after a lower one, and the restore's
 * "BA = BP - S" picks another CTA than "the smallest backed-up ID"). With
 * Illegal = 0 it makes no draw for them: the stream is the one without.
 *
 * Traffic comes in *episodes*, each opened by a reset (a kernel launch):
 *  - configuration in the first cycle: #reg (half the time 1..8, else up
 *    to the RF share of a slot; sometimes one slot owning the whole RF),
 *    an initial BP anywhere in the 32-bit space (so BP arithmetic wraps);
 *  - initial launches (all slots, or only 1..3 so that throttles hit
 *    MinAct at once), FRN = slot x #reg, or the register blocks permuted
 *    over the slots, or (rarely) arbitrary FRNs that overlap or run past
 *    the top of the RF;
 *  - the LM: `win_end_i` every L cycles (L per episode, from a few cycles
 *    up to several backups long), `lm_state_i` monitoring for 1..4 windows
 *    then selected at a window end (or disabled, or never);
 *  - instructions per window planned against the previous window's count
 *    so that Eq. 1 throttles, restores and holds, sometimes exactly at a
 *    bound, sometimes with an empty window (I_prev = 0) or a saturating
 *    one; plan modes "mixed", "climb" (mostly up: deep LIFO, MinAct) and
 *    "fall";
 *  - completions of random schedulable CTAs (rare to every ~100 cycles,
 *    in some episodes in bursts of up to 24 in a row during a move with
 *    three or more CTAs inactive: several pending restores), launches after
 *    `launch_new_o` after a delay into an empty slot (or none: the grid
 *    runs out);
 *  - `drained_i` a random delay into each drain; random readies on the RF
 *    read, RF write and memory ports (back-pressure, full buffer); read
 *    data returned in order 1..LatMax cycles after acceptance, only for
 *    outstanding reads; the VTT samples `lrn_o` on random cycles and
 *    drives the sample on `lrn_ack_i` (so restores wait for it).
 * Episodes run 10..120 windows, rarely cut by a reset. Same seed, same
 * stream (kit_rng).
 */
#include <string.h>

#include "cmodel/ctl/ctl.h"
#include "tb/stim/cta_env.h"
#include "tb/stim/gen.h"

enum { PLAN_MIXED, PLAN_CLIMB, PLAN_FALL };
enum { W_UP, W_DOWN, W_HOLD, W_EDGE, W_ZERO, W_MAX, W_RAND, W_N };

typedef struct ctl_stim {
  kit_rng_t rng;
  ctl_model_t *m;          /* private model: its outputs are the DUT's */
  ctl_out_t o;             /* outputs shown in the coming cycle */
  /* configuration */
  unsigned maxcta, rnw, bufent, illegal;
  uint32_t upr, lor, retmax, inst_max, rf;
  /* episode */
  unsigned reset_left;
  uint64_t cyc;            /* cycles since reset released */
  uint64_t len;            /* episode length in cycles */
  uint32_t nreg, bp0;
  unsigned nslots, ninit, launched;
  uint32_t frn[CTL_MAX_CTA];
  uint32_t L;              /* window length */
  unsigned mon, lm_final, lm, sel_off;
  unsigned plan;
  uint32_t prev_total, target, sent;
  /* environment */
  kit_cta_env_t env;       /* launches, drain, RF and memory ports */
  unsigned done_rate, more_pm;
  unsigned burst_max, burst_left;   /* completions in a row (CTAs finishing together) */
  unsigned ack_pm;
  uint32_t ack;            /* the VTT's lrn_ack_o */
} ctl_stim_t;

static uint32_t rnd_range(kit_rng_t *r, uint32_t lo, uint32_t hi)
{
  return hi <= lo ? lo : lo + (uint32_t)kit_rng_below(r, (uint64_t)hi - lo + 1u);
}

/* The next window's instruction count, planned against I_prev (doc
 * "Eq. 1": throttle iff 100 I_cur > Up I_prev, restore iff < Lo I_prev). */
static uint32_t plan_window(ctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const uint32_t cap = s->retmax * s->L;            /* most a window can retire */
  const uint32_t ip = s->prev_total > s->inst_max ? s->inst_max : s->prev_total;
  const uint64_t up_min = (uint64_t)s->upr * ip / 100u + 1u;           /* smallest throttling */
  const uint64_t lo_lim = ((uint64_t)s->lor * ip + 99u) / 100u;       /* smallest not restoring */
  unsigned t;
  switch (s->plan) {
  case PLAN_CLIMB: t = kit_rng_chance(r, 700) ? W_UP : (unsigned)kit_rng_below(r, W_N); break;
  case PLAN_FALL: t = kit_rng_chance(r, 600) ? W_DOWN : (unsigned)kit_rng_below(r, W_N); break;
  default: t = (unsigned)kit_rng_below(r, W_N); break;
  }
  if (ip == 0 && t != W_ZERO && t != W_MAX) t = W_RAND;  /* Eq. 1 holds anyway */
  uint64_t x;
  const uint64_t spread = ip / 8u + 2u;
  switch (t) {
  case W_UP: x = up_min + kit_rng_below(r, spread); break;
  case W_DOWN: x = lo_lim == 0 ? 0 : lo_lim - 1u - kit_rng_below(r, lo_lim < spread ? lo_lim : spread); break;
  case W_HOLD: x = lo_lim + kit_rng_below(r, up_min > lo_lim ? up_min - lo_lim : 1u); break;
  case W_EDGE: {
    const uint64_t e[4] = {up_min - 1u, up_min, lo_lim == 0 ? 0 : lo_lim - 1u, lo_lim};
    x = e[kit_rng_below(r, 4)];
    break;
  }
  case W_ZERO: x = 0; break;
  case W_MAX: x = cap; break;
  default: x = cap / 8u + kit_rng_below(r, cap / 2u + 1u); break;
  }
  if (x > cap) x = cap;
  if (t != W_ZERO && t != W_MAX && x < cap / 16u && kit_rng_chance(r, 500)) x = cap / 4u; /* keep IPC alive */
  return (uint32_t)x;
}

static void new_episode(ctl_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  static const unsigned ready_pm[] = {1000, 1000, 950, 700, 400, 150};
  static const unsigned rv_pm[] = {1000, 700, 300};
  static const unsigned ack_pm[] = {1000, 400, 60, 8};
  static const unsigned lat[] = {1, 4, 30};
  static const unsigned drain[] = {0, 3, 40};
  static const unsigned done_rate[] = {0, 10, 100, 1000};  /* per 100000 cycles */
  s->reset_left = 1 + (unsigned)kit_rng_below(r, 2);
  s->cyc = 0;
  s->nslots = kit_rng_chance(r, 800) ? s->maxcta : 1u + (unsigned)kit_rng_below(r, s->maxcta);
  if (s->nslots > s->rf) s->nslots = s->rf;
  uint32_t share = s->rf / s->nslots;
  if (share > 256u && kit_rng_chance(r, 900)) share = 256u;               /* moves of a few 100 cycles */
  if (s->rf <= 2048u && kit_rng_chance(r, 30)) { s->nslots = 1; s->nreg = s->rf; } /* one CTA owns the RF */
  else s->nreg = kit_rng_chance(r, 500) ? rnd_range(r, 1, share < 8 ? share : 8) : rnd_range(r, 1, share);
  s->bp0 = (uint32_t)kit_rng_next(r);
  if (kit_rng_chance(r, 200)) s->bp0 = 0u - (uint32_t)kit_rng_below(r, 4096) * CTL_LINE; /* wraps */
  /* register ranges */
  unsigned perm[CTL_MAX_CTA];
  for (unsigned i = 0; i < s->nslots; i++) perm[i] = i;
  const unsigned layout = (unsigned)kit_rng_below(r, 100);
  if (layout >= 85)
    for (unsigned i = s->nslots; i > 1; i--) {
      unsigned j = (unsigned)kit_rng_below(r, i), t = perm[i - 1];
      perm[i - 1] = perm[j];
      perm[j] = t;
    }
  for (unsigned i = 0; i < s->nslots; i++)
    s->frn[i] = layout >= 95 ? (uint32_t)kit_rng_below(r, s->rf) : perm[i] * s->nreg;
  s->ninit = kit_rng_chance(r, 700) ? s->nslots : 1u + (unsigned)kit_rng_below(r, s->nslots < 3 ? s->nslots : 3);
  s->launched = 0;
  /* windows */
  s->L = rnd_range(r, s->nreg / 2u < 8u ? 8u : s->nreg / 2u, 4u * s->nreg + 300u);
  if (kit_rng_chance(r, 150)) s->L = rnd_range(r, 2, 12);                 /* very short windows */
  s->mon = 1 + (unsigned)kit_rng_below(r, 4);
  const unsigned f = (unsigned)kit_rng_below(r, 100);
  s->lm_final = f < 85 ? 1u : f < 95 ? 2u : 0u;
  s->sel_off = kit_rng_chance(r, 100);                   /* selection off a window end */
  s->lm = 0;
  s->plan = (unsigned)kit_rng_below(r, 3);
  s->prev_total = 0;
  s->target = s->retmax * s->L / 3u;
  s->sent = 0;
  s->len = (uint64_t)s->L * (10u + kit_rng_below(r, 111));
  if (s->len > 300000u) s->len = 300000u;
  /* environment */
  s->done_rate = kit_gen_pick(r, done_rate, 4);
  s->burst_max = kit_rng_chance(r, 300) ? (kit_rng_chance(r, 500) ? 8u : 24u) : 0u;
  s->burst_left = 0;
  s->more_pm = kit_rng_chance(r, 800) ? 1000 : 300;
  kit_cta_env_clear(&s->env);
  s->env.drain_max = kit_gen_pick(r, drain, 3);
  s->env.rd_pm = kit_gen_pick(r, ready_pm, 6);
  s->env.wr_pm = kit_gen_pick(r, ready_pm, 6);
  s->env.mem_pm = kit_gen_pick(r, ready_pm, 6);
  s->env.rv_pm = kit_gen_pick(r, rv_pm, 3);
  s->ack_pm = kit_gen_pick(r, ack_pm, 4);
  s->env.latmax = kit_gen_pick(r, lat, 3);
  s->ack = 0;
}

static int stim_init(ctl_stim_t *s, const long *P)
{
  s->m = ctl_new(P);
  if (!s->m) return -1;
  s->maxcta = (unsigned)P[ctl_P_MaxCta];
  s->rnw = (unsigned)P[ctl_P_RnW];
  s->bufent = (unsigned)P[ctl_P_BufEnt];
  s->illegal = (unsigned)P[ctl_P_Illegal];
  s->upr = (uint32_t)P[ctl_P_UpRatio];
  s->lor = (uint32_t)P[ctl_P_LoRatio];
  s->retmax = (uint32_t)kit_mask((unsigned)P[ctl_P_RetW]);
  s->inst_max = (uint32_t)kit_mask((unsigned)P[ctl_P_InstW]);
  s->rf = 1u << s->rnw;
  new_episode(s);
  return 0;
}

static void stim_fini(ctl_stim_t *s) { ctl_free(s->m); }

/* The lowest empty slot among the episode's slots, or -1. */
static int empty_slot(const ctl_stim_t *s)
{
  uint32_t free_ = ~s->m->v & (uint32_t)kit_mask(s->nslots);
  return free_ ? __builtin_ctz(free_) : -1;
}

/* Illegal = 1: the inputs outside the protocol (header), over a cycle's
 * legal inputs, before the private model sees them. */
static void stray(ctl_stim_t *s, ctl_in_t *i)
{
  kit_rng_t *r = &s->rng;
  const uint64_t ids = (uint64_t)1 << kit_clog2(s->maxcta);
  if (i->lm_state_i == 2 && kit_rng_chance(r, 500)) i->lm_state_i = 3;
  if (i->cfg_ld_i && kit_rng_chance(r, 300)) i->cfg_nreg_i = i->cfg_nreg_i == s->rf ? 0 : i->cfg_nreg_i + s->rf;
  if (ids > s->maxcta && !i->launch_valid_i && kit_rng_chance(r, 2)) {
    i->launch_valid_i = 1;
    i->launch_id_i = s->maxcta + kit_rng_below(r, ids - s->maxcta);
    i->launch_frn_i = kit_rng_below(r, s->rf);
  }
  if (ids > s->maxcta && !i->done_valid_i && kit_rng_chance(r, 2)) {
    i->done_valid_i = 1;
    i->done_id_i = s->maxcta + kit_rng_below(r, ids - s->maxcta);
  }
  const uint32_t free_ = ~s->m->v & (uint32_t)kit_mask(s->nslots);
  if (s->o.ninact_o && free_ && !i->launch_valid_i && kit_rng_chance(r, 200)) {
    const unsigned slot = 31u - (unsigned)__builtin_clz(free_);
    i->launch_valid_i = 1;
    i->launch_id_i = slot;
    i->launch_frn_i = s->frn[slot] & (s->rf - 1u);
  }
}

static void stim_step(ctl_stim_t *s, ctl_in_t *i)
{
  kit_rng_t *r = &s->rng;
  const ctl_out_t *o = &s->o;

  memset(i, 0, sizeof *i);
  i->rst_ni = 1;
  if (s->reset_left) {                              /* a kernel launch */
    s->reset_left--;
    i->rst_ni = 0;
    i->ret_cnt_i = kit_rng_next(r) & s->retmax;     /* don't-care: noise */
    i->done_valid_i = kit_rng_below(r, 2);
    i->mem_rvalid_i = kit_rng_below(r, 2);
    ctl_step(s->m, i, &s->o);
    return;
  }
  if (s->cyc >= s->len || kit_rng_below(r, 200000) == 0) {   /* next episode */
    new_episode(s);
    s->reset_left--;
    i->rst_ni = 0;
    ctl_step(s->m, i, &s->o);
    return;
  }

  kit_cta_config(s->cyc, s->nreg, s->bp0, &i->cfg_ld_i, &i->cfg_nreg_i, &i->cfg_bp_i);
  /* the LM: windows and state (doc/lm.md: win_end_o in the first cycle of
   * the next window; state_o changes at the same edge) */
  const uint64_t p = s->cyc % s->L, w = s->cyc / s->L;
  if (p == 0 && s->cyc > 0) {
    i->win_end_i = 1;
    s->prev_total = s->sent;
    s->sent = 0;
    if (w == s->mon && !s->sel_off) s->lm = s->lm_final;
    s->target = plan_window(s);
  }
  if (s->sel_off && w >= s->mon && s->lm == 0 && kit_rng_chance(r, 20)) s->lm = s->lm_final;
  i->lm_state_i = s->lm;
  /* instructions: spread the planned count over the window's cycles */
  {
    const uint32_t left = (uint32_t)(s->L - p), rem = s->target - s->sent;
    const uint64_t most = (uint64_t)s->retmax * (left - 1u);
    uint32_t lo = rem > most ? (uint32_t)(rem - most) : 0u, hi = rem < s->retmax ? rem : s->retmax;
    uint32_t x = (uint32_t)(((uint64_t)rem + kit_rng_below(r, left)) / left);
    if (kit_rng_chance(r, 300)) x = rnd_range(r, lo, hi);
    x = x < lo ? lo : x > hi ? hi : x;
    i->ret_cnt_i = x;
    s->sent += x;
  }
  /* launches: the initial ones, then after launch_new_o */
  int slot = empty_slot(s);
  i->launch_valid_i = kit_cta_launch(&s->env, r, slot, &s->launched, s->ninit, 600);
  if (i->launch_valid_i) {
    i->launch_id_i = (unsigned)slot;
    i->launch_frn_i = s->frn[slot] & (s->rf - 1u);
  }
  /* completions of schedulable CTAs */
  if (s->burst_max && !s->burst_left && o->ninact_o >= 3 && o->mv_state_o != CTL_MV_IDLE &&
      kit_rng_below(r, 200) == 0)
    s->burst_left = 2u + (unsigned)kit_rng_below(r, s->burst_max - 1u);
  if (o->sched_mask_o && (s->burst_left || kit_rng_below(r, 100000) < s->done_rate)) {
    i->done_valid_i = 1;
    i->done_id_i = kit_rng_bit(r, (uint32_t)o->sched_mask_o);
    if (s->burst_left) s->burst_left--;
  }
  kit_cta_drain(&s->env, r, o->mv_state_o, &i->drained_i);
  /* the VTT echoes a sample of lrn_o */
  i->lrn_ack_i = s->ack;
  if (kit_rng_chance(r, s->ack_pm)) s->ack = (uint32_t)o->lrn_o;
  kit_cta_memory(&s->env, r, s->cyc, o->mem_valid_o, o->mem_we_o, &i->rf_rd_ready_i, &i->rf_wr_ready_i,
                 &i->mem_ready_i, &i->mem_rvalid_i);
  i->dbg_cta_i = kit_rng_below(r, (uint64_t)1 << kit_clog2(s->maxcta));
  if (s->illegal) stray(s, i);

  ctl_step(s->m, i, &s->o);
  kit_cta_after(&s->env, r, s->o.launch_new_o, s->more_pm);
  s->cyc++;
}

KIT_STIM_DEFINE(ctl, ctl_stim_t, stim_init, stim_step, stim_fini);
