/*
 * vtt.h - bit-accurate, cycle-level golden model of the Linebacker Victim
 * Tag Table with its partitions (Oh et al., ISCA 2019, sections 3.2, 4,
 * 4.1, 4.2, Table 3; doc/vtt.md).
 *
 * Usage profile: one vtt_step() per clock, millions of times in lockstep
 * against the RTL. The table is large (1536 entries at the paper
 * configuration) but an operation touches one set (TotWays <= 32 entries),
 * and most cycles only count down a blocking operation; only a withdrawal or
 * a mode change walks every set (to clear valid bits). So the step never
 * copies the table: it computes the outputs and the few next values from
 * the current state and the inputs, then writes only what changes, in the
 * order the RTL's edge would (debug read first: read before write).
 *
 * The outputs returned by vtt_step() are the values the RTL shows after the
 * rising edge that ends the cycle whose inputs were passed in (operation
 * latencies: doc/vtt.md "Operations and timing"). mode_o, vp_act_o and
 * lrn_ack_o are the mode, mask and lrn_ack registers themselves.
 *
 * Parameters, ports and widths come from vtt.def (the single source of
 * truth); see cmodel/core/defgen.h for what it generates.
 */
#ifndef VTT_H
#define VTT_H

#include "cmodel/core/block.h"

/* Derived widths (doc/vtt.md "Derived values"); P is a long[vtt_NPARAMS]. */
#define VTT_TOTWAYS(P) ((unsigned)((P)[vtt_P_NumVp] * (P)[vtt_P_VpWays]))
#define VTT_SETW(P)    kit_clog2((uint64_t)(P)[vtt_P_Sets])
#define VTT_VPW(P)     kit_clog2((uint64_t)(P)[vtt_P_NumVp])
#define VTT_WAYW(P)    kit_clog2((uint64_t)(P)[vtt_P_VpWays])
#define VTT_RANKW(P)   kit_clog2((uint64_t)VTT_TOTWAYS(P))
#define VTT_MAXLAT(P)  ((unsigned)((P)[vtt_P_VpLat] * (P)[vtt_P_NumVp]))
#define VTT_VPSW(P)    kit_clog2((uint64_t)(P)[vtt_P_NumVp] + 1u)

#define KIT_BLOCK vtt
#define KIT_DEF "cmodel/vtt/vtt.def"
#include "cmodel/core/defgen.h"

/* doc/vtt.md "Modes": mode_o encoding (3 never). */
enum { VTT_MODE_MON = 0, VTT_MODE_VC = 1, VTT_MODE_OFF = 2 };
/* doc/vtt.md "Ports": req_op_i encoding (3 is reserved). */
enum { VTT_OP_LOOKUP = 0, VTT_OP_PROBE = 1, VTT_OP_INSERT = 2, VTT_OP_RSVD = 3 };
/* 4.1: "32-way set-associative structure": at most 32 ways per set. */
#define VTT_MAX_WAYS 32u

typedef struct vtt_model {
  /* configuration, validated by the caller (kit_params_check) */
  unsigned sets, vpways, numvp, totways, tagw, rnw, vplat, maxlat;
  uint32_t offset;                 /* Base(0), 1 .. 2^RnW - NEnt */
  uint32_t vpent;                  /* Sets x VpWays */
  uint32_t all_vp;                 /* NumVp ones */
  uint64_t tag_mask, rn_mask;
  /* table (doc "State and reset"): entry (set X, global way g) at X*totways+g */
  uint32_t *valid;                 /* [sets], bit g = entry g valid */
  uint64_t *tag;                   /* [sets*totways], TagW bits */
  uint8_t *rank;                   /* [sets*totways], 0 .. totways-1; a permutation per set */
  /* control */
  unsigned mode;                   /* 2 bits, VTT_MODE_*; 3 never */
  uint32_t mask;                   /* NumVp bits: the active VPs in force (vp_act_o) */
  uint32_t wmask;                  /* TotWays bits: the ways of the active VPs (from mask) */
  uint32_t lrn_ack;                /* RnW bits: lrn_i the mask was computed from */
  unsigned cnt;                    /* 0 idle, else busy cycles left, 1 .. maxlat-1 */
  unsigned hop, hset;              /* held request while busy: op 0..2, set < sets */
  uint64_t htag;
  vtt_out_t out;                   /* registered outputs */
} vtt_model_t;

/* The outcome of one operation on the current table (doc "Operations"). */
typedef struct vtt_res {
  unsigned lat;                    /* L, 1 .. maxlat */
  unsigned vps;                    /* VPs searched, 0 .. numvp (L = vplat x vps, or 1) */
  int hit, fill, evict;            /* found / new entry written / valid entry displaced */
  unsigned g;                      /* global way hit, refreshed or filled */
  uint64_t evict_tag;
} vtt_res_t;

void vtt_reset(vtt_model_t *m);

/* doc "Eq. 2": RN of entry (vp, set, way). */
uint32_t vtt_rn(const vtt_model_t *m, unsigned vp, unsigned set, unsigned way);
/* doc "Partition activation": mask of VPs with Base(N) > lrn. */
uint32_t vtt_act_mask(const vtt_model_t *m, uint32_t lrn);
/* Invariants 1-5 of doc/vtt.md on the state and the registered outputs;
 * 0 = hold, else a description in err. */
int vtt_check(const vtt_model_t *m, char *err, size_t errlen);

/* Storage estimate (doc/vtt.md "Storage"). */
void vtt_storage(const long *P, kit_storage_t *st);

#endif /* VTT_H */
