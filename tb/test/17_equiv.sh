# make equiv (tools/equiv.py): a designer's RTL against the kit's, at every
# configuration that selects different logic, simulation first, proofs second.
#
# Rationale. "Proved" must mean an unbounded proof at every equivalence
# configuration of the block, so the tests look at the configurations
# themselves and at each verdict path:
#  - the configurations: together they reach every functional cover event
#    in simulation (none of the block's behaviour is unreachable at the
#    reduced sizes: HAC's evictions need more tags than ways), and every
#    generate branch of the block's RTL is elaborated by one of them
#    (Verilator's XML); the mode-value and check-list completeness of each
#    list is a unit test (test_kit.c, kit_equivs_check);
#  - proved: every block's reference RTL under another module name is
#    proved at every configuration, each line naming its configuration;
#  - different, found by simulation: a planted bug in a NON-DEFAULT mode or
#    branch of each block (the issue's lm SelWin2 = 1 and hac BypassMc = 1
#    bugs among them), each caught by make equiv WITHOUT PARAMS, with a
#    counterexample .stim; the hac and lm ones replayed by make check into
#    the usual MISMATCH report;
#  - different, found by the engines: a seeded bug with the simulation
#    stage (and the structural proof, which can only prove) switched off,
#    so a formal engine must find it and its trace must
#    replay (hac, lm, victim_bits, vtt; every block with EQUIV_ALL=1);
#  - re-implementations with other state encodings (tb/test/equiv/): vtt_alt
#    proved by PDR at every configuration, lm_alt (lm's flop table) at one,
#    hac_alt where PDR can;
#  - bounded: a re-encoding the structural engine cannot match, with PDR
#    and k-induction switched off, exits 3 with BOUNDED, never PASS;
#  - error: wrong ports, a port width that is wrong only at another
#    configuration, Yosys's own error line, missing RTL/TOP;
#  - make mutate: the linebacker glue mutant (win_chk_d && -> ||) is never
#    classed equivalent.
# Verdicts are read from result.json (doc/results.md), not from the text.
. "$(dirname "$0")/lib.sh"
D=build/test/equiv; rm -rf "$D"; mkdir -p "$D"
EQ="python3 tools/equiv.py"

