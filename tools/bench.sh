#!/usr/bin/env bash
# bench.sh "BLOCKS" SEED - what users run, measured in one run per block at
# its default configuration, each figure the median of BENCH_REPEAT repeats
# (min and max shown):
#   model      C model alone, steps/s (stimulus generated outside the timing)
#   verilator  Verilator model alone, cycles/s, on the same stimulus
#   check      the `make check` path (two threads: source + model | RTL +
#              compare), cycles/s, exactly the code a user runs
#   check1     the same on one thread (--threads 1)
#   bound      1 / (1/model + 1/verilator): what one thread can reach when
#              everything but the two models cost nothing
#   icarus     replay of a vector file on Icarus, cycles/s, with the file
#              load timed apart (a +loadonly run) and shown as "load s"
#   build      wall seconds of the last verilate + C++ build of that
#              configuration, and the -O level read off its g++ lines
# Ratios come from the medians: check/bound (>= 0.85: the harness costs at
# most 15%), model/verilator (the C model's speed over the RTL's), and
# verilator/icarus. Ratios, not absolute numbers, travel between machines.
# BENCH_CYCLES (1000000), BENCH_REPEAT (3), BENCH_ICARUS_CYCLES (20000).
# Then the kit vs cocotb comparison (tools/cocotb_bench.sh: installs cocotb
# 1.8.1 into the project venv build/venv; BENCH_COCOTB=0 skips it), and the
# DPI-C testbench against the lockstep for two blocks (tools/dpi_bench.sh;
# BENCH_DPI=0 skips it). And the traffic source against the block's C
# model (its own section below; BENCH_TRAFFIC=0 skips it).
# ---- SRAM tables (issue 32): Verilator speed and build time of the blocks
# whose tables live in rtl/mem/kit_mem.v, before (flop tables) and after, in
# this run (tools/sram_bench.sh; BENCH_SRAM=0 skips it) ----
set -euo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2
n=${BENCH_CYCLES:-1000000}; rep=${BENCH_REPEAT:-3}; ni=${BENCH_ICARUS_CYCLES:-20000}
mkdir -p build/bench

# median MIN MAX of the numbers on stdin
stats() { sort -g | awk '{a[NR]=$1} END {printf "%s %s %s\n", a[int((NR+1)/2)], a[1], a[NR]}'; }
# field KEY LINE: value of KEY=... in a bench line
field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# olast DIR: the -O flags that land last on the g++ lines compiling generated
# code; "reused" when the last build compiled none (a rebuild after a change
# Verilator's output did not see, e.g. in an `ifdef FORMAL` section)
olast() {
  local o
  o=$(grep -E '^g\+\+ .* -c -o Vdut' "$1/build.log" | while read -r l; do echo "$l" | grep -oE ' -O[0-9sfastg]+' | tail -1; done |
    sort -u | tr -d ' ' | tr '\n' ' ' | sed 's/ $//')
  echo "${o:-reused}"
}

printf '%-12s %12s %12s %12s %12s %12s %7s %7s %10s %7s %7s %6s %4s\n' block model/s verilator/s check/s check1/s \
  bound/s chk:bnd mdl:rtl icarus/s load_s rtl:ica build -O
for b in $blocks; do
  bin=$(tools/build_lockstep.sh "$b" "" 2>/dev/null)
  dir=$(dirname "$bin")
  line=$($bin --seed "$seed" --cycles "$n" --bench --repeat "$rep")
  echo "$line" > "build/bench/$b.txt"
  v=build/bench/${b}.vec
  build/kit vectors "$b" --seed "$seed" --cycles "$ni" -o "$v" >/dev/null
  build/kit tbgen "$v" -o "build/bench/${b}_tb.v"
  # shellcheck disable=SC2046
  iverilog -g2005 -o "build/bench/$b.vvp" "build/bench/${b}_tb.v" $(build/kit rtl "$b")
  full=""; load=""
  for _ in $(seq "$rep"); do
    t0=$(date +%s%N); vvp -n "build/bench/$b.vvp" +vec="$v" | grep -q '^PASS'; t1=$(date +%s%N)
    vvp -n "build/bench/$b.vvp" +vec="$v" +loadonly >/dev/null; t2=$(date +%s%N)
    full="$full $((t1 - t0))"; load="$load $((t2 - t1))"
  done
  read -r fm _ _ <<< "$(echo $full | tr ' ' '\n' | stats)"
  read -r lm _ _ <<< "$(echo $load | tr ' ' '\n' | stats)"
  sim=$(( fm > lm ? fm - lm : 1 ))
  ica=$(( ni * 1000000000 / sim ))
  awk -v b="$b" -v m="$(field model "$line")" -v r="$(field rtl "$line")" -v c="$(field check "$line")" \
      -v c1="$(field check1 "$line")" -v bd="$(field bound "$line")" -v i="$ica" -v l="$lm" \
      -v bt="$(cat "$dir/build.seconds" 2>/dev/null || echo '?')" -v o="$(olast "$dir")" 'BEGIN {
    printf "%-12s %12d %12d %12d %12d %12d %7.2f %7.2f %10d %7.2f %7.0f %6s %4s\n",
      b, m, r, c, c1, bd, c / bd, m / r, i, l / 1e9, r / i, bt, o }'
  echo "$line" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /_(min|max)=/) printf " %s", $i; print "" }' |
    sed "s/^/  $b min\/max (per second):/"
