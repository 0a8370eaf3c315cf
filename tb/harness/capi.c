/*
 * capi.c - the kit's stable plain-C face for other languages; see capi.h.
 *
 * A thin layer: every entry point forwards to the kit's own code (block
 * registry, parameter parser, stimulus sources, vector reader and writer),
 * so a Python caller gets the command-line tools' behaviour and messages,
 * not a re-implementation. What it adds is handles (a model with its
 * configuration and coverage counters, a stimulus source, a read vector
 * file) and input width checks, since a caller's values arrive unmasked.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/capi.h"
#include "cmodel/core/block.h"
#include "tb/stim/source.h"
#include "vectors/vecio.h"

int cvkit_abi(void) { return CVKIT_ABI; }

uint64_t cvkit_limit(const char *what)
{
  static const struct { const char *name; uint64_t v; } lim[] = {
    {"params", KIT_MAX_PARAMS}, {"ports", KIT_MAX_PORTS}, {"storage_rows", KIT_MAX_STORAGE_ROWS},
    {"cover", KIT_MAX_COVER}, {"err", KIT_ERR_LEN}, {"vec_cycles", KIT_VEC_MAX_CYCLES},
    {"max_cycles", KIT_MAX_CYCLES},
  };
  for (unsigned i = 0; i < sizeof lim / sizeof lim[0]; i++)
    if (strcmp(what, lim[i].name) == 0) return lim[i].v;
  return 0;
}

static unsigned nblocks(void)
{
  unsigned n = 0;
  while (kit_blocks[n]) n++;
  return n;
}

/* Block b: callers pass indexes they got from cvkit_block_index. */
static const kit_block_t *blk(int b)
{
  return b >= 0 && (unsigned)b < nblocks() ? kit_blocks[b] : NULL;
}

const char *cvkit_block_name(unsigned i) { return i < nblocks() ? kit_blocks[i]->name : NULL; }

int cvkit_block_index(const char *name, char *err, size_t errlen)
{
  for (unsigned i = 0; kit_blocks[i]; i++)
    if (strcmp(kit_blocks[i]->name, name) == 0) return (int)i;
  snprintf(err, errlen, "unknown block '%s' (kit blocks lists them)", name);
  return -1;
}

const char *cvkit_block_str(int b, const char *key)
{
  const kit_block_t *k = blk(b);
  if (!k) return NULL;
  if (strcmp(key, "top") == 0) return k->top;
  if (strcmp(key, "rtl") == 0) return k->rtl_files;
  if (strcmp(key, "doc") == 0) return k->doc;
  return NULL;
}

unsigned cvkit_nparams(int b) { return blk(b) ? blk(b)->nparams : 0; }

int cvkit_param(int b, unsigned i, const char **name, long *min, long *max, long *def,
                int *in_rtl, const char **doc)
{
  const kit_block_t *k = blk(b);
  if (!k || i >= k->nparams) return -1;
  const kit_param_t *p = &k->params[i];
  *name = p->name;
  *min = p->min;
  *max = p->max;
  *def = p->def;
  *in_rtl = p->in_rtl;
  *doc = p->doc;
  return 0;
}

int cvkit_configure(int b, const char *words, long *P, char *err, size_t errlen)
{
  const kit_block_t *k = blk(b);
  char buf[4096];
  const char *w[KIT_MAX_PARAMS + 1];
  unsigned n = 0;
  if (!k) {
    snprintf(err, errlen, "no block %d", b);
    return -1;
  }
  kit_params_default(k, P);
  if (strlen(words) >= sizeof buf) {
    snprintf(err, errlen, "parameter list too long (%zu bytes)", strlen(words));
    return -1;
  }
  strcpy(buf, words);
  for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
    if (n == KIT_MAX_PARAMS + 1) {
      snprintf(err, errlen, "more than %d parameter words", KIT_MAX_PARAMS + 1);
      return -1;
    }
    w[n++] = t;
  }
  if (kit_params_words(k, P, n, w, err, errlen)) return -1;
  return kit_params_check(k, P, err, errlen);
}

