#!/usr/bin/env bash
# cocotb_run.sh VECFILE RATEFILE RESULTS_XML - one run of the cocotb LM
# testbench (tb/cocotb/test_lm_bench.py: Python reference model as
# scoreboard) on Verilator at -O2, stimulus and expected outputs from a kit
# vector file. Writes the measured cycles/s to RATEFILE and cocotb's JUnit
# results to RESULTS_XML; exits non-zero when the test fails. Needs the
# project venv with cocotb (tools/venv.sh cocotb). Log: build/cocotb/run.log.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
abs() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
vec=$(abs "$1"); rate=$(abs "$2"); res=$(abs "$3")
mkdir -p "$root/build/cocotb"
rm -f "$rate" "$res"
. "$root/tools/cocotb_env.sh"
PYTHONPATH="$root/tb/cocotb" KIT_VEC="$vec" KIT_RATE_FILE="$rate" \
  make -s -C "$root" -f "$(cocotb-config --makefiles)/Makefile.sim" SIM=verilator \
  TOPLEVEL=lm MODULE=test_lm_bench TOPLEVEL_LANG=verilog \
  VERILOG_SOURCES="$(cd "$root" && build/kit rtl lm | tr ' ' '\n' | sed "s|^|$root/|" | tr '\n' ' ')" \
  SIM_BUILD="$root/build/cocotb/sim_build" COCOTB_RESULTS_FILE="$res" \
  BUILD_ARGS="OPT_FAST=-O2 OPT_SLOW=-O2 OPT_GLOBAL=-O2" >"$root/build/cocotb/run.log" 2>&1
[ -s "$rate" ] && ! grep -q '<failure' "$res" 2>/dev/null
