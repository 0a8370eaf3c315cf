/*
 * vtt_stim.c - seeded constrained-random stimulus for the Victim Tag Table.
 *
 * The stimulus is a pure function of the seed and does not see the DUT: no
 * private model is needed, because the block defines every input sequence
 * (doc/vtt.md): an offer while req_ready_o = 0 is simply not taken, lrn_i
 * and lm_state_i are levels sampled at idle edges, illegal op codes and
 * set indices are answered as one-cycle misses, and lm_state_i changes
 * after the decision are ignored. So the generator offers operations at a
 * random rate every cycle; whichever offer meets an idle cycle is taken.
 *
 * Uniform traffic over 1536 entries would rarely fill a set, so traffic
 * comes in *episodes*, each opened by a reset (a kernel launch):
 *  - a monitoring phase (lm_state_i = 0), then the LM's decision: victim
 *    cache (70%), off (20%; a quarter of those drive the illegal 3), or no
 *    decision in this episode (10%); after the decision lm_state_i keeps
 *    the decided value except for rare glitches (ignored by the block);
 *  - 1..3 hot sets per episode (set 0 and the last set among the
 *    candidates, for the first and last RN) take most operations; the rest
 *    go anywhere, 1% to set indices >= Sets when the index has room;
 *  - tags from a per-episode pool of about 1.5 x TotWays values around a
 *    random base (every tag bit toggles), so a hot set fills, evicts,
 *    refreshes duplicates and hits; 5% fully random tags;
 *  - op mix 40% lookups, 12% store probes, 47% inserts, 1% reserved;
 *    useful victims at a per-episode rate of 40..100%;
 *  - lrn_i is a level that moves every so often: below Offset (every VP
 *    active), on a VP boundary Base(N)-1 or Base(N) (partial masks,
 *    withdrawals and activations), the top RN (none active) or anywhere.
 * Episode length scales with TotWays x MaxLat (the cycles it takes to
 * fill a hot set), so small configurations run many short episodes and the
 * paper configuration about 25 episodes per million cycles. Same seed,
 * same stream (kit_rng).
 */
#include "cmodel/vtt/vtt.h"
#include "tb/stim/gen.h"

#define VTT_STIM_MAXHOT 3u

typedef struct vtt_stim {
  kit_rng_t rng;
  /* configuration */
  unsigned sets, setw, numvp, vpw, vpways, wayw, totways, maxlat;
  uint32_t offset, vpent, rn_max;
  uint64_t tag_mask;
  /* episode */
  unsigned reset_left;
  uint64_t mon_left;         /* monitoring cycles before the decision */
  uint64_t ep_left;          /* cycles after the decision */
  unsigned decided;          /* lm_state_i value after the decision (0: none) */
  uint32_t lrn;
  uint64_t lrn_left;         /* cycles until lrn_i moves */
  unsigned nhot, hot[VTT_STIM_MAXHOT];
  uint64_t tag_base;
  unsigned pool;
  unsigned req_pm, hot_pm, useful_pm;
} vtt_stim_t;

static uint64_t rand_range(kit_rng_t *r, uint64_t lo, uint64_t hi)
{
  return lo + kit_rng_below(r, hi - lo + 1u);
}

/* A new level for lrn_i (see the header). */
static void new_lrn(vtt_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  unsigned c = (unsigned)kit_rng_below(r, 100);
  if (c < 35) s->lrn = (uint32_t)kit_rng_below(r, s->offset);
  else if (c < 70) {
    uint32_t base = s->offset + (uint32_t)kit_rng_below(r, s->numvp) * s->vpent;
    s->lrn = base - (uint32_t)kit_rng_below(r, 2);
  } else if (c < 80) s->lrn = s->rn_max;
  else s->lrn = (uint32_t)kit_rng_below(r, (uint64_t)s->rn_max + 1u);
  s->lrn_left = rand_range(r, 20, (uint64_t)s->maxlat * s->totways * 4u);
}

