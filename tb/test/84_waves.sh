# FST waveforms (FORMAT=fst): Verilator 5.006 builds one trace format per
# resources: waves
# model, so the kit writes its VCD and converts it with gtkwave's vcd2fst.
# Checked on both kinds of waveform: the whole run (WAVES=1) and a failure
# window (FAULT). Each FST must be a real FST holding the block's ports:
# fst2vcd reads it back and the port names and the final time equal the
# VCD's. A bad FORMAT is a one-line error, and a missing converter is
# reported in the mismatch report instead of silently skipped.
. "$(dirname "$0")/lib.sh"
tools/deps.sh vcd2fst fst2vcd || { bad "gtkwave (vcd2fst) not installable"; exit 1; }
T=build/test/waves; rm -rf "$T"; mkdir -p "$T"
# same_wave VCD FST PORT: the FST read back has the port and the VCD's last timestamp
same_wave() {
  local v=$1 f=$2 port=$3 back
  back=$(fst2vcd "$f" 2>/dev/null)
  if [ -s "$f" ] && [ "$(head -c 8 "$f" | od -An -tx1 | tr -d ' ')" != "$(head -c 8 "$v" | od -An -tx1 | tr -d ' ')" ] &&
     echo "$back" | grep -q " $port " && [ "$(grep '^#' "$v" | tail -1)" = "$(echo "$back" | grep '^#' | tail -1)" ]; then
    ok "FST $f: read back by fst2vcd, has $port, ends at $(grep '^#' "$v" | tail -1) like the VCD"
  else bad "FST $f does not match $v"; fi
}
out=$(make --no-print-directory check BLOCK=hac PARAMS='Sets=6 Ways=8 TagW=6' SEED=2 CYCLES=3000 WAVES=1 FORMAT=fst 2>&1)
if echo "$out" | grep -q '^PASS lockstep' && echo "$out" | grep -q 'waveform (FST): build/hac_seed2.fst'; then
  ok "WAVES=1 FORMAT=fst: whole-run VCD and FST written"; same_wave build/hac_seed2.vcd build/hac_seed2.fst rsp_pos_o
else bad "WAVES=1 FORMAT=fst: $(echo "$out" | tail -5)"; fi
out=$(make --no-print-directory check BLOCK=lm SEED=4 CYCLES=3000 FAULT=1500:useful_o FORMAT=fst 2>&1)
vcd=$(echo "$out" | sed -n 's/^  waveform: \([^ ]*\).*/\1/p'); fst=$(echo "$out" | sed -n 's/^  waveform (FST): \([^ ]*\)$/\1/p')
if [ -n "$fst" ] && [ "$fst" = "${vcd%.vcd}.fst" ]; then ok "failure window as FST beside its VCD ($fst)"; same_wave "$vcd" "$fst" useful_o
else bad "FAULT with FORMAT=fst: $(echo "$out" | tail -6)"; fi
expect_err "FORMAT=png is refused" "FORMAT=png: expected vcd or fst" make --no-print-directory check FORMAT=png
bin=$(block_bin lm "")
expect_err "KIT_WAVE_FORMAT checked by the lockstep itself" "wave format 'ghw': expected vcd or fst" env KIT_WAVE_FORMAT=ghw "$bin" --cycles 10
out=$(env PATH=/nonexistent "$bin" --seed 4 --cycles 3000 --fault 1500 --wave-format fst --fail-dir "$T" 2>&1)
echo "$out" | grep -q 'waveform (FST): not written (vcd2fst: No such file' && ok "a missing vcd2fst is named in the report" ||
  bad "missing vcd2fst: $(echo "$out" | grep waveform)"
