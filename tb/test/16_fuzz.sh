# Fuzzing smoke: each libFuzzer harness (tb/fuzz/, doc/errors.md "Fuzzing")
# runs 20,000 executions from seed 1 on the repository corpus under ASan +
# UBSan, with its round-trip oracle: a regression in a parser or in the
# Python-facing C API fails CI. Every input has a per-input timeout
# (FUZZ_TIMEOUT), and a planted slow input shows that the timeout reaches
# the fuzzer runs (libFuzzer's own default would wait 20 minutes); a
# planted trace-writer bug shows the trace harness's oracle can fail.
# Rationale: the corpus holds a valid input of every kind for every block,
# so each run starts from inputs that reach the whole parser and the writer
# behind it; make fuzz runs the long campaigns.
. "$(dirname "$0")/lib.sh"
tools/deps.sh clang-fuzzer || { bad "fuzz: clang with libFuzzer is not available"; exit 1; }
out=$(FUZZ_RUNS=${FUZZ_RUNS:-20000} tools/fuzz.sh smoke); rc=$?
echo "$out"
for f in tb/fuzz/fuzz_*.c; do
  n=$(basename "$f" .c); n=${n#fuzz_}
  [ "$n" = hang ] && continue
  echo "$out" | grep -q "^PASS fuzz $n:" || echo "$out" | grep -q "^FAIL fuzz $n:" || bad "fuzz $n: the harness $f did not run"
done
pl=$(timeout 120 tools/fuzz.sh plant-check 2>&1); prc=$?
echo "$pl" | grep -E '^(PASS|FAIL) '
[ $prc = 0 ] || echo "$pl" | grep -q '^FAIL ' || bad "fuzz plant-check: tools/fuzz.sh plant-check exited $prc: $(echo "$pl" | head -2)"
t=$(timeout 120 tools/fuzz.sh timeout-check 2>&1); trc=$?
echo "$t" | grep -E '^(PASS|FAIL) '
if [ $trc = 124 ]; then bad "fuzz timeout: the planted slow input ran 120 s"
elif [ $trc != 0 ] && ! echo "$t" | grep -q '^FAIL '; then bad "fuzz timeout: tools/fuzz.sh timeout-check exited $trc: $(echo "$t" | head -2)"; fi
[ $rc = 0 ] && [ $prc = 0 ] && [ $trc = 0 ]
