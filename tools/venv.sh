#!/usr/bin/env bash
# venv.sh GROUP... - make sure the project-local Python environment
# build/venv (KIT_VENV to place it elsewhere) exists and holds the pinned packages of each group
# (tools/requirements/GROUP.txt), installing what is missing with pip from
# PyPI. Never touches the system Python. Quiet when everything is present;
# when it cannot (no python3, no venv module and no apt-get, no network,
# KIT_NO_INSTALL=1) it prints one line saying what is missing and exits 1.
# Prints nothing on success; the interpreter is build/venv/bin/python.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
venv=${KIT_VENV:-build/venv}
py=$venv/bin/python
for g in "$@"; do
  [ -f "tools/requirements/$g.txt" ] || { echo "venv: error: no tools/requirements/$g.txt" >&2; exit 1; }
done
stamp() { echo "$venv/.ok-$1-$(sha1sum "tools/requirements/$1.txt" | cut -c1-12)"; }
todo=()
for g in "$@"; do [ -f "$(stamp "$g")" ] || todo+=("$g"); done
[ ${#todo[@]} -eq 0 ] && exit 0
if [ "${KIT_NO_INSTALL:-0}" = 1 ]; then
  echo "venv: error: Python packages for ${todo[*]} missing (tools/requirements/*.txt) and KIT_NO_INSTALL=1" >&2; exit 1
fi
tools/deps.sh python3 || exit 1
if [ ! -x "$py" ]; then
  if ! python3 -m venv "$venv" >/tmp/cvkit-venv.log 2>&1; then
    # Debian's python3 needs python3-venv for the venv module
    rm -rf "$venv"
    if ! { command -v apt-get >/dev/null && [ "$(id -u)" = 0 ] && apt-get install -y -qq python3-venv >>/tmp/cvkit-venv.log 2>&1 &&
           python3 -m venv "$venv" >>/tmp/cvkit-venv.log 2>&1; }; then
      echo "venv: error: cannot create $venv with python3 -m venv (log: /tmp/cvkit-venv.log)" >&2; exit 1
    fi
  fi
fi
for g in "${todo[@]}"; do
  echo "venv: installing $(grep -v '^#' "tools/requirements/$g.txt" | tr '\n' ' ')into $venv ..." >&2
  if ! "$py" -m pip install -q --disable-pip-version-check -r "tools/requirements/$g.txt" >/tmp/cvkit-pip.log 2>&1; then
    echo "venv: error: pip install -r tools/requirements/$g.txt failed (log: /tmp/cvkit-pip.log)" >&2; exit 1
  fi
  rm -f "$venv"/.ok-"$g"-*
  touch "$(stamp "$g")"
done
exit 0
