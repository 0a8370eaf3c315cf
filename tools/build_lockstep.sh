#!/usr/bin/env bash
# build_lockstep.sh BLOCK "P=V ..." [RTL_FILES] [TOP]
#
# Builds the lockstep binary for one block, one RTL configuration and one
# RTL (ours by default, or a designer's: RTL= file list, TOP= module) into
# build/<block>/<cfgid>[-<rtl hash>]/ and prints that binary's path last.
# Steps: verilate with --prefix Vdut and tracing compiled in; check the
# RTL's ports against the block's .def (stops here, before any simulation,
# listing every missing / extra / wrongly sized port); compile the generic
# shim for this block and link it with the C library.
# Rebuilds only when the RTL, parameters, optimisation or kit sources
# changed (stamp).
#
# Concurrency: any number of runs in one checkout may build the same or
# different configurations at once (make check in two terminals, make test
# beside make run). A build holds an exclusive lock on build/<block>/<cfgid>.lock
# (flock), so a second builder of the same configuration waits for the first
# and then finds its result in the cache instead of building it again; the
# build itself happens in a private directory (<cfgid>.tmpPID) renamed into
# place only when complete, so nobody ever runs or deletes a half-built
# tree, and a build killed half way leaves nothing the next one trusts
# (its directory is removed by the next builder, under the lock).
#
# KIT_PARAMS_FROM=FILE: the parameters come from FILE's `params` line
# (make check STIM= without PARAMS): an error in them names FILE:LINE.
#
# KIT_COVERAGE=1: a separate build (directory suffix -cov) with Verilator
# line and toggle coverage; the shim writes the run's coverage data to
# $KIT_COVERAGE_FILE when the model is freed (make coverage, doc/coverage.md).
#
# Optimisation: VOPT (default -O2) is the g++ level for every C++ file of
# the build. Verilator 5.006's generated makefile appends its own
# OPT_FAST=-Os / OPT_GLOBAL=-Os after the user's -CFLAGS, so VOPT is passed
# as those make variables, which is what lands last on the compiler's
# command line (tb/test/14_build.sh checks the build log). A level other
# than -O2 builds into a directory of its own (<cfgid>-O1, ...): the suite
# builds at -O1 (tools/test.py) beside a make run or make bench at -O2
# without either rebuilding the other's models.
set -euo pipefail
block=$1; params=${2:-}; rtl=${3:-}; top=${4:-}
vopt=${VOPT:--O2}
case "$vopt" in
  -O0|-O1|-O2|-O3|-Os|-Ofast|-Og) ;;
  *) echo "build_lockstep: error: VOPT='$vopt': expected one of -O0 -O1 -O2 -O3 -Os -Ofast -Og" >&2; exit 1 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
kit=build/kit
lib=build/libkit.a
[ -x "$kit" ] && [ -f "$lib" ] || { echo "build_lockstep: run 'make tools' first" >&2; exit 1; }

# Validate block and parameters first: one-line errors from the kit tool,
# or, for a directed file's params line, FILE:LINE: and the kit's words.
params_err() {
  local from=${KIT_PARAMS_FROM:-} line
  if [ -z "$from" ]; then echo "$1" >&2; exit 1; fi
  line=$(grep -n -m1 -E '^[[:space:]]*params([[:space:]]|$)' "$from" 2>/dev/null | cut -d: -f1)
  echo "build_lockstep: error: $from:${line:-?}: ${1#kit: error: }" >&2
  exit 1
}
# shellcheck disable=SC2086
gflags=$($kit gflags "$block" $params 2>&1) || params_err "$gflags"
# shellcheck disable=SC2086
rtlparams=$($kit rtlparams "$block" $params)
# shellcheck disable=SC2086
cfgid=$($kit cfgid "$block" $params)
def_top=$($kit top "$block")
def_rtl=$($kit rtl "$block")
if [ -z "$rtl" ]; then rtl=$def_rtl; fi
if [ -z "$top" ]; then top=$def_top; fi
# RTL= is a list of files separated by spaces, so a path cannot hold one
set -f
for f in $rtl; do
  [ -f "$f" ] && continue
  if [ "$rtl" != "${rtl#* }" ] && [ -f "$rtl" ]; then
    echo "build_lockstep: error: RTL='$rtl' is one file whose path has a space: RTL= is a list of files separated by spaces, so give a path without spaces (move or link the file)" >&2
  elif [ "$rtl" != "${rtl#* }" ]; then
    echo "build_lockstep: error: RTL file '$f' not found (RTL='$rtl' is read as files separated by spaces; a path cannot contain a space)" >&2
  else
    echo "build_lockstep: error: RTL file '$f' not found" >&2
  fi
  exit 1
