/*
 * fuzz_capi.c - libFuzzer harness for the Python-facing C API (tb/harness/capi.c,
 * what python/cvkit calls through ctypes). Input: a block name line; then
 * parameter words, one per line, up to an empty line; then bytes read as
 * a seed (8), a cycle count (1) and input words (8 bytes each, nin per
 * cycle). Seeds: tb/fuzz/corpus/capi/.
 * Oracles: errors are one line; cvkit_configure_words (one word per
 * parameter, never re-split) agrees with cvkit_configure on words without
 * blanks, configuration and error alike, and accepts only legal
 * configurations; a model step accepts exactly the cycles whose every
 * input fits its port's width (the C API never masks or wraps), returns
 * outputs within their widths, and cvkit_model_run of the same cycles
 * gives the same outputs and stops at the same bad cycle; the random
 * stimulus refuses 0 cycles and otherwise yields exactly the cycles asked
 * for, every input within its width.
 */
#include "tb/harness/capi.h"
#include "tb/fuzz/fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAXW 24
#define MAXC 48   /* cycles stepped per input: the models are small here, keep iterations fast */

static uint64_t take_u64(const uint8_t **d, size_t *n)
{
  uint64_t v = 0;
  for (int i = 0; i < 8 && *n; i++, (*d)++, (*n)--) v |= (uint64_t)**d << (8 * i);
  return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  char err[1024], err2[1024], buf[4096], joined[4096];
  const char *w[MAXW];
  long P[KIT_MAX_PARAMS], Q[KIT_MAX_PARAMS];
  const kit_block_t *kb = fuzz_block(&data, &size);
  int b = cvkit_block_index(kb->name, err, sizeof err);
  if (b < 0) fuzz_fail("a registry block has no index", kb->name);

  /* parameter words up to an empty line */
  unsigned n = 0;
  size_t used = 0, jl = 0;
  int blanks = 0;
  joined[0] = '\0';
  while (size && n < MAXW) {
    const uint8_t *nl = memchr(data, '\n', size);
    size_t len = nl ? (size_t)(nl - data) : size;
    if (len == 0 || used + len + 1 > sizeof buf || memchr(data, '\0', len)) {
      if (len == 0 && nl) data++, size--;
      break;
    }
    memcpy(buf + used, data, len);
    buf[used + len] = '\0';
    w[n++] = buf + used;
    blanks |= strpbrk(buf + used, " \t\r\n") != NULL;
    jl += (size_t)snprintf(joined + jl, sizeof joined - jl, "%s%s", jl ? " " : "", buf + used);
    used += len + 1;
    data += len + (nl != NULL);
    size -= len + (nl != NULL);
  }
  int rc = cvkit_configure_words(b, n, w, P, err, sizeof err);
  if (rc) fuzz_one_line(err);
  else if (kit_params_check(kb, P, err2, sizeof err2)) fuzz_fail("accepted an illegal configuration", err2);
  if (!blanks && n <= KIT_MAX_PARAMS + 1 && jl < sizeof joined - 1) {   /* within cvkit_configure's own limits */
    int rc2 = cvkit_configure(b, joined, Q, err2, sizeof err2);
    if (rc != rc2 || (rc == 0 && memcmp(P, Q, kb->nparams * sizeof *P)) || (rc && strcmp(err, err2)))
      fuzz_fail("configure_words and configure disagree", joined);
  }
  if (rc || !fuzz_small(kb, P)) return 0;

  const unsigned nin = cvkit_nin(b), nout = cvkit_nout(b);
  const char *name[KIT_MAX_PORTS], *doc[KIT_MAX_PORTS];
  int dir[KIT_MAX_PORTS];
  unsigned width[KIT_MAX_PORTS];
  uint64_t idle[KIT_MAX_PORTS];
  cvkit_ports(b, P, name, dir, width, idle, doc);

  /* the random stimulus: exactly the cycles asked for, within the widths */
  const uint64_t seed = take_u64(&data, &size);
  const uint64_t cycles = size ? (uint64_t)(*data++ % (MAXC + 1)) : 0;
  if (size) size--;
  cvkit_stim_t *st = cvkit_stim_new(b, P, seed, cycles, NULL, err, sizeof err);
  if (cycles == 0) {
    if (st) fuzz_fail("a random stimulus of 0 cycles was accepted", "");
    fuzz_one_line(err);
  } else {
    if (!st) fuzz_fail("a random stimulus was refused", err);
    uint64_t in[(MAXC + 1) * KIT_MAX_PORTS], got = cvkit_stim_fill(st, MAXC + 1, in);
    if (got != cycles) fuzz_fail("stimulus length", "fill did not give the cycles asked for");
    for (uint64_t c = 0; c < got; c++)
      for (unsigned i = 0; i < nin; i++)
        if (in[c * nin + i] & ~kit_mask(width[i])) fuzz_fail("stimulus value", name[i]);
    cvkit_stim_free(st);
  }

  /* the model: step cycle by cycle, then the same cycles through run */
  uint64_t ins[MAXC * KIT_MAX_PORTS], outs[MAXC * KIT_MAX_PORTS], o2[MAXC * KIT_MAX_PORTS];
  unsigned nc = 0;
  while (nc < MAXC && size >= 8 * (size_t)nin) {
    for (unsigned i = 0; i < nin; i++) {
      uint64_t v = take_u64(&data, &size);
      /* mostly legal values, so the model's state space is reached */
      ins[nc * nin + i] = (v >> 63) ? v : v & kit_mask(width[i]);
    }
    nc++;
  }
  cvkit_model_t *m = cvkit_model_new(b, P, err, sizeof err);
  if (!m) fuzz_fail("model_new refused a checked configuration", err);
  int64_t bad = -1;
  for (unsigned c = 0; c < nc && bad < 0; c++) {
    int fits = 1;
    for (unsigned i = 0; i < nin; i++) fits &= !(ins[c * nin + i] & ~kit_mask(width[i]));
    rc = cvkit_model_step(m, ins + c * nin, outs + c * nout, err, sizeof err);
    if (rc == 0 && !fits) fuzz_fail("a value wider than its port was stepped", "");
    if (rc != 0 && fits) fuzz_fail("a legal cycle was refused", err);
    if (rc) {
      fuzz_one_line(err);
      bad = c;
      break;
    }
    for (unsigned i = 0; i < nout; i++)
      if (outs[c * nout + i] & ~kit_mask(width[nin + i])) fuzz_fail("output wider than its port", name[nin + i]);
  }
  if (cvkit_model_cycles(m) != (bad < 0 ? nc : (uint64_t)bad)) fuzz_fail("cycle count", "steps counted wrongly");
  cvkit_model_reset(m);
  rc = cvkit_model_run(m, nc, ins, o2, err2, sizeof err2);
  if ((rc != 0) != (bad >= 0)) fuzz_fail("run and step disagree on a bad cycle", err2);
  const unsigned good = bad < 0 ? nc : (unsigned)bad;
  if (memcmp(outs, o2, (size_t)good * nout * sizeof *outs)) fuzz_fail("run and step give different outputs", "");
  if (rc && strcmp(err, err2)) fuzz_fail("run and step word a bad cycle differently", err2);
  cvkit_model_free(m);
  return 0;
}
