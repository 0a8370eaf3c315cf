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

#define KIT_MAX_PARAMS 32
#define KIT_MAX_PORTS  64
#define KIT_ERR_LEN    256

typedef enum { KIT_DIR_IN = 0, KIT_DIR_OUT = 1 } kit_dir_t;

/* Where a parameter acts (KIT_PARAM's fifth field, kit_param_t.in_rtl). */
#define KIT_MODEL 0     /* not in the RTL: a storage-estimate input, or a stimulus parameter
                         * (ctl's Illegal); selects no Verilator model */
#define KIT_RTL   1     /* an RTL parameter, passed as -G / #(...) */
#define KIT_MODE  2     /* an RTL parameter that selects logic (a policy, a
                         * paper reading): make equiv proves every value
                         * (kit_equivs_check) */

typedef struct kit_param {
  const char *name;     /* RTL parameter name, also the make/CLI name */
  long min, max, def;   /* legal range and default */
  int in_rtl;           /* KIT_MODEL, KIT_RTL or KIT_MODE; nonzero = in the RTL */
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

#define KIT_MAX_STORAGE_ROWS 48
typedef struct kit_storage {
  unsigned nrows;
  kit_storage_row_t row[KIT_MAX_STORAGE_ROWS];
  uint64_t data_bytes;  /* data capacity the percentage is taken of; 0 = none */
  const char *paper;    /* what the paper counts, e.g. "added" group, V-D */
} kit_storage_t;

/* One configuration of a block's default check (make check, make run,
 * make vectors without PARAMS): the configurations of a block's list
 * together reach every functional cover event. */
typedef struct kit_check {
  const char *params;   /* NAME=VALUE ... over the defaults; "" = the defaults */
  uint64_t cycles;      /* random cycles in make check and make run */
  uint64_t vec_cycles;  /* cycles of its vector file in make vectors */
  const char *why;      /* what it reaches that the others do not */
} kit_check_t;

/* One equivalence configuration of make equiv and make mutate: small
 * enough for the formal engines, and between them the configurations select
 * every piece of the block's logic: every value of every KIT_MODE
 * parameter, a reduction of every default-check configuration, every
 * generate branch (doc/harness.md "Equivalence"). */
typedef struct kit_equiv {
  const char *params;   /* NAME=VALUE ... over the defaults */
  uint32_t reduces;     /* bit i: default-check configuration i + 1 (KIT_CHK) */
  uint64_t cycles;      /* random cycles of make equiv's simulation stage:
                         * together the configurations reach every cover event */
  const char *why;      /* what it keeps of them, what logic it selects */
} kit_equiv_t;
#define KIT_CHK(n) (1u << ((n) - 1))

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
  /* Storage estimate for configuration P. */
  void (*storage)(const long *P, kit_storage_t *st);
  /* More of the storage report, printed after the rows (optional): a
   * composite's paper table. */
  void (*report)(const long *P, FILE *f);
  /* Functional coverage: ncover named events, counted from one cycle's
   * inputs, the outputs they produced and the previous cycle's outputs
   * (all 0 before the first cycle) (optional). */
  unsigned ncover;
  const char *const *cover_names;
  void (*cover)(const long *P, const uint64_t *in, const uint64_t *out, const uint64_t *prev,
                uint64_t *count);
  /* The default check (optional; none = the default configuration alone). */
  const kit_check_t *checks;
  unsigned nchecks;
  /* The equivalence configurations of make equiv and make mutate. */
  const kit_equiv_t *equivs;
  unsigned nequivs;
} kit_block_t;

#define KIT_MAX_COVER 32

/* A composite's storage report: append sub-block `sub`'s rows at its
 * configuration Psub to st from row n on, each text prefixed with the
 * block's name ("external: " kept first: the synthesis cross-check finds
 * external rows by it) and written into txt[n..] (the caller's static
 * buffers, one per row of st); returns the new row count. */
#define KIT_STORAGE_TXT 200
unsigned kit_storage_sub(kit_storage_t *st, unsigned n, const kit_block_t *sub, const long *Psub,
                         char (*txt)[KIT_STORAGE_TXT]);

