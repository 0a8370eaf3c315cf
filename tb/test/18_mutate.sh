# make mutate (tools/mutate.py): how strong is each block's default test?
# Rationale: a fixed, seeded sample of source mutants of every block's RTL
# must leave no hole in the block's default test (check list and directed
# files): every mutant of the sample killed. The sample is the first three
# mutants of seed 1 that the block's full campaign (`make mutate`,
# MUTANTS=40, README "Mutation scores") killed: hac's third, coalescer's
# second (a reset value nothing reads) and cbwt_l1's first two survive the
# check, wp_gpu's first (tbbyp's debug-read kernel, tied off: the composite
# brings no tbbyp debug output out, doc/wp_gpu.md G9) is equivalent, and a
# survivor costs the whole check list
# plus make equiv (minutes), so they are judged by the campaign; hac's
# third (the initial value of a vector the loop after it overwrites bit by
# bit) goes straight to make equiv here (--classify-only) and must come
# back proved equivalent, the survivor path. The mutant list is
# reproducible (same seed, same mutants). The checker can fail: with the
# check cut to 2 cycles and no directed files, a mutant the full check
# kills survives (lm's first of seed 1, the PC store's condition inverted;
# lm's small models build in seconds), make equiv shows it is not
# equivalent to the reference, and the score drops below 100% with the
# survivor listed.
# Verdicts are read from build/.../result.json (cvkit.mutate/1).
. "$(dirname "$0")/lib.sh"
MUTANTS=3
EQA=(--equiv-timeout 240 --equiv-args "--pdr-timeout 30 --induction-depth 0 --bmc-depth 12 --bmc-timeout 30")
# the mutants of seed 1 each block's campaign killed: the first three
slice() { case $1 in hac) echo "--mutants 4 --only 1,2,4" ;; coalescer) echo "--mutants 4 --only 1,3,4" ;; cbwt_l1) echo "--mutants 5 --only 3,4,5" ;; wp_gpu) echo "--mutants 5 --only 2,3,5" ;; *) echo "--mutants 3" ;; esac; }

for b in $(all_blocks); do
  # shellcheck disable=SC2046
  out=$(python3 tools/mutate.py "$b" $(slice "$b") --seed 1 --out "build/test/mutate/$b" "${EQA[@]}" 2>&1)
  r=build/test/mutate/$b/result.json
  if [ "$(jget "$r" 'd["killed"]')" = "$MUTANTS" ] && [ "$(jget "$r" 'len(d["mutants"])')" = "$MUTANTS" ]; then
    ok "mutate $b: $MUTANTS of $MUTANTS seeded mutants killed ($(jget "$r" '", ".join("%s line %d %s" % (m["name"], m["line"], m["change"]) for m in d["mutants"])'))"
  else
    bad "mutate $b: sample not all killed: $(echo "$out" | tail -6) (reproduce: make mutate BLOCK=$b MUTANTS=$MUTANTS SEED=1)"
  fi
done
# the survivor path: hac's third mutant of seed 1, proved equivalent
python3 tools/mutate.py hac --mutants 3 --only 3 --classify-only --seed 1 --out build/test/mutate/hac_eq "${EQA[@]}" >/dev/null 2>&1
r=build/test/mutate/hac_eq/result.json
[ "$(jget "$r" '[(m["name"], m["verdict"]) for m in d["mutants"]] == [("hac_m3", "equivalent")] and d["score"] == 100')" = True ] \
  && ok "mutate hac: the survivor hac_m3 ($(jget "$r" 'd["mutants"][0]["change"]') at line $(jget "$r" 'd["mutants"][0]["line"]')) is $(jget "$r" 'd["mutants"][0]["detail"]'): equivalent, out of the score" \
  || bad "mutate hac: hac_m3 not classed equivalent: $(jget "$r" 'd["mutants"]') (reproduce: python3 tools/mutate.py hac --mutants 3 --only 3 --classify-only)"
expect_err "mutate --only past the list" "the list has 3 mutants" python3 tools/mutate.py hac --mutants 3 --only 4 --list --out build/test/mutate/hac_eq

# --resume keeps verdicts while their inputs are the same, and judges again when one changed
python3 tools/mutate.py lm --mutants "$MUTANTS" --seed 1 --out build/test/mutate/lm "${EQA[@]}" --resume >/dev/null 2>&1
k1=$(jget build/test/mutate/lm/result.json 'sum(m["kept"] for m in d["mutants"])')
python3 tools/mutate.py lm --mutants "$MUTANTS" --seed 1 --out build/test/mutate/lm "${EQA[@]}" --check-seed 2 --resume >/dev/null 2>&1
k2=$(jget build/test/mutate/lm/result.json 'sum(m["kept"] for m in d["mutants"])')
[ "$k1" = "$MUTANTS" ] && [ "$k2" = 0 ] \
  && ok "mutate --resume: all $MUTANTS verdicts kept on a rerun, none kept when the check seed changed" \
  || bad "mutate --resume: kept $k1 of $MUTANTS on the same rerun (want all), $k2 with another check seed (want 0)"

# a check with no verdict in time is unknown, never killed, and never kept:
# a rerun with --resume judges it again (a slow machine is not a kill).
# The mutant is hac_m3, which no check kills (proved equivalent above),
# with 50,000,000 cycles a configuration: no check ends within 1 s, even
# with its model already built (lm's first mutant, once used here, was
# killed at cycle 11 of a directed file in 0.1 s when its model was cached)
to() { python3 tools/mutate.py hac --mutants 3 --only 3 --seed 1 --cycles 50000000 --no-directed \
         --out build/test/mutate/hac_to --check-timeout 1 --resume >/dev/null 2>&1; }
