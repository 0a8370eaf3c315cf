// coalescer.v - Jia's warp memory coalescer with a run-time traffic
// estimate: one warp's load in, its unique segment or line requests out
// one per cycle in first-thread order, per-warp counts, and for the
// sampled (load, block) Algorithms 2-3 and rule 5.4 through a bounded
// line table.
//
// Jia, Shaw, Martonosi, ICS 2012, sections 2.2, 4.1-4.2, 5.3-5.4. Every
// output is a flop (in_ready_o is the buffer's busy flop inverted).
//
// Specification: doc/coalescer.md, sections "Ports", "State and reset",
// "A cycle, step by step", "The estimate at a close", "The decisions"
// (CO1-CO14), "Storage".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   AddrW   LineSh+1 .. 64 (32)      Lanes    1 .. 32 (32)
//   SegB    16, 32, 64 (32)          LineB    SegB .. 16 SegB, <= 256, pow2 (128)
//   IdW     1 .. 16 (6)              LtEnt    1 .. 1024 (128)
//   EstW    4 .. 32 (16)             CapBytes LineB .. 2^20, multiple of LineB,
//                                             CapBytes/LineB <= 2^EstW-1 (16384)
//   Aggr    0, 1 (0)                 doc "Paper readings"

`default_nettype none

module coalescer #(
  parameter integer AddrW    = 32,
  parameter integer Lanes    = 32,
  parameter integer SegB     = 32,
  parameter integer LineB    = 128,
  parameter integer IdW      = 6,
  parameter integer LtEnt    = 128,
  parameter integer EstW     = 16,
  parameter integer CapBytes = 16384,
  parameter integer Aggr     = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 in_valid_i,
  input  wire [31:0]          in_mask_i,
  input  wire [2:0]           in_size_i,
  input  wire                 in_ca_i,
  input  wire [IdW-1:0]       in_id_i,
  input  wire                 in_est_i,
  input  wire                 in_first_i,
  input  wire                 in_last_i,
  input  wire [AddrW-1:0]     a00_i,
  input  wire [AddrW-1:0]     a01_i,
  input  wire [AddrW-1:0]     a02_i,
  input  wire [AddrW-1:0]     a03_i,
  input  wire [AddrW-1:0]     a04_i,
  input  wire [AddrW-1:0]     a05_i,
  input  wire [AddrW-1:0]     a06_i,
  input  wire [AddrW-1:0]     a07_i,
  input  wire [AddrW-1:0]     a08_i,
  input  wire [AddrW-1:0]     a09_i,
  input  wire [AddrW-1:0]     a10_i,
  input  wire [AddrW-1:0]     a11_i,
  input  wire [AddrW-1:0]     a12_i,
  input  wire [AddrW-1:0]     a13_i,
  input  wire [AddrW-1:0]     a14_i,
  input  wire [AddrW-1:0]     a15_i,
  input  wire [AddrW-1:0]     a16_i,
  input  wire [AddrW-1:0]     a17_i,
  input  wire [AddrW-1:0]     a18_i,
  input  wire [AddrW-1:0]     a19_i,
  input  wire [AddrW-1:0]     a20_i,
  input  wire [AddrW-1:0]     a21_i,
  input  wire [AddrW-1:0]     a22_i,
  input  wire [AddrW-1:0]     a23_i,
  input  wire [AddrW-1:0]     a24_i,
  input  wire [AddrW-1:0]     a25_i,
  input  wire [AddrW-1:0]     a26_i,
  input  wire [AddrW-1:0]     a27_i,
  input  wire [AddrW-1:0]     a28_i,
  input  wire [AddrW-1:0]     a29_i,
  input  wire [AddrW-1:0]     a30_i,
  input  wire [AddrW-1:0]     a31_i,
  input  wire                 req_ready_i,
  output wire                 in_ready_o,
  output wire                 req_valid_o,
  output wire [AddrW-1:0]     req_addr_o,
  output wire                 req_line_o,
  output wire [31:0]          req_tmask_o,
  output wire [R-1:0]         req_smask_o,
  output wire                 req_first_o,
  output wire                 req_last_o,
  output wire [IdW-1:0]       req_id_o,
  output wire                 cnt_valid_o,
  output wire                 cnt_err_o,
  output wire [5:0]           cnt_act_o,
  output wire [5:0]           cnt_seg_o,
  output wire [5:0]           cnt_line_o,
  output wire                 est_valid_o,
  output wire [EstW-1:0]      est_warps_o,
  output wire [EstW-1:0]      est_segs_o,
  output wire [EstW-1:0]      est_lines_o,
  output wire [1:0]           est_rule_o,
  output wire [1:0]           est_loc_o,
  output wire                 est_cache_o,
  output wire                 est_ovf_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/coalescer.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer SegSh    = $clog2(SegB);
  localparam integer LineSh   = $clog2(LineB);
  localparam integer D        = LineSh - SegSh;       // log2 R
  localparam integer R        = LineB / SegB;
  localparam integer SW       = AddrW - SegSh;        // SegTagW: unit bits kept
  localparam integer LW       = AddrW - LineSh;       // LtTagW
  localparam integer CapLines = CapBytes / LineB;
  localparam integer FillW    = $clog2(LtEnt + 1);
  localparam integer XW       = EstW + 7;             // a sum before saturation
  localparam integer OW       = EstW + D + 1;         // U x R and S compared
  localparam [SW-1:0]    SwOne   = {{(SW-1){1'b0}}, 1'b1};
  localparam [SW-1:0]    LowMask = (SwOne << D) - SwOne;          // the segment bits of a line
  localparam [EstW-1:0]  EstMax  = {EstW{1'b1}};
  localparam [XW-1:0]    EstMaxX = {7'd0, EstMax};
  localparam [EstW-1:0]  CapV    = CapLines[EstW-1:0];
  localparam [FillW-1:0] LtFull  = LtEnt[FillW-1:0];
  localparam [FillW-1:0] FillOne = {{(FillW-1){1'b0}}, 1'b1};

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration
  // ---------------------------------------------------------------------
  generate
    if (SegB != 16 && SegB != 32 && SegB != 64) begin : g_err_seg
      coalescer_param_error_SegB_16_32_or_64 u_err ();
    end
    if ((1 << LineSh) != LineB || LineB < SegB || LineB > 16 * SegB || LineB > 256) begin : g_err_line
      coalescer_param_error_LineB_pow2_SegB_to_16_SegB_le_256 u_err ();
    end
    if (AddrW <= LineSh || AddrW > 64 || Lanes < 1 || Lanes > 32 || IdW < 1 || IdW > 16) begin : g_err_w
      coalescer_param_error_AddrW_gt_LineSh_le_64_Lanes_1_to_32_IdW_1_to_16 u_err ();
    end
    if (LtEnt < 1 || LtEnt > 1024 || EstW < 4 || EstW > 32) begin : g_err_est
      coalescer_param_error_LtEnt_1_to_1024_EstW_4_to_32 u_err ();
    end
    if (CapBytes < LineB || CapBytes > 1048576 || CapBytes % LineB != 0 ||
        (EstW < 17 && CapLines > (1 << EstW) - 1) || Aggr < 0 || Aggr > 1) begin : g_err_cap
      coalescer_param_error_CapBytes_multiple_of_LineB_CapLines_lt_2_pow_EstW_Aggr_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State (doc "State and reset")
  // ---------------------------------------------------------------------
  // warp buffer
  reg              busy_q, busy_d;
  reg [Lanes*SW-1:0] ua_q, ua_d;         // lane k's unit bits at [k*SW +: SW] (CO5)
  reg [Lanes-1:0]  act_q, act_d;
  reg [Lanes-1:0]  ll_q, ll_d;
  reg [Lanes-1:0]  pend_q, pend_d;
  reg              mode_q, mode_d;
  reg [IdW-1:0]    id_q, id_d;
  reg              cnt_q, cnt_d;         // the warp is counted (CO8)
  reg              last_q, last_d;
  reg              sent_q, sent_d;
  // request register (CO7)
  reg              rv_q, rv_d;
  reg [SW-1:0]     ra_q, ra_d;           // req_addr_o above SegSh
  reg              rl_q, rl_d;
  reg [Lanes-1:0]  rtm_q, rtm_d;
  reg [R-1:0]      rsm_q, rsm_d;
  reg              rf_q, rf_d;
  reg              rz_q, rz_d;           // req_last_o
  reg [IdW-1:0]    rid_q, rid_d;
  // count registers
  reg              cv_q, cv_d;
  reg              cerr_q, cerr_d;
  reg [5:0]        cact_q, cact_d;
  reg [5:0]        cseg_q, cseg_d;
  reg [5:0]        cline_q, cline_d;
  // line table (CO9): entry j at [j*LW +: LW], valid iff j < fill; not reset
  reg [LtEnt*LW-1:0] lt_q, lt_d;
  reg [FillW-1:0]  fill_q, fill_d;
  // estimator (CO8, CO13)
  reg              open_q, open_d;
  reg [EstW-1:0]   w_q, w_d;
  reg [EstW-1:0]   s_q, s_d;
  reg [EstW-1:0]   u_q, u_d;
  reg              ww_q, ww_d;
  reg              wb_q, wb_d;
  reg              ovf_q, ovf_d;
  // estimate registers
  reg              ev_q, ev_d;
  reg [EstW-1:0]   ew_q, ew_d;
  reg [EstW-1:0]   es_q, es_d;
  reg [EstW-1:0]   eu_q, eu_d;
  reg [1:0]        erule_q, erule_d;
  reg [1:0]        eloc_q, eloc_d;
  reg              ecache_q, ecache_d;
  reg              eovf_q, eovf_d;

  // ---------------------------------------------------------------------
  // Step 1: the offered warp's units, leaders and counts (CO3-CO5)
  // ---------------------------------------------------------------------
  wire [32*AddrW-1:0] a_all = {a31_i, a30_i, a29_i, a28_i, a27_i, a26_i, a25_i, a24_i, a23_i, a22_i, a21_i, a20_i, a19_i, a18_i, a17_i, a16_i, a15_i, a14_i, a13_i, a12_i, a11_i, a10_i, a09_i, a08_i, a07_i, a06_i, a05_i, a04_i, a03_i, a02_i, a01_i, a00_i};
  wire [Lanes-1:0] act_in = in_mask_i[Lanes-1:0];
  wire [2:0]       size_c = (in_size_i > 3'd4) ? 3'd4 : in_size_i;     // CO5: 5..7 act as 4
  wire [3:0]       amis   = (size_c == 3'd0) ? 4'b0000 : (size_c == 3'd1) ? 4'b0001 :
                            (size_c == 3'd2) ? 4'b0011 : (size_c == 3'd3) ? 4'b0111 : 4'b1111;
  reg  [Lanes*SW-1:0] ua_in;
  reg  [Lanes-1:0]    sl_in, ll_in, mis_in;
  reg  [5:0]          nact, nseg, nline;
  integer k, s, j;
  always @* begin
    ua_in = {Lanes*SW{1'b0}};
    mis_in = {Lanes{1'b0}};
    for (k = 0; k < Lanes; k = k + 1) begin
      ua_in[k*SW +: SW] = a_all[k*AddrW + SegSh +: SW];
      mis_in[k] = act_in[k] & (|(a_all[k*AddrW +: 4] & amis));
    end
    // lane k leads iff no active s < k shares its unit (CO3)
    sl_in = act_in;
    ll_in = act_in;
    for (k = 1; k < Lanes; k = k + 1)
      for (s = 0; s < k; s = s + 1)
        if (act_in[s]) begin
          if (ua_in[s*SW +: SW] == ua_in[k*SW +: SW]) sl_in[k] = 1'b0;
          if (((ua_in[s*SW +: SW] ^ ua_in[k*SW +: SW]) & ~LowMask) == {SW{1'b0}}) ll_in[k] = 1'b0;
        end
    nact = 6'd0;
    nseg = 6'd0;
    nline = 6'd0;
    for (k = 0; k < Lanes; k = k + 1) begin
      nact = nact + {5'd0, act_in[k]};
      nseg = nseg + {5'd0, sl_in[k]};
      nline = nline + {5'd0, ll_in[k]};
    end
  end

  wire accept = in_valid_i & ~busy_q;
  wire xfer   = rv_q & req_ready_i;
  wire free_  = ~rv_q | xfer;
  wire clear  = accept & in_est_i & in_first_i;                  // CO8

  // the buffer after step 1
  wire [Lanes*SW-1:0] ua_a   = accept ? ua_in : ua_q;
  wire [Lanes-1:0]    act_a  = accept ? act_in : act_q;
  wire [Lanes-1:0]    ll_a   = accept ? ll_in : ll_q;
  wire [Lanes-1:0]    pend_a = accept ? (in_ca_i ? ll_in : sl_in) : pend_q;
  wire                mode_a = accept ? in_ca_i : mode_q;
  wire [IdW-1:0]      id_a   = accept ? in_id_i : id_q;
  wire                open_a = clear | open_q;
  wire                cnt_a  = accept ? (in_est_i & open_a) : cnt_q;
  wire                last_a = accept ? in_last_i : last_q;
  wire                sent_a = accept ? 1'b0 : sent_q;
  wire                busy_a = accept | busy_q;
  wire [FillW-1:0]    fill_a = clear ? {FillW{1'b0}} : fill_q;
  wire                cntd   = accept & in_est_i & open_a;           // counted at this edge
  wire [XW-1:0]       w_sum  = {7'd0, clear ? {EstW{1'b0}} : w_q} + {{(XW-1){1'b0}}, cntd};
  wire [XW-1:0]       s_sum  = {7'd0, clear ? {EstW{1'b0}} : s_q} + (cntd ? {{(XW-6){1'b0}}, nseg} : {XW{1'b0}});
  wire [EstW-1:0]     w_a    = (w_sum > EstMaxX) ? EstMax : w_sum[EstW-1:0];
  wire [EstW-1:0]     s_a    = (s_sum > EstMaxX) ? EstMax : s_sum[EstW-1:0];
  wire [EstW-1:0]     u_a    = clear ? {EstW{1'b0}} : u_q;
  wire                ww_a   = ~clear & ww_q | cntd & (nline < nact);
  wire                wb_a   = ~clear & wb_q;
  wire                ovf_a  = ~clear & ovf_q;

  // ---------------------------------------------------------------------
  // Step 2: the lowest pending leader (CO2) and its request (CO7)
  // ---------------------------------------------------------------------
  wire [Lanes-1:0] t_oh   = pend_a & (~pend_a + {{(Lanes-1){1'b0}}, 1'b1});
  wire             emit   = free_ & (|pend_a);
  wire [SW-1:0]    cmpm   = mode_a ? ~LowMask : {SW{1'b1}};
  reg  [SW-1:0]    ua_sel;
  reg  [Lanes-1:0] tmask;
  always @* begin
    ua_sel = {SW{1'b0}};
    for (k = 0; k < Lanes; k = k + 1)
      if (t_oh[k]) ua_sel = ua_sel | ua_a[k*SW +: SW];
    for (k = 0; k < Lanes; k = k + 1)
      tmask[k] = act_a[k] & (((ua_a[k*SW +: SW] ^ ua_sel) & cmpm) == {SW{1'b0}});
  end
  // CO7: the segments of the line the served lanes touch (one-hot in segment mode)
  wire [R-1:0] smask;
  generate
    if (R == 1) begin : g_r1
      assign smask = 1'b1;
    end else begin : g_rn
      reg [R-1:0] sm;
      always @* begin
        sm = {R{1'b0}};
        for (k = 0; k < Lanes; k = k + 1)
          if (tmask[k]) sm[ua_a[k*SW +: D]] = 1'b1;
      end
      assign smask = sm;
    end
  endgenerate
  wire [Lanes-1:0] pend_e = emit ? (pend_a & ~t_oh) : pend_a;
  wire             t_ll   = |(t_oh & ll_a);
  wire [LW-1:0]    line_sel = ua_sel[SW-1:D];

  // line-table lookup among the valid entries (CO9)
  reg hit;
  always @* begin
    hit = 1'b0;
    for (j = 0; j < LtEnt; j = j + 1)
      if (j < fill_a && lt_q[j*LW +: LW] == line_sel) hit = 1'b1;
  end
  wire ins  = emit & cnt_a & t_ll;
  wire miss = ins & ~hit;
  wire [EstW-1:0] u_e = (miss && u_a != EstMax) ? u_a + {{(EstW-1){1'b0}}, 1'b1} : u_a;

  // ---------------------------------------------------------------------
  // Step 3: the estimate at a close (CO10, CO11)
  // ---------------------------------------------------------------------
  wire          done  = busy_a & (pend_e == {Lanes{1'b0}});
  wire          close = done & cnt_a & last_a;
  wire          wb_e  = wb_a | ins & hit;
  wire          ovf_e = ovf_a | miss & (fill_a == LtFull);
  wire [OW-1:0] on_r  = {{(D+1){1'b0}}, u_e} << D;              // U x R
  wire [OW-1:0] off_r = {{(D+1){1'b0}}, s_a};                   // S
  wire [1:0]    rule  = (on_r == off_r) ? 2'd0 : (on_r < off_r) ? 2'd1 : 2'd2;
  wire          cache = (u_e < CapV) & ((rule == 2'd1) | ((rule == 2'd0) & (Aggr != 0)));

  always @* begin
    busy_d = busy_a & ~done;
    ua_d = ua_a;
    act_d = act_a;
    ll_d = ll_a;
    pend_d = pend_e;
    mode_d = mode_a;
    id_d = id_a;
    cnt_d = cnt_a;
    last_d = last_a;
    sent_d = sent_a | emit;
    // request register
    rv_d = rv_q;
    ra_d = ra_q;
    rl_d = rl_q;
    rtm_d = rtm_q;
    rsm_d = rsm_q;
    rf_d = rf_q;
    rz_d = rz_q;
    rid_d = rid_q;
    if (emit) begin
      rv_d = 1'b1;
      ra_d = ua_sel & cmpm;
      rl_d = mode_a;
      rtm_d = tmask;
      rsm_d = smask;
      rf_d = ~sent_a;
      rz_d = (pend_e == {Lanes{1'b0}});
      rid_d = id_a;
    end else if (xfer) begin
      rv_d = 1'b0;                          // the payload holds (CO7)
    end
    // counts
    cv_d = accept;
    cerr_d = cerr_q;
    cact_d = cact_q;
    cseg_d = cseg_q;
    cline_d = cline_q;
    if (accept) begin
      cerr_d = (in_size_i > 3'd4) | (|mis_in);
      cact_d = nact;
      cseg_d = nseg;
      cline_d = nline;
    end
    // line table and estimator
    lt_d = lt_q;
    fill_d = fill_a;
    if (miss && fill_a != LtFull) begin
      lt_d[fill_a*LW +: LW] = line_sel;
      fill_d = fill_a + FillOne;
    end
    open_d = open_a & ~close;
    w_d = w_a;
    s_d = s_a;
    u_d = u_e;
    ww_d = ww_a;
    wb_d = wb_e;
    ovf_d = ovf_e;
    // estimate registers
    ev_d = close;
    ew_d = ew_q;
    es_d = es_q;
    eu_d = eu_q;
    erule_d = erule_q;
    eloc_d = eloc_q;
    ecache_d = ecache_q;
    eovf_d = eovf_q;
    if (close) begin
      ew_d = w_a;
      es_d = s_a;
      eu_d = u_e;
      erule_d = rule;
      eloc_d = {wb_e, ww_a};
      ecache_d = cache;
      eovf_d = ovf_e;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      ua_q <= {Lanes*SW{1'b0}};
      act_q <= {Lanes{1'b0}};
      ll_q <= {Lanes{1'b0}};
      pend_q <= {Lanes{1'b0}};
      mode_q <= 1'b0;
      id_q <= {IdW{1'b0}};
      cnt_q <= 1'b0;
      last_q <= 1'b0;
      sent_q <= 1'b0;
      rv_q <= 1'b0;
      ra_q <= {SW{1'b0}};
      rl_q <= 1'b0;
      rtm_q <= {Lanes{1'b0}};
      rsm_q <= {R{1'b0}};
      rf_q <= 1'b0;
      rz_q <= 1'b0;
      rid_q <= {IdW{1'b0}};
      cv_q <= 1'b0;
      cerr_q <= 1'b0;
      cact_q <= 6'd0;
      cseg_q <= 6'd0;
      cline_q <= 6'd0;
      fill_q <= {FillW{1'b0}};
      open_q <= 1'b0;
      w_q <= {EstW{1'b0}};
      s_q <= {EstW{1'b0}};
      u_q <= {EstW{1'b0}};
      ww_q <= 1'b0;
      wb_q <= 1'b0;
      ovf_q <= 1'b0;
      ev_q <= 1'b0;
      ew_q <= {EstW{1'b0}};
      es_q <= {EstW{1'b0}};
      eu_q <= {EstW{1'b0}};
      erule_q <= 2'd0;
      eloc_q <= 2'd0;
      ecache_q <= 1'b0;
      eovf_q <= 1'b0;
    end else begin
      busy_q <= busy_d;
      ua_q <= ua_d;
      act_q <= act_d;
      ll_q <= ll_d;
      pend_q <= pend_d;
      mode_q <= mode_d;
      id_q <= id_d;
      cnt_q <= cnt_d;
      last_q <= last_d;
      sent_q <= sent_d;
      rv_q <= rv_d;
      ra_q <= ra_d;
      rl_q <= rl_d;
      rtm_q <= rtm_d;
      rsm_q <= rsm_d;
      rf_q <= rf_d;
      rz_q <= rz_d;
      rid_q <= rid_d;
      cv_q <= cv_d;
      cerr_q <= cerr_d;
      cact_q <= cact_d;
      cseg_q <= cseg_d;
      cline_q <= cline_d;
      fill_q <= fill_d;
      open_q <= open_d;
      w_q <= w_d;
      s_q <= s_d;
      u_q <= u_d;
      ww_q <= ww_d;
      wb_q <= wb_d;
      ovf_q <= ovf_d;
      ev_q <= ev_d;
      ew_q <= ew_d;
      es_q <= es_d;
      eu_q <= eu_d;
      erule_q <= erule_d;
      eloc_q <= eloc_d;
      ecache_q <= ecache_d;
      eovf_q <= eovf_d;
    end
  end

  // the line table holds no reset: an entry is read only below fill (CO9)
  always @(posedge clk_i) lt_q <= lt_d;

  // ---------------------------------------------------------------------
  // Outputs
  // ---------------------------------------------------------------------
  genvar g;
  generate
    for (g = 0; g < 32; g = g + 1) begin : g_tm
      if (g < Lanes) begin : g_lane
        assign req_tmask_o[g] = rtm_q[g];
      end else begin : g_off
        assign req_tmask_o[g] = 1'b0;
      end
    end
  endgenerate
  wire [SegSh-1:0] seg_zero = {SegSh{1'b0}};
  assign in_ready_o  = ~busy_q;
  assign req_valid_o = rv_q;
  assign req_addr_o  = {ra_q, seg_zero};
  assign req_line_o  = rl_q;
  assign req_smask_o = rsm_q;
  assign req_first_o = rf_q;
  assign req_last_o  = rz_q;
  assign req_id_o    = rid_q;
  assign cnt_valid_o = cv_q;
  assign cnt_err_o   = cerr_q;
  assign cnt_act_o   = cact_q;
  assign cnt_seg_o   = cseg_q;
  assign cnt_line_o  = cline_q;
  assign est_valid_o = ev_q;
  assign est_warps_o = ew_q;
  assign est_segs_o  = es_q;
  assign est_lines_o = eu_q;
  assign est_rule_o  = erule_q;
  assign est_loc_o   = eloc_q;
  assign est_cache_o = ecache_q;
  assign est_ovf_o   = eovf_q;

  // inputs the configuration ignores: mask bits and addresses of lanes >= Lanes,
  // the low SegSh address bits above the alignment check (CO5)
  wire unused_in = ^{in_mask_i, a_all};

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh coalescer`
  // at the reduced configuration of formal/coalescer.sby; proved by
  // k-induction. Contract: f_lane is any constant lane below Lanes; the
  // shadow registers follow its unit from the input to the request that
  // serves it, under a free req_ready_i (no request lost or duplicated
  // under any ready pattern, doc "Formal"). Invariant numbers are
  // doc/coalescer.md's ("Invariants").
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset
  (* anyconst *) reg [4:0] f_lane;
  always @* assume({27'd0, f_lane} < Lanes);

  wire [SW-1:0] cmpm_q = mode_q ? ~LowMask : {SW{1'b1}};
  wire [SW-1:0] cmpm_in = in_ca_i ? ~LowMask : {SW{1'b1}};
  // shadow of the warp in the buffer: f_lane active, its unit, not yet
  // served; the lanes served so far, the requests emitted, the last leader
  reg           f_act_q, f_need_q, f_inreg_q;
  reg [SW-1:0]  f_unit_q, f_runit_q;
  reg [Lanes-1:0] f_srv_q, f_lead_q;
  reg [5:0]     f_nem_q, f_cnt_q;
  wire          f_act_a  = accept ? act_in[f_lane] : f_act_q;
  wire [SW-1:0] f_unit_a = accept ? (ua_in[f_lane*SW +: SW] & cmpm_in) : f_unit_q;
  wire          f_need_a = accept ? act_in[f_lane] : f_need_q;
  wire [Lanes-1:0] f_srv_a = accept ? {Lanes{1'b0}} : f_srv_q;
  wire [5:0]    f_nem_a  = accept ? 6'd0 : f_nem_q;
  wire [5:0]    f_cnt_a  = accept ? (in_ca_i ? nline : nseg) : f_cnt_q;
  wire          f_mine   = emit & tmask[f_lane];
  wire          f_need_e = f_need_a & ~f_mine;
  wire [Lanes-1:0] f_srv_e = emit ? (f_srv_a | tmask) : f_srv_a;
  wire [5:0]    f_nem_e  = f_nem_a + {5'd0, emit};
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_act_q <= 1'b0;
      f_need_q <= 1'b0;
      f_inreg_q <= 1'b0;
      f_unit_q <= {SW{1'b0}};
      f_runit_q <= {SW{1'b0}};
      f_srv_q <= {Lanes{1'b0}};
      f_lead_q <= {Lanes{1'b0}};
      f_nem_q <= 6'd0;
      f_cnt_q <= 6'd0;
    end else begin
      f_act_q <= f_act_a & ~done;
      f_need_q <= f_need_e;
      f_inreg_q <= emit ? tmask[f_lane] : (xfer ? 1'b0 : f_inreg_q);
      f_unit_q <= f_unit_a;
      if (f_mine) f_runit_q <= f_unit_a;
      f_srv_q <= done ? {Lanes{1'b0}} : f_srv_e;
      if (emit) f_lead_q <= t_oh;
      f_nem_q <= done ? 6'd0 : f_nem_e;
      f_cnt_q <= f_cnt_a;
    end
  end

  integer fi, fk, fn, fl;
  reg f_match;
  reg [Lanes-1:0] f_unsrv;        // active lanes whose unit a pending lane still holds
  always @* begin
    f_match = 1'b0;
    f_unsrv = {Lanes{1'b0}};
    fn = 0;
    fl = 0;
    for (fk = 0; fk < Lanes; fk = fk + 1) begin
      fn = fn + (pend_q[fk] ? 1 : 0);
      fl = fl + ((pend_q[fk] && ll_q[fk]) ? 1 : 0);
      if (pend_q[fk] && ((ua_q[fk*SW +: SW] & cmpm_q) == f_unit_q)) f_match = 1'b1;
      for (fi = 0; fi < Lanes; fi = fi + 1)
        if (pend_q[fk] && act_q[fi] && (((ua_q[fk*SW +: SW] ^ ua_q[fi*SW +: SW]) & cmpm_q) == {SW{1'b0}}))
          f_unsrv[fi] = 1'b1;
    end
  end

  // ---- invariants of the state (6, the buffer's contract, 3, 4, 5)
  always @* begin
    // 6: pend and ll within act; an idle buffer holds nothing pending
    assert((pend_q & ~act_q) == {Lanes{1'b0}});
    assert((ll_q & ~act_q) == {Lanes{1'b0}});
    if (!busy_q) begin
      assert(pend_q == {Lanes{1'b0}});
      assert(!f_act_q);
    end
    assert(in_ready_o == !busy_q);
    // the shadow: f_lane's unit is still owed exactly when a pending lane
    // holds it; the served lanes are the active ones no pending lane holds
    assert(f_need_q == (f_act_q && f_match));
    if (busy_q) begin
      assert(f_act_q == act_q[f_lane]);
    end
    if (f_act_q) begin
      assert((ua_q[f_lane*SW +: SW] & cmpm_q) == f_unit_q);
    end
    if (busy_q) begin
      assert(f_srv_q == (act_q & ~f_unsrv));
      assert({26'd0, f_nem_q} + fn == {26'd0, f_cnt_q});
      assert(sent_q == (f_nem_q != 6'd0));
      if (!cnt_valid_o) begin
        assert(f_cnt_q == (mode_q ? cline_q : cseg_q));
      end
    end
    // no two pending lanes share a unit; pending lanes lie above the last
    // leader served (1: the lowest lanes of a warp's requests increase)
    for (fk = 0; fk < Lanes; fk = fk + 1)
      for (fi = fk + 1; fi < Lanes; fi = fi + 1)
        if (pend_q[fk] && pend_q[fi]) begin
          assert(((ua_q[fk*SW +: SW] ^ ua_q[fi*SW +: SW]) & cmpm_q) != {SW{1'b0}});
        end
    if (busy_q && sent_q) begin
      assert((pend_q & ((f_lead_q << 1) - {{(Lanes-1){1'b0}}, 1'b1})) == {Lanes{1'b0}});
    end
    // the request register holds f_lane's unit exactly when the shadow says
    assert(f_inreg_q == (rv_q && rtm_q[f_lane]));
    if (f_inreg_q) begin
      assert(ra_q == f_runit_q);
    end
    // 3: the counts of the last accepted warp
    assert(cline_q <= cseg_q && cseg_q <= cact_q && {26'd0, cact_q} <= Lanes);
    assert({26'd0, cseg_q} <= R * {26'd0, cline_q});
    // 4: the estimator and its line table
    assert(fill_q <= LtFull);
    if (ovf_q) begin
      assert(fill_q == LtFull);
      assert({{(32-EstW){1'b0}}, u_q} > LtEnt);
    end else if (u_q != EstMax) begin
      assert({{(32-EstW){1'b0}}, u_q} == {{(32-FillW){1'b0}}, fill_q});
    end
    for (fk = 0; fk < LtEnt; fk = fk + 1)
      for (fi = fk + 1; fi < LtEnt; fi = fi + 1)
        if (fi < fill_q) begin
          assert(lt_q[fk*LW +: LW] != lt_q[fi*LW +: LW]);
        end
    if (s_q != EstMax) begin
      assert({{(32-EstW){1'b0}}, u_q} + ((busy_q && cnt_q) ? fl : 0) <= {{(32-EstW){1'b0}}, s_q});
    end
    // 5: the estimate registers
    assert(eu_q <= es_q);
    assert(erule_q == ((({{(D+1){1'b0}}, eu_q} << D) == {{(D+1){1'b0}}, es_q}) ? 2'd0 :
                       (({{(D+1){1'b0}}, eu_q} << D) < {{(D+1){1'b0}}, es_q}) ? 2'd1 : 2'd2));
    if (ecache_q) begin
      assert(eu_q < CapV);
    end
    if (eovf_q) begin
      assert({{(32-EstW){1'b0}}, eu_q} > LtEnt);
    end
    if (LtEnt >= CapLines && eovf_q) begin
      assert(!ecache_q);
    end
  end

  // ---- every step: the request emitted, the warp completed (1)
  always @* begin
    if (emit) begin
      // never overwrites a request not yet taken (no loss at the output)
      if (rv_q) begin
        assert(req_ready_i);
      end
      // disjoint from the lanes served before; the lowest lane above them
      assert((tmask & f_srv_a) == {Lanes{1'b0}});
      assert(tmask[0 +: Lanes] != {Lanes{1'b0}});
      assert(rf_d == (f_nem_a == 6'd0));
      assert(rz_d == done);
    end
    if (f_mine) begin
      // f_lane's unit once per warp, at the address of its input unit
      assert(f_need_a);
      assert((ua_sel & cmpm) == f_unit_a);
    end
    if (done) begin
      // every active lane served, nseg or nline requests
      assert(!f_need_e);
      assert(f_srv_e == act_a);
      assert(f_nem_e == f_cnt_a);
    end
  end

  // a stalled request holds every payload bit (2)
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni && $past(rv_q && !req_ready_i)) begin
      assert(rv_q && (ra_q == $past(ra_q)) && (rl_q == $past(rl_q)) && (rtm_q == $past(rtm_q)) &&
             (rsm_q == $past(rsm_q)) && (rf_q == $past(rf_q)) && (rz_q == $past(rz_q)) && (rid_q == $past(rid_q)));
    end
  end

  // ---- covers (each a named f_cover_* signal and a cover statement)
  reg f_stalled;
  always @(posedge clk_i) f_stalled <= rst_ni && rv_q && !req_ready_i;
  wire f_live         = f_past_valid & rst_ni;
  wire f_cover_full   = f_live & emit & rz_d & (f_nem_a == Lanes - 1);
  wire f_cover_stall  = f_live & f_stalled & req_valid_o & req_last_o;
  wire f_cover_back   = f_live & accept & rv_q & rz_q & xfer;
  wire f_cover_close  = f_live & est_valid_o & est_cache_o;
  wire f_cover_ovf    = f_live & est_valid_o & est_ovf_o;
  wire f_cover_line   = f_live & req_valid_o & req_line_o & (&req_smask_o);
  always @* begin
    cover(f_cover_full);
    cover(f_cover_stall);
    cover(f_cover_back);
    cover(f_cover_close);
    cover(f_cover_ovf);
    cover(f_cover_line);
  end
`endif

endmodule

`default_nettype wire
