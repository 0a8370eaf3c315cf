# Hardening, round 2 (issue 24): a full disk, a second terminal and the
# resources: vectors waves
# Python API never hang the kit, corrupt a build or take a wrong value.
# Rationale: each check is a way a user lost a verdict, a disk or a build
# on main at 38d8ba1 (every one of them failed there): a waveform that
# cannot be written (a device, a file-size limit, a full file system),
# a waveform too big for the disk, three builds of one configuration at
# once, outputs through links and stale temporary files, the doc's own
# directed file, paths with spaces, errors printed per configuration,
# parameters beyond a C long, a read-only build/. The write errors are
# real kernel errors: EFBIG from a file-size limit (ulimit -f, any user)
# and ENOSPC from a small tmpfs in a private mount namespace (root or
# user namespaces; reported as SKIP where neither exists). The Python
# API's checks are in python/tests/test_cvkit.py (80_python), the fuzz
# target and timeout in 16_fuzz.
. "$(dirname "$0")/lib.sh"
T=build/test/hard2; rm -rf "$T"; mkdir -p "$T"
K=build/kit
CFG="Sets=6 Ways=8 TagW=6"
bin=$(lockstep_bin "$CFG" 2>/dev/null) || { bad "build hac $CFG"; exit 1; }
# ms CMD...: run CMD, its output in $out, status in $rc, wall time in $ms
ms() { local t0; t0=$(date +%s%N); out=$("$@" 2>&1); rc=$?; ms=$(( ($(date +%s%N) - t0) / 1000000 )); }
# no_debris DIR NAME: nothing named NAME* (output or temporary file) in DIR
no_debris() { [ -z "$(ls "$1" 2>/dev/null | grep -F "$2")" ]; }
# in_tmpfs SIZE DIR CMD...: CMD with a fresh tmpfs of SIZE at DIR, in a
# private mount namespace (nothing is mounted for anyone else)
in_tmpfs() {
  local size=$1 dir=$2; shift 2
  mkdir -p "$dir"
  timeout 10 $UNSHARE sh -c 'mount -t tmpfs -o size="$1" tmpfs "$2" || exit 97; shift 2; exec "$@"' _ "$size" "$dir" "$@"
}
UNSHARE=""
for u in "unshare -m" "unshare -rm"; do
  if $u sh -c "mount -t tmpfs -o size=64k tmpfs '$T'" 2>/dev/null; then UNSHARE=$u; break; fi
done

# -- 1. every write failure ends the run at once, names the file and why
ms timeout 10 "$bin" --cycles 20000 --waves /dev/full
[ $rc = 1 ] && [ "$(echo "$out" | wc -l)" = 1 ] && echo "$out" | grep -q '^lockstep: error: /dev/full: exists and is not a regular file (a device' \
  && ok "--waves /dev/full: refused in $ms ms, one line" || bad "--waves /dev/full: rc=$rc after $ms ms: $(echo "$out" | head -3 | tr '\n' ' ')"
ms timeout 10 bash -c "ulimit -f 64; exec '$bin' --cycles 20000 --waves '$T/big.vcd'"
[ $rc = 1 ] && [ $ms -lt 2000 ] && [ "$out" = "lockstep: error: $T/big.vcd: write failed: File too large" ] && no_debris "$T" big.vcd \
  && ok "whole-run VCD past a file-size limit: '$out' in $ms ms, nothing left" || bad "VCD past ulimit -f: rc=$rc, $ms ms: $(echo "$out" | head -3 | tr '\n' ' '); left: $(ls "$T")"
ms timeout 10 bash -c "ulimit -f 16; exec '$bin' --cycles 3000 --fault 1500 --fail-dir '$T/fail'"
[ $rc = 1 ] && echo "$out" | grep -q '^MISMATCH hac at cycle 1500' && echo "$out" | grep -q '^  reproduce: ' \
  && echo "$out" | grep -q "^  waveform: not written ($T/fail/hac_seed1_cycle1500_[0-9a-f]*\.vcd: write failed: File too large)" && no_debris "$T/fail" .vcd \
  && ok "failure window past a file-size limit: the mismatch report still comes ($ms ms), the waveform line says why" \
  || bad "failure window past ulimit -f: rc=$rc: $(echo "$out" | grep -E 'MISMATCH|waveform|error' | head -3 | tr '\n' ' ')"
ms timeout 10 bash -c "ulimit -f 200; exec $K vectors hac --cycles 10000000 -o '$T/v.vec'"
[ $rc = 1 ] && [ $ms -lt 2000 ] && [ "$out" = "kit: error: $T/v.vec: write failed: File too large" ] && no_debris "$T" v.vec \
  && ok "kit vectors past a file-size limit stops at once: '$out' in $ms ms" || bad "kit vectors past ulimit -f: rc=$rc after $ms ms: $(echo "$out" | head -2 | tr '\n' ' ')"
