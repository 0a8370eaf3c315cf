"""traffic_claims.py - the claims of the traffic report (tools/traffic_report.py,
doc/traffic-report.md): per block, what its paper says it does, the sweep
that shows it (kernel and parameter points run by `kit tstudy`), the
observable computed from each run's ports (cvkit.tstudy/1) and the
direction the paper's trend has ("up", "down" or a function of (xs, ys)
giving None when shown, else why not). `slice`: the points of the short
trend test. `expect`: "not" where the golden model does not show the
trend and doc/traffic-report.md says why (the report still runs the check).
"""
import math

CBWT = "Chen et al., MICRO 2014 (CBWT)"
LB = "Oh et al., ISCA 2019 (Linebacker)"
LIANG = "Liang, Li, Xie (partitioning and bypassing for multitasking)"


def pdp_reps(ws):
    """thrash Reps giving SM 0 about three 16K-access PDP periods."""
    return max(4, math.ceil(3 * 16384 * 100 / (256 * ws)))


CLAIMS = []

# --- pdp: PD follows the reuse distance -----------------------------------
PDP_WS = [50, 100, 150, 200, 300, 400, 600, 800]
CLAIMS.append(dict(
    id="pdp_pd_tracks_rd", block="pdp", paper="Duong et al., MICRO 2012 (pdp-notes.md); " + CBWT,
    section="PDP hit-rate model and PD compute; CBWT IV-V",
    title="predicted PD follows the kernel's reuse distance",
    quote="Reuse distance (RD): the number of accesses to a cache set between two accesses to the same line. ... "
          "The new PD is the d_p that maximises E(d_p), searched over all candidate distances",
    xlabel="reuse distance of thrash (accesses per set: working set / L1 sets)",
    ylabel="PD at the end of the run",
    points=[dict(x=256 * ws // 100 // 64, kernel="thrash",
                 traffic=f"SMs=1 WsPct={ws} Reps={pdp_reps(ws)}") for ws in PDP_WS],
    series=[("predicted PD (pd_o)", lambda r: r.last("pd_o")),
            ("sampled RD, mean (samp_rd_o)", lambda r: r.sum("samp_rd_o") / max(1, r.nz("samp_hit_o")))],
    slice=(1, 4),
    note="thrash on one SM (SMs=1), Reps chosen so that SM 0 makes about three 16K-access PD periods at every "
         "working set (a PD needs a whole period). The PD lands on the reuse distance rounded up to the "
         "S_c = 4 bins, at least PdMin = 4."))

# --- victim_bits: contention rises with the thrashing working set ----------
VB_WS = [25, 50, 75, 100, 110, 150, 200, 400]
CLAIMS.append(dict(
    id="victim_bits_contention", block="victim_bits", paper=CBWT, section="V-B (Contention Detection), III Fig. 5",
    title="lost-locality rate and contention rise with the thrashing working set",
    quote="Using the victim bits, early eviction in an L1 cache can be detected when the L1 cache sends a second "
          "request for a cache line that was requested recently. ... When the LLS rate (LLS over total number of "
          "accesses) is high enough, the L2 cache notifies the L1 cache indicating that contention is detected.",
    xlabel="thrash working set per SM (% of the 32 KB L1)",
    ylabel="LLS rate (lost-locality / sampled L2 accesses)",
    points=[dict(x=ws, kernel="thrash", params="Period=1024", traffic=f"WsPct={ws} Reps=8") for ws in VB_WS],
    series=[("LLS rate (lost_o / sampled_o)", lambda r: r.sum("lost_o") / max(1, r.sum("sampled_o"))),
            ("cycles with contention_o = 1 (share)", lambda r: r.nz("contention_o") / max(1, r.cycles))],
    slice=(1, 5),
    note="Period=1024 L2 requests instead of V-C's 16K: below 100% the L1s hold the working set and the L2 sees "
         "only the first sweep's misses (fewer than 16K). The rise is a step: a cyclic sweep under LRU misses "
         "every access once the working set exceeds the L1 and none before."))


def bit(v, k):
    return (v >> k) & 1


def lm_hash(pc, w=5):
    """doc/lm.md "Hashed PC": XOR of the PC's HashW-bit groups."""
    h = 0
    for k in range(0, 32, w):
        h ^= (pc >> k) & ((1 << w) - 1)
    return h


