/*
 * shim.cpp - generic Verilator shim; see shim.h. Compiled with
 *   -DKIT_DEF='"hac.def"' -DKIT_BLOCK_NAME='"hac"' -DKIT_TOP='"hac"'
 *   -DKIT_RTL_PARAMS='"Sets=384 ..."'
 * against a model verilated with --prefix Vdut, so it never names a block.
 * Simulated time: cycle c spans [10c, 10c+10); inputs change and clk_i falls
 * at 10c, clk_i rises at 10c+5.
 */
#include <cstdio>
#include <cstdlib>

#include "Vdut.h"
#include "verilated.h"
#include "verilated_vcd_c.h"

#include "shim.h"

struct shim {
  VerilatedContext *ctx;
  Vdut *top;
  VerilatedVcdC *vcd;
  uint64_t cycle;
};

extern "C" const char *shim_block(void) { return KIT_BLOCK_NAME; }
extern "C" const char *shim_params(void) { return KIT_RTL_PARAMS; }
extern "C" const char *shim_top(void) { return KIT_TOP; }

extern "C" shim_t *shim_new(uint64_t seed)
{
  shim_t *s = new shim_t();
  s->ctx = new VerilatedContext;
  s->ctx->randReset(2);
  s->ctx->randSeed((int)(seed & 0x7fffffff));
  s->ctx->traceEverOn(true);
  s->top = new Vdut(s->ctx);
  s->vcd = nullptr;
  s->cycle = 0;
  return s;
}

extern "C" void shim_free(shim_t *s)
{
  if (!s) return;
  shim_trace_close(s);
  s->top->final();
#if VM_COVERAGE
  /* coverage build (KIT_COVERAGE=1): this run's line and toggle counts */
  const char *cov = getenv("KIT_COVERAGE_FILE");
  if (cov && *cov) s->ctx->coveragep()->write(cov);
#endif
  delete s->top;
  delete s->ctx;
  delete s;
}

extern "C" int shim_trace_open(shim_t *s, const char *path)
{
  shim_trace_close(s);
  s->vcd = new VerilatedVcdC;
  s->top->trace(s->vcd, 99);
  s->vcd->open(path);
  if (!s->vcd->isOpen()) {
    delete s->vcd;
    s->vcd = nullptr;
    return -1;
  }
  return 0;
}

extern "C" void shim_trace_close(shim_t *s)
{
  if (s->vcd) {
    s->vcd->close();
    delete s->vcd;
    s->vcd = nullptr;
  }
}

extern "C" void shim_step(shim_t *s, const uint64_t *in, uint64_t *out)
{
  Vdut *t = s->top;
  unsigned i = 0;
#define KIT_PARAM(n, lo, hi, d, r, doc)
#define KIT_IN(n, w, idle, doc) t->n = in[i++];
#define KIT_OUT(n, w, doc)
#include KIT_DEF
#undef KIT_IN
#undef KIT_OUT
  uint64_t base = s->cycle * 10;
  t->clk_i = 0;
  t->eval();
  if (s->vcd) s->vcd->dump(base);
  t->clk_i = 1;
  t->eval();
  if (s->vcd) s->vcd->dump(base + 5);
  i = 0;
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc) out[i++] = t->n;
#include KIT_DEF
#undef KIT_IN
#undef KIT_OUT
#undef KIT_PARAM
  s->cycle++;
}
