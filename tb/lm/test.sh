# LM (Linebacker Load Monitor, doc/lm.md): lockstep, storage, synthesis,
# bad input and fault injection for this block.
#
# State space: the table (per entry PC, two saturating counters, a 2-bit
# valid field) and the selection machine (monitoring / selected /
# disabled, windows taken). The random generator (tb/lm/lm_stim.c) scripts
# reset-to-decision episodes window by window, so the paper configuration
# (50000-cycle windows: 20 windows in 1,000,000 cycles) reaches every
# selection path; short-window configurations run hundreds of episodes and
# reach counter and windows_o saturation. Parameter space: the paper
# configuration, and the corners Entries 2 / 4 / 8 (HashW 1..3), CntW 1..5,
# WinLen 2 / 16 / 37 (one-bit and non-power-of-two window counters),
# Thresh 0 / 20 / 99, WinCntW 1..3. The directed files (06) pin every
# selection path with hand-computed expects.
#
# What the paper configuration cannot reach, by construction: dbg_hit_o and
# dbg_miss_o bits 16..31 (a window has 50000 < 2^16 cycles, so a counter
# never passes 50000), windows_o bits 2..7 (scripts end within 3 windows to
# fit 20 windows; 255 windows would take 12.75 M cycles), and so the events
# hit/miss counter saturated and windows saturated: 38 toggle bits and 3
# events. WinCntW = 1 makes windows_o = 2 impossible (the two "after 2"
# events and window_end_continue). Thresh = 99, CntW = 5, 37-cycle
# windows: a counter reaches 16 (bit 4) or saturates at 31 only when one
# load takes most of a window's accesses, which the traffic does only
# sometimes: up to 2 toggle bits and the two counter-saturation events may
# be missed there (the SAT configuration requires them).
. "$(dirname "$0")/../test/lib.sh"

PAPER="Entries=32 CntW=32 WinLen=50000 Thresh=20 WinCntW=8"
SAT="Entries=4 CntW=2 WinLen=16 Thresh=20 WinCntW=2"       # = saturation.stim
TINY="Entries=2 CntW=1 WinLen=2 Thresh=20 WinCntW=1"
T99="Entries=8 CntW=5 WinLen=37 Thresh=99 WinCntW=3"

# ---- lockstep -------------------------------------------------------------
run() { lockstep_cov lm "$@"; }  # run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS
run "$PAPER" 1 1000000 38 15
run "$SAT" 2 200000 0 18
run "$TINY" 3 200000 0 15
run "$T99" 4 200000 2 16
# doc/lm.md "Paper readings": the 4.1 reading (SelWin2=1) at the paper table
# with short windows; the subset pair whose expects differ; Figure 6 (the
# paper's two-window selection of Load 0) under the 4.1 reading too
run "WinLen=2000 SelWin2=1" 5 200000 50 9
readings_pair lm tb/lm/directed/subset.stim tb/lm/directed/subset_41.stim
sed 's/^params \(.*\)$/params \1 SelWin2=1/' tb/lm/directed/select2_paper.stim > build/test/fig6_41.stim
out=$(make --no-print-directory -s check BLOCK=lm STIM=build/test/fig6_41.stim 2>&1)
echo "$out" | grep -q '^PASS lockstep lm: 100004 cycles matched' && ok "lm Figure 6 (select2_paper.stim) passes under SelWin2=1 too" \
  || bad "lm Figure 6 under SelWin2=1: $(echo "$out" | grep -m1 -E 'FAIL|MISMATCH')"

# ---- storage (section 4.2) ----------------------------------------------
out=$(make --no-print-directory overhead BLOCK=lm PARAMS="Entries=32 CntW=32 L1Bytes=49152 LineBytes=128")
echo "$out"
echo "$out" | grep -qE 'LM table: 32 x \(2 b valid \+ 32 b PC \+ 2 x 32 b hit/miss\) = 32 x 98 b = 392 B +32 entry +98 +3136' \
  && ok "overhead paper LM: 32 x (2 b + three 4-byte fields) = 3136 bits = 392 B" || bad "overhead paper LM 392 B"
echo "$out" | grep -qE 'external: L1 hashed-PC field: 49152 B / 128 B = 384 lines x 5 b = 240 B +384 line +5 +1920' \
  && ok "overhead paper L1 HPC field: 384 lines x 5 b = 1920 bits = 240 B" || bad "overhead paper HPC field 240 B"
echo "$out" | grep -q 'lm overhead: 632 B (5056 bits), 1.29% of data capacity' \
  && ok "overhead paper total: 392 + 240 = 632 B of a 48 KB L1" || bad "overhead paper total: $(echo "$out" | tail -1)"
