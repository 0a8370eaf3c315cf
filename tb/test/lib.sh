# lib.sh - helpers sourced by the test scripts.
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/common.sh"
mkdir -p build/test   # the scripts write their scratch files here, also when run alone
ok()   { echo "PASS $*"; prof "PASS $*"; }
bad()  { echo "FAIL $*"; prof "FAIL $*"; }
# prof LINE: with TEST_PROFILE set (make test sets build/test/NAME.prof),
# the wall seconds and the CPU time of the script's finished children so
# far, before each verdict: where a script's time goes.
prof() {
  [ -n "${TEST_PROFILE:-}" ] || return 0
  local t
  times > "$TEST_PROFILE.t"      # not in a subshell: the script's own children
  t=$(tail -1 "$TEST_PROFILE.t")
  printf '%5d s  %s  %.70s\n' "$SECONDS" "$t" "$1" >> "$TEST_PROFILE"
}
# expect_err NAME PATTERN CMD...: CMD must exit non-zero and print, in one
# line of stderr+stdout, something matching PATTERN (an extended regex).
expect_err() {
  local name=$1 pat=$2; shift 2
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ $rc -eq 0 ]; then bad "$name: exited 0, expected an error"; return; fi
  if ! printf '%s\n' "$out" | grep -qE -e "$pat"; then
    bad "$name: error did not match /$pat/: $(printf '%s' "$out" | head -3)"; return
  fi
  if printf '%s\n' "$out" | grep -qiE 'segmentation|core dumped|sanitizer|assert'; then
    bad "$name: crashed: $(printf '%s' "$out" | head -3)"; return
  fi
  ok "$name"
}

# fault_caught BLOCK SEED CYCLES AT PORT [PARAMS]: the checker can fail.
# make check with a fault planted on PORT in cycle AT (FAULT=AT:PORT) must
# fail, its MISMATCH report naming exactly that cycle and that port alone.
fault_caught() {
  local out rc
  out=$(make --no-print-directory check BLOCK="$1" ${6:+PARAMS="$6"} SEED="$2" CYCLES="$3" FAULT="$4:$5" 2>&1); rc=$?
  if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q "^MISMATCH $1 at cycle $4 " \
     && printf '%s\n' "$out" | grep -q "^  $5 .*<-- differs" && [ "$(printf '%s\n' "$out" | grep -c 'differs')" = 1 ]; then
    ok "$1 fault at cycle $4 on $5 caught at exactly that cycle"
  else bad "$1 fault: rc=$rc: $(printf '%s\n' "$out" | head -12)"; fi
}

# wrong_expect BLOCK STIM NAME SED WHAT MESSAGE: a hand-computed expect
# made wrong by SED (into $T/NAME.stim) must be named by make check with
# "NAME.stim:LINE: MESSAGE" (an extended regex), LINE the first line the SED
# changed; a SED that no longer changes STIM fails.
wrong_expect() {
  local w="$T/$3.stim" n
  sed "$4" "$2" > "$w"
  n=$(diff "$2" "$w" | sed -n '1s/^[0-9,]*c\([0-9]*\).*/\1/p')
  if [ -z "$n" ]; then bad "$1 wrong expect: the sed no longer matches $(basename "$2")"
  else expect_err "$1 wrong hand expectation ($5) is caught" "$3\.stim:$n: $6" make --no-print-directory check BLOCK="$1" STIM="$w"; fi
}
# stim_refused BLOCK FILE TEXT NAME PATTERN [P=V ...]: a directed file
# $T/FILE holding TEXT (a printf format) is refused by `build/kit vectors
# BLOCK` with an error matching PATTERN, and no vector file is left behind.
stim_refused() {
  local b=$1 fn=$2 f=$T/$2 text=$3 name=$4 pat=$5; shift 5
  # shellcheck disable=SC2059  # TEXT is the format
  printf "$text" > "$f"
  expect_err "$name" "$pat" build/kit vectors "$b" --stim "$f" -o "$f.vec" "$@"
  [ ! -e "$f.vec" ] && ok "$b: no output file left by the refused $fn" || bad "$b: $f.vec left behind"
}
# viol_zero BLOCK SEED CYCLES LABEL "P=V ...": a composite's viol_o (its
# last vector column) is 0 in every cycle of `build/kit vectors`.
viol_zero() {
  local b=$1 seed=$2 cyc=$3 label=$4 p=$5 v col
  v=$T/viol_$b.vec
  # shellcheck disable=SC2086  # the words of P are parameters
  build/kit vectors "$b" -o "$v" --seed "$seed" --cycles "$cyc" $p >/dev/null || { bad "vectors $b $p"; return; }
  col=$(grep -v '^//' "$v" | awk '{print ($NF ~ /^0+$/) ? "0" : $NF}' | sort | uniq -c | tr -s ' ')
  [ "$col" = " $cyc 0" ] && ok "$b viol_o = 0 in all $cyc cycles (seed $seed, $label)" \
    || bad "$b viol_o not always 0 ($p): $col"
}
# glue_bug BLOCK NAME SED PORT "SUB_RTL..." "P=V ...": a glue bug (SED) in
# a renamed copy of the composite rtl/BLOCK/BLOCK.v, lock-stepped with its
# sub-blocks' RTL, must fail make check with PORT differing; a SED that no
# longer changes the RTL fails.
glue_bug() {
  local b=$1 name=$2 expr=$3 port=$4 subs=$5 p=$6 ren out rc
  ren="s/^module $b\b/module ${b}_bug/"
  sed "$ren" "rtl/$b/$b.v" | sed "$expr" > "$T/${b}_bug.v"
  if cmp -s <(sed "$ren" "rtl/$b/$b.v") "$T/${b}_bug.v"; then
    bad "$b glue bug ($name): the sed no longer matches rtl/$b/$b.v"; return
  fi
  out=$(make --no-print-directory check BLOCK="$b" PARAMS="$p" CYCLES=20000 SEED=2 \
        RTL="$T/${b}_bug.v $subs" TOP="${b}_bug" 2>&1); rc=$?
  [ $rc -ne 0 ] && echo "$out" | grep -q "^MISMATCH $b at cycle" && echo "$out" | grep -q "^  $port .*<-- differs" \
    && ok "$b glue bug ($name) caught: $(echo "$out" | grep -m1 '^MISMATCH' | cut -c1-60)" \
    || bad "$b glue bug ($name) not caught: rc=$rc $(echo "$out" | head -8)"
}

