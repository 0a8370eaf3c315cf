#!/usr/bin/env bash
# cocotb_bench.sh SEED - the kit vs cocotb comparison of make bench: the LM
# at its default configuration, the same stimulus (a kit vector file of
# BENCH_COCOTB_CYCLES cycles, seed SEED), driven (a) by the kit's make-check
# path (C golden model, two threads) and (b) by a cocotb 1.8 testbench with
# a pure-Python reference model as scoreboard (tb/cocotb/), and (c) by the
# cocotb scoreboard example with the kit's golden model through cvkit
# (tools/cocotb_scoreboard.sh; same seed, so the same stimulus), all on
# Verilator at the same -O2. Each figure is the median of BENCH_REPEAT runs;
# prints the rates and the ratios. Needs the project venv with cocotb
# (tools/venv.sh cocotb, done here).
set -euo pipefail
. "$(dirname "$0")/common.sh"
seed=${1:-1}
n=${BENCH_COCOTB_CYCLES:-50000}; rep=${BENCH_REPEAT:-3}
tools/venv.sh cocotb
out=build/cocotb; mkdir -p "$out"
vec=$out/lm_seed$seed.vec
build/kit vectors lm --seed "$seed" --cycles "$n" -o "$vec" >/dev/null
med() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
rates=""
for _ in $(seq "$rep"); do
  if ! tools/cocotb_run.sh "$vec" "$out/rate.txt" "$out/results.xml"; then
    echo "cocotb bench: FAIL (log: $out/run.log)"; grep -m3 -E 'Error|FAIL|assert' "$out/run.log"; exit 1
  fi
  rates="$rates $(cat "$out/rate.txt")"
done
cocotb=$(echo $rates | tr ' ' '\n' | med)
# the kit at -O2 too, whatever VOPT says (make test builds at -O1)
bin=$(VOPT=-O2 tools/build_lockstep.sh lm "" 2>/dev/null)
kit=""
for _ in $(seq "$rep"); do
  t0=$(date +%s%N); "$bin" --seed "$seed" --cycles "$n" >/dev/null; t1=$(date +%s%N)
  kit="$kit $(( n * 1000000000 / (t1 - t0) ))"
done
kit=$(echo $kit | tr ' ' '\n' | med)
sb=""
for _ in $(seq "$rep"); do
  tools/cocotb_scoreboard.sh verilator lm "$seed" "$n" >/dev/null || { echo "cocotb bench: scoreboard FAIL"; exit 1; }
  sb="$sb $(cat build/cocotb/verilator-lm-"$(build/kit cfgid lm)"/rate.txt)"
done
sb=$(echo $sb | tr ' ' '\n' | med)
awk -v n="$n" -v k="$kit" -v c="$cocotb" -v s="$sb" 'BEGIN {
  printf "kit vs cocotb (lm, default configuration, %d cycles, same stimulus, Verilator -O2, medians):\n", n
  printf "  kit make check (C golden model)      %12d cycles/s\n", k
  printf "  cocotb 1.8.1 + Python reference model %11d cycles/s\n", c
  printf "  cocotb 1.8.1 + kit golden model (cvkit) %9d cycles/s\n", s
  printf "  ratio kit/cocotb                     %12.0f\n", k / c
  printf "  ratio kit/cocotb+cvkit               %12.0f\n", k / s }'
