# Build and speed plumbing (no timed assertions: speed is measured by make
# bench, never by a test). Rationale: Verilator 5.006's makefile appends its
# own OPT_FAST=-Os after the kit's -CFLAGS, so the optimisation the kit asks
# for is only real if it is the last -O on every g++ line that compiles
# generated code; the build log is the evidence (and g++ -H shows the
# precompiled Verilator headers used). The level is checked three ways:
# the one in effect (make test builds at -O1, tools/test.py; by hand -O2),
# the default without VOPT (-O2: make check, make run, make bench) and an
# explicit VOPT=-O0, each level in a directory of its own so that neither
# rebuilds the other. The two-thread lockstep must
# give the same bytes as one thread in every outcome (pass, mismatch, expect
# failure, fault beyond the run); the progress line appears on a terminal
# and never on piped stdout; make bench runs end to end and reports every
# column.
. "$(dirname "$0")/lib.sh"

# last_o DIR: the set of last -O flags of the g++ lines compiling Vdut*.cpp
last_o() {
  grep -E '^g\+\+ .* -c -o Vdut' "$1/build.log" | while read -r l; do echo "$l" | grep -oE ' -O[0-9sfastg]+' | tail -1; done |
    sort -u | tr -d ' ' | tr '\n' ' ' | sed 's/ $//'
}
lvl=${VOPT:--O2}      # the level in effect
bin=$(block_bin hac "") || bad "build hac default"
o=$(last_o "$(dirname "$bin")")
[ "$o" = "$lvl" ] && ok "generated C++ compiled at the level in effect, $lvl (last -O on every Vdut g++ line: $o)" \
  || bad "generated C++ optimisation: '$o', expected $lvl"
# the precompiled Verilator headers are named on every compile and fit it:
# g++ -H marks a precompiled header it uses with '!' (one it rejects, or a
# missing one, shows as the plain header)
d=$(dirname "$bin")
cmd=$(grep -m1 -E '^g\+\+ .* -c -o Vdut__ALL\.o ' "$d/build.log")
pch=$(echo "$cmd" | grep -oE -- '-include [^ ]*kit_pch\.h' | cut -d' ' -f2)
used=$(cd "$d/obj" && eval "${cmd/-c -o Vdut__ALL.o/-H -fsyntax-only}" 2>&1 | grep -m1 -E '^[!.] ')
[ -n "$pch" ] && [ "$used" = "! $pch.gch" ] && ok "the precompiled Verilator headers are used ($used)" \
  || bad "precompiled header not used: named '$pch', g++ -H: '$used'"
SMALL="L1s=4 Sets=8 Ways=2 SampleShift=2 SampleOffset=1 Share=2 LlsW=3 AccW=4 Period=16"
bin2=$(env -u VOPT tools/build_lockstep.sh victim_bits "$SMALL" 2>/dev/null) || bad "build without VOPT"
o=$(last_o "$(dirname "$bin2")")
[ "$o" = "-O2" ] && ok "without VOPT the generated C++ is compiled at -O2 ($o)" || bad "the default level gave '$o', expected -O2"
t2=$(stat -c %Y.%s "$bin2" 2>/dev/null)
bin0=$(VOPT=-O0 tools/build_lockstep.sh victim_bits "$SMALL" 2>/dev/null) || bad "build with VOPT=-O0"
o=$(last_o "$(dirname "$bin0")")
[ "$o" = "-O0" ] && ok "VOPT=-O0 reaches the compiler ($o)" || bad "VOPT=-O0 gave '$o'"
[ "$bin0" != "$bin2" ] && [ "$(stat -c %Y.%s "$bin2" 2>/dev/null)" = "$t2" ] &&
  [ "$(env -u VOPT tools/build_lockstep.sh victim_bits "$SMALL" 2>/dev/null)" = "$bin2" ] && [ "$(stat -c %Y.%s "$bin2")" = "$t2" ] \
  && ok "each level builds in a directory of its own: the -O2 model survives a -O0 build unrebuilt ($(basename "$(dirname "$bin0")"))" \
  || bad "levels share a build: -O2 at $bin2, -O0 at $bin0"
expect_err "VOPT that is not an -O level" "VOPT='-O9': expected one of" env VOPT=-O9 tools/build_lockstep.sh hac ""

