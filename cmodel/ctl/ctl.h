/*
 * ctl.h - bit-accurate, cycle-level golden model of the Linebacker CTA
 * Throttling Logic (Oh et al., ISCA 2019, sections 3.2, 4, 4.1, 4.2;
 * doc/ctl.md): IPC monitor with the Eq. 1 decision, CTA manager (Common
 * Info, Per-CTA Info, largest-ID throttle, LIFO restore, LRN) and the move
 * engine with its BufEnt-entry backup/restore buffer.
 *
 * Usage profile: one ctl_step() per clock, millions of times in lockstep
 * against the RTL, and a second private instance inside the random
 * generator (tb/ctl/ctl_stim.c) so that the environment can react to the
 * outputs. A step is O(1) except when CTA occupancy changes (a launch, a
 * completion, a move starting or ending), where LRN is recomputed over the
 * <= 32 slots (the restore target is the LIFO stack's top, one read); nothing is allocated after ctl_new(). Per-CTA bits are kept
 * as 32-bit masks so the schedulable set, the counts and the largest-ID
 * throttle target are a few instructions.
 *
 * The step computes every next value from the current state and the
 * inputs, then commits, like the RTL's _d / _q pairs; the outputs returned
 * are the values the RTL shows after the rising edge that ends the cycle
 * whose inputs were passed in. Outputs that are functions of the state
 * (sched_mask_o, lrn_o, the request ports) are computed from the new state,
 * exactly as the RTL's output registers are loaded from its _d values.
 *
 * Parameters, ports and widths come from ctl.def (the single source of
 * truth); see cmodel/core/defgen.h for what it generates.
 */
#ifndef CTL_H
#define CTL_H

#include "cmodel/core/block.h"

/* Derived widths (doc/ctl.md "Derived values"); P is a long[ctl_NPARAMS]. */
#define CTL_CTAW(P) kit_clog2((uint64_t)(P)[ctl_P_MaxCta])
#define CTL_NUMW(P) kit_clog2((uint64_t)(P)[ctl_P_MaxCta] + 1u)
#define CTL_BUFW(P) kit_clog2((uint64_t)(P)[ctl_P_BufEnt] + 1u)

#define KIT_BLOCK ctl
#define KIT_DEF "cmodel/ctl/ctl.def"
#include "cmodel/core/defgen.h"

/* doc/ctl.md "Ports": encodings. */
enum { CTL_PH_WAIT = 0, CTL_PH_THR = 1, CTL_PH_OFF = 2 };
enum { CTL_MV_IDLE = 0, CTL_MV_DRAIN = 1, CTL_MV_BACKUP = 2, CTL_MV_RESTORE = 3 };
enum { CTL_DEC_NONE = 0, CTL_DEC_HOLD = 1, CTL_DEC_THROTTLE = 2, CTL_DEC_RESTORE = 3,
       CTL_DEC_SKIP = 4, CTL_DEC_THR_BLOCKED = 5, CTL_DEC_RES_BLOCKED = 6, CTL_DEC_PROACTIVE = 7 };
/* LM state_o encoding (doc/lm.md). */
enum { CTL_LM_MONITOR = 0, CTL_LM_SELECTED = 1 };
/* 4.2: at most 32 Per-CTA entries; 4, 4.2: buffer entries (16 here). */
#define CTL_MAX_CTA 32u
#define CTL_MAX_BUF 16u
/* 3.1, 4.1: a warp register is 32 threads x 4 B = 128 B, the backup stride. */
#define CTL_LINE 128u

typedef struct ctl_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned maxcta, rnw, bufent, minact;
  uint32_t upr, lor;               /* UpRatio, LoRatio (0..255) */
  uint32_t rn_mask;                /* 2^RnW - 1 */
  uint32_t inst_max;               /* 2^InstW - 1 */
  uint32_t ret_mask, cta_mask;     /* RetW bits; CtaW bits */
  uint32_t slots;                  /* MaxCta low bits set */
  /* IPC monitor (4.1) */
  uint32_t cnt;                    /* InstW: #Instruction, saturating */
  uint32_t icur, iprev;            /* InstW: #Current_IPC, #Previous_IPC */
  /* Common Info (4.1) */
  uint32_t nrm1;                   /* RnW: #reg - 1 */
  uint32_t lrn;                    /* RnW: largest last RN of an occupied slot (lrn_o) */
  uint32_t bp;                     /* 32: backup pointer */
  /* Per-CTA Info (4.1) + resident bit, bit c = slot c (< maxcta) */
  uint32_t v, act, c;
  uint32_t frn[CTL_MAX_CTA];       /* RnW */
  uint32_t ba[CTL_MAX_CTA];        /* 32; meaningful while C = 1; SRAM (no reset) */
  uint32_t ba_ok;                  /* bit c: BA[c] written since reset (flops; dbg_ba_o is 0 until then) */
  uint8_t stk[CTL_MAX_CTA];        /* CtaW: LIFO stack, CTA at stack position p (< n = popcount(V & C)); SRAM */
  /* control */
  unsigned phase;                  /* CTL_PH_* */
  unsigned pro;                    /* proactive throttle due */
  unsigned mv, mv_cta;             /* CTL_MV_*, CTA of the (last) move */
  uint32_t k;                      /* NregW: requests issued in this move, 0..nreg */
  unsigned vtt_ok;                 /* restore: VTT acknowledged an LRN >= last(mv_cta) */
  unsigned pend;                   /* NumW: completions waiting, <= ninact */
  /* buffer: FIFO of address fields (data abstracted) */
  uint32_t addr[CTL_MAX_BUF];      /* 32: memory address (backup) or RN (restore) */
  unsigned head, bcnt, bfill;      /* head < bufent; bfill <= bcnt <= bufent */
  ctl_out_t out;                   /* registered outputs */
} ctl_model_t;

void ctl_reset(ctl_model_t *m);

/* doc "Eq. 1": the decision for I_prev, I_cur without division:
 * CTL_DEC_HOLD, CTL_DEC_THROTTLE or CTL_DEC_RESTORE (before limits). */
unsigned ctl_eq1(uint32_t iprev, uint32_t icur, uint32_t upr, uint32_t lor);
/* doc "LRN": the largest last RN over occupied slots, 0 when none. */
uint32_t ctl_lrn(const ctl_model_t *m);
/* Check the doc's invariants on the current state; 0 = hold, else err set.
 * b0 is BP at the last cfg load (0 after reset); the unit tests and the
 * soak call it every cycle. */
int ctl_check_invariants(const ctl_model_t *m, uint32_t b0, char *err, size_t errlen);

/* Storage estimate (doc/ctl.md "Storage"). */
void ctl_storage(const long *P, kit_storage_t *st);

#endif /* CTL_H */
