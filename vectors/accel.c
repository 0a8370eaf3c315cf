/*
 * accel.c - read Accel-Sim kernel traces (.traceg) into warp records; see
 * accel.h and doc/traffic.md "Importing Accel-Sim traces".
 *
 * A file is a header of "-key = value" lines, then thread blocks:
 *   #BEGIN_TB / thread block = x,y,z / (warp = W / insts = N / N lines)... / #END_TB
 * and an instruction line is
 *   [tb_x tb_y tb_z warp (versions < 3)] [line (lineinfo)] PC MASK
 *   NDST DST.. OPCODE NSRC SRC.. WIDTH [MODE ADDRESSES] [IMMEDIATE]
 * with PC and MASK in hex, the address modes 0 (one hex address per active
 * lane), 1 (hex base, decimal stride: the k-th active lane at base +
 * k * stride) and 2 (hex base, then one decimal delta per further active
 * lane, each from the previous active lane's address).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "vectors/accel.h"

#define MAX_WORDS 200
#define MAX_REGS  32

#define fail(r, ...) kit_lines_fail(&(r)->L, __VA_ARGS__)

/* A hex number with or without 0x, at most max. */
static int hexword(const kit_accel_reader_t *r, const char *what, const char *w, uint64_t max, uint64_t *v,
                   char *err, size_t errlen)
{
  char buf[40], msg[KIT_ERR_LEN];
  int pre = w[0] == '0' && (w[1] == 'x' || w[1] == 'X');
  if (strlen(w) > 32) return fail(r, err, errlen, "%s: '%.32s...' is not a hex number", what, w);
  snprintf(buf, sizeof buf, "%s%s", pre ? "" : "0x", w);
  if (kit_parse_u64(what, buf, 0, max, v, msg, sizeof msg) == 0) return 0;
  return fail(r, err, errlen, "%s (hex)", msg);
}

static int decword(const kit_accel_reader_t *r, const char *what, const char *w, uint64_t max, uint64_t *v,
                   char *err, size_t errlen)
{
  char msg[KIT_ERR_LEN];
  if (kit_parse_u64(what, w, 0, max, v, msg, sizeof msg) == 0 && (w[0] != '0' || w[1] != 'x')) return 0;
  if (w[0] == '0' && w[1] == 'x') snprintf(msg, sizeof msg, "%s: '%s' is not a decimal number", what, w);
  return fail(r, err, errlen, "%s", msg);
}

/* "a,b,c" (or "(a,b,c)") into v[3], each 1..max (lo) */
static int triple(const kit_accel_reader_t *r, const char *what, const char *text, unsigned lo, unsigned *v,
                  char *err, size_t errlen)
{
  char buf[128], *p = buf;
  size_t o = 0;
  for (const char *s = text; *s && o + 1 < sizeof buf; s++)
    if (*s != ' ' && *s != '\t') buf[o++] = *s;
  buf[o] = '\0';
  if (*p == '(') {
    p++;
    if (o < 2 || buf[o - 1] != ')') return fail(r, err, errlen, "%s: expected (x,y,z), got '%s'", what, text);
    buf[o - 1] = '\0';
  }
  for (unsigned i = 0; i < 3; i++) {
    char *c = strchr(p, ',');
    if ((i < 2) != (c != NULL)) return fail(r, err, errlen, "%s: expected three numbers x,y,z, got '%s'", what, text);
    if (c) *c = '\0';
    uint64_t x;
    if (decword(r, what, p, UINT32_MAX, &x, err, errlen)) return -1;
    if (x < lo) return fail(r, err, errlen, "%s: %" PRIu64 " is below %u", what, x, lo);
    v[i] = (unsigned)x;
    p = c ? c + 1 : p;
  }
  return 0;
}

/* "KEY = VALUE": the value after '=' with spaces trimmed, or NULL. */
static char *value_of(char *line)
{
  char *eq = strchr(line, '=');
  if (!eq) return NULL;
  eq++;
  while (*eq == ' ' || *eq == '\t') eq++;
  size_t n = strlen(eq);
  while (n && (eq[n - 1] == ' ' || eq[n - 1] == '\t')) eq[--n] = '\0';
  return eq;
}

/* The key of "-KEY = VALUE" (after the '-', before the '='), squeezed into
 * single spaces in buf. */
