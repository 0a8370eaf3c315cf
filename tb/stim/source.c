/*
 * source.c - per-cycle input sources; see source.h for the file format.
 * A directed file is parsed whole before the first cycle, so a bad line
 * stops the run before anything is simulated or written. It is kept as
 * runs (count, inputs): `idle 100000000` is one run, not 10^8 cycles.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/fileio.h"
#include "tb/stim/source.h"
#include "tb/stim/tadapt.h"
#include "vectors/vecio.h"

/* Common start of both kinds: block, configuration, port table, masks. */
static void source_init(kit_source_t *s, const kit_block_t *b, const long *P)
{
  memset(s, 0, sizeof *s);
  s->b = b;
  s->P = P;
  b->ports(P, s->port);
  for (unsigned i = 0; i < b->nin; i++) {
    s->mask[i] = kit_mask(s->port[i].width);
    s->idle[i] = s->port[i].idle;
  }
}

int kit_source_random(kit_source_t *s, const kit_block_t *b, const long *P,
                      uint64_t seed, uint64_t cycles)
{
  source_init(s, b, P);
  s->cycles = cycles;
  s->gen = kit_stim_find(b);
  s->stim = s->gen->create(P, seed);
  return s->stim ? 0 : -1;
}

#define TRAFFIC_RESET_CYCLES 2

int kit_source_traffic(kit_source_t *s, const kit_block_t *b, const long *P, const kit_hier_src_t *src,
                       uint64_t cycles, char *err, size_t errlen)
{
  source_init(s, b, P);
  s->ta = kit_tadapt_find(b);
  if (!s->ta) {
    snprintf(err, errlen, "block %s has no traffic adapter", b->name);
    return -1;
  }
  s->cycles = cycles ? cycles : KIT_MAX_CYCLES;
  s->rst = -1;
  for (unsigned i = 0; i < b->nin; i++)
    if (strcmp(s->port[i].name, "rst_ni") == 0) s->rst = (int)i;
  if (!(s->hier = kit_hier_open(src, err, errlen))) return -1;
  kit_hier_want(s->hier, s->ta->kinds);
  kit_hier_watch(s->hier, s->ta->sm0_kinds ? 1u : 0u, s->ta->sm0_kinds);
  if (!(s->tstate = s->ta->create(P, s->hier, err, errlen))) {
    kit_source_free(s);
    return -1;
  }
  return 0;
}

static int traffic_next(kit_source_t *s, uint64_t *in)
{
  const unsigned nin = s->b->nin;
  memcpy(in, s->idle, nin * sizeof *in);
  if (s->pos < TRAFFIC_RESET_CYCLES && s->rst >= 0) {
    in[s->rst] = 0;
    return 1;
  }
  int rc = s->ta->next(s->tstate, s->hier, in, s->terr, sizeof s->terr);
  if (rc < 0 && !s->terr[0]) snprintf(s->terr, sizeof s->terr, "traffic: adapter failed");
  if (rc <= 0) return 0;
  for (unsigned i = 0; i < nin; i++) in[i] &= s->mask[i];
  return 1;
}

int kit_parse_assign(const kit_port_t *port, unsigned nport, kit_dir_t dir,
                     const char *word, uint64_t *value, char *err, size_t errlen)
{
  const char *eq = strchr(word, '=');
  if (!eq || eq == word) {
    snprintf(err, errlen, "'%s': expected PORT=VALUE", word);
    return -1;
  }
  size_t n = (size_t)(eq - word);
  unsigned idx = 0;
  for (unsigned i = 0; i < nport; i++) {
    if (port[i].dir != dir) continue;
    if (strlen(port[i].name) == n && strncmp(port[i].name, word, n) == 0) {
      char what[80], msg[KIT_ERR_LEN];
      uint64_t v;
      snprintf(what, sizeof what, "%.*s", (int)n, word);
      if (kit_parse_u64(what, eq + 1, 0, UINT64_MAX, &v, msg, sizeof msg)) {
        /* a number too big for 64 bits does not fit the port either */
        if (strstr(msg, "out of range")) snprintf(err, errlen, "%s=%s does not fit in %u bits", what, eq + 1, port[i].width);
        else snprintf(err, errlen, "%s", msg);
        return -1;
      }
      if (v & ~kit_mask(port[i].width)) {
        snprintf(err, errlen, "%s=%s does not fit in %u bits", what, eq + 1, port[i].width);
        return -1;
      }
      *value = v;
      return (int)idx;
    }
    idx++;
  }
  snprintf(err, errlen, "no %s port '%.*s' in block", dir == KIT_DIR_IN ? "input" : "output",
           (int)n, word);
  return -1;
}

