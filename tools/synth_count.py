#!/usr/bin/env python3
"""synth_count.py JSON TOP - the storage of a design Yosys took through
synth's steps except memory_map (memories still $mem_v2 cells, flip-flops
mapped to gates), written with write_json: prints "mem=M flops=F", M the
memory bits (WIDTH x SIZE of every $mem_v2) and F the flip-flop bits (one
per gate-level flip-flop cell, WIDTH of a word-level one), each summed over
the instance tree below TOP (a module instantiated twice counts twice).
tools/synth.sh runs it; the
storage cross-check (tb/test/lib.sh synth_check) wants M + F to equal the
model's estimate, as the flop count after full synthesis (memories mapped
to flops) does."""
import json
import sys

FLOPS = {"$dff", "$dffe", "$adff", "$adffe", "$sdff", "$sdffe", "$sdffce", "$aldff", "$aldffe",
         "$dffsr", "$dffsre"}


def param(cell, name):
    v = cell["parameters"][name]
    return int(v, 2) if isinstance(v, str) else int(v)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: synth_count.py JSON TOP")
    try:
        mods = json.load(open(sys.argv[1]))["modules"]
    except (OSError, ValueError, KeyError) as e:
        sys.exit("synth_count: error: %s: %s" % (sys.argv[1], e))
    top = [m for m, v in mods.items() if v.get("attributes", {}).get("top")] or [sys.argv[2]]
    memo = {}

    def count(m):
        if m not in memo:
            mem = flops = 0
            for c in mods[m]["cells"].values():
                t = c["type"]
                if t == "$mem_v2":
                    mem += param(c, "WIDTH") * param(c, "SIZE")
                elif t in FLOPS:
                    flops += param(c, "WIDTH")
                elif t.startswith("$_") and "DFF" in t:
                    flops += 1
                elif t in mods:
                    a, b = count(t)
                    mem, flops = mem + a, flops + b
            memo[m] = (mem, flops)
        return memo[m]

    if top[0] not in mods:
        sys.exit("synth_count: error: no module %s in %s" % (top[0], sys.argv[1]))
    print("mem=%d flops=%d" % count(top[0]))


if __name__ == "__main__":
    main()
