"""test_lm_bench.py - a cocotb testbench of the kind a verification engineer
writes: a Clock, drive inputs after the falling edge, sample outputs after
the rising edge, and a Python reference model (lm_ref.py) as scoreboard.

The stimulus is a kit vector file (KIT_VEC), so the traffic is exactly the
kit lockstep's for the same seed; the file's expected outputs (written by
the kit's C model) are checked too. Only the cycle loop is timed; the rate
goes to KIT_RATE_FILE for tools/cocotb_bench.sh. Any disagreement fails the
test with the cycle and port.
"""
import os
import time

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, ReadOnly, RisingEdge

from lm_ref import LoadMonitor
from vecfile import VectorFile


@cocotb.test()
async def lockstep_against_python_model(dut):
    vec = VectorFile(os.environ["KIT_VEC"])
    model = LoadMonitor(**vec.params)
    drive = [(name, getattr(dut, name)) for name, _ in vec.ins]
    sample = [(name, getattr(dut, name)) for name, _ in vec.outs]
    cycles = list(vec.cycles())
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
    t0 = time.perf_counter()
    for c, (inputs, expected) in enumerate(cycles):
        for name, handle in drive:
            handle.value = inputs[name]
        await RisingEdge(dut.clk_i)
        await ReadOnly()
        want = model.step(inputs)
        for name, handle in sample:
            got = int(handle.value)
            assert got == want[name] == expected[name], (
                f"cycle {c} {name}: rtl {got:#x}, python model {want[name]:#x}, "
                f"vector file {expected[name]:#x}")
        await FallingEdge(dut.clk_i)
    rate = len(cycles) / (time.perf_counter() - t0)
    with open(os.environ["KIT_RATE_FILE"], "w") as f:
        f.write(f"{rate:.0f}\n")
    dut._log.info("%d cycles matched, %.0f cycles/s", len(cycles), rate)