/* Split line into words in place, stopping at '#'; returns the count, or
 * max + 1 when there are more than max words. */
static unsigned split(char *line, char **w, unsigned max)
{
  unsigned n = 0;
  char *h = strchr(line, '#');
  if (h) *h = '\0';
  for (char *t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
    if (n == max) return max + 1;
    w[n++] = t;
  }
  return n;
}

/* Append a run of `count` cycles of inputs in[]. */
static int push_run(kit_source_t *s, size_t *cap, uint64_t count, const uint64_t *in)
{
  const unsigned w = 1 + s->b->nin;
  if (s->nruns == *cap) {
    size_t nc = *cap ? *cap * 2 : 64;
    uint64_t *p = realloc(s->runs, nc * w * sizeof *p);
    if (!p) return -1;
    s->runs = p;
    *cap = nc;
  }
  s->runs[s->nruns * w] = count;
  memcpy(s->runs + s->nruns * w + 1, in, s->b->nin * sizeof *in);
  s->nruns++;
  s->cycles += count;
  return 0;
}

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); goto fail; } while (0)

int kit_source_file(kit_source_t *s, const kit_block_t *b, const long *P,
                    const char *path, char *err, size_t errlen)
{
  kit_lines_t L;
  memset(s, 0, sizeof *s);
  if (kit_lines_open(&L, path, err, errlen)) return -1;
  return kit_source_lines(s, b, P, &L, err, errlen);
}

int kit_source_records(kit_source_t *s, const kit_block_t *b, const long *P,
                       const uint64_t *ins, uint64_t cycles)
{
  size_t cap = 0;
  source_init(s, b, P);
  s->path = "(records)";
  for (uint64_t c = 0; c < cycles; c++) {
    uint64_t in[KIT_MAX_PORTS];
    for (unsigned i = 0; i < b->nin; i++) in[i] = ins[c * b->nin + i] & s->mask[i];
    if (push_run(s, &cap, 1, in)) {
      kit_source_free(s);
      return -1;
    }
  }
  kit_source_rewind(s);
  return 0;
}

