#!/usr/bin/env bash
# formal/formal.sh <block> - prove a block's formal properties by
# k-induction and show every cover is reachable, with Yosys's SAT engine.
#
# Per block it needs formal/<block>.ys: a Yosys script (run from the
# repository root) that reads the RTL with `read_verilog -formal -DFORMAL`,
# sets the reduced parameters (chparam), elaborates (`prep -top <block>`),
# maps memories, turns the asynchronous reset into a synchronous one
# (async2sync) and flattens. Settings are comment lines "#% key = value":
#     ind_depth    (default 4)   longest induction length tried
#     cover_depth  (default 14)  trace length searched for each cover
#     z3_bmc_depth, z3_ind_depth (unset = skip): the same k-induction again
#                  with yosys-smtbmc and z3 (--unroll --logic QF_BV): base
#                  case of z3_bmc_depth cycles, induction of z3_ind_depth
#
# Steps:
#   prove   sat -tempinduct -prove-asserts -set-assumes: base case from the
#           initial state (reset is assumed in the first cycle) and the
#           induction step, growing k up to ind_depth. A failing base case
#           writes its counterexample to build/formal/<block>/cex.vcd.
#   cover   for every signal named f_cover_* in the RTL, sat -seq
#           cover_depth searches a trace from reset that raises it (the
#           trace is written to build/formal/<block>/cover_<name>.vcd);
#           a cover no trace reaches means a vacuous property: FAIL.
#   z3      when z3_* settings are given: the model is written with
#           write_smt2 and yosys-smtbmc proves the base case and the
#           induction step with z3 (a second, independent engine). The
#           covers use Yosys's SAT engine: z3's cover search over all
#           f_cover_* signals took minutes here (doc/hac.md).
#
# Output: "PASS formal <block> <step>" / "FAIL formal <block> <step>: why",
# one line per step and cover; exit status 0 only when all passed.
set -uo pipefail
if [ $# -ne 1 ] || [ -z "$1" ]; then echo "usage: formal/formal.sh <block>" >&2; exit 2; fi
blk=$1
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 2
# FORMAL_YS / FORMAL_OUT point at another script / output directory (the
# test suite uses them to run a planted bug); FORMAL_STEPS=prove skips covers.
ys=${FORMAL_YS:-formal/$blk.ys}
out=${FORMAL_OUT:-build/formal/$blk}
[ -f "$ys" ] || { echo "FAIL formal $blk prove: no $ys"; exit 2; }
mkdir -p "$out"
setting() {
  local v
  v=$(sed -n "s/^#%[[:space:]]*$1[[:space:]]*=[[:space:]]*\([^[:space:]]*\).*/\1/p" "$ys" | tail -n 1)
  echo "${v:-$2}"
}
ind=$(setting ind_depth 4)
cov=$(setting cover_depth 14)
top=$(sed -n 's/^prep -top \([A-Za-z0-9_]*\).*/\1/p' "$ys" | head -1)
rtl=$(sed -n 's/^read_verilog .* \([^ ]*\.v\)$/\1/p' "$ys" | head -1)
fails=0

t0=$(date +%s)
if yosys -q -l "$out/prove.log" -p "script $ys; chformal -cover -remove; sat -tempinduct -prove-asserts -set-assumes -set-init-zero -seq 1 -maxsteps $ind -verify -dump_vcd $out/cex.vcd $top" >/dev/null 2>&1; then
  k=$(grep -o 'induction step [0-9]*' "$out/prove.log" | tail -1 | awk '{print $3}')
  echo "PASS formal $blk prove: every assert holds (k-induction, k = $((k - 1)), $(( $(date +%s) - t0 ))s)"
else
  why=$(grep -m1 'ERROR' "$out/prove.log" || grep -m1 'failed' "$out/prove.log")
  echo "FAIL formal $blk prove: ${why:-see $out/prove.log} (counterexample: $out/cex.vcd)"
  fails=1
fi

zb=$(setting z3_bmc_depth "")
zi=$(setting z3_ind_depth "")
if [ -n "$zb" ] && [ -n "$zi" ]; then
  t0=$(date +%s)
  if ! yosys -q -l "$out/z3_model.log" -p "script $ys; chformal -cover -remove; dffunmap; write_smt2 -wires $out/$blk.smt2" >/dev/null 2>&1; then
    echo "FAIL formal $blk z3: could not write the SMT2 model (see $out/z3_model.log)"; fails=1
  elif ! yosys-smtbmc -s z3 --unroll --logic QF_BV -t "$zb" --dump-vcd "$out/z3_bmc.vcd" "$out/$blk.smt2" >"$out/z3_bmc.log" 2>&1; then
    echo "FAIL formal $blk z3 base case: $(grep -m1 -E 'Assert failed|FAILED|rror' "$out/z3_bmc.log") (trace $out/z3_bmc.vcd)"; fails=1
  elif ! yosys-smtbmc -s z3 --unroll --logic QF_BV -i -t "$zi" --dump-vcd "$out/z3_ind.vcd" "$out/$blk.smt2" >"$out/z3_ind.log" 2>&1; then
    echo "FAIL formal $blk z3 induction: $(grep -m1 -E 'Assert failed|FAILED|rror' "$out/z3_ind.log") (trace $out/z3_ind.vcd)"; fails=1
  else
    echo "PASS formal $blk z3: yosys-smtbmc + z3 k-induction (base case $zb cycles, induction $zi) ($(( $(date +%s) - t0 ))s)"
  fi
fi

covers=$(grep -o 'wire f_cover_[A-Za-z0-9_]*' "$rtl" | awk '{print $2}')
[ "${FORMAL_STEPS:-all}" = prove ] && exit $fails
[ -n "$covers" ] || { echo "FAIL formal $blk cover: no f_cover_* signals in $rtl"; fails=1; }
if [ -n "$covers" ]; then
  # Two Yosys sessions (one per core), each loading the design once and
  # running one sat search per cover, each cover logged apart.
  t0=$(date +%s)
  rm -f "$out"/cover_*.log
  for half in 0 1; do
    cmds="script $ys; chformal -cover -remove; chformal -assert -remove"
    j=0
    for c in $covers; do
      if [ $((j % 2)) -eq $half ]; then
        cmds="$cmds; tee -q -o $out/cover_$c.log sat -seq $cov -set-assumes -set-init-zero -prove $c 0 -dump_vcd $out/cover_$c.vcd $top"
      fi
      j=$((j + 1))
    done
    yosys -q -l "$out/cover$half.log" -p "$cmds" >/dev/null 2>&1 &
  done
  wait
  for c in $covers; do
    if grep -q 'model found: FAIL' "$out/cover_$c.log" 2>/dev/null; then
      echo "PASS formal $blk cover $c: reached within $cov cycles (trace $out/cover_$c.vcd)"
    else
      echo "FAIL formal $blk cover $c: not reached within $cov cycles (vacuous property?)"
      fails=1
    fi
  done
  echo "formal $blk covers: $(( $(date +%s) - t0 ))s"
fi
exit $fails
