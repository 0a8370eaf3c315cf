# JUnit XML for CI dashboards (tools/junit.py, doc/junit.md). Checked by
# reading the files with junitparser, as a dashboard does
# (tb/test/py/check_junit.py): attributes consistent with the testcases,
# one testcase per PASS/FAIL line, failures carrying the mismatch report and
# the reproduce line. Three sources: the logs this suite has written so
# far through the same call tools/test.py makes at its end (the counts must
# equal the PASS/FAIL lines), `make run`'s executor on one block (one
# testcase per job of its plan: lockstep, directed file, vector file, replay), and a
# real failing lockstep (FAULT) whose report must land in the failure. A
# log holding control characters and XML metacharacters must still give
# well-formed XML, and a corrupted count is caught by the checker.
. "$(dirname "$0")/lib.sh"
tools/venv.sh python || { bad "venv for junitparser"; exit 1; }
PY=build/venv/bin/python; CHK=tb/test/py/check_junit.py; T=build/test/junit; rm -rf "$T"; mkdir -p "$T"

# 1. make test's conversion over suite logs (two short scripts run here, so
# the input does not depend on which scripts ran before this one)
args=(); np=0; nf=0
for s in 07_fault 12_reproducible; do bash tb/test/$s.sh > "$T/$s.log" 2>&1; done
for log in "$T"/07_fault.log "$T"/12_reproducible.log; do
  n=$(basename "$log" .log); args+=("$n=$log:0:0")
  p=$(grep -c '^PASS' "$log"); f=$(grep -c '^FAIL' "$log"); [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && p=1
  np=$((np + p)); nf=$((nf + f))
done
python3 tools/junit.py "$T/test.xml" "${args[@]}" && \
  $PY $CHK "$T/test.xml" --name "make test logs as JUnit" --expect-tests $((np + nf)) --expect-failures "$nf"

# 2. make run's executor on one block, short: a testcase per job of its plan
tools/jobs.py run --blocks hac --each-cycles 20000 --junit "$T/run.xml" --results-dir "$T/run" --vec-dir "$T/vectors" > "$T/run.out" 2>&1 \
  || bad "make run on hac: $(tail -3 "$T/run.out")"
$PY $CHK "$T/run.xml" --name "make run JUnit (hac: lockstep, directed, vectors, replay)" \
  --expect-tests "$(jget "$T/run/plan.json" 'len(d["jobs"])')" --expect-failures 0

# 3. a real mismatch report: FAIL line, report, reproduce line
bin=$(block_bin hac "Sets=6 Ways=8 TagW=6")
out=$($bin --seed 3 --cycles 5000 --fault 1234:rsp_hit_o --fail-dir "$T" --repro "make check BLOCK=hac SEED=3 CYCLES=5000 PARAMS='Sets=6 Ways=8 TagW=6' FAULT=1234:rsp_hit_o")
{ echo "PASS warm-up check: fine"; echo "FAIL lockstep hac seed 3: $(echo "$out" | head -1)"; echo "$out" | sed 's/^/  /'
  printf 'PASS odd bytes: \033[1m bold & <tag> "q" \001\n'; } > "$T/fault.log"
python3 tools/junit.py "$T/fault.xml" "fault=$T/fault.log:1.5:1" && \
  $PY $CHK "$T/fault.xml" --name "failure carries the mismatch report and reproduce line (control characters escaped)" \
    --expect-tests 3 --expect-failures 1 --failure-has "MISMATCH hac at cycle 1234" --failure-has "reproduce: make check BLOCK=hac SEED=3"
# a script that exited non-zero without a FAIL line is one failure, as in test.sh
printf 'some output\n' > "$T/crash.log"
python3 tools/junit.py "$T/crash.xml" "crash=$T/crash.log:0:2" && \
  $PY $CHK "$T/crash.xml" --name "non-zero exit without a FAIL line is a failing testcase" --expect-tests 1 --expect-failures 1 --failure-has "exited 2"

# 4. the checker can fail: a suite whose count was tampered with
sed 's/tests="3"/tests="4"/' "$T/fault.xml" > "$T/tampered.xml"
if $PY $CHK "$T/tampered.xml" --name tampered >/dev/null; then bad "checker accepted a tampered count"
else ok "checker rejects a JUnit file whose counts do not match its testcases"; fi
expect_err "junit.py refuses a bad argument" "usage: junit.py" python3 tools/junit.py "$T/x.xml" nosuite
