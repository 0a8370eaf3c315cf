/*
 * traffic.c - the GPU kernels and the warp scheduler of traffic.h; the
 * kernels, their parameters and their properties are specified in
 * doc/traffic.md "Kernels".
 *
 * Each kernel is a program per warp: inst(part, warp, r) writes the warp's
 * next memory instruction (pc, mask, op, addresses) from its CTA, its warp
 * index and its step count, and returns 0 when the warp has finished. A
 * step whose mask comes out 0 (a stencil neighbour off the grid for the
 * whole warp) is a predicated-off instruction and is not emitted. Array k
 * of a kernel lives at base + k * 2^32, and kernel j of a mix at
 * (j + 1) * 2^40, so the arrays of one trace never overlap.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "tb/stim/traffic.h"

#define ARRAY_SPAN  ((uint64_t)1 << 32)   /* bytes between a kernel's arrays */
#define KERNEL_SPAN ((uint64_t)1 << 40)   /* bytes between co-running kernels' arrays */
#define PC_SPAN     0x1000u               /* pc distance between co-running kernels */
#define PC_BASE     0x100u                /* first pc of a kernel; each pc 8 bytes on */

typedef struct warp {       /* a resident warp's slot in its SM */
  int live;                 /* 0: the slot is free */
  unsigned part;            /* which kernel of a mix (0 otherwise) */
  uint32_t cta, warp;       /* its CTA and its index within the CTA */
  uint64_t step;            /* memory instructions of its program done (or skipped) */
  uint64_t age;             /* launch order over the whole run: GTO's "oldest" */
  uint64_t ready_at;        /* first SM issue slot it may issue in */
  uint32_t maxdeg;          /* bfs: the largest degree among its vertices */
  uint32_t bx, by;          /* matmul: its CTA's tile column and row (set at step 0: no division per step) */
} warp_t;

typedef struct part part_t;
typedef struct kdef {
  kit_kernel_t k;           /* first: kit_kernel_t * converts back to kdef_t * */
  int (*check)(const long *P, char *err, size_t errlen);
  uint32_t (*ctas)(const long *P);       /* CTAs in the grid */
  unsigned (*cta_warps)(const long *P);  /* warps per CTA */
  int (*inst)(const part_t *p, warp_t *w, kit_winst_t *r);
} kdef_t;

struct part {
  const kdef_t *d;
  long P[TRAFFIC_MAX_PARAMS];
  uint64_t base, pc;        /* its arrays' base and its first pc */
  uint32_t ctas, next_cta;  /* grid size; the next CTA to launch */
  unsigned cta_warps;
  uint32_t *cta_left;       /* per CTA: its warps not finished yet */
  uint32_t *rowptr, *col;   /* bfs: the graph, CSR (Nodes + 1 row pointers) */
};

typedef struct sm {
  warp_t *slot;             /* WarpsPerSm slots */
  unsigned used;            /* live slots */
  unsigned last;            /* slot that issued last */
  uint64_t last_age;        /* age of the warp that issued last (its slot may hold a newer one) */
  unsigned turn;            /* mix: the part whose CTA launches next here */
  uint64_t cycle;           /* issue slots so far (issued or idle) */
} sm_t;

struct kit_traffic {
  part_t part[2];
  unsigned nparts, nsm, turn, sched, lat, slots, spatial, size;
  uint64_t live;            /* warps resident over all SMs */
  uint64_t age;
  sm_t *sm;
};

/* --- the parameter tables ------------------------------------------------ */

#define COMMON                                                                                    \
  {"SMs", 1, 128, 4, 0, "SMs; CTAs are spread over them round-robin"},                             \
  {"Sched", 0, 1, 0, 0, "warp scheduler: 0 = loose round-robin, 1 = greedy-then-oldest"},         \
  {"Lat", 0, 100000, 8, 0, "issue slots of its SM a warp waits after a load"},                     \
  {"WarpsPerSm", 1, 64, 48, 0, "resident warps per SM; a CTA starts when all its warps fit"},      \
  {"Size", 1, 16, 4, 0, "bytes per element access: 1, 2, 4, 8 or 16"}
#define CTA_PARAM {"Cta", 32, 1024, 256, 0, "threads per CTA, a multiple of 32"}

static const kit_param_t p_stream[] = {
  COMMON, {"N", 32, 1 << 24, 16384, 0, "threads (and elements), a multiple of 32"}, CTA_PARAM,
  {"Store", 0, 1, 1, 0, "1: each thread then stores b[tid] (b = a copy)"}};
static const kit_param_t p_stride[] = {
  COMMON, {"N", 32, 1 << 24, 8192, 0, "threads, a multiple of 32"}, CTA_PARAM,
  {"S", 1, 4096, 32, 0, "stride in elements: thread tid loads a[tid*S]"}};
static const kit_param_t p_block[] = {
  COMMON, {"N", 32, 1 << 24, 8192, 0, "threads, a multiple of 32"}, CTA_PARAM,
  {"Reps", 1, 1024, 4, 0, "loads per thread of a[tid%32*32]"}};
