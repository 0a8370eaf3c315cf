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
declare -A L D R
fail=0
for b in $blocks; do
  echo "=== $b: lockstep, $cycles random cycles, seed $seed"
  bin=$(tools/build_lockstep.sh "$b" "") || { fail=1; L[$b]=BUILD-FAIL; continue; }
  if out=$($bin --seed "$seed" --cycles "$cycles" --repro "make check BLOCK=$b SEED=$seed CYCLES=$cycles"); then
    L[$b]=$(echo "$out" | grep -o '^PASS.*cycles matched' | grep -o '[0-9]* cycles matched')
  else L[$b]=MISMATCH; fail=1; fi
  echo "$out"
  nd=0; nf=0; dc=0
  for f in $(directed_files "$b"); do
    dbin=$(tools/build_lockstep.sh "$b" "$(stim_params "$f")") || { nf=$((nf+1)); continue; }
    if out=$($dbin --stim "$f"); then nd=$((nd+1)); dc=$((dc + $(echo "$out" | grep -o '[0-9]* cycles matched' | grep -o '^[0-9]*')))
    else echo "$out"; nf=$((nf+1)); fail=1; fi
  done
  D[$b]="$nd passed, $nf failed ($dc cycles)"
  echo "directed: ${D[$b]}"
  echo "=== $b: vectors (seed $seed, $vec_cycles cycles + directed) and Icarus replay"
  tools/vectors.sh "$b" "$seed" "$vec_cycles" "" >/dev/null || fail=1
  if out=$(tools/replay.sh "$b"); then
    R[$b]="$(echo "$out" | grep -c '^PASS') files, $(echo "$out" | grep -o '[0-9]* cycles match' | awk '{s+=$1} END {print s}') cycles"
  else R[$b]=FAIL; fail=1; fi
  echo "$out"
done
echo
echo "Summary (seed $seed)"
printf '  %-12s %-28s %-34s %s\n' block "lockstep (random)" "directed files" "Icarus replay"
for b in $blocks; do printf '  %-12s %-28s %-34s %s\n' "$b" "${L[$b]:-}" "${D[$b]:-}" "${R[$b]:-}"; done
echo
for b in $blocks; do build/kit overhead "$b"; done
build/kit summary linebacker
[ $fail -eq 0 ] && echo "make run: all blocks agree" || echo "make run: FAILURES above"
exit $fail
