/*
 * partition.c - `kit partition`: Liang's static partitioning (Algorithm 1)
 * on a throughput table, checked against a brute-force search, with the
 * result as a directed file that loads it into `waypart`.
 *
 *   kit partition TABLE [-o FILE.stim] [--json]
 *
 * The table (doc/waypart.md "The static scheme (Algorithm 1)"):
 *   # comment
 *   ways W                          2..32, first
 *   kernel NAME BYP T1 .. TW        one line per kernel (1..8): throughput
 *                                   bypassing, then with 1..W ways
 * Output: the bypass candidates, Algorithm 1's partition and STP, the
 * brute-force optimum and "agrees" or "differs" (exit 0 either way: a
 * difference is a fact about the paper's algorithm on that table, which
 * the line names); --json prints the same as one JSON object
 * (cvkit.partition/1); -o writes `params Ways=W Kernels=K` and the
 * partition write `part_we_i=1 part_i=0x..` with `expect part_o=0x..`
 * (doc/waypart.md "Ports") as a directed file: `make check BLOCK=waypart
 * STIM=` runs it, and a user's traffic appended to it runs under that
 * partition. Bad input: one line
 * "kit: error: FILE:LINE: ...", exit 1, no output file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/core/block.h"
#include "cmodel/waypart/waypart.h"
#include "cmodel/waypart/waypart_static.h"
#include "tb/harness/args.h"
#include "tb/harness/partition.h"
#include "vectors/fileio.h"

static int read_table(const char *path, waypart_table_t *t, char *err, size_t errlen)
{
  kit_lines_t L;
  char *line, *w[40];
  size_t len;
  int r;
  memset(t, 0, sizeof *t);
  if (kit_lines_open(&L, path, err, errlen)) return -1;
  while ((r = kit_lines_next(&L, &line, &len, err, errlen)) == 1) {
    const unsigned n = kit_line_words(line, w, 40);
    char e2[256];
    if (n == 0) continue;
    if (strcmp(w[0], "ways") == 0) {
      uint64_t v;
      if (t->ways) { snprintf(err, errlen, "%s:%u: a second 'ways' line", path, L.lineno); goto bad; }
      if (n != 2) { snprintf(err, errlen, "%s:%u: expected 'ways W'", path, L.lineno); goto bad; }
      if (kit_parse_u64("ways", w[1], 2, WPS_MAX_W, &v, e2, sizeof e2)) {
        snprintf(err, errlen, "%s:%u: %s", path, L.lineno, e2);
        goto bad;
      }
      t->ways = (unsigned)v;
    } else if (strcmp(w[0], "kernel") == 0) {
      if (!t->ways) { snprintf(err, errlen, "%s:%u: 'kernel' before the 'ways' line", path, L.lineno); goto bad; }
      if (t->k == WPS_MAX_K) {
        snprintf(err, errlen, "%s:%u: more than %d kernels (waypart's Kernels range)", path, L.lineno, WPS_MAX_K);
        goto bad;
      }
      if (n != t->ways + 3) {
        snprintf(err, errlen, "%s:%u: kernel line: expected a name, the bypass throughput and %u throughputs "
                 "(1..%u ways), got %u values", path, L.lineno, t->ways, t->ways, n - 1);
        goto bad;
      }
      if (strlen(w[1]) >= sizeof t->name[0]) {
        snprintf(err, errlen, "%s:%u: kernel name longer than %zu characters", path, L.lineno, sizeof t->name[0] - 1);
        goto bad;
      }
      for (unsigned j = 0; j < t->k; j++)
        if (strcmp(t->name[j], w[1]) == 0) {
          snprintf(err, errlen, "%s:%u: kernel %s listed twice", path, L.lineno, w[1]);
          goto bad;
        }
      strcpy(t->name[t->k], w[1]);
      for (unsigned c = 0; c <= t->ways; c++) {
        uint64_t v;
        char what[64];
        snprintf(what, sizeof what, c ? "throughput with %u way%s" : "bypass throughput", c, c > 1 ? "s" : "");
        if (kit_parse_u64(what, w[2 + c], 0, 0x7fffffff, &v, e2, sizeof e2)) {
          snprintf(err, errlen, "%s:%u: kernel %s: %s", path, L.lineno, w[1], e2);
          goto bad;
        }
        t->t[t->k][c] = (uint32_t)v;
      }
      if (t->t[t->k][t->ways] == 0) {
        snprintf(err, errlen, "%s:%u: kernel %s: its throughput with all %u ways is 0 (the weight of Eq. 1 "
                 "divides by it)", path, L.lineno, w[1], t->ways);
        goto bad;
      }
      t->k++;
    } else {
      snprintf(err, errlen, "%s:%u: unknown line '%s' (expected 'ways' or 'kernel')", path, L.lineno, w[0]);
      goto bad;
    }
  }
  if (r < 0) goto bad;
  kit_lines_close(&L);
  if (!t->k) {
    snprintf(err, errlen, "%s: no kernel lines", path);
    return -1;
  }
  return 0;
bad:
  kit_lines_close(&L);
  return -1;
}

static void print_c(FILE *f, const waypart_table_t *t, const unsigned *c)
{
  fputc('(', f);
  for (unsigned k = 0; k < t->k; k++) fprintf(f, "%s%u", k ? ", " : "", c[k]);
  fputc(')', f);
}

/* STP in units of 2^-32 as a decimal with 6 digits (display only) */
static double stp_d(unsigned __int128 s) { return (double)s / 4294967296.0; }

