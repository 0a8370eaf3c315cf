# A real Slurm runs make regress's array script (tools/slurm_local.sh,
# tools/slurm_selftest.sh; doc/regress.md "A local Slurm").
# Rationale: 86_regress runs the array script task by task as Slurm would;
# this runs it under Slurm itself (Debian's slurm-wlm and munge, a
# single-node cluster on 127.0.0.1 started and stopped by the kit), the
# slice of `make regress-slurm-selftest` that fits the suite: HAC's default
# test for two seeds, 2,000 cycles a configuration, no directed files (12
# jobs, so 12 array tasks; the models are the ones 86_regress uses). The
# collected summary and JUnit must equal the local run's, and the
# comparison is shown failing on a planted difference (inside the
# self-test). Where Slurm cannot start, the kit must say why and exit 1:
# shown with the packages absent (KIT_NO_INSTALL=1 and a PATH without them)
# and with slurmctld's port already taken.
. "$(dirname "$0")/lib.sh"
T=build/test/slurm
rm -rf "$T"; mkdir -p "$T"

tools/slurm_selftest.sh 1-2 hac 2000 $T/regress --no-directed >$T/selftest.log 2>&1; rc=$?
n=$(grep -c '^PASS regress-slurm-selftest' $T/selftest.log)
if [ $rc -eq 0 ] && [ "$n" = 2 ]; then
  ok "slurm: $(grep -m1 '^PASS regress-slurm-selftest' $T/selftest.log | sed 's/^PASS regress-slurm-selftest: //')"
  ok "slurm: $(grep '^PASS regress-slurm-selftest' $T/selftest.log | tail -1 | sed 's/^PASS regress-slurm-selftest: //')"
else
  bad "slurm self-test (exit $rc): $(grep -m1 -E '^FAIL|error' $T/selftest.log || tail -3 $T/selftest.log)"
fi
tools/slurm_local.sh status | grep -q ': running' && bad "slurm: a daemon still runs after the self-test" \
  || ok "slurm: munged, slurmctld and slurmd stopped after the self-test"

# cannot start: no packages (and no installing)
mkdir -p $T/bin
for t in bash dirname sort id cat; do ln -sf "$(command -v $t)" $T/bin/$t; done
expect_err "slurm: packages missing, not installable: says why, exit 1" "error: missing tool.*slurm-wlm.*KIT_NO_INSTALL=1" \
  env KIT_NO_INSTALL=1 PATH="$root/$T/bin" bash tools/slurm_local.sh start

# cannot start: slurmctld's port taken (a listener of ours on 127.0.0.1, gone in 40 s at most)
port=16917
timeout 40 python3 -c 'import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(1); print("listening", flush=True); time.sleep(39)' $port >$T/listener.out 2>&1 &
lp=$!
for _ in $(seq 50); do grep -q listening $T/listener.out 2>/dev/null && break; sleep 0.1; done
expect_err "slurm: slurmctld's port in use: says why, exit 1" "slurmctld exited: .*Address already in use" \
  env KIT_SLURM_PORT=$port tools/slurm_local.sh start
kill $lp 2>/dev/null; wait $lp 2>/dev/null
tools/slurm_local.sh status | grep -q ': running' && bad "slurm: a daemon left running after a failed start" \
  || ok "slurm: nothing left running after a failed start"
