#!/usr/bin/env python3
"""report.py [--results DIR]... [-o FILE] - one HTML page of the last runs.

`make report` writes build/report/index.html: per block the verdict of the
last run that included it, its configurations and cycles, its functional
cover events (reached/total, random and directed apart), its storage table
and sweep plot, bench figures and ratios when a bench ran, and every
failure with links to its waveform (VCD, and FST beside it) and its
reproduce line. doc/report.md describes the page.

Everything comes from data files, never from a message for people:
  - runs: the directories of tools/jobs.py (summary.json, cvkit.summary/1;
    plan.json, cvkit.plan/1; each job's cvkit.lockstep/1 result), by
    default build/results/*/run-*/ and build/regress/, newest first (a
    block's "last run" is the newest summary that has it); --results DIR
    (repeatable) names them instead, newest first as given;
  - storage: `build/kit overhead BLOCK --json` (cvkit.overhead/1) and the
    sweep CSV/SVG in build/overhead/BLOCK/ (doc/storage.md);
  - bench: build/bench/BLOCK.txt, the lockstep's `--bench` record (one line
    of NAME=VALUE fields).
The page is self-contained: styles inline, the sweep plots embedded as
data: URIs, links only to local files (relative to the page) and to
anchors within it. No clock or host name is written: the same results give
the same bytes. Written whole (a temporary file renamed into place).
"""
import base64
import glob
import html
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KIT = os.path.join(ROOT, "build", "kit")

CSS = """
body { font-family: sans-serif; margin: 1.5em; color: #222; max-width: 1200px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; padding-top: .6em; }
h3 { font-size: 1em; margin-bottom: .3em; }
table { border-collapse: collapse; margin: .4em 0 1em 0; font-size: 13px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.verdict { font-weight: bold; padding: 1px 6px; border-radius: 3px; }
.pass { background: #c8f0c8; } .fail { background: #f6c0c0; } .none { background: #e4e4e4; }
code { background: #f3f3f3; padding: 1px 3px; }
.missed { color: #b00; }
.small { font-size: 12px; color: #555; }
"""


def esc(x):
    return html.escape(str(x), quote=True)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def result_dirs(given):
    """Run directories, newest first: those given, else every jobs.py one."""
    if given:
        return given
    found = glob.glob(os.path.join(ROOT, "build", "results", "*", "run-*")) + [os.path.join(ROOT, "build", "regress")]
    found = [d for d in found if os.path.isfile(os.path.join(d, "summary.json"))]
    return sorted(found, key=lambda d: (-os.path.getmtime(os.path.join(d, "summary.json")), d))


def rel(page_dir, path):
    """path (from the kit's root, or absolute) as a link from the page."""
    full = path if os.path.isabs(path) else os.path.join(ROOT, path)
    return os.path.relpath(full, page_dir)


def last_runs(dirs):
    """block -> (dir, summary, plan) of the newest run that has it."""
    last = {}
    for d in dirs:
        s = load(os.path.join(d, "summary.json"))
        p = load(os.path.join(d, "plan.json"))
        if not s or s.get("schema") != "cvkit.summary/1" or not p:
            sys.stderr.write("report: %s: no cvkit.summary/1 with its plan.json; skipped\n" % d)
            continue
        for b in s["blocks"]:
            last.setdefault(b, (d, s, p))
    return last


def overhead(b):
    r = subprocess.run([KIT, "overhead", b, "--json"], capture_output=True, text=True)
    return json.loads(r.stdout) if r.returncode == 0 else None


def bench(b):
    """The lockstep's --bench record: `bench BLOCK NAME=VALUE ...`."""
    try:
        words = open(os.path.join(ROOT, "build", "bench", b + ".txt")).read().split()
    except OSError:
        return None
    if words[:2] != ["bench", b]:
        return None
    return dict(w.split("=", 1) for w in words[2:] if "=" in w)


def table(head, rows, num=()):
    o = ["<table><tr>" + "".join("<th>%s</th>" % esc(h) for h in head) + "</tr>"]
    for r in rows:
        o.append("<tr>" + "".join('<td%s>%s</td>' % (' class="n"' if k in num else "", c) for k, c in enumerate(r)) + "</tr>")
    o.append("</table>")
    return "\n".join(o)


