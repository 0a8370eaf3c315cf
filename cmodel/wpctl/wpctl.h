/*
 * wpctl.h - bit-accurate, cycle-level golden model of the GPU-wide
 * partition controller of Liang, Li, Xie's dynamic way partitioning
 * (III-B3; doc/wpctl.md): period end, LFSR donor draws, the poll of every
 * SM's IPC register through one comparator, the partition writes.
 *
 * Usage profile: one wpctl_step() per clock, millions of times in lockstep
 * against rtl/wpctl/wpctl.v. A step is one phase's work: a counter, one
 * comparison, or one draw over at most K = 8 kernels: O(K), no allocation.
 * It computes every next value from the start-of-cycle state and the
 * inputs, then commits (the RTL's _d / _q); the outputs are decoded from
 * the committed state (WP24), as the RTL decodes them from its registers.
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef WPCTL_H
#define WPCTL_H

#include "cmodel/core/block.h"

/* clog2 that gives 0 for n <= 1 (doc "Parameters": BW's clog2 nF). */
static inline unsigned wc_clog2z(uint64_t n) { return n <= 1 ? 0u : kit_clog2(n); }

/* Derived widths (doc/wpctl.md "Parameters"); P is a long[wpctl_NPARAMS]. */
#define WC_SMW(P)   kit_clog2((uint64_t)(P)[wpctl_P_NumSm])
#define WC_KW(P)    kit_clog2((uint64_t)(P)[wpctl_P_Kernels])
#define WC_CW(P)    kit_clog2((uint64_t)(P)[wpctl_P_Ways] + 1u)
#define WC_PARTW(P) ((unsigned)(P)[wpctl_P_Kernels] * WC_CW(P))
#define WC_WINW(P)  kit_clog2((uint64_t)(P)[wpctl_P_Kernels] + 1u)
#define WC_NF(P)    ((unsigned)((P)[wpctl_P_NumSm] - (P)[wpctl_P_Kernels]))
#define WC_BW(P)    ((unsigned)(P)[wpctl_P_IpcW] + ((P)[wpctl_P_FolMean] ? wc_clog2z(WC_NF(P)) : 0u))
#define WC_CNTW(P)  ((P)[wpctl_P_PerMax] ? kit_clog2((uint64_t)(P)[wpctl_P_PerMax]) : 0u)

#define KIT_BLOCK wpctl
#define KIT_DEF "cmodel/wpctl/wpctl.def"
#include "cmodel/core/defgen.h"

#define WC_MAX_K 8u
#define WC_LFSR_TAPS 0xB400u           /* WP15: x^16 + x^14 + x^13 + x^11 + 1, period 65535 */
#define WC_PERIODS_MAX 0xFFFFu         /* WP29: 16-bit saturating */

/* doc "State and reset": the phases. */
enum { WC_RUN = 0, WC_POLL = 1, WC_BCAST = 2, WC_PROF = 3 };

typedef struct wpctl_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned numsm, k, ways, ipcw, cw, kw, nf, folmean;
  uint32_t seed, permax;
  /* doc "State and reset" */
  unsigned f[WC_MAX_K];            /* F: C_k, CW bits each, sum <= ways (inv. 1); reset Even */
  unsigned d[WC_MAX_K];            /* donor of profiling SM i, KW bits, < k (inv. 2) */
  unsigned mv[WC_MAX_K];           /* its move is valid, 1 bit; 0 at reset and at every end (WP27) */
  unsigned lfsr;                   /* 16 bits, != 0 (inv. 3); reset Seed */
  uint64_t best;                   /* BW bits (WP16) */
  unsigned win;                    /* WinW bits, 0..k (WP16) */
  unsigned phase;                  /* WC_RUN .. WC_PROF */
  unsigned idx;                    /* SmW bits (inv. 5) */
  unsigned warm;                   /* 1 bit: period 1 runs (WP13) */
  uint32_t cnt;                    /* CntW bits, < permax (WP30) */
  unsigned start;                  /* 1 bit: start_o (WP23) */
  unsigned periods;                /* 16 bits, saturating (WP29) */
  wpctl_out_t out;                 /* the outputs decoded from the state */
} wpctl_model_t;

void wpctl_reset(wpctl_model_t *m);
/* WP15: one step of the 16-bit Galois LFSR. */
unsigned wpctl_lfsr_step(unsigned s);
/* WP14: profiling SM i's donor for counts f[0..k-1] and draw r (folded
 * here); returns the donor kernel, or -1 when there is none. */
int wpctl_donor(unsigned k, const unsigned *f, unsigned i, unsigned r);
/* Invariants of doc/wpctl.md on the state; 0 = hold, else err. */
int wpctl_check(const wpctl_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void wpctl_storage(const long *P, kit_storage_t *st);

#endif /* WPCTL_H */
