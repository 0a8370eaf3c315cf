/*
 * vcd.c - the inputs of a formal trace; see vcd.h. A small reader for the
 * VCD subset yosys-smtbmc writes: header declarations ($scope, $var,
 * $upscope, $enddefinitions), then time stamps (#N) and value changes
 * (bVALUE CODE for vectors, 0CODE / 1CODE / xCODE for scalars).
 */
#include <stdlib.h>
#include <string.h>

#include "kitio.h"
#include "vcd.h"

#define VCD_MAX_DEPTH 64

typedef struct vcd_in {
  char code[32];       /* the trace's identifier of this input ("" = not found) */
  unsigned width;      /* declared width */
} vcd_in_t;

/* Value of a binary string (x and z read as 0). */
static uint64_t bits(const char *s)
{
  uint64_t v = 0;
  for (; *s; s++) v = v << 1 | (*s == '1');
  return v;
}

int kit_vcd_inputs(const char *path, const char *scope, const kit_block_t *b, const long *P,
                   uint64_t **ins, uint64_t *steps, char *err, size_t errlen)
{
  kit_port_t port[KIT_MAX_PORTS];
  vcd_in_t in[KIT_MAX_PORTS];
  uint64_t cur[KIT_MAX_PORTS] = {0};
  const unsigned nin = b->nin;
  kit_lines_t L;
  char *line, *w[8];
  size_t len, cap = 0;
  int depth = 0, in_scope = 0, header = 1, rc, have_t = 0, scope_seen = 0;
  int64_t pending = -1;   /* step whose start is the current time stamp */
  char tcode[32] = "";

  b->ports(P, port);
  memset(in, 0, sizeof in);
  *ins = NULL;
  *steps = 0;
  if (kit_lines_open(&L, path, err, errlen)) return -1;
  while ((rc = kit_lines_next(&L, &line, &len, err, errlen)) == 1) {
    if (header) {
      unsigned n = 0;
      for (char *t = strtok(line, " \t"); t && n < 8; t = strtok(NULL, " \t")) w[n++] = t;
      if (n == 0) continue;
      if (strcmp(w[0], "$scope") == 0) {
        if (++depth > VCD_MAX_DEPTH) { snprintf(err, errlen, "%s:%u: scopes nested too deep", path, L.lineno); goto fail; }
        if (depth == 1) {   /* a top-level scope: the miter's, or another */
          in_scope = n >= 3 && strcmp(w[2], scope) == 0;
          scope_seen |= in_scope;
        }
      } else if (strcmp(w[0], "$upscope") == 0) {
        if (--depth < 0) { snprintf(err, errlen, "%s:%u: $upscope without $scope", path, L.lineno); goto fail; }
      } else if (strcmp(w[0], "$var") == 0 && n >= 5) {
        if (depth == 0 && strcmp(w[4], "smt_step") == 0) {
          snprintf(tcode, sizeof tcode, "%s", w[3]);
          have_t = 1;
        } else if (depth == 1 && in_scope) {
          for (unsigned i = 0; i < nin; i++)
            if (strcmp(w[4], port[i].name) == 0) {
              snprintf(in[i].code, sizeof in[i].code, "%s", w[3]);
              in[i].width = (unsigned)strtoul(w[2], NULL, 10);
            }
        }
      } else if (strcmp(w[0], "$enddefinitions") == 0) {
        header = 0;
        if (!scope_seen) { snprintf(err, errlen, "%s: no scope '%s' in the trace", path, scope); goto fail; }
        if (!have_t) { snprintf(err, errlen, "%s: no smt_step variable: not a yosys-smtbmc trace", path); goto fail; }
        for (unsigned i = 0; i < nin; i++) {
          if (!in[i].code[0]) { snprintf(err, errlen, "%s: the trace has no input %s in scope %s", path, port[i].name, scope); goto fail; }
          if (in[i].width != port[i].width) {
            snprintf(err, errlen, "%s: input %s is %u bits in the trace, %u in block %s", path, port[i].name,
                     in[i].width, port[i].width, b->name);
            goto fail;
          }
        }
      }
      continue;
    }
    /* value changes */
    if (line[0] == '#') {
      if (pending >= 0) {   /* the block of changes at a step's start is complete */
        uint64_t k = (uint64_t)pending;
        if (k + 1 > cap) {
          size_t nc = cap ? cap * 2 : 64;
          while (nc < k + 1) nc *= 2;
          uint64_t *p = realloc(*ins, nc * nin * sizeof *p);
          if (!p) { snprintf(err, errlen, "%s: out of memory", path); goto fail; }
          memset(p + cap * nin, 0, (nc - cap) * nin * sizeof *p);
          *ins = p;
          cap = nc;
        }
        memcpy(*ins + k * nin, cur, nin * sizeof *cur);
        if (k + 1 > *steps) *steps = k + 1;
        pending = -1;
      }
      continue;
    }
    const char *code, *val;
    char scalar[2] = "0";
    if (line[0] == 'b' || line[0] == 'B') {
      char *sp = strchr(line, ' ');
      if (!sp) { snprintf(err, errlen, "%s:%u: malformed value change", path, L.lineno); goto fail; }
      *sp = '\0';
      val = line + 1;
      code = sp + 1;
    } else if (strchr("01xXzZ", line[0]) && line[0]) {
      scalar[0] = line[0] == '1' ? '1' : '0';
      val = scalar;
      code = line + 1;
    } else continue;   /* reals, strings, $dumpvars markers: not inputs */
    if (strcmp(code, tcode) == 0) {
      pending = (int64_t)bits(val);
      continue;
    }
    for (unsigned i = 0; i < nin; i++)
      if (strcmp(code, in[i].code) == 0) cur[i] = bits(val) & kit_mask(port[i].width);
  }
  if (rc < 0) goto fail;
  if (header) { snprintf(err, errlen, "%s: no $enddefinitions: not a VCD trace", path); goto fail; }
  if (pending >= 0) {   /* the last step's start is the file's end */
    uint64_t k = (uint64_t)pending;
    if (k + 1 > cap) {
      uint64_t *p = realloc(*ins, (k + 1) * nin * sizeof *p);
      if (!p) { snprintf(err, errlen, "%s: out of memory", path); goto fail; }
      *ins = p;
    }
    memcpy(*ins + k * nin, cur, nin * sizeof *cur);
    if (k + 1 > *steps) *steps = k + 1;
  }
  kit_lines_close(&L);
  if (*steps == 0) { snprintf(err, errlen, "%s: no steps in the trace", path); free(*ins); *ins = NULL; return -1; }
  return 0;
fail:
  kit_lines_close(&L);
  free(*ins);
  *ins = NULL;
  return -1;
}
