"""check_junit.py FILE.xml [--expect-tests N] [--expect-failures N]
[--failure-has TEXT]... - read a JUnit file the way a CI dashboard does
(junitparser) and check it: every suite's tests/failures attributes equal
its testcases and failures, the totals equal the root's (where the root
states them: cocotb's results.xml does not) and the expected
numbers, every testcase has a name and classname, and every failure's
message and body contain each --failure-has text. Prints one PASS/FAIL line."""
import argparse
import sys

from junitparser import Failure, JUnitXml

ap = argparse.ArgumentParser()
ap.add_argument("xml")
ap.add_argument("--expect-tests", type=int)
ap.add_argument("--expect-failures", type=int)
ap.add_argument("--failure-has", action="append", default=[])
ap.add_argument("--name", default="junit")
a = ap.parse_args()
problems = []
try:
    xml = JUnitXml.fromfile(a.xml)
except Exception as e:  # any parse error is the verdict
    print("FAIL %s: %s does not parse: %s" % (a.name, a.xml, e))
    sys.exit(1)
tests = fails = 0
for s in xml:
    cases = list(s)
    nf = sum(1 for c in cases for r in c.result if isinstance(r, Failure))
    if s.tests != len(cases) or s.failures != nf:
        problems.append("suite %s says %d tests %d failures, holds %d and %d" % (
            s.name, s.tests, s.failures, len(cases), nf))
    for c in cases:
        if not c.name or not c.classname:
            problems.append("a testcase of %s has no name or classname" % s.name)
        for r in c.result:
            if isinstance(r, Failure):
                for t in a.failure_has:
                    if t not in (r.message or "") or t not in (r.text or ""):
                        problems.append("failure %s lacks '%s'" % (c.name, t))
    tests, fails = tests + len(cases), fails + nf
root = xml._elem
if root.get("tests") is not None and (int(root.get("tests")) != tests or
                                      int(root.get("failures", "0")) != fails):
    problems.append("root says %s tests %s failures, suites hold %d and %d" % (
        root.get("tests"), root.get("failures"), tests, fails))
if a.expect_tests is not None and tests != a.expect_tests:
    problems.append("%d testcases, expected %d" % (tests, a.expect_tests))
if a.expect_failures is not None and fails != a.expect_failures:
    problems.append("%d failures, expected %d" % (fails, a.expect_failures))
if problems:
    print("FAIL %s: %s: %s" % (a.name, a.xml, "; ".join(problems[:5])))
    sys.exit(1)
print("PASS %s: %s: %d testcases in %d suites, %d failures, totals consistent"
      % (a.name, a.xml, tests, len(list(xml)), fails))
