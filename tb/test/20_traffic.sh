# kit traffic (doc/traffic.md): the command face of the GPU kernels, the
# kit trace format and the Accel-Sim importer. The kernels' properties,
# the schedulers' orders, the readers' file:line errors and their fuzzing
# are unit tests (tb/test/test_traffic.c, run by 01_unit.sh); this script
# covers what only the command shows: every kernel with its defaults
# written by the sanitizer build and read back whole (--check), the same
# seed giving the same bytes and another bfs seed other bytes, the JSON
# results agreeing with the files, a hand-written .traceg converted (every
# address mode, a skipped and a dropped instruction), and bad input (an
# unknown kernel or parameter, a bad trace line, a bad .traceg line, an
# output that is a directory) giving one line naming the parameter or
# FILE:LINE, a non-zero exit and no output file. Each checker is shown
# failing on a planted fault (a changed scheduler for the byte comparison,
# a corrupted line for --check). Default-size kernels: well under a CPU
# second in all.
. "$(dirname "$0")/lib.sh"
T=build/test/traffic; rm -rf "$T"; mkdir -p "$T"
kit=build/san/kit
kernels=$($kit traffic --list --json | python3 -c 'import json,sys; d=json.load(sys.stdin); assert d["schema"]=="cvkit.traffic-list/1"; print(" ".join(k["name"] for k in d["kernels"]))')
[ "$kernels" = "stream stride block bfs stencil matmul thrash mix" ] && ok "traffic --list --json: 8 kernels with their parameters" \
  || bad "traffic --list --json: got '$kernels' (reproduce: $kit traffic --list --json)"
for k in $kernels; do
  if $kit traffic "$k" --seed 3 -o "$T/$k.trace" --json > "$T/$k.json" 2> "$T/$k.err" \
     && $kit traffic --check "$T/$k.trace" --json > "$T/$k.check" 2>> "$T/$k.err" \
     && python3 - "$T/$k.json" "$T/$k.check" "$T/$k.trace" <<'PY'
import json, sys
w, c = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
lines = sum(1 for l in open(sys.argv[3]) if l.strip() and not l.startswith("#")) - 1   # minus the header line
assert w["schema"] == c["schema"] == "cvkit.traffic/1" and w["records"] > 0
assert all(w[f] == c[f] for f in ("records", "loads", "stores", "lanes")) and w["records"] == lines, (w, c, lines)
PY
  then ok "traffic $k: written (ASan/UBSan build), read back whole, JSON counts = file"
  else bad "traffic $k: $(head -3 "$T/$k.err") (reproduce: $kit traffic $k --seed 3 -o $T/$k.trace --json)"; fi
done
# same seed, same bytes; another seed, another graph; the comparison can fail
build/kit traffic bfs Nodes=2048 --seed 9 -o "$T/b1.trace" >/dev/null
build/kit traffic bfs Nodes=2048 --seed 9 -o "$T/b2.trace" >/dev/null
build/kit traffic bfs Nodes=2048 --seed 10 -o "$T/b3.trace" >/dev/null
build/kit traffic bfs Nodes=2048 --seed 9 Sched=1 -o "$T/b4.trace" >/dev/null
cmp -s "$T/b1.trace" "$T/b2.trace" && ok "traffic bfs: same seed, same bytes" \
  || bad "traffic bfs: two runs of seed 9 differ (reproduce: build/kit traffic bfs Nodes=2048 --seed 9 -o X)"
cmp -s "$T/b1.trace" "$T/b3.trace" && bad "traffic bfs: seeds 9 and 10 give the same trace" || ok "traffic bfs: another seed, other bytes"
cmp -s "$T/b1.trace" "$T/b4.trace" && bad "traffic: the byte comparison missed a changed scheduler (Sched=1)" \
  || ok "traffic: the byte comparison fails on a planted change (Sched=1)"
# a hand-written Accel-Sim trace: list, base+stride and base+deltas, one
# non-memory instruction skipped, one shared-memory load dropped
{
  printf -- '-kernel name = _Z3addPfS_\n-kernel id = 1\n-grid dim = (2,1,1)\n-block dim = (64,1,1)\n'
  printf -- '-shmem = 0\n-nregs = 8\n-binary version = 70\n-accelsim tracer version = 4\n\n'
  printf '#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]\n\n'
  printf '#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n'
  printf '0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0\n'
  printf '0010 00000003 1 R2 LDG.E 1 R4 4 0 0x7f0000000100 0x7f0000000104\n'
  printf 'warp = 1\ninsts = 2\n0020 ffffffff 0 STG.E 2 R4 R6 4 1 0x7f0000001000 4\n'
  printf '0030 ffffffff 1 R9 LDS.U.32 1 R11 4 1 0x7f0000000000 4\n#END_TB\n'
  printf '#BEGIN_TB\nthread block = 1,0,0\nwarp = 0\ninsts = 1\n0040 00000007 1 R8 LDG.E.64 1 R10 8 2 0x7f0000002000 8 -16\n#END_TB\n'
} > "$T/kernel-1.traceg"
if $kit traffic --import "$T/kernel-1.traceg" --sms 2 -o "$T/imp.trace" --json > "$T/imp.json" 2> "$T/imp.err" \
   && python3 - "$T/imp.json" "$T/imp.trace" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
