/*
 * cbwt_l1_stim.c - seeded constrained-random stimulus for the CBWT
 * sampler-core slice: a believable sampler core, NoC and L2 around
 * pdp_cache + pdp + noc_sampler + maw_ctl + victim_bits.
 *
 * The NoC side is a protocol (a stop names a packet the sampler marked,
 * some cycles after its injection), so, like tb/linebacker/linebacker_stim.c,
 * the generator runs a *private instance of the composite model* and
 * reacts to its outputs, which are the outputs the DUT shows in the same
 * cycle. Stimulus stays a pure function of the seed.
 *
 * Traffic comes in episodes of 2 to 12 periods, each opened by a reset (a
 * kernel launch):
 *  - sampler-L1 accesses at a rate drawn per episode, reads and 0..20%
 *    writes, sets and tags from a working set of half the cache to four
 *    times it, drawn per episode (small:
 *    hits; large: misses and, once protected, bypasses); fills of
 *    allocated lines a few cycles after their miss (with Resv), sometimes
 *    late or never;
 *  - NoC packets at a rate drawn per episode; every marked packet is
 *    stopped after a latency drawn from a band redrawn at every period end
 *    (below TL, between, above TH, beyond LatMax: a timeout, one value,
 *    the same again or the one before, so that means repeat and the search
 *    rolls back and stops), one stop
 *    per cycle; now and then a stale stop (an id not in flight);
 *  - L2 events in a regime redrawn at every victim_bits period end:
 *    re-requests of lines that are still cached (lost locality:
 *    contention) or fills and evictions (none); a few events out of range
 *    where the geometry leaves room, as victim_bits' own generator does.
 */
#include <string.h>

#include "cmodel/cbwt_l1/cbwt_l1.h"
#include "tb/stim/gen.h"

#define CBS_PKT 32u    /* marked packets in flight the generator tracks */
#define CBS_FILL 16u   /* allocated lines awaiting their fill */

typedef struct cbs_pkt { uint64_t due; unsigned id; } cbs_pkt_t;
typedef struct cbs_fill { uint64_t due; unsigned set, way; } cbs_fill_t;

typedef struct cbwt_l1_stim {
  kit_rng_t rng;
  cb_model_t *m;              /* private model: its outputs are the DUT's */
  cbwt_l1_out_t o;            /* outputs shown in the coming cycle */
  /* configuration */
  unsigned sets, ways, latw, tl, th, idw, l2sets, l2ways, l1s, l2setw, l2wayw, l1w;
  uint64_t tagmask, period;
  /* episode */
  unsigned reset_left;
  uint64_t cyc, len;
  unsigned acc_pm, wr_pm, ws, inj_pm, stale_pm, ev_pm, l2_lost_pm, fill_late_pm;
  uint64_t tag_base;
  unsigned lat_lo, lat_hi;    /* the current latency band */
  unsigned lat_lo1, lat_hi1;  /* the band before */
  /* the previous cycle's access (for the fill of its allocation) */
  unsigned last_rd, last_set;
  cbs_pkt_t pkt[CBS_PKT];
  unsigned npkt;
  cbs_fill_t fill[CBS_FILL];
  unsigned nfill;
} cbwt_l1_stim_t;

/* A latency band for the coming period: the same again, the one before,
 * below TL, in range, above TH, at LatMax and beyond (timeouts), or one
 * latency. */
static void new_band(cbwt_l1_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  const unsigned latmax = (1u << s->latw) - 1u;
  const unsigned lo2 = s->lat_lo1, hi2 = s->lat_hi1;
  s->lat_lo1 = s->lat_lo;
  s->lat_hi1 = s->lat_hi;
  switch (kit_rng_below(r, 14)) {
  case 10: case 11:                             /* the same band again */
    break;
  case 12: case 13:                             /* back to the band before: an oscillation (the search's rollback and stop) */
    s->lat_lo = lo2;
    s->lat_hi = hi2;
    break;
  case 0: case 1: case 2:
    s->lat_lo = 1;
    s->lat_hi = s->tl > 1 ? s->tl - 1u : 1u;
    break;
  case 3: case 4:
    s->lat_lo = s->tl ? s->tl : 1u;
    s->lat_hi = s->th > s->lat_lo ? s->th : s->lat_lo;
    break;
  case 5: case 6:
    s->lat_lo = s->th + 1u < latmax ? s->th + 1u : latmax;
    s->lat_hi = latmax;
    break;
  case 7:
    s->lat_lo = latmax - 1u;
    s->lat_hi = latmax + 8u;    /* beyond LatMax: never stopped in time */
    break;
  default:                      /* one latency: means repeat exactly (the search's stop) */
    s->lat_lo = s->lat_hi = 1u + (unsigned)kit_rng_below(r, s->th + 2u < latmax ? s->th + 2u : latmax);
    break;
  }
}

