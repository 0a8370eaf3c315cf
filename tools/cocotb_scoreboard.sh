#!/usr/bin/env bash
# cocotb_scoreboard.sh SIM BLOCK SEED CYCLES ['P=V ...'] [CYCLE:PORT] - the
# cocotb scoreboard example (tb/cocotb/test_scoreboard.py): BLOCK's RTL on
# SIM (icarus or verilator) under cocotb 1.8.1, the kit's golden model
# through cvkit as scoreboard, CYCLES cycles of the block's seeded stimulus.
# Two cocotb tests: the scoreboard run, and the fault-injection test (a
# model output flipped at cycle CYCLES/2 must be caught at exactly that
# cycle). CYCLE:PORT injects a fault into the scoreboard run itself, which
# must then fail. Runs the generic folder tb/cocotb (its Makefile, cocotb's
# convention, make sim: the verdicts are read here) with cvkit from this
# checkout; installs what it needs (tools/venv.sh cocotb, make
# build/libcvkit.so). Prints one PASS/FAIL line per cocotb test, the scoreboard's rate,
# and on a failure the mismatch report; exits non-zero on any failure.
# Work and cocotb's results.xml (JUnit): build/cocotb/SIM-BLOCK-CONFIG/.
set -uo pipefail
. "$(dirname "$0")/common.sh"
die() { echo "cocotb_scoreboard: error: $*" >&2; exit 1; }
[ $# -ge 4 ] || die "usage: cocotb_scoreboard.sh icarus|verilator BLOCK SEED CYCLES ['P=V ...'] [CYCLE:PORT]"
sim=$1; b=$2; seed=$3; cycles=$4; params=${5:-}; inject=${6:-}
case "$sim" in icarus|verilator) ;; *) die "simulator '$sim': expected icarus or verilator" ;; esac
[[ $seed =~ ^[0-9]+$ ]] && [[ $cycles =~ ^[0-9]+$ ]] && [ "$cycles" -ge 2 ] || die "SEED and CYCLES must be numbers (CYCLES >= 2)"
tools/venv.sh cocotb || exit 1
. tools/cocotb_env.sh
make --no-print-directory tools build/libcvkit.so >/dev/null || die "make build/libcvkit.so failed"
# shellcheck disable=SC2086
cfg=$(build/kit cfgid "$b" $params) || exit 1
W=build/cocotb/$sim-$b-$cfg; mkdir -p "$W"; rm -f "$W/results.xml" "$W/rate.txt"
# the generic folder's Makefile (cocotb's convention), at -O2 on Verilator
args=()
[ "$sim" = verilator ] && args=(BUILD_ARGS="OPT_FAST=-O2 OPT_SLOW=-O2 OPT_GLOBAL=-O2")
KIT_INJECT="$inject" KIT_RATE_FILE="$root/$W/rate.txt" \
  make -C tb/cocotb sim SIM="$sim" BLOCK="$b" PARAMS="$params" SEED="$seed" CYCLES="$cycles" \
  "${args[@]}" >"$W/run.log" 2>&1
[ -s "$W/results.xml" ] || { echo "FAIL cocotb $sim $b: no results (log: $W/run.log)"; grep -m5 -iE 'error' "$W/run.log"; exit 1; }
fail=0
for t in scoreboard scoreboard_catches_fault; do
  if ! python3 tb/cocotb/results.py --quiet "$W/results.xml" "$t"; then echo "FAIL cocotb $sim $b $t (log: $W/run.log)"; fail=1
  else
    case $t in
      scoreboard) echo "PASS cocotb $sim $b scoreboard: $cycles cycles match the golden model (seed $seed), $(cat "$W/rate.txt" 2>/dev/null) cycles/s" ;;
      *) echo "PASS cocotb $sim $b fault injection: a flipped model output at cycle $((cycles / 2)) caught at exactly that cycle" ;;
    esac
  fi
done
# the scoreboard test's report (the first in the log), unindented
[ $fail -eq 0 ] || sed 's/^.*ScoreboardMismatch: //; s/^ \{40,\}/  /' "$W/run.log" |
  sed -n '/^MISMATCH/,/reproduce:/p' | sed '/reproduce:/q'
exit $fail
