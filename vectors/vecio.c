/*
 * vecio.c - write, read and validate vector files; see vecio.h and
 * doc/vectors.md. The reader trusts nothing: every header field, token,
 * width and the record count is checked, so a truncated or hand-edited file
 * fails with its file name and line instead of replaying garbage.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "vectors/fileio.h"
#include "vectors/vecio.h"

static unsigned hexdigits(unsigned width) { return (width + 3) / 4; }

int kit_vec_write_stream(FILE *f, const char *name, const kit_block_t *b, const long *P,
                         uint64_t seed, const char *source_desc, const kit_vec_feed_t *src,
                         char *err, size_t errlen)
{
  kit_port_t port[KIT_MAX_PORTS];
  unsigned nin = b->nin, nout = b->nout;
  uint64_t in[KIT_MAX_PORTS], out[KIT_MAX_PORTS];

  b->ports(P, port);
  if (src->cycles > KIT_VEC_MAX_CYCLES) {
    snprintf(err, errlen, "%s: %llu cycles: a vector file holds at most %llu", name,
             (unsigned long long)src->cycles, (unsigned long long)KIT_VEC_MAX_CYCLES);
    return -1;
  }
  void *m = b->model_new(P);
  if (!m) {
    snprintf(err, errlen, "%s: out of memory for the model", name);
    return -1;
  }
  fprintf(f, "// %s %d\n", KIT_VEC_MAGIC, KIT_VEC_VERSION);
  fprintf(f, "// block %s\n", b->name);
  for (unsigned i = 0; i < b->nparams; i++)
    fprintf(f, "// param %s %ld\n", b->params[i].name, P[i]);
  fprintf(f, "// seed %" PRIu64 "\n", seed);
  fprintf(f, "// source %s\n", source_desc);
  fprintf(f, "// cycles %" PRIu64 "\n", src->cycles);
  for (unsigned i = 0; i < nin + nout; i++)
    fprintf(f, "// %s %s %u\n", port[i].dir == KIT_DIR_IN ? "in" : "out", port[i].name,
            port[i].width);
  fprintf(f, "// columns: %u inputs then %u expected outputs, hex; one record per clock cycle;\n"
             "// outputs are the registered values after the rising edge ending that cycle\n",
          nin, nout);
  for (uint64_t c = 0; src->next(src->ctx, in); c++) {
    b->model_step(m, in, out);
    if (src->check && src->check(src->ctx, c, out, err, errlen)) {
      b->model_free(m);
      return -1;
    }
    for (unsigned i = 0; i < nin + nout; i++) {
      uint64_t v = i < nin ? in[i] : out[i - nin];
      fprintf(f, i ? " %0*" PRIx64 : "%0*" PRIx64, (int)hexdigits(port[i].width), v);
    }
    /* a full disk ends the write at once, not after every record */
    if (fputc('\n', f) == EOF || ((c & 1023) == 1023 && ferror(f))) {
      kit_out_write_error(name, errno, err, errlen);
      b->model_free(m);
      return -1;
    }
  }
  b->model_free(m);
  return 0;
}

int kit_vec_write(const char *path, const kit_block_t *b, const long *P, uint64_t seed,
                  const char *source_desc, const kit_vec_feed_t *src, char *err, size_t errlen)
{
  kit_out_t o;
  if (src->cycles > KIT_VEC_MAX_CYCLES) {   /* before any file is created */
    snprintf(err, errlen, "%s: %llu cycles: a vector file holds at most %llu", path,
             (unsigned long long)src->cycles, (unsigned long long)KIT_VEC_MAX_CYCLES);
    return -1;
  }
  if (kit_out_open(&o, path, err, errlen)) return -1;
  if (kit_vec_write_stream(o.f, path, b, P, seed, source_desc, src, err, errlen)) {
    kit_out_abort(&o);
    return -1;
  }
  return kit_out_commit(&o, err, errlen);
}

void kit_vec_free(kit_vec_t *v)
{
  free(v->rec);
  free(v->line);
  v->rec = NULL;
  v->line = NULL;
}

/* Header parsing state. */
typedef struct hdr {
  int have_magic, have_block, have_seed, have_cycles;
  unsigned nports_seen;
  int pseen[KIT_MAX_PARAMS];
} hdr_t;

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); goto fail; } while (0)

/* Grow the record arrays to hold n records (doubling, so a header that
 * lies about its cycle count costs nothing up front). */
static int vec_grow(kit_vec_t *v, size_t *cap, uint64_t n, unsigned ncol)
{
  if (n <= *cap) return 0;
  size_t nc = *cap ? *cap * 2 : 1024;
  uint64_t *r = realloc(v->rec, nc * ncol * sizeof *r);
  if (!r) return -1;
  v->rec = r;
  unsigned *l = realloc(v->line, nc * sizeof *l);
  if (!l) return -1;
  v->line = l;
  *cap = nc;
  return 0;
}

int kit_vec_read(const char *path, kit_vec_t *v, char *err, size_t errlen)
{
  kit_lines_t L;
  memset(v, 0, sizeof *v);
  if (kit_lines_open(&L, path, err, errlen)) return -1;
  return kit_vec_read_lines(&L, v, err, errlen);
}

