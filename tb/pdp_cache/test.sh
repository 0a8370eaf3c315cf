# PDP cache (doc/pdp_cache.md), end to end on the harness: lockstep beyond
# the check list, storage, synthesis, bad input, formal with planted bugs,
# the paper-reading pairs and fault injection for this block.
#
# State space: per line valid, tag, reserved bit, LRU rank and RPD; sets
# never interact (an access, a fill and a debug read each touch one set),
# so one set's lines in every combination of invalid / reserved /
# unprotected / protected is the space, reached by the generator's hot
# sets, small tag pools, PDs 0..DMax (above DMax too) and random fills. The
# default check (19_checks) runs the check list and the directed files; this
# script adds what the list does not hold (VicLru 0 with reservation, at 5
# ways in 4 sets), the storage rows of the paper
# L1, Yosys flop counts equal to the model's estimate at every mode
# combination, the bad-input messages, the formal proof (and two planted
# bugs it must catch), the paper-reading pairs (the same traffic, expects
# that differ) and a fault caught at its cycle.
. "$(dirname "$0")/../test/lib.sh"

# ---- lockstep (run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS) ---------
run() { lockstep_cov pdp_cache "$@"; }
# 5 ways (ways 5..7 beyond Ways), VicLru 0 (dbg_rank_o's 3 bits stay 0),
# WrEvict 0: misses write_hit_evict
run "Sets=4 Ways=5 TagW=4 DMax=16 VicLru=0 WrEvict=0" 2 100000 3 16

# ---- paper readings: the same traffic, expects that differ ----------------
readings_pair pdp_cache tb/pdp_cache/directed/e2_lru.stim tb/pdp_cache/directed/e2_lowest.stim
readings_pair pdp_cache tb/pdp_cache/directed/write_evict.stim tb/pdp_cache/directed/write_keep.stim

# ---- storage (doc "Storage") ----------------------------------------------
out=$(make --no-print-directory overhead BLOCK=pdp_cache)
echo "$out"
echo "$out" | grep -qE 'added +RPD \(D1\): Sets x Ways x log2 DMax = 64 x 4 x 6 = 1536 bits +256 line +6 +1536' \
  && ok "overhead paper L1: RPD 64 x 4 x 6 = 1536 bits (added)" || bad "overhead paper RPD row"
base=$(overhead_val pdp_cache "" 'sum(w["total_bits"] for w in r["rows"] if w["group"] == "baseline" and not w["external"])')
[ "$base" = 5888 ] && ok "overhead paper L1: baseline valid + tag + reserved + rank = 256 x 23 = 5888 bits" \
  || bad "overhead paper baseline: $base bits, expected 5888"
echo "$out" | grep -qE 'interface +SRAM row-written flags \(the banks. reset\) +64 set +1 +64$' \
  && echo "$out" | grep -qE 'interface +subtotal +102 ' && echo "$out" | grep -qE 'external: data: .* 262144$' \
  && ok "overhead paper L1: interface 38 bits + 64 SRAM row-written flags, external data 262144 bits" \
  || bad "overhead paper interface / external"
echo "$out" | grep -q 'pdp_cache overhead: 192 B (1536 bits), 0.59% of data capacity' \
  && ok "overhead paper total: 192 B, 0.59% of 32 KB" || bad "overhead paper total: $(echo "$out" | tail -1)"
out=$(build/kit overhead pdp_cache Sets=128)
echo "$out" | grep -q 'pdp_cache overhead: 384 B (3072 bits), 0.59% of data capacity' \
  && ok "overhead 64 KB L1 (VI-C, 128 sets): 384 B of RPD" || bad "overhead 64 KB L1: $(echo "$out" | tail -1)"

