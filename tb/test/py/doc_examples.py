"""doc_examples.py FILE.md [--json OUT] - run every example of a doc page:
each ```pycon fence is a doctest, all of them in order in one session (one
globals dict, so a later example uses an earlier one's names), in the
current directory; outputs compared with ELLIPSIS (a traceback's middle
is "...") and NORMALIZE_WHITESPACE. Prints one verdict per fence, "PASS
doc FILE:LINE" or "FAIL doc FILE:LINE: the first difference", and writes
the same as JSON (schema cvkit.docexamples/1: file, examples, failed,
fences [{line, examples, failed}]) with --json. Exit status 1 when any
example failed or the page has none.

Why doctest: the page shows the outputs a reader will see, so the check
is that each shown output is the one the code gives today (a renamed
field, a changed message or a block added to the registry breaks it)."""
import doctest
import io
import json
import re
import sys


def fences(text):
    """(first line number of the fence's body, body) of each ```pycon fence."""
    out = []
    for m in re.finditer(r"^```pycon\n(.*?)^```$", text, re.S | re.M):
        out.append((text.count("\n", 0, m.start(1)) + 1, m.group(1)))
    return out


def main(argv):
    path = argv[1]
    jout = argv[argv.index("--json") + 1] if "--json" in argv else None
    text = open(path).read()
    globs = {"__name__": "__doc_examples__"}
    parser = doctest.DocTestParser()
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = {"schema": "cvkit.docexamples/1", "file": path, "examples": 0, "failed": 0, "fences": []}
    for line, body in fences(text):
        test = parser.get_doctest(body, globs, "%s:%d" % (path, line), path, line - 1)
        test.globs = globs               # one session: get_doctest took a copy
        buf = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=flags)
        r = runner.run(test, out=buf.write, clear_globs=False)
        result["examples"] += r.attempted
        result["failed"] += r.failed
        result["fences"].append({"line": line, "examples": r.attempted, "failed": r.failed})
        if r.failed:
            first = "\n".join(buf.getvalue().splitlines()[1:12])
            print("FAIL doc %s:%d: %d of %d examples differ\n%s" % (path, line, r.failed, r.attempted, first))
        else:
            print("PASS doc %s:%d: %d examples" % (path, line, r.attempted))
    if jout:
        with open(jout, "w") as f:
            json.dump(result, f)
            f.write("\n")
    if result["examples"] == 0:
        print("FAIL doc %s: no ```pycon examples" % path)
        return 1
    return 1 if result["failed"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
