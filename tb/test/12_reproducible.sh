# Same seed, same bytes: the lockstep report and the storage report are pure
# functions of their arguments (timings only appear under make bench).
. "$(dirname "$0")/lib.sh"
bin=$(lockstep_bin "Sets=6 Ways=8 TagW=6")
a=$($bin --seed 42 --cycles 100000); b=$($bin --seed 42 --cycles 100000)
[ "$a" = "$b" ] && ok "lockstep report reproducible for seed 42" || bad "lockstep report differs between runs"
a=$(build/kit overhead hac); b=$(build/kit overhead hac)
[ "$a" = "$b" ] && ok "storage report reproducible" || bad "storage report differs"
rm -rf build/test/r1 build/test/r2   # a stale waveform of another build would match the glob
a=$($bin --seed 5 --cycles 1000 --fault 500 --fail-dir build/test/r1 2>&1 | sed "s#build/test/r[12]#DIR#")
b=$($bin --seed 5 --cycles 1000 --fault 500 --fail-dir build/test/r2 2>&1 | sed "s#build/test/r[12]#DIR#")
cmp -s build/test/r1/hac_seed5_cycle500_*.vcd build/test/r2/hac_seed5_cycle500_*.vcd && ok "failure waveform reproducible byte for byte" || bad "failure waveforms differ"
[ "$a" = "$b" ] && ok "mismatch report reproducible" || bad "mismatch report differs"
