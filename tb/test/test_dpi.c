/*
 * test_dpi.c - unit tests of the DPI-C entry (tb/harness/dpi.c), built
 * plain and under ASan/UBSan by 01_unit.sh, without a simulator: the
 * calls an SV testbench makes, made from C with the same 4096-bit vectors.
 *
 * Rationale: tb/test/88_dpi.sh runs the entry under Verilator for every
 * block, but only along the testbench's one path; here the error paths
 * (unknown block, a bad parameter with the kit's own message, a package
 * of other port widths, a vector file of another block, an unreadable
 * file) and the slot packing are checked under the sanitizers: every
 * block's random stimulus stepped through the entry gives the block's own
 * model's outputs, a compare of those outputs is clean, and a compare
 * with one flipped bit reports exactly that port at the right cycle.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/dpi.h"
#include "cmodel/core/block.h"
#include "tb/harness/capi.h"
#define UNIT_PREFIX "dpi: "
#include "tb/test/unit.h"

#define WORDS (CVKIT_DPI_BITS / 32)

static uint64_t slot(const cvkit_dpi_vec_t *w, unsigned i) { return w[2 * i] | (uint64_t)w[2 * i + 1] << 32; }

/* "w0 w1/w0 ..." of block b's default configuration. */
static void widths(const kit_block_t *b, char *s, size_t n)
{
  long P[KIT_MAX_PARAMS];
  kit_port_t port[KIT_MAX_PORTS];
  size_t k = 0;
  kit_params_default(b, P);
  b->ports(P, port);
  for (unsigned i = 0; i < b->nin + b->nout; i++)
    k += (size_t)snprintf(s + k, n - k, "%s%u", i == 0 ? "" : i == b->nin ? "/" : " ", port[i].width);
}

static void test_blocks(void)
{
  enum { N = 2000 };
  group_begin("every block: stimulus and step through the entry equal the block's model");
  for (unsigned bi = 0; kit_blocks[bi]; bi++) {
    const kit_block_t *b = kit_blocks[bi];
    char sig[KIT_MAX_PORTS * 4];
    cvkit_dpi_vec_t in[WORDS], out[WORDS];
    uint64_t i64[KIT_MAX_PORTS], ref[KIT_MAX_PORTS];
    long P[KIT_MAX_PARAMS];
    widths(b, sig, sizeof sig);
    void *h = cvkit_dpi_new(b->name, "", sig);
    void *s = h ? cvkit_dpi_stim_new(h, 3, N, "") : NULL;
    CHECK(h && s, "%s: %s", b->name, cvkit_dpi_error());
    if (!h || !s) continue;
    kit_params_default(b, P);
    void *raw = b->model_new(P);
    unsigned c = 0;
    while (cvkit_dpi_stim_next(s, in)) {
      for (unsigned i = 0; i < b->nin; i++) i64[i] = slot(in, i);
      b->model_step(raw, i64, ref);
      CHECK(cvkit_dpi_step(h, in, out) == 0, "%s: step: %s", b->name, cvkit_dpi_error());
      for (unsigned i = 0; i < b->nout; i++)
        CHECK(slot(out, i) == ref[i], "%s: cycle %u output %u differs", b->name, c, i);
      CHECK(cvkit_dpi_compare(h, out, "") == 0, "%s: cycle %u: compare of the model's own outputs", b->name, c);
      c++;
    }
    CHECK(c == N && cvkit_dpi_cycles(h) == N, "%s: %u cycles", b->name, c);
    b->model_free(raw);
    cvkit_dpi_stim_free(s);
    cvkit_dpi_free(h);
  }
  group_end();
}

static void test_errors(void)
{
  char sig[KIT_MAX_PORTS * 4], err[KIT_ERR_LEN];
  long P[KIT_MAX_PARAMS];
  const kit_block_t *hac = kit_block_find("hac");
  group_begin("errors: the kit's messages, NULL, nothing half made");
  widths(hac, sig, sizeof sig);
  CHECK(!cvkit_dpi_new("nosuch", "", sig) && strstr(cvkit_dpi_error(), "unknown block 'nosuch'"),
        "unknown block: %s", cvkit_dpi_error());
  /* the same message as the kit's parameter parser */
  CHECK(cvkit_configure(cvkit_block_index("hac", err, sizeof err), "Ways=0", P, err, sizeof err) != 0,
        "Ways=0 legal?");
  CHECK(!cvkit_dpi_new("hac", "Ways=0", sig) && strcmp(cvkit_dpi_error(), err) == 0,
        "bad parameter: '%s', the kit says '%s'", cvkit_dpi_error(), err);
  CHECK(!cvkit_dpi_new("hac", "Sets=64", "1 2 3/4") && strstr(cvkit_dpi_error(), "regenerate it"),
        "other widths: %s", cvkit_dpi_error());
  /* a configuration with other widths than the package: refused too */
  CHECK(!cvkit_dpi_new("hac", "Ways=8", sig) && strstr(cvkit_dpi_error(), "port widths"),
        "Ways=8 under the default package: %s", cvkit_dpi_error());
  void *h = cvkit_dpi_new("hac", "", sig);
  CHECK(h != NULL, "hac: %s", cvkit_dpi_error());
  if (h) {
    CHECK(!cvkit_dpi_stim_new(h, 1, 10, "build/test/no/such.stim") && strstr(cvkit_dpi_error(), "such.stim"),
          "missing file: %s", cvkit_dpi_error());
    CHECK(!cvkit_dpi_stim_new(h, 1, 0, "") && strstr(cvkit_dpi_error(), "cycles=0"),
          "cycles=0: %s", cvkit_dpi_error());
    CHECK(cvkit_dpi_ncover(h) > 0 && cvkit_dpi_cover_name(h, cvkit_dpi_ncover(h)) == NULL &&
          cvkit_dpi_cover_count(h, -1) == 0, "cover past the end");
    cvkit_dpi_free(h);
  }
  group_end();
}

/* A flipped output bit: exactly that port reported, at the last cycle;
 * only the first mismatch counts; reset starts clean. */
static void test_compare(void)
{
  char sig[KIT_MAX_PORTS * 4];
  cvkit_dpi_vec_t in[WORDS], out[WORDS];
  const kit_block_t *hac = kit_block_find("hac");
  group_begin("compare: a flipped bit is the reported port and cycle");
  widths(hac, sig, sizeof sig);
  void *h = cvkit_dpi_new("hac", "", sig);
  void *s = h ? cvkit_dpi_stim_new(h, 1, 100, "") : NULL;
  CHECK(h && s, "hac: %s", cvkit_dpi_error());
  if (h && s) {
    for (int c = 0; c < 10 && cvkit_dpi_stim_next(s, in); c++) cvkit_dpi_step(h, in, out);
    out[2 * 4] ^= 1u;                       /* output 4's low bit */
    printf("    (a planted mismatch follows)\n");
    CHECK(cvkit_dpi_compare(h, out, "repro words") == 1, "one port differs");
    CHECK(cvkit_dpi_compare(h, out, "repro words") == 1, "still one port");
    cvkit_dpi_reset(h);
    CHECK(cvkit_dpi_cycles(h) == 0, "reset: cycles");
  }
  cvkit_dpi_stim_free(s);
  cvkit_dpi_free(h);
  group_end();
}

int main(void)
{
  test_blocks();
  test_errors();
  test_compare();
  return unit_done();
}