def final_one_never_neg(xs, ys):
    """The selection check: ends selecting the wanted one (1), never the other way (-1)."""
    if min(ys) < 0:
        return f"the low-locality load is selected alone at cycle {xs[ys.index(min(ys))]}"
    if ys[-1] != 1:
        return f"at the end ({xs[-1]} cycles) the selection is {ys[-1]} (want 1: the high-locality load alone)"
    return None


def lm_series(r):
    hi, lo = lm_hash(0x100), lm_hash(0x1100)   # block's load (kernel A), stream's load (kernel B)
    w = r.win("sel_mask_o")
    xs = [e for e, _ in w]
    a = [bit(v, hi) for _, v in w]
    b = [bit(v, lo) for _, v in w]
    return xs, [("selected(block load) - selected(stream load)", [p - q for p, q in zip(a, b)]),
                ("block load (PC 0x100, reuse) selected", a),
                ("stream load (PC 0x1100, no reuse) selected", b)]


CLAIMS.append(dict(
    id="lm_selects_high_locality", block="lm", paper=LB, section="3.2 (Per-Load Locality Monitoring), 4.1",
    title="the LM selects the high-locality load of a mixed kernel",
    quote="At the end of the window, if the total hits across cache and victim tags exceeds a predetermined "
          "threshold, the load is classified as high locality type. ... Only when a load is consistently "
          "characterized as high locality load for two consecutive time windows linebacker assigns victim cache "
          "space for the data associated with that load.",
    xlabel="cycle (SM 0's L1 loads)", ylabel="selected: high-locality minus low-locality load",
    points=[dict(x=0, kernel="mix", params="WinLen=2000", traffic="A=2 B=0 SMs=1", every=500)],
    timeseries=lm_series, check=final_one_never_neg, slice=(0,),
    note="mix A=2 (block: 32 lines reused Reps times) with B=0 (stream: every line once) on one SM. "
         "WinLen=2000 instead of Table 3's 50000: SM 0 makes about 8K loads in this mix, fewer than one "
         "paper window (a configuration, not a change of rule)."))

# --- hac: mc steers insertion between DRAM and NVM lines ------------------
HAC_K = [("thrash", "L1=262144 WsPct=400", 0.0), ("stream", "N=524288", 0.0),
         ("stencil", "W=1024 H=512", 0.0), ("matmul", "N=512", 0.5)]
CLAIMS.append(dict(
    id="hac_mc_steers", block="hac", paper="Wang et al. (HAC)", section="IV-B (Algorithm 1, dynamic insertion)",
    title="the miss counter mc falls when NVM demand misses join the DRAM ones",
    quote="the saturating miss counter mc is decreased by 2 for a memory request miss on NVM (Line 16), and "
          "increased by 1 for a memory request miss on DRAM (Line 19) ... a larger counter value indicates more "
          "DRAM misses in the recent history, so that the priorities of DRAM lines during insertion should be raised.",
    xlabel="NVM share of the demand reads (thrash, stream, stencil: 0; matmul: 1/2)",
    ylabel="mean mc over the L2 requests (rsp_mc_o)",
    points=[dict(x=x, kernel=k, traffic=t) for k, t, x in HAC_K],
    series=[("mean mc (rsp_mc_o)", lambda r: r.sum("rsp_mc_o") / max(1, r.nz("rsp_valid_o"))),
            ("NVM share of all L2 requests (req_nvm_i)", lambda r: 32 * r.sum("req_nvm_i") / max(1, r.sum("req_valid_i")))],
    check="down", slice=(0, 3),
    note="The adapter puts odd-numbered arrays in NVM (bit 32 of the address): stream's and stencil's NVM "
         "traffic is their stores (write-backs at the L2, which leave mc alone: Algorithm 1 lines 2-8), "
         "matmul's is its B loads (demand). The dashed line is the NVM share of every L2 request, scaled by "
         "32 (mc's range): it is not what moves mc. The kernels differ in more than their NVM share: this is "
         "four kernels, not a controlled sweep (the kit's kernels place arrays, not memory types)."))

