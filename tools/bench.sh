#!/usr/bin/env bash
# bench.sh "BLOCKS" SEED - speeds measured in one run on the same stimulus:
# C-model steps/s, Verilator-only cycles/s and lockstep cycles/s (one
# process, one pre-generated stimulus array), then Icarus replay cycles/s on
# a vector file of the same seed; and the ratios between them. Default
# configuration of each block. Ratios, not absolute numbers, are the result:
# they travel between machines.
set -euo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2
n=${BENCH_CYCLES:-1000000}; ni=${BENCH_ICARUS_CYCLES:-20000}
mkdir -p build/bench
printf '%-6s %14s %14s %14s %14s %10s %10s %10s\n' block model/s verilator/s lockstep/s icarus/s "model:rtl" "rtl:lock" "rtl:icarus"
for b in $blocks; do
  bin=$(tools/build_lockstep.sh "$b" "" 2>/dev/null)
  line=$($bin --seed "$seed" --cycles "$n" --bench)
  m=$(echo "$line" | sed 's/.*model_steps_per_s=\([0-9]*\).*/\1/')
  r=$(echo "$line" | sed 's/.*rtl_cycles_per_s=\([0-9]*\).*/\1/')
  l=$(echo "$line" | sed 's/.*lockstep_cycles_per_s=\([0-9]*\).*/\1/')
  v=build/bench/${b}.vec
  build/kit vectors "$b" --seed "$seed" --cycles "$ni" -o "$v" >/dev/null
  build/kit tbgen "$v" -o build/bench/${b}_tb.v
  rtl=$(build/kit rtl "$b")
  # shellcheck disable=SC2086
  iverilog -g2005 -o build/bench/$b.vvp build/bench/${b}_tb.v $rtl
  t0=$(date +%s%N); vvp -n build/bench/$b.vvp +vec="$v" | grep -q '^PASS'; t1=$(date +%s%N)
  i=$(( ni * 1000000000 / (t1 - t0) ))
  awk -v b="$b" -v m="$m" -v r="$r" -v l="$l" -v i="$i" 'BEGIN {
    printf "%-6s %14d %14d %14d %14d %10.1f %10.2f %10.1f\n", b, m, r, l, i, m/r, r/l, r/i }'
done
echo "(icarus/s includes loading the $ni-cycle vector file; model:rtl = C-model steps per Verilator cycle)"