/* The descriptor `const kit_block_t b_block`, defined at the end of
 * cmodel/<b>/<b>_block.c from the names that file and the generated
 * interface (defgen.h) give: b_params, b_ports, b_NPARAMS / b_NIN /
 * b_NOUT; the file's b_params_check, b_storage, b_cover_names[],
 * b_checks[], b_equivs[], and b_in_check and b_cover, which take the
 * block's typed port structs (b_in_t, b_out_t; the descriptor's adapters
 * cast). The two checks may return any nonzero value for "illegal" (a
 * chain of kit_rule); the descriptor's return -1. The model behind it is m_new / m_step / m_free over m_model_t
 * (m: the model's prefix, e.g. lb for linebacker); rtl is the RTL file
 * list, report the optional storage report (NULL for none). */
#define KIT_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define KIT_BLOCK_DEFINE(b, m, rtl, rep)                                                    \
  static void *b##_model_new(const long *P) { return m##_new(P); }                         \
  static void b##_model_step(void *s, const uint64_t *in, uint64_t *out)                   \
  {                                                                                        \
    m##_step((m##_model_t *)s, (const b##_in_t *)in, (b##_out_t *)out);                    \
  }                                                                                        \
  static void b##_model_free(void *s) { m##_free((m##_model_t *)s); }                      \
  static int b##_params_check_(const long *P, char *err, size_t errlen)                   \
  {                                                                                        \
    return b##_params_check(P, err, errlen) ? -1 : 0;                                      \
  }                                                                                        \
  static int b##_in_check_(const long *P, const uint64_t *in, char *err, size_t errlen)    \
  {                                                                                        \
    return b##_in_check(P, (const b##_in_t *)in, err, errlen) ? -1 : 0;                   \
  }                                                                                        \
  static void b##_cover_(const long *P, const uint64_t *in, const uint64_t *out,           \
                         const uint64_t *prev, uint64_t *n)                                \
  {                                                                                        \
    b##_cover(P, (const b##_in_t *)in, (const b##_out_t *)out, (const b##_out_t *)prev, n); \
  }                                                                                        \
  const kit_block_t b##_block = {                                                          \
    .name = #b, .top = #b, .rtl_files = rtl, .doc = "doc/" #b ".md",                       \
    .params = b##_params, .nparams = b##_NPARAMS, .nin = b##_NIN, .nout = b##_NOUT,         \
    .ports = b##_ports, .check = b##_params_check_,                                         \
    .model_new = b##_model_new, .model_step = b##_model_step, .model_free = b##_model_free, \
    .in_check = b##_in_check_, .storage = b##_storage, .report = rep,                       \
    .ncover = KIT_COUNT(b##_cover_names), .cover_names = b##_cover_names, .cover = b##_cover_, \
    .checks = b##_checks, .nchecks = KIT_COUNT(b##_checks),                                \
    .equivs = b##_equivs, .nequivs = KIT_COUNT(b##_equivs),                                \
  }

/* blocks.c */
extern const kit_block_t *const kit_blocks[];
const kit_block_t *kit_block_find(const char *name);

/* params.c: defaults, NAME=VALUE parsing, legality. Return 0 or set err. */
void kit_params_default(const kit_block_t *b, long *P);
int  kit_params_set(const kit_block_t *b, long *P, const char *assign,
                    char *err, size_t errlen);
int  kit_params_check(const kit_block_t *b, const long *P, char *err, size_t errlen);
/* One rule of a legality check (a block's check and in_check): 0 when ok,
 * else -1 with err set to the rule's one-line message, formatted from fmt.
 * A check is its rules joined by ||, in the order they are reported. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
int  kit_rule(int ok, char *err, size_t errlen, const char *fmt, ...);
static inline int kit_is_pow2(long v) { return v > 0 && (v & (v - 1)) == 0; }
/* Apply n NAME=VALUE words in order: each must be a parameter of b, given
 * at most once; 0, or -1 with err naming the word. Legality is
 * kit_params_check's job. */
int  kit_params_words(const kit_block_t *b, long *P, unsigned n, const char *const *words,
                      char *err, size_t errlen);
int  kit_param_index(const kit_block_t *b, const char *name);
/* A composite block's sub-block parameters: Psub gets sub's defaults, then
 * the value of every parameter the composite comp has under the same name. */
void kit_sub_params(const kit_block_t *comp, const kit_block_t *sub, const long *P, long *Psub);
/* Each of the n sub-blocks' own rules (kit_params_check) over the
 * composite's P, its parameters mapped by sub_params; 0, or -1 with err
 * "SUB: the sub-block's message". */
