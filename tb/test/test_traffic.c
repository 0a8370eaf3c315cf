/*
 * test_traffic.c - unit tests of the traffic kernels (tb/stim/traffic.c)
 * and the trace files (vectors/trace.c); doc/traffic.md specifies both.
 *
 * Rationale: each kernel is checked for the one property it exists for
 * (streaming: each load instruction one whole line, lines consecutive;
 * strided: lanes S elements apart; within-block: 32 distinct lines, the
 * same for every warp; bfs: every edge's col[] entry loaded once, its
 * gather as often; stencil: every point's centre loaded once, the border
 * neighbours masked off; matmul: every A and B element loaded N/Tile times
 * (tile reuse across CTAs), C stored once; thrashing: each SM's working
 * set is WsPct% of L1, each line swept Reps times; mix: two kernels, apart
 * in addresses and, with Spatial=1, in SMs), on small grids (the
 * properties are per warp, per CTA and per SM, so a few CTAs over a few
 * SMs exercise every code path), and each property checker is shown
 * failing on another kernel's records. The schedulers are checked on
 * their defining orders (round-robin rotates over ready warps; GTO keeps
 * the last warp until it stalls or ends, then takes the oldest). The
 * trace format is checked by a round trip of every kernel's records, by
 * a table of bad inputs each with its expected "name:LINE: message", and
 * by a seeded fuzz loop (garbage and mutated traces) that must never
 * crash (run under ASan/UBSan as build/san/test_traffic). The Accel-Sim
 * importer is checked on .traceg texts written by hand from the format's
 * description: every address mode (list, base+stride, base+deltas), the
 * tracer versions with and without the per-line block/warp prefix, line
 * numbers and the trailing immediate, skipped non-memory and dropped
 * shared-memory instructions, a round trip through the kit format, and a
 * table of bad inputs each with its "name:LINE: message".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/stim/traffic.h"
#include "tb/test/unit.h"
#include "vectors/accel.h"
#include "vectors/trace.h"

#define LINE 128u
#define ARRAY(a) (((a) >> 32) & 0xff)           /* array index within a kernel */
#define OFFSET(a) ((a) & 0xffffffffull)          /* byte within its array */
#define KERNEL_OF(a) ((a) >> 40)                 /* 1 + kernel of a mix */

typedef struct recs {
  kit_winst_t *r;
  size_t n, cap;
} recs_t;

static void recs_free(recs_t *v) { free(v->r); memset(v, 0, sizeof *v); }

/* Every record of kernel NAME with parameter words (space separated). */
static int gen(recs_t *v, const char *name, const char *params, uint64_t seed, char *err, size_t errlen)
{
  const kit_kernel_t *k = kit_kernel_find(name);
  char buf[512], *w[TRAFFIC_MAX_PARAMS + 4], *save = NULL;
  unsigned n = 0;
  long P[TRAFFIC_MAX_PARAMS];
  memset(v, 0, sizeof *v);
  if (!k) return snprintf(err, errlen, "no kernel %s", name), -1;
  snprintf(buf, sizeof buf, "%s", params);
  for (char *t = strtok_r(buf, " ", &save); t && n < TRAFFIC_MAX_PARAMS + 4; t = strtok_r(NULL, " ", &save))
    w[n++] = t;
  if (kit_kernel_params(k, P, n, (const char *const *)w, err, errlen)) return -1;
  kit_traffic_t *t = kit_traffic_new(k, P, seed, err, errlen);
  if (!t) return -1;
  for (;;) {
    if (v->n == v->cap) {
      v->cap = v->cap ? 2 * v->cap : 256;
      kit_winst_t *nr = realloc(v->r, v->cap * sizeof *nr);
      if (!nr) abort();
      v->r = nr;
    }
    if (!kit_traffic_next(t, &v->r[v->n])) break;
    v->n++;
  }
  kit_traffic_free(t);
  return 0;
}

/* --- the kernels' properties, each a checker returning NULL or a message - */

static char why[256];
#define BAD(...) (snprintf(why, sizeof why, __VA_ARGS__), why)

/* streaming, N threads: each load covers one whole line (Size 4), and the
 * loads' lines are exactly 0 .. N*4/128-1 of array 0, each once. */
static const char *prop_stream(const recs_t *v, unsigned n_threads)
{
  unsigned nl = n_threads * 4 / LINE, *seen = calloc(nl, sizeof *seen);
  const char *bad = NULL;
  for (size_t i = 0; i < v->n && !bad; i++) {
    const kit_winst_t *r = &v->r[i];
    if (r->store) continue;
    for (unsigned l = 0; l < KIT_WARP; l++)
      if (r->addr[l] != r->addr[0] + 4u * l || ARRAY(r->addr[l]) != 0) bad = BAD("record %zu lane %u not a[tid]", i, l);
    uint64_t line = OFFSET(r->addr[0]) / LINE;
    if (!bad && (OFFSET(r->addr[0]) % LINE || line >= nl || seen[line]++))
      bad = BAD("record %zu: line %" PRIu64 " not a new whole line", i, line);
  }
  for (unsigned j = 0; j < nl && !bad; j++)
    if (seen[j] != 1) bad = BAD("line %u loaded %u times", j, seen[j]);
  free(seen);
  return bad;
}

/* strided: lanes S*Size bytes apart */
static const char *prop_stride(const recs_t *v, unsigned S, unsigned size)
{
  for (size_t i = 0; i < v->n; i++)
    for (unsigned l = 1; l < KIT_WARP; l++)
      if ((v->r[i].mask >> l & 1) && v->r[i].addr[l] - v->r[i].addr[l - 1] != (uint64_t)S * size)
        return BAD("record %zu lanes %u-%u %" PRIu64 " bytes apart", i, l - 1, l, v->r[i].addr[l] - v->r[i].addr[l - 1]);
  return v->n ? NULL : "no records";
}

/* within-block: each record 32 distinct lines, the same 32 lines in all */
static const char *prop_block(const recs_t *v)
{
  for (size_t i = 0; i < v->n; i++) {
    if (v->r[i].mask != 0xffffffffu) return BAD("record %zu mask %#x", i, v->r[i].mask);
    for (unsigned l = 0; l < KIT_WARP; l++) {
      if (v->r[i].addr[l] != v->r[0].addr[l]) return BAD("record %zu lane %u differs from record 0", i, l);
      for (unsigned m = 0; m < l; m++)
        if (v->r[i].addr[l] / LINE == v->r[i].addr[m] / LINE) return BAD("record %zu lanes %u, %u share a line", i, m, l);
    }
  }
  return v->n ? NULL : "no records";
}

/* thrashing, per SM: distinct lines = ws/128, each loaded reps times */
static const char *prop_thrash(const recs_t *v, unsigned sms, uint64_t ws, unsigned reps)
{
  uint64_t nl = ws / LINE;
  unsigned *cnt = calloc(sms * (nl + 1), sizeof *cnt);   /* per SM, per line; slot nl: beyond */
  const char *bad = NULL;
  for (size_t i = 0; i < v->n; i++)
    for (unsigned l = 0; l < KIT_WARP; l++) {
      if (!(v->r[i].mask >> l & 1)) continue;
      uint64_t line = OFFSET(v->r[i].addr[l]) / LINE;
      cnt[v->r[i].sm * (nl + 1) + (line < nl ? line : nl)]++;
    }
  for (unsigned s = 0; s < sms && !bad; s++)
    for (uint64_t j = 0; j <= nl && !bad; j++) {
      unsigned want = j == nl ? 0 : reps * LINE / 4;   /* 32 lanes of 4 bytes per line per sweep */
      if (cnt[s * (nl + 1) + j] != want)
        bad = BAD("SM %u line %" PRIu64 ": %u lane loads, expected %u", s, j, cnt[s * (nl + 1) + j], want);
    }
  free(cnt);
  return bad;
}