static void key_of(const char *line, char *buf, size_t len)
{
  size_t o = 0;
  for (const char *s = line + 1; *s && *s != '=' && o + 1 < len; s++) {
    if (*s == ' ' || *s == '\t') {
      if (o && buf[o - 1] != ' ') buf[o++] = ' ';
    } else
      buf[o++] = *s;
  }
  while (o && buf[o - 1] == ' ') o--;
  buf[o] = '\0';
}

static int header_line(kit_accel_reader_t *r, char *line, char *err, size_t errlen)
{
  char key[64];
  key_of(line, key, sizeof key);
  char *v = value_of(line);
  kit_accel_info_t *in = &r->info;
  uint64_t x;
  if (!v) return fail(r, err, errlen, "header line '-%s' has no '='", key);
  if (strcmp(key, "kernel name") == 0) snprintf(in->name, sizeof in->name, "%s", v);
  else if (strcmp(key, "kernel id") == 0) {
    if (decword(r, "kernel id", v, UINT32_MAX, &x, err, errlen)) return -1;
    in->kernel_id = (unsigned)x;
  } else if (strcmp(key, "grid dim") == 0) return triple(r, "grid dim", v, 1, in->grid, err, errlen);
  else if (strcmp(key, "block dim") == 0) return triple(r, "block dim", v, 1, in->block, err, errlen);
  else if (strcmp(key, "accelsim tracer version") == 0) {
    if (decword(r, "accelsim tracer version", v, UINT32_MAX, &x, err, errlen)) return -1;
    if (x < 1 || x > KIT_ACCEL_MAX_VERSION)
      return fail(r, err, errlen, "accelsim tracer version %" PRIu64 " not supported (1..%d)", x,
                  KIT_ACCEL_MAX_VERSION);
    in->version = (unsigned)x;
  } else if (strcmp(key, "enable lineinfo") == 0) {
    if (decword(r, "enable lineinfo", v, 1, &x, err, errlen)) return -1;
    in->lineinfo = (unsigned)x;
  } else if (strcmp(key, "nregs") == 0) {   /* for the residency */
    if (decword(r, "nregs", v, 255, &x, err, errlen)) return -1;
    in->nregs = (unsigned)x;
  } else if (strcmp(key, "shmem") == 0) {
    if (decword(r, "shmem", v, UINT32_MAX, &x, err, errlen)) return -1;
    in->shmem = (unsigned)x;
  }
  /* binary version, cuda stream id, base addresses, nvbit version: not
   * needed */
  return 0;
}

/* The next line that is not blank, *p at its first word: 1, 0 at the end,
 * -1 on error (a truncated last line among them). */
static int next_content(kit_accel_reader_t *r, char **p, char *err, size_t errlen)
{
  char *line;
  size_t len;
  int rc;
  while ((rc = kit_lines_next(&r->L, &line, &len, err, errlen)) == 1) {
    if (!r->L.newline) return fail(r, err, errlen, "truncated: the last line has no newline");
    *p = line + strspn(line, " \t");
    if (**p) return 1;
  }
  return rc;
}

/* Start reading a block into SM fill's slot. */
static void clear_tb(kit_accel_reader_t *r)
{
  kit_accel_slot_t *s = &r->slot[r->fill];
  for (unsigned w = 0; w < KIT_WARP; w++) s->n[w] = 0;
  s->round = 0;
  s->next_warp = 0;
  s->ready = 0;
  r->have_tb = 0;
  r->warp = -1;
  r->warps_seen = 0;
}

unsigned kit_accel_residency(unsigned warps, unsigned nregs, unsigned shmem)
{
  uint64_t n = KIT_ACCEL_MAX_BLOCKS, w = warps ? warps : 1, lim;
  if ((lim = KIT_ACCEL_SM_WARPS / w) < n) n = lim;
  if (nregs) {
    uint64_t per_warp = ((uint64_t)nregs * KIT_WARP + KIT_ACCEL_REG_UNIT - 1) / KIT_ACCEL_REG_UNIT * KIT_ACCEL_REG_UNIT;
    if ((lim = KIT_ACCEL_SM_REGS / (per_warp * w)) < n) n = lim;
  }
  if (shmem) {
    uint64_t per_block = ((uint64_t)shmem + KIT_ACCEL_SHMEM_UNIT - 1) / KIT_ACCEL_SHMEM_UNIT * KIT_ACCEL_SHMEM_UNIT;
    if ((lim = KIT_ACCEL_SM_SHMEM / per_block) < n) n = lim;
  }
  return n ? (unsigned)n : 1;
}

