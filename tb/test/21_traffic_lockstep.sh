# Lockstep on GPU traffic (doc/traffic.md "Lockstep on traffic",
# "Adapters"): make check BLOCK=b TRAFFIC=kernel / TRACE=file through the
# planner, the executor and the lockstep, for every block with an adapter.
# Rationale: an adapter that compiles but drives nothing would pass a
# lockstep, so each block runs two kernels and its result JSON must show
# the hierarchy's events reaching the ports (the cover events that only
# traffic of each kind can reach: pdp's sampler hits, victim_bits' HIT,
# FILL, EVICT and WRITE, hac's read hits and inserts and write-backs, lm's
# windows and useful victims, pdp_cache's hits, reserved hits, bypasses
# and forced evictions, vtt's lookups, fills, victim-cache hits and
# partition withdrawals); the checker is shown failing on a planted
# fault (FAULT= on traffic: the mismatch at exactly that cycle, and the
# reproduce line names the traffic); a kit trace of a kernel drives the
# block exactly as the kernel does (same cycles, same cover counts); the
# same seed gives the same result bytes and another bfs seed another run;
# bad input (an unknown kernel, a bad hierarchy or kernel parameter, a
# block without an adapter, TRAFFIC with STIM, TRAFFIC_PARAMS alone, a bad
# trace line) is one line naming it and a non-zero exit. Default-size
# kernels, six model builds: about a CPU-minute.
. "$(dirname "$0")/lib.sh"
T=build/test/traffic_lockstep; rm -rf "$T"; mkdir -p "$T"
# res PATH: PATH in the results of this script's last make check: each
# one writes into its own RESULTS_DIR ($T/r), emptied before it, because
# another suite script's make check sweeps the build/results/check/run-PID
# directories of ended invocations
R=$T/r
res() { echo "$R/$1"; }
mc() { rm -rf "$R"; make --no-print-directory check RESULTS_DIR="$R" "$@"; }
# traffic_run NAME BLOCK KERNEL "TRAFFIC_PARAMS" "PARAMS" PYTHON-CONDITION: make check on the
# kernel must pass and its result (d) satisfy the condition (c = d["cover"]).
traffic_run() {
  local name=$1 b=$2 k=$3 tp=$4 p=$5 cond=$6 out rc r got
  out=$(mc BLOCK="$b" TRAFFIC="$k" ${tp:+TRAFFIC_PARAMS="$tp"} ${p:+PARAMS="$p"} 2>&1); rc=$?
  r=$(res "$b/traffic-$k/s1.json")
  got=$(jget "$r" "'%s %s' % (d['verdict'] == 'matched' and d['source'].startswith('traffic $k') and d['traffic']['kernel'] == '$k' and bool($(printf '%s' "$cond" | sed 's/c\[/d["cover"][/g')), d['cycles'])")
  if [ $rc -eq 0 ] && [ "${got%% *}" = True ]; then ok "traffic $name: $b on $k matched ${got#* } cycles, its events reach the ports ($cond)"
  else bad "traffic $name: $b on $k: rc=$rc result '$got' (want $cond): $(printf '%s\n' "$out" | grep -E 'PASS|FAIL|error|MISMATCH' | head -3)"; fi
}
traffic_run pdp-1 pdp matmul "" "" 'c["sampled_hit"] > 0 and c["rd_zero"] > 0'
traffic_run pdp-2 pdp thrash "WsPct=120 SMs=2" "" 'c["sampled_hit"] > 0 and c["dbg_nt_nonzero"] > 0'
traffic_run victim_bits-1 victim_bits matmul "" "" 'c["hit_first"] + c["hit_lost"] > 0 and c["fill"] > 0 and c["write"] > 0'
traffic_run victim_bits-2 victim_bits bfs "L2Banks=1 L2Sets=64 L2Ways=16" "" 'c["evict_sampled"] > 0 and c["fill"] > 0 and c["hit_lost"] > 0'
traffic_run hac-1 hac matmul "" "" 'c["read_hit"] > 0 and c["read_insert"] > 0 and c["wb_insert"] > 0'
traffic_run hac-2 hac bfs "" "" 'c["read_hit"] > 0 and c["read_insert"] > 0 and c["wb_hit"] > 0'
traffic_run pdp_cache-1 pdp_cache matmul "" "" 'c["read_hit"] > 0 and c["miss_evict_unprotected"] > 0 and c["read_hit_reserved"] > 0'
traffic_run pdp_cache-2 pdp_cache bfs "" "" 'c["bypass"] > 0 and c["miss_forced"] > 0 and c["fill_of_line_hit_same_cycle"] > 0'
traffic_run vtt-1 vtt matmul "" "" 'c["lookup_miss"] > 0 and c["fill_invalid_way"] > 0 and c["vp_withdrawn"] > 0 and c["mode_to_victim_cache"] > 0'
traffic_run vtt-2 vtt bfs "" "" 'c["lookup_hit_rf_read"] > 0 and c["insert_refresh_duplicate"] > 0'
traffic_run lm-1 lm thrash "" "WinLen=300" 'c["window_end"] > 0 and c["victim_useful"] > 0 and c["selected_after_3plus"] > 0'
traffic_run lm-2 lm matmul "" "WinLen=300" 'c["window_end"] > 0 and c["valid_11"] > 0 and c["selected_after_2"] > 0'