# --- maw_ctl: MAW falls under NoC congestion --------------------------------
MAW_LAT = [0, 16, 32, 48, 64, 80, 100, 200, 400]
CLAIMS.append(dict(
    id="maw_ctl_falls_congestion", block="maw_ctl", paper=CBWT, section="V-C (Fig. 11, 12)",
    title="the MAW falls as the NoC latency rises past T_NoC_H",
    quote="When the NoC latency is larger than a threshold (T_NoC_H) or the change of NoC latency is larger than "
          "another threshold (T_NoC_G), the MAW is decremented (2). Similarly, when the NoC latency is smaller than "
          "a threshold (T_NoC_L), the MAW is incremented (3).",
    xlabel="NoC latency, cycles one way (NocLat; T_NoC_L=32, T_NoC_H=64)",
    ylabel="MAW, time average over the run (maw_o)",
    points=[dict(x=nl, kernel="bfs", params="PeriodLog=4", traffic=f"NocLat={nl} L2Sets=16") for nl in MAW_LAT],
    series=[("MAW, time average", lambda r: r.sum("maw_o") / max(1, r.cycles)),
            ("MAW at the end", lambda r: r.last("maw_o"))],
    check="down", slice=(2, 7),
    note="bfs with a 16-set L2 (L2Sets=16) so that cont_i (the adapter's contention stand-in) is raised; "
         "PeriodLog=4 (16 reads a period: SM 0 makes about 11K reads). The hierarchy's NoC is a fixed delay, "
         "so the latency the block sees is NocLat itself: the sweep sets congestion, it does not arise from "
         "the warps (the adapter is open loop: a smaller MAW does not lower the latency)."))

# --- tbbyp: more thread blocks bypass under contention ---------------------
TB_SETS = [256, 128, 64, 32, 16, 8, 4]
CLAIMS.append(dict(
    id="tbbyp_bypass_contention", block="tbbyp", paper=LIANG, section="III-C (Cache Bypassing, Eq. 2)",
    title="more thread blocks bypass the L1 as it shrinks (contention)",
    quote="at run-time, when cache contention is observed, it increases the number of thread blocks that bypass "
          "the L1 cache to mitigate the contention. Otherwise, it decreases the number of threads blocks that "
          "bypass the L1 cache, i.e., allows more thread blocks to use the cache",
    xlabel="L1 size, KB (L1Sets x 4 ways x 128 B; smaller = more contention)",
    ylabel="share of SM 0's loads told to bypass (byp_o)",
    points=[dict(x=s * 4 * 128 // 1024 if s >= 2 else 0.5, kernel="mix",
                 traffic=f"A=1 B=4 WarpsPerSm=16 Sched=1 L1Sets={s}") for s in TB_SETS][::-1],
    series=[("loads bypassed (byp_o / byp_valid_o)", lambda r: r.sum("byp_o") / max(1, r.sum("byp_valid_o"))),
            ("thread blocks issued bypassing / 30 (iss_byp_o)", lambda r: r.sum("iss_byp_o") / 30)],
    check="down", slice=(0, 4),
    note="mix A=1 B=4 (stride + stencil) with two resident CTAs per kernel (WarpsPerSm=16) so that retires "
         "and issues make decisions. Contention is set by the L1 size: the hits fall, the memory stall "
         "(read misses in flight) grows and CHSS falls below the threshold."))


def ways_of_a(part, cw=3):
    """waypart's partition register (WP2): field 0 (CW bits) is kernel 0's way count."""
    return part & ((1 << cw) - 1)


def waypart_series(r):
    """Mean hits and bypasses of SM 0's accesses per 1024-cycle period, by kernel A's ways that period."""
    groups = {}
    for (e, part), (_, hits), (_, byp) in zip(r.win("part_o"), r.win("rsp_hit_o", "sum"), r.win("rsp_byp_o", "sum")):
        groups.setdefault(ways_of_a(part), []).append((hits, byp))
    xs = sorted(groups)
    return xs, [("L1 hits per period (rsp_hit_o)", [sum(h for h, _ in groups[x]) / len(groups[x]) for x in xs]),
                ("bypassed accesses per period (rsp_byp_o)", [sum(b for _, b in groups[x]) / len(groups[x]) for x in xs])]


