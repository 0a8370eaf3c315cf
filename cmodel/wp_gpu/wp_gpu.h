/*
 * wp_gpu.h - golden model of Liang's whole dynamic scheme (III-B3, with
 * III-C's thread-block bypassing): one wpctl wired to NumSm SMs, each a
 * waypart fed by its own tbbyp, with the glue of doc/wp_gpu.md.
 *
 * Usage profile: one wgc_step() per clock in lockstep against
 * rtl/wp_gpu/wp_gpu.v, and a private instance inside the random generator
 * (tb/wp_gpu/wp_gpu_stim.c) so that the dispatcher around it can follow
 * the periods. The model owns one model of each sub-block and calls their
 * step functions: it copies none of their logic. Every wire between them
 * starts at a sub-block's output register or a glue register (doc "Glue
 * state and reset", G5-G8), so a step builds every input struct from the
 * composite's inputs and last cycle's registers, steps all 2 NumSm + 1
 * models, then updates the glue and computes the outputs from the new
 * registers, as the RTL does.
 *
 * Parameters, ports and widths come from wp_gpu.def. A composite
 * parameter goes to every sub-block with a parameter of the same name
 * (wgc_sub_params).
 */
#ifndef WP_GPU_H
#define WP_GPU_H

#include "cmodel/tbbyp/tbbyp.h"
#include "cmodel/waypart/waypart.h"
#include "cmodel/wpctl/wpctl.h"

/* Port widths of composite configuration P (doc "Parameters"). */
#define WG_SMW(P)   kit_clog2((uint64_t)(P)[wp_gpu_P_NumSm])
#define WG_KW(P)    kit_clog2((uint64_t)(P)[wp_gpu_P_Kernels])
#define WG_SETW(P)  kit_clog2((uint64_t)(P)[wp_gpu_P_Sets])
#define WG_WAYW(P)  kit_clog2((uint64_t)(P)[wp_gpu_P_Ways])
#define WG_CW(P)    kit_clog2((uint64_t)(P)[wp_gpu_P_Ways] + 1u)
#define WG_PARTW(P) ((unsigned)(P)[wp_gpu_P_Kernels] * WG_CW(P))
#define WG_SLOTW(P) kit_clog2((uint64_t)(P)[wp_gpu_P_MaxTb])
#define WG_NBW(P)   kit_clog2((uint64_t)(P)[wp_gpu_P_MaxTb] + 1u)
#define WG_LDW(P)   kit_clog2((uint64_t)(P)[wp_gpu_P_NumLd])
#define WG_WINW(P)  kit_clog2((uint64_t)(P)[wp_gpu_P_Kernels] + 1u)
#define WG_BW(P)    ((unsigned)(P)[wp_gpu_P_IpcW] + \
                     ((P)[wp_gpu_P_FolMean] ? wc_clog2z((uint64_t)((P)[wp_gpu_P_NumSm] - (P)[wp_gpu_P_Kernels])) : 0u))

#define KIT_BLOCK wp_gpu
#define KIT_MODEL_PFX wgc
#define KIT_DEF "cmodel/wp_gpu/wp_gpu.def"
#include "cmodel/core/defgen.h"

#define WG_MAX_SM 8u

/* doc "Integration invariants": viol_o bits. */
enum { WG_VIOL_FOL = 1u, WG_VIOL_SUM = 2u, WG_VIOL_CHG = 4u, WG_VIOL_PROF = 8u, WG_VIOL_BYP = 16u,
       WG_VIOL_CLR = 32u };
/* doc "Integration invariants": planted wiring faults, set by the unit
 * test (tb/wp_gpu/test_wp_gpu.c) to show each check can fail; 0 in every
 * other use. */
enum { WG_FAULT_NONE = 0, WG_FAULT_BCAST_MISS, WG_FAULT_WR_LATE, WG_FAULT_BYP_CUT, WG_FAULT_NO_CLR };

typedef struct wgc_model {
  unsigned numsm, k, ways, cw, numld, retw;
  wpctl_model_t *ctl;
  waypart_model_t *wp[WG_MAX_SM];
  tbbyp_model_t *tb[WG_MAX_SM];
  /* the sub-blocks' output registers (what the wires carry this cycle);
   * wo[s] and bo[s] point at the sub-models' own output structs, which
   * their steps build in place (no copy: the step's hot path) */
  wpctl_out_t co;
  waypart_out_t *wo[WG_MAX_SM];
  tbbyp_out_t *bo[WG_MAX_SM];
  /* the sub-blocks' input structs, rebuilt whole every step (kept here,
   * not on the stack: the step's hot path) */
  waypart_in_t wi[WG_MAX_SM];
  tbbyp_in_t bi[WG_MAX_SM];
  /* glue (doc "Glue state and reset") */
  unsigned p1_sm, p1_st, p1_k, p1_set;
  uint64_t p1_tag;
  unsigned p2_sm, p2_st, p2_k, p2_byp;
  unsigned dbg_sm_q, iss_sm_q, start_q, chk_q;   /* chk_q: 1 after the first edge out of reset (I-CHG) */
  unsigned wrq_valid, wrq_all, wrq_sm;
  uint64_t wrq_part;
  uint64_t part_q[WG_MAX_SM];
  /* a planted fault's delayed write (WG_FAULT_WR_LATE) */
  unsigned late_we;
  uint64_t late_part;
  wp_gpu_out_t out;                /* the outputs after reset (wgc_new); a step writes only its caller's */
  unsigned fault;                  /* WG_FAULT_*: a planted wiring bug (tests only) */
} wgc_model_t;

/* The sub-block configuration Psub of composite configuration P: sub's
 * defaults, overridden by the composite parameters of the same name. */
void wgc_sub_params(const kit_block_t *sub, const long *P, long *Psub);

/* doc "Integration invariants": the viol_o bits of the registers m shows. */
unsigned wgc_viol(const wgc_model_t *m);

/* Storage (doc "Storage"). */
void wp_gpu_storage(const long *P, kit_storage_t *st);
void wgc_report(const long *P, FILE *f);

#endif /* WP_GPU_H */
