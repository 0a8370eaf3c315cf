#!/usr/bin/env python3
"""sweep_plot.py CSV SVG [--title TEXT] - the plot of a storage sweep.

Reads the CSV of `kit overhead BLOCK --sweep SPEC` (tb/harness/sweep.c) and
writes an SVG: the total and the largest storage rows (bits, log scale)
against the sweep's points in order, the paper's quantity and stated figure
where the CSV has them (the `paper ...` columns), the paper configuration
(the point with paper_config = 1) marked, and every illegal point marked on
the axis (its reason is in the CSV). Standard library only, and no clock or
random input: the same CSV gives the same bytes. The SVG is written whole
(a temporary file renamed into place). doc/storage.md.
"""
import csv
import math
import os
import sys

W, H = 960, 560
L, R, T, B = 80, 300, 50, 120          # margins: the legend sits on the right
COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b"]
LARGEST = 4                            # storage rows plotted besides the total


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def fail(msg):
    print(f"sweep_plot: error: {msg}", file=sys.stderr)
    sys.exit(1)


def load(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.reader(f))
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    if len(rows) < 2 or rows[0][:1] != ["point"] or "legal" not in rows[0]:
        fail(f"{path}: not a sweep CSV (kit overhead --sweep)")
    head = rows[0]
    pts = [dict(zip(head, r)) for r in rows[1:]]
    axes = head[1:head.index("legal")]
    return head, axes, pts


def main(argv):
    if len(argv) not in (2, 4) or (len(argv) == 4 and argv[2] != "--title"):
        print("usage: sweep_plot.py SWEEP.csv OUT.svg [--title TEXT]", file=sys.stderr)
        return 2
    src, out = argv[0], argv[1]
    title = argv[3] if len(argv) == 4 else os.path.basename(src)
    head, axes, pts = load(src)
    legal = [p for p in pts if p["legal"] == "1"]
    if not legal:
        fail(f"{src}: no legal point to plot")
    rowcols = [h[:-len(" (bits)")] for h in head
               if h.endswith(" (bits)") and h not in ("total (bits)", "paper quantity (bits)", "paper figure (bits)")]

    def val(p, key):
        v = p.get(key + " (bits)", "")
        return int(v) if v else None

    largest = sorted(rowcols, key=lambda k: (-max((val(p, k) or 0) for p in legal), rowcols.index(k)))[:LARGEST]
    series = [("total", "#000000", "3,2")]
    if "paper quantity (bits)" in head:
        series.append(("paper quantity", "#d62728", "6,3"))   # the rows the figure counts
    series += [(k, COLORS[i % len(COLORS)], "") for i, k in enumerate(largest)]
    figure = int(legal[0]["paper figure (bits)"]) if "paper figure (bits)" in head else None

    values = [v for p in legal for name, _, _ in series for v in [val(p, name)] if v]
    if figure:
        values.append(figure)
    lo = math.floor(math.log10(max(1, min(values)))) if values else 0
    hi = math.ceil(math.log10(max(values))) if values else 1
    hi = max(hi, lo + 1)
    n = len(pts)
    pw, ph = W - L - R, H - T - B

    def x(i):
        return L + (pw * (i + 0.5) / n)

    def y(v):
        return T + ph - ph * (math.log10(max(v, 1)) - lo) / (hi - lo)

    o = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{W}" height="{H}" fill="#ffffff"/>',
         f'<text x="{L}" y="24" font-size="15" font-weight="bold">{esc(title)}</text>',
         f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#888"/>']
    for e in range(lo, hi + 1):
        yy = y(10 ** e)
        o.append(f'<line x1="{L}" y1="{yy:.1f}" x2="{L + pw}" y2="{yy:.1f}" stroke="#ddd"/>')
        o.append(f'<text x="{L - 6}" y="{yy + 4:.1f}" text-anchor="end">1e{e}</text>')
    o.append(f'<text x="16" y="{T + ph / 2:.1f}" transform="rotate(-90 16 {T + ph / 2:.1f})" '
             f'text-anchor="middle">bits (log scale)</text>')
    step = max(1, math.ceil(n / 24))   # at most ~24 labels on the axis
    for i, p in enumerate(pts):
        if i % step == 0:
            lab = " ".join(f"{a}={p[a]}" for a in axes)
            o.append(f'<text x="{x(i):.1f}" y="{T + ph + 12}" transform="rotate(40 {x(i):.1f} {T + ph + 12})" '
                     f'font-size="9">{esc(lab)}</text>')
        if p["legal"] != "1":
            o.append(f'<text x="{x(i):.1f}" y="{T + ph - 4}" text-anchor="middle" fill="#999" '
                     f'font-size="12"><title>{esc(p["reason"])}</title>&#215;</text>')
        if p["paper_config"] == "1":
            o.append(f'<line x1="{x(i):.1f}" y1="{T}" x2="{x(i):.1f}" y2="{T + ph}" stroke="#d62728" '
                     f'stroke-dasharray="2,3"/>')
            o.append(f'<text x="{x(i) + 3:.1f}" y="{T + 12}" fill="#d62728">paper configuration</text>')
    if figure:
        yy = y(figure)
        o.append(f'<line x1="{L}" y1="{yy:.1f}" x2="{L + pw}" y2="{yy:.1f}" stroke="#d62728" '
                 f'stroke-dasharray="1,4" stroke-width="2"/>')
        o.append(f'<text x="{L + pw - 4}" y="{yy - 4:.1f}" text-anchor="end" fill="#d62728">'
                 f'paper figure {figure} bits = {figure / 8:g} B</text>')
    for name, color, dash in reversed(series):     # the total drawn last, on top
        pts_xy = [(x(i), y(val(p, name))) for i, p in enumerate(pts) if p["legal"] == "1" and val(p, name) is not None]
        da = f' stroke-dasharray="{dash}"' if dash else ""
        if len(pts_xy) > 1:
            path = " ".join(f"{'M' if k == 0 else 'L'}{a:.1f},{b:.1f}" for k, (a, b) in enumerate(pts_xy))
            o.append(f'<path d="{path}" fill="none" stroke="{color}" stroke-width="1.6"{da}/>')
        for a, b in pts_xy:
            o.append(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="2.5" fill="{color}"/>')
    ly = T + 6
    illegal = n - len(legal)
    for name, color, dash in series:
        short = name if len(name) <= 44 else name[:41] + "..."
        da = f' stroke-dasharray="{dash}"' if dash else ""
        o.append(f'<line x1="{L + pw + 14}" y1="{ly:.1f}" x2="{L + pw + 34}" y2="{ly:.1f}" stroke="{color}" '
                 f'stroke-width="2"{da}/>')
        o.append(f'<text x="{L + pw + 40}" y="{ly + 4:.1f}"><title>{esc(name)}</title>{esc(short)}</text>')
        ly += 18
    notes = [f"{n} point(s): {len(legal)} legal, {illegal} illegal (x on the axis; reasons in the CSV)"]
    if not any(p["paper_config"] == "1" for p in pts):
        notes.append("the paper configuration (the block's defaults) is not a point of this sweep")
    for k, t in enumerate(notes):
        o.append(f'<text x="{L}" y="{H - 26 + 14 * k}" font-size="10" fill="#444">{esc(t)}</text>')
    o.append("</svg>")
    tmp = f"{out}.tmp{os.getpid()}"
    try:
        with open(tmp, "w") as f:
            f.write("\n".join(o) + "\n")
        os.replace(tmp, out)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        fail(f"{out}: {e.strerror}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
