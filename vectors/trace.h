/*
 * trace.h - the kit's warp-instruction trace files (doc/traffic.md "The
 * trace format"): one memory instruction of one warp per line, written by
 * `kit traffic` from the kernels of tb/stim/traffic.h (and, later, by the
 * Accel-Sim importer), read back to drive the blocks.
 *
 * Usage profile: a trace holds from a few hundred to some millions of
 * records and is read once, front to back, so the reader streams (one
 * record in memory) and checks every field of every line: a hand-edited or
 * truncated file fails with "PATH:LINE: what is wrong", never a crash or a
 * silently shortened trace.
 *
 * Design choice: plain text, one record per line, so a trace can be read,
 * diffed and written by hand. Version 1 lists every active lane's
 * address; version 2 (written since) may give a warp whose lanes form an
 * arithmetic progression as one word BASE+STRIDE (a coalesced access is
 * 15 words shorter than its list), and still reads version 1 files. This layer (formats) knows
 * nothing of the generators: the record type lives here and the stimulus
 * layer fills it.
 */
#ifndef KIT_TRACE_H
#define KIT_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "vectors/fileio.h"

#define KIT_TRACE_MAGIC   "kit-trace"
#define KIT_TRACE_VERSION 2       /* written; versions 1 and 2 are read */
#define KIT_WARP          32      /* threads per warp: lanes of a record */
#define KIT_TRACE_MAX_ID  0xffffffffu

/* One warp's memory instruction. */
typedef struct kit_winst {
  uint64_t pc;              /* instruction address */
  uint32_t mask;            /* active lanes; never 0 in a valid record */
  uint32_t sm;              /* streaming multiprocessor the warp runs on */
  uint32_t cta;             /* thread block (CTA) id within its kernel */
  uint32_t warp;            /* warp within its CTA */
  uint32_t kernel;          /* which co-running kernel (0 for a single one) */
  uint8_t store;            /* 0 load, 1 store */
  uint8_t size;             /* bytes each lane accesses: 1, 2, 4, 8 or 16 */
  uint64_t addr[KIT_WARP];  /* lane t's byte address where mask bit t is set,
                             * aligned to size; 0 for an inactive lane */
} kit_winst_t;

/* A record is well formed (mask nonzero, size a power of two up to 16,
 * every active address aligned to size, so its last byte is below 2^64;
 * inactive addresses 0): 0, or -1 with err set to what is wrong (no file name). */
int kit_winst_check(const kit_winst_t *r, char *err, size_t errlen);

/* The header line, then each line of comment (may be NULL or "") as a
 * "# " line. */
void kit_trace_write_header(FILE *f, const char *comment);
/* One record as one line: its addresses as BASE+STRIDE (or BASE-STRIDE)
 * when the active lanes are at BASE + k * STRIDE (k = 0, 1, .. over the
 * active lanes) and there are at least two, else one per active lane. */
void kit_trace_write(FILE *f, const kit_winst_t *r);

typedef struct kit_trace_reader {
  kit_lines_t L;
  int header;               /* the header line has been read */
  unsigned version;         /* the header's: 1 or 2 */
  uint64_t records;         /* records returned so far */
} kit_trace_reader_t;

/* Open a trace file for reading; -1 with err set. */
int kit_trace_open(kit_trace_reader_t *t, const char *path, char *err, size_t errlen);
/* Read an already open stream (a memory buffer, for the tests and fuzzers),
 * naming it `name` in messages. */
int kit_trace_attach(kit_trace_reader_t *t, FILE *f, const char *name, char *err, size_t errlen);
/* The next record: 1, 0 at the end of the file, or -1 with err set to
 * "PATH:LINE: ..." (a missing or wrong header, a bad field, too many or too
 * few addresses, a truncated last line). After -1 do not call again. */
int kit_trace_next(kit_trace_reader_t *t, kit_winst_t *r, char *err, size_t errlen);
void kit_trace_close(kit_trace_reader_t *t);

#endif /* KIT_TRACE_H */