static void new_episode(cbwt_l1_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->reset_left = 1u + (unsigned)kit_rng_below(r, 2);
  s->cyc = 0;
  s->acc_pm = kit_gen_pick(r, (const unsigned[]){300, 700, 1000}, 3);
  /* 2 to 12 periods of reads */
  s->len = (s->period << 1) * (1u + kit_rng_below(r, 6)) * 1000u / s->acc_pm;
  s->wr_pm = kit_gen_pick(r, (const unsigned[]){0, 50, 200}, 3);
  /* the working set: half the cache to four times it (hits; misses, then
   * protected lines and bypasses) */
  s->ws = (unsigned)kit_gen_pick(r, (const unsigned[]){1, 2, 3, 4, 8}, 5) * s->sets * s->ways / 2u;
  if (s->ws == 0) s->ws = 1;
  s->tag_base = kit_gen_tag_base(r, s->tagmask, (uint64_t)s->ws * 2u);
  s->inj_pm = kit_gen_pick(r, (const unsigned[]){50, 300, 800}, 3);
  s->stale_pm = kit_gen_pick(r, (const unsigned[]){0, 2}, 2);
  s->ev_pm = kit_gen_pick(r, (const unsigned[]){100, 500, 900}, 3);
  s->l2_lost_pm = kit_gen_pick(r, (const unsigned[]){0, 300, 800}, 3);
  s->fill_late_pm = kit_gen_pick(r, (const unsigned[]){0, 100}, 2);
  s->npkt = s->nfill = 0;
  s->last_rd = 0;
  s->lat_lo = s->lat_hi = s->lat_lo1 = s->lat_hi1 = 1;
  new_band(s);
}

static int stim_init(cbwt_l1_stim_t *s, const long *P)
{
  s->m = cb_new(P);
  if (!s->m) return -1;
  s->sets = (unsigned)P[cbwt_l1_P_Sets];
  s->ways = (unsigned)P[cbwt_l1_P_Ways];
  s->latw = (unsigned)P[cbwt_l1_P_LatW];
  s->tl = (unsigned)P[cbwt_l1_P_TL];
  s->th = (unsigned)P[cbwt_l1_P_TH];
  s->idw = CB_IDW(P);
  s->l2sets = (unsigned)P[cbwt_l1_P_L2Sets];
  s->l2ways = (unsigned)P[cbwt_l1_P_L2Ways];
  s->l1s = (unsigned)P[cbwt_l1_P_L1s];
  s->l2setw = CB_L2SETW(P);
  s->l2wayw = CB_L2WAYW(P);
  s->l1w = CB_L1W(P);
  s->tagmask = kit_mask((unsigned)P[cbwt_l1_P_TagW]);
  s->period = (uint64_t)1 << P[cbwt_l1_P_PeriodLog];
  s->o = s->m->out;
  new_episode(s);
  return 0;
}

static void stim_fini(cbwt_l1_stim_t *s) { cb_free(s->m); }

/* The L2 event of this cycle: mostly on the sampler sets' first lines. */
static void l2_event(cbwt_l1_stim_t *s, cbwt_l1_in_t *i)
{
  kit_rng_t *r = &s->rng;
  if (!kit_rng_chance(r, s->ev_pm)) return;
  i->ev_valid_i = 1;
  const unsigned k = (unsigned)kit_rng_below(r, 1000);
  i->ev_kind_i = k < s->l2_lost_pm ? VB_HIT : kit_gen_pick(r, (const unsigned[]){VB_FILL, VB_EVICT, VB_WRITE, VB_HIT}, 4);
  i->ev_set_i = kit_rng_below(r, s->l2sets < 4u ? s->l2sets : 4u);
  i->ev_way_i = kit_rng_below(r, s->l2ways < 2u ? s->l2ways : 2u);
  i->ev_l1_i = kit_rng_below(r, s->l1s < 2u ? s->l1s : 2u);
  if (kit_rng_chance(r, 5)) {            /* anywhere, out of range where there is room */
    i->ev_set_i = kit_gen_beyond(r, s->l2sets, s->l2setw);
    i->ev_way_i = kit_gen_beyond(r, s->l2ways, s->l2wayw);
    i->ev_l1_i = kit_rng_below(r, (uint64_t)1 << s->l1w);
  }
}

