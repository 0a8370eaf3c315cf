# The formal flow's own checkers (formal/formal.sh, formal/premises.py):
# every guarded assert's premise must be reached in one of the proved
# configurations (the premise check: no vacuous property), and each checker
# must fail when it should: on linebacker (the issue's case and the
# cheapest premise run), a planted assert whose premise cannot happen (an
# offer the VTT is not ready for) must fail the premise check by its file
# and line, a planted one whose premise happens must pass it, and an
# implication written with || must be refused with its line. (Each block's
# own proofs, covers and planted bugs run in tb/<block>/test.sh.) Verdicts
# are read from result.json.
. "$(dirname "$0")/lib.sh"
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
