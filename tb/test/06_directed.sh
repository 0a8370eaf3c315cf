# Directed corners (tb/<block>/directed/*.stim) of every block: every corner
# its doc/<block>.md names, each file at the configuration it declares, with
# hand-computed 'expect' lines checked against the model and every output
# compared with the RTL.
. "$(dirname "$0")/lib.sh"
for b in $(all_blocks); do
  files=$(directed_files "$b")
  [ -n "$files" ] || { bad "directed $b: no tb/$b/directed/*.stim files"; continue; }
  for f in $files; do
    p=$(stim_params "$f")
    bin=$(block_bin "$b" "$p") || { bad "directed $f: build"; continue; }
    out=$($bin --stim "$f" 2>&1); rc=$?
    n=$(grep -c '^expect' "$f")
    if [ $rc -eq 0 ]; then ok "directed $b $(basename "$f"): $(echo "$out" | grep -o '[0-9]* cycles matched'), $n expect lines met"
    else bad "directed $f: $(echo "$out" | head -12)"; fi
  done
done
