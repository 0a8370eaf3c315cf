#!/usr/bin/env bash
# readings.sh BLOCK "PARAMS_A" "PARAMS_B" SEED CYCLES - the same random
# traffic through the golden model under two configurations (two readings
# of the paper), side by side: per output port, the cycles on which the two
# differ, and under each setting how many cycles a 1-bit output is 1 or the
# mean value of a wider one (over all cycles). The traffic is A's seeded
# random stimulus, and B sees exactly those inputs (checked: the input
# columns of the two vector files must be identical). `make readings` runs it;
# doc/<block>.md quotes its figures ("Paper readings").
set -euo pipefail
. "$(dirname "$0")/common.sh"
[ $# -eq 5 ] || { echo "usage: readings.sh BLOCK \"PARAMS_A\" \"PARAMS_B\" SEED CYCLES" >&2; exit 1; }
b=$1; pa=$2; pb=$3; seed=$4; n=$5
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
# A: the seeded random traffic at A's configuration. B: the same seed at
# B's configuration when its generator makes the same inputs (most read
# only the geometry); otherwise (victim_bits reads its period unit) B
# replays A's inputs exactly: the vector file's input columns become a
# directed stimulus file (which, like any directed file, must hold legal
# port values).
# shellcheck disable=SC2086
build/kit vectors "$b" --seed "$seed" --cycles "$n" -o "$d/a.vec" $pa >/dev/null
names=$(sed -n 's|^// in \([a-z_0-9]*\) [0-9]*$|\1|p' "$d/a.vec" | tr '\n' ' ')
nin=$(echo "$names" | wc -w)
same_in() { cmp -s <(grep -v '^//' "$d/a.vec" | cut -d' ' -f1-"$nin") <(grep -v '^//' "$d/b.vec" | cut -d' ' -f1-"$nin"); }
# shellcheck disable=SC2086
build/kit vectors "$b" --seed "$seed" --cycles "$n" -o "$d/b.vec" $pb >/dev/null
# The same traffic needs the same input ports: a B that changes an input's
# width (a geometry parameter) is refused here, by name, rather than
# failing on a value of A's traffic the user never wrote.
ina=$(grep '^// in ' "$d/a.vec"); inb=$(grep '^// in ' "$d/b.vec")
if [ "$ina" != "$inb" ]; then
  widths=$(paste -d' ' <(echo "$ina") <(echo "$inb") | awk '$4 != $8 { printf "%s%s %s -> %s bits", s, $3, $4, $8; s = ", " }')
  echo "readings: error: B='$pb' changes the width of input ports of A='${pa:-defaults}' ($widths): the two readings run the same traffic, so A and B may differ only in parameters that keep every input port's width" >&2
  exit 1
fi
if ! same_in; then
  { [ -n "$pb" ] && echo "params $pb"
    grep -v '^//' "$d/a.vec" | awk -v names="$names" -v nin="$nin" '
      BEGIN { split(names, nm, " ") }
      { l = ""; for (i = 1; i <= nin; i++) l = l (i > 1 ? " " : "") nm[i] "=0x" $i; print l }'
  } > "$d/b.stim"
  # a replay B refuses is kept where its message can point (line N+1 is cycle N)
  # shellcheck disable=SC2086
  if ! build/kit vectors "$b" --stim "$d/b.stim" -o "$d/b.vec" $pb >/dev/null 2>"$d/b.err"; then
    keep=build/readings/${b}_seed${seed}_B.stim
    mkdir -p build/readings && cp "$d/b.stim" "$keep"
    echo "readings: error: B='$pb' refuses A's traffic (seed $seed, kept as $keep; line N+1 is cycle N): $(sed "s|$d/b.stim|$keep|; s|^kit: error: ||" "$d/b.err")" >&2
    exit 1
  fi
  same_in || { echo "readings: error: B did not replay A's inputs" >&2; exit 1; }
fi
echo "readings $b: seed $seed, $n cycles, A = '${pa:-defaults}', B = '${pb:-defaults}'"
paste -d' ' <(grep -v '^//' "$d/a.vec") <(grep -v '^//' "$d/b.vec" | cut -d' ' -f$((nin + 1))-) |
  awk -v nin="$nin" -v names="$(sed -n 's|^// out \([a-z_0-9]*\) \([0-9]*\)$|\1:\2|p' "$d/a.vec" | tr '\n' ' ')" '
    function hex(x,   i, v) { v = 0; for (i = 1; i <= length(x); i++) v = v * 16 + index("0123456789abcdef", substr(x, i, 1)) - 1; return v }
    BEGIN { nout = split(names, nm, " "); for (i = 1; i <= nout; i++) { split(nm[i], f, ":"); name[i] = f[1]; w[i] = f[2] } }
    { for (i = 1; i <= nout; i++) {
        a = $(nin + i); bb = $(nin + nout + i)
        if (a != bb) diff[i]++
        sa[i] += hex(a); sb[i] += hex(bb)
      } }
    END { printf "  %-16s %10s %14s %14s\n", "output", "differs", "A: ones|mean", "B: ones|mean"
          for (i = 1; i <= nout; i++)
            if (w[i] == 1) printf "  %-16s %10d %14d %14d\n", name[i], diff[i], sa[i], sb[i]
            else printf "  %-16s %10d %14.3f %14.3f\n", name[i], diff[i], sa[i] / NR, sb[i] / NR }'
