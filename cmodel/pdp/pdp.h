/*
 * pdp.h - bit-accurate, cycle-level golden model of the PDP-S protection
 * distance predictor: RD sampler, RD counter array, pipelined PD compute.
 *
 * Usage profile: one pdp_step() per clock, millions of times in lockstep
 * against rtl/pdp/pdp.v. A step touches one sampled set's FIFO (O(F)), at most
 * one bin, and during a compute one bin and one candidate (two 128-bit
 * products), so it is O(F) with no allocation. The spec is doc/pdp.md; the
 * model implements it rule by rule, computing every next value from the
 * current state, then committing (the RTL's _d / _q).
 *
 * The outputs returned by pdp_step() are the values the RTL shows after the
 * rising edge that ends the cycle whose inputs were passed in; the compute
 * latency is doc/pdp.md "Datapath and timing".
 */
#ifndef PDP_H
#define PDP_H

#include "cmodel/core/block.h"

/* log2 of a power of two (0 for 1). */
static inline unsigned pdp_log2u(unsigned long x) {
  unsigned w = 0;
  while ((1ul << w) < x) w++;
  return w;
}

/* Derived widths (doc/pdp.md "Parameters"); P is a long[pdp_NPARAMS]. */
#define PDP_SETW(P) kit_clog2((uint64_t)(P)[pdp_P_Sets])
#define PDP_LD(P)   pdp_log2u((unsigned long)(P)[pdp_P_DMax])
#define PDP_NB(P)   ((unsigned)((P)[pdp_P_DMax] / (P)[pdp_P_Sc]))
#define PDP_DBGW(P) kit_clog2((uint64_t)PDP_NB(P) + 1u)

#define KIT_BLOCK pdp
#define KIT_DEF "cmodel/pdp/pdp.def"
#include "cmodel/core/defgen.h"

/* Operand widths of the compute datapath (doc/pdp.md "Operand widths"). */
typedef struct pdp_widths {
  unsigned hw, vw, kw, aw, pw, z;   /* aw: width of A / 2^z */
} pdp_widths_t;
void pdp_widths(const long *P, pdp_widths_t *w);

typedef struct pdp_model {
  /* configuration (validated by the caller) */
  unsigned nsamp, stride_log, m, lm, f, tagw, nb, lsc, sc, ld, binw, ntw, de;
  unsigned setw, dbgw;
  unsigned nt_all, cmin;      /* NtAll; ceil(PdMin / Sc): the first eligible candidate's PD/Sc */
  uint32_t period;           /* PeriodLen */
  uint64_t ba_init;          /* 2^AW - 1: the initial best A */
  unsigned z;                /* A is held as A / 2^z (doc) */
  /* RD sampler, per sampled set k */
  uint8_t *cnt;              /* [nsamp], LM bits, 0..M-1 */
  uint8_t *valid;            /* [nsamp*f], 1 bit; position 0 = newest */
  uint32_t *tag;             /* [nsamp*f], TagW bits */
  /* RD counter array */
  uint32_t *bin;             /* [nb], BinW bits, <= 2^BinW-1 */
  uint64_t nt;               /* NtW bits, <= 2^NtW-1 */
  unsigned frozen;           /* 1 bit: some counter at its maximum */
  uint32_t per;              /* PerW bits, 0..PeriodLen-1 */
  /* compute pipeline */
  unsigned busy;             /* 1 bit */
  unsigned c;                /* LB+1 bits, 0..NB; 0 when idle */
  uint64_t s;                /* HW bits: prefix sum of bins through c-1 */
  uint64_t v;                /* VW bits: prefix sum of N_j*(j+1) */
  uint64_t bh;               /* HW bits: best H */
  uint64_t ba;               /* AW bits (<= 42): best A */
  unsigned bp;               /* LB+1 bits: best PD / Sc, 1..NB */
  unsigned pd;               /* LB+1 bits: current PD / Sc, 0 until valid */
  unsigned pd_valid;         /* 1 bit */
  pdp_out_t out;             /* registered outputs */
} pdp_model_t;

void pdp_reset(pdp_model_t *m);
int pdp_check_invariants(const pdp_model_t *m, char *err, size_t errlen);

/* One candidate of the hit-rate model (doc "Hit-rate model"): H and A/2^z of
 * candidate index b (PD (b+1)*Sc) from the prefix sums s, v and N_t. */
void pdp_candidate(const pdp_model_t *m, unsigned b, uint64_t s, uint64_t v,
                   uint64_t *h, uint64_t *a);
/* E(cand) > E(best) by cross-multiplication, exact (128-bit products). */
int pdp_better(uint64_t h, uint64_t a, uint64_t bh, uint64_t ba);

void pdp_storage(const long *P, kit_storage_t *st);

#endif /* PDP_H */
