# rtl/mem/kit_mem.v, the SRAM-style memory the blocks' tables use (issue 32,
# doc/harness.md "Memories"), on its own: the blocks use only some of its
# parameters (vtt: combinational reads, one write port), so the others are
# checked here. Rationale: the module's behaviour is three timing rules
# (write at the edge, the higher write port wins, read combinational or
# registered read-first); tb/mem/kit_mem_tb.v pins each at both RegRd
# values in Icarus, and must fail with the write ports' priority swapped.
# Lint at the corners (one row, non-power-of-two depth, 4 write and 8 read
# ports, registered read) and Yosys inferring a memory for both read kinds
# (the SRAM claim of the storage cross-check) cover the parameter space.
# Then each block table's own inference (lm, pdp_cache, waypart and ctl here;
# vtt's is in tb/vtt/test.sh) at a small configuration, against a planted
# kit_mem Yosys must map to flops.
. "$(dirname "$0")/lib.sh"
T=build/test/kitmem; rm -rf "$T"; mkdir -p "$T"
for r in 0 1; do
  iverilog -g2005 -o "$T/tb$r.vvp" -Pkit_mem_tb.RegRd=$r tb/mem/kit_mem_tb.v rtl/mem/kit_mem.v 2>"$T/iv$r.log" \
    || { bad "kit_mem RegRd=$r: iverilog: $(head -1 "$T/iv$r.log")"; continue; }
  out=$(vvp -n "$T/tb$r.vvp")
  case "$out" in "PASS kit_mem RegRd=$r Bug=0"*) ok "${out#PASS }" ;; *) bad "kit_mem RegRd=$r: $out" ;; esac
  iverilog -g2005 -o "$T/bug$r.vvp" -Pkit_mem_tb.RegRd=$r -Pkit_mem_tb.Bug=1 tb/mem/kit_mem_tb.v rtl/mem/kit_mem.v
  out=$(vvp -n "$T/bug$r.vvp")
  case "$out" in *"FAIL kit_mem RegRd=$r: row 1 after two writes in one cycle (port 1 wins)"*) ok "kit_mem RegRd=$r: swapped write priority caught" ;;
    *) bad "kit_mem RegRd=$r: swapped write priority not caught: $out" ;; esac
done
for g in "" "-GDepth=1 -GWidth=1" "-GDepth=5 -GWidth=13 -GNumRd=8 -GNumWr=4 -GRegRd=1" "-GDepth=65536 -GWidth=4096 -GNumRd=3 -GNumWr=2"; do
  # shellcheck disable=SC2086
  out=$(verilator --lint-only -Wall --top-module kit_mem $g rtl/mem/kit_mem.v 2>&1)
  [ -z "$out" ] && ok "lint kit_mem ${g:-default}" || bad "lint kit_mem ${g:-default}: $(echo "$out" | head -3)"
done
expect_err "kit_mem refuses RegRd=2" "kit_mem_param_error_RegRd_must_be_0_or_1" verilator --lint-only -GRegRd=2 rtl/mem/kit_mem.v
for r in 0 1; do
  yosys -q -p "read_verilog rtl/mem/kit_mem.v; chparam -set Depth 5 -set Width 8 -set NumRd 2 -set NumWr 2 -set RegRd $r kit_mem; synth -top kit_mem -run :fine; write_json $T/y$r.json" >"$T/y$r.log" 2>&1
  got=$(python3 tools/synth_count.py "$T/y$r.json" kit_mem 2>&1)
  [ "$got" = "mem=40 flops=0" ] && ok "kit_mem RegRd=$r: Yosys infers one 5 x 8 memory, no flops ($got)" \
    || bad "kit_mem RegRd=$r: Yosys gives '$got', expected mem=40 flops=0"
done

# The blocks' tables inferred as memories (doc/harness.md "Memories"), each
# with a planted kit_mem whose array Yosys must map to flops (mem2reg): the
# check then sees no memory bits, so it can fail.
T2=$T/planted; mkdir -p "$T2"
sed 's/^  reg \[Width-1:0\] mem_q /  (* mem2reg *) reg [Width-1:0] mem_q /' rtl/mem/kit_mem.v > "$T2/kit_mem.v"
cmp -s rtl/mem/kit_mem.v "$T2/kit_mem.v" && bad "kitmem planted flop kit_mem: the sed no longer matches rtl/mem/kit_mem.v"
st_mem() { echo "$1" | awk '$1 == "STORAGE" {print $4}'; }
# lm (doc/lm.md "Which rows are SRAM"): Entries words of {pc, miss, hit},
# 4 x (32 + 2 x 2) = 144 memory bits
LMC="Entries=4 CntW=2 WinLen=16 Thresh=20 WinCntW=2"
got=$(st_mem "$(tools/synth.sh lm "$LMC")")
[ "$got" = "mem=144" ] && ok "SRAM lm $LMC: Yosys infers the table, 4 words x 36 bits = 144 memory bits" \
  || bad "SRAM lm $LMC: Yosys memory bits '$got', expected mem=144"
got=$(st_mem "$(SYNTH_RTL="rtl/lm/lm.v $T2/kit_mem.v" tools/synth.sh lm "$LMC")")
[ "$got" = "mem=0" ] && ok "SRAM lm: the check sees a kit_mem mapped to flops (mem2reg planted): $got, not mem=144" \
  || bad "SRAM lm planted flop kit_mem: memory bits '$got', expected mem=0"
# The tag arrays of pdp_cache and waypart (doc/<block>.md "Which rows are
# SRAM"), each with the planted kit_mem too. (vtt's check is in
# tb/vtt/test.sh.)
# sram_block BLOCK "P=V ..." MEM_BITS WHY: inferred memory bits, then the planted fault
sram_block() {
  local b=$1 c=$2 want=$3 why=$4 got others
  got=$(st_mem "$(tools/synth.sh "$b" "$c")")
  [ "$got" = "mem=$want" ] && ok "SRAM $b $c: Yosys infers $why = $want memory bits" \
    || bad "SRAM $b $c: Yosys memory bits '$got', expected mem=$want ($why)"
  others=$(build/kit rtl "$b" | tr ' ' '\n' | grep -vx rtl/mem/kit_mem.v | tr '\n' ' ')
  got=$(st_mem "$(SYNTH_RTL="$others$T2/kit_mem.v" tools/synth.sh "$b" "$c")")
  [ "$got" = "mem=0" ] && ok "SRAM $b: the check sees a kit_mem mapped to flops (mem2reg planted): $got, not mem=$want" \
    || bad "SRAM $b planted flop kit_mem: memory bits '$got', expected mem=0"
}
# pdp_cache: 2 set rows of 3 ways x (valid 1 + rpd 3 + tag 3) bits, and 2
# rank rows of 3 ways x 2 bits
sram_block pdp_cache "Sets=2 Ways=3 TagW=3 DMax=8" 54 "2 rows x 21 bits + 2 rank rows x 6 bits"
# waypart: 3 set rows (not a power of two) of 3 ways x (tag 3 + rank 2) bits
sram_block waypart "Sets=3 Ways=3 TagW=3 Kernels=3 TbW=1 RetW=1 WgtW=2 IpcW=4" 45 "3 rows x 15 bits"
# ctl (doc/ctl.md "Which rows are SRAM"): BA, the LIFO stack and the buffer
# address fields of 3 slots and 3 entries
sram_block ctl "MaxCta=3 RnW=4 InstW=8 RetW=2 BufEnt=3" 198 "BA 3 x 32 + stack 3 x 2 + buffer 3 x 32"