int kit_accel_blocks_parse(const char *what, const char *text, unsigned *blocks, char *err, size_t errlen)
{
  uint64_t v;
  if (strcmp(text, "auto") == 0) {
    *blocks = KIT_ACCEL_AUTO;
    return 0;
  }
  if (kit_parse_u64(what, text, 1, KIT_ACCEL_MAX_BLOCKS, &v, err, errlen)) {
    size_t n = strlen(err);
    snprintf(err + n, errlen > n ? errlen - n : 0, " (or auto)");
    return -1;
  }
  *blocks = (unsigned)v;
  return 0;
}

static int start(kit_accel_reader_t *r, unsigned sms, unsigned blocks, char *err, size_t errlen)
{
  char *p;
  int rc;
  r->sms = sms ? sms : 1;
  if (blocks > KIT_ACCEL_MAX_BLOCKS)
    return fail(r, err, errlen, "%u resident blocks per SM: at most %u", blocks, KIT_ACCEL_MAX_BLOCKS);
  while ((rc = next_content(r, &p, err, errlen)) == 1) {
    if (strncmp(p, "#BEGIN_TB", 9) == 0) {
      r->in_tb = 1;
      break;
    }
    if (*p == '#') continue;   /* "#traces format = ..." and other comments */
    if (*p != '-') return fail(r, err, errlen, "expected a header line '-key = value' or #BEGIN_TB");
    if (header_line(r, p, err, errlen)) return -1;
  }
  if (rc < 0) return -1;
  if (!r->info.grid[0] || !r->info.block[0])
    return fail(r, err, errlen, "the header has no %s line", r->info.grid[0] ? "'-block dim'" : "'-grid dim'");
  uint64_t threads = (uint64_t)r->info.block[0] * r->info.block[1] * r->info.block[2];
  if (threads > 1024) return fail(r, err, errlen, "block dim: %" PRIu64 " threads, over 1024", threads);
  if ((uint64_t)r->info.grid[0] * r->info.grid[1] * r->info.grid[2] > KIT_TRACE_MAX_ID + 1ull)
    return fail(r, err, errlen, "grid dim: over 2^32 thread blocks");
  r->nwarps = (unsigned)((threads + KIT_WARP - 1) / KIT_WARP);
  r->blocks = blocks == KIT_ACCEL_AUTO ? kit_accel_residency(r->nwarps, r->info.nregs, r->info.shmem) : blocks;
  if (!(r->slot = calloc((size_t)r->sms * r->blocks, sizeof *r->slot)) || !(r->bturn = calloc(r->sms, sizeof *r->bturn)))
    return fail(r, err, errlen, "out of memory for %u SMs of %u blocks", r->sms, r->blocks);
  clear_tb(r);
  return 0;
}

int kit_accel_open(kit_accel_reader_t *r, const char *path, unsigned sms, unsigned blocks, char *err,
                   size_t errlen)
{
  memset(r, 0, sizeof *r);
  if (kit_lines_open(&r->L, path, err, errlen)) return -1;
  return start(r, sms, blocks, err, errlen);
}

int kit_accel_attach(kit_accel_reader_t *r, FILE *f, const char *name, unsigned sms, unsigned blocks, char *err,
                     size_t errlen)
{
  memset(r, 0, sizeof *r);
  if (kit_lines_attach(&r->L, f, name, err, errlen)) return -1;
  return start(r, sms, blocks, err, errlen);
}

void kit_accel_close(kit_accel_reader_t *r)
{
  kit_lines_close(&r->L);
  for (size_t k = 0; r->slot && k < (size_t)r->sms * r->blocks; k++)
    for (unsigned w = 0; w < KIT_WARP; w++) free(r->slot[k].w[w]);
  free(r->slot);
  free(r->bturn);
  r->slot = NULL;
  r->bturn = NULL;
}

/* The access of an opcode: 'L' load, 'S' store (atomics too), 0 not on
 * the L1 data path (shared, constant, texture, TMA, ...). */
static int access_of(const char *op)
{
  static const char *const loads[] = {"LDG", "LD", "LDL"}, *const stores[] = {"STG", "ST", "STL", "ATOM", "ATOMG", "RED"};
  size_t n = strcspn(op, ".");
  for (unsigned i = 0; i < sizeof loads / sizeof loads[0]; i++)
    if (strlen(loads[i]) == n && strncmp(op, loads[i], n) == 0) return 'L';
  for (unsigned i = 0; i < sizeof stores / sizeof stores[0]; i++)
    if (strlen(stores[i]) == n && strncmp(op, stores[i], n) == 0) return 'S';
  return 0;
}