/* matmul N x N, Tile T, Size 4: A and B elements loaded N/T times each, C
 * stored once each */
static const char *prop_matmul(const recs_t *v, unsigned N, unsigned T)
{
  unsigned *cnt = calloc(3u * N * N, sizeof *cnt);
  const char *bad = NULL;
  for (size_t i = 0; i < v->n && !bad; i++)
    for (unsigned l = 0; l < KIT_WARP; l++) {
      uint64_t a = v->r[i].addr[l], k = ARRAY(a), e = OFFSET(a) / 4;
      if (k > 2 || e >= (uint64_t)N * N || (k == 2) != v->r[i].store) {
        bad = BAD("record %zu lane %u address %#" PRIx64 " outside A, B, C", i, l, a);
        break;
      }
      cnt[k * N * N + e]++;
    }
  for (unsigned j = 0; j < 3u * N * N && !bad; j++)
    if (cnt[j] != (j < 2u * N * N ? N / T : 1u))
      bad = BAD("%c element %u accessed %u times, expected %u", "ABC"[j / (N * N)], j % (N * N), cnt[j],
                j < 2u * N * N ? N / T : 1u);
  free(cnt);
  return bad;
}

/* bfs: col[] entries 0..E-1 loaded once each, as many dist[] gathers as
 * col[] loads, each gather's lane with a col[] load in the same warp */
static const char *prop_bfs(const recs_t *v)
{
  uint64_t cols = 0, gathers = 0, maxcol = 0;
  for (size_t i = 0; i < v->n; i++) {
    const kit_winst_t *r = &v->r[i];
    for (unsigned l = 0; l < KIT_WARP; l++) {
      if (!(r->mask >> l & 1)) continue;
      if (ARRAY(r->addr[l]) == 1) {
        cols++;
        if (OFFSET(r->addr[l]) / 4 + 1 > maxcol) maxcol = OFFSET(r->addr[l]) / 4 + 1;
      }
      if (ARRAY(r->addr[l]) == 2 && !r->store) gathers++;
    }
  }
  if (cols == 0 || cols != maxcol) return BAD("%" PRIu64 " col loads over %" PRIu64 " entries", cols, maxcol);
  if (gathers != cols) return BAD("%" PRIu64 " gathers for %" PRIu64 " edges", gathers, cols);
  return NULL;
}

