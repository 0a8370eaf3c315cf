/*
 * hier.h - the functional GPU cache hierarchy of doc/traffic.md "The cache
 * hierarchy" (issue 29 item 3): warp memory instructions (kit_winst_t, from
 * a kernel generator, a kit trace or an Accel-Sim .traceg) go through a
 * coalescer (a warp's lanes -> its distinct lines), the per-SM L1s, a NoC
 * of fixed delay, the shared L2 banks and memory, and come out as one
 * time-ordered stream of events (kit_hev_t): what a block adapter
 * (tb/<block>/<block>_traffic.c, tb/stim/tadapt.h) maps onto its ports.
 *
 * Usage profile: one hierarchy per traffic run; the adapter pulls events
 * one at a time (kit_hier_next), some millions per run, so the caches are
 * flat arrays indexed by set and the events in flight wait in one FIFO per
 * latency class (each in time order by construction), merged at the
 * output: no sorting, only the events still in flight held.
 *
 * Design choice: functional, not timed: every cache is updated at once in
 * the order the instructions arrive (a miss fills its line at once; no
 * MSHRs, no bank conflicts, no back-pressure), and times are fixed
 * latencies added to a global clock that advances one cycle per L1
 * access. So per level, time order is processing order, and a block that
 * sees one level sees it in a consistent order. Every rule is in
 * doc/traffic.md; every parameter is a kit_param_t (kit_hier_params).
 */
#ifndef KIT_HIER_H
#define KIT_HIER_H

#include <stddef.h>
#include <stdint.h>

#include "cmodel/core/block.h"
#include "vectors/trace.h"

/* The hierarchy's parameters (indexes into its P[]). */
enum {
  HP_LINE, HP_L1SETS, HP_L1WAYS, HP_L1WB, HP_L2BANKS, HP_L2SETS, HP_L2WAYS, HP_L2WB,
  HP_NOCLAT, HP_L2LAT, HP_MEMLAT, HP_N
};
const kit_param_t *kit_hier_params(void);   /* HP_N entries */

/* Event kinds, in the order the doc lists them. */
typedef enum {
  KIT_HEV_INST = 0,   /* a warp instruction issued: w, nreq (its distinct lines) */
  KIT_HEV_CTA,        /* a CTA's first instruction (launch): sm, cta, kernel */
  KIT_HEV_CTA_END,    /* a CTA's last instruction has issued (finish): sm, cta, kernel */
  KIT_HEV_L1,         /* an L1 access (one line request of an instruction) */
  KIT_HEV_INJECT,     /* a packet enters the NoC: L1 sm -> L2 bank (pkt, store) */
  KIT_HEV_L2,         /* an L2 bank access */
  KIT_HEV_MEM,        /* a memory access by an L2 bank (fill read or write-back) */
  KIT_HEV_RETURN,     /* the reply packet of pkt reaches L1 sm */
  KIT_HEV_NKINDS
} kit_hev_kind_t;

typedef struct kit_hev {
  uint64_t time;      /* cycle of the event (global clock, doc/traffic.md) */
  uint64_t seq;       /* creation order: ties on time go in this order */
  uint8_t kind;       /* kit_hev_kind_t */
  uint8_t store;      /* the access writes (a store, a write-through, a write-back) */
  uint8_t hit;        /* L1, L2: the line was present */
  uint8_t evict;      /* L1, L2: a valid line was replaced (victim) */
  uint8_t dirty;      /* L1, L2: that victim was dirty (it is written back) */
  uint8_t wb;         /* L2, MEM, INJECT: this access is a write-back of a victim */
  uint32_t sm;        /* requesting SM = its L1 (all kinds) */
  uint32_t bank;      /* L2 bank (INJECT, L2, MEM, RETURN) */
  uint32_t set, way;  /* L1: set and way in that L1; L2: in that bank */
  uint64_t line;      /* line address (byte address / Line) */
  uint64_t victim;    /* the victim's line address when evict */
  uint64_t pkt;       /* INJECT, L2, MEM, RETURN: the packet id (0, 1, ...) */
  uint64_t pc;        /* the instruction's PC (0 for a write-back) */
  uint32_t warp, cta, kernel;
  uint32_t nreq;      /* INST: distinct lines; L1: index of this request in its instruction */
  uint64_t inst;      /* the instruction's index in the stream (0, 1, ...) */
  const kit_winst_t *w;  /* INST only: the record, valid until the next kit_hier_next */
} kit_hev_t;

