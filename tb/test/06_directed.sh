# Directed corners (tb/<block>/directed/*.stim) of every block: every corner
# its doc/<block>.md names, each file at the configuration it declares, with
# hand-computed 'expect' lines checked against the model and every output
# compared with the RTL. One planner run (the default test, its random runs
# cut to 1000 cycles: script 19 runs them whole); each directed job's
# verdict read from its result (cvkit.lockstep/1).
. "$(dirname "$0")/lib.sh"
B=$(all_blocks | tr '\n' ' ')
R=build/test/directed
rm -rf "$R"; mkdir -p "$R"
tools/jobs.py check --blocks "$B" --each-cycles 1000 --results-dir "$R/results" > "$R/out.txt" 2>&1
python3 - "$R/results/plan.json" $B <<'PY'
import json, os, sys
plan = json.load(open(sys.argv[1])) if os.path.exists(sys.argv[1]) else {"jobs": []}
for b in sys.argv[2:]:
    d = os.path.join("tb", b, "directed")
    files = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".stim")) if os.path.isdir(d) else []
    if not files:
        print("FAIL directed %s: no tb/%s/directed/*.stim files" % (b, b))
    jobs = {j["stim"]: j for j in plan["jobs"] if j["block"] == b and j.get("stim")}
    for f in files:
        j = jobs.get(f)
        try:
            r = json.load(open(j["result"])) if j else None
        except (OSError, ValueError):
            r = None
        n = sum(1 for l in open(f) if l.startswith("expect"))
        if r and r["verdict"] == "matched":
            print("PASS directed %s %s: %d cycles matched, %d expect lines met" % (b, os.path.basename(f), r["cycles"], n))
        else:
            why = (r or {}).get("message") or ("not planned" if not j else "no result")
            print("FAIL directed %s: %s (reproduce: %s)" % (f, why, j["repro"] if j else "make check BLOCK=%s STIM=%s" % (b, f)))
PY