static void kernels(void)
{
  char err[KIT_ERR_LEN];
  recs_t v, w;
  const char *bad;

  gen(&v, "stream", "N=4096 Cta=128", 1, err, sizeof err);
  bad = prop_stream(&v, 4096);
  verdict("traffic stream: each load one whole line, lines 0..N*4/128-1 once each", !bad, bad ? bad : "");
  CHECK_EQ(v.n, 2 * 4096 / 32, "stream records (a load and a store per warp)");
  gen(&w, "stride", "N=4096 Cta=128 S=2", 1, err, sizeof err);
  bad = prop_stream(&w, 4096);
  verdict("traffic stream checker fails on stride S=2", bad != NULL, "passed");
  bad = prop_stride(&w, 2, 4);
  verdict("traffic stride: lanes S*Size bytes apart (S=2)", !bad, bad ? bad : "");
  recs_free(&w);
  gen(&w, "stride", "N=1024 S=33 Size=8", 1, err, sizeof err);
  bad = prop_stride(&w, 33, 8);
  verdict("traffic stride: lanes S*Size bytes apart (S=33 Size=8)", !bad, bad ? bad : "");
  bad = prop_stride(&v, 2, 4);
  verdict("traffic stride checker fails on stream", bad != NULL, "passed");
  recs_free(&w);

  gen(&w, "block", "N=2048 Reps=3", 1, err, sizeof err);
  bad = prop_block(&w);
  verdict("traffic block: 32 distinct lines per record, the same in every warp", !bad, bad ? bad : "");
  verdict("traffic block: Reps records per warp", w.n == 3 * 2048 / 32, "wrong record count");
  bad = prop_block(&v);
  verdict("traffic block checker fails on stream", bad != NULL, "passed");
  recs_free(&w);

  gen(&w, "thrash", "L1=16384 WsPct=200 Cta=128 Reps=3 SMs=3", 1, err, sizeof err);
  bad = prop_thrash(&w, 3, 32768, 3);
  verdict("traffic thrash: per SM, 2 x L1 of lines, each swept Reps times", !bad, bad ? bad : "");
  recs_free(&w);
  gen(&w, "thrash", "L1=16384 WsPct=125 Cta=64 Reps=2 SMs=2 Sched=1", 1, err, sizeof err);
  bad = prop_thrash(&w, 2, 20480, 2);
  verdict("traffic thrash: 1.25 x L1 under GTO", !bad, bad ? bad : "");
  bad = prop_thrash(&w, 2, 16384, 2);
  verdict("traffic thrash checker fails on a working set of 1 x L1", bad != NULL, "passed");
  recs_free(&w);
  /* 130% of 16384 = 21299.2 bytes: rounded up to whole chunks of
   * Cta*Size = 512 bytes, 42 chunks = 21504 bytes */
  gen(&w, "thrash", "L1=16384 WsPct=130 Cta=128 Reps=3 SMs=1", 1, err, sizeof err);
  bad = prop_thrash(&w, 1, 21504, 3);
  verdict("traffic thrash: 1.3 x L1 rounded up to whole Cta*Size chunks", !bad, bad ? bad : "");
  recs_free(&w);

  gen(&w, "matmul", "N=64 Tile=16 SMs=2", 1, err, sizeof err);
  bad = prop_matmul(&w, 64, 16);
  verdict("traffic matmul: A and B elements loaded N/Tile times (tile reuse), C stored once", !bad, bad ? bad : "");
  recs_free(&w);
  gen(&w, "matmul", "N=64 Tile=32 SMs=3 Sched=1", 1, err, sizeof err);
  bad = prop_matmul(&w, 64, 32);
  verdict("traffic matmul: the same with Tile=32 under GTO", !bad, bad ? bad : "");
  bad = prop_matmul(&w, 64, 16);
  verdict("traffic matmul checker fails on the wrong tile", bad != NULL, "passed");
  recs_free(&w);

  gen(&w, "bfs", "Nodes=1024 Degree=6", 7, err, sizeof err);
  bad = prop_bfs(&w);
  verdict("traffic bfs: every edge's col[] entry loaded once and gathered once", !bad, bad ? bad : "");
  recs_t x;
  gen(&x, "bfs", "Nodes=1024 Degree=6", 8, err, sizeof err);
  int differ = x.n != w.n || memcmp(x.r, w.r, w.n * sizeof *w.r) != 0;
  unsigned partial = 0;
  for (size_t i = 0; i < w.n; i++) partial += ARRAY(w.r[i].addr[__builtin_ctz(w.r[i].mask)]) == 1 && w.r[i].mask != 0xffffffffu;
  verdict("traffic bfs: another seed, another graph; divergent edge loads", differ && partial > 0, "same records or no divergence");
  bad = prop_bfs(&v);
  verdict("traffic bfs checker fails on stream", bad != NULL, "passed");
  recs_free(&w);
  recs_free(&x);

  /* stencil W=64 H=16 Rows=4: 2*4 CTAs of 4 warps, 6 steps each, minus
   * the up-neighbour of row 0 and the down-neighbour of row 15 (2 warps
   * each), every centre loaded once, lane 0 of column 0 masked off on x-1 */
  gen(&w, "stencil", "W=64 H=16 Rows=4", 1, err, sizeof err);
  group_begin("traffic stencil: 6 steps a warp, border rows' neighbours skipped, centres once");
  CHECK_EQ(w.n, 32 * 6 - 2 * 2, "stencil records");
  unsigned centre[64 * 16] = {0};
  for (size_t i = 0; i < w.n; i++) {
    const kit_winst_t *r = &w.r[i];
    if (r->pc == 0x100)
      for (unsigned l = 0; l < KIT_WARP; l++) centre[OFFSET(r->addr[l]) / 4 % (64 * 16)]++;
    if (r->pc == 0x118 && OFFSET(r->addr[1]) / 4 % 64 == 0) CHECK(r->mask == 0xfffffffeu, "x-1 at column 0: mask %#x", r->mask);
    if (r->pc == 0x120 && OFFSET(r->addr[0]) / 4 % 64 == 33) CHECK(r->mask == 0x7fffffffu, "x+1 at column 63: mask %#x", r->mask);
  }
  for (unsigned j = 0; j < 64 * 16; j++) CHECK(centre[j] == 1, "centre %u loaded %u times", j, centre[j]);
  group_end();
  recs_free(&w);

  gen(&w, "mix", "A=0 B=6 SMs=4 Spatial=1", 1, err, sizeof err);
  group_begin("traffic mix: two kernels, disjoint addresses and pcs, Spatial=1 splits the SMs");
  unsigned seen[2] = {0, 0};
  for (size_t i = 0; i < w.n; i++) {
    const kit_winst_t *r = &w.r[i];
    CHECK(r->kernel < 2, "kernel %u", r->kernel);
    if (r->kernel >= 2) break;
    seen[r->kernel]++;
    CHECK(KERNEL_OF(r->addr[__builtin_ctz(r->mask)]) == r->kernel + 1, "record %zu address of the other kernel", i);
    CHECK((r->pc >> 12) == r->kernel, "record %zu pc %#" PRIx64, i, r->pc);
    CHECK((r->sm < 2) == (r->kernel == 0), "record %zu: kernel %u on SM %u", i, r->kernel, r->sm);
  }
  CHECK(seen[0] == 2 * 16384 / 32 && seen[1] > 0, "records per kernel %u, %u", seen[0], seen[1]);
  group_end();
  recs_free(&w);

  /* a sub-kernel's own parameters (A.NAME=V): the mix's kernel B makes as
   * many records as the same kernel alone with those parameters, and the
   * resolved text reads back to the same parameters (every slot used: two
   * thrash kernels, four own parameters each) */
  recs_t alone;
  gen(&w, "mix", "A=0 B=6 SMs=4 A.N=1024 B.Reps=1 B.WsPct=50", 1, err, sizeof err);
  gen(&alone, "thrash", "SMs=4 Reps=1 WsPct=50", 1, err, sizeof err);
  group_begin("traffic mix: A.NAME=V and B.NAME=V set each kernel's own parameters; the text reads back");
  seen[0] = seen[1] = 0;
  for (size_t i = 0; i < w.n; i++) seen[w.r[i].kernel & 1]++;
  CHECK(seen[0] == 2 * 1024 / 32 && seen[1] == alone.n, "records per kernel %u, %u (thrash alone %zu)", seen[0], seen[1],
        alone.n);
  {
    const kit_kernel_t *mk = kit_kernel_find("mix");
    const char *words[] = {"A=6", "B=6", "A.L1=4096", "A.WsPct=200", "A.Cta=64", "A.Reps=2",
                           "B.L1=8192", "B.WsPct=50", "B.Cta=128", "B.Reps=3"};
    long P[TRAFFIC_MAX_PARAMS], R[TRAFFIC_MAX_PARAMS];
    char text[1024], *tw[TRAFFIC_MAX_PARAMS + 1], *save = NULL;
    unsigned n = 0;
    CHECK(kit_kernel_params(mk, P, 10, words, err, sizeof err) == 0, "%s", err);
    kit_kernel_params_text(mk, P, text, sizeof text);
    CHECK(strstr(text, "A.Reps=2 B.L1=8192") != NULL, "text '%s'", text);
    for (char *t = strtok_r(text, " ", &save); t && n <= TRAFFIC_MAX_PARAMS; t = strtok_r(NULL, " ", &save)) tw[n++] = t;
    CHECK(n == TRAFFIC_MAX_PARAMS && kit_kernel_params(mk, R, n, (const char *const *)tw, err, sizeof err) == 0 &&
          memcmp(P, R, sizeof P) == 0, "%u words; read back differs: %s", n, err);
  }
  recs_free(&alone);
  group_end();
  recs_free(&w);
  gen(&w, "mix", "A=3 B=5", 1, err, sizeof err);
  unsigned ks = 0;
  for (size_t i = 0; i < w.n; i++) ks |= 1u << w.r[i].kernel;
  verdict("traffic mix: bfs beside matmul, both run on shared SMs", ks == 3 && w.n > 0, "a kernel missing");
  recs_free(&w);
  recs_free(&v);
}

/* --- parameters ----------------------------------------------------------- */

