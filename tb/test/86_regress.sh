# Sharded regressions (make regress, tools/regress.sh; doc/regress.md).
# Rationale: sharding is only trustworthy if it changes nothing. So every
# block runs three seeds under GNU parallel and each job's output must equal,
# byte for byte, `make check` of that seed run alone; the generated Slurm
# array script, run task by task as Slurm would (SLURM_ARRAY_TASK_ID),
# must give the same outputs and the same summary; an array of more than
# 1000 jobs strides over the job list. The failing path: a FAULT makes every
# seed fail, and the summary, the exit status and the merged JUnit file must
# list each failing seed with a reproduce line that reproduces it. Short
# runs (20,000 cycles): the lockstep itself is tested elsewhere.
. "$(dirname "$0")/lib.sh"
tools/deps.sh parallel || { bad "GNU parallel not installable"; exit 1; }
tools/venv.sh python || { bad "venv for junitparser"; exit 1; }
R=build/regress; T=build/test/regress; rm -rf "$T"; mkdir -p "$T"
N=20000; S=1-3
out=$(make --no-print-directory regress SEEDS=$S CYCLES=$N 2>&1); rc=$?
nb=$(all_blocks | wc -l)
if [ $rc -eq 0 ] && echo "$out" | grep -q "^regress: $((nb * 3)) passed, 0 failed"; then
  ok "make regress SEEDS=$S: $((nb * 3)) jobs on $(nproc) cores, $(echo "$out" | grep -o '[0-9.]* seeds/s.*')"
else bad "make regress SEEDS=$S: rc=$rc: $(echo "$out" | tail -5)"; fi
build/venv/bin/python tb/test/py/check_junit.py build/junit/regress.xml --name "regress JUnit" --expect-tests $((nb * 3)) --expect-failures 0
cp $R/summary.txt "$T/summary.parallel"; cp -r $R/out "$T/out.parallel"
diffs=0
for b in $(all_blocks); do
  for s in 1 2 3; do
    make --no-print-directory check BLOCK=$b SEED=$s CYCLES=$N > "$T/alone.txt" 2>/dev/null
    cmp -s "$T/alone.txt" "$R/out/$b/$s.txt" || { diffs=$((diffs + 1)); bad "regress $b seed $s differs from make check alone"; }
  done
done
[ $diffs -eq 0 ] && ok "every regress job's output equals make check of that seed alone, byte for byte ($((nb * 3)) runs)"

# the Slurm array script, task by task, on the same job list
rm -rf $R/out; mkdir -p $R/out
tasks=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' $R/regress.sbatch)
for t in $(seq "$tasks"); do SLURM_ARRAY_TASK_ID=$t bash $R/regress.sbatch >/dev/null 2>&1; done
tools/regress.sh collect > /dev/null 2>&1
if diff -r "$T/out.parallel" $R/out >/dev/null && cmp -s "$T/summary.parallel" $R/summary.txt; then
  ok "Slurm array script ($tasks tasks, run as Slurm would) gives the same outputs and summary as GNU parallel"
else bad "Slurm array run differs: $(diff -r "$T/out.parallel" $R/out | head -3)"; fi
tools/regress.sh prepare hac 1-1001 10 >/dev/null 2>&1
if grep -q '^#SBATCH --array=1-1000$' $R/regress.sbatch && [ "$(wc -l < $R/jobs.txt)" = 1001 ] &&
   grep -q 'for ((i = t; i <= 1001; i += 1000))' $R/regress.sbatch; then
  ok "1001 jobs: an array of 1000 tasks striding over the job list (task 1 runs lines 1 and 1001)"
else bad "Slurm script for 1001 jobs: $(grep -E 'array|for ' $R/regress.sbatch)"; fi

# failing seeds: reported, listed with reproduce lines that reproduce
out=$(make --no-print-directory regress BLOCK=hac SEEDS=4-5 CYCLES=$N FAULT=777:rsp_pos_o 2>&1); rc=$?
if [ $rc -ne 0 ] && echo "$out" | grep -q '^regress: 0 passed, 2 failed' && echo "$out" | grep -q '^Failing seeds:' &&
   [ "$(echo "$out" | grep -c 'reproduce: make check BLOCK=hac SEED=[45] CYCLES=20000 FAULT=777:rsp_pos_o')" = 2 ]; then
  ok "failing seeds listed with reproduce lines, exit $rc"
else bad "regress with FAULT: rc=$rc: $(echo "$out" | tail -8)"; fi
repro=$(echo "$out" | grep -m1 'reproduce: make check BLOCK=hac SEED=5' | sed 's/^ *reproduce: //')
if [ "$(bash -c "$repro" 2>/dev/null | grep '^MISMATCH')" = "$(grep '^MISMATCH' $R/out/hac/5.txt)" ]; then ok "the listed reproduce line reproduces seed 5's mismatch"
else bad "reproduce line '$repro' does not reproduce"; fi
build/venv/bin/python tb/test/py/check_junit.py build/junit/regress.xml --name "regress JUnit with failing seeds" \
  --expect-tests 2 --expect-failures 2 --failure-has "MISMATCH hac at cycle 777" --failure-has "reproduce: make check BLOCK=hac"
expect_err "SEEDS=9-2 refused" "SEEDS='9-2': range 9-2 runs backwards" make --no-print-directory regress BLOCK=hac SEEDS=9-2
expect_err "SEEDS=abc refused" "SEEDS='abc': 'abc' is not a seed" make --no-print-directory regress BLOCK=hac SEEDS=abc