/* Bytes per lane from the opcode's modifiers (".128" -> 16, ".U8" -> 1,
 * ".S16" -> 2), else 0. */
static unsigned width_of(const char *op)
{
  for (const char *p = strchr(op, '.'); p; p = strchr(p + 1, '.')) {
    const char *d = p + 1 + (p[1] == 'U' || p[1] == 'S');
    size_t n = strspn(d, "0123456789");
    if (n == 0 || n > 4 || (d[n] != '.' && d[n] != '\0')) continue;
    return (unsigned)strtoul(d, NULL, 10) / 8;
  }
  return 0;
}

/* One instruction line of warp r->warp; a memory record is kept in the
 * warp's list. */
static int inst_line(kit_accel_reader_t *r, char *line, char *err, size_t errlen)
{
  char *w[MAX_WORDS + 1];
  unsigned n = kit_line_words(line, w, MAX_WORDS + 1), i = 0;
  uint64_t v, pc, mask;
  if (n > MAX_WORDS) return fail(r, err, errlen, "over %u words", MAX_WORDS);
#define NEED(what) \
  if (i >= n) return fail(r, err, errlen, "the line ends before its %s", what)
  if (r->info.version < 3) {   /* tb_x tb_y tb_z warp, read and not used */
    static const char *const pre[4] = {"threadblock_x", "threadblock_y", "threadblock_z", "warpid_tb"};
    for (unsigned k = 0; k < 4; k++) {
      NEED(pre[k]);
      if (decword(r, pre[k], w[i++], UINT32_MAX, &v, err, errlen)) return -1;
    }
  }
  if (r->info.lineinfo) {
    NEED("line number");
    if (decword(r, "line number", w[i++], UINT32_MAX, &v, err, errlen)) return -1;
  }
  NEED("PC");
  if (hexword(r, "PC", w[i++], UINT64_MAX, &pc, err, errlen)) return -1;
  NEED("mask");
  if (hexword(r, "mask", w[i++], 0xffffffffu, &mask, err, errlen)) return -1;
  NEED("dest_num");
  if (decword(r, "dest_num", w[i++], MAX_REGS, &v, err, errlen)) return -1;
  i += (unsigned)v;   /* destination registers: not used */
  NEED("opcode");
  const char *op = w[i++];
  NEED("src_num");
  if (decword(r, "src_num", w[i++], MAX_REGS, &v, err, errlen)) return -1;
  i += (unsigned)v;   /* source registers: not used */
  NEED("mem_width");
  uint64_t width, mode;
  if (decword(r, "mem_width", w[i++], 1024, &width, err, errlen)) return -1;
  r->instructions++;
  kit_winst_t rec;
  memset(&rec, 0, sizeof rec);
  if (width > 0) {
    NEED("address mode");
    if (decword(r, "address mode", w[i++], UINT32_MAX, &mode, err, errlen)) return -1;
    unsigned k = 0;
    if (mode == 0) {          /* one hex address per active lane */
      for (unsigned l = 0; l < KIT_WARP; l++) {
        if (!(mask >> l & 1)) continue;
        char what[32];
        snprintf(what, sizeof what, "lane %u address", l);
        NEED("addresses (mode 0: one per active lane)");
        if (hexword(r, what, w[i++], UINT64_MAX, &rec.addr[l], err, errlen)) return -1;
      }
    } else if (mode == 1) {   /* base, stride */
      uint64_t base;
      long stride;
      char msg[KIT_ERR_LEN];
      NEED("base address");
      if (hexword(r, "base address", w[i++], UINT64_MAX, &base, err, errlen)) return -1;
      NEED("stride");
      if (kit_parse_long("stride", w[i++], INT32_MIN, INT32_MAX, &stride, msg, sizeof msg))
        return fail(r, err, errlen, "%s", msg);
      for (unsigned l = 0; l < KIT_WARP; l++)
        if (mask >> l & 1) rec.addr[l] = base + (uint64_t)(int64_t)stride * k++;
    } else if (mode == 2) {   /* base, then a delta per further active lane */
      uint64_t a;
      NEED("base address");
      if (hexword(r, "base address", w[i++], UINT64_MAX, &a, err, errlen)) return -1;
      for (unsigned l = 0; l < KIT_WARP; l++) {
        if (!(mask >> l & 1)) continue;
        if (k++) {
          long d;
          char msg[KIT_ERR_LEN];
          NEED("deltas (mode 2: one per active lane after the first)");
          if (kit_parse_long("delta", w[i++], INT64_MIN, INT64_MAX, &d, msg, sizeof msg))
            return fail(r, err, errlen, "%s", msg);
          a += (uint64_t)(int64_t)d;
        }
        rec.addr[l] = a;
      }
    } else
      return fail(r, err, errlen, "address mode %" PRIu64 " is not 0 (list), 1 (base+stride) or 2 (base+deltas)",
                  mode);
  }
  if (n - i > 1 || i > n)
    return fail(r, err, errlen, "%u words after the %s (at most one: the immediate)", i > n ? 0 : n - i,
                width ? "addresses" : "mem_width");
  if (width == 0) return 0;   /* not a memory instruction */
  r->memory++;
  int acc = access_of(op);
  if (!acc || mask == 0) {    /* not on the L1 data path, or no lane active */
    r->dropped++;
    return 0;
  }
  unsigned size = width_of(op);
  if (!size) size = (unsigned)width;
  rec.pc = pc;
  rec.mask = (uint32_t)mask;
  rec.store = acc == 'S';
  if (size > 16 || (size & (size - 1)))
    return fail(r, err, errlen, "%s: %u bytes per lane, not 1, 2, 4, 8 or 16", op, size);
  rec.size = (uint8_t)size;
  rec.warp = (uint32_t)r->warp;
  rec.cta = r->cta;
  rec.sm = r->fill / r->blocks;   /* the slot's SM */
  char msg[KIT_ERR_LEN];
  if (kit_winst_check(&rec, msg, sizeof msg)) return fail(r, err, errlen, "%s: %s", op, msg);
  kit_accel_slot_t *s = &r->slot[r->fill];
  unsigned wi = (unsigned)r->warp;
  if (s->n[wi] == s->cap[wi]) {
    size_t cap = s->cap[wi] ? 2 * s->cap[wi] : 64;
    kit_winst_t *nw = realloc(s->w[wi], cap * sizeof *nw);
    if (!nw) return fail(r, err, errlen, "out of memory for thread block %" PRIu32, r->cta);
    s->w[wi] = nw;
    s->cap[wi] = cap;
  }
  s->w[wi][s->n[wi]++] = rec;
  return 0;
#undef NEED
}

