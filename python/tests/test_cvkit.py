"""test_cvkit.py - the Python package against the kit's own C tools.

Rationale: cvkit must be the kit, not a second reading of it. So every
check compares Python with the command-line tool that owns the fact, for
every block: the block list (`kit blocks`), parameter defaults and ranges
and their error messages (`kit overhead`), port tables (the `in`/`out`
lines `kit vectors` writes), vector files byte for byte (`kit vectors`,
random and directed), the model's step-by-step outputs against the records
of those files, the storage estimate (`kit overhead`), the reader's errors
(`kit checkvec`), and the model's functional coverage against the RTL
lockstep's report for the same seed. Short runs (2,000 cycles a block) are
enough: any disagreement in tables or stimulus shows in the first cycles,
and the long equivalence of model and RTL is the lockstep's job.

Run with the kit's root as the working directory (tb/test/70_python.sh).
"""
import os
import re
import subprocess

import pytest

import cvkit

KIT = os.path.abspath("build/kit")
CYCLES = 2000


def kit(*args, check=True):
    r = subprocess.run([KIT] + [str(a) for a in args], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError("kit %s failed: %s" % (" ".join(map(str, args)), r.stderr))
    return r


def kit_error(*args):
    """The one-line message a kit command prints after 'kit: error: '."""
    r = kit(*args, check=False)
    assert r.returncode != 0
    line = r.stderr.strip().splitlines()[-1]
    assert line.startswith("kit: error: "), line
    return line[len("kit: error: "):]


BLOCKS = kit("blocks").stdout.split()


def directed(b):
    d = os.path.join("tb", b, "directed")
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".stim"))


def stim_params(path):
    for line in open(path):
        if line.startswith("params"):
            return dict(w.split("=") for w in line.split()[1:] if "=" in w and not w.startswith("#"))
    return {}


def test_block_list_is_the_registry():
    assert cvkit.blocks() == BLOCKS


@pytest.mark.parametrize("b", BLOCKS)
def test_parameter_defaults_and_ranges(b):
    blk = cvkit.block(b)
    header = kit("overhead", b).stdout.splitlines()[0]
    defaults = dict(w.split("=") for w in re.search(r"\((.*)\)", header).group(1).split())
    assert [p.name for p in blk.params] == list(defaults)
    assert {p.name: p.default for p in blk.params} == {k: int(v) for k, v in defaults.items()}
    cfg = blk.config()
    assert dict(cfg.params) == {p.name: p.default for p in blk.params}
    for p in blk.params:
        for bad in (p.min - 1, p.max + 1):
            with pytest.raises(cvkit.KitError) as e:
                blk.config(**{p.name: bad})
            assert str(e.value) == kit_error("overhead", b, "%s=%d" % (p.name, bad))


def test_error_messages_are_the_kits():
    with pytest.raises(cvkit.KitError) as e:
        cvkit.block("nosuch")
    assert str(e.value) == kit_error("overhead", "nosuch")
    with pytest.raises(cvkit.KitError) as e:
        cvkit.config("hac", Frob=3)
    assert str(e.value) == kit_error("overhead", "hac", "Frob=3")
    with pytest.raises(cvkit.KitError) as e:
        cvkit.config("hac", Ways=12)
    assert str(e.value) == kit_error("overhead", "hac", "Ways=12")


def header_ports(path):
    ports = []
    for line in open(path):
        m = re.match(r"// (in|out) (\S+) (\d+)$", line)
        if m:
            ports.append((m.group(2), m.group(1), int(m.group(3))))
    return ports


@pytest.mark.parametrize("b", BLOCKS)
def test_vectors_byte_identical_and_model_steps(b, tmp_path):
    """Random traffic: a file written through Python is `kit vectors`' file,
    the Python loop (stimulus + model.step) gives its records, and the same
    inputs written as records give the same bytes again."""
    ref, mine, recs = tmp_path / "kit.vec", tmp_path / "py.vec", tmp_path / "rec.vec"
    kit("vectors", b, "--seed", 7, "--cycles", CYCLES, "-o", ref)
    cvkit.write_vectors(str(mine), b, seed=7, cycles=CYCLES)
    assert mine.read_bytes() == ref.read_bytes()

    cfg = cvkit.config(b)
    assert [(p.name, p.dir, p.width) for p in cfg.ports] == header_ports(ref)
    v = cvkit.read_vectors(str(ref))
    v.check()
    assert (v.block, v.params, v.seed, v.cycles) == (b, dict(cfg.params), 7, CYCLES)
    m = cfg.model()
    ins = list(cfg.stimulus(seed=7, cycles=CYCLES))
    assert ins == v.inputs
    assert [m.step(i) for i in ins] == v.outputs
    m.reset()
    assert m.run(ins) == v.outputs and m.cycles == CYCLES
    cvkit.write_records(str(recs), cfg, ins, seed=7, source="random")
    assert recs.read_bytes() == ref.read_bytes()


