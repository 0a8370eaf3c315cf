#!/usr/bin/env bash
# fuzz.sh build | smoke | run SECONDS | corpus | timeout-check - libFuzzer
# on the kit's parsers (vectors, stimulus, arguments, the two trace
# readers) and its Python-facing C API
# (tb/fuzz/fuzz_{vec,stim,args,trace,capi}.c), with AddressSanitizer and
# UndefinedBehaviorSanitizer, clang from Debian (tools/deps.sh installs it).
#   build    compile the five fuzzers into build/fuzz/
#   smoke    each fuzzer for FUZZ_RUNS (20000) executions from seed 1 on the
#            repository corpus: what make test runs; deterministic
#   run S    each fuzzer for S seconds (make fuzz; FUZZ_SECONDS, default
#            300), two side by side on the two cores; new inputs go to
#            build/fuzz/work/<name>/, the repository corpus is read only
#   corpus   regenerate tb/fuzz/corpus/ from the directed files, small
#            vector files of every block, a list of command lines, traces
#            (trace-corpus: that part alone) and, for
#            the C API, each block's check-list configurations with seeded
#            input words
#   plant-check  a planted trace-writer bug must break fuzz_trace's
#            round-trip oracle (the oracle can fail)
#   timeout-check  a planted slow input (tb/fuzz/fuzz_hang.c) must fail
#            within FUZZ_TIMEOUT: the per-input timeout is really passed
# Every input has FUZZ_TIMEOUT seconds (default 10; libFuzzer's own default
# is 20 minutes): a slower one is a failure like a crash (timeout-* file).
# Crashes are written to build/fuzz/crash-* with the command that replays
# them; any crash, leak, timeout or broken oracle fails.
set -uo pipefail
. "$(dirname "$0")/common.sh"
mode=${1:-smoke}
F=build/fuzz; C=tb/fuzz/corpus
names="vec stim args trace capi"
mkdir -p "$F"

# stale OBJ: OBJ is missing, or a file it was compiled from (its source
# and every header, from the compiler's dependency list OBJ.d) is newer: a
# changed struct in a header must recompile every object that uses it
stale() {
  local d
  [ -f "$1" ] && [ -f "$1.d" ] || return 0
  for d in $(sed -e 's/^[^:]*://' -e 's/\\$//' "$1.d"); do [ "$d" -nt "$1" ] && return 0; done
  return 1
}

build() {
  local o
  lib=""
  mkdir -p "$F/obj"
  for f in $(make -s --no-print-directory lib-sources); do
    o=$F/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
    if stale "$o"; then
      clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
        -I. -Ibuild/gen -MMD -MF "$o.d" -c "$f" -o "$o" || return 1
    fi
    lib="$lib $o"
  done
  for n in $names; do
    # shellcheck disable=SC2086
    clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
      -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
      -I. -Ibuild/gen "tb/fuzz/fuzz_$n.c" $lib -o "$F/fuzz_$n" || return 1
  done
}

# one NAME WORKDIR ARGS...: run one fuzzer, new inputs into WORKDIR, the
# repository corpus read only; prints one PASS/FAIL line
one() {
  local n=$1 work=$2; shift 2
  mkdir -p "$work"
  local log=$F/$n.log
  "$F/fuzz_$n" -artifact_prefix="$F/crash-$n-" -print_final_stats=1 -timeout="${FUZZ_TIMEOUT:-10}" \
    "$@" "$work" "${corpus:-$C/$n}" >"$log" 2>&1
  local rc=$? execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ $rc -eq 0 ]; then
    local cov
    cov=$(grep -oE 'cov: [0-9]+' "$log" | sed -n '1p;$p' | awk '{print $2}' | tr '\n' ' ')
    echo "PASS fuzz $n: ${execs:-?} executions, no crash (coverage $(echo $cov | sed 's/ / -> /') edges)"
  else
    local art
    art=$(grep -oE "$F/crash-$n-[^ ]*" "$log" | tail -1)
    echo "FAIL fuzz $n: $(grep -m1 -E 'ERROR|oracle broken|runtime error|timeout' "$log") (log $log)"
    [ -n "$art" ] && echo "  reproduce: $F/fuzz_$n $art"
    return 1
  fi
}

