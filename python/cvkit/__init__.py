"""cvkit - the kit's C golden models, parameters, port tables, storage
estimates, stimulus generators and vector files, from Python.

Everything here goes through the kit's own C library (libcvkit.so, the
entry points of tb/harness/capi.h, loaded with ctypes): the parameter and port
tables come from each block's .def file, the model is the C model the
lockstep uses, errors carry the command-line tools' one-line messages.

    import cvkit
    cfg = cvkit.config("hac", Sets=64, Ways=8)      # checked like PARAMS=
    m = cfg.model()
    out = m.step(rst_ni=1, req_valid_i=1, req_set_i=3, req_tag_i=0x15, req_ea_i=32)
    out.rsp_hit_o, out.rsp_pos_o
    for inp in cfg.stimulus(seed=7, cycles=1000):    # the lockstep's traffic
        out = m.step(inp)
    cvkit.write_vectors("hac.vec", "hac", seed=1, cycles=20000)  # = kit vectors
    v = cvkit.read_vectors("hac.vec")

Values are checked before they reach C (ctypes would wrap an integer
modulo 2^64): a port value, seed or cycle count must be an integer (bool
counts as one: True is 1) within the port's width or the option's range,
and anything else (float, str, None, an out-of-range int) raises KitError
in the kit's words. A parameter value is an integer or one string word
parsed by the kit's number reader ("0x40"); a string is never split
into several NAME=VALUE words.

doc/python.md describes every call.
"""
import collections
import ctypes
import operator
import os
from ctypes import byref, c_char_p, c_int, c_long, c_uint, c_uint64

from . import _lib
from ._lib import lib

__all__ = ["KitError", "Param", "Port", "StorageRow", "Storage", "Block", "Config", "Model",
           "Stimulus", "VectorFile", "blocks", "block", "config", "write_vectors",
           "write_records", "read_vectors", "library_path", "CoalescerAlg", "coalescer_alg"]

library_path = _lib.path


class KitError(Exception):
    """An error reported by the kit's C code; str() is its one-line message."""


def _err():
    return ctypes.create_string_buffer(_lib.ERR_LEN)


def _raise(buf):
    raise KitError(buf.value.decode(errors="replace"))


def _s(b):
    return b.decode() if b is not None else None


def _path(p):
    return os.fsencode(p)


def _int(v):
    """v as a Python int when it is an integer (int, bool, numpy's integer
    types: anything with __index__), else None."""
    if type(v) is int:
        return v
    try:
        return operator.index(v)
    except TypeError:
        return None


def _number(what, v, lo, hi):
    """An option's integer value (seed, cycles) within lo..hi, or KitError in
    the words of the kit's number reader (kit_parse_u64): "WHAT=N out of
    range LO..HI", or "WHAT: V is not an integer (TYPE)"."""
    n = _int(v)
    if n is None:
        raise KitError("%s: %r is not an integer (%s)" % (what, v, type(v).__name__))
    if not lo <= n <= hi:
        raise KitError("%s=%d out of range %d..%d" % (what, n, lo, hi))
    return n


def _param_word(name, v):
    """One NAME=VALUE word for the kit's parameter parser: an integer in
    decimal, a string as it is (one word, whatever it holds: the parser
    refuses what is not one integer), anything else as its text, which the
    parser refuses in its own words ("parameter Ways: '8.0' is not an
    integer")."""
    n = _int(v)
    if n is not None:
        return ("%s=%d" % (name, n)).encode()
    if isinstance(v, bytes):
        v = v.decode(errors="replace")
    return ("%s=%s" % (name, v)).encode()

_U64 = (1 << 64) - 1


Param = collections.namedtuple("Param", "name min max default in_rtl doc")
Port = collections.namedtuple("Port", "name dir width idle doc")
StorageRow = collections.namedtuple("StorageRow", "group what count per bits total")

_GROUPS = ("added", "baseline", "interface")