@pytest.mark.parametrize("b", BLOCKS)
def test_directed_vectors_byte_identical(b, tmp_path):
    f = directed(b)[0]
    p = stim_params(f)
    ref, mine = tmp_path / "kit.vec", tmp_path / "py.vec"
    kit("vectors", b, "--stim", f, "-o", ref, *["%s=%s" % kv for kv in p.items()])
    cvkit.write_vectors(str(mine), b, stim=f, **p)
    assert mine.read_bytes() == ref.read_bytes()
    assert list(cvkit.config(b, **p).stimulus(stim=f)) == cvkit.read_vectors(str(ref)).inputs


@pytest.mark.parametrize("b", BLOCKS)
def test_storage_is_kit_overhead(b):
    st = cvkit.config(b).storage()
    rep = kit("overhead", b).stdout
    total = int(re.search(r"model state total.*: (\d+) bits", rep).group(1))
    assert st.total_bits == total
    for g in ("added", "baseline", "interface"):
        sub = re.search(r"^  %s\s+subtotal\s+(\d+)" % g, rep, re.M)
        assert st.bits[g] == int(sub.group(1))
    m = re.search(r"^%s overhead: (\d+) B" % b, rep, re.M)
    if m:
        assert st.overhead_bytes == int(m.group(1))
    assert len(st.rows) == len([l for l in rep.splitlines()
                                if re.match(r"  (added|baseline|interface) ", l)
                                and "subtotal" not in l])


def test_bad_inputs_raise():
    m = cvkit.config("hac", Sets=64, Ways=8).model()
    with pytest.raises(cvkit.KitError, match=r"^cycle 0: req_set_i=0x40 does not fit in 6 bits$"):
        m.step(req_set_i=64)
    with pytest.raises(cvkit.KitError, match="no input port req_frob_i"):
        m.step(req_frob_i=1)
    with pytest.raises(cvkit.KitError, match="7 inputs, 2 values given"):
        m.step([1, 0])
    assert m.cycles == 0   # nothing was stepped


def test_port_values_are_checked_never_wrapped(tmp_path):
    """ctypes takes a Python int modulo 2**64: every value is checked before
    it crosses, against its port's width, in the C API's words; anything
    that is not an integer is the kit's error too, not a TypeError."""
    cfg = cvkit.config("hac", Sets=64, Ways=8)
    m = cfg.model()
    for v, msg in [(2**64 + 3, "req_set_i=0x10000000000000003 does not fit in 6 bits"),
                   (2**64, "req_set_i=0x10000000000000000 does not fit in 6 bits"),
                   (-1, "req_set_i=-0x1 does not fit in 6 bits"),
                   (1.0, "req_set_i: 1.0 is not an integer (float)"),
                   ("3", "req_set_i: '3' is not an integer (str)"),
                   (None, "req_set_i: None is not an integer (NoneType)")]:
        with pytest.raises(cvkit.KitError) as e:
            m.step(req_set_i=v)
        assert str(e.value) == "cycle 0: " + msg
    assert m.cycles == 0
    # bool is an int (True = 1), as in Python
    assert m.step(rst_ni=True, req_valid_i=True, req_set_i=3, req_ea_i=32).rsp_valid_o == 1
    with pytest.raises(cvkit.KitError, match=r"^cycle 3: req_tag_i=0x1000000000000000000 does not fit in 20 bits$"):
        m.run([{}, {}, {"req_tag_i": 2**72}])
    assert m.cycles == 1   # nothing of the refused list was stepped
    with pytest.raises(cvkit.KitError, match=r"^cycle 1: req_ea_i: 2.5 is not an integer \(float\)$"):
        cvkit.write_records(str(tmp_path / "r.vec"), cfg, [{}, {"req_ea_i": 2.5}])
    assert not os.listdir(tmp_path)


