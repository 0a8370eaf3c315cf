#!/usr/bin/env bash
# fuzz.sh build | smoke | run SECONDS | corpus - libFuzzer on the kit's three
# parsers (tb/fuzz/fuzz_{vec,stim,args}.c), with AddressSanitizer and
# UndefinedBehaviorSanitizer, clang from Debian (tools/deps.sh installs it).
#   build    compile the three fuzzers into build/fuzz/
#   smoke    each fuzzer for FUZZ_RUNS (20000) executions from seed 1 on the
#            repository corpus: what make test runs; deterministic
#   run S    each fuzzer for S seconds (make fuzz; FUZZ_SECONDS, default
#            300), two side by side on the two cores; new inputs go to
#            build/fuzz/work/<name>/, the repository corpus is read only
#   corpus   regenerate tb/fuzz/corpus/ from the directed files, small
#            vector files of every block and a list of command lines
# Crashes are written to build/fuzz/crash-* with the command that replays
# them; any crash, leak or broken oracle fails.
set -uo pipefail
. "$(dirname "$0")/common.sh"
mode=${1:-smoke}
F=build/fuzz; C=tb/fuzz/corpus
names="vec stim args"
mkdir -p "$F"

build() {
  local lib="" o
  mkdir -p "$F/obj"
  for f in cmodel/*.c vectors/vecio.c $(ls tb/*.c | grep -vE '^tb/(kit|lockstep).c$'); do
    o=$F/obj/$(echo "$f" | tr / _ | sed 's/\.c$/.o/')
    if [ ! -f "$o" ] || [ "$f" -nt "$o" ] || [ cmodel/kit.h -nt "$o" ] || [ build/gen/kit_blocks.h -nt "$o" ]; then
      clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
        -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
        -Icmodel -Itb -Ivectors -Ibuild/gen -c "$f" -o "$o" || return 1
    fi
    lib="$lib $o"
  done
  for n in $names; do
    # shellcheck disable=SC2086
    clang -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -g -O1 \
      -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
      -Icmodel -Itb -Ivectors -Ibuild/gen "tb/fuzz/fuzz_$n.c" $lib -o "$F/fuzz_$n" || return 1
  done
}

# one NAME WORKDIR ARGS...: run one fuzzer, new inputs into WORKDIR, the
# repository corpus read only; prints one PASS/FAIL line
one() {
  local n=$1 work=$2; shift 2
  mkdir -p "$work"
  local log=$F/$n.log
  "$F/fuzz_$n" -artifact_prefix="$F/crash-$n-" -print_final_stats=1 "$@" "$work" "$C/$n" >"$log" 2>&1
  local rc=$? execs
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ $rc -eq 0 ]; then
    local cov
    cov=$(grep -oE 'cov: [0-9]+' "$log" | sed -n '1p;$p' | awk '{print $2}' | tr '\n' ' ')
    echo "PASS fuzz $n: ${execs:-?} executions, no crash (coverage $(echo $cov | sed 's/ / -> /') edges)"
  else
    local art
    art=$(grep -oE "$F/crash-$n-[^ ]*" "$log" | tail -1)
    echo "FAIL fuzz $n: $(grep -m1 -E 'ERROR|oracle broken|runtime error' "$log") (log $log)"
    [ -n "$art" ] && echo "  reproduce: $F/fuzz_$n $art"
    return 1
  fi
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
    # two at a time on two cores, the third after
    one vec "$F/work/vec" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/vec.out" & p1=$!
    one stim "$F/work/stim" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/stim.out" & p2=$!
    wait $p1 || fail=1; wait $p2 || fail=1
    one args "$F/work/args" -max_total_time="$secs" -rss_limit_mb=4096 > "$F/args.out" || fail=1
    cat "$F/vec.out" "$F/stim.out" "$F/args.out"
    exit $fail ;;
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
    ls "$C"/* | wc -l ;;
  *) echo "usage: tools/fuzz.sh build | smoke | run SECONDS | corpus" >&2; exit 2 ;;
esac
