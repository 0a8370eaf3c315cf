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

#include "tb/harness/shim.h"

/* The VCD's file: Verilator formats and buffers, the caller's function
 * writes (and reports its own errors). After a failed write the rest is
 * dropped, and a write always "succeeds" towards Verilator, whose
 * bufferFlush would otherwise call vl_fatal. */
class KitVcdFile : public VerilatedVcdFile {
  shim_write_fn m_write;
  void *m_ctx;
  bool m_failed = false;

 public:
  KitVcdFile(shim_write_fn write, void *ctx) : m_write(write), m_ctx(ctx) {}
  bool open(const std::string &) override { return true; }
  void close() override {}
  ssize_t write(const char *buf, ssize_t len) override
  {
    if (!m_failed && m_write(m_ctx, buf, (size_t)len) != 0) m_failed = true;
    return len;
  }
};

struct shim {
  VerilatedContext *ctx;
  Vdut *top;
  KitVcdFile *file;
  VerilatedVcdC *vcd;
  bool dump;        /* dump the cycles stepped now */
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
  s->file = nullptr;
  s->vcd = nullptr;
  s->dump = false;
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

extern "C" int shim_trace_open(shim_t *s, shim_write_fn write, void *ctx)
{
  shim_trace_close(s);
  s->file = new KitVcdFile(write, ctx);
  s->vcd = new VerilatedVcdC(s->file);
  s->top->trace(s->vcd, 99);
  s->vcd->open("kit");   /* the name is not used: the file is the caller's */
  if (!s->vcd->isOpen()) {
    shim_trace_close(s);
    return -1;
  }
  s->vcd->flush();       /* the header, through write, before any cycle */
  s->dump = false;
  return 0;
}

extern "C" void shim_trace_dump(shim_t *s, int on) { s->dump = s->vcd && on; }

extern "C" void shim_trace_close(shim_t *s)
{
  if (s->vcd) {
    s->vcd->close();
    delete s->vcd;
    s->vcd = nullptr;
  }
  delete s->file;
  s->file = nullptr;
  s->dump = false;
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
  if (s->dump) s->vcd->dump(base);
  t->clk_i = 1;
  t->eval();
  if (s->dump) s->vcd->dump(base + 5);
  i = 0;
#define KIT_IN(n, w, idle, doc)
#define KIT_OUT(n, w, doc) out[i++] = t->n;
#include KIT_DEF
#undef KIT_IN
#undef KIT_OUT
#undef KIT_PARAM
  s->cycle++;
}
