#!/usr/bin/env bash
# deps.sh TOOL... - make sure each tool is on PATH, installing the Debian
# package that provides it (apt-get install -y) when it is missing.
# When installing is impossible (not root and no sudo, no apt-get, or
# KIT_NO_INSTALL=1) it prints one line naming the tool and the package and
# exits 1. Quiet when everything is present.
set -u
declare -A pkg=(
  [cc]=gcc [c++]=g++ [make]=make [verilator]=verilator [iverilog]=iverilog [vvp]=iverilog
  [yosys]=yosys [yosys-smtbmc]=yosys [z3]=z3 [boolector]=boolector [python3]=python3
  [clang]=clang [clang-fuzzer]="clang libclang-rt-14-dev"
  [parallel]=parallel [vcd2fst]=gtkwave [fst2vcd]=gtkwave [lcov]=lcov [genhtml]=lcov
  [chromium]=chromium [slurmctld]=slurm-wlm [slurmd]=slurm-wlm [sbatch]=slurm-wlm [squeue]=slurm-wlm
  [munged]=munge [munge]=munge
)
# have TOOL: a command on PATH, or for clang-fuzzer a clang that links a
# libFuzzer harness with ASan + UBSan (the runtime is a separate package).
have() {
  case "$1" in
    clang-fuzzer)
      local t; t=$(mktemp -d)
      echo 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }' > "$t/f.c"
      clang -fsanitize=fuzzer,address,undefined "$t/f.c" -o "$t/f" >/dev/null 2>&1; local r=$?
      rm -rf "$t"; return $r ;;
    *) command -v "$1" >/dev/null 2>&1 ;;
  esac
}
missing=()
for t in "$@"; do
  have "$t" || missing+=("$t")
done
# yosys-smtbmc runs on the system python3, whatever python3 is first on PATH.
for t in "$@"; do
  if [ "$t" = yosys-smtbmc ] && [ ! -x /usr/bin/python3 ]; then missing+=(python3); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
pkgs=()
# shellcheck disable=SC2206
for t in "${missing[@]}"; do pkgs+=(${pkg[$t]:-$t}); done
# shellcheck disable=SC2207
pkgs=($(printf '%s\n' "${pkgs[@]}" | sort -u))
why=""
if [ "${KIT_NO_INSTALL:-0}" = 1 ]; then why="KIT_NO_INSTALL=1"
elif ! command -v apt-get >/dev/null 2>&1; then why="no apt-get on this machine"
elif [ "$(id -u)" != 0 ] && ! command -v sudo >/dev/null 2>&1; then why="not root and no sudo"
fi
if [ -n "$why" ]; then
  echo "deps: error: missing tool(s) ${missing[*]}: install Debian package(s) ${pkgs[*]} (cannot install here: $why)" >&2
  exit 1
fi
sudo=""; [ "$(id -u)" = 0 ] || sudo="sudo -n"
echo "deps: installing ${pkgs[*]} for ${missing[*]} ..." >&2
if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${pkgs[@]}"; } >/tmp/cvkit-apt.log 2>&1; then
  echo "deps: error: apt-get install ${pkgs[*]} failed (log: /tmp/cvkit-apt.log)" >&2
  exit 1
fi
for t in "${missing[@]}"; do
  have "$t" || [ "$t" = python3 ] || { echo "deps: error: $t still missing after installing ${pkgs[*]}" >&2; exit 1; }
done
exit 0