int cvkit_configure_words(int b, unsigned n, const char *const *words, long *P, char *err,
                          size_t errlen)
{
  const kit_block_t *k = blk(b);
  if (!k) {
    snprintf(err, errlen, "no block %d", b);
    return -1;
  }
  kit_params_default(k, P);
  if (kit_params_words(k, P, n, words, err, errlen)) return -1;
  return kit_params_check(k, P, err, errlen);
}

unsigned cvkit_nin(int b) { return blk(b) ? blk(b)->nin : 0; }
unsigned cvkit_nout(int b) { return blk(b) ? blk(b)->nout : 0; }

void cvkit_ports(int b, const long *P, const char **name, int *dir, unsigned *width,
                 uint64_t *idle, const char **doc)
{
  const kit_block_t *k = blk(b);
  kit_port_t t[KIT_MAX_PORTS];
  if (!k) return;
  k->ports(P, t);
  for (unsigned i = 0; i < k->nin + k->nout; i++) {
    name[i] = t[i].name;
    dir[i] = (int)t[i].dir;
    width[i] = t[i].width;
    idle[i] = t[i].idle;
    doc[i] = t[i].doc;
  }
}

unsigned cvkit_ncover(int b) { return blk(b) && blk(b)->cover ? blk(b)->ncover : 0; }

const char *cvkit_cover_name(int b, unsigned i)
{
  return i < cvkit_ncover(b) ? blk(b)->cover_names[i] : NULL;
}

unsigned cvkit_storage(int b, const long *P, int *group, const char **what, uint64_t *count,
                       const char **per, unsigned *bits, uint64_t *data_bytes,
                       const char **paper)
{
  const kit_block_t *k = blk(b);
  kit_storage_t st;
  if (!k) return 0;
  k->storage(P, &st);
  for (unsigned r = 0; r < st.nrows; r++) {
    group[r] = (int)st.row[r].group;
    what[r] = st.row[r].what;
    count[r] = st.row[r].count;
    per[r] = st.row[r].per;
    bits[r] = st.row[r].bits;
  }
  *data_bytes = st.data_bytes;
  *paper = st.paper;
  return st.nrows;
}

/* ---------------------------------------------------------------------- */
/* Model                                                                   */
/* ---------------------------------------------------------------------- */

struct cvkit_model {
  const kit_block_t *b;
  long P[KIT_MAX_PARAMS];
  kit_port_t port[KIT_MAX_PORTS];
  void *m;
  uint64_t cycles;
  uint64_t prev[KIT_MAX_PORTS];          /* last cycle's outputs, for cover */
  uint64_t cover[KIT_MAX_COVER];
  uint64_t seen0[KIT_MAX_PORTS], seen1[KIT_MAX_PORTS];
};

cvkit_model_t *cvkit_model_new(int b, const long *P, char *err, size_t errlen)
{
  const kit_block_t *k = blk(b);
  if (!k) {
    snprintf(err, errlen, "no block %d", b);
    return NULL;
  }
  if (kit_params_check(k, P, err, errlen)) return NULL;
  cvkit_model_t *m = calloc(1, sizeof *m);
  if (m) m->m = k->model_new(P);
  if (!m || !m->m) {
    free(m);
    snprintf(err, errlen, "out of memory for the %s model", k->name);
    return NULL;
  }
  m->b = k;
  memcpy(m->P, P, k->nparams * sizeof *P);
  k->ports(P, m->port);
  return m;
}

void cvkit_model_reset(cvkit_model_t *m)
{
  void *fresh = m->b->model_new(m->P);
  if (fresh) {            /* out of memory: keep the old state rather than none */
    m->b->model_free(m->m);
    m->m = fresh;
  }
  m->cycles = 0;
  memset(m->prev, 0, sizeof m->prev);
  memset(m->cover, 0, sizeof m->cover);
  memset(m->seen0, 0, sizeof m->seen0);
  memset(m->seen1, 0, sizeof m->seen1);
}

