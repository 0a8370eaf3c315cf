/*
 * tbbyp_stim.c - seeded constrained-random stimulus for thread-block
 * bypassing (doc/tbbyp.md).
 *
 * The block decides at thread-block issues, so the generator plays the
 * SM's dispatcher around it: it keeps its own view of the resident slots
 * (never the model's), retires a resident thread block now and then and
 * refills the slot 0..24 cycles later (0: in the retire cycle itself, the
 * same slot), and fills free slots after launch and after a clear. Regimes
 * last 100..3000 cycles, each drawn from the seed, per kernel:
 *  - the hit and stall rates (none, low, half, high, all, or any), so
 *    CHSS falls on both sides of the threshold and stays there long enough
 *    for N_byp to reach 0 and MaxTb;
 *  - the active warps (0, the maximum, or any, sometimes changing);
 *  - the retire rate (thread blocks living ~30 to ~500 cycles).
 * Loads ask for their bit in about 60% of cycles (class 0 mostly, classes
 * 1, 2 and reserved 3 too), the debug read follows the issuing kernel
 * (the counts a comparison reads) or anything. Outside the protocol, on
 * purpose (doc "Ports"): stray issues and retires (a few per thousand
 * cycles), most naming a kernel or slot beyond the ranges, or an occupied
 * or empty slot; 1% of the accesses' slots beyond MaxTb; the reserved
 * class. A clear about every 2000 cycles (resident thread blocks stay), a
 * mid-run reset about every 20000; the first two cycles are reset. Same
 * seed, same stream (kit_rng).
 */
#include "cmodel/tbbyp/tbbyp.h"
#include "tb/stim/gen.h"

typedef struct tbbyp_stim {
  kit_rng_t rng;
  unsigned k, maxtb, kw, slotw, warpw;
  uint64_t cycle;
  unsigned reset_left, regime_left;
  unsigned hit_pm[TB_MAX_K], stall_pm[TB_MAX_K], warps[TB_MAX_K], warp_mode[TB_MAX_K];
  unsigned ret_pm, acc_pm;
  unsigned res[TB_MAX_SLOT], kern[TB_MAX_SLOT];   /* the generator's own view of the slots */
  int refill[TB_MAX_SLOT];                       /* cycles until a free slot is refilled */
} tbbyp_stim_t;

static unsigned pick_pm(kit_rng_t *r)
{
  const unsigned v[] = {0, 50, 500, 950, 1000};
  return kit_rng_chance(r, 200) ? (unsigned)kit_rng_below(r, 1001) : kit_gen_pick(r, v, 5);
}

static void new_regime(tbbyp_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->regime_left = 100 + (unsigned)kit_rng_below(r, 2901);
  for (unsigned j = 0; j < s->k; j++) {
    s->hit_pm[j] = pick_pm(r);
    s->stall_pm[j] = pick_pm(r);
    s->warp_mode[j] = (unsigned)kit_rng_below(r, 4);   /* 0 none, 1 max, 2 fixed, 3 changing */
    const unsigned wmax = (unsigned)kit_mask(s->warpw);
    s->warps[j] = s->warp_mode[j] == 0 ? 0u : s->warp_mode[j] == 1 ? wmax : (unsigned)kit_rng_below(r, wmax + 1u);
  }
  const unsigned rp[] = {2, 8, 30};
  s->ret_pm = kit_gen_pick(r, rp, 3);
  s->acc_pm = kit_rng_chance(r, 200) ? 0u : 600u;
}

static int stim_init(tbbyp_stim_t *s, const long *P)
{
  s->k = (unsigned)P[tbbyp_P_Kernels];
  s->maxtb = (unsigned)P[tbbyp_P_MaxTb];
  s->kw = TB_KW(P);
  s->slotw = TB_SLOTW(P);
  s->warpw = (unsigned)P[tbbyp_P_WarpW];
  s->reset_left = 2;
  return 0;
}

static void launch(tbbyp_stim_t *s)
{
  for (unsigned i = 0; i < s->maxtb; i++) {
    s->res[i] = 0;
    s->refill[i] = (int)kit_rng_below(&s->rng, 16);
  }
}

