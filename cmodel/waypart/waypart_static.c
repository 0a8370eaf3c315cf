/*
 * waypart_static.c - Algorithm 1 of Liang et al. (static partitioning) and
 * the brute-force search that checks it; doc/waypart.md "The static scheme
 * (Algorithm 1)" (ST1-ST6).
 */
#include <string.h>

#include "cmodel/waypart/waypart_static.h"

/* ST2: kernel k's term, t[k][c] / t[k][W] in units of 2^-32, floored */
static unsigned __int128 term(const waypart_table_t *t, unsigned k, unsigned c)
{
  const unsigned __int128 num = (unsigned __int128)t->t[k][c] << 32;
  return num / t->t[k][t->ways];
}

unsigned __int128 waypart_stp(const waypart_table_t *t, const unsigned *c)
{
  unsigned __int128 s = 0;
  for (unsigned k = 0; k < t->k; k++) s += term(t, k, c[k]);
  return s;
}

/* ST4: the Partition function, as a while loop (stop at sum >= W); the
 * largest increment (signed: a table may fall with more ways), ties to the
 * lowest kernel; a kernel at W ways takes no more */
static void partition(const waypart_table_t *t, unsigned access, unsigned *c)
{
  unsigned sum = 0;
  for (unsigned k = 0; k < t->k; k++) sum += c[k];
  while (sum < t->ways) {
    int best = -1;
    __int128 bd = 0;
    for (unsigned k = 0; k < t->k; k++) {
      if (!(access >> k & 1u) || c[k] >= t->ways) continue;
      const __int128 d = (__int128)term(t, k, c[k] + 1) - (__int128)term(t, k, c[k]);
      if (best < 0 || d > bd) {
        best = (int)k;
        bd = d;
      }
    }
    if (best < 0) return;              /* nobody accesses the cache: all bypass */
    c[best]++;
    sum++;
  }
}

void waypart_alg1(const waypart_table_t *t, waypart_static_t *r, unsigned *candidates)
{
  unsigned cand[WPS_MAX_K], m = 0, mask = 0;
  for (unsigned k = 0; k < t->k; k++)          /* lines 3-7: bypass(k) */
    if (t->t[k][0] >= t->t[k][1]) {
      cand[m++] = k;
      mask |= 1u << k;
    }
  if (candidates) *candidates = mask;
  memset(r, 0, sizeof *r);                     /* line 1: C_opt = 0 */
  r->stp = waypart_stp(t, r->c);
  for (unsigned i = 0; i < (1u << m); i++) {   /* lines 9-26 */
    unsigned c[WPS_MAX_K] = {0}, access = (1u << t->k) - 1u, sum = 0;
    for (unsigned j = 0; j < m; j++) {
      if (i >> j & 1u) access &= ~(1u << cand[j]);   /* bypasses: C = 0 */
      else c[cand[j]] = 1;                           /* accesses: 1 way to start */
      sum += c[cand[j]];
    }
    if (sum > t->ways) continue;               /* ST3: more starting ways than W */
    partition(t, access, c);
    const unsigned __int128 s = waypart_stp(t, c);
    if (s > r->stp) {                          /* line 23: strict, the first kept */
      memcpy(r->c, c, sizeof c);
      r->stp = s;
    }
  }
}

static void brute(const waypart_table_t *t, unsigned k, unsigned left, unsigned *c, waypart_static_t *r, int *any)
{
  if (k == t->k) {
    const unsigned __int128 s = waypart_stp(t, c);
    if (!*any || s > r->stp) {
      memcpy(r->c, c, sizeof r->c);
      r->stp = s;
      *any = 1;
    }
    return;
  }
  for (unsigned x = 0; x <= left; x++) {
    c[k] = x;
    brute(t, k + 1, left - x, c, r, any);
  }
  c[k] = 0;
}

void waypart_brute(const waypart_table_t *t, waypart_static_t *r)
{
  unsigned c[WPS_MAX_K] = {0};
  int any = 0;
  memset(r, 0, sizeof *r);
  brute(t, 0, t->ways, c, r, &any);
}

uint64_t waypart_part_word(const waypart_table_t *t, const unsigned *c)
{
  unsigned cw = 0;
  while ((1u << cw) < t->ways + 1u) cw++;      /* CW = clog2(Ways + 1) */
  uint64_t v = 0;
  for (unsigned k = 0; k < t->k; k++) v |= (uint64_t)c[k] << (k * cw);
  return v;
}
