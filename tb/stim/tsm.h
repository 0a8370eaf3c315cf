/*
 * tsm.h - one SM's dispatcher view of the hierarchy's events, for the
 * traffic adapters of blocks that sit beside an SM's thread-block
 * dispatcher (tbbyp, wp_gpu: doc/traffic.md "Adapters", "SM view").
 *
 * From the events of one SM it keeps the resident CTAs in numbered slots
 * (a CTA event takes the lowest free slot, its CTA_END frees it), the
 * warps of each that have issued (INST), and the read misses of each
 * kernel in flight (an L1 read packet from its INJECT to its RETURN).
 *
 * Usage profile: one per SM of the block, fed every event of its SM in
 * time order (kit_tsm_event); a handful of slots, so linear scans.
 *
 * Design choice: slots are the adapter's own numbering (the block's
 * thread-block slots, MaxTb of them); a CTA that finds none free is not
 * resident in this view (kit_tsm_event gives -1: its issue, retire and
 * loads are not shown to the block), because a block's slot count may be
 * below what the kernel's WarpsPerSm lets the hierarchy run.
 */
#ifndef KIT_TSM_H
#define KIT_TSM_H

#include <stdint.h>

#include "tb/stim/hier.h"

#define KIT_TSM_SLOTS 64u    /* slots at most */
#define KIT_TSM_KERNELS 8u   /* kernels whose misses are counted */

typedef struct kit_tsm {
  unsigned nslots;
  struct {
    int used;
    uint32_t kernel, cta;
    uint64_t warps;          /* bit w: warp w (mod 64) has issued */
  } s[KIT_TSM_SLOTS];
  uint32_t miss[KIT_TSM_KERNELS];
  uint32_t issued[KIT_TSM_KERNELS];   /* kit_tsm_warps of those kernels, kept per event */
} kit_tsm_t;

/* A view with nslots (1..KIT_TSM_SLOTS) free slots. */
void kit_tsm_init(kit_tsm_t *t, unsigned nslots);
/* Apply one event of this SM. CTA: the slot it took; CTA_END: the slot it
 * freed; either -1 when the CTA has no slot. Other kinds: its CTA's slot
 * or -1 (INJECT, RETURN, MEM of a write-back: -1). */
int kit_tsm_event(kit_tsm_t *t, const kit_hev_t *e);
/* Warps that have issued in the resident CTAs of kernel k. */
unsigned kit_tsm_warps(const kit_tsm_t *t, uint32_t k);

#endif /* KIT_TSM_H */
