/*
 * cta_traffic.h - the CTA side of the CTA Throttling Logic on traffic, as
 * the traffic adapters of ctl and linebacker both drive it (doc/ctl.md
 * "Traffic"): SM 0's CTAs in slots, its instructions, its reads in flight,
 * and the RF and memory ports (the extension of tb/stim for these two
 * adapters, as cta_env.h is for their random generators).
 *
 * Usage profile: an adapter keeps one kit_ctat_t, feeds it every event of
 * SM 0 of the kinds KIT_CTAT_KINDS (kit_ctat_event), sets the ports once a
 * cycle from the private model's CTL state and outputs (kit_ctat_drive)
 * and, after stepping that model, calls kit_ctat_after. Ports are passed
 * as the block's input words, so one driver serves both input structs.
 *
 * Design choice: every rule (which CTA launches when, when a CTA that
 * ended completes, what ret_cnt_i counts, drained_i, the memory latency)
 * is in doc/ctl.md "Traffic"; the stimulus stays a function of the
 * traffic and the parameters (the model is the adapter's own).
 */
#ifndef CTA_TRAFFIC_H
#define CTA_TRAFFIC_H

#include "cmodel/ctl/ctl.h"
#include "tb/stim/tadapt.h"

#define KIT_CTAT_Q 256u   /* CTAs waiting for a slot */
#define KIT_CTAT_KINDS                                                                                      \
  (KIT_HEV_BIT(KIT_HEV_INST) | KIT_HEV_BIT(KIT_HEV_CTA) | KIT_HEV_BIT(KIT_HEV_CTA_END) |                   \
   KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN))

typedef struct kit_ctat {
  unsigned maxcta, nslots, retmax;   /* nslots: slots launched into, min(MaxCta, 2^RnW) */
  uint32_t nreg, memlat, bp;
  uint64_t now;                /* the adapter's cycle (after the reset cycles) */
  struct {
    int used, ended;
    uint32_t kernel, cta;
    unsigned inflight;         /* its reads between INJECT and RETURN */
  } s[CTL_MAX_CTA];
  uint32_t qk[KIT_CTAT_Q], qc[KIT_CTAT_Q];
  unsigned qn, owed;
  uint64_t ret;                /* instructions carried to the next cycles */
  uint64_t rq[CTL_MAX_BUF];    /* return cycles of accepted reads, in order */
  unsigned rq_head, rq_n;
} kit_ctat_t;

/* The input words the CTA side sets (pointers into the block's in[]). */
typedef struct kit_ctat_ports {
  uint64_t *cfg_ld, *cfg_nreg, *cfg_bp, *ret_cnt, *launch_valid, *launch_id, *launch_frn, *done_valid, *done_id,
      *drained, *mem_rvalid, *dbg_cta;
} kit_ctat_ports_t;

/* MaxCta slots, RetW and RnW of the CTL; memlat the memory's latency. */
void kit_ctat_init(kit_ctat_t *t, unsigned maxcta, unsigned retw, unsigned rnw, uint32_t memlat);
/* One event of SM 0; sched: the CTL's sched_mask_o in this cycle. */
void kit_ctat_event(kit_ctat_t *t, const kit_hev_t *e, uint64_t sched);
/* This cycle's CTA-side inputs, from the CTL's state m and the outputs o it
 * shows in this cycle. */
void kit_ctat_drive(kit_ctat_t *t, const ctl_model_t *m, const ctl_out_t *o, const kit_ctat_ports_t *p);
/* After the model's step (o: the outputs of the coming cycle). */
void kit_ctat_after(kit_ctat_t *t, const ctl_out_t *o);

#endif /* CTA_TRAFFIC_H */
