#!/usr/bin/env bash
# run.sh "BLOCKS" SEED CYCLES - the main job behind `make run`: for each
# block, build the lockstep at its default configuration, run CYCLES seeded
# random cycles and every directed file, write the vectors, replay them on
# Icarus, then print a summary table and the storage report. Exits non-zero
# if anything failed; every failure above the table carries its reproduce line.
set -uo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2; cycles=$3
vec_cycles=${VEC_CYCLES:-20000}
declare -A L D R T
fail=0
J=build/junit; mkdir -p "$J"; rm -f "$J"/run-*.log
# record BLOCK PASS|FAIL "name: detail" [OUTPUT]: one verdict for the JUnit file
record() { { echo "$2 $3"; [ -z "${4:-}" ] || printf '%s\n' "$4" | sed 's/^/  /'; } >> "$J/run-$1.log"; }
for b in $blocks; do
  echo "=== $b: lockstep, $cycles random cycles, seed $seed"
  t0=$(date +%s)
  bin=$(tools/build_lockstep.sh "$b" "") || { fail=1; L[$b]=BUILD-FAIL; record "$b" FAIL "build $b: see the make run output"; continue; }
  name="lockstep $b seed $seed"
  if out=$($bin --seed "$seed" --cycles "$cycles" --repro "make check BLOCK=$b SEED=$seed CYCLES=$cycles"); then
    L[$b]=$(echo "$out" | grep -o '^PASS.*cycles matched' | grep -o '[0-9]* cycles matched')
    record "$b" PASS "$name: ${L[$b]}" "$out"
  else L[$b]=MISMATCH; fail=1; record "$b" FAIL "$name: $(echo "$out" | head -1)" "$out"; fi
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
  echo "=== $b: vectors (seed $seed, $vec_cycles cycles + directed) and Icarus replay"
  tools/vectors.sh "$b" "$seed" "$vec_cycles" "" >/dev/null || { fail=1; record "$b" FAIL "vectors $b: tools/vectors.sh failed"; }
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
printf '  %-12s %-28s %-34s %s\n' block "lockstep (random)" "directed files" "Icarus replay"
for b in $blocks; do printf '  %-12s %-28s %-34s %s\n' "$b" "${L[$b]:-}" "${D[$b]:-}" "${R[$b]:-}"; done
echo
for b in $blocks; do build/kit overhead "$b"; done
build/kit summary linebacker
suites=(); for b in $blocks; do suites+=("$b=$J/run-$b.log:${T[$b]:-0}"); done
python3 tools/junit.py "$J/make-run.xml" "${suites[@]}" || fail=1
[ $fail -eq 0 ] && echo "make run: all blocks agree" || echo "make run: FAILURES above"
exit $fail
