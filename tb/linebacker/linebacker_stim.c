/*
 * linebacker_stim.c - seeded constrained-random stimulus for the Linebacker
 * SM slice: a believable SM around LM + VTT + CTL.
 *
 * The composite is a protocol block on both sides (the queue head waits
 * for req_ready_o, completions name schedulable CTAs, drains and memory
 * reads are answered), so, like tb/ctl/ctl_stim.c, the generator runs a
 * *private instance of the composite model* and reacts to its outputs,
 * which are the outputs the DUT shows in the same cycle (the lockstep
 * checks that claim every cycle). Stimulus stays a pure function of the
 * seed.
 *
 * Traffic comes in episodes, each opened by a reset (a kernel launch):
 *  - configuration in the first cycle: #reg (the whole RF shared by the
 *    slots, or less), FRN = slot x #reg, a random BP; the initial launches
 *    follow, one slot per cycle;
 *  - loads of 2..8 PCs, each with its own L1 hit ratio (some episodes all
 *    below the LM threshold, so the LM disables itself): a hit goes to the
 *    hit port (retried or dropped when refused), a miss queues a VTT
 *    lookup and, mostly, the eviction of a line whose HPC is one of the
 *    PCs; stores queue probes. Sets and tags come from small pools so the
 *    VTT hits;
 *  - the SM queue (8 entries) offers its head, popped when taken;
 *  - retired instructions at a rate drawn anew at every window end (so
 *    Eq. 1 throttles, restores and holds);
 *  - completions of schedulable CTAs, launches after launch_new_o,
 *    drains answered after a delay, random readies on the RF and memory
 *    ports, memory reads returned in order.
 * With Illegal = 1 (a stimulus parameter, not in the RTL; one check-list
 * configuration) 1% of the queued requests carry the reserved op 3 and,
 * where SetW has room, 1% a set >= Sets: what doc/linebacker.md defines
 * for them and a directed file may not give (doc/harness.md "Inputs
 * outside the protocol"). With Illegal = 0 no draw is made for them.
 */
#include <string.h>

#include "cmodel/linebacker/linebacker.h"
#include "tb/stim/cta_env.h"
#include "tb/stim/gen.h"

#define LBS_Q 8u
#define LBS_MAXPC 8u

typedef struct lbs_req { unsigned op; uint32_t pc, hpc, set; uint64_t tag; } lbs_req_t;

typedef struct lb_stim {
  kit_rng_t rng;
  lb_model_t *m;            /* private model: its outputs are the DUT's */
  linebacker_out_t o;       /* outputs shown in the coming cycle */
  /* configuration */
  unsigned maxcta, hashw, sets, retmax, illegal;
  uint64_t setmax;          /* the largest set index req_set_i can carry */
  uint32_t rf;
  uint64_t tagmax;
  uint32_t winlen;
  /* episode */
  unsigned reset_left;
  uint64_t cyc, len;
  uint32_t nreg, bp0;
  unsigned nslots, launched;
  unsigned npc;
  uint32_t pc[LBS_MAXPC];
  unsigned hit_pm[LBS_MAXPC];
  unsigned load_pm, store_pm, evict_pm, retry_pm, offer_pm;
  unsigned nsets, ntags;
  unsigned ret_pm;
  /* the SM */
  lbs_req_t q[LBS_Q];
  unsigned qh, qn;
  int hit_pend;             /* a refused hit being retried: index of its PC */
  unsigned done_rate;
  uint64_t reset_odds;      /* 1 in reset_odds cycles starts a new episode */
  uint64_t done_per;        /* done_rate completions per done_per cycles */
  kit_cta_env_t env;        /* the CTL's launches, drain, RF and memory ports */
} lb_stim_t;

