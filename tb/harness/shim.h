/*
 * shim.h - the thin C face of a Verilator-built RTL model.
 *
 * tb/harness/shim.cpp is compiled once per block build with KIT_DEF naming the
 * block's .def file; the X-macro list copies each input from the kit's
 * uint64_t array onto the pin of the same name and each output back, so the
 * shim has no block-specific code. The RTL is built with tracing compiled in
 * (Verilator's X-initialisation differs between traced and untraced builds)
 * and tracing is switched on at run time only when a waveform is wanted.
 */
#ifndef SHIM_H
#define SHIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct shim shim_t;

/* Build-time facts: the block and the RTL parameters it was verilated with
 * ("Sets=384 Ways=16 ..."), and the top module name. */
const char *shim_block(void);
const char *shim_params(void);
const char *shim_top(void);

/* New model; X-initialised state randomised from seed (randReset(2)).
 * In a coverage build (VM_COVERAGE) shim_free writes the model's line and
 * toggle coverage to $KIT_COVERAGE_FILE when that is set. */
shim_t *shim_new(uint64_t seed);
void shim_free(shim_t *s);
/* One clock cycle: drive in[] (already masked to port widths), falling
 * half then rising edge, read the registered outputs into out[]. */
void shim_step(shim_t *s, const uint64_t *in, uint64_t *out);
/* Waveform. The VCD's bytes go to write(ctx, buf, n), the caller's file
 * (vectors/fileio.c's safe-write path: the lockstep owns the file, its bound and
 * its errors): write returns 0, or -1 after a failure, and the shim never
 * calls it again after one (Verilator's own writer would stop the process
 * in vl_fatal, which deadlocks on its trace mutex). shim_trace_open writes
 * the whole header through write before it returns (so its declarations
 * can be counted); cycles are dumped only while shim_trace_dump(s, 1) is
 * on (off after open), SHIM_DUMPS_PER_CYCLE time steps each. close flushes
 * what is buffered through write. */
#define SHIM_DUMPS_PER_CYCLE 2
typedef int (*shim_write_fn)(void *ctx, const char *buf, size_t n);
int shim_trace_open(shim_t *s, shim_write_fn write, void *ctx);
void shim_trace_dump(shim_t *s, int on);
void shim_trace_close(shim_t *s);

#ifdef __cplusplus
}
#endif

#endif /* SHIM_H */
