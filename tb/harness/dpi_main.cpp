/*
 * dpi_main.cpp - the main program of the Verilator build of a DPI-C
 * testbench (tools/dpi_build.sh, doc/dpi.md): Verilator's own --binary
 * loop (evaluate, advance to the next timed event, until $finish), plus an
 * exit status a script can trust: 1 when the top's kit_fail_o says a
 * testbench found a mismatch or an error, 1 when the simulation ran out of
 * events without $finish (a testbench that never ended), else 0. Verilator's
 * own main returns 0 in every case, and $fatal would abort the process.
 */
#include <cstdio>
#include <memory>

#include "Vcvkit_dpi_top.h"
#include "verilated.h"

int main(int argc, char **argv)
{
  const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
  ctx->commandArgs(argc, argv);
  const std::unique_ptr<Vcvkit_dpi_top> top{new Vcvkit_dpi_top{ctx.get()}};
  while (!ctx->gotFinish()) {
    top->eval();
    if (!top->eventsPending()) break;
    ctx->time(top->nextTimeSlot());
  }
  const bool finished = ctx->gotFinish();
  top->final();
  if (!finished) {
    std::fprintf(stderr, "dpi: error: the simulation ran out of events before $finish\n");
    return 1;
  }
  return top->kit_fail_o ? 1 : 0;
}