/* Each input within its port's width; -1 with err naming the first that
 * is not. */
static int check_inputs(const cvkit_model_t *m, const uint64_t *in, char *err, size_t errlen)
{
  for (unsigned i = 0; i < m->b->nin; i++)
    if (in[i] & ~kit_mask(m->port[i].width)) {
      snprintf(err, errlen, "cycle %" PRIu64 ": %s=0x%" PRIx64 " does not fit in %u bits",
               m->cycles, m->port[i].name, in[i], m->port[i].width);
      return -1;
    }
  return 0;
}

static void step1(cvkit_model_t *m, const uint64_t *in, uint64_t *out)
{
  const kit_block_t *b = m->b;
  b->model_step(m->m, in, out);
  if (b->cover) b->cover(m->P, in, out, m->prev, m->cover);
  for (unsigned i = 0; i < b->nout; i++) {
    m->seen0[i] |= ~out[i] & kit_mask(m->port[b->nin + i].width);
    m->seen1[i] |= out[i];
  }
  memcpy(m->prev, out, b->nout * sizeof *out);
  m->cycles++;
}

int cvkit_model_step(cvkit_model_t *m, const uint64_t *in, uint64_t *out, char *err,
                     size_t errlen)
{
  if (check_inputs(m, in, err, errlen)) return -1;
  step1(m, in, out);
  return 0;
}

int cvkit_model_run(cvkit_model_t *m, uint64_t n, const uint64_t *in, uint64_t *out, char *err,
                    size_t errlen)
{
  const unsigned nin = m->b->nin, nout = m->b->nout;
  uint64_t scratch[KIT_MAX_PORTS];
  for (uint64_t c = 0; c < n; c++) {
    if (check_inputs(m, in + c * nin, err, errlen)) return -1;
    step1(m, in + c * nin, out ? out + c * nout : scratch);
  }
  return 0;
}

uint64_t cvkit_model_cycles(const cvkit_model_t *m) { return m->cycles; }

void cvkit_model_coverage(const cvkit_model_t *m, uint64_t *count, uint64_t *seen0,
                          uint64_t *seen1)
{
  memcpy(count, m->cover, (m->b->cover ? m->b->ncover : 0) * sizeof *count);
  memcpy(seen0, m->seen0, m->b->nout * sizeof *seen0);
  memcpy(seen1, m->seen1, m->b->nout * sizeof *seen1);
}

void cvkit_model_free(cvkit_model_t *m)
{
  if (!m) return;
  m->b->model_free(m->m);
  free(m);
}

/* ---------------------------------------------------------------------- */
/* Stimulus                                                                */
/* ---------------------------------------------------------------------- */

struct cvkit_stim {
  kit_source_t src;
  long P[KIT_MAX_PARAMS];   /* the source keeps a pointer to its configuration */
};

cvkit_stim_t *cvkit_stim_new(int b, const long *P, uint64_t seed, uint64_t cycles,
                             const char *stim, char *err, size_t errlen)
{
  const kit_block_t *k = blk(b);
  cvkit_stim_t *s = calloc(1, sizeof *s);
  if (!k || !s) {
    free(s);
    snprintf(err, errlen, k ? "out of memory" : "no block %d", b);
    return NULL;
  }
  if (kit_params_check(k, P, err, errlen)) {
    free(s);
    return NULL;
  }
  if (!stim && (cycles < 1 || cycles > KIT_MAX_CYCLES)) {
    snprintf(err, errlen, "cycles=%" PRIu64 " out of range 1..%llu", cycles, KIT_MAX_CYCLES);
    free(s);
    return NULL;
  }
  memcpy(s->P, P, k->nparams * sizeof *P);
  int rc = stim ? kit_source_file(&s->src, k, s->P, stim, err, errlen)
                : kit_source_random(&s->src, k, s->P, seed, cycles);
  if (rc) {
    if (!stim) snprintf(err, errlen, "out of memory");
    free(s);
    return NULL;
  }
  return s;
}