int kit_vec_read_lines(kit_lines_t *L, kit_vec_t *v, char *err, size_t errlen)
{
  const char *path = L->path;
  memset(v, 0, sizeof *v);
  char *line, msg[KIT_ERR_LEN];
  size_t len, cap = 0;
  hdr_t h = {0};
  char names[KIT_MAX_PORTS][64];
  unsigned widths[KIT_MAX_PORTS];
  kit_dir_t dirs[KIT_MAX_PORTS];
  uint64_t nrec = 0;
  unsigned ncol = 0, lineno = 0;
  int rc;

  while ((rc = kit_lines_next(L, &line, &len, err, errlen)) == 1) {
    lineno = L->lineno;
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\0') continue;
    if (p[0] == '/' && p[1] == '/') {
      if (nrec) continue;   /* comments between records are fine */
      char key[64] = "", a[128] = "", c[128] = "";
      int n = sscanf(p + 2, " %63s %127s %127s", key, a, c);
      if (lineno == 1) {
        uint64_t ver;
        if (n < 2 || strcmp(key, KIT_VEC_MAGIC) != 0)
          FAIL("%s:1: not a vector file (expected '// %s %d')", path, KIT_VEC_MAGIC,
               KIT_VEC_VERSION);
        if (kit_parse_u64("version", a, 0, UINT64_MAX, &ver, msg, sizeof msg) || ver != KIT_VEC_VERSION)
          FAIL("%s:1: format version %s, this kit reads version %d", path, a, KIT_VEC_VERSION);
        h.have_magic = 1;
        continue;
      }
      if (strcmp(key, "block") == 0 && n >= 2) {
        if (h.have_block) FAIL("%s:%u: a second 'block' line", path, lineno);
        v->b = kit_block_find(a);
        if (!v->b) FAIL("%s:%u: unknown block '%s'", path, lineno, a);
        kit_params_default(v->b, v->P);
        h.have_block = 1;
      } else if (strcmp(key, "param") == 0) {
        if (!h.have_block) FAIL("%s:%u: 'param' before 'block'", path, lineno);
        char assign[300];
        snprintf(assign, sizeof assign, "%s=%s", a, c);
        if (n < 3 || kit_params_set(v->b, v->P, assign, msg, sizeof msg))
          FAIL("%s:%u: %s", path, lineno, n < 3 ? "expected 'param NAME VALUE'" : msg);
        int i = kit_param_index(v->b, a);
        if (h.pseen[i]) FAIL("%s:%u: parameter %s given twice", path, lineno, a);
        h.pseen[i] = 1;
      } else if (strcmp(key, "seed") == 0) {
        if (h.have_seed) FAIL("%s:%u: a second 'seed' line", path, lineno);
        if (n < 2 || kit_parse_u64("seed", a, 0, UINT64_MAX, &v->seed, msg, sizeof msg))
          FAIL("%s:%u: bad seed '%s'", path, lineno, a);
        h.have_seed = 1;
      } else if (strcmp(key, "cycles") == 0) {
        if (h.have_cycles) FAIL("%s:%u: a second 'cycles' line", path, lineno);
        if (n < 2 || kit_parse_u64("cycles", a, 1, KIT_VEC_MAX_CYCLES, &v->cycles, msg, sizeof msg))
          FAIL("%s:%u: bad cycle count '%s' (1..%llu)", path, lineno, a,
               (unsigned long long)KIT_VEC_MAX_CYCLES);
        h.have_cycles = 1;
      } else if ((strcmp(key, "in") == 0 || strcmp(key, "out") == 0)) {
        uint64_t w;
        if (n < 3 || kit_parse_u64("width", c, 1, 64, &w, msg, sizeof msg) || strlen(a) >= 64)
          FAIL("%s:%u: expected '%s NAME WIDTH' with WIDTH 1..64", path, lineno, key);
        if (h.nports_seen >= KIT_MAX_PORTS) FAIL("%s:%u: too many ports", path, lineno);
        strcpy(names[h.nports_seen], a);
        widths[h.nports_seen] = (unsigned)w;
        dirs[h.nports_seen] = key[0] == 'i' ? KIT_DIR_IN : KIT_DIR_OUT;
        h.nports_seen++;
      }
      continue;
    }
    /* First record: the header must be complete and agree with the block. */
    if (nrec == 0) {
      if (!h.have_magic) FAIL("%s:1: not a vector file (no '// %s' line)", path, KIT_VEC_MAGIC);
      if (!h.have_block || !h.have_seed || !h.have_cycles)
        FAIL("%s:%u: header lacks %s", path, lineno,
             !h.have_block ? "'block'" : !h.have_seed ? "'seed'" : "'cycles'");
      for (unsigned i = 0; i < v->b->nparams; i++)
        if (!h.pseen[i]) FAIL("%s:%u: header lacks 'param %s'", path, lineno, v->b->params[i].name);
      if (kit_params_check(v->b, v->P, msg, sizeof msg)) FAIL("%s: %s", path, msg);
      v->b->ports(v->P, v->port);
      ncol = v->b->nin + v->b->nout;
      if (h.nports_seen != ncol)
        FAIL("%s:%u: header lists %u ports, block %s has %u", path, lineno, h.nports_seen,
             v->b->name, ncol);
      for (unsigned i = 0; i < ncol; i++)
        if (strcmp(names[i], v->port[i].name) || widths[i] != v->port[i].width ||
            dirs[i] != v->port[i].dir)
          FAIL("%s: header port %u is %s %s %u, block %s expects %s %s %u", path, i + 1,
               dirs[i] == KIT_DIR_IN ? "in" : "out", names[i], widths[i], v->b->name,
               v->port[i].dir == KIT_DIR_IN ? "in" : "out", v->port[i].name, v->port[i].width);
    }
    if (nrec >= v->cycles) FAIL("%s:%u: more records than the header's %" PRIu64 " cycles", path,
                                lineno, v->cycles);
    if (vec_grow(v, &cap, nrec + 1, ncol)) FAIL("%s:%u: out of memory", path, lineno);
    unsigned col = 0;
    char *save = NULL;
    for (char *t = strtok_r(p, " \t", &save); t; t = strtok_r(NULL, " \t", &save)) {
      if (t[0] == '/' && t[1] == '/') break;
      if (col >= ncol) FAIL("%s:%u: more than %u words in a record", path, lineno, ncol);
      const unsigned digits = hexdigits(v->port[col].width);
      uint64_t val = 0;
      for (const char *q = t; *q; q++) {
        unsigned d;
        if (*q >= '0' && *q <= '9') d = (unsigned)(*q - '0');
        else if (*q >= 'a' && *q <= 'f') d = (unsigned)(*q - 'a' + 10);
        else if (*q >= 'A' && *q <= 'F') d = (unsigned)(*q - 'A' + 10);
        else FAIL("%s:%u: word %u ('%s') is not hex", path, lineno, col + 1, t);
        val = val << 4 | d;
      }
      if (strlen(t) != digits)
        FAIL("%s:%u: word %u ('%s') has %zu hex digits, %s (%u bits) is written with %u", path,
             lineno, col + 1, t, strlen(t), v->port[col].name, v->port[col].width, digits);
      if (val & ~kit_mask(v->port[col].width))
        FAIL("%s:%u: %s=%s does not fit in %u bits", path, lineno, v->port[col].name, t,
             v->port[col].width);
      v->rec[nrec * ncol + col] = val;
      col++;
    }
    if (col != ncol) FAIL("%s:%u: record has %u words, expected %u", path, lineno, col, ncol);
    v->line[nrec] = lineno;
    nrec++;
  }
  if (rc < 0) goto fail;
  if (!h.have_magic) FAIL("%s:1: not a vector file (expected '// %s %d')", path, KIT_VEC_MAGIC,
                          KIT_VEC_VERSION);
  if (nrec != v->cycles || nrec == 0)
    FAIL("%s:%u: truncated: header says %" PRIu64 " cycles, file ends after %" PRIu64, path,
         lineno, v->cycles, nrec);
  if (!L->newline) FAIL("%s:%u: truncated: the last line has no newline", path, lineno);
  kit_lines_close(L);
  return 0;
fail:
  kit_lines_close(L);
  kit_vec_free(v);
  return -1;
}