typedef struct kit_hier kit_hier_t;

/* Where the instructions come from: a kernel of tb/stim/traffic.h (by
 * name, parameters as NAME=VALUE words) or a file: a kit trace, or an
 * Accel-Sim trace when the name ends in .traceg. */
typedef struct kit_hier_src {
  const char *kernel;       /* NULL: trace */
  const char *trace;
  const char *words;        /* "NAME=VALUE ..." for the kernel and the hierarchy, may be NULL */
  uint64_t seed;
} kit_hier_src_t;

/* Split src->words between the kernel and the hierarchy (a word naming a
 * hierarchy parameter is the hierarchy's, any other the kernel's; a trace
 * takes SMs= for the .traceg importer only), check them and open the
 * source; a trace is read and checked whole first (its highest SM id sets
 * the L1 count). NULL with a one-line err naming the parameter, kernel or
 * FILE:LINE. */
kit_hier_t *kit_hier_open(const kit_hier_src_t *src, char *err, size_t errlen);
/* The next event in time order: 1, 0 at the end, -1 with err set (out of
 * memory; a trace that changed since it was checked). */
int kit_hier_next(kit_hier_t *h, kit_hev_t *e, char *err, size_t errlen);
/* Hand out only the events of these kinds (bit kit_hev_kind_t; 0: all,
 * the default). The caches are the same either way; events nobody reads
 * are not made (the speed of a block that sees one level). */
void kit_hier_want(kit_hier_t *h, unsigned kinds);
/* The SM filter: events of these kinds (bits) are made only for the SMs
 * in sms (bit s: SM s, s < 64; 0: every SM, the default). An L1 whose
 * events are not made is not simulated at all when no L2-side kind
 * (INJECT, L2, MEM, RETURN) is wanted; otherwise every cache is updated
 * as before. The events made are those of an unfiltered run, same times
 * and seqs; when the unfiltered stream's last event is one the filter
 * dropped, that event is handed out last all the same (its time, seq,
 * kind and sm; the other fields 0), so an adapter that runs to the
 * stream's end (kit_tclock_t) ends in the same cycle. The counts of
 * kit_hier_stats then cover only the caches simulated. */
void kit_hier_watch(kit_hier_t *h, uint64_t sms, unsigned kinds);
/* The parameters the hierarchy runs with (HP_N values), its L1 count and
 * a one-line description of the source ("kernel stream N=256 ... L1Sets=64 ..."). */
const long *kit_hier_P(const kit_hier_t *h);
unsigned kit_hier_sms(const kit_hier_t *h);
const char *kit_hier_desc(const kit_hier_t *h);
/* Counts so far, per kind, and hits of L1 and L2. */
typedef struct kit_hier_stats {
  uint64_t n[KIT_HEV_NKINDS];
  uint64_t l1_hits, l2_hits, insts;
} kit_hier_stats_t;
void kit_hier_stats(const kit_hier_t *h, kit_hier_stats_t *s);
void kit_hier_free(kit_hier_t *h);

/* The same machinery over a caller's records (the unit tests): params are
 * words for the hierarchy alone, sms the L1 count. Feed records with
 * kit_hier_push, then kit_hier_next drains what is due (all of it after
 * kit_hier_end); an INST event's w is the last record pushed, so drain
 * after each push when w is used. */
kit_hier_t *kit_hier_new(const char *words, unsigned sms, char *err, size_t errlen);
/* last: r is its CTA's last record (a CTA_END event follows it). */
int kit_hier_push(kit_hier_t *h, const kit_winst_t *r, int last, char *err, size_t errlen);
void kit_hier_end(kit_hier_t *h);

#endif /* KIT_HIER_H */
