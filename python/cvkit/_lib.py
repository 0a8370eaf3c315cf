"""_lib.py - load the kit's C library (libcvkit.so, built by `make
build/libcvkit.so` from the same sources as the command-line tools) and
declare the signatures of tb/harness/capi.h for ctypes.

Where the library is looked for, first found wins:
  1. $CVKIT_LIB (a path to the .so),
  2. beside this file (a wheel built by `pip install ./python` carries it),
  3. build/libcvkit.so of the source tree this file sits in (python/cvkit/
     run from a checkout with PYTHONPATH=python).
"""
import ctypes
import os
from ctypes import POINTER, c_char_p, c_int, c_long, c_size_t, c_uint, c_uint64, c_void_p

ABI = 2          # tb/harness/capi.h CVKIT_ABI this binding is written for
ERR_LEN = 1024   # error buffer handed to every call that can fail

_here = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("CVKIT_LIB")
    if env:
        return [env]
    return [os.path.join(_here, "libcvkit.so"),
            os.path.join(_here, "..", "..", "build", "libcvkit.so")]


def _load():
    tried = []
    for path in _candidates():
        if os.path.isfile(path):
            return ctypes.CDLL(os.path.abspath(path)), os.path.abspath(path)
        tried.append(path)
    raise ImportError("cvkit: libcvkit.so not found (tried %s); run `make build/libcvkit.so` "
                      "in the kit or set CVKIT_LIB" % ", ".join(tried))


lib, path = _load()

class AlgResult(ctypes.Structure):
    """coalescer_alg_t of cmodel/coalescer/coalescer.h"""
    _fields_ = [("warps", c_uint64), ("segs", c_uint64), ("lines", c_uint64),
                ("rule", c_uint), ("loc", c_uint), ("cache", c_uint)]


_u64p = POINTER(c_uint64)
_longp = POINTER(c_long)
_strp = POINTER(c_char_p)
_sigs = {
    "cvkit_abi": (c_int, []),
    "cvkit_limit": (c_uint64, [c_char_p]),
    "cvkit_block_name": (c_char_p, [c_uint]),
    "cvkit_block_index": (c_int, [c_char_p, c_char_p, c_size_t]),
    "cvkit_block_str": (c_char_p, [c_int, c_char_p]),
    "cvkit_nparams": (c_uint, [c_int]),
    "cvkit_param": (c_int, [c_int, c_uint, _strp, _longp, _longp, _longp, POINTER(c_int), _strp]),
    "cvkit_configure": (c_int, [c_int, c_char_p, _longp, c_char_p, c_size_t]),
    "cvkit_configure_words": (c_int, [c_int, c_uint, _strp, _longp, c_char_p, c_size_t]),
    "cvkit_nin": (c_uint, [c_int]),
    "cvkit_nout": (c_uint, [c_int]),
    "cvkit_ports": (None, [c_int, _longp, _strp, POINTER(c_int), POINTER(c_uint), _u64p, _strp]),
    "cvkit_ncover": (c_uint, [c_int]),
    "cvkit_cover_name": (c_char_p, [c_int, c_uint]),
    "cvkit_storage": (c_uint, [c_int, _longp, POINTER(c_int), _strp, _u64p, _strp,
                               POINTER(c_uint), _u64p, _strp]),
    "cvkit_model_new": (c_void_p, [c_int, _longp, c_char_p, c_size_t]),
    "cvkit_model_reset": (None, [c_void_p]),
    "cvkit_model_step": (c_int, [c_void_p, _u64p, _u64p, c_char_p, c_size_t]),
    "cvkit_model_run": (c_int, [c_void_p, c_uint64, _u64p, _u64p, c_char_p, c_size_t]),
    "cvkit_model_cycles": (c_uint64, [c_void_p]),
    "cvkit_model_coverage": (None, [c_void_p, _u64p, _u64p, _u64p]),
    "cvkit_model_free": (None, [c_void_p]),
    "cvkit_stim_new": (c_void_p, [c_int, _longp, c_uint64, c_uint64, c_char_p, c_char_p, c_size_t]),
    "cvkit_stim_cycles": (c_uint64, [c_void_p]),
    "cvkit_stim_fill": (c_uint64, [c_void_p, c_uint64, _u64p]),
    "cvkit_stim_free": (None, [c_void_p]),
    "cvkit_vec_write": (c_int, [c_char_p, c_int, _longp, c_uint64, c_uint64, c_char_p, c_char_p,
                                c_size_t]),
    "cvkit_vec_write_records": (c_int, [c_char_p, c_int, _longp, c_uint64, c_char_p, _u64p,
                                        c_uint64, c_char_p, c_size_t]),
    "cvkit_vec_read": (c_void_p, [c_char_p, c_char_p, c_size_t]),
    "cvkit_vec_block": (c_int, [c_void_p]),
    "cvkit_vec_params": (None, [c_void_p, _longp]),
    "cvkit_vec_seed": (c_uint64, [c_void_p]),
    "cvkit_vec_cycles": (c_uint64, [c_void_p]),
    "cvkit_vec_records": (_u64p, [c_void_p]),
    "cvkit_vec_replay": (c_int, [c_void_p, c_char_p, c_char_p, c_size_t]),
    "cvkit_vec_free": (None, [c_void_p]),
    # a block's offline algorithm, outside the C API's table (doc/coalescer.md)
    "coalescer_alg": (c_int, [_u64p, POINTER(ctypes.c_ubyte), c_size_t, _longp, c_int, POINTER(AlgResult)]),
}
for _name, (_res, _args) in _sigs.items():
    _f = getattr(lib, _name)
    _f.restype, _f.argtypes = _res, _args

if lib.cvkit_abi() != ABI:
    raise ImportError("cvkit: %s has C API version %d, this package expects %d: rebuild "
                      "(make build/libcvkit.so) and reinstall" % (path, lib.cvkit_abi(), ABI))

MAX_PARAMS = lib.cvkit_limit(b"params")
MAX_PORTS = lib.cvkit_limit(b"ports")
MAX_STORAGE_ROWS = lib.cvkit_limit(b"storage_rows")
MAX_COVER = lib.cvkit_limit(b"cover")
VEC_MAX_CYCLES = lib.cvkit_limit(b"vec_cycles")
MAX_CYCLES = lib.cvkit_limit(b"max_cycles")
