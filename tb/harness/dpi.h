/*
 * dpi.h - the golden models for SystemVerilog testbenches: functions a
 * simulator calls through `import "DPI-C"` (doc/dpi.md).
 *
 * Usage profile: an SV testbench or UVM scoreboard creates one handle per
 * block instance at time 0, calls step once per clock cycle with the
 * cycle's inputs and compares the returned outputs with its RTL's, and
 * reads the coverage and frees the handle at the end. Everything is generic:
 * a handle is a capi.h model of any registered block, found by name, so no
 * C is written per block. What is per block (the port widths of a
 * configuration) lives in the SV package `kit dpigen` writes from the .def
 * (cvkit_<block>_pkg); the imports themselves are declared once, in
 * tb/harness/cvkit_dpi_pkg.sv.
 *
 * Port values cross as one 4096-bit packed vector per direction (SV `bit
 * [CVKIT_DPI_BITS-1:0]`, C `svBitVecVal *`, 32-bit words, word 0 the low
 * bits): port i of that direction in bits [64 i +: width], upper bits 0.
 * One fixed width for every block keeps a single signature per C function
 * (IEEE 1800 requires every import of one C name to agree), so several
 * blocks' packages can live in one simulation; the block packages convert
 * to and from their configuration's typed structs.
 *
 * Errors: a function that can fail returns NULL (or -1) and leaves the
 * kit's one-line message for cvkit_dpi_error() (the same text the
 * command-line tools print after "kit: error: "). The message buffer is
 * per thread.
 */
#ifndef DPI_H
#define DPI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* IEEE 1800 Annex H: svBitVecVal is a 32-bit chunk of a packed 2-state
 * vector. Declared here (not from svdpi.h) so the library builds without a
 * simulator's headers; the type is the same. */
typedef uint32_t cvkit_dpi_vec_t;
#define CVKIT_DPI_BITS 4096     /* KIT_MAX_PORTS slots of 64 bits */

/* The last error on this thread ("" when none). */
const char *cvkit_dpi_error(void);

/* A model of `block` at the configuration `params` ("Sets=64 Ways=8", over
 * the defaults), in its reset state. `widths` is the port-width signature
 * the SV package was generated for ("1 8 16/1 3": inputs, '/', outputs, in
 * .def order); a configuration whose ports differ is refused, so a package
 * never reads a model of another shape. NULL on an error. */
void *cvkit_dpi_new(const char *block, const char *params, const char *widths);
/* Back to reset: state, cycle count, coverage. */
void cvkit_dpi_reset(void *h);
/* One clock: the inputs of the cycle in, the registered outputs after its
 * rising edge out. 0, or -1 when an input does not fit its port. */
int cvkit_dpi_step(void *h, const cvkit_dpi_vec_t *in, cvkit_dpi_vec_t *out);
uint64_t cvkit_dpi_cycles(void *h);
/* Functional cover events: how many, the name and count of event i (NULL,
 * 0 past the end); output-bit toggles as "covered of bits". */
int cvkit_dpi_ncover(void *h);
const char *cvkit_dpi_cover_name(void *h, int i);
uint64_t cvkit_dpi_cover_count(void *h, int i);
int cvkit_dpi_toggle_bits(void *h);
int cvkit_dpi_toggle_covered(void *h);
void cvkit_dpi_free(void *h);

/* Stimulus for the handle's configuration: the block's seeded random
 * generator for `cycles` cycles (path ""), a directed file (path ending in
 * .stim) or a vector file's inputs (any other path; its configuration must
 * be the handle's). The handle remembers the seed and source for its
 * mismatch report. NULL on an error. */
void *cvkit_dpi_stim_new(void *h, uint64_t seed, uint64_t cycles, const char *path);
/* The next cycle's inputs into in: 1, or 0 when the source is done. */
int cvkit_dpi_stim_next(void *s, cvkit_dpi_vec_t *in);
void cvkit_dpi_stim_free(void *s);

/* The RTL's outputs `got` of the last stepped cycle against the model's:
 * 0 when they agree; else the number of differing ports, after printing
 * the lockstep's mismatch report (cycle, seed and source, every output
 * with model and rtl values, the last 8 cycles' inputs, `repro`). Only the
 * first mismatch of a handle is reported and remembered. */
int cvkit_dpi_compare(void *h, const cvkit_dpi_vec_t *got, const char *repro);
/* The run's verdict as one JSON line (schema cvkit.dpi/1, doc/results.md)
 * written to path whole; 0, or -1 with cvkit_dpi_error set. */
int cvkit_dpi_result(void *h, const char *path, const char *top, const char *repro);

#ifdef __cplusplus
}
#endif

#endif /* DPI_H */
