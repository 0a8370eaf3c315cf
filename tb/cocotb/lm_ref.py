"""lm_ref.py - a pure-Python reference model of the Linebacker Load Monitor,
written from doc/lm.md the way a cocotb user writes a scoreboard model.

It exists for one measurement: the speed of a cocotb testbench with a Python
reference model against the kit's native lockstep on the same block and the
same stimulus (tools/cocotb_bench.sh, make bench). It is a second,
independent reading of doc/lm.md: the cocotb bench compares it with the RTL
every cycle and with the vector file's expected outputs (written by the C
model), so a disagreement of any of the three is reported.

step(inputs) takes a dict of input port values for one cycle and returns
the registered outputs after the rising edge that ends that cycle.
"""


class LoadMonitor:
    MONITOR, SELECTED, DISABLED = 0, 1, 2

    def __init__(self, Entries=32, CntW=32, WinLen=50000, Thresh=20, WinCntW=8, **_ignored):
        self.E, self.cntw, self.winlen, self.T, self.wincw = Entries, CntW, WinLen, Thresh, WinCntW
        self.hashw = Entries.bit_length() - 1
        self.cmax = (1 << CntW) - 1
        self.wmax = (1 << WinCntW) - 1
        self.reset()

    def reset(self):
        E = self.E
        self.pc, self.hit, self.miss, self.valid = [0] * E, [0] * E, [0] * E, [0] * E
        self.cyc, self.state, self.windows, self.sel = 0, self.MONITOR, 0, 0
        self.out = dict(state_o=0, sel_mask_o=0, windows_o=0, win_end_o=0, useful_o=0,
                        acc_hpc_o=0, dbg_pc_o=0, dbg_hit_o=0, dbg_miss_o=0, dbg_valid_o=0)

    def hash(self, pc):
        # doc "Hashed PC": XOR of HashW-bit groups from bit 0 up
        h, w = 0, self.hashw
        for k in range(0, 32, w):
            h ^= (pc >> k) & ((1 << w) - 1)
        return h

    def step(self, i):
        if not i["rst_ni"]:
            self.reset()
            return dict(self.out)
        hmask = (1 << self.hashw) - 1
        acc_ok = i["acc_valid_i"] and i["acc_out_i"] != 3
        pc = i["acc_pc_i"] & 0xFFFFFFFF
        hpc = self.hash(pc)
        dbg = i["dbg_addr_i"] & hmask
        vc_hpc = i["vc_hpc_i"] & hmask
        last = self.cyc == self.winlen - 1
        # outputs from the state at the start of the cycle (read before write)
        out = dict(win_end_o=int(last),
                   useful_o=int(bool(i["vc_valid_i"]) and self.state == self.SELECTED
                                and (self.sel >> vc_hpc) & 1 == 1),
                   acc_hpc_o=hpc if acc_ok else 0,
                   dbg_pc_o=self.pc[dbg], dbg_hit_o=self.hit[dbg], dbg_miss_o=self.miss[dbg],
                   dbg_valid_o=self.valid[dbg])
        self.cyc = 0 if last else self.cyc + 1
        if self.state == self.MONITOR:
            if acc_ok:
                if i["acc_out_i"] != 2:
                    self.hit[hpc] = min(self.hit[hpc] + 1, self.cmax)
                else:
                    self.miss[hpc] = min(self.miss[hpc] + 1, self.cmax)
                if self.pc[hpc] == 0:
                    self.pc[hpc] = pc
            if last:
                self.window_end()
        out.update(state_o=self.state, sel_mask_o=self.sel, windows_o=self.windows)
        self.out = out
        return dict(out)

    def window_end(self):
        high = prev = 0
        for e in range(self.E):
            h = 100 * self.hit[e] > self.T * (self.hit[e] + self.miss[e])
            prev |= (self.valid[e] & 1) << e
            high |= int(h) << e
            self.valid[e] = ((self.valid[e] & 1) << 1) | int(h)
            self.hit[e] = self.miss[e] = 0
        first = self.windows == 0
        self.windows = min(self.windows + 1, self.wmax)
        if first:
            return
        if high and high == prev:
            self.state, self.sel = self.SELECTED, high
        elif not high:
            self.state = self.DISABLED
