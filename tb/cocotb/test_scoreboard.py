"""test_scoreboard.py - a cocotb testbench that uses the kit's C golden
model, through the cvkit Python package, as its scoreboard.

This is the shape of bench a verification engineer writes in cocotb: a
Clock, inputs driven while the clock is low, outputs sampled after the
rising edge, a reference model stepped once per cycle and compared port by
port. Here the reference model is not a hand-written Python model but the
kit's golden model itself (cvkit.Model over libcvkit.so), and the stimulus
is the block's seeded generator (cvkit.Stimulus): the very traffic the
kit's native lockstep drives for the same seed, so a cocotb run and `make
check` see the same cycles. Any block works: ports, widths and parameters
come from the block's .def through cvkit, nothing here names a port.

Environment (tb/cocotb/Makefile and tools/cocotb_scoreboard.sh set it):
  KIT_BLOCK, KIT_PARAMS ("Sets=64 Ways=8"), KIT_SEED, KIT_CYCLES
  KIT_STIM                         a directed file for the `directed` test
  KIT_FAULT_CYCLE, KIT_FAULT_PORT  for the fault-injection test
  KIT_INJECT=CYCLE:PORT            flip that model output in the scoreboard
                                   test itself, so the run fails (to show a
                                   failure reaches cocotb's results and the
                                   exit status)
  KIT_SIM                          the simulator's name, for the report
  KIT_RATE_FILE                    where the scoreboard run's cycles/s go

Tests:
  scoreboard            every cycle's outputs equal the golden model's;
                        a difference fails with a kit-style mismatch report
                        (cycle, every port, model and RTL values, reproduce
                        line); the rate is written to KIT_RATE_FILE.
  scoreboard_catches_fault
                        the checker can fail: the same loop, with one bit of
                        the model's output flipped at KIT_FAULT_CYCLE on
                        KIT_FAULT_PORT, must report a mismatch at exactly
                        that cycle and port, and nowhere earlier. The
                        stimulus starts with reset, so the DUT needs no
                        restart between the tests.
  directed              KIT_STIM's cycles through the same scoreboard (skipped
                        without KIT_STIM); the file starts with its own reset.
"""
import os
import time

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

import cvkit


class ScoreboardMismatch(AssertionError):
    def __init__(self, report, cycle, ports):
        super().__init__(report)
        self.cycle, self.ports = cycle, ports


def settings():
    params = dict(w.split("=", 1) for w in os.environ.get("KIT_PARAMS", "").split())
    return (os.environ.get("KIT_BLOCK", "hac"), params, int(os.environ.get("KIT_SEED", "1")),
            int(os.environ.get("KIT_CYCLES", "2000")))


def repro(block, params, seed, cycles, fault="", stim=None):
    sim = os.environ.get("KIT_SIM", "icarus")
    if stim:
        return "make -C tb/cocotb SIM=%s BLOCK=%s STIM=%s" % (sim, block, stim)
    return "tools/cocotb_scoreboard.sh %s %s %d %d '%s'%s" % (
        sim, block, seed, cycles, " ".join("%s=%s" % kv for kv in params.items()),
        " " + fault if fault else "")


async def run_scoreboard(dut, fault=None, stim=None):
    """Drive the block's stimulus (or the directed file stim), compare with
    the golden model every cycle; fault = (cycle, port) flips bit 0 of that
    model output. Returns (cycles, seconds); raises ScoreboardMismatch."""
    block, params, seed, cycles = settings()
    cfg = cvkit.config(block, **params)
    model = cfg.model()
    drive = [getattr(dut, p.name) for p in cfg.inputs]
    sample = [getattr(dut, p.name) for p in cfg.outputs]
    names = [p.name for p in cfg.outputs]
    history = []   # the last 3 cycles' inputs, for the report
    t0 = time.perf_counter()
    for c, inputs in enumerate(cfg.stimulus(seed=seed, cycles=cycles, stim=stim)):
        for handle, value in zip(drive, inputs):
            handle.value = value
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        want = list(model.step(inputs))
        if fault and c == fault[0]:
            want[names.index(fault[1])] ^= 1
        got = [int(h.value) for h in sample]
        history = (history + [inputs])[-3:]
        if got != want:
            bad = [n for n, w, g in zip(names, want, got) if w != g]
            lines = ["MISMATCH %s at cycle %d (%s, cocotb on %s):" % (
                block, c, stim or "seed %d" % seed, os.environ.get("KIT_SIM", "?")),
                "  %-16s %18s %18s" % ("port", "model", "rtl")]
            lines += ["  %-16s %18x %18x%s" % (n, w, g, "   <-- differs" if w != g else "")
                      for n, w, g in zip(names, want, got)]
            lines.append("  inputs, cycles %d..%d: %s" % (
                c - len(history) + 1, c, "; ".join(
                    " ".join("%s=%x" % kv for kv in i._asdict().items()) for i in history)))
            lines.append("  reproduce: " + repro(block, params, seed, cycles,
                                                 "%d:%s" % fault if fault else "", stim))
            raise ScoreboardMismatch("\n".join(lines), c, bad)
        await FallingEdge(dut.clk_i)
    return c + 1, time.perf_counter() - t0


@cocotb.test()
async def scoreboard(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
    inject = os.environ.get("KIT_INJECT")
    fault = (int(inject.split(":")[0]), inject.split(":")[1]) if inject else None
    n, secs = await run_scoreboard(dut, fault)
    rate = n / secs
    if os.environ.get("KIT_RATE_FILE"):
        with open(os.environ["KIT_RATE_FILE"], "w") as f:
            f.write("%.0f\n" % rate)
    dut._log.info("PASS scoreboard %s: %d cycles match the golden model, %.0f cycles/s",
                  settings()[0], n, rate)


@cocotb.test()
async def scoreboard_catches_fault(dut):
    cyc = int(os.environ.get("KIT_FAULT_CYCLE", "0"))
    port = os.environ.get("KIT_FAULT_PORT") or cvkit.config(settings()[0]).outputs[0].name
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
    try:
        await run_scoreboard(dut, fault=(cyc, port))
    except ScoreboardMismatch as e:
        assert (e.cycle, e.ports) == (cyc, [port]), "caught at cycle %d ports %s, expected %d %s" % (
            e.cycle, e.ports, cyc, port)
        dut._log.info("fault caught as expected:\n%s", e)
        return
    raise AssertionError("fault at cycle %d on %s was not reported" % (cyc, port))


@cocotb.test(skip=not os.environ.get("KIT_STIM"))
async def directed(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
    n, _ = await run_scoreboard(dut, stim=os.environ["KIT_STIM"])
    dut._log.info("PASS directed %s: %d cycles of %s match the golden model",
                  settings()[0], n, os.environ["KIT_STIM"])
