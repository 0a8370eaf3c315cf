#!/usr/bin/env bash
# cocotb_scoreboard.sh SIM BLOCK SEED CYCLES ['P=V ...'] [CYCLE:PORT] - the
# cocotb scoreboard example (tb/cocotb/test_scoreboard.py): BLOCK's RTL on
# SIM (icarus or verilator) under cocotb 1.8.1, the kit's golden model
# through cvkit as scoreboard, CYCLES cycles of the block's seeded stimulus.
# Two cocotb tests: the scoreboard run, and the fault-injection test (a
# model output flipped at cycle CYCLES/2 must be caught at exactly that
# cycle). CYCLE:PORT injects a fault into the scoreboard run itself, which
# must then fail. Installs what it needs (tools/venv.sh cocotb python, make
# python). Prints one PASS/FAIL line per cocotb test, the scoreboard's rate,
# and on a failure the mismatch report; exits non-zero on any failure.
# Work and cocotb's results.xml (JUnit): build/cocotb/SIM-BLOCK-CONFIG/.
set -uo pipefail
. "$(dirname "$0")/common.sh"
die() { echo "cocotb_scoreboard: error: $*" >&2; exit 1; }
[ $# -ge 4 ] || die "usage: cocotb_scoreboard.sh icarus|verilator BLOCK SEED CYCLES ['P=V ...'] [CYCLE:PORT]"
sim=$1; b=$2; seed=$3; cycles=$4; params=${5:-}; inject=${6:-}
case "$sim" in icarus|verilator) ;; *) die "simulator '$sim': expected icarus or verilator" ;; esac
[[ $seed =~ ^[0-9]+$ ]] && [[ $cycles =~ ^[0-9]+$ ]] && [ "$cycles" -ge 2 ] || die "SEED and CYCLES must be numbers (CYCLES >= 2)"
tools/venv.sh cocotb python || exit 1
make --no-print-directory python >/dev/null || die "make python failed"
# shellcheck disable=SC2086
cfg=$(build/kit cfgid "$b" $params) || exit 1
top=$(build/kit top "$b"); rtl=""
for f in $(build/kit rtl "$b"); do rtl="$rtl $root/$f"; done
W=build/cocotb/$sim-$b-$cfg; mkdir -p "$W"; rm -f "$W/results.xml" "$W/rate.txt"
# Parameters reach the compiler through COMPILE_ARGS in the environment:
# cocotb's makefiles append their own flags to it with +=, which a
# command-line assignment would override.
args=()
if [ "$sim" = verilator ]; then
  # shellcheck disable=SC2086
  compile=$(build/kit gflags "$b" $params)
  args=(BUILD_ARGS="OPT_FAST=-O2 OPT_SLOW=-O2 OPT_GLOBAL=-O2")
else
  # shellcheck disable=SC2086
  compile=$(for kv in $(build/kit rtlparams "$b" $params); do printf -- '-P%s.%s ' "$top" "$kv"; done)
fi
PATH="$root/build/venv/bin:$PATH" VIRTUAL_ENV="$root/build/venv" PYTHONPATH="$root/tb/cocotb" \
  KIT_BLOCK="$b" KIT_PARAMS="$params" KIT_SEED="$seed" KIT_CYCLES="$cycles" KIT_SIM="$sim" \
  KIT_FAULT_CYCLE=$((cycles / 2)) KIT_INJECT="$inject" KIT_RATE_FILE="$root/$W/rate.txt" COMPILE_ARGS="$compile" \
  make -s -C "$root" -f "$("$root/build/venv/bin/cocotb-config" --makefiles)/Makefile.sim" SIM="$sim" \
  TOPLEVEL="$top" MODULE=test_scoreboard TOPLEVEL_LANG=verilog VERILOG_SOURCES="$rtl" \
  SIM_BUILD="$root/$W/sim_build" COCOTB_RESULTS_FILE="$root/$W/results.xml" "${args[@]}" >"$W/run.log" 2>&1
[ -s "$W/results.xml" ] || { echo "FAIL cocotb $sim $b: no results (log: $W/run.log)"; grep -m5 -iE 'error' "$W/run.log"; exit 1; }
fail=0
for t in scoreboard scoreboard_catches_fault; do
  if grep -q "name=\"$t\"" "$W/results.xml" && ! python3 - "$W/results.xml" "$t" <<'PY'
import sys, xml.etree.ElementTree as ET
case = [c for c in ET.parse(sys.argv[1]).iter("testcase") if c.get("name") == sys.argv[2]]
sys.exit(0 if case and case[0].find("failure") is None and case[0].find("error") is None else 1)
PY
  then echo "FAIL cocotb $sim $b $t (log: $W/run.log)"; fail=1
  elif grep -q "name=\"$t\"" "$W/results.xml"; then
    case $t in
      scoreboard) echo "PASS cocotb $sim $b scoreboard: $cycles cycles match the golden model (seed $seed), $(cat "$W/rate.txt" 2>/dev/null) cycles/s" ;;
      *) echo "PASS cocotb $sim $b fault injection: a flipped model output at cycle $((cycles / 2)) caught at exactly that cycle" ;;
    esac
  else echo "FAIL cocotb $sim $b $t: not run (log: $W/run.log)"; fail=1; fi
done
# the scoreboard test's report (the first in the log), unindented
[ $fail -eq 0 ] || sed 's/^.*ScoreboardMismatch: //; s/^ \{40,\}/  /' "$W/run.log" |
  sed -n '/^MISMATCH/,/reproduce:/p' | sed '/reproduce:/q'
exit $fail
