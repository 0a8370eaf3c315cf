# make equiv (tools/equiv.sh): a designer's RTL against the kit's, formally.
# Rationale: for every block, at its equivalence configuration (`kit equiv
# BLOCK`), the reference RTL under another module name must
# be proved equivalent (unbounded), and three seeded bugs, each a one-line
# change a designer could make (an off-by-one, a swapped condition, a wrong
# count), must each be found, turned into a .stim in the kit's format and
# confirmed by make check replaying it against the buggy RTL with the C
# golden model as referee (the usual MISMATCH report). A re-implementation
# with different internals (HAC with every register renamed and its state
# arrays rebuilt under new names) must be proved equivalent too, and an RTL
# with wrong ports is stopped by the port check before any formal work.
# The bugs are chosen to show within a few cycles of reset at the small
# equivalence configurations, so the suite stays fast; make equiv itself
# also runs the bounded check when no engine concludes.
. "$(dirname "$0")/lib.sh"
D=build/test/equiv; rm -rf "$D"; mkdir -p "$D"

# equiv_self BLOCK: our RTL under another name, proved equal
equiv_self() {
  local b=$1 top out
  top=$(build/kit top "$b")
  for f in $(build/kit rtl "$b"); do
    sed "s/^module $top\\b/module ${top}_copy/" "$f" > "$D/$(basename "$f" .v)_copy.v"
  done
  out=$(make --no-print-directory equiv BLOCK="$b" RTL="$(for f in $(build/kit rtl "$b"); do echo -n "$D/$(basename "$f" .v)_copy.v "; done)" TOP="${top}_copy" 2>&1)
  echo "$out" | grep -q "^PASS equiv $b: equivalent for every input sequence from reset (proved" \
    && ok "equiv $b: the reference RTL against itself: $(echo "$out" | grep -o 'proved: [^,]*')" \
    || bad "equiv $b self: $(echo "$out" | tail -5)"
}

# equiv_bug BLOCK NAME SED: a seeded bug is found, and its .stim replays to a MISMATCH
equiv_bug() {
  local b=$1 name=$2 expr=$3 top f out stim
  top=$(build/kit top "$b")
  f=$D/${b}_bug_$(echo "$name" | tr -c 'A-Za-z0-9' _).v
  sed -e "s/^module $top\\b/module ${top}_bug/" -e "$expr" "rtl/$b.v" > "$f"
  if cmp -s <(sed "s/^module $top\\b/module ${top}_bug/" "rtl/$b.v") "$f"; then
    bad "equiv $b bug ($name): the sed no longer matches rtl/$b.v"; return
  fi
  # the block's other RTL files (a composite's sub-blocks) go along unchanged
  local rtl=$f x
  for x in $(build/kit rtl "$b"); do [ "$x" = "rtl/$b.v" ] || rtl="$rtl $x"; done
  out=$(make --no-print-directory equiv BLOCK="$b" RTL="$rtl" TOP="${top}_bug" 2>&1)
  stim=$(echo "$out" | sed -n 's/.*(counterexample \([^ ,]*\.stim\),.*/\1/p')
  if echo "$out" | grep -q "^FAIL equiv $b: the designs differ" && [ -s "$stim" ] \
     && echo "$out" | grep -qE "^ +MISMATCH $b at cycle [0-9]+ \(seed 1, $stim\)" \
     && echo "$out" | grep -qE "^ +reproduce: make check BLOCK=$b .*STIM=$stim"; then
    ok "equiv $b finds a seeded bug ($name): $(echo "$out" | grep -oE "MISMATCH $b at cycle [0-9]+"), replayed from $(basename "$stim")"
  else bad "equiv $b bug ($name) not found and confirmed: $(echo "$out" | tail -8)"; fi
}

equiv_self hac
equiv_bug hac "DRAM promotion forgets mc/4" 's/else         p_raw = c8 + CAh + (mc8 >> 2);/else         p_raw = c8 + CAh;/'
equiv_bug hac "stack shift off by one" 's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/'
equiv_bug hac "NVM miss increments mc" 's/if (!bypass || (BypassMc != 0)) mc_new = req_nvm_i ? mc_dec : mc_inc;/if (!bypass || (BypassMc != 0)) mc_new = req_nvm_i ? mc_inc : mc_dec;/'

equiv_self vtt
equiv_bug vtt "a store probe hit reads the register file" 's/rf_rd_d       = commit \&\& walk \&\& hit \&\& (op == OpLookup) \&\& (mode_n == ModeVc);/rf_rd_d       = commit \&\& walk \&\& hit \&\& (mode_n == ModeVc);/'
equiv_bug vtt "LRN acknowledged while busy" 's/lrn_ack_d     = idle ? lrn_i : lrn_ack_q;/lrn_ack_d     = lrn_i;/'
equiv_bug vtt "every fill reports an eviction" 's/evict_valid_d = commit \&\& evict;/evict_valid_d = commit \&\& fill;/'