class Storage:
    """A storage estimate (`kit overhead`): rows, per-group subtotals in
    bits, their total, the data capacity and what the paper counts."""

    def __init__(self, rows, data_bytes, paper):
        self.rows, self.data_bytes, self.paper = rows, data_bytes, paper
        self.bits = {g: sum(r.total for r in rows if r.group == g) for g in _GROUPS}
        self.total_bits = sum(self.bits.values())

    @property
    def overhead_bytes(self):
        """The paper-counted ("added") bits rounded up to bytes."""
        return (self.bits["added"] + 7) // 8

    def __repr__(self):
        return "Storage(total_bits=%d, added=%d)" % (self.total_bits, self.bits["added"])


class Block:
    """One block of the kit: its parameter table (from its .def file), RTL
    top and files, spec, and cover event names."""

    def __init__(self, name):
        e = _err()
        i = lib.cvkit_block_index(name.encode(), e, len(e))
        if i < 0:
            _raise(e)
        self.index, self.name = i, name
        self.top = _s(lib.cvkit_block_str(i, b"top"))
        self.rtl = _s(lib.cvkit_block_str(i, b"rtl")).split()
        self.doc = _s(lib.cvkit_block_str(i, b"doc"))
        params = []
        for k in range(lib.cvkit_nparams(i)):
            n, lo, hi, d, r, doc = c_char_p(), c_long(), c_long(), c_long(), c_int(), c_char_p()
            lib.cvkit_param(i, k, byref(n), byref(lo), byref(hi), byref(d), byref(r), byref(doc))
            params.append(Param(_s(n.value), lo.value, hi.value, d.value, bool(r.value),
                                _s(doc.value)))
        self.params = params
        self.cover_names = [_s(lib.cvkit_cover_name(i, k)) for k in range(lib.cvkit_ncover(i))]
        self.nin, self.nout = lib.cvkit_nin(i), lib.cvkit_nout(i)

    def config(self, **params):
        """A checked configuration: defaults overridden by NAME=VALUE, with
        the kit's range and cross-parameter checks."""
        return Config(self, params)

    def __repr__(self):
        return "Block(%r)" % self.name


_blocks = {}


def blocks():
    """Names of every block, in registry order."""
    out, i = [], 0
    while True:
        n = lib.cvkit_block_name(i)
        if n is None:
            return out
        out.append(n.decode())
        i += 1


def block(name):
    """The Block called `name` (KitError for an unknown name)."""
    if name not in _blocks:
        _blocks[name] = Block(name)
    return _blocks[name]


def config(block_name, **params):
    """block(block_name).config(**params)."""
    return block(block_name).config(**params)


