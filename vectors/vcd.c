/*
 * vcd.c - the inputs of a formal trace and the size bound of a waveform;
 * see vcd.h. A small reader for the VCD subset yosys-smtbmc writes: header
 * declarations ($scope, $var, $upscope, $enddefinitions), then time stamps
 * (#N) and value changes (bVALUE CODE for vectors, 0CODE / 1CODE / xCODE
 * for scalars). The size bound reads only the $var declarations, from the
 * bytes a writer is producing (no file is read back).
 */
#include <stdlib.h>
#include <string.h>

#include "vectors/fileio.h"
#include "vectors/vcd.h"

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

/* ---------------------------------------------------------------------- */
/* Size of a VCD being written                                              */
/* ---------------------------------------------------------------------- */

#define VCD_CODE_MAX 24   /* longest identifier code kept (Verilator's are <= 5) */

typedef struct kit_vcd_code {
  char code[VCD_CODE_MAX + 1];
  unsigned width;
} vcd_code_t;

void kit_vcd_size_init(kit_vcd_size_t *z) { memset(z, 0, sizeof *z); }

void kit_vcd_size_free(kit_vcd_size_t *z)
{
  free(z->codes);
  z->codes = NULL;
  z->ncodes = z->capcodes = 0;
}

static int code_cmp(const void *a, const void *b)
{
  return strcmp(((const vcd_code_t *)a)->code, ((const vcd_code_t *)b)->code);
}

/* Distinct codes, the bound of one step: a code longer than VCD_CODE_MAX
 * is counted at its full length (kept truncated, so two such codes with
 * the same first bytes count once: the bound stays an upper bound only
 * for writers with short codes, which is every writer the kit runs). */
static void size_finish(kit_vcd_size_t *z)
{
  qsort(z->codes, z->ncodes, sizeof *z->codes, code_cmp);
  uint64_t step = KIT_VCD_TIME_LINE;
  for (size_t i = 0; i < z->ncodes; i++) {
    if (i && strcmp(z->codes[i].code, z->codes[i - 1].code) == 0) continue;
    const uint64_t w = z->codes[i].width, c = strlen(z->codes[i].code);
    z->signals++;
    z->bits += w;
    step += w == 1 ? c + 2 : w + c + 3;   /* "0CODE\n" or "bBITS CODE\n" */
  }
  z->per_step = step;
  z->done = 1;
  kit_vcd_size_free(z);
}

/* One header line: "$var TYPE WIDTH CODE NAME ... $end" is a signal. */
static int size_line(kit_vcd_size_t *z, char *line)
{
  char *w[4];
  unsigned n = 0;
  for (char *t = strtok(line, " \t"); t && n < 4; t = strtok(NULL, " \t")) w[n++] = t;
  if (n >= 1 && strcmp(w[0], "$enddefinitions") == 0) {
    size_finish(z);
    return 0;
  }
  if (n < 4 || strcmp(w[0], "$var") != 0) return 0;
  unsigned long width = strtoul(w[2], NULL, 10);
  if (strcmp(w[1], "real") == 0 && width < 32) width = 32;   /* "r%.16g CODE" */
  if (width == 0 || width > 1u << 24) width = 1u << 24;
  if (z->ncodes == z->capcodes) {
    size_t nc = z->capcodes ? z->capcodes * 2 : 256;
    vcd_code_t *p = realloc(z->codes, nc * sizeof *p);
    if (!p) return -1;
    z->codes = p;
    z->capcodes = nc;
  }
  vcd_code_t *c = &z->codes[z->ncodes++];
  snprintf(c->code, sizeof c->code, "%s", w[3]);
  c->width = (unsigned)width;
  return 0;
}

int kit_vcd_size_feed(kit_vcd_size_t *z, const char *buf, size_t n)
{
  for (size_t i = 0; i < n && !z->done; i++) {
    z->header++;
    const char ch = buf[i];
    if (ch != '\n') {
      if (z->len + 1 < sizeof z->line) z->line[z->len++] = ch;
      continue;
    }
    z->line[z->len] = '\0';
    /* an overlong line is a long signal name: its first fields are kept */
    if (size_line(z, z->line)) return -1;
    z->len = 0;
  }
  return 0;
}
