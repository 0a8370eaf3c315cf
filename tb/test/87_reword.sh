# Results as data: rewording the kit's messages changes no summary.
# Rationale: the summaries (tools/jobs.py: summary.json, the summary lines,
# JUnit counts) must be read from the runs' results (cvkit.lockstep/1,
# doc/results.md), never from the text meant for people. So a copy of the
# kit whose lockstep says other words ("cycles agreed" for "cycles matched",
# "DIFFERENCE" for "MISMATCH", "cover events" for "functional coverage")
# runs the same requests as this tree (a default test cut short, and one
# with a fault that fails every random run), and its summaries must equal
# ours field for field, but for the free text of the reports themselves.
# One small configuration and one block (the copy builds its own tools and
# models).
. "$(dirname "$0")/lib.sh"
T=build/test/reword; rm -rf "$T"; mkdir -p "$T/tree"
git ls-files -z | xargs -0 cp --parents -t "$T/tree" 2>/dev/null
sed -i -e 's/ cycles matched (seed / cycles agreed (seed /' -e 's/printf("MISMATCH %s at cycle/printf("DIFFERENCE %s at cycle/' \
  -e 's/"  functional coverage:"/"  cover events:"/' -e 's/"\\n  functional coverage: %u\/%u events seen\\n"/"\\n  cover events: %u\/%u seen\\n"/' \
  "$T/tree/tb/harness/lockstep.c" "$T/tree/tb/harness/report.c"
if cmp -s tb/harness/lockstep.c "$T/tree/tb/harness/lockstep.c" || cmp -s tb/harness/report.c "$T/tree/tb/harness/report.c"; then
  bad "reword: the messages to reword were not found (tb/harness/lockstep.c, report.c)"; exit 1; fi
(cd "$T/tree" && make -s tools >/dev/null 2>&1) || { bad "reword: the reworded copy does not build"; exit 1; }
P="Sets=3 Ways=8 TagW=4"
req() { tools/jobs.py check --blocks hac --params "$P" --cycles 3000 "$@"; }
for t in . "$T/tree"; do
  (cd "$t" && req --summary "$OLDPWD/$T/$(basename "$t")-pass.json" > "$OLDPWD/$T/$(basename "$t")-pass.txt" 2>/dev/null
   req --fault 1500:rsp_hit_o --summary "$OLDPWD/$T/$(basename "$t")-fail.json" > "$OLDPWD/$T/$(basename "$t")-fail.txt" 2>/dev/null)
done
grep -q 'cycles agreed' "$T/tree-pass.txt" && grep -q '^DIFFERENCE hac at cycle 1500' "$T/tree-fail.txt" \
  && ok "reword: the copy's lockstep says other words ($(head -1 "$T/tree-pass.txt" | cut -c1-50)...)" \
  || bad "reword: the copy's messages are not reworded: $(head -1 "$T/tree-pass.txt")"
# the summaries, without the free text of the reports
strip='{k: v for k, v in d.items() if k not in ("builds",)} if "failures" not in d else dict({k: v for k, v in d.items() if k not in ("builds", "failures")}, failures=[{k: v for k, v in f.items() if k != "message"} for f in d["failures"]])'
for k in pass fail; do
  a=$(jget "$T/.-$k.json" "$strip"); b=$(jget "$T/tree-$k.json" "$strip")
  [ -n "$a" ] && [ "$a" = "$b" ] && ok "reword: the $k summary is the same field for field ($(jget "$T/.-$k.json" 'd["verdict"]'))" \
    || bad "reword: the $k summaries differ: $(diff <(echo "$a" | tr ',' '\n') <(echo "$b" | tr ',' '\n') | head -4)"
done
