/*
 * test_kit.c - unit tests of the kit's shared C pieces: the PRNG behind
 * every generator and the one number reader behind every option,
 * parameter and file.
 *
 * Rationale:
 *  - "Same seed, same stream" is a promise across kit versions: the first
 *    outputs of xoshiro256** seeded by splitmix64 are pinned to literal
 *    values, and kit_rng_below (one division, rejection by the block-start
 *    test) is checked against the plain two-division formula for moduli
 *    where rejection is rare (small n) and frequent (n just above 2^63),
 *    over 200,000 draws each.
 *  - The number reader: decimal and 0x hex, leading zeros are decimal (no
 *    octal), signs, junk, empty strings, spaces, 2^64 and beyond, and the
 *    range limits at both ends; each with the exact message.
 *  - The equivalence configurations of make equiv (kit_equivs_check): every
 *    block's list passes, and the check fails, naming what is missing, on a
 *    list without a mode parameter's value (a two-valued one, hac
 *    BypassMc = 1, and the wide one, pdp PdMin's minimum), without a
 *    reduction of a default-check configuration, and with an illegal entry.
 *
 * Output: one line per group, "PASS <name>" or "FAIL <name>: <detail>".
 */
#include <stdio.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "tb/test/unit.h"


/* The reference: rejection with lim = n * floor((2^64-1)/n), two divisions. */
static uint64_t below_ref(kit_rng_t *r, uint64_t n)
{
  uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;
  do v = kit_rng_next(r); while (v >= lim);
  return v % n;
}

static void test_rng(void)
{
  /* splitmix64 / xoshiro256** from seed 1: literal values, never computed here */
  static const uint64_t first[4] = {0xb3f2af6d0fc710c5ull, 0x853b559647364ceaull,
                                    0x92f89756082a4514ull, 0x642e1c7bc266a3a7ull};
  kit_rng_t r;
  char d[256] = "";
  int ok = 1;
  kit_rng_seed(&r, 1);
  for (int i = 0; i < 4 && ok; i++) {
    uint64_t v = kit_rng_next(&r);
    if (v != first[i]) {
      snprintf(d, sizeof d, "draw %d of seed 1 is 0x%016llx, expected 0x%016llx", i,
               (unsigned long long)v, (unsigned long long)first[i]);
      ok = 0;
    }
  }
  verdict("rng: seed 1 gives the pinned xoshiro256** stream", ok, d);

  static const uint64_t ns[] = {1, 2, 3, 7, 1000, 4081, 300000, (1ull << 63) + 1,
                                (1ull << 63) + 12345, UINT64_MAX - 1, UINT64_MAX};
  ok = 1;
  for (unsigned k = 0; k < sizeof ns / sizeof ns[0] && ok; k++) {
    kit_rng_t a, b;
    kit_rng_seed(&a, 77 + k);
    kit_rng_seed(&b, 77 + k);
    for (int i = 0; i < 200000 && ok; i++) {
      uint64_t x = below_ref(&a, ns[k]), y = kit_rng_below(&b, ns[k]);
      if (x != y || y >= ns[k]) {
        snprintf(d, sizeof d, "n=%llu draw %d: %llu, reference %llu", (unsigned long long)ns[k], i,
                 (unsigned long long)y, (unsigned long long)x);
        ok = 0;
      }
    }
  }
  verdict("rng: kit_rng_below equals the two-division reference (11 moduli x 200000 draws)", ok, d);

  kit_rng_t a, b;
  kit_rng_seed(&a, 5);
  kit_rng_seed(&b, 5);
  ok = 1;
  for (int i = 0; i < 100000 && ok; i++) {
    unsigned pm = (unsigned)(i % 1001);
    if (kit_rng_chance(&a, pm) != (below_ref(&b, 1000) < pm)) ok = 0;
  }
  verdict("rng: kit_rng_chance(pm) is below(1000) < pm", ok, "differs");
}