def test_seeds_and_cycle_counts_are_checked(tmp_path):
    cfg = cvkit.config("hac")
    for kw, msg in [(dict(seed=-1), "seed=-1 out of range 0..18446744073709551615"),
                    (dict(seed=2**64), "seed=18446744073709551616 out of range 0..18446744073709551615"),
                    (dict(cycles=-1), "cycles=-1 out of range 1..100000000000"),
                    (dict(cycles=0), "cycles=0 out of range 1..100000000000"),
                    (dict(cycles=2**64 + 5), "cycles=18446744073709551621 out of range 1..100000000000"),
                    (dict(cycles=None), "cycles: None is not an integer (NoneType)"),
                    (dict(seed="7"), "seed: '7' is not an integer (str)")]:
        with pytest.raises(cvkit.KitError) as e:
            cfg.stimulus(**kw)
        assert str(e.value) == msg
    out = tmp_path / "v.vec"
    with pytest.raises(cvkit.KitError) as e:
        cvkit.write_vectors(str(out), "hac", cycles=2**64 + 5)
    assert str(e.value) == "cycles=18446744073709551621 out of range 1..268435456"
    # the same words as `kit vectors --cycles` for a number out of its range
    assert kit_error("vectors", "hac", "-o", out, "--cycles", 2**64 + 5).endswith("out of range 1..268435456")
    with pytest.raises(cvkit.KitError, match=r"^seed=-1 out of range"):
        cvkit.write_vectors(str(out), "hac", seed=-1, cycles=10)
    assert not os.listdir(tmp_path)


def test_parameter_values_are_one_word_each():
    """A parameter's value is one value: a string is handed to the kit's
    parser as it is (never split into more NAME=VALUE words), an integer of
    any size or a value of another type gets the kit's own message for
    the same text (`kit overhead hac 'Ways=...'`)."""
    for v in ["8 Sets=4", "8.0", "", " 8"]:
        with pytest.raises(cvkit.KitError) as e:
            cvkit.config("hac", Ways=v)
        assert str(e.value) == kit_error("overhead", "hac", "Ways=%s" % v)
    for v in [2**64, 2**63, -2**63 - 1, 8.0, None]:
        with pytest.raises(cvkit.KitError) as e:
            cvkit.config("hac", Ways=v)
        assert str(e.value) == kit_error("overhead", "hac", "Ways=%s" % v)
    assert "out of range 8..64" in kit_error("overhead", "hac", "Ways=%d" % 2**64)
    assert cvkit.config("hac", Ways="0x10", Sets=64).params["Ways"] == 16
    assert cvkit.config("hac", Sets=64, Ways=8).params["Sets"] == 64   # not re-split from another value
    assert cvkit.config("hac", Policy=True).params["Policy"] == 1


def test_reader_errors_are_checkvecs(tmp_path):
    ref = tmp_path / "a.vec"
    kit("vectors", "lm", "--seed", 1, "--cycles", 50, "-o", ref)
    cut = tmp_path / "cut.vec"
    cut.write_bytes(ref.read_bytes()[:-7])
    with pytest.raises(cvkit.KitError) as e:
        cvkit.read_vectors(str(cut))
    assert str(e.value) == kit_error("checkvec", cut)
    # a wrong expected output: read fine, check() fails like checkvec
    lines = ref.read_text().splitlines(keepends=True)
    last = lines[-1].split()
    last[-1] = "%x" % (int(last[-1], 16) ^ 1)
    lines[-1] = " ".join(last) + "\n"
    bad = tmp_path / "bad.vec"
    bad.write_text("".join(lines))
    v = cvkit.read_vectors(str(bad))
    with pytest.raises(cvkit.KitError) as e:
        v.check()
    assert str(e.value) == kit_error("checkvec", bad)
    with pytest.raises(cvkit.KitError, match="is a directory"):
        cvkit.read_vectors(str(tmp_path))


def test_directed_file_with_other_params_is_refused():
    f = directed("hac")[0]
    p = stim_params(f)
    if not p:
        pytest.skip("first hac directed file names no parameters")
    other = {k: v for k, v in p.items()}
    with pytest.raises(cvkit.KitError, match=re.escape(f)):
        cvkit.config("hac").stimulus(stim=f)
    assert cvkit.config("hac", **other).stimulus(stim=f).cycles > 0


