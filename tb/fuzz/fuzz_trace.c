/*
 * fuzz_trace.c - libFuzzer harness for the two trace readers
 * (vectors/trace.c, the kit's warp-instruction traces, and vectors/accel.c,
 * the Accel-Sim .traceg importer; doc/traffic.md "The trace format",
 * "Importing Accel-Sim traces"). An input that starts with the kit's magic
 * is a kit trace, any other a .traceg (SMs 1 to 4 from the input's length).
 * Seeds: tb/fuzz/corpus/trace/ (kit traces of every kernel, hand-written
 * .traceg files of every address mode and header version). Oracles: errors
 * are one line; every record a reader hands out is well formed
 * (kit_winst_check); the records read (up to an error, if any) written by
 * the kit's trace writer read back identical, record by record.
 */
#include "tb/fuzz/fuzz.h"
#include "vectors/accel.h"
#include "vectors/trace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_RECORDS 4096

static kit_winst_t recs[MAX_RECORDS];

/* Two records are the same instruction (field by field: the struct has
 * padding). */
static int same(const kit_winst_t *a, const kit_winst_t *b)
{
  return a->pc == b->pc && a->mask == b->mask && a->sm == b->sm && a->cta == b->cta && a->warp == b->warp &&
         a->kernel == b->kernel && a->store == b->store && a->size == b->size &&
         memcmp(a->addr, b->addr, sizeof a->addr) == 0;
}

/* Read up to MAX_RECORDS records with `next`; the count read. */
static size_t read_all(int kit, void *rd, char *err, size_t errlen)
{
  size_t n = 0;
  int rc;
  while (n < MAX_RECORDS &&
         (rc = kit ? kit_trace_next(rd, &recs[n], err, errlen) : kit_accel_next(rd, &recs[n], err, errlen)) == 1) {
    char e[256];
    if (kit_winst_check(&recs[n], e, sizeof e)) fuzz_fail("a reader handed out a malformed record", e);
    n++;
  }
  if (n < MAX_RECORDS && rc < 0) fuzz_one_line(err);
  return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024];
  const int kit = size >= strlen(KIT_TRACE_MAGIC) && memcmp(data, KIT_TRACE_MAGIC, strlen(KIT_TRACE_MAGIC)) == 0;
  /* fmemopen refuses 0 bytes: an empty input is an empty file */
  FILE *f = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
  if (!f) return 0;
  size_t n;
  if (kit) {
    kit_trace_reader_t t;
    if (kit_trace_attach(&t, f, "fuzz.trace", err, sizeof err)) {
      fuzz_one_line(err);
      kit_trace_close(&t);
      return 0;
    }
    n = read_all(1, &t, err, sizeof err);
    kit_trace_close(&t);
  } else {
    kit_accel_reader_t a;
    /* 1..4 SMs; 1, 2 or the header's resident blocks per SM */
    if (kit_accel_attach(&a, f, "fuzz.traceg", 1 + (unsigned)(size % 4), (unsigned)(size / 4 % 3), err, sizeof err)) {
      fuzz_one_line(err);
      kit_accel_close(&a);
      return 0;
    }
    n = read_all(0, &a, err, sizeof err);
    kit_accel_close(&a);
  }
  /* round trip through the writer */
  char *buf = NULL;
  size_t blen = 0;
  FILE *o = open_memstream(&buf, &blen);
  if (!o) abort();
  kit_trace_write_header(o, "fuzz");
  for (size_t i = 0; i < n; i++) kit_trace_write(o, &recs[i]);
  fclose(o);
  FILE *r = fmemopen(buf, blen, "r");
  kit_trace_reader_t t;
  kit_winst_t w;
  if (!r || kit_trace_attach(&t, r, "fuzz.out", err, sizeof err)) fuzz_fail("the reader refused the writer's header", err);
  for (size_t i = 0; i < n; i++)
    if (kit_trace_next(&t, &w, err, sizeof err) != 1 || !same(&w, &recs[i]))
      fuzz_fail("round trip", "a record written by the kit reads back different");
  if (kit_trace_next(&t, &w, err, sizeof err) != 0) fuzz_fail("round trip", "more records read back than written");
  kit_trace_close(&t);
  free(buf);
  return 0;
}
