# Hardening: every bad input of doc/errors.md, one check per row. Each must
# resources: vectors
# be a one-line error naming the file:line, option or parameter, a non-zero
# exit, no crash, and nothing written (no output, no temporary file). The
# rows are the inputs found accepted silently, running away or leaving
# debris before (issue "Hardening"); the parsers themselves are fuzzed in
# 16_fuzz. Rationale: each row is a way for a verification engineer to
# believe something false (a fault run that injected nothing, a truncated
# vector file that "passed"), so each is pinned by its exact message.
. "$(dirname "$0")/lib.sh"
T=build/test/hard; rm -rf "$T"; mkdir -p "$T"
K=build/kit
CFG="Sets=6 Ways=8 TagW=6"
bin=$(lockstep_bin "$CFG")
good=$T/good.vec
$K vectors hac --seed 3 --cycles 50 -o "$good" $CFG >/dev/null

# -- numbers: negative, overflowing, not a number; one reader everywhere
expect_err "kit vectors --cycles -1" "kit: error: --cycles: '-1' is not a number" $K vectors hac -o "$T/o.vec" --cycles -1
expect_err "kit vectors --cycles 2^66" "--cycles=99999999999999999999 out of range 1..268435456" $K vectors hac -o "$T/o.vec" --cycles 99999999999999999999
expect_err "kit vectors --seed abc" "kit: error: --seed: 'abc' is not a number" $K vectors hac -o "$T/o.vec" --seed abc
expect_err "lockstep --cycles -1" "lockstep: error: --cycles: '-1' is not a number" "$bin" --cycles -1
expect_err "lockstep --cycles beyond 10^11" "--cycles=99999999999999999999 out of range 1..100000000000" "$bin" --cycles 99999999999999999999
expect_err "make check CYCLES=-1" "--cycles: '-1' is not a number" make --no-print-directory check PARAMS="$CFG" CYCLES=-1
expect_err "lockstep --seed 0x" "--seed: '0x' is not a number" "$bin" --seed 0x
out=$($K vectors hac -o "$T/oct.vec" --cycles 010 $CFG 2>&1)
[ "$out" = "wrote $T/oct.vec (10 cycles)" ] && ok "010 is ten, not octal eight" || bad "010: $out"
rm -f "$T/oct.vec"

# -- an interrupted run removes its temporary file
$K vectors hac --cycles 50000000 -o "$T/big.vec" & pid=$!
for _ in $(seq 50); do ls "$T" | grep -q 'big.vec.tmp' && break; sleep 0.1; done
kill -INT $pid; wait $pid; rc=$?
left=$(ls "$T" | grep big || true)
[ $rc -ne 0 ] && [ -z "$left" ] && ok "SIGINT during kit vectors: exit $rc, no temporary file left" || bad "SIGINT: rc=$rc, left: $left"
$K vectors hac --cycles 50000000 -o "$T/big.vec" & pid=$!
for _ in $(seq 50); do ls "$T" | grep -q 'big.vec.tmp' && break; sleep 0.1; done
kill -TERM $pid; wait $pid; rc=$?
left=$(ls "$T" | grep big || true)
[ $rc -ne 0 ] && [ -z "$left" ] && ok "SIGTERM during kit vectors: exit $rc, no temporary file left" || bad "SIGTERM: rc=$rc, left: $left"

# -- outputs only over regular files
touch "$T/target"; ln -s target "$T/link.vec"
expect_err "-o a symbolic link" "link.vec: exists and is not a regular file \(a symbolic link\): refusing to replace it" $K vectors hac -o "$T/link.vec" --cycles 10
[ -L "$T/link.vec" ] && [ ! -s "$T/target" ] && ok "the symbolic link and its target are untouched" || bad "symlink replaced or target written"
expect_err "-o /dev/null" "/dev/null: exists and is not a regular file \(a device or other special file\)" $K vectors hac -o /dev/null --cycles 10
[ -c /dev/null ] && ok "/dev/null is still a device" || bad "/dev/null was replaced"
mkdir -p "$T/dir.vec"
expect_err "-o a directory" "dir.vec: exists and is not a regular file \(a directory\)" $K vectors hac -o "$T/dir.vec" --cycles 10
expect_err "tbgen -o a symbolic link" "link.vec: exists and is not a regular file" $K tbgen "$good" -o "$T/link.vec"

# -- a fault that injects nothing
expect_err "FAULT beyond the last cycle" "--fault 5000: the run has only 1000 cycles \(0..999\), so no fault was injected" "$bin" --cycles 1000 --fault 5000
expect_err "make check FAULT beyond the run" "--fault 200: the run has only 100 cycles" make --no-print-directory check PARAMS="$CFG" CYCLES=100 FAULT=200

