/*
 * gen.h - what the blocks' seeded generators (tb/<block>/<block>_stim.c)
 * share: the kit_stim_t around a generator's state, the reset pattern of
 * the phase-driven generators, and the value shapes their traffic is made
 * of (a tag pool, an index beyond a range, a pick from a table).
 *
 * Usage profile: called once or a few times per generated cycle, in the
 * lockstep loop, so everything is inline. Each helper makes exactly the
 * kit_rng draws the generators made before it was shared, in the same
 * order: the same seed gives the same stream (the vector files of every
 * block's check list are byte for byte those of the pasted code).
 */
#ifndef GEN_H
#define GEN_H

#include <stdlib.h>

#include "tb/stim/source.h"

/* The generator `const kit_stim_t b_stim` over state type T, whose first
 * field is `kit_rng_t rng`. Create allocates a zeroed T, seeds rng with
 * the seed and calls init(s, P) (nonzero: failure, fini is called and NULL
 * returned); next calls step(s, (b_in_t *)in); destroy calls fini(s) when
 * fini is not NULL, then frees. */
#define KIT_STIM_DEFINE(b, T, init, step, fini)                                    \
  static void b##_stim_destroy_(void *s)                                           \
  {                                                                                \
    void (*fini_)(T *) = fini;                                                     \
    if (s && fini_) fini_((T *)s);                                                 \
    free(s);                                                                       \
  }                                                                                \
  static void *b##_stim_create_(const long *P, uint64_t seed)                      \
  {                                                                                \
    T *s = calloc(1, sizeof *s);                                                   \
    if (!s) return NULL;                                                           \
    kit_rng_seed(&s->rng, seed);                                                   \
    if (init(s, P)) {                                                              \
      b##_stim_destroy_(s);                                                        \
      return NULL;                                                                 \
    }                                                                              \
    return s;                                                                      \
  }                                                                                \
  static void b##_stim_next_(void *s, uint64_t *in) { step((T *)s, (b##_in_t *)in); } \
  const kit_stim_t b##_stim = {b##_stim_create_, b##_stim_next_, b##_stim_destroy_}

/* The reset pattern of a phase-driven generator: count the cycle, then
 * say whether it is a reset cycle. The first *reset_left cycles are (the
 * generator starts it at 2); after cycle 1000 a new reset of 1..3 cycles
 * starts with probability 1 / one_in per cycle. */
static inline int kit_gen_reset(kit_rng_t *r, uint64_t *cycle, unsigned *reset_left, uint64_t one_in)
{
  (*cycle)++;
  if (*reset_left == 0 && *cycle > 1000 && kit_rng_below(r, one_in) == 0)
    *reset_left = 1 + (unsigned)kit_rng_below(r, 3);
  if (*reset_left == 0) return 0;
  (*reset_left)--;
  return 1;
}

/* A value at or above n within w bits (out of range: only when n < 2^w),
 * else one below n. */
static inline uint64_t kit_gen_beyond(kit_rng_t *r, uint64_t n, unsigned w)
{
  uint64_t lim = (uint64_t)1 << w;
  return lim > n ? n + kit_rng_below(r, lim - n) : kit_rng_below(r, n);
}

/* Any tag of mask's width, its corners 0 and all-ones one time in eight
 * each. */
static inline uint64_t kit_gen_tag_any(kit_rng_t *r, uint64_t mask)
{
  unsigned t = (unsigned)kit_rng_below(r, 8);
  return t == 0 ? 0 : t == 1 ? mask : kit_rng_next(r) & mask;
}

/* The base of a pool of `pool` consecutive tags: 0, the top of the range,
 * or anywhere. */
static inline uint64_t kit_gen_tag_base(kit_rng_t *r, uint64_t mask, uint64_t pool)
{
  unsigned b = (unsigned)kit_rng_below(r, 4);
  return b == 0 ? 0 : b == 1 ? (mask - pool + 1) & mask : kit_rng_next(r) & mask;
}

/* One of the n values of v. */
static inline unsigned kit_gen_pick(kit_rng_t *r, const unsigned *v, unsigned n)
{
  return v[kit_rng_below(r, n)];
}

#endif /* GEN_H */
