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
--stop (a plan option) ends the run at the first job that fails; each
model is then built when its first job runs, and the jobs of the cheapest
models (the plan's `bits`, each configuration's storage estimate) run
first, so a failure a small configuration shows never waits for a large
build, and what comes after the failure is never built.

Exit status 0 when every job passed (and, under --strict, every block
reached all its cover events), 1 otherwise, 2 for a bad request.
V=1 in the environment shows the commands.
"""
import json
import os
import shutil
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
    lazy = False        # models built when their first job runs (--stop)

    def __init__(self, target, plan_args, njobs, lockstep_args=(), results_dir=""):
        self.target = target
        self.results_dir = results_dir
        self.lockstep_args = list(lockstep_args)
        self.plan_args = plan_args
        self.njobs = max(1, njobs)
        self.stop = threading.Event()

    # -------------------------------------------------------------- plan
    def plan(self):
        # each invocation its own results (two makes at once never share
        # one), unless the caller fixes the place (a Slurm collection does);
        # the directories of invocations that are gone are swept
        if not self.results_dir:
            base = os.path.join("build", "results", self.target)
            for d in os.listdir(os.path.join(ROOT, base)) if os.path.isdir(os.path.join(ROOT, base)) else []:
                if d.startswith("run-") and d[4:].isdigit() and not os.path.exists("/proc/" + d[4:]):
                    shutil.rmtree(os.path.join(ROOT, base, d), ignore_errors=True)
            self.results_dir = os.path.join(base, "run-%d" % os.getpid())
        try:
            os.makedirs(os.path.join(ROOT, self.results_dir), exist_ok=True)
        except OSError as e:
            # a read-only build/: the results go to a private temporary place
            import tempfile
            tmp = tempfile.mkdtemp(prefix="cvkit-results-")
            sys.stderr.write("jobs: %s: %s; results in %s\n" % (self.results_dir, e.strerror, tmp))
            self.results_dir = tmp
        rc, out, err = run([KIT, "plan", self.target, "--results-dir", self.results_dir] + self.plan_args)
        if rc != 0:
            sys.stderr.write(err)
            sys.exit(2)
        self.p = json.loads(out)
        write_json(os.path.join(self.results_dir, "plan.json"), self.p)
        self.jobs = self.p["jobs"]
        rtl = next((m["rtl"] for m in self.p["models"] if m["rtl"]), "")
        top = next((m["top"] for m in self.p["models"] if m["top"]), "")
        self.rtl, self.top = rtl, top

    # ------------------------------------------------------------- models
    def build(self, m, k, n):
        if getattr(self, "build_failed", None) is not None:
            # one error, once: a model that does not build stops the builds
            m["binary"], m["error"], m["skipped"] = None, ["not built (an earlier build failed)"], True
            return False
        env = {"KIT_COVERAGE": "1"} if self.p["coverage"] else {}
        t0 = time.time()
        rc, out, err = run(["tools/build_lockstep.sh", m["block"], m["params"], m["rtl"], m["top"]], env)
        lines = out.strip().split("\n")
        m["binary"] = lines[-1] if rc == 0 and lines and lines[-1] else None
        built = "== build lockstep" in err
        with LOCK:
            # progress on stderr: stdout stays a function of the request
            if m["binary"]:
                if built or VERBOSE:
                    sys.stderr.write("build %d/%d %s [%s]: %s\n" % (k, n, m["block"], m["params"] or "default",
                                                                   "%.0f s" % (time.time() - t0) if built else "cached"))
            else:
                m["error"] = (err.strip().split("\n") or ["build failed"])
                self.build_failed = m
                sys.stderr.write("build %d/%d %s [%s]: FAILED\n%s\n" % (k, n, m["block"], m["params"] or "default",
                                                                        "\n".join("  " + l for l in m["error"][-6:])))
            if VERBOSE and err.strip():
                sys.stderr.write(err.rstrip() + "\n")
            sys.stderr.flush()
        return built

    def build_all(self, lazy=False):
        t0 = time.time()
        used = sorted({j["model"] for j in self.jobs if j["kind"] == "lockstep"})
        models = [self.p["models"][i] for i in used]
        self.lazy = lazy
        if lazy:
            # --stop: each model is built when its first job runs, so a run
            # that stops early (a mutant killed by the first configuration)
            # never builds the rest
            self.builds = {"models": len(models), "built": 0, "seconds": 0.0}
            self.model_locks = {i: threading.Lock() for i in used}
            self.nbuilt = 0
            return
        # the first model alone: an RTL that does not build says so once
        built = [self.build(models[0], 1, len(models))] if models else []
        with ThreadPoolExecutor(max_workers=self.njobs) as pool:
            built += list(pool.map(lambda km: self.build(km[1], km[0] + 2, len(models)), enumerate(models[1:])))
        self.builds = {"models": len(models), "built": sum(built), "seconds": round(time.time() - t0, 1)}
        write_json(os.path.join(self.results_dir, "builds.json"), self.builds)

    # --------------------------------------------------------------- jobs
    def build_lazy(self, i):
        m = self.p["models"][i]
        with self.model_locks[i]:
            if "binary" in m:
                return
            with LOCK:
                self.nbuilt += 1
                k = self.nbuilt
            t0 = time.time()
            built = self.build(m, k, self.builds["models"])
            with LOCK:
                self.builds["built"] += int(built)
                self.builds["seconds"] = round(self.builds["seconds"] + time.time() - t0, 1)
            write_json(os.path.join(self.results_dir, "builds.json"), self.builds)

    def lockstep(self, j):
        if self.lazy:
            self.build_lazy(j["model"])
        m = self.p["models"][j["model"]]
        if not m.get("binary"):
            return {"verdict": "error", "message": "the model did not build: " + (m.get("error") or ["?"])[-1]}, ""
        cmd = [m["binary"], "--seed", str(j["seed"])]
        if j.get("traffic") or j.get("trace"):   # traffic: --cycles only when given (0: the whole traffic)
            cmd += ["--traffic", j["traffic"]] if j.get("traffic") else ["--trace", j["trace"]]
            cmd += ["--traffic-params", j["tparams"]] if j.get("tparams") else []
            cmd += ["--cycles", str(j["cycles"])] if j["cycles"] else []
        else:
            cmd += ["--stim", j["stim"]] if j["stim"] else ["--cycles", str(j["cycles"])]
        if j["fault"]:
            cmd += ["--fault", j["fault"]]
        if j["waves"]:
            cmd += ["--waves", j["waves"]]
        if j["strict"]:
            cmd.append("--strict")
        cmd += ["--repro", j["repro"], "--result", j["result"]] + self.lockstep_args + j["params"].split()
        env = {"KIT_THREADS": "1"} if self.parallel else {}
        if self.p["coverage"]:
            env["KIT_COVERAGE_FILE"] = j["result"][:-5] + ".dat"
        full = os.path.join(ROOT, j["result"])
        os.makedirs(os.path.dirname(full), exist_ok=True)
        if os.path.exists(full):
            os.remove(full)
        rc, out, err = run(cmd, env)
        r = load(j["result"]) or {"verdict": "error", "message": (err.strip() or "no result written").split("\n")[-1]}
        with open(full[:-5] + ".txt", "w") as f:     # the job's report, for a collection
            f.write(out + err)
        return r, out + err

    def vectors(self, j):
        cmd = [KIT, "vectors", j["block"], "-o", j["vec"], "--seed", str(j["seed"])]
        cmd += ["--stim", j["stim"]] if j["stim"] else ["--cycles", str(j["cycles"])]
        cmd += j["params"].split()
        try:
            os.makedirs(os.path.join(ROOT, os.path.dirname(j["vec"])), exist_ok=True)
        except OSError as e:
            return {"verdict": "error", "message": "%s: %s" % (os.path.dirname(j["vec"]), e.strerror)}, ""
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
            # replay jobs wait for their vector file: submit those last.
            # Under --stop the cheapest models go first (the plan's storage
            # estimate of each): a failure found at a small configuration
            # never waits for the build of a large one.
            models = self.p["models"]
            cost = lambda j: models[j["model"]].get("bits", 0) if self.lazy and j["kind"] == "lockstep" else 0
            order = sorted(range(len(self.jobs)), key=lambda k: ("after" in self.jobs[k], cost(self.jobs[k])))
            for k in order:
                pool.submit(work, k)
            quiet = self.target == "regress"   # thousands of jobs: their reports are in their .txt files
            for k in range(len(self.jobs)):      # reports in plan order
                ready[k].wait()
                if quiet and self.results.get(self.jobs[k]["id"], {}).get("verdict") in ("matched", "written", "skipped"):
                    continue
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
                 "cover": {}, "traffic": {"runs": 0, "passed": 0, "cycles": 0, "kernels": [], "cover": {}}}
            for j, r in mine:
                v = r.get("verdict", "skipped")
                good = v in ("matched", "written")
                traffic = j["kind"] == "lockstep" and (j.get("traffic") or j.get("trace"))
                if traffic:   # doc/traffic.md: its events beside random's, not in them
                    t = s["traffic"]
                    t["runs"] += 1
                    t["passed"] += good
                    t["cycles"] += r.get("cycles", 0) if good else 0
                    t["kernels"].append(j.get("traffic") or j.get("trace"))
                    for name, n in (r.get("cover") or {}).items():
                        t["cover"][name] = t["cover"].get(name, 0) + (n if good else 0)
                elif j["kind"] == "lockstep":
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
                if (good or j["kind"] == "lockstep") and not traffic:
                    for name, n in (r.get("cover") or {}).items():
                        s["cover"][name] = s["cover"].get(name, 0) + (n if good else 0)
                if not good and v != "skipped":
                    ok = False
                    summary["failures"].append({"job": j["id"], "block": b, "verdict": v,
                                                "message": r.get("message", ""), "repro": j.get("repro", ""),
                                                "fail_cycle": r.get("fail_cycle")})
            t = s["traffic"]
            if t["runs"]:   # side by side: what traffic reached, and what random did not
                t["cover_seen"] = len([k for k, n in t["cover"].items() if n])
                t["cover_only"] = [k for k, n in t["cover"].items() if n and not s["cover"].get(k)]
                t["cover_not"] = [k for k, n in s["cover"].items() if n and not t["cover"].get(k)]
            missing = [k for k, n in s["cover"].items() if not n]
            s["cover_seen"], s["cover_total"], s["cover_missing"] = len(s["cover"]) - len(missing), len(s["cover"]), missing
            if self.p["strict"] and missing and not self.stop.is_set():
                ok = False
                summary["failures"].append({"job": b, "block": b, "verdict": "coverage", "repro": "make check BLOCK=%s STRICT=1" % b,
                                            "message": "events never reached: " + ", ".join(missing)})
            summary["blocks"][b] = s
        summary["verdict"] = "pass" if ok else "fail"
        write_json(os.path.join(self.results_dir or "build/results/" + self.target, "summary.json"), summary)
        self.summary = summary
        return ok

    def print_summary(self):
        sm = self.summary
        if self.target == "check" and len(self.jobs) == 1:
            return      # one run: its own verdict line is the summary
        if self.target == "replay":
            n = sum(s["replay"]["files"] for s in sm["blocks"].values())
            bad = len([f for f in sm["failures"] if f["verdict"] != "coverage"])
            print("%d passed, %d failed" % (n - bad, bad))
            return
        for b, s in sm["blocks"].items():
            broken = self.unbuilt(b)
            if broken:
                print(broken)
                continue
            fails = [f for f in sm["failures"] if f["block"] == b]
            word = "FAIL" if fails else "PASS"
            parts = []
            rnd, dr = s["random"], s["directed"]
            if rnd["runs"]:
                parts.append("%d cycles matched over %d configuration(s)%s%s" % (
                    rnd["cycles"], len(rnd["configs"]),
                    " and %d seed(s)" % len({j["seed"] for j in self.jobs if j["block"] == b and j["kind"] == "lockstep" and not j["stim"]})
                    if self.target == "regress" else "",
                    "" if rnd["passed"] == rnd["runs"] else " (%d of %d runs failed)" % (rnd["runs"] - rnd["passed"], rnd["runs"])))
            if dr["runs"]:
                parts.append("%d of %d directed files" % (dr["passed"], dr["runs"]))
            if s["vectors"]["files"]:
                parts.append("%d vector files (%d cycles)" % (s["vectors"]["files"], s["vectors"]["cycles"]))
            if s["replay"]["files"]:
                parts.append("Icarus replay %d of %d files" % (s["replay"]["passed"], s["replay"]["files"]))
            if s["cover_total"]:
                parts.append("coverage %d/%d events%s" % (s["cover_seen"], s["cover_total"],
                             " (missing: %s)" % ", ".join(s["cover_missing"]) if s["cover_missing"] else ""))
            t = s["traffic"]
            if t["runs"]:
                parts.append("traffic %s %d cycles%s, events %d/%d%s" % (
                    "+".join(t["kernels"]), t["cycles"],
                    "" if t["passed"] == t["runs"] else " (%d of %d runs failed)" % (t["runs"] - t["passed"], t["runs"]),
                    t["cover_seen"], len(t["cover"]),
                    " (not reached by random: %s)" % ", ".join(t["cover_only"]) if t["cover_only"] and rnd["runs"] else ""))
            print("%s %s %s: %s" % (word, self.target, b, ", ".join(parts)))
            for f in fails:
                what = f["message"] or ("cycle %s" % f["fail_cycle"] if (f.get("fail_cycle") or -1) >= 0 else "")
                print("  %s %s: %s%s" % (f["verdict"], f["job"], what,
                                         ("\n    reproduce: " + f["repro"]) if f["repro"] else ""))
        if self.target == "run":
            self.run_table()
        if self.target in ("run", "regress", "check"):
            n = len([j for j in self.jobs])
            nf = len([f for f in sm["failures"] if f["verdict"] not in ("coverage",)])
            print("%s: %d jobs, %d passed, %d failed%s" % (
                {"run": "make run", "regress": "regress", "check": "check"}[self.target], n, n - nf, nf,
                "" if sm["verdict"] == "pass" else " (see above)"))

    def unbuilt(self, b):
        """For a block whose RTL did not build: the one line that says so
        (the build's error was printed once, above), else ''."""
        failed = [m for m in self.p["models"] if m["block"] == b and m.get("error") and not m.get("skipped")]
        if not failed:
            return ""
        m = failed[0]
        lock = [j for j in self.jobs if j["kind"] == "lockstep" and j["block"] == b]
        first = next((j for j in lock if j["model"] == m["id"]), {})
        configs = {j["config"] for j in lock if not j["stim"]}
        ran = {j["config"] for j in lock if not j["stim"] and self.p["models"][j["model"]].get("binary")}
        where = ("configuration %d (%s; error above)" % (first["config"], m["params"] or "default")
                 if first.get("config") else "%s (error above)" % (first.get("stim") or "a directed file"))
        return "FAIL %s %s: the RTL did not build for %s; %d of %d configuration(s) ran" % (
            self.target, b, where, len(ran), len(configs))

    def run_table(self):
        """make run's summary table, and the storage report in a file."""
        sm = self.summary
        print("\nSummary (seed %s)" % sm["seed"])
        print("  %-12s %-34s %-22s %-22s %-18s %s" % ("block", "default check (random)", "directed files",
                                                     "Icarus replay", "coverage (events)", "traffic (events; only by traffic)"))
        for b, s in sm["blocks"].items():
            r, t = s["random"], s["traffic"]
            print("  %-12s %-34s %-22s %-22s %-18s %s" % (
                b, "%d cycles, %d configs%s" % (r["cycles"], len(r["configs"]), "" if r["passed"] == r["runs"] else ", FAILED"),
                "%d of %d" % (s["directed"]["passed"], s["directed"]["runs"]),
                "%d of %d files" % (s["replay"]["passed"], s["replay"]["files"]),
                "%d/%d" % (s["cover_seen"], s["cover_total"]),
                "%s %d cycles%s, %d/%d; %d" % ("+".join(t["kernels"]), t["cycles"], "" if t["passed"] == t["runs"] else ", FAILED",
                                               t["cover_seen"], len(t["cover"]), len(t["cover_only"])) if t["runs"] else "-"))
        path = os.path.join("build", "run", "storage.txt")
        os.makedirs(os.path.join(ROOT, "build", "run"), exist_ok=True)
        text = []
        for b in sm["blocks"]:
            rc, out, err = run([KIT, "overhead", b])
            text.append(out + err)
        rc, out, err = run([KIT, "summary", "linebacker"])
        text.append(out + err)
        with open(os.path.join(ROOT, path), "w") as f:
            f.write("\n".join(text))
        print("storage report (every block, the Linebacker section 4.2 table): %s" % path)

    def junit(self, path):
        """The results as JUnit XML: a testsuite per block, a testcase per job."""
        import xml.etree.ElementTree as ET
        root = ET.Element("testsuites", name="cvkit %s" % self.target)
        for b in self.summary["blocks"]:
            mine = [j for j in self.jobs if j["block"] == b]
            suite = ET.SubElement(root, "testsuite", name="%s %s" % (self.target, b), tests=str(len(mine)))
            nf = 0
            for j in mine:
                r = self.results.get(j["id"], {})
                case = ET.SubElement(suite, "testcase", classname="%s.%s" % (self.target, b), name=j["id"])
                v = r.get("verdict", "skipped")
                if v == "skipped":
                    ET.SubElement(case, "skipped")
                elif v not in ("matched", "written"):
                    nf += 1
                    text = ""
                    txt = os.path.join(ROOT, j.get("result", "x.json")[:-5] + ".txt")
                    if os.path.isfile(txt):
                        text = open(txt, errors="replace").read()
                    first = next((l for l in text.split("\n") if l.strip()), "")
                    fl = ET.SubElement(case, "failure", message="%s: %s%s" % (
                        v, first or r.get("message") or "cycle %s" % r.get("fail_cycle"),
                        ("; reproduce: " + j["repro"]) if j.get("repro") else ""))
                    fl.text = text
            suite.set("failures", str(nf))
        full = os.path.join(ROOT, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        tmp = "%s.tmp%d" % (full, os.getpid())
        ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
        os.replace(tmp, full)

    def slurm(self, path):
        """The same jobs as a Slurm array: task t runs jobs t, t+T, ... of
        the plan (T = the array size, at most 1000); then `tools/jobs.py
        collect TARGET` summarizes from the results."""
        n = len(self.jobs)
        tasks = max(1, min(n, 1000))
        plan = os.path.join(self.results_dir, "plan.json")
        text = """#!/usr/bin/env bash
# Generated by tools/jobs.py: the %d jobs of %s as a Slurm array of %d tasks.
# Submit from the kit's root on a shared file system (the models are built):
#   sbatch %s
# then, when the array is done:  tools/jobs.py collect %s
#SBATCH --job-name=cvkit-%s
#SBATCH --array=1-%d
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --output=%s/slurm/%%A_%%a.log
set -u
cd "%s" || exit 1
export KIT_THREADS=1
exec python3 tools/jobs.py run-jobs %s --task "${SLURM_ARRAY_TASK_ID:?run through sbatch, or set SLURM_ARRAY_TASK_ID}" --tasks %d
""" % (n, plan, tasks, path, self.results_dir, self.target, tasks, self.results_dir, ROOT, plan, tasks)
        full = os.path.join(ROOT, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        os.makedirs(os.path.join(ROOT, self.results_dir, "slurm"), exist_ok=True)
        with open(full, "w") as f:
            f.write(text)
        os.chmod(full, 0o755)


def run_jobs(plan, task, tasks):
    """One Slurm array task: jobs task, task+tasks, ... of a written plan
    (its models already built; their binaries are found again by the build
    script's cache)."""
    p = json.load(open(os.path.join(ROOT, plan)))
    ex = Executor(p["target"], [], 1)
    ex.p, ex.jobs = p, p["jobs"]
    ex.parallel = True
    mine = [j for k, j in enumerate(p["jobs"]) if k % tasks == task - 1]
    for m in {j["model"] for j in mine if j["kind"] == "lockstep"}:
        ex.build(p["models"][m], 1, 1)
    ex.results, ex.done = {}, {j["id"]: threading.Event() for j in p["jobs"]}
    for ev in ex.done.values():
        ev.set()
    bad = 0
    for j in mine:
        r, text = ex.one(j)
        sys.stdout.write(text)
        bad += r.get("verdict") not in ("matched", "written")
    return 1 if bad else 0


def collect(results_dir, junit):
    """The summary of a plan whose jobs ran elsewhere (a Slurm array): from
    the results they wrote into RESULTS_DIR."""
    p = load(os.path.join(results_dir, "plan.json"))
    if not p:
        sys.exit("jobs: error: no plan %s/plan.json: run the target (or its --prepare) first" % results_dir)
    target = p["target"]
    ex = Executor(target, [], 1, results_dir=results_dir)
    ex.p, ex.jobs = p, p["jobs"]
    ex.builds = {"models": len(p["models"]), "built": 0}
    ex.results = {}
    for j in p["jobs"]:
        r = load(j["result"]) if j.get("result") else None
        ex.results[j["id"]] = r or {"verdict": "error", "message": "no result (the job did not run)"}
    ok = ex.summarize()
    ex.print_summary()
    if junit:
        ex.junit(junit)
    return 0 if ok else 1


def main():
    args = sys.argv[1:]
    if args and args[0] == "run-jobs":
        try:
            plan, task, tasks = args[1], int(args[args.index("--task") + 1]), int(args[args.index("--tasks") + 1])
        except (IndexError, ValueError):
            sys.exit("usage: tools/jobs.py run-jobs PLAN --task T --tasks N")
        sys.exit(run_jobs(plan, task, tasks))
    if args and args[0] == "collect":
        if len(args) < 2:
            sys.exit("usage: tools/jobs.py collect RESULTS_DIR [--junit FILE]")
        junit = args[args.index("--junit") + 1] if "--junit" in args else ""
        sys.exit(collect(args[1], junit))
    if not args or args[0].startswith("-"):
        sys.exit("usage: tools/jobs.py TARGET [kit plan options] [--jobs N] [--junit FILE] [--slurm FILE] "
                 "[--prepare] [--lockstep-args '...']")
    target, rest = args[0], args[1:]
    njobs = int(os.environ.get("JOBS") or 0) or os.cpu_count() or 1
    plan_args, junit, slurm, prepare, lsargs, results, summary = [], "", "", False, [], "", ""
    i = 0
    while i < len(rest):
        a = rest[i]
        v = rest[i + 1] if i + 1 < len(rest) else None
        if a == "--jobs" and v is not None:
            try:
                njobs = int(v)
            except ValueError:
                sys.exit("jobs: error: --jobs '%s' is not a number" % v)
        elif a == "--junit" and v is not None:
            junit = v
        elif a == "--slurm" and v is not None:
            slurm = v
        elif a == "--results-dir" and v is not None:
            results = v
        elif a == "--summary" and v is not None:
            summary = v
        elif a == "--lockstep-args" and v is not None:
            lsargs = shlex.split(v)
        elif a == "--prepare":
            prepare = True
            i += 1
            continue
        else:
            plan_args.append(a)
            i += 1
            continue
        i += 2
    if not os.path.isfile(KIT):
        sys.exit("jobs: error: run 'make tools' first")
    ex = Executor(target, plan_args, njobs, lsargs, results)
    ex.plan()
    t0 = time.time()
    ex.build_all(lazy=ex.p["stop"] and not prepare and not slurm)
    if slurm:
        ex.slurm(slurm)
    if prepare:
        print("%s: %d jobs planned, %d models ready%s" % (target, len(ex.jobs), ex.builds["models"],
                                                       "; Slurm script %s" % slurm if slurm else ""))
        sys.exit(0)
    ex.run_all()
    ok = ex.summarize()
    ex.print_summary()
    if junit:
        ex.junit(junit)
    if summary:
        write_json(summary, ex.summary)
    if target == "regress":     # a timing: on stderr, stdout stays a function of the request
        secs = max(time.time() - t0, 1e-6)
        cyc = sum(r.get("cycles", 0) for r in ex.results.values())
        sys.stderr.write("regress: %d jobs in %.1f s: %.1f jobs/s, %.2fM cycles/s\n" % (
            len(ex.jobs), secs, len(ex.jobs) / secs, cyc / secs / 1e6))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