static const kit_param_t p_bfs[] = {
  COMMON, {"Nodes", 32, 1 << 20, 4096, 0, "graph vertices (one thread each), a multiple of 32"},
  {"Degree", 1, 64, 8, 0, "mean out-degree; each vertex's degree is uniform in 0..2*Degree"}, CTA_PARAM};
static const kit_param_t p_stencil[] = {
  COMMON, {"W", 32, 8192, 256, 0, "grid width in elements, a multiple of 32"},
  {"H", 1, 8192, 64, 0, "grid height, a multiple of Rows"},
  {"Rows", 1, 32, 8, 0, "rows per CTA (a CTA is 32 x Rows threads, a warp one row)"}};
static const kit_param_t p_matmul[] = {
  COMMON, {"N", 8, 4096, 128, 0, "C = A * B, all N x N, N a multiple of Tile"},
  {"Tile", 8, 32, 16, 0, "tile edge: 8, 16 or 32 (a CTA is Tile x Tile threads)"}};
static const kit_param_t p_thrash[] = {
  COMMON, {"L1", 128, 1 << 22, 32768, 0, "the L1 size in bytes the working set is measured against"},
  {"WsPct", 1, 10000, 150, 0, "working set per SM as a percentage of L1 (150 = 1.5 x L1)"}, CTA_PARAM,
  {"Reps", 1, 1000, 4, 0, "sweeps over the working set"}};
static const kit_param_t p_mix[] = {
  COMMON, {"A", 0, 6, 0, 0, "first kernel, by index of --list (0 stream .. 6 thrash); A.NAME=V sets its own parameters"},
  {"B", 0, 6, 6, 0, "second kernel, by index; B.NAME=V sets its own parameters"},
  {"Spatial", 0, 1, 0, 0, "0: both kernels' CTAs on every SM; 1: A on the first half of the SMs, B on the rest"}};

/* per-kernel parameter indexes (after the common ones) */
enum { P0 = TRAFFIC_NCOMMON, P1, P2, P3 };

/* --- helpers of the kernels ---------------------------------------------- */

static uint64_t at(const part_t *p, unsigned array, uint64_t byte) { return p->base + array * ARRAY_SPAN + byte; }
static uint64_t pc_of(const part_t *p, unsigned k) { return p->pc + 8u * k; }
static unsigned size_of(const part_t *p) { return (unsigned)p->P[TP_SIZE]; }
/* thread id of lane of w, CTAs of cta_threads threads */
static uint64_t tid_of(const warp_t *w, long cta_threads, unsigned lane)
{
  return (uint64_t)w->cta * (uint64_t)cta_threads + w->warp * 32u + lane;
}
static uint32_t div_up(uint64_t a, uint64_t b) { return (uint32_t)((a + b - 1) / b); }

static int rule_mult(long v, long m, const char *name, const char *mname, char *err, size_t errlen)
{
  return kit_rule(v % m == 0, err, errlen, "parameter %s=%ld: must be a multiple of %s=%ld", name, v, mname, m);
}
static int rule_n_cta(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[P0] % 32 == 0, err, errlen, "parameter N=%ld: must be a multiple of 32", P[P0]) ||
         kit_rule(P[P1] % 32 == 0, err, errlen, "parameter Cta=%ld: must be a multiple of 32", P[P1]);
}
static uint32_t ctas_n_cta(const long *P) { return div_up((uint64_t)P[P0], (uint64_t)P[P1]); }
static unsigned warps_cta(const long *P) { return (unsigned)(P[P1] / 32); }

/* --- stream: a[tid] (then b[tid] = ...) ---------------------------------- */

static int i_stream(const part_t *p, warp_t *w, kit_winst_t *r)
{
  if (w->step > (uint64_t)p->P[P2]) return 0;
  r->store = (uint8_t)w->step;
  r->pc = pc_of(p, (unsigned)w->step);
  for (unsigned l = 0; l < KIT_WARP; l++) {
    uint64_t tid = tid_of(w, p->P[P1], l);
    if (tid >= (uint64_t)p->P[P0]) continue;
    r->mask |= 1u << l;
    r->addr[l] = at(p, (unsigned)w->step, tid * size_of(p));
  }
  return 1;
}

/* --- stride: a[tid*S] ---------------------------------------------------- */

static int c_stride(const long *P, char *err, size_t errlen)
{
  return rule_n_cta(P, err, errlen) ||
         kit_rule((uint64_t)P[P0] * (uint64_t)P[P2] * (uint64_t)P[TP_SIZE] <= ARRAY_SPAN, err, errlen,
                  "parameter S=%ld: N*S*Size = %llu bytes passes the 4 GiB array span", P[P2],
                  (unsigned long long)P[P0] * (unsigned long long)P[P2] * (unsigned long long)P[TP_SIZE]);
}
static int i_stride(const part_t *p, warp_t *w, kit_winst_t *r)
{
  if (w->step > 0) return 0;
  r->pc = pc_of(p, 0);
  for (unsigned l = 0; l < KIT_WARP; l++) {
    uint64_t tid = tid_of(w, p->P[P1], l);
    if (tid >= (uint64_t)p->P[P0]) continue;
    r->mask |= 1u << l;
    r->addr[l] = at(p, 0, tid * (uint64_t)p->P[P2] * size_of(p));
  }
  return 1;
}

