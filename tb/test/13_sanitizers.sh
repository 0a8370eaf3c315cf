# The C tools under AddressSanitizer + UndefinedBehaviorSanitizer: vector
# generation (random and every directed file), validation and C-model replay,
# the storage report, and a sample of the bad-input paths (error exits must
# not leak into sanitizer reports). The unit tests run under them in 01_unit.
. "$(dirname "$0")/lib.sh"
K=build/san/kit; T=build/test/san; rm -rf "$T"; mkdir -p "$T"
run() { local name=$1; shift; local out; out=$("$@" 2>&1); local rc=$?
  if echo "$out" | grep -qE 'runtime error|AddressSanitizer|LeakSanitizer'; then bad "asan: $name: $(echo "$out" | grep -m1 -E 'runtime error|Sanitizer')"
  else ok "asan: $name (exit $rc)"; fi; }
run "vectors random paper config" $K vectors hac --seed 1 --cycles 100000 -o $T/r.vec
run "vectors random A=64" $K vectors hac --seed 2 --cycles 50000 -o $T/r64.vec Sets=2 Ways=64 TagW=48
run "checkvec" $K checkvec $T/r.vec
run "tbgen" $K tbgen $T/r.vec -o $T/tb.v
for f in $(directed_files hac); do
  # shellcheck disable=SC2046
  run "vectors $(basename "$f")" $K vectors hac --stim "$f" -o "$T/$(basename "$f").vec" $(stim_params "$f")
done
run "overhead" $K overhead hac
head -n -5 $T/r.vec > $T/trunc.vec
run "truncated vector file" $K checkvec $T/trunc.vec
printf 'req_valid_i=1 req_ea_i=99\n' > $T/bad.stim
run "bad directed file" $K vectors hac --stim $T/bad.stim -o $T/x.vec
run "bad parameter" $K overhead hac Ways=12
build/kit vectors hac --seed 1 --cycles 100000 -o $T/plain.vec >/dev/null
cmp -s $T/r.vec $T/plain.vec && ok "asan: sanitizer build writes byte-identical vectors" || bad "asan: sanitizer and plain builds wrote different vectors"
