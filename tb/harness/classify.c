/*
 * classify.c - `kit classify`: the offline half of Liang III-C's
 * fine-grained bypassing (doc/tbbyp.md "TB8"): each profiled load's class
 * for `tbbyp`'s `acc_cls_i`.
 *
 *   kit classify PROFILE [--lo PCT] [--hi PCT]
 *
 * PROFILE: one load a line, "PC HITS ACCESSES" (decimal or 0x hex; `#`
 * starts a comment). Output, in input order: "PC CLASS NAME" (0 per_tb,
 * 1 cache, 2 bypass), then "# N loads: A always cache, B never cache, C
 * per thread block (lo L%, hi H%)". The rule is tbbyp_classify() of the
 * model layer (cmodel/tbbyp/tbbyp_classify.c), so this tool only parses
 * and prints. Defaults --lo 10 --hi 60 (placeholders: the paper gives no
 * thresholds). Bad input: one line "kit: error: FILE:LINE: ...", exit 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "cmodel/tbbyp/tbbyp_classify.h"
#include "tb/harness/args.h"
#include "tb/harness/classify.h"
#include "vectors/fileio.h"

int kit_classify_main(int argc, char **argv)
{
  uint64_t lo = 10, hi = 60;
  const char *path = NULL;
  char err[KIT_ERR_LEN + 256], e2[KIT_ERR_LEN];
  for (int a = 0; a < argc; a++) {
    if ((!strcmp(argv[a], "--lo") || !strcmp(argv[a], "--hi")) && a + 1 < argc) {
      if (kit_parse_u64(argv[a] + 2, argv[a + 1], 0, 100, argv[a][2] == 'l' ? &lo : &hi, e2, sizeof e2))
        return kit_error(e2);
      a++;
    } else if (argv[a][0] == '-' || path) {
      return kit_error("usage: kit classify PROFILE [--lo PCT] [--hi PCT]");
    } else path = argv[a];
  }
  if (!path) return kit_error("usage: kit classify PROFILE [--lo PCT] [--hi PCT]");
  if (lo > hi) {
    snprintf(err, sizeof err, "--lo %llu must be <= --hi %llu", (unsigned long long)lo, (unsigned long long)hi);
    return kit_error(err);
  }
  static const char *const names[] = {"per_tb", "cache", "bypass"};
  unsigned long n[3] = {0, 0, 0};
  kit_lines_t L;
  char *line;
  size_t len;
  int r;
  if (kit_lines_open(&L, path, err, sizeof err)) return kit_error(err);
  while ((r = kit_lines_next(&L, &line, &len, err, sizeof err)) == 1) {
    char *w[4];
    const unsigned nw = kit_line_words(line, w, 4);
    if (nw == 0) continue;
    uint64_t pc, h, acc;
    if (nw != 3) {
      snprintf(err, sizeof err, "%s:%u: expected 'PC HITS ACCESSES'", path, L.lineno);
      r = -1;
      break;
    }
    if (kit_parse_u64("PC", w[0], 0, UINT64_MAX, &pc, e2, sizeof e2) ||
        kit_parse_u64("HITS", w[1], 0, UINT64_MAX / 100u, &h, e2, sizeof e2) ||
        kit_parse_u64("ACCESSES", w[2], 0, UINT64_MAX / 100u, &acc, e2, sizeof e2)) {
      snprintf(err, sizeof err, "%s:%u: %s", path, L.lineno, e2);
      r = -1;
      break;
    }
    if (h > acc) {
      snprintf(err, sizeof err, "%s:%u: HITS %llu > ACCESSES %llu", path, L.lineno, (unsigned long long)h,
               (unsigned long long)acc);
      r = -1;
      break;
    }
    const unsigned c = tbbyp_classify(h, acc, (unsigned)lo, (unsigned)hi);
    n[c]++;
    printf("0x%llx %u %s\n", (unsigned long long)pc, c, names[c]);
  }
  kit_lines_close(&L);
  if (r < 0) return kit_error(err);
  printf("# %lu loads: %lu always cache, %lu never cache, %lu per thread block (lo %llu%%, hi %llu%%)\n",
         n[0] + n[1] + n[2], n[1], n[2], n[0], (unsigned long long)lo, (unsigned long long)hi);
  return 0;
}