/* --- block: a[tid%32*32], Reps times -------------------------------------- */

static int i_block(const part_t *p, warp_t *w, kit_winst_t *r)
{
  if (w->step >= (uint64_t)p->P[P2]) return 0;
  r->pc = pc_of(p, 0);
  for (unsigned l = 0; l < KIT_WARP; l++) {
    uint64_t tid = tid_of(w, p->P[P1], l);
    if (tid >= (uint64_t)p->P[P0]) continue;
    r->mask |= 1u << l;
    r->addr[l] = at(p, 0, (tid % 32) * 32 * size_of(p));
  }
  return 1;
}

/* --- bfs: one frontier expansion over a seeded random graph -------------- */
/* arrays: 0 rowptr (4-byte), 1 col (4-byte), 2 dist (Size-byte). Step 0
 * loads rowptr[v], step 1 rowptr[v+1], then for each edge slot j below the
 * warp's largest degree: col[rowptr[v]+j] and dist[col[...]] on the lanes
 * whose vertex has more than j edges, and last a store of dist[v]. */

static int c_bfs(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[P0] % 32 == 0, err, errlen, "parameter Nodes=%ld: must be a multiple of 32", P[P0]) ||
         kit_rule(P[P2] % 32 == 0, err, errlen, "parameter Cta=%ld: must be a multiple of 32", P[P2]) ||
         kit_rule(P[P0] * P[P1] <= (1L << 22), err, errlen,
                  "parameter Degree=%ld: Nodes*Degree = %ld edges on average, at most %ld", P[P1], P[P0] * P[P1],
                  1L << 22);
}
static uint32_t ctas_bfs(const long *P) { return div_up((uint64_t)P[P0], (uint64_t)P[P2]); }
static unsigned warps_bfs(const long *P) { return (unsigned)(P[P2] / 32); }
static int i_bfs(const part_t *p, warp_t *w, kit_winst_t *r)
{
  uint64_t nodes = (uint64_t)p->P[P0];
  uint64_t v0 = tid_of(w, p->P[P2], 0);
  if (w->step == 2) {
    w->maxdeg = 0;
    for (unsigned l = 0; l < KIT_WARP && v0 + l < nodes; l++) {
      uint32_t d = p->rowptr[v0 + l + 1] - p->rowptr[v0 + l];
      if (d > w->maxdeg) w->maxdeg = d;
    }
  }
  uint64_t last = 2 + 2 * (uint64_t)w->maxdeg;
  if (w->step > last) return 0;
  unsigned kind = w->step < 2 ? (unsigned)w->step : w->step == last ? 4 : 2 + (unsigned)((w->step - 2) & 1);
  uint64_t j = w->step < 2 ? 0 : (w->step - 2) / 2;
  r->pc = pc_of(p, kind);
  r->store = kind == 4;
  r->size = kind < 2 || kind == 2 ? 4 : (uint8_t)size_of(p);
  for (unsigned l = 0; l < KIT_WARP; l++) {
    uint64_t v = v0 + l;
    if (v >= nodes) continue;
    uint32_t b = p->rowptr[v], d = p->rowptr[v + 1] - b;
    if ((kind == 2 || kind == 3) && j >= d) continue;
    r->mask |= 1u << l;
    switch (kind) {
    case 0: r->addr[l] = at(p, 0, 4 * v); break;
    case 1: r->addr[l] = at(p, 0, 4 * (v + 1)); break;
    case 2: r->addr[l] = at(p, 1, 4 * (b + j)); break;
    case 3: r->addr[l] = at(p, 2, (uint64_t)p->col[b + j] * size_of(p)); break;
    default: r->addr[l] = at(p, 2, v * size_of(p)); break;
    }
  }
  return 1;
}
/* The graph: vertex degrees uniform in 0..2*Degree, each edge's target
 * uniform over the vertices, drawn in vertex order from the seed. */
static int init_bfs(part_t *p, kit_rng_t *rng)
{
  uint64_t nodes = (uint64_t)p->P[P0];
  p->rowptr = malloc((nodes + 1) * sizeof *p->rowptr);
  if (!p->rowptr) return -1;
  p->rowptr[0] = 0;
  for (uint64_t v = 0; v < nodes; v++)
    p->rowptr[v + 1] = p->rowptr[v] + (uint32_t)kit_rng_below(rng, 2 * (uint64_t)p->P[P1] + 1);
  p->col = malloc(((size_t)p->rowptr[nodes] + 1) * sizeof *p->col);
  if (!p->col) return -1;
  for (uint32_t e = 0; e < p->rowptr[nodes]; e++) p->col[e] = (uint32_t)kit_rng_below(rng, nodes);
  return 0;
}