static void params(void)
{
  static const struct { const char *kernel, *words, *msg; } bad[] = {
    {"stream", "Nn=5", "parameter 'Nn': kernel stream has no such parameter"},
    {"stream", "N=31", "parameter N=31 out of range 32..16777216"},
    {"stream", "N=100", "parameter N=100: must be a multiple of 32"},
    {"stream", "N=64 N=64", "parameter N given twice"},
    {"stream", "N", "parameter 'N': expected NAME=VALUE"},
    {"stream", "Cta=x", "parameter Cta: 'x' is not an integer"},
    {"stride", "S=4096 N=16777216", "parameter S=4096: N*S*Size"},
    {"stream", "Size=3", "parameter Size=3: must be 1, 2, 4, 8 or 16"},
    {"matmul", "Tile=12", "parameter Tile=12: must be 8, 16 or 32"},
    {"matmul", "N=100", "parameter N=100: must be a multiple of Tile=16"},
    {"matmul", "Tile=32 WarpsPerSm=16", "parameter WarpsPerSm=16: kernel matmul has 32 warps per CTA"},
    {"stencil", "H=10", "parameter H=10: must be a multiple of Rows=8"},
    {"bfs", "Nodes=1048576 Degree=8", "parameter Degree=8: Nodes*Degree"},
    {"mix", "Spatial=1 SMs=1", "parameter Spatial=1: needs SMs >= 2"},
    {"mix", "A=5 WarpsPerSm=4", "parameter A=5 (matmul): parameter WarpsPerSm=4: kernel matmul has 8 warps per CTA"},
    {"mix", "B=7", "parameter B=7 out of range 0..6"},
    {"mix", "A.Q=1", "parameter 'A.Q': kernel stream (A) has no such parameter"},
    {"mix", "B.SMs=2", "parameter 'B.SMs': SMs is common to both kernels: give it as SMs="},
    {"mix", "A.N=64 A.N=128", "parameter A.N given twice"},
    {"mix", "A.N=33", "parameter A=0 (stream): parameter N=33: must be a multiple of 32"},
    {"mix", "B.Reps=0", "parameter B.Reps=0 out of range 1..1000"},
    {"stream", "A.N=64", "parameter 'A.N': kernel stream has no such parameter"},
  };
  group_begin("traffic parameters: each bad word a one-line error naming the parameter");
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    recs_t v;
    char err[KIT_ERR_LEN] = "";
    int rc = gen(&v, bad[i].kernel, bad[i].words, 1, err, sizeof err);
    CHECK(rc == -1 && strncmp(err, bad[i].msg, strlen(bad[i].msg)) == 0 && !strchr(err, '\n'),
          "%s %s: got '%s', expected '%s...'", bad[i].kernel, bad[i].words, err, bad[i].msg);
    recs_free(&v);
  }
  group_end();
  group_begin("traffic parameters: every kernel's defaults are legal and emit records");
  CHECK(kit_kernel_count() == 8, "%u kernels", kit_kernel_count());
  for (unsigned i = 0; i < kit_kernel_count(); i++) {
    const kit_kernel_t *k = kit_kernel_at(i);
    long P[TRAFFIC_MAX_PARAMS];
    char err[KIT_ERR_LEN];
    CHECK(k->nparams <= TRAFFIC_MAX_PARAMS && strcmp(k->params[TP_SIZE].name, "Size") == 0, "%s table", k->name);
    CHECK(kit_kernel_params(k, P, 0, NULL, err, sizeof err) == 0, "%s defaults: %s", k->name, err);
  }
  group_end();
}

/* --- scheduling order ----------------------------------------------------- */

static void sched(void)
{
  char err[KIT_ERR_LEN];
  recs_t v;
  /* one CTA of 4 warps on one SM, 3 loads each, no latency */
  gen(&v, "block", "N=128 Cta=128 Reps=3 SMs=1 Lat=0 Sched=0", 1, err, sizeof err);
  group_begin("traffic sched: round-robin issues warps 0,1,2,3,0,1,2,3,...");
  CHECK_EQ(v.n, 12, "records");
  for (size_t i = 0; i < v.n; i++) CHECK_EQ(v.r[i].warp, i % 4, "warp of record");
  group_end();
  recs_free(&v);
  gen(&v, "block", "N=128 Cta=128 Reps=3 SMs=1 Lat=0 Sched=1", 1, err, sizeof err);
  group_begin("traffic sched: GTO without stalls runs each warp to its end, oldest first");
  CHECK_EQ(v.n, 12, "records");
  for (size_t i = 0; i < v.n; i++) CHECK_EQ(v.r[i].warp, i / 3, "warp of record");
  group_end();
  recs_free(&v);
  /* GTO, one SM of 4 slots, two CTAs of 4 warps: CTA 1 launches into the
   * slots CTA 0 freed, and GTO starts it from its oldest warp, not from
   * whichever warp took the slot that issued last */
  gen(&v, "block", "N=256 Cta=128 Reps=2 SMs=1 Lat=0 Sched=1 WarpsPerSm=4", 1, err, sizeof err);
  group_begin("traffic sched: GTO takes a new CTA oldest warp first; a CTA waits for free slots");
  CHECK_EQ(v.n, 16, "records");
  for (size_t i = 0; i < v.n; i++) {
    CHECK_EQ(v.r[i].cta, i / 8, "cta of record");
    CHECK_EQ(v.r[i].warp, i % 8 / 2, "warp of record");
  }
  group_end();
  recs_free(&v);
  /* GTO with Lat=2: warp 0 issues, stalls 2 slots; warps 1 and 2 fill
   * them; then warp 0 (oldest ready) again: 0 1 2 0 1 2 ..., and warp 3
   * only when 0..2 are done; round-robin rotates 0 1 2 3 */
  gen(&v, "block", "N=128 Cta=128 Reps=3 SMs=1 Lat=2 Sched=1", 1, err, sizeof err);
  group_begin("traffic sched: GTO with Lat=2 switches on a stall to the oldest ready warp");
  static const unsigned want[12] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 3, 3};
  CHECK_EQ(v.n, 12, "records");
  for (size_t i = 0; i < v.n && i < 12; i++) CHECK_EQ(v.r[i].warp, want[i], "warp of record");
  group_end();
  recs_free(&v);
  /* two SMs: SMs take turns, CTAs launched round-robin and as room frees */
  gen(&v, "stream", "N=1024 Cta=64 SMs=2 WarpsPerSm=4 Store=0", 1, err, sizeof err);
  group_begin("traffic sched: SMs take turns; at most WarpsPerSm warps resident");
  for (size_t i = 0; i < v.n; i++) {
    CHECK_EQ(v.r[i].sm, i % 2, "sm of record");
    CHECK_EQ(v.r[i].sm, v.r[i].cta % 2, "sm of CTA (round-robin launch, equal CTAs)");
  }
  CHECK_EQ(v.n, 1024 / 32, "records");
  group_end();
  recs_free(&v);
}

/* --- trace files ---------------------------------------------------------- */

/* Write v to a memory buffer as a trace file (malloc'd text). */
static char *write_trace(const recs_t *v, const char *comment, size_t *len)
{
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f) abort();
  kit_trace_write_header(f, comment);
  for (size_t i = 0; i < v->n; i++) kit_trace_write(f, &v->r[i]);
  fclose(f);
  return buf;
}

/* Read a whole trace text; 0, or -1 with err; *n records, last in *r. */
static int read_text(const char *text, size_t len, const char *name, recs_t *out, char *err, size_t errlen)
{
  kit_trace_reader_t t;
  FILE *f = fmemopen((void *)text, len ? len : 1, "r");
  if (!f) abort();
  if (len == 0) {   /* fmemopen refuses size 0: an empty stream is at EOF after its one byte is skipped */
    fgetc(f);
  }
  if (kit_trace_attach(&t, f, name, err, errlen)) return -1;
  memset(out, 0, sizeof *out);
  int rc;
  kit_winst_t r;
  while ((rc = kit_trace_next(&t, &r, err, errlen)) == 1) {
    if (out->n == out->cap) {
      out->cap = out->cap ? 2 * out->cap : 64;
      kit_winst_t *nr = realloc(out->r, out->cap * sizeof *nr);
      if (!nr) abort();
      out->r = nr;
    }
    out->r[out->n++] = r;
  }
  kit_trace_close(&t);
  return rc;
}

static int same_recs(const recs_t *a, const recs_t *b)
{
  if (a->n != b->n) return 0;
  for (size_t i = 0; i < a->n; i++) {
    const kit_winst_t *x = &a->r[i], *y = &b->r[i];
    if (x->pc != y->pc || x->mask != y->mask || x->sm != y->sm || x->cta != y->cta || x->warp != y->warp ||
        x->kernel != y->kernel || x->store != y->store || x->size != y->size ||
        memcmp(x->addr, y->addr, sizeof x->addr))
      return 0;
  }
  return 1;
}