# the checker fails: a fault planted on traffic is caught at its cycle and
# the reproduce line is the traffic run's
out=$(make --no-print-directory check BLOCK=pdp TRAFFIC=matmul TRAFFIC_PARAMS='L1Ways=8' FAULT=300:samp_hit_o 2>&1); rc=$?
if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q '^MISMATCH pdp at cycle 300 (seed 1, traffic matmul L1Ways=8)' \
   && printf '%s\n' "$out" | grep -q "reproduce: make check BLOCK=pdp TRAFFIC=matmul TRAFFIC_PARAMS='L1Ways=8' SEED=1 FAULT=300:samp_hit_o"; then
  ok "traffic: a fault planted on traffic is caught at its cycle, the reproduce line names the traffic"
else bad "traffic: planted fault: rc=$rc $(printf '%s\n' "$out" | grep -E 'MISMATCH|reproduce|error' | head -3)"; fi

# a kit trace of the kernel drives the block exactly as the kernel
build/kit traffic matmul --seed 1 -o "$T/mm.trace" >/dev/null
# cycov RESULT: a run's cycles and cover counts, for comparing two runs
cycov() { jget "$1" '"%d %s" % (d["cycles"], sorted(d["cover"].items()))'; }
mc BLOCK=hac TRAFFIC=matmul >/dev/null 2>&1
a=$(cycov "$(res hac/traffic-matmul/s1.json)")
mc BLOCK=hac TRACE="$T/mm.trace" >/dev/null 2>&1
b=$(cycov "$(res hac/trace-mm.trace/s1.json)")
src=$(jget "$(res hac/trace-mm.trace/s1.json)" 'd["source"] + "|" + d["traffic"]["trace"]')
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$src" = "trace $T/mm.trace|$T/mm.trace" ] \
  && ok "traffic: TRACE= a kit trace of matmul drives hac exactly as TRAFFIC=matmul (${a%% *} cycles)" \
  || bad "traffic: TRACE= vs TRAFFIC=: '${a:0:80}' vs '${b:0:80}' source '$src'"

