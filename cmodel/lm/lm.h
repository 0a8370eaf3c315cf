/*
 * lm.h - bit-accurate, cycle-level golden model of the Linebacker Load
 * Monitor (Oh et al., ISCA 2019, sections 3.2, 4, 4.1, 4.2; doc/lm.md).
 *
 * Usage profile: one lm_step() per clock, millions of times in lockstep
 * against the RTL. A step touches one table entry (the access's hashed PC)
 * and reads one more (the debug address); the last cycle of a window takes
 * the classifications from the `high` summary and walks the <= 32 entries
 * only to shift their valid fields and clear their counters. Nothing is
 * allocated after lm_new().
 *
 * The step computes the registered outputs and next state from the current
 * state and the inputs, then commits, exactly like the RTL's _d / _q pairs:
 * the outputs returned by lm_step() are the values the RTL shows after the
 * rising edge that ends the cycle whose inputs were passed in. state_o,
 * windows_o and sel_mask_o are the state, windows and sel registers
 * themselves.
 *
 * Parameters, ports and widths come from lm.def (the single source of
 * truth); see cmodel/core/defgen.h for what it generates.
 */
#ifndef LM_H
#define LM_H

#include "cmodel/core/block.h"

/* log2 of a power of two (Entries is one: lm_check). */
static inline unsigned lm_log2u(unsigned x) {
  unsigned w = 0;
  while ((1u << w) < x) w++;
  return w;
}

/* Derived widths (doc/lm.md "Derived values"); P is a long[lm_NPARAMS]. */
#define LM_HASHW(P) lm_log2u((unsigned)(P)[lm_P_Entries])

#define KIT_BLOCK lm
#define KIT_DEF "cmodel/lm/lm.def"
#include "cmodel/core/defgen.h"

/* doc/lm.md "Ports": state_o encoding. */
enum { LM_ST_MONITOR = 0, LM_ST_SELECTED = 1, LM_ST_DISABLED = 2 };
/* doc/lm.md "Ports": acc_out_i encoding (3 is reserved and ignored). */
enum { LM_OUT_L1_HIT = 0, LM_OUT_VTT_HIT = 1, LM_OUT_MISS = 2, LM_OUT_RSVD = 3 };
/* 4.1: the LM array has at most 32 entries (HashW <= 5). */
#define LM_MAX_ENTRIES 32u

typedef struct lm_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned entries, hashw, cntw, thresh, wincw;
  unsigned sel_win2;        /* SelWin2 (doc "Paper readings") */
  uint32_t winlen;                 /* 2 .. 1e9 */
  uint32_t cnt_max;                /* 2^CntW - 1 */
  uint32_t win_max;                /* 2^WinCntW - 1 */
  /* table (doc "State and reset") */
  uint32_t pc[LM_MAX_ENTRIES];     /* 32 bits; 0 = no PC stored yet */
  uint32_t hit[LM_MAX_ENTRIES];    /* CntW bits, 0 .. cnt_max, saturating */
  uint32_t miss[LM_MAX_ENTRIES];   /* CntW bits, 0 .. cnt_max, saturating */
  uint8_t valid[LM_MAX_ENTRIES];   /* 2 bits: bit 0 last window, bit 1 the one before */
  uint32_t high;                   /* Entries bits: bit e = lm_high(hit[e], miss[e]), kept
                                      per access (doc "Decision (incremental classification)") */
  /* control */
  uint32_t cyc;                    /* WinW bits, 0 .. winlen-1, cycle within the window */
  unsigned state;                  /* 2 bits, LM_ST_*; 3 never */
  unsigned windows;                /* WinCntW bits, 0 .. win_max; frozen after the decision */
  uint32_t sel;                    /* Entries bits; 0 unless selected, then = the selected set */
  lm_out_t out;                    /* registered outputs */
} lm_model_t;

void lm_reset(lm_model_t *m);

/* doc "Hashed PC": XOR fold of the 32-bit PC into hashw bits (1..5). */
unsigned lm_hash(uint32_t pc, unsigned hashw);
/* doc "Classification": 100*hit > thresh*(hit+miss), without division. */
int lm_high(uint32_t hit, uint32_t miss, unsigned thresh);

/* Storage estimate (doc/lm.md "Storage"). */
void lm_storage(const long *P, kit_storage_t *st);

#endif /* LM_H */