int kit_source_lines(kit_source_t *s, const kit_block_t *b, const long *P, kit_lines_t *L,
                     char *err, size_t errlen)
{
  source_init(s, b, P);
  s->path = L->path;
  const char *path = L->path;
  const unsigned nin = b->nin, nout = b->nout;
  char *line, msg[KIT_ERR_LEN];
  char *w[KIT_MAX_PORTS + KIT_MAX_PARAMS + 2];
  size_t len, cap = 0, ecap = 0;
  uint64_t in[KIT_MAX_PORTS];
  int rc, unchecked = 0;
  while ((rc = kit_lines_next(L, &line, &len, err, errlen)) == 1) {
    const unsigned ln = L->lineno;
    /* a cycle line names each input at most once, an expect line each
     * output, a params line each parameter */
    const unsigned max = 1 + (nin > nout ? nin : nout) + b->nparams;
    unsigned n = split(line, w, max);
    if (n == 0) continue;
    if (n > max) FAIL("%s:%u: too many words (a line names each port or parameter at most once)", path, ln);
    if (strcmp(w[0], "idle") == 0) {
      uint64_t k = 1;
      if (n > 2 || (n == 2 && kit_parse_u64("idle", w[1], 1, KIT_STIM_MAX_IDLE, &k, msg, sizeof msg)))
        FAIL("%s:%u: expected 'idle [COUNT]' with COUNT 1..%llu", path, ln,
             (unsigned long long)KIT_STIM_MAX_IDLE);
      if (s->cycles + k > KIT_STIM_MAX_CYCLES)
        FAIL("%s:%u: more than %llu cycles in the file", path, ln, (unsigned long long)KIT_STIM_MAX_CYCLES);
      for (unsigned i = 0; i < nin; i++) in[i] = s->port[i].idle;
      if (push_run(s, &cap, k, in)) FAIL("%s:%u: out of memory", path, ln);
      continue;
    }
    if (strcmp(w[0], "unchecked") == 0) {
      /* an equivalence counterexample may drive values the spec calls
       * illegal: the model and the RTL define them, so replay them */
      if (n != 1 || s->cycles) FAIL("%s:%u: 'unchecked' stands alone, before the first cycle", path, ln);
      unchecked = 1;
      continue;
    }
    if (strcmp(w[0], "params") == 0) {
      /* The configuration this file was written for must be the run's. */
      long Q[KIT_MAX_PARAMS];
      memcpy(Q, P, b->nparams * sizeof *Q);
      if (kit_params_words(b, Q, n - 1, (const char *const *)w + 1, msg, sizeof msg))
        FAIL("%s:%u: %s", path, ln, msg);
      if (kit_stim_params_match(b, Q, P, msg, sizeof msg)) FAIL("%s:%u: %s", path, ln, msg);
      continue;
    }
    if (strcmp(w[0], "expect") == 0) {
      if (s->cycles == 0 || n < 2)
        FAIL("%s:%u: 'expect PORT=VALUE ...' must follow a cycle line", path, ln);
      uint64_t seen = 0;
      for (unsigned j = 1; j < n; j++) {
        uint64_t v;
        int p = kit_parse_assign(s->port, nin + nout, KIT_DIR_OUT, w[j], &v, msg, sizeof msg);
        if (p < 0) FAIL("%s:%u: %s", path, ln, msg);
        if (seen >> p & 1) FAIL("%s:%u: port %s named twice", path, ln, s->port[nin + p].name);
        seen |= (uint64_t)1 << p;
        if (s->nexp == ecap) {
          size_t nc = ecap ? ecap * 2 : 32;
          kit_expect_t *e = realloc(s->exp, nc * sizeof *e);
          if (!e) FAIL("%s:%u: out of memory", path, ln);
          s->exp = e;
          ecap = nc;
        }
        s->exp[s->nexp++] = (kit_expect_t){s->cycles - 1, (unsigned)p, v, ln};
      }
      continue;
    }
    uint64_t seen = 0;
    for (unsigned i = 0; i < nin; i++) in[i] = s->port[i].idle;
    for (unsigned j = 0; j < n; j++) {
      uint64_t v;
      int p = kit_parse_assign(s->port, nin, KIT_DIR_IN, w[j], &v, msg, sizeof msg);
      if (p < 0) FAIL("%s:%u: %s", path, ln, msg);
      if (seen >> p & 1) FAIL("%s:%u: port %s named twice", path, ln, s->port[p].name);
      seen |= (uint64_t)1 << p;
      in[p] = v;
    }
    if (b->in_check && !unchecked && b->in_check(P, in, msg, sizeof msg)) FAIL("%s:%u: %s", path, ln, msg);
    if (s->cycles + 1 > KIT_STIM_MAX_CYCLES)
      FAIL("%s:%u: more than %llu cycles in the file", path, ln, (unsigned long long)KIT_STIM_MAX_CYCLES);
    if (push_run(s, &cap, 1, in)) FAIL("%s:%u: out of memory", path, ln);
  }
  if (rc < 0) goto fail;
  kit_lines_close(L);
  if (s->cycles == 0) {
    snprintf(err, errlen, "%s: no cycles in file", path);
    kit_source_free(s);
    return -1;
  }
  kit_source_rewind(s);
  return 0;
fail:
  kit_lines_close(L);
  kit_source_free(s);
  return -1;
}