def block_section(b, run, page_dir):
    o = ['<h2 id="block-%s">%s</h2>' % (esc(b), esc(b))]
    verdict = "not run"
    if run:
        d, s, p = run
        fails = [f for f in s["failures"] if f["block"] == b]
        bs = s["blocks"][b]
        # PASS only when every job of the block ran and passed: a run
        # stopped early (skipped jobs) is INCOMPLETE, not a pass
        nvec = sum(1 for j in p["jobs"] if j["block"] == b and j["kind"] == "vectors")
        complete = (bs["random"]["runs"] == bs["random"]["passed"] and bs["directed"]["runs"] == bs["directed"]["passed"]
                    and bs["replay"]["files"] == bs["replay"]["passed"] and bs["vectors"]["files"] == nvec)
        verdict = "fail" if fails else "pass" if complete else "incomplete"
        o.append('<p>Verdict of the last run: <span class="verdict %s" data-block="%s">%s</span> '
                 '<span class="small">(%s, seed %s: <a href="%s">summary.json</a>)</span></p>'
                 % ({"pass": "pass", "fail": "fail"}.get(verdict, "none"), esc(b), verdict.upper(), esc(s["target"]),
                    esc(s["seed"]), esc(rel(page_dir, os.path.join(d, "summary.json")))))
        models = {m["id"]: m for m in p["models"]}
        jobs = [j for j in p["jobs"] if j["block"] == b and j["kind"] == "lockstep"]
        # one row per configuration (random) or directed file, over the seeds
        groups, cov_r, cov_d, cov_t = {}, {}, {}, {}
        for j in jobs:
            r = load(j["result"] if os.path.isabs(j["result"]) else os.path.join(ROOT, j["result"])) or {}
            v = r.get("verdict", "not run")
            tsrc = j.get("traffic") or j.get("trace")   # doc/traffic.md: beside random, not in it
            key = ("traffic", tsrc) if tsrc else ("directed", j["stim"]) if j["stim"] else ("random", j["config"])
            g = groups.setdefault(key, {"params": models.get(j.get("model"), {}).get("rtlparams", j["params"]),
                                        "seeds": [], "runs": 0, "passed": 0, "cycles": 0, "verdicts": {}})
            g["seeds"].append(j["seed"])
            g["runs"] += 1
            g["passed"] += v == "matched"
            g["cycles"] += r.get("cycles", 0) if v == "matched" else 0
            g["verdicts"][v] = g["verdicts"].get(v, 0) + 1
            for name, n in (r.get("cover") or {}).items():
                tgt = cov_t if tsrc else cov_d if j["stim"] else cov_r
                tgt[name] = tgt.get(name, 0) + (n if v == "matched" else 0)
        rows = []
        for (kind, which), g in groups.items():
            seeds = sorted(set(g["seeds"]))
            sd = "%d-%d" % (seeds[0], seeds[-1]) if len(seeds) > 2 and seeds == list(range(seeds[0], seeds[-1] + 1)) \
                else ",".join(str(x) for x in seeds)
            vs = ", ".join("%d %s" % (n, v) for v, n in sorted(g["verdicts"].items()))
            rows.append([("random, config %d" % which) if kind == "random" else "%s %s" % (kind, esc(which)),
                         "<code>%s</code>" % esc(g["params"]), esc(sd), "%d" % g["runs"], "%d" % g["cycles"],
                         '<span class="%s">%s</span>' % ("pass" if g["passed"] == g["runs"] else "fail", esc(vs))])
        o.append("<h3>Runs and configurations</h3>")
        o.append("<p>random: %d run(s), %d passed, %d cycles, configurations %s; directed: %d file run(s), %d passed, %d cycles</p>"
                 % (bs["random"]["runs"], bs["random"]["passed"], bs["random"]["cycles"],
                    esc(", ".join(str(c) for c in bs["random"]["configs"]) or "none"),
                    bs["directed"]["runs"], bs["directed"]["passed"], bs["directed"]["cycles"]))
        o.append(table(["source", "configuration (RTL parameters)", "seeds", "runs", "cycles matched", "verdicts"],
                       rows, num=(3, 4)))
        names = list(bs["cover"])
        o.append("<h3>Functional coverage: %d/%d events reached (random %d, directed %d)</h3>"
                 % (bs["cover_seen"], bs["cover_total"], sum(1 for n in names if cov_r.get(n)),
                    sum(1 for n in names if cov_d.get(n))))
        if cov_t:   # the traffic runs' events beside (never in) the default test's total
            o.append(table(["event", "random", "directed", "total", "traffic"],
                           [['<span class="%s">%s</span>' % ("" if bs["cover"][n] else "missed", esc(n)),
                             "%d" % cov_r.get(n, 0), "%d" % cov_d.get(n, 0), "%d" % bs["cover"][n], "%d" % cov_t.get(n, 0)]
                            for n in names], num=(1, 2, 3, 4)))
        else:
            o.append(table(["event", "random", "directed", "total"],
                           [['<span class="%s">%s</span>' % ("" if bs["cover"][n] else "missed", esc(n)),
                             "%d" % cov_r.get(n, 0), "%d" % cov_d.get(n, 0), "%d" % bs["cover"][n]] for n in names],
                           num=(1, 2, 3)))
        if fails:
            o.append("<h3>Failures</h3>")
            for f in fails:
                j = next((j for j in p["jobs"] if j["id"] == f["job"]), None)
                r = (load(os.path.join(ROOT, j["result"])) if j else None) or {}
                links = []
                wave = r.get("waveform") or ""
                for w in [wave] + ([wave[:-4] + ".fst"] if wave.endswith(".vcd") else []):
                    if w and os.path.isfile(w if os.path.isabs(w) else os.path.join(ROOT, w)):
                        links.append('<a class="wave" href="%s">%s</a>' % (esc(rel(page_dir, w)), esc(os.path.basename(w))))
                o.append("<p><b>%s</b>: %s%s%s<br>reproduce: <code class=\"repro\">%s</code>%s</p>"
                         % (esc(f["job"]), esc(f["verdict"]),
                            " at cycle %s" % esc(f["fail_cycle"]) if f.get("fail_cycle") not in (None, -1) else "",
                            (" (" + esc(", ".join(r.get("differs", []))) + " differ)") if r.get("differs") else "",
                            esc(f["repro"]),
                            ("<br>waveform: " + " ".join(links)) if links else
                            ("<br>waveform: none written" + (" (%s is gone)" % esc(wave) if wave else ""))))
    else:
        o.append('<p>Verdict of the last run: <span class="verdict none" data-block="%s">NOT RUN</span> '
                 '<span class="small">(no run result has this block)</span></p>' % esc(b))
    st = overhead(b)
    if st:
        o.append("<h3>Storage at the default configuration</h3>")
        o.append(table(["group", "item", "count", "per", "bits", "total bits"],
                       [[esc(r["group"]), esc(r["item"]), "%d" % r["count"], esc(r["per"]), "%d" % r["bits"],
                         "%d" % r["total_bits"]] for r in st["rows"]], num=(2, 4, 5)))
        o.append("<p>model state total %d bits (%g B); added %d, baseline %d, interface %d; paper: %s</p>"
                 % (st["total_bits"], st["total_bits"] / 8, st["subtotals"]["added"], st["subtotals"]["baseline"],
                    st["subtotals"]["interface"], esc(st["paper"] or "no figure")))
    svg = os.path.join(ROOT, "build", "overhead", b, "sweep.svg")
    if os.path.isfile(svg):
        data = base64.b64encode(open(svg, "rb").read()).decode()
        o.append('<h3>Storage sweep</h3><p><img alt="storage sweep of %s" src="data:image/svg+xml;base64,%s"><br>'
                 '<a href="%s">sweep.csv</a></p>'
                 % (esc(b), data, esc(rel(page_dir, os.path.join(ROOT, "build", "overhead", b, "sweep.csv")))))
    bn = bench(b)
    if bn:
        def f(k):
            return float(bn.get(k, "nan"))
        o.append("<h3>Bench</h3>")
        o.append(table(["model/s", "verilator/s", "check/s", "check1/s", "bound/s", "check:bound", "model:rtl"],
                       [["%d" % f("model"), "%d" % f("rtl"), "%d" % f("check"), "%d" % f("check1"), "%d" % f("bound"),
                         "%.2f" % (f("check") / f("bound")), "%.2f" % (f("model") / f("rtl"))]],
                       num=tuple(range(7))))
        o.append('<p class="small">%s cycles, %s repeat(s), medians (build/bench/%s.txt)</p>'
                 % (esc(bn.get("cycles", "?")), esc(bn.get("repeat", "?")), esc(b)))
    return verdict, "\n".join(o)


