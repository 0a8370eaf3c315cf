# The trend test of the traffic report (issue 30, doc/traffic-report.md):
# a short slice of every claim of tools/traffic_claims.py (two points of
# each sweep, or a short run of a claim over time) through `kit tstudy`
# (hierarchy, adapter, C model; no RTL), checking the DIRECTION of each
# trend, not absolute numbers: `PASS trend ID` when the paper's trend is
# shown, or when the report records it as NOT shown (the model disagrees
# and doc/traffic-report.md says why) and it is indeed not shown. Each
# check is shown failing on a planted reversal (the same data reversed:
# `PASS planted ID: reversal caught`). Then the command's bad input: one
# line, exit 1, no file.
. "$(dirname "$0")/lib.sh"
T=build/test/trends; rm -rf "$T"; mkdir -p "$T"
python3 tools/traffic_report.py --slice --plant --out "$T" --kit build/kit 2>&1 | sed 's/^traffic_report: error/FAIL trends: run error/'
expect_err "tstudy without --traffic" "give --traffic KERNEL" build/kit tstudy pdp
expect_err "tstudy bad kernel parameter" "parameter 'Q'" build/kit tstudy pdp --traffic thrash --traffic-params Q=1 -o "$T/x.json"
expect_err "tstudy --every 0" "--every" build/kit tstudy pdp --traffic thrash --every 0 -o "$T/x.json"
[ ! -e "$T/x.json" ] && ok "tstudy bad input writes no file" || bad "tstudy bad input left $T/x.json"
a=$(build/kit tstudy pdp --traffic bfs --traffic-params 'Nodes=256' --seed 2 --every 256 | cksum)
b=$(build/kit tstudy pdp --traffic bfs --traffic-params 'Nodes=256' --seed 2 --every 256 | cksum)
c=$(build/kit tstudy pdp --traffic bfs --traffic-params 'Nodes=256' --seed 3 --every 256 | cksum)
[ "$a" = "$b" ] && [ "$a" != "$c" ] && ok "tstudy: same seed same bytes, another bfs seed other bytes" \
  || bad "tstudy bytes: $a / $b / $c (reproduce: build/kit tstudy pdp --traffic bfs --traffic-params Nodes=256 --seed 2)"