class Config:
    """One configuration of a block: parameter values, the port table for
    them, and the Inputs / Outputs record types (fields named after the
    ports, in .def order; Inputs fields default to the ports' idle values)."""

    def __init__(self, blk, params):
        self.block = blk
        words = [_param_word(k, v) for k, v in params.items()]
        self._P = (c_long * _lib.MAX_PARAMS)()
        e = _err()
        if lib.cvkit_configure_words(blk.index, len(words), (c_char_p * max(1, len(words)))(*words),
                                     self._P, e, len(e)):
            _raise(e)
        self.params = collections.OrderedDict(
            (p.name, self._P[k]) for k, p in enumerate(blk.params))
        n = blk.nin + blk.nout
        name, d = (c_char_p * n)(), (c_int * n)()
        w, idle, doc = (c_uint * n)(), (c_uint64 * n)(), (c_char_p * n)()
        lib.cvkit_ports(blk.index, self._P, name, d, w, idle, doc)
        self.ports = [Port(_s(name[k]), "in" if d[k] == 0 else "out", w[k], idle[k], _s(doc[k]))
                      for k in range(n)]
        self.inputs, self.outputs = self.ports[:blk.nin], self.ports[blk.nin:]
        self.Inputs = collections.namedtuple(blk.name + "_in", [p.name for p in self.inputs],
                                             defaults=[p.idle for p in self.inputs])
        self.Outputs = collections.namedtuple(blk.name + "_out", [p.name for p in self.outputs])
        self._masks = [(1 << p.width) - 1 for p in self.inputs]

    def words(self):
        """The parameters as the make / command-line words "Sets=384 ..."."""
        return " ".join("%s=%d" % kv for kv in self.params.items())

    def model(self):
        """A golden model of this configuration, in its reset state."""
        return Model(self)

    def stimulus(self, seed=1, cycles=100000, stim=None):
        """The block's seeded random traffic (the lockstep's and `kit
        vectors`' for the same seed; cycles 1..10^11 like --cycles), or a
        directed file's cycles."""
        return Stimulus(self, seed, cycles, stim)

    def storage(self):
        """The storage estimate (`kit overhead`) of this configuration."""
        R = _lib.MAX_STORAGE_ROWS
        g, what, cnt, per = (c_int * R)(), (c_char_p * R)(), (c_uint64 * R)(), (c_char_p * R)()
        bits, db, paper = (c_uint * R)(), c_uint64(), c_char_p()
        n = lib.cvkit_storage(self.block.index, self._P, g, what, cnt, per, bits, byref(db),
                              byref(paper))
        rows = [StorageRow(_GROUPS[g[k]], _s(what[k]), cnt[k], _s(per[k]), bits[k],
                           cnt[k] * bits[k]) for k in range(n)]
        return Storage(rows, db.value, _s(paper.value))

    def inputs_array(self, inputs):
        """A ctypes array of nin words from a dict, an Inputs record, a
        sequence of nin values, or None (all idle); unknown names raise."""
        nin = self.block.nin
        arr = (c_uint64 * nin)()
        self._fill(arr, 0, inputs, 0)
        return arr

    def _fill(self, arr, base, inputs, cycle):
        """One cycle's inputs into arr[base:base + nin], each checked here
        against its port's width (ctypes would wrap 2**64 + 3 to 3): the
        message is the C API's, "cycle N: PORT=0xV does not fit in W bits",
        or for a value that is not an integer "cycle N: PORT: V is not an
        integer (TYPE)"."""
        if inputs is None:
            inputs = {}
        if isinstance(inputs, dict):
            unknown = set(inputs) - set(self.Inputs._fields)
            if unknown:
                raise KitError("block %s has no input port %s" % (
                    self.block.name, ", ".join(sorted(unknown))))
            inputs = self.Inputs(**inputs)
        if len(inputs) != self.block.nin:
            raise KitError("block %s has %d inputs, %d values given" % (
                self.block.name, self.block.nin, len(inputs)))
        masks = self._masks
        for k, v in enumerate(inputs):
            if type(v) is not int or not 0 <= v <= masks[k]:
                v = self._port_value(k, v, cycle)
            arr[base + k] = v

    def _port_value(self, k, v, cycle):
        if callable(cycle):      # Model.step: its cycle count, asked only for a message
            cycle = cycle()
        p = self.inputs[k]
        n = _int(v)
        if n is None:
            raise KitError("cycle %d: %s: %r is not an integer (%s)" % (
                cycle, p.name, v, type(v).__name__))
        if not 0 <= n <= self._masks[k]:
            raise KitError("cycle %d: %s=%s does not fit in %d bits" % (cycle, p.name, hex(n), p.width))
        return n

    def __repr__(self):
        return "Config(%r, %s)" % (self.block.name, self.words())


