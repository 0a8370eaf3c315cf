# make coverage (tools/coverage.sh, doc/coverage.md) on one block, short:
# the default test of maw_ctl with 20,000 cycles a configuration (the
# block's whole test, as make coverage runs it), then single configurations.
# Rationale: the report is only worth reading if its numbers are the
# simulation's. So: the coverage build lives apart from the normal one; the
# HTML reports exist and genhtml's own line percentage equals the kit's
# summary; the toggle figure counts signal bits; the functional events are
# the lockstep's own counts summed over the runs; a shorter run covers
# strictly fewer toggle bits (the numbers move with the stimulus); and a
# failing run stops the report with the mismatch and its reproduce line.
# Figures are read from coverage.json (cvkit.coverage/1), never the text.
# maw_ctl: five coverage builds of a few seconds each (its directed files
# run at check-list configurations).
. "$(dirname "$0")/lib.sh"
tools/deps.sh lcov genhtml || { bad "lcov not installable"; exit 1; }
b=maw_ctl; O=build/coverage/$b
normal=$(tools/build_lockstep.sh $b "" 2>/dev/null); before=$(stat -c %Y.%s "$normal" 2>/dev/null)
out=$(make --no-print-directory coverage BLOCK=$b SEED=1 CYCLES=20000 2>&1); rc=$?
P="PeriodLog=4"
C=$O/coverage.json
fig() { jget "$C" "$1"; }
if [ $rc -eq 0 ] && [ "$(fig 'd["schema"]')" = cvkit.coverage/1 ]; then
  ok "make coverage BLOCK=$b: $(fig '"line %d/%d, toggle %d/%d bits, functional %d/%d" % (d["line"]["hit"], d["line"]["found"], d["toggle"]["covered"], d["toggle"]["bits"], d["functional"]["seen"], d["functional"]["total"])') (coverage.json)"
else bad "make coverage BLOCK=$b: rc=$rc: $(echo "$out" | tail -5)"; exit 1; fi
ls -d build/$b/*-cov >/dev/null 2>&1 && [ -x "$(ls -d build/$b/*-cov | head -1)/lockstep" ] && [ -n "$before" ] &&
  [ "$(stat -c %Y.%s "$normal")" = "$before" ] && [ "$normal" = "$(tools/build_lockstep.sh $b "" 2>/dev/null)" ] &&
  ok "coverage build in its own directory ($(ls -d build/$b/*-cov | head -1)), normal build untouched" || bad "coverage build directory"
for f in $O/index.html $O/html/line/index.html $O/html/toggle/index.html; do [ -s "$f" ] || bad "missing $f"; done
grep -q 'href="html/line/index.html"' $O/index.html && grep -q 'href="html/toggle/index.html"' $O/index.html && ok "index.html links the line and toggle reports"
lp=$(fig '"%d/%d" % (d["line"]["hit"], d["line"]["found"])')
gp=$(grep -A2 'headerItem">Lines:' $O/html/line/index.html | sed -n 's/.*headerCovTableEntry">\([0-9]*\)<.*/\1/p' | tr '\n' / | sed 's/\/$//')
[ -n "$lp" ] && [ "$lp" = "$gp" ] && ok "genhtml's line figure ($gp lines) is the summary's" || bad "line figure: summary $lp, genhtml $gp"
tb=$(fig 'd["toggle"]["bits"]')
nt=$(grep -c 'v_toggle' $O/merged.dat)
[ "$tb" = "$nt" ] && ok "toggle figure counts every signal bit Verilator instruments ($nt)" || bad "toggle bits $tb, points $nt"
# functional events: the lockstep's counts, summed
want=$(for r in $(jget $O/results/plan.json '" ".join(j["result"] for j in d["jobs"])'); do cat "$r"; echo; done | python3 -c '
import json, sys
u = {}
for line in sys.stdin:
    if line.strip():
        for k, n in json.loads(line)["cover"].items(): u[k] = u.get(k, 0) + n
print(sum(1 for n in u.values() if n))')
got=$(fig 'd["functional"]["seen"]')
[ "$want" = "$got" ] && ok "functional events seen ($got) are the sum of the runs' results" || bad "functional events: summary $got, runs $want"
tools/coverage.sh $b 1 20000 "" "$P" >/dev/null 2>&1; t1=$(fig 'd["toggle"]["covered"]')
tools/coverage.sh $b 1 30 "" "$P" >/dev/null 2>&1; t2=$(fig 'd["toggle"]["covered"]')
[ -n "$t2" ] && [ "$t2" -lt "$t1" ] && ok "30 cycles cover fewer toggle bits ($t2) than 20000 ($t1): the figures follow the stimulus" ||
  bad "toggle bits for 30 cycles: $t2, for 20000: $t1"
out=$(make --no-print-directory coverage BLOCK=$b CYCLES=2000 FAULT=1000 PARAMS="$P" 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q "^MISMATCH $b at cycle 1000" && echo "$out" | grep -q "reproduce: make check BLOCK=$b SEED=1 CYCLES=2000 PARAMS='$P' FAULT=1000" &&
  ok "a failing coverage run stops with the mismatch and its reproduce line" || bad "coverage with FAULT: rc=$rc $(echo "$out" | tail -4)"
# On GPU traffic (doc/coverage.md "On traffic"): TRAFFIC= makes the report
# one run on that kernel; its events are counted in the traffic column
# (never in random's), the run is named by its traffic, and a bad kernel
# is one line before any build.
TP="NocLat=100 L2Sets=16"
out=$(make --no-print-directory coverage BLOCK=$b PARAMS="$P" TRAFFIC=bfs TRAFFIC_PARAMS="$TP" 2>&1); rc=$?
[ $rc -eq 0 ] && [ "$(fig 'd["traffic"]')" = '["traffic bfs '"$TP"'"]' ] && [ "$(fig 'len(d["runs"])')" = 1 ] &&
  [ "$(fig 'sum(e["random"] + e["directed"] for e in d["functional"]["events"].values())')" = 0 ] &&
  [ "$(fig 'd["functional"]["events"]["period_end"]["traffic"]')" = $((11237 / 16)) ] &&
  [ "$(fig 'd["functional"]["seen"] == sum(1 for e in d["functional"]["events"].values() if e["traffic"])')" = True ] &&
  grep -q "traffic bfs $TP" $O/index.html && grep -q '<th>traffic</th>' $O/index.html &&
  ok "make coverage TRAFFIC=bfs: one traffic run, its $((11237 / 16)) period ends in the traffic column; $(fig '"line %d/%d, toggle %d/%d bits, functional %d/%d" % (d["line"]["hit"], d["line"]["found"], d["toggle"]["covered"], d["toggle"]["bits"], d["functional"]["seen"], d["functional"]["total"])')" ||
  bad "make coverage TRAFFIC=bfs: rc=$rc $(echo "$out" | tail -3)"
out=$(make --no-print-directory coverage BLOCK=$b TRAFFIC=nosuchkernel 2>&1); rc=$?
[ $rc -ne 0 ] && [ "$(echo "$out" | grep -c 'error')" = 1 ] && echo "$out" | grep -q nosuchkernel && ! echo "$out" | grep -q verilat &&
  ok "make coverage TRAFFIC=nosuchkernel: one line, before any build" || bad "bad kernel: rc=$rc $(echo "$out" | tail -3)"
