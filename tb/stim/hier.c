/*
 * hier.c - the functional cache hierarchy; see hier.h and doc/traffic.md
 * "The cache hierarchy" for every rule implemented here.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/stim/hier.h"
#include "tb/stim/traffic.h"
#include "vectors/accel.h"

static const kit_param_t hparams[HP_N] = {
  {"Line", 32, 1024, 128, KIT_MODEL, "line bytes, power of two: the coalescing and caching granule"},
  {"L1Sets", 1, 4096, 64, KIT_MODEL, "sets of each L1, power of two"},
  {"L1Ways", 1, 32, 4, KIT_MODEL, "ways of each L1 (LRU)"},
  {"L1Wb", 0, 1, 0, KIT_MODEL, "L1 writes: 0 write-through no-allocate, 1 write-back write-allocate"},
  {"L2Banks", 1, 64, 4, KIT_MODEL, "L2 banks, power of two; bank = line mod L2Banks"},
  {"L2Sets", 1, 16384, 256, KIT_MODEL, "sets of each L2 bank, power of two"},
  {"L2Ways", 1, 32, 8, KIT_MODEL, "ways of each L2 bank (LRU)"},
  {"L2Wb", 0, 1, 1, KIT_MODEL, "L2 writes: 0 write-through no-allocate, 1 write-back write-allocate"},
  {"NocLat", 0, 1000, 8, KIT_MODEL, "NoC cycles one way, L1 <-> L2 bank"},
  {"L2Lat", 0, 1000, 20, KIT_MODEL, "L2 bank cycles from a request's arrival to its memory access or reply"},
  {"MemLat", 0, 10000, 100, KIT_MODEL, "memory cycles a read adds to its reply"},
};

const kit_param_t *kit_hier_params(void) { return hparams; }

#define MAX_SMS      1024u
#define MAX_L1_LINES 16384u        /* L1Sets * L1Ways */
#define MAX_L2_LINES (1u << 20)    /* L2Banks * L2Sets * L2Ways */
#define NO_LINE      UINT64_MAX    /* an invalid way's line: no address / Line reaches it */

typedef struct way {
  uint64_t line;     /* NO_LINE when invalid */
  uint64_t stamp;    /* last use; 0 = invalid */
  uint8_t dirty;
} way_t;

typedef struct cta {
  uint64_t key, last;
  int seen;
} cta_t;

/* The latency classes: events of one class are created in time order. */
enum { Q_NOW, Q_L2, Q_MEM, Q_RET_HIT, Q_RET_MISS, NQ };
typedef struct fifo {
  kit_hev_t *a;
  size_t cap, head, n;   /* cap a power of two */
} fifo_t;

typedef struct cache {
  way_t *w;          /* sets * ways */
  unsigned sets, ways;
  uint64_t clock;    /* LRU stamps */
} cache_t;

struct kit_hier {
  long P[HP_N];
  unsigned nsm;
  cache_t *l1;       /* nsm */
  cache_t *l2;       /* L2Banks */
  /* the record source */
  int kind;          /* 0 push, 1 kernel, 2 kit trace, 3 .traceg */
  kit_traffic_t *gen;
  kit_trace_reader_t tr;
  kit_accel_reader_t ar;
  int open;          /* tr or ar is open */
  int ended;
  kit_winst_t rec;   /* the last record taken */
  /* time */
  uint64_t clock, seq, pkt, inst;
  /* the events in flight: one FIFO per latency class, each in (time, seq)
   * order by construction (doc/traffic.md "Order"), merged at the output */
  fifo_t q[NQ];
  unsigned lastq;    /* the queue of the event emit() handed out */
  unsigned qbusy;    /* bit q: queue q is not empty */
  unsigned want;     /* bit per kind: the events to hand out (kit_hier_want) */
  /* the SM filter (kit_hier_watch): events of watch_kinds are made only
   * for the SMs of watch_sms; full: the L2 side is simulated (an event of
   * it is wanted), else only the L1s whose events are made */
  uint64_t watch_sms;
  unsigned watch_kinds;
  int full;
  /* the last event the filter dropped (by time, seq) and the last one
   * handed out: a dropped event after every event handed out is handed
   * out at the end (tail), so an adapter's clock ends where it would */
  struct { uint64_t time, seq; uint32_t sm; uint8_t kind; } tail;   /* built into an event at the end only */
  int tail_have;
  uint64_t out_time, out_seq;
  /* the powers of two as shifts and masks */
  unsigned line_shift, bank_shift;
  uint64_t bank_mask, l2set_mask, l1set_mask;
  int oom;
  /* CTAs: open addressing on (kernel << 32 | cta) + 1; per CTA the index
   * of its last record (from the first pass; UINT64_MAX unknown) and
   * whether it has been seen in this pass */
  cta_t *ctas;
  size_t nctas, ctacap;
  cta_t *cta_hit;    /* the CTA cta_get found last (consecutive records share it), NULL after a rehash */
  kit_hier_stats_t st;
  char desc[2048];
};