static void test_parse(void)
{
  struct { const char *text; uint64_t min, max; int rc; uint64_t v; const char *msg; } u[] = {
    {"0", 0, 10, 0, 0, ""},
    {"10", 0, 10, 0, 10, ""},
    {"010", 0, 100, 0, 10, ""},                   /* leading zero: decimal, not octal */
    {"0x1F", 0, 100, 0, 31, ""},
    {"0Xff", 0, 1000, 0, 255, ""},
    {"18446744073709551615", 0, UINT64_MAX, 0, UINT64_MAX, ""},
    {"18446744073709551616", 0, UINT64_MAX, -1, 0, "--x=18446744073709551616 out of range 0..18446744073709551615"},
    {"99999999999999999999", 1, 100, -1, 0, "--x=99999999999999999999 out of range 1..100"},
    {"0x10000000000000000", 0, UINT64_MAX, -1, 0, "out of range"},
    {"-1", 0, 10, -1, 0, "--x: '-1' is not a number"},
    {"+1", 0, 10, -1, 0, "--x: '+1' is not a number"},
    {"", 0, 10, -1, 0, "--x: '' is not a number"},
    {"0x", 0, 10, -1, 0, "--x: '0x' is not a number"},
    {" 5", 0, 10, -1, 0, "is not a number"},
    {"5 ", 0, 10, -1, 0, "is not a number"},
    {"5k", 0, 10, -1, 0, "--x: '5k' is not a number"},
    {"abc", 0, 10, -1, 0, "--x: 'abc' is not a number"},
    {"0", 1, 10, -1, 0, "--x=0 out of range 1..10"},
    {"11", 1, 10, -1, 0, "--x=11 out of range 1..10"},
  };
  char err[256], d[512] = "";
  int ok = 1;
  for (unsigned i = 0; i < sizeof u / sizeof u[0]; i++) {
    uint64_t v = 12345;
    err[0] = '\0';
    int rc = kit_parse_u64("--x", u[i].text, u[i].min, u[i].max, &v, err, sizeof err);
    if (rc != u[i].rc || (rc == 0 && v != u[i].v) || (rc && !strstr(err, u[i].msg))) {
      snprintf(d, sizeof d, "'%s': rc %d value %llu message '%s'", u[i].text, rc,
               (unsigned long long)v, err);
      ok = 0;
      break;
    }
  }
  verdict("parse: unsigned numbers (decimal, 0x hex, no octal, no sign, overflow, range)", ok, d);

  struct { const char *text; long min, max; int rc; long v; const char *msg; } s[] = {
    {"-10", -100, 100, 0, -10, ""},
    {"-0", -1, 1, 0, 0, ""},
    {"-0x10", -100, 100, 0, -16, ""},
    {"-9223372036854775808", -9223372036854775807L - 1, 0, 0, -9223372036854775807L - 1, ""},
    {"9223372036854775807", 0, 9223372036854775807L, 0, 9223372036854775807L, ""},
    {"9223372036854775808", 0, 9223372036854775807L, -1, 0, "out of range"},
    {"-101", -100, 100, -1, 0, "parameter P=-101 out of range -100..100"},
    {"--1", -100, 100, -1, 0, "parameter P: '--1' is not an integer"},
    {"-", -100, 100, -1, 0, "parameter P: '-' is not an integer"},
    {"x", -100, 100, -1, 0, "parameter P: 'x' is not an integer"},
  };
  ok = 1;
  for (unsigned i = 0; i < sizeof s / sizeof s[0]; i++) {
    long v = 12345;
    err[0] = '\0';
    int rc = kit_parse_long("parameter P", s[i].text, s[i].min, s[i].max, &v, err, sizeof err);
    if (rc != s[i].rc || (rc == 0 && v != s[i].v) || (rc && !strstr(err, s[i].msg))) {
      snprintf(d, sizeof d, "'%s': rc %d value %ld message '%s'", s[i].text, rc, v, err);
      ok = 0;
      break;
    }
  }
  verdict("parse: signed numbers (parameters)", ok, d);
}

/* Block b with its equivalence list replaced by the entries of b's own
 * list whose index is not in `drop` (a bit mask). */
static int equivs_without(const kit_block_t *b, uint32_t drop, char *err, size_t n)
{
  kit_block_t c = *b;
  kit_equiv_t e[32];
  unsigned k = 0;
  for (unsigned i = 0; i < b->nequivs && k < 32; i++)
    if (!(drop >> i & 1u)) e[k++] = b->equivs[i];
  c.equivs = e;
  c.nequivs = k;
  return kit_equivs_check(&c, err, n);
}

static void test_equivs(void)
{
  char err[512] = "", d[700] = "";
  int ok = 1;
  for (unsigned i = 0; kit_blocks[i] && ok; i++)
    if (kit_equivs_check(kit_blocks[i], err, sizeof err)) {
      snprintf(d, sizeof d, "block %s: %s", kit_blocks[i]->name, err);
      ok = 0;
    }
  verdict("equivs: every block's equivalence configurations are complete", ok, d);

  /* hac's list: entry 5 (index 4) is the only BypassMc=1, entry 4 (index 3)
   * the only reduction of default-check configuration 4 */
  const kit_block_t *hac = kit_block_find("hac"), *pdp = kit_block_find("pdp");
  const struct { const char *what; const kit_block_t **b; uint32_t drop; const char *msg; } c[] = {
    {"a two-valued mode parameter's value", &hac, 1u << 4, "no equivalence configuration sets mode parameter BypassMc to 1"},
    {"a default-check reduction", &hac, 1u << 3, "no equivalence configuration reduces default-check configuration 4"},
    {"a wide mode parameter's minimum", &pdp, 1u << 4, "no equivalence configuration sets mode parameter PdMin to its minimum"},
  };
  for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
    err[0] = '\0';
    int rc = equivs_without(*c[i].b, c[i].drop, err, sizeof err);
    char name[160];
    snprintf(name, sizeof name, "equivs: a list without %s is refused", c[i].what);
    snprintf(d, sizeof d, "rc %d, message '%s', expected '%s'", rc, err, c[i].msg);
    verdict(name, rc != 0 && strstr(err, c[i].msg) != NULL, d);
  }
  kit_block_t bad = *hac;
  static const kit_equiv_t one[] = {{"Ways=12", KIT_CHK(1), 100, "not a power of two"}};
  bad.equivs = one;
  bad.nequivs = 1;
  err[0] = '\0';
  int rc = kit_equivs_check(&bad, err, sizeof err);
  snprintf(d, sizeof d, "rc %d, message '%s'", rc, err);
  verdict("equivs: an illegal entry is refused, named", rc != 0 && strstr(err, "Ways=12") &&
          strstr(err, "(equivalence configuration 1 of block hac)"), d);
}

int main(void)
{
  test_rng();
  test_parse();
  test_equivs();
  return unit_done();
}
