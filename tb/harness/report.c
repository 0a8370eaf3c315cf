/*
 * report.c - the mismatch report of the lockstep and the DPI-C entry; see
 * report.h.
 */
#include <inttypes.h>
#include <string.h>

#include "tb/harness/report.h"

void kit_report_mismatch(const kit_block_t *b, const kit_port_t *port, uint64_t c, uint64_t seed,
                         const char *source, const char *how, const uint64_t *exp,
                         const uint64_t *got, const uint64_t *hist, unsigned history)
{
  const unsigned nin = b->nin, nout = b->nout;
  printf("MISMATCH %s at cycle %" PRIu64 " (seed %" PRIu64 ", %s%s%s):\n", b->name, c, seed, source,
         how ? "; " : "", how ? how : "");
  printf("  %-16s %18s %18s\n", "port", "model", "rtl");
  for (unsigned i = 0; i < nout; i++)
    printf("  %-16s %18" PRIx64 " %18" PRIx64 "%s\n", port[nin + i].name, exp[i], got[i],
           exp[i] != got[i] ? "   <-- differs" : "");
  uint64_t first = c + 1 > history ? c + 1 - history : 0;
  printf("  inputs, cycles %" PRIu64 "..%" PRIu64 " (hex):\n  %8s", first, c, "cycle");
  for (unsigned i = 0; i < nin; i++) printf(" %s", port[i].name);
  printf("\n");
  for (uint64_t k = first; k <= c; k++) {
    printf("  %8" PRIu64, k);
    for (unsigned i = 0; i < nin; i++)
      printf(" %*" PRIx64, (int)strlen(port[i].name), hist[(k % history) * nin + i]);
    printf("\n");
  }
}
