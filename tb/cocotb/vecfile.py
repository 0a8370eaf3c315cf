"""vecfile.py - read a kit vector file (doc/vectors.md, format version 1):
header (block, parameters, ports) and records of hex words. Minimal on
purpose: the kit's own reader (vectors/vecio.c, build/kit checkvec) is the
validating one; this one trusts a file the kit wrote."""


class VectorFile:
    def __init__(self, path):
        self.params, self.ins, self.outs, self.records = {}, [], [], []
        with open(path) as f:
            for line in f:
                if line.startswith("//"):
                    w = line[2:].split()
                    if not w:
                        continue
                    if w[0] == "block":
                        self.block = w[1]
                    elif w[0] == "param":
                        self.params[w[1]] = int(w[2])
                    elif w[0] in ("in", "out") and len(w) == 3:
                        (self.ins if w[0] == "in" else self.outs).append((w[1], int(w[2])))
                    continue
                words = line.split()
                if words:
                    self.records.append([int(x, 16) for x in words])

    def cycles(self):
        """(inputs dict, expected outputs dict) per cycle."""
        nin = len(self.ins)
        for r in self.records:
            yield ({n: r[k] for k, (n, _) in enumerate(self.ins)},
                   {n: r[nin + k] for k, (n, _) in enumerate(self.outs)})