# The C API corpus: per block, each configuration of its check list (one
# parameter word a line), an empty line, then seed, cycle count and input
# words from a seeded generator (mostly within the ports' widths).
capi_corpus() {
  mkdir -p "$C/capi"
  local b k=0
  for b in $(build/kit blocks); do
    while IFS=$'\t' read -r _ _ params _; do
      k=$((k + 1))
      { echo "$b"; for w in $params; do echo "$w"; done; echo
        python3 -c "import random, sys; r = random.Random($k); sys.stdout.buffer.write(bytes(r.getrandbits(8) & (0x7f if i > 8 and (i - 9) % 8 == 7 else 0xff) for i in range(8 + 1 + 8 * 24 * 8)))"
      } > "$C/capi/${b}_$k"
    done <<< "$(build/kit checks "$b")"
  done
}

# The trace readers' corpus: the first records of a small run of every
# kernel (kit traces, version 2), a hand-written version 1 trace, and
# hand-written Accel-Sim .traceg files: tracer
# versions 4 (list, base+stride, base+deltas; a skipped and a dropped
# instruction) and 2 (the per-line thread block and warp), lineinfo, and
# residency (-nregs and -shmem, three blocks for the resident slots).
trace_corpus() {
  local k
  rm -rf "$C/trace"; mkdir -p "$C/trace"
  for k in $(build/kit traffic --list | sed -n 's/^[0-9]* \([a-z]*\):.*/\1/p'); do
    build/kit traffic "$k" SMs=2 --seed 1 -o "$C/trace/$k.full" >/dev/null || return 1
    head -n 8 "$C/trace/$k.full" > "$C/trace/$k.trace"; rm -f "$C/trace/$k.full"
  done
  printf 'kit-trace 1\n0 1 2 0 0x100 0x80000003 ST 8 0x1000 0x1008 0x10f8\n' > "$C/trace/v1.trace"
  { printf -- '-kernel name = _Z3addPfS_\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (64,1,1)\n'
    printf -- '-accelsim tracer version = 4\n\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n'
    printf '0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0\n'
    printf '0010 00000003 1 R2 LDG.E 1 R4 4 0 0x7f0000000100 0x7f0000000104\n'
    printf 'warp = 1\ninsts = 2\n0020 ffffffff 0 STG.E 2 R4 R6 4 1 0x7f0000001000 4\n'
    printf '0030 ffffffff 1 R9 LDS.U.32 1 R11 4 1 0x7f0000000000 4\n#END_TB\n'
    printf '#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n0040 00000007 1 R8 LDG.E.64 1 R10 8 2 0x7f0000002000 8 -16\n#END_TB\n'
  } > "$C/trace/v4.traceg"
  { printf -- '-kernel name = k2\n-kernel id = 2\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n'
    printf -- '-accelsim tracer version = 2\n\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n'
    printf '0 0 0 0 0010 0000000f 1 R2 LDG.E 1 R4 4 1 0x1000 4\n#END_TB\n'
  } > "$C/trace/v2.traceg"
  { printf -- '-kernel name = k3\n-kernel id = 3\n-grid dim = (1,1,1)\n-block dim = (32,1,1)\n'
    printf -- '-accelsim tracer version = 4\n-enable lineinfo = 1\n\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n'
    printf '17 0010 00000001 0 STG.E 2 R4 R6 8 0 0x2000\n#END_TB\n'
  } > "$C/trace/lineinfo.traceg"
  { printf -- '-kernel name = k4\n-kernel id = 4\n-grid dim = (3,1,1)\n-block dim = (64,1,1)\n-nregs = 40\n-shmem = 20000\n'
    printf -- '-accelsim tracer version = 5\n\n'
    for k in 0 1 2; do
      printf '#BEGIN_TB\nthread block = %d,0,0\nwarp = 1\ninsts = 1\n' "$k"
      printf '0010 0000ffff 1 R2 LDG.E 1 R4 4 1 0x%x 4 0\n#END_TB\n' $((0x3000 + 256 * k))
    done
  } > "$C/trace/residency.traceg"
}

