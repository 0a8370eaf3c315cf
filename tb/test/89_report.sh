# The HTML report (make report: tools/report.py; doc/report.md), opened in
# a real browser (Debian's headless Chromium).
# Rationale: a report is read by a person in a browser, so it is checked
# there: the page Chromium renders (its DOM dump, after parsing and layout)
# must show a verdict for every block the kit has, each block's verdict the
# one its last run's results give (HAC: FAIL from a run with a planted
# fault, then PASS when a passing run is the newer), a failure's waveform
# links (VCD and, FORMAT=fst, FST) and reproduce line; every link on the rendered page must resolve (a
# local file that exists, an anchor of the page, or embedded data; no
# network), shown failing on a copy with one planted broken link; a
# screenshot is taken (build/test/report/screenshot.png); the same results
# give the same bytes. Two 2,000-cycle HAC runs on the default model (the
# suite's first scripts build it).
. "$(dirname "$0")/lib.sh"
tools/deps.sh chromium || { bad "report: chromium not installable"; exit 1; }
T=build/test/report
rm -rf "$T"; mkdir -p "$T"

# chrome PAGE ARGS...: headless Chromium on a local page (a private profile;
# its D-Bus and GPU complaints on stderr are not the page's)
chrome() {
  local page=$1; shift
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$T/profile" \
    "$@" "file://$root/$page" 2>>"$T/chromium.log"
}
# page_check DOM PAGE VERDICTS: every block of `kit blocks` has one verdict in
# its section of the rendered DOM, each as VERDICTS says ("hac=FAIL ...",
# the rest NOT RUN), and every link resolves; prints what it found.
page_check() {
  python3 - "$@" <<'EOF'
import os, subprocess, sys
from html.parser import HTMLParser
dom, page, want = sys.argv[1], sys.argv[2], dict(w.split("=") for w in sys.argv[3].split())
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links, self.verdicts, self.cur, self.sec = set(), [], {}, None, None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
            if tag == "h2" and a["id"].startswith("block-"):
                self.sec = a["id"][6:]
        if tag == "a" and "href" in a: self.links.append(a["href"])
        if tag == "img" and "src" in a: self.links.append(a["src"])
        if tag == "span" and "verdict" in (a.get("class") or "").split() and self.sec == a.get("data-block"):
            self.cur = self.sec
        self.intotals = tag == "p" and a.get("id") == "totals"
    def handle_data(self, d):
        if self.cur:
            self.verdicts.setdefault(self.cur, []).append(d.strip()); self.cur = None
        if getattr(self, "intotals", False):
            self.totals = d.strip(); self.intotals = False
p = P(); p.feed(open(dom).read())
blocks = subprocess.run(["build/kit", "blocks"], capture_output=True, text=True).stdout.split()
errs = []
for b in blocks:
    got = p.verdicts.get(b, [])
    if got != [want.get(b, "NOT RUN")]:
        errs.append("%s: verdict %s, expected %s" % (b, got, want.get(b, "NOT RUN")))
# the totals line counts the verdicts the page shows
shown = [(p.verdicts.get(b) or ["?"])[0] for b in blocks]
tot = "%d blocks: %d pass, %d fail, %d incomplete, %d not run" % (
    len(blocks), *(shown.count(x) for x in ("PASS", "FAIL", "INCOMPLETE", "NOT RUN")))
if getattr(p, "totals", None) != tot:
    errs.append("totals %r, the verdicts shown give %r" % (getattr(p, "totals", None), tot))
base = os.path.dirname(os.path.abspath(page))
for h in p.links:
    if h.startswith("#"):
        ok = h[1:] in p.ids
    elif h.startswith("data:"):
        ok = True
    elif "://" in h or h.startswith("//"):
        ok = False          # the page is self-contained: no network
    else:
        ok = os.path.isfile(os.path.join(base, h.split("#")[0]))
    if not ok: errs.append("broken link %s" % h)
if errs: sys.exit("; ".join(errs[:5]))
print("%d blocks with a verdict, %d links resolve" % (len(blocks), len(p.links)))
EOF
}

# two runs of HAC: one failing (a planted fault, its waveform window), one passing
tools/deps.sh vcd2fst || bad "report: gtkwave (vcd2fst) not installable"
KIT_WAVE_FORMAT=fst tools/jobs.py check --blocks hac --seed 1 --cycles 2000 --fault 777:rsp_pos_o --results-dir $T/fail >$T/fail.log 2>&1
tools/jobs.py check --blocks hac --seed 1 --cycles 2000 --results-dir $T/pass >$T/pass.log 2>&1 \
  || bad "report: the passing HAC run failed: $(tail -3 $T/pass.log)"
