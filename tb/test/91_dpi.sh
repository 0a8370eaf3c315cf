# The DPI-C entry for SystemVerilog testbenches (doc/dpi.md): `kit dpigen`
# packages and testbenches of EVERY block at its default configuration,
# compiled by Verilator into one binary with the RTL and the kit's C
# library (tools/dpi_build.sh, at -O0: the runs are short, the build is
# the cost), each testbench driving its block's seeded stimulus into the
# RTL and the model through DPI-C for 3,000 cycles and comparing every
# output every cycle. The state space is the random generators' (the
# lockstep's, with its long runs and the default checks, covers the
# blocks themselves); what this shows is the SV path: the generated port
# packing of every block's ports and widths (a wrong slot or width is a
# mismatch at the first cycle that uses it), the timing (inputs at the
# falling edge, outputs compared at the next), the stimulus sources (random,
# a vector file, a directed file) and the verdicts. Then the checker
# fails for real: a planted RTL bug in a copy of hac (the promotion
# forgets mc/4, 04_portcheck's bug) is caught with the lockstep's fields,
# at the cycle and port the lockstep reports for the same seed, a non-zero
# exit, a JSON verdict, and a reproduce line that reproduces it; and bad
# input (a parameter, a missing file) is one line and a non-zero exit.
# CPU: about 50 s, most of it the one Verilator build of 16 blocks.
. "$(dirname "$0")/lib.sh"
D=build/test/dpi
rm -rf "$D/res" "$D/vec" "$D/dir" && mkdir -p "$D/res" "$D/vec" "$D/dir"
mapfile -t blocks < <(build/kit blocks)
bin=$(VOPT=-O0 tools/dpi_build.sh "$D/all" "${blocks[@]}") || { bad "dpi build of every block failed"; exit 1; }
out=$("$bin" +seed=1 +cycles=3000 +results="$D/res" 2>&1); rc=$?
for b in "${blocks[@]}"; do
  got=$(jget "$D/res/$b.json" '"%s %d %s %d/%d" % (d["verdict"], d["cycles"], d["source"], sum(1 for n in d["cover"].values() if n), len(d["cover"]))')
  set -- $got
  if [ $rc -eq 0 ] && [ "${1:-}" = matched ] && [ "${2:-}" = 3000 ] && [ "${3:-}" = random ]; then
    ok "dpi $b: 3000 cycles of random stimulus, RTL and model through DPI-C agree (events $5)"
  else bad "dpi $b: rc=$rc result '$got': $(echo "$out" | grep -m3 -E "$b|error")"; fi
done

# The other two stimulus sources, through the same binary (the other
# blocks run one random cycle): a vector file's inputs and a directed file.
build/kit vectors hac -o "$D/vec/hac.vec" --seed 4 --cycles 500 >/dev/null
"$bin" +cycles=1 +hac_stim="$D/vec/hac.vec" +results="$D/vec" >/dev/null 2>&1; rc=$?
got=$(jget "$D/vec/hac.json" '"%s %d %d %s" % (d["verdict"], d["cycles"], d["seed"], d["source"])')
[ $rc -eq 0 ] && [ "$got" = "matched 500 4 $D/vec/hac.vec" ] && ok "dpi hac: a vector file's 500 cycles of inputs drive RTL and model" ||
  bad "dpi hac vector file: rc=$rc '$got'"
build/kit vectors hac -o "$D/vec/timing.vec" --stim tb/hac/directed/timing.stim >/dev/null &&
  build/kit checkvec "$D/vec/timing.vec" --json > "$D/vec/timing.json"
n=$(jget "$D/vec/timing.json" 'd["cycles"]')
"$bin" +cycles=1 +hac_stim=tb/hac/directed/timing.stim +results="$D/vec" >/dev/null 2>&1; rc=$?
got=$(jget "$D/vec/hac.json" '"%s %d %s" % (d["verdict"], d["cycles"], d["source"])')
[ $rc -eq 0 ] && [ "$got" = "matched $n tb/hac/directed/timing.stim" ] && ok "dpi hac: the directed file timing.stim ($n cycles)" ||
  bad "dpi hac directed file: rc=$rc '$got' (expected $n cycles)"