if [ -n "$UNSHARE" ]; then
  ms in_tmpfs 1m "$T/small" $K vectors hac --cycles 10000000 -o "$T/small/v.vec"
  [ $rc = 1 ] && [ $ms -lt 2000 ] && [ "$out" = "kit: error: $T/small/v.vec: write failed: No space left on device" ] \
    && ok "kit vectors on a full file system: '$out' in $ms ms" || bad "kit vectors ENOSPC: rc=$rc after $ms ms: $(echo "$out" | tr '\n' ' ')"
else echo "SKIP kit vectors on a full file system: no tmpfs can be mounted here (needs root or user namespaces)"; fi
ms bash -c "$K overhead hac > /dev/full"
[ $rc = 1 ] && [ "$out" = "kit: error: stdout: write failed: No space left on device" ] \
  && ok "a report to a full stdout: '$out'" || bad "stdout /dev/full: rc=$rc: $(echo "$out" | tr '\n' ' ')"
# a closed pipe with SIGPIPE ignored (a Python or CI parent): the same
ms bash -c "{ trap '' PIPE; sleep 0.3; exec $K overhead hac; } | true; exit \${PIPESTATUS[0]}"
[ $rc = 1 ] && [ "$out" = "kit: error: stdout: write failed: Broken pipe" ] \
  && ok "a report to a closed pipe (SIGPIPE ignored): '$out'" || bad "stdout closed pipe: $(echo "$out" | tr '\n' ' ')"
ms bash -c "'$bin' --cycles 100 > /dev/full"
[ $rc = 1 ] && [ "$out" = "lockstep: error: stdout: write failed: No space left on device" ] \
  && ok "a lockstep verdict to a full stdout: '$out'" || bad "lockstep stdout /dev/full: rc=$rc: $(echo "$out" | tr '\n' ' ')"

# -- 2. the waveform bound, the window and the free space, before the first cycle
rm -f build/hac_seed1.vcd*
ms timeout 10 make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=50000000 WAVES=1
[ $rc = 2 ] && [ $ms -lt 5000 ] && echo "$out" | grep -q '^lockstep: error: build/hac_seed1.vcd: a VCD of 50000000 cycles is estimated at [0-9]* MB .* over the 4000 MB bound: record cycles FROM..TO only (make: WAVES_FROM= WAVES_TO=; --waves-from, --waves-to) or raise the bound (make: WAVES_MAX_MB=; --waves-max-mb)$' \
  && no_debris build hac_seed1.vcd && ok "WAVES=1 of 5 x 10^7 cycles refused in $ms ms: $(echo "$out" | grep -o 'estimated at [0-9]* MB')" \
  || bad "WAVES=1 unbounded: rc=$rc after $ms ms: $(echo "$out" | head -3 | tr '\n' ' ')"
rm -f build/hac_seed1.vcd*
expect_err "WAVES_MAX_MB=1 refuses a 2000-cycle VCD" "build/hac_seed1.vcd: a VCD of 2000 cycles is estimated at [0-9]+ MB .*over the 1 MB bound" \
  make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=2000 WAVES=1 WAVES_MAX_MB=1
out=$(make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=2000 WAVES_FROM=1000 WAVES_TO=1099 2>&1)
first=$(grep -m1 '^#' build/hac_seed1.vcd 2>/dev/null); last=$(grep '^#' build/hac_seed1.vcd 2>/dev/null | tail -1)
echo "$out" | grep -q '^PASS lockstep hac: 2000 cycles' && [ "$first" = "#10000" ] && [ "$last" = "#10995" ] \
  && ok "WAVES_FROM=1000 WAVES_TO=1099: the VCD holds cycles 1000..1099 only ($first..$last)" || bad "waves window: $first..$last: $(echo "$out" | head -2 | tr '\n' ' ')"
expect_err "WAVES_FROM beyond the run" "--waves-from 5000: the run has only 2000 cycles \(0..1999\)" \
  make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=2000 WAVES_FROM=5000
expect_err "--waves-from after --waves-to" "--waves-from 9 is after --waves-to 3" "$bin" --waves "$T/w.vcd" --waves-from 9 --waves-to 3
expect_err "--waves-from without --waves" "--waves-from / --waves-to need --waves FILE" "$bin" --waves-from 9
if [ -n "$UNSHARE" ]; then
  ms in_tmpfs 2m "$T/small" "$bin" --cycles 20000 --waves "$T/small/w.vcd"
  [ $rc = 1 ] && echo "$out" | grep -q "^lockstep: error: $T/small/w.vcd: a VCD of 20000 cycles is estimated at [0-9]* MB ([0-9]* bytes a cycle) and the file system of $T/small has 2 MB free: record cycles" \
    && ok "a VCD bigger than the free space is refused before the first cycle ($ms ms)" || bad "free space: rc=$rc: $(echo "$out" | tr '\n' ' ')"
