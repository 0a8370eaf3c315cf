/*
 * fuzz_args.c - libFuzzer harness for the command-line and PARAMS parser
 * (tb/harness/args.c kit_args_parse, cmodel/core/params.c kit_params_* and the number
 * readers). The first line names the block; the rest is split into words at
 * newlines, as a shell would pass them. Seeds: tb/fuzz/corpus/args/.
 * Oracle: errors are one line; an accepted configuration is legal
 * (kit_params_check), and printed back as NAME=VALUE words it parses to the
 * same configuration; every number either reader accepts prints back to
 * itself.
 */
#include <inttypes.h>

#include "tb/harness/args.h"
#include "tb/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXW 24

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024], buf[4096], *w[MAXW];
  long P[KIT_MAX_PARAMS], Q[KIT_MAX_PARAMS];
  kit_args_t a;
  const kit_block_t *b = fuzz_block(&data, &size);
  if (size >= sizeof buf) size = sizeof buf - 1;
  memcpy(buf, data, size);
  buf[size] = '\0';
  int n = 0;
  for (char *t = buf; n < MAXW && t < buf + size;) {
    char *e = memchr(t, '\n', (size_t)(buf + size - t));
    if (!e) e = buf + size;
    *e = '\0';
    if (strlen(t) == (size_t)(e - t)) w[n++] = t;   /* no NUL inside: argv words never hold one */
    t = e + 1;
  }
  for (int i = 0; i < n; i++) {
    uint64_t u;
    long l;
    char txt[64];
    if (kit_parse_u64("x", w[i], 0, UINT64_MAX, &u, err, sizeof err) == 0) {
      snprintf(txt, sizeof txt, "%" PRIu64, u);
      uint64_t u2;
      if (kit_parse_u64("x", txt, 0, UINT64_MAX, &u2, err, sizeof err) || u2 != u) fuzz_fail("u64 round trip", w[i]);
    } else fuzz_one_line(err);
    if (kit_parse_long("x", w[i], -1000000, 1000000, &l, err, sizeof err) == 0) {
      snprintf(txt, sizeof txt, "%ld", l);
      long l2;
      if (kit_parse_long("x", txt, -1000000, 1000000, &l2, err, sizeof err) || l2 != l) fuzz_fail("long round trip", w[i]);
    } else fuzz_one_line(err);
  }
  if (kit_args_parse(b, P, n, w, "-o --seed --cycles --stim", 1, &a, err, sizeof err)) {
    fuzz_one_line(err);
    return 0;
  }
  if (kit_params_check(b, P, err, sizeof err)) fuzz_fail("accepted an illegal configuration", err);
  char words[KIT_MAX_PARAMS][96];
  char *wp[KIT_MAX_PARAMS];
  for (unsigned i = 0; i < b->nparams; i++) {
    snprintf(words[i], sizeof words[i], "%s=%ld", b->params[i].name, P[i]);
    wp[i] = words[i];
  }
  if (kit_args_parse(b, Q, (int)b->nparams, wp, "", 0, &a, err, sizeof err) ||
      memcmp(P, Q, b->nparams * sizeof *P) != 0)
    fuzz_fail("configuration round trip", err);
  return 0;
}
