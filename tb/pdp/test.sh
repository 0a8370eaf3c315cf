# PDP-S predictor (doc/pdp.md), end to end on the harness.
# Rationale: the state space is one sampled set's FIFO and counter (the
# sets never interact), the counter array (empty, partly filled, frozen)
# and the compute pipeline (idle, every busy step c = 0..NB, accesses
# arriving while busy); the parameter space is the GPU default, the LLC
# setting and the corners where widths degenerate (2 bins, 2-entry FIFOs,
# 2-bit counters, Sc = 1, one sampled set, every set sampled). The random
# lock-steps use short periods so that hundreds of PD computations happen;
# the latency is compared cycle by cycle through busy_o / pd_valid_o / pd_o.
# Toggle exclusions at 16/32-bit counters: pd_o's low log2(Sc) bits are
# constant 0 (PD is a multiple of Sc), and dbg_data_o bits above the count
# a short period can reach never rise; frozen needs a saturated 16-bit bin,
# beyond a short period: these runs may miss those bits and the `frozen`
# event; the narrow-counter run must toggle everything but pd_o's 2 bits
# and reach all 14 events.
. "$(dirname "$0")/../test/lib.sh"
run() { lockstep_cov pdp "$@"; }  # run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS
# GPU default with 1024-access periods (~1000 computations): misses pd_o[1:0],
# frozen_o and dbg_data_o[31:9] or [31:8] (counts below 512 per period)
run "PeriodLen=1024" 1 1000000 27 13
run "BinW=4 NtW=6 PeriodLen=300" 2 200000 2 14
run "Sets=2048 SampledSets=32 DMax=256 Sc=4 SampM=8 De=16 PeriodLen=4096" 3 200000 27 13
# two bins: no candidate between Sc and DMax (pd_between unreachable), pd_o[0] constant
run "DMax=4 Sc=2 SampM=2 Sets=2 SampledSets=1 TagW=2 BinW=2 NtW=2 De=0 PeriodLen=4 PdMin=1" 4 200000 1 13
run "DMax=256 Sc=1 SampM=2 Sets=4 SampledSets=4 TagW=8 BinW=4 NtW=8 De=1 PeriodLen=600" 5 200000 0 14
# doc/pdp.md "Paper readings": the other reading of each point at the GPU
# arrays, and the directed files whose expects differ between readings
run "NtAll=0 PeriodLen=1024" 6 200000 27 13
# (64 one-wide bins of 16 bits: no freeze, and the largest PD, 64, does not win here)
run "Sc=1 PeriodLen=1024" 7 200000 27 12
run "Sc=1 PdMin=1 PeriodLen=1024" 8 200000 27 12
readings_pair pdp tb/pdp/directed/nt_all.stim tb/pdp/directed/nt_insertions.stim
readings_pair pdp tb/pdp/directed/nt_all.stim tb/pdp/directed/pd_from_assoc.stim

# Storage: the original LLC setting prints 1056 counter-array bits and
# (d_max/M) x 16 + log2 M = 32 x 16 + 3 = 515 bits per sampled set.
out=$(make --no-print-directory overhead BLOCK=pdp PARAMS="Sets=2048 SampledSets=32 DMax=256 Sc=4 SampM=8 De=16")
echo "$out"
echo "$out" | grep -qE 'RD counter array \(bins \+ N_t\) +1 array +1056 +1056' && ok "overhead LLC setting: counter array 1056 bits" \
  || bad "overhead LLC counter array: $out"
echo "$out" | grep -qE 'sampled set: FIFO tags \+ counter +32 set +515 +16480' && ok "overhead LLC setting: 515 bits per sampled set" \
  || bad "overhead LLC sampler"
out=$(build/kit overhead pdp)
echo "$out" | grep -qE 'sampled set: FIFO tags \+ counter +8 set +258' && echo "$out" | grep -qE 'counter array.* 288 +288' \
  && echo "$out" | grep -q 'compute pipeline registers' && ok "overhead GPU default: 8 x (16 x 16 + 2), 16 x 16 + 32, pipeline registers" \
  || bad "overhead GPU default: $out"

