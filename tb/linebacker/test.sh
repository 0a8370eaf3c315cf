# Linebacker SM slice (lm + vtt + ctl and the glue, doc/linebacker.md):
# the integration checks of this block. The generic tests already run it
# like every block: its default check (19_checks, make run: 1,000,000
# cycles at the paper configuration with 2000-cycle windows, and the
# scaled Figure 6 configuration, every cover event, zero mismatches), the
# Figure 6 directed file (06_directed), lint, synthesis, port check,
# vectors and replay, mutation. Here:
#  - the paper configuration as printed reaches Eq. 1 throttles and
#    restores in the default check's 10^6 cycles (seed 1);
#  - the Figure 6 file's expect lines fail when one is wrong (file, line);
#  - viol_o (the integration invariants, checked by the model every cycle)
#    is 0 in every cycle of vector files at both configurations;
#  - a glue bug in the RTL (the VTT answer no longer has priority on the
#    LM's port) is caught by the lockstep with the mismatch report;
#  - the storage report: the section 4.2 table for the whole SM (6230.75 B
#    against the paper's 5.88 KB, with the reason), and the Yosys
#    cross-check of the model's bit count;
#  - bad parameters are named with their sub-block;
#  - formal: the invariants proved at a reduced configuration, a planted
#    glue bug caught.
. "$(dirname "$0")/../test/lib.sh"
FIG6="$(stim_params tb/linebacker/directed/figure6.stim)"
T=build/test/linebacker; rm -rf "$T"; mkdir -p "$T"

# ---- the paper configuration as printed, as the default check runs it (seed 1,
# 10^6 cycles = 20 windows): Eq. 1 throttles and restores, not only at
# shortened windows (read from the run's result)
bin=$(block_bin linebacker "") || bad "build linebacker"
"$bin" --seed 1 --cycles 1000000 --result "$T/paper.json" >/dev/null 2>&1
got=$(jget "$T/paper.json" '"%s %d %d %d" % (d["verdict"], d["cover"]["throttle"], d["cover"]["restore"], d["cover"]["hold"])')
set -- $got
[ "$1" = matched ] && [ "$2" -gt 0 ] && [ "$3" -gt 0 ] \
  && ok "linebacker paper configuration, 10^6 cycles: $2 Eq. 1 throttles, $3 restores, $4 holds, 0 mismatches" \
  || bad "linebacker paper configuration: '$got' (verdict, throttles, restores, holds; reproduce: make check BLOCK=linebacker CYCLES=1000000)"

# ---- Figure 6: a wrong hand-computed expect is named ------------------------
wrong_expect linebacker tb/linebacker/directed/figure6.stim figure6_wrong 's/^expect vp_act_o=0xc lrn_ack_o=5 dbg_c_o=1/expect vp_act_o=0xe lrn_ack_o=5 dbg_c_o=1/' \
  "Figure 6: VP 1 active after CTA 3's backup" 'expect vp_act_o=0xe but the model gives 0xc'

# ---- viol_o = 0 in every cycle -----------------------------------------------
for p in "WinLen=2000" "$FIG6"; do
  viol_zero linebacker 3 300000 "${p%% *}..." "$p"
done

# ---- a glue bug in the RTL is caught by the lockstep ------------------------
glue_bug linebacker "hit_ready_o always 1" 's/assign hit_ready_o *= .*;/assign hit_ready_o = 1'"'"'b1;/' hit_ready_o \
  "rtl/lm/lm.v rtl/vtt/vtt.v rtl/ctl/ctl.v rtl/mem/kit_mem.v" "$FIG6"

# ---- storage ---------------------------------------------------------------
out=$(make --no-print-directory overhead BLOCK=linebacker)
echo "$out" | tail -16
echo "$out" | grep -qE 'sum of the items +49846 bits +6230.75 B = 6.085 KiB' && echo "$out" | grep -q '"Overall linebacker requires 5.88 KB"' \
  && echo "$out" | grep -q '6020.75 B = 5.8796 KiB' \
  && ok "overhead linebacker: section 4.2 items sum to 49846 bits = 6230.75 B, next to the paper's 5.88 KB and the reason" \
  || bad "overhead linebacker: the section 4.2 table"
