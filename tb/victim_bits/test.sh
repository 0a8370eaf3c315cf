# CBWT L2 victim-bit sampler (doc/victim_bits.md), end to end.
# Rationale: the block's state is one G-bit word per sampler line plus three
# counters, and its behaviour per cycle depends on the event kind, whether
# the line is sampled and in range, the requester's (group) bit, counter
# saturation and the position in the period. The seeded stimulus
# (tb/victim_bits/victim_bits_stim.c) drives every one of those per period (mixed,
# controlled-at-threshold, flood, idle), so:
#  - the paper configuration (16 L1s, 512 sets, 16 ways, 1/64, 12-bit
#    counters, 16384-request periods, writes as requests, 1/4) runs 1,000,000 cycles and must show
#    every output bit at 0 and 1 and every functional event except
#    out_of_range_ignored, unreachable there (Sets, Ways and L1s are powers
#    of two, so no port value is out of range);
#  - corner configurations run 200,000 cycles: non-powers of two with shared
#    bits, an offset sampler rule and a 3/7 threshold (every event); the
#    directed files' configuration (all powers of two: no out-of-range
#    value, so 17 of 18 events); the degenerate one (one L1, one set,
#    one way, Period 1, 1-bit counters: no unsampled set exists, a 1-bit
#    access count cannot meet 1/4 exactly, and every cycle ends a period, so
#    three events are unreachable by construction);
#  - storage: V-D's 256 B of victim bits for the paper example, with the
#    formula; Yosys flop bits equal the model's total at three configs;
#  - bad input is refused with one-line errors (kit, make check, a directed
#    file, RTL elaboration in Verilator and Icarus);
#  - an injected fault is caught at exactly its cycle.
. "$(dirname "$0")/../test/lib.sh"
B=victim_bits
PAPER=""
ODD="L1s=13 Share=4 Sets=100 Ways=5 SampleShift=3 SampleOffset=7 Period=300 LlsW=6 AccW=8 ThrNum=3 ThrDen=7"
DIR="L1s=4 Share=2 Sets=8 Ways=2 SampleShift=2 SampleOffset=1 LlsW=3 AccW=4 Period=16"
ONE="L1s=1 Sets=1 Ways=1 SampleShift=0 Period=1 LlsW=1 AccW=1"

run() { lockstep_cov $B "$1" "$2" "$3" 0 "$4"; }  # run PARAMS SEED CYCLES MIN_EVENTS; every output bit must toggle
run "$PAPER" 1 1000000 17
run "$ODD" 2 200000 18
run "$DIR" 3 200000 17
run "$ONE" 4 200000 15
# doc/victim_bits.md "Paper readings": the other readings (writes ignored,
# periods in cycles) at the paper configuration, and the directed pairs
# whose expects differ between the readings
run "WriteReq=0 PeriodAcc=0" 5 200000 16
readings_pair $B tb/victim_bits/directed/write_request.stim tb/victim_bits/directed/write_ignored.stim
readings_pair $B tb/victim_bits/directed/period_requests.stim tb/victim_bits/directed/period_cycles.stim

# Storage: V-D's example, O_v = P x N x M = 16 x 8 x 16 bits = 256 B.
out=$(make --no-print-directory overhead BLOCK=$B PARAMS="L1s=16 Sets=512 Ways=16 SampleShift=6")
echo "$out"
if echo "$out" | grep -qE 'victim bits \(P x N x M\) +128 line +16 +2048' \
   && echo "$out" | grep -q 'O_v = P x N x M = 16 x 8 x 16 = 2048 bits = 256 B of victim bits' \
   && echo "$out" | grep -qE 'LLS saturating counter +1 block +12 +12' \
   && echo "$out" | grep -qE 'access saturating counter +1 block +12 +12' \
   && echo "$out" | grep -q 'model state total (added + baseline + interface): 2106 bits'; then
  ok "overhead paper example: victim bits 16 x 8 x 16 = 2048 bits = 256 B (V-D), counters 12 + 12"
