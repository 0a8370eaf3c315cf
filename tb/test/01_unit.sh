# C-model unit tests built from the paper (tb/test/test_hac_model.c), once
# optimised and once under AddressSanitizer + UndefinedBehaviorSanitizer.
# They pin the formulas and stack updates to hand-computed values; the
# lockstep tests then only have to show the RTL agrees with this model.
. "$(dirname "$0")/lib.sh"
build/test_hac_model || exit 1
echo "-- under ASan/UBSan"
build/san/test_hac_model | sed 's/^PASS /PASS asan: /; s/^FAIL /FAIL asan: /'
exit "${PIPESTATUS[0]}"
