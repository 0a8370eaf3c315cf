#!/usr/bin/env python3
"""traffic_report.py [--out DIR] [--slice] [--plant] [--only ID,..] [--kit PATH] [--jobs N]

The traffic report of issue 30 (doc/traffic-report.md): for every claim of
tools/traffic_claims.py, runs its points (`kit tstudy BLOCK --traffic K`:
the hierarchy, the block's adapter and its C model, no RTL), reads each
run's JSON (cvkit.tstudy/1), computes the claim's observable, writes
DIR/<id>.csv and DIR/<id>.svg and checks the direction of the trend.
DIR/index.html (self-contained: the SVGs inline) lists every claim, its
plot and its verdict (trend shown / NOT shown); DIR/verdicts.json the same
for tools (schema cvkit.traffic-report/1).

--slice: the short slice of the trend test (tb/test/22_traffic_trends.sh):
each claim's `slice` points only, no plots. Prints `PASS trend ID` /
`FAIL trend ID: why` per claim; with --plant also the check on the
reversed data (`PASS planted ID: reversal caught`), which must fail, and
for a claim recorded as NOT shown the check on a planted trend (its
`plant_shown`), which must pass.
Standard library only; same kit, same bytes. Exit 1 on a run error.
"""
import concurrent.futures
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import traffic_claims  # noqa: E402

W, PH = 960, 340                       # width, plot-area height (the height follows the caption)
L, R, T = 80, 30, 40
COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"]


def esc(s):
    return str(s).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def fail(msg):
    print(f"traffic_report: error: {msg}", file=sys.stderr)
    sys.exit(1)


class Run:
    """One tstudy result: port sums and windows by name."""

    def __init__(self, d):
        self.d = d
        self.ix = {p: i for i, p in enumerate(d["ports"])}
        self.cycles = d["cycles"]

    def _t(self, key, port):
        if port not in self.ix:
            fail(f"block {self.d['block']} has no port '{port}'")
        return self.d["total"][key][self.ix[port]]

    def sum(self, p):
        return self._t("sum", p)

    def nz(self, p):
        return self._t("nonzero", p)

    def max(self, p):
        return self._t("max", p)

    def last(self, p):
        return self._t("last", p)

    def changes(self, p):
        return self._t("changes", p)

    def cover(self, name):
        return self.d["cover"][name]

    def win(self, p, key="last"):
        """(window end cycle, value) of port p per window: its last value or its sum."""
        i = self.ix[p]
        return [(e, row[i]) for e, row in zip(self.d["windows"]["end"], self.d["windows"][key])]


def kit_run(kit, pt, path):
    cmd = [kit, "tstudy", pt["block"], *pt.get("params", "").split(), "--traffic", pt["kernel"],
           "--every", str(pt.get("every", 1 << 20)), "-o", path]
    if pt.get("traffic"):
        cmd += ["--traffic-params", pt["traffic"]]
    if pt.get("seed") is not None:
        cmd += ["--seed", str(pt["seed"])]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        return " ".join(cmd) + ": " + r.stderr.strip()
    return None


def trend_ok(claim, xs, ys):
    """The direction check: None when the trend is shown, else why not."""
    check = claim.get("check", "up")
    if callable(check):
        return check(xs, ys)
    if len(ys) < 2:
        return "fewer than two points"
    rise = ys[-1] - ys[0] if check == "up" else ys[0] - ys[-1]
    if rise <= 0:
        return f"{claim['ylabel']} goes {ys[0]:.4g} -> {ys[-1]:.4g} from {claim['xlabel']} {xs[0]} to {xs[-1]} (expected {'a rise' if check == 'up' else 'a fall'})"
    back = sum(max(0, (prv - nxt) if check == "up" else (nxt - prv)) for nxt, prv in zip(ys[1:], ys))
    if back > 0.25 * rise:
        return f"{claim['ylabel']} not monotone: it moves back {back:.4g} against a net {rise:.4g}"
    return None


def nice(v):
    return f"{v:.3g}" if isinstance(v, float) else str(v)