static void new_episode(lb_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  static const unsigned hit_pm[] = {0, 50, 150, 300, 500, 900};
  static const unsigned ready_pm[] = {1000, 1000, 900, 500};
  static const unsigned done_rate[] = {0, 30, 200};   /* per done_per cycles */
  static const unsigned drain[] = {0, 3, 30};
  static const unsigned lat[] = {1, 4, 20};
  s->reset_left = 1u + (unsigned)kit_rng_below(r, 2);
  s->cyc = 0;
  s->nslots = kit_rng_chance(r, 800) ? s->maxcta : 1u + (unsigned)kit_rng_below(r, s->maxcta);
  if (s->nslots > s->rf) s->nslots = s->rf;   /* as ctl_stim.c: every slot gets a register (RnW=4, MaxCta=32) */
  const uint32_t share = s->rf / s->nslots;
  s->nreg = kit_rng_chance(r, 400) ? share : 1u + (uint32_t)kit_rng_below(r, share);
  if (s->nreg > 64u && kit_rng_chance(r, 900)) s->nreg = 64u;      /* moves of a few 100 cycles */
  s->bp0 = (uint32_t)kit_rng_next(r) & ~(uint32_t)(CTL_LINE - 1u);
  s->launched = 0;
  s->npc = 2u + (unsigned)kit_rng_below(r, LBS_MAXPC - 1u);
  const int low = kit_rng_chance(r, 200);                  /* every load streaming */
  for (unsigned k = 0; k < s->npc; k++) {
    s->pc[k] = (uint32_t)kit_rng_next(r) & ~3u;
    s->hit_pm[k] = low ? (unsigned)kit_rng_below(r, 120) : kit_gen_pick(r, hit_pm, 6);
  }
  s->load_pm = kit_gen_pick(r, (const unsigned[]){100, 300, 600}, 3);
  s->store_pm = kit_gen_pick(r, (const unsigned[]){0, 10, 60}, 3);
  s->evict_pm = kit_gen_pick(r, (const unsigned[]){500, 900, 1000}, 3);
  s->retry_pm = kit_gen_pick(r, (const unsigned[]){0, 500, 1000}, 3);
  s->offer_pm = kit_rng_chance(r, 700) ? 1000u : 600u;
  s->nsets = 1u + (unsigned)kit_rng_below(r, s->sets < 4u ? s->sets : 4u);
  s->ntags = 2u + (unsigned)kit_rng_below(r, 14);
  if ((uint64_t)s->ntags > s->tagmax + 1u) s->ntags = (unsigned)(s->tagmax + 1u);
  s->ret_pm = 500;
  s->len = (uint64_t)s->winlen * (4u + kit_rng_below(r, 37));
  /* at most 400,000 cycles, or 24 windows when the windows are long (the
   * paper's 50,000 cycles: enough decisions for a throttle and a restore) */
  const uint64_t cap = (uint64_t)s->winlen * 24u > 400000u ? (uint64_t)s->winlen * 24u : 400000u;
  if (s->len > cap) s->len = cap;
  s->qh = s->qn = 0;
  s->hit_pend = -1;
  s->done_rate = kit_gen_pick(r, done_rate, 3);
  kit_cta_env_clear(&s->env);
  s->env.drain_max = kit_gen_pick(r, drain, 3);
  s->env.rd_pm = kit_gen_pick(r, ready_pm, 4);
  s->env.wr_pm = kit_gen_pick(r, ready_pm, 4);
  s->env.mem_pm = kit_gen_pick(r, ready_pm, 4);
  s->env.rv_pm = kit_gen_pick(r, (const unsigned[]){1000, 500}, 2);
  s->env.latmax = kit_gen_pick(r, lat, 3);
}

static int stim_init(lb_stim_t *s, const long *P)
{
  s->m = lb_new(P);
  if (!s->m) return -1;
  s->maxcta = (unsigned)P[linebacker_P_MaxCta];
  s->hashw = lm_log2u((unsigned)P[linebacker_P_Entries]);
  s->sets = (unsigned)P[linebacker_P_Sets];
  s->illegal = (unsigned)P[linebacker_P_Illegal];
  s->setmax = kit_mask(kit_clog2(s->sets));
  s->retmax = (unsigned)kit_mask((unsigned)P[linebacker_P_RetW]);
  s->rf = 1u << P[linebacker_P_RnW];
  s->tagmax = kit_mask((unsigned)P[linebacker_P_TagW]);
  s->winlen = (uint32_t)P[linebacker_P_WinLen];
  /* a kernel launch out of the blue: 1 in 300,000 cycles, or in 150 windows */
  s->reset_odds = s->winlen > 2000u ? (uint64_t)s->winlen * 150u : 300000u;
  /* completions per 100,000 cycles, or per 50 windows: with the paper's
   * 50,000-cycle windows a few per window, so a CTA that Eq. 1 throttled is
   * still backed up at the next window end (not restored by completions
   * first) and Eq. 1's restores happen (doc/linebacker.md "Stimulus") */
  s->done_per = s->winlen > 2000u ? (uint64_t)s->winlen * 50u : 100000u;
  s->o = s->m->out;
  new_episode(s);
  return 0;
}

static void stim_fini(lb_stim_t *s) { lb_free(s->m); }

static void push(lb_stim_t *s, unsigned op, uint32_t pc, uint32_t hpc)
{
  kit_rng_t *r = &s->rng;
  if (s->qn == LBS_Q) return;                      /* the SM's queue is full: dropped */
  lbs_req_t *e = &s->q[(s->qh + s->qn) % LBS_Q];
  e->op = op;
  e->pc = pc;
  e->hpc = hpc;
  e->set = (uint32_t)kit_rng_below(r, s->nsets);
  e->tag = kit_rng_below(r, s->ntags);
  if (s->illegal && kit_rng_chance(r, 10)) e->op = 3;                       /* reserved */
  if (s->illegal && s->setmax >= s->sets && kit_rng_chance(r, 10))
    e->set = s->sets + (uint32_t)kit_rng_below(r, s->setmax - s->sets + 1u);  /* no such set */
  s->qn++;
}

