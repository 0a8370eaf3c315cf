/*
 * waypart_stim.c - seeded constrained-random stimulus for one SM's
 * way-partitioned L1 (doc/waypart.md).
 *
 * The generator plays the L1's requesters and the controller `wpctl`
 * (WP1): uniform sets and tags would never reuse a line and a fixed
 * partition would never move one, so traffic comes in phases (16..2048
 * cycles), each drawn from the seed:
 *  - sets: one hot set, a few, or all (0.5% beyond Sets, WP19);
 *  - a tag pool of 1, Ways-1, Ways, Ways+1, 2 x Ways or 4 x Ways tags near
 *    a random base, walked cyclically or drawn at random, or the full tag
 *    range; kernels uniform or one hot kernel, 1% beyond K (WP6);
 *  - 0..30% stores (WP7), acc_byp_i never, 10% or 50% (WP6), 0..50% idle;
 *  - the controller: periods of 20..2000 cycles with meas_i = 1 (a start
 *    pulse first), then a dead window of 1..20 cycles with meas_i = 0 in
 *    which 0..K+1 partition writes land (WP17); a tenth of the phases
 *    drive start_i / meas_i at random instead; partition writes outside
 *    the dead window in some phases (WP9 while measuring). A written
 *    partition is Even, a +1/-1 move of the last one written (WP14's
 *    shape), any composition of the ways, one summing below Ways, or (one
 *    write in eight) one summing above Ways (ignored, WP9);
 *  - ret_i uniform per field, wgt_i and tb_i drawn per phase (0, 1, the
 *    maximum or any), TB completions at 0..5% of the cycles, 1% of them
 *    beyond K;
 *  - debug reads over the whole port range; a rare mid-run reset; the
 *    first two cycles are reset.
 * The generator does not see the model; it shadows only what it wrote
 * (the last legal partition, Even after a reset). Same seed, same stream.
 */
#include "cmodel/waypart/waypart.h"
#include "tb/stim/gen.h"

typedef struct waypart_stim {
  kit_rng_t rng;
  unsigned sets, ways, k, cw, setw, wayw, kw, retw, tbw, wgtw;
  uint64_t tagmask;
  uint64_t cycle;
  unsigned reset_left, phase_left;
  unsigned setmode, few[4], hotk, khot;
  uint64_t tagbase, pool;
  unsigned cyclic, cursor;
  unsigned st_pm, byp_pm, idle_pm, tbd_pm, wr_run_pm, randctl;
  uint64_t wgt, tb;
  unsigned run_left, dead_left, start_next;
  unsigned part[WP_MAX_K];             /* the last legal partition written */
} waypart_stim_t;

static uint64_t pick_fields(kit_rng_t *r, unsigned k, unsigned w)
{
  const unsigned how = (unsigned)kit_rng_below(r, 4);
  uint64_t v = 0;
  for (unsigned j = 0; j < k; j++) {
    const uint64_t f = how == 0 ? 0 : how == 1 ? 1 : how == 2 ? kit_mask(w) : kit_rng_below(r, (uint64_t)1 << w);
    v |= f << (j * w);
  }
  return v;
}

static void new_phase(waypart_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->phase_left = 16 + (unsigned)kit_rng_below(r, 2033);
  s->setmode = (unsigned)kit_rng_below(r, 3);
  for (unsigned i = 0; i < 4; i++) s->few[i] = (unsigned)kit_rng_below(r, s->sets);
  const uint64_t pools[] = {1, s->ways - 1, s->ways, s->ways + 1, 2 * s->ways, 4 * s->ways};
  if (kit_rng_chance(r, 150)) {
    s->pool = 0;
  } else {
    s->pool = pools[kit_rng_below(r, 6)];
    if (s->pool > s->tagmask + 1) s->pool = s->tagmask + 1;
    s->tagbase = kit_gen_tag_base(r, s->tagmask, s->pool);
  }
  s->cyclic = kit_rng_chance(r, 400);
  s->khot = kit_rng_chance(r, 300);
  s->hotk = (unsigned)kit_rng_below(r, s->k);
  s->st_pm = kit_rng_chance(r, 300) ? 0 : (unsigned)kit_rng_below(r, 301);
  const unsigned byp[] = {0, 100, 500};
  s->byp_pm = byp[kit_rng_below(r, 3)];
  s->idle_pm = kit_rng_chance(r, 400) ? 0 : (unsigned)kit_rng_below(r, 501);
  s->tbd_pm = (unsigned)kit_rng_below(r, 51);
  s->wr_run_pm = kit_rng_chance(r, 200) ? (unsigned)kit_rng_below(r, 21) : 0;
  s->randctl = kit_rng_chance(r, 100);
  s->wgt = pick_fields(r, s->k, s->wgtw);
  s->tb = pick_fields(r, s->k, s->tbw);
}

static int stim_init(waypart_stim_t *s, const long *P)
{
  s->sets = (unsigned)P[waypart_P_Sets];
  s->ways = (unsigned)P[waypart_P_Ways];
  s->k = (unsigned)P[waypart_P_Kernels];
  s->cw = WP_CW(P);
  s->setw = WP_SETW(P);
  s->wayw = WP_WAYW(P);
  s->kw = WP_KW(P);
  s->retw = (unsigned)P[waypart_P_RetW];
  s->tbw = (unsigned)P[waypart_P_TbW];
  s->wgtw = (unsigned)P[waypart_P_WgtW];
  s->tagmask = kit_mask((unsigned)P[waypart_P_TagW]);
  s->reset_left = 2;
  waypart_even(s->ways, s->k, s->part);
  return 0;
}