int  kit_subs_check(const kit_block_t *const *subs, unsigned n,
                    void (*sub_params)(const kit_block_t *sub, const long *P, long *Psub), const long *P,
                    char *err, size_t errlen);
/* A configuration written as NAME=VALUE words separated by spaces (a
 * check-list or equivalence entry) applied over the defaults and checked
 * legal; 0, or -1 with err set. */
int  kit_params_text(const kit_block_t *b, long *P, const char *text, char *err, size_t errlen);
/* The block's equivalence configurations are complete: each is legal,
 * every default-check configuration is reduced by one of them, and every
 * value of every KIT_MODE parameter is set by one (a parameter with more
 * than KIT_MODE_VALUES values: its minimum and one other); 0, or -1 with
 * err naming what is missing. */
#define KIT_MODE_VALUES 16
#define KIT_VEC_MAX_CYCLES_EQUIV 10000000ull
int  kit_equivs_check(const kit_block_t *b, char *err, size_t errlen);

/* The one number reader of the kit, for every option, parameter and file:
 * decimal, or hex with a 0x prefix; no sign (kit_parse_long: an optional
 * '-'), no octal (010 is ten), no spaces, nothing after the digits, no
 * overflow, and within [min, max]. Returns 0, or -1 with err set to
 * "WHAT: 'TEXT' is not a number" or "WHAT=TEXT out of range MIN..MAX". */
int kit_parse_u64(const char *what, const char *text, uint64_t min, uint64_t max, uint64_t *v,
                  char *err, size_t errlen);
int kit_parse_long(const char *what, const char *text, long min, long max, long *v,
                   char *err, size_t errlen);

/* Upper bound of a lockstep run (--cycles, CYCLES=): 10^11 cycles, about an
 * hour at the fastest block's rate; longer soaks are several seeds. */
#define KIT_MAX_CYCLES 100000000000ull

/* Deterministic PRNG (splitmix64 seeding a xoshiro256**, Blackman and
 * Vigna): same seed, same stream on every machine. The generators call it
 * several times per cycle in the lockstep loop, so the step functions are
 * inline here: kit_rng_chance's modulus is then the constant 1000, which the
 * compiler turns into a multiplication (same values as a division). */
typedef struct kit_rng { uint64_t s[4]; } kit_rng_t;
void kit_rng_seed(kit_rng_t *r, uint64_t seed);

static inline uint64_t kit_rng_rotl(uint64_t v, int k) { return (v << k) | (v >> (64 - k)); }

static inline uint64_t kit_rng_next(kit_rng_t *r)
{
  uint64_t *s = r->s;
  uint64_t result = kit_rng_rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = kit_rng_rotl(s[3], 45);
  return result;
}

/* 0..n-1, n >= 1: unbiased by rejection. A draw v is rejected when it lies
 * in the incomplete last block of n values, v >= n * floor(2^64-1 / n); the
 * block start v - v % n is a multiple of n, so that is the same test as
 * v - v % n > 2^64-1 - n, which needs no second division. (The stream is
 * part of the kit's contract: tb/test/test_core.c pins it.) */
static inline uint64_t kit_rng_below(kit_rng_t *r, uint64_t n)
{
  uint64_t v, rem;
  do {
    v = kit_rng_next(r);
    rem = v % n;
  } while (v - rem > UINT64_MAX - n);
  return rem;
}

/* The index of a uniformly chosen set bit of x (x != 0). */
static inline unsigned kit_rng_bit(kit_rng_t *r, uint64_t x)
{
  unsigned k = (unsigned)kit_rng_below(r, (uint64_t)__builtin_popcountll(x));
  while (k--) x &= x - 1u;
  return (unsigned)__builtin_ctzll(x);
}

/* 1 with probability per_mille / 1000. */
static inline int kit_rng_chance(kit_rng_t *r, unsigned per_mille)
{
  return kit_rng_below(r, 1000) < per_mille;
}

static inline uint64_t kit_mask(unsigned width) {
  return width >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << width) - 1);
}
/* Field j of a vector packed as w-bit fields (field 0 in the low bits). */
static inline uint64_t kit_field(uint64_t v, unsigned j, unsigned w) { return (v >> (j * w)) & kit_mask(w); }

/* Smallest w >= 1 with 2^w >= n (a safe clog2: never 0). */
static inline unsigned kit_clog2(uint64_t n) {
  unsigned w = 1;
  while (w < 64 && ((uint64_t)1 << w) < n) w++;
  return w;
}

#endif /* KIT_H */