static void new_episode(vtt_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const uint64_t fill = (uint64_t)s->totways * s->maxlat;
  s->reset_left = 1 + (unsigned)kit_rng_below(r, 2);
  s->mon_left = fill * rand_range(r, 4, 30);
  s->ep_left = fill * rand_range(r, 8, 50);
  unsigned c = (unsigned)kit_rng_below(r, 100);
  s->decided = c < 70 ? 1u : c < 85 ? 2u : c < 90 ? 3u : 0u;
  s->nhot = 1 + (unsigned)kit_rng_below(r, VTT_STIM_MAXHOT);
  for (unsigned h = 0; h < s->nhot; h++) {
    unsigned k = (unsigned)kit_rng_below(r, 4);
    s->hot[h] = k == 0 ? 0u : k == 1 ? s->sets - 1u : (unsigned)kit_rng_below(r, s->sets);
  }
  s->tag_base = kit_rng_next(r) & s->tag_mask;
  s->pool = s->totways + s->totways / 2u + 1u;
  s->req_pm = (unsigned)rand_range(r, 300, 1000);
  s->hot_pm = (unsigned)rand_range(r, 500, 950);
  s->useful_pm = (unsigned)rand_range(r, 400, 1000);
  new_lrn(s);
}

static int stim_init(vtt_stim_t *s, const long *P)
{
  s->sets = (unsigned)P[vtt_P_Sets];
  s->setw = VTT_SETW(P);
  s->numvp = (unsigned)P[vtt_P_NumVp];
  s->vpw = VTT_VPW(P);
  s->vpways = (unsigned)P[vtt_P_VpWays];
  s->wayw = VTT_WAYW(P);
  s->totways = VTT_TOTWAYS(P);
  s->maxlat = VTT_MAXLAT(P);
  s->offset = (uint32_t)P[vtt_P_Offset];
  s->vpent = s->sets * s->vpways;
  s->rn_max = (uint32_t)kit_mask((unsigned)P[vtt_P_RnW]);
  s->tag_mask = kit_mask((unsigned)P[vtt_P_TagW]);
  new_episode(s);
  return 0;
}

static void stim_step(vtt_stim_t *s, vtt_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (vtt_in_t){.rst_ni = 1};
  if (s->reset_left) {
    s->reset_left--;
    /* inputs other than reset are don't-care: drive noise */
    i->rst_ni = 0;
    i->lm_state_i = kit_rng_below(r, 4);
    i->req_valid_i = kit_rng_below(r, 2);
    i->req_op_i = kit_rng_below(r, 4);
    return;
  }
  /* rare reset in the middle of anything */
  if (kit_rng_below(r, 200000) == 0) {
    new_episode(s);
    s->reset_left--;
    i->rst_ni = 0;
    return;
  }

  /* LM state: monitoring, then the decision, with rare ignored glitches */
  if (s->mon_left) {
    s->mon_left--;
    i->lm_state_i = 0;
  } else {
    i->lm_state_i = s->decided;
    if (s->decided && kit_rng_below(r, 1000) == 0) i->lm_state_i = kit_rng_below(r, 4);
    if (s->ep_left) s->ep_left--;
  }
  if (s->lrn_left == 0) new_lrn(s);
  else s->lrn_left--;
  i->lrn_i = s->lrn;

  if (kit_rng_chance(r, s->req_pm)) {
    unsigned c = (unsigned)kit_rng_below(r, 100);
    i->req_valid_i = 1;
    i->req_op_i = c < 40 ? VTT_OP_LOOKUP : c < 52 ? VTT_OP_PROBE : c < 99 ? VTT_OP_INSERT : VTT_OP_RSVD;
    if (kit_rng_chance(r, s->hot_pm)) i->req_set_i = s->hot[kit_rng_below(r, s->nhot)];
    else if (kit_rng_chance(r, 10) && s->sets < (1u << s->setw))
      i->req_set_i = kit_gen_beyond(r, s->sets, s->setw);
    else i->req_set_i = kit_rng_below(r, s->sets);
    i->req_tag_i = kit_rng_chance(r, 50) ? kit_rng_next(r) & s->tag_mask
                                         : (s->tag_base ^ kit_rng_below(r, s->pool)) & s->tag_mask;
    i->req_useful_i = kit_rng_chance(r, s->useful_pm);
  }

  /* debug read: half on a hot set, half anywhere (maybe out of range) */
  if (kit_rng_chance(r, 500)) {
    i->dbg_set_i = s->hot[kit_rng_below(r, s->nhot)];
    i->dbg_vp_i = kit_rng_below(r, s->numvp);
    i->dbg_way_i = kit_rng_below(r, s->vpways);
  } else {
    i->dbg_set_i = kit_rng_next(r) & kit_mask(s->setw);
    i->dbg_vp_i = kit_rng_next(r) & kit_mask(s->vpw);
    i->dbg_way_i = kit_rng_next(r) & kit_mask(s->wayw);
  }

  if (s->mon_left == 0 && s->ep_left == 0) new_episode(s);
}

KIT_STIM_DEFINE(vtt, vtt_stim_t, stim_init, stim_step, NULL);