else echo "SKIP free space check: no tmpfs can be mounted here"; fi

# -- 3. three builds of one configuration at once: all succeed, one builds
P3="Sets=40 Ways=8"
d3=$(dirname "$(tools/build_lockstep.sh victim_bits "$P3" 2>/dev/null)"); rm -rf "$d3"
for i in 1 2 3; do make --no-print-directory check BLOCK=victim_bits PARAMS="$P3" CYCLES=2000 > "$T/c$i.log" 2>&1 & eval "p$i=\$!"; done
r1=0; r2=0; r3=0; wait $p1 || r1=$?; wait $p2 || r2=$?; wait $p3 || r3=$?
nv=$(cat "$T"/c?.log | grep -cE '^build 1/1 victim_bits \[.*\]: [0-9]+ s$')
np=$(cat "$T"/c?.log | grep -c '^PASS lockstep victim_bits: 2000 cycles matched')
[ "$r1$r2$r3" = 000 ] && [ "$nv" = 1 ] && [ "$np" = 3 ] && [ -z "$(ls "$(dirname "$d3")" | grep -E '\.(tmp|old)')" ] \
  && ok "three concurrent make check of one configuration: all pass, built once (the others waited for it)" \
  || bad "concurrent builds: exits $r1 $r2 $r3, $nv verilations, $np passes: $(grep -h -m2 -iE 'error|fail' "$T"/c?.log | tr '\n' ' ')"

# -- 5. every output through the safe-write path: links, devices, stale temporaries
echo keep > "$T/target"
rm -f build/hac_seed1.vcd; ln -s "$(pwd)/$T/target" build/hac_seed1.vcd
expect_err "WAVES=1 over a symbolic link" "build/hac_seed1.vcd: exists and is not a regular file \(a symbolic link\): refusing to replace it" \
  make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=100 WAVES=1
[ -L build/hac_seed1.vcd ] && [ "$(cat "$T/target")" = keep ] && ok "... the link and its target are untouched" || bad "WAVES=1 wrote through a link"
rm -f build/hac_seed1.vcd
out=$("$bin" --cycles 3000 --fault 1500 --fail-dir "$T/fw" 2>&1)
vcd=$(echo "$out" | sed -n 's/^  waveform: \([^ ]*\.vcd\) .*/\1/p')
if [ -n "$vcd" ]; then
  rm -f "$vcd"; ln -s "$(pwd)/$T/target" "$vcd"
  out=$("$bin" --cycles 3000 --fault 1500 --fail-dir "$T/fw" 2>&1)
  echo "$out" | grep -q "^  waveform: not written ($vcd: exists and is not a regular file (a symbolic link): refusing to replace it)" \
    && echo "$out" | grep -q '^MISMATCH hac at cycle 1500' && [ "$(cat "$T/target")" = keep ] \
    && ok "a failure window named by a link: refused, the report comes, the target is untouched" || bad "failure window link: $(echo "$out" | grep waveform | tr '\n' ' ')"
else bad "failure window: no waveform written: $(echo "$out" | grep waveform | tr '\n' ' ')"; fi
if command -v vcd2fst >/dev/null; then
  ln -s "$(pwd)/$T/target" "$T/fst.fst"
  out=$("$bin" --cycles 200 --waves "$T/fst.vcd" --wave-format fst 2>&1)
  echo "$out" | grep -q "^  waveform (FST): not written ($T/fst.fst: exists and is not a regular file (a symbolic link)" && [ "$(cat "$T/target")" = keep ] \
    && ok "an FST named by a link: refused, target untouched" || bad "FST link: $(echo "$out" | grep FST | tr '\n' ' ')"
fi
sleep 0 & dead=$!; wait $dead
echo stale > "$T/s.vec.tmp$dead"; echo live > "$T/s.vec.tmp$$"; echo stale > "$T/w.vcd.tmp$dead"
$K vectors hac --cycles 10 -o "$T/s.vec" >/dev/null && "$bin" --cycles 10 --waves "$T/w.vcd" >/dev/null
[ ! -e "$T/s.vec.tmp$dead" ] && [ ! -e "$T/w.vcd.tmp$dead" ] && [ -e "$T/s.vec.tmp$$" ] && [ -s "$T/w.vcd" ] \
  && ok "stale FILE.tmpPID of a dead process removed by the next writer of FILE (vectors, waveform); a live one kept" \
  || bad "stale temporaries: $(ls "$T" | grep tmp | tr '\n' ' ')"

