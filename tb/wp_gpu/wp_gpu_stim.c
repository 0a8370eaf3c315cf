/*
 * wp_gpu_stim.c - seeded constrained-random stimulus for wp_gpu: a GPU of
 * NumSm SMs running K kernels around wpctl + NumSm x (tbbyp + waypart).
 *
 * The generator is open-loop (no private model): what the scheme needs
 * from its environment is thread blocks that finish, so that every SM
 * reaches its quotas and periods end, and traffic that differs between
 * SMs, so that the comparison has winners of both kinds. A dispatcher
 * keeps each SM's slots (resident kernel or free): each cycle it may
 * retire one resident thread block of one SM and issue one into a free
 * slot, often of the same SM (a retire then an issue is a tbbyp decision).
 *
 * Traffic comes in episodes opened by a reset (a kernel launch), each with
 * its own draws: quotas Tb_k 1..3 (now and then 0: a kernel not counted),
 * weights, warps per kernel, the load-class table (kit classify's
 * output), the access rate, store share and working set, the stall and
 * retired-instruction rates per SM (so SMs' IPCs differ), and one episode
 * in five runs the static scheme (static_i = 1 with a partition, one in
 * four of them summing above Ways: ignored). Inputs outside the protocol
 * are driven on purpose at small rates (doc/wp_gpu.md "Ports"): SM
 * indices >= NumSm where SmW leaves room, kernels >= K, sets >= Sets,
 * loads beyond the table, class-table entries of 3 (reserved), issue and
 * retire kernels and slots out of range.
 */
#include <string.h>

#include "cmodel/wp_gpu/wp_gpu.h"
#include "tb/stim/gen.h"

typedef struct wp_gpu_stim {
  kit_rng_t rng;
  /* configuration */
  unsigned n, k, sets, ways, maxtb, numld, ldw, smw, kw, slotw, setw, wayw, retw, wgtw, tbw, warpw, cw;
  uint64_t tagmask;
  /* episode */
  unsigned reset_left;
  uint64_t cyc, len;
  unsigned acc_pm, st_pm, ws, ret_pm, stall_pm[WG_MAX_SM], ins_hi[WG_MAX_SM];
  uint64_t tag_base, tb, wgt, warps, cls, cfg_part;
  unsigned stat;
  unsigned slot[WG_MAX_SM][16];    /* 0 free, else resident kernel + 1 */
} wp_gpu_stim_t;

static void new_episode(wp_gpu_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->reset_left = 1u + (unsigned)kit_rng_below(r, 2);
  s->cyc = 0;
  s->len = 500u + kit_rng_below(r, 4000);
  s->acc_pm = kit_gen_pick(r, (const unsigned[]){200, 600, 1000}, 3);
  s->st_pm = kit_gen_pick(r, (const unsigned[]){0, 50, 200}, 3);
  s->ws = (unsigned)kit_gen_pick(r, (const unsigned[]){1, 2, 4}, 3) * s->sets * s->ways;
  s->tag_base = kit_gen_tag_base(r, s->tagmask, (uint64_t)s->ws * 2u);
  s->ret_pm = kit_gen_pick(r, (const unsigned[]){100, 300, 700}, 3);
  s->tb = s->wgt = s->warps = s->cls = 0;
  const unsigned tbmax = s->tbw >= 2 ? 3u : 1u;
  for (unsigned j = 0; j < s->k; j++) {
    const uint64_t q = kit_rng_chance(r, 80) ? 0 : 1u + kit_rng_below(r, tbmax);
    s->tb |= q << (j * s->tbw);
    s->wgt |= (kit_rng_chance(r, 100) ? kit_mask(s->wgtw) : kit_rng_below(r, (uint64_t)1 << s->wgtw)) << (j * s->wgtw);
    s->warps |= kit_rng_below(r, (uint64_t)1 << s->warpw) << (j * s->warpw);
  }
  for (unsigned j = 0; j < s->numld; j++)          /* 3 (reserved, as 1) now and then */
    s->cls |= (uint64_t)(kit_rng_chance(r, 50) ? 3u : kit_gen_pick(r, (const unsigned[]){0, 0, 1, 2}, 4)) << (2u * j);
  for (unsigned i = 0; i < s->n; i++) {
    s->stall_pm[i] = kit_gen_pick(r, (const unsigned[]){0, 100, 500}, 3);
    s->ins_hi[i] = 1u + (unsigned)kit_rng_below(r, (uint64_t)1 << s->retw);
  }
  s->stat = kit_rng_chance(r, 200);
  s->cfg_part = 0;
  if (s->stat) {
    unsigned left = s->ways + (kit_rng_chance(r, 250) ? 1u : 0u);
    for (unsigned j = 0; j < s->k; j++) {
      const unsigned c = j + 1 == s->k ? left : (unsigned)kit_rng_below(r, left + 1u);
      s->cfg_part |= (uint64_t)(c & kit_mask(s->cw)) << (j * s->cw);
      left -= c;
    }
  }
  memset(s->slot, 0, sizeof s->slot);
}

