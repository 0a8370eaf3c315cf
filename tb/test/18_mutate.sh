# make mutate (tools/mutate.py): how strong is each block's default check?
# Rationale: a fixed, seeded sample of source mutants of every block's RTL
# must all be killed by the block's default check plus its directed files
# (score 100%; `make mutate` runs the full campaign, MUTANTS=40). The
# mutant list is reproducible (same seed, same mutants). The checker can
# fail: with the check cut to 2 cycles and no directed files, the same
# mutants survive, make equiv shows they are not equivalent to the
# reference, and the score drops below 100% with each survivor listed.
. "$(dirname "$0")/lib.sh"
MUTANTS=${MUTATE_SAMPLE:-3}

for b in $(all_blocks); do
  out=$(python3 tools/mutate.py "$b" --mutants "$MUTANTS" --seed 1 --out "build/test/mutate/$b" 2>&1); rc=$?
  if [ $rc -eq 0 ] && echo "$out" | grep -q "^PASS mutate $b: score 100.0%"; then
    ok "mutate $b: $(echo "$out" | grep -o 'killed [0-9]*, equivalent [0-9]*, invalid [0-9]*') of $MUTANTS seeded mutants ($(echo "$out" | grep -o '[0-9]* s$'))"
  else
    bad "mutate $b: sample not all killed: $(echo "$out" | tail -6) (reproduce: make mutate BLOCK=$b MUTANTS=$MUTANTS SEED=1)"
  fi
done

a=$(python3 tools/mutate.py hac --list --mutants 6 --seed 5 --out build/test/mutate/hac)
b=$(python3 tools/mutate.py hac --list --mutants 6 --seed 5 --out build/test/mutate/hac)
c=$(python3 tools/mutate.py hac --list --mutants 6 --seed 6 --out build/test/mutate/hac)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && [ "$(echo "$a" | grep -c '^hac_m[0-9]* line [0-9]* (')" = 6 ] \
  && ok "mutate: the seed decides the mutants (6 listed, same seed same list, another seed another)" \
  || bad "mutate --list not reproducible: $a / $b"

# the checker can fail: a 2-cycle check without directed files lets mutants through
out=$(python3 tools/mutate.py hac --mutants 3 --seed 1 --cycles 2 --no-directed --out build/test/mutate/hac_weak 2>&1); rc=$?
if [ $rc -ne 0 ] && echo "$out" | grep -qE "^FAIL mutate hac: score [0-9.]+%" \
   && ! echo "$out" | grep -q "score 100.0%" && echo "$out" | grep -qE "^  SURVIVOR hac_m[0-9]+: line [0-9]+ "; then
  ok "mutate fails a weak check: $(echo "$out" | grep -oE 'score [0-9.]+% \([^)]*\)'), survivors listed"
else
  bad "mutate with a 2-cycle check: expected survivors and a score below 100%: $(echo "$out" | tail -5)"
fi

expect_err "mutate unknown block" "unknown block 'nope'" python3 tools/mutate.py nope --mutants 1