to; to
r=build/test/mutate/hac_to/result.json
[ "$(jget "$r" '[(m["verdict"], m["kept"]) for m in d["mutants"]] == [("unknown", False)] and d["killed"] == 0')" = True ] \
  && ok "mutate: a check with no verdict within --check-timeout is unknown, not killed, and judged again on --resume" \
  || bad "mutate --check-timeout 1: want one unknown mutant not kept, got $(jget "$r" 'd["mutants"]') (reproduce: python3 tools/mutate.py hac --mutants 3 --only 3 --seed 1 --cycles 50000000 --no-directed --check-timeout 1 --resume)"

a=$(python3 tools/mutate.py hac --list --mutants 6 --seed 5 --out build/test/mutate/hac)
b=$(python3 tools/mutate.py hac --list --mutants 6 --seed 5 --out build/test/mutate/hac)
c=$(python3 tools/mutate.py hac --list --mutants 6 --seed 6 --out build/test/mutate/hac)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && [ "$(echo "$a" | grep -c '^hac_m[0-9]* line [0-9]* (')" = 6 ] \
  && ok "mutate: the seed decides the mutants (6 listed, same seed same list, another seed another)" \
  || bad "mutate --list not reproducible: $a / $b"

# the checker can fail: a 2-cycle check without directed files lets mutants through
out=$(python3 tools/mutate.py lm --mutants 1 --seed 1 --cycles 2 --no-directed --out build/test/mutate/lm_weak "${EQA[@]}" 2>&1); rc=$?
r=build/test/mutate/lm_weak/result.json
if [ $rc -ne 0 ] && [ "$(jget "$r" 'd["score"] < 100 and d["survived"] > 0')" = True ] \
   && [ "$(jget "$r" 'all(m["verdict"] != "equivalent" for m in d["mutants"] if m["verdict"] != "killed")')" = True ] \
   && echo "$out" | grep -qE "^  SURVIVOR lm_m[0-9]+: line [0-9]+ "; then
  ok "mutate fails a weak check: score $(jget "$r" 'd["score"]')%, $(jget "$r" 'd["survived"]') survivor(s) listed, none called equivalent"
else
  bad "mutate with a 2-cycle check: expected survivors and a score below 100%: $(echo "$out" | tail -5)"
fi

# a timeout kills the whole tree: make equiv's engines run in sessions of
# their own, so killing its process group alone (the old way, shown first)
# left a grandchild running
tree=$(python3 - <<'PY'
import os, signal, subprocess, sys, time
sys.path.insert(0, "tools")
import mutate
def grandchild(kill):
    p = subprocess.Popen([sys.executable, "-c", "import subprocess, time; q = subprocess.Popen(['sleep', '60'], "
                          "start_new_session=True); print(q.pid, flush=True); time.sleep(60)"],
                         stdout=subprocess.PIPE, text=True, start_new_session=True)
    g = int(p.stdout.readline())
    kill(p.pid)
    p.wait()
    time.sleep(0.2)
    try:
        alive = open("/proc/%d/stat" % g).read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        alive = False
    if alive:
        os.kill(g, signal.SIGKILL)
    return "alive" if alive else "gone"
print(grandchild(lambda pid: os.killpg(pid, signal.SIGKILL)), grandchild(mutate.kill_tree))
PY
)
[ "$tree" = "alive gone" ] && ok "mutate: a timeout kills every process below make equiv (its group alone left a grandchild running)" \
  || bad "mutate kill_tree: group kill / tree kill left the grandchild: $tree (want 'alive gone')"

expect_err "mutate unknown block" "unknown block 'nope'" python3 tools/mutate.py nope --mutants 1

# The PDR engine's wrapper (tools/yosys-abc-compat) takes ABC down with it:
# SymbiYosys ending at its own timeout left the wrapper orphaned and ABC
# running on for good. A stand-in yosys-abc (a long sleep, tagged) shows
# the engine gone once its caller is gone, and once the wrapper is signalled.
fake=build/test/fake_abc; mkdir -p "$fake"
tag=abc_stand_in_$$
printf '#!/bin/bash\nexec -a %s sleep 120\n' "$tag" > "$fake/yosys-abc"; chmod +x "$fake/yosys-abc"
PATH="$PWD/$fake:$PATH" setsid bash -c 'tools/yosys-abc-compat -c "pdr" & sleep 1' 2>/dev/null; sleep 2.5
orphan=$(pgrep -f "^$tag" >/dev/null && echo running || echo gone)
PATH="$PWD/$fake:$PATH" tools/yosys-abc-compat -c "pdr" 2>/dev/null & w=$!; sleep 1; kill $w; wait $w 2>/dev/null; sleep 0.5
signalled=$(pgrep -f "^$tag" >/dev/null && echo running || echo gone)
pkill -f "^$tag" 2>/dev/null
[ "$orphan $signalled" = "gone gone" ] && ok "yosys-abc-compat: the engine dies when the wrapper is orphaned or signalled" \
  || bad "yosys-abc-compat left its engine running: orphaned: $orphan, signalled: $signalled (want gone gone)"
