/*
 * source.h - where a run's per-cycle inputs come from: the block's seeded
 * random generator, or a directed stimulus file.
 *
 * Directed file format (tb/BLOCK/directed/NAME.stim, doc/harness.md):
 *   # comment                      to end of line, anywhere
 *   params Ways=8 Sets=4           the configuration the file is written
 *                                  for; a run with other values is refused
 *   req_valid_i=1 req_tag_i=0x5    one clock cycle; ports not named take
 *                                  their idle value from the .def
 *   idle 4                         4 cycles of idle inputs (idle = idle 1)
 *   expect rsp_hit_o=1 rsp_pos_o=7 the model's outputs after the previous
 *                                  cycle line must have these values
 *   unchecked                      (before the first cycle) skip the
 *                                  block's input check: inputs the spec
 *                                  calls illegal are replayed (make equiv
 *                                  counterexamples; model and RTL define
 *                                  every input value)
 * Values are decimal or 0x hex (no octal), must fit the port width, and
 * must pass the block's own input check (HAC: ea 1..32); a port is named
 * at most once per line. Errors name file and line.
 *
 * The file is read and checked whole before the first cycle, and kept as
 * runs (one per cycle line, one per idle line), so memory grows with the
 * file's lines, never with its idle counts.
 */
#ifndef SOURCE_H
#define SOURCE_H

#include "cmodel/core/block.h"
#include "tb/stim/hier.h"

/* A block's seeded constrained-random generator (tb/<block>/<block>_stim.c
 * defines `const kit_stim_t <block>_stim`): the stimulus layer's part of a
 * block, found by the block's name (kit_stim_find), so the models below
 * know nothing of it. */
typedef struct kit_stim {
  void *(*create)(const long *P, uint64_t seed);
  void (*next)(void *s, uint64_t *in);
  void (*destroy)(void *s);
} kit_stim_t;

/* Every block's generator, by name (<block>_stim), from the generated
 * block list. */
#define KIT_BLOCK_ENTRY(b) extern const kit_stim_t b##_stim;
#include "kit_blocks.h"
#undef KIT_BLOCK_ENTRY

/* The generator of block b (every registered block has one). */
const kit_stim_t *kit_stim_find(const kit_block_t *b);

typedef struct kit_expect {
  uint64_t cycle;     /* the cycle whose registered outputs are checked */
  unsigned port;      /* index into the output ports */
  uint64_t value;
  unsigned line;      /* source line, for the report */
} kit_expect_t;

typedef struct kit_source {
  const kit_block_t *b;
  const long *P;
  kit_port_t port[KIT_MAX_PORTS];
  uint64_t mask[KIT_MAX_PORTS];  /* input i's width mask */
  uint64_t idle[KIT_MAX_PORTS];  /* input i's idle value (traffic: every cycle starts from these) */
  uint64_t cycles;    /* total cycles this source produces */
  uint64_t pos;       /* cycles produced so far */
  /* random */
  const struct kit_stim *gen;
  void *stim;
  /* file: runs of identical cycles, each (1 + nin) words: count, inputs */
  const char *path;
  uint64_t *runs;
  size_t nruns, run;  /* runs, and the one being played */
  uint64_t left;      /* cycles left in that run */
  kit_expect_t *exp;
  size_t nexp;
  /* traffic: the hierarchy and the block's adapter (tb/stim/tadapt.h) */
  kit_hier_t *hier;
  const struct kit_tadapt *ta;
  void *tstate;
  int rst;            /* index of input rst_ni, -1 if none */
  char terr[KIT_ERR_LEN];  /* set when the traffic failed mid-run (next returned 0) */
} kit_source_t;

/* Most cycles a directed file may hold (the sum of its lines and idle
 * counts), and most in one idle line. */
#define KIT_STIM_MAX_CYCLES KIT_MAX_CYCLES
#define KIT_STIM_MAX_IDLE   100000000ull

int kit_source_random(kit_source_t *s, const kit_block_t *b, const long *P,
                      uint64_t seed, uint64_t cycles);
int kit_source_file(kit_source_t *s, const kit_block_t *b, const long *P,
                    const char *path, char *err, size_t errlen);
/* The same from an open line reader (vectors/fileio.h); it is closed. */
struct kit_lines;
int kit_source_lines(kit_source_t *s, const kit_block_t *b, const long *P,
                     struct kit_lines *L, char *err, size_t errlen);
/* Traffic through the cache hierarchy and b's adapter (doc/traffic.md
 * "Lockstep on traffic"): two reset cycles (rst_ni = 0, other inputs
 * idle), then the adapter's cycles until the traffic ends or `cycles`
 * (0: no bound below KIT_MAX_CYCLES) have been made. -1 with a one-line
 * err: no adapter ("block X has no traffic adapter"), a bad kernel,
 * parameter or trace. */
int kit_source_traffic(kit_source_t *s, const kit_block_t *b, const long *P, const kit_hier_src_t *src,
                       uint64_t cycles, char *err, size_t errlen);
/* A source replaying cycles * nin given input words (copied). */
int kit_source_records(kit_source_t *s, const kit_block_t *b, const long *P,
                       const uint64_t *ins, uint64_t cycles);
/* Start a file or records source again from its first cycle. */
void kit_source_rewind(kit_source_t *s);
/* Next cycle's inputs, masked to port widths; 0 when the source is done. */
int kit_source_next(kit_source_t *s, uint64_t *in);
void kit_source_free(kit_source_t *s);

/* A directed file's `params` (file) against the run's (run): 0 when every
 * parameter agrees, else -1 with err "this file is for NAME=F, the run has
 * NAME=R" (the first that differs). */
int kit_stim_params_match(const kit_block_t *b, const long *file, const long *run, char *err, size_t errlen);

/* Parse one NAME=VALUE against ports of direction dir; returns port index
 * among that direction's ports, or -1 with err set. */
int kit_parse_assign(const kit_port_t *port, unsigned nport, kit_dir_t dir,
                     const char *word, uint64_t *value, char *err, size_t errlen);

/* Check the model's outputs for cycle `cycle` against src's expects,
 * advancing *cursor; 0 = all met, else err names file:line. */
int kit_expect_check(const kit_source_t *src, size_t *cursor, uint64_t cycle,
                     const uint64_t *out, char *err, size_t errlen);

/* Write src through the model as a vector file (vectors/vecio.h): to path
 * atomically, or onto `stream` (named path in messages) when given. */
int kit_source_vec_write(const char *path, FILE *stream, const kit_block_t *b, const long *P,
                         uint64_t seed, const char *desc, kit_source_t *src, char *err, size_t n);

#endif /* SOURCE_H */
