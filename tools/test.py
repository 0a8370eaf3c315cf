#!/usr/bin/env python3
"""test.py - the whole suite (make test): every tb/test/NN_*.sh and every
block's tb/<block>/test.sh, side by side on every core (TEST_JOBS, default
the processor count).

Each script prints "PASS name" / "FAIL name: why" lines (the suite's line
protocol); a script that exits non-zero without a FAIL line counts as one
failure, one that prints no verdict and exits 0 as one pass. Logs:
build/test/NAME.log. Scripts are started longest first (the durations of
the last run, build/test/times.json) and two scripts that name a common
resource in a header line `# resources: a b` never run at once (a shared
output directory such as build/vectors). A clone's first run takes the
order from tb/test/times.json (a clean run's times, checked in). The report is printed in the
scripts' own order, whatever order they finished in, then the per-script
times (wall, and CPU of the script and its children) and the line
"N passed, M failed"; the same verdicts go to build/junit/make-test.xml
(tools/junit.py). Exit status 1 on any failure.

The scripts build their Verilator models at VOPT=-O1 (SUITE_VOPT; a VOPT
in the environment wins): the suite's runs are tens of thousands of
cycles, so g++'s time dominates and -O1 compiles a model in about 60% of
-O2's CPU (linebacker's default model 20.6 to 12.9 CPU-s) while running
it about as fast (-O0 is cheaper to build but runs up to 10 times
slower: coalescer). make run, make check and make bench keep -O2.
"""
import glob
import json
import os
import signal
import re
import resource
import subprocess
import sys
import threading
import time

from proctree import kill_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TIMES = os.path.join(ROOT, "build", "test", "times.json")
# the durations of a whole clean run, checked in: the order of a clone's
# first run (CI's every run); refresh with cp build/test/times.json tb/test/
TIMES_IN = os.path.join(ROOT, "tb", "test", "times.json")
# the g++ level of the suite's Verilator models (see above)
SUITE_VOPT = "-O1"


def load_times(*paths):
    t = {}
    for path in paths:
        try:
            t.update(json.load(open(path)))
        except (OSError, ValueError):
            pass
    return t


def scripts():
    out = [(os.path.basename(t)[:-3], t) for t in sorted(glob.glob(os.path.join("tb", "test", "[0-9]*.sh")))]
    out += [(os.path.basename(os.path.dirname(t)), t) for t in sorted(glob.glob(os.path.join("tb", "*", "test.sh")))]
    only = os.environ.get("TESTS", "").split()      # TESTS="17_equiv vtt": just those
    return [nt for nt in out if nt[0] in only] if only else out


def resources(path):
    with open(path, errors="replace") as f:
        for line in f:
            m = re.match(r"#\s*resources:\s*(.*)", line)
            if m:
                return set(m.group(1).split())
            if not line.startswith("#"):
                break
    return set()


def main():
    os.chdir(ROOT)
    os.makedirs("build/test", exist_ok=True)
    last = load_times(TIMES_IN, TIMES)
    todo = scripts()
    order = [n for n, _ in todo]
    total = len(todo)
    njobs = int(os.environ.get("TEST_JOBS") or 0) or os.cpu_count() or 1
    pending = sorted(todo, key=lambda nt: -last.get(nt[0], {}).get("wall", 0))   # stable: first run in order
    held, running, done = set(), {}, {}
    lock = threading.Condition()
    pgroups = set()        # each script in a session of its own: stopping the suite stops them all, and all below them

    def stop(signum, _frame):
        for g in list(pgroups):
            kill_tree(g)
        sys.stderr.write("make test: stopped by signal %d\n" % signum)
        os._exit(128 + signum)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)

    def run(name, path, res):
        t0 = time.time()
        log = os.path.join("build", "test", name + ".log")
        with open(log, "w") as f:
            prof = os.path.join("build", "test", name + ".prof")
            if os.path.exists(prof):
                os.remove(prof)
            p = subprocess.Popen(["bash", path], stdout=f, stderr=subprocess.STDOUT, start_new_session=True,
                                 env=dict(os.environ, TEST_PROFILE=prof,
                                          VOPT=os.environ.get("VOPT") or SUITE_VOPT))
            pgroups.add(p.pid)
            _, status, ru = os.wait4(p.pid, 0)
        rc = os.waitstatus_to_exitcode(status)
        pgroups.discard(p.pid)
        with lock:
            done[name] = {"rc": rc, "wall": time.time() - t0, "cpu": ru.ru_utime + ru.ru_stime, "log": log}
            text = open(log, errors="replace").read()
            nf = sum(1 for l in text.split("\n") if l.startswith("FAIL"))
            sys.stderr.write("[%d/%d] %s: %s (%.0f s)\n" % (len(done), total, name,
                             "%d FAIL line(s)" % nf if nf else "exit %d" % rc if rc else "ok", time.time() - t0))
            sys.stderr.flush()
            held.difference_update(res)
            del running[name]
            lock.notify_all()

    with lock:
        while pending or running:
            started = False
            if len(running) < njobs:
                for k, (name, path) in enumerate(pending):
                    res = resources(path)
                    if res & held:
                        continue
                    held.update(res)
                    th = threading.Thread(target=run, args=(name, path, res))
                    running[name] = th
                    pending.pop(k)
                    th.start()
                    started = True
                    break
            if not started:
                lock.wait()
    npass = nfail = 0
    suites = []
    for name in order:
        d = done[name]
        text = open(d["log"], errors="replace").read()
        lines = text.split("\n")
        p = sum(1 for l in lines if l.startswith("PASS"))
        f = sum(1 for l in lines if l.startswith("FAIL"))
        for l in lines:
            if l.startswith("PASS") or l.startswith("FAIL"):
                print("  " + l)
        if d["rc"] != 0 and f == 0:
            print("  FAIL %s: exited %d (log: %s)" % (name, d["rc"], d["log"]))
            for l in [l for l in lines if l][-5:]:
                print("    " + l)
            f = 1
        if f:
            print("  (log: %s)" % d["log"])
        if p == 0 and f == 0:
            p = 1
        npass += p
        nfail += f
        print("== %s: %d passed, %d failed (%.0fs, %.0f CPU-s)" % (name, p, f, d["wall"], d["cpu"]))
        suites.append("%s=%s:%d:%d" % (name, d["log"], round(d["wall"]), d["rc"]))
    times = load_times(TIMES)        # a run of some scripts (TESTS=) keeps the others' times
    times.update({n: {"wall": round(d["wall"], 1), "cpu": round(d["cpu"], 1)} for n, d in done.items()})
    json.dump(dict(sorted(times.items())), open(TIMES, "w"), indent=1)
    cpu = sum(d["cpu"] for d in done.values())
    print("suite: %d scripts, %.1f CPU-minutes, %d at a time (times per script: %s)" % (
        len(done), cpu / 60, njobs, os.path.relpath(TIMES, ROOT)))
    if subprocess.call([sys.executable, "tools/junit.py", "build/junit/make-test.xml"] + suites) != 0:
        print("  FAIL junit: build/junit/make-test.xml not written")
        nfail += 1
    print("%d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
