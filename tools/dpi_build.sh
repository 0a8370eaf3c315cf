#!/usr/bin/env bash
# dpi_build.sh DIR BLOCK [BLOCK...]
#
# The DPI-C testbench (doc/dpi.md) of one or more blocks as one Verilator
# binary, DIR/cvkit_dpi, whose path it prints last: `kit dpigen` writes
# each block's SV package and testbench, `kit dpitop` the top that runs
# them side by side under one clock, and `verilator --cc --exe --build --timing`
# compiles them with the RTL (each file once: composites share their
# sub-blocks' files) and links the kit's C library, which holds the
# DPI-C functions (tb/harness/dpi.c).
#
# Environment: DPI_PARAMS='P=V ..' (one block only: its configuration, else
# every block's default), DPI_RTL='files' DPI_TOP=module (one block only: a
# designer's RTL instead of ours), VOPT (g++ level, default -O1).
# Rebuilds only when the inputs changed (DIR/stamp, written last: a killed
# build leaves no stamp, so nothing the next one trusts). The generated SV
# is kept in DIR/src.
set -euo pipefail
dir=$1; shift
[ $# -ge 1 ] || { echo "dpi_build: usage: dpi_build.sh DIR BLOCK..." >&2; exit 2; }
vopt=${VOPT:--O1}
case "$vopt" in
  -O0|-O1|-O2|-O3|-Os|-Og) ;;
  *) echo "dpi_build: error: VOPT='$vopt': expected one of -O0 -O1 -O2 -O3 -Os -Og" >&2; exit 1 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
kit=build/kit
lib=build/libkit.a
[ -x "$kit" ] && [ -f "$lib" ] || { echo "dpi_build: run 'make tools' first" >&2; exit 1; }
params=${DPI_PARAMS:-}; rtl_byo=${DPI_RTL:-}; top_byo=${DPI_TOP:-}
if [ $# -gt 1 ] && [ -n "$params$rtl_byo$top_byo" ]; then
  echo "dpi_build: error: DPI_PARAMS / DPI_RTL / DPI_TOP are for one block, not $#" >&2; exit 1
fi
if [ -n "$rtl_byo" ] && [ -z "$top_byo" ]; then
  echo "dpi_build: error: RTL= needs TOP= (the top module of those files)" >&2; exit 1
fi
set -f
for f in $rtl_byo; do [ -f "$f" ] || { echo "dpi_build: error: RTL file '$f' not found" >&2; exit 1; }; done
set +f
case "$dir" in /*) abs=$dir ;; *) abs=$root/$dir ;; esac
mkdir -p "$(dirname "$dir")"
# one builder of DIR at a time (a second waits, then finds the first's result)
exec 9>>"$dir.lock"
flock 9
tmp=$dir.gen$$
trap 'rm -rf "$tmp"' EXIT
rm -rf "$tmp"; mkdir -p "$tmp"
files=()
for b in "$@"; do
  if [ -n "$rtl_byo" ]; then
    # shellcheck disable=SC2086
    $kit dpigen "$b" -o "$tmp" --top "$top_byo" --rtl "$rtl_byo" $params
    rtl=$rtl_byo
  else
    # shellcheck disable=SC2086
    $kit dpigen "$b" -o "$tmp" $params
    rtl=$($kit rtl "$b")
  fi
  for f in $rtl; do
    case " ${files[*]-} " in *" $f "*) ;; *) files+=("$f") ;; esac
  done
done
$kit dpitop -o "$tmp/cvkit_dpi_top.sv" "$@"
sv=(tb/harness/cvkit_dpi_pkg.sv)
for b in "$@"; do sv+=("$tmp/cvkit_${b}_pkg.sv"); done
for b in "$@"; do sv+=("$tmp/cvkit_${b}_tb.sv"); done
sv+=("$tmp/cvkit_dpi_top.sv")
# shellcheck disable=SC2086
stamp=$( { echo "$vopt $*"; cat "${sv[@]}" "${files[@]}" "$lib" tb/harness/dpi_main.cpp; verilator --version; } | sha1sum | cut -d' ' -f1)
if [ -x "$dir/cvkit_dpi" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "$dir/cvkit_dpi"; exit 0
fi
echo "== verilate DPI-C testbench: $*" >&2
rm -rf "$dir"; mkdir -p "$dir"
mv -T "$tmp" "$dir/src"
for i in "${!sv[@]}"; do sv[$i]=${sv[$i]/#$tmp/$dir/src}; done
objcache=""; command -v ccache >/dev/null 2>&1 && objcache=ccache
if ! verilator --cc --exe --build --timing -Wno-fatal -Wno-lint -Wno-style --top-module cvkit_dpi_top \
     -Mdir "$dir/obj" -o "$abs/cvkit_dpi" "${sv[@]}" "${files[@]}" "$root/tb/harness/dpi_main.cpp" "$root/$lib" -LDFLAGS -lm \
     -MAKEFLAGS "OBJCACHE=$objcache OPT_FAST=$vopt OPT_SLOW=$vopt OPT_GLOBAL=$vopt" -j 2 \
     >"$dir/build.log" 2>&1; then
  grep -m10 -E '%Error|error:' "$dir/build.log" >&2 || tail -10 "$dir/build.log" >&2
  echo "dpi_build: error: the Verilator build failed (full log: $dir/build.log)" >&2
  exit 1
fi
rm -f "$dir/obj"/*.o "$dir/obj"/*.a
echo "$stamp" > "$dir/stamp"
echo "$dir/cvkit_dpi"
