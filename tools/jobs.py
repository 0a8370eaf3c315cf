#!/usr/bin/env python3
"""jobs.py - the executor of `kit plan`: one way to run the kit's jobs.

    tools/jobs.py TARGET [kit plan options] [--jobs N] [--summary-only]

TARGET and its options go to `build/kit plan` (tb/harness/plan.c), which decides
what the target means (the block's default test is defined there). This
program then
  1. builds every Verilator model the jobs need, once each, side by side up
     to --jobs (tools/build_lockstep.sh: a cache keyed by what each build is
     made of, safe against concurrent runs), one progress line per build;
  2. runs the jobs side by side up to --jobs (a lockstep on one thread when
     several run at once), each writing its result as data
     (build/results/TARGET/...json: cvkit.lockstep/1, cvkit.vectors/1,
     cvkit.replay/1), and prints each job's own report in plan order;
  3. reads those results (never the text) into the summary lines and
     build/results/TARGET/summary.json (cvkit.summary/1, doc/results.md).
--stop (a plan option) ends the run at the first job that fails.

Exit status 0 when every job passed (and, under --strict, every block
reached all its cover events), 1 otherwise, 2 for a bad request.
V=1 in the environment shows the commands.
"""
import json
import os
import shlex
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT = os.path.join(ROOT, "build", "kit")
VERBOSE = os.environ.get("V", "0") == "1"
LOCK = threading.Lock()