done
echo "(medians of $rep repeats; $n cycles for the C and Verilator figures, $ni for Icarus;"
echo " chk:bnd >= 0.85 means the harness costs at most 15% of a one-thread lockstep)"
# ---- traffic (issue 29 item 5; doc/traffic.md "Speed"): a section of its
# own. Per block with a traffic adapter: the kernel generator alone
# (instructions/s), the traffic source (generator + cache hierarchy + the
# block's adapter, block cycles/s) and the block's C model on those cycles,
# and ratio = the source's time / the model's (<= 1: the traffic costs no
# more than the model it drives). BENCH_TRAFFIC=0 skips it;
# BENCH_TRAFFIC_KERNEL (default 'matmul N=512').
if [ "${BENCH_TRAFFIC:-1}" = 1 ]; then
  tk=${BENCH_TRAFFIC_KERNEL:-matmul N=512}
  echo
  echo "traffic source vs the block's C model ($tk, medians of $rep; gen in instructions/s, src and model in block cycles/s)"
  printf '%-12s %10s %12s %12s %12s %7s %7s\n' block cycles gen src model src:mod gen:mod
  for b in $(build/kit traffic --adapters | cut -f1); do
    case " $blocks " in *" $b "*) ;; *) continue ;; esac
    # shellcheck disable=SC2086
    line=$(build/kit traffic --bench "$b" $tk --seed "$seed" --repeat "$rep") || { echo "$b: not measured"; continue; }
    printf '%-12s %10s %12s %12s %12s %7s %7s\n' "$b" "$(field cycles "$line")" "$(field gen "$line")" "$(field src "$line")" \
      "$(field model "$line")" "$(field ratio "$line")" "$(field genratio "$line")"
  done
  echo "(src:mod > 1: the traffic costs more than the block's model; gen:mod, the kernel generator alone over the"
  echo " model, is the floor of src:mod for a source that makes every instruction: doc/traffic.md \"Speed\")"
fi
# ---- end of the traffic section

# the models make run needs (every block's default test): how many, how
# many this run had to build, and the wall time of those builds
rm -rf build/bench/run
t0=$(date +%s%N)
tools/jobs.py run --seed "$seed" --results-dir build/bench/run --prepare >/dev/null 2>&1 || true
python3 -c 'import json, sys
d = json.load(open("build/bench/run/builds.json"))
print("models of make run: %d distinct (block, configuration, RTL), %d built by this run in %.1f s, %d from the cache"
      % (d["models"], d["built"], d["seconds"], d["models"] - d["built"]))' 2>/dev/null || echo "(models of make run: not measured)"
if [ "${BENCH_COCOTB:-1}" = 1 ]; then
  tools/cocotb_bench.sh "$seed" || echo "(kit vs cocotb not measured: see the line above; BENCH_COCOTB=0 skips it)"
fi
if [ "${BENCH_DPI:-1}" = 1 ]; then
  tools/dpi_bench.sh "$seed" || echo "(DPI-C vs lockstep not measured: see the line above; BENCH_DPI=0 skips it)"
fi
# ---- SRAM tables (issue 32): before/after, tools/sram_bench.sh ----
if [ "${BENCH_SRAM:-1}" = 1 ]; then
  tools/sram_bench.sh "$seed" || echo "(SRAM before/after not measured: see the line above; BENCH_SRAM=0 skips it)"
fi
# ---- end SRAM tables ----
