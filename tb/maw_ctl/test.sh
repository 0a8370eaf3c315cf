# MAW controller (doc/maw_ctl.md), end to end on the harness: lockstep
# beyond the check list, the paper-reading pairs, storage, synthesis, bad
# input, formal with planted bugs, fault injection, a wrong hand expect and
# a non-default-mode bug found by make equiv.
#
# State space: two period counters, the MAW with its direction, phase and
# stop, two latencies and the registered outputs; the behaviour is one
# decision per period. The default check (19_checks) runs the check list
# (short periods, both values of EqCur and PerCore, Tw = MinMaw) and the
# directed files (E1-E3, the reading pairs, M8 timing); this script adds
# the widest configuration (n = 128, 16-bit latencies: the Eq. 1 product
# and the G comparators at full width), the storage rows, Yosys flop counts
# equal to the model's estimate, the bad-input messages, the formal proof
# (and two planted bugs it must catch), the paper-reading pairs (the same
# traffic, expects that differ) and a fault caught at its cycle.
. "$(dirname "$0")/../test/lib.sh"

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
# n = 120 (7-bit MAW), Eq. 1 on the current MAW, 16-bit latencies, G 7/100;
# the coarse step never lands on Tw 100 or stops at MinMaw 3 here, and the
# fine search rarely climbs back to 128
run() { lockstep_cov maw_ctl "$@"; }
run "NMax=60 PerCore=1 Tw=100 MinMaw=3 PeriodLog=5 LatW=16 TL=100 TH=2000 GNum=7 GDen=100 EqCur=1" 2 100000 0 21

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair maw_ctl tb/maw_ctl/directed/eq_base_n.stim tb/maw_ctl/directed/eq_base_cur.stim
readings_pair maw_ctl tb/maw_ctl/directed/scope_sched.stim tb/maw_ctl/directed/scope_core.stim

# ---- storage (doc "Storage") ----------------------------------------------
overhead_is maw_ctl "" "added=57 interface=26 total=83" "paper configuration: 57 added + 26 interface = 83 bits"
overhead_is maw_ctl "PerCore=1 LatW=16 PeriodLog=24" "total=127" \
  "P 24, LatW 16, n 48: (2 x 24 + 6 + 4 + 2 x 16) + (25 + 6 + 6) = 90 + 37 = 127 bits"

# ---- synthesis: no latches, RTL flops == model total ----------------------
# (configurations where every register can change: with EqCur 0 and n a
# power of two n_t's low bits are constant, and where the fine search can
# never start - TH = 2^LatW-1, Tw = MinMaw - its registers are removed)
for c in "" "NMax=4 Tw=3 PeriodLog=2 LatW=3 TL=2 TH=5 GNum=1 GDen=4 EqCur=1" \
         "NMax=60 PerCore=1 Tw=100 MinMaw=3 PeriodLog=5 LatW=16 TL=100 TH=2000 GNum=7 GDen=100" \
         "NMax=3 Tw=2 PeriodLog=2 LatW=2 TL=1 TH=2 GNum=1 GDen=2"; do
  synth_check maw_ctl "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_maw_ctl; rm -rf "$T"; mkdir -p "$T"
expect_err "maw_ctl Tw above n" "Tw=25 must be <= n=24" build/kit overhead maw_ctl Tw=25
expect_err "maw_ctl TL above TH" "TL=70 must be <= TH=64" build/kit overhead maw_ctl TL=70
expect_err "maw_ctl TH beyond LatW" "TH=64 must be <= 2\\^LatW-1=63" build/kit overhead maw_ctl LatW=6
expect_err "maw_ctl GNum >= GDen" "GNum=20 must be < GDen=20" build/kit overhead maw_ctl GNum=20
expect_err "maw_ctl PerCore=2 (make check)" "PerCore=2 out of range 0..1" make --no-print-directory check BLOCK=maw_ctl PARAMS=PerCore=2
stim_refused maw_ctl wide.stim 'noc_avg_i=1024\n' "maw_ctl noc_avg_i too wide in a directed file" \
  "wide.stim:1: noc_avg_i=1024 does not fit in 10 bits"
expect_err "maw_ctl RTL refuses Tw=25 (Verilator)" "maw_ctl_param_error_MinMaw_and_Tw" verilator --lint-only -GTw=25 rtl/maw_ctl/maw_ctl.v
expect_err "maw_ctl RTL refuses TL > TH (Icarus)" "maw_ctl_param_error_TL_le_TH" iverilog -g2005 -o "$T/x" -Pmaw_ctl.TL=70 rtl/maw_ctl/maw_ctl.v

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh maw_ctl
plant() { formal_planted maw_ctl "$@"; }
# the coarse step without its MinMaw clamp (M4): n_t 0 gives MAW 0, invariant 1
plant "coarse step below MinMaw" 's/  wire \[NW-1:0\] c_maw  = (c_min < MinV) ? MinV : c_min;/  wire [NW-1:0] c_maw  = c_min;/' bmc
# FINE entered at MAW = Tw (M5: "smaller than T_w"), invariant 3
plant "FINE at Tw" 's/        x_phase = c_maw < TwV;/        x_phase = c_maw <= TwV;/' bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught maw_ctl 5 30000 23456 maw_o PeriodLog=4
wrong_expect maw_ctl tb/maw_ctl/directed/e2_decisions.stim e2_wrong 's/^expect dec_valid_o=1 wait_o=0 stop_o=0 dec_o=3 maw_o=7 phase_o=1 dir_o=2$/expect dec_valid_o=1 wait_o=0 stop_o=0 dec_o=3 maw_o=8 phase_o=1 dir_o=2/' \
  "E2's DOWN_G to 8" 'expect maw_o=0x8 but the model gives 0x7'

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (Eq. 1 always on n: only the EqCur = 1 equivalence configurations see it)
equiv_mode_bug maw_ctl 'EqCur=1' "an Eq. 1 base bug under EqCur = 1" \
  's/  wire \[NW-1:0\] base   = (EqCur != 0) ? maw_q : NV;/  wire [NW-1:0] base   = NV;/'

# ---- traffic (doc "Traffic", tb/maw_ctl/maw_ctl_traffic.c) ----------------
# bfs with 16-read periods (PeriodLog=4, a check-list configuration): SM
# 0's 11237 loads (the count tbbyp's traffic test sees too) end exactly
# 11237 / 16 periods; a slow NoC (NocLat=100 > TH) and a 16-set L2 that
# evicts more than it hits: a coarse step into the fine phase, then steps
# down on high latency, up on the empty windows' 0, stops; thrash: every
# read misses, so every period is all BYPASS and n_t is 0.
traffic_check maw_ctl bfs "NocLat=100 L2Sets=16" "PeriodLog=4" 'c["period_end"] == 11237 // 16 and c["dec_coarse"] > 0 and c["coarse_to_fine"] > 0 and c["dec_down_hi"] > 0 and c["dec_up"] > 0 and c["dec_stop"] > 0' \
  "a period per 16 of SM 0's reads, congestion and contention: coarse step, fine search down, up and stops"
traffic_check maw_ctl thrash "NocLat=20" "PeriodLog=4" 'c["period_end"] > 0 and c["mb_full"] == c["nt_zero"] == c["period_end"]' \
  "thrash: every read a miss, every period all BYPASS, n_t 0"
traffic_fault maw_ctl bfs "NocLat=100 L2Sets=16" 2000 mb_o "PeriodLog=4"