CLAIMS.append(dict(
    id="waypart_gain_with_ways", block="waypart", paper=LIANG, section="III-B (Cache Partitioning, Algorithm 1)",
    title="the cache-sensitive kernel's hits grow with the ways it is given",
    quote="We use STP[i][x] to represent the additional weighted system throughput for kernel k_i when the "
          "assigned cache ways increases from x to x + 1 ... each time we increase c[j] by one, where j is the "
          "index for which STP[j][c[j]] is the largest",
    xlabel="ways of kernel A (block, high reuse) in the period; kernel B (stream) has the rest of 4",
    ylabel="L1 hits of SM 0 per 1024-cycle period",
    points=[dict(x=0, kernel="mix", traffic="A=2 B=0 SMs=1", every=1024)],
    timeseries=waypart_series, check="up", slice=(0,),
    note="The adapter's fixed schedule (Even, then all ways to one kernel, alternating) stands in for wpctl; "
         "each 1024-cycle window is one period, grouped by kernel A's way count (part_o). This is the gain "
         "STP[i][x] that the partition follows: block's hits rise with its ways, stream's would not."))


def fol_series(r):
    w = r.win("fol_part_o")
    return [e for e, _ in w], [("kernel A's ways in F (fol_part_o field 0)", [ways_of_a(v) for _, v in w]),
                               ("periods ended / 4 (periods_o)", [v / 4 for _, v in r.win("periods_o")])]


def ends_above_even(xs, ys):
    """The partition moved toward kernel A (block, the kernel that gains): more than Even's 2 of 4 ways at the end."""
    return None if ys[-1] > 2 else f"F keeps {ys[-1]} of 4 ways for kernel A (Even) to cycle {xs[-1]}: the partition never moved"


WP_NOTE = ("NOT shown, and not expected of this set-up: in the kit's traffic an SM's instructions issue on the "
           "kernel's own schedule, whatever its L1 hits (the hierarchy is functional, with no MSHRs or "
           "back-pressure, and the adapters are open loop), so an SM's IPC does not depend on its ways. The "
           "SMs' IPCs differ only by how the kernels' CTAs fall on them; here no profiling SM (+1/-1 way) ever "
           "beats the followed ones (win_o stays 0; WP16: a tie keeps F) and F stays Even. The missing mechanism is a timing model in which a hit shortens a warp's "
           "wait (doc/traffic-report.md \"Findings\").")
for blk, params, traffic in (("wpctl", "NumSm=4 FolMean=1", "A=2 B=0"), ("wp_gpu", "", "A=2 B=0 WarpsPerSm=16")):
    CLAIMS.append(dict(
        id=f"{blk}_partition_moves", block=blk, paper=LIANG, section="III-B3 (dynamic partitioning, profiling SMs)",
        title="the followed partition moves ways toward the kernel that gains from them",
        quote="we increment the number of cache ways of the i^{th} kernel by one for the Profiling SM_i, and "
              "randomly reduce one cache way from the other kernels on SM_i. ... At the end of each sampling "
              "period, we collect the IPC of all the SMs. Then, the comparator will compare the system throughput "
              "among the Profiling SMs and Followed SMs, and pick the SM with the maximum system throughput as "
              "the winner.",
        xlabel="cycle (mix A=2 block + B=0 stream on 4 SMs)", ylabel="kernel A's ways in the followed partition F",
        points=[dict(x=0, kernel="mix", params=params, traffic=traffic, every=2000)],
        timeseries=fol_series, check=ends_above_even, slice=(0,), expect="not", note=WP_NOTE,
        plant_shown=lambda ys: ys[:-1] + [4]))

# --- coalescer: per-load decisions as Jia's Table 3 ------------------------
RULES = ("rule_equal", "rule_on_less", "rule_on_more")
JIA_ROWS = [  # (Table 3 instruction, kit kernel, params, the 5.4 case the table's traffic gives)
    ("now[nodeID] (tau, within-warp)", "stream", "", 0),
    ("children[nodeID*4] (4 tau, within-warp)", "stride", "S=4", 0),
    ("delta[index_x] (tau%16, within-block)", "block", "", 1),
    ("input[point_id*nfeatures] (34 tau, none)", "stride", "S=34", 2),
    ("visited[childID] (unknown, none)", "bfs", "", 2),
]


def all_match(xs, ys):
    bad = [x for x, y in zip(xs, ys) if y <= 0.5]
    return None if not bad else f"rows {bad}: the majority of samples is not Table 3's case"


