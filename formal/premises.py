#!/usr/bin/env python3
"""formal/premises.py - give every guarded assert of an RTL file a cover of
its premise (the premise check of formal/formal.sh, doc/harness.md "Formal").

    premises.py NAME IN.v OUT.v TABLE.json

reads IN.v (shown as NAME in messages and in the table, e.g. rtl/hac/hac.v) and
writes OUT.v: the same file in which every `assert` inside an `ifdef FORMAL`
region that sits under one or more `if (...)` / `else` of an always block
gets a flag `f_premise_N`: the always block clears it at its start, the
assert's own scope raises it (`begin f_premise_N = 1'b1; assert(...); end`)
and the block ends with `cover(f_premise_N);`, on a line of its own. There
the flag is raised exactly when the assert is enabled: the conjunction of
the enclosing conditions (else branches negated) as Yosys evaluates them,
with the same loop variables, blocking values and $past values; in a loop
any iteration raises it (one cover per assert, not per iteration). The
file's own cover statements become null statements (the premise runs seek
premises only). Asserts with no `if` / `else` around them have no premise.
TABLE.json maps every generated cover back to the assert (its line in
IN.v, its text and its premise as written) and every line of OUT.v to its
line in IN.v:

    {"schema": "cvkit.premises/1", "file": NAME,
     "premises": [{"flag": "f_premise_3", "cover_line": 412, "line": 405,
                   "text": "assert(...);", "premise": "(rst_ni) && !(busy_q)"}, ...],
     "lines": [1, 2, ..., 405, 405, 406, ...]}

Reads if / else / for / begin ... end inside always blocks; a case or loop
of another kind there is refused with its line.
An assert written as an implication with `||` (`assert(!a || b)`) has no
premise to cover: it is refused, with the advice to write `if (a)
assert(b)`. Exit status 0 on success; 1 with one line `premises: NAME:LINE:
why` (and no OUT.v, no TABLE.json) on anything it cannot read.
"""
import json
import os
import re
import sys

KEYWORDS_UNSUPPORTED = ("case", "casez", "casex", "while", "repeat", "forever", "fork")


class Bad(Exception):
    """An input the generator refuses: message names NAME:LINE."""


class Tok:
    __slots__ = ("text", "start", "end", "line")

    def __init__(self, text, start, end, line):
        self.text, self.start, self.end, self.line = text, start, end, line


TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<lc>//[^\n]*)
  | (?P<bc>/\*.*?\*/)
  | (?P<str>"(?:\\.|[^"\\])*")
  | (?P<num>[0-9]*'[sS]?[bBoOdDhH][0-9a-fA-F_xXzZ?]+|[0-9][0-9_]*)
  | (?P<id>[$A-Za-z_][$A-Za-z0-9_]*)
  | (?P<op>\|\||&&|<=|>=|==|!=|<<|>>|\S)
""", re.S | re.X)


def formal_regions(lines):
    """(first, last) 0-based line ranges inside `ifdef FORMAL ... `endif."""
    regions, depth, start = [], 0, None
    for i, ln in enumerate(lines):
        s = ln.strip()
        if depth == 0:
            if re.match(r"`ifdef\s+FORMAL\b", s):
                depth, start = 1, i
        elif re.match(r"`if(n?def)?\b", s):
            depth += 1
        elif s.startswith("`endif"):
            depth -= 1
            if depth == 0:
                regions.append((start + 1, i - 1))
    return regions


def tokenize(src, name, first_line, offset):
    """Tokens of src (a region's text starting at absolute offset and line)."""
    toks, pos, line = [], 0, first_line
    while pos < len(src):
        m = TOKEN_RE.match(src, pos)
        if not m:
            raise Bad(f"{name}:{line}: cannot read the text here")
        text = m.group(0)
        kind = m.lastgroup
        if kind not in ("ws", "lc", "bc"):
            if kind == "op" and text == "`":
                # a preprocessor line inside the region: skip to its end
                nl = src.find("\n", pos)
                nl = len(src) if nl < 0 else nl
                line += src.count("\n", pos, nl)
                pos = nl
                continue
            toks.append(Tok(text, offset + m.start(), offset + m.end(), line))
        line += text.count("\n")
        pos = m.end()
    return toks


def clean(text):
    """Source text without comments, whitespace collapsed."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"\s+", " ", text).strip()


class Parser:
    """Statements of always / initial blocks; records asserts with the
    conditions around them."""

    def __init__(self, toks, src, name):
        self.t, self.i, self.src, self.name = toks, 0, src, name
        self.asserts, self.covers, self.blocks = [], [], []

    def peek(self, k=0):
        j = self.i + k
        return self.t[j].text if j < len(self.t) else None

    def take(self, want=None):
        if self.i >= len(self.t):
            last = self.t[-1].line if self.t else 0
            raise Bad(f"{self.name}:{last}: the FORMAL region ends inside a statement")
        tok = self.t[self.i]
        if want is not None and tok.text != want:
            raise Bad(f"{self.name}:{tok.line}: expected '{want}', found '{tok.text}'")
        self.i += 1
        return tok

    def balanced(self):
        """Consume a parenthesised group; returns (open, close) tokens."""
        op = self.take("(")
        depth = 1
        while depth:
            tok = self.take()
            if tok.text == "(":
                depth += 1
            elif tok.text == ")":
                depth -= 1
        return op, self.t[self.i - 1]

    def items(self):
        while self.i < len(self.t):
            w = self.peek()
            if w == "always":
                kw = self.take()
                self.take("@")
                if self.peek() == "*":
                    self.take()
                else:
                    self.balanced()
                first, n = self.t[self.i] if self.i < len(self.t) else kw, len(self.asserts)
                self.stmt([], False)
                self.blocks.append({"always": kw, "body_start": first.start,
                                    "body_end": self.t[self.i - 1].end,
                                    "asserts": self.asserts[n:]})
            elif w == "initial":
                self.take()
                self.stmt([], False)
            else:
                self.take()

    def stmt(self, conds, direct):
        """One statement; conds: [(text, negated)] around it; direct: it is
        the whole body of an if / else / for (no begin ... end of its own)."""
        w = self.peek()
        if w == "begin":
            self.take()
            if self.peek() == ":":
                self.take()
                self.take()
            while self.peek() != "end":
                self.stmt(conds, False)
            self.take("end")
        elif w == "if":
            self.take()
            op, cl = self.balanced()
            cond = clean(self.src[op.end:cl.start])
            self.stmt(conds + [(cond, False)], True)
            if self.peek() == "else":
                self.take()
                self.stmt(conds + [(cond, True)], True)
        elif w == "for":
            self.take()
            self.balanced()
            self.stmt(conds, True)
        elif w in ("assert", "assume", "cover"):
            kw = self.take()
            op, cl = self.balanced()
            semi = self.take(";")
            if w == "cover":
                self.covers.append((kw.start, semi.end))
            if w == "assert":
                self.check_implication(kw, op, cl)
                self.asserts.append({
                    "tok": kw, "end": semi.end, "conds": conds, "direct": direct,
                    "text": clean(self.src[kw.start:semi.end])})
        elif w in KEYWORDS_UNSUPPORTED:
            raise Bad(f"{self.name}:{self.t[self.i].line}: '{w}' in a FORMAL always block: "
                      "premises.py reads if / else / for / begin only")
        elif w == ";":
            self.take()
        else:
            # an assignment or a task call: up to its ';' outside parentheses
            depth = 0
            while True:
                tok = self.take()
                if tok.text in "([{":
                    depth += 1
                elif tok.text in ")]}":
                    depth -= 1
                elif tok.text == ";" and depth == 0:
                    break

    def check_implication(self, kw, op, cl):
        """assert(!a || b): an implication without a premise to cover."""
        inner = [t for t in self.t if op.start < t.start < cl.start]
        depth, first_operand_negated = 0, inner and inner[0].text == "!"
        for tok in inner:
            if tok.text in "([{":
                depth += 1
            elif tok.text in ")]}":
                depth -= 1
            elif tok.text == "||" and depth == 0 and first_operand_negated:
                raise Bad(f"{self.name}:{kw.line}: {clean(self.src[kw.start:cl.end])} is an "
                          "implication written with ||: write it as if (a) assert(b) so that "
                          "its premise gets a cover")


def transform(name, src):
    lines = src.split("\n")
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln) + 1)
    blocks, covers = [], []
    for first, last in formal_regions(lines):
        if first > last:
            continue
        a, b = offsets[first], offsets[last + 1]
        p = Parser(tokenize(src[a:b], name, first + 1, a), src, name)
        p.items()
        blocks += p.blocks
        covers += p.covers
    # the file's own cover statements become null statements (their lines
    # stay): a premise run reaches the premises only, and stops when all are
    # reached (the block's cover task reaches its own covers)
    for a, b in reversed(covers):
        src = src[:a] + ";" + re.sub(r"[^\n]", " ", src[a + 1:b]) + src[b:]

    def indent(off):
        bol = src.rfind("\n", 0, off) + 1
        return re.match(r"[ \t]*", src[bol:]).group(0), bol

    # insertions: (offset, order, text, IN.v line of the lines it adds)
    ins, table = [], []
    for blk in blocks:
        guarded = [x for x in blk["asserts"] if x["conds"]]
        if not guarded:
            continue
        flags = []
        for x in guarded:
            flag = "f_premise_%d" % (len(table) + 1)
            flags.append(flag)
            premise = " && ".join(("!(%s)" if neg else "(%s)") % c for c, neg in x["conds"])
            table.append({"flag": flag, "line": x["tok"].line, "text": x["text"],
                          "premise": premise})
            # raised in the assert's own scope, so in any loop iteration
            # whose path reaches the assert
            ins.append((x["tok"].start, 1, ("begin " if x["direct"] else "") + flag + " = 1'b1; ",
                        x["tok"].line))
            if x["direct"]:
                ins.append((x["end"], 0, " end", x["tok"].line))
        ind, bol = indent(blk["always"].start)
        line = blk["always"].line
        ins.append((bol, 0, "%sreg %s;\n" % (ind, ", ".join(flags)), line))
        ins.append((blk["body_start"], 0, "begin %s " % " ".join(f + " = 1'b0;" for f in flags),
                    line))
        ins.append((blk["body_end"], 1, "".join(
            "\n%s  cover(%s);  // premise of %s:%d" % (ind, f, name, t["line"])
            for f, t in zip(flags, table[len(table) - len(flags):])) + "\n" + ind + "end", line))
    ins.sort(key=lambda x: (x[0], x[1]))

    out, line_map, pos, cur = [], [1], 0, 1
    for off, _, text, orig in ins:
        piece = src[pos:off]
        out.append(piece)
        for _ in range(piece.count("\n")):
            cur += 1
            line_map.append(cur)
        out.append(text)
        line_map += [orig] * text.count("\n")
        pos = off
    out.append(src[pos:])
    for _ in range(src.count("\n", pos)):
        cur += 1
        line_map.append(cur)
    text = "".join(out)
    where = {m: i + 1 for i, ln in enumerate(text.split("\n"))
             for m in re.findall(r"cover\((f_premise_\d+)\);", ln)}
    for t in table:
        t["cover_line"] = where[t["flag"]]
    return text, table, line_map


def main(argv):
    if len(argv) != 5:
        print("usage: formal/premises.py NAME IN.v OUT.v TABLE.json", file=sys.stderr)
        return 2
    name, inp, outp, tablep = argv[1:]
    try:
        with open(inp, encoding="utf-8") as f:
            src = f.read()
    except (OSError, UnicodeDecodeError) as e:
        print(f"premises: {name}: cannot read {inp}: {e}", file=sys.stderr)
        return 1
    try:
        text, table, line_map = transform(name, src)
    except Bad as e:
        print(f"premises: {e}", file=sys.stderr)
        return 1
    doc = {"schema": "cvkit.premises/1", "file": name, "premises": table, "lines": line_map}
    for path, data in ((outp, text), (tablep, json.dumps(doc, indent=1) + "\n")):
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(data)
        os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