# ---- the equivalence configurations -------------------------------------
for b in $(all_blocks); do
  union=""; k=0
  while IFS=$'\t' read -r p _ cyc _; do
    k=$((k + 1))
    # shellcheck disable=SC2086
    build/kit vectors "$b" -o "$D/${b}_e$k.vec" --seed 1 --cycles "$cyc" $p >/dev/null || { bad "equiv $b: vectors at [$p]"; continue; }
    union="$union $D/${b}_e$k.vec"
  done < <(build/kit equiv "$b")
  miss=$(for v in $union; do build/kit checkvec "$v" --json; done | python3 -c '
import json, sys
u = {}
for line in sys.stdin:
    for k, n in json.loads(line)["cover"].items(): u[k] = u.get(k, 0) + n
print(" ".join(k for k, n in u.items() if n == 0) if u else "no-events")')
  [ -z "$miss" ] && ok "equiv $b: the $k equivalence configurations reach every cover event in simulation" \
    || bad "equiv $b: the equivalence configurations never reach: $miss"
  # every generate branch (but the parameter-error ones) elaborated somewhere
  labels=$(grep -oE 'begin : g_[A-Za-z0-9_]+' "rtl/$b/$b.v" | sed 's/begin : //' | grep -v '^g_err' | sort -u)
  [ -n "$labels" ] || continue
  seen=""
  while IFS=$'\t' read -r p _ _ _; do
    x=$D/xml_$b; rm -rf "$x"
    # shellcheck disable=SC2046
    verilator --xml-only -Wno-fatal --top-module "$(build/kit top "$b")" $(build/kit gflags "$b" $p) \
      --Mdir "$x" $(build/kit rtl "$b") >/dev/null 2>&1
    seen="$seen $(grep -ohE 'name="g_[A-Za-z0-9_]+"' "$x"/*.xml | sed 's/name="\(.*\)"/\1/')"
  done < <(build/kit equiv "$b")
  unseen=$(for l in $labels; do echo "$seen" | tr ' ' '\n' | grep -qx "$l" || echo "$l"; done | tr '\n' ' ')
  [ -z "$unseen" ] && ok "equiv $b: every generate branch of rtl/$b/$b.v is elaborated by an equivalence configuration ($(echo $labels))" \
    || bad "equiv $b: generate branches no equivalence configuration elaborates: $unseen"
done

# copy_rtl BLOCK NEWTOP [SED]: our RTL files with the top renamed (and the
# sed applied to the top's file); prints the file list.
copy_rtl() {
  local b=$1 new=$2 expr=${3:-} top f out list=""
  top=$(build/kit top "$b")
  for f in $(build/kit rtl "$b"); do
    out=$D/$(basename "$f" .v)_$new.v
    if [ "$f" = "rtl/$b/$b.v" ]; then
      sed -e "s/^module $top\\b/module $new/" ${expr:+-e "$expr"} "$f" > "$out"
    else cp "$f" "$out"; fi
    list="$list $out"
  done
  echo $list
}

# ---- proved: our RTL against itself, every configuration -------------------
# (the proofs alone, --sim-cycles 0: the make equiv line after the loop shows
# the simulation stage)
for b in $(all_blocks); do
  rtl=$(copy_rtl "$b" "${b}_copy"); n=$(build/kit equiv "$b" | wc -l)
  $EQ "$b" --rtl "$rtl" --top "${b}_copy" --sim-cycles 0 --json "$D/self_$b.json" > "$D/self_$b.log" 2>&1; rc=$?
  v=$(jget "$D/self_$b.json" 'd["verdict"]')
  nc=$(jget "$D/self_$b.json" 'sum(1 for c in d["configs"] if c["verdict"] == "proved")')
  named=$(grep -c "^PASS equiv $b \[.*\]: proved (" "$D/self_$b.log")
  # a copy is the same netlist: the structural engine must prove it (a
  # failing structural run, e.g. a log path the Yosys sandbox cannot reach,
  # would otherwise hide behind minutes of PDR)
  ms=$(jget "$D/self_$b.json" '",".join(sorted(set(c["method"] for c in d["configs"])))')
  if [ $rc -eq 0 ] && [ "$v" = proved ] && [ "$nc" = "$n" ] && [ "$named" = "$n" ] && [ "$ms" = structural ]; then
    ok "equiv $b: the reference RTL against itself: proved at all $n configurations, each named on its line ($(jget "$D/self_$b.json" '", ".join(sorted(set(c["method"] for c in d["configs"])))'))"
  else bad "equiv $b self: rc=$rc verdict=$v proved $nc of $n ($ms), $named named lines: $(tail -3 "$D/self_$b.log")"; fi
done
# the make target, as the README shows it
out=$(make --no-print-directory equiv BLOCK=lm RTL="$(copy_rtl lm lm_copy)" TOP=lm_copy 2>&1)
echo "$out" | grep -q '^PASS equiv lm: proved equivalent for every input sequence from reset at all 4 equivalence configurations' \
  && ok "make equiv BLOCK=lm: $(echo "$out" | grep -o 'simulation: .*')" || bad "make equiv lm self: $(echo "$out" | tail -3)"

# ---- different, found by simulation: a bug in a non-default mode ----------
# mode_bug BLOCK NAME SED [REPLAY] [OTHER-FILE SED]: found without PARAMS
mode_bug() {
  local b=$1 name=$2 expr=$3 replay=${4:-0} tag rtl json out rc v how
  tag=$(echo "$name" | tr -c 'A-Za-z0-9' _)
  rtl=$(copy_rtl "$b" "${b}_m" "$expr")
  if cmp -s <(sed "s/^module $(build/kit top "$b")\\b/module ${b}_m/" "rtl/$b/$b.v") "$D/${b}_${b}_m.v"; then
    bad "equiv $b mode bug ($name): the sed no longer matches rtl/$b/$b.v"; return; fi
  json=$D/mode_$tag.json
  out=$($EQ "$b" --rtl "$rtl" --top "${b}_m" $([ "$replay" = 1 ] || echo --no-replay) --json "$json" 2>&1); rc=$?
  v=$(jget "$json" 'd["verdict"]')
  how=$(jget "$json" '[(c["params"], c["method"], c.get("fail_cycle", -1), c["counterexample"]) for c in d["configs"] if c.get("verdict") == "different"][0]')
  if [ $rc -ne 1 ] || [ "$v" != different ] || [ -z "$how" ]; then
    bad "equiv $b mode bug ($name) not found: rc=$rc verdict=$v: $(echo "$out" | tail -3)"; return; fi
  if [ "$replay" = 1 ] && ! echo "$out" | grep -qE "^ +MISMATCH $b at cycle [0-9]+ \(seed 1, .*counterexample_c[0-9]+\.stim\)"; then
    bad "equiv $b mode bug ($name): the counterexample did not replay to a MISMATCH: $(echo "$out" | tail -5)"; return; fi
  ok "equiv $b finds a bug in a non-default mode ($name) without PARAMS: $how, $(jget "$json" 'd["seconds"]') s$([ "$replay" = 1 ] && echo ', replayed to a MISMATCH')"
}
mode_bug lm "SelWin2=1 selects high without the repeat" 's/^        sel_d   = high & prev;/        sel_d   = high;/' 1
mode_bug hac "BypassMc=1 forgets to write mc back" 's/      dyn_we        = ~bypass | (BypassMc != 0);/      dyn_we        = ~bypass;/' 1
mode_bug victim_bits "WriteReq=0 still takes writes" 's/  wire        wreq   = (ev_kind_i == KWrite) \&\& (WriteReq != 0);/  wire        wreq   = (ev_kind_i == KWrite);/'
mode_bug pdp "NtAll=0 still counts every access" 's/    if (count \& ((NtAll != 0) | ins)) begin/    if (count) begin/'
mode_bug vtt "RnW wider than the RNs: upper bits set" 's/      assign rsp_rn_o = {{(RnW-RnNeedW){1.b0}}, rsp_rn_q};/      assign rsp_rn_o = {{(RnW-RnNeedW){rsp_rn_q[0]}}, rsp_rn_q};/'
mode_bug ctl "one CTA slot: no schedulable count" 's/      assign nact_q = sched_q;/      assign nact_q = 1'"'"'b0;/'
# linebacker: the SelWin2 bug inside its lm (the designer's lm.v, same module name)
rtl=$(copy_rtl linebacker linebacker_m)
sed -i 's/^        sel_d   = high & prev;/        sel_d   = high;/' "$D/lm_linebacker_m.v"
$EQ linebacker --rtl "$rtl" --top linebacker_m --no-replay --json "$D/mode_lb.json" >/dev/null 2>&1
[ "$(jget "$D/mode_lb.json" 'd["verdict"]')" = different ] \
  && ok "equiv linebacker finds its lm's SelWin2=1 bug without PARAMS at $(jget "$D/mode_lb.json" '[c["params"][-9:] for c in d["configs"] if c.get("verdict") == "different"][0]')" \
  || bad "equiv linebacker: the SelWin2=1 bug in lm.v was not found: $(jget "$D/mode_lb.json" 'd["message"]')"

# ---- different, found by the engines (no simulation) ---------------------
formal_bug() {
  local b=$1 name=$2 expr=$3 replay=${4:-0} tag rtl json out rc m
  tag=$(echo "$name" | tr -c 'A-Za-z0-9' _)
  rtl=$(copy_rtl "$b" "${b}_f" "$expr")
  json=$D/formal_$tag.json
  out=$($EQ "$b" --rtl "$rtl" --top "${b}_f" --sim-cycles 0 --structural-timeout 0 $([ "$replay" = 1 ] || echo --no-replay) --json "$json" 2>&1); rc=$?
  m=$(jget "$json" '[c["method"] + " at [" + c["params"] + "]" for c in d["configs"] if c.get("verdict") == "different"][0]')
  if [ $rc -eq 1 ] && [ -n "$m" ] && [ -s "$(jget "$json" '[c["counterexample"] for c in d["configs"] if c.get("verdict") == "different"][0]')" ] \
     && { [ "$replay" != 1 ] || echo "$out" | grep -qE "^ +MISMATCH $b at cycle [0-9]+"; }; then
    ok "equiv $b: a formal engine finds a seeded bug ($name): $m$([ "$replay" = 1 ] && echo ', replayed to a MISMATCH')"
  else bad "equiv $b formal bug ($name): rc=$rc $(echo "$out" | tail -4)"; fi
}
formal_bug hac "stack shift off by one" 's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/' 1
formal_bug lm "windows_o wraps instead of saturating" 's/windows_d = (windows_q == WinMax) ? windows_q : (windows_q + WinOne);/windows_d = windows_q + WinOne;/'
formal_bug victim_bits "contention needs more than the threshold" 's/cont_d   = last ? ((acc_d != {AccW{1.b0}}) \&\& (lhs >= rhs)) : cont_q;/cont_d   = last ? ((acc_d != {AccW{1'"'"'b0}}) \&\& (lhs > rhs)) : cont_q;/' 1
formal_bug vtt "LRN acknowledged while busy" 's/lrn_ack_d     = idle ? lrn_i : lrn_ack_q;/lrn_ack_d     = lrn_i;/'
# pdp, ctl and linebacker (a minute or more each) with EQUIV_ALL=1: the
# engines are the same code; the four above show them find and replay
if [ "${EQUIV_ALL:-0}" = 1 ]; then
formal_bug pdp "a later candidate wins PD ties" 's/better = busy_q \& (c_q >= CMin) \& (lhs > rhs);/better = busy_q \& (c_q >= CMin) \& (lhs >= rhs);/'
formal_bug ctl "#reg loaded without the minus one" 's/nrm1_d = cfg_nreg_i\[RnW-1:0\] - RnOne;/nrm1_d = cfg_nreg_i[RnW-1:0];/'
formal_bug linebacker "the queue moves while an eviction is in the glue" 's/assign req_ready_o     = vtt_ready \&\& (ev_st_q == EvNone);/assign req_ready_o     = vtt_ready;/'
fi

# ---- bounded: never PASS, exit 3 -----------------------------------------
# victim_bits with its contention flag stored inverted: the registers no
# longer correspond by value; with every engine but BMC off (the
# structural one too: unpairing the flag proves it, below), bounded.
sed -e 's/^module victim_bits\b/module vb_inv/' \
    -e 's/^    cont_d   = last ? ((acc_d != {AccW{1.b0}}) \&\& (lhs >= rhs)) : cont_q;/    cont_d   = ~(last ? ((acc_d != {AccW{1'"'"'b0}}) \&\& (lhs >= rhs)) : ~cont_q);/' \
    -e 's/^      cont_q <= 1.b0;/      cont_q <= 1'"'"'b1;/' -e 's/^  assign contention_o  = cont_q;/  assign contention_o  = ~cont_q;/' \
    rtl/victim_bits/victim_bits.v > "$D/vb_inv.v"
out=$($EQ victim_bits --rtl "$D/vb_inv.v" --top vb_inv --sim-cycles 300 --structural-timeout 0 --pdr-timeout 0 --induction-depth 0 --bmc-depth 6 \
      --params "$(build/kit equiv victim_bits | head -1 | cut -f1)" --json "$D/bounded.json" 2>&1); rc=$?
if [ $rc -eq 3 ] && [ "$(jget "$D/bounded.json" 'd["verdict"]')" = bounded ] && echo "$out" | grep -q '^BOUNDED equiv victim_bits: NOT proved' \
   && ! echo "$out" | grep -q '^PASS equiv victim_bits:' && echo "$out" | grep -q 'bounded 6 cycles'; then
  ok "equiv: a bounded-only run exits 3 with BOUNDED, never PASS ($(echo "$out" | grep -o 'bounded 6 cycles'))"
else bad "equiv bounded: rc=$rc $(echo "$out" | tail -3)"; fi
# the same design with PDR on (structural off): proved, by PDR
$EQ victim_bits --rtl "$D/vb_inv.v" --top vb_inv --sim-cycles 300 --structural-timeout 0 --json "$D/pdr.json" >/dev/null 2>&1
[ "$(jget "$D/pdr.json" 'd["verdict"] + " " + ",".join(sorted(set(c["method"] for c in d["configs"])))')" = "proved PDR" ] \
  && ok "equiv: a re-encoded register is proved by PDR at every configuration" \
  || bad "equiv PDR: $(jget "$D/pdr.json" 'd["message"]')"

# ---- the structural engine's unpairing and its base case ------------------
# (doc/harness.md "The flow"): a pair of equal-named signals that really
# differ is unpaired and the proof runs again; equiv_induct has no base
# case, so a proof with unpaired names is only kept when a BMC from reset
# shows the remaining pairs equal in the first cycles. Only the structural
# engine runs (no simulation, PDR or induction), at one configuration.
# 1. the inverted flag above: proved by unpairing it (the output pair
#    carries the relation).
# 2. noc_sampler with its free slots' counters reset to all ones (never
#    read while free): the induction alone proves the pair cnt_s (the last
#    slot's counter, which differs from reset), the base case finds it
#    unequal and unpairs it, and the proof is kept after that.
# 3. noc_sampler with nsamp_o's register reset to all ones: unpairing
#    cannot prove it (the difference reaches an output); different.
struct_eq() {   # NAME BLOCK RTL TOP PARAMS -> $D/NAME.json
  $EQ "$2" --rtl "$3" --top "$4" --params "$5" --sim-cycles 0 --pdr-timeout 0 --induction-depth 0 --bmc-depth 6 \
    --no-replay --json "$D/$1.json" > "$D/$1.log" 2>&1
}
struct_eq unpair1 victim_bits "$D/vb_inv.v" vb_inv "$(build/kit equiv victim_bits | head -1 | cut -f1)"
[ "$(jget "$D/unpair1.json" 'd["verdict"] + " " + d["configs"][0]["method"] + " " + d["configs"][0]["structural"]["base_case"] + " " + str("cont_q" in d["configs"][0]["structural"]["unpaired"])')" = "proved structural passed True" ] \
  && ok "equiv: the structural engine proves the inverted flag by unpairing it, base case from reset passed" \
  || bad "equiv unpair (vb_inv): $(tail -3 "$D/unpair1.log")"
NSP="$(build/kit equiv noc_sampler | sed -n 2p | cut -f1)"
sed -e 's/^module noc_sampler\b/module ns_cnt/' -e 's/^      cnt_q       <= {(Slots\*LatW){1.b0}};/      cnt_q       <= {(Slots*LatW){1'"'"'b1}};/' \
  rtl/noc_sampler/noc_sampler.v > "$D/ns_cnt.v"
sed -e 's/^module noc_sampler\b/module ns_div/' -e 's/^      div_q       <= {CntW{1.b0}};/      div_q       <= {CntW{1'"'"'b1}};/' \
  rtl/noc_sampler/noc_sampler.v > "$D/ns_div.v"
if cmp -s "$D/ns_cnt.v" <(sed 's/^module noc_sampler\b/module ns_cnt/' rtl/noc_sampler/noc_sampler.v) \
   || cmp -s "$D/ns_div.v" <(sed 's/^module noc_sampler\b/module ns_div/' rtl/noc_sampler/noc_sampler.v); then
  bad "equiv unpair: the sed no longer matches rtl/noc_sampler/noc_sampler.v"
else
  struct_eq unpair2 noc_sampler "$D/ns_cnt.v" ns_cnt "$NSP"
  [ "$(jget "$D/unpair2.json" 'd["verdict"] + " " + d["configs"][0]["method"] + " " + d["configs"][0]["structural"]["base_case"] + " " + str(all(n in d["configs"][0]["structural"]["unpaired"] for n in ("cnt_q", "cnt_s")))')" = "proved structural passed True" ] \
    && ok "equiv: an unread reset value is proved by unpairing; the base case caught a pair the induction had proved (cnt_s)" \
    || bad "equiv unpair (ns_cnt): $(tail -3 "$D/unpair2.log")"
  struct_eq unpair3 noc_sampler "$D/ns_div.v" ns_div "$NSP"
  [ "$(jget "$D/unpair3.json" 'd["verdict"] + " " + str("div_q" in d["configs"][0].get("structural", {}).get("unpaired", []))')" = "different True" ] \
    && ok "equiv: a reset value an output shows is not proved by unpairing (different, BMC)" \
    || bad "equiv unpair (ns_div): $(tail -3 "$D/unpair3.log")"
fi

# ---- re-implementations (tb/test/equiv/): other state encodings ----------
# vtt_alt (tags in a never-reset memory with per-set init bits, LRU as a
# per-set stack of way numbers, a remaining-cycles counter): PDR proves it
# at every equivalence configuration. hac_alt (recency as a stack, no valid
# bits): PDR proves it where a set cannot fill (2-bit tags over 8 ways);
# at the equivalence configurations it is bounded (doc/harness.md
# "Re-implementations": what grows, and the invariant that would help).
# The structural engine is skipped (--structural-timeout 0): it cannot
# match a re-encoding, and failing to costs most of a minute each.
$EQ vtt --rtl tb/test/equiv/vtt_alt.v --top vtt_alt --sim-cycles 0 --structural-timeout 0 --json "$D/vtt_alt.json" > "$D/vtt_alt.log" 2>&1
[ "$(jget "$D/vtt_alt.json" 'd["verdict"] + " " + str(len(d["configs"])) + " " + ",".join(sorted(set(c.get("method", "") for c in d["configs"])))')" = "proved $(build/kit equiv vtt | wc -l) PDR" ] \
  && ok "equiv vtt: the re-encoded vtt_alt is proved by PDR at every equivalence configuration ($(jget "$D/vtt_alt.json" '", ".join("%ss" % c["seconds"] for c in d["configs"])'))" \
  || bad "equiv vtt_alt: $(tail -3 "$D/vtt_alt.log")"
# lm_alt (the flop-table lm of before issue 32: reset flops, every entry
# classified and cleared at once) against rtl/lm/lm.v (a never-reset
# kit_mem behind written/current flags, an incremental high summary): PDR
# proves it at the first equivalence configuration, for any memory
# contents (make equiv BLOCK=lm RTL=tb/test/equiv/lm_alt.v TOP=lm_alt
# proves all four, a few minutes).
$EQ lm --rtl tb/test/equiv/lm_alt.v --top lm_alt --params "$(build/kit equiv lm | head -1 | cut -f1)" --sim-cycles 0 \
  --structural-timeout 0 --json "$D/lm_alt.json" > "$D/lm_alt.log" 2>&1
[ "$(jget "$D/lm_alt.json" 'd["verdict"] + " " + d["configs"][0].get("method", "")')" = "proved PDR" ] \
  && ok "equiv lm: the flop-table lm_alt is proved by PDR at $(jget "$D/lm_alt.json" 'd["configs"][0]["params"]') ($(jget "$D/lm_alt.json" 'd["configs"][0]["seconds"]') s)" \
  || bad "equiv lm_alt: $(tail -3 "$D/lm_alt.log")"
$EQ hac --rtl tb/test/equiv/hac_alt.v --top hac_alt --params "Sets=1 Ways=8 TagW=2" --sim-cycles 2000 --structural-timeout 0 --json "$D/hac_alt.json" > "$D/hac_alt.log" 2>&1
[ "$(jget "$D/hac_alt.json" 'd["verdict"] + " " + d["configs"][0].get("method", "")')" = "proved PDR" ] \
  && ok "equiv hac: the re-encoded hac_alt is proved by PDR at Sets=1 Ways=8 TagW=2 ($(jget "$D/hac_alt.json" 'd["configs"][0]["seconds"]') s)" \
  || bad "equiv hac_alt: $(tail -3 "$D/hac_alt.log")"

# ---- errors ----------------------------------------------------------------
sed -e 's/^module hac\b/module hac_ports/' -e 's/\breq_ea_i\b/req_eaa_i/g' rtl/hac/hac.v > "$D/hac_ports.v"
out=$($EQ hac --rtl "$D/hac_ports.v" --top hac_ports 2>&1); rc=$?
[ $rc -eq 2 ] && echo "$out" | grep -q 'missing: req_ea_i' && ! echo "$out" | grep -q 'simulation:' \
  && ok "equiv stops at the port check on wrong ports (exit 2)" || bad "equiv wrong ports: rc=$rc $(echo "$out" | tail -3)"
sed -e 's/^module hac\b/module hac_w/' -e 's/output wire \[McW-1:0\]    rsp_mc_o/output wire [3:0]    rsp_mc_o/' rtl/hac/hac.v > "$D/hac_w.v"
expect_err "equiv: a port width wrong only at another configuration is named" \
  "port rsp_mc_o of hac_w is 4 bits wide, block hac expects 6 at \[Sets=1 Ways=32 TagW=6\]" $EQ hac --rtl "$D/hac_w.v" --top hac_w
cp "$D/lm_lm_copy.v" "$D/dup.v"
expect_err "equiv: Yosys's own error line reaches the user" "Yosys: .*dup.v:[0-9]+: ERROR: Re-definition of module" \
  $EQ lm --rtl "$D/dup.v $D/dup.v rtl/mem/kit_mem.v" --top lm_copy --sim-cycles 0
expect_err "equiv without RTL/TOP" "RTL='files' and TOP=module are required" make --no-print-directory equiv BLOCK=hac

# ---- make mutate never calls a bounded mutant equivalent -------------------
gl=$(grep -n 'assign win_chk_d = lm_win_end && (lm_state == LmSel)' rtl/linebacker/linebacker.v | cut -d: -f1)
python3 tools/mutate.py linebacker --lines "$gl" --mutants 1 --seed 4 --classify-only --out "$D/mut" >/dev/null 2>&1
v=$(jget "$D/mut/result.json" 'd["mutants"][0]["verdict"]')
if grep -q 'assign win_chk_d = lm_win_end || (lm_state == LmSel)' "$D"/mut/linebacker_m1.v && [ -n "$v" ] && [ "$v" != equivalent ]; then
  ok "mutate: the linebacker glue mutant win_chk_d && -> || is classed '$v', not equivalent"
else bad "mutate: linebacker glue mutant classed '${v:-nothing}' (or another point drawn)"; fi

# ---- stopped: a signal to make equiv stops its engines too ---------------
# (they run in sessions of their own; a stopped make equiv used to leave
# SymbiYosys and ABC running to their own timeouts). hac_alt at an
# equivalence configuration keeps PDR busy; SIGTERM once ABC runs.
$EQ hac --rtl tb/test/equiv/hac_alt.v --top hac_alt --params "Sets=1 Ways=8 TagW=4" --sim-cycles 0 \
  --structural-timeout 0 --out "$D/stop" > "$D/stop.log" 2>&1 & eq=$!
below=""
for _ in $(seq 120); do
  below=$(python3 -c 'import sys; sys.path.insert(0, "tools"); import proctree; print(" ".join(map(str, proctree.descendants(int(sys.argv[1])))))' $eq)
  ps -o cmd= -p "${below// /,}" 2>/dev/null | grep -q -- 'yosys-abc' && break
  below=""; sleep 0.5
done
kill -TERM $eq 2>/dev/null; wait $eq; rc=$?
# each process below gets up to 10 s to exit (a loaded machine: ABC's exit
# after its signal can take more than the 1 s this once waited)
for _ in $(seq 20); do
  alive=$(for q in $below; do [ -e /proc/$q ] && [ "$(awk '{print $3}' /proc/$q/stat 2>/dev/null)" != Z ] && echo $q; done | tr '\n' ' ')
  [ -z "${alive// /}" ] && break; sleep 0.5
done
if [ -n "$below" ] && [ $rc -eq 143 ] && [ -z "${alive// /}" ] && grep -q 'stopped by signal 15' "$D/stop.log"; then
  ok "equiv: SIGTERM while PDR runs stops make equiv (exit 143) and every process below it ($(echo $below | wc -w) gone)"
else bad "equiv stopped: engine seen: '${below:-none}', rc=$rc, still running: '${alive}' (log $D/stop.log)"; [ -n "$alive" ] && kill -9 $alive 2>/dev/null; fi
