# C-model unit tests built from the papers (tb/<block>/test_*.c) and the
# shared layers' (tb/test/test_*.c), once
# optimised and once under AddressSanitizer + UndefinedBehaviorSanitizer.
# They pin the formulas and state updates to hand-computed values; the
# lockstep tests then only have to show the RTL agrees with the model.
. "$(dirname "$0")/lib.sh"
rc=0
for src in $(ls tb/*/test_*.c | sort); do
  t=$(basename "$src" .c)
  echo "-- $t"
  "build/$t" || rc=1
  echo "-- $t under ASan/UBSan"
  "build/san/$t" | sed 's/^PASS /PASS asan: /; s/^FAIL /FAIL asan: /'
  [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
done
exit $rc
