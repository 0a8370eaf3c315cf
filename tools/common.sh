# common.sh - sourced by the flow scripts: repo root, and the directed
# stimulus files of a block with the configuration each one asks for.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root" || exit 1
# stim_params FILE: the words of the "params ..." line of a directed file
# (may be empty), read as the file reader does: a '#' starts a comment.
stim_params() {
  sed -n 's/^[[:space:]]*params[[:space:]]\{1,\}//p' "$1" | head -1 | sed 's/#.*//; s/[[:space:]]\{1,\}/ /g; s/^ //; s/ $//'
}
# directed_files BLOCK: its directed stimulus files, sorted.
directed_files() { ls tb/"$1"/directed/*.stim 2>/dev/null | sort; }
