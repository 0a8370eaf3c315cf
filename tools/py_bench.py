#!/usr/bin/env python3
"""py_bench.py [CYCLES] [REPEAT] - speed of the golden models from Python
(doc/python.md), per block at its default configuration, on the block's
seeded stimulus (seed 1), each figure the median of REPEAT (3) runs:

  step     Model.step(inputs) once per cycle: what a cocotb scoreboard
           pays (ctypes call, argument marshalling, Outputs record)
  run      Model.run(list of inputs): one call into C for the whole list,
           including packing the records into a C array
  C        the same C loop (cvkit_model_run) on an already packed array:
           the C model's own speed inside libcvkit.so

Run with the project venv's python (make python) from the kit's root.
"""
import statistics
import sys
import time
from ctypes import c_uint64

import cvkit
from cvkit import _lib


def med(f, rep):
    ts = []
    for _ in range(rep):
        t0 = time.perf_counter()
        f()
        ts.append(time.perf_counter() - t0)
    return statistics.median(ts)


def main(argv):
    n = int(argv[1]) if len(argv) > 1 else 100000
    rep = int(argv[2]) if len(argv) > 2 else 3
    print("%-12s %12s %12s %12s %9s" % ("block", "step/s", "run/s", "C/s", "C:step"))
    for b in cvkit.blocks():
        cfg = cvkit.config(b)
        ins = list(cfg.stimulus(seed=1, cycles=n))
        m = cfg.model()

        def steps():
            m.reset()
            for i in ins:
                m.step(i)

        def runs():
            m.reset()
            m.run(ins)

        nin = cfg.block.nin
        arr = (c_uint64 * (n * nin))()
        for c, i in enumerate(ins):
            arr[c * nin:(c + 1) * nin] = list(i)
        err = cvkit._err()

        def raw():
            m.reset()
            _lib.lib.cvkit_model_run(m._m, n, arr, None, err, len(err))

        ts, tr, tc = med(steps, rep), med(runs, rep), med(raw, rep)
        print("%-12s %12.0f %12.0f %12.0f %9.1f" % (b, n / ts, n / tr, n / tc, ts / tc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
