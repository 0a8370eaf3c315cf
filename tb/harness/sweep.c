/*
 * sweep.c - storage design-space sweeps (`kit overhead BLOCK --sweep SPEC`).
 *
 * Usage profile: a designer sizing a structure asks for the storage curve
 * over a few parameters (tens to a few thousand points), once; the output
 * is a CSV that a plot (tools/sweep_plot.py) and a spreadsheet read. Every
 * point is the block's own storage() at that configuration, so a sweep row
 * equals `kit overhead BLOCK P=V.. --json` at the same point (the suite
 * checks this, tb/test/88_sweep.sh).
 *
 * Design choices:
 * - Grammar (doc/storage.md): SPEC is words NAME=LIST,
 *   LIST is items joined by ',', an item is V, A..B (step 1), A..B+K
 *   (arithmetic) or A..B*K (geometric, K >= 2). The first word varies
 *   slowest. A malformed SPEC is a one-line error; a value the block does
 *   not accept is not: it is an illegal point, listed with the kit's reason
 *   (kit_params_check), since that is what the designer asked to learn.
 * - Columns: one per storage row, keyed by the row's text with every run of
 *   digits replaced by '#' (the texts spell out their numbers, "32 x 98 b =
 *   392 B", so the key is what stays the same across points), in order of
 *   first appearance. A row a configuration does not have is an empty cell.
 * - Bytes are bits / 8 written exactly (three decimals), so the CSV holds
 *   no rounding and the same arguments give the same bytes.
 * - The paper's figure: where the paper states a number, sw_paper below
 *   names the rows it covers (the figure's quantity) and the figure; the
 *   paper configuration is the block's defaults (doc/<block>.md says so for
 *   each of these blocks).
 */
#include <stdlib.h>
#include <string.h>

#include "tb/harness/args.h"
#include "tb/harness/sweep.h"
#include "vectors/fileio.h"

#define SW_MAX_VALUES 1024     /* values of one swept parameter */
#define SW_MAX_POINTS 4096     /* points of a sweep: a few seconds of C, a readable plot */
#define SW_MAX_COLS   128      /* distinct storage rows over a sweep */
#define SW_KEY_LEN    KIT_STORAGE_TXT
#define SW_NONE       UINT64_MAX

/* What the paper states, where it states a number: the rows (text
 * prefixes, as in `kit overhead`; the first row of each prefix counts)
 * whose sum is the quantity the figure is about. */
static const struct {
  const char *block;
  const char *rows[9];
  uint64_t bits;
  const char *figure;
} sw_paper[] = {
  {"lm", {"LM table", "external: L1 hashed-PC field"}, 5056, "section 4.2: 392 B + 240 B"},
  {"vtt", {"VTT tags"}, 36864, "section 4.2: 4608 B"},
  {"ctl", {"IPC monitor", "Common Info", "Per-CTA Info", "buffer address fields", "external: buffer data fields"},
   7926, "section 4.2: 12 + 6.75 + 180 + 792 = 990.75 B"},
  {"pdp_cache", {"RPD"}, 1536, "IV: 64 x 4 x 6 = 1536 bits"},
  {"waypart", {"partition register", "IPC register"}, 64, "III-B3: 2 x 32 bits per SM"},
  /* section 4.2's items, as lb_report lists them */
  {"linebacker", {"external: lm L1 hashed-PC field", "lm LM table", "ctl IPC monitor", "ctl Common Info",
                  "ctl Per-CTA Info", "vtt VTT tags", "ctl buffer address fields", "external: ctl buffer data fields"},
   48169, "section 4.2: 5.88 KB (5.88 x 8192 bits); its items sum to 6230.75 B"},
};

typedef struct {
  int param;
  unsigned n;
  long v[SW_MAX_VALUES];
} sw_axis_t;

typedef struct {
  int legal;
  char reason[KIT_ERR_LEN];
  long P[KIT_MAX_PARAMS];
  uint64_t total, paper;
  uint64_t col[SW_MAX_COLS];   /* bits, SW_NONE: no such row here */
} sw_point_t;

static char err[KIT_ERR_LEN + 256];

