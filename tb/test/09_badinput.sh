# Bad input: each gets a one-line error naming the file and line, the
# parameter or the port, a non-zero exit, no crash or hang, and no output
# file (or half-written one) left behind.
. "$(dirname "$0")/lib.sh"
T=build/test/bad; rm -rf "$T"; mkdir -p "$T"
good=build/test/bad/good.vec
build/kit vectors hac --seed 3 --cycles 50 -o "$good" Sets=6 Ways=8 TagW=6 >/dev/null
# unknown block
expect_err "unknown block (kit)" "unknown block 'foo'" build/kit overhead foo
expect_err "unknown block (make check)" "unknown block 'foo'" make --no-print-directory check BLOCK=foo
# parameters out of range
expect_err "Ways=12 not a power of two" "Ways=12 must be a power of two" build/kit overhead hac Ways=12
expect_err "Ways=4 below 8" "Ways=4 out of range 8..64" build/kit overhead hac Ways=4
expect_err "Sets=0" "Sets=0 out of range 1..65536" make --no-print-directory check PARAMS=Sets=0
expect_err "TagW=49" "TagW=49 out of range 1..48" build/kit gflags hac TagW=49
expect_err "unknown parameter" "no such parameter" build/kit overhead hac Colour=3
expect_err "non-numeric parameter" "Ways: 'x' is not an integer" build/kit overhead hac Ways=x
# RTL elaboration also refuses illegal parameters
expect_err "RTL refuses Ways=12 (Verilator)" "hac_param_error_Ways" verilator --lint-only -GWays=12 rtl/hac/hac.v
expect_err "RTL refuses Ways=4 (Icarus)" "hac_param_error_Ways" iverilog -g2005 -o "$T/x" -Phac.Ways=4 rtl/hac/hac.v
# directed stimulus files
printf 'rst_ni=0\nreq_valid_i=1 req_ea_i=33\n' > "$T/ea33.stim"
expect_err "ea=33 in a directed file" "ea33.stim:2: req_ea_i=33 out of range 1..32" build/kit vectors hac --stim "$T/ea33.stim" -o "$T/out1.vec"
printf 'req_valid_i=1 req_ea_i=0\n' > "$T/ea0.stim"
expect_err "ea=0 in a directed file" "ea0.stim:1: req_ea_i=0 out of range 1..32" build/kit vectors hac --stim "$T/ea0.stim" -o "$T/out2.vec"
printf '# x\nreq_valid_i=1 req_bogus_i=1\n' > "$T/port.stim"
expect_err "unknown port in a directed file" "port.stim:2: no input port 'req_bogus_i'" build/kit vectors hac --stim "$T/port.stim" -o "$T/out3.vec"
printf 'req_set_i=0x200\n' > "$T/wide.stim"
expect_err "value too wide in a directed file" "wide.stim:1: req_set_i=0x200 does not fit in 9 bits" build/kit vectors hac --stim "$T/wide.stim" -o "$T/out4.vec"
printf 'params Ways=8\nidle\n' > "$T/params.stim"
expect_err "directed file for another configuration" "params.stim:1: this file is for Ways=8, the run has Ways=16" build/kit vectors hac --stim "$T/params.stim" -o "$T/out5.vec"
expect_err "missing directed file" "nope.stim: cannot open" build/kit vectors hac --stim "$T/nope.stim" -o "$T/out6.vec"
expect_err "directed file through make check" "ea33.stim:2: req_ea_i=33" make --no-print-directory check STIM="$T/ea33.stim"
# malformed and truncated vector files
head -n -10 "$good" > "$T/trunc.vec"
expect_err "truncated vector file" "trunc.vec:[0-9]+: truncated: header says 50 cycles, file ends after 40" build/kit checkvec "$T/trunc.vec"
r1=$(grep -n -m1 -v '^//' "$good" | cut -d: -f1)   # the first record's line
r2=$((r1 + 1))
sed "${r1}s/^0 /0 zz /" "$good" > "$T/badhex.vec"
expect_err "non-hex word" "badhex.vec:$r1: " build/kit checkvec "$T/badhex.vec"
sed "${r2}s/ [0-9a-f]*\$//" "$good" > "$T/short.vec"
expect_err "short record" "short.vec:$r2: record has 16 words, expected 17" build/kit checkvec "$T/short.vec"
sed 's/^\/\/ cvkit-vectors 1/\/\/ cvkit-vectors 9/' "$good" > "$T/ver.vec"
expect_err "unknown format version" "ver.vec:1: format version 9" build/kit checkvec "$T/ver.vec"
sed 's/^\/\/ in req_ea_i 6/\/\/ in req_ea_i 5/' "$good" > "$T/port.vec"
expect_err "header port width disagrees with the block" "port.vec: header port 7 is in req_ea_i 5, block hac expects in req_ea_i 6" build/kit checkvec "$T/port.vec"
sed 's/^\/\/ param Ways 8/\/\/ param Ways 12/' "$good" > "$T/param.vec"
expect_err "illegal parameter in a vector header" "param.vec: parameter Ways=12 must be a power of two" build/kit checkvec "$T/param.vec"
sed 's/^\/\/ block hac/\/\/ block foo/' "$good" > "$T/block.vec"
expect_err "unknown block in a vector header" "block.vec:2: unknown block 'foo'" build/kit checkvec "$T/block.vec"
printf 'hello\n' > "$T/junk.vec"
expect_err "not a vector file" "junk.vec:1: not a vector file" build/kit checkvec "$T/junk.vec"
expect_err "tbgen on a truncated file" "trunc.vec:[0-9]+: truncated" build/kit tbgen "$T/trunc.vec" -o "$T/tb.v"
# no output file, and no temporary, is left by any failure above
left=$(ls "$T" | grep -E '^(out[0-9]\.vec|tb\.v)|\.tmp' || true)
[ -z "$left" ] && ok "no output or temporary file left by failed commands" || bad "files left behind: $left"
# an unwritable output
expect_err "unwritable output path" "no/such/dir/x.vec: cannot write" build/kit vectors hac -o "$T/no/such/dir/x.vec"
# missing tool: with installing disabled and verilator off PATH
mkdir -p "$T/bin"; for t in bash cc c++ make sed sort id; do ln -sf "$(command -v $t)" "$T/bin/$t"; done
expect_err "missing tool" "missing tool\(s\) verilator: install Debian package\(s\) verilator" \
  env PATH="$T/bin" KIT_NO_INSTALL=1 tools/deps.sh verilator
# bad lockstep options
bin=$(lockstep_bin "Sets=6 Ways=8 TagW=6")
expect_err "fault on an unknown port" "no output port 'nope_o'" "$bin" --fault 3:nope_o
expect_err "unknown option" "unknown option --frobnicate" "$bin" --frobnicate 1
expect_err "non-numeric cycles" "'abc' is not a number" "$bin" --cycles abc