/* --- stencil: 5-point, out[y][x] from in[y][x] and its 4 neighbours ------ */
/* steps: in[y][x], in[y-1][x], in[y+1][x], in[y][x-1], in[y][x+1], store
 * out[y][x]; a neighbour off the grid masks its lane off. */

static int c_stencil(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[P0] % 32 == 0, err, errlen, "parameter W=%ld: must be a multiple of 32", P[P0]) ||
         rule_mult(P[P1], P[P2], "H", "Rows", err, errlen);
}
static uint32_t ctas_stencil(const long *P) { return (uint32_t)((P[P0] / 32) * (P[P1] / P[P2])); }
static unsigned warps_stencil(const long *P) { return (unsigned)P[P2]; }
static int i_stencil(const part_t *p, warp_t *w, kit_winst_t *r)
{
  static const int dy[5] = {0, -1, 1, 0, 0}, dx[5] = {0, 0, 0, -1, 1};
  if (w->step > 5) return 0;
  long W = p->P[P0], H = p->P[P1], cx = (long)w->cta % (W / 32), cy = (long)w->cta / (W / 32);
  long y = cy * p->P[P2] + (long)w->warp;
  unsigned k = (unsigned)w->step;
  r->pc = pc_of(p, k);
  r->store = k == 5;
  for (unsigned l = 0; l < KIT_WARP; l++) {
    long x = cx * 32 + (long)l, yy = y + (k < 5 ? dy[k] : 0), xx = x + (k < 5 ? dx[k] : 0);
    if (yy < 0 || yy >= H || xx < 0 || xx >= W) continue;
    r->mask |= 1u << l;
    r->addr[l] = at(p, k == 5, ((uint64_t)yy * (uint64_t)W + (uint64_t)xx) * size_of(p));
  }
  return 1;
}

/* n lanes of consecutive elements of sz bytes (a power of two) from
 * address a: d[x] = a + x * sz. The run lengths a kernel uses are
 * constants here and the multiply a shift, so the compiler makes each loop
 * a fixed count of vector shifts and adds. */
static void run(uint64_t *d, uint64_t a, uint64_t sz, unsigned n)
{
  const unsigned s = (unsigned)__builtin_ctzll(sz);
  switch (n) {
  case 8: for (uint64_t x = 0; x < 8; x++) d[x] = a + (x << s); break;
  case 16: for (uint64_t x = 0; x < 16; x++) d[x] = a + (x << s); break;
  case 32: for (uint64_t x = 0; x < 32; x++) d[x] = a + (x << s); break;
  default: for (uint64_t x = 0; x < n; x++) d[x] = a + (x << s); break;
  }
}

/* --- matmul: tiled C = A * B --------------------------------------------- */
/* CTA (bx, by) computes C's tile; for each t of N/Tile it loads A's tile
 * (by, t) and B's tile (t, bx) (into shared memory: global loads only),
 * then stores its C tile. Thread (tx, ty): lane order tx fastest. */

static int c_matmul(const long *P, char *err, size_t errlen)
{
  long t = P[P1];
  return kit_rule(t == 8 || t == 16 || t == 32, err, errlen, "parameter Tile=%ld: must be 8, 16 or 32", t) ||
         rule_mult(P[P0], t, "N", "Tile", err, errlen) ||
         kit_rule((uint64_t)P[P0] * (uint64_t)P[P0] * (uint64_t)P[TP_SIZE] <= ARRAY_SPAN, err, errlen,
                  "parameter N=%ld: N*N*Size passes the 4 GiB array span", P[P0]);
}
static uint32_t ctas_matmul(const long *P) { return (uint32_t)((P[P0] / P[P1]) * (P[P0] / P[P1])); }
static unsigned warps_matmul(const long *P) { return (unsigned)(P[P1] * P[P1] / 32); }
static int i_matmul(const part_t *p, warp_t *w, kit_winst_t *r)
{
  const unsigned lt = (unsigned)__builtin_ctzll((uint64_t)p->P[P1]);   /* Tile is 8, 16 or 32: shifts */
  uint64_t N = (uint64_t)p->P[P0], T = (uint64_t)p->P[P1], tiles = N >> lt;
  if (w->step > 2 * tiles) return 0;
  if (w->step == 0) {
    w->bx = (uint32_t)(w->cta % tiles);
    w->by = (uint32_t)(w->cta / tiles);
  }
  uint64_t bx = w->bx, by = w->by, t = w->step / 2;
  unsigned k = w->step == 2 * tiles ? 2 : (unsigned)(w->step & 1);
  r->pc = pc_of(p, k);
  r->store = k == 2;
  r->mask = 0xffffffffu;
  /* every address is f(ty) + tx elements: a warp is 32 / T rows of T
   * lanes (Tile 8, 16 or 32), each row a run of consecutive elements, so
   * the lanes are computed a row at a time by adding the element size */
  const uint64_t sz = size_of(p), base = at(p, k, 0);
  for (unsigned l = 0; l < KIT_WARP; l += (unsigned)T) {
    uint64_t ty = (w->warp * 32u + l) >> lt, row = by * T + ty, e;
    if (k == 0) e = row * N + t * T;              /* A[row][t*T + tx] */
    else if (k == 1) e = (t * T + ty) * N + bx * T; /* B[t*T + ty][bx*T + tx] */
    else e = row * N + bx * T;                     /* C[row][bx*T + tx] */
    run(r->addr + l, base + e * sz, sz, (unsigned)T);
  }
  return 1;
}