CLAIMS.append(dict(
    id="coalescer_jia_table3", block="coalescer", paper="Jia, Shaw, Martonosi, ICS 2012",
    section="5.3-5.4, Table 3",
    title="each load's cache-on/off estimate lands in the 5.4 case of its Table 3 kind",
    quote="If the cache-on memory traffic is equal to the cache-off memory traffic of this instruction: This "
          "occurs because this instruction only has within-warp locality and has no withinblock locality. ... If "
          "the cache-on memory traffic is smaller than the cache-off memory traffic: This occurs because this "
          "instruction has some amount of within-block locality. ... If the cache-on memory traffic is larger "
          "than the cache-off memory traffic: We have successfully identified a scattered access.",
    xlabel="Table 3 row: 1 tau, 2 4tau, 3 tau%16, 4 34tau, 5 unknown (bfs gather)",
    ylabel="share of closed samples in the row's 5.4 case (est_rule_o)",
    points=[dict(x=i + 1, kernel=k, params="AddrW=48", traffic=t, rule=c) for i, (_, k, t, c) in enumerate(JIA_ROWS)],
    series=[("samples in Table 3's case", lambda r: r.cover(RULES[r.pt["rule"]]) / max(1, sum(r.cover(x) for x in RULES))),
            ("samples on > off (scattered)", lambda r: r.cover("rule_on_more") / max(1, sum(r.cover(x) for x in RULES)))],
    check=all_match, slice=(0, 2, 3),
    note="AddrW=48 keeps the kernels' arrays apart (doc/coalescer.md \"Traffic\"). Each kit kernel stands for a Table 3 access pattern (4-byte elements, as the table). A sample is "
         "8 warps of one (load, thread block); the share counts the closing samples of every load of the "
         "kernel: bfs's include its row-pointer loads (within-warp) beside the gather, the one Table 3 row."))


def win_nz(r, p):
    i = r.ix[p]
    return [row[i] for row in r.d["windows"]["nonzero"]]


def pdpc_series(r):
    """Hits per 2048-access phase of SM 0's L1 by the phase's PD (pd_i), bypass on and off."""
    hits = {}
    for (e, pd), (_, byp), (_, acc), nzk in zip(r.win("pd_i"), r.win("byp_en_i"), r.win("rsp_valid_o", "sum"),
                                                win_nz(r, "rsp_kind_o")):
        hits.setdefault((byp, pd), []).append(acc - nzk)
    xs = sorted({pd for _, pd in hits})
    mean = lambda b: [sum(hits.get((b, x), [0])) / len(hits.get((b, x), [0])) for x in xs]  # noqa: E731
    return xs, [("hits per phase, bypass on (byp_en_i = 1)", mean(1)), ("hits per phase, bypass off", mean(0))]


CLAIMS.append(dict(
    id="pdp_cache_protects", block="pdp_cache", paper=CBWT + "; Duong et al. (pdp-notes.md)",
    section="IV (PDP bypass in the L1), pdp-notes \"Policy in the cache\"",
    title="protecting lines for PD accesses turns a thrashing loop's misses into hits once PD >= RD",
    quote="A line is protected while RPD > 0. The victim is an unprotected line. ... The reuse distance-based "
          "bypass policy protects hot cache lines from early eviction",
    xlabel="protecting distance PD given to the L1 (pd_i); thrash's RD is 6",
    ylabel="L1 hits per 2048 accesses (rsp_kind_o = HIT)",
    points=[dict(x=0, kernel="thrash", traffic="SMs=1 WsPct=150 Reps=64", every=2048)],
    timeseries=pdpc_series, check="up", slice=(0,),
    note="The adapter gives pd_i 0, 4, 16, DMax in phases of 2048 accesses, bypass on for four phases then off "
         "(the PD predictor is closed loop in the design: here it is a schedule). thrash at 150% of the L1 has "
         "RD 6 per set: LRU (PD 0) never hits, PD 16 and 64 keep part of the working set. Without bypass a "
         "miss with every line protected still replaces one (D4): here protection without bypass gives no hit at all."))

