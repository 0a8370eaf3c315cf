/*
 * linebacker.h - golden model of the Linebacker SM slice: the Load Monitor,
 * the Victim Tag Table and the CTA Throttling Logic wired together with the
 * glue of doc/linebacker.md (Oh et al., ISCA 2019, 3.2, 4, Figures 6, 7).
 *
 * Usage profile: one lb_step() per clock in lockstep against
 * rtl/linebacker/linebacker.v, and a second private instance inside the random
 * generator (tb/linebacker/linebacker_stim.c) so that the SM around it can react.
 * The model owns one lm, one vtt and one ctl model and calls their step
 * functions: it copies none of their logic. Every wire between them
 * starts at a sub-block's output register (doc "Wiring"), so a step
 * builds the three input structs from the composite's inputs, the glue
 * registers and the sub-blocks' previous outputs, steps all three, then
 * updates the glue and computes the composite outputs from the new
 * registers, as the RTL does.
 *
 * Parameters, ports and widths come from linebacker.def (the single
 * source of truth); see cmodel/core/defgen.h for what it generates. A composite
 * parameter goes to every sub-block that has a parameter of the same name
 * (lb_sub_params), so a parameter added to a sub-block's .def is one line
 * in linebacker.def.
 */
#ifndef LINEBACKER_H
#define LINEBACKER_H

#include "cmodel/ctl/ctl.h"
#include "cmodel/lm/lm.h"
#include "cmodel/vtt/vtt.h"

#define KIT_BLOCK linebacker
#define KIT_MODEL_PFX lb
#define KIT_DEF "cmodel/linebacker/linebacker.def"
#include "cmodel/core/defgen.h"

/* doc "Integration invariants": viol_o bits. */
enum { LB_VIOL_RF = 1u, LB_VIOL_ACK = 2u, LB_VIOL_WIN = 4u };
/* doc "Integration invariants": planted wiring faults, set by the unit
 * test (tb/linebacker/test_linebacker.c) to show each check can fail; 0 in every
 * other use. */
enum { LB_FAULT_NONE = 0, LB_FAULT_NO_WIN_END, LB_FAULT_SELF_ACK, LB_FAULT_NO_LRN };
/* doc "Glue state": eviction stages. */
enum { LB_EV_NONE = 0, LB_EV_CHECK = 1, LB_EV_OFFER = 2 };

typedef struct lb_model {
  lm_model_t *lm;
  vtt_model_t *vtt;
  ctl_model_t *ctl;
  /* the sub-blocks' output registers (what the wires carry this cycle) */
  lm_out_t lo;
  vtt_out_t vo;
  ctl_out_t co;
  /* glue (doc "Glue state and reset") */
  uint32_t lk_pc;
  unsigned ev_st, ev_useful, win_chk;
  uint32_t ev_set;
  uint64_t ev_tag;
  linebacker_out_t out;            /* the composite's outputs */
  unsigned fault;                  /* LB_FAULT_*: a planted wiring bug (tests only) */
} lb_model_t;

/* The sub-block configuration Psub of composite configuration P: sub's
 * defaults, overridden by every composite parameter of the same name. */
void lb_sub_params(const kit_block_t *sub, const long *P, long *Psub);
/* The CTL's inputs that are the composite's SM-side inputs of the same name
 * (doc "Wiring"); the wired ones (lm_state_i, win_end_i, lrn_ack_i) 0. */
void lb_ctl_in(const linebacker_in_t *in, ctl_in_t *ci);

/* doc "Integration invariants": the viol_o bits for the state after a
 * step (m's sub-block outputs are the new ones), given the VTT's and the
 * CTL's outputs before it, whether the CTL decided a window while
 * throttling (win_chk) and whether that window end was the selecting one.
 * lb_step calls it; the unit test calls it on planted states. */
unsigned lb_viol(const lb_model_t *m, const vtt_out_t *vprev, const ctl_out_t *cprev, unsigned win_chk,
                 int selecting);

/* Storage (doc "Storage"): the sub-blocks' rows, the glue, and the
 * section 4.2 table printed by lb_report. */
void linebacker_storage(const long *P, kit_storage_t *st);
void lb_report(const long *P, FILE *f);

#endif /* LINEBACKER_H */