class Model:
    """The C golden model of one configuration. step() takes one cycle's
    inputs and returns the registered outputs after that cycle's rising
    edge (an Outputs record); cover events and output toggles are counted."""

    def __init__(self, cfg):
        self.config = cfg
        e = _err()
        self._m = lib.cvkit_model_new(cfg.block.index, cfg._P, e, len(e))
        if not self._m:
            _raise(e)
        self._in = (c_uint64 * cfg.block.nin)()
        self._out = (c_uint64 * cfg.block.nout)()
        self._e = _err()

    def __del__(self):
        if getattr(self, "_m", None):
            lib.cvkit_model_free(self._m)
            self._m = None

    def reset(self):
        """Back to the reset state; cycle count and coverage cleared."""
        lib.cvkit_model_reset(self._m)

    @property
    def cycles(self):
        return lib.cvkit_model_cycles(self._m)

    def _now(self):
        return lib.cvkit_model_cycles(self._m)

    def step(self, inputs=None, **kw):
        """One clock: inputs as a dict, an Inputs record, a sequence, or
        keywords (ports not named are idle). Returns an Outputs record."""
        if kw:
            if inputs is not None:
                raise KitError("give inputs or keywords, not both")
            inputs = kw
        self.config._fill(self._in, 0, inputs, self._now)
        if lib.cvkit_model_step(self._m, self._in, self._out, self._e, len(self._e)):
            _raise(self._e)
        return self.config.Outputs._make(self._out)

    def run(self, inputs):
        """Many cycles in one call into C: a list of input records (any form
        step() takes); returns the list of Outputs."""
        nin, nout = self.config.block.nin, self.config.block.nout
        n = len(inputs)
        arr = (c_uint64 * (n * nin))()
        c0 = lib.cvkit_model_cycles(self._m)
        for c, i in enumerate(inputs):
            self.config._fill(arr, c * nin, i, c0 + c)
        out = (c_uint64 * (n * nout))()
        if lib.cvkit_model_run(self._m, n, arr, out, self._e, len(self._e)):
            _raise(self._e)
        mk = self.config.Outputs._make
        return [mk(out[c * nout:(c + 1) * nout]) for c in range(n)]

    def coverage(self):
        """{"events": {name: count}, "toggles": (bits seen at 0 and 1, bits),
        "untoggled": {port: mask}} since the last reset."""
        blk = self.config.block
        cnt = (c_uint64 * max(1, len(blk.cover_names)))()
        s0, s1 = (c_uint64 * blk.nout)(), (c_uint64 * blk.nout)()
        lib.cvkit_model_coverage(self._m, cnt, s0, s1)
        both = total = 0
        untoggled = {}
        for k, p in enumerate(self.config.outputs):
            mask = (1 << p.width) - 1
            b = s0[k] & s1[k] & mask
            both += bin(b).count("1")
            total += p.width
            if b != mask:
                untoggled[p.name] = mask & ~b
        return {"events": dict(zip(blk.cover_names, cnt)), "toggles": (both, total),
                "untoggled": untoggled}


class Stimulus:
    """Iterator over one source's Inputs records: the block's seeded random
    generator, or a directed file (whose params line must match)."""

    CHUNK = 4096

    def __init__(self, cfg, seed=1, cycles=100000, stim=None):
        self.config = cfg
        seed = _number("seed", seed, 0, _U64)
        cycles = _number("cycles", cycles, 1, _lib.MAX_CYCLES)
        e = _err()
        self._s = lib.cvkit_stim_new(cfg.block.index, cfg._P, seed, cycles,
                                     _path(stim) if stim else None, e, len(e))
        if not self._s:
            _raise(e)
        self.cycles = lib.cvkit_stim_cycles(self._s)
        self._buf = (c_uint64 * (self.CHUNK * cfg.block.nin))()

    def __del__(self):
        if getattr(self, "_s", None):
            lib.cvkit_stim_free(self._s)
            self._s = None

    def __iter__(self):
        nin, mk = self.config.block.nin, self.config.Inputs._make
        while True:
            n = lib.cvkit_stim_fill(self._s, self.CHUNK, self._buf)
            if n == 0:
                return
            for c in range(n):
                yield mk(self._buf[c * nin:(c + 1) * nin])


CoalescerAlg = collections.namedtuple("CoalescerAlg", "warps segs lines rule loc cache")
CoalescerAlg.__doc__ = """coalescer_alg()'s result (doc/coalescer.md "The offline algorithm"):
W, S, U, the rule (0 on = off, 1 on < off, 2 on > off, 3 an unknown address:
case 4), the locality bits (1 within-warp, 2 within-block) and the decision."""


