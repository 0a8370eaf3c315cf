/*
 * fuzz.h - what the kit's libFuzzer harnesses share (tb/fuzz/fuzz_*.c,
 * built and run by tools/fuzz.sh).
 *
 * Oracles beyond "no crash, no leak, no undefined behaviour" (ASan +
 * UBSan): every error is one non-empty line (the kit's contract for bad
 * input), and what a parser accepts survives a round trip through the
 * kit's own writer. A broken oracle calls fuzz_fail(), which aborts so
 * libFuzzer saves the input.
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"

static inline void fuzz_fail(const char *what, const char *detail)
{
  fprintf(stderr, "fuzz oracle broken: %s: %s\n", what, detail);
  abort();
}

/* An error message must be one line with something in it. */
static inline void fuzz_one_line(const char *err)
{
  if (!err[0] || strchr(err, '\n')) fuzz_fail("error is not one non-empty line", err);
}

/* The block a fuzz input addresses: named by its first line (any other
 * first line picks one by the line's length, so every input reaches some
 * block); the rest of the input follows. */
static inline const kit_block_t *fuzz_block(const uint8_t **data, size_t *size)
{
  unsigned n = 0;
  while (kit_blocks[n]) n++;
  const uint8_t *nl = memchr(*data, '\n', *size);
  size_t len = nl ? (size_t)(nl - *data) : *size;
  const kit_block_t *b = NULL;
  for (unsigned i = 0; i < n && !b; i++)
    if (strlen(kit_blocks[i]->name) == len && memcmp(kit_blocks[i]->name, *data, len) == 0)
      b = kit_blocks[i];
  if (!b) b = kit_blocks[len % n];
  len += nl != NULL;
  *data += len;
  *size -= len;
  return b;
}

/* Model state small enough to step inside a fuzz iteration. */
static inline int fuzz_small(const kit_block_t *b, const long *P)
{
  kit_storage_t st;
  uint64_t bits = 0;
  b->storage(P, &st);
  for (unsigned i = 0; i < st.nrows; i++) bits += st.row[i].count * st.row[i].bits;
  return bits < 4000000;
}

/* A read-only stream over the fuzz input; NULL for an empty input
 * (fmemopen refuses size 0; an empty file is a unit-test case). */
static inline FILE *fuzz_stream(const uint8_t *data, size_t size)
{
  return size ? fmemopen((void *)data, size, "r") : NULL;
}

#endif /* FUZZ_H */