/* The warp's "insts =" count matches its lines. */
static int close_warp(kit_accel_reader_t *r, char *err, size_t errlen)
{
  if (r->warp >= 0 && r->seen != r->insts)
    return fail(r, err, errlen, "warp %d: 'insts = %" PRIu64 "' (line %u) but %" PRIu64 " instruction lines", r->warp,
                r->insts, r->insts_line, r->seen);
  return 0;
}

/* Read up to the end of the next thread block: 1, 0 at the end of the
 * file, -1 on error. */
static int read_tb(kit_accel_reader_t *r, char *err, size_t errlen)
{
  char *p;
  int rc;
  clear_tb(r);
  while ((rc = next_content(r, &p, err, errlen)) == 1) {
    if (strncmp(p, "#BEGIN_TB", 9) == 0) {
      if (r->in_tb) return fail(r, err, errlen, "#BEGIN_TB before the previous block's #END_TB");
      r->in_tb = 1;
      continue;
    }
    if (strncmp(p, "#END_TB", 7) == 0) {
      if (!r->in_tb) return fail(r, err, errlen, "#END_TB without #BEGIN_TB");
      if (!r->have_tb) return fail(r, err, errlen, "a thread block without a 'thread block = x,y,z' line");
      if (close_warp(r, err, errlen)) return -1;
      r->in_tb = 0;
      r->tbs++;
      r->slot[r->fill].ready = 1;
      return 1;
    }
    if (*p == '#') continue;
    if (!r->in_tb) return fail(r, err, errlen, "a line outside #BEGIN_TB .. #END_TB");
    if (strncmp(p, "thread block", 12) == 0) {
      unsigned b[3];
      char *v = value_of(p);
      if (r->have_tb) return fail(r, err, errlen, "a second 'thread block =' line in one block");
      if (!v || triple(r, "thread block", v, 0, b, err, errlen)) return v ? -1 : fail(r, err, errlen, "expected 'thread block = x,y,z'");
      for (unsigned k = 0; k < 3; k++)
        if (b[k] >= r->info.grid[k])
          return fail(r, err, errlen, "thread block %u,%u,%u outside grid dim (%u,%u,%u)", b[0], b[1], b[2], r->info.grid[0],
                      r->info.grid[1], r->info.grid[2]);
      r->cta = (uint32_t)(b[0] + (uint64_t)r->info.grid[0] * (b[1] + (uint64_t)r->info.grid[1] * b[2]));
      r->have_tb = 1;
      continue;
    }
    if (strncmp(p, "warp", 4) == 0 && (p[4] == ' ' || p[4] == '=' || p[4] == '\t')) {
      uint64_t x;
      char *v = value_of(p);
      if (!r->have_tb) return fail(r, err, errlen, "'warp =' before 'thread block ='");
      if (close_warp(r, err, errlen)) return -1;
      if (!v) return fail(r, err, errlen, "expected 'warp = N'");
      if (decword(r, "warp", v, UINT32_MAX, &x, err, errlen)) return -1;
      if (x >= r->nwarps) return fail(r, err, errlen, "warp %" PRIu64 ": a block of %u threads has %u warps", x,
                                     r->info.block[0] * r->info.block[1] * r->info.block[2], r->nwarps);
      if (r->warps_seen >> x & 1) return fail(r, err, errlen, "warp %" PRIu64 " listed twice in one block", x);
      r->warps_seen |= 1u << x;
      r->warp = (int)x;
      r->insts = UINT64_MAX;
      r->seen = 0;
      continue;
    }
    if (strncmp(p, "insts", 5) == 0 && (p[5] == ' ' || p[5] == '=' || p[5] == '\t')) {
      char *v = value_of(p);
      if (r->warp < 0) return fail(r, err, errlen, "'insts =' before 'warp ='");
      if (!v) return fail(r, err, errlen, "expected 'insts = N'");
      if (decword(r, "insts", v, UINT32_MAX, &r->insts, err, errlen)) return -1;
      r->insts_line = r->L.lineno;
      continue;
    }
    if (r->warp < 0 || r->insts == UINT64_MAX) return fail(r, err, errlen, "an instruction before 'warp =' and 'insts ='");
    if (++r->seen > r->insts)
      return fail(r, err, errlen, "warp %d: more instruction lines than its 'insts = %" PRIu64 "'", r->warp, r->insts);
    if (inst_line(r, p, err, errlen)) return -1;
  }
  if (rc < 0) return -1;
  if (r->in_tb) return fail(r, err, errlen, "the file ends inside a thread block (no #END_TB)");
  return 0;
}