/* --- thrash: every SM's CTA sweeps a working set of WsPct% of L1 --------- */
/* One CTA per SM (CTA c on SM c); each sweep loads a[j*Cta + t] for chunk
 * j = 0.. of Cta*Size bytes, so every warp instruction of a sweep touches
 * new lines and a line comes back only after the whole working set. */

static uint64_t ws_bytes(const long *P)
{
  uint64_t chunk = (uint64_t)P[P2] * (uint64_t)P[TP_SIZE];   /* Cta * Size */
  uint64_t want = ((uint64_t)P[P0] * (uint64_t)P[P1] + 99) / 100;
  return (want + chunk - 1) / chunk * chunk;
}
static int c_thrash(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[P2] % 32 == 0, err, errlen, "parameter Cta=%ld: must be a multiple of 32", P[P2]) ||
         kit_rule(ws_bytes(P) / ((uint64_t)P[P2] * (uint64_t)P[TP_SIZE]) * (uint64_t)P[P3] <= (1u << 24), err,
                  errlen, "parameter Reps=%ld: working set / (Cta*Size) * Reps passes 2^24 steps per warp", P[P3]);
}
static uint32_t ctas_thrash(const long *P) { return (uint32_t)P[TP_SMS]; }
static unsigned warps_thrash(const long *P) { return (unsigned)(P[P2] / 32); }
static int i_thrash(const part_t *p, warp_t *w, kit_winst_t *r)
{
  uint64_t cta = (uint64_t)p->P[P2], sz = size_of(p), chunk = cta * sz, chunks = ws_bytes(p->P) / chunk;
  if (w->step >= chunks * (uint64_t)p->P[P3]) return 0;
  uint64_t j = w->step % chunks;
  r->pc = pc_of(p, 0);
  r->mask = 0xffffffffu;
  run(r->addr, at(p, 0, j * chunk + w->warp * 32u * sz), sz, KIT_WARP);   /* lane l: + l * Size */
  return 1;
}

/* --- the table ----------------------------------------------------------- */

#define KDEF(n, doc, params, check, ctas, warps, inst) \
  {{n, doc, params, sizeof params / sizeof params[0]}, check, ctas, warps, inst}
static int c_mix(const long *P, char *err, size_t errlen);
static const kdef_t kdefs[] = {
  KDEF("stream", "streaming: thread tid loads a[tid] (then stores b[tid])", p_stream, rule_n_cta, ctas_n_cta,
       warps_cta, i_stream),
  KDEF("stride", "strided: thread tid loads a[tid*S]", p_stride, c_stride, ctas_n_cta, warps_cta, i_stride),
  KDEF("block", "within-block: thread tid loads a[tid%32*32], Reps times", p_block, rule_n_cta, ctas_n_cta,
       warps_cta, i_block),
  KDEF("bfs", "BFS-like gathers: row pointers, then col[] and dist[col[]] per edge, over a seeded random graph",
       p_bfs, c_bfs, ctas_bfs, warps_bfs, i_bfs),
  KDEF("stencil", "2-D 5-point stencil: out[y][x] from in[y][x] and its 4 neighbours", p_stencil, c_stencil,
       ctas_stencil, warps_stencil, i_stencil),
  KDEF("matmul", "tiled matrix multiply C = A * B, tiles of A and B loaded once per CTA and step", p_matmul,
       c_matmul, ctas_matmul, warps_matmul, i_matmul),
  KDEF("thrash", "thrashing loop: each SM sweeps a working set of WsPct% of L1, Reps times", p_thrash, c_thrash,
       ctas_thrash, warps_thrash, i_thrash),
  KDEF("mix", "two co-running kernels (A and B; A.NAME=V, B.NAME=V their own parameters), on shared or split SMs", p_mix, c_mix,
       NULL, NULL, NULL),
};
#define NKERNELS (sizeof kdefs / sizeof kdefs[0])
#define MIX_KERNEL (NKERNELS - 1)

unsigned kit_kernel_count(void) { return (unsigned)NKERNELS; }
const kit_kernel_t *kit_kernel_at(unsigned i) { return i < NKERNELS ? &kdefs[i].k : NULL; }
const kit_kernel_t *kit_kernel_find(const char *name)
{
  for (unsigned i = 0; i < NKERNELS; i++)
    if (strcmp(kdefs[i].k.name, name) == 0) return &kdefs[i].k;
  return NULL;
}

/* A mix's P: its own parameters (common, A, B, Spatial), then the own
 * (not common) parameters of kernel A, then of kernel B, MIX_OWN slots
 * each: their defaults unless A.NAME=V / B.NAME=V set them. */
