#!/usr/bin/env bash
# coverage.sh BLOCK SEED "CYCLES" "FAULT" "PARAMS" ["TRAFFIC" "TRACE" "TRAFFIC_PARAMS"]
# - code coverage of one block's RTL under the kit's own stimulus (make
# coverage; doc/coverage.md):
#   1. the block's default test (kit plan coverage: every check-list
#      configuration, CYCLES each when given, and every directed file), or
#      the one configuration PARAMS, or one run on GPU traffic (TRAFFIC
#      kernel or TRACE file, doc/traffic.md), run by tools/jobs.py on coverage builds
#      (KIT_COVERAGE=1: Verilator --coverage-line --coverage-toggle,
#      directories *-cov, apart from the normal builds); each run writes its
#      Verilator coverage data next to its result (results/**/*.dat);
#   2. verilator_coverage merges the runs, each point type is written as
#      lcov data (line.info, toggle.info) and rendered by Debian's genhtml;
#      tools/coverage_report.py adds the figures and the kit's functional
#      coverage events (from the runs' results) beside them. Toggle data is
#      written as lcov by coverage_report.py, one branch record per signal
#      bit (its docstring says why).
# Output: build/coverage/BLOCK/index.html (links to html/line/, html/toggle/,
# the functional table) and summary.txt, whose last line is
#   coverage BLOCK: line H/N (P%), toggle H/N bits (P%), functional H/N events
# Exits 1 when a run fails (its report and reproduce line are printed).
set -uo pipefail
. "$(dirname "$0")/common.sh"
b=$1; seed=$2; cycles=${3:-}; fault=${4:-}; params=${5:-}; traffic=${6:-}; trace=${7:-}; tparams=${8:-}
O=build/coverage/$b
rm -rf "$O"; mkdir -p "$O"
tools/jobs.py coverage --blocks "$b" --seed "$seed" ${cycles:+--each-cycles "$cycles"} ${fault:+--fault "$fault"} \
  ${params:+--params "$params"} ${traffic:+--traffic "$traffic"} ${trace:+--trace "$trace"} \
  ${tparams:+--traffic-params "$tparams"} --results-dir "$O/results" || exit 1
verilator_coverage --write "$O/merged.dat" $(find "$O/results" -name "*.dat" | sort) > "$O/merge.log" 2>&1 ||
  { echo "FAIL coverage merge: $(tail -3 "$O/merge.log")"; exit 1; }
python3 tools/coverage_report.py split "$O/merged.dat" "$O/line.dat" "$O/toggle.info" || exit 1
verilator_coverage --write-info "$O/line.info" "$O/line.dat" >> "$O/merge.log" 2>&1 ||
  { echo "FAIL coverage lcov data: $(tail -3 "$O/merge.log")"; exit 1; }
for t in line toggle; do
  genhtml -q --title "cvkit $b RTL $t coverage (seed $seed, $(if [ -n "$traffic$trace" ]; then echo "traffic ${traffic:-$trace}"; else echo "${cycles:-default} cycles + directed"; fi))" \
    $([ $t = toggle ] && echo --branch-coverage) --legend -o "$O/html/$t" "$O/$t.info" >> "$O/genhtml.log" 2>&1 ||
    { echo "FAIL coverage $t report: $(tail -3 "$O/genhtml.log")"; exit 1; }
done
python3 tools/coverage_report.py report "$b" "$O" "$seed" "$cycles" || exit 1
tail -1 "$O/summary.txt"
echo "report: $O/index.html"
