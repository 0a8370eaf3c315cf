# Lint gate: verilator --lint-only -Wall must print nothing for the RTL at
# its default and corner configurations (tools/lint.sh lists them).
. "$(dirname "$0")/lib.sh"
tools/lint.sh