static void files(void)
{
  static const char *const cfg[][2] = {
    {"stream", "N=2048"}, {"stride", "N=1024 S=7 Size=2"}, {"block", "N=1024"}, {"bfs", "Nodes=512"},
    {"stencil", "W=64 H=16 Rows=4 Size=8"}, {"matmul", "N=32 Tile=8"}, {"thrash", "L1=4096 Reps=2"},
    {"mix", "A=1 B=4 Sched=1"},
  };
  char err[KIT_ERR_LEN];
  group_begin("trace: every kernel's records survive write and read; same seed, same bytes");
  for (unsigned i = 0; i < sizeof cfg / sizeof cfg[0]; i++) {
    recs_t v, v2, back;
    size_t len, len2;
    CHECK(gen(&v, cfg[i][0], cfg[i][1], 5, err, sizeof err) == 0, "%s: %s", cfg[i][0], err);
    CHECK(gen(&v2, cfg[i][0], cfg[i][1], 5, err, sizeof err) == 0, "%s: %s", cfg[i][0], err);
    char *text = write_trace(&v, "kernel test\nsecond line", &len), *text2 = write_trace(&v2, "kernel test\nsecond line", &len2);
    CHECK(len == len2 && memcmp(text, text2, len) == 0, "%s: two runs, different bytes", cfg[i][0]);
    int rc = read_text(text, len, "mem", &back, err, sizeof err);
    CHECK(rc == 0, "%s: read back: %s", cfg[i][0], err);
    CHECK(v.n > 0 && same_recs(&v, &back), "%s: %zu records written, %zu read back, or they differ", cfg[i][0], v.n, back.n);
    for (size_t j = 0; j < v.n; j++) CHECK(kit_winst_check(&v.r[j], err, sizeof err) == 0, "%s record %zu: %s", cfg[i][0], j, err);
    free(text);
    free(text2);
    recs_free(&v);
    recs_free(&v2);
    recs_free(&back);
  }
  group_end();

  /* the comparison can fail: one address changed in the text */
  {
    recs_t v, back;
    size_t len;
    gen(&v, "stream", "N=64", 1, err, sizeof err);
    char *text = write_trace(&v, NULL, &len);
    char *p = strstr(text, " 0x10000000000+4\n");   /* the first warp: stride 4 -> 8 */
    if (p) p[15] = '8';
    read_text(text, len, "mem", &back, err, sizeof err);
    verdict("trace: the round-trip comparison fails on a changed address", p && !same_recs(&v, &back), "not detected");
    free(text);
    recs_free(&v);
    recs_free(&back);
  }

  static const struct { const char *text, *msg; } bad[] = {
    {"", "t:1: no header"},
    {"# only a comment\n", "t:2: no header"},
    {"kit-trace 3\n", "t:1: trace version 3 not supported (this reader: 1..2)"},
    {"kit-trace 0\n", "t:1: trace version 0 not supported"},
    {"kit-trace\n", "t:1: expected the header 'kit-trace 2'"},
    {"kit-trace 1\n0 0 0 0 0x100 0x3 LD 4 0x10+4\n", "t:2: '0x10+4': BASE+STRIDE addresses need version 2"},
    {"kit-trace 2\n0 0 0 0 0x100 0x3 LD 4 0x10+x\n", "t:2: stride: 'x' is not a number"},
    {"kit-trace 2\n0 0 0 0 0x100 0x3 LD 4 +4\n", "t:2: base address: '' is not a number"},
    {"kit-trace 2\n0 0 0 0 0x100 0x7 LD 4 0x8-8\n", "t:2: lane 2 address: 0x8-8 wraps around 2^64"},
    {"kit-trace 2\n0 0 0 0 0x100 0x3 LD 4 0x10+2\n", "t:2: lane 1 address 0x12 is not aligned to size 4"},
    {"kit-trace 2\n0 0 0 0 0x100 0x3 LD 4 0x10+9223372036854775808\n", "t:2: stride=9223372036854775808 out of range"},
    {"0 0 0 0 0x100 0x1 LD 4 0x10\n", "t:1: expected the header"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD\n", "t:2: 7 words"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 4\n", "t:2: mask 0x1 has 1 active lanes but the line has 0 addresses"},
    {"kit-trace 1\n0 0 0 0 0x100 0x3 LD 4 0x10\n", "t:2: mask 0x3 has 2 active lanes but the line has 1 addresses"},
    {"kit-trace 1\n# c\n\n0 0 0 0 0x100 0x1 LD 4 0x10 0x14\n", "t:4: mask 0x1 has 1 active lanes but the line has 2"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 XX 4 0x10\n", "t:2: op 'XX' is not LD or ST"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 3 0x10\n", "t:2: size 3 is not 1, 2, 4, 8 or 16"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 32 0x10\n", "t:2: size=32 out of range 0..16"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 4 0x11\n", "t:2: lane 0 address 0x11 is not aligned to size 4"},
    {"kit-trace 1\n0 0 0 0 0x100 0x0 LD 4\n", "t:2: mask is 0"},
    {"kit-trace 1\n0 0 0 0 0x100 0x100000000 LD 4 0x10\n", "t:2: mask=0x100000000 out of range"},
    {"kit-trace 1\n0 0 0 0 0x100 0x2 LD 4 zz\n", "t:2: lane 1 address: 'zz' is not a number"},
    {"kit-trace 1\n-1 0 0 0 0x100 0x1 LD 4 0x10\n", "t:2: sm: '-1' is not a number"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 4 0x10", "t:2: truncated: the last line has no newline"},
    {"kit-trace 1\n0 0 0 0 0x100 0x1 LD 4 0x10\0\n", "t:2: NUL byte"},
  };
  group_begin("trace reader: each bad input one 't:LINE: message'");
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    recs_t back;
    size_t len = strlen(bad[i].text);
    if (strstr(bad[i].msg, "NUL")) len = strlen(bad[i].text) + 2;
    char e[KIT_ERR_LEN] = "";
    int rc = read_text(bad[i].text, len, "t", &back, e, sizeof e);
    CHECK(rc == -1 && strncmp(e, bad[i].msg, strlen(bad[i].msg)) == 0, "input %u: got rc %d '%s', expected '%s'", i, rc,
          e, bad[i].msg);
    recs_free(&back);
  }
  group_end();
  {
    recs_t back;
    const char *ok = "# comment first\nkit-trace 1 # the header\n0 1 2 3 0x100 0x80000001 ST 16 0x20 0xfffffffffffffff0\n";
    int rc = read_text(ok, strlen(ok), "t", &back, err, sizeof err);
    verdict("trace reader: comments, ST, lanes 0 and 31, top address",
            rc == 0 && back.n == 1 && back.r[0].store && back.r[0].addr[31] == 0xfffffffffffffff0ull &&
                back.r[0].addr[0] == 0x20 && back.r[0].cta == 1 && back.r[0].kernel == 3,
            rc ? err : "wrong record");
    recs_free(&back);
  }
  {
    /* version 2: BASE+STRIDE and BASE-STRIDE over the active lanes (1, 3,
     * 4 here), and a list beside them; the writer gives the short form
     * exactly for a progression of two lanes or more */
    recs_t back;
    const char *ok = "kit-trace 2\n0 0 0 0 0x100 0x1a LD 8 0x1000+16\n0 0 0 0 0x108 0x1a ST 8 0x1000-24\n"
                     "0 0 0 0 0x110 0x7 LD 4 0x40 0x48 0x60\n";
    int rc = read_text(ok, strlen(ok), "t", &back, err, sizeof err);
    int good = rc == 0 && back.n == 3 && back.r[0].addr[1] == 0x1000 && back.r[0].addr[3] == 0x1010 &&
               back.r[0].addr[4] == 0x1020 && back.r[0].addr[0] == 0 && back.r[1].addr[4] == 0x1000 - 48 &&
               back.r[2].addr[2] == 0x60;
    size_t len;
    char *text = good ? write_trace(&back, "v2", &len) : NULL;
    verdict("trace reader version 2: BASE+STRIDE, BASE-STRIDE, a list; written back the same way",
            good && strstr(text, " 0x1000+16\n") && strstr(text, " 0x1000-24\n") && strstr(text, " 0x40 0x48 0x60\n"),
            rc ? err : good ? text : "wrong records");
    free(text);
    recs_free(&back);
  }

  /* fuzz: garbage and mutated traces, seeded; the reader must end every
   * one with 0 or a "name:LINE: " message, never crash (ASan build) */
  kit_rng_t rng;
  kit_rng_seed(&rng, 29);
  recs_t v;
  size_t len;
  gen(&v, "bfs", "Nodes=64 Degree=3", 1, err, sizeof err);
  char *base = write_trace(&v, "fuzz", &len);
  static const char alphabet[] = "0123456789abcdefxX LDST#\n\t-kit-race";
  unsigned errors = 0, oks = 0, badmsg = 0;
  for (unsigned it = 0; it < 3000; it++) {
    size_t n = it % 2 ? len : 1 + kit_rng_below(&rng, 400);
    char *buf = malloc(n + 1);
    if (it % 2) {
      memcpy(buf, base, n);
      for (unsigned m = 1 + (unsigned)kit_rng_below(&rng, 4); m--;)
        buf[kit_rng_below(&rng, n)] = kit_rng_chance(&rng, 500) ? alphabet[kit_rng_below(&rng, sizeof alphabet - 1)]
                                                                : (char)kit_rng_below(&rng, 256);
    } else {
      for (size_t j = 0; j < n; j++)
        buf[j] = kit_rng_chance(&rng, 900) ? alphabet[kit_rng_below(&rng, sizeof alphabet - 1)] : (char)kit_rng_below(&rng, 256);
      if (kit_rng_chance(&rng, 500)) memcpy(buf, "kit-trace 1\n", n < 12 ? n : 12);
    }
    recs_t back;
    char e[KIT_ERR_LEN] = "";
    int rc = read_text(buf, n, "fz", &back, e, sizeof e);
    if (rc == 0) oks++;
    else {
      errors++;
      if (strncmp(e, "fz:", 3) != 0 || strchr(e, '\n')) badmsg++;
    }
    recs_free(&back);
    free(buf);
  }
  char d[128];
  snprintf(d, sizeof d, "%u of %u errors without 'fz:LINE: ' on one line", badmsg, errors);
  verdict("trace reader fuzz: 3000 garbage and mutated inputs, every error 'name:LINE: ...'", badmsg == 0 && errors > 0, d);
  printf("# fuzz: %u inputs read whole, %u rejected\n", oks, errors);
  free(base);
  recs_free(&v);
}