assert j["records"] == 3 and j["stores"] == 1 and j["lanes"] == 2 + 32 + 3, j
assert j["import"] == {"thread_blocks": 2, "instructions": 5, "memory": 4, "dropped": 1, "blocks_per_sm": 1}, j
recs = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")][1:]
# block 1 runs on SM 1 beside block 0 (the SMs take turns): its load second
assert [r[4] for r in recs] == ["0x10", "0x40", "0x20"], recs
assert recs[1][:9] == ["1", "1", "0", "0", "0x40", "0x7", "LD", "8", "0x7f0000002000"], recs[1]
assert recs[1][9:] == ["0x7f0000002008", "0x7f0000001ff8"], recs[1]
PY
then ok "traffic --import: a hand-written .traceg, every address mode, skipped and dropped counted"
else bad "traffic --import: $(head -3 "$T/imp.err") (reproduce: $kit traffic --import $T/kernel-1.traceg --sms 2 -o $T/imp.trace --json)"; fi
$kit traffic --check "$T/imp.trace" >/dev/null 2>&1 && ok "traffic --check reads the imported trace" || bad "traffic --check refuses the imported trace"
noout() { [ ! -e "$1" ] && ok "$2: no output file" || bad "$2: left $1"; }   # FILE WHAT: a failed run left no FILE
# residency: one SM holding both blocks (2, or auto: -nregs 8 and 2 warps
# a block fit 32 on a Volta SM), block 1's load second on SM 0; with one
# block per SM it comes last (the check can fail)
for bps in 2 auto 1; do
  if $kit traffic --import "$T/kernel-1.traceg" --blocks-per-sm $bps -o "$T/imp$bps.trace" --json > "$T/imp$bps.json" 2> "$T/imp.err" \
     && python3 - "$T/imp$bps.json" "$T/imp$bps.trace" $bps <<'PY'
import json, sys
j, bps = json.load(open(sys.argv[1])), sys.argv[3]
assert j["import"]["blocks_per_sm"] == {"2": 2, "auto": 32, "1": 1}[bps], j
recs = [l.split() for l in open(sys.argv[2]) if l.strip() and not l.startswith("#")][1:]
assert [r[4] for r in recs] == (["0x10", "0x20", "0x40"] if bps == "1" else ["0x10", "0x40", "0x20"]), recs
assert all(r[0] == "0" for r in recs), recs
PY
  then ok "traffic --import --blocks-per-sm $bps: $( [ $bps = 1 ] && echo 'the blocks one after the other' || echo 'both blocks resident on SM 0, in turn')"
  else bad "traffic --import --blocks-per-sm $bps: $(head -3 "$T/imp.err") (reproduce: $kit traffic --import $T/kernel-1.traceg --blocks-per-sm $bps -o $T/imp$bps.trace --json)"; fi
done
expect_err "traffic --blocks-per-sm out of range" "--blocks-per-sm=33 out of range 1..32 \\(or auto\\)" \
  $kit traffic --import "$T/kernel-1.traceg" --blocks-per-sm 33 -o "$T/x8"
noout "$T/x8" "traffic --blocks-per-sm out of range"
expect_err "traffic --blocks-per-sm with a kernel" "--sms and --blocks-per-sm are for --import" \
  $kit traffic stream --blocks-per-sm 2 -o "$T/x9"
# bad input: one line naming the parameter or FILE:LINE, no output file (noout above)
expect_err "traffic unknown kernel" "^kit: error: unknown kernel 'streem'" $kit traffic streem -o "$T/x1"
noout "$T/x1" "traffic unknown kernel"
expect_err "traffic unknown parameter" "parameter 'Q': kernel stride has no such parameter" $kit traffic stride Q=3 -o "$T/x2"
expect_err "traffic parameter out of range" "parameter S=0 out of range 1..4096" $kit traffic stride S=0 -o "$T/x3"
expect_err "traffic parameter rule" "parameter Tile=12: must be 8, 16 or 32" $kit traffic matmul Tile=12 -o "$T/x4"
noout "$T/x4" "traffic parameter rule"
expect_err "traffic bad --seed" "--seed: 'x' is not a number" $kit traffic stream --seed x -o "$T/x5"
expect_err "traffic output is a directory" "$T: exists and is not a regular file" $kit traffic stream -o "$T"
sed '7s/ LD 4 / LD 3 /' "$T/stream.trace" > "$T/bad.trace"
cmp -s "$T/stream.trace" "$T/bad.trace" && bad "traffic --check planted fault: the sed no longer changes line 7" \
  || expect_err "traffic --check names a corrupted line" "bad.trace:7: size 3 is not 1, 2, 4, 8 or 16" $kit traffic --check "$T/bad.trace"
head -c -1 "$T/imp.trace" > "$T/trunc.trace"
expect_err "traffic --check a truncated trace" "trunc.trace:[0-9]+: truncated" $kit traffic --check "$T/trunc.trace"
sed 's/^0010 00000003 1 R2 LDG.E 1 R4 4 0 0x7f0000000100 0x7f0000000104$/0010 00000003 1 R2 LDG.E 1 R4 4 0 0x7f0000000100/' \
  "$T/kernel-1.traceg" > "$T/bad.traceg"
expect_err "traffic --import names a bad .traceg line" "bad.traceg:17: the line ends before its addresses" \
  $kit traffic --import "$T/bad.traceg" -o "$T/x6"
noout "$T/x6" "traffic --import of a bad .traceg"
expect_err "traffic --check a missing file" "nope.trace: cannot open" $kit traffic --check "$T/nope.trace"
expect_err "traffic --import a directory" "$T: is a directory" $kit traffic --import "$T" -o "$T/x7"
