# Vectors, for every block: make vectors twice with one seed gives
# byte-identical files, and another seed different ones; every file
# validates and replays through the C model (kit checkvec) and replays on
# Icarus Verilog against the RTL (no Verilator, no C model). A corrupted
# expected value (HAC) is caught by both the C check and the Icarus bench,
# naming the line / cycle.
. "$(dirname "$0")/lib.sh"
rm -rf build/vectors build/vec_a build/vec_b
B=$(all_blocks | tr '\n' ' ')
VECDIR=build/vec_a tools/vectors.sh "$B" 11 5000 >/dev/null && VECDIR=build/vec_b tools/vectors.sh "$B" 11 5000 >/dev/null \
  || { bad "vectors: generation failed"; exit 1; }
if diff -r build/vec_a build/vec_b >/dev/null; then ok "vectors: same seed, byte-identical files ($(ls build/vec_a | wc -l) files)"
else bad "vectors: same seed gave different bytes"; fi
VECDIR=build/vec_b tools/vectors.sh "$B" 12 5000 >/dev/null
if cmp -s build/vec_a/hac_seed11.vec build/vec_b/hac_seed12.vec; then bad "vectors: seeds 11 and 12 gave identical files"
else ok "vectors: a different seed gives different stimulus"; fi
# the default files (one per configuration of each block's check list, of
# its own length) reach every functional cover event, under STRICT=1
out=$(make --no-print-directory vectors BLOCK="$B" SEED=1 STRICT=1 2>&1) || bad "make vectors STRICT=1: $(echo "$out" | grep FAIL)"
for b in $B; do
  l=$(echo "$out" | grep "^PASS vectors $b: ")
  t=$(echo "$l" | sed -n 's/.*coverage \([0-9]*\)\/\([0-9]*\) events.*/\1 \2/p')
  set -- $t
  [ -n "$l" ] && [ "$1" = "$2" ] && ok "vectors $b: the default files reach every cover event (${l#*: })" \
    || bad "vectors $b: default files miss cover events: $(echo "$out" | grep "vectors $b")"
done
# and STRICT=1 fails when they cannot: 3 random cycles of LM (with its
# directed files) never see a reserved outcome
expect_err "vectors STRICT=1 fails on missed events" "^FAIL vectors lm: [0-9]+ files, coverage [0-9]+/18 events \(missing: " \
  env VECDIR=build/test/vec_short STRICT=1 tools/vectors.sh lm 1 3 "Entries=4"
for f in build/vectors/*.vec; do
  out=$(build/kit checkvec "$f" 2>&1) && ok "checkvec $(basename "$f")" || bad "checkvec $f: $out"
done
tools/replay.sh "$B"
# Corrupt one expected output (record 500, the last column) and expect both checkers to object.
f=build/vectors/hac_seed1.vec; bad_f=build/test/corrupt.vec; mkdir -p build/test
awk 'BEGIN{n=0} /^\/\//{print; next} {n++; if (n==500) {$NF = ($NF=="0") ? "1" : "0"}; print}' "$f" > "$bad_f"
line=$(awk 'BEGIN{n=0} /^\/\//{next} {n++; if (n==500) {print NR; exit}}' "$f")
expect_err "checkvec catches a corrupted expected value at its line" "corrupt.vec:$line: cycle 499 evict_nvm_o" build/kit checkvec "$bad_f"
build/kit tbgen "$bad_f" -o build/replay/corrupt_tb.v && iverilog -g2005 -o build/replay/corrupt.vvp build/replay/corrupt_tb.v rtl/hac/hac.v
out=$(vvp -n build/replay/corrupt.vvp +vec="$bad_f" | grep -E '^(PASS|FAIL)')
if echo "$out" | grep -q '^FAIL icarus replay hac: cycle 499 port evict_nvm_o'; then ok "icarus replay catches the corrupted value at cycle 499"
else bad "icarus replay missed the corrupted value: $out"; fi
