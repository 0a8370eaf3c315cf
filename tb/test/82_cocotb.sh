# The cocotb scoreboard example (tb/cocotb/test_scoreboard.py via
# tools/cocotb_scoreboard.sh): cocotb 1.8.1 drives LM's RTL on Icarus and
# on Verilator with the kit's golden model (cvkit) as scoreboard, on the
# block's seeded stimulus. On each simulator: the scoreboard run passes and
# the in-bench fault-injection test catches a flipped model output at
# exactly its cycle. Then the checker fails for real: a fault injected into
# the scoreboard run makes it fail with a kit-style mismatch report, a
# non-zero exit, a failure in cocotb's JUnit results, and a reproduce line
# that reproduces it. Short runs (3,000 cycles on Icarus, 20,000 on
# Verilator): the scoreboard's equivalence over long runs is the lockstep's.
# LM because make bench's comparison (run by 14_build) has already built
# its Verilator cocotb model at the default configuration.
. "$(dirname "$0")/lib.sh"
tools/cocotb_scoreboard.sh icarus lm 1 3000
tools/cocotb_scoreboard.sh verilator lm 1 20000
out=$(tools/cocotb_scoreboard.sh icarus lm 2 3000 'WinLen=16' 777:acc_hpc_o 2>&1); rc=$?
W=build/cocotb/icarus-lm-$(build/kit cfgid lm WinLen=16)
repro=$(echo "$out" | sed -n 's/^  reproduce: //p')
if [ $rc -ne 0 ] && echo "$out" | grep -q '^MISMATCH lm at cycle 777 (seed 2, cocotb on icarus)' &&
   [ "$(echo "$out" | grep -c 'differs')" = 1 ] && echo "$out" | grep -q '^  acc_hpc_o .*<-- differs' && [ -n "$repro" ]; then
  ok "an injected fault fails the cocotb scoreboard run at cycle 777 on acc_hpc_o, exit $rc, with a reproduce line"
else bad "injected fault: rc=$rc: $(echo "$out" | head -8)"; fi
tools/venv.sh python && build/venv/bin/python tb/test/py/check_junit.py "$W/results.xml" --name "cocotb results.xml carries the scoreboard failure" \
  --expect-tests 3 --expect-failures 1
out2=$(bash -c "$repro" 2>&1)
[ "$(echo "$out" | grep '^MISMATCH')" = "$(echo "$out2" | grep '^MISMATCH')" ] && ok "the reproduce line reproduces the mismatch" ||
  bad "reproduce line '$repro': $(echo "$out2" | head -3)"
expect_err "unknown simulator refused" "simulator 'xsim': expected icarus or verilator" tools/cocotb_scoreboard.sh xsim hac 1 10
expect_err "bad parameter refused with the kit's message" "parameter Ways=12 must be a power of two" tools/cocotb_scoreboard.sh icarus hac 1 10 'Ways=12'
