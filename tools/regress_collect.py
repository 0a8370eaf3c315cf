#!/usr/bin/env python3
"""regress_collect.py DIR JUNIT.xml - the collect step of a sharded
regression (tools/regress.sh collect; doc/regress.md), in one pass over
the job list DIR/jobs.txt (lines "BLOCK SEED CYCLES BINARY [FAULT]") and
the jobs' results DIR/out/BLOCK/SEED.{txt,err,rc}, however they were run
(GNU parallel, Slurm, by hand).

Writes DIR/summary.txt (per block seeds passed and failed, then every
failing seed with its first report line and its reproduce line, then
"regress: N passed, M failed"), DIR/verdicts-BLOCK.log (a PASS/FAIL line
per seed followed by the job's output) and, from those, the merged JUnit
file (tools/junit.py: a testsuite per block, a testcase per seed). A job
with no .rc file never ran and counts as failed. The summary holds no
timings, so it is the same for the same results. Exit 1 when a seed
failed. System python3 only.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import junit  # noqa: E402  (tools/junit.py)


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: regress_collect.py DIR JUNIT.xml\n")
        return 2
    d, xml = argv[1], argv[2]
    jobs = [l.split() for l in (read(os.path.join(d, "jobs.txt")) or "").splitlines() if l.strip()]
    if not jobs:
        sys.stderr.write("regress: error: no jobs in %s/jobs.txt: run make regress first\n" % d)
        return 1
    order, passed, failed, verdicts, failing = [], {}, {}, {}, []
    for job in jobs:
        b, s, c = job[0], job[1], job[2]
        fault = job[4] if len(job) > 4 else ""
        if b not in verdicts:
            order.append(b)
            verdicts[b], passed[b], failed[b] = [], 0, 0
        base = os.path.join(d, "out", b, s)
        rc, out, err = read(base + ".rc"), read(base + ".txt") or "", read(base + ".err") or ""
        if rc is not None and rc.strip() == "0":
            passed[b] += 1
            m = re.search(r"\d+ cycles matched", out)
            verdicts[b].append("PASS %s seed %s: %s" % (b, s, m.group(0) if m else "passed"))
            verdicts[b] += ["  " + l for l in out.splitlines()]
            continue
        failed[b] += 1
        repro = "reproduce: make check BLOCK=%s SEED=%s CYCLES=%s%s" % (
            b, s, c, " FAULT=" + fault if fault else "")
        m = re.search(r"^\s*(reproduce: .*)$", out, re.M)
        if m:
            repro = m.group(1)
        report = (out + err).splitlines()
        first = report[0] if rc is not None and report else (
            "job not run (no %s.rc)" % base if rc is None else "exit %s" % rc.strip())
        verdicts[b].append("FAIL %s seed %s: %s" % (b, s, first))
        verdicts[b] += ["  " + l for l in report]
        if not m:
            verdicts[b].append("  " + repro)
        failing.append("  %s seed %s: %s\n    %s" % (b, s, first, repro))
    np, nf = sum(passed.values()), sum(failed.values())
    cycles = " ".join(sorted({j[2] for j in jobs}, key=int))
    lines = ["Regression summary: %d jobs, %s cycles each" % (len(jobs), cycles),
             "  %-12s %8s %8s" % ("block", "passed", "failed")]
    lines += ["  %-12s %8d %8d" % (b, passed[b], failed[b]) for b in order]
    if failing:
        lines += ["Failing seeds:"] + failing
    lines.append("regress: %d passed, %d failed" % (np, nf))
    with open(os.path.join(d, "summary.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    suites = []
    for b in order:
        log = os.path.join(d, "verdicts-%s.log" % b)
        with open(log, "w") as f:
            f.write("\n".join(verdicts[b]) + "\n")
        suites.append("%s=%s" % (b, log))
    if junit.main(["junit.py", xml] + suites) != 0:
        return 1
    print("\n".join(lines))
    print("JUnit: %s   summary: %s" % (xml, os.path.join(d, "summary.txt")))
    return 1 if nf else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
