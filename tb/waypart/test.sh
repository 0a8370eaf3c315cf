# waypart (doc/waypart.md), end to end on the harness: lockstep beyond the
# check list, the Flush reading pair, storage, synthesis, bad input, formal
# with planted bugs and fault injection for this block.
#
# State space: per line valid, tag and LRU rank, seen through the masks of
# the partition register; sets interact only through a Flush write (one
# column of every set), so one set's lines in every combination of
# invalid / own / foreign / unowned ways, under every partition the
# generator writes (Even, +1/-1 moves, any composition, sums below and
# above Ways), is the space; the counters are independent of it (weighted
# sums, saturation, quota, freeze). The default check (19_checks) runs the
# check list and the directed files; this script adds what the list does
# not hold (4 kernels over 6 ways in 5 sets under Flush, every field width
# odd), the paper-reading pair (the same traffic, expects that differ),
# the storage rows of the paper L1, Yosys flop counts equal to the model's
# estimate, the bad-input messages, the static scheme offline (`kit
# partition` on the doc's two tables, its directed file run on the block,
# its bad-input messages), the formal proof (and two planted bugs it must
# catch), a fault caught at its cycle and a Flush-only bug that make equiv
# finds without PARAMS.
. "$(dirname "$0")/../test/lib.sh"

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
run() { lockstep_cov waypart "$@"; }
# 4 kernels over 6 ways in 5 sets, Flush: every derived width odd (SetW 3,
# WayW 3, KW 2, CW 3); kernel 4+ does not exist (KW 2 holds 0..3 = K-1),
# so bypass_bad_kernel, store_bad_kernel and tb_bad_kernel cannot happen;
# a 12-bit IPC register does not saturate in 100,000 cycles
run "Sets=5 Ways=6 TagW=5 Kernels=4 TbW=3 RetW=3 WgtW=5 IpcW=12 Flush=1" 2 100000 4 18

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair waypart tb/waypart/directed/a_partition.stim tb/waypart/directed/a_flush.stim

# ---- storage (doc "Storage") ----------------------------------------------
out=$(make --no-print-directory overhead BLOCK=waypart)
echo "$out"
echo "$out" | grep -qE 'added +subtotal +47 ' && echo "$out" | grep -qE 'partition register .* 1 SM +6 +6$' \
  && echo "$out" | grep -qE 'IPC register .* 1 SM +32 +32$' \
  && ok "overhead paper L1: partition 6 + IPC 32 + TB counters 8 + done 1 = 47 bits added" || bad "overhead paper added rows"
base=$(overhead_val waypart "" 'sum(w["total_bits"] for w in r["rows"] if w["group"] == "baseline" and not w["external"])')
[ "$base" = 2944 ] && ok "overhead paper L1: baseline valid + tag + rank = 128 x 23 = 2944 bits" \
  || bad "overhead paper baseline: $base bits, expected 2944"
echo "$out" | grep -qE 'response registers.* 29 +29$' && echo "$out" | grep -qE 'debug registers.* 23 +23$' \
  && echo "$out" | grep -qE 'external: launch registers .* 24 +24$' \
  && echo "$out" | grep -qE 'SRAM row-written flags \(tag/rank banks. reset\) +32 set +1 +32$' \
  && ok "overhead paper L1: interface 29 + 23 bits + 32 SRAM row-written flags, launch registers 24 bits external" \
  || bad "overhead paper interface rows"
echo "$out" | grep -q 'waypart overhead: 6 B (47 bits), 0.04% of data capacity' \
  && ok "overhead paper total: 47 bits per SM against the paper's 2 x 32" || bad "overhead paper total: $(echo "$out" | tail -1)"

# ---- synthesis: no latches, RTL flops == model total minus the external rows
# (both Flush values at 2 sets, 3 kernels over 3 ways in 3 sets, one kernel)
for c in "Sets=2" "Sets=2 Flush=1" "Sets=3 Ways=3 TagW=3 Kernels=3 TbW=1 RetW=1 WgtW=2 IpcW=4" \
         "Sets=2 Ways=2 TagW=2 Kernels=1 Flush=1"; do
  synth_check waypart "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_waypart; rm -rf "$T"; mkdir -p "$T"
