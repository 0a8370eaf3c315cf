/*
 * trace.c - write and read the kit's warp-instruction traces; see trace.h
 * and doc/traffic.md "The trace format". The reader trusts nothing: every
 * word of every line is parsed with the kit's one number reader
 * (kit_parse_u64) and the record checked whole (kit_winst_check), so bad
 * input ends in one "PATH:LINE: ..." message.
 */
#include <inttypes.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "vectors/trace.h"

int kit_winst_check(const kit_winst_t *r, char *err, size_t errlen)
{
  if (r->mask == 0) return kit_rule(0, err, errlen, "mask is 0 (no active lane)");
  if (r->size == 0 || r->size > 16 || (r->size & (r->size - 1)))
    return kit_rule(0, err, errlen, "size %u is not 1, 2, 4, 8 or 16", r->size);
  if (r->store > 1) return kit_rule(0, err, errlen, "store flag %u is not 0 or 1", r->store);
  for (unsigned t = 0; t < KIT_WARP; t++) {
    uint64_t a = r->addr[t];
    if (!(r->mask >> t & 1)) {
      if (a) return kit_rule(0, err, errlen, "inactive lane %u has address %#" PRIx64, t, a);
      continue;
    }
    if (a & (r->size - 1u))   /* size is a power of two: aligned (its last byte is below 2^64) */
      return kit_rule(0, err, errlen, "lane %u address %#" PRIx64 " is not aligned to size %u", t, a,
                      r->size);
  }
  return 0;
}

void kit_trace_write_header(FILE *f, const char *comment)
{
  fprintf(f, "%s %d\n", KIT_TRACE_MAGIC, KIT_TRACE_VERSION);
  fprintf(f, "# sm cta warp kernel pc mask op size addresses (one per active lane in lane order, or BASE+STRIDE)\n");
  for (const char *p = comment; p && *p;) {
    const char *nl = strchr(p, '\n');
    int n = nl ? (int)(nl - p) : (int)strlen(p);
    fprintf(f, "# %.*s\n", n, p);
    p += n + (nl != NULL);
  }
}

/* The active lanes' addresses are first + k * stride (k over the active
 * lanes, at least two, |stride| < 2^63): 1 with *stride set. */
static int progression(const kit_winst_t *r, int64_t *stride)
{
  const unsigned lo = (unsigned)__builtin_ctz(r->mask);
  if (__builtin_popcount(r->mask) < 2) return 0;
  const unsigned next = (unsigned)__builtin_ctz(r->mask & (r->mask - 1));
  const uint64_t d = r->addr[next] - r->addr[lo];   /* two's complement: the signed step */
  if (d == (uint64_t)1 << 63) return 0;
  uint64_t a = r->addr[lo];
  for (unsigned t = lo; t < KIT_WARP; t++) {
    if (!(r->mask >> t & 1)) continue;
    if (r->addr[t] != a) return 0;
    a += d;
  }
  /* no wrap around 2^64 between the first lane and the last */
  const int64_t s = (int64_t)d;
  const uint64_t last = r->addr[31 - __builtin_clz(r->mask)];
  if (s >= 0 ? last < r->addr[lo] : last > r->addr[lo]) return 0;
  *stride = s;
  return 1;
}

void kit_trace_write(FILE *f, const kit_winst_t *r)
{
  int64_t s;
  fprintf(f, "%" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu32 " %#" PRIx64 " %#" PRIx32 " %s %u", r->sm,
          r->cta, r->warp, r->kernel, r->pc, r->mask, r->store ? "ST" : "LD", r->size);
  if (progression(r, &s)) {
    fprintf(f, " %#" PRIx64 "%c%" PRIu64 "\n", r->addr[__builtin_ctz(r->mask)], s < 0 ? '-' : '+',
            s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s);
    return;
  }
  for (unsigned t = 0; t < KIT_WARP; t++)
    if (r->mask >> t & 1) fprintf(f, " %#" PRIx64, r->addr[t]);
  fputc('\n', f);
}

int kit_trace_open(kit_trace_reader_t *t, const char *path, char *err, size_t errlen)
{
  memset(t, 0, sizeof *t);
  return kit_lines_open(&t->L, path, err, errlen);
}

int kit_trace_attach(kit_trace_reader_t *t, FILE *f, const char *name, char *err, size_t errlen)
{
  memset(t, 0, sizeof *t);
  return kit_lines_attach(&t->L, f, name, err, errlen);
}

void kit_trace_close(kit_trace_reader_t *t) { kit_lines_close(&t->L); }

/* "PATH:LINE: " then the message; always -1. */
#define fail(t, ...) kit_lines_fail(&(t)->L, __VA_ARGS__)

/* One numeric field of a record line into *v, within [0, max]. */
static int field(const kit_trace_reader_t *t, const char *what, const char *w, uint64_t max, uint64_t *v,
                 char *err, size_t errlen)
{
  char msg[KIT_ERR_LEN];
  if (kit_parse_u64(what, w, 0, max, v, msg, sizeof msg) == 0) return 0;
  return fail(t, err, errlen, "%s", msg);
}

enum { F_SM, F_CTA, F_WARP, F_KERNEL, F_PC, F_MASK, F_OP, F_SIZE, F_ADDR };