# -- directed stimulus files
python3 -c "print(' '.join(['req_valid_i=1'] * 70))" > "$T/many.stim"
expect_err "more words than ports on a cycle line" "many.stim:1: too many words" $K vectors hac --stim "$T/many.stim" -o "$T/o.vec" $CFG
{ echo rst_ni=0; echo "expect $(python3 -c "print(' '.join(['rsp_valid_o=0'] * 80))")"; } > "$T/manyexp.stim"
expect_err "more checks than ports on an expect line" "manyexp.stim:2: too many words" $K vectors hac --stim "$T/manyexp.stim" -o "$T/o.vec" $CFG
printf 'req_valid_i=1 req_valid_i=0\n' > "$T/twice.stim"
expect_err "a port named twice on a cycle line" "twice.stim:1: port req_valid_i named twice" $K vectors hac --stim "$T/twice.stim" -o "$T/o.vec" $CFG
printf 'rst_ni=0\nexpect rsp_valid_o=0 rsp_valid_o=1\n' > "$T/twicex.stim"
expect_err "a port named twice on an expect line" "twicex.stim:2: port rsp_valid_o named twice" $K vectors hac --stim "$T/twicex.stim" -o "$T/o.vec" $CFG
printf 'params Ways=8 Ways=8\nidle\n' > "$T/twicep.stim"
expect_err "a parameter named twice on a params line" "twicep.stim:1: parameter Ways given twice" $K vectors hac --stim "$T/twicep.stim" -o "$T/o.vec" $CFG
printf 'req_valid_i=1\0\n' > "$T/nul.stim"
expect_err "a NUL byte in a directed file" "nul.stim:1: NUL byte in line" $K vectors hac --stim "$T/nul.stim" -o "$T/o.vec" $CFG
printf 'rst_ni=0\nreq_ea_i=010 req_valid_i=1\nidle 0x10\n' > "$T/oct.stim"
out=$($K vectors hac --stim "$T/oct.stim" -o "$T/oct.vec" $CFG 2>&1) && [ "$out" = "wrote $T/oct.vec (18 cycles)" ] \
  && grep -q '^1 1 0 0 00 0 0a ' "$T/oct.vec" \
  && ok "010 in a directed file is ten (req_ea_i 0a), 'idle 0x10' is sixteen cycles" || bad "numbers in a directed file: $out"
rm -f "$T/oct.vec"
expect_err "a directory as a directed file" "$T: is a directory" $K vectors hac --stim "$T" -o "$T/o.vec"
# memory of a directed run does not grow with idle counts: 2 x 10^8 idle
# cycles are parsed and checked whole (then /dev/full is refused as output)
printf 'idle 100000000\nidle 100000000\nreq_valid_i=1\n' > "$T/idle.stim"
out=$( { /usr/bin/time -f 'maxrss %M' $K vectors hac --stim "$T/idle.stim" -o /dev/full $CFG; } 2>&1)
kb=$(echo "$out" | sed -n 's/^maxrss //p')
echo "$out" | grep -q '/dev/full: exists and is not a regular file' && [ -n "$kb" ] && [ "$kb" -lt 20000 ] \
  && ok "2 x 10^8 idle cycles parse in ${kb} KB (memory independent of idle counts)" || bad "idle memory: $out"

