/*
 * victim_bits_stim.c - seeded constrained-random stimulus for the CBWT
 * victim-bit sampler.
 *
 * Uniform events over 512 sets would hit a sampler set 1 time in 64, almost
 * never repeat a (line, L1) pair, never saturate a counter and never land a
 * period exactly on the threshold. The generator therefore mirrors the
 * block's period counter (it knows every reset it drives) and picks, at the
 * start of each period, what that period is:
 *  - mixed (45%): sub-phases of 16..4096 cycles, each with its own shape: a
 *    share of sampler sets (0..100%), a small pool of sampler lines and of
 *    L1s (so bits are found set, i.e. lost locality), a kind mix (HIT,
 *    FILL, EVICT, WRITE), 0..50% idle cycles, and 1% out-of-range set / way
 *    / L1 values (only reachable when Sets, Ways or L1s is not a power of
 *    two);
 *  - controlled (35%): the period carries exactly A sampled accesses of
 *    which exactly L are lost locality, with L chosen so that the period
 *    ends exactly at the threshold (A a multiple of ThrDen, L = A * ThrNum /
 *    ThrDen) or one LLS below it (L = ceil(A * ThrNum / ThrDen) - 1): one
 *    EVICT, one FILL, L HITs from the same L1, A-1-L FILLs, then idle;
 *  - flood (12%): a HIT on a sampler line every cycle from one or two L1s,
 *    which saturates both counters when 2^AccW - 1 < Period;
 *  - idle (8%): no event (a period with no access).
 * With PeriodAcc = 1 the period is counted in L2 requests, so the mirror
 * advances on the requests the generator drives, and the idle stretches of
 * controlled and idle periods become HITs on a set that is not a sampler
 * (a request that no counter sees), so that such a period still ends;
 * without such a set, those periods are mixed ones.
 * The debug address follows the last event's line half of the time and is
 * random otherwise. The first two cycles are reset, plus a rare reset
 * mid-run. Same seed, same stream (kit_rng only).
 */
#include "cmodel/victim_bits/victim_bits.h"
#include "tb/stim/gen.h"

enum { M_MIXED, M_CONTROLLED, M_FLOOD, M_IDLE };

typedef struct vb_stim {
  kit_rng_t rng;
  unsigned l1s, sets, ways, shift, offset, n, setw, wayw, l1w, slotw;
  uint64_t period, acc_max, lls_max;
  unsigned num, den;
  uint64_t cycle, cyc;          /* cycles driven; mirror of the period counter */
  unsigned acc_unit;            /* PeriodAcc: the period counts requests */
  int has_filler;               /* a set index (in range or not) that is no sampler */
  uint64_t filler_set;          /* ... that one: a request no counter sees */
  int fresh;                    /* the next cycle starts a period */
  unsigned reset_left;
  unsigned mode;
  /* mixed sub-phase shape */
  unsigned sub_left, samp_pm, idle_pm, kind_pm[4], nlines, nl1;
  uint64_t line_set[8], line_way[8], l1pool[4];
  /* controlled period script */
  uint64_t c_set, c_way, c_l1, c_acc, c_lls, c_step;
  uint64_t last_dbg;
} vb_stim_t;

static uint64_t sampler_set(vb_stim_t *s)
{
  uint64_t slot = kit_rng_below(&s->rng, s->n);
  unsigned pick = (unsigned)kit_rng_below(&s->rng, 8);
  if (pick == 0) slot = 0;
  if (pick == 1) slot = s->n - 1;
  return (slot << s->shift) | s->offset;
}

static uint64_t any_set(vb_stim_t *s)
{
  return kit_rng_below(&s->rng, s->sets);
}

static void new_sub(vb_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->sub_left = 16 + (unsigned)kit_rng_below(r, 4081);
  unsigned t = (unsigned)kit_rng_below(r, 4);
  s->samp_pm = t == 0 ? 1000 : t == 1 ? 0 : (unsigned)kit_rng_below(r, 1001);
  s->idle_pm = kit_rng_chance(r, 300) ? 0 : (unsigned)kit_rng_below(r, 501);
  /* kind mix: HIT, FILL, EVICT, WRITE weights */
  s->kind_pm[0] = 200 + (unsigned)kit_rng_below(r, 700);
  s->kind_pm[1] = (unsigned)kit_rng_below(r, 300);
  s->kind_pm[2] = (unsigned)kit_rng_below(r, 200);
  s->kind_pm[3] = (unsigned)kit_rng_below(r, 150);
  s->nlines = 1 + (unsigned)kit_rng_below(r, 8);
  for (unsigned i = 0; i < s->nlines; i++) {
    s->line_set[i] = sampler_set(s);
    s->line_way[i] = kit_rng_below(r, s->ways);
    if (kit_rng_chance(r, 200)) s->line_way[i] = s->ways - 1;
  }
  s->nl1 = 1 + (unsigned)kit_rng_below(r, 4);
  for (unsigned i = 0; i < s->nl1; i++) s->l1pool[i] = kit_rng_below(r, s->l1s);
}

