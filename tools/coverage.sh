#!/usr/bin/env bash
# coverage.sh BLOCK SEED CYCLES [FAULT] - code coverage of one block's RTL under
# the kit's own stimulus (make coverage; doc/coverage.md):
#   1. coverage builds of the lockstep (KIT_COVERAGE=1 tools/build_lockstep.sh:
#      Verilator --coverage-line --coverage-toggle, directories *-cov, apart
#      from the normal builds) at the default configuration and at every
#      configuration the block's directed files name;
#   2. the lockstep runs: CYCLES random cycles of SEED, then every directed
#      file; each run writes its Verilator coverage data (dat/*.dat), and its
#      output (functional cover events, output toggles) is kept;
#   3. verilator_coverage merges the runs, each point type is written as
#      lcov data (line.info, toggle.info) and rendered by Debian's genhtml;
#      tools/coverage_report.py adds the figures and the kit's functional
#      coverage events beside them. Toggle data is written as lcov by
#      coverage_report.py, one branch record per signal bit (its docstring
#      says why).
# Output: build/coverage/BLOCK/index.html (links to html/line/, html/toggle/,
# the functional table) and summary.txt, whose last line is
#   coverage BLOCK: line H/N (P%), toggle H/N bits (P%), functional H/N events
# Exits 1 when a run fails (its report and reproduce line are printed).
set -uo pipefail
. "$(dirname "$0")/common.sh"
b=$1; seed=$2; cycles=$3; fault=${4:-}
O=build/coverage/$b
rm -rf "$O"; mkdir -p "$O/dat" "$O/runs"
fail=0
# run NAME PARAMS ARGS...: one lockstep run on the coverage build
run() {
  local name=$1 params=$2 bin; shift 2
  bin=$(KIT_COVERAGE=1 tools/build_lockstep.sh "$b" "$params" 2>"$O/runs/$name.build") ||
    { echo "FAIL coverage build $b ${params:-default}: $(tail -3 "$O/runs/$name.build")"; fail=1; return; }
  if KIT_COVERAGE_FILE="$O/dat/$name.dat" "$bin" "$@" > "$O/runs/$name.txt"; then
    echo "PASS coverage run $name: $(grep -o '[0-9]* cycles matched' "$O/runs/$name.txt")"
  else echo "FAIL coverage run $name:"; cat "$O/runs/$name.txt"; fail=1; fi
}
run "random_seed$seed" "" --seed "$seed" --cycles "$cycles" ${fault:+--fault "$fault"} \
  --repro "make coverage BLOCK=$b SEED=$seed CYCLES=$cycles${fault:+ FAULT=$fault}"
for f in $(directed_files "$b"); do
  p=$(stim_params "$f")
  run "directed_$(basename "$f" .stim)" "$p" --stim "$f" --repro "make check BLOCK=$b STIM=$f${p:+ PARAMS='$p'}"
done
[ $fail -eq 0 ] || exit 1
verilator_coverage --write "$O/merged.dat" "$O"/dat/*.dat > "$O/merge.log" 2>&1 ||
  { echo "FAIL coverage merge: $(tail -3 "$O/merge.log")"; exit 1; }
python3 tools/coverage_report.py split "$O/merged.dat" "$O/line.dat" "$O/toggle.info" || exit 1
verilator_coverage --write-info "$O/line.info" "$O/line.dat" >> "$O/merge.log" 2>&1 ||
  { echo "FAIL coverage lcov data: $(tail -3 "$O/merge.log")"; exit 1; }
for t in line toggle; do
  genhtml -q --title "cvkit $b RTL $t coverage (seed $seed, $cycles cycles + directed)" \
    $([ $t = toggle ] && echo --branch-coverage) --legend -o "$O/html/$t" "$O/$t.info" >> "$O/genhtml.log" 2>&1 ||
    { echo "FAIL coverage $t report: $(tail -3 "$O/genhtml.log")"; exit 1; }
done
python3 tools/coverage_report.py report "$b" "$O" "$seed" "$cycles" || exit 1
tail -1 "$O/summary.txt"
echo "report: $O/index.html"
