# wpctl (doc/wpctl.md), end to end on the harness: lockstep beyond the
# check list, the FolMean reading pair, storage, synthesis, bad input,
# fault injection and a wrong hand expect.
#
# State space: F, K moves (donor and valid), the LFSR, the comparator's
# best and winner, a phase with its index, the warm-up bit, the timeout
# counter and the period count; the behaviour is one period end, a poll of
# NumSm values, a broadcast and K draws. The default check (19_checks)
# runs the check list (Table II's 15 SMs, the mean on example B's GPU, 3
# kernels with 4-bit IPCs and a 16-cycle timeout, one kernel, 64 SMs with
# 8 kernels, 32 ways) and the directed files (examples B, C, the timeout
# and static ends); this script adds a configuration with every derived
# width odd (5 kernels: KW 3 with draws that fold over 3 values, CW 4,
# SmW 3), the reading pair (the same traffic, expects that differ), the
# storage rows, Yosys flop counts equal to the model's estimate, the
# bad-input messages, a fault caught at its cycle and a wrong expect.
. "$(dirname "$0")/../test/lib.sh"

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
# 7 SMs, 5 kernels over 9 ways, 6-bit IPC under the mean of 2 followed SMs,
# a 37-cycle timeout, Seed 0x1234; periods_o's top bits never toggle
run() { lockstep_cov wpctl "$@"; }
run "NumSm=7 Kernels=5 Ways=9 IpcW=6 PerMax=37 FolMean=1 Seed=0x1234" 2 100000 12 19

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair wpctl tb/wpctl/directed/b_periods.stim tb/wpctl/directed/b_folmean.stim

# ---- storage (doc "Storage") ----------------------------------------------
overhead_is wpctl "" "added=87 interface=17 total=104" "Table II: 87 added (the note's 87) + 17 interface = 104 bits"
overhead_is wpctl "NumSm=64 Kernels=8 Ways=8 PerMax=300 FolMean=1" "total=157" \
  "64 SMs, 8 kernels over 8 ways, mean: 32 + 32 + 16 + 38 + 13 + 9 added + 17 = 157 bits"

# ---- synthesis: no latches, RTL flops == model total ----------------------
# (the paper GPU, example B's under the mean, one kernel without a timeout,
# the widest corner)
for c in "" "NumSm=4 FolMean=1" "NumSm=2 Kernels=1 Ways=2 PerMax=0 FolMean=1" \
         "NumSm=64 Kernels=8 Ways=8 PerMax=300 FolMean=1"; do
  synth_check wpctl "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_wpctl; rm -rf "$T"; mkdir -p "$T"
expect_err "wpctl NumSm=2 Kernels=2: no followed SM" "NumSm=2 must be >= Kernels \\+ 1 = 3" build/kit overhead wpctl NumSm=2 Kernels=2
expect_err "wpctl Kernels=8 Ways=16: a 40-bit partition register" "Kernels x clog2\\(Ways\\+1\\) = 40 must be <= 32" build/kit overhead wpctl Kernels=8 Ways=16
expect_err "wpctl PerMax=1" "PerMax=1 is illegal" build/kit overhead wpctl PerMax=1
expect_err "wpctl Seed=0 (make check)" "Seed=0 out of range 1..65535" make --no-print-directory check BLOCK=wpctl PARAMS=Seed=0
# (at the check list's third configuration: its model is built already)
printf 'params NumSm=5 Kernels=3 IpcW=4 PerMax=16\nrst_ni=0\nstatic_i=1 cfg_part_i=0x0c\n' > "$T/sum5.stim"
expect_err "wpctl a static partition summing above Ways in a directed file" "sum5.stim:3: cfg_part_i=0xc: way counts sum to 5 > Ways=4" \
  make --no-print-directory check BLOCK=wpctl STIM="$T/sum5.stim"
expect_err "wpctl RTL refuses PerMax=1 (Verilator)" "wpctl_param_error_Seed_1_to_65535_PerMax" verilator --lint-only -GPerMax=1 rtl/wpctl/wpctl.v
expect_err "wpctl RTL refuses NumSm=2 Kernels=2 (Icarus)" "wpctl_param_error_Kernels" iverilog -g2005 -o "$T/x" -Pwpctl.NumSm=2 -Pwpctl.Kernels=2 rtl/wpctl/wpctl.v

# ---- the checker can fail ----------------------------------------------------
fault_caught wpctl 5 30000 23456 lfsr_o
wrong_expect wpctl tb/wpctl/directed/c_draws.stim c_wrong 's/^expect wr_sm_o=0 wr_part_o=0x82 lfsr_o=0xc2c4$/expect wr_sm_o=0 wr_part_o=0x90 lfsr_o=0xc2c4/' \
  "SM 0's fold without the scan: donor 0 instead of 1" 'expect wr_part_o=0x90 but the model gives 0x82'

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh wpctl
plant() { formal_planted wpctl "$@"; }
# a static end takes a partition summing above Ways: invariant 1
plant "static partitions unchecked" 's/            if (cfg_sum <= WaysV) f_d = cfg_part_i;/            f_d = cfg_part_i;/' bmc
# the donor scan may pick the profiling SM's own kernel: invariant 2
plant "donor may be the SM's own kernel" "s/      if (!found \&\& {{(31-KW){1'b0}}, cand} != {{(32-SmW){1'b0}}, di} \&\&/      if (!found \&\&/" bmc

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (the followed sum ORs instead of adding: only under FolMean = 1, so only
# the FolMean = 1 equivalence configurations can see it)
equiv_mode_bug wpctl 'FolMean=1' "a FolMean bug (the followed sum ORed)" \
  's/  wire \[BW-1:0\]  fol_best = (FolMean != 0) ? best_q + v_ext : (beat ? v_ext : best_q);/  wire [BW-1:0]  fol_best = (FolMean != 0) ? best_q | v_ext : (beat ? v_ext : best_q);/'

# ---- traffic (doc "Traffic", tb/wpctl/wpctl_traffic.c) --------------------
# The adapter plays the SMs' waypart counters on two co-running kernels
# (check-list configurations, no build of their own). 4 SMs (SMs=4 =
# NumSm), followed SMs by their mean: periods end when every SM finished a
# TB of each kernel, the SMs are polled, a profiling SM wins and the
# partition moves. 5 SMs, 3 kernels and a 16-cycle timeout: kernel 2 never
# runs, so only the timeout ends periods; the draws fold.
traffic_check wpctl mix "A=2 B=0" "NumSm=4 FolMean=1" 'c["end_done"] >= 5 and c["poll_end"] == c["end_done"] - 1 and c["win_profiling"] > 0 and c["part_change"] > 0 and c["prof_write"] == 2 * c["end_done"]' \
  "block + stream: periods ended by the SMs' quotas, polled, a profiling SM's partition followed"
traffic_check wpctl mix "A=2 B=0 SMs=5" "NumSm=5 Kernels=3 IpcW=4 PerMax=16" 'c["end_timeout"] > 1000 and c["end_done"] == 0 and c["win_profiling"] > 0 and c["draw_fold"] > 0' \
  "a kernel that never runs: every period ends by the timeout, profiling SMs win, draws fold"
traffic_fault wpctl mix "A=2 B=0" 3000 lfsr_o "NumSm=4 FolMean=1"