/* A partition to write (see the header); legal ones become the shadow. */
static uint64_t pick_part(waypart_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  unsigned c[WP_MAX_K], sum = 0;
  const unsigned how = (unsigned)kit_rng_below(r, 8);
  for (unsigned j = 0; j < s->k; j++) c[j] = s->part[j];
  if (how == 0) {
    waypart_even(s->ways, s->k, c);
  } else if (how <= 3) {                 /* WP14's shape: +1 at i, -1 at another */
    const unsigned i = (unsigned)kit_rng_below(r, s->k), j = (unsigned)kit_rng_below(r, s->k);
    if (i != j && c[j] > 0) { c[i]++; c[j]--; }
  } else if (how <= 5) {                 /* any composition, sum Ways */
    unsigned left = s->ways;
    for (unsigned j = 0; j < s->k; j++) {
      c[j] = j + 1 == s->k ? left : (unsigned)kit_rng_below(r, left + 1u);
      left -= c[j];
    }
  } else if (how == 6) {                 /* below Ways */
    unsigned left = (unsigned)kit_rng_below(r, s->ways);
    for (unsigned j = 0; j < s->k; j++) {
      c[j] = (unsigned)kit_rng_below(r, left + 1u);
      left -= c[j];
    }
  } else {                               /* any field values: mostly above Ways */
    for (unsigned j = 0; j < s->k; j++) c[j] = (unsigned)kit_rng_below(r, (uint64_t)1 << s->cw);
  }
  uint64_t v = 0;
  for (unsigned j = 0; j < s->k; j++) {
    v |= (uint64_t)c[j] << (j * s->cw);
    sum += c[j];
  }
  if (sum <= s->ways)
    for (unsigned j = 0; j < s->k; j++) s->part[j] = c[j];
  return v;
}

static uint64_t phase_set(waypart_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  if (kit_rng_chance(r, 5)) return kit_gen_beyond(r, s->sets, s->setw);
  switch (s->setmode) {
  case 0: return s->few[0];
  case 1: return s->few[kit_rng_below(r, 4)];
  default: return kit_rng_below(r, s->sets);
  }
}

/* The controller's side: start, meas and the partition writes. */
static void control(waypart_stim_t *s, waypart_in_t *i)
{
  kit_rng_t *r = &s->rng;
  if (s->randctl) {
    i->start_i = kit_rng_chance(r, 20);
    i->meas_i = kit_rng_chance(r, 800);
    if (kit_rng_chance(r, 20)) {
      i->part_we_i = 1;
      i->part_i = pick_part(s);
    }
    return;
  }
  if (s->run_left) {
    s->run_left--;
    i->meas_i = 1;
    i->start_i = s->start_next;
    s->start_next = 0;
    if (kit_rng_chance(r, s->wr_run_pm)) {
      i->part_we_i = 1;
      i->part_i = pick_part(s);
    }
    if (!s->run_left) s->dead_left = 1 + (unsigned)kit_rng_below(r, 20);
    return;
  }
  if (s->dead_left) {
    s->dead_left--;
    if (kit_rng_chance(r, 300)) {
      i->part_we_i = 1;
      i->part_i = pick_part(s);
    }
    return;
  }
  s->run_left = 20 + (unsigned)kit_rng_below(r, 1981);
  s->start_next = 1;
  control(s, i);
}

static void stim_step(waypart_stim_t *s, waypart_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (waypart_in_t){.rst_ni = 1};
  i->dbg_set_i = kit_rng_chance(r, 500) ? s->few[0] : kit_rng_below(r, (uint64_t)1 << s->setw);
  i->dbg_way_i = kit_rng_below(r, (uint64_t)1 << s->wayw);
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 300000)) {
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);
    i->part_we_i = kit_rng_below(r, 2);
    waypart_even(s->ways, s->k, s->part);
    s->run_left = s->dead_left = 0;
    return;
  }
  if (s->phase_left == 0) new_phase(s);
  s->phase_left--;
  control(s, i);
  for (unsigned j = 0; j < s->k; j++) i->ret_i |= kit_rng_below(r, (uint64_t)1 << s->retw) << (j * s->retw);
  i->wgt_i = s->wgt;
  i->tb_i = s->tb;
  if (kit_rng_chance(r, s->tbd_pm)) {
    i->tbd_valid_i = 1;
    i->tbd_k_i = kit_rng_chance(r, 10) ? kit_gen_beyond(r, s->k, s->kw) : kit_rng_below(r, s->k);
  }
  if (kit_rng_chance(r, s->idle_pm)) return;
  i->acc_valid_i = 1;
  i->acc_st_i = kit_rng_chance(r, s->st_pm);
  i->acc_byp_i = kit_rng_chance(r, s->byp_pm);
  i->acc_k_i = kit_rng_chance(r, 10) ? kit_gen_beyond(r, s->k, s->kw) : s->khot ? s->hotk : kit_rng_below(r, s->k);
  i->acc_set_i = phase_set(s);
  if (s->pool == 0) i->acc_tag_i = kit_gen_tag_any(r, s->tagmask);
  else if (s->cyclic) i->acc_tag_i = (s->tagbase + s->cursor++ % s->pool) & s->tagmask;
  else i->acc_tag_i = (s->tagbase + kit_rng_below(r, s->pool)) & s->tagmask;
}

KIT_STIM_DEFINE(waypart, waypart_stim_t, stim_init, stim_step, NULL);
