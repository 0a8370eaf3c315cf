# Storage estimate: the paper configuration (768 KB, 16-way, 128 B lines,
# 384 sets) must give the paper's 3312 B and 0.42% with its breakdown
# (5-bit mc x 384 sets; 1-bit type + 3-bit EA x 6144 lines), section V-D.
# Other configurations follow the formulas of doc/hac.md (checked by hand
# here for A = 8 and 32) and the Yosys cross-check in 03_synth.
. "$(dirname "$0")/lib.sh"
out=$(make --no-print-directory overhead BLOCK=hac PARAMS="Sets=384 Ways=16 LineBytes=128")
echo "$out"
echo "$out" | grep -q 'hac overhead: 3312 B (26496 bits), 0.42% of data capacity' && ok "overhead paper config: 3312 B, 0.42%" \
  || bad "overhead paper config: $(echo "$out" | tail -1)"
echo "$out" | grep -qE 'mc saturating miss counter +384 set +5 +1920' && echo "$out" | grep -qE 'memory type flag.* 6144 line +1 +6144' \
  && echo "$out" | grep -qE 'EA priority group flag +6144 line +3 +18432' && ok "overhead paper breakdown: 5 x 384 + (1 + 3) x 6144" \
  || bad "overhead paper breakdown"
# A = 8, 1024 sets, 64 B lines: mc 4 bits, EA 2 bits: 1024*4 + 8192*3 = 28672 bits = 3584 B of 524288 B = 0.68%
out=$(build/kit overhead hac Sets=1024 Ways=8 LineBytes=64 | tail -1)
echo "$out" | grep -q '3584 B (28672 bits), 0.68%' && ok "overhead Sets=1024 Ways=8: 3584 B, 0.68%" || bad "overhead A=8: $out"
# A = 32, 64 sets: mc 6 bits, EA 4 bits: 64*6 + 2048*5 = 10624 bits = 1328 B of 262144 B = 0.51%
out=$(build/kit overhead hac Sets=64 Ways=32 | tail -1)
echo "$out" | grep -q '1328 B (10624 bits), 0.51%' && ok "overhead Sets=64 Ways=32: 1328 B, 0.51%" || bad "overhead A=32: $out"
# static policy: the type bit only
out=$(build/kit overhead hac Policy=1 | tail -1)
echo "$out" | grep -q '768 B (6144 bits), 0.10%' && ok "overhead static policy: 768 B" || bad "overhead static: $out"

# The Linebacker summary (section 4.2) over the lm, vtt and ctl models at the
# paper configuration: 240 + 392 + 12 + 6.75 + 180 + 4608 + 24 + 768 =
# 6230.75 B, stated next to the paper's 5.88 KB with the bits/bytes reading
# that reproduces it (6020.75 B = 5.8796 KiB); make overhead without BLOCK
# prints it after the blocks.
out=$(build/kit summary linebacker)
echo "$out"
echo "$out" | grep -qE 'sum of the items +49846 bits +6230.75 B = 6.085 KiB' && echo "$out" | grep -q '5.88 KB' \
  && echo "$out" | grep -q '6020.75 B = 5.8796 KiB' && ok "Linebacker summary: 49846 bits = 6230.75 B next to the paper's 5.88 KB" \
  || bad "Linebacker summary: $out"
for row in "L1 HPC field.* 1920 bits +240.00 B" "Load Monitor.* 3136 bits +392.00 B" "IPC monitor .* 96 bits +12.00 B" \
           "Common Info .* 54 bits +6.75 B" "Per-CTA Info .* 1440 bits +180.00 B" "Victim Tag Table.* 36864 bits +4608.00 B" \
           "address fields .* 192 bits +24.00 B" "data fields .* 6144 bits +768.00 B"; do
  echo "$out" | grep -qE "$row" || bad "Linebacker summary row /$row/ missing"
done
make --no-print-directory overhead | tail -6 | grep -q 'The kit reports the items' && ok "make overhead (no BLOCK) ends with the Linebacker summary" \
  || bad "make overhead without BLOCK lacks the summary"
expect_err "an unknown summary" "no summary 'foo'" build/kit summary foo

# The same report as data (kit overhead --json, cvkit.overhead/1), which
# the block scripts' overhead_is and synth_check read: every block's JSON
# parses with the text's total, rows that sum to their subtotals, and a
# wrong expectation is reported, not passed.
for b in $(all_blocks); do
  t=$(build/kit overhead "$b" | sed -n 's/.*model state total.*: \([0-9]*\) bits/\1/p')
  j=$(overhead_val "$b" "" '"%d %d" % (r["total_bits"], all(sum(w["total_bits"] for w in r["rows"] if w["group"] == g) == n for g, n in r["subtotals"].items()))')
  [ "$j" = "$t 1" ] && ok "overhead $b --json: total $t bits as the text, rows sum to the subtotals" \
    || bad "overhead $b --json: '$j', the text's total is $t"
done
overhead_is hac "Sets=384 Ways=16 LineBytes=128" "added=26496" "paper configuration as data: 26496 bits added"
out=$(overhead_is hac "" "added=1 total=2" "a planted wrong expectation")
case "$out" in
  "FAIL overhead hac: a planted wrong expectation: got added="*", expected added=1 total=2") ok "overhead_is reports a wrong expectation: ${out#FAIL }" ;;
  *) bad "overhead_is passed a wrong expectation: $out" ;;
esac
expect_err "overhead --json given twice" "option --json given twice" build/kit overhead hac --json --json
