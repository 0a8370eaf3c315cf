# Coalescer (doc/coalescer.md), end to end on the harness: the paper-reading
# pair, storage, synthesis, bad input, fault injection and a wrong hand
# expect, the formal proof with three planted bugs, and make equiv's planted
# bug in the aggressive reading.
#
# State space: one warp buffer (32 lanes' unit bits and masks), one request
# register, the line table and the estimator. The default check (19_checks)
# runs the check list (the paper configuration, a narrow estimator with the
# aggressive strategy, 7 lanes with R 16, 64-bit addresses with R 1) and
# the 16 directed files (every worked example); this script adds the
# reading pair (the same traffic, expects that differ), the storage rows at
# the default (the design note's 4379 bits), Yosys flop counts equal to the
# model's estimate at four small configurations (R 2, 16, 1, 8), the
# bad-parameter messages of the kit and of the RTL, and a fault caught at
# its cycle.
. "$(dirname "$0")/../test/lib.sh"

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair coalescer tb/coalescer/directed/a_array_tid.stim tb/coalescer/directed/aggr_array_tid.stim

# ---- storage (doc "Storage") ----------------------------------------------
overhead_is coalescer "" "added=3260 baseline=1044 interface=75 total=4379" \
  "paper configuration: 3260 added + 1044 baseline + 75 interface = 4379 bits"

# ---- synthesis: no latches, RTL flops == model total ----------------------
for c in "Lanes=4 AddrW=9 SegB=16 LineB=32 IdW=1 LtEnt=2 EstW=4 CapBytes=256" \
         "Lanes=7 AddrW=12 SegB=16 LineB=256 IdW=2 LtEnt=5 CapBytes=512" \
         "Lanes=4 AddrW=8 SegB=64 LineB=64 IdW=1 LtEnt=2 EstW=4 CapBytes=128" \
         "Lanes=3 AddrW=9 SegB=16 LineB=128 IdW=1 LtEnt=1 EstW=4 CapBytes=256 Aggr=1"; do
  synth_check coalescer "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_coalescer; rm -rf "$T"; mkdir -p "$T"
expect_err "coalescer SegB not a power of 2" "SegB=48 must be a power of 2" build/kit overhead coalescer SegB=48
expect_err "coalescer LineB below SegB" "LineB=16 must be SegB..16 SegB \\(SegB=32\\)" build/kit overhead coalescer LineB=16
expect_err "coalescer CapBytes not a multiple of LineB" "CapBytes=1000 must be a multiple of LineB=128" build/kit overhead coalescer CapBytes=1000
expect_err "coalescer CapLines beyond the counters" "CapLines=128 must be <= 2\\^EstW-1=63" build/kit overhead coalescer EstW=6
expect_err "coalescer Aggr=2 (make check)" "Aggr=2 out of range 0..1" make --no-print-directory check BLOCK=coalescer PARAMS=Aggr=2
stim_refused coalescer wide.stim 'in_size_i=8\n' "coalescer in_size_i too wide in a directed file" \
  "wide.stim:1: in_size_i=8 does not fit in 3 bits"
expect_err "coalescer RTL refuses SegB=48 (Verilator)" "coalescer_param_error_SegB_16_32_or_64" \
  verilator --lint-only -GSegB=48 rtl/coalescer/coalescer.v
expect_err "coalescer RTL refuses CapLines > 2^EstW-1 (Icarus)" "coalescer_param_error_CapBytes" \
  iverilog -g2005 -o "$T/x" -Pcoalescer.EstW=6 rtl/coalescer/coalescer.v

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh coalescer
plant() { formal_planted coalescer "$@"; }
# a request emitted while the last one waits for ready: lost (invariant 2)
plant "a stalled request overwritten" 's/  wire             emit   = free_ \& (|pend_a);/  wire             emit   = |pend_a;/' bmc
# line mode leads by segment: a line's second segment emitted again (1)
plant "line mode emits every segment leader" 's/  wire \[Lanes-1:0\]    pend_a = accept ? (in_ca_i ? ll_in : sl_in) : pend_q;/  wire [Lanes-1:0]    pend_a = accept ? sl_in : pend_q;/' bmc
# line mode serves one segment's lanes only: the others never served (1)
plant "line mode serves one segment" 's/  wire \[SW-1:0\]    cmpm   = mode_a ? ~LowMask : {SW{1.b1}};/  wire [SW-1:0]    cmpm   = {SW{1'"'"'b1}};/' bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught coalescer 5 20000 12345 req_tmask_o
wrong_expect coalescer tb/coalescer/directed/a_delta.stim delta_wrong 's/est_segs_o=16 est_lines_o=1 /est_segs_o=16 est_lines_o=2 /' \
  "delta[tid%16] with U 2" 'expect est_lines_o=0x2 but the model gives 0x1'

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (the aggressive strategy caches a case-1 load past the capacity: only under
# Aggr = 1, so only the Aggr = 1 equivalence configuration can see it)
equiv_mode_bug coalescer 'Aggr=1' "an Aggr bug (case 1 cached past the capacity)" \
  's/^  wire          cache = (u_e < CapV) \& /  wire          cache = ((u_e < CapV) | (Aggr != 0) \& (rule == 2'"'"'d0)) \& /'

# ---- traffic (doc "Traffic", tb/coalescer/coalescer_traffic.c) ------------
# block: a[tid%32*32], every load 32 lines: SM 0's 512 warps (SMs=2) make
# 32 requests each, back to back: 2 reset cycles + 512 * 32, every warp
# counted as all-lanes; bfs: divergent gathers (partial masks) whose
# samples come out scattered (on > off) and reused (on < off, cached).
traffic_check coalescer block "SMs=2" "" 'n == 2 + 512 * 32 and c["warp_all_lanes_requests"] == 512' \
  "each of SM 0's 512 warps offered when free, its 32 lines 32 requests"
traffic_check coalescer bfs "Nodes=1024" "" 'c["partial_mask"] > 100 and c["rule_on_more"] > 0 and c["rule_on_less"] > 0 and c["cache_on"] > 0' \
  "divergent gathers, samples closed with both rules and cache on"
traffic_fault coalescer stream "" 300 req_addr_o
# the traffic check can fail: one warp's requests fewer than the run makes
out=$(traffic_check coalescer block "SMs=2" "" 'n == 2 + 511 * 32' "a count one warp short")
case "$out" in FAIL*"not so"*) ok "traffic check: a wrong expected cycle count on block traffic is a FAIL" ;;
  *) bad "traffic check: a wrong expected count passed: $out" ;; esac