make --no-print-directory -s overhead BLOCK=ctl SWEEP='MaxCta=8..32*2 BufEnt=2,6' >/dev/null

# 1. the failing run newest: HAC FAIL, its waveform and reproduce line
python3 tools/report.py --results $T/fail --results $T/pass -o $T/index.html >$T/report.log 2>&1 \
  || bad "report: tools/report.py: $(tail -2 $T/report.log)"
chrome $T/index.html --dump-dom >$T/dom.html
got=$(page_check $T/dom.html $T/index.html "hac=FAIL" 2>&1) && ok "report in Chromium: $got; hac FAIL from the failing run, the rest NOT RUN" \
  || bad "report in Chromium: $got"
grep -q 'class="repro">make check BLOCK=hac SEED=1 CYCLES=2000 FAULT=777:rsp_pos_o<' $T/dom.html \
  && grep -qE 'class="wave" href="[^"]*hac_seed1_cycle777_[0-9a-f]+\.vcd"' $T/dom.html \
  && grep -qE 'class="wave" href="[^"]*hac_seed1_cycle777_[0-9a-f]+\.fst"' $T/dom.html \
  && ok "report: the failure's waveform links (VCD and FST) and reproduce line are on the rendered page" \
  || bad "report: the failure's waveform link or reproduce line is missing"
grep -q 'alt="storage sweep of ctl"' $T/dom.html && ok "report: ctl's sweep plot embedded" \
  || bad "report: no sweep plot for ctl"

# 2. a screenshot of the page as a person sees it
chrome $T/index.html --window-size=1200,1600 --screenshot="$root/$T/screenshot.png" >/dev/null
if [ "$(head -c 8 $T/screenshot.png 2>/dev/null | od -An -tx1 | tr -d ' ')" = 89504e470d0a1a0a ] \
   && [ "$(stat -c %s $T/screenshot.png)" -gt 20000 ]; then ok "report: screenshot $T/screenshot.png ($(stat -c %s $T/screenshot.png) bytes)"
else bad "report: no screenshot (see $T/chromium.log)"; fi

# 3. the link check fails on a planted broken link
sed 's|</body>|<a href="../../fail/no_such_wave.vcd">planted</a></body>|' $T/index.html > $T/broken.html
chrome $T/broken.html --dump-dom >$T/broken-dom.html
got=$(page_check $T/broken-dom.html $T/broken.html "hac=FAIL" 2>&1) && bad "report: a planted broken link passed the link check" \
  || ok "report: the link check catches a planted broken link ($got)"
# ... and the totals check a totals line that disagrees with the verdicts
sed 's|\(<p id="totals">[0-9]* blocks: \)[0-9]* pass, [0-9]* fail|\19 pass, 0 fail|' $T/dom.html > $T/totals-dom.html
got=$(page_check $T/totals-dom.html $T/index.html "hac=FAIL" 2>&1) && bad "report: a wrong totals line passed the check" \
  || ok "report: the totals check catches a planted wrong count ($got)"

# 4. the passing run newest: HAC PASS (the verdict is the results', not fixed)
python3 tools/report.py --results $T/pass --results $T/fail -o $T/pass.html >/dev/null
chrome $T/pass.html --dump-dom >$T/pass-dom.html
got=$(page_check $T/pass-dom.html $T/pass.html "hac=PASS" 2>&1) && ok "report with the passing run newest: $got, hac PASS" \
  || bad "report with the passing run newest: $got"

# 5. same results, same bytes; a bad results directory is a one-line error
python3 tools/report.py --results $T/fail --results $T/pass -o $T/again.html >/dev/null
cmp -s $T/index.html $T/again.html && ok "report: same results, same bytes" || bad "report: two runs on the same results differ"
expect_err "report: --results without a summary" "no summary.json" python3 tools/report.py --results $T/nowhere -o $T/x.html

# 6. a run whose job never ran (skipped: no failure, no pass) is INCOMPLETE, never PASS
rm -rf $T/skipped; cp -r $T/pass $T/skipped
python3 -c 'import json, sys
f = sys.argv[1] + "/summary.json"; d = json.load(open(f)); d["blocks"]["hac"]["random"]["passed"] -= 1
json.dump(d, open(f, "w"))' $T/skipped
python3 tools/report.py --results $T/skipped -o $T/skipped.html >/dev/null
grep -q 'data-block="hac">INCOMPLETE<' $T/skipped.html && ! grep -q 'data-block="hac">PASS<' $T/skipped.html \
  && ok "report: a run with a job that never ran is INCOMPLETE, not PASS" || bad "report: a skipped job still shows PASS"