def run(cmd, env=None):
    if VERBOSE:
        with LOCK:
            print("  $ " + " ".join(shlex.quote(c) for c in cmd), flush=True)
    e = dict(os.environ)
    if env:
        e.update(env)
    p = subprocess.run(cmd, cwd=ROOT, env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return p.returncode, p.stdout, p.stderr


def load(path):
    try:
        with open(os.path.join(ROOT, path)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def write_json(path, data):
    full = os.path.join(ROOT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    tmp = "%s.tmp%d" % (full, os.getpid())
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, full)


class Executor:
    def __init__(self, target, plan_args, njobs):
        self.target = target
        self.plan_args = plan_args
        self.njobs = max(1, njobs)
        self.stop = threading.Event()

    # -------------------------------------------------------------- plan
    def plan(self):
        rc, out, err = run([KIT, "plan", self.target] + self.plan_args)
        if rc != 0:
            sys.stderr.write(err)
            sys.exit(2)
        self.p = json.loads(out)
        write_json("build/results/%s/plan.json" % self.target, self.p)
        self.jobs = self.p["jobs"]
        rtl = next((m["rtl"] for m in self.p["models"] if m["rtl"]), "")
        top = next((m["top"] for m in self.p["models"] if m["top"]), "")
        self.rtl, self.top = rtl, top

    # ------------------------------------------------------------- models
    def build(self, m, k, n):
        env = {"KIT_COVERAGE": "1"} if self.p["coverage"] else {}
        t0 = time.time()
        rc, out, err = run(["tools/build_lockstep.sh", m["block"], m["params"], m["rtl"], m["top"]], env)
        lines = out.strip().split("\n")
        m["binary"] = lines[-1] if rc == 0 and lines and lines[-1] else None
        built = "== build lockstep" in err
        with LOCK:
            if m["binary"]:
                print("build %d/%d %s [%s]: %s" % (k, n, m["block"], m["params"] or "default",
                                                    "%.0f s" % (time.time() - t0) if built else "cached"), flush=True)
            else:
                m["error"] = (err.strip().split("\n") or ["build failed"])
                print("build %d/%d %s [%s]: FAILED\n%s" % (k, n, m["block"], m["params"] or "default",
                                                            "\n".join("  " + l for l in m["error"][-6:])), flush=True)
            if VERBOSE and err.strip():
                print(err.rstrip(), flush=True)
        return built

    def build_all(self):
        used = sorted({j["model"] for j in self.jobs if j["kind"] == "lockstep"})
        models = [self.p["models"][i] for i in used]
        with ThreadPoolExecutor(max_workers=self.njobs) as pool:
            built = list(pool.map(lambda km: self.build(km[1], km[0] + 1, len(models)), enumerate(models)))
        self.builds = {"models": len(models), "built": sum(built)}

    # --------------------------------------------------------------- jobs
    def lockstep(self, j):
        m = self.p["models"][j["model"]]
        if not m.get("binary"):
            return {"verdict": "error", "message": "the model did not build: " + (m.get("error") or ["?"])[-1]}, ""
        cmd = [m["binary"], "--seed", str(j["seed"])]
        cmd += ["--stim", j["stim"]] if j["stim"] else ["--cycles", str(j["cycles"])]
        if j["fault"]:
            cmd += ["--fault", j["fault"]]
        if j["waves"]:
            cmd += ["--waves", j["waves"]]
        if j["strict"]:
            cmd.append("--strict")
        cmd += ["--repro", j["repro"], "--result", j["result"]]
        env = {"KIT_THREADS": "1"} if self.parallel else {}
        if self.p["coverage"]:
            env["KIT_COVERAGE_FILE"] = j["result"][:-5] + ".dat"
        full = os.path.join(ROOT, j["result"])
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.exists(full):
            os.remove(full)
        rc, out, err = run(cmd, env)
        r = load(j["result"]) or {"verdict": "error", "message": (err.strip() or "no result written").split("\n")[-1]}
        return r, out + err

    def vectors(self, j):
        cmd = [KIT, "vectors", j["block"], "-o", j["vec"], "--seed", str(j["seed"])]
        cmd += ["--stim", j["stim"]] if j["stim"] else ["--cycles", str(j["cycles"])]
        cmd += j["params"].split()
        os.makedirs(os.path.join(ROOT, os.path.dirname(j["vec"])), exist_ok=True)
        rc, out, err = run(cmd)
        if rc != 0:
            return {"verdict": "error", "message": err.strip().split("\n")[-1]}, err
        rc, out, err = run([KIT, "checkvec", j["vec"], "--json"])
        if rc != 0:
            return {"verdict": "error", "message": err.strip().split("\n")[-1]}, err
        r = json.loads(out)
        r.update(schema="cvkit.vectors/1", vec=j["vec"], verdict="written")
        return r, "wrote %s (%d cycles)\n" % (j["vec"], r["cycles"])

    def replay(self, j):
        d = os.path.join("build", "replay")
        os.makedirs(os.path.join(ROOT, d), exist_ok=True)
        n = os.path.splitext(os.path.basename(j["vec"]))[0]
        tb, sim, res = os.path.join(d, n + "_tb.v"), os.path.join(d, n + ".vvp"), os.path.join(d, n + ".json")
        rc, out, err = run([KIT, "tbgen", j["vec"], "-o", tb, "--top", j["top"]])
        if rc != 0:
            return {"verdict": "error", "message": err.strip().split("\n")[-1]}, err
        rc, out, err = run(["iverilog", "-g2005", "-o", sim, tb] + j["rtl"].split())
        if rc != 0:
            return {"verdict": "error", "message": "iverilog: " + (err.strip().split("\n") or [""])[0]}, err
        if os.path.exists(os.path.join(ROOT, res)):
            os.remove(os.path.join(ROOT, res))
        rc, out, err = run(["vvp", "-n", sim, "+vec=" + j["vec"], "+result=" + res])
        r = load(res) or {"verdict": "error", "message": "the replay wrote no result"}
        text = "%s icarus replay %s: %d cycles %s" % ("PASS" if r["verdict"] == "matched" else "FAIL", n,
                                                      r.get("cycles", 0), "match" if r["verdict"] == "matched" else
                                                      "(first difference: cycle %s, %s)" % (r.get("fail_cycle"), r.get("fail_port")))
        if r["verdict"] != "matched":
            text += "\n  reproduce: iverilog -g2005 -o sim %s %s && vvp sim +vec=%s +waves" % (tb, j["rtl"], j["vec"])
        return r, text + "\n"

    def one(self, j):
        if self.stop.is_set():
            return {"verdict": "skipped"}, ""
        if "after" in j:
            self.done[j["after"]].wait()
            if self.results.get(j["after"], {}).get("verdict") not in ("written",):
                return {"verdict": "skipped", "message": "its vector file was not written"}, ""
        r, text = {"lockstep": self.lockstep, "vectors": self.vectors, "replay": self.replay}[j["kind"]](j)
        if r["verdict"] not in ("matched", "written") and self.p["stop"]:
            self.stop.set()
        return r, text

    def run_all(self):
        self.results, self.done = {}, {j["id"]: threading.Event() for j in self.jobs}
        self.parallel = self.njobs > 1 and len([j for j in self.jobs if j["kind"] == "lockstep"]) > 1
        outs = [None] * len(self.jobs)
        ready = [threading.Event() for _ in self.jobs]

        def work(k):
            j = self.jobs[k]
            try:
                r, text = self.one(j)
            except Exception as e:  # a job that crashes the executor is a failed job
                r, text = {"verdict": "error", "message": "executor: %s" % e}, ""
            self.results[j["id"]] = r
            outs[k] = text
            self.done[j["id"]].set()
            ready[k].set()

        with ThreadPoolExecutor(max_workers=self.njobs) as pool:
            # replay jobs wait for their vector file: submit those last
            order = sorted(range(len(self.jobs)), key=lambda k: "after" in self.jobs[k])
            for k in order:
                pool.submit(work, k)
            for k in range(len(self.jobs)):      # reports in plan order
                ready[k].wait()
                if outs[k]:
                    sys.stdout.write(outs[k] if outs[k].endswith("\n") else outs[k] + "\n")
                    sys.stdout.flush()

    # ------------------------------------------------------------ summary
    def summarize(self):
        blocks = []
        for j in self.jobs:
            if j["block"] not in blocks:
                blocks.append(j["block"])
        summary = {"schema": "cvkit.summary/1", "target": self.target, "seed": self.p["seed"],
                   "builds": self.builds, "blocks": {}, "failures": []}
        ok = True
        for b in blocks:
            mine = [(j, self.results.get(j["id"], {})) for j in self.jobs if j["block"] == b]
            s = {"random": {"runs": 0, "passed": 0, "cycles": 0, "configs": []},
                 "directed": {"runs": 0, "passed": 0, "cycles": 0},
                 "vectors": {"files": 0, "cycles": 0}, "replay": {"files": 0, "passed": 0, "cycles": 0},
                 "cover": {}}
            for j, r in mine:
                v = r.get("verdict", "skipped")
                good = v in ("matched", "written")
                if j["kind"] == "lockstep":
                    part = s["directed"] if j["stim"] else s["random"]
                    part["runs"] += 1
                    part["passed"] += good
                    part["cycles"] += r.get("cycles", 0) if good else 0
                    if not j["stim"] and j["config"] not in part["configs"]:
                        part["configs"].append(j["config"])
                elif j["kind"] == "vectors":
                    s["vectors"]["files"] += good
                    s["vectors"]["cycles"] += r.get("cycles", 0) if good else 0
                else:
                    s["replay"]["files"] += 1
                    s["replay"]["passed"] += good
                    s["replay"]["cycles"] += r.get("cycles", 0) if good else 0
                if good or j["kind"] == "lockstep":
                    for name, n in (r.get("cover") or {}).items():
                        s["cover"][name] = s["cover"].get(name, 0) + (n if good else 0)
                if not good and v != "skipped":
                    ok = False
                    summary["failures"].append({"job": j["id"], "block": b, "verdict": v,
                                                "message": r.get("message", ""), "repro": j.get("repro", ""),
                                                "fail_cycle": r.get("fail_cycle")})
            missing = [k for k, n in s["cover"].items() if not n]
            s["cover_seen"], s["cover_total"], s["cover_missing"] = len(s["cover"]) - len(missing), len(s["cover"]), missing
            if self.p["strict"] and missing and not self.stop.is_set():
                ok = False
                summary["failures"].append({"job": b, "block": b, "verdict": "coverage",
                                            "message": "events never reached: " + ", ".join(missing)})
            summary["blocks"][b] = s
        summary["verdict"] = "pass" if ok else "fail"
        write_json("build/results/%s/summary.json" % self.target, summary)
        self.summary = summary
        return ok

    def print_summary(self):
        sm = self.summary
        for b, s in sm["blocks"].items():
            fails = [f for f in sm["failures"] if f["block"] == b]
            word = "FAIL" if fails else "PASS"
            parts = []
            rnd, dr = s["random"], s["directed"]
            if rnd["runs"]:
                parts.append("%d cycles matched over %d configuration(s)%s" % (
                    rnd["cycles"], len(rnd["configs"]), "" if rnd["passed"] == rnd["runs"] else
                    " (%d of %d runs failed)" % (rnd["runs"] - rnd["passed"], rnd["runs"])))
            if dr["runs"]:
                parts.append("%d of %d directed files" % (dr["passed"], dr["runs"]))
            if s["vectors"]["files"]:
                parts.append("%d vector files (%d cycles)" % (s["vectors"]["files"], s["vectors"]["cycles"]))
            if s["replay"]["files"]:
                parts.append("Icarus replay %d of %d files" % (s["replay"]["passed"], s["replay"]["files"]))
            if s["cover_total"]:
                parts.append("coverage %d/%d events%s" % (s["cover_seen"], s["cover_total"],
                             " (missing: %s)" % ", ".join(s["cover_missing"]) if s["cover_missing"] else ""))
            print("%s %s %s: %s" % (word, self.target, b, ", ".join(parts)))
            for f in fails:
                print("  %s %s: %s%s" % (f["verdict"], f["job"], f["message"] or
                                         ("cycle %s" % f["fail_cycle"] if f.get("fail_cycle") is not None and f["fail_cycle"] >= 0 else ""),
                                         ("\n    reproduce: " + f["repro"]) if f["repro"] else ""))


def main():
    args = sys.argv[1:]
    if not args or args[0].startswith("-"):
        sys.exit("usage: tools/jobs.py TARGET [kit plan options] [--jobs N]")
    target, rest = args[0], args[1:]
    njobs = os.cpu_count() or 1
    plan_args = []
    i = 0
    while i < len(rest):
        if rest[i] == "--jobs" and i + 1 < len(rest):
            try:
                njobs = int(rest[i + 1])
            except ValueError:
                sys.exit("jobs: error: --jobs '%s' is not a number" % rest[i + 1])
            i += 2
            continue
        plan_args.append(rest[i])
        i += 1
    if not os.path.isfile(KIT):
        sys.exit("jobs: error: run 'make tools' first")
    ex = Executor(target, plan_args, njobs)
    ex.plan()
    ex.build_all()
    ex.run_all()
    ok = ex.summarize()
    ex.print_summary()
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