# -- vector files
sed 's#^// cycles 50$#// cycles 268435456#' "$good" > "$T/lie.vec"
/usr/bin/time -o "$T/rss" -f '%M' $K checkvec "$T/lie.vec" >/dev/null 2>&1; kb=$(tail -1 "$T/rss")
expect_err "a header claiming 2^28 cycles for a 50-record file" "lie.vec:[0-9]+: truncated: header says 268435456 cycles, file ends after 50" $K checkvec "$T/lie.vec"
[ "$kb" -lt 50000 ] && ok "... read in ${kb} KB (records grow as they come)" || bad "lying header cost ${kb} KB"
sed 's#^// cycles 50$#// cycles 268435457#' "$good" > "$T/lie2.vec"
expect_err "a header beyond 2^28 cycles" "lie2.vec:[0-9]+: bad cycle count '268435457' \(1..268435456\)" $K checkvec "$T/lie2.vec"
head -c -4 "$good" > "$T/cut4.vec"
expect_err "last 4 bytes cut off" "cut4.vec:[0-9]+: (record has 15 words, expected 17|word 17)" $K checkvec "$T/cut4.vec"
head -c -2 "$good" > "$T/cut2.vec"
expect_err "last word cut short" "cut2.vec:[0-9]+: word 17 \('' *|cut2.vec:[0-9]+: (truncated|record has)" $K checkvec "$T/cut2.vec"
head -c -1 "$good" > "$T/cut1.vec"
expect_err "final newline cut off" "cut1.vec:[0-9]+: truncated: the last line has no newline" $K checkvec "$T/cut1.vec"
awk '/^\/\/ block/{print; print "// block lm"; next} {print}' "$good" > "$T/twoblock.vec"
expect_err "a second block line" "twoblock.vec:3: a second 'block' line" $K checkvec "$T/twoblock.vec"
grep -v '^// param Ways' "$good" > "$T/noparam.vec"
expect_err "a missing param line" "noparam.vec:[0-9]+: header lacks 'param Ways'" $K checkvec "$T/noparam.vec"
awk '/^\/\/ param Ways/{print; print; next} {print}' "$good" > "$T/dupparam.vec"
expect_err "a param line given twice" "dupparam.vec:[0-9]+: parameter Ways given twice" $K checkvec "$T/dupparam.vec"
r1=$(grep -n -m1 -v '^//' "$good" | cut -d: -f1)   # the first record's line
sed "${r1}s/^0 /00000000000000000 /" "$good" > "$T/d17.vec"
expect_err "a 17-digit word" "d17.vec:$r1: word 1 \('00000000000000000'\) has 17 hex digits, rst_ni \(1 bits\) is written with 1" $K checkvec "$T/d17.vec"
printf '// cvkit-vectors 1\n\0\n' > "$T/nul.vec"
expect_err "a NUL byte in a vector file" "nul.vec:2: NUL byte in line" $K checkvec "$T/nul.vec"
expect_err "a directory as a vector file" "$T: is a directory" $K checkvec "$T"
cp "$good" "$T/we\"ird.vec"
$K tbgen "$T/we\"ird.vec" -o "$T/tbq.v" && iverilog -g2005 -o "$T/q.vvp" "$T/tbq.v" rtl/hac/hac.v && \
  vvp -n "$T/q.vvp" | grep -q '^PASS icarus replay hac: 50 cycles' && ok "a vector path with a quote: the generated bench compiles and replays" \
  || bad "a vector path with a quote broke the bench"

# -- PARAMS and options, the same in every tool
expect_err "PARAMS without '=' (kit)" "unexpected argument 'Ways32' \(parameters are NAME=VALUE\)" $K overhead hac Ways32
expect_err "PARAMS='Ways 32' (make check)" "parameter 'Ways': expected NAME=VALUE" make --no-print-directory check PARAMS='Ways 32'
expect_err "PARAMS=-Ways=32 (make overhead)" "unknown option '-Ways=32'" make --no-print-directory overhead BLOCK=hac PARAMS='-Ways=32'
expect_err "a parameter given twice (make vectors)" "parameter Ways given twice" make --no-print-directory vectors BLOCK=hac PARAMS='Ways=16 Ways=32'
expect_err "a parameter given twice (kit gflags)" "parameter Ways given twice" $K gflags hac Ways=16 Ways=32
expect_err "unknown option (kit vectors)" "unknown option '--frobnicate'" $K vectors hac -o "$T/o.vec" --frobnicate 3
expect_err "unknown option (lockstep)" "unknown option --frobnicate" "$bin" --frobnicate 3
expect_err "option given twice (kit vectors)" "option --seed given twice" $K vectors hac -o "$T/o.vec" --seed 1 --seed 2
expect_err "--cycles and --stim together" "give --cycles or --stim, not both" $K vectors hac -o "$T/o.vec" --cycles 5 --stim tb/hac/directed/timing.stim
expect_err "a stray word after the block (kit overhead)" "unexpected argument 'extra'" $K overhead hac extra

# -- --fail-dir that cannot be created
out=$("$bin" --cycles 100 --fault 50 --fail-dir /proc/nope/x 2>&1)
echo "$out" | grep -q '^  waveform: not written (cannot create /proc/nope/x: ' && ok "an uncreatable --fail-dir is named with the reason" \
  || bad "fail-dir: $(echo "$out" | grep waveform)"

# -- the Python environment says clearly when it cannot install
expect_err "venv with installing disabled" "venv: error: Python packages for cocotb missing \(tools/requirements/\*.txt\) and KIT_NO_INSTALL=1" \
  env KIT_VENV="$T/venv" KIT_NO_INSTALL=1 tools/venv.sh cocotb
expect_err "venv: unknown requirement group" "venv: error: no tools/requirements/nosuch.txt" tools/venv.sh nosuch

# nothing written by any failure above
left=$(ls "$T" | grep -E '^o\.vec|\.tmp|^tb\.v' || true)
[ -z "$left" ] && ok "no output or temporary file left by any failure" || bad "left behind: $left"
