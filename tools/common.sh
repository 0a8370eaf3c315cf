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
# cover_union: the functional cover events several runs reach together,
# from their "  functional coverage: name=count ..." lines (lockstep, kit
# checkvec) on stdin: prints "SEEN TOTAL" and then the names no run saw.
cover_union() {
  sed -n 's/^  functional coverage: \([a-z_0-9]*=.*\)/\1/p' | tr ' ' '\n' |
    awk -F= 'NF == 2 { if (!($1 in c)) { o[++n] = $1; c[$1] = 0 } if ($2 != 0) c[$1] = 1 }
             END { s = 0; m = ""; for (i = 1; i <= n; i++) if (c[o[i]]) s++; else m = m " " o[i]; print s + 0, n + 0 m }'
}
