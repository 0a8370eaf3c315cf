# cocotb_env.sh - sourced by the scripts that run cocotb (cocotb_scoreboard.sh,
# cocotb_run.sh, tb/test/82_cocotb.sh, 92_cocotb_make.sh): the project venv
# on PATH and as VIRTUAL_ENV (cocotb's simulator-side Python finds its
# packages through it), and cocotb-config as `python -m cocotb.config` of
# that venv, first on PATH. The venv's own console scripts carry the
# absolute interpreter path of the place pip ran in (a venv copied, moved
# or reached through a symlink has scripts that point elsewhere), while
# the module form always runs with the venv's interpreter.
# Needs $root (tools/common.sh).
mkdir -p "$root/build/cocotb/bin"
printf '#!/bin/sh\nexec "%s/build/venv/bin/python" -m cocotb.config "$@"\n' "$root" > "$root/build/cocotb/bin/cocotb-config.tmp$$" &&
  chmod +x "$root/build/cocotb/bin/cocotb-config.tmp$$" &&
  mv -f "$root/build/cocotb/bin/cocotb-config.tmp$$" "$root/build/cocotb/bin/cocotb-config"
export PATH="$root/build/cocotb/bin:$root/build/venv/bin:$PATH"
export VIRTUAL_ENV="$root/build/venv"
