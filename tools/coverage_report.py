#!/usr/bin/env python3
"""coverage_report.py - the two steps of tools/coverage.sh that are not
Verilator's or lcov's (system python3 only).

  split MERGED.dat LINE.dat TOGGLE.info
      Verilator writes every point type into one coverage file; lcov data
      has one count per source line. The line points (v_line, v_branch:
      blocks and branches) go to LINE.dat for verilator_coverage
      --write-info. The toggle points (v_toggle: one per signal bit) are
      written as lcov here, because verilator_coverage's own lcov output
      keeps one count per line and so hides an untoggled bit behind its
      toggled neighbours: each bit becomes a branch record (BRDA) of its
      declaration line, and the line counts as hit only when every bit on
      it toggled; genhtml --branch-coverage then shows bit by bit.
  report BLOCK DIR SEED CYCLES
      DIR/index.html, DIR/summary.txt and, as data, DIR/coverage.json
      (cvkit.coverage/1, doc/results.md): the line and toggle figures (lines
      hit / found, from DIR/line.info and DIR/toggle.info: what genhtml
      shows), links to the two genhtml reports, and the kit's functional
      coverage events summed over the runs (DIR/results/, the lockstep runs' cvkit.lockstep/1
      own report) with the events never seen marked.
"""
import html
import json
import os
import re
import sys

TYPE = re.compile("\x01page\x02(v_[a-z]+)/")


def points(path):
    """[(type, file, line, name, count)] of a Verilator coverage file."""
    out = []
    with open(path, encoding="latin-1") as f:
        lines = f.read().splitlines()
    if not lines or not lines[0].startswith("# SystemC::Coverage"):
        raise ValueError("%s is not a Verilator coverage file" % path)
    for line in lines[1:]:
        m = re.match(r"C '(.*)' (\d+)$", line)
        if not m:
            continue
        kv = dict(f.split("\x02", 1) for f in m.group(1).split("\x01") if "\x02" in f)
        out.append((kv.get("page", "").split("/")[0], kv.get("f"), int(kv.get("l", 0)),
                    kv.get("o", ""), int(m.group(2)), line))
    return lines[0], out


def split(merged, line_out, toggle_info):
    try:
        head, pts = points(merged)
    except ValueError as e:
        sys.stderr.write("coverage_report: %s\n" % e)
        return 1
    with open(line_out, "w", encoding="latin-1") as f:
        f.write(head + "\n" + "".join(p[5] + "\n" for p in pts if p[0] != "v_toggle"))
    files = {}
    for kind, src, ln, name, cnt, _ in pts:
        if kind == "v_toggle":
            files.setdefault(src, {}).setdefault(ln, []).append((name, cnt))
    with open(toggle_info, "w") as f:
        f.write("TN:toggle\n")
        for src in sorted(files):
            f.write("SF:%s\n" % src)
            lines = files[src]
            for ln in sorted(lines):
                for k, (name, cnt) in enumerate(lines[ln]):
                    f.write("BRDA:%d,0,%d,%d\n" % (ln, k, cnt))
            nb = sum(len(v) for v in lines.values())
            f.write("BRF:%d\nBRH:%d\n" % (nb, sum(c > 0 for v in lines.values() for _, c in v)))
            for ln in sorted(lines):
                f.write("DA:%d,%d\n" % (ln, min(c for _, c in lines[ln])))
            f.write("LF:%d\nLH:%d\n" % (len(lines), sum(min(c for _, c in v) > 0 for v in lines.values())))
            f.write("end_of_record\n")
    return 0


def untoggled(toggle_dat_points):
    """{signal: [bits never toggled]} from the toggle points."""
    out = {}
    for kind, src, ln, name, cnt, _ in toggle_dat_points:
        if kind == "v_toggle" and cnt == 0:
            m = re.match(r"(.*)\[(\d+)\]$", name)
            sig, bit = (m.group(1), int(m.group(2))) if m else (name, 0)
            out.setdefault("%s (%s:%d)" % (sig, src, ln), []).append(bit)
    return out


def info_figures(path):
    """(lines hit, lines found) of an lcov file, from its DA:LINE,COUNT
    records (what genhtml counts; verilator_coverage writes no LH/LF)."""
    hit = found = 0
    with open(path) as f:
        for line in f:
            if line.startswith("DA:"):
                found += 1
                hit += int(line.split(",")[1]) > 0
    return hit, found


def pct(h, n):
    return 100.0 * h / n if n else 100.0


