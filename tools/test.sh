#!/usr/bin/env bash
# test.sh - the whole suite: every tb/test/NN_*.sh in order. Each prints
# "PASS name" / "FAIL name: why" lines; a script that exits non-zero
# without a FAIL line counts as one failure, one that prints no verdict and
# exits 0 as one pass. Logs: build/test/NN_*.log. Ends with the line
# "N passed, M failed" and exits non-zero on any failure.
set -u
. "$(dirname "$0")/common.sh"
mkdir -p build/test
pass=0; fail=0
for t in tb/test/[0-9]*.sh; do
  name=$(basename "$t" .sh)
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
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
