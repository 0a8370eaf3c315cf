# Thread-block bypassing (doc/tbbyp.md), end to end on the harness:
# lockstep beyond the check list, the paper-reading pair, storage,
# synthesis, bad input, formal with planted bugs, fault injection, a wrong
# hand expect and a non-default-mode bug found by make equiv.
#
# State space: per kernel two counters, N_byp, a contention and a pending
# bit; per slot a bypass bit and a kernel; the interval counter; the
# registered outputs. The default check (19_checks) runs the check list
# (the paper SM, fixed intervals, 3 kernels over 5 slots with saturating
# counters, one kernel in one slot) and the directed files (the worked
# example and its IntFix pair, clamps, the pending bit, classes, the
# clear); this script adds the widest configuration (4 kernels, 16 slots,
# the widest warps, latency and thresholds: the comparison's products at
# full width), the storage rows, Yosys flop counts equal to the model's
# estimate, the bad-input messages, the formal proof (and two planted
# bugs it must catch), the reading pair (the same traffic, expects that
# differ) and a fault caught at its cycle.
. "$(dirname "$0")/../test/lib.sh"
mkdir -p build/test

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
# the widest ports and products; kernels and slots beyond the ranges cannot
# occur (powers of two), counters never saturate, dbg_k_i is always a kernel
run() { lockstep_cov tbbyp "$@"; }
run "Kernels=4 MaxTb=16 WarpW=8 L2Lat=1023 ThrNum=255 ThrDen=255 IntFix=1000" 2 60000 200 21

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair tbbyp tb/tbbyp/directed/worked.stim tb/tbbyp/directed/worked_fix.stim

# ---- storage (doc "Storage") ----------------------------------------------
overhead_is tbbyp "" "added=124 interface=52 total=176" "paper configuration: 124 added + 52 interface = 176 bits"
overhead_is tbbyp "Kernels=4 MaxTb=16 IntFix=1000" "total=330" \
  "K 4, 16 slots, IntFix 1000: (4 x 48 + 4 x 5 + 8 + 16 + 16 x 2 + 10) + 52 = 278 + 52 = 330 bits"

# ---- synthesis: no latches, RTL flops == model total ----------------------
# (the widest slot and kernel fields with 4-bit counters: Yosys's time goes
# into the comparison's multipliers, which hold no flop)
for c in "" "Kernels=3 MaxTb=5 CntW=4 WarpW=3 L2Lat=3 ThrNum=2 ThrDen=3" \
         "Kernels=1 MaxTb=1 CntW=2 WarpW=1 L2Lat=1 IntFix=1" "Kernels=4 MaxTb=16 CntW=4 WarpW=8 IntFix=1000"; do
  synth_check tbbyp "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_tbbyp; rm -rf "$T"; mkdir -p "$T"
expect_err "tbbyp Kernels=5" "Kernels=5 out of range 1..4" build/kit overhead tbbyp Kernels=5
expect_err "tbbyp IntFix=65536 (make check)" "IntFix=65536 out of range 0..65535" make --no-print-directory check BLOCK=tbbyp PARAMS=IntFix=65536
stim_refused tbbyp k.stim 'params Kernels=3\niss_valid_i=1 iss_k_i=3\n' "tbbyp issue of a kernel beyond K in a directed file" \
  "k.stim:2: iss_k_i=3 is not a kernel \\(K=3\\)" Kernels=3
printf 'acc_valid_i=1 acc_cls_i=3\n' > "$T/c.stim"
expect_err "tbbyp reserved class in a directed file" "c.stim:1: acc_cls_i=3 is reserved" \
  build/kit vectors tbbyp --stim "$T/c.stim" -o "$T/o2.vec"
printf 'hit_i=4\n' > "$T/w.stim"
expect_err "tbbyp hit_i too wide in a directed file" "w.stim:1: hit_i=4 does not fit in 2 bits" \
  build/kit vectors tbbyp --stim "$T/w.stim" -o "$T/o3.vec"
expect_err "tbbyp RTL refuses Kernels=5 (Verilator)" "tbbyp_param_error_Kernels_1_to_4" verilator --lint-only -GKernels=5 rtl/tbbyp/tbbyp.v
expect_err "tbbyp RTL refuses CntW=25 (Icarus)" "tbbyp_param_error_CntW_2_to_24" iverilog -g2005 -o "$T/x" -Ptbbyp.CntW=25 rtl/tbbyp/tbbyp.v

