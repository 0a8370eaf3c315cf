#!/usr/bin/env bash
# lint.sh - verilator --lint-only -Wall on every block's RTL at each
# configuration listed in rtl/<block>.lint (one line of -G overrides per
# configuration; "default" = none; # comments). Any warning fails.
# One PASS/FAIL line each.
set -uo pipefail
. "$(dirname "$0")/common.sh"
fail=0
for b in ${BLOCKS:-$(ls cmodel/*/*.def | xargs -n1 basename | sed 's/\.def$//')}; do
  cfgs=$(grep -v '^[[:space:]]*#' "rtl/$b/$b.lint" 2>/dev/null | grep -v '^[[:space:]]*$' || echo default)
  while IFS= read -r g; do
    [ "$g" = default ] && g=""
    # shellcheck disable=SC2086
    # shellcheck disable=SC2046
    out=$(verilator --lint-only -Wall --top-module "$(build/kit top "$b")" $g $(build/kit rtl "$b") 2>&1)
    if [ -n "$out" ]; then echo "FAIL lint $b ${g:-default}:"; echo "$out" | head -10; fail=1
    else echo "PASS lint $b ${g:-default}"; fi
  done <<< "$cfgs"
done
exit $fail