# lockstep_bin "P=V ...": build (cached) and print HAC's lockstep binary.
lockstep_bin() { tools/build_lockstep.sh hac "$1" "${2:-}" "${3:-}"; }
# block_bin BLOCK "P=V ...": the same for any block.
block_bin() { tools/build_lockstep.sh "$1" "$2"; }
# all_blocks: every block with a cmodel/<block>.def.
all_blocks() { ls cmodel/*/*.def | xargs -n1 basename | sed 's/\.def$//'; }
# lockstep_cov BLOCK "P=V ..." SEED CYCLES MAY_MISS_TOGGLES MIN_EVENTS:
# lock-step, then require zero mismatches, at most MAY_MISS_TOGGLES output
# bits never toggled, and at least MIN_EVENTS functional events seen.
lockstep_cov() {
  local b=$1 p=$2 seed=$3 cyc=$4 miss=$5 need=$6 bin out rc r got
  r=build/test/lockstep_cov_${b}_$$.json
  bin=$(block_bin "$b" "$p") || { bad "lockstep $b build ${p:-default}"; return; }
  # shellcheck disable=SC2086  # the words: a stimulus parameter is not in the build
  out=$($bin --seed "$seed" --cycles "$cyc" --result "$r" --repro "make check BLOCK=$b SEED=$seed CYCLES=$cyc PARAMS='$p'" $p); rc=$?
  echo "$out" | sed "s/^/    /"
  # verdict, toggles and events from the run's result (cvkit.lockstep/1)
  got=$(jget "$r" '"%s %d %d %d %d %d" % (d["verdict"], d["cycles"], d["toggle"]["covered"], d["toggle"]["bits"],
                    sum(1 for n in d["cover"].values() if n), len(d["cover"]))')
  rm -f "$r"
  set -- $got
  if [ $rc -ne 0 ] || [ "$1" != matched ]; then bad "lockstep $b ${p:-default} seed $seed: $(echo "$out" | head -20)"
  elif [ $(( $4 - $3 )) -gt "$miss" ] || [ "$5" -lt "$need" ]; then
    bad "lockstep $b ${p:-default} seed $seed: coverage too low: toggles $3/$4 (may miss $miss), events $5/$6 (need $need)"
  else ok "lockstep $b ${p:-default} seed $seed: $2 cycles matched, toggles $3/$4, events $5/$6"
  fi
}
# readings_pair BLOCK FILE_A FILE_B: two directed files of one "Paper
# readings" point (doc/<block>.md): the same stimulus under the two settings
# of its parameter, each passing with its own expects and failing at an
# expect line under the other file's params line (the expects differ, so
# the point is tested, not just run).
readings_pair() {
  local b=$1 fa=$2 fb=$3 pa pb t
  pa=$(stim_params "$fa"); pb=$(stim_params "$fb")
  if ! diff -q <(grep -vE '^(#|params( |$)|expect )' "$fa") <(grep -vE '^(#|params( |$)|expect )' "$fb") >/dev/null; then
    bad "readings $b: $fa and $fb drive different stimulus"; return
  fi
  for f in "$fa" "$fb"; do
    if make --no-print-directory -s check BLOCK="$b" STIM="$f" >/dev/null 2>&1; then ok "readings $b: $f passes"
    else bad "readings $b: $f: $(make --no-print-directory -s check BLOCK="$b" STIM="$f" 2>&1 | grep -m1 -E 'FAIL|error')"; fi
  done
  t=build/test/readings_$(basename "$fa")
  sed -E "s/^params( .*)?$/params $pb/" "$fa" > "$t"
  expect_err "readings $b: $(basename "$fa")'s expects fail under '$pb'" "expect .* but the model gives" \
    make --no-print-directory -s check BLOCK="$b" STIM="$t"
  sed -E "s/^params( .*)?$/params $pa/" "$fb" > "$t"
  expect_err "readings $b: $(basename "$fb")'s expects fail under '$pa'" "expect .* but the model gives" \
    make --no-print-directory -s check BLOCK="$b" STIM="$t"
}
# overhead_val BLOCK "P=V ..." EXPR [ARG...]: EXPR (Python, over r = the
# cvkit.overhead/1 object of kit overhead --json, and sys.argv[2:] = the
# ARGs) printed.
overhead_val() {
  # shellcheck disable=SC2086
  build/kit overhead "$1" $2 --json | python3 -c 'import json, sys
r = json.load(sys.stdin)
print(eval(sys.argv[1]))' "$3" "${@:4}"
}
# overhead_is BLOCK "P=V ..." "KEY=BITS ..." LABEL: the storage estimate's
# subtotals (KEY added, baseline, interface), total (total) and external
# rows (external) are the bits given.
overhead_is() {
  local b=$1 p=$2 want=$3 label=$4 got
  got=$(overhead_val "$b" "$p" '" ".join("%s=%d" % (k, dict(r["subtotals"], total=r["total_bits"],
external=r["external_bits"])[k]) for k in (w.split("=")[0] for w in sys.argv[2].split()))' "$want")
  [ "$got" = "$want" ] && ok "overhead $b${p:+ $p}: $label" || bad "overhead $b${p:+ $p}: $label: got $got, expected $want"
}
# synth_check BLOCK "P=V ...": Yosys synthesis without latches, and its
# storage equals the model's state total less any external rows (storage
# the estimate reports that lives outside the block's RTL), counted twice:
# the flip-flop bits after full synthesis (memories mapped to flops), and
# memory bits (kit_mem instances Yosys infers as memories: SRAM) plus
# flip-flop bits before the memories are mapped (tools/synth.sh STORAGE).
synth_check() {
  local b=$1 c=$2 line ys tot ext mem fl
  line=$(tools/synth.sh "$b" "$c") || { bad "synth $b $c: $line"; return; }
  ys=$(echo "$line" | awk '$1 == "FLOPS" {print $4}')
  mem=$(echo "$line" | awk '$1 == "STORAGE" {print $4}' | sed -n 's/^mem=//p')
  fl=$(echo "$line" | awk '$1 == "STORAGE" {print $5}' | sed -n 's/^flops=//p')
  read -r tot ext <<< "$(overhead_val "$b" "$c" '"%d %d" % (r["total_bits"], r["external_bits"])')"
  if [ -n "$ys" ] && [ -n "$tot" ] && [ -n "$mem" ] && [ -n "$fl" ] && [ "$ys" = "$((tot - ext))" ] \
     && [ "$((mem + fl))" = "$((tot - ext))" ]; then
    ok "synth $b $c: no latches, $ys flop bits = $mem memory + $fl flop bits = model estimate $tot - external $ext"
  else bad "synth $b $c: Yosys counts $ys flop bits, $mem memory + $fl flop bits before mapping, model estimate $tot - external $ext"; fi
}
# formal_json FILE EXPR: EXPR (Python, over r = the cvkit.formal/1 result
# formal/formal.sh wrote, FILE) printed; "?" when FILE is missing or bad.
formal_json() {
  python3 -c 'import json, sys
try: r = json.load(open(sys.argv[1]))
except (OSError, ValueError): print("?"); sys.exit(0)
print(eval("(" + sys.argv[2] + "\n)"))' "$1" "$2"
}
# formal_plant BLOCK NAME SED: rtl/BLOCK.v with the sed expression applied,
# in build/formal_bug/BLOCK-NAME/BLOCK.v (prints the directory); fails when
# the sed no longer matches, so a planted test cannot silently go vacuous.
formal_plant() {
  local b=$1 name=$2 expr=$3 F
  F=build/formal_bug/$b-$(echo "$name" | tr -c 'A-Za-z0-9' _)
  rm -rf "$F"; mkdir -p "$F"
  sed "$expr" "rtl/$b/$b.v" > "$F/$b.v"
  if cmp -s "rtl/$b/$b.v" "$F/$b.v"; then return 1; fi
  echo "$F"
}
# formal_planted BLOCK NAME SED [TASK]: plant a bug in rtl/BLOCK.v with the
# sed expression and require `formal/formal.sh BLOCK TASK` (default prove)
# to fail on it with a counterexample trace from reset (the formal flow can
# fail): from its result.json, the task failed on an assert and the trace
# exists.
formal_planted() {
  local b=$1 name=$2 expr=$3 task=${4:-prove} F out got
  F=$(formal_plant "$b" "$name" "$expr") || { bad "formal planted bug in $b ($name): the sed no longer matches rtl/$b/$b.v"; return; }
  out=$(FORMAL_RTL=$F/$b.v FORMAL_OUT=$F formal/formal.sh "$b" "$task" 2>&1)
  got=$(formal_json "$F/result.json" '" ".join(
    "%s %s:%d %s" % (t["verdict"], a["file"], a["line"], t["counterexample"])
    for t in r["tasks"] if t["task"] == "'"$task"'" for a in t["failed_asserts"][:1])')
  set -- $got
  if [ "${1:-}" = failed ] && [ -s "${3:-}" ]; then
    ok "formal catches a planted bug in $b: $name (assert at $2)"
  else bad "formal missed a planted bug in $b ($name): $out"; fi
}
# jget FILE EXPR: a value of a JSON result (d is the parsed file), e.g.
# jget result.json 'd["verdict"]'; empty when the file is missing or bad.
jget() { python3 -c 'import json,sys
try: d = json.load(open(sys.argv[1]))
except Exception: sys.exit(0)
v = eval(sys.argv[2], {"d": d})
print(v if not isinstance(v, (list, dict)) else json.dumps(v))' "$1" "$2" 2>/dev/null; }
# equiv_mode_bug BLOCK MODE NAME SED: plant a bug (SED changes one line) in a
# renamed copy of rtl/BLOCK/BLOCK.v and require make equiv's flow
# (tools/equiv.py, no PARAMS) to find the designs different at an
# equivalence configuration whose parameters include MODE (e.g. Aggr=1): a
# bug only one reading of the paper can see is found without the user
# naming that reading.
equiv_mode_bug() {
  local b=$1 mode=$2 name=$3 expr=$4 D rc how others
  D=build/test/equiv_$b; rm -rf "$D"; mkdir -p "$D"
  sed -e "s/^module $b\\b/module ${b}_m/" -e "$expr" "rtl/$b/$b.v" > "$D/${b}_m.v"
  if [ "$(diff "rtl/$b/$b.v" "$D/${b}_m.v" | grep -c '^>')" != 2 ]; then
    bad "equiv $b mode bug ($name): the sed no longer matches"; return
  fi
  # the block's other RTL files (rtl/mem/kit_mem.v under a table) as they are
  others=$(build/kit rtl "$b" | tr ' ' '\n' | grep -vx "rtl/$b/$b.v" | tr '\n' ' ')
  python3 tools/equiv.py "$b" --rtl "$D/${b}_m.v ${others% }" --top "${b}_m" --no-replay --json "$D/mode.json" > "$D/mode.log" 2>&1; rc=$?
  how=$(jget "$D/mode.json" '[(c["params"], c["method"]) for c in d["configs"] if c.get("verdict") == "different"][0]')
  if [ $rc -eq 1 ] && echo "$how" | grep -q "$mode"; then ok "equiv $b finds $name without PARAMS: $how"
  else bad "equiv $b mode bug ($name) not found: rc=$rc $(tail -3 "$D/mode.log")"; fi
}
# formal_premise BLOCK NAME SED vacuous|reached: plant an assert marked
# "planted" under a premise into rtl/BLOCK.v and run the premise check
# (`formal/formal.sh BLOCK premises`): vacuous = it must fail, its
# result.json listing that assert's premise as reached in no proved
# configuration and a FAIL line naming the file and line; reached = it
# must pass with that premise reached.
formal_premise() {
  local b=$1 name=$2 expr=$3 want=$4 F out rc ln got
  F=$(formal_plant "$b" "$name" "$expr") || { bad "formal premise in $b ($name): the sed no longer matches rtl/$b/$b.v"; return; }
  ln=$(grep -n 'assert.*planted' "$F/$b.v" | head -1 | cut -d: -f1)
  out=$(FORMAL_RTL=$F/$b.v FORMAL_OUT=$F formal/formal.sh "$b" premises 2>&1); rc=$?
  # "<passed> <configurations that reach the premise, or ->", "absent" when unlisted
  got=$(formal_json "$F/result.json" '"%s %s" % (r["passed"], ",".join(c for p in r["premises"]
    if p["line"] == '"${ln:-0}"' for c in p["reached_in"]) or "-")
    if any(p["line"] == '"${ln:-0}"' for p in r["premises"]) else "absent"')
  case $want in
    vacuous)
      if [ $rc -ne 0 ] && [ "$got" = "False -" ] &&
         echo "$out" | grep -qF "FAIL formal $b premises: the premise of the assert at $F/$b.v:$ln ("; then
        ok "formal premise check fails a vacuous property in $b: $name ($F/$b.v:$ln)"
      else bad "formal premise check missed a vacuous property in $b ($name): rc=$rc, line ${ln:-?}: $got: $out"; fi ;;
    reached)
      if [ $rc -eq 0 ] && [ "${got% *}" = True ] && [ "${got#* }" != - ]; then
        ok "formal premise check passes a reachable premise in $b: $name (reached in ${got#* })"
      else bad "formal premise check refused a reachable premise in $b ($name): rc=$rc, line ${ln:-?}: $got: $out"; fi ;;
  esac
}
# traffic_check BLOCK KERNEL "TRAFFIC_PARAMS" "PARAMS" COND WHAT: lock-step
# BLOCK on a traffic kernel (doc/traffic.md "Lockstep on traffic", its
# adapter tb/BLOCK/BLOCK_traffic.c): the run must match and COND, a Python
# expression over n (the cycles), c (the cover counts by name) and d (the
# result, cvkit.lockstep/1), must hold: WHAT says what that shows (the
# traffic's events reached the ports and their cover events).
traffic_check() {
  local b=$1 k=$2 tp=$3 p=$4 cond=$5 what=$6 bin out rc r got
  r=build/test/traffic_${b}_$$.json; mkdir -p build/test
  bin=$(block_bin "$b" "$p") || { bad "traffic $b build ${p:-default}"; return; }
  # shellcheck disable=SC2086  # the words: block parameters
  out=$($bin --seed 1 --traffic "$k" --traffic-params "$tp" --result "$r" \
          --repro "make check BLOCK=$b TRAFFIC=$k TRAFFIC_PARAMS='$tp' PARAMS='$p'" $p 2>&1); rc=$?
  got=$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1])); n, c = d["cycles"], d["cover"]
print("%s %d %d/%d %s" % (d["verdict"], n, sum(1 for v in c.values() if v), len(c), bool(eval(sys.argv[2]))))' "$r" "$cond" 2>&1)
  rm -f "$r"
  set -- $got
  if [ $rc -ne 0 ] || [ "${1:-}" != matched ]; then bad "traffic $b $k${tp:+ ($tp)}${p:+ [$p]}: rc=$rc $got $(echo "$out" | head -5)"
  elif [ "${4:-}" != True ]; then bad "traffic $b $k${tp:+ ($tp)}${p:+ [$p]}: $what: not so ($cond; $2 cycles, events $3)"
  else ok "traffic $b $k${tp:+ ($tp)}${p:+ [$p]}: $2 cycles matched, events $3; $what"; fi
}
# traffic_fault BLOCK KERNEL "TRAFFIC_PARAMS" AT PORT [PARAMS]: a fault
# planted on PORT in cycle AT of a traffic run must be caught at exactly
# that cycle.
traffic_fault() {
  local out rc
  out=$(make --no-print-directory check BLOCK="$1" TRAFFIC="$2" ${3:+TRAFFIC_PARAMS="$3"} ${6:+PARAMS="$6"} FAULT="$4:$5" 2>&1); rc=$?
  if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q "^MISMATCH $1 at cycle $4 " \
     && printf '%s\n' "$out" | grep -q "^  $5 .*<-- differs"; then
    ok "$1 fault at cycle $4 on $5 caught on traffic $2"
  else bad "$1 fault on traffic $2: rc=$rc: $(printf '%s\n' "$out" | head -12)"; fi
}