/* Pick this period's mode (and a controlled period's script). */
static void new_period(vb_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  unsigned x = (unsigned)kit_rng_below(r, 100);
  s->mode = x < 45 ? M_MIXED : x < 80 ? M_CONTROLLED : x < 92 ? M_FLOOD : M_IDLE;
  if (s->acc_unit && !s->has_filler && (s->mode == M_CONTROLLED || s->mode == M_IDLE)) s->mode = M_MIXED;
  s->sub_left = 0;
  if (s->mode == M_FLOOD) {
    s->nl1 = 1 + (unsigned)kit_rng_below(r, 2);
    for (unsigned i = 0; i < s->nl1; i++) s->l1pool[i] = kit_rng_below(r, s->l1s);
    s->c_set = sampler_set(s);
    s->c_way = kit_rng_below(r, s->ways);
  }
  if (s->mode == M_CONTROLLED) {
    /* A accesses in cycles 1..A, so A <= Period - 1; no saturation. */
    uint64_t lim = s->period > 2 ? s->period - 1 : 0;
    if (lim > s->lls_max) lim = s->lls_max; /* lls_max <= acc_max */
    if (lim > 1024) lim = 1024;
    int exact = kit_rng_chance(r, 500);
    uint64_t a = 0, l = 0;
    if (exact && lim >= s->den) {
      a = s->den * (1 + kit_rng_below(r, lim / s->den));
      l = a / s->den * s->num;
    } else if (lim >= 1) {
      a = 1 + kit_rng_below(r, lim);
      l = (a * s->num + s->den - 1) / s->den; /* ceil: the minimum that flags */
      l = l ? l - 1 : 0;                      /* one below */
    }
    if (a == 0 || l > a - 1) { s->mode = M_MIXED; return; }
    s->c_acc = a;
    s->c_lls = l;
    s->c_set = sampler_set(s);
    s->c_way = kit_rng_below(r, s->ways);
    s->c_l1 = kit_rng_below(r, s->l1s);
    s->c_step = 0;
  }
}

static int stim_init(vb_stim_t *s, const long *P)
{
  s->l1s = (unsigned)P[victim_bits_P_L1s];
  s->sets = (unsigned)P[victim_bits_P_Sets];
  s->ways = (unsigned)P[victim_bits_P_Ways];
  s->shift = (unsigned)P[victim_bits_P_SampleShift];
  s->offset = (unsigned)P[victim_bits_P_SampleOffset];
  s->n = VB_N(P);
  s->setw = VB_SETW(P);
  s->wayw = VB_WAYW(P);
  s->l1w = VB_L1W(P);
  s->slotw = VB_SLOTW(P);
  s->period = (uint64_t)P[victim_bits_P_Period];
  s->acc_max = kit_mask((unsigned)P[victim_bits_P_AccW]);
  s->lls_max = kit_mask((unsigned)P[victim_bits_P_LlsW]);
  s->num = (unsigned)P[victim_bits_P_ThrNum];
  s->den = (unsigned)P[victim_bits_P_ThrDen];
  s->reset_left = 2;
  s->fresh = 1;
  s->acc_unit = (unsigned)P[victim_bits_P_PeriodAcc];
  for (uint64_t x = 0; x < ((uint64_t)1 << s->setw) && !s->has_filler; x++)
    if (!victim_bits_is_sampler(s->shift, s->offset, s->sets, x)) { s->has_filler = 1; s->filler_set = x; }
  return 0;
}

