/*
 * sweep.h - storage design-space sweeps: `kit overhead BLOCK [P=V..]
 * --sweep SPEC [-o FILE.csv]` (doc/storage.md).
 *
 * A sweep is the storage estimate (the block's storage(), the same rows as
 * `kit overhead --json`) at every point of a cartesian product of
 * parameter values, written as one CSV row per point. The estimate stays C
 * so that a sweep and a single point can never disagree.
 */
#ifndef SWEEP_H
#define SWEEP_H

#include "cmodel/core/block.h"

/* Expand SPEC over the configuration P (defaults and the fixed words) and
 * write the CSV to out (NULL: stdout); with an output file, one line per
 * illegal point and a closing count go to stdout. 0, or 1 after a one-line
 * error (a bad SPEC, an unwritable file). */
int kit_sweep_main(const kit_block_t *b, const long *P, const char *spec, const char *out);

#endif /* SWEEP_H */