# Synthesis: no latches, Yosys flop bits == model state total.
for c in "DMax=4 Sc=2 SampM=2 Sets=2 SampledSets=1 TagW=4 BinW=4 NtW=6 De=0 PeriodLen=6" \
         "DMax=16 Sc=4 SampM=4 Sets=4 SampledSets=4 TagW=3 BinW=3 NtW=4 De=4 PeriodLen=64" \
         "DMax=8 Sc=1 SampM=4 Sets=8 SampledSets=2 TagW=2 BinW=2 NtW=3 De=255 PeriodLen=13" \
         "DMax=16 Sc=8 SampM=2 Sets=2 SampledSets=2 TagW=2 BinW=2 NtW=3 De=12 PeriodLen=5"; do
  synth_check pdp "$c"
done

# Bad input.
T=build/test/bad_pdp; rm -rf "$T"; mkdir -p "$T"
expect_err "pdp DMax=48 not a power of two" "DMax=48 must be a power of two" build/kit overhead pdp DMax=48
expect_err "pdp Sc=64 leaves one bin" "DMax/Sc must be 2..256" build/kit overhead pdp Sc=64
expect_err "pdp SampM=64 leaves a 1-entry FIFO" "FIFO depth DMax/SampM must be >= 2" build/kit gflags pdp SampM=64
expect_err "pdp NtW < BinW" "NtW=8 must be >= BinW=16" build/kit overhead pdp NtW=8
expect_err "pdp SampledSets > Sets" "SampledSets=64 must be <= Sets=32" build/kit overhead pdp Sets=32 SampledSets=64
expect_err "pdp PeriodLen too short (make check)" "PeriodLen=17 must be >= DMax/Sc \+ 2 = 18" \
  make --no-print-directory check BLOCK=pdp PARAMS=PeriodLen=17
expect_err "pdp De=256 (make check)" "De=256 out of range 0..255" make --no-print-directory check BLOCK=pdp PARAMS=De=256
printf 'rst_ni=0\nacc_valid_i=1\ndbg_addr_i=17\n' > "$T/dbg.stim"
expect_err "pdp dbg_addr_i beyond N_t in a directed file" "dbg.stim:3: dbg_addr_i=17 out of range 0..16" \
  make --no-print-directory check BLOCK=pdp STIM="$T/dbg.stim"
expect_err "pdp RTL refuses DMax=48 (Verilator)" "pdp_param_error_DMax" verilator --lint-only -GDMax=48 rtl/pdp/pdp.v
expect_err "pdp RTL refuses PeriodLen=5 (Icarus)" "pdp_param_error_PeriodLen" iverilog -g2005 -o "$T/x" -Ppdp.PeriodLen=5 rtl/pdp/pdp.v

# Fault injection: caught at exactly the chosen cycle.
for spec in 4321:pd_o 777:samp_rd_o 90001:busy_o; do
  cyc=${spec%%:*}; port=${spec#*:}
  out=$(make --no-print-directory check BLOCK=pdp PARAMS=PeriodLen=1024 SEED=9 CYCLES=100000 FAULT=$spec 2>&1); rc=$?
  if [ $rc -ne 0 ] && echo "$out" | grep -q "^MISMATCH pdp at cycle $cyc " && echo "$out" | grep -q "^  $port .*<-- differs"; then
    ok "pdp fault at cycle $cyc on $port caught at exactly that cycle"
  else bad "pdp fault $spec: rc=$rc: $(echo "$out" | head -8)"; fi
done

# ---- formal: proof and covers (formal/pdp.sby), then two planted bugs must
# break it (bounded from reset: the bmc task) ------------------------------------------------------------------
formal/formal.sh pdp
plant() { formal_planted pdp "$@"; }
# a full bin does not freeze the array: it can reach its maximum unfrozen
plant "no freeze on a full bin" 's/      if (bin_cur == BinPre) frozen_d = 1.b1;/      if (1'"'"'b0) frozen_d = 1'"'"'b1;/' bmc
# counting while the PD compute reads the bins
plant "counting while busy" 's/    count   = sampled \& ~busy_q \& ~frozen_q;/    count   = sampled \& ~frozen_q;/' bmc