# ---- TB8: kit classify on a profile, its thresholds' boundaries ----------
printf '# pc hits accesses\n0x100 9 100\n0x108 10 100 # lo\n0x110 59 100\n0x118 60 100 # hi\n0x120 0 0\n' > "$T/prof.txt"
out=$(build/kit classify "$T/prof.txt" 2>&1); rc=$?
want=$(printf '0x100 2 bypass\n0x108 0 per_tb\n0x110 0 per_tb\n0x118 1 cache\n0x120 0 per_tb\n# 5 loads: 1 always cache, 1 never cache, 3 per thread block (lo 10%%, hi 60%%)')
[ $rc -eq 0 ] && [ "$out" = "$want" ] && ok "kit classify: 9% never cache, 10% and 59% per thread block, 60% always cache, unprofiled per thread block" \
  || bad "kit classify: rc=$rc: $out"
out=$(build/kit classify "$T/prof.txt" --lo 0 --hi 0 | tail -1)
[ "$out" = "# 5 loads: 4 always cache, 0 never cache, 1 per thread block (lo 0%, hi 0%)" ] \
  && ok "kit classify --lo 0 --hi 0: every profiled load cached, the unprofiled one per thread block" || bad "kit classify lo=hi=0: $out"
printf '0x100 7 5\n' > "$T/prof_bad.txt"
expect_err "kit classify refuses more hits than accesses" "prof_bad.txt:1: HITS 7 > ACCESSES 5" build/kit classify "$T/prof_bad.txt"
expect_err "kit classify refuses --lo above --hi" "--lo 70 must be <= --hi 60" build/kit classify "$T/prof.txt" --lo 70

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh tbbyp
plant() { formal_planted tbbyp "$@"; }
# the step without its clamp at MaxTb (TB5, TB16): N_byp 3 wraps to 0 under contention
plant "no clamp at MaxTb" 's/c_now ? ((nb_cur == MaxV) ? nb_cur : nb_cur + NbOne) :/c_now ? (nb_cur + NbOne) :/' bmc
# the reserved class 3 bypassing like class 2 (TB7), invariant 6
plant "class 3 bypasses" "s/byp_d  = acc_valid_i \&\& (acc_cls_i == 2'd2 ||/byp_d  = acc_valid_i \&\& (acc_cls_i[1] ||/" bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught tbbyp 5 30000 23456 nbyp_o IntFix=64
wrong_expect tbbyp tb/tbbyp/directed/worked.stim worked_wrong 's/^expect dec_o=1 iss_byp_o=1 nbyp_o=1 cont_o=1 pend_o=0 slot_byp_o=1 dbg_hits_o=40 dbg_stall_o=100$/expect dec_o=1 iss_byp_o=1 nbyp_o=1 cont_o=1 pend_o=0 slot_byp_o=1 dbg_hits_o=41 dbg_stall_o=100/' \
  "Hits 41 in interval 1" 'expect dbg_hits_o=0x29 but the model gives 0x28'

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (a decision at an interval end reading the old flag: only IntFix >= 1 sees it)
equiv_mode_bug tbbyp 'IntFix=[13]' "an interval-end flag bug under IntFix >= 1" \
  's/  wire             c_now  = (IntFix == 0 || iend) ? cmp\[ik\] : cont_q\[ik\];/  wire             c_now  = (IntFix == 0) ? cmp[ik] : cont_q[ik];/'

# ---- traffic (doc "Traffic", tb/tbbyp/tbbyp_traffic.c) --------------------
# block (WarpsPerSm=16: two 8-warp CTAs resident, the rest wait): every
# one of SM 0's 8192 load accesses asks for its bit, its 8 CTAs are 8
# issues (decisions after the first retires), high reuse: no contention;
# stride + stencil under GTO: contention decisions raise N_byp and thread
# blocks bypass.
traffic_check tbbyp block "WarpsPerSm=16" "" 'c["acc_cls0_cache"] == 8192 and c["iss_not_decision"] + c["dec_cont"] + c["dec_no_cont"] == 8 and c["dec_no_cont"] > 0' \
  "SM 0's 8192 loads ask their bit, its 8 CTAs issued, decisions without contention"
traffic_check tbbyp mix "A=1 B=4 WarpsPerSm=16 Sched=1" "" 'c["dec_cont"] > 0 and c["dec_no_cont"] > 0 and c["nbyp_up"] > 0 and c["iss_bypass"] > 0 and c["acc_cls0_byp"] > 0' \
  "stride + stencil: contention and not, N_byp raised, bypassing thread blocks' loads bypass"
traffic_fault tbbyp mix "A=1 B=4 WarpsPerSm=16 Sched=1" 5000 byp_o