def mode_nz(r, p):
    """The most frequent nonzero value of port p at the windows' ends (0 if none): a window without samples reports 0."""
    c = {}
    for _, v in r.win(p):
        if v:
            c[v] = c.get(v, 0) + 1
    return max(sorted(c), key=lambda v: c[v]) if c else 0


# --- noc_sampler: the sampled mean follows the NoC latency -----------------
NOC_LAT = [0, 1, 8, 50, 100, 200, 400, 800]
CLAIMS.append(dict(
    id="noc_sampler_tracks_latency", block="noc_sampler", paper=CBWT, section="V-B (Congestion Detection)",
    title="the sampled mean NoC latency follows the network's latency",
    quote="Some NoC packets are randomly selected as samplers, and the NoC latencies (number of cycles used to "
          "travel through the network) of these samplers are recorded by the hardware counters. The average NoC "
          "latency is calculated after each sampling period.",
    xlabel="NoC latency, cycles one way (NocLat)", ylabel="sampled mean latency (avg_o)",
    points=[dict(x=nl, kernel="bfs", traffic=f"NocLat={nl}", every=1024) for nl in NOC_LAT],
    series=[("sampled mean (avg_o, most frequent over windows with samples)", lambda r: mode_nz(r, "avg_o")),
            ("timeouts (tmo_o)", lambda r: r.sum("tmo_o"))],
    check="up", slice=(0, 3),
    note="A packet that reaches its bank while still queued for the injection port (a zero-cycle NoC) stops "
         "the cycle after its injection (tb/noc_sampler/noc_sampler_traffic.c), so at NocLat=0 the mean is 1, "
         "the least the block measures."))

# --- vtt: the victim cache holds what its active partitions can -----------


def vtt_series(r):
    """Victim-cache read hits (rf_rd_o) per operation, by the active partitions of the 8192-cycle phase."""
    g = {}
    for (e, act), (_, rd), (_, ops) in zip(r.win("vp_act_o"), r.win("rf_rd_o", "sum"), r.win("rsp_valid_o", "sum")):
        a = g.setdefault(bin(act).count("1"), [0, 0])
        a[0] += rd
        a[1] += ops
    xs = sorted(g)
    return xs, [("victim-cache hits per operation (rf_rd_o / rsp_valid_o)", [g[x][0] / max(1, g[x][1]) for x in xs])]


CLAIMS.append(dict(
    id="vtt_partitions_hold_victims", block="vtt", paper=LB, section="3.3-3.4 (VTT partitions, Eq. 2), Table 3",
    title="victims are served from the register file only when partitions are active",
    quote="Linebacker utilizes idle register file space as a victim cache space ... the register file space "
          "occupied by the registers of CTA 3 and any of the statically unused registers as victim cache space",
    xlabel="active victim partitions (popcount vp_act_o; lrn_i phases)",
    ylabel="victim-cache hits per VTT operation",
    points=[dict(x=0, kernel="thrash", traffic="SMs=1 L1=2048 L1Sets=4 WsPct=300 Reps=64", every=8192)],
    timeseries=vtt_series, check="up", slice=(0,),
    note="A 2 KB L1 (L1Sets=4) so that thrash's victims come back within one 8192-cycle phase of the adapter's "
         "lrn_i schedule (at the 32 KB default the reuse distance is longer than a phase, and every phase "
         "change withdraws partitions and their entries: no hit at all). 3 active partitions already hold "
         "the 48-line working set, so 8 add nothing (their 0.35 against 0.40 was not investigated)."))

