#!/usr/bin/env python3
"""mutate.py - make mutate: how strong is a block's default check?

    tools/mutate.py BLOCK [--mutants N] [--seed S] [--jobs J]

MCY-style mutation testing on the RTL source (Yosys's `mutate` works on
netlists, whose parameters are gone, while every kit build passes -G
parameters): each mutant is rtl/BLOCK.v with exactly one operator changed
at one place outside the `ifdef FORMAL` properties and comments:

    <  <=  >  >=  (comparisons, not the non-blocking assignment)
    ==  !=        &&  ||        &  |  ^ (bitwise)
    +  -          (binary, outside bit ranges [..])
    1'b0  1'b1    (single-bit constants)

The points are drawn with the seed (same seed, same mutants); a mutant that
does not elaborate under Verilator at the default configuration is replaced
by the next point. Each mutant, renamed to its own module, is then:

1. run through the block's default test (every check-list configuration
   and directed file, tools/jobs.py check --stop, read from its
   summary.json): killed if any run reports a difference; a check that
   gives no verdict within --check-timeout seconds is unknown, not killed
   (on a loaded machine a slow check is not a kill; Verilator's own
   convergence limit already fails a mutant that loops combinationally);
2. if it survives, classified with make equiv (tools/equiv.py) at every
   equivalence configuration of the block (simulation first, then the
   proofs), read from its result.json: proved unbounded at every
   configuration -> equivalent (not counted); a difference -> a real hole
   in the default check (the counterexample .stim is kept); anything less
   (bounded only, no verdict, no answer within --equiv-timeout seconds) ->
   unknown, listed apart and counted as a survivor. A bounded run is never
   called equivalent.

With --resume, each mutant's verdict is kept in NAME.verdict.json beside
it, keyed by a hash of everything the verdict depends on (the mutant's
text, the block's other RTL files, the check plan and equivalence
configurations, their directed files, the golden models, generators and
lockstep sources, and the options above); a rerun
reuses a verdict whose key still matches and judges the rest, so a long
campaign that was stopped goes on where it ended. A verdict that came from
a timeout (check or equivalence) is never kept: a rerun judges it again.

Score = killed / (mutants - equivalent - invalid). The report (stdout and
build/mutate/BLOCK/report.txt, or --out DIR) lists every mutant with its
line and change, its verdict and time, every survivor and every unknown;
build/mutate/BLOCK/result.json has the same as data (cvkit.mutate/1,
doc/results.md). Exit 0 when the score is 100% (no survivor, no unknown).
"""
import argparse
import glob
import hashlib
import json
import os
import random
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from proctree import kill_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (pattern, replacement, description). Patterns see one line of RTL with
# its comment removed; bit ranges are masked first.
OPERATORS = [
    (r"(?<![<>=!])<(?![<=])", "<=", "< -> <="),
    (r"(?<![<>=!])<=(?!=)", "<", "<= -> <"),
    (r"(?<![-<>=])>(?![>=])", ">=", "> -> >="),
    (r"(?<![<>=])>=", ">", ">= -> >"),
    (r"(?<![=!<>])==(?!=)", "!=", "== -> !="),
    (r"!=(?!=)", "==", "!= -> =="),
    (r"&&", "||", "&& -> ||"),
    (r"\|\|", "&&", "|| -> &&"),
    (r"(?<![&])&(?![&])", "|", "& -> |"),
    (r"(?<![|])\|(?![|])", "&", "| -> &"),
    (r"(?<![~])\^", "&", "^ -> &"),
    (r"(?<=[\w)\]] )\+(?= [\w(])", "-", "+ -> -"),
    (r"(?<=[\w)\]] )-(?= [\w(])", "+", "- -> +"),
    (r"1'b0", "1'b1", "1'b0 -> 1'b1"),
    (r"1'b1", "1'b0", "1'b1 -> 1'b0"),
]