def main(argv):
    out, given = os.path.join(ROOT, "build", "report", "index.html"), []
    k = 0
    while k < len(argv):
        if argv[k] in ("-o", "--results") and k + 1 < len(argv):
            if argv[k] == "-o":
                out = os.path.abspath(argv[k + 1])
            else:
                given.append(os.path.abspath(argv[k + 1]))
            k += 2
        else:
            print("usage: tools/report.py [--results DIR]... [-o FILE.html]", file=sys.stderr)
            return 2
    for d in given:
        if not os.path.isfile(os.path.join(d, "summary.json")):
            print("report: error: --results %s: no summary.json (a tools/jobs.py results directory)" % d, file=sys.stderr)
            return 1
    r = subprocess.run([KIT, "blocks"], capture_output=True, text=True)
    if r.returncode != 0:
        print("report: error: %s blocks failed (make tools first)" % KIT, file=sys.stderr)
        return 1
    blocks = r.stdout.split()
    dirs = result_dirs(given)
    last = last_runs(dirs)
    page_dir = os.path.dirname(out)
    os.makedirs(page_dir, exist_ok=True)
    sections, overview, verdicts = [], [], []
    for b in blocks:
        v, sec = block_section(b, last.get(b), page_dir)
        sections.append(sec)
        verdicts.append(v)
        run = last.get(b)
        bs = run[1]["blocks"][b] if run else None
        overview.append(['<a href="#block-%s">%s</a>' % (esc(b), esc(b)),
                         '<span class="verdict %s" data-block="%s">%s</span>'
                         % ({"pass": "pass", "fail": "fail"}.get(v, "none"), esc(b), esc(v.upper())),
                         esc(run[1]["target"]) if run else "",
                         "%d" % (bs["random"]["runs"] + bs["directed"]["runs"]) if bs else "",
                         "%d" % (bs["random"]["cycles"] + bs["directed"]["cycles"]) if bs else "",
                         "%d/%d" % (bs["cover_seen"], bs["cover_total"]) if bs else ""])
    npass, nfail, ninc = (verdicts.count(x) for x in ("pass", "fail", "incomplete"))
    page = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">', "<title>cvkit report</title>",
            "<style>%s</style></head><body>" % CSS, "<h1>cvkit report</h1>",
            '<p id="totals">%d blocks: %d pass, %d fail, %d incomplete, %d not run</p>'
            % (len(blocks), npass, nfail, ninc, len(blocks) - npass - nfail - ninc),
            '<p class="small">from %s</p>' % (", ".join('<a href="%s">%s</a>' % (esc(rel(page_dir, os.path.join(d, "summary.json"))),
                                                                                  esc(os.path.relpath(d, ROOT)))
                                                          for d in dirs) or "no run results"),
            table(["block", "verdict", "last run", "runs", "cycles matched", "cover events"], overview, num=(3, 4))]
    page += sections
    page.append("</body></html>\n")
    tmp = "%s.tmp%d" % (out, os.getpid())
    with open(tmp, "w") as f:
        f.write("\n".join(page))
    os.replace(tmp, out)
    print("report: %s (%d blocks: %d pass, %d fail, %d incomplete, %d not run)"
          % (os.path.relpath(out, ROOT) if out.startswith(ROOT) else out, len(blocks), npass, nfail, ninc,
             len(blocks) - npass - nfail - ninc))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
