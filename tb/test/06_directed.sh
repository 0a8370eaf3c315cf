# Directed corners (tb/directed/hac/*.stim): every corner doc/hac.md names,
# each file at the configuration it declares, with hand-computed 'expect'
# lines checked against the model and every output compared with the RTL.
. "$(dirname "$0")/lib.sh"
for f in $(directed_files hac); do
  p=$(stim_params "$f")
  bin=$(lockstep_bin "$p") || { bad "directed $f: build"; continue; }
  out=$($bin --stim "$f" 2>&1); rc=$?
  n=$(grep -c '^expect' "$f")
  if [ $rc -eq 0 ]; then ok "directed $(basename "$f"): $(echo "$out" | grep -o '[0-9]* cycles matched'), $n expect lines met"
  else bad "directed $f: $(echo "$out" | head -12)"; fi
done
