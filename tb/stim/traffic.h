/*
 * traffic.h - named, seeded, parameterised GPU kernels that emit per-warp
 * memory instructions (kit_winst_t, vectors/trace.h) in a warp-scheduling
 * order: the realistic traffic of doc/traffic.md (issue 29, items 1-2).
 *
 * Usage profile: `kit traffic` and the tests create one generator, pull
 * records until it is empty (up to some millions) and free it. A kernel
 * is a grid of CTAs; each warp runs the kernel's program, one memory
 * instruction at a time, computed from (parameters, CTA, warp, step) and,
 * for bfs, a graph drawn from the seed. CTAs go to SMs as warp slots free
 * up (at most WarpsPerSm resident warps per SM); each SM in turn issues one
 * instruction per step from a ready warp, chosen round-robin or
 * greedy-then-oldest; a load makes its warp wait Lat of its SM's issue
 * slots. Same kernel, parameters and seed: the same records in the same
 * order, on every machine.
 *
 * Design choice: no cache, no timing beyond that one latency: this is the
 * instruction stream only; the functional cache hierarchy of issue 29
 * item 3 consumes it. Parameters are kit_param_t tables (name, range,
 * default, doc) like the blocks' KIT_PARAM lists; the first TRAFFIC_NCOMMON
 * of every kernel are the common ones (SMs, Sched, Lat, WarpsPerSm, Size).
 */
#ifndef KIT_TRAFFIC_H
#define KIT_TRAFFIC_H

#include <stddef.h>
#include <stdint.h>

#include "cmodel/core/block.h"
#include "vectors/trace.h"

#define TRAFFIC_MAX_PARAMS 16
#define TRAFFIC_NCOMMON    5
/* the common parameters' indexes in every kernel's P */
enum { TP_SMS, TP_SCHED, TP_LAT, TP_WARPS_PER_SM, TP_SIZE };
enum { TRAFFIC_RR = 0, TRAFFIC_GTO = 1 };  /* values of Sched */

typedef struct kit_kernel {
  const char *name;
  const char *doc;                   /* one line: what the threads do */
  const kit_param_t *params;         /* the common ones first */
  unsigned nparams;
} kit_kernel_t;

/* The kernels, in a fixed order (mix's A and B name them by this index). */
unsigned kit_kernel_count(void);
const kit_kernel_t *kit_kernel_at(unsigned i);
/* By name; NULL when there is none. */
const kit_kernel_t *kit_kernel_find(const char *name);

/* P gets k's defaults, then the n NAME=VALUE words in order (each a
 * parameter of k, at most once, within its range), then k's legality
 * rules: 0, or -1 with a one-line err naming the parameter. */
int kit_kernel_params(const kit_kernel_t *k, long *P, unsigned n, const char *const *words, char *err,
                      size_t errlen);
/* "NAME=VALUE NAME=VALUE ..." of every parameter of k, for a trace's
 * header comment. */
void kit_kernel_params_text(const kit_kernel_t *k, const long *P, char *buf, size_t len);

typedef struct kit_traffic kit_traffic_t;

/* A generator of kernel k with legal parameters P (kit_kernel_params);
 * NULL with err set when out of memory. */
kit_traffic_t *kit_traffic_new(const kit_kernel_t *k, const long *P, uint64_t seed, char *err,
                               size_t errlen);
/* The next warp instruction in issue order: 1, or 0 when every warp of
 * every CTA has finished. */
int kit_traffic_next(kit_traffic_t *t, kit_winst_t *r);
void kit_traffic_free(kit_traffic_t *t);

#endif /* KIT_TRAFFIC_H */
