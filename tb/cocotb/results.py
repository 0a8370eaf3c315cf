#!/usr/bin/env python3
"""results.py [--quiet] RESULTS_XML [TEST...] - cocotb's JUnit results as
verdicts: one line per test case, "PASS cocotb TEST" or "FAIL cocotb TEST:
message" (none with --quiet); exit status 1 when a case failed or errored
(with TEST names: one of those), when a named TEST did not run, or when
the file is missing (cocotb 1.8's make exits 0 whatever its
tests found, so tb/cocotb/Makefile's `check` goal and
tools/cocotb_scoreboard.sh read this instead)."""
import sys
import xml.etree.ElementTree as ET


def main(argv):
    quiet = len(argv) > 1 and argv[1] == "--quiet"
    if quiet:
        argv = argv[:1] + argv[2:]
    out = (lambda *a: None) if quiet else print
    if len(argv) < 2:
        print("usage: results.py RESULTS_XML [TEST...]", file=sys.stderr)
        return 2
    try:
        cases = list(ET.parse(argv[1]).iter("testcase"))
    except (OSError, ET.ParseError) as e:
        out("FAIL cocotb: no results in %s (%s)" % (argv[1], e))
        return 1
    bad = 0
    for c in cases:
        if c.find("skipped") is not None:
            out("SKIP cocotb %s" % c.get("name"))
            continue
        f = c.find("failure") if c.find("failure") is not None else c.find("error")
        if f is None:
            out("PASS cocotb %s" % c.get("name"))
        else:
            msg = (f.get("message") or "").splitlines()
            out("FAIL cocotb %s: %s" % (c.get("name"), msg[0] if msg else "failed"))
            if len(argv) == 2 or c.get("name") in argv[2:]:
                bad = 1
    ran = {c.get("name") for c in cases}
    for t in argv[2:]:
        if t not in ran:
            out("FAIL cocotb %s: not run" % t)
            bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main(sys.argv))
