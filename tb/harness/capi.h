/*
 * capi.h - the kit's stable plain-C face for other languages (the Python
 * package python/cvkit loads it with ctypes from build/libcvkit.so).
 *
 * Usage profile: a scripting language calls in once per configuration
 * (block list, parameters, ports, storage), once per clock cycle or once
 * per batch of cycles (model step / run, stimulus fill), and once per file
 * (vector write / read). So every entry point takes only ints, C strings,
 * flat uint64_t / long arrays and an error buffer: no struct layouts cross
 * the boundary, which keeps a ctypes binding free of any copy of kit.h and
 * lets the library change its internals without breaking callers.
 * CVKIT_ABI is bumped when a signature or meaning here changes.
 *
 * Everything a caller learns about a block comes from its .def file
 * through kit_block_t (parameter table, port table for a configuration,
 * cover event names), never from a second list.
 *
 * Errors: a function that can fail returns -1 (or NULL) and writes the
 * kit's one-line message into err[errlen] (the same text the command-line
 * tools print after "kit: error: "). Blocks are named by their index in
 * the registry (cvkit_block_index); a configuration is a long[KIT_MAX_PARAMS]
 * filled by cvkit_configure, which checks it.
 */
#ifndef CAPI_H
#define CAPI_H

#include <stddef.h>
#include <stdint.h>

#define CVKIT_ABI 2

int cvkit_abi(void);
/* Sizes and bounds: KIT_MAX_PARAMS, KIT_MAX_PORTS, KIT_MAX_STORAGE_ROWS,
 * KIT_MAX_COVER, KIT_ERR_LEN, KIT_VEC_MAX_CYCLES, KIT_MAX_CYCLES (what =
 * "params", "ports", "storage_rows", "cover", "err", "vec_cycles",
 * "max_cycles"); 0 for an unknown name. */
uint64_t cvkit_limit(const char *what);

/* Block registry: name of block i (NULL past the end), index of a name. */
const char *cvkit_block_name(unsigned i);
int cvkit_block_index(const char *name, char *err, size_t errlen);
/* "top", "rtl", "doc" of block b (NULL for another key). */
const char *cvkit_block_str(int b, const char *key);

/* Parameter i of block b; 0, or -1 past the end. */
unsigned cvkit_nparams(int b);
int cvkit_param(int b, unsigned i, const char **name, long *min, long *max, long *def,
                int *in_rtl, const char **doc);
/* Defaults, then each NAME=VALUE word of `words` (space separated, each
 * parameter at most once), then the legality check; 0 or -1 with err. */
int cvkit_configure(int b, const char *words, long *P, char *err, size_t errlen);
/* The same from n separate words: a word is one NAME=VALUE, never split
 * again ("Ways=8 Sets=4" is parameter Ways with the value "8 Sets=4",
 * which is not an integer). What a binding with named arguments calls. */
int cvkit_configure_words(int b, unsigned n, const char *const *words, long *P, char *err,
                          size_t errlen);

/* Ports of b for configuration P, inputs first, in .def order: arrays of
 * nin + nout entries. dir: 0 = input, 1 = output. */
unsigned cvkit_nin(int b);
unsigned cvkit_nout(int b);
void cvkit_ports(int b, const long *P, const char **name, int *dir, unsigned *width,
                 uint64_t *idle, const char **doc);

/* Functional cover events of b (names; the model objects count them). */
unsigned cvkit_ncover(int b);
const char *cvkit_cover_name(int b, unsigned i);

/* Storage estimate of b at P: up to KIT_MAX_STORAGE_ROWS rows into the
 * arrays (group 0 added, 1 baseline, 2 interface); returns the row count.
 * *data_bytes is the capacity the percentage is taken of (0 = none). */
unsigned cvkit_storage(int b, const long *P, int *group, const char **what, uint64_t *count,
                       const char **per, unsigned *bits, uint64_t *data_bytes,
                       const char **paper);

/* Golden model of one configuration, in its reset state. A step takes the
 * nin input values of one cycle (each must fit its port's width) and
 * returns the nout registered outputs after that cycle's rising edge; it
 * also counts the block's cover events and the output-bit toggles. */
typedef struct cvkit_model cvkit_model_t;
cvkit_model_t *cvkit_model_new(int b, const long *P, char *err, size_t errlen);
void cvkit_model_reset(cvkit_model_t *m);   /* state, cycle count and coverage */
int cvkit_model_step(cvkit_model_t *m, const uint64_t *in, uint64_t *out, char *err,
                     size_t errlen);
/* n cycles: in is n * nin words, out n * nout (may be NULL: outputs
 * dropped). Stops at the first bad input word: -1, err names the cycle. */
int cvkit_model_run(cvkit_model_t *m, uint64_t n, const uint64_t *in, uint64_t *out, char *err,
                    size_t errlen);
uint64_t cvkit_model_cycles(const cvkit_model_t *m);
/* Coverage since the last reset: count[ncover]; seen0 / seen1[nout] masks
 * of output bits seen at 0 / at 1. */
void cvkit_model_coverage(const cvkit_model_t *m, uint64_t *count, uint64_t *seen0,
                          uint64_t *seen1);
void cvkit_model_free(cvkit_model_t *m);

/* Stimulus: the block's seeded random generator (stim == NULL) for
 * `cycles` cycles (1..KIT_MAX_CYCLES, the lockstep's --cycles), or a
 * directed file (cycles ignored; its params line must match P). Exactly
 * the lockstep's and kit vectors' inputs. */
typedef struct cvkit_stim cvkit_stim_t;
cvkit_stim_t *cvkit_stim_new(int b, const long *P, uint64_t seed, uint64_t cycles,
                             const char *stim, char *err, size_t errlen);
uint64_t cvkit_stim_cycles(const cvkit_stim_t *s);
/* Up to n cycles of inputs into in[n * nin]; returns the cycles written
 * (0 when the source is done). */
uint64_t cvkit_stim_fill(cvkit_stim_t *s, uint64_t n, uint64_t *in);
void cvkit_stim_free(cvkit_stim_t *s);

/* Vector files (doc/vectors.md). cvkit_vec_write is `kit vectors`:
 * random (stim NULL) or directed, byte for byte the same file.
 * cvkit_vec_write_records writes given inputs (n * nin words, masked to
 * the port widths) with header line "source DESC". */
int cvkit_vec_write(const char *path, int b, const long *P, uint64_t seed, uint64_t cycles,
                    const char *stim, char *err, size_t errlen);
int cvkit_vec_write_records(const char *path, int b, const long *P, uint64_t seed,
                            const char *desc, const uint64_t *in, uint64_t n, char *err,
                            size_t errlen);
/* Read and validate a file (every check of `kit checkvec` but the replay). */
typedef struct cvkit_vec cvkit_vec_t;
cvkit_vec_t *cvkit_vec_read(const char *path, char *err, size_t errlen);
int cvkit_vec_block(const cvkit_vec_t *v);
void cvkit_vec_params(const cvkit_vec_t *v, long *P);
uint64_t cvkit_vec_seed(const cvkit_vec_t *v);
uint64_t cvkit_vec_cycles(const cvkit_vec_t *v);
/* The records: cycles * (nin + nout) words, owned by v. */
const uint64_t *cvkit_vec_records(const cvkit_vec_t *v);
/* Replay on the C model (`kit checkvec`); 0, or -1 with err (file:line). */
int cvkit_vec_replay(const cvkit_vec_t *v, const char *path, char *err, size_t errlen);
void cvkit_vec_free(cvkit_vec_t *v);

#endif /* CAPI_H */
