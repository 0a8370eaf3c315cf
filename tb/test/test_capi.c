/*
 * test_capi.c - unit tests of the plain-C API for other languages
 * (tb/harness/capi.c), built plain and under ASan/UBSan by 01_unit.sh.
 *
 * Rationale: the Python package's tests compare results with the C tools;
 * these exercise the API's own code paths under the sanitizers, where a
 * handle or an array length mistake would show: every block configured
 * and stepped through cvkit_model_run against the block's own model_step,
 * stimulus fill against the kit source, vector write (random and from
 * records) giving the same bytes and reading back, replay of a corrupted
 * file, and every error path (unknown block, bad parameter, an input too
 * wide, an unreadable file) returning its message without touching the
 * output. Output: one line per group, "PASS <name>" or "FAIL <name>: ...".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/capi.h"
#include "cmodel/core/block.h"
#define UNIT_PREFIX "capi: "
#include "tb/test/unit.h"


static int same_file(const char *a, const char *b)
{
  FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
  int same = fa && fb, ca, cb;
  while (same && ((ca = fgetc(fa)) != EOF) + ((cb = fgetc(fb)) != EOF))
    same = ca == cb;
  if (fa) fclose(fa);
  if (fb) fclose(fb);
  return same;
}

/* Every block: its stimulus through the API's model equals the block's own
 * model stepped directly, and vector files from random and from records
 * are the same bytes and read back to the same records. */
static void test_blocks(void)
{
  enum { N = 3000 };
  char err[KIT_ERR_LEN] = "", d[512] = "";
  for (unsigned bi = 0; cvkit_block_name(bi); bi++) {
    int b = cvkit_block_index(cvkit_block_name(bi), err, sizeof err);
    const kit_block_t *k = kit_block_find(cvkit_block_name(bi));
    long P[KIT_MAX_PARAMS];
    unsigned nin = cvkit_nin(b), nout = cvkit_nout(b);
    uint64_t *in = calloc((size_t)N * nin, sizeof *in), *out = calloc((size_t)N * nout, sizeof *out);
    uint64_t ref[KIT_MAX_PORTS];
    int ok = b == (int)bi && k && in && out && cvkit_configure(b, "", P, err, sizeof err) == 0;
    cvkit_stim_t *s = ok ? cvkit_stim_new(b, P, 5, N, NULL, err, sizeof err) : NULL;
    cvkit_model_t *m = s ? cvkit_model_new(b, P, err, sizeof err) : NULL;
    ok = m && cvkit_stim_fill(s, N + 10, in) == N && cvkit_stim_fill(s, 1, in) == 0 &&
         cvkit_model_run(m, N, in, out, err, sizeof err) == 0 && cvkit_model_cycles(m) == N;
    void *raw = ok ? k->model_new(P) : NULL;
    for (unsigned c = 0; raw && ok && c < N; c++) {
      k->model_step(raw, in + (size_t)c * nin, ref);
      if (memcmp(ref, out + (size_t)c * nout, nout * sizeof *ref) != 0) {
        snprintf(d, sizeof d, "%s: cycle %u differs from the block's model", k->name, c);
        ok = 0;
      }
    }
    if (raw) k->model_free(raw);
    char pa[64], pb[64];
    snprintf(pa, sizeof pa, "build/test/capi_%s_a.vec", cvkit_block_name(bi));
    snprintf(pb, sizeof pb, "build/test/capi_%s_b.vec", cvkit_block_name(bi));
    if (ok && (cvkit_vec_write(pa, b, P, 5, N, NULL, err, sizeof err) ||
               cvkit_vec_write_records(pb, b, P, 5, "random", in, N, err, sizeof err) ||
               !same_file(pa, pb))) {
      snprintf(d, sizeof d, "%s: random and records files differ or failed: %s", k->name, err);
      ok = 0;
    }
    cvkit_vec_t *v = ok ? cvkit_vec_read(pa, err, sizeof err) : NULL;
    if (ok && (!v || cvkit_vec_block(v) != b || cvkit_vec_cycles(v) != N || cvkit_vec_seed(v) != 5 ||
               cvkit_vec_replay(v, pa, err, sizeof err) != 0 ||
               memcmp(cvkit_vec_records(v) + nin, out, nout * sizeof *out) != 0)) {
      snprintf(d, sizeof d, "%s: read back: %s", k->name, err);
      ok = 0;
    }
    if (!ok && !d[0]) snprintf(d, sizeof d, "%s: %s", cvkit_block_name(bi), err);
    char name[80];
    snprintf(name, sizeof name, "%s: stimulus, model, vectors (random = records), read back", cvkit_block_name(bi));
    verdict(name, ok, d);
    cvkit_vec_free(v);
    cvkit_model_free(m);
    cvkit_stim_free(s);
    free(in);
    free(out);
  }
}

static void test_errors(void)
{
  char err[KIT_ERR_LEN];
  long P[KIT_MAX_PARAMS];
  int hac = cvkit_block_index("hac", err, sizeof err);
  int ok = cvkit_block_index("nosuch", err, sizeof err) == -1 &&
           strcmp(err, "unknown block 'nosuch' (kit blocks lists them)") == 0;
  verdict("unknown block", ok, err);
  ok = cvkit_configure(hac, "Ways=12", P, err, sizeof err) == -1 && strstr(err, "Ways=12") != NULL;
  verdict("illegal parameter", ok, err);
  ok = cvkit_configure(hac, "Ways=16 Ways=32", P, err, sizeof err) == -1 &&
       strcmp(err, "parameter Ways given twice") == 0;
  verdict("parameter given twice", ok, err);
  ok = cvkit_configure(hac, "Sets=64 Ways=8", P, err, sizeof err) == 0;
  cvkit_model_t *m = cvkit_model_new(hac, P, err, sizeof err);
  uint64_t in[KIT_MAX_PORTS] = {1, 1, 0, 64, 0, 0, 1}, out[KIT_MAX_PORTS] = {0};
  ok = m && cvkit_model_step(m, in, out, err, sizeof err) == -1 &&
       strcmp(err, "cycle 0: req_set_i=0x40 does not fit in 6 bits") == 0 && cvkit_model_cycles(m) == 0;
  verdict("input wider than its port", ok, err);
  in[3] = 63;
  ok = m && cvkit_model_step(m, in, out, err, sizeof err) == 0 && cvkit_model_cycles(m) == 1;
  cvkit_model_reset(m);
  ok = ok && cvkit_model_cycles(m) == 0;
  verdict("step and reset", ok, err);
  cvkit_model_free(m);
  ok = cvkit_vec_read("build/test", err, sizeof err) == NULL && strstr(err, "is a directory");
  verdict("vector file that is a directory", ok, err);
  ok = cvkit_stim_new(hac, P, 1, 1, "build/test/no-such.stim", err, sizeof err) == NULL &&
       strstr(err, "no-such.stim") != NULL;
  verdict("missing directed file", ok, err);
  ok = cvkit_vec_write_records("build/test/x.vec", hac, P, 0, "a\nb", in, 1, err, sizeof err) == -1;
  verdict("source description with a newline", ok, err);
  ok = cvkit_abi() == CVKIT_ABI && cvkit_limit("params") == KIT_MAX_PARAMS && cvkit_limit("x") == 0 &&
       cvkit_block_str(hac, "top") && !cvkit_block_str(hac, "nope") && !cvkit_block_name(999);
  verdict("abi, limits, block strings", ok, "");
}

int main(void)
{
  test_blocks();
  test_errors();
  return unit_done();
}
