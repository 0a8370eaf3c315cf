#!/usr/bin/env bash
# sram_bench.sh SEED - issue 32's before/after figures (make bench; doc/harness.md
# "Memories"): the blocks whose large tables moved from flip-flop arrays
# into rtl/mem/kit_mem.v, each run in this one bench run twice: "before" =
# the RTL of commit $SRAM_BEFORE (the last commit with the flop tables,
# read with git show into build/bench/sram/before/), "after" = the RTL of
# this checkout. Per configuration of BENCH_SRAM_CFGS: the Verilator model
# alone (cycles/s, the `rtl` figure of the lockstep's --bench, median of
# BENCH_REPEAT), the wall seconds of that configuration's verilate + C++
# build (build.seconds of a fresh build, -O2), and the ratios after/before
# (speed) and before/after (build), and the CPU seconds of each build (the total of its build.cpu: user +
# system of every process it ran: on a machine shared with other jobs the
# wall seconds follow the load, the CPU seconds much less). The issue's goals: vtt, ctl and
# linebacker at the paper configuration >= 2x, vtt at 256 sets >= 4x, the
# paper build >= 3x shorter. Where the time goes: the C++ lines Verilator
# wrote (all files, and the largest: its compile is most of a build), the
# build's CPU seconds by step and by generated file (where() below), and,
# with perf installed (BENCH_SRAM_PERF=0 skips it), the top of a perf
# profile of each "after" model.
set -euo pipefail
. "$(dirname "$0")/common.sh"
seed=${1:-1}
before=${SRAM_BEFORE:-f6ec9eb}
n=${BENCH_CYCLES:-1000000}; rep=${BENCH_REPEAT:-3}
cfgs=${BENCH_SRAM_CFGS:-"vtt: vtt:Sets=256_RnW=14 ctl: lm: linebacker:"}
B=build/bench/sram
if ! git cat-file -e "$before^{commit}" 2>/dev/null; then
  echo "(SRAM before/after not measured: commit $before is not in this checkout's history)"; exit 0
