/*
 * tbbyp_classify.c - TB8: a load's class from its profiled hit rate
 * (doc/tbbyp.md "TB8"), as the thresholds' cross-multiplication.
 */
#include <assert.h>

#include "cmodel/tbbyp/tbbyp_classify.h"

unsigned tbbyp_classify(uint64_t hits, uint64_t accesses, unsigned lo, unsigned hi)
{
  assert(hits <= accesses && lo <= hi && hi <= 100u);
  if (accesses == 0) return TBBYP_CLS_TB;
  if (hits * 100u < (uint64_t)lo * accesses) return TBBYP_CLS_BYPASS;    /* rate < lo */
  if (hits * 100u >= (uint64_t)hi * accesses) return TBBYP_CLS_CACHE;    /* rate >= hi */
  return TBBYP_CLS_TB;
}
