# Yosys synthesis: no latches, and the model's total state bits (kit
# overhead: added + baseline + interface) equal the flip-flop bits Yosys
# counts in the synthesised RTL, for both policies and A = 8, 16, 32, 64.
# This is what lets a designer trust the storage estimate for
# configurations no paper lists. The paper configuration itself is too big
# to synthesise in a test; its figure is checked in 10_overhead.
. "$(dirname "$0")/lib.sh"
cfgs=("Sets=6 Ways=8 TagW=6" "Sets=6 Ways=8 TagW=6 Policy=1" "Sets=3 Ways=16 TagW=5"
      "Sets=3 Ways=16 TagW=5 Policy=1" "Sets=2 Ways=32 TagW=4" "Sets=1 Ways=64 TagW=3")
for c in "${cfgs[@]}"; do synth_check hac "$c"; done