def test_functional_coverage_equals_the_lockstep():
    """The model counts the block's cover events exactly as the RTL lockstep
    reports them for the same seed (the lockstep counts on the model's
    outputs of a run where every output matched)."""
    b, seed, n = "hac", 3, 20000
    cfg = cvkit.config(b, Sets=6, Ways=8, TagW=6)
    r = subprocess.run(["tools/build_lockstep.sh", b, cfg.words()], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    out = subprocess.run([r.stdout.split()[-1], "--seed", str(seed), "--cycles", str(n)],
                         capture_output=True, text=True).stdout
    events = dict((k, int(v)) for k, v in re.findall(r"(\w+)=(\d+)",
                  re.search(r"functional coverage: (\w+=.*)", out).group(1)))
    toggles = tuple(map(int, re.search(r"toggle coverage: (\d+)/(\d+)", out).groups()))
    m = cfg.model()
    m.run(list(cfg.stimulus(seed=seed, cycles=n)))
    cov = m.coverage()
    assert cov["events"] == events
    assert cov["toggles"] == toggles


def _coalescer_hw(addrs, **params):
    """One thread block's addresses (4 B elements) through the coalescer's
    C model as one sampled load, cache off, ready always 1: the estimate
    registers at the close (doc/coalescer.md "Ports")."""
    cfg = cvkit.config("coalescer", **params)
    m = cfg.model()
    warps = [addrs[i:i + 32] for i in range(0, len(addrs), 32)]
    w = 0
    for _ in range(64 * len(warps) + 8):
        kw = dict(req_ready_i=1)
        if w < len(warps):
            lanes = warps[w]
            kw.update(in_valid_i=1, in_mask_i=(1 << len(lanes)) - 1, in_size_i=2, in_est_i=1,
                      in_first_i=int(w == 0), in_last_i=int(w == len(warps) - 1))
            kw.update(("a%02d_i" % k, v) for k, v in enumerate(lanes))
        out = m.step(**kw)
        if out.cnt_valid_o:
            w += 1
        if out.est_valid_o:
            return (out.est_warps_o, out.est_segs_o, out.est_lines_o, out.est_rule_o,
                    out.est_loc_o, out.est_cache_o)
    raise AssertionError("no estimate from the model")


def test_coalescer_alg_matches_the_hardware_estimate():
    """cvkit.coalescer_alg (the compile-time algorithm) gives the block's own
    run-time estimate for the doc's example A patterns, at both readings of
    case 1 (Aggr)."""
    base = 0x10000
    pats = {"array[tid]": [base + 4 * t for t in range(256)],
            "array[tid%32*32]": [base + 128 * (t % 32) for t in range(256)],
            "delta[tid%16]": [base + 4 * (t % 16) for t in range(256)],
            "array[tid*32]": [base + 128 * t for t in range(64)]}
    want = {"array[tid]": (8, 32, 8, 0, 1, 0), "array[tid%32*32]": (8, 256, 32, 1, 2, 1),
            "delta[tid%16]": (8, 16, 1, 1, 3, 1), "array[tid*32]": (2, 64, 64, 2, 0, 0)}
    for name, addrs in pats.items():
        r = cvkit.coalescer_alg(addrs)
        assert tuple(r) == want[name], name
        assert _coalescer_hw(addrs) == tuple(r), name
    assert cvkit.coalescer_alg(pats["array[tid]"], Aggr=1).cache == 1
    assert _coalescer_hw(pats["array[tid]"], Aggr=1)[5] == 1


def test_coalescer_alg_unknown_addresses_and_bad_input():
    """An unknown address makes case 4 (rule 3, cache off) and counts under
    both readings of CO12; bad input raises KitError in the kit's words."""
    addrs = [0x10000 + 4 * t for t in range(64)]
    known = [t % 32 != 5 for t in range(64)]
    each = cvkit.coalescer_alg(addrs, known=known)
    one = cvkit.coalescer_alg(addrs, known=known, inf_one=True)
    assert (each.rule, each.cache) == (3, 0) and (one.rule, one.cache) == (3, 0)
    assert (each.segs, each.lines) == (10, 4) and (one.segs, one.lines) == (10, 3)
    with pytest.raises(cvkit.KitError, match="no addresses"):
        cvkit.coalescer_alg([])
    with pytest.raises(cvkit.KitError, match="known has 1 entries for 64 addresses"):
        cvkit.coalescer_alg(addrs, known=[True])
    with pytest.raises(cvkit.KitError, match="out of range"):
        cvkit.coalescer_alg([-1])
    with pytest.raises(cvkit.KitError, match="SegB=48"):
        cvkit.coalescer_alg(addrs, SegB=48)
