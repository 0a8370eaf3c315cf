# VTT (Linebacker Victim Tag Table, doc/vtt.md): lockstep (speed is make bench's),
# storage, synthesis, bad input, formal and fault injection for this block.
#
# State space: per set a valid vector, tags and an LRU-rank permutation
# over all TotWays ways; the applied mode (monitoring / victim cache / off,
# final once decided), the active-partition mask with its acknowledged
# LRN, and the blocking engine (busy counter and held request). The random
# generator (tb/vtt/vtt_stim.c) runs reset-to-reset episodes: monitoring, then
# the LM's decision, hot sets that fill and evict, a small tag pool so
# lookups, probes and duplicate inserts hit, and an LRN level that moves
# over VP boundaries (partial masks, withdrawals during operations). The
# paper configuration (48 sets, 8 VPs of 4 ways, 18-bit tags, 11-bit RNs,
# Offset 512, 3 cycles per VP) must toggle every output bit and reach all
# 25 cover events in 1,000,000 cycles.
#
# Parameter space, 200,000 cycles each: 1-way partitions (ONEWAY: 4 VPs of
# 1 way, 5 sets, not a power of two), one 32-way partition (WIDE), the
# directed files' configuration (SMALL: 2 VPs of 2 ways), MaxLat = 1
# (NOFSM: 1 VP, 1 cycle per VP: no busy engine) and 3 VPs (ODD: TotWays
# and the VP count not powers of two). What they cannot reach, by
# construction: with VpWays = 1 rsp_way_o is always 0 (1 toggle bit); with
# NumVp = 1 rsp_vp_o is always 0 (1 bit) and no mask is partial (event
# vp_partial_mask); with Sets a power of two no set index is out of range
# (set_out_of_range); with MaxLat = 1 the block is never busy (req_ready_o
# stays 1; lrn_change_held_while_busy). The directed files (06) pin every
# rule with hand-computed expects; the formal proof covers every reachable
# state of a reduced configuration.
. "$(dirname "$0")/../test/lib.sh"

PAPER="Sets=48 VpWays=4 NumVp=8 TagW=18 RnW=11 Offset=512 VpLat=3"
ONEWAY="Sets=5 VpWays=1 NumVp=4 TagW=6 RnW=5 Offset=9 VpLat=2"
WIDE="Sets=3 VpWays=32 NumVp=1 TagW=8 RnW=7 Offset=20 VpLat=4"
SMALL="Sets=2 VpWays=2 NumVp=2 TagW=8 RnW=4 Offset=8 VpLat=2"     # = tb/vtt/directed/replacement.stim
NOFSM="Sets=4 VpWays=2 NumVp=1 TagW=4 RnW=4 Offset=3 VpLat=1"
ODD="Sets=3 VpWays=1 NumVp=3 TagW=5 RnW=6 Offset=40 VpLat=3"

# ---- lockstep -------------------------------------------------------------
run() { lockstep_cov vtt "$@"; }  # run PARAMS SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS
run "$PAPER" 1 1000000 0 25
run "$ONEWAY" 2 200000 1 25
run "$WIDE" 3 200000 1 24
run "$SMALL" 4 200000 0 24
run "$NOFSM" 5 200000 2 22
run "$ODD" 6 200000 1 25

# ---- storage (section 4.2) ----------------------------------------------
out=$(make --no-print-directory overhead BLOCK=vtt PARAMS="$PAPER LineBytes=128")
echo "$out"
echo "$out" | grep -qE 'VTT tags: 8 VPs x 48 sets x 4 ways = 1536 entries x \(1 \+ 18 \+ 5\) bits = 36864 bits = 4608 B +1536 entry +24 +36864' \
  && ok "overhead paper VTT: 1536 entries x (1 + 18 + 5) bits = 36864 bits = 4608 B" || bad "overhead paper VTT 4608 B"
echo "$out" | grep -qE 'baseline +external: victim data in the register file: 1536 entries x 128 B = 196608 B +1536 entry +1024 +1572864' \
  && ok "overhead paper victim data: external, 1536 x 128 B in the register file" || bad "overhead paper external victim data"