case "$mode" in
  build)
    build ;;
  smoke)
    build || { echo "FAIL fuzz build"; exit 1; }
    fail=0
    rm -rf "$F/smoke"
    for n in $names; do one "$n" "$F/smoke/$n" -runs="${FUZZ_RUNS:-20000}" -seed=1 || fail=1; done
    exit $fail ;;
  run)
    secs=${2:-${FUZZ_SECONDS:-300}}
    build || { echo "FAIL fuzz build"; exit 1; }
    fail=0
    # two at a time on two cores
    one vec "$F/work/vec" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/vec.out" & p1=$!
    one stim "$F/work/stim" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/stim.out" & p2=$!
    wait $p1 || fail=1; wait $p2 || fail=1
    one args "$F/work/args" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/args.out" & p1=$!
    one capi "$F/work/capi" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/capi.out" & p2=$!
    wait $p1 || fail=1; wait $p2 || fail=1
    one trace "$F/work/trace" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/trace.out" || fail=1
    cat "$F/vec.out" "$F/stim.out" "$F/args.out" "$F/capi.out" "$F/trace.out"
    exit $fail ;;
  plant-check)
    # the trace harness's round-trip oracle is wired up: a writer that
    # writes every pc one higher (a planted bug in vectors/trace.c) must
    # fail within 200 executions
    build || { echo "FAIL fuzz plant-check: build"; exit 1; }
    mkdir -p "$F/plant"
    sed 's/r->kernel, r->pc, r->mask/r->kernel, r->pc + 1, r->mask/' vectors/trace.c > "$F/plant/trace.c"
    cmp -s vectors/trace.c "$F/plant/trace.c" && { echo "FAIL fuzz plant-check: the plant did not apply"; exit 1; }
    # shellcheck disable=SC2086
    clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
      -fno-sanitize-recover=all -I. -Ibuild/gen tb/fuzz/fuzz_trace.c "$F/plant/trace.c" \
      $(echo $lib | tr ' ' '\n' | grep -v '/vectors_trace\.o$') -o "$F/fuzz_plant" ||
      { echo "FAIL fuzz plant-check: build of the planted harness"; exit 1; }
    rm -f "$F"/crash-plant-*
    out=$(corpus=$C/trace one plant "$F/plant/work" -runs=200 -seed=1)
    if echo "$out" | grep -q '^FAIL fuzz plant: .*' && grep -q 'oracle broken: round trip' "$F/plant.log"; then
      echo "PASS fuzz plant-check: a planted trace-writer bug (pc + 1) breaks the round-trip oracle ($(ls "$F"/crash-plant-* | head -1))"
    else echo "FAIL fuzz plant-check: the planted writer bug went unseen: $out"; exit 1; fi ;;
  timeout-check)
    mkdir -p "$F/hang-corpus"
    printf 'hang' > "$F/hang-corpus/hang"
    clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 -fsanitize=fuzzer,address,undefined \
      tb/fuzz/fuzz_hang.c -o "$F/fuzz_hang" || { echo "FAIL fuzz timeout-check: build"; exit 1; }
    rm -f "$F"/crash-hang-*
    out=$(FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-1} corpus=$F/hang-corpus one hang "$F/hang-work" -runs=1)
    if echo "$out" | grep -q '^FAIL fuzz hang: .*timeout' && ls "$F"/crash-hang-timeout-* >/dev/null 2>&1; then
      echo "PASS fuzz timeout: a planted slow input fails after FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-1} s, saved as $(ls "$F"/crash-hang-timeout-* | head -1)"
    else echo "FAIL fuzz timeout: a planted slow input was not stopped: $out"; exit 1; fi ;;
  corpus)
    rm -rf "$C"; mkdir -p "$C/vec" "$C/stim" "$C/args"
    for b in $(build/kit blocks); do
      build/kit vectors "$b" --seed 1 --cycles 6 -o "$C/vec/${b}_seed1.vec" >/dev/null
      for f in $(directed_files "$b"); do
        # shellcheck disable=SC2046
        { echo "$b"; grep -v '^params' "$f"; } > "$C/stim/${b}_$(basename "$f")"
        p=$(stim_params "$f")
        [ -n "$p" ] && { echo "$b"; echo "$p" | tr ' ' '\n'; } > "$C/args/${b}_$(basename "$f" .stim)"
      done
      printf '%s\n-o\nout.vec\n--seed\n7\n--cycles\n100\n' "$b" > "$C/args/${b}_vectors"
    done
    printf 'hac\nWays=32\nWays=16\n' > "$C/args/twice"
    printf 'hac\nWays32\n' > "$C/args/noeq"
    printf 'hac\n--seed\n010\n--cycles\n0x10\n' > "$C/args/numbers"
    capi_corpus
    trace_corpus
    ls "$C"/* | wc -l ;;
  trace-corpus)
    trace_corpus ;;
  capi-corpus)
    capi_corpus ;;
  *) echo "usage: tools/fuzz.sh build | smoke | run SECONDS | corpus | trace-corpus | plant-check | timeout-check" >&2; exit 2 ;;
esac