int kit_trace_next(kit_trace_reader_t *t, kit_winst_t *r, char *err, size_t errlen)
{
  char *line, *w[F_ADDR + KIT_WARP + 1];
  size_t len;
  int rc;
  while ((rc = kit_lines_next(&t->L, &line, &len, err, errlen)) == 1) {
    if (!t->L.newline) return fail(t, err, errlen, "truncated: the last line has no newline");
    unsigned n = kit_line_words(line, w, F_ADDR + KIT_WARP + 1);
    if (n == 0) continue;                       /* blank or comment */
    if (!t->header) {
      uint64_t ver;
      if (n != 2 || strcmp(w[0], KIT_TRACE_MAGIC) != 0)
        return fail(t, err, errlen, "expected the header '%s %d' as the first line", KIT_TRACE_MAGIC,
                    KIT_TRACE_VERSION);
      if (field(t, "version", w[1], UINT32_MAX, &ver, err, errlen)) return -1;
      if (ver < 1 || ver > KIT_TRACE_VERSION)
        return fail(t, err, errlen, "trace version %" PRIu64 " not supported (this reader: 1..%d)", ver,
                    KIT_TRACE_VERSION);
      t->header = 1;
      t->version = (unsigned)ver;
      continue;
    }
    if (n < F_ADDR)
      return fail(t, err, errlen, "%u words: a record is 'sm cta warp kernel pc mask op size' and its addresses",
                  n);
    uint64_t v[F_ADDR];
    static const char *const name[F_ADDR] = {"sm", "cta", "warp", "kernel", "pc", "mask", "op", "size"};
    memset(r, 0, sizeof *r);
    for (unsigned i = 0; i < F_ADDR; i++) {
      if (i == F_OP) continue;
      uint64_t max = i == F_PC ? UINT64_MAX : i == F_SIZE ? 16 : KIT_TRACE_MAX_ID;
      if (field(t, name[i], w[i], max, &v[i], err, errlen)) return -1;
    }
    if (strcmp(w[F_OP], "LD") == 0) r->store = 0;
    else if (strcmp(w[F_OP], "ST") == 0) r->store = 1;
    else return fail(t, err, errlen, "op '%s' is not LD or ST", w[F_OP]);
    r->sm = (uint32_t)v[F_SM];
    r->cta = (uint32_t)v[F_CTA];
    r->warp = (uint32_t)v[F_WARP];
    r->kernel = (uint32_t)v[F_KERNEL];
    r->pc = v[F_PC];
    r->mask = (uint32_t)v[F_MASK];
    r->size = (uint8_t)v[F_SIZE];
    unsigned lanes = (unsigned)__builtin_popcount(r->mask), naddr = n - F_ADDR;
    const char *pm = naddr == 1 ? strpbrk(w[F_ADDR], "+-") : NULL;
    if (pm && t->version < 2) return fail(t, err, errlen, "'%s': BASE+STRIDE addresses need version 2", w[F_ADDR]);
    if (pm) {                                   /* BASE+STRIDE: the k-th active lane at BASE + k * STRIDE */
      uint64_t base, stride;
      char sbuf[40];
      if (strlen(w[F_ADDR]) >= sizeof sbuf) return fail(t, err, errlen, "'%.32s...': too long", w[F_ADDR]);
      snprintf(sbuf, sizeof sbuf, "%.*s", (int)(pm - w[F_ADDR]), w[F_ADDR]);
      if (field(t, "base address", sbuf, UINT64_MAX, &base, err, errlen) ||
          field(t, "stride", pm + 1, (uint64_t)INT64_MAX, &stride, err, errlen))
        return -1;
      uint64_t a = base, prev = base;
      for (unsigned lane = 0, k = 0; lane < KIT_WARP; lane++) {
        if (!(r->mask >> lane & 1)) continue;
        if (k++ && (*pm == '+' ? a < prev : a > prev))
          return fail(t, err, errlen, "lane %u address: %s wraps around 2^64", lane, w[F_ADDR]);
        r->addr[lane] = prev = a;
        a = *pm == '+' ? a + stride : a - stride;
      }
    } else {                                    /* one address per active lane */
      if (naddr != lanes)
        return fail(t, err, errlen, "mask %#" PRIx32 " has %u active lanes but the line has %s%u addresses",
                    r->mask, lanes, naddr > KIT_WARP ? "over " : "", naddr > KIT_WARP ? KIT_WARP : naddr);
      for (unsigned lane = 0, k = F_ADDR; lane < KIT_WARP; lane++) {
        if (!(r->mask >> lane & 1)) continue;
        char what[32];
        snprintf(what, sizeof what, "lane %u address", lane);
        if (field(t, what, w[k++], UINT64_MAX, &r->addr[lane], err, errlen)) return -1;
      }
    }
    char msg[KIT_ERR_LEN];
    if (kit_winst_check(r, msg, sizeof msg)) return fail(t, err, errlen, "%s", msg);
    t->records++;
    return 1;
  }
  if (rc < 0) return -1;
  if (!t->header) {
    t->L.lineno++;
    return fail(t, err, errlen, "no header: a trace starts with '%s %d'", KIT_TRACE_MAGIC, KIT_TRACE_VERSION);
  }
  return 0;
}