# -- 6. the doc's own directed file, paths with spaces, errors once and named
mkdir -p "$T/with space"
awk '/^Sources of stimulus/ { f = 1 } f && /^```$/ { if (++n == 2) exit; next } f && n == 1' doc/harness.md > "$T/with space/doc example.stim"
out=$(make --no-print-directory check BLOCK=hac STIM="$T/with space/doc example.stim" 2>&1)
grep -q '^params .*#' "$T/with space/doc example.stim" && echo "$out" | grep -q "^PASS lockstep hac: 5 cycles matched (seed 1, $T/with space/doc example.stim" \
  && ok "doc/harness.md's example directed file (params line with a comment) passes, from a path with spaces" \
  || bad "doc example: $(echo "$out" | grep -m2 -iE 'error|FAIL|unexpected' | tr '\n' ' ')"
printf '# a file with a bad params line\nparams Ways=8 Sets=x   # comment\nidle\n' > "$T/badp.stim"
expect_err "a bad word on a params line names FILE:LINE" "^kit: error: $T/badp.stim:2: parameter Sets: 'x' is not an integer$" \
  make --no-print-directory check BLOCK=hac STIM="$T/badp.stim"
cp rtl/hac/hac.v "$T/with space/my hac.v"
expect_err "RTL= path with a space" "RTL='$T/with space/my hac.v' is one file whose path has a space: RTL= is a list of files separated by spaces" \
  make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=10 RTL="$T/with space/my hac.v" TOP=hac
expect_err "make readings with a B that changes the geometry" "^readings: error: B='Sets=32' changes the width of input ports of A='defaults' \(req_set_i 9 -> 5 bits\)" \
  make --no-print-directory readings BLOCK=hac A= B=Sets=32 CYCLES=1000
out=$(make --no-print-directory readings BLOCK=hac A= B=Sets=32 CYCLES=1000 2>&1)
echo "$out" | grep -q '/tmp' && bad "readings still names a temporary file: $(echo "$out" | tr '\n' ' ')" || ok "... naming no temporary file"
sed 's/endmodule/endmodul/' rtl/victim_bits/victim_bits.v > "$T/vb_broken.v"
out=$(make --no-print-directory check BLOCK=victim_bits RTL="$T/vb_broken.v" TOP=victim_bits 2>&1)
n=$(echo "$out" | grep -c 'syntax error')
[ "$n" = 1 ] && echo "$out" | grep -q '^FAIL check victim_bits: the RTL did not build for configuration 1 (default; error above); 0 of [0-9]* configuration(s) ran$' \
  && ! echo "$out" | grep -q 'did not match' && ok "a default check whose RTL does not build: the error once, and no claim that a run did not match" \
  || bad "broken RTL default check: $n errors: $(echo "$out" | grep -E 'FAIL|rror' | head -4 | tr '\n' ' ')"
expect_err "a parameter beyond a C long: the parameter's range" "^kit: error: parameter Ways=99999999999999999999 out of range 8..64 \(" \
  $K overhead hac Ways=99999999999999999999
expect_err "... and just beyond LONG_MAX" "^kit: error: parameter Ways=9223372036854775808 out of range 8..64 \(" \
  $K overhead hac Ways=9223372036854775808
# a read-only build/ (bind-mounted read-only in a private mount namespace):
# what only reads works (the tools up to date, the configuration built);
# what must write names what it cannot write
if [ -n "$UNSHARE" ]; then
  ro() { $UNSHARE sh -c 'mount --bind build build && mount -o remount,bind,ro build || exit 97; exec "$@"' _ "$@"; }
  o1=$(ro make --no-print-directory overhead BLOCK=hac 2>&1); r1=$?
  o2=$(ro make --no-print-directory check BLOCK=hac PARAMS="$CFG" CYCLES=1000 2>&1); r2=$?
  [ $r1 = 0 ] && [ $r2 = 0 ] && echo "$o1" | grep -q '^hac overhead: ' && echo "$o2" | grep -q '^PASS lockstep hac: 1000 cycles' \
    && ok "a read-only build/: make overhead and a cached make check run" \
    || bad "read-only build/: overhead rc=$r1, check rc=$r2: $(printf '%s\n%s' "$o1" "$o2" | grep -m2 -iE 'error|denied|read-only' | tr '\n' ' ')"
  expect_err "... and what must write names what it cannot write" "build/vectors.*Read-only file system" \
    ro make --no-print-directory vectors BLOCK=hac VEC_CYCLES=10 VECDIR=build/vectors/hard2
else echo "SKIP read-only build/: no private mount namespace here"; fi
rm -f build/hac_seed1.vcd