/* The next record of slot s's block (its warps round-robin: the round-th
 * record of each): 1, or 0 when the block is done. */
static int take(kit_accel_slot_t *s, unsigned nwarps, kit_winst_t *out)
{
  for (int any = 0;; s->next_warp = 0, s->round++, any = 0) {
    for (; s->next_warp < nwarps; s->next_warp++) {
      unsigned wi = s->next_warp;
      if (s->round < s->n[wi]) {
        *out = s->w[wi][s->round];
        s->next_warp++;
        return 1;
      }
    }
    for (unsigned wi = 0; wi < nwarps; wi++) any |= s->round + 1 < s->n[wi];
    if (!any) return 0;
  }
}

/* The SMs take turns; at its turn an SM hands out one record of one of its
 * resident blocks (its blocks in turn), first taking the file's next block
 * into a slot that has none (or whose block is done); an SM with nothing
 * left in any slot once the file has ended passes. With one block per SM
 * this is the order of a single slot per SM. */
int kit_accel_next(kit_accel_reader_t *r, kit_winst_t *out, char *err, size_t errlen)
{
  for (unsigned passed = 0; passed < r->sms;) {
    const unsigned sm = r->turn;
    for (unsigned tried = 0; tried < r->blocks;) {
      const unsigned b = r->bturn[sm];
      kit_accel_slot_t *s = &r->slot[(size_t)sm * r->blocks + b];
      if (s->ready && take(s, r->nwarps, out)) {
        r->bturn[sm] = (b + 1) % r->blocks;
        r->turn = (sm + 1) % r->sms;
        return 1;
      }
      s->ready = 0;
      if (!r->eof) {
        r->fill = sm * r->blocks + b;
        int rc = read_tb(r, err, errlen);
        if (rc < 0) return -1;
        r->eof = rc == 0;
        if (rc) continue;   /* the same slot, its new block */
      }
      r->bturn[sm] = (b + 1) % r->blocks;
      tried++;
    }
    r->turn = (sm + 1) % r->sms;
    passed++;
  }
  return 0;
}
