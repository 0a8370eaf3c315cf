#!/usr/bin/env bash
# dpi_bench.sh SEED - the DPI-C testbench's speed beside the lockstep's
# (make bench; doc/dpi.md "Speed"): for each block of BENCH_DPI_BLOCKS
# (default "hac lm"), at its default configuration, BENCH_DPI_CYCLES
# (default 200000) cycles of the same seeded stimulus through (a) the
# make-check lockstep (C golden model and Verilator model stepped from C,
# two threads) and (b) the DPI-C testbench (kit dpigen: the RTL in an SV
# testbench under Verilator --timing, the model called through DPI-C every
# cycle, one thread), both built at -O2; each figure the median of
# BENCH_REPEAT (3) runs, wall time of the whole binary. Prints the rates
# and the ratio lockstep/DPI-C (the cost of the SV path).
set -euo pipefail
. "$(dirname "$0")/common.sh"
seed=${1:-1}
n=${BENCH_DPI_CYCLES:-200000}; rep=${BENCH_REPEAT:-3}
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# rate CMD...: the median cycles/s of rep runs of CMD (n cycles each)
rate() {
  local r="" t0 t1
  for _ in $(seq "$rep"); do
    t0=$(date +%s%N); "$@" >/dev/null; t1=$(date +%s%N)
    r="$r $(( n * 1000000000 / (t1 - t0) ))"
  done
  echo $r | tr ' ' '\n' | med
}
echo "DPI-C testbench vs lockstep (default configurations, $n cycles, seed $seed, Verilator -O2, medians of $rep):"
printf '  %-12s %14s %14s %8s\n' block lockstep/s dpi-c/s ratio
for b in ${BENCH_DPI_BLOCKS:-hac lm}; do
  ls=$(VOPT=-O2 tools/build_lockstep.sh "$b" "" 2>/dev/null)
  d=build/dpi/$b/$(build/kit cfgid "$b")
  dpi=$(VOPT=-O2 tools/dpi_build.sh "$d" "$b" 2>/dev/null)
  kit=$(rate "$ls" --seed "$seed" --cycles "$n")
  sv=$(rate "$dpi" +seed="$seed" +cycles="$n")
  awk -v b="$b" -v k="$kit" -v s="$sv" 'BEGIN { printf "  %-12s %14d %14d %8.2f\n", b, k, s, k / s }'
done
echo "  (ratio = lockstep / DPI-C: how many times the native lockstep outruns the SV path)"
