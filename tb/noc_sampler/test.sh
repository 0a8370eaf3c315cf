# NoC sampler (doc/noc_sampler.md), end to end on the harness: lockstep
# beyond the check list, storage, synthesis, bad input, formal with planted
# bugs and fault injection for this block.
#
# State space: per slot valid, gen and counter; the LFSR; the window (S,
# C); the divider. Slots interact only through the lowest-free choice and
# the one-timeout-per-cycle rule, so a few slots in every combination of
# free / in flight / at LatMax, windows that freeze and windows closed
# while the divider runs are the space, reached by the generator's bursts,
# blind stops and short windows. The default check (19_checks) runs the
# check list and the directed files; this script adds a configuration the
# list does not hold (5 slots: a slot field of 3 bits with 3 ids beyond
# Slots), the storage rows of the design note's default, Yosys flop counts
# equal to the model's estimate at four corners (one slot, RateShift 0,
# the widest), the bad-input messages, the formal proof (and three planted
# bugs it must catch) and a fault caught at its cycle.
. "$(dirname "$0")/../test/lib.sh"

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
# 5 slots, LatW 5, CntW 4, RateShift 1, seed 3: every event
run() { lockstep_cov noc_sampler "$@"; }
run "Slots=5 LatW=5 CntW=4 RateShift=1 Seed=3" 2 100000 0 15

# ---- storage (doc "Storage") ----------------------------------------------
overhead_is noc_sampler "" "added=142 interface=54 total=196" "defaults: 142 added + 54 interface = 196 bits (design note 3.2)"
n=$(overhead_val noc_sampler RateShift=0 'sum("LFSR" in w["item"] for w in r["rows"])')
[ "$n" = 0 ] && ok "overhead RateShift 0: no LFSR row (synthesis removes it)" \
  || bad "overhead RateShift 0: $n LFSR rows (nothing reads it)"

# ---- synthesis: no latches, RTL flops == model total ------------------------
for c in "" "Slots=1 LatW=3 CntW=1 RateShift=2" "Slots=3 LatW=2 CntW=2 RateShift=0" \
         "Slots=16 LatW=16 CntW=16 RateShift=15 Seed=65535"; do
  synth_check noc_sampler "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_noc_sampler; rm -rf "$T"; mkdir -p "$T"
expect_err "noc_sampler Slots=17 (make check)" "Slots=17 out of range 1..16" make --no-print-directory check BLOCK=noc_sampler PARAMS=Slots=17
expect_err "noc_sampler Seed=0" "Seed=0 out of range 1..65535" build/kit overhead noc_sampler Seed=0
stim_refused noc_sampler wide.stim 'rst_ni=0\nret_valid_i=1 ret_id_i=16\n' "noc_sampler ret_id_i too wide in a directed file" \
  "wide.stim:2: ret_id_i=16 does not fit in 4 bits"
expect_err "noc_sampler RTL refuses Slots=17 (Verilator)" "noc_sampler_param_error_Slots" verilator --lint-only -GSlots=17 rtl/noc_sampler/noc_sampler.v
expect_err "noc_sampler RTL refuses LatW=1 (Icarus)" "noc_sampler_param_error_LatW" iverilog -g2005 -o "$T/x" -Pnoc_sampler.LatW=1 rtl/noc_sampler/noc_sampler.v

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh noc_sampler
plant() { formal_planted noc_sampler "$@"; }
# a mark for an unwanted LFSR word (N2, N8): invariant 5
plant "mark ignores the LFSR" 's/    if ((lfsr_d \& RateMask) == 16.d0) begin/    if (1'"'"'b1) begin/' bmc
# a quotient bit with a zero divisor (N7: C = 0 gives 0): the empty mean
plant "divide by an empty window" 's/        q      = (div_q != {CntW{1.b0}}) \&\& (t >= {1.b0, div_q});/        q      = (t >= {1'"'"'b0, div_q});/' bmc
# a timeout counted past the freeze (N6): invariant 2
plant "count past CntMax" 's/    if (tmo_d \&\& (c1 != CntMax)) begin/    if (tmo_d) begin/' bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught noc_sampler 5 30000 23456 avg_o
wrong_expect noc_sampler tb/noc_sampler/directed/e1_mean.stim e1_wrong 's/^expect busy_o=0 avg_valid_o=1 avg_o=4 nsamp_o=2$/expect busy_o=0 avg_valid_o=1 avg_o=5 nsamp_o=2/' \
  "E1's mean 5" 'expect avg_o=0x5 but the model gives 0x4'

# ---- traffic (doc "Traffic", tb/noc_sampler/noc_sampler_traffic.c) --------
# stream on one SM: its 512 load misses and 512 write-through stores are
# 1024 injections, each wanted or not, every marked one stopped at its L2
# bank with its id (none stale); bfs: windows with and without samples;
# a NoC (NocLat=20) slower than LatMax (LatW=4: 15) with every packet
# wanted and 2 slots (a check-list configuration): every sample times out,
# its late stop is stale, the rest are dropped.
traffic_check noc_sampler stream "SMs=1" "" 'c["sampled"] + c["unwanted"] == 1024 and c["stop"] == c["sampled"] > 0 and c["stale_stop"] == 0' \
  "SM 0's 1024 packets injected, every marked one stopped with its id"
traffic_check noc_sampler bfs "" "" 'c["stop"] == c["sampled"] > 0 and c["mean"] >= 10 and c["mean_of_empty_window"] > 0' \
  "bfs: samples stopped, a mean every window, empty windows too"
traffic_check noc_sampler stream "SMs=1 NocLat=20" "Slots=2 LatW=4 CntW=3 RateShift=0" 'c["timeout"] == c["sampled"] == c["stale_stop"] > 0 and c["drop_all_slots_busy"] > 0 and c["mean_at_latmax"] > 0' \
  "NoC slower than LatMax: every sample times out and its stop is stale, drops, mean at LatMax"
traffic_fault noc_sampler bfs "" 3000 mark_o