/* --- the Accel-Sim importer ---------------------------------------------- */

static int import_blocks(const char *text, unsigned sms, unsigned blocks, recs_t *out, kit_accel_reader_t *info,
                         char *err, size_t errlen)
{
  kit_accel_reader_t r;
  FILE *f = fmemopen((void *)text, strlen(text), "r");
  memset(out, 0, sizeof *out);
  if (!f) abort();
  if (kit_accel_attach(&r, f, "a.traceg", sms, blocks, err, errlen)) {
    kit_accel_close(&r);
    return -1;
  }
  int rc;
  kit_winst_t x;
  while ((rc = kit_accel_next(&r, &x, err, errlen)) == 1) {
    if (out->n == out->cap) {
      out->cap = out->cap ? 2 * out->cap : 16;
      kit_winst_t *nr = realloc(out->r, out->cap * sizeof *nr);
      if (!nr) abort();
      out->r = nr;
    }
    out->r[out->n++] = x;
  }
  if (info) *info = r;
  kit_accel_close(&r);
  return rc;
}

/* One resident block per SM (the importer's default). */
static int import_text(const char *text, unsigned sms, recs_t *out, kit_accel_reader_t *info, char *err, size_t errlen)
{
  return import_blocks(text, sms, 1, out, info, err, errlen);
}

#define HDR(ver, extra)                                                                                  \
  "-kernel name = _Z6kernelPfS_\n-kernel id = 3\n-grid dim = (2,1,1)\n-block dim = (64,1,1)\n-shmem = 0\n" \
  "-nregs = 16\n-binary version = 70\n-cuda stream id = 0\n-shmem base_addr = 0x00007f0000000000\n"        \
  "-local mem base_addr = 0x00007f0001000000\n-nvbit version = 1.5.5\n-accelsim tracer version = " ver "\n" \
  extra "\n#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width "   \
  "[adrrescompress?] [mem_addresses]\n\n"

/* The same kernel in every version: block 0 (warp 0: an IMAD, a 4-lane
 * LDG listed, a full-warp STG.E.64 base+stride; warp 1: an LDG.E.128
 * base+deltas on lanes 0-2 and an LDS), block 1 (warp 1: an LDG.E.U8
 * base+stride on lanes 0, 1 and 5). P is the per-line prefix of the
 * instruction lines, I the trailing immediate. */
#define BODY(P0, P1, Q1, I)                                                                              \
  "#BEGIN_TB\n\nthread block = 0,0,0\n\nwarp = 0\ninsts = 3\n"                                       \
  P0 "0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0" I "\n"                                              \
  P0 "0010 0000000f 1 R2 LDG.E 1 R4 4 0 0x7f0000000100 0x7f0000000104 7f0000000108 0x7f000000010c" I "\n" \
  P0 "0020 ffffffff 0 STG.E.64 2 R4 R6 8 1 0x7f0000001000 8" I "\n"                                      \
  "warp = 1\ninsts = 2\n"                                                                              \
  P1 "0030 00000007 1 R8 LDG.E.128.CONSTANT.SYS 1 R10 16 2 0x7f0000002000 16 -32" I "\n"                 \
  P1 "0040 ffffffff 1 R9 LDS.U.32 1 R11 4 1 0x7f0000000000 4" I "\n"                                     \
  "#END_TB\n\n#BEGIN_TB\nthread block = 1,0,0\nwarp = 1\ninsts = 1\n"                               \
  Q1 "0050 00000023 1 R3 LDG.E.U8 1 R4 1 1 0x7f0000002001 1" I "\n#END_TB\n"

/* With 1 SM the blocks run one after the other (a, b, c of block 0, then
 * d); with 2, block 1 runs on SM 1 beside block 0: the SMs take turns. */
