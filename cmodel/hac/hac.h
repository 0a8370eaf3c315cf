/*
 * hac.h - bit-accurate, cycle-level golden model of the HAC L2 slice.
 *
 * Usage profile: one hac_step() per clock, millions of times in lockstep
 * against the RTL, so a step touches only the addressed set (O(A) work) and
 * allocates nothing. The spec is doc/hac.md; this model implements it
 * literally, rule by rule, with the paper section beside each rule.
 *
 * The step computes the registered outputs and next state from the current
 * state and the inputs, then commits, exactly like the RTL's _d / _q pairs:
 * the outputs returned by hac_step() are the values the RTL shows after the
 * rising edge that ends the cycle whose inputs were passed in.
 *
 * Parameters, ports and widths come from hac.def (the single source of
 * truth); see cmodel/core/defgen.h for what it generates.
 */
#ifndef HAC_H
#define HAC_H

#include "cmodel/core/block.h"

/* Derived widths (doc/hac.md "Derived values"); P is a long[hac_NPARAMS]. */
#define HAC_SETW(P) kit_clog2((uint64_t)(P)[hac_P_Sets])
#define HAC_WAYW(P) hac_log2u((unsigned)(P)[hac_P_Ways])
#define HAC_MCW(P)  (hac_log2u((unsigned)(P)[hac_P_Ways]) + 1u)

/* log2 of a power of two. */
static inline unsigned hac_log2u(unsigned x) {
  unsigned w = 0;
  while ((1u << w) < x) w++;
  return w;
}

#define KIT_BLOCK hac
#define KIT_DEF "cmodel/hac/hac.def"
#include "cmodel/core/defgen.h"

/* One cache line's replacement state (doc/hac.md "State and reset"). */
typedef struct hac_line {
  uint64_t tag;    /* TagW bits; 0 while invalid */
  uint8_t valid;   /* 1 bit; invalid lines sit at positions 0..k-1 */
  uint8_t dirty;   /* 1 bit; 0 while invalid */
  uint8_t nvm;     /* 1 bit, type: 1 NVM, 0 DRAM; fixed at fill */
  uint8_t ea;      /* EaW bits, EA(ea) of the last request; 0 in static */
  uint8_t pos;     /* WayW bits, 0 = LRU .. A-1 = MRU; a permutation per set */
} hac_line_t;

typedef struct hac_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned sets, ways, tagw, policy;
  unsigned bypass_mc, static_wb_ea; /* doc "Paper readings" */
  unsigned mc_max;     /* 2A-1 */
  uint16_t *mc;        /* [sets], McW bits, 0..2A-1; A at reset; 0 in static */
  hac_line_t *line;    /* [sets * ways], line[s * ways + w] */
  hac_out_t out;       /* registered outputs (the RTL's *_o flops) */
} hac_model_t;

void hac_reset(hac_model_t *m);

/* Check invariants 1, 2 and 4 of doc/hac.md on every set; 0 = hold. */
int hac_check_invariants(const hac_model_t *m, char *err, size_t errlen);

/* The paper's formulas, as pure functions, for unit tests (doc/hac.md). */
unsigned hac_ea_clamp(unsigned ea);                  /* 0->1, >32->32 */
unsigned hac_ea_q(unsigned ways, unsigned ea);       /* A*(ea-1)/64 after clamp */
unsigned hac_pos_dnp(unsigned ways, unsigned mc);    /* A-1-mc/8 */
unsigned hac_pos_ddp(unsigned ways, unsigned mc);    /* A/2+mc/4 */
unsigned hac_pos_cnp(unsigned ways, unsigned mc, unsigned eaq); /* clamped */
unsigned hac_pos_cdp(unsigned ways, unsigned mc, unsigned eaq); /* clamped */
unsigned hac_pos_dp(unsigned ways, unsigned mc, unsigned c);    /* clamped */
unsigned hac_pos_np(unsigned ways, unsigned mc, unsigned c);    /* clamped */
/* Static policy: insertion position by type and ea; promotion target. */
unsigned hac_static_ins(unsigned ways, unsigned nvm, unsigned ea);
unsigned hac_static_promo(unsigned ways, unsigned nvm, unsigned c);

/* Storage estimate (doc/hac.md "Storage"). */
void hac_storage(const long *P, kit_storage_t *st);

#endif /* HAC_H */