for row in "L1 HPC field.* 1920 bits +240.00 B" "Load Monitor.* 3136 bits +392.00 B" "IPC monitor .* 96 bits +12.00 B" \
           "Common Info .* 54 bits +6.75 B" "Per-CTA Info .* 1440 bits +180.00 B" "Victim Tag Table.* 36864 bits +4608.00 B" \
           "address fields .* 192 bits +24.00 B" "data fields .* 6144 bits +768.00 B"; do
  echo "$out" | grep -qE "$row" || bad "overhead linebacker: row /$row/ missing"
done
echo "$out" | grep -qE '^  interface +glue: lk_pc 32, ev_st 2, ev_set, ev_tag, ev_useful 1, win_chk 1 +1 block +60 +60$' \
  && ok "overhead linebacker: the glue's registers, 32 + 2 + 6 + 18 + 1 + 1 = 60 bits" \
  || bad "overhead linebacker: the glue row"
for c in "$FIG6" "Entries=2 CntW=2 WinLen=4 Sets=1 VpWays=1 NumVp=2 TagW=2 Offset=1 VpLat=1 RnW=4 MaxCta=2 InstW=8 RetW=1 BufEnt=1"; do
  synth_check linebacker "$c"
done

# ---- bad parameters ------------------------------------------------------
expect_err "linebacker VTT geometry past the RF" "vtt: .*Offset" build/kit overhead linebacker RnW=10
expect_err "linebacker LoRatio above UpRatio" "ctl: parameter LoRatio=120 must not exceed UpRatio=110" build/kit overhead linebacker LoRatio=120
expect_err "linebacker Entries not a power of two" "lm: .*Entries" build/kit overhead linebacker Entries=12
stim_refused linebacker op3.stim 'rst_ni=0\nreq_valid_i=1 req_op_i=3\n' "linebacker reserved queue op in a directed file" \
  "op3.stim:2: req_op_i=3 is reserved"

# ---- formal: the invariants proved at a reduced configuration; planted glue bugs caught
formal/formal.sh linebacker prove cover bmc premises || bad "formal linebacker (prove, cover, bmc, premises)"
formal_planted linebacker "the CTL's window input cut (I-WIN)" \
  's/\.win_end_i      (lm_win_end),/.win_end_i      (1'"'"'b0),/' bmc
formal_planted linebacker "the CTL acknowledges its own LRN (I-ACK)" \
  's/\.lrn_ack_i      (vtt_lrn_ack),/.lrn_ack_i      (ctl_lrn),/' bmc
formal_planted linebacker "the VTT's LRN input tied to 0 (handshake)" \
  's/\.lrn_i         (ctl_lrn),/.lrn_i         ({RnW{1'"'"'b0}}),/' bmc

# ---- traffic (doc "Traffic", tb/linebacker/linebacker_traffic.c) -----------
# SM 0's L1 events reach the LM's hit port and the VTT's queue, its CTAs
# the CTL (check-list configuration WinLen=2000, no build of its own): the
# LM selects on matmul's and bfs's reuse, the VTT caches victims in
# registers and hits, the CTL throttles and restores; a fault planted on
# traffic is caught at its cycle.
traffic_check linebacker matmul "" "WinLen=2000" 'c["lm_selected"] == 1 and c["victim_fill"] > 0 and c["vtt_hit_data_mode"] > 0 and c["store_probe_hit"] > 0 and c["proactive_throttle"] == 1 and c["restore"] > 0 and c["completion"] == 16' \
  "matmul: LM selected, victims cached and hit in the RF, SM 0's 16 CTAs complete"
traffic_check linebacker bfs "" "WinLen=2000" 'c["lm_selected"] == 1 and c["throttle"] > 0 and c["restore"] > 0 and c["backup_read"] > 0 and c["restore_write"] > 0 and c["eviction_useful"] > 0 and c["eviction_not_useful"] > 0' \
  "bfs: Eq. 1 throttles and restores move registers while the VTT caches gather victims"
traffic_fault linebacker bfs "" 5000 req_ready_o "WinLen=2000"
# the integration invariants hold on traffic too (bfs is 46377 cycles)
viol_zero linebacker 1 46377 "traffic bfs" "--traffic bfs WinLen=2000"
