/*
 * source.c - per-cycle input sources; see source.h for the file format.
 * A directed file is parsed whole before the first cycle, so a bad line
 * stops the run before anything is simulated or written.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

/* Common start of both kinds: block, configuration, port table, masks. */
static void source_init(kit_source_t *s, const kit_block_t *b, const long *P)
{
  memset(s, 0, sizeof *s);
  s->b = b;
  s->P = P;
  b->ports(P, s->port);
  for (unsigned i = 0; i < b->nin; i++) s->mask[i] = kit_mask(s->port[i].width);
}

int kit_source_random(kit_source_t *s, const kit_block_t *b, const long *P,
                      uint64_t seed, uint64_t cycles)
{
  source_init(s, b, P);
  s->cycles = cycles;
  s->stim = b->stim_new(P, seed);
  return s->stim ? 0 : -1;
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
      char *end;
      errno = 0;
      unsigned long long v = strtoull(eq + 1, &end, 0);
      if (errno || end == eq + 1 || *end || eq[1] == '-') {
        snprintf(err, errlen, "%.*s: '%s' is not a number", (int)n, word, eq + 1);
        return -1;
      }
      if ((uint64_t)v & ~kit_mask(port[i].width)) {
        snprintf(err, errlen, "%.*s=%s does not fit in %u bits", (int)n, word, eq + 1,
                 port[i].width);
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

/* Split line into words in place; returns count. */
static unsigned split(char *line, char **w, unsigned max)
{
  unsigned n = 0;
  char *h = strchr(line, '#');
  if (h) *h = '\0';
  for (char *t = strtok(line, " \t\r\n"); t && n < max; t = strtok(NULL, " \t\r\n")) w[n++] = t;
  return n;
}

static int push_cycle(kit_source_t *s, size_t *cap, const uint64_t *in)
{
  unsigned nin = s->b->nin;
  if (s->cycles == *cap) {
    size_t nc = *cap ? *cap * 2 : 64;
    uint64_t *p = realloc(s->ins, nc * nin * sizeof *p);
    if (!p) return -1;
    s->ins = p;
    *cap = nc;
  }
  memcpy(s->ins + s->cycles * nin, in, nin * sizeof *in);
  s->cycles++;
  return 0;
}

int kit_source_file(kit_source_t *s, const kit_block_t *b, const long *P,
                    const char *path, char *err, size_t errlen)
{
  source_init(s, b, P);
  s->path = path;
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  char line[4096], msg[KIT_ERR_LEN];
  char *w[KIT_MAX_PORTS + 2];
  unsigned lineno = 0, nin = b->nin;
  size_t cap = 0, ecap = 0;
  uint64_t in[KIT_MAX_PORTS];
  int rc = 0;
  while (fgets(line, sizeof line, f)) {
    lineno++;
    if (!strchr(line, '\n') && !feof(f)) {
      snprintf(err, errlen, "%s:%u: line too long", path, lineno);
      rc = -1;
      break;
    }
    unsigned n = split(line, w, KIT_MAX_PORTS + 2);
    if (n == 0) continue;
    if (strcmp(w[0], "idle") == 0) {
      char *end;
      unsigned long k = 1;
      if (n > 2 || (n == 2 && ((k = strtoul(w[1], &end, 0)) == 0 || *end || k > 100000000ul))) {
        snprintf(err, errlen, "%s:%u: expected 'idle [COUNT]' with COUNT 1..1e8", path, lineno);
        rc = -1;
        break;
      }
      for (unsigned i = 0; i < nin; i++) in[i] = s->port[i].idle;
      for (unsigned long j = 0; j < k && rc == 0; j++) rc = push_cycle(s, &cap, in);
      if (rc) snprintf(err, errlen, "%s:%u: out of memory", path, lineno);
      continue;
    }
    if (strcmp(w[0], "params") == 0) {
      /* The configuration this file was written for must be the run's. */
      long Q[KIT_MAX_PARAMS];
      memcpy(Q, P, b->nparams * sizeof *Q);
      for (unsigned j = 1; j < n && rc == 0; j++) {
        if (kit_params_set(b, Q, w[j], msg, sizeof msg)) {
          snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
          rc = -1;
        } else {
          char name[64];
          snprintf(name, sizeof name, "%.*s", (int)strcspn(w[j], "="), w[j]);
          int k = kit_param_index(b, name);
          if (Q[k] != P[k]) {
            snprintf(err, errlen, "%s:%u: this file is for %s=%ld, the run has %s=%ld", path,
                     lineno, b->params[k].name, Q[k], b->params[k].name, P[k]);
            rc = -1;
          }
        }
      }
      if (rc) break;
      continue;
    }
    if (strcmp(w[0], "expect") == 0) {
      if (s->cycles == 0 || n < 2) {
        snprintf(err, errlen, "%s:%u: 'expect PORT=VALUE ...' must follow a cycle line", path,
                 lineno);
        rc = -1;
        break;
      }
      for (unsigned j = 1; j < n && rc == 0; j++) {
        uint64_t v;
        int p = kit_parse_assign(s->port, nin + b->nout, KIT_DIR_OUT, w[j], &v, msg, sizeof msg);
        if (p < 0) {
          snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
          rc = -1;
          break;
        }
        if (s->nexp == ecap) {
          size_t nc = ecap ? ecap * 2 : 32;
          kit_expect_t *e = realloc(s->exp, nc * sizeof *e);
          if (!e) {
            snprintf(err, errlen, "%s:%u: out of memory", path, lineno);
            rc = -1;
            break;
          }
          s->exp = e;
          ecap = nc;
        }
        s->exp[s->nexp++] = (kit_expect_t){s->cycles - 1, (unsigned)p, v, lineno};
      }
      if (rc) break;
      continue;
    }
    for (unsigned i = 0; i < nin; i++) in[i] = s->port[i].idle;
    for (unsigned j = 0; j < n; j++) {
      uint64_t v;
      int p = kit_parse_assign(s->port, nin, KIT_DIR_IN, w[j], &v, msg, sizeof msg);
      if (p < 0) {
        snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
        rc = -1;
        break;
      }
      in[p] = v;
    }
    if (rc) break;
    if (b->in_check && b->in_check(P, in, msg, sizeof msg)) {
      snprintf(err, errlen, "%s:%u: %s", path, lineno, msg);
      rc = -1;
      break;
    }
    if (push_cycle(s, &cap, in)) {
      snprintf(err, errlen, "%s:%u: out of memory", path, lineno);
      rc = -1;
      break;
    }
  }
  if (rc == 0 && ferror(f)) {
    snprintf(err, errlen, "%s: read error", path);
    rc = -1;
  }
  fclose(f);
  if (rc == 0 && s->cycles == 0) {
    snprintf(err, errlen, "%s: no cycles in file", path);
    rc = -1;
  }
  if (rc) kit_source_free(s);
  return rc;
}

int kit_source_next(kit_source_t *s, uint64_t *in)
{
  unsigned nin = s->b->nin;
  if (s->pos >= s->cycles) return 0;
  if (s->stim)
    s->b->stim_next(s->stim, in);
  else
    memcpy(in, s->ins + s->pos * nin, nin * sizeof *in);
  for (unsigned i = 0; i < nin; i++) in[i] &= s->mask[i];
  s->pos++;
  return 1;
}

void kit_source_free(kit_source_t *s)
{
  if (s->stim) s->b->stim_free(s->stim);
  free(s->ins);
  free(s->exp);
  s->stim = NULL;
  s->ins = NULL;
  s->exp = NULL;
}