done
set +f
dir=build/$block/$cfgid
[ "$vopt" = -O2 ] || dir=$dir$vopt
if [ "$rtl" != "$def_rtl" ] || [ "$top" != "$def_top" ]; then
  h=$(printf '%s\n%s\n' "$rtl" "$top" | sha1sum | cut -c1-8)
  dir=$dir-byo$h
fi
cov=""
if [ "${KIT_COVERAGE:-0}" = 1 ]; then cov="--coverage-line --coverage-toggle"; dir=$dir-cov; fi
mkdir -p "$(dirname "$dir")"
# shellcheck disable=SC2086
stamp_now=$( { echo "$gflags $top $vopt $cov"; cat $rtl cmodel/$block/$block.def tb/harness/shim.cpp tb/harness/shim.h "$lib" build/lockstep.o; } | sha1sum | cut -d' ' -f1)
cached() { [ -x "$dir/lockstep" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp_now" ]; }
# The lock: held until this script exits (a read-only build/ that cannot
# hold a lock file still runs a cached binary).
if ! { exec 9>>"$dir.lock"; } 2>/dev/null; then
  if [ "${PORTCHECK_ONLY:-0}" != 1 ] && cached; then
    # shellcheck disable=SC2086
    $kit portcheck "$block" "$dir/obj/Vdut.h" $params | sed "s/^PASS /== /" >&2
    echo "$dir/lockstep"; exit 0
  fi
  echo "build_lockstep: error: cannot create $dir.lock: build/ is not writable here" >&2
  exit 1
fi
flock 9
if [ "${PORTCHECK_ONLY:-0}" != 1 ] && cached; then
  # shellcheck disable=SC2086
  $kit portcheck "$block" "$dir/obj/Vdut.h" $params | sed "s/^PASS /== /" >&2
  echo "$dir/lockstep"; exit 0
fi
# Under the lock, any other builder's directory of this configuration is a
# dead one's (killed half way): removed. This build goes to its own.
rm -rf "$dir".tmp* "$dir".old*
tmp=$dir.tmp$$
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp"
# failed_log NAME: keep the log of a failed build where the message says
failed_log() { cp "$tmp/$1" "$dir.$1" 2>/dev/null; echo "$dir.$1"; }
t0=$(date +%s%N)
# CPU so far: bash's `times` (its second line: user and system seconds of
# every command this script has run) into a file at each step, read at the
# end (`times` in a subshell would count the subshell's own)
cpu_of() { tail -1 "$1" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, t, "m"); n += t[1] * 60 + t[2] } printf "%.2f", n }'; }
echo "== verilate $block ($rtlparams) top=$top: $rtl" >&2
inc="-I$root -I$root/build/gen"
# One verilation writes the model and the makefile of the whole lockstep
# binary (the generic shim, the driver and the kit library linked in).
# shellcheck disable=SC2086
if ! verilator --cc --trace --prefix Vdut --top-module "$top" -O3 --x-assign unique --x-initial unique -Wno-fatal \
     $cov $gflags -Mdir "$tmp/obj" --exe \
     -CFLAGS "$vopt $inc -DKIT_DEF='\"cmodel/$block/$block.def\"' -DKIT_BLOCK_NAME='\"$block\"' -DKIT_TOP='\"$top\"' -DKIT_RTL_PARAMS='\"$rtlparams\"'" \
     -o "$root/$tmp/lockstep" \
     "$root/tb/harness/shim.cpp" "$root/build/lockstep.o" "$root/$lib" $rtl >"$tmp/verilate.log" 2>&1; then
  grep -m5 -E '%Error' "$tmp/verilate.log" >&2 || tail -5 "$tmp/verilate.log" >&2
  echo "build_lockstep: error: verilator failed on $rtl (full log: $(failed_log verilate.log))" >&2
  exit 1
fi
times > "$tmp/cpu.verilated"
# Port check before anything is compiled or simulated.
# shellcheck disable=SC2086
$kit portcheck "$block" "$tmp/obj/Vdut.h" $params | sed "s/^PASS /== /" >&2
# PORTCHECK_ONLY=1 (make equiv): verilated and checked, nothing to build
if [ "${PORTCHECK_ONLY:-0}" = 1 ]; then exit 0; fi
echo "== build lockstep $block" >&2
# The Verilator runtime (verilated.cpp, its VCD writer and threads) compiles
# the same for every block and configuration: keep it once per Verilator
# version and -O level and hand it to each build (touched after the
# makefile was written, make links the objects as they are).
rt=build/vlt-runtime/$( { verilator --version; echo "$vopt trace $cov"; } | sha1sum | cut -c1-12)
rt_objs="verilated.o verilated_vcd_c.o verilated_threads.o"
if [ -d "$rt" ]; then for o in $rt_objs; do cp "$rt/$o" "$tmp/obj/$o" && touch "$tmp/obj/$o"; done; fi
# ccache, when installed, keeps the compiled C++ across builds of the same
# model (Verilator's makefile calls the compiler through OBJCACHE)
objcache=""; command -v ccache >/dev/null 2>&1 && objcache=ccache
mkopts=(OBJCACHE="$objcache" OPT_FAST="$vopt" OPT_SLOW="$vopt" OPT_GLOBAL="$vopt")
# A precompiled header of the Verilator headers every compile of the build
# parses first (verilated.h, verilated_vcd_c.h: most of a small model's C++
# time): built once per compile command (the one make would run for the
# shim, without its -MMD, its file names and the kit's -D words) into
# build/vlt-pch/<hash of that command and the compiler>, and named with
# -include; a compile the precompiled header does not fit reads the header
# itself, so the objects are the same either way.
pch_include=()
pchcmd=$(make -s -C "$tmp/obj" -f Vdut.mk -n -B shim.o "${mkopts[@]}" 2>/dev/null | grep -m1 -- ' -c -o shim.o ' |
  sed -e 's/^ccache //' -e 's/ -MMD / /' -e "s/ -DKIT_[A-Z_]*='[^']*'//g" -e 's/ -c -o shim\.o .*$//')
