/*
 * params.c - block parameters (NAME=VALUE) and the kit's deterministic PRNG.
 *
 * Parameters arrive from make variables and command lines as NAME=VALUE
 * words; every tool parses them here so that an out-of-range or unknown
 * parameter gets the same one-line message everywhere. The PRNG is written
 * out (not rand()) so that a seed means the same stimulus on every libc.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"

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

/* Digits of text in base 10, or 16 after 0x: the magnitude, with overflow
 * and junk reported. */
static int parse_mag(const char *text, uint64_t *v)
{
  const char *p = text;
  unsigned base = 10;
  uint64_t acc = 0;
  if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    base = 16;
    p += 2;
  }
  if (!*p) return -1;
  for (; *p; p++) {
    unsigned d;
    if (*p >= '0' && *p <= '9') d = (unsigned)(*p - '0');
    else if (base == 16 && *p >= 'a' && *p <= 'f') d = (unsigned)(*p - 'a' + 10);
    else if (base == 16 && *p >= 'A' && *p <= 'F') d = (unsigned)(*p - 'A' + 10);
    else return -1;
    if (acc > (UINT64_MAX - d) / base) return -2;
    acc = acc * base + d;
  }
  *v = acc;
  return 0;
}

int kit_parse_u64(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *v,
                  char *err, size_t errlen)
{
  uint64_t x = 0;
  int rc = parse_mag(text, &x);
  if (rc == -1) {
    snprintf(err, errlen, "%s: '%s' is not a number", what, text);
    return -1;
  }
  if (rc == -2 || x < min || x > max) {
    snprintf(err, errlen, "%s=%s out of range %llu..%llu", what, text, (unsigned long long)min,
             (unsigned long long)max);
    return -1;
  }
  *v = x;
  return 0;
}

int kit_parse_long(const char *what, const char *text, long min, long max, long *v,
                   char *err, size_t errlen)
{
  const int neg = text[0] == '-';
  uint64_t x = 0;
  int rc = parse_mag(text + neg, &x);
  if (rc == -1) {
    snprintf(err, errlen, "%s: '%s' is not an integer", what, text);
    return -1;
  }
  /* magnitude limit: LONG_MAX, or LONG_MAX + 1 for a negative number */
  const uint64_t lim = (uint64_t)LONG_MAX + (uint64_t)neg;
  long val = 0;
  if (rc == 0 && x <= lim) val = neg ? (x == 0 ? 0 : -(long)(x - 1) - 1) : (long)x;
  if (rc == -2 || x > lim || val < min || val > max) {
    snprintf(err, errlen, "%s=%s out of range %ld..%ld", what, text, min, max);
    return -1;
  }
  *v = val;
  return 0;
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
  char what[80];
  snprintf(what, sizeof what, "parameter %s", name);
  if (kit_parse_long(what, eq + 1, LONG_MIN, LONG_MAX, &P[i], err, errlen) == 0) return 0;
  /* a number too large for a long is out of the parameter's range, and
   * says so in the words of kit_params_check, not the C type's */
  const char *t = eq + 1;
  uint64_t x;
  if (parse_mag(t + (t[0] == '-'), &x) != -1) {   /* a number, beyond a long */
    const kit_param_t *p = &b->params[i];
    snprintf(err, errlen, "parameter %s=%s out of range %ld..%ld (%s)", name, t, p->min, p->max, p->doc);
  }
  return -1;
}

int kit_params_words(const kit_block_t *b, long *P, unsigned n, const char *const *words,
                     char *err, size_t errlen)
{
  _Static_assert(KIT_MAX_PARAMS <= 32, "a 32-bit mask of the parameters seen");
  unsigned seen = 0;
  for (unsigned k = 0; k < n; k++) {
    if (kit_params_set(b, P, words[k], err, errlen)) return -1;
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)strcspn(words[k], "="), words[k]);
    const int i = kit_param_index(b, name);
    if (seen >> i & 1u) {
      snprintf(err, errlen, "parameter %s given twice", name);
      return -1;
    }
    seen |= 1u << i;
  }
  return 0;
}

