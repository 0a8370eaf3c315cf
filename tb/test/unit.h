/*
 * unit.h - the verdict helpers of every unit test (tb/<block>/test_*.c,
 * tb/test/test_*.c): one "PASS <name>" or "FAIL <name>: <detail>" line per
 * verdict, the counts, and the exit status.
 *
 * Usage profile: a test program is a list of verdicts. Either one call,
 * verdict(name, ok, detail), when the test computes its own detail; or a
 * check group, group_begin(name), any number of CHECK / CHECK_EQ, then
 * group_end(), which prints one verdict for the group: the first failed
 * check's line and message, and how many more failed. main ends with
 * `return unit_done();` (prints "N passed, M failed", returns 0 only if
 * every verdict passed).
 *
 * Design choice: header only, every name static, so a test is still one
 * .c file linked with the kit's library (the Makefile's unit rule) and
 * needs no object of its own. A program may define UNIT_PREFIX (a string
 * literal) before including this to prefix every verdict name (test_capi:
 * "capi: ").
 */
#ifndef TB_TEST_UNIT_H
#define TB_TEST_UNIT_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#ifndef UNIT_PREFIX
#define UNIT_PREFIX ""
#endif

#if defined(__GNUC__)
#define UNIT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UNIT_PRINTF(f, a)
#endif

static unsigned unit_passed, unit_failed; /* verdicts so far */
static const char *unit_group;            /* the open check group's name */
static unsigned unit_nfail;               /* failed checks in the open group */
static char unit_detail[512];             /* the first failed check's message */

/* One verdict line. */
static inline void verdict(const char *name, int ok, const char *detail)
{
  if (ok) {
    printf("PASS " UNIT_PREFIX "%s\n", name);
    unit_passed++;
  } else {
    printf("FAIL " UNIT_PREFIX "%s: %s\n", name, detail);
    unit_failed++;
  }
  fflush(stdout);
}

static inline void group_begin(const char *name)
{
  unit_group = name;
  unit_nfail = 0;
  unit_detail[0] = '\0';
}

/* Nothing failed in the open group so far (soak loops stop at the first). */
static inline int group_ok(void) { return unit_nfail == 0; }

static inline void group_end(void)
{
  char d[sizeof unit_detail + 32];
  if (unit_nfail > 1) snprintf(d, sizeof d, "%s (and %u more)", unit_detail, unit_nfail - 1);
  else snprintf(d, sizeof d, "%s", unit_detail);
  verdict(unit_group, unit_nfail == 0, d);
}

/* A check of the open group; the first failure's message is its detail,
 * prefixed with the test's source line. */
UNIT_PRINTF(3, 4)
static inline void check_(int ok, int line, const char *fmt, ...)
{
  if (ok || unit_nfail++ != 0) return;
  int n = snprintf(unit_detail, sizeof unit_detail, "line %d: ", line);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(unit_detail + n, sizeof unit_detail - (size_t)n, fmt, ap);
  va_end(ap);
}

/* Append to the open group's detail after its first failure (the soak's
 * configuration and reproduce command). */
UNIT_PRINTF(1, 2)
static inline void group_note(const char *fmt, ...)
{
  size_t n = strlen(unit_detail);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(unit_detail + n, sizeof unit_detail - n, fmt, ap);
  va_end(ap);
}

#define CHECK(cond, ...) check_(!!(cond), __LINE__, __VA_ARGS__)
#define CHECK_EQ(got, exp, what)                                                               \
  do {                                                                                         \
    unsigned long long g_ = (unsigned long long)(got), e_ = (unsigned long long)(exp);          \
    check_(g_ == e_, __LINE__, "%s = %llu (%#llx), expected %llu (%#llx)", (what), g_, g_, e_, \
           e_);                                                                                \
  } while (0)

/* A composite's planted-fault verdict (tb/cbwt_l1, linebacker, wp_gpu): a
 * run with the fault returned `seen`, the OR of its viol_o in every cycle
 * (~0u: it could not run); the fault must raise `bit`, the flag of the
 * invariant it breaks. */
static inline void fault_verdict(const char *what, unsigned seen, unsigned bit)
{
  char name[256], d[64];
  snprintf(name, sizeof name, "planted fault caught: %s", what);
  snprintf(d, sizeof d, "viol_o bits seen %#x, expected bit %#x", seen, bit);
  verdict(name, seen != ~0u && (seen & bit) != 0, d);
}

/* The summary line and the exit status. */
static inline int unit_done(void)
{
  printf("%u passed, %u failed\n", unit_passed, unit_failed);
  return unit_failed ? 1 : 0;
}

#endif
