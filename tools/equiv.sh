#!/usr/bin/env bash
# equiv.sh BLOCK "RTL files" TOP "P=V ..." - make equiv: is a designer's RTL
# of BLOCK equivalent to the kit's reference RTL, cycle for cycle from reset,
# for every input sequence?
#
# 1. Port check, as make check does (verilate the designer's RTL, compare its
#    ports with cmodel/BLOCK.def; stop before anything else on a mismatch).
# 2. A sequential miter (kit miter: both designs from the .def ports, reset in
#    the first cycle, every output asserted equal in every cycle), at the
#    configuration PARAMS, by default the block's equivalence configuration
#    (`kit equiv BLOCK`, the `.equiv` of cmodel/BLOCK_block.c: small, so
#    solvers finish).
# 3. Three engines, the first that concludes decides:
#    structural  Yosys equiv_make / equiv_simple / equiv_induct: an unbounded
#                proof when the two designs' registers correspond by name
#    induction   SymbiYosys k-induction (smtbmc, Yices 2) of depth
#                EQUIV_DEPTH (8): an unbounded proof, or a counterexample
#                within the depth
#    bmc         SymbiYosys BMC of EQUIV_BMC (24) cycles: a counterexample,
#                or "equivalent up to N cycles from reset"
# 4. On a difference: the counterexample becomes a directed stimulus file in
#    the kit's format (kit vcd2stim) and is replayed with make check against
#    the designer's RTL, so the report is the usual one (cycle, ports,
#    history, waveform, reproduce line) with the C golden model as referee.
# Exit: 0 proved or bounded-equivalent, 1 different (or an error).
set -uo pipefail
. "$(dirname "$0")/common.sh"
blk=$1; rtl=$2; top=$3; params=${4:-}
[ -n "$rtl" ] && [ -n "$top" ] || { echo "equiv: error: RTL='files' and TOP=module are required (the design to compare with the kit's $blk)" >&2; exit 1; }
build/kit top "$blk" >/dev/null || exit 1
if [ -z "$params" ]; then
  params=$(build/kit equiv "$blk") || exit 1
fi
# shellcheck disable=SC2086
rtlparams=$(build/kit rtlparams "$blk" $params) || exit 1
for f in $rtl; do [ -f "$f" ] || { echo "equiv: error: RTL file '$f' not found" >&2; exit 1; }; done
depth=${EQUIV_DEPTH:-8}; bmc=${EQUIV_BMC:-24}

# 1. ports
PORTCHECK_ONLY=1 tools/build_lockstep.sh "$blk" "$params" "$rtl" "$top" 2>&1 >/dev/null | sed "s/^/   /" || exit 1

# 2. the job: copies of both designs and the miter, in one directory
id=$( { echo "$params $top"; cat $rtl; } | sha1sum | cut -c1-10)
W=build/equiv/$blk-$id
rm -rf "$W"; mkdir -p "$W/src"
gold=""; gate=""; n=0
for f in $(build/kit rtl "$blk"); do cp "$f" "$W/src/gold_$n.v"; gold="$gold gold_$n.v"; n=$((n + 1)); done
n=0
for f in $rtl; do cp "$f" "$W/src/gate_$n.v"; gate="$gate gate_$n.v"; n=$((n + 1)); done
# shellcheck disable=SC2086
build/kit miter "$blk" -o "$W/src/miter.v" $params >/dev/null || exit 1
chp=""
for kv in $rtlparams; do chp="$chp -chparam ${kv%%=*} ${kv#*=}"; done
ourtop=$(build/kit top "$blk")
# both designs flattened at the configuration and renamed, then the miter
cat > "$W/src/designs.ys" <<EOF
read_verilog $gold
hierarchy -top $ourtop $chp
proc
flatten
rename $ourtop kit_gold
design -stash gold
read_verilog $gate
hierarchy -top $top $chp
proc
flatten
rename $top kit_gate
design -stash gate
design -copy-from gold -as kit_gold kit_gold
design -copy-from gate -as kit_gate kit_gate
EOF
. tools/formal_env.sh || exit 1
echo "== equiv $blk: $rtl (top $top) against rtl ($ourtop) at $rtlparams"

