#!/usr/bin/env bash
# fuzz.sh build | smoke | run SECONDS | corpus | timeout-check - libFuzzer
# on the kit's three parsers and its Python-facing C API
# (tb/fuzz/fuzz_{vec,stim,args,capi}.c), with AddressSanitizer and
# UndefinedBehaviorSanitizer, clang from Debian (tools/deps.sh installs it).
#   build    compile the four fuzzers into build/fuzz/
#   smoke    each fuzzer for FUZZ_RUNS (20000) executions from seed 1 on the
#            repository corpus: what make test runs; deterministic
#   run S    each fuzzer for S seconds (make fuzz; FUZZ_SECONDS, default
#            300), two side by side on the two cores; new inputs go to
#            build/fuzz/work/<name>/, the repository corpus is read only
#   corpus   regenerate tb/fuzz/corpus/ from the directed files, small
#            vector files of every block, a list of command lines and, for
#            the C API, each block's check-list configurations with seeded
#            input words
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
names="vec stim args capi"
mkdir -p "$F"

build() {
  local lib="" o
  mkdir -p "$F/obj"
  for f in $(make -s --no-print-directory lib-sources); do
    o=$F/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ cmodel/core/block.h -nt "$o" ] || [ build/gen/kit_blocks.h -nt "$o" ]; then
      clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
        -I. -Ibuild/gen -c "$f" -o "$o" || return 1
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
    cat "$F/vec.out" "$F/stim.out" "$F/args.out" "$F/capi.out"
    exit $fail ;;
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
    ls "$C"/* | wc -l ;;
  capi-corpus)
    capi_corpus ;;
  *) echo "usage: tools/fuzz.sh build | smoke | run SECONDS | corpus | timeout-check" >&2; exit 2 ;;
esac
