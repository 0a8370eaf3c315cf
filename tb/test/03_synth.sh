# Yosys synthesis: no latches, and the model's total state bits (kit
# overhead: added + baseline + interface) equal the flip-flop bits Yosys
# counts in the synthesised RTL, for both policies and A = 8, 16, 32, 64.
# This is what lets a designer trust the storage estimate for
# configurations no paper lists. The paper configuration itself is too big
# to synthesise in a test; its figure is checked in 10_overhead.
. "$(dirname "$0")/lib.sh"
cfgs=("Sets=6 Ways=8 TagW=6" "Sets=6 Ways=8 TagW=6 Policy=1" "Sets=3 Ways=16 TagW=5"
      "Sets=3 Ways=16 TagW=5 Policy=1" "Sets=2 Ways=32 TagW=4" "Sets=1 Ways=64 TagW=3")
for c in "${cfgs[@]}"; do
  line=$(tools/synth.sh hac "$c") || { bad "synth hac $c: $line"; continue; }
  ys=$(echo "$line" | awk '{print $4}')
  # shellcheck disable=SC2086
  model=$(build/kit overhead hac $c | sed -n 's/.*model state total.*: \([0-9]*\) bits/\1/p')
  if [ "$ys" = "$model" ]; then ok "synth hac $c: no latches, $ys flop bits = model estimate"
  else bad "synth hac $c: Yosys counts $ys flop bits, model estimate $model"; fi
done
