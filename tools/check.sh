#!/usr/bin/env bash
# check.sh BLOCK SEED [RTL TOP] - the block's default check (`make check
# BLOCK=b` with no PARAMS, CYCLES or STIM; make run): every configuration of
# `kit checks BLOCK` (the block's list, cmodel/<block>_block.c), each built
# and lock-stepped for its cycle count with the seed, against our RTL or the
# designer's (RTL= TOP=). The configurations together reach every functional
# cover event: the last line gives the union, and says which events no
# configuration reached. STRICT=1 (make run, make test) makes a missed
# event a failure. DIRECTED=1 also runs the block's directed files.
# CHECK_CYCLES=N runs every configuration for N cycles instead; CHECK_STOP=1
# stops at the first run that does not match (make mutate).
# Exit 0 when every run matched (and, under STRICT, every event was seen).
# An RTL that does not build stops the check at the first configuration
# that fails (its error is printed once, by the build) and the last line
# says so: a build failure is never reported as a run that did not match.
set -uo pipefail
. "$(dirname "$0")/common.sh"
b=$1; seed=$2; rtl=${3:-}; top=${4:-}
names=$(build/kit checks "$b") || exit 1
byo=""; [ -n "$rtl" ] && byo=" RTL='$rtl' TOP=$top"
total=0; nconf=0; fail=0; outs=""
while IFS= read -r line; do
  cycles=${CHECK_CYCLES:-$(echo "$line" | cut -f1)}; params=$(echo "$line" | cut -f3); why=$(echo "$line" | cut -f4)
  nconf=$((nconf + 1))
  if ! bin=$(tools/build_lockstep.sh "$b" "$params" "$rtl" "$top"); then
    echo "FAIL check $b: the RTL did not build for configuration $nconf (${params:-default}; error above); $((nconf - 1)) of $(echo "$names" | wc -l) configuration(s) ran"
    exit 1
  fi
  out=$("$bin" --seed "$seed" --cycles "$cycles" \
        --repro "make check BLOCK=$b SEED=$seed CYCLES=$cycles${params:+ PARAMS='$params'}$byo")
  rc=$?
  echo "$out"
  if [ $rc -ne 0 ]; then
    fail=1
    [ "${CHECK_STOP:-0}" = 1 ] && { echo "FAIL check $b: a run did not match (stopped at the first)"; exit 1; }
    continue
  fi
  total=$((total + cycles))
  outs="$outs$out
"
  echo "  (configuration $nconf: ${params:-default}: $why)"
done <<< "$names"
[ $fail -eq 0 ] || { echo "FAIL check $b: a run above did not match"; exit 1; }
read -r n_seen n_all missing <<< "$(printf '%s' "$outs" | cover_union)"
cov="coverage $n_seen/$n_all events over $nconf configuration(s)${missing:+ (missing: $missing)}"
if [ -n "$missing" ] && [ "${STRICT:-0}" = 1 ]; then
  echo "FAIL check $b: $total cycles matched, $cov under STRICT=1"; exit 1
fi
echo "PASS check $b: $total cycles matched, $cov"
if [ "${DIRECTED:-0}" = 1 ]; then
  nd=0
  for f in $(directed_files "$b"); do
    dbin=$(tools/build_lockstep.sh "$b" "$(stim_params "$f")" "$rtl" "$top") || { echo "FAIL check $b: the RTL did not build for $f (error above)"; exit 1; }
    # a private log: two checks of one block may run at once
    dlog=$(mktemp) || exit 1
    "$dbin" --stim "$f" --repro "make check BLOCK=$b STIM=$f$byo" > "$dlog" 2>&1 \
      || { cat "$dlog"; rm -f "$dlog"; echo "FAIL check $b: directed file $f"; exit 1; }
    rm -f "$dlog"
    nd=$((nd + 1))
  done
  echo "PASS check $b: $nd directed files"
fi
exit 0
