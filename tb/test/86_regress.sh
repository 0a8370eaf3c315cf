# Regressions (make regress: kit plan regress + tools/jobs.py; doc/regress.md).
# Rationale: sharding is only trustworthy if it changes nothing. So every
# block's default test runs for two seeds on the local cores, and each
# job's report must equal, byte for byte, what its own reproduce line
# (`make check ...` of that seed and configuration alone) prints; the
# generated Slurm array script, run task by task as Slurm would
# (SLURM_ARRAY_TASK_ID), must give the same results and the same summary
# (tools/jobs.py collect); an array of more than 1000 jobs strides over the
# job list. The failing path: a FAULT makes every random job fail, and the
# summary, the exit status and the merged JUnit file must list each with a
# reproduce line that reproduces it. Verdicts are read from the results
# (summary.json), not the text. Short runs (2,000 cycles a configuration):
# the lockstep itself is tested elsewhere.
. "$(dirname "$0")/lib.sh"
tools/venv.sh python || { bad "venv for junitparser"; exit 1; }
R=build/regress; T=build/test/regress; rm -rf "$T"; mkdir -p "$T"
N=2000; S=1-2
out=$(make --no-print-directory regress SEEDS=$S CYCLES=$N 2>&1); rc=$?
njobs=$(jget $R/plan.json 'len(d["jobs"])')
if [ $rc -eq 0 ] && [ "$(jget $R/summary.json 'd["verdict"]')" = pass ] && [ "${njobs:-0}" -gt 0 ]; then
  ok "make regress SEEDS=$S: $njobs jobs (every block's default test, 2 seeds) on $(nproc) cores"
else bad "make regress SEEDS=$S: rc=$rc: $(echo "$out" | tail -5)"; fi
build/venv/bin/python tb/test/py/check_junit.py build/junit/regress.xml --name "regress JUnit" --expect-tests "$njobs" --expect-failures 0
cp $R/summary.json "$T/summary.parallel"

# each job's report equals its reproduce line run alone (a sample: every block's second configuration, seed 2)
diffs=0; n=0
for b in $(all_blocks); do
  j=$(jget $R/plan.json '[j for j in d["jobs"] if j["block"] == "'"$b"'" and j["config"] == 2 and j["seed"] == 2][0]["id"]')
  [ -n "$j" ] || continue
  repro=$(jget $R/plan.json '[j["repro"] for j in d["jobs"] if j["id"] == "'"$j"'"][0]')
  res=$(jget $R/plan.json '[j["result"] for j in d["jobs"] if j["id"] == "'"$j"'"][0]')
  bash -c "$repro --no-print-directory" > "$T/alone.txt" 2>/dev/null
  n=$((n + 1))
  cmp -s "$T/alone.txt" "${res%.json}.txt" || { diffs=$((diffs + 1)); bad "regress job $j differs from '$repro' alone"; }
done
[ $diffs -eq 0 ] && ok "every sampled regress job's report equals its reproduce line run alone, byte for byte ($n jobs)"

# the Slurm array script, task by task, on the same plan
find $R -name '*.json' ! -name plan.json ! -name summary.json -delete
tasks=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' $R/regress.sbatch)
for t in $(seq "$tasks"); do SLURM_ARRAY_TASK_ID=$t bash $R/regress.sbatch >/dev/null 2>&1; done
python3 tools/jobs.py collect $R > "$T/collect.out" 2>&1
if [ "$(jget $R/summary.json 'd["blocks"]')" = "$(jget "$T/summary.parallel" 'd["blocks"]')" ] && [ "$(jget $R/summary.json 'd["verdict"]')" = pass ]; then
  ok "Slurm array script ($tasks tasks, run as Slurm would) gives the same results and summary as the local run"
else bad "Slurm array run differs: $(tail -3 "$T/collect.out")"; fi
python3 tools/jobs.py regress --blocks hac --seeds 1-200 --each-cycles 10 --no-directed --results-dir "$T/big" --slurm "$T/big.sbatch" --prepare >/dev/null 2>&1
if grep -q '^#SBATCH --array=1-1000$' "$T/big.sbatch" && [ "$(jget "$T/big/plan.json" 'len(d["jobs"])')" = 1200 ] &&
   grep -q -- '--tasks 1000' "$T/big.sbatch"; then
  ok "1200 jobs: an array of 1000 tasks striding over the job list (task 1 runs jobs 1 and 1001)"
else bad "Slurm script for 1200 jobs: $(grep -E 'array|tasks' "$T/big.sbatch")"; fi

# failing jobs: reported, listed with reproduce lines that reproduce
out=$(make --no-print-directory regress BLOCK=hac SEEDS=4-5 CYCLES=$N FAULT=777:rsp_pos_o DIRECTED=0 2>&1); rc=$?
nf=$(jget $R/summary.json 'len(d["failures"])'); nj=$(jget $R/plan.json 'len(d["jobs"])')
if [ $rc -ne 0 ] && [ "$nf" = "$nj" ] && [ "$(echo "$out" | grep -c 'reproduce: make check BLOCK=hac SEED=[45] CYCLES=2000.* FAULT=777:rsp_pos_o')" -ge "$nj" ]; then
  ok "failing jobs listed with reproduce lines ($nf of $nj), exit $rc"
else bad "regress with FAULT: rc=$rc, $nf failures of $nj: $(echo "$out" | tail -8)"; fi
repro=$(jget $R/summary.json '[f["repro"] for f in d["failures"] if " SEED=5 " in f["repro"]][0]')
res=$(jget $R/plan.json '[j["result"] for j in d["jobs"] if j["repro"] == '"$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$repro")"'][0]')
if [ -n "$repro" ] && [ "$(bash -c "$repro" 2>/dev/null | grep '^MISMATCH')" = "$(grep '^MISMATCH' "${res%.json}.txt")" ]; then ok "the listed reproduce line reproduces seed 5's mismatch"
else bad "reproduce line '$repro' does not reproduce"; fi
build/venv/bin/python tb/test/py/check_junit.py build/junit/regress.xml --name "regress JUnit with failing jobs" \
  --expect-tests "$nj" --expect-failures "$nj" --failure-has "MISMATCH hac at cycle 777" --failure-has "reproduce: make check BLOCK=hac"
expect_err "SEEDS=9-2 refused" "seeds '9-2': range 9-2 runs backwards" make --no-print-directory regress BLOCK=hac SEEDS=9-2
expect_err "SEEDS=abc refused" "seeds 'abc': 'abc' is not a seed" make --no-print-directory regress BLOCK=hac SEEDS=abc
