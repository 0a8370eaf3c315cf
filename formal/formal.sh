#!/usr/bin/env bash
# formal/formal.sh <block> - run one block's formal flow: BMC base case,
# k-induction step and covers, with Yosys + yosys-smtbmc.
#
# Usage:  formal/formal.sh <block>        (from any directory)
#
# Per block it needs formal/<block>.ys: a Yosys script, run from the
# repository root, that reads the RTL with `read_verilog -formal -DFORMAL`,
# sets the reduced parameters (chparam), elaborates (`prep -top <block>`) and
# prepares the netlist for SMT (async2sync, memory mapping). It must not write
# the model: this script appends `write_smt2 -wires` with the output path.
# Settings live in the same file as comment lines "#% key = value":
#     bmc_depth    (default 20)  base-case length, yosys-smtbmc -t N
#     ind_depth    (default 4)   induction length, yosys-smtbmc -i -t N
#     cover_depth  (default 30)  cover search length, yosys-smtbmc -c -t N
#     solver       (default z3)  yosys-smtbmc -s SOLVER
# The environment variable FORMAL_SOLVER overrides the solver.
#
# Output: one line per step on stdout,
#     PASS formal <block> <step>
#     FAIL formal <block> <step>: <reason>   (and where the VCD / log is)
# with <step> one of model, bmc, induction, cover, then one timing line.
# Everything generated goes to build/formal/<block>/ (model, logs, VCDs).
# The exit status is 0 only when every step passed.

set -euo pipefail

if [ $# -ne 1 ] || [ -z "$1" ]; then
  echo "usage: formal/formal.sh <block>" >&2
  exit 2
fi
blk=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

ys=formal/$blk.ys
out=build/formal/$blk
if [ ! -f "$ys" ]; then
  echo "FAIL formal $blk model: no $ys"
  exit 2
fi
mkdir -p "$out"

# "#% key = value" settings from the .ys, with defaults
setting() {
  local v
  v=$(sed -n "s/^#%[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p" "$ys" | tail -n 1)
  echo "${v:-$2}"
}
bmc_depth=$(setting bmc_depth 20)
ind_depth=$(setting ind_depth 4)
cover_depth=$(setting cover_depth 30)
solver=${FORMAL_SOLVER:-$(setting solver z3)}

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

fails=0
times=""

# model: yosys -> SMT2
t0=$(now)
model=$out/$blk.smt2
rm -f "$model"
if yosys -q -l "$out/yosys.log" -p "script $ys; write_smt2 -wires $model" \
     >/dev/null 2>&1 && [ -s "$model" ]; then
  echo "PASS formal $blk model"
else
  reason=$(grep -m 1 -E 'ERROR|Error' "$out/yosys.log" 2>/dev/null || true)
  echo "FAIL formal $blk model: ${reason:-yosys failed} (log $out/yosys.log)"
  exit 1
fi
times="model $(elapsed "$t0" "$(now)") s"

# run_step <step> <smtbmc args...>
run_step() {
  local step=$1
  shift
  local log=$out/$step.log vcd=$out/$step.vcd t reason
  rm -f "$log" "$vcd"
  t=$(now)
  if yosys-smtbmc -s "$solver" "$@" --dump-vcd "$vcd" "$model" >"$log" 2>&1 \
     && grep -q 'Status: PASSED' "$log"; then
    echo "PASS formal $blk $step"
  else
    reason=$(grep -m 1 -E 'Assert failed|Unreached cover|failed|Error|error' "$log" \
             | sed -e 's/^## *[0-9:]* *//' || true)
    reason=${reason:-$(tail -n 1 "$log")}
    if [ -s "$vcd" ]; then
      echo "FAIL formal $blk $step: $reason (counterexample $vcd, log $log)"
    else
      echo "FAIL formal $blk $step: $reason (log $log)"
    fi
    fails=$((fails + 1))
  fi
  times="$times, $step $(elapsed "$t" "$(now)") s"
}

run_step bmc       -t "$bmc_depth"
run_step induction -i -t "$ind_depth"
run_step cover     -c -t "$cover_depth"

echo "formal $blk times: $times (solver $solver, depths bmc $bmc_depth," \
     "induction $ind_depth, cover $cover_depth)"
[ "$fails" -eq 0 ]
