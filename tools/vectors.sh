#!/usr/bin/env bash
# vectors.sh BLOCKS SEED CYCLES "PARAMS" - write vector files to
# build/vectors/: one seeded random file per block (with PARAMS) and one per
# directed stimulus file (with the configuration that file names).
# Same seed, byte-identical files. Each is written whole or not at all.
set -euo pipefail
. "$(dirname "$0")/common.sh"
blocks=$1; seed=$2; cycles=$3; params=${4:-}
out=${VECDIR:-build/vectors}
mkdir -p "$out"
for b in $blocks; do
  # shellcheck disable=SC2086
  build/kit vectors "$b" --seed "$seed" --cycles "$cycles" -o "$out/${b}_seed$seed.vec" $params
  for f in $(directed_files "$b"); do
    # shellcheck disable=SC2046
    build/kit vectors "$b" --stim "$f" -o "$out/${b}_$(basename "$f" .stim).vec" $(stim_params "$f")
  done
done
