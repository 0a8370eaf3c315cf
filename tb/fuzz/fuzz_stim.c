/*
 * fuzz_stim.c - libFuzzer harness for the directed-stimulus reader
 * (tb/stim/source.c kit_source_lines). The first line names the block (default
 * configuration), the rest is the file. Seeds: the repository's directed
 * files (tb/fuzz/corpus/stim/). Oracle: errors are one line; a file that
 * parses (and holds at most 4096 cycles) is turned into a vector file by
 * the kit's writer (running the model and the file's expects), which must
 * read back with exactly the inputs the parsed file gives, cycle by cycle.
 */
#include "tb/fuzz/fuzz.h"
#include "vectors/fileio.h"
#include "tb/stim/source.h"
#include "vectors/vecio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024];
  long P[KIT_MAX_PARAMS];
  kit_lines_t L;
  kit_source_t s;
  const kit_block_t *b = fuzz_block(&data, &size);
  kit_params_default(b, P);
  FILE *f = fuzz_stream(data, size);
  if (!f || kit_lines_attach(&L, f, "fuzz.stim", err, sizeof err)) return 0;
  if (kit_source_lines(&s, b, P, &L, err, sizeof err)) {
    fuzz_one_line(err);
    return 0;
  }
  if (s.cycles <= 4096 && fuzz_small(b, P)) {
    char *buf = NULL;
    size_t blen = 0;
    FILE *o = open_memstream(&buf, &blen);
    if (!o) abort();
    int rc = kit_source_vec_write("fuzz.vec", o, b, P, 0, "fuzz", &s, err, sizeof err);
    fclose(o);
    if (rc) {
      fuzz_one_line(err);   /* an expect the model does not meet */
    } else {
      kit_vec_t v;
      FILE *r = fmemopen(buf, blen, "r");
      if (!r || kit_lines_attach(&L, r, "fuzz.vec", err, sizeof err) || kit_vec_read_lines(&L, &v, err, sizeof err))
        fuzz_fail("the reader refused what the writer wrote", err);
      kit_source_rewind(&s);            /* replay the parsed file from its start */
      uint64_t in[KIT_MAX_PORTS];
      for (uint64_t c = 0; kit_source_next(&s, in); c++)
        if (c >= v.cycles || memcmp(in, v.rec + c * (b->nin + b->nout), b->nin * sizeof *in))
          fuzz_fail("round trip", "inputs differ between the stimulus file and its vectors");
      kit_vec_free(&v);
    }
    free(buf);
  }
  kit_source_free(&s);
  return 0;
}