int kit_rule(int ok, char *err, size_t errlen, const char *fmt, ...)
{
  if (ok) return 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return -1;
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

/* Where each of sub's parameters sits in comp's list (-1: not there),
 * found by name once per (comp, sub) pair and kept per thread: composites
 * map their parameters every cycle (a cover function applying a
 * sub-block's input rules), where a search by name was a tenth of a run. */
#define SUBMAPS 16
typedef struct submap {
  const kit_block_t *comp, *sub;
  short at[KIT_MAX_PARAMS];
} submap_t;

static const submap_t *submap(const kit_block_t *comp, const kit_block_t *sub)
{
  static _Thread_local submap_t maps[SUBMAPS];
  static _Thread_local unsigned n;
  for (unsigned m = 0; m < n; m++)
    if (maps[m].comp == comp && maps[m].sub == sub) return &maps[m];
  if (n == SUBMAPS) return NULL;   /* more pairs than any composite has: search by name */
  submap_t *m = &maps[n++];
  m->comp = comp;
  m->sub = sub;
  for (unsigned i = 0; i < sub->nparams; i++) m->at[i] = (short)kit_param_index(comp, sub->params[i].name);
  return m;
}

void kit_sub_params(const kit_block_t *comp, const kit_block_t *sub, const long *P, long *Psub)
{
  const submap_t *m = submap(comp, sub);
  kit_params_default(sub, Psub);
  for (unsigned i = 0; i < sub->nparams; i++) {
    const int k = m ? m->at[i] : kit_param_index(comp, sub->params[i].name);
    if (k >= 0) Psub[i] = P[k];
  }
}

int kit_subs_check(const kit_block_t *const *subs, unsigned n,
                   void (*sub_params)(const kit_block_t *sub, const long *P, long *Psub), const long *P,
                   char *err, size_t errlen)
{
  for (unsigned k = 0; k < n; k++) {
    long Ps[KIT_MAX_PARAMS];
    char e[KIT_ERR_LEN];
    sub_params(subs[k], P, Ps);
    if (kit_params_check(subs[k], Ps, e, sizeof e)) {
      snprintf(err, errlen, "%s: %s", subs[k]->name, e);
      return -1;
    }
  }
  return 0;
}

int kit_params_text(const kit_block_t *b, long *P, const char *text, char *err, size_t errlen)
{
  char buf[1024];
  const char *w[KIT_MAX_PARAMS + 1];
  unsigned n = 0;
  kit_params_default(b, P);
  if (strlen(text) >= sizeof buf) {
    snprintf(err, errlen, "configuration '%.40s...' too long", text);
    return -1;
  }
  memcpy(buf, text, strlen(text) + 1);
  for (char *save = NULL, *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
    if (n == KIT_MAX_PARAMS) {
      snprintf(err, errlen, "configuration '%s': more than %d words", text, KIT_MAX_PARAMS);
      return -1;
    }
    w[n++] = t;
  }
  if (kit_params_words(b, P, n, w, err, errlen)) return -1;
  return kit_params_check(b, P, err, errlen);
}

/* Appends " (equivalence configuration N of block B)" to err. */
static int equiv_err(const kit_block_t *b, unsigned k, char *err, size_t errlen)
{
  size_t n = strlen(err);
  if (n < errlen) snprintf(err + n, errlen - n, " (equivalence configuration %u of block %s)", k + 1, b->name);
  return -1;
}

int kit_equivs_check(const kit_block_t *b, char *err, size_t errlen)
{
  long P[KIT_MAX_PARAMS];
  uint32_t reduced = 0;
  /* per KIT_MODE parameter: the values seen (bit v - min), and for a wide
   * range whether the minimum and another value were */
  uint32_t seen[KIT_MAX_PARAMS] = {0};
  if (b->nequivs == 0) {
    snprintf(err, errlen, "block %s has no equivalence configuration (cmodel/%s_block.c)", b->name, b->name);
    return -1;
  }
  for (unsigned k = 0; k < b->nequivs; k++) {
    const kit_equiv_t *e = &b->equivs[k];
    if (kit_params_text(b, P, e->params, err, errlen)) return equiv_err(b, k, err, errlen);
    if (e->reduces >> (b->nchecks ? b->nchecks : 1)) {
      snprintf(err, errlen, "reduces a default-check configuration the block does not have");
      return equiv_err(b, k, err, errlen);
    }
    if (e->cycles == 0 || e->cycles > KIT_VEC_MAX_CYCLES_EQUIV) {
      snprintf(err, errlen, "simulation cycles %llu out of range 1..%llu", (unsigned long long)e->cycles,
               (unsigned long long)KIT_VEC_MAX_CYCLES_EQUIV);
      return equiv_err(b, k, err, errlen);
    }
    reduced |= e->reduces;
    for (unsigned i = 0; i < b->nparams; i++) {
      const kit_param_t *p = &b->params[i];
      if (p->in_rtl != KIT_MODE) continue;
      if (p->max - p->min < KIT_MODE_VALUES) seen[i] |= 1u << (P[i] - p->min);
      else seen[i] |= P[i] == p->min ? 1u : 2u;
    }
  }
  for (unsigned i = 0; i < b->nparams; i++) {
    const kit_param_t *p = &b->params[i];
    if (p->in_rtl != KIT_MODE) continue;
    const int wide = p->max - p->min >= KIT_MODE_VALUES;
    const uint32_t all = wide ? 3u : (uint32_t)((2ull << (p->max - p->min)) - 1);
    if (seen[i] == all) continue;
    if (wide)
      snprintf(err, errlen, "block %s: no equivalence configuration sets mode parameter %s to %s",
               b->name, p->name, seen[i] & 1u ? "a value above its minimum" : "its minimum");
    else {
      long v = p->min;
      while (seen[i] >> (v - p->min) & 1u) v++;
      snprintf(err, errlen, "block %s: no equivalence configuration sets mode parameter %s to %ld",
               b->name, p->name, v);
    }
    return -1;
  }
  const unsigned nchecks = b->nchecks ? b->nchecks : 1;
  for (unsigned c = 0; c < nchecks; c++)
    if (!(reduced >> c & 1u)) {
      snprintf(err, errlen, "block %s: no equivalence configuration reduces default-check configuration %u (kit checks %s)",
               b->name, c + 1, b->name);
      return -1;
    }
  return 0;
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

unsigned kit_storage_sub(kit_storage_t *st, unsigned n, const kit_block_t *sub, const long *Psub,
                         char (*txt)[KIT_STORAGE_TXT])
{
  kit_storage_t s;
  sub->storage(Psub, &s);
  for (unsigned r = 0; r < s.nrows && n < KIT_MAX_STORAGE_ROWS - 1u; r++, n++) {
    const char *w = s.row[r].what;
    if (strncmp(w, "external: ", 10) == 0) snprintf(txt[n], KIT_STORAGE_TXT, "external: %s %s", sub->name, w + 10);
    else snprintf(txt[n], KIT_STORAGE_TXT, "%s %s", sub->name, w);
    st->row[n] = s.row[r];
    st->row[n].what = txt[n];
  }
  return n;
}