def report(block, d, seed, cycles):
    cyc = ("%s random cycles a configuration" % cycles) if cycles else "each configuration for its own cycles"
    # the runs' results (cvkit.lockstep/1), in the plan's order
    plan = json.load(open(os.path.join(d, "results", "plan.json")))
    runs, events, order, toggles, traffic = [], {}, [], {}, []
    for j in plan["jobs"]:
        try:
            r = json.load(open(j["result"]))
        except (OSError, ValueError):
            continue
        runs.append(j["id"])
        toggles[j["id"]] = (r["toggle"]["covered"], r["toggle"]["bits"])
        kind = "traffic" if r.get("traffic") else "directed" if j["stim"] else "random"
        if kind == "traffic":
            traffic.append(r["source"])
        for k, v in r["cover"].items():
            if k not in events:
                events[k] = {"random": 0, "directed": 0, "traffic": 0}
                order.append(k)
            events[k][kind] += int(v)
    if traffic:   # make coverage TRAFFIC= / TRACE=: one run on that traffic
        cyc = "%s (doc/traffic.md)" % ", ".join(traffic)
    lh, lf = info_figures(os.path.join(d, "line.info"))
    _, pts = points(os.path.join(d, "merged.dat"))
    tog = [p for p in pts if p[0] == "v_toggle"]
    th, tf = sum(p[4] > 0 for p in tog), len(tog)
    never = untoggled(tog)
    total = {e: sum(events[e].values()) for e in order}
    eh = sum(1 for e in order if total[e])
    final = ("coverage %s: line %d/%d (%.1f%%), toggle %d/%d bits (%.1f%%), functional %d/%d events"
             % (block, lh, lf, pct(lh, lf), th, tf, pct(th, tf), eh, len(order)))
    data = {"schema": "cvkit.coverage/1", "block": block, "seed": int(seed), "cycles": int(cycles) if cycles else None,
            "traffic": traffic, "runs": runs, "line": {"hit": lh, "found": lf}, "toggle": {"covered": th, "bits": tf},
            "functional": {"seen": eh, "total": len(order),
                           "events": {e: events[e] for e in order}},
            "untoggled": {sig: sorted(bits) for sig, bits in sorted(never.items())}}
    tmp = os.path.join(d, "coverage.json.tmp%d" % os.getpid())
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, os.path.join(d, "coverage.json"))
    with open(os.path.join(d, "summary.txt"), "w") as f:
        f.write("runs (seed %s, %s%s):\n" % (seed, cyc, "" if traffic else ", then each directed file"))
        for r in runs:
            f.write("  %-32s output toggles %s/%s\n" % (r, *toggles[r]))
        f.write("functional cover events (random + directed + traffic):\n")
        for e in order:
            t = total[e]
            f.write("  %-24s %12d%s\n" % (e, t, "   <-- never seen" if t == 0 else ""))
        if never:
            f.write("signal bits never toggled:\n")
            for sig, bits in sorted(never.items()):
                f.write("  %s bits %s\n" % (sig, ",".join(map(str, sorted(bits)))))
        f.write(final + "\n")
    rows = "".join(
        "<tr%s><td>%s</td><td>%d</td><td>%d</td><td>%d</td><td>%d</td></tr>\n" % (
            ' class="miss"' if total[e] == 0 else "", html.escape(e), events[e]["random"],
            events[e]["directed"], events[e]["traffic"], total[e]) for e in order)
    runrows = "".join("<tr><td>%s</td><td>%s/%s</td></tr>\n" % (html.escape(r), *toggles[r])
                      for r in runs)
    page = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>cvkit coverage: {b}</title>
<style>body{{font-family:sans-serif}} td,th{{padding:2px 10px;text-align:left}}
tr.miss td{{background:#fcc}}</style></head><body>
<h1>cvkit coverage: {b}</h1>
<p>RTL under the kit's lockstep: seed {seed}, {cycles}{then}. Runs: {nruns}.</p>
<table border="1"><tr><th>kind</th><th>hit / found</th><th>report</th></tr>
<tr><td>Verilator line (blocks and branches)</td><td>{lh}/{lf} ({lp:.1f}%)</td><td><a href="html/line/index.html">html/line</a></td></tr>
<tr><td>Verilator toggle (signal bits; per bit as "branches")</td><td>{th}/{tf} ({tp:.1f}%)</td><td><a href="html/toggle/index.html">html/toggle</a></td></tr>
<tr><td>kit functional cover events</td><td>{eh}/{en}</td><td>below</td></tr>
</table>
<h2>Functional cover events (the block's kit_block_t cover function)</h2>
<table border="1"><tr><th>event</th><th>random</th><th>directed</th><th>traffic</th><th>total</th></tr>
{rows}</table>
<h2>Signal bits never toggled</h2>
<table border="1"><tr><th>signal (declaration)</th><th>bits</th></tr>
{nevrows}</table>
<h2>Runs and output-bit toggles</h2>
<table border="1"><tr><th>run</th><th>output bits seen at 0 and 1</th></tr>
{runrows}</table>
</body></html>
""".format(b=html.escape(block), seed=seed, cycles=html.escape(cyc), nruns=len(runs),
           then="" if traffic else ", then every directed file of the block (each at the configuration it names)", lh=lh, lf=lf,
           lp=pct(lh, lf), th=th, tf=tf, tp=pct(th, tf), eh=eh, en=len(order), rows=rows,
           runrows=runrows, nevrows="".join(
               "<tr><td>%s</td><td>%s</td></tr>\n" % (html.escape(k), ",".join(map(str, sorted(v))))
               for k, v in sorted(never.items())) or "<tr><td>none</td><td></td></tr>")
    with open(os.path.join(d, "index.html"), "w") as f:
        f.write(page)
    return 0


def main(argv):
    if len(argv) == 5 and argv[1] == "split":
        return split(*argv[2:])
    if len(argv) == 6 and argv[1] == "report":
        return report(*argv[2:])
    sys.stderr.write("usage: coverage_report.py split MERGED LINE.dat TOGGLE.info | report BLOCK DIR SEED CYCLES\n")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
