#!/usr/bin/env python3
"""formal/report.py - the verdicts of one formal/formal.sh run, as data and
as text (doc/harness.md "Formal").

    report.py BLOCK OUT RTL TABLE JOB...

OUT holds one SymbiYosys working directory per JOB (a task of
formal/BLOCK.sby, or premises_<task>: the premise check's cover run at that
proof's configuration) and the wall-clock seconds formal.sh measured for it
(OUT/JOB.time); RTL is the block's RTL the run read (rtl/BLOCK.v, or the
copy FORMAL_RTL names); TABLE is formal/premises.py's table of the premise
covers (`-` when the check did not run or could not be set up; the reason
is in OUT/premises/error.txt). The property verdicts come from SymbiYosys's
status database (`sby --statusfmt jsonl`), never from its log; the log is
read only for the words of an error.

Writes OUT/result.json (schema cvkit.formal/1) and prints one PASS / FAIL
line per task, per cover statement and per vacuous premise. Exit status 0
only when everything passed.
"""
import json
import os
import re
import subprocess
import sys


def sby_config(path):
    """(mode, depth) from a working directory's resolved config.sby."""
    mode = depth = None
    sec = None
    try:
        with open(os.path.join(path, "config.sby"), encoding="utf-8") as f:
            for ln in f:
                w = ln.split()
                if ln.startswith("["):
                    sec = ln.strip()
                elif sec == "[options]" and len(w) == 2 and w[0] == "mode":
                    mode = w[1]
                elif sec == "[options]" and len(w) == 2 and w[0] == "depth":
                    depth = int(w[1])
    except OSError:
        pass
    return mode, depth


def statuses(workdir):
    """Every property of the run: SymbiYosys's own status records."""
    sby = os.environ.get("SBY", "yowasp-sby")
    try:
        res = subprocess.run([sby, "--statusfmt", "jsonl", "--latest", workdir],
                             capture_output=True, text=True, check=False)
    except OSError:
        return []
    props = []
    for ln in res.stdout.splitlines():
        ln = ln.strip()
        if ln.startswith("{"):
            props.append(json.loads(ln))
    return props


def loc_of(src):
    """'hac.v:412.5-412.16' -> ('hac.v', 412)."""
    m = re.match(r"(.+?):(\d+)\.", src or "")
    return (m.group(1), int(m.group(2))) if m else (src or "?", 0)


