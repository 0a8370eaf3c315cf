# Lockstep, RTL against the golden model, seeded constrained-random traffic
# (tb/hac_stim.c explains the phases). The paper configuration (384 sets,
# 16 ways) runs 1,000,000 cycles in the dynamic policy; the static policy and
# corner configurations (A = 8, 32, 64; one set; Sets not a power of two;
# 1-bit and 48-bit tags) run 200,000 each with other seeds. Every output bit
# must toggle (coverage line), so a stuck output cannot pass unnoticed.
. "$(dirname "$0")/lib.sh"
run() {  # run PARAMS SEED CYCLES
  local bin out
  bin=$(lockstep_bin "$1") || { bad "lockstep build ${1:-default}"; return; }
  out=$($bin --seed "$2" --cycles "$3" --repro "make check SEED=$2 CYCLES=$3 PARAMS='$1'"); rc=$?
  if [ $rc -eq 0 ] && echo "$out" | grep -q 'coverage: \([0-9]*\)/\1 bits'; then
    ok "lockstep hac ${1:-Sets=384 Ways=16 TagW=20 Policy=0} seed $2: $(echo "$out" | grep -o '[0-9]* cycles matched'), all output bits toggled"
  else bad "lockstep hac ${1:-default} seed $2: $(echo "$out" | head -20)"; fi
}
run "" 1 1000000
run "Policy=1" 2 200000
run "Sets=6 Ways=8 TagW=6" 3 200000
run "Sets=6 Ways=8 TagW=6 Policy=1" 4 200000
run "Sets=3 Ways=32 TagW=5" 5 200000
run "Sets=2 Ways=64 TagW=48" 6 200000
run "Sets=1 Ways=16 TagW=1" 7 200000
