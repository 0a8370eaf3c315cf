#!/usr/bin/env bash
# slurm_selftest.sh SEEDS BLOCK CYCLES [RESULTS_DIR [REGRESS_OPTION...]] -
# `make regress-slurm-selftest`: the generated Slurm array script of `make
# regress` run by a real Slurm. With RESULTS_DIR (the test suite's slice,
# tb/test/90_slurm.sh) step 1 is the executor call `make regress` makes,
# with its files in RESULTS_DIR instead of build/regress and build/junit.
#
# 1. `make regress SEEDS BLOCK CYCLES` on the local cores: summary,
#    JUnit, and the array script build/regress/regress.sbatch;
# 2. the local results are put aside and every job's result file removed,
#    so that only the array can write them again;
# 3. a single-node Slurm is started (tools/slurm_local.sh), the script is
#    submitted unchanged with sbatch (partition, account and time limit
#    from SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT, as on a real
#    cluster) and waited for; `tools/jobs.py collect` writes the summary
#    and JUnit from what the array wrote;
# 4. the two summaries (every field but `builds`, which says what the local
#    run compiled) and the two JUnit files (byte for byte) must be equal;
#    the comparison is shown failing on a copy with one count changed.
# Slurm is stopped whatever happens. Where it cannot start, the reason is
# printed and the exit status is 1. Files: build/slurm-selftest/
# (RESULTS_DIR-selftest/ with RESULTS_DIR).
set -u
. "$(dirname "$0")/common.sh"
seeds=${1:?usage: slurm_selftest.sh SEEDS BLOCK CYCLES [RESULTS_DIR [OPTION...]]}; block=${2:?}; cycles=${3:?}
R=${4:-build/regress}
O=build/slurm-selftest; [ $# -ge 4 ] && O=$R-selftest
sb=$R/regress.sbatch
rm -rf "$O"; mkdir -p "$O"
fail() { echo "FAIL regress-slurm-selftest: $*"; exit 1; }

if [ $# -ge 4 ]; then
  echo "== local run: tools/jobs.py regress --blocks $block --seeds $seeds --each-cycles $cycles ${*:5} --results-dir $R"
  rm -rf "$R"
  tools/jobs.py regress --blocks "$block" --seeds "$seeds" --each-cycles "$cycles" "${@:5}" \
    --results-dir "$R" --junit "$R/junit.xml" --slurm "$sb" >"$O/local.log" 2>&1
  lrc=$?; ljunit=$R/junit.xml
else
  echo "== local run: make regress SEEDS=$seeds BLOCK=$block CYCLES=$cycles"
  make --no-print-directory -s regress SEEDS="$seeds" BLOCK="$block" CYCLES="$cycles" >"$O/local.log" 2>&1
  lrc=$?; ljunit=build/junit/regress.xml
fi
tail -3 "$O/local.log"
[ -s "$R/summary.json" ] && [ -s "$ljunit" ] && [ -s "$sb" ] \
  || fail "the local regression wrote no summary, JUnit or array script (exit $lrc; $O/local.log)"
cp "$R/summary.json" "$O/local-summary.json"
cp "$ljunit" "$O/local-junit.xml"
cp "$sb" "$O/regress.sbatch"
# every job's result (and report) removed: the array must write them anew
python3 - "$R/plan.json" <<'EOF' || fail "cannot clear the local results"
import json, os, sys
p = json.load(open(sys.argv[1]))
for j in p["jobs"]:
    for f in (j["result"], j["result"][:-5] + ".txt"):
        if os.path.exists(f):
            os.unlink(f)
print("cleared %d jobs' results" % len(p["jobs"]))
EOF
rm -f "$R/summary.json" "$ljunit"

trap 'tools/slurm_local.sh stop >/dev/null' EXIT
tools/slurm_local.sh start >"$O/start.log" 2>&1 || fail "Slurm could not start here: $(grep -m1 'error' "$O/start.log")"
cat "$O/start.log"
export SLURM_CONF=$root/build/slurm/slurm.conf
export SBATCH_PARTITION=${SBATCH_PARTITION:-kit} SBATCH_ACCOUNT=${SBATCH_ACCOUNT:-cvkit} SBATCH_TIMELIMIT=${SBATCH_TIMELIMIT:-60}
echo "== sbatch --wait $sb (partition $SBATCH_PARTITION, account $SBATCH_ACCOUNT, time limit $SBATCH_TIMELIMIT min)"
t0=$SECONDS
timeout "${KIT_SLURM_TIMEOUT:-3600}" sbatch --wait "$sb" >"$O/sbatch.log" 2>&1
src=$?
cat "$O/sbatch.log"
jid=$(sed -n 's/^Submitted batch job \([0-9]*\).*/\1/p' "$O/sbatch.log")
[ -n "$jid" ] || fail "sbatch did not submit: $(head -2 "$O/sbatch.log")"
# what Slurm says of the array: its tasks, their states and exit codes
queued=$(squeue -h -j "$jid" 2>/dev/null | wc -l)
ntasks=$(ls "$R/slurm/${jid}"_*.log 2>/dev/null | wc -l)
echo "array job $jid: $ntasks task logs, sbatch exit $src, $((SECONDS - t0)) s, $queued task(s) still queued"
tools/jobs.py collect "$R" --junit "$O/slurm-junit.xml" >"$O/collect.log" 2>&1
tail -3 "$O/collect.log"
cp "$R/summary.json" "$O/slurm-summary.json" 2>/dev/null || fail "collect wrote no summary"

# same: the summaries but `builds`, and the JUnit files byte for byte
same() {
  python3 - "$@" <<'EOF'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
for d in (a, b):
    d.pop("builds", None)
if a != b:
    keys = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    sys.exit("summaries differ in %s" % keys)
if open(sys.argv[3], "rb").read() != open(sys.argv[4], "rb").read():
    sys.exit("JUnit files differ")
print("%d jobs, verdict %s" % (sum(v["random"]["runs"] + v["directed"]["runs"] for v in a["blocks"].values()), a["verdict"]))
EOF
}
got=$(same "$O/local-summary.json" "$O/slurm-summary.json" "$O/local-junit.xml" "$O/slurm-junit.xml" 2>&1) \
  || fail "the Slurm run differs from the local run: $got"
[ "$ntasks" -gt 0 ] || fail "no Slurm task log in $R/slurm/ for job $jid"
echo "PASS regress-slurm-selftest: Slurm array job $jid ($ntasks tasks) gave the local run's summary and JUnit: $got"
# the comparison can fail: one count changed in a copy
python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); b = next(iter(d["blocks"])); d["blocks"][b]["random"]["passed"] -= 1
json.dump(d, open(sys.argv[2], "w"))' "$O/slurm-summary.json" "$O/planted.json"
got=$(same "$O/local-summary.json" "$O/planted.json" "$O/local-junit.xml" "$O/slurm-junit.xml" 2>&1) \
  && fail "the comparison passed a summary with a changed count"
echo "PASS regress-slurm-selftest: the comparison catches a planted difference ($got)"