static int is_expected(const recs_t *v, unsigned sms)
{
  if (v->n != 4) return 0;
  const kit_winst_t *a = &v->r[0], *b = &v->r[sms == 1 ? 1 : 2], *c = &v->r[sms == 1 ? 2 : 3],
                    *d = &v->r[sms == 1 ? 3 : 1];
  int ok = a->pc == 0x10 && a->mask == 0xf && !a->store && a->size == 4 && a->warp == 0 && a->cta == 0 &&
           a->addr[0] == 0x7f0000000100ull && a->addr[3] == 0x7f000000010cull;
  ok = ok && b->pc == 0x30 && b->mask == 7 && b->size == 16 && b->warp == 1 && b->addr[0] == 0x7f0000002000ull &&
       b->addr[1] == 0x7f0000002010ull && b->addr[2] == 0x7f0000001ff0ull;
  ok = ok && c->pc == 0x20 && c->store && c->size == 8 && c->mask == 0xffffffffu && c->warp == 0 &&
       c->addr[31] == 0x7f0000001000ull + 31 * 8;
  ok = ok && a->sm == 0 && b->sm == 0 && c->sm == 0;
  ok = ok && d->pc == 0x50 && d->size == 1 && d->cta == 1 && d->sm == 1 % sms && d->warp == 1 && d->mask == 0x23 &&
       d->addr[0] == 0x7f0000002001ull && d->addr[1] == 0x7f0000002002ull && d->addr[5] == 0x7f0000002003ull;
  return ok;
}

/* Residency: several blocks on one SM take turns (doc/traffic.md
 * "Importing Accel-Sim traces", Residency), and the auto count. */
static void residency(const char *text)
{
  static const struct { unsigned warps, nregs, shmem, want; const char *why; } lim[] = {
    {2, 16, 0, 32, "the 32-block limit"},
    {8, 32, 0, 8, "the 64-warp limit (registers allow 8 too)"},
    {8, 64, 0, 4, "registers: 64 x 32 x 8 = 16384 a block"},
    {2, 37, 0, 25, "registers rounded to 256 a warp: 1184 -> 1280 (27 unrounded)"},
    {4, 0, 49152, 2, "shared memory: 96 KB / 48 KB"},
    {1, 0, 4097, 22, "shared memory rounded to 256 B: 4352 (23 unrounded)"},
    {32, 64, 0, 1, "a 1024-thread block of 64 registers fills the register file"},
    {32, 65, 0, 1, "a block larger than a Volta SM still runs, one at a time"},
  };
  group_begin("accel residency: blocks per Volta SM from warps, registers and shared memory");
  for (unsigned i = 0; i < sizeof lim / sizeof lim[0]; i++) {
    unsigned got = kit_accel_residency(lim[i].warps, lim[i].nregs, lim[i].shmem);
    CHECK(got == lim[i].want, "%u warps, %u regs, %u B: %u blocks, expected %u (%s)", lim[i].warps, lim[i].nregs,
          lim[i].shmem, got, lim[i].want, lim[i].why);
  }
  group_end();
  /* one SM holding both blocks: block 0's first record, block 1's, then
   * block 0's two others (block 1 is done); all on SM 0 */
  static const uint64_t order[] = {0x10, 0x50, 0x30, 0x20};
  static const unsigned counts[] = {2, KIT_ACCEL_AUTO};   /* auto: 32 (-nregs 16, 2 warps) */
  for (unsigned c = 0; c < 2; c++) {
    const unsigned blocks = counts[c];
    recs_t u;
    kit_accel_reader_t info;
    char err[KIT_ERR_LEN], nm[128], d[KIT_ERR_LEN + 64];
    int rc = import_blocks(text, 1, blocks, &u, &info, err, sizeof err), ok = rc == 0 && u.n == 4;
    for (unsigned k = 0; ok && k < 4; k++) ok = u.r[k].pc == order[k] && u.r[k].sm == 0;
    ok = ok && info.blocks == (blocks ? 2u : 32u);
    snprintf(nm, sizeof nm, "accel import, 1 SM, %s resident blocks: the blocks take turns on SM 0",
             blocks ? "2" : "auto (32)");
    snprintf(d, sizeof d, "rc %d %s, %zu records, %u blocks, first pc 0x%" PRIx64, rc, rc ? err : "", u.n, info.blocks,
             u.n ? u.r[0].pc : 0);
    verdict(nm, ok, d);
    recs_free(&u);
  }
  /* the check can fail: one block per SM runs them one after the other */
  recs_t u;
  char err[KIT_ERR_LEN];
  int rc = import_blocks(text, 1, 1, &u, NULL, err, sizeof err);
  verdict("accel residency check fails on one block per SM", rc == 0 && u.n == 4 && u.r[1].pc != order[1],
          "block 1 second with one block per SM");
  recs_free(&u);
  rc = import_blocks(text, 1, KIT_ACCEL_MAX_BLOCKS + 1, &u, NULL, err, sizeof err);
  verdict("accel residency: 33 blocks per SM is an error", rc == -1 && strstr(err, "at most 32") != NULL, err);
  recs_free(&u);
}

static void importer(void)
{
  static const struct { const char *name, *text; } good[] = {
    {"version 3", HDR("3", "") BODY("", "", "", "")},
    {"version 4 with line numbers", HDR("4", "-enable lineinfo = 1\n") BODY("12 ", "13 ", "14 ", "")},
    {"version 5 with immediates", HDR("5", "-enable lineinfo = 0\n") BODY("", "", "", " 0")},
    {"version 2 with block and warp prefixes", HDR("2", "") BODY("0 0 0 0 ", "0 0 0 1 ", "1 0 0 1 ", "")},
    {"no version line (read as before 3)", "-grid dim = (2,1,1)\n-block dim = (64,1,1)\n" BODY("0 0 0 0 ", "0 0 0 1 ", "1 0 0 1 ", "")},
  };
  char err[KIT_ERR_LEN];
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    recs_t v;
    kit_accel_reader_t info;
    char name[128];
    int rc = import_text(good[i].text, 2, &v, &info, err, sizeof err);
    snprintf(name, sizeof name, "accel import %s: 3 address modes, 1 skipped, 1 dropped, round-robin warps and SMs", good[i].name);
    int ok = rc == 0 && is_expected(&v, 2) && info.instructions == 6 && info.memory == 5 && info.dropped == 1 &&
             info.tbs == 2;
    char d[KIT_ERR_LEN + 64];
    snprintf(d, sizeof d, "rc %d %s, %zu records, %" PRIu64 " insts %" PRIu64 " memory %" PRIu64 " dropped", rc,
             rc ? err : "", v.n, info.instructions, info.memory, info.dropped);
    verdict(name, ok, d);
    if (i == 0) {
      verdict("accel import header: kernel name, id, grid and block", strcmp(info.info.name, "_Z6kernelPfS_") == 0 &&
              info.info.kernel_id == 3 && info.info.grid[0] == 2 && info.info.block[0] == 64 && info.info.version == 3,
              "wrong header");
      recs_t back;
      size_t len;
      char *text = write_trace(&v, "imported", &len);
      rc = read_text(text, len, "mem", &back, err, sizeof err);
      verdict("accel import round trip: the kit trace of an import reads back the same", rc == 0 && same_recs(&v, &back),
              rc ? err : "records differ");
      free(text);
      recs_free(&back);
      /* the expectation can fail: with 1 SM, block 1 is on SM 0 */
      verdict("accel import checker fails on the wrong SM count", !is_expected(&v, 1), "passed");
      for (unsigned sms = 1; sms <= 3; sms += 2) {   /* 1: one block after the other; 3: SM 2 stays idle */
        recs_t u;
        char nm[96];
        rc = import_text(good[i].text, sms, &u, NULL, err, sizeof err);
        snprintf(nm, sizeof nm, "accel import with %u SM%s: the blocks' order and SMs", sms, sms > 1 ? "s" : "");
        verdict(nm, rc == 0 && is_expected(&u, sms == 1 ? 1 : 2), rc ? err : "records differ");
        recs_free(&u);
      }
      residency(good[i].text);
    }
    recs_free(&v);
  }

