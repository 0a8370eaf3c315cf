/*
 * fuzz_vec.c - libFuzzer harness for the vector-file reader
 * (vectors/vecio.c kit_vec_read_lines). Seeds: small vector files of every
 * block (tb/fuzz/corpus/vec/). Oracle: errors are one line; a file that
 * reads and replays on the C model is written again by the kit's writer
 * from its inputs, and that file must read back to the very same records.
 */
#include "tb/fuzz/fuzz.h"
#include "vectors/fileio.h"
#include "tb/stim/source.h"
#include "vectors/vecio.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024];
  kit_lines_t L;
  kit_vec_t v;
  FILE *f = fuzz_stream(data, size);
  if (!f || kit_lines_attach(&L, f, "fuzz.vec", err, sizeof err)) return 0;
  if (kit_vec_read_lines(&L, &v, err, sizeof err)) {
    fuzz_one_line(err);
    return 0;
  }
  const kit_block_t *b = v.b;
  const unsigned nin = b->nin, ncol = nin + b->nout;
  if (v.cycles <= 4096 && fuzz_small(b, v.P)) {
    if (kit_vec_replay_model("fuzz.vec", &v, err, sizeof err)) {
      fuzz_one_line(err);
    } else {
      uint64_t *ins = malloc(v.cycles * nin * sizeof *ins);
      kit_source_t src;
      char *buf = NULL;
      size_t blen = 0;
      if (!ins) abort();
      for (uint64_t c = 0; c < v.cycles; c++) memcpy(ins + c * nin, v.rec + c * ncol, nin * sizeof *ins);
      if (kit_source_records(&src, b, v.P, ins, v.cycles)) abort();
      FILE *o = open_memstream(&buf, &blen);
      if (!o || kit_source_vec_write("rewrite", o, b, v.P, v.seed, "fuzz", &src, err, sizeof err))
        fuzz_fail("the writer refused a file the reader accepted", err);
      fclose(o);
      kit_source_free(&src);
      kit_vec_t w;
      FILE *r = fmemopen(buf, blen, "r");
      if (!r || kit_lines_attach(&L, r, "rewrite", err, sizeof err) || kit_vec_read_lines(&L, &w, err, sizeof err))
        fuzz_fail("the reader refused what the writer wrote", err);
      if (w.cycles != v.cycles || memcmp(w.rec, v.rec, v.cycles * ncol * sizeof *w.rec) != 0)
        fuzz_fail("round trip", "records differ after writing and reading back");
      kit_vec_free(&w);
      free(buf);
      free(ins);
    }
  }
  kit_vec_free(&v);
  return 0;
}