# doc "Which rows are SRAM": the SRAM shape's three E-bit flop vectors, interface rows
echo "$out" | grep -qE 'high-locality summary .* +32 entry +1 +32' && echo "$out" | grep -qE 'SRAM PC-written flags .* +32 entry +1 +32' \
  && echo "$out" | grep -qE 'SRAM counters-current flags .* +32 entry +1 +32' && echo "$out" | grep -qE 'interface +subtotal +259 ' \
  && ok "overhead paper: high summary, PC-written and counters-current flags 3 x 32 bits; interface 96 + 163 = 259 bits" \
  || bad "overhead paper: the SRAM shape's flag rows or the interface subtotal 259"
# 16 entries, 16-bit counters: 16 x (2+32+32) = 1056 bits = 132 B; 32 KB L1 of 64 B lines: 512 x 4 b = 256 B
out=$(build/kit overhead lm Entries=16 CntW=16 L1Bytes=32768 LineBytes=64)
echo "$out" | grep -q '= 16 x 66 b = 132 B' && echo "$out" | grep -q '512 lines x 4 b = 256 B' \
  && echo "$out" | grep -q 'lm overhead: 388 B (3104 bits)' && ok "overhead Entries=16 CntW=16: 132 B + 256 B" \
  || bad "overhead Entries=16 CntW=16: $(echo "$out" | tail -1)"

# ---- synthesis: no latches, RTL flops == model total minus the external row
for c in "$TINY" "$SAT" "$T99" "Entries=16 CntW=4 WinLen=100 Thresh=20 WinCntW=4"; do synth_check lm "$c"; done

# ---- bad input ------------------------------------------------------------
T=build/test/bad_lm; rm -rf "$T"; mkdir -p "$T"
expect_err "lm Entries=12 not a power of two" "Entries=12 must be a power of two" build/kit overhead lm Entries=12
expect_err "lm Entries=64 out of range" "Entries=64 out of range 2..32" build/kit overhead lm Entries=64
expect_err "lm Thresh=100 (make check)" "Thresh=100 out of range 0..99" make --no-print-directory check BLOCK=lm PARAMS=Thresh=100
expect_err "lm WinLen=1 (make check)" "WinLen=1 out of range 2..1000000000" make --no-print-directory check BLOCK=lm PARAMS=WinLen=1
expect_err "lm L1Bytes not a multiple of LineBytes" "L1Bytes=1000 must be a multiple of LineBytes=128" build/kit overhead lm L1Bytes=1000
printf 'rst_ni=0\nacc_valid_i=1 acc_pc_i=4 acc_out_i=3\n' > "$T/rsvd.stim"
expect_err "lm reserved outcome in a directed file" "rsvd.stim:2: acc_out_i=3 is reserved" build/kit vectors lm --stim "$T/rsvd.stim" -o "$T/o1.vec"
expect_err "lm reserved outcome through make check" "rsvd.stim:2: acc_out_i=3 is reserved" make --no-print-directory check BLOCK=lm STIM="$T/rsvd.stim"
printf 'vc_valid_i=1 vc_hpc_i=32\n' > "$T/wide.stim"
expect_err "lm hashed PC too wide in a directed file" "wide.stim:1: vc_hpc_i=32 does not fit in 5 bits" build/kit vectors lm --stim "$T/wide.stim" -o "$T/o2.vec"
expect_err "lm RTL refuses Entries=12 (Verilator)" "lm_param_error_Entries" verilator --lint-only -GEntries=12 rtl/lm/lm.v
expect_err "lm RTL refuses Thresh=100 (Icarus)" "lm_param_error_Thresh" iverilog -g2005 -o "$T/x" -Plm.Thresh=100 rtl/lm/lm.v

# ---- the checker can fail -------------------------------------------------
fault_caught lm 5 50000 4321 state_o "$SAT"

# ---- formal: proof and covers (formal/lm.sby), then four planted bugs must
# break it (bounded from reset: the bmc task) --------------------------------
formal/formal.sh lm
plant() { formal_planted lm "$@"; }
# selection when the high set is non-empty OR repeats (not AND)
plant "selection without the repeat" 's/if ((high != {Entries{1.b0}}) \&\& (high == prev)) begin/if ((high != {Entries{1'"'"'b0}}) || (high == prev)) begin/' bmc
# windows_o wraps instead of saturating
plant "windows_o wraps" 's/windows_d = (windows_q == WinMax) ? windows_q : (windows_q + WinOne);/windows_d = windows_q + WinOne;/' bmc
# the SRAM shape (doc "Which rows are SRAM"): a window end that forgets the
# lazy clear of the counters, and an access that leaves the high summary stale
plant "window end keeps the counters current" 's/^      cur_d  = {Entries{1.b0}};$/      cur_d  = cur_d;/' bmc
plant "access leaves the high summary stale" 's/^      high_d\[hpc\] = (lhs > rhs); /      high_d[hpc] = high_q[hpc]; /' prove
