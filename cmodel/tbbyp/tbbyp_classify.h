/*
 * tbbyp_classify.h - TB8, the offline half of Liang III-C's fine-grained
 * bypassing (doc/tbbyp.md "TB8"): each global load's class from its
 * profiled L1 hit rate.
 *
 * Usage profile: run once per kernel before launch, over a profile of a
 * few hundred loads; the classes configure `acc_cls_i` (a per-PC table in
 * the composed block). Pure functions, no state.
 */
#ifndef TBBYP_CLASSIFY_H
#define TBBYP_CLASSIFY_H

#include <stdint.h>

/* The classes of `acc_cls_i` (doc/tbbyp.md "Ports"). */
enum { TBBYP_CLS_TB = 0, TBBYP_CLS_CACHE = 1, TBBYP_CLS_BYPASS = 2 };

/* One load's class from `hits` L1 hits in `accesses` profiled accesses and
 * the thresholds lo <= hi, in percent (0..100): hit rate < lo: never cache
 * ("low hit rate"); hit rate >= hi: always cache ("high hit rate"); else
 * decided per thread block. Compared without a divider (hits x 100 against
 * lo x accesses). A load with no profiled access is decided per thread
 * block. Preconditions: hits <= accesses, lo <= hi <= 100. */
unsigned tbbyp_classify(uint64_t hits, uint64_t accesses, unsigned lo, unsigned hi);

#endif /* TBBYP_CLASSIFY_H */