static int stim_init(wp_gpu_stim_t *s, const long *P)
{
  s->n = (unsigned)P[wp_gpu_P_NumSm];
  s->k = (unsigned)P[wp_gpu_P_Kernels];
  s->sets = (unsigned)P[wp_gpu_P_Sets];
  s->ways = (unsigned)P[wp_gpu_P_Ways];
  s->maxtb = (unsigned)P[wp_gpu_P_MaxTb];
  s->numld = (unsigned)P[wp_gpu_P_NumLd];
  s->retw = (unsigned)P[wp_gpu_P_RetW];
  s->wgtw = (unsigned)P[wp_gpu_P_WgtW];
  s->tbw = (unsigned)P[wp_gpu_P_TbW];
  s->warpw = (unsigned)P[wp_gpu_P_WarpW];
  s->smw = WG_SMW(P);
  s->ldw = WG_LDW(P);
  s->kw = WG_KW(P);
  s->slotw = WG_SLOTW(P);
  s->setw = WG_SETW(P);
  s->wayw = WG_WAYW(P);
  s->cw = WG_CW(P);
  s->tagmask = kit_mask((unsigned)P[wp_gpu_P_TagW]);
  new_episode(s);
  return 0;
}

/* An SM index: mostly in range, 0.5% anything SmW allows. */
static uint64_t any_sm(wp_gpu_stim_t *s)
{
  return kit_rng_chance(&s->rng, 5) ? kit_gen_beyond(&s->rng, s->n, s->smw) : kit_rng_below(&s->rng, s->n);
}