expect_err "waypart Kernels=4 Ways=32: mask_o of 128 bits" "Kernels x Ways = 128 must be <= 64" build/kit overhead waypart Kernels=4 Ways=32
expect_err "waypart Kernels=8 Ways=16: a 40-bit partition register" "Kernels x clog2\\(Ways\\+1\\) = 40 must be <= 32" build/kit overhead waypart Kernels=8 Ways=16
expect_err "waypart Ways=1 (make check)" "Ways=1 out of range 2..32" make --no-print-directory check BLOCK=waypart PARAMS=Ways=1
expect_err "waypart Flush=2" "Flush=2 out of range 0..1" build/kit overhead waypart Flush=2
# (at the check list's third configuration: its model is built already)
printf 'params Sets=3 Ways=3 TagW=3 Kernels=3 TbW=1 RetW=1 WgtW=2 IpcW=4\nrst_ni=0\nacc_valid_i=1 acc_k_i=3\n' > "$T/k3.stim"
expect_err "waypart acc_k_i beyond K in a directed file" "k3.stim:3: acc_k_i=3 out of range 0..2" \
  make --no-print-directory check BLOCK=waypart STIM="$T/k3.stim"
printf 'rst_ni=0\npart_we_i=1 part_i=0xc\n' > "$T/sum5.stim"
expect_err "waypart a partition summing above Ways in a directed file" "sum5.stim:2: part_i=0xc: way counts sum to 5 > Ways=4" \
  make --no-print-directory check BLOCK=waypart STIM="$T/sum5.stim"
expect_err "waypart RTL refuses Kernels=9 (Verilator)" "waypart_param_error_Kernels" verilator --lint-only -GKernels=9 rtl/waypart/waypart.v
expect_err "waypart RTL refuses Ways=1 (Icarus)" "waypart_param_error_Ways" iverilog -g2005 -o "$T/x" -Pwaypart.Ways=1 rtl/waypart/waypart.v

# ---- the static scheme: Algorithm 1 offline (doc "The static scheme") ------
out=$(build/kit partition tb/waypart/static/table1.tab -o "$T/t1.stim"); rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -q '^  Algorithm 1:  (4, 0)  STP 2.043478  part_i=0x4$' && echo "$out" | grep -q '^  agrees: ' \
  && grep -qx 'part_we_i=1 part_i=0x4' "$T/t1.stim" \
  && ok "kit partition table1: B a bypass candidate, Algorithm 1 (4, 0) = brute force, part_i 0x4" \
  || bad "kit partition table1: rc=$rc $out"
out=$(make --no-print-directory check BLOCK=waypart STIM="$T/t1.stim" 2>&1); rc=$?
[ $rc -eq 0 ] && ok "kit partition's directed file loads (4, 0) into waypart (make check STIM=, part_o expected)" \
  || bad "make check STIM=t1.stim: rc=$rc $(echo "$out" | tail -3)"
j=$(build/kit partition tb/waypart/static/table2.tab --json)
[ "$(echo "$j" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["alg1"], d["brute"], d["agrees"], d["part_i"], d["candidates"])')" = "[0, 4] [4, 0] False 32 ['A']" ] \
  && ok "kit partition table2 (JSON): Algorithm 1 (0, 4) differs from the best (4, 0) on a cliff-shaped kernel" \
  || bad "kit partition table2: $j"
printf 'ways 4\nkernel A 1 2 3\n' > "$T/short.tab"
expect_err "kit partition: a kernel line with too few values" "short.tab:2: kernel line: expected a name, the bypass throughput and 4 throughputs \\(1..4 ways\\), got 4 values" \
  build/kit partition "$T/short.tab" -o "$T/short.stim"
