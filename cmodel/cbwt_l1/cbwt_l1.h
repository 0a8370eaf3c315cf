/*
 * cbwt_l1.h - golden model of CBWT's sampler-core slice (Chen et al.,
 * MICRO 2014, Fig. 10): pdp_cache, pdp, noc_sampler, maw_ctl and
 * victim_bits wired over one sampling period with the glue of
 * doc/cbwt_l1.md.
 *
 * Usage profile: one cb_step() per clock in lockstep against
 * rtl/cbwt_l1/cbwt_l1.v, and a private instance inside the random generator
 * (tb/cbwt_l1/cbwt_l1_stim.c) so that the NoC around it can answer the
 * packets it marks. The model owns one model of each sub-block and calls
 * their step functions: it copies none of their logic. Every wire between
 * them starts at a sub-block's output register (doc "Wiring"), so a step
 * builds the five input structs from the composite's inputs and the
 * sub-blocks' previous outputs, steps all five, then updates the glue and
 * computes the composite outputs from the new registers, as the RTL does.
 *
 * Parameters, ports and widths come from cbwt_l1.def. A composite
 * parameter goes to every sub-block with a parameter of the same name, or
 * by the rename table cb_map (cb_sub_params).
 */
#ifndef CBWT_L1_H
#define CBWT_L1_H

#include "cmodel/maw_ctl/maw_ctl.h"
#include "cmodel/noc_sampler/noc_sampler.h"
#include "cmodel/pdp/pdp.h"
#include "cmodel/pdp_cache/pdp_cache.h"
#include "cmodel/victim_bits/victim_bits.h"

/* Port widths of composite configuration P (the sub-blocks' own macros
 * index their own parameter arrays). */
#define CB_SETW(P)   kit_clog2((uint64_t)(P)[cbwt_l1_P_Sets])
#define CB_WAYW(P)   kit_clog2((uint64_t)(P)[cbwt_l1_P_Ways])
#define CB_LD(P)     pdpc_log2u((unsigned long)(P)[cbwt_l1_P_DMax])
#define CB_IDW(P)    (kit_clog2((uint64_t)(P)[cbwt_l1_P_Slots]) + 1u)
#define CB_NW(P)     kit_clog2(((uint64_t)(P)[cbwt_l1_P_NMax] << (P)[cbwt_l1_P_PerCore]) + 1u)
#define CB_L2SETW(P) kit_clog2((uint64_t)(P)[cbwt_l1_P_L2Sets])
#define CB_L2WAYW(P) kit_clog2((uint64_t)(P)[cbwt_l1_P_L2Ways])
#define CB_L1W(P)    kit_clog2((uint64_t)(P)[cbwt_l1_P_L1s])

#define KIT_BLOCK cbwt_l1
#define KIT_MODEL_PFX cb
#define KIT_DEF "cmodel/cbwt_l1/cbwt_l1.def"
#include "cmodel/core/defgen.h"

/* doc "Integration invariants": viol_o bits. */
enum { CB_VIOL_PER = 1u, CB_VIOL_WAIT = 2u, CB_VIOL_MAW = 4u, CB_VIOL_NOC = 8u, CB_VIOL_BYP = 16u,
       CB_VIOL_AVG = 32u };
/* doc "Integration invariants": planted wiring faults, set by the unit
 * test (tb/cbwt_l1/test_cbwt_l1.c) to show each check can fail; 0 in every
 * other use. */
enum { CB_FAULT_NONE = 0, CB_FAULT_PDP_WRITES, CB_FAULT_NO_PER_END, CB_FAULT_MAW_FORCE, CB_FAULT_BYP_ON };

typedef struct cb_model {
  pdp_cache_model_t *pc;
  pdp_model_t *pdp;
  noc_sampler_model_t *noc;
  maw_ctl_model_t *maw;
  victim_bits_model_t *vb;
  /* the sub-blocks' output registers (what the wires carry this cycle) */
  pdp_cache_out_t co;
  pdp_out_t po;
  noc_sampler_out_t no;
  maw_ctl_out_t mo;
  victim_bits_out_t vo;
  unsigned pd_tag_mask_w;          /* PdTagW */
  unsigned byp_mode;               /* BypMode */
  unsigned n;                      /* maw_ctl's n (reset MAW) */
  /* glue (doc "Glue state and reset") */
  unsigned busy_q, busy_q2, wait_q, maw_q, byp_q;
  cbwt_l1_out_t out;               /* the composite's outputs */
  unsigned fault;                  /* CB_FAULT_*: a planted wiring bug (tests only) */
} cb_model_t;

/* The sub-block configuration Psub of composite configuration P: sub's
 * defaults, overridden by the composite parameters mapped to it (doc
 * "Parameters"). */
void cb_sub_params(const kit_block_t *sub, const long *P, long *Psub);

/* doc "Integration invariants": the viol_o bits of the registers m shows
 * (its sub-block outputs and glue after a step). */
unsigned cb_viol(const cb_model_t *m);

/* Storage (doc "Storage"): the sub-blocks' rows, the glue, and V-D's items
 * printed by cb_report. */
void cbwt_l1_storage(const long *P, kit_storage_t *st);
void cb_report(const long *P, FILE *f);

#endif /* CBWT_L1_H */