class Report:
    def __init__(self, blk, out, rtl, table):
        self.blk, self.out, self.rtl = blk, out, rtl
        self.table = None
        if table != "-":
            with open(table, encoding="utf-8") as f:
                self.table = json.load(f)
        self.lines, self.failed = [], False
        self.result = {"schema": "cvkit.formal/1", "block": blk, "rtl": rtl,
                       "tasks": [], "covers": [], "premises": [], "premises_error": None}

    def say(self, ok, text):
        self.lines.append(("PASS" if ok else "FAIL") + f" formal {self.blk} {text}")
        self.failed |= not ok

    def source(self, fname, line, premise_run=False):
        """(shown file, line, text) of a property at fname:line in a run."""
        if fname == f"{self.blk}.v":
            shown = self.rtl
            if premise_run and self.table:
                lines = self.table["lines"]
                line = lines[line - 1] if 0 < line <= len(lines) else line
        else:
            shown = os.path.join("rtl", os.path.splitext(fname)[0], fname)
        try:
            with open(shown, encoding="utf-8") as f:
                text = f.read().split("\n")[line - 1].strip()
        except (OSError, IndexError):
            text = ""
        return shown, line, text

    def seconds(self, job):
        try:
            with open(os.path.join(self.out, job + ".time"), encoding="utf-8") as f:
                t0, t1 = (float(x) for x in f.read().split())
            return round(t1 - t0, 1)
        except (OSError, ValueError):
            return None

    def error_words(self, d):
        """The first error line of a run's logs (for people only)."""
        for log in (os.path.join(d, "logfile.txt"), d + ".sby.log"):
            try:
                with open(log, encoding="utf-8", errors="replace") as f:
                    for ln in f:
                        m = re.search(r"(ERROR:.*|[Ee]rror: .*)", ln)
                        if m:
                            return m.group(1).strip()
            except OSError:
                continue
        return f"no result (see {d}.sby.log)"

    def job(self, job):
        d = os.path.join(self.out, job)
        premise_run = job.startswith("premises_")
        if premise_run and os.path.exists(d + ".skipped"):
            # the earlier configurations reached every premise: no run
            self.result["tasks"].append({"task": job, "mode": "cover", "depth": None,
                                         "seconds": 0, "sby_status": None,
                                         "counterexample": None, "failed_asserts": [],
                                         "verdict": "skipped", "reached_cover_lines": []})
            return
        mode, depth = sby_config(d)
        try:
            with open(os.path.join(d, "status"), encoding="utf-8") as f:
                st = f.read().split()[0]
        except (OSError, IndexError):
            st = "ERROR"
        props = statuses(d) if st != "ERROR" else []
        secs = self.seconds(job)
        fails = [p for p in props if p.get("kind") == "ASSERT" and p.get("status") == "FAIL"]
        covers = [p for p in props if p.get("kind") == "COVER"]
        rec = {"task": job, "mode": mode, "depth": depth, "seconds": secs,
               "sby_status": st, "counterexample": None, "failed_asserts": []}
        if fails:
            rec["counterexample"] = fails[0].get("trace")
            for p in fails:
                f, ln, text = self.source(*loc_of(p.get("location")), premise_run)
                rec["failed_asserts"].append({"file": f, "line": ln, "text": text})
        if st == "ERROR" or (not props and st != "PASS"):
            rec["verdict"] = "error"
        elif fails or (st != "PASS" and not premise_run):
            rec["verdict"] = "failed"
        elif premise_run:
            rec["verdict"] = "explored"
        else:
            rec["verdict"] = {"prove": "proved", "bmc": "bounded", "cover": "covered"}.get(mode, "passed")
        self.result["tasks"].append(rec)

        if premise_run:
            mine = {p["cover_line"] for p in (self.table or {}).get("premises", [])}
            rec["reached_cover_lines"] = premise_lines(covers, self.blk, mine)
            if rec["verdict"] in ("error", "failed"):
                self.text_failure(job, rec, st, d)
            return
        if mode == "cover":
            reached = []
            for p in covers:
                fname, ln = loc_of(p.get("location"))
                f, ln, text = self.source(fname, ln)
                m = re.search(r"f_cover_[A-Za-z0-9_]+", text)
                name = m.group(0) if m else p.get("location")
                ok = p.get("status") == "PASS"
                self.result["covers"].append({"task": job, "name": name, "reached": ok,
                                              "step": p.get("depth") if ok else None,
                                              "file": f, "line": ln})
                if ok:
                    reached.append((p.get("depth") or 0, name))
            if rec["verdict"] == "covered":
                for step, name in sorted(reached, key=lambda x: x[0]):
                    self.say(True, f"{job} {name}: reached in step {step}")
                self.say(True, f"{job}: every cover statement reached within {depth} cycles "
                               f"({secs:.0f}s, traces in {d}/engine_0/)")
                return
            if rec["verdict"] == "failed" and not fails:
                missed = " ".join(c["name"] for c in self.result["covers"]
                                  if c["task"] == job and not c["reached"])
                self.say(False, f"{job}: not reached within {depth} cycles (vacuous property?): "
                                f"{missed or self.error_words(d)}")
                return
        if rec["verdict"] == "proved":
            how = f"k-induction, depth {depth}" if depth else "IC3/PDR, unbounded"   # abc pdr has no depth
            self.say(True, f"{job}: every assert holds ({how}, {secs:.0f}s)")
        elif rec["verdict"] == "bounded":
            self.say(True, f"{job}: no assert fails within {depth} cycles from reset "
                           f"(bounded, {secs:.0f}s)")
        elif rec["verdict"] == "passed":
            self.say(True, f"{job} ({secs:.0f}s)")
        else:
            self.text_failure(job, rec, st, d)

    def text_failure(self, job, rec, st, d):
        if rec["failed_asserts"]:
            a = rec["failed_asserts"][0]
            why = f"assert at {a['file']}:{a['line']} fails: {a['text']}"
        else:
            why = self.error_words(d)
        trace = f" (counterexample: {rec['counterexample']})" if rec["counterexample"] else ""
        self.say(False, f"{job}: {st}: {why}{trace}")

    def premises(self, jobs):
        runs = [j for j in jobs if j.startswith("premises_")]
        if "premises" in jobs:
            try:
                with open(os.path.join(self.out, "premises", "error.txt"), encoding="utf-8") as f:
                    why = f.read().strip()
            except OSError:
                why = "the premise check could not be set up"
            why = why[len("premises: "):] if why.startswith("premises: ") else why
            self.result["premises_error"] = why
            self.say(False, f"premises: {why}")
            return
        if not runs or self.table is None:
            return
        recs = {r["task"]: r for r in self.result["tasks"] if r["task"] in runs}
        done = [j for j in runs if recs[j]["verdict"] in ("explored", "failed", "skipped")]
        found = 0
        for j in runs:   # chained: each run seeks what the runs before it did not reach
            recs[j]["premises_sought"] = len(self.table["premises"]) - found
            found += len(recs[j].get("reached_cover_lines", []))
        depth = max((recs[j]["depth"] or 0) for j in runs)
        ran = [j for j in runs if recs[j]["verdict"] != "skipped"]
        missed = 0
        for p in self.table["premises"]:
            reached_in = [j[len("premises_"):] for j in done
                          if p["cover_line"] in recs[j]["reached_cover_lines"]]
            self.result["premises"].append({"file": self.table["file"], "line": p["line"],
                                            "text": p["text"], "premise": p["premise"],
                                            "reached_in": reached_in})
            if not reached_in and len(done) == len(runs):
                missed += 1
                self.say(False, f"premises: the premise of the assert at {self.table['file']}:"
                                f"{p['line']} ({p['text']}) is never reached within {depth} "
                                "cycles in any proved configuration (vacuous)")
        if len(done) != len(runs):
            return   # a run that did not finish already has its FAIL line
        if not missed:
            per = ", ".join(f"{j[len('premises_'):]} {len(recs[j]['reached_cover_lines'])}"
                            for j in ran)
            secs = sum(recs[j]["seconds"] or 0 for j in runs)
            self.say(True, f"premises: the premise of each of the {len(self.table['premises'])} "
                           f"guarded asserts is reached within {depth} cycles in a proved "
                           f"configuration (first reached in {per}; {secs:.0f}s)")

    def write(self):
        self.result["passed"] = not self.failed
        path = os.path.join(self.out, "result.json")
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            json.dump(self.result, f, indent=1)
            f.write("\n")
        os.replace(path + ".tmp", path)
        for ln in self.lines:
            print(ln)


