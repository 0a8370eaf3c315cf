# CBWT sampler-core slice (pdp_cache + pdp + noc_sampler + maw_ctl +
# victim_bits and the glue, doc/cbwt_l1.md): the integration checks of this
# block. The generic tests already run it like every block: its default
# check (19_checks, make run: five configurations, every cover event, zero
# mismatches), the four directed files with hand-computed expects
# (06_directed: scenario 5.3, throttle then recover, the BypMode pair),
# lint, synthesis, port check, vectors and replay. Here:
#  - scenario 5.3's expect lines fail when one is wrong (file, line);
#  - viol_o (the integration invariants, checked by the model every cycle)
#    is 0 in every cycle of vector files at the paper geometry with short
#    periods and at the scenario's configuration;
#  - a glue bug in the RTL (maw_ctl's period end not wired to the NoC
#    sampler) is caught by the lockstep with the mismatch report;
#  - the storage report: V-D's items with their formulas (O_v = 256 B,
#    RPD 192 B per L1, the predictors), and the Yosys cross-check of the
#    model's bit count at both mode settings;
#  - bad parameters are named with their sub-block or the slice rule;
#  - formal: the invariants proved (PDR) at a reduced configuration, the
#    premise check, planted glue bugs caught.
. "$(dirname "$0")/../test/lib.sh"
SCEN="$(stim_params tb/cbwt_l1/directed/scenario53.stim)"
OTHER="Ways=2 TagW=5 DMax=8 SampledSets=1 Sc=2 SampM=2 De=2 PdTagW=5 Slots=2 LatW=4 CntW=4 RateShift=0 NMax=8 Tw=5 TL=4 TH=8 L1s=2 L2Sets=2 L2Ways=2 SampleShift=0 Sets=4 PeriodLog=6 VbPeriod=16 BypMode=0 EqCur=1 PerCore=1 VicLru=0 WrEvict=0 PdMin=1"
T=build/test/cbwt_l1; rm -rf "$T"; mkdir -p "$T"

# ---- scenario 5.3: a wrong hand-computed expect is named --------------------
wrong_expect cbwt_l1 tb/cbwt_l1/directed/scenario53.stim scenario_wrong 's/^expect dec_valid_o=1 dec_o=1 maw_o=4 /expect dec_valid_o=1 dec_o=1 maw_o=7 /' \
  "scenario 5.3: MAW 7 instead of Eq. 1's 4" 'expect maw_o=0x7 but the model gives 0x4'

# ---- viol_o = 0 in every cycle -----------------------------------------------
for p in "PeriodLog=8 LatW=6 TL=8 TH=24 RateShift=2" "$SCEN"; do
  viol_zero cbwt_l1 3 200000 "${p%% *}..." "$p"
done

# ---- a glue bug in the RTL is caught by the lockstep ------------------------
glue_bug cbwt_l1 "noc_sampler's period end cut" 's/\.per_end_i   (per_end_o),/.per_end_i   (1'"'"'b0),/' noc_busy_o \
  "rtl/pdp_cache/pdp_cache.v rtl/pdp/pdp.v rtl/noc_sampler/noc_sampler.v rtl/maw_ctl/maw_ctl.v rtl/victim_bits/victim_bits.v rtl/mem/kit_mem.v" "$SCEN"

# ---- storage: V-D item by item ------------------------------------------------
out=$(make --no-print-directory overhead BLOCK=cbwt_l1)
echo "$out" | tail -14
for row in "victim bits O_v +2048 bits +256.00 B +O_v = P x N x M = L1s x \(L2Sets >> SampleShift\) x L2Ways = 16 x 8 x 16" \
           "contention counters \(LLS, accesses\) +38 bits" "PDP bypass \(RPD per line\) +1536 bits +192.00 B +RPD: Sets x Ways x log2 DMax = 64 x 4 x 6" \
           "PD predictor \(pdp\) +2480 bits" "congestion counters \(noc_sampler\) +142 bits" "MAW predictor \(maw_ctl\) +57 bits" \
           "sum of the items +6301 bits +787.62 B"; do
  echo "$out" | grep -qE "$row" || bad "overhead cbwt_l1: row /$row/ missing"