equiv_self ctl
equiv_bug ctl "empty slots counted as inactive" 's/if (v_d\[e\] \&\& !act_d\[e\]) ninact_d = ninact_d + NumOne;/if (!act_d[e]) ninact_d = ninact_d + NumOne;/'
equiv_bug ctl "LRN one below the last register" 's/(last_e\[RnW-1:0\] > lrn_d)) lrn_d = last_e\[RnW-1:0\];/(last_e[RnW-1:0] > lrn_d)) lrn_d = last_e[RnW-1:0] - RnOne;/'
equiv_bug ctl "#reg loaded without the minus one" 's/nrm1_d = cfg_nreg_i\[RnW-1:0\] - RnOne;/nrm1_d = cfg_nreg_i[RnW-1:0];/'

# a re-implementation with different internals: every register of HAC
# renamed (r_*_q), so nothing matches the reference by name but the ports
sed -e 's/^module hac\b/module hac_re/' -e 's/\b\([a-z_]*\)_q\b/r_\1_q/g' -e 's/\b\([a-z_]*\)_d\b/r_\1_d/g' rtl/hac.v > "$D/hac_re.v"
out=$(make --no-print-directory equiv BLOCK=hac RTL="$D/hac_re.v" TOP=hac_re 2>&1)
echo "$out" | grep -q '^PASS equiv hac: equivalent for every input sequence from reset (proved' \
  && ok "equiv hac: a re-implementation with every register renamed is proved equal" || bad "equiv hac re-implementation: $(echo "$out" | tail -4)"

# wrong ports: stopped by the port check, before any formal work
sed -e 's/^module hac\b/module hac_ports/' -e 's/\breq_ea_i\b/req_eaa_i/g' rtl/hac.v > "$D/hac_ports.v"
out=$(make --no-print-directory equiv BLOCK=hac RTL="$D/hac_ports.v" TOP=hac_ports 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q 'missing: req_ea_i' && ! echo "$out" | grep -q '== equiv hac' \
  && ok "equiv stops at the port check on wrong ports" || bad "equiv wrong ports: rc=$rc $(echo "$out" | tail -3)"
expect_err "equiv without RTL/TOP" "equiv: error: RTL='files' and TOP=module are required" make --no-print-directory equiv BLOCK=hac

# ---- lm, victim_bits, pdp: self-equivalence and three seeded bugs each ----
equiv_self lm
equiv_bug lm "the threshold boundary counts as high" 's/      high\[e\] = (lhs > rhs);/      high[e] = (lhs >= rhs);/'
equiv_bug lm "selection without the repeat condition" 's/if ((high != {Entries{1.b0}}) \&\& (high == prev)) begin/if ((high != {Entries{1'"'"'b0}}) || (high == prev)) begin/'
equiv_bug lm "windows_o wraps instead of saturating" 's/windows_d = (windows_q == WinMax) ? windows_q : (windows_q + WinOne);/windows_d = windows_q + WinOne;/'

equiv_self victim_bits
equiv_bug victim_bits "contention needs more than the threshold" 's/cont_d   = last ? ((acc_d != {AccW{1.b0}}) \&\& (lhs >= rhs)) : cont_q;/cont_d   = last ? ((acc_d != {AccW{1'"'"'b0}}) \&\& (lhs > rhs)) : cont_q;/'
equiv_bug victim_bits "a fill keeps the old victim bits" 's/          bits_d = gbit;/          bits_d = bits | gbit;/'
equiv_bug victim_bits "a fill is not counted as an access" '/        KFill: begin/,/        end/s/          access = 1.b1;/          access = 1'"'"'b0;/'

equiv_self pdp
equiv_bug pdp "a later candidate wins PD ties" 's/better = busy_q \& (c_q >= CMin) \& (lhs > rhs);/better = busy_q \& (c_q >= CMin) \& (lhs >= rhs);/'
equiv_bug pdp "a sampler hit keeps its entry valid" 's/    if (hit) vld\[hitp\] = 1.b0;/    if (hit) vld[hitp] = 1'"'"'b1;/'
equiv_bug pdp "N_t counts insertions only (NtAll ignored)" 's/    if (count \& ((NtAll != 0) | ins)) begin/    if (count \& ins) begin/'

equiv_self linebacker
equiv_bug linebacker "the queue moves while an eviction is in the glue" 's/assign req_ready_o     = vtt_ready \&\& (ev_st_q == EvNone);/assign req_ready_o     = vtt_ready;/'
equiv_bug linebacker "an L1 hit is refused with no VTT answer due" 's/assign hit_ready_o     = !ans;/assign hit_ready_o     = !vtt_rsp_valid;/'