if [ -n "$pchcmd" ]; then
  pch=build/vlt-pch/$( { echo "$pchcmd"; ${pchcmd%% *} --version 2>&1 | head -1; } | sha1sum | cut -c1-12)
  if [ ! -f "$pch/kit_pch.h.gch" ]; then
    # another build may get there first: mv -T then fails, and this one is dropped
    mkdir -p "$pch.tmp$$" && printf '#include "verilated.h"\n#include "verilated_vcd_c.h"\n' > "$pch.tmp$$/kit_pch.h" &&
      (cd "$pch.tmp$$" && eval "$pchcmd -x c++-header kit_pch.h -o kit_pch.h.gch") >/dev/null 2>&1 &&
      mv -T "$pch.tmp$$" "$pch" 2>/dev/null
    rm -rf "$pch.tmp$$"
  fi
  [ -f "$pch/kit_pch.h.gch" ] && pch_include=(USER_CPPFLAGS="-include $root/$pch/kit_pch.h")
fi
times > "$tmp/cpu.cxx0"
if ! make -C "$tmp/obj" -f Vdut.mk -j 2 "${mkopts[@]}" "${pch_include[@]}" >"$tmp/build.log" 2>&1; then
  grep -m10 -E 'error|Error' "$tmp/build.log" >&2 || tail -10 "$tmp/build.log" >&2
  echo "build_lockstep: error: C++ build failed (full log: $(failed_log build.log))" >&2
  exit 1
fi
if [ ! -d "$rt" ]; then
  # another configuration's build may get there first: mv -T then fails
  mkdir -p "$rt.tmp$$" && for o in $rt_objs; do cp -p "$tmp/obj/$o" "$rt.tmp$$/"; done && mv -T "$rt.tmp$$" "$rt" 2>/dev/null
  rm -rf "$rt.tmp$$"
fi
echo "$stamp_now" > "$tmp/stamp"
# wall time of verilate + C++ build, for make bench
awk -v a="$t0" -v b="$(date +%s%N)" 'BEGIN { printf "%.1f\n", (b - a) / 1e9 }' > "$tmp/build.seconds"
# and where its CPU seconds went (make bench): Verilator, the C++ build
# (the model's compile, the shim's, the link: Verilator's makefile), and
# everything else (the kit's checks, the precompiled header's lookup)
times > "$tmp/cpu.end"
awk -v v="$(cpu_of "$tmp/cpu.verilated")" -v a="$(cpu_of "$tmp/cpu.cxx0")" -v e="$(cpu_of "$tmp/cpu.end")" 'BEGIN {
  printf "verilate %.2f\ncxx %.2f\nother %.2f\ntotal %.2f\n", v, e - a, e - v - (e - a), e }' > "$tmp/build.cpu"
rm -f "$tmp"/cpu.*
# under make test (tools/test.py sets TEST_PROFILE): one line per build in
# build/test/builds.tsv (script, model directory, wall s, CPU s of the
# build's commands), so the suite's build cost can be read test by test;
# never a reason for a build to fail
if [ -n "${TEST_PROFILE:-}" ]; then
  cpu=$(awk '$1 == "total" { printf "%.1f", $2 }' "$tmp/build.cpu")
  { mkdir -p build/test && printf '%s\t%s\t%s\t%s\n' "$(basename "$TEST_PROFILE" .prof)" "$dir" \
      "$(cat "$tmp/build.seconds")" "$cpu" >> build/test/builds.tsv; } 2>/dev/null || true
fi
# into place: the old tree (if any) aside, the new one in, the old one gone
[ -e "$dir" ] && mv -T "$dir" "$dir.old$$"
mv -T "$tmp" "$dir"
rm -rf "$dir.old$$" "$dir".verilate.log "$dir".build.log
echo "$dir/lockstep"