# an Accel-Sim trace under TRACE= with the importer's SMs= and
# BlocksPerSm= drives the block exactly as the kit trace `kit traffic
# --import` makes with --sms and --blocks-per-sm; one block per SM is
# another run (the comparison can fail). 12 blocks of 2 warps, each warp 24
# full-warp loads of one of 5 shared 4 KB stripes, so which blocks run side
# by side decides the hits (doc/traffic.md "Importing Accel-Sim traces",
# Residency).
python3 - "$T/k.traceg" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("-kernel name = k\n-kernel id = 1\n-grid dim = (12,1,1)\n-block dim = (64,1,1)\n-nregs = 32\n")
    f.write("-shmem = 0\n-accelsim tracer version = 4\n\n")
    for b in range(12):
        f.write("#BEGIN_TB\nthread block = %d,0,0\n" % b)
        for w in range(2):
            f.write("warp = %d\ninsts = 24\n" % w)
            for i in range(24):
                f.write("%04x ffffffff 1 R2 LDG.E 1 R4 4 1 0x%x 4\n" % (16 * i, 0x10000 + (b * 2 + w) % 5 * 4096 + 128 * i))
        f.write("#END_TB\n")
PY
build/kit traffic --import "$T/k.traceg" --sms 2 --blocks-per-sm 4 -o "$T/k4.trace" >/dev/null
mc BLOCK=pdp TRACE="$T/k4.trace" >/dev/null 2>&1
a=$(cycov "$(res pdp/trace-k4.trace/s1.json)")
mc BLOCK=pdp TRACE="$T/k.traceg" TRAFFIC_PARAMS="SMs=2 BlocksPerSm=4" >/dev/null 2>&1
b4=$(cycov "$(res pdp/trace-k.traceg/s1.json)")
mc BLOCK=pdp TRACE="$T/k.traceg" TRAFFIC_PARAMS="SMs=2 BlocksPerSm=1" >/dev/null 2>&1
b1=$(cycov "$(res pdp/trace-k.traceg/s1.json)")
[ -n "$a" ] && [ "$a" = "$b4" ] && ok "traffic: TRACE= a .traceg with SMs=2 BlocksPerSm=4 drives pdp exactly as its import (${a%% *} cycles)" \
  || bad "traffic: TRACE=k.traceg BlocksPerSm=4 vs its import: '${a:0:80}' vs '${b4:0:80}'"
[ -n "$b1" ] && [ "$b1" != "$b4" ] && ok "traffic: BlocksPerSm=1 is another run (the comparison can fail)" \
  || bad "traffic: BlocksPerSm=1 and 4 gave the same run: '${b1:0:80}'"

# same seed, same bytes; another bfs seed, another run
for s in 1 1b 2; do
  mc BLOCK=victim_bits TRAFFIC=bfs SEED=${s%b} >/dev/null 2>&1
  cp "$(res "victim_bits/traffic-bfs/s${s%b}.json")" "$T/bfs_$s.json" 2>/dev/null
done
if cmp -s "$T/bfs_1.json" "$T/bfs_1b.json" && [ -s "$T/bfs_1.json" ] \
   && [ "$(jget "$T/bfs_1.json" 'd["cycles"]')" != "$(jget "$T/bfs_2.json" 'd["cycles"]')" ]; then
  ok "traffic: the same seed gives the same result bytes, another bfs seed another run"
else bad "traffic: seeds: $(cmp "$T/bfs_1.json" "$T/bfs_1b.json" 2>&1 | head -1) cycles $(jget "$T/bfs_1.json" 'd["cycles"]') vs $(jget "$T/bfs_2.json" 'd["cycles"]')"; fi
cmp -s "$T/bfs_1.json" "$T/bfs_2.json" && bad "traffic: the byte comparison cannot fail (seeds 1 and 2 gave the same bytes)" \
  || ok "traffic: the byte comparison fails on another seed's result"

# bad input: one line, non-zero
m() { make --no-print-directory check "$@"; }
expect_err "traffic: an unknown kernel" "^kit: error: traffic kernel 'nope': no such kernel" m BLOCK=pdp TRAFFIC=nope
expect_err "traffic: a bad hierarchy parameter" "^kit: error: parameter L1Sets=3: must be a power of two" \
  m BLOCK=pdp TRAFFIC=stream TRAFFIC_PARAMS='L1Sets=3'