void kit_source_rewind(kit_source_t *s)
{
  s->pos = 0;
  s->run = 0;
  s->left = s->nruns ? s->runs[0] : 0;
}

int kit_source_next(kit_source_t *s, uint64_t *in)
{
  const unsigned nin = s->b->nin;
  if (s->pos >= s->cycles) return 0;
  if (s->hier) {
    if (!traffic_next(s, in)) {
      s->cycles = s->pos;   /* over: every later call says so too */
      return 0;
    }
  } else if (s->stim) {
    s->gen->next(s->stim, in);
    for (unsigned i = 0; i < nin; i++) in[i] &= s->mask[i];
  } else {
    if (s->left == 0) {
      s->run++;
      s->left = s->runs[s->run * (1 + nin)];
    }
    memcpy(in, s->runs + s->run * (1 + nin) + 1, nin * sizeof *in);   /* masked when parsed */
    s->left--;
  }
  s->pos++;
  return 1;
}

void kit_source_free(kit_source_t *s)
{
  if (s->stim) s->gen->destroy(s->stim);
  if (s->tstate) s->ta->destroy(s->tstate);
  kit_hier_free(s->hier);
  s->tstate = NULL;
  s->hier = NULL;
  free(s->runs);
  free(s->exp);
  s->stim = NULL;
  s->runs = NULL;
  s->exp = NULL;
}

int kit_expect_check(const kit_source_t *src, size_t *cursor, uint64_t cycle,
                     const uint64_t *out, char *err, size_t errlen)
{
  while (*cursor < src->nexp && src->exp[*cursor].cycle == cycle) {
    const kit_expect_t *e = &src->exp[(*cursor)++];
    if (out[e->port] != e->value) {
      snprintf(err, errlen, "%s:%u: expect %s=0x%" PRIx64 " but the model gives 0x%" PRIx64
               " (cycle %" PRIu64 ")", src->path, e->line, src->port[src->b->nin + e->port].name,
               e->value, out[e->port], cycle);
      return -1;
    }
  }
  return 0;
}

/* A source as the vector writer's feed: its cycles, its expects. */
typedef struct feed_ctx { kit_source_t *src; size_t cursor; } feed_ctx_t;
static int feed_next(void *ctx, uint64_t *in) { return kit_source_next(((feed_ctx_t *)ctx)->src, in); }
static int feed_check(void *ctx, uint64_t cycle, const uint64_t *out, char *err, size_t n)
{
  feed_ctx_t *f = ctx;
  return kit_expect_check(f->src, &f->cursor, cycle, out, err, n);
}

int kit_source_vec_write(const char *path, FILE *stream, const kit_block_t *b, const long *P,
                         uint64_t seed, const char *desc, kit_source_t *src, char *err, size_t n)
{
  feed_ctx_t ctx = {src, 0};
  kit_vec_feed_t feed = {&ctx, src->cycles, feed_next, feed_check};
  return stream ? kit_vec_write_stream(stream, path, b, P, seed, desc, &feed, err, n)
                : kit_vec_write(path, b, P, seed, desc, &feed, err, n);
}

int kit_stim_params_match(const kit_block_t *b, const long *file, const long *run, char *err, size_t errlen)
{
  for (unsigned k = 0; k < b->nparams; k++)
    if (file[k] != run[k]) {
      snprintf(err, errlen, "this file is for %s=%ld, the run has %s=%ld", b->params[k].name, file[k],
               b->params[k].name, run[k]);
      return -1;
    }
  return 0;
}