# --- cbwt_l1: contention detected, bypass on, the L1 keeps hitting ---------
CB_WS = [50, 100, 150, 200, 300, 400]
CLAIMS.append(dict(
    id="cbwt_l1_bypass_on_contention", block="cbwt_l1", paper=CBWT, section="V-B, V-C (Fig. 10)",
    title="contention turns the PD bypass on, and the sampler L1 keeps hits LRU loses",
    quote="Cache contention and resource congestion caused by massive multithreading is detected at runtime, "
          "and the detector notifies the controller to enable cache bypassing dynamically. The reuse "
          "distance-based bypass policy protects hot cache lines from early eviction",
    xlabel="thrash working set per SM (% of the 32 KB L1)",
    ylabel="share of cycles with the bypass enabled (byp_en_o)",
    points=[dict(x=ws, kernel="thrash", params="PeriodLog=10 VbPeriod=1024", traffic=f"WsPct={ws} Reps=16")
            for ws in CB_WS],
    series=[("bypass enabled (byp_en_o), share of cycles", lambda r: r.nz("byp_en_o") / max(1, r.cycles)),
            ("sampler-L1 hit rate (rsp_kind_o = HIT)",
             lambda r: (r.sum("rsp_valid_o") - r.nz("rsp_kind_o")) / max(1, r.sum("rsp_valid_o"))),
            ("PD / 64 (pd_o at the end)", lambda r: r.last("pd_o") / 64)],
    check="up", slice=(1, 2),
    note="Periods shortened (PeriodLog=10, VbPeriod=1024) so that thrash's runs hold several. Above 100% "
         "the hierarchy's LRU L1 never hits (tb/test/test_hier.c: thrash at 200% of L1 never hits under LRU); "
         "the composite's sampler L1 keeps 20-52% of its loads as hits, the PD growing with the reuse distance."))

# --- ctl and linebacker: throttle, then restore --------------------------


def parked_series(r):
    """Per window end: registers in memory (backup writes minus restore reads so far: mem_we_o, mem_valid_o),
    in CTAs' worth (#reg = 2^RnW / MaxCta per CTA, doc/ctl.md "Traffic"), beside the schedulable CTAs."""
    per = 2 ** r.d["params"]["RnW"] // min(r.d["params"]["MaxCta"], 2 ** r.d["params"]["RnW"])
    parked, out = 0, []
    for (e, wr), (_, valid) in zip(r.win("mem_we_o", "sum"), r.win("mem_valid_o", "sum")):
        parked += wr - (valid - wr)
        out.append(parked / per)
    w = r.win("sched_mask_o")
    return [e for e, _ in w], [("CTAs' registers backed up (throttled)", out),
                               ("schedulable CTAs (popcount sched_mask_o)", [bin(v).count("1") for _, v in w])]


def throttle_then_restore(xs, ys):
    """Throttled (registers backed up: above 0) and later restored (below that peak again)."""
    if not ys or max(ys) <= 0:
        return "no CTA is ever throttled (no register backed up)"
    k = ys.index(max(ys))
    if not any(y < ys[k] for y in ys[k + 1:]):
        return f"throttled up to {ys[k]:.3g} CTAs at cycle {xs[k]}, never restored after"
    return None


CTA_CLAIMS = [  # (block, params, section, title, quote)
    ("ctl", "", "3.2 (CTA Throttling and Victim Caching), 4.1",
     "the CTL throttles CTAs and restores them when the IPC drops",
     "it starts throttling one CTA by deactivating the warps associated with that CTA. ... If the fractional IPC "
     "improves by more than a predetermined bound (10% in our experiments) linebacker throttles another CTA in "
     "the next time window. ... Linebacker re-schedules an inactive CTA if it detects such slowdown."),
    ("linebacker", "WinLen=2000", "3.2, 4 (Load Monitor, CTL, VTT)",
     "Linebacker selects the high-locality load, then throttles CTAs",
     "Once the load locality monitoring is completed and at least one load is identified as high locality "
     "in two consecutive time windows it is an indication that the application is cache sensitive ... it "
     "starts throttling one CTA"),
]
for blk, params, section, title, quote in CTA_CLAIMS:
    CLAIMS.append(dict(
        id=f"{blk}_{'throttles_restores' if blk == 'ctl' else 'selects_throttles'}", block=blk, paper=LB,
        section=section, title=title, quote=quote,
        xlabel="cycle (mix A=2 block + B=0 stream, SM 0)", ylabel="CTAs throttled (their registers backed up)",
        points=[dict(x=0, kernel="mix", params=params, traffic="A=2 B=0 SMs=1", every=1000)],
        timeseries=parked_series, check=throttle_then_restore, slice=(0,),
        note=f"The {blk} adapter (doc/{blk}.md \"Traffic\") counts only the instructions of schedulable CTAs, so "
             "a throttle lowers the IPC the CTL measures. Throttled CTAs are counted from the move engine's memory "
             "traffic: a backup writes a CTA's #reg registers (mem_we_o), a restore reads them back. The "
             "schedulable-CTA count (dashed) also moves as CTAs end and launch."))
