# Formal (formal/formal.sh: SymbiYosys, smtbmc with Yices 2) on HAC at a
# reduced configuration (formal/hac.sby: 3 sets of 8 ways): k-induction proof
# that mc never wraps, each set's positions are a permutation, no set holds
# two valid lines with one tag, invalid lines sit at the bottom, plus the
# response-shape and per-request step properties; every cover statement
# (one per f_cover_* signal) must be reached from reset (no vacuous
# property). Then the checker must fail: a planted off-by-one in the stack
# shift must break the proof with a counterexample trace.
. "$(dirname "$0")/lib.sh"
formal/formal.sh hac
rc=$?
formal_planted hac "stack shift off by one" \
  's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/'
exit $rc
