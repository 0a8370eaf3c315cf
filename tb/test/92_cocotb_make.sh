# The generic cocotb folder a user copies (tb/cocotb/Makefile, cocotb's own
# convention: `make SIM=... BLOCK=...`): hac's RTL under cocotb 1.8.1 with
# the kit's golden model (cvkit) as scoreboard, on Icarus and on Verilator,
# with a directed file (STIM=tb/hac/directed/timing.stim, whose params line
# the Makefile takes as the configuration: here the default one) after
# 2,000 cycles of seeded stimulus: the three tests (scoreboard, the
# in-bench fault injection, directed) pass and `make` exits 0. Then the
# Makefile's verdict fails for real: a model output flipped inside the
# scoreboard run (KIT_INJECT) makes `make` exit non-zero with the failure
# in cocotb's JUnit results. One block (hac: the cheapest Verilator build
# of a block with directed files at the default configuration); 82_cocotb
# runs lm through the same folder via tools/cocotb_scoreboard.sh, and
# doc/python.md lists which blocks pass on each simulator.
. "$(dirname "$0")/lib.sh"
. tools/cocotb_env.sh
stim=$root/tb/hac/directed/timing.stim
for sim in icarus verilator; do
  out=$(make --no-print-directory -C tb/cocotb SIM=$sim BLOCK=hac STIM="$stim" CYCLES=2000 2>&1); rc=$?
  res=build/cocotb/$sim-hac-$(build/kit cfgid hac)/results.xml
  if [ $rc -eq 0 ] && python3 tb/cocotb/results.py --quiet "$res" scoreboard scoreboard_catches_fault directed; then
    ok "cocotb make SIM=$sim BLOCK=hac STIM=timing.stim: scoreboard (2000 cycles), fault injection and the directed file pass"
  else bad "cocotb make SIM=$sim BLOCK=hac: rc=$rc: $(echo "$out" | grep -E 'FAIL|rror' | head -5)"; fi
done
out=$(KIT_INJECT=700:rsp_hit_o make --no-print-directory -C tb/cocotb SIM=icarus BLOCK=hac STIM="$stim" CYCLES=2000 2>&1); rc=$?
res=build/cocotb/icarus-hac-$(build/kit cfgid hac)/results.xml
if [ $rc -ne 0 ] && ! python3 tb/cocotb/results.py --quiet "$res" scoreboard &&
   python3 tb/cocotb/results.py --quiet "$res" directed &&
   echo "$out" | grep -q 'MISMATCH hac at cycle 700 (seed 1, cocotb on icarus)'; then
  ok "cocotb make: a flipped model output at cycle 700 fails the scoreboard test and make (exit $rc)"
else bad "cocotb make with an injected fault: rc=$rc: $(echo "$out" | grep -E 'FAIL|MISMATCH' | head -5)"; fi
expect_err "cocotb make: a bad parameter, the kit's message" "parameter Ways=12 must be a power of two" \
  make --no-print-directory -C tb/cocotb SIM=icarus BLOCK=hac PARAMS=Ways=12
expect_err "cocotb make: an unsupported simulator named" "SIM=xsim: this folder is tested with icarus and verilator" \
  make --no-print-directory -C tb/cocotb SIM=xsim BLOCK=hac