done
echo "$out" | grep -q '"O_v = P x N x M" = 256 B' && echo "$out" | grep -qE '^  interface +glue: busy_q, busy_q2, wait_q, byp_q 1 each, maw_q NW +1 block +9 +9$' \
  && ok "overhead cbwt_l1: V-D's items (O_v 2048 bits = 256 B as the paper; RPD 1536; pdp 2480; noc 142; maw 57) and the glue's 9 bits" \
  || bad "overhead cbwt_l1: the V-D table or the glue row"
for c in "$SCEN" "$OTHER"; do synth_check cbwt_l1 "$c"; done

# ---- bad parameters ------------------------------------------------------
expect_err "cbwt_l1 pdp bin width not a power of two" "pdp: .*Sc" build/kit overhead cbwt_l1 Sc=3
expect_err "cbwt_l1 TL above TH" "maw_ctl: parameter TL=70 must be <= TH=64" build/kit overhead cbwt_l1 TL=70
expect_err "cbwt_l1 pdp's tag wider than the L1's" "PdTagW=20 must be <= TagW=19" build/kit overhead cbwt_l1 PdTagW=20
expect_err "cbwt_l1 period shorter than the NoC mean's latency" "PeriodLog=2 too small" \
  build/kit overhead cbwt_l1 PeriodLog=2 DMax=8 Sc=4
stim_refused cbwt_l1 ev.stim 'params L2Sets=500\nrst_ni=0\nev_valid_i=1 ev_set_i=510\n' "cbwt_l1 L2 set out of range in a directed file" \
  "ev.stim:3: ev_set_i=510 out of range" L2Sets=500

# ---- formal: the invariants proved at a reduced configuration; planted glue bugs caught
formal/formal.sh cbwt_l1 prove cover premises || bad "formal cbwt_l1 (prove, cover, premises)"
formal_planted cbwt_l1 "pdp fed the writes too (I-PER)" \
  's/\.acc_valid_i (acc_valid_i \&\& !acc_wr_i),/.acc_valid_i (acc_valid_i),/' prove
formal_planted cbwt_l1 "bypass enabled without contention (I-BYP)" \
  's/\.byp_en_i     (byp_en),/.byp_en_i     (1'"'"'b1),/' prove
formal_planted cbwt_l1 "maw_ctl's period end not wired to the NoC sampler (I-WAIT)" \
  's/\.per_end_i   (per_end_o),/.per_end_i   (1'"'"'b0),/' prove

# ---- traffic (doc "Traffic", tb/cbwt_l1/cbwt_l1_traffic.c) ----------------
# The check list's 256-read configuration on the paper's 512-set 16-way
# L2 (the hierarchy's 4 banks of 128 sets, 16 ways) and a NoC above TH.
# bfs: each of SM 0's 11237 loads answered by pdp_cache (hit, miss,
# forced, bypass or no allocation), 43 periods, PDs computed and changed,
# L2 contention, bypasses, coarse MAW steps, NoC means and drops; block +
# thrash: a period per 256 reads again.
cbp="PeriodLog=8 LatW=6 TL=8 TH=24 RateShift=2"; cbt="NocLat=30 L2Sets=128 L2Ways=16"
cbr='c["read_hit"] + c["read_miss"] + c["forced_eviction"] + c["bypass"] + c["noalloc"]'
traffic_check cbwt_l1 bfs "$cbt" "$cbp" "$cbr"' == 11237 and c["period_end"] == 43 and c["pd_change"] > 0 and c["contention_on"] > 0 and c["bypass"] > 0 and c["dec_coarse"] > 0 and c["noc_mean"] > 0 and c["noc_drop"] > 0' \
  "every one of SM 0's 11237 reads answered, a period per 256, PDs, contention, bypasses, coarse steps, NoC means"
traffic_check cbwt_l1 mix "A=2 B=6 $cbt" "$cbp" 'c["period_end"] == ('"$cbr"') // 256 > 0 and c["pd_first"] > 0' \
  "block + thrash: a period per 256 reads, a PD"
traffic_fault cbwt_l1 bfs "$cbt" 3000 rsp_kind_o "$cbp"
