# Formal (formal/formal.sh, Yosys SAT engine) on HAC at a reduced
# configuration (formal/hac.ys: 3 sets of 8 ways): k-induction proof that mc
# never wraps, each set's positions are a permutation, no set holds two
# valid lines with one tag, invalid lines sit at the bottom, plus the
# response-shape and per-request step properties; every f_cover_* signal
# must be reached from reset (no vacuous property). Then the checker must
# fail: a planted off-by-one in the stack shift must break the proof, in
# Yosys's SAT engine and in yosys-smtbmc + z3 alike.
. "$(dirname "$0")/lib.sh"
formal/formal.sh hac
rc=$?
mkdir -p build/formal_bug
sed 's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/' \
  rtl/hac.v > build/formal_bug/hac.v
if cmp -s rtl/hac.v build/formal_bug/hac.v; then bad "formal planted bug: the sed no longer matches rtl/hac.v"; exit 1; fi
sed 's#^read_verilog -formal -DFORMAL rtl/hac.v#read_verilog -formal -DFORMAL build/formal_bug/hac.v#' formal/hac.ys > build/formal_bug/hac.ys
out=$(FORMAL_YS=build/formal_bug/hac.ys FORMAL_OUT=build/formal_bug FORMAL_STEPS=prove formal/formal.sh hac 2>&1)
if echo "$out" | grep -q '^FAIL formal hac prove' && [ -s build/formal_bug/cex.vcd ] \
   && echo "$out" | grep -q '^FAIL formal hac z3 base case: .*Assert failed'; then
  ok "formal catches a planted stack-shift bug, both engines (counterexamples in build/formal_bug/)"
else bad "formal missed a planted stack-shift bug: $out"; fi
exit $rc
