/*
 * cmodel/core/defgen.h - generate a block's C interface from its .def file.
 *
 * Usage, in the block's header:
 *     #define KIT_BLOCK hac
 *     #define KIT_DEF   "hac.def"
 *     #include "cmodel/core/defgen.h"
 * gives
 *     enum { hac_P_Sets, hac_P_Ways, ..., hac_NPARAMS };
 *     enum { hac_NIN = ..., hac_NOUT = ... };
 *     typedef struct { uint64_t rst_ni; ... } hac_in_t;    .def order
 *     typedef struct { uint64_t rsp_valid_o; ... } hac_out_t;
 * and, where KIT_BLOCK_IMPL is defined before the include (one .c file),
 *     const kit_param_t hac_params[hac_NPARAMS];
 *     void hac_ports(const long *P, kit_port_t *t);
 * It also declares the model's interface, which every model has (the
 * model's prefix is KIT_MODEL_PFX when defined, e.g. lb for linebacker, else
 * the block's name):
 *     hac_model_t *hac_new(const long *P);   allocate and reset; NULL on an
 *                                            allocation failure or illegal P
 *     void hac_free(hac_model_t *m);
 *     void hac_step(hac_model_t *m, const hac_in_t *in, hac_out_t *out);
 *                                            one clock: consume the inputs,
 *                                            write the registered outputs
 *     extern const kit_block_t hac_block;    (<b>_block.c, KIT_BLOCK_DEFINE)
 * and undefines KIT_BLOCK, KIT_DEF and KIT_MODEL_PFX.
 * Inside the .def, P(name) is parameter `name` of configuration P.
 * The header may be included once per translation unit.
 */
#include "cmodel/core/block.h"

#define KIT_CAT_(a, b) a##b
#define KIT_CAT(a, b) KIT_CAT_(a, b)
#define KIT_PFX(x) KIT_CAT(KIT_BLOCK, x)

/* Parameter enum. */
enum {
#define KIT_PARAM(n, lo, hi, d, r, doc) KIT_PFX(_P_##n),
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc)
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
  KIT_PFX(_NPARAMS)
};

/* Port counts. */
enum {
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc) KIT_PFX(_in_##n),
#define KIT_OUT(n, w, doc)
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
  KIT_PFX(_NIN)
};
enum {
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc) KIT_PFX(_out_##n),
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
  KIT_PFX(_NOUT)
};

/* Input and output structs: one uint64_t per port, in .def order. */
typedef struct {
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc) uint64_t n;
#define KIT_OUT(n, w, doc)
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
} KIT_PFX(_in_t);

typedef struct {
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc) uint64_t n;
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
} KIT_PFX(_out_t);

_Static_assert(sizeof(KIT_PFX(_in_t)) == KIT_PFX(_NIN) * sizeof(uint64_t),
               "input struct must be a plain array of uint64_t");
_Static_assert(sizeof(KIT_PFX(_out_t)) == KIT_PFX(_NOUT) * sizeof(uint64_t),
               "output struct must be a plain array of uint64_t");

extern const kit_param_t KIT_PFX(_params)[KIT_PFX(_NPARAMS)];
void KIT_PFX(_ports)(const long *P, kit_port_t *t);

#ifdef KIT_BLOCK_IMPL
const kit_param_t KIT_PFX(_params)[KIT_PFX(_NPARAMS)] = {
#define KIT_PARAM(n, lo, hi, d, r, doc) {#n, lo, hi, d, r, doc},
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc)
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
};

void KIT_PFX(_ports)(const long *P, kit_port_t *t)
{
  unsigned i = 0;
#define P(n) ((unsigned)P[KIT_PFX(_P_##n)])
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc) t[i++] = (kit_port_t){#n, KIT_DIR_IN, (w), (idle), doc};
#define KIT_OUT(n, w, doc) t[i++] = (kit_port_t){#n, KIT_DIR_OUT, (w), 0, doc};
#include KIT_DEF
#undef KIT_PARAM
#undef KIT_IN
#undef KIT_OUT
#undef P
}
#endif

#ifndef KIT_MODEL_PFX
#define KIT_MODEL_PFX KIT_BLOCK
#endif
#define KIT_MPFX(x) KIT_CAT(KIT_MODEL_PFX, x)
typedef struct KIT_MPFX(_model) KIT_MPFX(_model_t);
KIT_MPFX(_model_t) *KIT_MPFX(_new)(const long *P);
void KIT_MPFX(_free)(KIT_MPFX(_model_t) *m);
void KIT_MPFX(_step)(KIT_MPFX(_model_t) *m, const KIT_PFX(_in_t) *in, KIT_PFX(_out_t) *out);
extern const kit_block_t KIT_PFX(_block);
#undef KIT_MPFX
#undef KIT_MODEL_PFX
#undef KIT_BLOCK
#undef KIT_DEF
