# wp_gpu: Liang's dynamic scheme as one block (wpctl + NumSm x (tbbyp +
# waypart) and the glue, doc/wp_gpu.md): the integration checks of this
# block. The generic tests already run it like every block: its default
# check (19_checks, make run: three configurations, every cover event, zero
# mismatches), the directed files with hand-computed expects (06_directed:
# Fig. 6, the static period, K = 3 draws; at the check list's own
# configurations, so they need no model of their own), lint, synthesis, port check, vectors and replay; its unit tests
# (01_unit: the model's parameter plumbing, soaks, four planted model
# faults, hand-built I-SUM / I-PROF states). Here:
#  - Fig. 6's expect lines fail when one is wrong (file, line);
#  - viol_o (the integration invariants, checked every cycle) is 0 in every
#    cycle of vector files at two check configurations;
#  - a glue bug in the RTL is caught by the lockstep with the mismatch
#    report (item 5's wire cut: acc_byp_i tied to 0; the formal planted
#    bugs below cover the others);
#  - formal: the six invariants proved (PDR) at a reduced configuration,
#    the covers and the premise check, four planted glue bugs caught;
#  - the storage estimate equals Yosys's flop count (the first check
#    configuration; the one-kernel one was checked by hand: 246 bits);
#  - bad parameters are named with their sub-block or the composite's
#    rule; a directed file naming an SM beyond NumSm is refused.
. "$(dirname "$0")/../test/lib.sh"
F6=tb/wp_gpu/directed/fig6.stim
SMALL="Sets=4 Ways=4 TagW=4 TbW=2 IpcW=16 MaxTb=4 CntW=8 NumLd=4"
T=build/test/wp_gpu; rm -rf "$T"; mkdir -p "$T"

# ---- Fig. 6: a wrong hand-computed expect is named ----------------------------
wrong_expect wp_gpu "$F6" fig6_wrong 's/^expect rd_sm_o=1 best_o=1200 win_o=1$/expect rd_sm_o=1 best_o=1100 win_o=1/' \
  "Fig. 6: best 1100 instead of SM 0's 1200" 'expect best_o=0x44c but the model gives 0x4b0'

# ---- viol_o = 0 in every cycle -------------------------------------------------
for p in "$SMALL PerMax=64" "$SMALL NumSm=5 Kernels=3 FolMean=1 Flush=1 IntFix=3 PerMax=0"; do
  viol_zero wp_gpu 3 200000 "${p##*Ways=4 }" "$p"
done

# ---- glue bugs in the RTL are caught by the lockstep ---------------------------
SUBS="rtl/wpctl/wpctl.v rtl/waypart/waypart.v rtl/tbbyp/tbbyp.v rtl/mem/kit_mem.v"
rtl_bug() { glue_bug wp_gpu "$1" "$2" "$3" "$SUBS" "$SMALL PerMax=64"; }   # NAME SED PORT
rtl_bug "item 5's wire cut: acc_byp_i tied to 0" \
  's/\.acc_byp_i     (b_byp\[s\]),/.acc_byp_i     (1'"'"'b0),/' rsp_byp_o

# ---- storage: the model's bit count equals Yosys's flops -----------------------
synth_check wp_gpu "$SMALL PerMax=64"

# ---- formal: the invariants proved (PDR) at a reduced configuration; planted glue bugs caught
formal/formal.sh wp_gpu prove cover premises || bad "formal wp_gpu (prove, cover, premises)"
formal_planted wp_gpu "item 5's wire cut: acc_byp_i tied to 0 (I-BYP)" \
  's/\.acc_byp_i     (b_byp\[s\]),/.acc_byp_i     (1'"'"'b0),/' prove
formal_planted wp_gpu "the broadcast misses the last SM (I-FOL)" \
  's/(wr_valid_o \&\& (wr_all_o || (wr_sm_o == SI)))/(wr_valid_o \&\& ((wr_all_o \&\& s < NumSm - 1) || (wr_sm_o == SI)))/' prove
formal_planted wp_gpu "tbbyp's clr_i not wired to start_o (I-CLR)" \
  's/\.clr_i       (start_o),/.clr_i       (1'"'"'b0),/' prove
formal_planted wp_gpu "the SMs take F instead of the value written: no SM ever moves (I-CHG)" \
  's/\.part_i        (wr_part_o),/.part_i        (fol_part_o),/' prove

# ---- bad parameters and inputs ------------------------------------------------
expect_err "wp_gpu NumSm = Kernels named with wpctl" "wpctl: .*NumSm" build/kit overhead wp_gpu NumSm=2
expect_err "wp_gpu part_o beyond 64 bits" "part_o" build/kit overhead wp_gpu NumSm=8 Kernels=4 Ways=16
expect_err "wp_gpu ins_i beyond 64 bits" "ins_i" build/kit overhead wp_gpu NumSm=8 RetW=5
expect_err "wp_gpu tbbyp's Kernels above 4" "Kernels" build/kit overhead wp_gpu Kernels=5 NumSm=8
stim_refused wp_gpu sm.stim 'params NumSm=3\nrst_ni=0\nacc_valid_i=1 acc_sm_i=3\n' "wp_gpu access to an SM beyond NumSm in a directed file" \
  "sm.stim:3: acc_sm_i=3 is not an SM" NumSm=3

# ---- traffic (doc "Traffic", tb/wp_gpu/wp_gpu_traffic.c) ------------------
# block + stream on the 4 SMs: every one of the GPU's 32768 + 1024 L1
# accesses reaches the access port (class 0: no profile), periods end by
# the quotas, a profiling SM wins and its move is followed; stride +
# stencil under GTO with two CTAs resident: tbbyp's contention decisions
# make thread blocks bypass waypart, and a period start clears a nonzero
# N_byp.
traffic_check wp_gpu mix "A=2 B=0" "" 'c["class_per_tb"] == 32768 + 1024 and c["all_done"] >= 5 and c["win_profiling"] > 0 and c["profiling_move"] > 0 and c["decision"] > 0' \
  "every L1 access of the GPU at the access port, periods ended by the quotas, a profiling SM followed"
traffic_check wp_gpu mix "A=1 B=4 WarpsPerSm=16 Sched=1" "" 'c["bypass_by_tbbyp"] > 0 and c["issue_bypasses"] > 0 and c["clear_nonzero_nbyp"] > 0 and c["win_followed"] > 0' \
  "stride + stencil: bypassing thread blocks' loads bypass waypart, N_byp cleared at a period start"
traffic_fault wp_gpu mix "A=2 B=0" 3000 rsp_hit_o