echo "$out" | grep -q 'vtt overhead: 4608 B (36864 bits), 2.34% of data capacity' \
  && ok "overhead paper total: 4608 B, 2.34% of the 192 KB victim space" || bad "overhead paper total: $(echo "$out" | tail -1)"
# 4 VPs of 8 ways, 64 sets, 20-bit tags: 2048 entries x (1 + 20 + 5) = 53248 bits = 6656 B
out=$(build/kit overhead vtt Sets=64 VpWays=8 NumVp=4 TagW=20 RnW=12 Offset=1024)
echo "$out" | grep -q '= 2048 entries x (1 + 20 + 5) bits = 53248 bits = 6656 B' \
  && echo "$out" | grep -q 'vtt overhead: 6656 B (53248 bits)' && ok "overhead Sets=64 VpWays=8 NumVp=4 TagW=20: 6656 B" \
  || bad "overhead Sets=64 VpWays=8 NumVp=4 TagW=20: $(echo "$out" | tail -1)"

# ---- synthesis: no latches, RTL flops == model total minus the external row
# (1-way, 32-way, small, MaxLat = 1, one set, 3 VPs, RN bits that are
# copies of each other (RNs 3..4), VpLat 5 and 8)
for c in "$ONEWAY" "$WIDE" "$SMALL" "$NOFSM" "$ODD" "Sets=1 VpWays=1 NumVp=2 TagW=2 RnW=3 Offset=3 VpLat=2" \
         "Sets=6 VpWays=4 NumVp=2 TagW=2 RnW=7 Offset=64 VpLat=5" "Sets=2 VpWays=2 NumVp=3 TagW=3 RnW=5 Offset=17 VpLat=8"; do
  synth_check vtt "$c"
done

# ---- SRAM (issue 32): Yosys infers the tag/rank banks as memories --------
# SMALL: TotWays = 4 banks of Sets = 2 words of TagW + RankW = 8 + 2 bits
sram_mem() { echo "$1" | awk '$1 == "STORAGE" {print $4}'; }
got=$(sram_mem "$(tools/synth.sh vtt "$SMALL")")
[ "$got" = "mem=80" ] && ok "SRAM vtt $SMALL: Yosys infers 4 banks x 2 sets x 10 bits = 80 memory bits" \
  || bad "SRAM vtt $SMALL: Yosys memory bits '$got', expected mem=80"
# the check can fail: a kit_mem whose array Yosys must turn into flops
T=build/test/sram_vtt; rm -rf "$T"; mkdir -p "$T"
sed 's/^  reg \[Width-1:0\] mem_q /  (* mem2reg *) reg [Width-1:0] mem_q /' rtl/mem/kit_mem.v > "$T/kit_mem.v"
if cmp -s rtl/mem/kit_mem.v "$T/kit_mem.v"; then bad "SRAM planted flop kit_mem: the sed no longer matches rtl/mem/kit_mem.v"
else
  got=$(sram_mem "$(SYNTH_RTL="rtl/vtt/vtt.v $T/kit_mem.v" tools/synth.sh vtt "$SMALL")")
  [ "$got" = "mem=0" ] && ok "SRAM check sees a kit_mem mapped to flops (mem2reg planted): $got, not mem=80" \
    || bad "SRAM planted flop kit_mem: memory bits '$got', expected mem=0"
fi

# ---- bad input ------------------------------------------------------------
T=build/test/bad_vtt; rm -rf "$T"; mkdir -p "$T"
expect_err "vtt Offset + entries beyond 2^RnW" "Offset=513: Offset \+ NumVp x Sets x VpWays = 513 \+ 1536 = 2049 exceeds the register space 2\^RnW = 2048" \
  build/kit overhead vtt Offset=513
expect_err "vtt Offset + entries beyond 2^RnW (make check)" "Offset=1024: .* exceeds the register space" \
  make --no-print-directory check BLOCK=vtt PARAMS=Offset=1024