expect_err "traffic: a bad kernel parameter" "^kit: error: parameter 'Q': kernel bfs has no such parameter" \
  m BLOCK=pdp TRAFFIC=bfs TRAFFIC_PARAMS='Q=1'
# a block without an adapter: every block of the kit has one, so a copy of
# the sources without ctl's (its objects copied: only the adapter list and
# the kit are rebuilt, a few CPU-seconds)
N=$T/noadapt; mkdir -p "$N/build"
cp -a Makefile cmodel vectors tb tools "$N/" && cp -a build/obj build/gen "$N/build/" && rm "$N/tb/ctl/ctl_traffic.c" \
  && make -C "$N" -s build/kit >/dev/null 2>&1 || bad "traffic: the kit without ctl's adapter did not build"
expect_err "traffic: a block without an adapter" "^kit: error: block ctl has no traffic adapter" make -C "$N" --no-print-directory check BLOCK=ctl TRAFFIC=stream
expect_err "traffic: TRAFFIC with STIM" "STIM=, TRAFFIC= and TRACE= exclude each other" \
  m BLOCK=pdp TRAFFIC=stream STIM=tb/pdp/directed/none.stim
expect_err "traffic: TRAFFIC_PARAMS alone" "TRAFFIC_PARAMS= needs TRAFFIC=KERNEL or TRACE=FILE" m BLOCK=pdp TRAFFIC_PARAMS='N=4'
expect_err "traffic: a bad BlocksPerSm" "^kit: error: parameter BlocksPerSm=0 out of range 1..32 \\(or auto\\)" \
  m BLOCK=pdp TRACE="$T/k.traceg" TRAFFIC_PARAMS='BlocksPerSm=0'
sed '5s/ LD / XX /' "$T/mm.trace" > "$T/bad.trace"
expect_err "traffic: a bad trace line" "^kit: error: $T/bad.trace:5: op 'XX' is not LD or ST" m BLOCK=pdp TRACE="$T/bad.trace"
n=$(m BLOCK=pdp TRAFFIC=nope 2>&1 | grep -c .)
[ "$n" -le 2 ] && ok "traffic: a bad kernel is one line (and make's own)" || bad "traffic: a bad kernel printed $n lines"
# the events checker fails: pdp on thrash never reuses at distance 0
out=$(traffic_run neg pdp thrash "WsPct=120 SMs=2" "" 'c["rd_zero"] > 0')
case "$out" in "FAIL traffic neg: pdp on thrash"*) ok "traffic: the events checker fails on an event the traffic does not reach" ;;
  *) bad "traffic: the events checker passed an unreached event: ${out:0:200}" ;; esac
# vectors of a traffic run: the model replays them, the same seed gives the same bytes
build/san/kit vectors pdp -o "$T/a.vec" --traffic bfs --traffic-params 'Nodes=512' --seed 4 >/dev/null 2>&1
build/san/kit vectors pdp -o "$T/b.vec" --traffic bfs --traffic-params 'Nodes=512' --seed 4 >/dev/null 2>&1
if build/san/kit checkvec "$T/a.vec" >/dev/null 2>&1 && cmp -s "$T/a.vec" "$T/b.vec" && grep -q '^// source traffic bfs Nodes=512' "$T/a.vec"; then
  ok "traffic: kit vectors --traffic writes vectors the model replays, same seed same bytes"
else bad "traffic: kit vectors --traffic: $(build/san/kit checkvec "$T/a.vec" 2>&1 | head -1); $(grep -m1 '^// source' "$T/a.vec")"; fi
expect_err "traffic: kit vectors --traffic for a block without an adapter" "^kit: error: block ctl has no traffic adapter" \
  "$N/build/kit" vectors ctl -o "$T/c.vec" --traffic bfs
[ ! -e "$T/c.vec" ] && ok "traffic: no vector file after the error" || bad "traffic: a vector file was left after the error"
