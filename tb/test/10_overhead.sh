# Storage estimate: the paper configuration (768 KB, 16-way, 128 B lines,
# 384 sets) must give the paper's 3312 B and 0.42% with its breakdown
# (5-bit mc x 384 sets; 1-bit type + 3-bit EA x 6144 lines), section V-D.
# Other configurations follow the formulas of doc/hac.md (checked by hand
# here for A = 8 and 32) and the Yosys cross-check in 03_synth.
. "$(dirname "$0")/lib.sh"
out=$(make --no-print-directory overhead BLOCK=hac PARAMS="Sets=384 Ways=16 LineBytes=128")
echo "$out"
echo "$out" | grep -q 'hac overhead: 3312 B (26496 bits), 0.42% of data capacity' && ok "overhead paper config: 3312 B, 0.42%" \
  || bad "overhead paper config: $(echo "$out" | tail -1)"
echo "$out" | grep -qE 'mc saturating miss counter +384 set +5 +1920' && echo "$out" | grep -qE 'memory type flag.* 6144 line +1 +6144' \
  && echo "$out" | grep -qE 'EA priority group flag +6144 line +3 +18432' && ok "overhead paper breakdown: 5 x 384 + (1 + 3) x 6144" \
  || bad "overhead paper breakdown"
# A = 8, 1024 sets, 64 B lines: mc 4 bits, EA 2 bits: 1024*4 + 8192*3 = 28672 bits = 3584 B of 524288 B = 0.68%
out=$(build/kit overhead hac Sets=1024 Ways=8 LineBytes=64 | tail -1)
echo "$out" | grep -q '3584 B (28672 bits), 0.68%' && ok "overhead Sets=1024 Ways=8: 3584 B, 0.68%" || bad "overhead A=8: $out"
# A = 32, 64 sets: mc 6 bits, EA 4 bits: 64*6 + 2048*5 = 10624 bits = 1328 B of 262144 B = 0.51%
out=$(build/kit overhead hac Sets=64 Ways=32 | tail -1)
echo "$out" | grep -q '1328 B (10624 bits), 0.51%' && ok "overhead Sets=64 Ways=32: 1328 B, 0.51%" || bad "overhead A=32: $out"
# static policy: the type bit only
out=$(build/kit overhead hac Policy=1 | tail -1)
echo "$out" | grep -q '768 B (6144 bits), 0.10%' && ok "overhead static policy: 768 B" || bad "overhead static: $out"
