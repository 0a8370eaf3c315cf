/*
 * fuzz_hang.c - a libFuzzer target that is slow on purpose: the input
 * "hang" sleeps for a minute (idle, not spinning). tools/fuzz.sh timeout-check runs it to show
 * that the per-input timeout (FUZZ_TIMEOUT, libFuzzer -timeout=) reaches
 * every fuzzer run: without it libFuzzer would wait 20 minutes.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  /* many short sleeps: libFuzzer's timeout alarm interrupts one sleep,
   * and must find the input still running */
  if (size >= 4 && memcmp(data, "hang", 4) == 0)
    for (int i = 0; i < 600; i++) nanosleep(&(struct timespec){0, 100000000}, NULL);
  return 0;
}
