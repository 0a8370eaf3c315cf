/*
 * vcd.h - read a block's inputs, step by step, out of a formal trace.
 *
 * make equiv turns a SymbiYosys counterexample into a directed stimulus
 * file the kit replays against the designer's RTL (`make check STIM=`), so
 * the user gets the usual mismatch report with the C model as referee. The
 * trace is yosys-smtbmc's VCD: an integer `smt_step` variable (code `t`)
 * counts the steps, one step per clock cycle; the miter's inputs are the
 * variables declared directly in its scope. Each input is sampled at the
 * start of its step, which is the cycle's input in the kit's timing.
 */
#ifndef KIT_VCD_H
#define KIT_VCD_H

#include "kit.h"

/* The inputs of block b (configuration P) in scope `scope` of the trace at
 * path: *steps cycles of b->nin words each in *ins (malloc'd; the caller
 * frees), in .def order. Unknown bits (x, z) read as 0. 0, or -1 with err
 * naming the file and what is wrong (no such scope, a missing input, a
 * width that differs from the port's, a malformed line). */
int kit_vcd_inputs(const char *path, const char *scope, const kit_block_t *b, const long *P,
                   uint64_t **ins, uint64_t *steps, char *err, size_t errlen);

#endif /* KIT_VCD_H */