#define MIX_NP   (sizeof p_mix / sizeof p_mix[0])
#define MIX_OWN  ((TRAFFIC_MAX_PARAMS - MIX_NP) / 2)
#define MIX_SLOT(j, i) (MIX_NP + (j) * MIX_OWN + (i) - TRAFFIC_NCOMMON)

/* A sub-kernel of a mix: the mix's common parameters and the kernel's own. */
static void mix_sub(const long *P, unsigned which, long *Q)
{
  const kit_kernel_t *k = &kdefs[P[P0 + which]].k;
  for (unsigned i = 0; i < k->nparams; i++) Q[i] = i < TRAFFIC_NCOMMON ? P[i] : P[MIX_SLOT(which, i)];
}

/* The rules every kernel shares, then its own. */
static int check_all(const kdef_t *d, const long *P, char *err, size_t errlen)
{
  long s = P[TP_SIZE];
  if (kit_rule(s == 1 || s == 2 || s == 4 || s == 8 || s == 16, err, errlen,
               "parameter Size=%ld: must be 1, 2, 4, 8 or 16", s))
    return -1;
  if (d->check && d->check(P, err, errlen)) return -1;
  if (d->cta_warps)
    return kit_rule(d->cta_warps(P) <= (unsigned)P[TP_WARPS_PER_SM], err, errlen,
                    "parameter WarpsPerSm=%ld: kernel %s has %u warps per CTA", P[TP_WARPS_PER_SM], d->k.name,
                    d->cta_warps(P));
  return 0;
}

static int c_mix(const long *P, char *err, size_t errlen)
{
  if (kit_rule(!P[P2] || P[TP_SMS] >= 2, err, errlen, "parameter Spatial=1: needs SMs >= 2 (SMs=%ld)", P[TP_SMS]))
    return -1;
  for (unsigned j = 0; j < 2; j++) {
    long Q[TRAFFIC_MAX_PARAMS];
    char sub[KIT_ERR_LEN];
    mix_sub(P, j, Q);
    if (check_all(&kdefs[P[P0 + j]], Q, sub, sizeof sub))
      return kit_rule(0, err, errlen, "parameter %s=%ld (%s): %s", j ? "B" : "A", P[P0 + j],
                      kdefs[P[P0 + j]].k.name, sub);
  }
  return 0;
}

/* The index of parameter NAME (len characters) in k's list, or k->nparams. */
static unsigned param_at(const kit_kernel_t *k, const char *name, size_t len)
{
  unsigned i = 0;
  while (i < k->nparams && (strlen(k->params[i].name) != len || strncmp(k->params[i].name, name, len))) i++;
  return i;
}

/* A word NAME=V (len: NAME's length) that names a mix's sub-kernel
 * parameter, "A.NAME" or "B.NAME". */
static int sub_word(const char *w, size_t len)
{
  return len > 2 && (w[0] == 'A' || w[0] == 'B') && w[1] == '.';
}

/* Word w, "X.NAME=V", of a mix: kernel X's own parameter NAME (the mix's
 * A and B already read). */
static int mix_word(long *P, const char *w, const char *eq, uint32_t *given, char *err, size_t errlen)
{
  const unsigned j = w[0] == 'B';
  const kit_kernel_t *s = &kdefs[P[P0 + j]].k;
  const size_t len = (size_t)(eq - w) - 2;
  const unsigned i = param_at(s, w + 2, len);
  if (i == s->nparams)
    return kit_rule(0, err, errlen, "parameter '%.*s': kernel %s (%c) has no such parameter (kit traffic --list)",
                    (int)(eq - w), w, s->name, w[0]);
  if (i < TRAFFIC_NCOMMON)
    return kit_rule(0, err, errlen, "parameter '%.*s': %s is common to both kernels: give it as %s=",
                    (int)(eq - w), w, s->params[i].name, s->params[i].name);
  const unsigned bit = j * MIX_OWN + i - TRAFFIC_NCOMMON;
  if (*given >> bit & 1) return kit_rule(0, err, errlen, "parameter %.*s given twice", (int)(eq - w), w);
  *given |= 1u << bit;
  char what[64];
  snprintf(what, sizeof what, "parameter %.*s", (int)(eq - w), w);
  return kit_parse_long(what, eq + 1, s->params[i].min, s->params[i].max, &P[MIX_SLOT(j, i)], err, errlen);
}

