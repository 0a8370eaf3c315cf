# Formal (formal/formal.sh: SymbiYosys, smtbmc with Yices 2) on HAC at a
# reduced configuration (formal/hac.sby: 3 sets of 8 ways): k-induction proof
# that mc never wraps, each set's positions are a permutation, no set holds
# two valid lines with one tag, invalid lines sit at the bottom, plus the
# response-shape and per-request step properties, for the dynamic policy
# (both readings) and the static one; every cover statement (one per
# f_cover_* signal) must be reached from reset, and every guarded assert's
# premise must be reached in one of the proved configurations (the premise
# check: no vacuous property). Then each checker must fail: a planted
# off-by-one in the stack shift must break the proof with a counterexample
# trace; on linebacker (the issue's case and the cheapest premise run), a
# planted assert whose premise cannot happen (an offer the VTT is not ready
# for) must fail the premise check by its file and line, a planted one
# whose premise happens must pass it, and an implication written with ||
# must be refused with its line. Verdicts are read from result.json.
. "$(dirname "$0")/lib.sh"
formal/formal.sh hac
rc=$?
formal_planted hac "stack shift off by one" \
  's/end else if ((pos_w > sel_pos) \&\& (pos_w <= p)) begin/end else if ((pos_w > sel_pos) \&\& (pos_w < p)) begin/'

offer='^    if (\$past(offer)) assert(ev_st_q == EvNone);$'
formal_premise linebacker "an offer that waits for the VTT" \
  "s/$offer/&\n    if (\$past(offer \&\& !vtt_ready)) assert(ev_st_q == EvOffer);  \/\/ planted/" vacuous
formal_premise linebacker "a useful insert taken" \
  "s/$offer/&\n    if (\$past(offer \&\& ev_useful_q)) assert(ev_st_q == EvNone);  \/\/ planted/" reached
F=$(formal_plant linebacker "implication with or" "s/$offer/&\n    assert(!\$past(offer) || ev_st_q == EvNone);  \/\/ planted/") &&
  ln=$(grep -n 'assert.*planted' "$F/linebacker.v" | cut -d: -f1) &&
  FORMAL_RTL=$F/linebacker.v FORMAL_OUT=$F formal/formal.sh linebacker premises >"$F/out.txt" 2>&1
got=$(formal_json "${F:-/}/result.json" 'r["passed"], r["premises_error"]')
case "$got" in
  "(False, '$F/linebacker.v:$ln: assert(!\$past(offer) || ev_st_q == EvNone) is an implication written with ||"*)
    ok "formal premise check refuses an implication written with || ($F/linebacker.v:$ln)" ;;
  *) bad "formal premise check took an implication written with ||: $got: $(cat "${F:-/}/out.txt" 2>/dev/null)" ;;
esac
exit $rc
