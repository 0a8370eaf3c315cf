# lib.sh - helpers sourced by the test scripts.
. "$(dirname "${BASH_SOURCE[0]}")/../../tools/common.sh"
ok()   { echo "PASS $*"; }
bad()  { echo "FAIL $*"; }
# expect_err NAME PATTERN CMD...: CMD must exit non-zero and print, in one
# line of stderr+stdout, something matching PATTERN (an extended regex).
expect_err() {
  local name=$1 pat=$2; shift 2
  local out rc
  out=$("$@" 2>&1); rc=$?
  if [ $rc -eq 0 ]; then bad "$name: exited 0, expected an error"; return; fi
  if ! printf '%s\n' "$out" | grep -qE "$pat"; then
    bad "$name: error did not match /$pat/: $(printf '%s' "$out" | head -3)"; return
  fi
  if printf '%s\n' "$out" | grep -qiE 'segmentation|core dumped|sanitizer|assert'; then
    bad "$name: crashed: $(printf '%s' "$out" | head -3)"; return
  fi
  ok "$name"
}
# lockstep_bin "P=V ...": build (cached) and print HAC's lockstep binary.
lockstep_bin() { tools/build_lockstep.sh hac "$1" "${2:-}" "${3:-}"; }
# block_bin BLOCK "P=V ...": the same for any block.
block_bin() { tools/build_lockstep.sh "$1" "$2"; }
# all_blocks: every block with a cmodel/<block>.def.
all_blocks() { ls cmodel/*.def | xargs -n1 basename | sed 's/\.def$//'; }