/* --- parameters ---------------------------------------------------------- */

static int hier_rules(const long *P, char *err, size_t n)
{
  static const int pow2[] = {HP_LINE, HP_L1SETS, HP_L2BANKS, HP_L2SETS};
  for (unsigned i = 0; i < sizeof pow2 / sizeof pow2[0]; i++)
    if (!kit_is_pow2(P[pow2[i]]))
      return kit_rule(0, err, n, "parameter %s=%ld: must be a power of two", hparams[pow2[i]].name, P[pow2[i]]);
  if ((uint64_t)P[HP_L1SETS] * (uint64_t)P[HP_L1WAYS] > MAX_L1_LINES)
    return kit_rule(0, err, n, "parameter L1Sets=%ld: L1Sets * L1Ways is at most %u lines", P[HP_L1SETS], MAX_L1_LINES);
  if ((uint64_t)P[HP_L2BANKS] * (uint64_t)P[HP_L2SETS] * (uint64_t)P[HP_L2WAYS] > MAX_L2_LINES)
    return kit_rule(0, err, n, "parameter L2Sets=%ld: L2Banks * L2Sets * L2Ways is at most %u lines", P[HP_L2SETS],
                    MAX_L2_LINES);
  return 0;
}

static int hier_index(const char *word, size_t len)
{
  for (int i = 0; i < HP_N; i++)
    if (strlen(hparams[i].name) == len && strncmp(hparams[i].name, word, len) == 0) return i;
  return -1;
}

/* Set the hierarchy's words of `text` into P (defaults first) and collect
 * the other words in other[] (pointers into buf, a copy of text). */
