/*
 * coalescer.h - bit-accurate, cycle-level golden model of Jia's warp
 * memory coalescer with its run-time traffic estimate, locality classes
 * and caching decision (Jia, Shaw, Martonosi, ICS 2012, 2.2, 4.2, 5.3-5.4;
 * doc/coalescer.md).
 *
 * Usage profile: one coalescer_step() per clock, millions of times in
 * lockstep against rtl/coalescer/coalescer.v. A step with an accepted warp
 * computes its leader lanes (the 496-pair first-occurrence matrix of
 * CO3); a step that emits a request scans the warp's 32 lanes and, for a
 * sampled line leader, the line table (at most LtEnt entries). It computes
 * every next value from the start-of-cycle state and the inputs, then
 * commits (the RTL's _d / _q).
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 *
 * coalescer_alg() is the paper's own compile-time algorithm (Algorithms 2
 * and 3, rule 5.4) on a block's address list, for comparing the run-time
 * estimate with the offline one (doc "The offline algorithm").
 */
#ifndef COALESCER_H
#define COALESCER_H

#include "cmodel/core/block.h"

/* Derived values (doc/coalescer.md "Parameters"); P is a long[coalescer_NPARAMS]. */
#define COAL_R(P)      ((unsigned)((P)[coalescer_P_LineB] / (P)[coalescer_P_SegB]))
#define COAL_LANES     32u           /* the warp (CO1) */

/* log2 of a power of two (SegSh, LineSh from SegB, LineB). */
static inline unsigned coal_log2(long v)
{
  unsigned s = 0;
  while ((1L << s) < v) s++;
  return s;
}

#define KIT_BLOCK coalescer
#define KIT_DEF "cmodel/coalescer/coalescer.def"
#include "cmodel/core/defgen.h"

/* doc "Ports": est_rule_o codes; 3 only from coalescer_alg (case 4). */
enum { COAL_EQ = 0, COAL_BLOCK = 1, COAL_SCATTER = 2, COAL_UNKNOWN = 3 };

typedef struct coalescer_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned lanes, segsh, linesh, d, r, ltent, aggr;   /* d = LineSh - SegSh */
  uint64_t amask, estmax, caplines;
  uint32_t lanemask;
  /* warp buffer (doc "State and reset") */
  unsigned busy, mode, cnt, last, sent;   /* 1 bit each; busy = 0 => pend = 0 (inv. 6) */
  uint64_t ua[COAL_LANES];                /* SegTagW bits: lane address >> SegSh (CO5) */
  uint32_t act, ll, pend;                 /* Lanes bits: A, line leaders, leaders left; ll, pend <= act */
  uint64_t id;                            /* IdW bits */
  /* line table (CO9) and estimator (CO8, CO13) */
  uint64_t *lt;                           /* LtEnt entries of LtTagW bits, valid below fill */
  unsigned fill;                          /* 0..LtEnt (inv. 4) */
  unsigned open, ww, wb, ovf;             /* 1 bit each; ovf => fill = LtEnt */
  uint64_t w, s, u;                       /* EstW bits, saturating; u <= s */
  coalescer_out_t out;                    /* registered outputs */
} coalescer_model_t;

void coalescer_reset(coalescer_model_t *m);
/* Invariants of doc/coalescer.md on the state; 0 = hold, else err. */
int coalescer_check(const coalescer_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void coalescer_storage(const long *P, kit_storage_t *st);

/* doc "The offline algorithm": Algorithms 2-3 and rule 5.4 on n thread
 * addresses of one block (thread i in warp i / 32). known may be NULL (all
 * known); an unknown address (known[i] = 0) is one unique value of its
 * own (inf_one = 0, Table 3) or all of a warp's (for S) or of the block's
 * (for U) together one value (inf_one = 1). U and S are exact (no table,
 * no saturation). Returns 0, or -1 on bad arguments (n = 0, P illegal). */
typedef struct coalescer_alg {
  uint64_t warps, segs, lines;   /* W = ceil(n/32), S, U */
  unsigned rule;                 /* COAL_EQ, COAL_BLOCK, COAL_SCATTER, or COAL_UNKNOWN (case 4) */
  unsigned loc;                  /* bit 0 within-warp, bit 1 within-block (known addresses) */
  unsigned cache;                /* the decision (CO10; case 4: 0) */
} coalescer_alg_t;
int coalescer_alg(const uint64_t *addr, const unsigned char *known, size_t n, const long *P, int inf_one,
                  coalescer_alg_t *r);

#endif /* COALESCER_H */
