/*
 * tbbyp.h - bit-accurate, cycle-level golden model of one SM's thread-block
 * bypassing (Liang, Li, Xie, III-C, Eq. 2, after Xie et al.; doc/tbbyp.md).
 *
 * Usage profile: one tbbyp_step() per clock, millions of times in lockstep
 * against rtl/tbbyp/tbbyp.v. A step counts K hits and stalls, reads one
 * slot bit and, at a thread-block issue, compares one kernel (every kernel
 * at a fixed interval's end) and counts its bypassing slots: O(K + MaxTb),
 * no allocation. It computes every next value from the start-of-cycle state
 * and the inputs, then commits (the RTL's _d / _q; doc "A cycle, step by
 * step").
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef TBBYP_H
#define TBBYP_H

#include "cmodel/core/block.h"

/* Derived widths (doc/tbbyp.md "Parameters"); P is a long[tbbyp_NPARAMS]. */
#define TB_KW(P)    kit_clog2((uint64_t)(P)[tbbyp_P_Kernels])
#define TB_SLOTW(P) kit_clog2((uint64_t)(P)[tbbyp_P_MaxTb])
#define TB_NBW(P)   kit_clog2((uint64_t)(P)[tbbyp_P_MaxTb] + 1u)
/* the interval counter's width: clog2(IntFix) for IntFix >= 2, else none */
#define TB_IW(P)    ((P)[tbbyp_P_IntFix] >= 2 ? kit_clog2((uint64_t)(P)[tbbyp_P_IntFix]) : 0u)

#define KIT_BLOCK tbbyp
#define KIT_DEF "cmodel/tbbyp/tbbyp.def"
#include "cmodel/core/defgen.h"

#define TB_MAX_K    4u
#define TB_MAX_SLOT 16u

typedef struct tbbyp_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned k, maxtb, warpw, intfix, nbw;
  uint64_t l2lat, thrnum, thrden, cmax;      /* cmax = 2^CntW - 1 */
  uint64_t warpmask;                         /* 2^WarpW - 1 */
  /* doc "State and reset"; the bit sets are the output ports' layout */
  uint32_t hits[TB_MAX_K], stall[TB_MAX_K];  /* CntW bits, saturating (TB3) */
  unsigned nbyp[TB_MAX_K];                   /* 0..MaxTb (inv. 1) */
  uint32_t cont, pend;                       /* bit k: kernel k's flag (TB4), pending bit (TB9) */
  uint32_t sbyp;                             /* bit s: slot s's bypass bit (TB6) */
  unsigned skern[TB_MAX_SLOT];               /* slot s's kernel (< K; read only while its bit is 1) */
  unsigned icnt;                             /* 0..IntFix-1 (inv. 7); 0 when IntFix <= 1 */
  tbbyp_out_t out;                           /* registered outputs */
} tbbyp_model_t;

void tbbyp_reset(tbbyp_model_t *m);
/* TB4: contention iff hits x L2Lat x ThrDen < ThrNum x stall x warps. */
int tbbyp_contention(const tbbyp_model_t *m, uint64_t hits, uint64_t stall, uint64_t warps);
/* Invariants of doc/tbbyp.md on the state; 0 = hold, else err. */
int tbbyp_check(const tbbyp_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void tbbyp_storage(const long *P, kit_storage_t *st);

#endif /* TBBYP_H */