int kit_kernel_params(const kit_kernel_t *k, long *P, unsigned n, const char *const *words, char *err,
                      size_t errlen)
{
  const int mix = k == &kdefs[MIX_KERNEL].k;
  unsigned given = 0;   /* bit i: parameter i was set */
  for (unsigned i = 0; i < k->nparams; i++) P[i] = k->params[i].def;
  for (unsigned w = 0; w < n; w++) {
    const char *eq = strchr(words[w], '=');
    size_t len = eq ? (size_t)(eq - words[w]) : 0;
    if (!eq || len == 0) return kit_rule(0, err, errlen, "parameter '%s': expected NAME=VALUE", words[w]);
    if (mix && sub_word(words[w], len))
      continue;   /* a sub-kernel's own: once A and B are known */
    unsigned i = param_at(k, words[w], len);
    if (i == k->nparams)
      return kit_rule(0, err, errlen, "parameter '%.*s': kernel %s has no such parameter (kit traffic --list)",
                      (int)len, words[w], k->name);
    if (given >> i & 1) return kit_rule(0, err, errlen, "parameter %s given twice", k->params[i].name);
    given |= 1u << i;
    char what[64];
    snprintf(what, sizeof what, "parameter %s", k->params[i].name);
    if (kit_parse_long(what, eq + 1, k->params[i].min, k->params[i].max, &P[i], err, errlen)) return -1;
  }
  if (mix) {
    uint32_t sub = 0;   /* bit j * MIX_OWN + own index: set */
    for (unsigned j = 0; j < 2; j++) {
      const kit_kernel_t *s = &kdefs[P[P0 + j]].k;
      for (unsigned i = TRAFFIC_NCOMMON; i < s->nparams; i++) P[MIX_SLOT(j, i)] = s->params[i].def;
    }
    for (unsigned w = 0; w < n; w++) {
      const char *eq = strchr(words[w], '=');
      if (sub_word(words[w], (size_t)(eq - words[w])) && mix_word(P, words[w], eq, &sub, err, errlen))
        return -1;
    }
  }
  return check_all((const kdef_t *)k, P, err, errlen);
}

void kit_kernel_params_text(const kit_kernel_t *k, const long *P, char *buf, size_t len)
{
  size_t o = 0;
  buf[0] = '\0';
  for (unsigned i = 0; i < k->nparams && o < len; i++) {
    int n = snprintf(buf + o, len - o, "%s%s=%ld", i ? " " : "", k->params[i].name, P[i]);
    if (n < 0) break;
    o += (size_t)n;
  }
  for (unsigned j = 0; k == &kdefs[MIX_KERNEL].k && j < 2; j++) {   /* the sub-kernels' own */
    const kit_kernel_t *s = &kdefs[P[P0 + j]].k;
    for (unsigned i = TRAFFIC_NCOMMON; i < s->nparams && o < len; i++) {
      int n = snprintf(buf + o, len - o, " %c.%s=%ld", "AB"[j], s->params[i].name, P[MIX_SLOT(j, i)]);
      if (n < 0) break;
      o += (size_t)n;
    }
  }
}

/* --- the scheduler ------------------------------------------------------- */

static int part_init(part_t *p, const kdef_t *d, const long *P, unsigned index, kit_rng_t *rng)
{
  p->d = d;
  memcpy(p->P, P, d->k.nparams * sizeof *P);
  p->base = (uint64_t)(index + 1) * KERNEL_SPAN;
  p->pc = PC_BASE + index * PC_SPAN;
  p->ctas = d->ctas(P);
  p->cta_warps = d->cta_warps(P);
  p->cta_left = malloc((size_t)p->ctas * sizeof *p->cta_left);
  if (!p->cta_left) return -1;
  if (d->inst == i_bfs && init_bfs(p, rng)) return -1;
  return 0;
}

/* Part j may run on SM s. */
static int allowed(const kit_traffic_t *t, unsigned j, unsigned s)
{
  if (!t->spatial) return 1;
  return j == 0 ? s < t->nsm / 2 : s >= t->nsm / 2;
}

/* Launch one pending CTA on SM s if one fits (parts taking turns): 1 if
 * one was launched. */
static int launch(kit_traffic_t *t, unsigned s)
{
  sm_t *m = &t->sm[s];
  for (unsigned k = 0; k < t->nparts; k++) {
    unsigned j = (m->turn + k) % t->nparts;
    part_t *p = &t->part[j];
    if (!allowed(t, j, s) || p->next_cta == p->ctas || m->used + p->cta_warps > t->slots) continue;
    uint32_t c = p->next_cta++;
    p->cta_left[c] = p->cta_warps;
    for (unsigned w = 0, i = 0; w < p->cta_warps; i++) {
      warp_t *x = &m->slot[i];
      if (x->live) continue;
      memset(x, 0, sizeof *x);
      x->live = 1;
      x->part = j;
      x->cta = c;
      x->warp = w++;
      x->age = t->age++;
      x->ready_at = m->cycle;
    }
    m->used += p->cta_warps;
    t->live += p->cta_warps;
    m->turn = (j + 1) % t->nparts;
    return 1;
  }
  return 0;
}

