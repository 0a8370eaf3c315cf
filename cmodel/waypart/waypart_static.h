/*
 * waypart_static.h - Liang's static partitioning (Algorithm 1, section
 * III-B2) offline, and the brute-force search that checks it.
 *
 * Specification: doc/waypart.md "The static scheme (Algorithm 1)",
 * decisions ST1-ST6. A table gives, per kernel, its throughput when it
 * bypasses the L1 and with 1..Ways ways (single-program profiles, any
 * integer unit: instructions retired in a fixed window, or IPC x 1000).
 * The result loads into `waypart` as its fixed partition (`part_i`);
 * `kit partition` (tb/harness/partition.c) reads the table file.
 */
#ifndef WAYPART_STATIC_H
#define WAYPART_STATIC_H

#include <stddef.h>
#include <stdint.h>

#define WPS_MAX_K 8    /* waypart's Kernels range */
#define WPS_MAX_W 32   /* waypart's Ways range */

typedef struct waypart_table {
  unsigned k, ways;                              /* K kernels, W ways */
  char name[WPS_MAX_K][32];
  /* t[k][0] = throughput bypassing (0 ways, WP6), t[k][c] with c ways */
  uint32_t t[WPS_MAX_K][WPS_MAX_W + 1];
} waypart_table_t;

typedef struct waypart_static {
  unsigned c[WPS_MAX_K];        /* way counts, sum <= W */
  unsigned __int128 stp;        /* STP in units of 2^-32 (ST2) */
} waypart_static_t;

/* STP of the partition c (ST2). */
unsigned __int128 waypart_stp(const waypart_table_t *t, const unsigned *c);

/* Algorithm 1 as read in ST1-ST5; candidates (bit k: bypass(k) true) out. */
void waypart_alg1(const waypart_table_t *t, waypart_static_t *r, unsigned *candidates);

/* Every partition with sum <= W; the first of the highest STP in
 * lexicographic order of (c[0], c[1], ...) (ST6). */
void waypart_brute(const waypart_table_t *t, waypart_static_t *r);

/* part_i of waypart for the partition (doc "Ports": field k at k x CW). */
uint64_t waypart_part_word(const waypart_table_t *t, const unsigned *c);

#endif /* WAYPART_STATIC_H */