# One thread and two threads: the same bytes.
same() {  # same NAME ARGS...: stdout and exit status equal for --threads 1 and 2
  local name=$1; shift
  local a b ra rb
  a=$("$@" --threads 1 --repro same 2>&1); ra=$?
  b=$("$@" --threads 2 --repro same 2>&1); rb=$?
  if [ "$a" = "$b" ] && [ $ra = $rb ]; then ok "threads 1 = threads 2: $name (exit $ra)"
  else bad "threads 1 != threads 2: $name: $(diff <(echo "$a") <(echo "$b") | head -5)"; fi
}
same "hac pass" "$bin" --seed 4 --cycles 200000
same "hac fault mismatch" "$bin" --seed 4 --cycles 200000 --fault 123456:rsp_pos_o --fail-dir build/test/thr
same "hac fault at cycle 0" "$bin" --seed 4 --cycles 1000 --fault 0 --fail-dir build/test/thr
same "hac fault at the last cycle" "$bin" --seed 4 --cycles 1000 --fault 999 --fail-dir build/test/thr
for f in $(directed_files hac | head -2); do
  dbin=$(block_bin hac "$(stim_params "$f")")
  same "hac directed $(basename "$f")" "$dbin" --stim "$f"
done
mkdir -p build/test
sed 's/^expect rsp_valid_o=1 rsp_hit_o=1 rsp_way_o=0 rsp_pos_o=15/expect rsp_valid_o=1 rsp_hit_o=1 rsp_way_o=0 rsp_pos_o=14/' \
  tb/hac/directed/timing.stim > build/test/timing_wrong2.stim
same "hac wrong expect" "$bin" --stim build/test/timing_wrong2.stim
expect_err "a fault beyond the run's last cycle injects nothing: an error" \
  "--fault 5000: the run has only 1000 cycles \(0..999\), so no fault was injected" "$bin" --cycles 1000 --fault 5000

# Progress: a line on a terminal's stderr, nothing on piped stdout.
if command -v script >/dev/null 2>&1; then
  out=$(script -qec "$bin --seed 1 --cycles 6000000 >/dev/null" /dev/null 2>&1)
  echo "$out" | grep -q 'lockstep hac: .*M of 6.0M cycles, .*M cycles/s, .* s left' \
    && ok "progress line on a terminal: $(echo "$out" | tr '\r' '\n' | grep -m1 'cycles/s' | sed 's/ *$//')" \
    || bad "no progress line on a terminal: $(echo "$out" | head -3)"
else bad "progress: no 'script' command to make a terminal"; fi
out=$("$bin" --seed 1 --cycles 3000000 2>&1)
echo "$out" | grep -q 'cycles/s' && bad "progress text in piped output" || ok "no progress text when stdout/stderr are not a terminal"

# make bench end to end, tiny: every column present, the level in effect
# reported (read off the g++ lines: make bench by hand reports -O2). The
# SRAM before/after section for lm alone (the smallest; make bench by hand
# runs five configurations).
out=$(BENCH_CYCLES=20000 BENCH_REPEAT=1 BENCH_ICARUS_CYCLES=300 BENCH_COCOTB=0 BENCH_SRAM_CFGS=lm: BENCH_SRAM_PERF=0 \
  make --no-print-directory bench 2>&1); rc=$?
echo "$out"
n=0
for b in $(all_blocks); do
  if echo "$out" | grep -qE "^$b +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9.?]+ +$lvl$"; then n=$((n + 1))
  else bad "make bench: no complete row for $b"; fi
done
[ $rc -eq 0 ] && [ "$n" -gt 0 ] && ok "make bench runs end to end ($n blocks, every column, $lvl)" || bad "make bench exited $rc"
# the SRAM section says where each build's CPU went: by step, then by
# generated file with its evaluation copies (skipped when the before commit
# is not in this checkout's history, a shallow clone)
if git cat-file -e "${SRAM_BEFORE:-f6ec9eb}^{commit}" 2>/dev/null; then
  for side in before after; do
    if echo "$out" | grep -qE "^ +build lm $side, CPU s: verilate [0-9.]+, cxx [0-9.]+, other [0-9.]+, total [0-9.]+$"; then
      ok "make bench SRAM: lm's $side build CPU by step"
    else bad "make bench SRAM: no 'build lm $side, CPU s: verilate ..., cxx ...' line"; fi
  done
  echo "$out" | grep -qE '^ +Vdut[A-Za-z0-9_]*\.cpp +[0-9.]+ s +[0-9]+ lines \(.*input-change [0-9]+' &&
    ok "make bench SRAM: generated files timed alone, evaluation copies counted" ||
    bad "make bench SRAM: no per-file line with an input-change count"
