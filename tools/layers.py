#!/usr/bin/env python3
"""layers.py [ROOT] - the kit's C layers point one way (doc/harness.md
"Layout and layers"): every quoted #include of every C/C++ file under
cmodel/, vectors/ and tb/ names a file of its own layer or a lower one, and
no chain of includes comes back to where it started.

  0 core       cmodel/core/                  (and build/gen/kit_blocks.h)
  1 models     cmodel/<block>/
  2 formats    vectors/
  3 stimulus   tb/stim/, tb/<block>/<block>_stim.c, tb/<block>/<block>_traffic.c
               (and build/gen/kit_traffic.h)
  4 harness    tb/harness/                   (and Verilator's headers)
  5 tests      tb/test/, tb/<block>/test_*.c, tb/fuzz/

Prints one line per violation (`FILE:LINE: includes NAME (layer ...) from
layer ...`, `cycle: A -> B -> A`) and exits 1 if there is any; otherwise
prints the count of includes checked and exits 0.
"""
import os
import re
import sys

NAMES = ["core", "models", "formats", "stimulus", "harness", "tests"]
GENERATED = {"kit_blocks.h": 0, "kit_traffic.h": 3}
VERILATOR = {"Vdut.h", "Vcvkit_dpi_top.h", "verilated.h", "verilated_vcd_c.h", "verilated_cov.h"}


def layer(path):
    p = path.replace(os.sep, "/")
    parts = p.split("/")
    if p.startswith("cmodel/core/"):
        return 0
    if p.startswith("cmodel/"):
        return 1
    if p.startswith("vectors/"):
        return 2
    if p.startswith("tb/stim/"):
        return 3
    if p.startswith("tb/harness/"):
        return 4
    if p.startswith("tb/test/") or p.startswith("tb/fuzz/"):
        return 5
    if len(parts) == 3 and parts[0] == "tb":
        if parts[2] in (parts[1] + "_stim.c", parts[1] + "_traffic.c"):
            return 3
        if parts[2].startswith("test_"):
            return 5
    return None


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    files = []
    for top in ("cmodel", "vectors", "tb"):
        for d, _, fs in os.walk(os.path.join(root, top)):
            for f in fs:
                if f.endswith((".c", ".h", ".cpp")):
                    files.append(os.path.relpath(os.path.join(d, f), root))
    bad, edges, n = [], {}, 0
    for f in sorted(files):
        lf = layer(f)
        if lf is None:
            bad.append("%s: not in any layer (move it, or name its layer in tools/layers.py)" % f)
            continue
        for ln, line in enumerate(open(os.path.join(root, f), errors="replace"), 1):
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if not m:
                continue
            n += 1
            name = m.group(1)
            if name in GENERATED:
                lt = GENERATED[name]
            elif name in VERILATOR:
                lt = 4
            elif os.path.isfile(os.path.join(root, name)):
                lt = layer(name)
                edges.setdefault(f, []).append(name)
            else:
                bad.append("%s:%d: includes \"%s\", which is not a path from the root" % (f, ln, name))
                continue
            if lt is None or lt > lf:
                bad.append("%s:%d: includes %s (layer %s) from layer %d %s: an upward include" % (
                    f, ln, name, "?" if lt is None else "%d %s" % (lt, NAMES[lt]), lf, NAMES[lf]))
    # cycles among the files
    state = {}

    def visit(f, stack):
        state[f] = 1
        stack.append(f)
        for g in edges.get(f, []):
            if state.get(g) == 1:
                bad.append("cycle: " + " -> ".join(stack[stack.index(g):] + [g]))
            elif g not in state:
                visit(g, stack)
        stack.pop()
        state[f] = 2

    for f in sorted(edges):
        if f not in state:
            visit(f, [])
    for b in bad:
        print(b)
    if not bad:
        print("layers: %d includes in %d files point one way, no cycle" % (n, len(files)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