static void stim_step(cbwt_l1_stim_t *s, cbwt_l1_in_t *i)
{
  kit_rng_t *r = &s->rng;
  const cbwt_l1_out_t *o = &s->o;

  memset(i, 0, sizeof *i);
  i->rst_ni = 1;
  if (s->reset_left == 0 && s->cyc >= s->len) new_episode(s);
  if (s->reset_left) {                              /* a kernel launch */
    s->reset_left--;
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);           /* don't-care: noise */
    i->inj_valid_i = kit_rng_below(r, 2);
    cb_step(s->m, i, &s->o);
    return;
  }
  if (o->per_end_o) new_band(s);
  if (o->vb_done_o) s->l2_lost_pm = kit_gen_pick(r, (const unsigned[]){0, 300, 800}, 3);

  /* fills: the allocation of last cycle's read, then the oldest due one */
  if (s->last_rd && o->rsp_valid_o && !o->rsp_wr_o && o->rsp_kind_o == PDPC_MISS && s->nfill < CBS_FILL &&
      !kit_rng_chance(r, s->fill_late_pm)) {
    cbs_fill_t *f = &s->fill[s->nfill++];
    f->due = s->cyc + 2u + kit_rng_below(r, 30);
    f->set = s->last_set;
    f->way = (unsigned)o->rsp_way_o;
  }
  if (s->nfill && s->fill[0].due <= s->cyc) {
    i->fill_valid_i = 1;
    i->fill_set_i = s->fill[0].set;
    i->fill_way_i = s->fill[0].way;
    memmove(&s->fill[0], &s->fill[1], --s->nfill * sizeof s->fill[0]);
  }

  /* sampler-L1 accesses */
  s->last_rd = 0;
  if (kit_rng_chance(r, s->acc_pm)) {
    const unsigned w = (unsigned)kit_rng_below(r, s->ws);
    i->acc_valid_i = 1;
    i->acc_wr_i = kit_rng_chance(r, s->wr_pm);
    i->acc_set_i = w % s->sets;
    i->acc_tag_i = (s->tag_base + w / s->sets + kit_rng_below(r, 2)) & s->tagmask;
    s->last_rd = !i->acc_wr_i;
    s->last_set = (unsigned)i->acc_set_i;
  }
  i->dbg_set_i = kit_rng_below(r, s->sets);
  i->dbg_way_i = kit_rng_below(r, (uint64_t)1 << kit_clog2(s->ways));

  /* NoC: injections, marked packets stopped after the band's latency */
  if (kit_rng_chance(r, s->inj_pm)) {
    i->inj_valid_i = 1;
    if (o->mark_o && s->npkt < CBS_PKT) {
      cbs_pkt_t *p = &s->pkt[s->npkt++];
      p->due = s->cyc + s->lat_lo + kit_rng_below(r, s->lat_hi - s->lat_lo + 1u);
      p->id = (unsigned)o->mark_id_o;
    }
  }
  unsigned k, best = CBS_PKT;
  for (k = 0; k < s->npkt; k++)
    if (s->pkt[k].due <= s->cyc && (best == CBS_PKT || s->pkt[k].due < s->pkt[best].due)) best = k;
  if (best < CBS_PKT) {
    i->ret_valid_i = 1;
    i->ret_id_i = s->pkt[best].id;
    s->pkt[best] = s->pkt[--s->npkt];
  } else if (kit_rng_chance(r, s->stale_pm)) {
    i->ret_valid_i = 1;
    i->ret_id_i = kit_rng_below(r, (uint64_t)1 << s->idw);
  }
  l2_event(s, i);

  cb_step(s->m, i, &s->o);
  s->cyc++;
}

KIT_STIM_DEFINE(cbwt_l1, cbwt_l1_stim_t, stim_init, stim_step, stim_fini);