def wrap(text, width):
    """Greedy word wrap (no hyphenation)."""
    lines, cur = [], ""
    for w in text.split():
        if cur and len(cur) + 1 + len(w) > width:
            lines.append(cur)
            cur = w
        else:
            cur = f"{cur} {w}" if cur else w
    return lines + ([cur] if cur else [])


def svg(claim, xs, series, verdict):
    """A line plot: x in the claim's terms, one line per series (the first is the checked one, solid), the
    legend and the verdict under the axes, then the caption: the paper's sentence and its section."""
    allys = [y for _, ys in series for y in ys]
    y0, y1 = min(0, min(allys)), max(allys)
    if y1 <= y0:
        y1 = y0 + 1
    x0, x1 = min(xs), max(xs)
    if x1 <= x0:
        x1 = x0 + 1
    pw, ph = W - L - R, PH
    cap = wrap(f"\u201c{claim['quote']}\u201d \u2014 {claim['paper']}, {claim['section']}", 130)
    legend_y = T + ph + 56
    cap_y = legend_y + 18 * len(series) + 22
    h = cap_y + 14 * len(cap) + 10

    def px(x):
        return L + (x - x0) / (x1 - x0) * pw

    def py(y):
        return T + ph - (y - y0) / (y1 - y0) * ph

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{h}" font-family="sans-serif" font-size="12">',
         f'<rect width="{W}" height="{h}" fill="white"/>',
         f'<text x="{L}" y="22" font-size="14" font-weight="bold">{esc(claim["id"])}: {esc(claim["title"])}</text>',
         f'<line x1="{L}" y1="{T + ph}" x2="{L + pw}" y2="{T + ph}" stroke="black"/>',
         f'<line x1="{L}" y1="{T}" x2="{L}" y2="{T + ph}" stroke="black"/>']
    for k in range(5):
        yv = y0 + (y1 - y0) * k / 4
        o.append(f'<line x1="{L - 4}" y1="{py(yv):.1f}" x2="{L + pw}" y2="{py(yv):.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{L - 6}" y="{py(yv) + 4:.1f}" text-anchor="end">{nice(round(yv, 4))}</text>')
    step = max(1, len(xs) // 12)
    for x in xs[::step]:
        o.append(f'<text x="{px(x):.1f}" y="{T + ph + 16}" text-anchor="middle">{nice(x)}</text>')
    o.append(f'<text x="{L + pw / 2}" y="{T + ph + 36}" text-anchor="middle">{esc(claim["xlabel"])}</text>')
    o.append(f'<text transform="translate(16,{T + ph / 2}) rotate(-90)" text-anchor="middle" font-size="11">{esc(claim["ylabel"])}</text>')
    for n, (name, ys) in enumerate(series):
        c = COLORS[n % len(COLORS)]
        pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in zip(xs, ys))
        dash = "" if n == 0 else ' stroke-dasharray="5,3"'
        o.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="{2 if n == 0 else 1.5}"{dash}/>')
        if len(xs) <= 40:
            o += [f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3" fill="{c}"/>' for x, y in zip(xs, ys)]
        ly = legend_y + 18 * n
        o.append(f'<line x1="{L}" y1="{ly - 4}" x2="{L + 24}" y2="{ly - 4}" stroke="{c}" stroke-width="2"{dash}/>')
        o.append(f'<text x="{L + 30}" y="{ly}">{esc(name)}{" (checked)" if n == 0 else ""}</text>')
    shown = verdict is None
    o.append(f'<text x="{L + pw}" y="{legend_y}" text-anchor="end" font-weight="bold" fill="{"#2a2" if shown else "#c22"}">'
             f'{"trend shown" if shown else "trend NOT shown"}</text>')
    for k, line in enumerate(cap):
        o.append(f'<text x="{L}" y="{cap_y + 14 * k}" font-size="11" fill="#333">{esc(line)}</text>')
    o.append("</svg>")
    return "\n".join(o) + "\n"


def write(path, text):
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def evaluate(claim, runs):
    """(xs, [(name, ys)..]) of a claim from its runs (one per point, or the windows of one run)."""
    if claim.get("timeseries"):
        return claim["timeseries"](runs[0])
    xs = [pt["x"] for pt in claim["points"]]
    for r, pt in zip(runs, claim["points"]):
        r.pt = pt
    series = [(name, [f(r) for r in runs]) for name, f in claim["series"]]
    return xs, series


def main(argv):
    out, kit, only, jobs = "build/traffic-report", "build/kit", None, 2
    slc = plant = False
    it = iter(argv)
    for a in it:
        if a == "--out":
            out = next(it, None)
        elif a == "--kit":
            kit = next(it, None)
        elif a == "--only":
            only = set((next(it, "") or "").split(","))
        elif a == "--jobs":
            jobs = int(next(it, "2"))
        elif a == "--slice":
            slc = True
        elif a == "--plant":
            plant = True
        else:
            print(__doc__.splitlines()[0], file=sys.stderr)
            return 2
    if not out or not kit:
        fail("--out and --kit take a value")
    claims = [c for c in traffic_claims.CLAIMS if not only or c["id"] in only]
    if only and len(claims) != len(only):
        fail(f"--only: no such claim {sorted(only - {c['id'] for c in claims})}")
    r = subprocess.run([kit, "traffic", "--adapters"], capture_output=True, text=True)
    if r.returncode:
        fail(f"{kit} traffic --adapters: {r.stderr.strip()}")
    have = {ln.split("\t")[0] for ln in r.stdout.splitlines()}
    waiting = [c for c in claims if c["block"] not in have]
    claims = [c for c in claims if c["block"] in have]
    for c in waiting:
        if slc:
            print(f"PASS trend {c['id']}: not run, block {c['block']} has no traffic adapter yet (doc/traffic-report.md)")
    rdir = os.path.join(out, "runs")
    os.makedirs(rdir, exist_ok=True)
    work = []
    for c in claims:
        pts = c["points"]
        if slc:
            pts = [pts[i] for i in c.get("slice", (0, -1))]
        c["_pts"] = pts
        for i, pt in enumerate(pts):
            work.append((c, i, {"block": c["block"], **pt}, os.path.join(rdir, f"{c['id']}.{'s' if slc else ''}{i}.json")))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        errs = list(ex.map(lambda w: kit_run(kit, w[2], w[3]), work))
    for e in errs:
        if e:
            fail(e)
    results, bad = [], 0
    for c in claims:
        runs = []
        for i in range(len(c["_pts"])):
            with open(os.path.join(rdir, f"{c['id']}.{'s' if slc else ''}{i}.json")) as f:
                runs.append(Run(json.load(f)))
        saved = c["points"]
        c["points"] = c["_pts"]
        xs, series = evaluate(c, runs)
        c["points"] = saved
        why = trend_ok(c, xs, series[0][1])
        results.append((c, xs, series, why))
        if slc:
            print(f"PASS trend {c['id']}" if why is None and c.get("expect", "shown") == "shown" else
                  f"PASS trend {c['id']}: NOT shown, as doc/traffic-report.md records" if why and c.get("expect") == "not" else
                  f"FAIL trend {c['id']}: {why or 'shown, but the report records it as NOT shown'}"
                  f" (reproduce: python3 tools/traffic_report.py --slice --only {c['id']})")
            bad += (why is None) != (c.get("expect", "shown") == "shown")
            if plant and why is None:
                rev = trend_ok(c, xs, list(reversed(series[0][1])) if isinstance(c.get("check", "up"), str) else
                               [-y for y in series[0][1]])
                print(f"PASS planted {c['id']}: reversal caught ({rev})" if rev else
                      f"FAIL planted {c['id']}: the check passes reversed data")
                bad += rev is None
            if plant and why and c.get("plant_shown"):
                fake = trend_ok(c, xs, c["plant_shown"](series[0][1]))
                print(f"PASS planted {c['id']}: a planted trend passes the check" if fake is None else
                      f"FAIL planted {c['id']}: the check refuses even a planted trend ({fake})")
                bad += fake is not None
    if slc:
        return 1 if bad else 0
    rows = []
    for c, xs, series, why in results:
        base = os.path.join(out, c["id"])
        lines = [",".join([c["xlabel"]] + [n for n, _ in series])]
        lines += [",".join([nice(x)] + [nice(ys[k]) for _, ys in series]) for k, x in enumerate(xs)]
        write(base + ".csv", "\n".join(lines) + "\n")
        s = svg(c, xs, series, why)
        write(base + ".svg", s)
        rows.append({"id": c["id"], "block": c["block"], "paper": c["paper"], "section": c["section"],
                     "claim": c["quote"], "shown": why is None, "why": why, "note": c.get("note", ""),
                     "csv": c["id"] + ".csv", "svg": c["id"] + ".svg", "_svg": s,
                     "runs": [" ".join(["kit tstudy", c["block"], pt.get("params", ""), "--traffic", pt["kernel"],
                                        f"--traffic-params '{pt.get('traffic', '')}'"]) for pt in c["points"][:1]]})
    for c in waiting:
        rows.append({"id": c["id"], "block": c["block"], "paper": c["paper"], "section": c["section"],
                     "claim": c["quote"], "shown": False, "why": f"not run: block {c['block']} has no traffic adapter yet",
                     "note": c.get("note", ""), "csv": None, "svg": None, "_svg": "", "runs": ["(none)"]})
    write(os.path.join(out, "verdicts.json"),
          json.dumps({"schema": "cvkit.traffic-report/1",
                      "claims": [{k: v for k, v in r.items() if not k.startswith("_")} for r in rows]}, indent=1) + "\n")
    h = ["<!doctype html><html><head><meta charset='utf-8'><title>cvkit traffic report</title>",
         "<style>body{font-family:sans-serif;max-width:1000px;margin:auto}td{vertical-align:top;padding:4px}"
         ".ok{color:#2a2;font-weight:bold}.no{color:#c22;font-weight:bold}blockquote{color:#444}</style></head><body>",
         "<h1>The papers' behaviour on traffic (issue 30)</h1>",
         "<p>Each plot: kernels through the functional cache hierarchy, the block's traffic adapter and its C model "
         "(<code>kit tstudy</code>; doc/traffic-report.md). The verdict is the direction check of the trend, not "
         "absolute numbers.</p><table border='1' cellspacing='0'><tr><th>claim</th><th>block</th><th>paper</th><th>verdict</th></tr>"]
    for r in rows:
        v = "trend shown" if r["shown"] else "NOT run (no adapter)" if not r["csv"] else "NOT shown"
        h.append(f"<tr><td><a href='#{r['id']}'>{esc(r['id'])}</a></td><td>{esc(r['block'])}</td><td>{esc(r['section'])}</td>"
                 f"<td class='{'ok' if r['shown'] else 'no'}'>{v}</td></tr>")
    h.append("</table>")
    for r in rows:
        h.append(f"<h2 id='{r['id']}'>{esc(r['id'])} ({esc(r['block'])})</h2>")
        h.append(f"<blockquote>&ldquo;{esc(r['claim'])}&rdquo; &mdash; {esc(r['paper'])}, {esc(r['section'])}</blockquote>")
        h.append(r["_svg"])
        h.append(f"<p class='{'ok' if r['shown'] else 'no'}'>{'trend shown' if r['shown'] else 'trend NOT shown: ' + esc(r['why'])}</p>")
        if r["note"]:
            h.append(f"<p>{esc(r['note'])}</p>")
        if r["csv"]:
            h.append(f"<p>Data: <a href='{r['csv']}'>{r['csv']}</a>; first run: <code>{esc(r['runs'][0])}</code></p>")
    h.append("</body></html>")
    write(os.path.join(out, "index.html"), "\n".join(h) + "\n")
    n = sum(r["shown"] for r in rows)
    print(f"traffic-report: {len(rows)} claims, {n} trends shown, {len(rows) - n - len(waiting)} NOT shown, "
          f"{len(waiting)} not run (no adapter): {out}/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