def premise_lines(props, blk, mine):
    """The premise cover lines (of the set mine) reached among props."""
    got = set()
    for p in props:
        fname, line = loc_of(p.get("location"))
        if p.get("kind") == "COVER" and p.get("status") == "PASS" and fname == f"{blk}.v" \
                and line in mine:
            got.add(line)
    return sorted(got)


def main(argv):
    if len(argv) == 6 and argv[1] == "--reached":
        # formal.sh's premise chain: --reached BLOCK OUT JOB TABLE prints the
        # premise cover lines the run JOB reached
        with open(argv[5], encoding="utf-8") as f:
            mine = {p["cover_line"] for p in json.load(f)["premises"]}
        print(" ".join(str(x) for x in premise_lines(statuses(os.path.join(argv[3], argv[4])),
                                                      argv[2], mine)))
        return 0
    if len(argv) < 5:
        print("usage: formal/report.py BLOCK OUT RTL TABLE JOB...", file=sys.stderr)
        return 2
    blk, out, rtl, table, jobs = argv[1], argv[2], argv[3], argv[4], argv[5:]
    rep = Report(blk, out, rtl, table)
    for job in jobs:
        if job != "premises":
            rep.job(job)
    rep.premises(jobs)
    rep.write()
    return 1 if rep.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