#define H3 HDR("3", "")
#define TB "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
  static const struct { const char *text, *msg; } bad[] = {
    {HDR("9", ""), "a.traceg:12: accelsim tracer version 9 not supported (1..5)"},
    {"-kernel name = k\n-block dim = (32,1,1)\n#BEGIN_TB\n", "a.traceg:3: the header has no '-grid dim' line"},
    {"-grid dim = (1,1)\n", "a.traceg:1: grid dim: expected three numbers"},
    {"-grid dim = (1,1,1)\n-block dim = (64,32,1)\n", "a.traceg:2: block dim: 2048 threads, over 1024"},
    {"-grid dim = (1,1,1)\n-block dim = (32,1,1)\nhello\n", "a.traceg:3: expected a header line"},
    {"-grid dim = (1,1,1)\n-nregs = 256\n", "a.traceg:2: nregs=256 out of range"},
    {"-grid dim = (1,1,1)\n-shmem = 0x10\n", "a.traceg:2: shmem: '0x10' is not a decimal number"},
    {H3 TB "insts = 2\n0000 ffffffff 0 NOP 0 0\n#END_TB\n", "a.traceg:21: warp 0: 'insts = 2' (line 19) but 1 instruction lines"},
    {H3 TB "insts = 1\n0000 ffffffff 0 NOP 0 0\n0010 ffffffff 0 NOP 0 0\n", "a.traceg:21: warp 0: more instruction lines"},
    {H3 TB "insts = 1\n0000 0000000f 1 R1 LDG.E 1 R2 4 3 0x100\n", "a.traceg:20: address mode 3 is not 0"},
    {H3 TB "insts = 1\n0000 0000000f 1 R1 LDG.E 1 R2 4 0 0x100 0x104\n", "a.traceg:20: the line ends before its addresses"},
    {H3 TB "insts = 1\n0000 00000003 1 R1 LDG.E 1 R2 4 2 0x100\n", "a.traceg:20: the line ends before its deltas"},
    {H3 TB "insts = 1\n0000 00000001 1 R1 LDG.E 1 R2 4 0 0x100 0x104 0x108\n", "a.traceg:20: 2 words after the addresses"},
    {H3 TB "insts = 1\n0000 00000001 1 R1 LDG.E 1 R2 4 0 0x102\n", "a.traceg:20: LDG.E: lane 0 address 0x102 is not aligned to size 4"},
    {H3 TB "insts = 1\n0000 1ffffffff 1 R1 LDG.E 1 R2 4 0 0x100\n", "a.traceg:20: mask=0x1ffffffff out of range"},
    {H3 TB "insts = 1\n00zz ffffffff 0 NOP 0 0\n", "a.traceg:20: PC: '0x00zz' is not a number (hex)"},
    {H3 TB "insts = 1\n0000 ffffffff 2 R1 NOP\n", "a.traceg:20: the line ends before its opcode"},
    {H3 TB "insts = 1\n0000 00000001 1 R1 LDG.E.256 1 R2 32 1 0x100 4\n", "a.traceg:20: LDG.E.256: 32 bytes per lane"},
    {H3 "#BEGIN_TB\nthread block = 0,0,0\nwarp = 2\n", "a.traceg:18: warp 2: a block of 64 threads has 2 warps"},
    {H3 "#BEGIN_TB\nthread block = 2,0,0\n", "a.traceg:17: thread block 2,0,0 outside grid dim (2,1,1)"},
    {H3 TB "insts = 0\n", "a.traceg:19: the file ends inside a thread block (no #END_TB)"},
    {H3 "#BEGIN_TB\n#BEGIN_TB\n", "a.traceg:17: #BEGIN_TB before the previous block's #END_TB"},
    {H3 "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\nwarp = 0\n", "a.traceg:19: a line outside #BEGIN_TB"},
    {H3 "#BEGIN_TB\nwarp = 0\n", "a.traceg:17: 'warp =' before 'thread block ='"},
    {H3 TB "insts = 0\nwarp = 0\n", "a.traceg:20: warp 0 listed twice in one block"},
    {H3 "#BEGIN_TB\nthread block = 0,0,0\n0000 ffffffff 0 NOP 0 0\n", "a.traceg:18: an instruction before 'warp ='"},
    {H3 TB "insts = 1\n0000 00000001 1 R1 LDG.E 1 R2 4 1 0x100 x\n", "a.traceg:20: stride: 'x' is not an integer"},
    {H3 TB "insts = 1\n0000 ffffffff 0 NOP 0 0", "a.traceg:20: truncated: the last line has no newline"},
  };
  group_begin("accel import: each bad input one 'a.traceg:LINE: message'");
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    recs_t v;
    char e[KIT_ERR_LEN] = "";
    int rc = import_text(bad[i].text, 1, &v, NULL, e, sizeof e);
    CHECK(rc == -1 && strncmp(e, bad[i].msg, strlen(bad[i].msg)) == 0 && !strchr(e, '\n'),
          "input %u: got rc %d '%s', expected '%s'", i, rc, e, bad[i].msg);
    recs_free(&v);
  }
  group_end();

  /* fuzz the importer too: mutated copies of a good trace */
  kit_rng_t rng;
  kit_rng_seed(&rng, 2929);
  const char *base = good[0].text;
  size_t len = strlen(base);
  unsigned errors = 0, badmsg = 0;
  for (unsigned it = 0; it < 2000; it++) {
    char *buf = malloc(len + 1);
    memcpy(buf, base, len + 1);
    for (unsigned m = 1 + (unsigned)kit_rng_below(&rng, 3); m--;)
      buf[kit_rng_below(&rng, len)] = "0123456789abcdefx ,=#-\n"[kit_rng_below(&rng, 24)];
    recs_t v;
    char e[KIT_ERR_LEN] = "";
    if (import_text(buf, 3, &v, NULL, e, sizeof e)) {
      errors++;
      if (strncmp(e, "a.traceg:", 9) != 0 || strchr(e, '\n')) badmsg++;
    }
    recs_free(&v);
    free(buf);
  }
  char d[128];
  snprintf(d, sizeof d, "%u of %u errors without 'a.traceg:LINE: '", badmsg, errors);
  verdict("accel import fuzz: 2000 mutated traces, every error 'name:LINE: ...'", badmsg == 0 && errors > 0, d);
}

int main(void)
{
  params();
  kernels();
  sched();
  files();
  importer();
  return unit_done();
}