fi

# The kit vs cocotb comparison runs: cocotb 1.8.1 from the project venv, the
# same LM stimulus, a Python reference model that must agree with the RTL
# and with the C model's vector file on every cycle.
out=$(BENCH_REPEAT=1 BENCH_COCOTB_CYCLES=3000 tools/cocotb_bench.sh 1 2>&1); rc=$?
if [ $rc -eq 0 ] && echo "$out" | grep -qE 'ratio kit/cocotb +[0-9]+'; then
  ok "kit vs cocotb comparison runs: $(echo "$out" | grep -oE 'ratio kit/cocotb +[0-9]+' | tr -s ' ')"
else bad "kit vs cocotb comparison: rc=$rc: $(echo "$out" | tail -5)"; fi
# ... and its scoreboard can fail: one corrupted expected value in the file.
awk 'BEGIN{n=0} /^\/\//{print; next} {n++; if (n==1500) {$NF = ($NF=="0") ? "1" : "0"}; print}' \
  build/cocotb/lm_seed1.vec > build/cocotb/lm_bad.vec
tools/cocotb_run.sh build/cocotb/lm_bad.vec build/cocotb/rate_bad.txt build/cocotb/results_bad.xml
out=$(cat build/cocotb/run.log)
echo "$out" | grep -q 'cycle 1499 dbg_valid_o' && grep -q '<failure' build/cocotb/results_bad.xml \
  && ok "the cocotb scoreboard catches a corrupted expected value at cycle 1499" \
  || bad "the cocotb scoreboard missed a corrupted value: $(echo "$out" | grep -m3 -iE 'fail|error')"

# The two-thread lockstep under ThreadSanitizer: the kit's C code rebuilt
# with -fsanitize=thread and linked with an existing Verilator build; a
# passing run, a mismatch and an expect failure must report no data race.
T=build/test/tsan; rm -rf "$T"; mkdir -p "$T"
d=$(dirname "$(block_bin victim_bits "$SMALL")")
tsan_ok=1
for f in $(make -s --no-print-directory lib-sources) tb/harness/lockstep.c; do
  cc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -fsanitize=thread -I. -Ibuild/gen \
    -c "$f" -o "$T/$(echo "$f" | tr / _).o" || tsan_ok=0
done
g++ -fsanitize=thread "$d/obj/shim.o" "$d"/obj/verilated*.o "$d/obj/Vdut__ALL.a" "$T"/*.o -pthread -latomic -o "$T/lockstep" || tsan_ok=0
if [ $tsan_ok = 1 ]; then
  out=$("$T/lockstep" --seed 2 --cycles 300000 2>&1; "$T/lockstep" --seed 2 --cycles 300000 --fault 200000 --fail-dir "$T" 2>&1)
  if echo "$out" | grep -q 'ThreadSanitizer'; then bad "tsan: $(echo "$out" | grep -m3 -A3 'WARNING')"
  elif echo "$out" | grep -q '^PASS lockstep' && echo "$out" | grep -q '^MISMATCH victim_bits at cycle 200000'; then
    ok "two-thread lockstep under ThreadSanitizer: no data race (pass and mismatch runs)"
  else bad "tsan runs: $(echo "$out" | head -5)"; fi
else bad "tsan: could not build the lockstep with -fsanitize=thread"; fi

# BLOCKS narrows what bench and lint run, never the kit: the registry holds
# every block whatever BLOCKS says (make bench BLOCKS=x once rebuilt
# build/kit with block x alone)
out=$(make --no-print-directory -s tools BLOCKS=lm 2>&1); rc=$?
n=$(build/kit blocks | wc -l); want=$(ls cmodel/*/*.def | wc -l)
[ $rc -eq 0 ] && [ "$n" = "$want" ] && ok "make tools BLOCKS=lm keeps all $want blocks in build/kit" \
  || bad "make tools BLOCKS=lm: rc=$rc, build/kit knows $n of $want blocks: $out"
