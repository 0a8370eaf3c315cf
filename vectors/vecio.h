/*
 * vecio.h - the kit's test-vector files (format: doc/vectors.md).
 *
 * A vector file is stimulus plus expected response for one block, one
 * configuration, one seed: a header of '//' comment lines, then one record
 * per clock cycle of hex words, inputs then expected outputs in .def port
 * order. '//' comments and whitespace-separated hex words are exactly what
 * Verilog's $readmemh reads, so a plain testbench can load the whole file
 * into a 64-bit-wide memory and index it by cycle * columns + port.
 */
#ifndef VECIO_H
#define VECIO_H

#include "cmodel/core/block.h"

#define KIT_VEC_MAGIC "cvkit-vectors"
#define KIT_VEC_VERSION 1
/* Most records a vector file holds (writer and reader): 2^28. */
#define KIT_VEC_MAX_CYCLES (1ull << 28)

typedef struct kit_vec {
  const kit_block_t *b;
  long P[KIT_MAX_PARAMS];
  kit_port_t port[KIT_MAX_PORTS];
  uint64_t seed;
  uint64_t cycles;
  uint64_t *rec;        /* cycles * (nin + nout) */
  unsigned *line;       /* source line of each record */
} kit_vec_t;

/* Where a writer's inputs come from (a random or directed source of the
 * stimulus layer, records, a fuzzer's buffer): next() gives one cycle's
 * inputs (1) or says the stream is done (0); check() (optional) judges the
 * model's outputs of a cycle (a directed file's expects), 0 or -1 with err
 * set. The file formats know nothing of where stimulus comes from. */
typedef struct kit_vec_feed {
  void *ctx;
  uint64_t cycles;      /* how many cycles next() gives */
  int (*next)(void *ctx, uint64_t *in);
  int (*check)(void *ctx, uint64_t cycle, const uint64_t *out, char *err, size_t errlen);
} kit_vec_feed_t;

/* Run the feed through the model and write path atomically (temporary
 * file, then rename; nothing is left on error). */
int kit_vec_write(const char *path, const kit_block_t *b, const long *P, uint64_t seed,
                  const char *source_desc, const kit_vec_feed_t *src, char *err, size_t errlen);
/* The same onto an open stream named `name` in messages (no temporary
 * file; the fuzzers write to memory). */
int kit_vec_write_stream(FILE *f, const char *name, const kit_block_t *b, const long *P,
                         uint64_t seed, const char *source_desc, const kit_vec_feed_t *src,
                         char *err, size_t errlen);
/* Read and validate a whole file; errors name file and line. Records are
 * read as they come: a header that claims more cycles than the file holds
 * costs nothing and is reported as truncation. */
int kit_vec_read(const char *path, kit_vec_t *v, char *err, size_t errlen);
/* The same from an open line reader (vectors/fileio.h); it is closed. */
struct kit_lines;
int kit_vec_read_lines(struct kit_lines *L, kit_vec_t *v, char *err, size_t errlen);
void kit_vec_free(kit_vec_t *v);
/* The block's functional cover events over a read file (its inputs and
 * expected outputs, which replay checks are the model's): count[] gets
 * KIT_MAX_COVER entries, the first b->ncover meaningful. */
void kit_vec_cover(const kit_vec_t *v, uint64_t *count);
/* Replay a read file through the C model; 0 when every output matches. */
int kit_vec_replay_model(const char *path, const kit_vec_t *v, char *err, size_t errlen);

#endif /* VECIO_H */