# 3a. structural
cat > "$W/src/structural.ys" <<EOF
script designs.ys
memory -nomap
memory_map
opt_clean
async2sync
equiv_make kit_gold kit_gate equiv
hierarchy -top equiv
equiv_simple -seq 4
equiv_induct -seq 4
equiv_status -assert
EOF
t0=$(date +%s)
if (cd "$W/src" && "$KIT_YOSYS" -q -l ../structural.log -s structural.ys) >/dev/null 2>&1; then
  echo "PASS equiv $blk: equivalent for every input sequence from reset (proved: structural induction, Yosys equiv_*, $(( $(date +%s) - t0 ))s)"
  exit 0
fi
unproven=$(grep -oE 'Of those cells [0-9]+ are proven and [0-9]+ are unproven' "$W/structural.log" | tail -1)
echo "   structural: not proved (${unproven:-registers of the two designs do not correspond by name})"

# 3b/3c. SymbiYosys: k-induction, then BMC
cat > "$W/equiv.sby" <<EOF
[tasks]
induction
bmc

[options]
induction: mode prove
induction: depth $depth
bmc: mode bmc
bmc: depth $bmc

[engines]
smtbmc yices

[script]
script designs.ys
read_verilog -formal miter.v
prep -top kit_miter
memory_map
opt_clean
async2sync
opt_clean

[files]
$(for f in $gold $gate miter.v designs.ys; do echo "src/$f"; done)
EOF
verdict() { cut -d' ' -f1 "$W/$1/status" 2>/dev/null; }
trace=""
for task in induction bmc; do
  t0=$(date +%s)
  (cd "$W" && "$SBY" -f -d "$task" equiv.sby "$task") >"$W/$task.log" 2>&1
  v=$(verdict "$task")
  case "$task:$v" in
    induction:PASS)
      echo "PASS equiv $blk: equivalent for every input sequence from reset (proved: k-induction of depth $depth, $(( $(date +%s) - t0 ))s)"
      exit 0 ;;
    bmc:PASS)
      echo "PASS equiv $blk: equivalent up to $bmc cycles from reset (bounded: no difference in $bmc cycles; k-induction of depth $depth and structural matching did not conclude; $(( $(date +%s) - t0 ))s)"
      exit 0 ;;
    *:FAIL)
      trace=$(ls "$W/$task"/engine_0/trace.vcd 2>/dev/null | head -1)
      [ -n "$trace" ] && break ;;
    induction:*)
      echo "   k-induction of depth $depth: not conclusive (${v:-no verdict}, $(( $(date +%s) - t0 ))s)" ;;
    *)
      echo "FAIL equiv $blk: the $task run ended without a verdict (${v:-none}; log $W/$task/logfile.txt)"; exit 1 ;;
  esac
done
[ -n "$trace" ] || { echo "FAIL equiv $blk: a difference was found but no trace was written (log $W)"; exit 1; }
stim=$W/counterexample.stim
# shellcheck disable=SC2086
build/kit vcd2stim "$blk" "$trace" -o "$stim" $params >/dev/null || exit 1
echo "FAIL equiv $blk: the designs differ within $(grep -c '=0x' "$stim") cycles from reset (counterexample $stim, formal trace $trace)"
echo "   replaying it against $top with the C golden model as referee:"
echo "   make check BLOCK=$blk RTL='$rtl' TOP=$top STIM=$stim"
if [ "${EQUIV_REPLAY:-1}" = 1 ]; then
  make --no-print-directory check BLOCK="$blk" RTL="$rtl" TOP="$top" STIM="$stim" 2>&1 | grep -vE '^make(\[[0-9]+\])?: \*\*\*' | sed 's/^/   /'
fi
exit 1
