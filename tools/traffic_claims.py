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
    quote="The new PD is the d_p that maximises E(d_p) ... Reuse distance (RD): the number of accesses to a "
          "cache set between two accesses to the same line (a line reused at RD is protected when PD >= RD)",
    xlabel="reuse distance of thrash (accesses per set: working set / L1 sets)",
    ylabel="PD at the end of the run",
    points=[dict(x=256 * ws // 100 // 64, kernel="thrash",
                 traffic=f"SMs=1 WsPct={ws} Reps={pdp_reps(ws)}") for ws in PDP_WS],
    series=[("predicted PD (pd_o)", lambda r: r.last("pd_o")),
            ("sampled RD, mean (samp_rd_o)", lambda r: r.sum("samp_rd_o") / max(1, r.nz("samp_hit_o")))],
    slice=(1, 4)))

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
    slice=(1, 5)))
