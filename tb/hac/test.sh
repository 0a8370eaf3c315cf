# HAC's own tests beyond the shared scripts (the shared ones use HAC as
# their example block: lockstep, faults, waveforms, hardening). Formal
# (formal/hac.sby: 3 sets of 8 ways): the k-induction proof that mc never
# wraps, each set's positions are a permutation, no set holds two valid
# lines with one tag, invalid lines sit at the bottom, plus the
# response-shape and per-request step properties, for the dynamic policy
# (both readings) and the static one; every cover reached from reset, every
# guarded assert's premise reached (no vacuous property). The checker must
# fail: a planted off-by-one in the stack shift breaks the proof with a
# counterexample trace from reset. Then the two readings pairs of
# doc/hac.md "Paper readings" (BypassMc, StaticWbEa): each directed file
# passes under its own parameters and fails at an expect under the other's.
. "$(dirname "$0")/../test/lib.sh"
formal/formal.sh hac
rc=$?
formal_planted hac "stack shift off by one" \
  's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/'
readings_pair hac tb/hac/directed/bypass_mc_alg1.stim tb/hac/directed/bypass_mc_text.stim
readings_pair hac tb/hac/directed/static_wb_paper.stim tb/hac/directed/static_wb_ea.stim
exit $rc