def coalescer_alg(addrs, known=None, inf_one=False, **params):
    """Jia's section 5 algorithm offline (Algorithms 2-3 and rule 5.4) on the
    thread addresses of one thread block (thread i in warp i // 32), at the
    coalescer configuration `params` (checked like PARAMS=): the C function
    coalescer_alg() of cmodel/coalescer. `known` (a list of bools, one per
    address, default all known) marks the addresses a compiler cannot
    resolve; `inf_one` picks CO12's reading of how they count."""
    cfg = config("coalescer", **params)
    n = len(addrs)
    if n == 0:
        raise KitError("coalescer_alg: no addresses (a thread block has at least one thread)")
    a = (c_uint64 * n)(*[_number("address %d" % i, v, 0, (1 << 64) - 1) for i, v in enumerate(addrs)])
    kn = None
    if known is not None:
        if len(known) != n:
            raise KitError("coalescer_alg: known has %d entries for %d addresses" % (len(known), n))
        kn = (ctypes.c_ubyte * n)(*[1 if k else 0 for k in known])
    r = _lib.AlgResult()
    if lib.coalescer_alg(a, kn, n, cfg._P, 1 if inf_one else 0, byref(r)) != 0:
        raise KitError("coalescer_alg: the C function refused its arguments")
    return CoalescerAlg(r.warps, r.segs, r.lines, r.rule, r.loc, r.cache)


def write_vectors(path, block_name, seed=1, cycles=20000, stim=None, **params):
    """`kit vectors BLOCK -o PATH --seed SEED --cycles CYCLES [P=V..]` (or
    --stim STIM): the same file, byte for byte."""
    cfg = config(block_name, **params)
    seed = _number("seed", seed, 0, _U64)
    cycles = _number("cycles", cycles, 1, _lib.VEC_MAX_CYCLES)
    e = _err()
    if lib.cvkit_vec_write(_path(path), cfg.block.index, cfg._P, seed, cycles,
                           _path(stim) if stim else None, e, len(e)):
        _raise(e)


def write_records(path, cfg, inputs, seed=0, source="python"):
    """A vector file of the given inputs (a list of anything Model.step
    takes), the expected outputs computed by the C model; the header says
    "source SOURCE"."""
    nin = cfg.block.nin
    seed = _number("seed", seed, 0, _U64)
    if not isinstance(source, str):
        raise KitError("source: %r is not a string" % (source,))
    arr = (c_uint64 * (len(inputs) * nin))()
    for c, i in enumerate(inputs):
        cfg._fill(arr, c * nin, i, c)
    e = _err()
    if lib.cvkit_vec_write_records(_path(path), cfg.block.index, cfg._P, seed, source.encode(),
                                   arr, len(inputs), e, len(e)):
        _raise(e)


class VectorFile:
    """A vector file read and validated by the kit's reader: block,
    configuration, seed, and per cycle an Inputs and an Outputs record."""

    def __init__(self, path):
        e = _err()
        self.path = path
        v = lib.cvkit_vec_read(_path(path), e, len(e))
        if not v:
            _raise(e)
        try:
            blk = block(_s(lib.cvkit_block_name(lib.cvkit_vec_block(v))))
            P = (c_long * _lib.MAX_PARAMS)()
            lib.cvkit_vec_params(v, P)
            self.config = blk.config(**{p.name: P[k] for k, p in enumerate(blk.params)})
            self.block = blk.name
            self.params = dict(self.config.params)
            self.seed = lib.cvkit_vec_seed(v)
            n = lib.cvkit_vec_cycles(v)
            nin, ncol = blk.nin, blk.nin + blk.nout
            flat = lib.cvkit_vec_records(v)[:n * ncol]
            mi, mo = self.config.Inputs._make, self.config.Outputs._make
            self.inputs = [mi(flat[c * ncol:c * ncol + nin]) for c in range(n)]
            self.outputs = [mo(flat[c * ncol + nin:(c + 1) * ncol]) for c in range(n)]
            rc = lib.cvkit_vec_replay(v, _path(path), e, len(e))
        finally:
            lib.cvkit_vec_free(v)
        self._replay_err = None if rc == 0 else e.value.decode(errors="replace")

    @property
    def cycles(self):
        return len(self.inputs)

    def check(self):
        """`kit checkvec`: raise KitError unless every expected output is
        what the C model gives."""
        if self._replay_err:
            raise KitError(self._replay_err)


def read_vectors(path):
    """Read and validate a vector file (KitError with file:line on any defect)."""
    return VectorFile(path)
