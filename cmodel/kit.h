/*
 * kit.h - what every block of the kit looks like to the generic tools.
 *
 * A block is a parameter list, a port list (both from its .def file), a C
 * golden model and a stimulus generator. The lockstep driver, the vector
 * writer and checker, the replay-bench generator, the port checker and the
 * storage estimator see blocks only through kit_block_t, so adding a block
 * means writing its .def, model and stimulus and one line in blocks.c, not
 * copying any driver.
 *
 * Port values travel as arrays of uint64_t in .def order (inputs in one
 * array, outputs in another); a block's generated hac_in_t / hac_out_t
 * structs have exactly that layout. Ports are at most 64 bits wide.
 */
#ifndef KIT_H
#define KIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define KIT_MAX_PARAMS 16
#define KIT_MAX_PORTS  64
#define KIT_ERR_LEN    256

typedef enum { KIT_DIR_IN = 0, KIT_DIR_OUT = 1 } kit_dir_t;

typedef struct kit_param {
  const char *name;     /* RTL parameter name, also the make/CLI name */
  long min, max, def;   /* legal range and default */
  int in_rtl;           /* passed to the RTL as -G / #(...) */
  const char *doc;
} kit_param_t;

typedef struct kit_port {
  const char *name;     /* RTL port name, with its _i / _o suffix */
  kit_dir_t dir;
  unsigned width;       /* 1..64 for the configuration it was built for */
  uint64_t idle;        /* inputs: value when a stimulus line omits it */
  const char *doc;
} kit_port_t;

/* One line of a storage report. */
typedef enum { KIT_ST_ADDED = 0, KIT_ST_BASELINE, KIT_ST_INTERFACE } kit_st_group_t;
typedef struct kit_storage_row {
  kit_st_group_t group;
  const char *what;     /* "mc (saturating miss counter)" */
  uint64_t count;       /* how many: sets, lines, ... */
  const char *per;      /* "set", "line", "block" */
  unsigned bits;        /* bits each */
} kit_storage_row_t;

#define KIT_MAX_STORAGE_ROWS 16
typedef struct kit_storage {
  unsigned nrows;
  kit_storage_row_t row[KIT_MAX_STORAGE_ROWS];
  uint64_t data_bytes;  /* data capacity the percentage is taken of; 0 = none */
  const char *paper;    /* what the paper counts, e.g. "added" group, V-D */
} kit_storage_t;

typedef struct kit_block {
  const char *name;                 /* "hac": BLOCK= value, file prefix */
  const char *top;                  /* our RTL's top module */
  const char *rtl_files;            /* our RTL, space-separated, from repo root */
  const char *doc;                  /* the block's spec, e.g. "doc/hac.md" */
  const kit_param_t *params;
  unsigned nparams;
  unsigned nin, nout;               /* port counts */
  /* Fill t[] (inputs first, then outputs) for configuration P. */
  void (*ports)(const long *P, kit_port_t *t);
  /* Cross-parameter legality beyond min/max; 0 = legal, else err set. */
  int (*check)(const long *P, char *err, size_t errlen);
  /* Golden model: create in reset state, step one clock, free. */
  void *(*model_new)(const long *P);
  void (*model_step)(void *m, const uint64_t *in, uint64_t *out);
  void (*model_free)(void *m);
  /* Directed-file value check for one cycle's inputs; 0 = legal. */
  int (*in_check)(const long *P, const uint64_t *in, char *err, size_t errlen);
  /* Seeded constrained-random stimulus. */
  void *(*stim_new)(const long *P, uint64_t seed);
  void (*stim_next)(void *s, uint64_t *in);
  void (*stim_free)(void *s);
  /* Storage estimate for configuration P. */
  void (*storage)(const long *P, kit_storage_t *st);
  /* Functional coverage: ncover named events, counted from one cycle's
   * inputs and the outputs they produced (optional). */
  unsigned ncover;
  const char *const *cover_names;
  void (*cover)(const long *P, const uint64_t *in, const uint64_t *out, uint64_t *count);
} kit_block_t;

#define KIT_MAX_COVER 32

/* blocks.c */
extern const kit_block_t *const kit_blocks[];
const kit_block_t *kit_block_find(const char *name);

/* params.c: defaults, NAME=VALUE parsing, legality. Return 0 or set err. */
void kit_params_default(const kit_block_t *b, long *P);
int  kit_params_set(const kit_block_t *b, long *P, const char *assign,
                    char *err, size_t errlen);
int  kit_params_check(const kit_block_t *b, const long *P, char *err, size_t errlen);
int  kit_param_index(const kit_block_t *b, const char *name);

/* Deterministic PRNG (splitmix64 seeding a xoshiro256**): same seed, same
 * stream on every machine. */
typedef struct kit_rng { uint64_t s[4]; } kit_rng_t;
void     kit_rng_seed(kit_rng_t *r, uint64_t seed);
uint64_t kit_rng_next(kit_rng_t *r);
uint64_t kit_rng_below(kit_rng_t *r, uint64_t n);   /* 0..n-1, n >= 1 */
int      kit_rng_chance(kit_rng_t *r, unsigned per_mille);

static inline uint64_t kit_mask(unsigned width) {
  return width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}

/* Smallest w >= 1 with 2^w >= n (a safe clog2: never 0). */
static inline unsigned kit_clog2(uint64_t n) {
  unsigned w = 1;
  while (w < 64 && ((uint64_t)1 << w) < n) w++;
  return w;
}

#endif /* KIT_H */