static void mixed_event(vb_stim_t *s, victim_bits_in_t *i)
{
  kit_rng_t *r = &s->rng;
  if (s->sub_left == 0) new_sub(s);
  s->sub_left--;
  if (kit_rng_chance(r, s->idle_pm)) return;
  i->ev_valid_i = 1;
  unsigned tot = s->kind_pm[0] + s->kind_pm[1] + s->kind_pm[2] + s->kind_pm[3];
  unsigned k = (unsigned)kit_rng_below(r, tot), kind = 0;
  while (k >= s->kind_pm[kind]) k -= s->kind_pm[kind++];
  i->ev_kind_i = kind;
  if (kit_rng_chance(r, s->samp_pm)) {
    unsigned li = (unsigned)kit_rng_below(r, s->nlines);
    i->ev_set_i = s->line_set[li];
    i->ev_way_i = s->line_way[li];
  } else {
    i->ev_set_i = any_set(s);
    i->ev_way_i = kit_rng_below(r, s->ways);
  }
  i->ev_l1_i = kit_rng_chance(r, 800) ? s->l1pool[kit_rng_below(r, s->nl1)] : kit_rng_below(r, s->l1s);
  if (kit_rng_chance(r, 10)) {
    unsigned which = (unsigned)kit_rng_below(r, 3);
    if (which == 0) i->ev_set_i = kit_gen_beyond(r, s->sets, s->setw);
    if (which == 1) i->ev_way_i = kit_gen_beyond(r, s->ways, s->wayw);
    if (which == 2) i->ev_l1_i = kit_gen_beyond(r, s->l1s, s->l1w);
  }
  if (kind == VB_EVICT && kit_rng_chance(r, 500)) i->ev_l1_i = kit_rng_next(r) & kit_mask(s->l1w);
}

/* A HIT that ticks a request-counted period and nothing else. */
static void filler(const vb_stim_t *s, victim_bits_in_t *i)
{
  i->ev_valid_i = 1;
  i->ev_kind_i = VB_HIT;
  i->ev_set_i = s->filler_set;
}

static void controlled_event(vb_stim_t *s, victim_bits_in_t *i)
{
  uint64_t st = s->c_step++;
  if (st > s->c_acc) {       /* idle to the period end (requests: fillers) */
    if (s->acc_unit) filler(s, i);
    return;
  }
  i->ev_valid_i = 1;
  i->ev_set_i = s->c_set;
  i->ev_way_i = s->c_way;
  i->ev_l1_i = s->c_l1;
  if (st == 0) i->ev_kind_i = VB_EVICT;
  else if (st == 1) i->ev_kind_i = VB_FILL;
  else if (st <= 1 + s->c_lls) i->ev_kind_i = VB_HIT;  /* bit set: lost */
  else i->ev_kind_i = VB_FILL;                          /* access, no LLS */
}

static void stim_step(vb_stim_t *s, victim_bits_in_t *i)
{
  kit_rng_t *r = &s->rng;
  *i = (victim_bits_in_t){.rst_ni = 1};
  if (kit_gen_reset(r, &s->cycle, &s->reset_left, 300000)) {
    i->rst_ni = 0;
    i->ev_valid_i = kit_rng_below(r, 2);
    i->ev_set_i = any_set(s);
    s->cyc = 0;
    s->fresh = 1;
    s->mode = M_IDLE;
    s->c_step = 0;
    return;
  }
  if (s->fresh) new_period(s);
  s->fresh = 0;
  switch (s->mode) {
  case M_MIXED: mixed_event(s, i); break;
  case M_CONTROLLED: controlled_event(s, i); break;
  case M_FLOOD:
    i->ev_valid_i = 1;
    i->ev_kind_i = VB_HIT;
    i->ev_set_i = s->c_set;
    i->ev_way_i = s->c_way;
    i->ev_l1_i = s->l1pool[kit_rng_below(r, s->nl1)];
    break;
  default:
    if (s->acc_unit) filler(s, i);
    break;
  }
  if (!s->acc_unit || (i->ev_valid_i && i->ev_kind_i != VB_EVICT)) {
    s->cyc = s->cyc + 1 == s->period ? 0 : s->cyc + 1;
    s->fresh = s->cyc == 0;
  }
  /* debug read: the last event's line, or anywhere */
  if (i->ev_valid_i && kit_rng_chance(r, 500) && i->ev_set_i < s->sets && i->ev_way_i < s->ways)
    s->last_dbg = ((i->ev_set_i >> s->shift) << s->wayw) | i->ev_way_i;
  else if (kit_rng_chance(r, 300))
    s->last_dbg = kit_rng_next(r) & kit_mask(s->slotw + s->wayw);
  i->dbg_addr_i = s->last_dbg & kit_mask(s->slotw + s->wayw);
}

KIT_STIM_DEFINE(victim_bits, vb_stim_t, stim_init, stim_step, NULL);