int kit_partition_main(int argc, char **argv)
{
  const char *path = NULL, *out = NULL;
  int json = 0;
  char err[1024];
  for (int i = 0; i < argc; i++) {
    if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) out = argv[++i];
    else if (strcmp(argv[i], "--json") == 0) json = 1;
    else if (!path && argv[i][0] != '-') path = argv[i];
    else {
      fprintf(stderr, "usage: kit partition TABLE [-o FILE.stim] [--json]\n");
      return 2;
    }
  }
  if (!path) {
    fprintf(stderr, "usage: kit partition TABLE [-o FILE.stim] [--json]\n");
    return 2;
  }
  waypart_table_t t;
  if (read_table(path, &t, err, sizeof err)) return kit_error(err);
  /* the partition must be one waypart can hold at this Ways and Kernels */
  const kit_block_t *b = kit_block_find("waypart");
  long P[KIT_MAX_PARAMS];
  kit_params_default(b, P);
  P[waypart_P_Ways] = (long)t.ways;
  P[waypart_P_Kernels] = (long)t.k;
  char e2[512];
  if (kit_params_check(b, P, e2, sizeof e2)) {
    snprintf(err, sizeof err, "%s: %u kernels over %u ways do not fit waypart: %s", path, t.k, t.ways, e2);
    return kit_error(err);
  }
  waypart_static_t a, bf;
  unsigned cand;
  waypart_alg1(&t, &a, &cand);
  waypart_brute(&t, &bf);
  const int agree = a.stp == bf.stp;
  const uint64_t word = waypart_part_word(&t, a.c);
  if (out) {
    kit_out_t o;
    if (kit_out_open(&o, out, err, sizeof err)) return kit_error(err);
    fprintf(o.f, "# kit partition %s: Algorithm 1's partition ", path);
    print_c(o.f, &t, a.c);
    fprintf(o.f, "\nparams Ways=%u Kernels=%u\nrst_ni=0\npart_we_i=1 part_i=0x%llx\nexpect part_o=0x%llx\n",
            t.ways, t.k, (unsigned long long)word, (unsigned long long)word);
    if (kit_out_commit(&o, err, sizeof err)) return kit_error(err);
  }
  if (json) {
    printf("{\"schema\": \"cvkit.partition/1\", \"table\": \"%s\", \"ways\": %u, \"kernels\": [", path, t.ways);
    for (unsigned k = 0; k < t.k; k++) printf("%s\"%s\"", k ? ", " : "", t.name[k]);
    printf("], \"candidates\": [");
    for (unsigned k = 0, n = 0; k < t.k; k++)
      if (cand >> k & 1u) printf("%s\"%s\"", n++ ? ", " : "", t.name[k]);
    printf("], \"alg1\": [");
    for (unsigned k = 0; k < t.k; k++) printf("%s%u", k ? ", " : "", a.c[k]);
    printf("], \"alg1_stp\": %.9f, \"brute\": [", stp_d(a.stp));
    for (unsigned k = 0; k < t.k; k++) printf("%s%u", k ? ", " : "", bf.c[k]);
    printf("], \"brute_stp\": %.9f, \"agrees\": %s, \"part_i\": %llu}\n", stp_d(bf.stp), agree ? "true" : "false",
           (unsigned long long)word);
    return 0;
  }
  printf("partition %s: %u kernels over %u ways; bypass candidates:", path, t.k, t.ways);
  if (!cand) printf(" none");
  for (unsigned k = 0; k < t.k; k++)
    if (cand >> k & 1u) printf(" %s", t.name[k]);
  printf("\n  Algorithm 1:  ");
  print_c(stdout, &t, a.c);
  printf("  STP %.6f  part_i=0x%llx\n  brute force:  ", stp_d(a.stp), (unsigned long long)word);
  print_c(stdout, &t, bf.c);
  printf("  STP %.6f\n", stp_d(bf.stp));
  if (agree) printf("  agrees: Algorithm 1 reaches the best STP of every partition with sum <= %u\n", t.ways);
  else printf("  differs: Algorithm 1 is %.6f below the best (a table whose gains are not non-increasing "
              "in the ways, where the greedy Partition is not optimal)\n", stp_d(bf.stp - a.stp));
  return 0;
}