def run(cmd, env=None, timeout=None):
    """(status, output) of a command in the repository; on timeout it and
    every process below it are killed and the status is None."""
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.Popen(cmd, cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out
    except subprocess.TimeoutExpired:
        kill_tree(p.pid)
        out, _ = p.communicate()
        return None, out


def mutable_lines(text):
    """(line number, code part) of lines a mutation may touch: inside the
    module body after its ports, outside `ifdef FORMAL` regions, not in
    generate-time parameter checks, without the comment part."""
    out = []
    in_formal = 0
    in_block_comment = False
    body = False
    for n, line in enumerate(text.split("\n"), 1):
        code = line
        if in_block_comment:
            if "*/" in code:
                code = code[code.index("*/") + 2:]
                in_block_comment = False
            else:
                continue
        if "/*" in code:
            in_block_comment = "*/" not in code[code.index("/*"):]
            code = code[:code.index("/*")]
        if "//" in code:
            code = code[:code.index("//")]
        s = code.strip()
        if s.startswith("`ifdef FORMAL") or (in_formal and s.startswith("`if")):
            in_formal += 1
            continue
        if in_formal:
            if s.startswith("`endif"):
                in_formal -= 1
            continue
        if s.startswith("always") or s.startswith("assign"):
            body = True
        if not body or not s or s.startswith("`") or "param_error" in s or s.startswith("localparam"):
            continue
        # lint sinks (wire unused_* = ^{...}): no function, always equivalent
        if re.search(r"\bunused", s):
            continue
        out.append((n, code))
    return out


def candidates(text):
    cands = []
    for n, code in mutable_lines(text):
        # non-blocking assignment "lhs <= rhs": its <= is not an operator
        nba = re.match(r"^(\s*[\w\[\]\s:.+*-]*?\s)<=\s", code)
        masked = re.sub(r"\[[^\[\]]*\]", lambda m: "#" * len(m.group(0)), code)
        # loop headers are elaboration-time (a netlist has none): a mutated
        # bound or step is not a hardware fault, and s = s - 1 never ends
        masked = re.sub(r"\bfor\s*\([^()]*\)", lambda m: "#" * len(m.group(0)), masked)
        for pat, rep, desc in OPERATORS:
            for m in re.finditer(pat, masked):
                if nba and m.start() == len(nba.group(1)) and m.group(0) in ("<=", "<"):
                    continue
                cands.append((n, m.start(), m.end(), rep, desc))
    return cands


def apply(text, cand, top, newtop):
    lines = text.split("\n")
    n, a, z, rep, _ = cand
    line = lines[n - 1]
    lines[n - 1] = line[:a] + rep + line[z:]
    out = "\n".join(lines)
    return re.sub(r"^module %s\b" % re.escape(top), "module " + newtop, out, count=1, flags=re.M)


def verdict_base(b, others, a):
    """A hash of what every verdict of block b depends on besides the
    mutant's own text (--resume keeps a verdict while it matches)."""
    base = hashlib.sha256()
    for f in others:
        base.update(open(os.path.join(ROOT, f), "rb").read())
    # the golden models, the generators and the lockstep the check runs:
    # any change there may change a verdict (conservatively, every block's)
    for pat in ("cmodel/*/*.[ch]", "cmodel/*/*.def", "tb/stim/*.[ch]", "tb/*/*_stim.c", "tb/harness/*.[ch]",
                "tb/harness/*.cpp"):
        for f in sorted(glob.glob(os.path.join(ROOT, pat))):
            base.update(os.path.relpath(f, ROOT).encode() + open(f, "rb").read())
    for cmd in (["build/kit", "plan", "check", "--blocks", b], ["build/kit", "equiv", b]):
        base.update(run(cmd)[1].encode())
    ddir = os.path.join(ROOT, "tb", b, "directed")
    for f in sorted(os.listdir(ddir)) if os.path.isdir(ddir) else []:
        base.update(f.encode() + open(os.path.join(ddir, f), "rb").read())
    base.update(json.dumps([a.check_seed, a.cycles, a.no_directed, a.classify_only, a.bmc, a.check_timeout,
                            a.equiv_timeout, a.equiv_args]).encode())
    return base


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("block")
    ap.add_argument("--mutants", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check-seed", type=int, default=1, help="seed of the default check runs")
    ap.add_argument("--cycles", type=int, default=0,
                    help="run every check configuration for this many cycles instead of its own (a weaker check)")
    ap.add_argument("--no-directed", action="store_true", help="leave the directed files out of the check")
    ap.add_argument("--out", default="", help="directory of the mutants and the report (build/mutate/BLOCK)")
    ap.add_argument("--list", action="store_true", help="only write and list the mutants")
    ap.add_argument("--classify-only", action="store_true",
                    help="skip the default check: every mutant goes straight to make equiv's classification")
    ap.add_argument("--lines", default="", help="only points on these RTL lines (N,N,...): one mutation studied alone")
    ap.add_argument("--only", default="",
                    help="judge only these mutants of the list (N,N,...: hac_m3 is 3); the rest are listed, not judged")
    ap.add_argument("--jobs", type=int, default=2, help="mutants judged side by side")
    ap.add_argument("--bmc", type=int, default=24, help="BMC depth of the equivalence check of a survivor")
    ap.add_argument("--check-timeout", type=int, default=900,
                    help="seconds before a check with no verdict makes the mutant 'unknown'")
    ap.add_argument("--equiv-timeout", type=int, default=1800, help="seconds before a survivor is 'unknown'")
    ap.add_argument("--equiv-args", default="", help="more options for tools/equiv.py (its engine timeouts)")
    ap.add_argument("--resume", action="store_true",
                    help="reuse each mutant's kept verdict when nothing it depends on changed")
    a = ap.parse_args()
    b = a.block
    rc, top = run(["build/kit", "top", b])
    if rc:
        sys.exit(top.strip())
    top = top.strip()
    rtl_files = run(["build/kit", "rtl", b])[1].split()
    src = os.path.join(ROOT, "rtl", b, b + ".v")
    if os.path.join("rtl", b, b + ".v") not in rtl_files:
        sys.exit("mutate: error: block %s has no rtl/%s/%s.v" % (b, b, b))
    text = open(src).read()
    cands = candidates(text)
    if a.lines:
        try:
            keep = {int(x) for x in a.lines.split(",")}
        except ValueError:
            sys.exit("mutate: error: --lines '%s': expected line numbers N,N,..." % a.lines)
        cands = [c for c in cands if c[0] in keep]
    rng = random.Random(a.seed)
    rng.shuffle(cands)
    out_dir = os.path.join(ROOT, a.out or os.path.join("build", "mutate", b))
    os.makedirs(out_dir, exist_ok=True)
    for f in os.listdir(out_dir):
        if f.endswith(".v") or (f.endswith(".verdict.json") and not a.resume):
            os.remove(os.path.join(out_dir, f))
    others = [f for f in rtl_files if f != os.path.join("rtl", b, b + ".v")]
    rtl_rel = lambda path: " ".join(others + [os.path.relpath(path, ROOT)])
    gflags = run(["build/kit", "gflags", b])[1].split()

    # the mutants: the first N candidate points that elaborate
    mutants = []
    for cand in cands:
        if len(mutants) == a.mutants:
            break
        name = "%s_m%d" % (top, len(mutants) + 1)
        path = os.path.join(out_dir, name + ".v")
        with open(path, "w") as f:
            f.write(apply(text, cand, top, name))
        lint = run(["verilator", "--lint-only", "-Wno-fatal", "-Wno-lint", "-Wno-style", "--top-module", name]
                   + gflags + others + [path])
        if lint[0] != 0:
            os.remove(path)
            continue
        mutants.append((name, path, cand))

    # the block's default test (kit plan check), stopping at the first
    # failure, one job at a time per mutant (--jobs mutants side by side)
    check_args = ["--stop", "--seed", str(a.check_seed), "--jobs", "1"]
    if a.no_directed:
        check_args.append("--no-directed")
    if a.cycles > 0:
        check_args += ["--each-cycles", str(a.cycles)]

    if a.only:
        try:
            only = {int(x) for x in a.only.split(",")}
        except ValueError:
            sys.exit("mutate: error: --only '%s': expected mutant numbers N,N,..." % a.only)
        bad = sorted(n for n in only if not 1 <= n <= len(mutants))
        if bad:
            sys.exit("mutate: error: --only %s: the list has %d mutants (--mutants)" % (a.only, len(mutants)))
        mutants = [m for k, m in enumerate(mutants) if k + 1 in only]

    if a.list:
        for name, path, cand in mutants:
            print("%s line %d (%s): %s" % (name, cand[0], cand[4], text.split("\n")[cand[0] - 1].strip()))
        sys.exit(0)

    base = verdict_base(b, others, a)

    def judge(m):
        name, path, cand = m
        key = base.copy()
        key.update(open(path, "rb").read())
        key = key.hexdigest()
        kept = os.path.join(out_dir, name + ".verdict.json")
        if a.resume and os.path.exists(kept):
            try:
                k = json.load(open(kept))
                if k.get("key") == key and not k.get("timed_out"):
                    r = (name, cand[0], cand[4], text.split("\n")[cand[0] - 1].strip(), k["verdict"], k["detail"],
                         k["seconds"], True)
                    print("%-12s line %4d  %-14s %-10s %5.0fs  %s (kept)" % (r[0], r[1], r[2], r[4], r[6],
                                                                          r[5][:100]), flush=True)
                    return r
            except (OSError, ValueError, KeyError):
                pass
        t0 = time.time()
        timed_out = False
        summary = os.path.join(out_dir, name + ".check.json")
        if os.path.exists(summary):
            os.remove(summary)
        def check():
            rc, out = run(["tools/jobs.py", "check", "--blocks", b, "--rtl", rtl_rel(path), "--top", name,
                           "--results-dir", os.path.relpath(os.path.join(out_dir, name + ".results"), ROOT),
                           "--summary", os.path.relpath(summary, ROOT)] + check_args, timeout=a.check_timeout)
            try:
                sm = json.load(open(summary))
            except (OSError, ValueError):
                sm = {"failures": [{"verdict": "error", "message": "the check gave no summary: "
                                    + out.strip().split("\n")[-1] if out.strip() else "no output"}]}
            return rc, sm

        def no_build(rc, sm):
            first = (sm.get("failures") or [{}])[0]
            return rc not in (0, None) and first.get("verdict") == "error" and "did not build" in first.get("message", "")

        if a.classify_only:
            rc, sm = 0, {"failures": []}
        else:
            rc, sm = check()
            if no_build(rc, sm):
                # a build that fails once may be the machine's (a full disk, a
                # killed compiler), not the mutant's: "invalid" takes the
                # mutant out of the score, so it needs the failure twice
                rc, sm = check()
        first = (sm.get("failures") or [{}])[0]
        kill_line = "%s %s: %s" % (first.get("verdict", ""), first.get("job", ""), first.get("message", "")
                                   or "cycle %s" % first.get("fail_cycle"))
        if rc is None:
            # no verdict in time: slow or hung, nothing was shown either way
            timed_out = True
            verdict, detail = "UNKNOWN", "the default check gave no verdict within %d s" % a.check_timeout
        elif no_build(rc, sm):
            verdict, detail = "invalid", "does not build at every configuration (twice): " + kill_line
        elif rc != 0:
            verdict, detail = "killed", kill_line
        else:
            # survived the check: equivalent to the reference, or a hole?
            res = os.path.join(out_dir, name + ".equiv.json")
            if os.path.exists(res):
                os.remove(res)
            erc, eout = run(["python3", "tools/equiv.py", b, "--rtl", rtl_rel(path), "--top", name,
                             "--no-replay", "--json", os.path.relpath(res, ROOT), "--bmc-depth", str(a.bmc)]
                            + a.equiv_args.split(),
                            timeout=a.equiv_timeout)
            try:
                er = json.load(open(res))
            except (OSError, ValueError):
                er = None
            if erc is None or er is None:
                timed_out = erc is None
                verdict, detail = "UNKNOWN", "make equiv gave no result%s" % (
                    " in %d s" % a.equiv_timeout if erc is None else "")
            elif er["verdict"] == "proved":
                verdict, detail = "equivalent", "proved at %d configuration(s)" % len(er["configs"])
            elif er["verdict"] == "different":
                ce = next((c for c in er["configs"] if c.get("verdict") == "different"), None)
                stim = ce.get("counterexample", "") if ce else \
                    next((d["file"] for d in er["directed"] if d["verdict"] != "matched"), "")
                verdict, detail = "SURVIVED", "not equivalent: %s" % stim
            else:
                verdict, detail = "UNKNOWN", "make equiv: %s" % er["message"]
        n, _, _, _, desc = cand
        r = (name, n, desc, text.split("\n")[n - 1].strip(), verdict, detail, time.time() - t0, False)
        print("%-12s line %4d  %-14s %-10s %5.0fs  %s" % (r[0], n, desc, verdict, r[6], detail[:110]), flush=True)
        tmp = kept + ".tmp%d" % os.getpid()
        with open(tmp, "w") as f:
            json.dump({"key": key, "verdict": verdict, "detail": detail, "seconds": round(r[6], 1),
                       "timed_out": timed_out}, f)
        os.replace(tmp, kept)
        return r

    t_all = time.time()
    with ThreadPoolExecutor(max_workers=max(1, a.jobs)) as pool:
        results = list(pool.map(judge, mutants))

    equiv = sum(1 for r in results if r[4] == "equivalent")
    invalid = sum(1 for r in results if r[4] == "invalid")
    killed = sum(1 for r in results if r[4] == "killed")
    survived = [r for r in results if r[4] == "SURVIVED"]
    unknown = [r for r in results if r[4] == "UNKNOWN"]
    denom = len(results) - equiv - invalid
    score = 100.0 * killed / denom if denom else 100.0
    rep = ["make mutate BLOCK=%s: %d mutants (seed %d) of rtl/%s/%s.v, %d candidate points" %
           (b, len(results), a.seed, b, b, len(cands)),
           "  killed %d, equivalent %d (proved), invalid %d, survived %d, unknown %d: score %d/%d = %.1f%%, %.0f s" %
           (killed, equiv, invalid, len(survived), len(unknown), killed, denom, score, time.time() - t_all)]
    for r in survived:
        rep.append("  SURVIVOR %s: line %d (%s) %s: %s" % (r[0], r[1], r[2], r[3], r[5]))
    for r in unknown:
        rep.append("  UNKNOWN %s: line %d (%s) %s: %s" % (r[0], r[1], r[2], r[3], r[5]))
    for r in results:
        if r[4] == "equivalent":
            rep.append("  equivalent %s: line %d (%s) %s" % (r[0], r[1], r[2], r[3]))
    print("\n".join(rep))
    with open(os.path.join(out_dir, "report.txt"), "w") as f:
        f.write("\n".join("%s line %d %s: %s %s" % (r[0], r[1], r[2], r[4], r[5]) for r in results))
        f.write("\n" + "\n".join(rep) + "\n")
    data = {"schema": "cvkit.mutate/1", "block": b, "seed": a.seed, "candidates": len(cands),
            "mutants": [{"name": r[0], "line": r[1], "change": r[2], "source": r[3], "verdict": r[4].lower(),
                         "detail": r[5], "seconds": round(r[6], 1), "kept": r[7]} for r in results],
            "killed": killed, "equivalent": equiv, "invalid": invalid, "survived": len(survived),
            "unknown": len(unknown), "score": round(score, 2)}
    tmp = os.path.join(out_dir, "result.json.tmp%d" % os.getpid())
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(out_dir, "result.json"))
    ok = not survived and not unknown
    print("%s mutate %s: score %.1f%% (%d killed of %d non-equivalent; %d unknown)" %
          ("PASS" if ok else "FAIL", b, score, killed, denom, len(unknown)))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