static int sw_add(sw_axis_t *ax, long v, const char *word)
{
  for (unsigned i = 0; i < ax->n; i++)
    if (ax->v[i] == v) {
      snprintf(err, sizeof err, "--sweep '%s': value %ld given twice", word, v);
      return -1;
    }
  if (ax->n == SW_MAX_VALUES) {
    snprintf(err, sizeof err, "--sweep '%s': more than %d values", word, SW_MAX_VALUES);
    return -1;
  }
  ax->v[ax->n++] = v;
  return 0;
}

/* One item of a list: V, A..B, A..B+K or A..B*K. */
static int sw_item(sw_axis_t *ax, char *item, const char *word)
{
  char what[340], *dots = strstr(item, "..");
  long a, b, k = 1;
  snprintf(what, sizeof what, "--sweep '%s'", word);
  if (!*item) {
    snprintf(err, sizeof err, "--sweep '%s': empty value", word);
    return -1;
  }
  if (!dots) {
    if (kit_parse_long(what, item, -1000000000L, 1000000000L, &a, err, sizeof err)) return -1;
    return sw_add(ax, a, word);
  }
  *dots = '\0';
  char *end = dots + 2, *op = strpbrk(end, "*+");
  const char kind = op ? *op : '+';
  if (op) {
    *op = '\0';
    if (kit_parse_long(what, op + 1, 1, 1000000000L, &k, err, sizeof err)) return -1;
  }
  if (kit_parse_long(what, item, -1000000000L, 1000000000L, &a, err, sizeof err) ||
      kit_parse_long(what, end, -1000000000L, 1000000000L, &b, err, sizeof err))
    return -1;
  if (a > b) {
    snprintf(err, sizeof err, "--sweep '%s': range %ld..%ld runs backwards", word, a, b);
    return -1;
  }
  if (kind == '*' && (k < 2 || a < 1)) {
    snprintf(err, sizeof err, "--sweep '%s': A..B*K needs A >= 1 and K >= 2", word);
    return -1;
  }
  for (long v = a; v <= b; v = kind == '*' ? v * k : v + k)
    if (sw_add(ax, v, word)) return -1;
  return 0;
}

