/*
 * noc_sampler.h - bit-accurate, cycle-level golden model of CBWT's NoC
 * congestion sampler (Chen et al., MICRO 2014, section V-B;
 * doc/noc_sampler.md).
 *
 * Usage profile: one noc_sampler_step() per clock, millions of times in
 * lockstep against rtl/noc_sampler/noc_sampler.v. The state is at most 16
 * slots, an LFSR, two window counters and a serial divider, so the step is
 * O(Slots) with no allocation: it computes every output and next value
 * from the start-of-cycle state and the inputs, then commits (the RTL's
 * _d / _q). The LFSR's 16-step leap is linear over GF(2), so it is
 * precomputed per byte of the word (two 256-entry tables, XORed).
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef NOC_SAMPLER_H
#define NOC_SAMPLER_H

#include "cmodel/core/block.h"

/* Derived widths (doc/noc_sampler.md "Parameters"); P is a long[noc_sampler_NPARAMS]. */
#define NOCS_SLOTW(P) kit_clog2((uint64_t)(P)[noc_sampler_P_Slots])
#define NOCS_IDW(P)   (NOCS_SLOTW(P) + 1u)
#define NOCS_STEPW(P) kit_clog2((uint64_t)(P)[noc_sampler_P_LatW] + 1u)

#define KIT_BLOCK noc_sampler
#define KIT_DEF "cmodel/noc_sampler/noc_sampler.def"
#include "cmodel/core/defgen.h"

#define NOCS_MAX_SLOTS 16u

/* N2: one LFSR step and the 16-step leap (the per-packet advance). */
static inline unsigned nocs_lfsr_step(unsigned s)
{
  const unsigned b = (s ^ (s >> 2) ^ (s >> 3) ^ (s >> 5)) & 1u;
  return (s >> 1) | (b << 15);
}
static inline unsigned nocs_lfsr_leap(unsigned s)
{
  for (unsigned k = 0; k < 16; k++) s = nocs_lfsr_step(s);
  return s;
}

typedef struct noc_sampler_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned slots, latw, cntw, slotw, seed;
  unsigned ratemask;               /* 2^RateShift - 1 */
  unsigned latmax, cntmax;         /* 2^LatW - 1, 2^CntW - 1 */
  uint16_t leap_lo[256], leap_hi[256]; /* leap(s) = leap_lo[s & 255] ^ leap_hi[s >> 8] */
  /* per slot (doc "State and reset") */
  uint8_t valid[NOCS_MAX_SLOTS];   /* 1 bit */
  uint8_t gen[NOCS_MAX_SLOTS];     /* 1 bit, flips at completion (N4) */
  uint32_t cnt[NOCS_MAX_SLOTS];    /* LatW bits: 1..LatMax valid, 0 free (inv. 1) */
  unsigned lfsr;                   /* 16 bits, never 0 (inv. 7) */
  uint64_t sum;                    /* S, SumW bits, <= C x LatMax (inv. 2) */
  unsigned c;                      /* C, CntW bits, <= CntMax, frozen there (N6) */
  unsigned rem, quo, div, step, busy;  /* divider (N7); div = nsamp_o; step LatW..1 busy, 0 idle */
  noc_sampler_out_t out;           /* registered outputs */
} noc_sampler_model_t;

void noc_sampler_reset(noc_sampler_model_t *m);
/* Invariants 1-5 and 7 of doc/noc_sampler.md on the state; 0 = hold, else err. */
int noc_sampler_check(const noc_sampler_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void noc_sampler_storage(const long *P, kit_storage_t *st);

#endif /* NOC_SAMPLER_H */
