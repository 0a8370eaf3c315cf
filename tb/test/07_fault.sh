# The checker can fail: FAULT corrupts one model output at a chosen cycle
# and the lockstep must stop at exactly that cycle, name the port, print the
# input history, write a VCD window around the cycle, print a reproduce
# command, and exit non-zero. The printed command is then run and must
# reproduce the same mismatch. A fault on a directed file's expect is
# caught too (an expect that does not hold fails the run).
. "$(dirname "$0")/lib.sh"
for spec in 777:rsp_pos_o 123456:evict_tag_o 5:rsp_valid_o; do
  cyc=${spec%%:*}; port=${spec#*:}
  out=$(make --no-print-directory check SEED=9 CYCLES=200000 FAULT=$spec 2>&1); rc=$?
  vcd=$(echo "$out" | sed -n 's/^  waveform: \([^ ]*\).*/\1/p')
  repro=$(echo "$out" | sed -n 's/^  reproduce: //p')
  if [ $rc -ne 0 ] && echo "$out" | grep -q "^MISMATCH hac at cycle $cyc " \
     && echo "$out" | grep -q "^  $port .*<-- differs" && [ "$(echo "$out" | grep -c 'differs')" = 1 ] \
     && echo "$out" | grep -q "inputs, cycles" && [ -s "$vcd" ] && grep -q "$port" "$vcd" && [ -n "$repro" ]; then
    ok "fault at cycle $cyc on $port caught at exactly that cycle, VCD $vcd written"
  else bad "fault $spec: rc=$rc: $(echo "$out" | head -20)"; continue; fi
  out2=$(bash -c "$repro" 2>&1)
  if [ "$(echo "$out" | grep '^MISMATCH')" = "$(echo "$out2" | grep '^MISMATCH')" ]; then
    ok "reproduce line for $spec reproduces the mismatch"
  else bad "reproduce line for $spec: $(echo "$out2" | head -5)"; fi
done
# A wrong hand-written expectation is reported with its file and line.
mkdir -p build/test
sed 's/^expect rsp_valid_o=1 rsp_hit_o=1 rsp_way_o=0 rsp_pos_o=15/expect rsp_valid_o=1 rsp_hit_o=1 rsp_way_o=0 rsp_pos_o=14/' \
  tb/hac/directed/timing.stim > build/test/timing_wrong.stim
expect_err "wrong expect in a directed file is caught" 'timing_wrong.stim:9: expect rsp_pos_o=0xe but the model gives 0xf' \
  make --no-print-directory check STIM=build/test/timing_wrong.stim