# Bad input: one line naming the problem, a non-zero exit, no crash.
expect_err "dpi: a missing stimulus file" "^dpi: error: hac: build/test/dpi/none.stim: cannot open" \
  "$bin" +cycles=10 +hac_stim=build/test/dpi/none.stim
expect_err "dpigen: a bad parameter, the kit's message" "parameter Ways=12 must be a power of two" \
  build/kit dpigen hac -o "$D/dir" Ways=12
[ -z "$(ls "$D/dir")" ] && ok "dpigen: nothing written after the error" || bad "dpigen wrote $(ls "$D/dir")"
expect_err "dpigen: --rtl without --top" "needs --top" build/kit dpigen hac -o "$D/dir" --rtl x.v

# A planted RTL bug, caught through DPI-C with the lockstep's fields.
sed -e 's/^module hac\b/module bug_hac/' -e 's/else         p_raw = c8 + CAh + (mc8 >> 2);/else         p_raw = c8 + CAh;/' \
  rtl/hac/hac.v > "$D/bug_hac.v"
if cmp -s <(sed 's/^module hac\b/module bug_hac/' rtl/hac/hac.v) "$D/bug_hac.v"; then
  bad "dpi planted bug: the sed no longer matches rtl/hac/hac.v"; exit 1
fi
export VOPT=-O0
out=$(make --no-print-directory dpi BLOCK=hac RTL="$D/bug_hac.v" TOP=bug_hac SEED=1 CYCLES=3000 2>&1); rc=$?
res=$(ls build/dpi/hac/*-byo*/hac.json 2>/dev/null | while read -r f; do grep -l "bug_hac" "$f"; done | head -1)
got=$(jget "$res" '"%s %d %s" % (d["verdict"], d["fail_cycle"], ",".join(d["differs"]))')
set -- $got
repro=$(echo "$out" | sed -n 's/^  reproduce: //p')
if [ $rc -ne 0 ] && [ "${1:-}" = mismatch ] && echo "$out" | grep -q "^MISMATCH hac at cycle $2 (seed 1, random stimulus; DPI-C testbench)" &&
   echo "$out" | grep -qE '^  rsp_pos_o +[0-9a-f]+ +[0-9a-f]+   <-- differs' && echo "$out" | grep -q '^  inputs, cycles' &&
   [ "$repro" = "make dpi BLOCK=hac RTL='$D/bug_hac.v' TOP=bug_hac SEED=1 CYCLES=3000" ]; then
  ok "dpi planted bug in hac caught at cycle $2 on $3: exit $rc, model/rtl table, inputs, reproduce line"
else bad "dpi planted bug: rc=$rc result '$got': $(echo "$out" | head -8)"; fi
# the lockstep on the same RTL and seed: the same cycle and port
ls=$(tools/build_lockstep.sh hac "" "$D/bug_hac.v" bug_hac 2>/dev/null) &&
  "$ls" --seed 1 --cycles 3000 --result "$D/ls.json" >/dev/null 2>&1
lsgot=$(jget "$D/ls.json" '"%s %d %s" % (d["verdict"], d["fail_cycle"], ",".join(d["differs"]))')
[ -n "$got" ] && [ "$lsgot" = "$got" ] && ok "dpi and lockstep report the same first mismatch: $lsgot" ||
  bad "dpi '$got' against lockstep '$lsgot'"
out2=$(bash -c "$repro" 2>&1)
[ -n "$repro" ] && [ "$(echo "$out" | grep '^MISMATCH')" = "$(echo "$out2" | grep '^MISMATCH')" ] &&
  ok "dpi: the reproduce line reproduces the mismatch" || bad "dpi reproduce line '$repro': $(echo "$out2" | head -3)"