static int split_words(const char *text, long *P, char *buf, size_t buflen, const char **other, unsigned *nother,
                       unsigned maxother, char *err, size_t n)
{
  unsigned given = 0;
  for (int i = 0; i < HP_N; i++) P[i] = hparams[i].def;
  *nother = 0;
  if (!text) text = "";
  if (strlen(text) >= buflen) return kit_rule(0, err, n, "traffic parameters: longer than %zu characters", buflen - 1);
  strcpy(buf, text);
  for (char *t = strtok(buf, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
    const char *eq = strchr(t, '=');
    int i = eq ? hier_index(t, (size_t)(eq - t)) : -1;
    if (i < 0) {
      if (*nother == maxother) return kit_rule(0, err, n, "traffic parameters: more than %u words", maxother);
      other[(*nother)++] = t;
      continue;
    }
    if (given >> i & 1) return kit_rule(0, err, n, "parameter %s given twice", hparams[i].name);
    given |= 1u << i;
    char what[64];
    snprintf(what, sizeof what, "parameter %s", hparams[i].name);
    if (kit_parse_long(what, eq + 1, hparams[i].min, hparams[i].max, &P[i], err, n)) return -1;
  }
  return hier_rules(P, err, n);
}

/* --- caches -------------------------------------------------------------- */

static int cache_init(cache_t *c, unsigned sets, unsigned ways)
{
  c->sets = sets;
  c->ways = ways;
  c->clock = 0;
  c->w = calloc((size_t)sets * ways, sizeof *c->w);
  if (!c->w) return -1;
  for (size_t i = 0; i < (size_t)sets * ways; i++) c->w[i].line = NO_LINE;
  return 0;
}

typedef struct look {
  unsigned set, way;
  int hit, evict, dirty;
  uint64_t victim;
} look_t;

/* Look line up in set `set` of c; on a miss with alloc, the victim (the
 * lowest invalid way, else the least recently used) is replaced by line.
 * A hit or an allocation makes the way the most recently used. */
static look_t cache_access(cache_t *c, unsigned set, uint64_t line, int alloc, int make_dirty)
{
  look_t L = {.set = set};
  way_t *s = c->w + (size_t)set * c->ways;
  for (unsigned i = 0; i < c->ways; i++)
    if (s[i].line == line) {   /* an invalid way holds NO_LINE */
      L.hit = 1;
      L.way = i;
      s[i].stamp = ++c->clock;
      if (make_dirty) s[i].dirty = 1;
      return L;
    }
  if (!alloc) return L;
  unsigned v = 0;
  for (unsigned i = 0; i < c->ways; i++) {
    if (!s[i].stamp) { v = i; break; }
    if (s[i].stamp < s[v].stamp) v = i;
  }
  L.way = v;
  if (s[v].stamp) {
    L.evict = 1;
    L.victim = s[v].line;
    L.dirty = s[v].dirty;
  }
  s[v] = (way_t){.line = line, .stamp = ++c->clock, .dirty = (uint8_t)make_dirty};
  return L;
}

/* --- the event queues --------------------------------------------------- */

static int before(const kit_hev_t *a, const kit_hev_t *b)
{
  return a->time < b->time || (a->time == b->time && a->seq < b->seq);
}

static int watched(const kit_hier_t *h, uint32_t sm) { return sm < 64 && (h->watch_sms >> sm & 1); }

/* An event the SM filter does not make: it takes its seq all the same (the
 * events made keep the seqs of an unfiltered run) and is remembered when
 * it is the latest so far. */
static void drop(kit_hier_t *h, unsigned kind, uint64_t time, uint32_t sm)
{
  uint64_t seq = h->seq++;
  if (!h->tail_have || time > h->tail.time || (time == h->tail.time && seq > h->tail.seq)) {
    h->tail.time = time;
    h->tail.seq = seq;
    h->tail.kind = (uint8_t)kind;
    h->tail.sm = sm;
    h->tail_have = 1;
  }
}

/* A new event at the tail of queue q (not yet in it: commit() puts it
 * there once the caller has filled it). */
static kit_hev_t *emit(kit_hier_t *h, unsigned q, unsigned kind, uint64_t time, const kit_winst_t *w, uint32_t sm)
{
  static kit_hev_t scratch;
  fifo_t *f = &h->q[q];
  h->st.n[kind]++;
  if (!(h->want >> kind & 1)) {   /* nobody reads it: not made */
    h->lastq = NQ;
    return &scratch;
  }
  if (h->watch_kinds >> kind & 1 && !watched(h, sm)) {   /* an SM nobody watches */
    drop(h, kind, time, sm);
    h->lastq = NQ;
    return &scratch;
  }
  if (f->n == f->cap) {
    size_t cap = f->cap ? 2 * f->cap : 256;
    kit_hev_t *a = malloc(cap * sizeof *a);
    if (!a) {
      h->oom = 1;
      h->lastq = NQ;
      return &scratch;
    }
    for (size_t i = 0; i < f->n; i++) a[i] = f->a[(f->head + i) & (f->cap - 1)];
    free(f->a);
    f->a = a;
    f->cap = cap;
    f->head = 0;
  }
  kit_hev_t *e = &f->a[(f->head + f->n) & (f->cap - 1)];
  *e = (kit_hev_t){.time = time, .seq = h->seq++, .kind = (uint8_t)kind, .sm = sm, .inst = h->inst};
  if (w) {
    e->pc = w->pc;
    e->warp = w->warp;
    e->cta = w->cta;
    e->kernel = w->kernel;
  }
  h->lastq = q;
  return e;
}

static void commit(kit_hier_t *h)
{
  if (h->lastq < NQ) {
    h->q[h->lastq].n++;
    h->qbusy |= 1u << h->lastq;
  }
}

/* The queue whose head comes first, or NQ when all are empty. */
static unsigned first(const kit_hier_t *h)
{
  unsigned m = NQ;
  for (unsigned b = h->qbusy; b; b &= b - 1) {   /* the queues not empty only */
    const unsigned i = (unsigned)__builtin_ctz(b);
    if (m == NQ || before(&h->q[i].a[h->q[i].head], &h->q[m].a[h->q[m].head])) m = i;
  }
  return m;
}

/* --- one instruction through the hierarchy ------------------------------- */

/* A packet from L1 sm reaches its L2 bank at time u: the bank's access,
 * its memory accesses, and (reply) the return to sm. */
static void l2_access(kit_hier_t *h, const kit_winst_t *w, uint32_t sm, uint64_t line, uint64_t u, int store, int wb,
                      uint64_t pkt)
{
  const long *P = h->P;
  uint32_t bank = (uint32_t)(line & h->bank_mask);                     /* line mod L2Banks */
  unsigned set = (unsigned)(line >> h->bank_shift & h->l2set_mask);    /* line / L2Banks mod L2Sets */
  int wback = P[HP_L2WB] != 0;
  /* write-back L2: every access allocates (a write-back of a whole line
   * without a fill); write-through: reads allocate, writes do not */
  look_t L = cache_access(&h->l2[bank], set, line, wback || !store, wback && store);
  uint64_t m = u + (uint64_t)P[HP_L2LAT];
  kit_hev_t *e = emit(h, Q_L2, KIT_HEV_L2, u, wb ? NULL : w, sm);
  e->store = (uint8_t)store;
  e->wb = (uint8_t)wb;
  e->hit = (uint8_t)L.hit;
  e->evict = (uint8_t)L.evict;
  e->dirty = (uint8_t)L.dirty;
  e->victim = L.victim;
  e->bank = bank;
  e->set = set;
  e->way = L.way;
  e->line = line;
  e->pkt = pkt;
  commit(h);
  if (L.hit) h->st.l2_hits++;
  if (L.evict && L.dirty) {
    e = emit(h, Q_MEM, KIT_HEV_MEM, m, NULL, sm);
    *e = (kit_hev_t){.time = e->time, .seq = e->seq, .kind = KIT_HEV_MEM, .sm = sm, .inst = e->inst, .store = 1,
                     .wb = 1, .bank = bank, .line = L.victim, .pkt = pkt};
    commit(h);
  }
  int fill = !L.hit && !(store && wb) && (wback || !store);
  int through = store && !wback;
  if (fill || through) {
    e = emit(h, Q_MEM, KIT_HEV_MEM, m, wb ? NULL : w, sm);
    e->store = (uint8_t)through;
    e->wb = (uint8_t)wb;
    e->bank = bank;
    e->line = line;
    e->pkt = pkt;
    commit(h);
  }
  if (wb) return;   /* a write-back has no reply */
  uint64_t back = m + (!store && !L.hit ? (uint64_t)P[HP_MEMLAT] : 0) + (uint64_t)P[HP_NOCLAT];
  e = emit(h, !store && !L.hit ? Q_RET_MISS : Q_RET_HIT, KIT_HEV_RETURN, back, w, sm);
  e->store = (uint8_t)store;
  e->bank = bank;
  e->line = line;
  e->pkt = pkt;
  commit(h);
}

/* A packet leaves L1 sm at time t for line's bank. */
static void inject(kit_hier_t *h, const kit_winst_t *w, uint32_t sm, uint64_t line, uint64_t t, int store, int wb)
{
  uint64_t pkt = h->pkt++;
  kit_hev_t *e = emit(h, Q_NOW, KIT_HEV_INJECT, t, wb ? NULL : w, sm);
  e->store = (uint8_t)store;
  e->wb = (uint8_t)wb;
  e->bank = (uint32_t)(line & h->bank_mask);
  e->line = line;
  e->pkt = pkt;
  commit(h);
  l2_access(h, w, sm, line, t + (uint64_t)h->P[HP_NOCLAT], store, wb, pkt);
}

static size_t cta_slot(const cta_t *t, size_t cap, uint64_t key)
{
  size_t j = (size_t)(key * 0x9e3779b97f4a7c15ull >> 20) & (cap - 1);
  while (t[j].key && t[j].key != key) j = (j + 1) & (cap - 1);
  return j;
}

/* The CTA (kernel, cta), added (last unknown) when new; NULL out of memory. */
static cta_t *cta_get(kit_hier_t *h, uint32_t kernel, uint32_t cta)
{
  uint64_t key = ((uint64_t)kernel << 32 | cta) + 1;
  if (h->cta_hit && h->cta_hit->key == key) return h->cta_hit;
  if (2 * (h->nctas + 1) > h->ctacap) {
    size_t cap = h->ctacap ? 2 * h->ctacap : 1024;
    cta_t *t = calloc(cap, sizeof *t);
    if (!t) {
      h->oom = 1;
      return NULL;
    }
    for (size_t i = 0; i < h->ctacap; i++)
      if (h->ctas[i].key) t[cta_slot(t, cap, h->ctas[i].key)] = h->ctas[i];
    free(h->ctas);
    h->ctas = t;
    h->ctacap = cap;
  }
  h->cta_hit = NULL;
  size_t j = cta_slot(h->ctas, h->ctacap, key);
  if (!h->ctas[j].key) {
    h->ctas[j] = (cta_t){.key = key, .last = UINT64_MAX};
    h->nctas++;
  }
  return h->cta_hit = &h->ctas[j];
}

/* One record through the hierarchy; check: check the record first (the
 * sources' records were checked in the first pass). */
static int push(kit_hier_t *h, const kit_winst_t *r, int last, int check, char *err, size_t errlen)
{
  const long *P = h->P;
  if (check && kit_winst_check(r, err, errlen)) return -1;
  if (r->sm >= h->nsm) return kit_rule(0, err, errlen, "record %" PRIu64 ": sm %u, the hierarchy has %u L1s", h->inst,
                                       r->sm, h->nsm);
  if (r != &h->rec) h->rec = *r;
  const kit_winst_t *w = &h->rec;
  /* the coalescer: distinct lines, in the order of their lowest lane */
  uint64_t lines[KIT_WARP];
  unsigned nreq = 1;
  const unsigned sh = h->line_shift;   /* / Line */
  uint32_t m = w->mask;                /* not 0 (checked) */
  lines[0] = w->addr[__builtin_ctz(m)] >> sh;
  for (unsigned t = (unsigned)__builtin_ctz(m) + 1; t < KIT_WARP; t++) {
    if (m != 0xffffffffu && !(m >> t & 1)) continue;
    const uint64_t line = w->addr[t] >> sh;
    if (lines[nreq - 1] == line) continue;   /* the common case: the previous active lane's line */
    unsigned k = 0;
    while (k < nreq && lines[k] != line) k++;
    if (k == nreq) lines[nreq++] = line;
  }
  uint64_t t0 = h->clock;
  kit_hev_t *e;
  cta_t *cta = cta_get(h, w->kernel, w->cta);
  if (cta && !cta->seen) {
    cta->seen = 1;
    e = emit(h, Q_NOW, KIT_HEV_CTA, t0, w, w->sm);
    commit(h);
  }
  e = emit(h, Q_NOW, KIT_HEV_INST, t0, w, w->sm);
  e->nreq = nreq;
  e->store = w->store;
  e->w = w;
  commit(h);
  h->st.insts++;
  cache_t *c = &h->l1[w->sm];
  int l1wb = P[HP_L1WB] != 0;
  /* an L1 whose events are not made and whose misses no L2-side event
   * needs (the SM filter) is not simulated: its events only take their
   * seqs (drop) */
  int sim = h->full || ((h->want >> KIT_HEV_L1 & 1) && (!(h->watch_kinds >> KIT_HEV_L1 & 1) || watched(h, w->sm)));
  if (!sim) h->st.n[KIT_HEV_L1] += nreq;
  for (unsigned k = 0; !sim && h->want >> KIT_HEV_L1 & 1 && k < nreq; k++) drop(h, KIT_HEV_L1, t0 + k, w->sm);
  for (unsigned k = 0; sim && k < nreq; k++) {
    uint64_t t = t0 + k;
    unsigned set = (unsigned)(lines[k] & h->l1set_mask);   /* line mod L1Sets */
    /* loads allocate; stores allocate (and dirty) only in a write-back L1 */
    look_t L = cache_access(c, set, lines[k], !w->store || l1wb, w->store && l1wb);
    e = emit(h, Q_NOW, KIT_HEV_L1, t, w, w->sm);
    e->store = w->store;
    e->hit = (uint8_t)L.hit;
    e->evict = (uint8_t)L.evict;
    e->dirty = (uint8_t)L.dirty;
    e->victim = L.victim;
    e->set = set;
    e->way = L.way;
    e->line = lines[k];
    e->nreq = k;
    commit(h);
    if (L.hit) h->st.l1_hits++;
    if (!h->full) continue;   /* no L2-side event is made: the L2 is not simulated */
    if (L.evict && L.dirty) inject(h, NULL, w->sm, L.victim, t, 1, 1);
    if (w->store && !l1wb) inject(h, w, w->sm, lines[k], t, 1, 0);
    else if (!L.hit) inject(h, w, w->sm, lines[k], t, 0, 0);
  }
  if (last || (cta && cta->last == h->inst)) {
    e = emit(h, Q_NOW, KIT_HEV_CTA_END, t0 + nreq - 1, w, w->sm);
    commit(h);
  }
  h->clock = t0 + nreq;
  h->inst++;
  if (h->oom) return kit_rule(0, err, errlen, "out of memory for the hierarchy's events");
  return 0;
}

int kit_hier_push(kit_hier_t *h, const kit_winst_t *r, int last, char *err, size_t errlen)
{
  return push(h, r, last, 1, err, errlen);
}

void kit_hier_end(kit_hier_t *h) { h->ended = 1; }

/* --- sources ------------------------------------------------------------- */

static int source_next(kit_hier_t *h, kit_winst_t *r, char *err, size_t errlen);

static int take(kit_hier_t *h, char *err, size_t errlen)
{
  int rc = source_next(h, &h->rec, err, errlen);
  if (rc <= 0) return rc;
  return push(h, &h->rec, 0, 0, err, errlen) ? -1 : 1;
}

int kit_hier_next(kit_hier_t *h, kit_hev_t *e, char *err, size_t errlen)
{
  /* an event is due when nothing issued later can come before it: every
   * event of a later instruction is at or after the clock */
  unsigned q = first(h);
  while (!h->ended && (q == NQ || h->q[q].a[h->q[q].head].time >= h->clock)) {
    int rc = take(h, err, errlen);
    if (rc < 0) return -1;
    if (rc == 0) {
      if (h->kind == 0) return 0;   /* push mode: nothing due yet */
      h->ended = 1;
    }
    q = first(h);
  }
  if (q == NQ) {
    /* the end: the SM filter's last dropped event, when it comes after
     * every event handed out (an unfiltered stream would end with it) */
    if (!h->tail_have || (h->out_seq != UINT64_MAX && !(h->tail.time > h->out_time ||
                                                         (h->tail.time == h->out_time && h->tail.seq > h->out_seq))))
      return 0;
    *e = (kit_hev_t){.time = h->tail.time, .seq = h->tail.seq, .kind = h->tail.kind, .sm = h->tail.sm};
    h->tail_have = 0;
    return 1;
  }
  fifo_t *f = &h->q[q];
  *e = f->a[f->head];
  f->head = (f->head + 1) & (f->cap - 1);
  if (--f->n == 0) h->qbusy &= ~(1u << q);
  h->out_time = e->time;
  h->out_seq = e->seq;
  return 1;
}

static kit_hier_t *hier_alloc(const long *P, unsigned nsm, char *err, size_t errlen)
{
  kit_hier_t *h = calloc(1, sizeof *h);
  if (!h) {
    snprintf(err, errlen, "out of memory for the hierarchy");
    return NULL;
  }
  memcpy(h->P, P, sizeof h->P);
  h->nsm = nsm;
  h->want = (1u << KIT_HEV_NKINDS) - 1;
  h->full = 1;
  h->out_seq = UINT64_MAX;   /* nothing handed out yet */
  h->line_shift = (unsigned)__builtin_ctzl((unsigned long)P[HP_LINE]);
  h->bank_shift = (unsigned)__builtin_ctzl((unsigned long)P[HP_L2BANKS]);
  h->bank_mask = (uint64_t)P[HP_L2BANKS] - 1;
  h->l2set_mask = (uint64_t)P[HP_L2SETS] - 1;
  h->l1set_mask = (uint64_t)P[HP_L1SETS] - 1;
  h->l1 = calloc(nsm, sizeof *h->l1);
  h->l2 = calloc((size_t)P[HP_L2BANKS], sizeof *h->l2);
  int bad = !h->l1 || !h->l2;
  for (unsigned i = 0; !bad && i < nsm; i++) bad = cache_init(&h->l1[i], (unsigned)P[HP_L1SETS], (unsigned)P[HP_L1WAYS]);
  for (long i = 0; !bad && i < P[HP_L2BANKS]; i++)
    bad = cache_init(&h->l2[i], (unsigned)P[HP_L2SETS], (unsigned)P[HP_L2WAYS]);
  if (bad) {
    kit_hier_free(h);
    snprintf(err, errlen, "out of memory for the hierarchy's caches");
    return NULL;
  }
  return h;
}

static void params_text(const long *P, char *buf, size_t len)
{
  size_t o = 0;
  buf[0] = '\0';
  for (int i = 0; i < HP_N && o < len; i++) {
    int n = snprintf(buf + o, len - o, "%s%s=%ld", i ? " " : "", hparams[i].name, P[i]);
    if (n < 0) break;
    o += (size_t)n;
  }
}

kit_hier_t *kit_hier_new(const char *words, unsigned sms, char *err, size_t errlen)
{
  long P[HP_N];
  char buf[1024];
  const char *other[1];
  unsigned nother;
  if (split_words(words, P, buf, sizeof buf, other, &nother, 1, err, errlen)) return NULL;
  if (nother) {
    snprintf(err, errlen, "parameter '%s': the hierarchy has no such parameter", other[0]);
    return NULL;
  }
  if (sms == 0 || sms > MAX_SMS) {
    snprintf(err, errlen, "the hierarchy has 1..%u L1s, not %u", MAX_SMS, sms);
    return NULL;
  }
  kit_hier_t *h = hier_alloc(P, sms, err, errlen);
  if (h) params_text(P, h->desc, sizeof h->desc);
  return h;
}

static int ends_with(const char *s, const char *suf)
{
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Open the record source of h (kind set): the kernel's generator, or the
 * trace; -1 with err set. */
static int source_open(kit_hier_t *h, const kit_kernel_t *k, const long *KP, const kit_hier_src_t *src, unsigned sms,
                       unsigned bps, char *err, size_t errlen)
{
  int rc = 0;
  if (h->kind == 1) {
    h->gen = kit_traffic_new(k, KP, src->seed, err, errlen);
    return h->gen ? 0 : -1;
  }
  if (h->kind == 3) rc = kit_accel_open(&h->ar, src->trace, sms, bps, err, errlen);
  else rc = kit_trace_open(&h->tr, src->trace, err, errlen);
  h->open = rc == 0;
  return rc;
}

static void source_close(kit_hier_t *h)
{
  if (h->gen) kit_traffic_free(h->gen);
  h->gen = NULL;
  if (!h->open) return;
  if (h->kind == 3) kit_accel_close(&h->ar);
  else kit_trace_close(&h->tr);
  h->open = 0;
}

/* The raw next record of h's source: 1, 0 at the end, -1 with err set. */
static int source_next(kit_hier_t *h, kit_winst_t *r, char *err, size_t errlen)
{
  switch (h->kind) {
  case 1: return kit_traffic_next(h->gen, r);
  case 2: return kit_trace_next(&h->tr, r, err, errlen);
  case 3: return kit_accel_next(&h->ar, r, err, errlen);
  default: return 0;
  }
}

kit_hier_t *kit_hier_open(const kit_hier_src_t *src, char *err, size_t errlen)
{
  long P[HP_N], KP[TRAFFIC_MAX_PARAMS];
  char buf[2048], hp[512], kp[1024] = "";
  const char *other[TRAFFIC_MAX_PARAMS + 1];
  unsigned nother;
  const kit_kernel_t *k = NULL;
  long sms = 1;        /* a .traceg's SMs= */
  unsigned bps = 1;    /* and BlocksPerSm= (KIT_ACCEL_AUTO: auto) */
  if (split_words(src->words, P, buf, sizeof buf, other, &nother, TRAFFIC_MAX_PARAMS + 1, err, errlen)) return NULL;
  params_text(P, hp, sizeof hp);
  int kind = src->kernel ? 1 : ends_with(src->trace, ".traceg") ? 3 : 2;
  if (kind == 1) {
    if (!(k = kit_kernel_find(src->kernel))) {
      snprintf(err, errlen, "traffic kernel '%s': no such kernel (kit traffic --list)", src->kernel);
      return NULL;
    }
    if (kit_kernel_params(k, KP, nother, other, err, errlen)) return NULL;
    if ((unsigned long)KP[TP_SMS] > MAX_SMS) {
      snprintf(err, errlen, "parameter SMs=%ld: the hierarchy has at most %u L1s", KP[TP_SMS], MAX_SMS);
      return NULL;
    }
  } else {
    for (unsigned i = 0; i < nother; i++) {
      if (kind == 3 && strncmp(other[i], "SMs=", 4) == 0) {
        if (kit_parse_long("parameter SMs", other[i] + 4, 1, MAX_SMS, &sms, err, errlen)) return NULL;
        continue;
      }
      if (kind == 3 && strncmp(other[i], "BlocksPerSm=", 12) == 0) {
        if (kit_accel_blocks_parse("parameter BlocksPerSm", other[i] + 12, &bps, err, errlen)) return NULL;
        continue;
      }
      snprintf(err, errlen, "parameter '%s': a trace takes only the hierarchy's parameters%s", other[i],
               kind == 3 ? ", SMs= and BlocksPerSm=" : "");
      return NULL;
    }
  }
  /* the first pass: every record checked, each CTA's last record, the
   * highest SM (a trace's L1 count) */
  kit_hier_t probe = {.kind = kind};
  if (source_open(&probe, k, KP, src, (unsigned)sms, bps, err, errlen)) return NULL;
  uint32_t top = 0;
  uint64_t recs = 0;
  int rc;
  kit_winst_t r;
  while ((rc = source_next(&probe, &r, err, errlen)) == 1) {
    if (kind == 1 && kit_winst_check(&r, err, errlen)) {   /* the readers check their own */
      rc = -1;
      break;
    }
    if (r.sm > top) top = r.sm;
    cta_t *c = cta_get(&probe, r.kernel, r.cta);
    if (!c) break;
    c->last = recs++;
  }
  source_close(&probe);
  kit_hier_t *h = NULL;
  if (probe.oom) snprintf(err, errlen, "out of memory for the CTA table");
  else if (rc == 0 && recs == 0) snprintf(err, errlen, "%s: no memory instructions", kind == 1 ? k->name : src->trace);
  else if (rc == 0 && top >= MAX_SMS) snprintf(err, errlen, "%s: sm %u: the hierarchy has at most %u L1s", src->trace, top, MAX_SMS);
  else if (rc == 0) h = hier_alloc(P, kind == 1 ? (unsigned)KP[TP_SMS] : top + 1, err, errlen);
  if (!h) {
    free(probe.ctas);
    return NULL;
  }
  h->ctas = probe.ctas;
  h->nctas = probe.nctas;
  h->ctacap = probe.ctacap;
  h->kind = kind;
  if (source_open(h, k, KP, src, (unsigned)sms, bps, err, errlen)) {
    kit_hier_free(h);
    return NULL;
  }
  if (kind == 1) {
    kit_kernel_params_text(k, KP, kp, sizeof kp);
    snprintf(h->desc, sizeof h->desc, "kernel %s seed %" PRIu64 ": %s; %s", k->name, src->seed, kp, hp);
  } else {
    snprintf(h->desc, sizeof h->desc, "trace %s (%u SMs): %s", src->trace, top + 1, hp);
  }
  return h;
}

/* the L2 side: its events need every L1's misses and the L2 simulated */
#define L2_SIDE (1u << KIT_HEV_INJECT | 1u << KIT_HEV_L2 | 1u << KIT_HEV_MEM | 1u << KIT_HEV_RETURN)
void kit_hier_want(kit_hier_t *h, unsigned kinds)
{
  h->want = kinds ? kinds : (1u << KIT_HEV_NKINDS) - 1;
  h->full = (h->want & L2_SIDE) != 0;
}
void kit_hier_watch(kit_hier_t *h, uint64_t sms, unsigned kinds)
{
  h->watch_sms = sms;
  h->watch_kinds = sms ? kinds : 0;
}
const long *kit_hier_P(const kit_hier_t *h) { return h->P; }
unsigned kit_hier_sms(const kit_hier_t *h) { return h->nsm; }
const char *kit_hier_desc(const kit_hier_t *h) { return h->desc; }
void kit_hier_stats(const kit_hier_t *h, kit_hier_stats_t *s) { *s = h->st; }

void kit_hier_free(kit_hier_t *h)
{
  if (!h) return;
  if (h->l1)
    for (unsigned i = 0; i < h->nsm; i++) free(h->l1[i].w);
  if (h->l2)
    for (long i = 0; i < h->P[HP_L2BANKS]; i++) free(h->l2[i].w);
  free(h->l1);
  free(h->l2);
  source_close(h);
  for (unsigned i = 0; i < NQ; i++) free(h->q[i].a);
  free(h->ctas);
  free(h);
}
