#!/usr/bin/env bash
# replay.sh BLOCKS [RTL] - replay every vector file of each block under
# build/vectors/ on Icarus Verilog against the RTL (ours, or RTL= files):
# no Verilator and no C model involved. The bench is generated from each
# file's header by 'kit tbgen'. Prints one PASS/FAIL line per file.
set -uo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; rtl=${2:-}
vec=${VECDIR:-build/vectors}
mkdir -p build/replay
fail=0
for b in $blocks; do
  files=$(ls "$vec/${b}_"*.vec 2>/dev/null)
  [ -n "$files" ] || { echo "FAIL replay $b: no vector files in $vec (run make vectors)"; fail=1; continue; }
  r=${rtl:-$(build/kit rtl "$b")}
  for f in $files; do
    n=$(basename "$f" .vec)
    if ! build/kit tbgen "$f" -o "build/replay/${n}_tb.v"; then fail=1; continue; fi
    # shellcheck disable=SC2086
    if ! iverilog -g2005 -o "build/replay/$n.vvp" "build/replay/${n}_tb.v" $r 2>"build/replay/$n.log"; then
      echo "FAIL icarus replay $n: iverilog failed: $(head -1 "build/replay/$n.log")"; fail=1; continue
    fi
    res=$(vvp -n "build/replay/$n.vvp" +vec="$f" 2>&1 | grep -E '^(PASS|FAIL)' | head -5)
    if echo "$res" | grep -q '^PASS'; then echo "$res ($n)"; else
      echo "${res:-FAIL icarus replay $n: no verdict}"
      echo "  reproduce: iverilog -g2005 -o sim build/replay/${n}_tb.v $r && vvp sim +vec=$f +waves"
      fail=1
    fi
  done
done
exit $fail