int kit_vec_replay_model(const char *path, const kit_vec_t *v, char *err, size_t errlen)
{
  const kit_block_t *b = v->b;
  unsigned nin = b->nin, ncol = nin + b->nout;
  uint64_t out[KIT_MAX_PORTS];
  void *m = b->model_new(v->P);
  int rc = 0;
  if (!m) {
    snprintf(err, errlen, "%s: out of memory for the model", path);
    return -1;
  }
  for (uint64_t c = 0; c < v->cycles && rc == 0; c++) {
    const uint64_t *r = v->rec + c * ncol;
    b->model_step(m, r, out);
    for (unsigned i = 0; i < b->nout; i++)
      if (out[i] != r[nin + i]) {
        snprintf(err, errlen, "%s:%u: cycle %" PRIu64 " %s expected 0x%" PRIx64
                 " but the model gives 0x%" PRIx64, path, v->line[c], c, v->port[nin + i].name,
                 r[nin + i], out[i]);
        rc = -1;
        break;
      }
  }
  b->model_free(m);
  return rc;
}

void kit_vec_cover(const kit_vec_t *v, uint64_t *count)
{
  const kit_block_t *b = v->b;
  const unsigned nin = b->nin, ncol = nin + b->nout;
  static const uint64_t zero[KIT_MAX_PORTS];
  memset(count, 0, KIT_MAX_COVER * sizeof *count);
  if (!b->cover) return;
  for (uint64_t c = 0; c < v->cycles; c++) {
    const uint64_t *r = v->rec + c * ncol;
    b->cover(v->P, r, r + nin, c ? r - ncol + nin : zero, count);
  }
}
