#!/usr/bin/env bash
# synth.sh [BLOCK "P=V ..."]... - synthesise with Yosys, fail on any latch,
# and print "FLOPS <block> <params> <n>": the flip-flop bits Yosys counts
# (memories are mapped to flops by synth), then "STORAGE <block> <params>
# mem=<m> flops=<f>": the same design taken through synth's fine steps
# except memory_map (tools/synth_count.py reads it): m bits in inferred
# memories (rtl/mem/kit_mem.v instances, SRAM), f bits in flip-flops. Each
# module is synthesised as
# itself (its ports kept, as a designer reuses it) and the result is then
# flattened: for a composite such as linebacker, a sub-block output the top
# leaves unconnected keeps its register, as the model's estimate counts it.
# SYNTH_RTL="a.v b.v" replaces the block's file list (a planted variant).
set -uo pipefail
. "$(dirname "$0")/common.sh"
mkdir -p build/synth
fail=0
[ $# -ge 2 ] || set -- hac "Sets=6 Ways=8 TagW=6"
while [ $# -ge 2 ]; do
  b=$1; params=$2; shift 2
  chp=""
  for kv in $(build/kit rtlparams "$b" $params); do chp="$chp -set ${kv%%=*} ${kv#*=}"; done
  id=$(build/kit cfgid "$b" $params)
  log=build/synth/$b-$id.log
  rtl=${SYNTH_RTL:-$(build/kit rtl "$b")}; top=$(build/kit top "$b")
  if ! yosys -q -p "read_verilog $rtl; chparam $chp $top; synth -top $top -run :fine; design -save coarse; opt -fast -full; opt -full; techmap; opt -fast; abc -fast; opt -fast; write_json build/synth/$b-$id.json; design -load coarse; synth -top $top -run fine:; flatten; select -assert-none t:\$_DLATCH* t:\$dlatch* t:\$_SR_* t:\$sr; tee -q -o build/synth/$b-$id.stat stat" >"$log" 2>&1; then
    echo "FAIL synth $b $params: $(grep -m1 -iE 'error|assert' "$log")"; fail=1; continue
  fi
  n=$(awk '$1 ~ /^\$_.*DFF/ {s += $2} END {print s+0}' "build/synth/$b-$id.stat")
  echo "FLOPS $b $id $n"
  st=$(python3 tools/synth_count.py "build/synth/$b-$id.json" "$top") || { echo "FAIL synth $b $params: $st"; fail=1; continue; }
  echo "STORAGE $b $id $st"
done
exit $fail
