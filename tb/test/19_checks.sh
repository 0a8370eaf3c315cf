# The default test of every block (make check BLOCK=b, make run; kit plan
# check): every configuration of its check list (kit checks b), which must
# be legal and start with the paper configuration, plus every directed file,
# together reaching every functional cover event under STRICT=1 (read from
# the run's summary.json, not its text). A PASS that misses events says so, and --strict /
# STRICT=1 turns it into a FAIL with the reproduce line (the checker can
# fail).
. "$(dirname "$0")/lib.sh"

for b in $(all_blocks); do
  list=$(build/kit checks "$b") || { bad "kit checks $b"; continue; }
  first=$(echo "$list" | head -1 | cut -f3)
  badp=""
  while IFS= read -r l; do
    # shellcheck disable=SC2046
    build/kit gflags "$b" $(echo "$l" | cut -f3) >/dev/null 2>&1 || badp="$badp [$(echo "$l" | cut -f3)]"
  done <<< "$list"
  [ -z "$first" ] && [ -z "$badp" ] && ok "kit checks $b: $(echo "$list" | wc -l) legal configurations, the paper's first" \
    || bad "kit checks $b: first '${first}', illegal:$badp"
  out=$(make --no-print-directory check BLOCK="$b" STRICT=1 SUMMARY="build/test/check_$b.json" 2>&1); rc=$?
  S=build/test/check_$b.json
  if [ $rc -eq 0 ] && [ "$(jget "$S" 'd["verdict"]')" = pass ] &&
     [ "$(jget "$S" 'str(d["blocks"]["'"$b"'"]["cover_seen"] == d["blocks"]["'"$b"'"]["cover_total"] > 0)')" = True ]; then
    ok "default test $b under STRICT=1: $(echo "$out" | grep "^PASS check $b: " | cut -d: -f2-)"
  else bad "default test $b: $(echo "$out" | grep -E '^(FAIL|MISMATCH|  )' | head -3) (reproduce: make check BLOCK=$b STRICT=1)"; fi
done

# a run that matches but misses events: PASS names them; --strict fails
bin=$(block_bin lm "") || bad "lm build"
out=$($bin --seed 1 --cycles 1000); rc=$?
[ $rc -eq 0 ] && echo "$out" | grep -qE "^PASS lockstep lm: 1000 cycles matched .*, coverage [0-9]+/18 events \(missing: .*window_end" \
  && ok "a PASS that misses events names them: $(echo "$out" | head -1 | grep -o 'coverage.*' | cut -c1-60)..." \
  || bad "PASS line without its coverage: $(echo "$out" | head -1)"
out=$($bin --seed 1 --cycles 1000 --strict --repro "make check BLOCK=lm CYCLES=1000 STRICT=1"); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -qE "^FAIL lockstep lm: 1000 cycles matched .* under --strict" \
  && echo "$out" | grep -q "reproduce: make check BLOCK=lm CYCLES=1000 STRICT=1" \
  && ok "--strict fails a run that misses events, with the reproduce line" \
  || bad "--strict on a 1000-cycle LM run: rc=$rc $(echo "$out" | head -3)"
out=$(make --no-print-directory check BLOCK=lm CYCLES=1000 STRICT=1 2>&1); rc=$?
[ $rc -ne 0 ] && echo "$out" | grep -q "^FAIL lockstep lm" && ok "make check STRICT=1 fails on missed events (exit $rc)" \
  || bad "make check STRICT=1: rc=$rc"
out=$(make --no-print-directory check BLOCK=victim_bits CHECK_CYCLES=20 DIRECTED=0 STRICT=1 SUMMARY=build/test/check_short.json 2>&1); rc=$?
S=build/test/check_short.json
[ $rc -ne 0 ] && [ "$(jget "$S" 'd["verdict"]')" = fail ] && [ -n "$(jget "$S" '" ".join(d["blocks"]["victim_bits"]["cover_missing"])')" ] \
  && echo "$out" | grep -qE "^FAIL check victim_bits: .*coverage [0-9]+/18 events \(missing: " \
  && ok "the default test cut to 20 cycles per configuration fails under STRICT=1, naming the missed events" \
  || bad "check STRICT=1 with 20 cycles: rc=$rc $(echo "$out" | tail -2)"
