#!/usr/bin/env bash
# run.sh "BLOCKS" SEED [CYCLES] - the main job behind `make run`: for each
# block, its default check (tools/check.sh, STRICT: every configuration of
# `kit checks`, each for its own cycle count or CYCLES when given, and every
# functional cover event reached), every directed file, the vectors (again
# reaching every event), their Icarus replay; then a summary table with the
# coverage per block and the storage report. STRICT=0 reports a missed
# cover event without failing (a short CYCLES= run). Exits non-zero if anything
# failed; every failure above the table carries its reproduce line.
set -uo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2; cycles=${3:-}
vec_cycles=${VEC_CYCLES:-}
strict=${STRICT:-1}   # make run STRICT=0: a missed cover event is reported, not a failure
declare -A L D R T V
fail=0
J=build/junit; mkdir -p "$J"; rm -f "$J"/run-*.log
# record BLOCK PASS|FAIL "name: detail" [OUTPUT]: one verdict for the JUnit file
record() { { echo "$2 $3"; [ -z "${4:-}" ] || printf '%s\n' "$4" | sed 's/^/  /'; } >> "$J/run-$1.log"; }
for b in $blocks; do
  echo "=== $b: default check (every configuration of 'kit checks $b'${cycles:+, $cycles cycles each}), seed $seed"
  t0=$(date +%s)
  name="check $b seed $seed"
  if out=$(STRICT=$strict CHECK_CYCLES=$cycles tools/check.sh "$b" "$seed"); then
    L[$b]=$(echo "$out" | tail -1 | sed -n 's/^PASS check [^:]*: \([0-9]*\) cycles matched, coverage \([0-9]*\/[0-9]*\) events over \([0-9]*\) conf.*/\1 cycles, \3 configs, \2 events/p')
    record "$b" PASS "$name: ${L[$b]}" "$out"
  else L[$b]=$(echo "$out" | tail -1 | grep -q 'under STRICT' && echo COVERAGE-HOLE || echo MISMATCH); fail=1
    record "$b" FAIL "$name: $(echo "$out" | grep -m1 -E '^(FAIL|MISMATCH)')" "$out"; fi
  echo "$out"
  nd=0; nf=0; dc=0
  for f in $(directed_files "$b"); do
    p=$(stim_params "$f"); name="directed $b $(basename "$f" .stim)"
    dbin=$(tools/build_lockstep.sh "$b" "$p") || { nf=$((nf+1)); fail=1; record "$b" FAIL "$name: build failed"; continue; }
    if out=$($dbin --stim "$f" --repro "make check BLOCK=$b STIM=$f${p:+ PARAMS='$p'}"); then
      nd=$((nd+1)); dc=$((dc + $(echo "$out" | grep -o '[0-9]* cycles matched' | grep -o '^[0-9]*')))
      record "$b" PASS "$name: $(echo "$out" | grep -o '[0-9]* cycles matched')" "$out"
    else echo "$out"; nf=$((nf+1)); fail=1; record "$b" FAIL "$name: $(echo "$out" | head -1)" "$out"; fi
  done
  D[$b]="$nd passed, $nf failed ($dc cycles)"
  echo "directed: ${D[$b]}"
  echo "=== $b: vectors (seed $seed, ${vec_cycles:-the length of each configuration} + directed) and Icarus replay"
  vout=$(STRICT=$strict tools/vectors.sh "$b" "$seed" "$vec_cycles" "") || { fail=1; record "$b" FAIL "vectors $b: $(echo "$vout" | tail -1)"; }
  echo "$vout" | tail -1
  V[$b]=$(echo "$vout" | tail -1 | sed -n 's/.*coverage \([0-9]*\/[0-9]*\) events.*/\1/p')
  out=$(tools/replay.sh "$b"); rc=$?
  echo "$out" >> "$J/run-$b.log"
  if [ $rc -eq 0 ]; then
    R[$b]="$(echo "$out" | grep -c '^PASS') files, $(echo "$out" | grep -o '[0-9]* cycles match' | awk '{s+=$1} END {print s}') cycles"
  else R[$b]=FAIL; fail=1; fi
  echo "$out"
  T[$b]=$(( $(date +%s) - t0 ))
done
echo
echo "Summary (seed $seed)"
printf '  %-12s %-40s %-30s %-24s %s\n' block "default check (random)" "directed files" "Icarus replay" "vector events"
for b in $blocks; do printf '  %-12s %-40s %-30s %-24s %s\n' "$b" "${L[$b]:-}" "${D[$b]:-}" "${R[$b]:-}" "${V[$b]:-}"; done
echo
for b in $blocks; do build/kit overhead "$b"; done
suites=(); for b in $blocks; do suites+=("$b=$J/run-$b.log:${T[$b]:-0}"); done
python3 tools/junit.py "$J/make-run.xml" "${suites[@]}" || fail=1
[ $fail -eq 0 ] && echo "make run: all blocks agree" || echo "make run: FAILURES above"
exit $fail
