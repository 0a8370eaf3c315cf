# One-way layers (tools/layers.py; doc/harness.md "Layout and layers").
# Rationale: the layer rule is only kept if a change that breaks it fails
# the suite, so every quoted #include of the kit's C is checked on the tree
# as it stands, and the checker is shown to fail on a copy of the tree with
# an upward include planted (a model including the stimulus layer, the
# dependency the old cmodel/<block>.h had) and with a cycle planted (two
# core headers including each other).
. "$(dirname "$0")/lib.sh"
out=$(python3 tools/layers.py 2>&1) && ok "$out" || bad "layers: $out"
T=build/test/layers; rm -rf "$T"; mkdir -p "$T"
cp -r cmodel vectors tb "$T/"
echo '#include "tb/stim/source.h"' >> "$T/cmodel/hac/hac.c"
expect_err "layers: an upward include (a model including the stimulus layer) is refused" \
  'cmodel/hac/hac.c:[0-9]+: includes tb/stim/source.h \(layer 3 stimulus\) from layer 1 models: an upward include' \
  python3 tools/layers.py "$T"
sed -i '$d' "$T/cmodel/hac/hac.c"
printf '#include "cmodel/core/b.h"\n' > "$T/cmodel/core/a.h"; printf '#include "cmodel/core/a.h"\n' > "$T/cmodel/core/b.h"
expect_err "layers: an include cycle is refused" 'cycle: cmodel/core/a.h -> cmodel/core/b.h -> cmodel/core/a.h' \
  python3 tools/layers.py "$T"
