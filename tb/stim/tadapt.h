/*
 * tadapt.h - the traffic adapter of a block (doc/traffic.md "Adapters"):
 * what turns the cache hierarchy's events (tb/stim/hier.h) into the
 * block's per-cycle inputs, so a block runs in lockstep on a GPU kernel or
 * a trace (make check BLOCK=b TRAFFIC=kernel, TRACE=file).
 *
 * A block declares its adapter in its own place: tb/<b>/<b>_traffic.c
 * defines `const kit_tadapt_t <b>_traffic` and nothing else is edited (the
 * Makefile lists the blocks that have that file in build/gen/
 * kit_traffic.h; kit_tadapt_find looks the block up there). A block
 * without one gets the one-line error "block X has no traffic adapter".
 *
 * Usage profile: one adapter state per run; next is called once per
 * cycle, after the source's reset cycles, and pulls as many events as it
 * needs (kit_tadapt_pull) to make that cycle's inputs.
 *
 * Design choice: open loop, like the random generators: an adapter sees
 * the events, never the block's outputs, so the stimulus is a function of
 * (traffic, hierarchy, block parameters) alone and the model and the RTL
 * can run on separate threads. An adapter keeps the block's input rules
 * (doc/<b>.md) itself; the source checks nothing more.
 */
#ifndef KIT_TADAPT_H
#define KIT_TADAPT_H

#include <stddef.h>
#include <stdint.h>

#include "cmodel/core/block.h"
#include "tb/stim/hier.h"

typedef struct kit_tadapt {
  /* One line: which events drive which ports (kit traffic --adapters). */
  const char *doc;
  /* State for block configuration P over hierarchy h (its parameters,
   * kit_hier_P, and L1 count, kit_hier_sms); NULL with a one-line err when
   * this configuration cannot be driven (e.g. out of memory). */
  void *(*create)(const long *P, const kit_hier_t *h, char *err, size_t errlen);
  /* The next cycle's inputs: every input port set (in[] arrives holding
   * the ports' idle values, rst_ni = 1); 1, or 0 when the traffic is over
   * (no cycle made), or -1 with err set (from kit_hier_next). */
  int (*next)(void *s, kit_hier_t *h, uint64_t *in, char *err, size_t errlen);
  void (*destroy)(void *s);
  /* The event kinds next reads (KIT_HEV_BIT(KIT_HEV_L1) | ...), or 0 for
   * all: the hierarchy makes no other event (kit_hier_want). Added after
   * the interface's first commit; an adapter that leaves it out reads
   * every kind, as before. */
  unsigned kinds;
  /* The kinds of which next reads SM 0's events only, skipping every
   * other SM's before looking at anything else in them (0: none): the
   * hierarchy makes them for SM 0 alone (kit_hier_watch), and does not
   * simulate the other L1s when no L2-side kind is in kinds. Optional,
   * added after kinds for speed (doc/traffic.md "Speed"). */
  unsigned sm0_kinds;
} kit_tadapt_t;

/* Every adapter, by name (<block>_traffic), from the generated list. */
#define KIT_TRAFFIC_ENTRY(b) extern const kit_tadapt_t b##_traffic;
#include "kit_traffic.h"
#undef KIT_TRAFFIC_ENTRY

/* The adapter of block b, or NULL when it has none. */
const kit_tadapt_t *kit_tadapt_find(const kit_block_t *b);
/* Names of the blocks that have one, in block order; the count. */
unsigned kit_tadapt_blocks(const char **names, unsigned max);

/* A zeroed adapter state of n bytes, or NULL with err "out of memory". */
void *kit_tadapt_alloc(size_t n, char *err, size_t errlen);

/* The next event whose kind is in kinds (bit kit_hev_kind_t), skipping
 * the others: 1, 0 at the end of the traffic, -1 with err set. */
int kit_tadapt_pull(kit_hier_t *h, unsigned kinds, kit_hev_t *e, char *err, size_t errlen);
#define KIT_HEV_BIT(k) (1u << (k))

/* A private model of block b (configuration P) after one reset cycle
 * (rst_ni 0, every other input idle, as the source's reset cycles): out
 * (b->nout words) gets the outputs the DUT shows in the first cycle after
 * reset. For an adapter that must know what the block answers (the ids it
 * hands out, the ways it reserves) while staying open loop: it steps the
 * model with the inputs it gives. NULL when out of memory; free it with
 * b->model_free. */
void *kit_tadapt_model(const kit_block_t *b, const long *P, uint64_t *out);

/* For an adapter that keeps the hierarchy's time (block cycle n after the
 * reset cycles = hierarchy cycle n, idle where no event falls): its clock
 * and the one event it pulled ahead. Zero it to start; the adapter sets
 * now (usually: one more each cycle). */
typedef struct kit_tclock {
  uint64_t now;
  kit_hev_t e;     /* the held event (have) */
  int have, end;   /* end: the hierarchy has no more event of the kinds */
} kit_tclock_t;
/* The next event of kinds (bits) whose time is <= c->now: 1; 0 when none
 * is due (the next is later and held, or the traffic is over: c->end);
 * -1 with err set. An INST event's w is valid until the next call. */
int kit_tadapt_due(kit_hier_t *h, kit_tclock_t *c, unsigned kinds, kit_hev_t *e, char *err, size_t errlen);
/* No event of the clock's kinds is left. */
static inline int kit_tclock_over(const kit_tclock_t *c) { return c->end && !c->have; }

#endif /* KIT_TADAPT_H */
