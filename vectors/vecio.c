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
#include <unistd.h>

#include "vecio.h"

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

static unsigned hexdigits(unsigned width) { return (width + 3) / 4; }

int kit_vec_write(const char *path, const kit_block_t *b, const long *P, uint64_t seed,
                  const char *source_desc, kit_source_t *src, char *err, size_t errlen)
{
  char tmp[4096];
  kit_port_t port[KIT_MAX_PORTS];
  unsigned nin = b->nin, nout = b->nout;
  uint64_t in[KIT_MAX_PORTS], out[KIT_MAX_PORTS];
  size_t cursor = 0;
  int rc = 0;

  b->ports(P, port);
  if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp) {
    snprintf(err, errlen, "%s: path too long", path);
    return -1;
  }
  FILE *f = fopen(tmp, "w");
  if (!f) {
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return -1;
  }
  void *m = b->model_new(P);
  if (!m) {
    fclose(f);
    unlink(tmp);
    snprintf(err, errlen, "%s: out of memory for the model", path);
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
  for (uint64_t c = 0; kit_source_next(src, in); c++) {
    b->model_step(m, in, out);
    if (kit_expect_check(src, &cursor, c, out, err, errlen)) {
      rc = -1;
      break;
    }
    for (unsigned i = 0; i < nin + nout; i++) {
      uint64_t v = i < nin ? in[i] : out[i - nin];
      fprintf(f, i ? " %0*" PRIx64 : "%0*" PRIx64, (int)hexdigits(port[i].width), v);
    }
    fputc('\n', f);
  }
  b->model_free(m);
  if (fclose(f) != 0 && rc == 0) {
    snprintf(err, errlen, "%s: write failed: %s", path, strerror(errno));
    rc = -1;
  }
  if (rc == 0 && rename(tmp, path) != 0) {
    snprintf(err, errlen, "%s: cannot rename into place: %s", path, strerror(errno));
    rc = -1;
  }
  if (rc) unlink(tmp);
  return rc;
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
  int have_magic, have_block, have_seed, have_cycles, nparams_seen;
  unsigned nports_seen;
  int pseen[KIT_MAX_PARAMS];
} hdr_t;

#define FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); goto fail; } while (0)

int kit_vec_read(const char *path, kit_vec_t *v, char *err, size_t errlen)
{
  memset(v, 0, sizeof *v);
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  char line[8192];
  char msg[KIT_ERR_LEN];
  unsigned lineno = 0;
  hdr_t h = {0};
  char names[KIT_MAX_PORTS][64];
  unsigned widths[KIT_MAX_PORTS];
  kit_dir_t dirs[KIT_MAX_PORTS];
  uint64_t nrec = 0;
  unsigned ncol = 0;

  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (!strchr(line, '\n') && !feof(f)) FAIL("%s:%u: line too long", path, lineno);
    char *p = line;
    while (*p == ' ' || *p == '\t') p++;
    if (*p == '\n' || *p == '\r' || *p == '\0') continue;
    if (p[0] == '/' && p[1] == '/') {
      if (nrec) continue;   /* comments between records are fine */
      char key[64] = "", a[128] = "", c[128] = "";
      int n = sscanf(p + 2, " %63s %127s %127s", key, a, c);
      if (lineno == 1) {
        if (n < 2 || strcmp(key, KIT_VEC_MAGIC) != 0)
          FAIL("%s:1: not a vector file (expected '// %s %d')", path, KIT_VEC_MAGIC,
               KIT_VEC_VERSION);
        if (atoi(a) != KIT_VEC_VERSION)
          FAIL("%s:1: format version %s, this kit reads version %d", path, a, KIT_VEC_VERSION);
        h.have_magic = 1;
        continue;
      }
      if (strcmp(key, "block") == 0 && n >= 2) {
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
        h.pseen[kit_param_index(v->b, a)] = 1;
      } else if (strcmp(key, "seed") == 0) {
        char *end;
        v->seed = strtoull(a, &end, 10);
        if (n < 2 || *end) FAIL("%s:%u: bad seed '%s'", path, lineno, a);
        h.have_seed = 1;
      } else if (strcmp(key, "cycles") == 0) {
        char *end;
        v->cycles = strtoull(a, &end, 10);
        if (n < 2 || *end || v->cycles == 0) FAIL("%s:%u: bad cycle count '%s'", path, lineno, a);
        h.have_cycles = 1;
      } else if ((strcmp(key, "in") == 0 || strcmp(key, "out") == 0)) {
        char *end;
        unsigned long w = strtoul(c, &end, 10);
        if (n < 3 || *end || w < 1 || w > 64 || strlen(a) >= 64)
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
      if (v->cycles > (uint64_t)1 << 28) FAIL("%s: cycle count %" PRIu64 " too large", path,
                                              v->cycles);
      v->rec = malloc(v->cycles * ncol * sizeof *v->rec);
      v->line = malloc(v->cycles * sizeof *v->line);
      if (!v->rec || !v->line) FAIL("%s: out of memory for %" PRIu64 " records", path, v->cycles);
    }
    if (nrec >= v->cycles) FAIL("%s:%u: more records than the header's %" PRIu64 " cycles", path,
                                lineno, v->cycles);
    unsigned col = 0;
    char *save = NULL;
    for (char *t = strtok_r(p, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
      if (t[0] == '/' && t[1] == '/') break;
      if (col >= ncol) FAIL("%s:%u: more than %u words in a record", path, lineno, ncol);
      char *end;
      errno = 0;
      unsigned long long val = strtoull(t, &end, 16);
      if (errno || *end || t[0] == '-' || t[0] == '+' || (t[0] == '0' && (t[1] == 'x' || t[1] == 'X')))
        FAIL("%s:%u: word %u ('%s') is not hex", path, lineno, col + 1, t);
      if ((uint64_t)val & ~kit_mask(v->port[col].width))
        FAIL("%s:%u: %s=%s does not fit in %u bits", path, lineno, v->port[col].name, t,
             v->port[col].width);
      v->rec[nrec * ncol + col] = val;
      col++;
    }
    if (col != ncol) FAIL("%s:%u: record has %u words, expected %u", path, lineno, col, ncol);
    v->line[nrec] = lineno;
    nrec++;
  }
  if (ferror(f)) FAIL("%s: read error", path);
  if (!h.have_magic) FAIL("%s:1: not a vector file (expected '// %s %d')", path, KIT_VEC_MAGIC,
                          KIT_VEC_VERSION);
  if (nrec != v->cycles || nrec == 0)
    FAIL("%s:%u: truncated: header says %" PRIu64 " cycles, file ends after %" PRIu64, path,
         lineno, v->cycles, nrec);
  fclose(f);
  return 0;
fail:
  fclose(f);
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
