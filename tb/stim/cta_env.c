/*
 * cta_env.c - the CTA Throttling Logic's environment shared by the CTL and
 * Linebacker generators (cta_env.h).
 */
#include "tb/stim/cta_env.h"

void kit_cta_env_clear(kit_cta_env_t *e)
{
  e->owed = e->launch_wait = e->drain_left = 0;
  e->rq_head = e->rq_n = 0;
}

void kit_cta_config(uint64_t cyc, uint32_t nreg, uint32_t bp, uint64_t *cfg_ld_i, uint64_t *cfg_nreg_i,
                    uint64_t *cfg_bp_i)
{
  if (cyc != 0) return;
  *cfg_ld_i = 1;
  *cfg_nreg_i = nreg;
  *cfg_bp_i = bp;
}

int kit_cta_launch(kit_cta_env_t *e, kit_rng_t *r, int slot, unsigned *launched, unsigned init,
                   unsigned init_pm)
{
  if (*launched < init) {
    if (slot >= 0 && kit_rng_chance(r, init_pm)) {
      (*launched)++;
      return 1;
    }
    if (slot < 0) *launched = init;
  } else if (e->owed && slot >= 0) {
    if (e->launch_wait) {
      e->launch_wait--;
    } else {
      e->owed--;
      return 1;
    }
  }
  return 0;
}

void kit_cta_drain(kit_cta_env_t *e, kit_rng_t *r, uint64_t mv_state_o, uint64_t *drained_i)
{
  if (mv_state_o == CTL_MV_DRAIN) {
    if (e->drain_left == 0) *drained_i = 1;
    else e->drain_left--;
  } else {
    e->drain_left = (unsigned)kit_rng_below(r, e->drain_max + 1u);
  }
}

void kit_cta_memory(kit_cta_env_t *e, kit_rng_t *r, uint64_t cyc, uint64_t mem_valid_o,
                    uint64_t mem_we_o, uint64_t *rf_rd_ready_i, uint64_t *rf_wr_ready_i,
                    uint64_t *mem_ready_i, uint64_t *mem_rvalid_i)
{
  *rf_rd_ready_i = kit_rng_chance(r, e->rd_pm);
  *rf_wr_ready_i = kit_rng_chance(r, e->wr_pm);
  *mem_ready_i = kit_rng_chance(r, e->mem_pm);
  if (e->rq_n && e->rq[e->rq_head] <= cyc && kit_rng_chance(r, e->rv_pm)) {
    *mem_rvalid_i = 1;
    e->rq_head = (e->rq_head + 1u) % CTL_MAX_BUF;
    e->rq_n--;
  }
  /* a read accepted now (at most BufEnt <= CTL_MAX_BUF are outstanding) */
  if (mem_valid_o && !mem_we_o && *mem_ready_i && e->rq_n < CTL_MAX_BUF) {
    uint64_t t = cyc + 1u + kit_rng_below(r, e->latmax);
    if (e->rq_n) {
      const uint64_t last = e->rq[(e->rq_head + e->rq_n - 1u) % CTL_MAX_BUF];
      if (t < last) t = last;
    }
    e->rq[(e->rq_head + e->rq_n) % CTL_MAX_BUF] = t;
    e->rq_n++;
  }
}

void kit_cta_after(kit_cta_env_t *e, kit_rng_t *r, uint64_t launch_new_o, unsigned more_pm)
{
  if (!launch_new_o) return;
  if (kit_rng_chance(r, more_pm)) e->owed++;
  e->launch_wait = (unsigned)kit_rng_below(r, 20);
}