kit_traffic_t *kit_traffic_new(const kit_kernel_t *k, const long *P, uint64_t seed, char *err, size_t errlen)
{
  const kdef_t *d = (const kdef_t *)k;
  kit_traffic_t *t = calloc(1, sizeof *t);
  kit_rng_t rng;
  kit_rng_seed(&rng, seed);
  if (!t) goto oom;
  t->nsm = (unsigned)P[TP_SMS];
  t->sched = (unsigned)P[TP_SCHED];
  t->lat = (unsigned)P[TP_LAT];
  t->slots = (unsigned)P[TP_WARPS_PER_SM];
  t->size = (unsigned)P[TP_SIZE];
  if (d == &kdefs[MIX_KERNEL]) {
    t->nparts = 2;
    t->spatial = (unsigned)P[P2];
    for (unsigned j = 0; j < 2; j++) {
      long Q[TRAFFIC_MAX_PARAMS];
      mix_sub(P, j, Q);
      if (part_init(&t->part[j], &kdefs[P[P0 + j]], Q, j, &rng)) goto oom;
    }
  } else {
    t->nparts = 1;
    if (part_init(&t->part[0], d, P, 0, &rng)) goto oom;
  }
  t->sm = calloc(t->nsm, sizeof *t->sm);
  if (!t->sm) goto oom;
  for (unsigned s = 0; s < t->nsm; s++) {
    if (!(t->sm[s].slot = calloc(t->slots, sizeof *t->sm[s].slot))) goto oom;
    t->sm[s].last = t->slots - 1;   /* round-robin starts at slot 0 */
    t->sm[s].last_age = UINT64_MAX;  /* GTO starts with the oldest */
  }
  /* the first CTAs round-robin over the SMs, as long as they fit */
  for (int any = 1; any;) {
    any = 0;
    for (unsigned s = 0; s < t->nsm; s++) any |= launch(t, s);
  }
  return t;
oom:
  snprintf(err, errlen, "kernel %s: out of memory", k->name);
  kit_traffic_free(t);
  return NULL;
}

void kit_traffic_free(kit_traffic_t *t)
{
  if (!t) return;
  for (unsigned j = 0; j < 2; j++) {
    free(t->part[j].cta_left);
    free(t->part[j].rowptr);
    free(t->part[j].col);
  }
  if (t->sm)
    for (unsigned s = 0; s < t->nsm; s++) free(t->sm[s].slot);
  free(t->sm);
  free(t);
}

/* The slot SM m issues from next, by the scheduling policy; -1 when no
 * live warp is ready in this cycle. */
static int pick(const kit_traffic_t *t, const sm_t *m)
{
  int best = -1;
  if (t->sched == TRAFFIC_GTO) {
    const warp_t *l = &m->slot[m->last];
    if (l->live && l->age == m->last_age && l->ready_at <= m->cycle) return (int)m->last;
    for (unsigned i = 0; i < t->slots; i++) {
      const warp_t *x = &m->slot[i];
      if (x->live && x->ready_at <= m->cycle && (best < 0 || x->age < m->slot[best].age)) best = (int)i;
    }
    return best;
  }
  for (unsigned k = 1, i = m->last; k <= t->slots; k++) {
    if (++i == t->slots) i = 0;   /* (m->last + k) mod slots */
    if (m->slot[i].live && m->slot[i].ready_at <= m->cycle) return (int)i;
  }
  return -1;
}

/* Warp x of SM s has finished: free its slot; its CTA's last warp frees
 * room for the next CTA. */
static void retire(kit_traffic_t *t, unsigned s, warp_t *x)
{
  part_t *p = &t->part[x->part];
  x->live = 0;
  t->sm[s].used--;
  t->live--;
  if (--p->cta_left[x->cta] == 0)
    while (launch(t, s)) {}
}

int kit_traffic_next(kit_traffic_t *t, kit_winst_t *r)
{
  while (t->live) {
    unsigned s = t->turn;
    sm_t *m = &t->sm[s];
    if (m->used == 0) {
      t->turn = t->turn + 1 == t->nsm ? 0 : t->turn + 1;   /* (turn + 1) mod SMs */
      continue;
    }
    int i = pick(t, m);
    if (i < 0) {   /* every live warp waits: the SM idles to the first ready one */
      uint64_t first = UINT64_MAX;
      for (unsigned k = 0; k < t->slots; k++)
        if (m->slot[k].live && m->slot[k].ready_at < first) first = m->slot[k].ready_at;
      m->cycle = first;
      continue;
    }
    warp_t *x = &m->slot[i];
    const part_t *p = &t->part[x->part];
    /* the record zeroed up to its addresses (a kernel sets mask bits and
     * the addresses of the lanes it sets), the inactive lanes' addresses
     * after the kernel: a whole-record memset cost a fifth of the generator */
    memset(r, 0, offsetof(kit_winst_t, addr));
    r->size = (uint8_t)t->size;
    if (!p->d->inst(p, x, r)) {
      retire(t, s, x);
      continue;
    }
    x->step++;
    if (r->mask == 0) continue;   /* predicated off for every lane: not issued */
    for (uint32_t off = ~r->mask; off; off &= off - 1) r->addr[__builtin_ctz(off)] = 0;
    r->sm = s;
    r->cta = x->cta;
    r->warp = x->warp;
    r->kernel = x->part;
    m->last = (unsigned)i;
    m->last_age = x->age;
    m->cycle++;
    x->ready_at = m->cycle + (r->store ? 0 : t->lat);
    t->turn = t->turn + 1 == t->nsm ? 0 : t->turn + 1;   /* (turn + 1) mod SMs */
    return 1;
  }
  return 0;
}
