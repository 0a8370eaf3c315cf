# One source of truth: our RTL's ports, as Verilator elaborates them, match
# cmodel/hac/hac.def (checked on every build; here at two configurations). Then
# bring-your-own RTL: a designer's module with other names works through
# RTL=/TOP=; one with wrong ports is stopped before simulation with every
# missing, extra and wrongly sized port listed; one with a behavioural bug is
# caught by lockstep.
. "$(dirname "$0")/lib.sh"
mkdir -p build/byo
# (the second: wide tags and ways, 05_lockstep's model, so no extra build)
for c in "" "Sets=2 Ways=64 TagW=48"; do
  out=$(tools/build_lockstep.sh hac "$c" 2>&1) && echo "$out" | grep -q '^== portcheck hac: 18 ports match' \
    && ok "portcheck our RTL ${c:-default}" || bad "portcheck our RTL ${c:-default}: $out"
done
# A correct BYO RTL: our module under another name.
sed 's/^module hac\b/module my_hac/' rtl/hac/hac.v > build/byo/my_hac.v
out=$(make --no-print-directory check RTL=build/byo/my_hac.v TOP=my_hac CYCLES=50000 2>&1) \
  && ok "byo rtl my_hac lock-steps: $(echo "$out" | grep -o '[0-9]* cycles matched')" \
  || bad "byo rtl my_hac: $out"
# Wrong ports: rename one, widen one, add one.
sed -e 's/^module hac\b/module bad_hac/' -e 's/\breq_ea_i\b/req_eaa_i/g' \
    -e 's/\[WayW-1:0\]\( *\)rsp_pos_o,/[WayW:0]\1rsp_pos_o,/' \
    -e 's/^ *input  *wire  *clk_i,/  input wire clk_i, input wire spare_i,/' rtl/hac/hac.v > build/byo/bad_hac.v
out=$(make --no-print-directory check RTL=build/byo/bad_hac.v TOP=bad_hac 2>&1); rc=$?
if [ $rc -ne 0 ] && echo "$out" | grep -q 'missing: req_ea_i' && echo "$out" | grep -q 'extra: req_eaa_i' \
   && echo "$out" | grep -q 'extra: spare_i' && echo "$out" | grep -q 'wrong size: rsp_pos_o' \
   && ! echo "$out" | grep -q 'cycles matched'; then
  ok "byo rtl with wrong ports stopped before simulation, each port listed"
else bad "byo rtl with wrong ports: rc=$rc: $out"; fi
# A behavioural bug: the DRAM promotion (Algorithm 2 line 6) forgets mc/4.
sed -e 's/^module hac\b/module bug_hac/' -e 's/else         p_raw = c8 + CAh + (mc8 >> 2);/else         p_raw = c8 + CAh;/' \
  rtl/hac/hac.v > build/byo/bug_hac.v
if cmp -s <(sed 's/^module hac\b/module bug_hac/' rtl/hac/hac.v) build/byo/bug_hac.v; then
  bad "byo bug: the sed that plants the bug no longer matches rtl/hac/hac.v"
else
  out=$(make --no-print-directory check RTL=build/byo/bug_hac.v TOP=bug_hac CYCLES=200000 2>&1); rc=$?
  if [ $rc -ne 0 ] && echo "$out" | grep -q '^MISMATCH hac at cycle' && echo "$out" | grep -q 'rsp_pos_o.*differs' \
     && echo "$out" | grep -q 'reproduce: make check BLOCK=hac SEED=1 CYCLES=200000 RTL=.build/byo/bug_hac.v. TOP=bug_hac'; then
    ok "byo rtl with a promotion bug caught: $(echo "$out" | grep -o 'MISMATCH hac at cycle [0-9]*')"
  else bad "byo rtl with a promotion bug not caught: rc=$rc: $(echo "$out" | head -5)"; fi
fi
