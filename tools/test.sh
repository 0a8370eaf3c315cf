#!/usr/bin/env bash
# test.sh - the whole suite: every tb/test/NN_*.sh in order, then each
# block's tb/<block>/test.sh. Each prints
# "PASS name" / "FAIL name: why" lines; a script that exits non-zero
# without a FAIL line counts as one failure, one that prints no verdict and
# exits 0 as one pass. Logs: build/test/NN_*.log. Ends with the line
# "N passed, M failed" and exits non-zero on any failure. The same verdicts
# go to build/junit/make-test.xml (tools/junit.py: one testsuite per script,
# one testcase per PASS/FAIL line).
set -u
. "$(dirname "$0")/common.sh"
mkdir -p build/test
tools/deps.sh python3 || exit 1
pass=0; fail=0
suites=()
for t in tb/test/[0-9]*.sh tb/*/test.sh; do
  case $t in tb/test/*) name=$(basename "$t" .sh) ;; *) name=$(basename "$(dirname "$t")") ;; esac
  log=build/test/$name.log
  start=$(date +%s)
  bash "$t" >"$log" 2>&1
  rc=$?
  p=$(grep -c '^PASS' "$log" 2>/dev/null); p=${p:-0}
  f=$(grep -c '^FAIL' "$log" 2>/dev/null); f=${f:-0}
  if [ ! -r "$log" ]; then echo "  FAIL $name: no log written ($log)"; f=1; fi
  grep -E '^(PASS|FAIL)' "$log" 2>/dev/null | sed 's/^/  /'
  if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
    echo "  FAIL $name: exited $rc (log: $log)"; tail -5 "$log" | sed 's/^/    /'; f=1
  fi
  if [ "$f" -gt 0 ]; then echo "  (log: $log)"; fi
  [ "$p" -eq 0 ] && [ "$f" -eq 0 ] && p=1
  pass=$((pass + p)); fail=$((fail + f))
  echo "== $name: $p passed, $f failed ($(( $(date +%s) - start ))s)"
  suites+=("$name=$log:$(( $(date +%s) - start )):$rc")
done
python3 tools/junit.py build/junit/make-test.xml "${suites[@]}" ||
  { echo "  FAIL junit: build/junit/make-test.xml not written"; fail=$((fail + 1)); }
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
