#!/usr/bin/env bash
# vectors.sh BLOCKS SEED CYCLES "PARAMS" - write vector files to
# build/vectors/ and one per directed stimulus file (with the configuration
# that file names). Random files: with PARAMS, one file of CYCLES cycles at
# that configuration; without, one file per configuration of the block's
# default check (`kit checks`: <b>_seed<S>.vec, then <b>_seed<S>_2.vec ...),
# each of its own length (CYCLES, when given, overrides it), so the files
# together reach every functional cover event. Each block's last line gives
# the events its files reach (kit checkvec); STRICT=1 makes a missed event
# a failure. Same seed, byte-identical files; each written whole or not at
# all.
set -euo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2; cycles=${3:-}; params=${4:-}
out=${VECDIR:-build/vectors}
mkdir -p "$out"
fail=0
for b in $blocks; do
  files=()
  if [ -n "$params" ]; then
    # shellcheck disable=SC2086
    build/kit vectors "$b" --seed "$seed" --cycles "${cycles:-20000}" -o "$out/${b}_seed$seed.vec" $params
    files+=("$out/${b}_seed$seed.vec")
  else
    k=0
    while IFS= read -r line; do
      k=$((k + 1))
      n=$(echo "$line" | cut -f2); p=$(echo "$line" | cut -f3)
      f=$out/${b}_seed$seed.vec; [ $k -gt 1 ] && f=$out/${b}_seed${seed}_$k.vec
      # shellcheck disable=SC2086
      build/kit vectors "$b" --seed "$seed" --cycles "${cycles:-$n}" -o "$f" $p
      files+=("$f")
    done <<< "$(build/kit checks "$b")"
  fi
  for f in $(directed_files "$b"); do
    v=$out/${b}_$(basename "$f" .stim).vec
    # shellcheck disable=SC2046
    build/kit vectors "$b" --stim "$f" -o "$v" $(stim_params "$f")
    files+=("$v")
  done
  # the cover events the block's files reach together
  read -r n_seen n_all missing <<< "$(for f in "${files[@]}"; do build/kit checkvec "$f"; done | cover_union)"
  msg="vectors $b: ${#files[@]} files, coverage $n_seen/$n_all events${missing:+ (missing: $missing)}"
  if [ -n "$missing" ] && [ "${STRICT:-0}" = 1 ]; then echo "FAIL $msg under STRICT=1"; fail=1
  else echo "PASS $msg"; fi
done
exit $fail
