/*
 * waypart.h - bit-accurate, cycle-level golden model of one SM's
 * way-partitioned L1 tag array with its partition and IPC registers and
 * thread-block counters (Liang, Li, Xie, III-B3; doc/waypart.md).
 *
 * Usage profile: one waypart_step() per clock, millions of times in
 * lockstep against rtl/waypart/waypart.v. An access touches one set (<= 32
 * ways), the debug port one line; only a partition write under Flush = 1
 * touches every set (rare: a few per sampling period). So the step is
 * O(Ways + K) with no allocation. It computes the outputs and the next
 * values from the start-of-cycle state and the inputs, then commits (the
 * RTL's _d / _q): the debug read first (read before write), then the
 * access with the masks of the current partition, then the partition
 * write, then the counters (doc "An access, step by step").
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef WAYPART_H
#define WAYPART_H

#include "cmodel/core/block.h"

/* Derived widths (doc/waypart.md "Parameters"); P is a long[waypart_NPARAMS]. */
#define WP_SETW(P)  kit_clog2((uint64_t)(P)[waypart_P_Sets])
#define WP_WAYW(P)  kit_clog2((uint64_t)(P)[waypart_P_Ways])
#define WP_KW(P)    kit_clog2((uint64_t)(P)[waypart_P_Kernels])
#define WP_CW(P)    kit_clog2((uint64_t)(P)[waypart_P_Ways] + 1u)
#define WP_PARTW(P) ((unsigned)(P)[waypart_P_Kernels] * WP_CW(P))

#define KIT_BLOCK waypart
#define KIT_DEF "cmodel/waypart/waypart.def"
#include "cmodel/core/defgen.h"

#define WP_MAX_WAYS 32u
#define WP_MAX_K    8u

typedef struct waypart_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned sets, ways, tagw, k, tbw, retw, wgtw, ipcw, cw, flush;
  uint64_t tag_mask;
  /* per line (set s, way w) at s*ways+w; doc "State and reset" */
  uint8_t *valid;                  /* 1 bit */
  uint8_t *rank;                   /* 0..ways-1, a permutation per set (inv. 2); reset = way */
  uint64_t *tag;                   /* TagW bits */
  /* per SM */
  unsigned part[WP_MAX_K];         /* C_k, CW bits, sum <= ways (inv. 1); reset Even (WP13) */
  uint64_t ipc;                    /* IpcW bits, saturating (WP10) */
  unsigned tbc[WP_MAX_K];          /* TbW bits each, saturating (WP11) */
  unsigned done;                   /* 1 bit (WP11) */
  uint64_t mask[WP_MAX_K];         /* part decoded (WP3): a cache, not state (WP20) */
  waypart_out_t out;               /* registered outputs; the step builds them here */
} waypart_model_t;

void waypart_reset(waypart_model_t *m);
/* WP13: Even way counts for K kernels over W ways into c[0..K-1]. */
void waypart_even(unsigned ways, unsigned k, unsigned *c);
/* WP3: kernel masks of the counts c[0..K-1] into mask[0..K-1]. */
void waypart_masks(unsigned k, const unsigned *c, uint64_t *mask);
/* Invariants 1-3 of doc/waypart.md on the state; 0 = hold, else err. */
int waypart_check(const waypart_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void waypart_storage(const long *P, kit_storage_t *st);

#endif /* WAYPART_H */