expect_err "vtt VpWays=3 not a power of two" "VpWays=3 must be a power of two" build/kit overhead vtt VpWays=3
expect_err "vtt 64 ways per set" "NumVp=8 x VpWays=8 = 64 ways per set, must be 2..32" build/kit overhead vtt VpWays=8 RnW=13
expect_err "vtt 1 way per set" "NumVp=1 x VpWays=1 = 1 ways per set, must be 2..32" build/kit overhead vtt NumVp=1 VpWays=1
expect_err "vtt Offset=0" "Offset=0 out of range 1..65535" build/kit overhead vtt Offset=0
expect_err "vtt VpLat=0 (make check)" "VpLat=0 out of range 1..16" make --no-print-directory check BLOCK=vtt PARAMS=VpLat=0
printf 'rst_ni=0\nreq_valid_i=1 req_op_i=3 req_set_i=1\n' > "$T/op3.stim"
expect_err "vtt reserved op in a directed file" "op3.stim:2: req_op_i=3 is reserved" build/kit vectors vtt --stim "$T/op3.stim" -o "$T/o1.vec"
expect_err "vtt reserved op through make check" "op3.stim:2: req_op_i=3 is reserved" make --no-print-directory check BLOCK=vtt STIM="$T/op3.stim"
printf 'rst_ni=0\nidle\nreq_valid_i=1 req_op_i=0 req_set_i=48 req_tag_i=5\n' > "$T/set48.stim"
expect_err "vtt set index >= Sets in a directed file" "set48.stim:3: req_set_i=48 out of range 0..47" build/kit vectors vtt --stim "$T/set48.stim" -o "$T/o2.vec"
printf 'rst_ni=0\nlm_state_i=3\n' > "$T/state3.stim"
expect_err "vtt lm_state 3 in a directed file" "state3.stim:2: lm_state_i=3 is not an LM state" build/kit vectors vtt --stim "$T/state3.stim" -o "$T/o3.vec"
printf 'req_set_i=64\n' > "$T/wide.stim"
expect_err "vtt set index too wide in a directed file" "wide.stim:1: req_set_i=64 does not fit in 6 bits" build/kit vectors vtt --stim "$T/wide.stim" -o "$T/o4.vec"
left=$(ls "$T" | grep -E '^o[0-9]\.vec' || true)
[ -z "$left" ] && ok "vtt: no output file left by the failed commands" || bad "vtt: files left behind: $left"
expect_err "vtt RTL refuses Offset + entries > 2^RnW (Verilator)" "vtt_param_error_Offset_plus_entries_exceeds_2_pow_RnW" verilator --lint-only -GOffset=513 rtl/vtt/vtt.v
expect_err "vtt RTL refuses 64 ways per set (Icarus)" "vtt_param_error_NumVp_x_VpWays_must_be_2_to_32" iverilog -g2005 -o "$T/x" -Pvtt.VpWays=8 -Pvtt.RnW=13 rtl/vtt/vtt.v
expect_err "vtt RTL refuses VpWays=3 (Icarus)" "vtt_param_error_VpWays_must_be_power_of_two" iverilog -g2005 -o "$T/x" -Pvtt.VpWays=3 rtl/vtt/vtt.v

# ---- formal: proof and covers, then two planted bugs must break it -------
formal/formal.sh vtt
plant() { formal_planted vtt "$@"; }
# a VP starting at the LRN counted as free (>= for >): RN = LRN can be emitted
plant "activation Base(N) >= LRN" 's/act_lrn\[n\] = (base_tmp > lrnc);/act_lrn[n] = (base_tmp >= lrnc);/'
# Eq. 2 one register low (the paper's Offset 511 / 512 slip inside the VP)
plant "Eq. 2 off by one" 's/    rn            = basec + CVpWays \* setc + wayc;/    rn            = basec + CVpWays * setc + wayc - COne;/'

# ---- the checker can fail -------------------------------------------------
fault_caught vtt 5 60000 43210 rsp_rn_o
wrong_expect vtt tb/vtt/directed/eq2_offset512.stim eq2_wrong 's/^expect rsp_valid_o=1 rsp_fill_o=1 rsp_vp_o=7 rsp_way_o=3 rf_wr_o=1 rsp_rn_o=2047 rsp_vps_o=1 evict_valid_o=0$/expect rsp_valid_o=1 rsp_fill_o=1 rsp_vp_o=7 rsp_way_o=3 rf_wr_o=1 rsp_rn_o=2046 rsp_vps_o=1 evict_valid_o=0/' \
  "last RN 2046 at Offset 512" 'expect rsp_rn_o=0x7fe but the model gives 0x7ff'
