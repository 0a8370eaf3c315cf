/*
 * report.h - the mismatch report every RTL-against-model checker prints
 * (the lockstep, the DPI-C entry): one format, so a designer reads one.
 */
#ifndef KIT_REPORT_H
#define KIT_REPORT_H

#include "cmodel/core/block.h"

/* To stdout: "MISMATCH BLOCK at cycle C (seed S, SOURCE[; HOW]):", every
 * output with the model's (exp) and the RTL's (got) value and a marker on
 * those that differ, then the inputs of cycles first..c (first = c + 1 -
 * history, at least 0) from hist, a ring of `history` cycles of nin words
 * each (cycle k in slot k % history). how may be NULL. */
void kit_report_mismatch(const kit_block_t *b, const kit_port_t *port, uint64_t c, uint64_t seed,
                         const char *source, const char *how, const uint64_t *exp,
                         const uint64_t *got, const uint64_t *hist, unsigned history);

#endif /* KIT_REPORT_H */
