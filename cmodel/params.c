/*
 * params.c - block parameters (NAME=VALUE) and the kit's deterministic PRNG.
 *
 * Parameters arrive from make variables and command lines as NAME=VALUE
 * words; every tool parses them here so that an out-of-range or unknown
 * parameter gets the same one-line message everywhere. The PRNG is written
 * out (not rand()) so that a seed means the same stimulus on every libc.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kit.h"

int kit_param_index(const kit_block_t *b, const char *name)
{
  for (unsigned i = 0; i < b->nparams; i++)
    if (strcmp(b->params[i].name, name) == 0) return (int)i;
  return -1;
}

void kit_params_default(const kit_block_t *b, long *P)
{
  for (unsigned i = 0; i < b->nparams; i++) P[i] = b->params[i].def;
}

int kit_params_set(const kit_block_t *b, long *P, const char *assign,
                   char *err, size_t errlen)
{
  const char *eq = strchr(assign, '=');
  char name[64];
  size_t n = eq ? (size_t)(eq - assign) : 0;
  if (!eq || n == 0 || n >= sizeof name) {
    snprintf(err, errlen, "parameter '%s': expected NAME=VALUE", assign);
    return -1;
  }
  memcpy(name, assign, n);
  name[n] = '\0';
  int i = kit_param_index(b, name);
  if (i < 0) {
    snprintf(err, errlen, "parameter '%s': block %s has no such parameter", name, b->name);
    return -1;
  }
  char *end;
  errno = 0;
  long v = strtol(eq + 1, &end, 0);
  if (errno || end == eq + 1 || *end) {
    snprintf(err, errlen, "parameter %s: '%s' is not an integer", name, eq + 1);
    return -1;
  }
  P[i] = v;
  return 0;
}

int kit_params_check(const kit_block_t *b, const long *P, char *err, size_t errlen)
{
  for (unsigned i = 0; i < b->nparams; i++) {
    const kit_param_t *p = &b->params[i];
    if (P[i] < p->min || P[i] > p->max) {
      snprintf(err, errlen, "parameter %s=%ld out of range %ld..%ld (%s)",
               p->name, P[i], p->min, p->max, p->doc);
      return -1;
    }
  }
  return b->check ? b->check(P, err, errlen) : 0;
}

/* splitmix64, used only to spread the seed over xoshiro's state. */
static uint64_t splitmix64(uint64_t *x)
{
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void kit_rng_seed(kit_rng_t *r, uint64_t seed)
{
  uint64_t x = seed;
  for (int i = 0; i < 4; i++) r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t v, int k) { return (v << k) | (v >> (64 - k)); }

/* xoshiro256** (Blackman and Vigna). */
uint64_t kit_rng_next(kit_rng_t *r)
{
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t kit_rng_below(kit_rng_t *r, uint64_t n)
{
  /* Lemire-free simple rejection: unbiased, deterministic. */
  uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;
  do v = kit_rng_next(r); while (v >= lim);
  return v % n;
}

int kit_rng_chance(kit_rng_t *r, unsigned per_mille)
{
  return kit_rng_below(r, 1000) < per_mille;
}