/* SPEC into axes; the count, or -1 with err set. */
static int sw_parse(const kit_block_t *b, const char *spec, sw_axis_t *ax, unsigned max)
{
  char buf[4096], *save = NULL;
  unsigned n = 0;
  if (strlen(spec) >= sizeof buf) {
    snprintf(err, sizeof err, "--sweep: longer than %zu characters", sizeof buf - 1);
    return -1;
  }
  strcpy(buf, spec);
  for (char *w = strtok_r(buf, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
    char word[300], *eq = strchr(w, '=');
    snprintf(word, sizeof word, "%s", w);
    if (!eq || eq == w) {
      snprintf(err, sizeof err, "--sweep '%s': expected NAME=LIST (e.g. Sets=16..512*2 or Ways=2,4,8)", word);
      return -1;
    }
    *eq = '\0';
    const int p = kit_param_index(b, w);
    if (p < 0) {
      snprintf(err, sizeof err, "--sweep '%s': block %s has no parameter %s", word, b->name, w);
      return -1;
    }
    for (unsigned i = 0; i < n; i++)
      if (ax[i].param == p) {
        snprintf(err, sizeof err, "--sweep: parameter %s swept twice", w);
        return -1;
      }
    if (n == max) {
      snprintf(err, sizeof err, "--sweep: more than %u parameters", max);
      return -1;
    }
    ax[n].param = p;
    ax[n].n = 0;
    char *isave = NULL, *list = eq + 1;
    if (!*list || list[strlen(list) - 1] == ',' || *list == ',' || strstr(list, ",,")) {
      snprintf(err, sizeof err, "--sweep '%s': empty value", word);
      return -1;
    }
    for (char *it = strtok_r(list, ",", &isave); it; it = strtok_r(NULL, ",", &isave))
      if (sw_item(&ax[n], it, word)) return -1;
    n++;
  }
  if (n == 0) {
    snprintf(err, sizeof err, "--sweep: no NAME=LIST word (e.g. --sweep 'Sets=16..512*2 Ways=2,4,8')");
    return -1;
  }
  uint64_t points = 1;
  for (unsigned i = 0; i < n; i++) {
    points *= ax[i].n;
    if (points > SW_MAX_POINTS) {
      snprintf(err, sizeof err, "--sweep: more than %d points; sweep fewer values", SW_MAX_POINTS);
      return -1;
    }
  }
  return (int)n;
}

/* A storage row's column key: its text with every run of digits as '#'. */
static void sw_key(const char *text, char *key)
{
  size_t n = 0;
  for (const char *s = text; *s && n + 1 < SW_KEY_LEN; s++) {
    if (*s >= '0' && *s <= '9') {
      if (n == 0 || key[n - 1] != '#') key[n++] = '#';
    } else {
      key[n++] = *s;
    }
  }
  key[n] = '\0';
}

static void csv_field(FILE *f, const char *s)
{
  if (!strpbrk(s, ",\"\n")) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; s++) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

static void csv_bits(FILE *f, uint64_t bits)
{
  if (bits == SW_NONE) {
    fputs(",,", f);
    return;
  }
  fprintf(f, ",%llu,%llu.%03u", (unsigned long long)bits, (unsigned long long)(bits / 8),
          (unsigned)(bits % 8) * 125u);
}

static int sw_paper_index(const kit_block_t *b)
{
  for (unsigned i = 0; i < sizeof sw_paper / sizeof sw_paper[0]; i++)
    if (strcmp(sw_paper[i].block, b->name) == 0) return (int)i;
  return -1;
}

/* The point's storage into columns (new keys appended to keys). */
static int sw_measure(const kit_block_t *b, sw_point_t *pt, char (*keys)[SW_KEY_LEN], unsigned *ncol, int paper)
{
  kit_storage_t st;
  b->storage(pt->P, &st);
  for (unsigned c = 0; c < SW_MAX_COLS; c++) pt->col[c] = SW_NONE;
  pt->total = 0;
  pt->paper = 0;
  for (unsigned r = 0; r < st.nrows; r++) {
    char key[SW_KEY_LEN];
    unsigned c, dup = 1;
    const uint64_t bits = st.row[r].count * st.row[r].bits;
    sw_key(st.row[r].what, key);
    /* two rows with one key (texts that differ only in numbers): #2, #3 */
    for (;;) {
      for (c = 0; c < *ncol; c++)
        if (strcmp(keys[c], key) == 0) break;
      if (c == *ncol || pt->col[c] == SW_NONE) break;
      char base[SW_KEY_LEN];
      sw_key(st.row[r].what, base);
      snprintf(key, sizeof key, "%.*s #%u", SW_KEY_LEN - 16, base, ++dup);
    }
    if (c == *ncol) {
      if (*ncol == SW_MAX_COLS) {
        snprintf(err, sizeof err, "--sweep: more than %d distinct storage rows", SW_MAX_COLS);
        return -1;
      }
      snprintf(keys[(*ncol)++], SW_KEY_LEN, "%s", key);
    }
    pt->col[c] = bits;
    pt->total += bits;
  }
  if (paper >= 0)
    for (unsigned k = 0; k < sizeof sw_paper[0].rows / sizeof sw_paper[0].rows[0] && sw_paper[paper].rows[k]; k++) {
      const char *pre = sw_paper[paper].rows[k];
      for (unsigned r = 0; r < st.nrows; r++)
        if (strncmp(st.row[r].what, pre, strlen(pre)) == 0) {
          pt->paper += st.row[r].count * st.row[r].bits;
          break;
        }
    }
  return 0;
}

static int sw_is_default(const kit_block_t *b, const long *P)
{
  for (unsigned i = 0; i < b->nparams; i++)
    if (P[i] != b->params[i].def) return 0;
  return 1;
}

static void sw_write(FILE *f, const kit_block_t *b, const sw_axis_t *ax, unsigned nax, const sw_point_t *pts,
                     unsigned npts, char (*keys)[SW_KEY_LEN], unsigned ncol, int paper)
{
  fputs("point", f);
  for (unsigned a = 0; a < nax; a++) fprintf(f, ",%s", b->params[ax[a].param].name);
  fputs(",legal,reason,paper_config,total (bits),total (bytes)", f);
  if (paper >= 0) fputs(",paper quantity (bits),paper quantity (bytes),paper figure (bits)", f);
  for (unsigned c = 0; c < ncol; c++) {
    char h[SW_KEY_LEN + 16];
    snprintf(h, sizeof h, "%.*s (bits)", SW_KEY_LEN - 1, keys[c]);
    fputc(',', f);
    csv_field(f, h);
    snprintf(h, sizeof h, "%.*s (bytes)", SW_KEY_LEN - 1, keys[c]);
    fputc(',', f);
    csv_field(f, h);
  }
  fputc('\n', f);
  for (unsigned i = 0; i < npts; i++) {
    const sw_point_t *pt = &pts[i];
    fprintf(f, "%u", i + 1);
    for (unsigned a = 0; a < nax; a++) fprintf(f, ",%ld", pt->P[ax[a].param]);
    fprintf(f, ",%d,", pt->legal);
    csv_field(f, pt->legal ? "" : pt->reason);
    fprintf(f, ",%d", sw_is_default(b, pt->P));
    csv_bits(f, pt->legal ? pt->total : SW_NONE);
    if (paper >= 0) {
      csv_bits(f, pt->legal ? pt->paper : SW_NONE);
      fprintf(f, ",%llu", (unsigned long long)sw_paper[paper].bits);
    }
    for (unsigned c = 0; c < ncol; c++) csv_bits(f, pt->legal ? pt->col[c] : SW_NONE);
    fputc('\n', f);
  }
}

int kit_sweep_main(const kit_block_t *b, const long *P, const char *spec, const char *out)
{
  static sw_axis_t ax[KIT_MAX_PARAMS];
  static char keys[SW_MAX_COLS][SW_KEY_LEN];
  const int nax = sw_parse(b, spec, ax, KIT_MAX_PARAMS);
  if (nax < 0) return kit_error(err);
  unsigned npts = 1, ncol = 0, nillegal = 0;
  for (int a = 0; a < nax; a++) npts *= ax[a].n;
  sw_point_t *pts = calloc(npts, sizeof *pts);
  if (!pts) return kit_error("out of memory");
  const int paper = sw_paper_index(b);
  /* the odometer: the last word varies fastest */
  unsigned idx[KIT_MAX_PARAMS] = {0};
  for (unsigned i = 0; i < npts; i++) {
    sw_point_t *pt = &pts[i];
    memcpy(pt->P, P, sizeof pt->P);
    for (int a = 0; a < nax; a++) pt->P[ax[a].param] = ax[a].v[idx[a]];
    pt->legal = kit_params_check(b, pt->P, pt->reason, sizeof pt->reason) == 0;
    if (pt->legal && sw_measure(b, pt, keys, &ncol, paper)) {
      free(pts);
      return kit_error(err);
    }
    nillegal += !pt->legal;
    for (int a = nax - 1; a >= 0; a--) {
      if (++idx[a] < ax[a].n) break;
      idx[a] = 0;
    }
  }
  if (!out) {
    sw_write(stdout, b, ax, (unsigned)nax, pts, npts, keys, ncol, paper);
    free(pts);
    return 0;
  }
  kit_out_t o;
  if (kit_out_open(&o, out, err, sizeof err)) {
    free(pts);
    return kit_error(err);
  }
  sw_write(o.f, b, ax, (unsigned)nax, pts, npts, keys, ncol, paper);
  if (kit_out_commit(&o, err, sizeof err)) {
    free(pts);
    return kit_error(err);
  }
  /* the illegal points, named, with the kit's reason */
  for (unsigned i = 0; i < npts; i++) {
    if (pts[i].legal) continue;
    printf("  illegal point %u:", i + 1);
    for (int a = 0; a < nax; a++) printf(" %s=%ld", b->params[ax[a].param].name, pts[i].P[ax[a].param]);
    printf(": %s\n", pts[i].reason);
  }
  printf("sweep %s: %u point(s), %u legal, %u illegal -> %s\n", b->name, npts, npts - nillegal, nillegal, out);
  free(pts);
  return 0;
}
