/*
 * vcd.h - VCD files: a block's inputs read out of a formal trace, and the
 * size a waveform being written can reach.
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

#include "cmodel/core/block.h"

/* The inputs of block b (configuration P) in scope `scope` of the trace at
 * path: *steps cycles of b->nin words each in *ins (malloc'd; the caller
 * frees), in .def order. Unknown bits (x, z) read as 0. 0, or -1 with err
 * naming the file and what is wrong (no such scope, a missing input, a
 * width that differs from the port's, a malformed line). */
int kit_vcd_inputs(const char *path, const char *scope, const kit_block_t *b, const long *P,
                   uint64_t **ins, uint64_t *steps, char *err, size_t errlen);

/* The waveform bound (lockstep --waves, failure windows): the bytes one
 * time step of a VCD takes when every signal changes, read from the header
 * as the writer produces it (Verilator writes every declaration before the
 * first value). Feed the file's bytes from its start; once `done` is set
 * (the $enddefinitions line was read), `per_step` is that size: its "#TIME"
 * line and every distinct signal (by identifier code), "b<width bits> CODE"
 * for a vector, "0CODE" for a scalar. A signal declared under several
 * names (an alias) shares one code and is written once. */
#define KIT_VCD_TIME_LINE 22u   /* "#TIME\n", a time of up to 20 digits */
typedef struct kit_vcd_size {
  int done;              /* the header is complete */
  uint64_t header;       /* its bytes */
  uint64_t signals;      /* distinct identifier codes */
  uint64_t bits;         /* their total width */
  uint64_t per_step;     /* one time step with every signal changing, bytes */
  /* the line being read and the codes seen so far */
  char line[512];
  size_t len;
  struct kit_vcd_code *codes;
  size_t ncodes, capcodes;
} kit_vcd_size_t;

void kit_vcd_size_init(kit_vcd_size_t *z);
/* 0, or -1 when out of memory. Bytes after the header are not looked at. */
int kit_vcd_size_feed(kit_vcd_size_t *z, const char *buf, size_t n);
void kit_vcd_size_free(kit_vcd_size_t *z);

#endif /* KIT_VCD_H */