[ ! -e "$T/short.stim" ] && ok "kit partition: no output file left by the failed command" || bad "kit partition: short.stim left behind"
printf 'kernel A 1 2 3\n' > "$T/noways.tab"
expect_err "kit partition: kernel before ways" "noways.tab:1: 'kernel' before the 'ways' line" build/kit partition "$T/noways.tab"
printf 'ways 33\n' > "$T/w33.tab"
expect_err "kit partition: ways beyond 32" "w33.tab:1: ways=33 out of range 2..32" build/kit partition "$T/w33.tab"
printf 'ways 4\nkernel A 1 2 3 4 0\n' > "$T/zero.tab"
expect_err "kit partition: a zero full-cache throughput" "zero.tab:2: kernel A: its throughput with all 4 ways is 0" build/kit partition "$T/zero.tab"
{ echo 'ways 16'; for k in a b c d e; do echo "kernel $k 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"; done; } > "$T/big.tab"
expect_err "kit partition: 5 kernels x 16 ways do not fit waypart" "big.tab: 5 kernels over 16 ways do not fit waypart: " build/kit partition "$T/big.tab"

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh waypart
plant() { formal_planted waypart "$@"; }
# the victim search ignores the kernel's mask: invariant 4
plant "fill outside the mask" 's/      if (own\[w\]) begin/      if (1'"'"'b1) begin/' bmc
# a store hit promotes its way: invariant 5 (stores move no rank)
plant "stores promote" 's/          vrow_d\[way_hit\] = 1.b0;                           \/\/ tag, rank kept/          vrow_d[way_hit] = 1'"'"'b0; touch = 1'"'"'b1;/' bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught waypart 5 30000 23456 ipc_o
wrong_expect waypart tb/waypart/directed/a_partition.stim a_wrong 's/^expect rsp_fill_o=1 rsp_way_o=0 evict_valid_o=1 evict_tag_o=0x1 dbg_tag_o=0x1 dbg_rank_o=0$/expect rsp_fill_o=1 rsp_way_o=1 evict_valid_o=1 evict_tag_o=0x1 dbg_tag_o=0x1 dbg_rank_o=0/' \
  "row 7's LRU victim in way 1" 'expect rsp_way_o=0x1 but the model gives 0x0'

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (an illegal partition write clears the moved ways too: only under Flush = 1,
# so only the Flush = 1 equivalence configuration can see it)
equiv_mode_bug waypart 'Flush=1' "a Flush bug (illegal writes clear moved ways)" \
  's/    clr = (Flush == 1 \&\& part_ok) ? moved : {Ways{1.b0}};/    clr = (Flush == 1 \&\& part_we_i) ? moved : {Ways{1'"'"'b0}};/'

# ---- traffic (doc "Traffic", tb/waypart/waypart_traffic.c) ----------------
# Two co-running kernels on SM 0's L1 under the adapter's period schedule
# (Even, then all ways to one kernel): each kernel's own hits, hits in the
# other's ways (WP4), the zero-way kernel bypassing (WP6), stores
# invalidating (WP7), the partition moving every period and the TB quota
# reached; a start pulse in every 1024-cycle period.
traffic_check waypart mix "A=2 B=0 SMs=2" "" 'c["own_hit"] > 1000 and c["foreign_hit"] > 0 and c["bypass_zero_ways"] > 1000 and c["store_inv"] > 0 and c["done_rise"] > 0 and c["start"] == (n - 2 + 1023) // 1024 and c["mask_change"] == c["start"] - 1' \
  "block + stream: own and foreign hits, bypass at 0 ways, store invalidations, a partition move and a start every period, quota reached"
traffic_check waypart mix "A=5 B=3 SMs=1" "Flush=1" 'c["foreign_hit"] > 100 and c["fill_evict"] > 1000 and c["store_miss"] > 0' \
  "matmul + bfs with moved ways flushed: foreign hits, evictions, store misses"
traffic_fault waypart mix "A=2 B=0 SMs=2" 2000 rsp_way_o