# ---- synthesis: no latches, RTL flops == model total minus the external row
# (every mode parameter at 1 and at 0, 1 way, 3 and 5 ways)
for c in "Sets=2 Ways=3 TagW=3 DMax=8" "Sets=4 Ways=2 TagW=4 DMax=16 VicLru=0 Resv=0 WrEvict=0" \
         "Sets=1 Ways=1 TagW=2 DMax=4" "Sets=2 Ways=5 TagW=5 DMax=32 VicLru=0"; do
  synth_check pdp_cache "$c"
done

# ---- bad input --------------------------------------------------------------
T=build/test/bad_pdp_cache; rm -rf "$T"; mkdir -p "$T"
expect_err "pdp_cache Sets=48 not a power of two" "Sets=48 must be a power of two" build/kit overhead pdp_cache Sets=48
expect_err "pdp_cache DMax=48 not a power of two" "DMax=48 must be a power of two" build/kit overhead pdp_cache DMax=48
expect_err "pdp_cache Ways=17 (make check)" "Ways=17 out of range 1..16" make --no-print-directory check BLOCK=pdp_cache PARAMS=Ways=17
expect_err "pdp_cache VicLru=2" "VicLru=2 out of range 0..1" build/kit overhead pdp_cache VicLru=2
printf 'rst_ni=0\nacc_valid_i=1 pd_i=65\n' > "$T/pd65.stim"
expect_err "pdp_cache pd_i above DMax in a directed file" "pd65.stim:2: pd_i=65 out of range 0..64" \
  make --no-print-directory check BLOCK=pdp_cache STIM="$T/pd65.stim"
stim_refused pdp_cache pdwide.stim 'pd_i=128\n' "pdp_cache pd_i too wide in a directed file" \
  "pdwide.stim:1: pd_i=128 does not fit in 7 bits"
expect_err "pdp_cache RTL refuses Sets=48 (Verilator)" "pdp_cache_param_error_Sets" verilator --lint-only -GSets=48 rtl/pdp_cache/pdp_cache.v
expect_err "pdp_cache RTL refuses Ways=17 (Icarus)" "pdp_cache_param_error_Ways" iverilog -g2005 -o "$T/x" -Ppdp_cache.Ways=17 rtl/pdp_cache/pdp_cache.v

# ---- formal: proofs, covers, premises; then planted bugs must break it ----
formal/formal.sh pdp_cache
plant() { formal_planted pdp_cache "$@"; }
# bypass although an unprotected line exists (D4): invariant 5
plant "bypass past an unprotected line" 's/      end else if (!any_inv \&\& !any_unp \&\& byp_en_i) begin/      end else if (!any_inv \&\& byp_en_i) begin/' bmc
# writes age the set (D6: not PDP accesses): invariant 7
plant "writes decrement" 's/      if (acc_valid_i \&\& !acc_wr_i \&\& (rp_next != {PdW{1.b0}})) begin/      if (acc_valid_i \&\& (rp_next != {PdW{1'"'"'b0}})) begin/' bmc

# ---- the checker can fail ----------------------------------------------------
fault_caught pdp_cache 5 30000 23456 dbg_rpd_o
wrong_expect pdp_cache tb/pdp_cache/directed/e3_forced.stim e3_wrong 's/^expect rsp_valid_o=1 rsp_kind_o=1 rsp_way_o=0 rsp_evict_o=1 rsp_forced_o=1$/expect rsp_valid_o=1 rsp_kind_o=1 rsp_way_o=1 rsp_evict_o=1 rsp_forced_o=1/' \
  "E3's forced victim in w1" 'expect rsp_way_o=0x1 but the model gives 0x0'

# ---- make equiv finds a bug in a non-default mode without PARAMS ----------
# (write hits invalidate under WrEvict = 0 too: only the WrEvict = 0
# equivalence configuration can see it)
equiv_mode_bug pdp_cache 'WrEvict=0' "a write-evict bug under WrEvict = 0" \
  's/        wr_inv     = acc_wr_i \&\& (WrEvict == 1) \&\& !rrow\[way_hit\];/        wr_inv     = acc_wr_i \&\& !rrow[way_hit];/'
