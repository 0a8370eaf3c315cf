#!/usr/bin/env bash
# regress_job.sh BLOCK SEED CYCLES BINARY [FAULT] - one job of a sharded
# regression (a line of build/regress/jobs.txt; tools/regress.sh runs them
# with GNU parallel, build/regress/regress.sbatch under Slurm). Runs the
# lockstep exactly as `make check BLOCK= SEED= CYCLES= [FAULT=]` does, with
# the same reproduce line, and keeps its stdout, stderr and exit status in
# build/regress/out/BLOCK/SEED.{txt,err,rc}. One thread (KIT_THREADS=1)
# unless the caller says otherwise: the jobs fill the cores.
set -u
cd "$(dirname "$0")/.." || exit 1
[ $# -ge 4 ] || { echo "usage: regress_job.sh BLOCK SEED CYCLES BINARY [FAULT]" >&2; exit 2; }
b=$1; s=$2; c=$3; bin=$4; fault=${5:-}
o=build/regress/out/$b
mkdir -p "$o"
KIT_THREADS=${KIT_THREADS:-1} "$bin" --seed "$s" --cycles "$c" ${fault:+--fault "$fault"} \
  --repro "make check BLOCK=$b SEED=$s CYCLES=$c${fault:+ FAULT=$fault}" >"$o/$s.txt" 2>"$o/$s.err"
rc=$?
echo "$rc" > "$o/$s.rc"
exit "$rc"
