/*
 * pdp_cache.h - bit-accurate, cycle-level golden model of CBWT's
 * PDP-protected L1 tag and replacement array (Chen et al., MICRO 2014,
 * section IV, with the PDP policy of pdp-notes; doc/pdp_cache.md).
 *
 * Usage profile: one pdp_cache_step() per clock, millions of times in
 * lockstep against rtl/pdp_cache/pdp_cache.v. An access touches one set
 * (<= 16 ways), a fill one line, the debug port one line; so the step is
 * O(Ways) with no allocation and never copies the array. It computes the
 * outputs and the next values of the touched set from the start-of-cycle
 * state and the inputs, then commits (the RTL's _d / _q): the debug read
 * first (read before write), then the access, then the fill, whose
 * condition was read from the start-of-cycle state (doc D9).
 *
 * The outputs returned are the values the RTL shows after the rising edge
 * that ends the cycle whose inputs were passed in.
 */
#ifndef PDP_CACHE_H
#define PDP_CACHE_H

#include "cmodel/core/block.h"

/* log2 of a power of two (0 for 1). */
static inline unsigned pdpc_log2u(unsigned long x)
{
  unsigned w = 0;
  while ((1ul << w) < x) w++;
  return w;
}

/* Derived widths (doc/pdp_cache.md "Parameters"); P is a long[pdp_cache_NPARAMS]. */
#define PDPC_SETW(P)  kit_clog2((uint64_t)(P)[pdp_cache_P_Sets])
#define PDPC_WAYW(P)  kit_clog2((uint64_t)(P)[pdp_cache_P_Ways])
#define PDPC_LD(P)    pdpc_log2u((unsigned long)(P)[pdp_cache_P_DMax])
#define PDPC_PDW(P)   (PDPC_LD(P) + 1u)
/* stored rank bits per line: clog2 Ways under VicLru, none otherwise */
#define PDPC_RANKB(P) (((P)[pdp_cache_P_VicLru] && (P)[pdp_cache_P_Ways] > 1) \
                       ? kit_clog2((uint64_t)(P)[pdp_cache_P_Ways]) : 0u)

#define KIT_BLOCK pdp_cache
#define KIT_DEF "cmodel/pdp_cache/pdp_cache.def"
#include "cmodel/core/defgen.h"

/* doc "Ports": rsp_kind_o. */
enum { PDPC_HIT = 0, PDPC_MISS = 1, PDPC_BYPASS = 2, PDPC_NOALLOC = 3 };
#define PDPC_MAX_WAYS 16u

typedef struct pdp_cache_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned sets, ways, tagw, dmax, ld, viclru, resv_on, wrevict;
  unsigned setmask;                /* SetW bits of an index that are used (Sets - 1) */
  uint64_t tag_mask;
  /* per line (set s, way w) at s*ways+w; doc "State and reset" */
  uint8_t *valid;                  /* 1 bit */
  uint8_t *resv;                   /* 1 bit; 0 when !valid (inv. 2); always 0 if Resv = 0 */
  uint8_t *rank;                   /* 0..ways-1, a permutation per set (inv. 4); reset = way */
  uint8_t *rpd;                    /* LD bits, <= DMax-1 (inv. 3); 0 when !valid (inv. 2) */
  uint64_t *tag;                   /* TagW bits */
  pdp_cache_out_t out;             /* registered outputs */
} pdp_cache_model_t;

void pdp_cache_reset(pdp_cache_model_t *m);
/* Invariants 1-4 of doc/pdp_cache.md on the state; 0 = hold, else err. */
int pdp_cache_check(const pdp_cache_model_t *m, char *err, size_t errlen);
/* Storage estimate (doc "Storage"). */
void pdp_cache_storage(const long *P, kit_storage_t *st);

#endif /* PDP_CACHE_H */
