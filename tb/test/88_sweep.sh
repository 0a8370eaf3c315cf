# Storage sweeps (make overhead BLOCK= SWEEP=, kit overhead --sweep:
# tb/harness/sweep.c, tools/sweep_plot.py; doc/storage.md).
# Rationale: a sweep is only worth plotting if every point is what the
# single-point estimate says. So for a plain block (vtt, whose legality
# rules turn most of a Sets x VpWays grid illegal) and the composite
# (linebacker, whose paper quantity is section 4.2's item sum), every
# legal CSV row must equal `kit overhead ... --json` at that point, row by
# row and in total, in bits and bytes; every illegal point must carry the
# one-line reason the single-point command gives, not be dropped; the
# paper configuration and figure must be marked in the CSV and the SVG.
# The comparison is shown failing on a CSV with one planted wrong cell.
# Bad specs (grammar, unknown or repeated parameters, too many points) are
# one-line errors that leave no file; the same arguments give the same
# bytes. C-only, well under a CPU-second.
. "$(dirname "$0")/lib.sh"
mkdir -p build/test/sweep
d=build/test/sweep
rm -f "$d"/*

# sweep_matches BLOCK CSV "FIXED P=V": every row of CSV against the kit's
# single-point --json (legal) or its one-line error (illegal). Prints
# "N M" (points checked, illegal) or the first difference, exit 1.
sweep_matches() {
  python3 - "$@" <<'EOF'
import csv, json, re, subprocess, sys
block, path, fixed = sys.argv[1], sys.argv[2], sys.argv[3].split()
rows = list(csv.DictReader(open(path, newline="")))
head = list(rows[0].keys())
axes = head[1:head.index("legal")]
def key(t):
    return re.sub(r"[0-9]+", "#", t)
def by(bits):
    return "%d.%03d" % (bits // 8, (bits % 8) * 125)
nill = 0
for r in rows:
    words = fixed + ["%s=%s" % (a, r[a]) for a in axes]
    p = subprocess.run(["build/kit", "overhead", block] + words + ["--json"], capture_output=True, text=True)
    if r["legal"] == "0":
        nill += 1
        msg = p.stderr.strip()
        if p.returncode == 0 or msg != "kit: error: " + r["reason"]:
            sys.exit("point %s %s: CSV says illegal (%s), kit says %r" % (r["point"], words, r["reason"], msg))
        continue
    j = json.loads(p.stdout)
    want = {"total": j["total_bits"]}
    seen = {}
    for w in j["rows"]:
        k = key(w["item"])
        seen[k] = seen.get(k, 0) + 1
        if seen[k] > 1:
            k = "%s #%d" % (k, seen[k])
        want[k] = w["total_bits"]
    isdef = all(j["params"][n] == v for n, v in json.loads(subprocess.run(
        ["build/kit", "overhead", block, "--json"], capture_output=True, text=True).stdout)["params"].items())
    if r["paper_config"] != ("1" if isdef else "0"):
        sys.exit("point %s: paper_config %s, the point is %sthe defaults" % (r["point"], r["paper_config"], "" if isdef else "not "))
    cols = [h[:-7] for h in head if h.endswith(" (bits)") and not h.startswith("paper ")]
    for k in cols:
        got = r[k + " (bits)"]
        if k not in want:
            if got != "":
                sys.exit("point %s: column %r = %s, the kit has no such row" % (r["point"], k, got))
            continue
        if got != str(want[k]) or r[k + " (bytes)"] != by(want[k]):
            sys.exit("point %s %s: %r = %s bits / %s B, kit overhead --json says %d" % (
                r["point"], words, k, got, r[k + " (bytes)"], want[k]))
    missing = set(want) - set(cols)
    if missing:
        sys.exit("point %s: rows %s missing from the CSV" % (r["point"], sorted(missing)))
print(len(rows), nill)
EOF
}

# 1. vtt: Sets x VpWays, most points illegal (ways per set, register space)
if out=$(build/san/kit overhead vtt --sweep 'Sets=16..512*2 VpWays=2,4,8' -o $d/vtt.csv); then
  got=$(sweep_matches vtt $d/vtt.csv "" 2>&1) && ok "sweep vtt: $got (points, illegal): every row equals kit overhead --json, every illegal point has its reason" \
    || bad "sweep vtt: $got"
  n=$(echo "$out" | grep -c '^  illegal point')
  echo "$out" | tail -1 | grep -q "18 point(s), 5 legal, 13 illegal" && [ "$n" = 13 ] \
    && ok "sweep vtt: 13 illegal points listed by make's output" || bad "sweep vtt: output: $(echo "$out" | tail -2)"
else bad "sweep vtt: $out"; fi

# 2. the composite, with a fixed parameter; its default point is the paper's
if build/kit overhead linebacker MaxCta=32 --sweep 'Sets=24,48,96 VpWays=2..8*2 BufEnt=6' -o $d/lb.csv >/dev/null; then
  got=$(sweep_matches linebacker $d/lb.csv "MaxCta=32" 2>&1) && ok "sweep linebacker: $got (points, illegal) equal kit overhead --json" \
    || bad "sweep linebacker: $got"
  items=$(build/kit summary linebacker | sed -nE 's/^ *sum of the items +([0-9]+) bits.*/\1/p')
  pq=$(python3 -c 'import csv, sys
r = [r for r in csv.DictReader(open(sys.argv[1])) if r["paper_config"] == "1"]
print(len(r), r[0]["paper quantity (bits)"], r[0]["paper figure (bits)"])' $d/lb.csv)
  [ "$pq" = "1 $items 48169" ] && ok "sweep linebacker: the paper configuration's quantity is section 4.2's item sum ($items bits) against 5.88 KB (48169 bits)" \
    || bad "sweep linebacker: paper point: '$pq', items $items"
else bad "sweep linebacker: kit overhead --sweep failed"; fi

# 3. the comparison can fail: one cell of the vtt CSV changed by one bit
python3 - $d/vtt.csv $d/vtt-bad.csv <<'EOF'
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
col = rows[0].index("total (bits)")
r = next(r for r in rows[1:] if r[col])
r[col] = str(int(r[col]) + 1)
csv.writer(open(sys.argv[2], "w", newline=""), lineterminator="\n").writerows(rows)
EOF
got=$(sweep_matches vtt $d/vtt-bad.csv "" 2>&1) && bad "sweep check passed a CSV with a wrong total" \
  || ok "sweep check catches a planted wrong cell: $got"

# 4. make overhead SWEEP=: CSV + SVG, the plot marks what it should
if make --no-print-directory -s overhead BLOCK=linebacker SWEEP='Sets=24,48,96 VpWays=2,4,8' >$d/make.out 2>&1 \
   && python3 - build/overhead/linebacker/sweep.svg <<'EOF'
import sys, xml.etree.ElementTree as ET
t = ET.parse(sys.argv[1])          # well-formed
text = " ".join("".join(e.itertext()) for e in t.iter() if e.tag.endswith("text"))
need = ["paper configuration", "paper figure 48169 bits", "total", "paper quantity", "9 point(s): 5 legal, 4 illegal"]
miss = [n for n in need if n not in text]
paths = [e for e in t.iter() if e.tag.endswith("path")]
sys.exit("missing %s" % miss if miss else 0 if len(paths) >= 3 else "only %d series drawn" % len(paths))
EOF
then ok "make overhead SWEEP=: build/overhead/linebacker/sweep.{csv,svg}, the plot marks the paper point, figure and illegal points"
else bad "make overhead SWEEP=: $(tail -3 $d/make.out)"; fi

# 5. same arguments, same bytes (CSV and SVG)
cp build/overhead/linebacker/sweep.csv $d/1.csv; cp build/overhead/linebacker/sweep.svg $d/1.svg
make --no-print-directory -s overhead BLOCK=linebacker SWEEP='Sets=24,48,96 VpWays=2,4,8' >/dev/null 2>&1
cmp -s $d/1.csv build/overhead/linebacker/sweep.csv && cmp -s $d/1.svg build/overhead/linebacker/sweep.svg \
  && ok "sweep: same arguments, same CSV and SVG bytes" || bad "sweep: a second run wrote different bytes"

# 6. bad specs: one line, non-zero, no file
nbad=0
for spec in "Sets" "Sets=" "Sets=16..8" "Sets=16..512*1" "Sets=1x" "Sets=4,,8" "Nope=1" "Sets=1 Sets=2" \
            "Sets=1..100000" "Sets=1..1000 VpWays=1..32" "Sets=4,4" ""; do
  nbad=$((nbad + 1))
  rm -f $d/bad.csv
  out=$(build/san/kit overhead vtt --sweep "$spec" -o $d/bad.csv 2>&1); rc=$?
  if [ $rc -ne 0 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q '^kit: error: --sweep' && [ ! -e $d/bad.csv ]; then :
  else bad "sweep spec '$spec': rc $rc, $(echo "$out" | head -2)"; fails=1; fi
done
[ -z "${fails:-}" ] && ok "sweep: $nbad bad specs each give a one-line error and no file"
expect_err "make overhead SWEEP= without BLOCK" "SWEEP= needs BLOCK=" make --no-print-directory -s overhead SWEEP='Sets=16'
expect_err "kit overhead --sweep with --json" "give --json or --sweep" build/kit overhead vtt --sweep Sets=16 --json
