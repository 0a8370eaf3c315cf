# The Python package as a wheel and its documentation (doc/python.md):
# resources: pybuild
# `make wheel` (part of `make python`) builds build/wheel/cvkit-*.whl with
# pip, touching no environment; the wheel is installed with pip, offline,
# into a fresh venv under build/test/ (nothing else in it, no PYTHONPATH),
# and `import cvkit` from outside the checkout must find the shared
# library inside the installed wheel, not the checkout's build/libcvkit.so.
# Then every example of doc/python.md (each ```pycon fence a doctest, in
# order, in one session) runs against that installed wheel: an API call
# renamed, a message reworded or a block added without the page changing
# fails here. The ABI of the library the wheel carries is the one the
# binding is written for (cvkit imports only then). pybuild: `pip wheel`
# and 80's `pip install ./python` build in python/build/, never at once.
. "$(dirname "$0")/lib.sh"
if ! out=$(make --no-print-directory wheel 2>&1); then bad "make wheel: $(echo "$out" | tail -3)"; exit 1; fi
whl=$(ls build/wheel/cvkit-*.whl 2>/dev/null | head -1)
[ -n "$whl" ] && unzip -l "$whl" | grep -q ' cvkit/libcvkit.so$' && ok "make wheel: $(basename "$whl") carries cvkit/libcvkit.so" ||
  { bad "make wheel: no wheel with the library in build/wheel ($(ls build/wheel))"; exit 1; }
V=build/test/wheel-venv
rm -rf "$V"
tools/venv.sh python || exit 1
if ! build/venv/bin/python -m venv "$V" >build/test/wheel-venv.log 2>&1 ||
   ! "$V/bin/python" -m pip install -q --disable-pip-version-check --no-index --no-deps "$whl" >>build/test/wheel-venv.log 2>&1; then
  bad "pip install of the wheel into a fresh venv (log: build/test/wheel-venv.log)"; exit 1
fi
where=$(cd build/test && env -u PYTHONPATH -u CVKIT_LIB "$root/$V/bin/python" -c 'import cvkit; print(cvkit.library_path); print(cvkit.__file__)')
lib=$(echo "$where" | head -1); mod=$(echo "$where" | tail -1)
case "$lib|$mod" in
  "$root/$V"/lib/python*/site-packages/cvkit/libcvkit.so"|$root/$V"/lib/python*/site-packages/cvkit/__init__.py)
    ok "the wheel in a fresh venv: import cvkit finds the library inside the installed package ($lib)" ;;
  *) bad "the wheel in a fresh venv: cvkit from '$mod', library '$lib'" ;;
esac
env -u PYTHONPATH -u CVKIT_LIB "$V/bin/python" tb/test/py/doc_examples.py doc/python.md --json build/test/doc_python.json
n=$(jget build/test/doc_python.json 'd["examples"]')
[ "${n:-0}" -ge 40 ] && ok "doc/python.md: all $n examples run against the installed wheel" ||
  bad "doc/python.md: ${n:-no} examples ran (expected 40 or more)"
# the checker fails: one shown output changed in a copy of the page
sed 's/^(14, \[.read_hit., .wb_hit.\])$/(15, ['"'"'read_hit'"'"', '"'"'wb_hit'"'"'])/' doc/python.md > build/test/doc_python_bad.md
if cmp -s doc/python.md build/test/doc_python_bad.md; then bad "doc examples planted fault: the sed no longer matches doc/python.md"
else
  env -u PYTHONPATH -u CVKIT_LIB "$V/bin/python" tb/test/py/doc_examples.py build/test/doc_python_bad.md \
    --json build/test/doc_python_bad.json >/dev/null; rc=$?
  [ $rc -ne 0 ] && [ "$(jget build/test/doc_python_bad.json 'd["failed"]')" = 1 ] &&
    ok "doc examples: a page whose shown output differs from the code's fails (exactly that example)" ||
    bad "doc examples: a changed output was not caught (rc=$rc)"
fi
