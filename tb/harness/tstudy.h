/*
 * tstudy.h - `kit tstudy` (tstudy.c): a traffic run through a block's
 * adapter and C model, its ports summed over the run and over windows, as
 * JSON (doc/traffic-report.md).
 */
#ifndef KIT_TSTUDY_H
#define KIT_TSTUDY_H

#include "tb/harness/args.h"

int kit_tstudy_main(const kit_block_t *b, const long *P, const kit_args_t *a);

#endif /* KIT_TSTUDY_H */
