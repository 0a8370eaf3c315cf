/*
 * maw_ctl.h - bit-accurate, cycle-level golden model of CBWT's MAW
 * controller (Chen et al., MICRO 2014, section V-C: Eq. 1 and the search
 * of Figs. 11-12, reconstructed as rows F0-F5; doc/maw_ctl.md).
 *
 * Usage profile: one maw_ctl_step() per clock, millions of times in
 * lockstep against rtl/maw_ctl/maw_ctl.v. A step is a few counters and, at
 * most once per period, one decision: O(1), no allocation. It computes
 * every next value from the start-of-cycle state and the inputs, then
 * commits (the RTL's _d / _q).
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef MAW_CTL_H
#define MAW_CTL_H

#include "cmodel/core/block.h"

/* Derived values (doc/maw_ctl.md "Parameters"); P is a long[maw_ctl_NPARAMS]. */
#define MAW_N(P)  ((unsigned)((P)[maw_ctl_P_NMax] << (P)[maw_ctl_P_PerCore]))
#define MAW_NW(P) kit_clog2((uint64_t)MAW_N(P) + 1u)

#define KIT_BLOCK maw_ctl
#define KIT_DEF "cmodel/maw_ctl/maw_ctl.def"
#include "cmodel/core/defgen.h"

/* doc "Ports": dec_o and dir_o codes. */
enum { MAW_HOLD = 0, MAW_COARSE = 1, MAW_DOWN_HI = 2, MAW_DOWN_G = 3, MAW_UP = 4, MAW_RB_DOWN = 5,
       MAW_RB_UP = 6, MAW_STOP = 7 };
enum { MAW_DIR_NONE = 0, MAW_DIR_UP = 1, MAW_DIR_DOWN = 2, MAW_DIR_COARSE = 3 };

typedef struct maw_ctl_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned n, minmaw, tw, p, eqcur, tl, th, gnum, gden;
  uint32_t plast;                  /* 2^P - 1 */
  /* doc "State and reset" */
  uint32_t pc;                     /* P bits: reads of this period */
  uint32_t mb;                     /* P bits: its bypasses, <= pc (inv. 6, M10) */
  unsigned maw;                    /* NW bits, MinMaw..n (inv. 1); reset n */
  unsigned dir, phase, stop;       /* 2, 1, 1 bits (inv. 3, 5) */
  unsigned latp, ref;              /* LatW bits each */
  maw_ctl_out_t out;               /* registered outputs (mb_q, nt_q, wait, dec, ...) */
} maw_ctl_model_t;

void maw_ctl_reset(maw_ctl_model_t *m);
/* Eq. 1 (M2): floor(base x (2^P - mb) / 2^P). */
unsigned maw_ctl_eq1(unsigned base, uint32_t mb, unsigned p);
/* Invariants of doc/maw_ctl.md on the state; 0 = hold, else err. */
int maw_ctl_check(const maw_ctl_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void maw_ctl_storage(const long *P, kit_storage_t *st);

#endif /* MAW_CTL_H */
