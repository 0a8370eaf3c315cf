#!/usr/bin/env bash
# lint.sh - verilator --lint-only -Wall on every block's RTL, at its default
# configuration and at the corner configurations listed below (degenerate
# and extreme parameters). Any warning fails. One PASS/FAIL line each.
set -uo pipefail
. "$(dirname "$0")/common.sh"
declare -A corners=(
  [hac]="|-GSets=1|-GSets=6 -GWays=8|-GWays=64 -GSets=2 -GTagW=48|-GPolicy=1|-GWays=32 -GTagW=1"
)
fail=0
for b in ${BLOCKS:-hac}; do
  IFS='|' read -r -a cfgs <<< "${corners[$b]}"
  for g in "${cfgs[@]}"; do
    # shellcheck disable=SC2086
    out=$(verilator --lint-only -Wall $g rtl/$b.v 2>&1)
    if [ -n "$out" ]; then echo "FAIL lint $b ${g:-default}:"; echo "$out" | head -10; fail=1
    else echo "PASS lint $b ${g:-default}"; fi
  done
done
exit $fail