fi
rm -rf "$B"; mkdir -p "$B/before"
field() { echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
# run LABEL BLOCK PARAMS RTL TOP: "rate build_seconds cxx_lines largest_file_lines
# build_cpu_seconds" of a fresh build
run() {
  local bin dir line
  bin=$(VOPT=-O2 tools/build_lockstep.sh "$2" "$3" "$4" "$5" 2>"$B/$1.build.log") || { echo "? ? ? ? ?"; return; }
  dir=$(dirname "$bin")
  line=$("$bin" --seed "$seed" --cycles "$n" --bench --repeat "$rep")
  echo "$(field rtl "$line") $(cat "$dir/build.seconds" 2>/dev/null || echo '?')" \
    "$(cat "$dir"/obj/*.cpp | wc -l) $(wc -l "$dir"/obj/*.cpp | grep -v ' total$' | sort -n | tail -1 | awk '{print $1}')" \
    "$(awk '$1 == "total" { printf "%.1f", $2 }' "$dir/build.cpu" 2>/dev/null || echo '?')"
  where "$1" "$2" "$dir" > "$B/$2.$1.where"
  # the "before" model is built for this comparison only
  [ "$1" = before ] && rm -rf "$dir"
  if [ "${BENCH_SRAM_PERF:-1}" = 1 ] && [ "$1" = after ] && command -v perf >/dev/null; then
    perf record -q -o "$B/perf.data" "$bin" --seed "$seed" --cycles "$n" --bench --repeat 1 >/dev/null 2>&1 &&
      perf report -i "$B/perf.data" --no-children --stdio 2>/dev/null | grep -E '^ +[0-9.]+%' | head -6 >"$B/$2.perf" || true
  fi
}
# where LABEL BLOCK DIR: where the build's CPU seconds went (DIR/build.cpu,
# written by build_lockstep.sh), and each large file Verilator wrote
# compiled alone with the build's own command (CPU seconds; a small model is
# one compile unit, Vdut__ALL.cpp, a large one a compile per file), with the
# lines of each Verilator 5.006 evaluation copy in it: _ico_ (on an input
# change), _nba_comb (after the clock edge), _nba_sequent (the flops), _stl_
# (the settle at start-up), the trace's declarations and change checks. A
# diagnosis, not a figure of the table: the files are compiled again here,
# after the timed build.
where() {
  local all f c cpu parts
  printf '    build %s %s, CPU s: %s\n' "$2" "$1" "$(awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $1, $2 }' "$3/build.cpu" 2>/dev/null)"
  all=$(grep -m1 -- ' -o Vdut__ALL.o ' "$3/build.log" 2>/dev/null) || all=""
  {
    if [ -n "$all" ]; then
      for f in $(sed -n 's/^#include "\(.*\)"$/\1/p' "$3/obj/Vdut__ALL.cpp"); do echo "$f ${all/ -o Vdut__ALL.o Vdut__ALL.cpp/ -o \/dev\/null $f}"; done
    else
      grep -E -- ' -o Vdut[A-Za-z0-9_]*\.o [^ ]+\.cpp$' "$3/build.log" | sed -E 's/^(.* -o )Vdut[A-Za-z0-9_]*\.o ([^ ]+)$/\2 \1\/dev\/null \2/'
    fi
  } | while read -r f c; do
    [ "$(wc -l < "$3/obj/$f")" -ge 200 ] || continue
    cpu=$( { TIMEFORMAT='%U %S'; time (cd "$3/obj" && eval "$c" >/dev/null 2>&1); } 2>&1 | awk '{ printf "%.2f", $1 + $2 }')
    parts=$(awk '/^(VL_[A-Z_]+ )*void [A-Za-z0-9_]+\(/ { k = "other"; if ($0 ~ /_ico_/) k = "input-change"; else if ($0 ~ /_nba_comb/) k = "after-edge";
        else if ($0 ~ /_nba_sequent/) k = "flops"; else if ($0 ~ /_stl_/) k = "settle"; else if ($0 ~ /trace_init|__Trace__.*decl|trace_decl/) k = "trace-decl";
        else if ($0 ~ /trace_chg/) k = "trace-change"; else if ($0 ~ /trace_full|trace_const/) k = "trace-full" }
      { n[k]++ } END { for (k in n) if (n[k] >= 100) printf "%s%s %d", (s++ ? ", " : ""), k, n[k] }' "$3/obj/$f")
    printf '      %-52s %5s s  %6d lines (%s)\n' "$f" "$cpu" "$(wc -l < "$3/obj/$f")" "$parts"
  done
}
echo "SRAM tables (issue 32), Verilator model alone, before = commit $before, after = this checkout ($n cycles, seed $seed, -O2, medians of $rep):"
printf '  %-12s %-16s %10s %10s %6s %9s %9s %6s %7s %7s %6s %15s %15s\n' block params before/s after/s speed build_b_s build_a_s build \
  cpu_b_s cpu_a_s cpu C++_b_lines C++_a_lines
for c in $cfgs; do
  b=${c%%:*}; p=$(echo "${c#*:}" | tr '_' ' ')
  files=$(build/kit rtl "$b"); bfiles=""
  for f in $files; do
    if git cat-file -e "$before:$f" 2>/dev/null; then
      mkdir -p "$B/before/$(dirname "$f")"; git show "$before:$f" > "$B/before/$f"; bfiles="$bfiles $B/before/$f"
    fi
  done
  # a fresh build each side, so both build times are measured in this run
  rm -rf "build/$b/$(build/kit cfgid "$b" $p)"-byo*
  read -r rb tb lb mb cb <<< "$(run before "$b" "$p" "${bfiles# }" "$(build/kit top "$b")")"
  rm -rf "build/$b/$(build/kit cfgid "$b" $p)"
  read -r ra ta la ma ca <<< "$(run after "$b" "$p" "" "")"
  awk -v b="$b" -v p="${p:-default}" -v rb="$rb" -v ra="$ra" -v tb="$tb" -v ta="$ta" -v cb="$cb" -v ca="$ca" \
      -v lb="$lb/$mb" -v la="$la/$ma" 'BEGIN {
    sp = (rb > 0 && ra > 0) ? sprintf("%.2f", ra / rb) : "?"; bt = (tb > 0 && ta > 0) ? sprintf("%.2f", tb / ta) : "?"
    ct = (cb > 0 && ca > 0) ? sprintf("%.2f", cb / ca) : "?"
    printf "  %-12s %-16s %10s %10s %6s %9s %9s %6s %7s %7s %6s %15s %15s\n", b, p, rb, ra, sp, tb, ta, bt, cb, ca, ct, lb, la }'
  [ -s "$B/$b.perf" ] && sed "s/^/    perf $b after: /" "$B/$b.perf"
  cat "$B/$b.before.where" "$B/$b.after.where" 2>/dev/null || true
done
echo "  (speed = after/before cycles/s, build = before/after build seconds (wall), cpu = the same for the"
echo "   build's CPU seconds: > 1 means the SRAM RTL wins;"
echo "   C++ lines: all the files Verilator wrote / the largest, whose compile dominates the build)"
