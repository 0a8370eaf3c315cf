#!/usr/bin/env python3
"""junit.py OUT.xml SUITE=LOG[:SECONDS[:RC]]... - the kit's verdict logs as
JUnit XML for CI dashboards (doc/junit.md).

A verdict log is what every kit check prints: lines "PASS name: detail" or
"FAIL name: detail", each followed by the lines that belong to it (until
the next verdict line): for a failure the mismatch report and its
"reproduce:" line. Each verdict becomes one <testcase> (name = the text up
to the first ": ", classname = SUITE); a FAIL carries a <failure> whose
message is the FAIL line plus the reproduce command and whose body is the
whole report. Lines before the first verdict go to the suite's
<system-out>. The counting follows tools/test.py: a suite whose script
exited non-zero without a FAIL line gets one failing case "exited RC", and
one with no verdict that exited 0 one passing case, so the XML's totals are
the suite's "N passed, M failed" line.

System python3 only (no packages): the XML is written with
xml.etree.ElementTree, characters XML 1.0 cannot hold are replaced, and the
file is written to a temporary name and renamed into place.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

VERDICT = re.compile(r"^(PASS|FAIL) (.*)$")
BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def clean(text):
    return BAD_XML.sub("?", text)


def parse(path):
    """(preamble lines, [(verdict, line, [following lines])])"""
    pre, cases = [], []
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            lines = f.read().splitlines()
    except OSError as e:
        return ["junit: cannot read %s: %s" % (path, e.strerror)], []
    for line in lines:
        m = VERDICT.match(line)
        if m:
            cases.append((m.group(1), line, []))
        elif cases:
            cases[-1][2].append(line)
        else:
            pre.append(line)
    return pre, cases


def case_name(line):
    text = line[5:]
    k = text.find(": ")
    return (text[:k] if k > 0 else text).strip()[:200]


def suite(parent, name, log, seconds, rc):
    pre, cases = parse(log)
    if rc and not any(v == "FAIL" for v, _, _ in cases):
        cases.append(("FAIL", "FAIL %s: exited %d (log: %s)" % (name, rc, log), pre[-5:]))
    if not cases:
        cases.append(("PASS", "PASS %s" % name, []))
    s = ET.SubElement(parent, "testsuite", name=name, tests=str(len(cases)),
                      failures=str(sum(v == "FAIL" for v, _, _ in cases)), errors="0",
                      skipped="0", time="%.3f" % seconds)
    for verdict, line, body in cases:
        tc = ET.SubElement(s, "testcase", classname=name, name=clean(case_name(line)),
                           time="0")
        text = clean("\n".join([line] + body))
        if verdict == "FAIL":
            repro = [l.strip() for l in body if l.strip().startswith("reproduce:")]
            msg = line + (" | " + repro[0] if repro else "")
            f = ET.SubElement(tc, "failure", message=clean(msg[:1000]), type="kit.check")
            f.text = text
        elif body:
            ET.SubElement(tc, "system-out").text = text
    if pre:
        ET.SubElement(s, "system-out").text = clean("\n".join(pre))
    return len(cases), int(s.get("failures"))


def main(argv):
    if len(argv) < 3 or any("=" not in a for a in argv[2:]):
        sys.stderr.write("usage: junit.py OUT.xml SUITE=LOG[:SECONDS[:RC]]...\n")
        return 2
    out = argv[1]
    root = ET.Element("testsuites", name=os.path.basename(out).rsplit(".", 1)[0])
    total = fails = 0
    secs = 0.0
    for arg in argv[2:]:
        name, spec = arg.split("=", 1)
        log, seconds, rc = (spec.split(":") + ["0", "0"])[:3]
        try:
            seconds, rc = float(seconds), int(rc)
        except ValueError:
            sys.stderr.write("junit: error: %s: SECONDS and RC must be numbers\n" % arg)
            return 2
        n, f = suite(root, name, log, seconds, rc)
        total, fails, secs = total + n, fails + f, secs + seconds
    root.set("tests", str(total))
    root.set("failures", str(fails))
    root.set("errors", "0")
    root.set("time", "%.3f" % secs)
    ET.indent(root) if hasattr(ET, "indent") else None
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = "%s.tmp%d" % (out, os.getpid())
    ET.ElementTree(root).write(tmp, encoding="utf-8", xml_declaration=True)
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
