# The Python package (python/cvkit over build/libcvkit.so): installed into
# resources: pybuild
# the project venv the documented way (make python = pip install ./python),
# imported from outside the checkout, then python/tests/test_cvkit.py
# compares it with the C tools for every block (tables, errors, vector files
# byte for byte, model outputs, storage, coverage; its docstring says why
# that is enough). One PASS/FAIL line per pytest test.
. "$(dirname "$0")/lib.sh"
if ! out=$(make --no-print-directory python 2>&1); then bad "make python: $(echo "$out" | tail -3)"; exit 1; fi
ok "make python: cvkit installed into build/venv (pip install ./python)"
where=$(cd /tmp && "$root/build/venv/bin/python" -c 'import cvkit; print(cvkit.library_path)')
case "$where" in
  "$root"/build/venv/*/cvkit/libcvkit.so) ok "cvkit imports outside the checkout, with its own copy of the library" ;;
  *) bad "cvkit imported from an unexpected place: $where" ;;
esac
mkdir -p build/test
build/venv/bin/python -m pytest -v -p no:cacheprovider --junitxml=build/test/pytest.xml python/tests > build/test/pytest.log 2>&1
rc=$?
sed -n 's/^python\/tests\/\([^ ]*\) PASSED.*/PASS python: \1/p; s/^python\/tests\/\([^ ]*\) \(FAILED\|ERROR\).*/FAIL python: \1 (log build\/test\/pytest.log)/p' build/test/pytest.log
grep -E '^(E  |FAILED)' build/test/pytest.log | head -40
tail -1 build/test/pytest.log | sed 's/^/  pytest: /'
exit $rc