uint64_t cvkit_stim_cycles(const cvkit_stim_t *s) { return s->src.cycles; }

uint64_t cvkit_stim_fill(cvkit_stim_t *s, uint64_t n, uint64_t *in)
{
  uint64_t c = 0;
  while (c < n && kit_source_next(&s->src, in + c * s->src.b->nin)) c++;
  return c;
}

void cvkit_stim_free(cvkit_stim_t *s)
{
  if (!s) return;
  kit_source_free(&s->src);
  free(s);
}

/* ---------------------------------------------------------------------- */
/* Vector files                                                            */
/* ---------------------------------------------------------------------- */

int cvkit_vec_write(const char *path, int b, const long *P, uint64_t seed, uint64_t cycles,
                    const char *stim, char *err, size_t errlen)
{
  char desc[600];
  if (!stim && (cycles < 1 || cycles > KIT_VEC_MAX_CYCLES)) {
    snprintf(err, errlen, "cycles=%" PRIu64 " out of range 1..%llu", cycles,
             (unsigned long long)KIT_VEC_MAX_CYCLES);
    return -1;
  }
  cvkit_stim_t *s = cvkit_stim_new(b, P, seed, cycles, stim, err, errlen);
  if (!s) return -1;
  /* the same source description as `kit vectors` writes */
  if (stim) snprintf(desc, sizeof desc, "file %s", stim);
  else snprintf(desc, sizeof desc, "random");
  int rc = kit_source_vec_write(path, NULL, s->src.b, s->P, seed, desc, &s->src, err, errlen);
  cvkit_stim_free(s);
  return rc;
}

int cvkit_vec_write_records(const char *path, int b, const long *P, uint64_t seed,
                            const char *desc, const uint64_t *in, uint64_t n, char *err,
                            size_t errlen)
{
  const kit_block_t *k = blk(b);
  kit_source_t src;
  if (!k) {
    snprintf(err, errlen, "no block %d", b);
    return -1;
  }
  if (kit_params_check(k, P, err, errlen)) return -1;
  if (n < 1 || n > KIT_VEC_MAX_CYCLES) {
    snprintf(err, errlen, "%s: %" PRIu64 " records: a vector file holds 1..%llu", path, n,
             (unsigned long long)KIT_VEC_MAX_CYCLES);
    return -1;
  }
  if (strchr(desc, '\n')) {
    snprintf(err, errlen, "source description contains a newline");
    return -1;
  }
  if (kit_source_records(&src, k, P, in, n)) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  int rc = kit_source_vec_write(path, NULL, k, P, seed, desc, &src, err, errlen);
  kit_source_free(&src);
  return rc;
}

struct cvkit_vec {
  kit_vec_t v;
};

cvkit_vec_t *cvkit_vec_read(const char *path, char *err, size_t errlen)
{
  cvkit_vec_t *v = calloc(1, sizeof *v);
  if (!v) {
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  if (kit_vec_read(path, &v->v, err, errlen)) {
    free(v);
    return NULL;
  }
  return v;
}

int cvkit_vec_block(const cvkit_vec_t *v)
{
  for (unsigned i = 0; kit_blocks[i]; i++)
    if (kit_blocks[i] == v->v.b) return (int)i;
  return -1;
}

void cvkit_vec_params(const cvkit_vec_t *v, long *P)
{
  memcpy(P, v->v.P, v->v.b->nparams * sizeof *P);
}

uint64_t cvkit_vec_seed(const cvkit_vec_t *v) { return v->v.seed; }
uint64_t cvkit_vec_cycles(const cvkit_vec_t *v) { return v->v.cycles; }
const uint64_t *cvkit_vec_records(const cvkit_vec_t *v) { return v->v.rec; }

int cvkit_vec_replay(const cvkit_vec_t *v, const char *path, char *err, size_t errlen)
{
  return kit_vec_replay_model(path, &v->v, err, errlen);
}

void cvkit_vec_free(cvkit_vec_t *v)
{
  if (!v) return;
  kit_vec_free(&v->v);
  free(v);
}