static void stim_step(wp_gpu_stim_t *s, wp_gpu_in_t *i)
{
  kit_rng_t *r = &s->rng;
  memset(i, 0, sizeof *i);
  i->rst_ni = 1;
  if (s->reset_left == 0 && s->cyc >= s->len) new_episode(s);
  i->tb_i = s->tb;
  i->wgt_i = s->wgt;
  i->warps_i = s->warps;
  i->cfg_cls_i = s->cls;
  i->static_i = s->stat;
  i->cfg_part_i = s->cfg_part;
  if (s->reset_left) {                              /* a kernel launch */
    s->reset_left--;
    i->rst_ni = 0;
    i->acc_valid_i = kit_rng_below(r, 2);           /* don't-care: noise */
    i->ret_valid_i = kit_rng_below(r, 2);
    return;
  }
  s->cyc++;

  /* the dispatcher: one retire, one issue (often into the same SM) */
  unsigned rs = s->n;
  if (kit_rng_chance(r, s->ret_pm)) {
    const unsigned sm = (unsigned)kit_rng_below(r, s->n), sl = (unsigned)kit_rng_below(r, s->maxtb);
    i->ret_valid_i = 1;
    i->ret_sm_i = sm;
    i->ret_slot_i = sl;
    i->ret_k_i = s->slot[sm][sl] ? s->slot[sm][sl] - 1u : kit_rng_below(r, s->k);
    s->slot[sm][sl] = 0;
    rs = sm;
    if (kit_rng_chance(r, 5)) {                     /* out of range */
      i->ret_sm_i = any_sm(s);
      i->ret_k_i = kit_gen_beyond(r, s->k, s->kw);
      i->ret_slot_i = kit_gen_beyond(r, s->maxtb, s->slotw);
    }
  }
  if (kit_rng_chance(r, rs < s->n ? 700 : 150)) {
    const unsigned sm = rs < s->n ? rs : (unsigned)kit_rng_below(r, s->n);
    const unsigned sl = (unsigned)kit_rng_below(r, s->maxtb), kk = (unsigned)kit_rng_below(r, s->k);
    i->iss_valid_i = 1;
    i->iss_sm_i = sm;
    i->iss_k_i = kk;
    i->iss_slot_i = sl;
    s->slot[sm][sl] = kk + 1u;
    if (kit_rng_chance(r, 5)) {
      i->iss_sm_i = any_sm(s);
      i->iss_k_i = kit_gen_beyond(r, s->k, s->kw);
      i->iss_slot_i = kit_gen_beyond(r, s->maxtb, s->slotw);
    }
  }

  /* an L1 access */
  if (kit_rng_chance(r, s->acc_pm)) {
    const unsigned w = (unsigned)kit_rng_below(r, s->ws);
    const unsigned sm = (unsigned)kit_rng_below(r, s->n), sl = (unsigned)kit_rng_below(r, s->maxtb);
    i->acc_valid_i = 1;
    i->acc_sm_i = sm;
    i->acc_st_i = kit_rng_chance(r, s->st_pm);
    i->acc_k_i = s->slot[sm][sl] ? s->slot[sm][sl] - 1u : kit_rng_below(r, s->k);
    i->acc_set_i = w % s->sets;
    i->acc_tag_i = (s->tag_base + w / s->sets) & s->tagmask;
    i->acc_slot_i = sl;
    i->acc_ld_i = kit_rng_below(r, s->numld);
    if (kit_rng_chance(r, 10)) {                    /* outside the protocol */
      switch (kit_rng_below(r, 4)) {
      case 0: i->acc_sm_i = kit_gen_beyond(r, s->n, s->smw); break;   /* dropped (G5) */
      case 1: i->acc_k_i = kit_gen_beyond(r, s->k, s->kw); break;
      case 2: i->acc_set_i = kit_gen_beyond(r, s->sets, s->setw); break;
      default: i->acc_ld_i = kit_gen_beyond(r, s->numld, s->ldw); break;
      }
    }
  }

  /* an idle port's payload is noise: the glue must qualify it with the valid */
  if (!i->acc_valid_i && kit_rng_chance(r, 300)) {
    i->acc_sm_i = kit_rng_below(r, (uint64_t)1 << s->smw);
    i->acc_st_i = kit_rng_below(r, 2);
    i->acc_k_i = kit_rng_below(r, (uint64_t)1 << s->kw);
    i->acc_set_i = kit_rng_below(r, (uint64_t)1 << s->setw);
    i->acc_tag_i = kit_rng_next(r) & s->tagmask;
    i->acc_slot_i = kit_rng_below(r, (uint64_t)1 << s->slotw);
    i->acc_ld_i = kit_rng_below(r, (uint64_t)1 << s->ldw);
  }
  if (!i->iss_valid_i && kit_rng_chance(r, 300)) {
    i->iss_sm_i = kit_rng_below(r, (uint64_t)1 << s->smw);
    i->iss_k_i = kit_rng_below(r, (uint64_t)1 << s->kw);
    i->iss_slot_i = kit_rng_below(r, (uint64_t)1 << s->slotw);
  }
  if (!i->ret_valid_i && kit_rng_chance(r, 300)) {
    i->ret_sm_i = kit_rng_below(r, (uint64_t)1 << s->smw);
    i->ret_k_i = kit_rng_below(r, (uint64_t)1 << s->kw);
    i->ret_slot_i = kit_rng_below(r, (uint64_t)1 << s->slotw);
  }

  /* per-SM stalls and retired instructions (G2): SMs differ */
  for (unsigned sm = 0; sm < s->n; sm++)
    for (unsigned kk = 0; kk < s->k; kk++) {
      if (kit_rng_chance(r, s->stall_pm[sm])) i->stall_i |= (uint64_t)1 << (sm * s->k + kk);
      i->ins_i |= kit_rng_below(r, s->ins_hi[sm]) << ((sm * s->k + kk) * s->retw);
    }
  i->dbg_sm_i = kit_rng_chance(r, 10) ? any_sm(s) : kit_rng_below(r, s->n);
  i->dbg_set_i = kit_rng_below(r, s->sets);
  i->dbg_way_i = kit_rng_below(r, s->ways);
}

KIT_STIM_DEFINE(wp_gpu, wp_gpu_stim_t, stim_init, stim_step, NULL);
