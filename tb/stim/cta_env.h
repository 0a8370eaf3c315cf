/*
 * cta_env.h - the environment of the CTA Throttling Logic (doc/ctl.md
 * "Ports", "Handshakes"), as the CTL's generator (tb/ctl/ctl_stim.c) and
 * the Linebacker SM's (tb/linebacker/linebacker_stim.c) both drive it:
 * the configuration load of an episode's first cycle, launches into
 * empty slots (the first ones, then those launch_new_o asks for, after a
 * delay), drained_i a random delay into each drain, random readies on the
 * RF read, RF write and memory ports, and read data returned in order
 * 1..latmax cycles after each accepted read.
 *
 * Usage profile: a generator keeps one kit_cta_env_t, draws its rates per
 * episode (zeroing the rest with kit_cta_env_clear) and calls the drivers
 * below in its cycle, in the order its stream needs; each makes the
 * kit_rng draws the generators made before it was shared, in the same
 * order (same seed, same stream). Ports are passed as the block's input
 * words, so one driver serves both blocks' input structs.
 */
#ifndef CTA_ENV_H
#define CTA_ENV_H

#include "cmodel/ctl/ctl.h"

typedef struct kit_cta_env {
  unsigned owed;          /* launches asked for (launch_new_o) not yet made */
  unsigned launch_wait;   /* cycles before the next owed launch */
  unsigned drain_left;    /* cycles before drained_i in this drain */
  unsigned drain_max;     /* bound on that delay (per episode) */
  unsigned rd_pm, wr_pm, mem_pm; /* readies of the RF read, RF write and memory ports */
  unsigned rv_pm;         /* read data offered when due, per mille */
  unsigned latmax;        /* read latency bound, cycles */
  uint64_t rq[CTL_MAX_BUF]; /* return cycles of outstanding reads, in order */
  unsigned rq_head, rq_n;
} kit_cta_env_t;

/* A new episode: no launch owed, no drain delay, no read outstanding (the
 * rates are the caller's to draw). */
void kit_cta_env_clear(kit_cta_env_t *e);

/* The configuration load in an episode's first cycle (cyc 0, doc/ctl.md
 * "cfg_ld_i"): #reg and the backup pointer; nothing in other cycles. */
void kit_cta_config(uint64_t cyc, uint32_t nreg, uint32_t bp, uint64_t *cfg_ld_i, uint64_t *cfg_nreg_i,
                    uint64_t *cfg_bp_i);

/* Whether to launch this cycle into the lowest empty slot `slot` (-1:
 * none). While *launched < init (the episode's first CTAs) with
 * probability init_pm, counting *launched (no empty slot ends that
 * phase); then each owed launch once its delay is over. */
int kit_cta_launch(kit_cta_env_t *e, kit_rng_t *r, int slot, unsigned *launched, unsigned init,
                   unsigned init_pm);

/* drained_i: 1 after the episode's random delay into a drain (mv_state_o
 * CTL_MV_DRAIN); outside a drain, the next delay is drawn. */
void kit_cta_drain(kit_cta_env_t *e, kit_rng_t *r, uint64_t mv_state_o, uint64_t *drained_i);

/* The RF and memory readies, and read data: mem_rvalid_i for the oldest
 * outstanding read once due (cycle cyc), and a new outstanding read when
 * the CTL's read request (mem_valid_o, !mem_we_o) is accepted this cycle. */
void kit_cta_memory(kit_cta_env_t *e, kit_rng_t *r, uint64_t cyc, uint64_t mem_valid_o,
                    uint64_t mem_we_o, uint64_t *rf_rd_ready_i, uint64_t *rf_wr_ready_i,
                    uint64_t *mem_ready_i, uint64_t *mem_rvalid_i);

/* After the step: launch_new_o asks for a launch with probability
 * more_pm, after a delay of 0..19 cycles. */
void kit_cta_after(kit_cta_env_t *e, kit_rng_t *r, uint64_t launch_new_o, unsigned more_pm);

#endif /* CTA_ENV_H */
