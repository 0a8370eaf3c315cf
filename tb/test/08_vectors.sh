# Vectors, for every block: make vectors twice with one seed gives
# resources: vectors
# byte-identical files, and another seed different ones; every file
# validates and replays through the C model (kit checkvec) and replays on
# Icarus Verilog against the RTL (no Verilator, no C model). A corrupted
# expected value (HAC) is caught by both the C check and the Icarus bench,
# naming the line / cycle.
. "$(dirname "$0")/lib.sh"
rm -rf build/vectors build/vec_a build/vec_b
B=$(all_blocks | tr '\n' ' ')
vec() { tools/jobs.py vectors --blocks "$B" --seed "$1" --vec-cycles 5000 --vec-dir "$2" >/dev/null 2>&1; }
vec 11 build/vec_a && vec 11 build/vec_b || { bad "vectors: generation failed"; exit 1; }
if diff -r build/vec_a build/vec_b >/dev/null; then ok "vectors: same seed, byte-identical files ($(ls build/vec_a | wc -l) files)"
else bad "vectors: same seed gave different bytes"; fi
vec 12 build/vec_b
if cmp -s build/vec_a/hac_seed11.vec build/vec_b/hac_seed12.vec; then bad "vectors: seeds 11 and 12 gave identical files"
else ok "vectors: a different seed gives different stimulus"; fi
# the default files (one per configuration of each block's check list, of
# its own length) reach every functional cover event, under STRICT=1
out=$(make --no-print-directory vectors BLOCK="$B" SEED=1 STRICT=1 2>&1) || bad "make vectors STRICT=1: $(echo "$out" | grep FAIL)"
S=$(ls -td build/results/vectors/run-*/ | head -1)summary.json
for b in $B; do
  t=$(jget "$S" '"%d %d %d" % (d["blocks"]["'"$b"'"]["cover_seen"], d["blocks"]["'"$b"'"]["cover_total"], d["blocks"]["'"$b"'"]["vectors"]["files"])')
  set -- $t
  [ -n "$t" ] && [ "$1" = "$2" ] && ok "vectors $b: the default $3 files reach every cover event ($1/$2)" \
    || bad "vectors $b: default files miss cover events: $(echo "$out" | grep "vectors $b")"
done
# and STRICT=1 fails when they cannot: 3 random cycles of LM (with its
# directed files) never see a reserved outcome
expect_err "vectors STRICT=1 fails on missed events" "^FAIL vectors lm: .*coverage [0-9]+/18 events \(missing: " \
  tools/jobs.py vectors --blocks lm --seed 1 --vec-cycles 3 --params "Entries=4" --vec-dir build/test/vec_short --strict
for f in build/vectors/*.vec; do
  out=$(build/kit checkvec "$f" 2>&1) && ok "checkvec $(basename "$f")" || bad "checkvec $f: $out"
done
# make replay's flow (vectors, then Icarus against the RTL) on every check-list
# configuration and directed file, with the random files cut to 3000 cycles
# (the full-length files above hold 57 MB: minutes of Icarus; make replay
# and make run replay them whole)
out=$(tools/jobs.py replay --blocks "$B" --vec-cycles 3000 --vec-dir build/test/vec_replay 2>&1); rc=$?
echo "$out" | grep -E '^(PASS|FAIL) icarus replay'
[ $rc -eq 0 ] && echo "$out" | tail -1 | grep -qE '^[0-9]+ passed, 0 failed$' && ok "make replay: $(echo "$out" | tail -1)" \
  || bad "replay: rc=$rc $(echo "$out" | tail -3)"
# Corrupt one expected output (record 500, the last column) and expect both checkers to object.
f=build/vectors/hac_seed1.vec; bad_f=build/test/corrupt.vec; mkdir -p build/test
awk 'BEGIN{n=0} /^\/\//{print; next} {n++; if (n==500) {$NF = ($NF=="0") ? "1" : "0"}; print}' "$f" > "$bad_f"
line=$(awk 'BEGIN{n=0} /^\/\//{next} {n++; if (n==500) {print NR; exit}}' "$f")
expect_err "checkvec catches a corrupted expected value at its line" "corrupt.vec:$line: cycle 499 evict_nvm_o" build/kit checkvec "$bad_f"
build/kit tbgen "$bad_f" -o build/replay/corrupt_tb.v && iverilog -g2005 -o build/replay/corrupt.vvp build/replay/corrupt_tb.v rtl/hac/hac.v
out=$(vvp -n build/replay/corrupt.vvp +vec="$bad_f" | grep -E '^(PASS|FAIL)')
if echo "$out" | grep -q '^FAIL icarus replay hac: cycle 499 port evict_nvm_o'; then ok "icarus replay catches the corrupted value at cycle 499"
else bad "icarus replay missed the corrupted value: $out"; fi
