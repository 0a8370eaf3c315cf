/*
 * victim_bits.h - bit-accurate, cycle-level golden model of CBWT's L2
 * victim-bit sampler (Chen et al., MICRO 2014, section V-B, Fig. 9, V-D).
 *
 * Usage profile: one victim_bits_step() per clock, millions of times in
 * lockstep against the RTL; a step touches one line's victim-bit word and
 * two counters (O(1)) and allocates nothing. The spec is
 * doc/victim_bits.md; this model implements it rule by rule.
 *
 * The step computes the registered outputs and next state from the current
 * state and the inputs, then commits (the RTL's _d / _q): the outputs it
 * returns are those visible after the rising edge ending that cycle.
 *
 * Parameters, ports and widths come from victim_bits.def.
 */
#ifndef VICTIM_BITS_H
#define VICTIM_BITS_H

#include "cmodel/core/block.h"

/* Derived values (doc "Derived values"); P is a long[victim_bits_NPARAMS]. */
#define VB_N(P)    victim_bits_nsampled((P)[victim_bits_P_Sets], (P)[victim_bits_P_SampleShift], \
                                        (P)[victim_bits_P_SampleOffset])
#define VB_G(P)    ((unsigned)(((P)[victim_bits_P_L1s] + (P)[victim_bits_P_Share] - 1) / \
                               (P)[victim_bits_P_Share]))
#define VB_SETW(P) kit_clog2((uint64_t)(P)[victim_bits_P_Sets])
#define VB_WAYW(P) kit_clog2((uint64_t)(P)[victim_bits_P_Ways])
#define VB_L1W(P)  kit_clog2((uint64_t)(P)[victim_bits_P_L1s])
#define VB_SLOTW(P) kit_clog2((uint64_t)VB_N(P))
#define VB_DBGW(P) (VB_SLOTW(P) + VB_WAYW(P))
/* period position counter width; 0 when Period = 1 (no counter) */
#define VB_PERW(P) ((P)[victim_bits_P_Period] > 1 ? kit_clog2((uint64_t)(P)[victim_bits_P_Period]) : 0u)

/* N = ceil((Sets - SampleOffset) / 2^SampleShift): sampler sets (doc
 * "Which sets are samplers"); 0 when the offset is out of range. */
static inline unsigned victim_bits_nsampled(long sets, long shift, long off)
{
  if (off < 0 || off >= sets || shift < 0 || shift > 16) return 0;
  return (unsigned)(((sets - off) + (1L << shift) - 1) >> shift);
}

/* Event kinds (ev_kind_i). */
/* doc "Which sets are samplers": s mod 2^SampleShift == offset, s < Sets,
 * with samp_mask = 2^SampleShift - 1 (victim_bits_is_sampler takes the
 * shift; the model's step passes its precomputed mask). */
static inline int victim_bits_sampler_m(uint64_t samp_mask, unsigned offset, unsigned sets, uint64_t s)
{
  return s < sets && (s & samp_mask) == offset;
}

enum { VB_HIT = 0, VB_FILL = 1, VB_EVICT = 2, VB_WRITE = 3 };

#define KIT_BLOCK victim_bits
#define KIT_DEF "cmodel/victim_bits/victim_bits.def"
#include "cmodel/core/defgen.h"

typedef struct victim_bits_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned l1s, sets, ways, shift, offset, share_log2, g, n;
  unsigned wayw;                /* the debug address's way field */
  /* port and field masks (the step masks every input with them;
   * precomputed because the step is the hot loop) */
  uint64_t set_mask, way_mask, l1_mask, dbg_mask, g_mask, samp_mask;
  uint64_t lls_max, acc_max;    /* 2^LlsW - 1, 2^AccW - 1 */
  uint64_t period;              /* 1 .. 2^24 */
  unsigned write_req, period_acc; /* WriteReq, PeriodAcc (doc "Paper readings") */
  unsigned thr_num, thr_den;    /* 1..255, num <= den */
  /* state */
  uint64_t *vb;                 /* [n * ways], G bits each; line (slot, way) at slot*ways+way */
  uint64_t lls;                 /* LlsW bits, 0..lls_max, lls <= acc */
  uint64_t acc;                 /* AccW bits, 0..acc_max */
  uint64_t cyc;                 /* PerW bits, 0..period-1 */
  victim_bits_out_t out;        /* registered outputs; out.period_done_o is `done` */
} victim_bits_model_t;

void victim_bits_reset(victim_bits_model_t *m);

/* doc "Threshold": contention iff acc > 0 and lls*den >= acc*num. */
int victim_bits_contention(uint64_t lls, uint64_t acc, unsigned num, unsigned den);
/* Is set s a sampler (doc rule)? */
int victim_bits_is_sampler(unsigned shift, unsigned offset, unsigned sets, uint64_t s);
/* doc "Invariants" 1 and 2; 0 = hold. */
int victim_bits_check_invariants(const victim_bits_model_t *m, char *err, size_t errlen);

void victim_bits_storage(const long *P, kit_storage_t *st);

#endif /* VICTIM_BITS_H */