static void stim_step(lb_stim_t *s, linebacker_in_t *i)
{
  kit_rng_t *r = &s->rng;
  const linebacker_out_t *o = &s->o;

  memset(i, 0, sizeof *i);
  i->rst_ni = 1;
  i->cfg_nreg_i = 1;
  i->rf_rd_ready_i = i->rf_wr_ready_i = i->mem_ready_i = 1;
  if (s->reset_left == 0 && (s->cyc >= s->len || kit_rng_below(r, s->reset_odds) == 0)) new_episode(s);
  if (s->reset_left) {                              /* a kernel launch */
    s->reset_left--;
    i->rst_ni = 0;
    i->hit_valid_i = kit_rng_below(r, 2);           /* don't-care: noise */
    i->req_valid_i = kit_rng_below(r, 2);
    lb_step(s->m, i, &s->o);
    return;
  }
  kit_cta_config(s->cyc, s->nreg, s->bp0, &i->cfg_ld_i, &i->cfg_nreg_i, &i->cfg_bp_i);
  /* retired instructions: a rate per window */
  if (o->win_end_o) s->ret_pm = (unsigned)kit_rng_below(r, 1001);
  i->ret_cnt_i = kit_rng_chance(r, s->ret_pm) ? s->retmax : (unsigned)kit_rng_below(r, s->retmax / 2u + 1u);
  /* loads: a refused hit is retried or dropped */
  int hitk = -1;
  if (s->hit_pend >= 0) { hitk = s->hit_pend; s->hit_pend = -1; }
  else if (kit_rng_chance(r, s->load_pm)) {
    const unsigned k = (unsigned)kit_rng_below(r, s->npc);
    if (kit_rng_chance(r, s->hit_pm[k])) hitk = (int)k;
    else {
      push(s, VTT_OP_LOOKUP, s->pc[k], 0);
      if (kit_rng_chance(r, s->evict_pm))
        push(s, VTT_OP_INSERT, 0, lm_hash(s->pc[kit_rng_below(r, s->npc)], s->hashw));
    }
  }
  if (hitk >= 0) {
    i->hit_valid_i = 1;
    i->hit_pc_i = s->pc[hitk];
    if (!o->hit_ready_o && kit_rng_chance(r, s->retry_pm)) s->hit_pend = hitk;
  }
  if (kit_rng_chance(r, s->store_pm)) push(s, VTT_OP_PROBE, 0, 0);
  /* the queue head */
  if (s->qn && kit_rng_chance(r, s->offer_pm)) {
    const lbs_req_t *e = &s->q[s->qh];
    i->req_valid_i = 1;
    i->req_op_i = e->op;
    i->req_pc_i = e->pc;
    i->req_hpc_i = e->hpc;
    i->req_set_i = e->set;
    i->req_tag_i = e->tag;
    if (o->req_ready_o) { s->qh = (s->qh + 1u) % LBS_Q; s->qn--; }
  }
  /* launches: the initial ones, then after launch_new_o */
  const uint32_t freeslots = ~s->m->ctl->v & (uint32_t)kit_mask(s->nslots);
  const int slot = freeslots ? __builtin_ctz(freeslots) : -1;
  i->launch_valid_i = kit_cta_launch(&s->env, r, slot, &s->launched, s->nslots, 700);
  if (i->launch_valid_i) {
    i->launch_id_i = (unsigned)slot;
    i->launch_frn_i = ((uint32_t)slot * s->nreg) & (s->rf - 1u);
  }
  /* completions of schedulable CTAs */
  if (o->sched_mask_o && kit_rng_below(r, s->done_per) < s->done_rate) {
    i->done_valid_i = 1;
    i->done_id_i = kit_rng_bit(r, o->sched_mask_o);
  }
  kit_cta_drain(&s->env, r, o->mv_state_o, &i->drained_i);
  kit_cta_memory(&s->env, r, s->cyc, o->mem_valid_o, o->mem_we_o, &i->rf_rd_ready_i, &i->rf_wr_ready_i,
                 &i->mem_ready_i, &i->mem_rvalid_i);
  i->dbg_cta_i = kit_rng_below(r, (uint64_t)1 << kit_clog2(s->maxcta));

  lb_step(s->m, i, &s->o);
  kit_cta_after(&s->env, r, s->o.launch_new_o, 900);
  s->cyc++;
}

KIT_STIM_DEFINE(linebacker, lb_stim_t, stim_init, stim_step, stim_fini);