static void stim_step(tbbyp_stim_t *s, tbbyp_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (tbbyp_in_t){.rst_ni = 1};
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 20000)) {
    i->rst_ni = 0;
    i->iss_valid_i = kit_rng_below(r, 2);
    i->hit_i = kit_rng_next(r) & kit_mask(s->k);
    launch(s);
    s->regime_left = 0;
    return;
  }
  if (s->regime_left == 0) new_regime(s);
  s->regime_left--;
  /* the monitor's inputs */
  for (unsigned j = 0; j < s->k; j++) {
    if (kit_rng_chance(r, s->hit_pm[j])) i->hit_i |= 1u << j;
    if (kit_rng_chance(r, s->stall_pm[j])) i->stall_i |= 1u << j;
    if (s->warp_mode[j] == 3 && kit_rng_chance(r, 20)) s->warps[j] = (unsigned)kit_rng_below(r, kit_mask(s->warpw) + 1u);
    i->warps_i |= (uint64_t)s->warps[j] << (j * s->warpw);
  }
  if (kit_rng_chance(r, 1) && kit_rng_chance(r, 500)) i->clr_i = 1;   /* a partition change, ~1 in 2000 */
  /* a retire: a resident slot, now and then an empty or out-of-range one */
  unsigned rs = (unsigned)kit_rng_below(r, s->maxtb);
  if (kit_rng_chance(r, s->ret_pm) && s->res[rs]) {
    i->ret_valid_i = 1;
    i->ret_slot_i = rs;
    i->ret_k_i = s->kern[rs];
    s->res[rs] = 0;
    const unsigned w = (unsigned)kit_rng_below(r, 8);
    s->refill[rs] = w == 0 ? 0 : w < 4 ? 1 + (int)kit_rng_below(r, 4) : (int)kit_rng_below(r, 25);
  } else if (kit_rng_chance(r, 3)) {
    i->ret_valid_i = 1;
    i->ret_k_i = kit_rng_chance(r, 300) ? kit_gen_beyond(r, s->k, s->kw) : kit_rng_below(r, s->k);
    i->ret_slot_i = kit_rng_chance(r, 300) ? kit_gen_beyond(r, s->maxtb, s->slotw) : kit_rng_below(r, s->maxtb);
  }
  /* an issue into the first free slot whose refill is due (or, rarely, a bad one) */
  int done = 0;
  for (unsigned n = 0; n < s->maxtb && !done; n++) {
    if (s->res[n]) continue;
    if (s->refill[n] > 0) { s->refill[n]--; continue; }
    const unsigned k = (unsigned)kit_rng_below(r, s->k);
    i->iss_valid_i = 1;
    i->iss_k_i = k;
    i->iss_slot_i = n;
    s->res[n] = 1;
    s->kern[n] = k;
    done = 1;
  }
  if (!done && kit_rng_chance(r, 4)) {
    i->iss_valid_i = 1;
    const unsigned w = (unsigned)kit_rng_below(r, 3);
    i->iss_k_i = w == 0 ? kit_gen_beyond(r, s->k, s->kw) : kit_rng_below(r, s->k);
    i->iss_slot_i = w == 1 ? kit_gen_beyond(r, s->maxtb, s->slotw) : kit_rng_below(r, s->maxtb);
    if (i->iss_k_i < s->k && i->iss_slot_i < s->maxtb) s->kern[i->iss_slot_i] = (unsigned)i->iss_k_i;
  }
  /* a load asks for its bit */
  if (kit_rng_chance(r, s->acc_pm)) {
    i->acc_valid_i = 1;
    i->acc_slot_i = kit_rng_chance(r, 10) ? kit_gen_beyond(r, s->maxtb, s->slotw) : kit_rng_below(r, s->maxtb);
    const unsigned c = (unsigned)kit_rng_below(r, 100);
    i->acc_cls_i = c < 70 ? 0u : c < 84 ? 1u : c < 98 ? 2u : 3u;
  }
  i->dbg_k_i = i->iss_valid_i && kit_rng_chance(r, 800) ? i->iss_k_i
               : kit_rng_chance(r, 20) ? kit_rng_below(r, (uint64_t)1 << s->kw) : kit_rng_below(r, s->k);
}

KIT_STIM_DEFINE(tbbyp, tbbyp_stim_t, stim_init, stim_step, NULL);