else bad "overhead paper example: $(echo "$out" | tail -2)"; fi
# sharing by 4: ceil(16/4) x 8 x 16 = 512 bits = 64 B
out=$(build/kit overhead $B Share=4)
echo "$out" | grep -q 'ceil(P/Share) x N x M = 4 x 8 x 16 = 512 bits = 64 B' && ok "overhead with Share=4: 64 B of victim bits" \
  || bad "overhead Share=4: $(echo "$out" | tail -1)"

# Synthesis: no latches, Yosys flop bits == model state total.
for c in "$DIR" "$ONE" "$ODD"; do synth_check $B "$c"; done

# Bad input.
T=build/test/bad_vb; rm -rf "$T"; mkdir -p "$T"
expect_err "$B L1s=65" "L1s=65 out of range 1..64" build/kit overhead $B L1s=65
expect_err "$B SampleOffset >= 2^SampleShift" "SampleOffset=4 must be below 2\^SampleShift=4" build/kit overhead $B SampleShift=2 SampleOffset=4
expect_err "$B Share not a power of two" "Share=3 must be a power of two" build/kit gflags $B Share=3
expect_err "$B LlsW > AccW" "LlsW=13 must be <= AccW=12" make --no-print-directory check BLOCK=$B PARAMS=LlsW=13
expect_err "$B ThrNum > ThrDen" "ThrNum=5 must be <= ThrDen=4" make --no-print-directory check BLOCK=$B PARAMS=ThrNum=5
expect_err "$B too many victim bits" "victim bits G x N x M = 131072 exceed" build/kit overhead $B L1s=64 SampleShift=0 Sets=128
expect_err "$B Period=0" "Period=0 out of range" make --no-print-directory check BLOCK=$B PARAMS=Period=0
expect_err "$B RTL refuses Share=3 (Verilator)" "victim_bits_param_error_Share" verilator --lint-only -GShare=3 rtl/victim_bits/victim_bits.v
expect_err "$B RTL refuses SampleOffset=64 (Icarus)" "victim_bits_param_error_SampleOffset" \
  iverilog -g2005 -o "$T/x" -Pvictim_bits.SampleOffset=64 rtl/victim_bits/victim_bits.v
printf 'rst_ni=0\nev_valid_i=1 ev_kind_i=0 ev_set_i=1 ev_l1_i=5\n' > "$T/l1.stim"
expect_err "$B directed file: L1 out of range" "l1.stim:2: ev_l1_i=5 out of range 0..4 \(L1s\)" \
  build/kit vectors $B --stim "$T/l1.stim" -o "$T/o1.vec" L1s=5
printf '# x\nev_valid_i=1 ev_set_i=100\n' > "$T/set.stim"
expect_err "$B directed file: set out of range (make check)" "set.stim:2: ev_set_i=100 out of range 0..99" \
  make --no-print-directory check BLOCK=$B STIM="$T/set.stim" PARAMS="$ODD"
[ ! -e "$T/o1.vec" ] && ok "$B: no output file left by a refused directed file" || bad "$B: output file left behind"

# Fault injection: caught at exactly the cycle, on the named port.
for spec in 4321:lls_o 777:dbg_data_o; do
  cyc=${spec%%:*}; port=${spec#*:}
  out=$(make --no-print-directory check BLOCK=$B SEED=5 CYCLES=20000 FAULT=$spec 2>&1); rc=$?
  if [ $rc -ne 0 ] && echo "$out" | grep -q "^MISMATCH $B at cycle $cyc " \
     && echo "$out" | grep -q "^  $port .*<-- differs" && [ "$(echo "$out" | grep -c 'differs')" = 1 ]; then
    ok "$B fault at cycle $cyc on $port caught at exactly that cycle"
  else bad "$B fault $spec: rc=$rc: $(echo "$out" | head -10)"; fi
done

# ---- formal: proof and covers (formal/victim_bits.sby), then two planted
# bugs must break it -------------------------------------------------------
formal/formal.sh victim_bits
plant() { formal_planted victim_bits "$@"; }
# the LLS counter without its saturation: it wraps
plant "LLS counter wraps" 's/    lls_d    = (lost \&\& (lls_base != LlsMax)) ? /    lls_d    = (lost) ? /'
# an event on an unsampled set writes victim bits
plant "unsampled sets written" 's/                        \&\& (set32 < Sets) \&\& ((set32 \& SampMask) == SampOff)/                        \&\& (set32 < Sets)/'
