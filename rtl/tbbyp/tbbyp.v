// tbbyp.v - thread-block bypassing by the CHSS monitor: per kernel a hit
// and a stall counter compared against a threshold without a divider
// (Eq. 2), the number of bypassing thread blocks N_byp stepped at each
// thread-block issue that replaces a retired one, one bypass bit per
// resident thread-block slot, and the per-access bypass bit for the L1.
//
// Liang, Li, Xie, section III-C (after Xie et al., HPCA 2015). One per SM;
// byp_o drives waypart's acc_byp_i one cycle later. Every output is a flop.
//
// Specification: doc/tbbyp.md, sections "Ports", "State and reset",
// "The decisions" (TB1-TB16), "A cycle, step by step", "Paper readings",
// "Storage"; the formal properties below (ifdef FORMAL): doc/tbbyp.md
// "Invariants".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Kernels  1 .. 4 (2)        MaxTb   1 .. 16 (8)      CntW   2 .. 24 (24)
//   WarpW    1 .. 8 (6)        L2Lat   1 .. 1023 (100)
//   ThrNum   1 .. 255 (1)      ThrDen  1 .. 255 (1)
//   IntFix   0 .. 65535 (0)    doc "Paper readings" (TB11)

`default_nettype none

module tbbyp #(
  parameter integer Kernels = 2,
  parameter integer MaxTb   = 8,
  parameter integer CntW    = 24,
  parameter integer WarpW   = 6,
  parameter integer L2Lat   = 100,
  parameter integer ThrNum  = 1,
  parameter integer ThrDen  = 1,
  parameter integer IntFix  = 0
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  input  wire                     clr_i,
  input  wire [Kernels-1:0]       hit_i,
  input  wire [Kernels-1:0]       stall_i,
  input  wire [Kernels*WarpW-1:0] warps_i,
  input  wire                     iss_valid_i,
  input  wire [KW-1:0]            iss_k_i,
  input  wire [SlotW-1:0]         iss_slot_i,
  input  wire                     ret_valid_i,
  input  wire [KW-1:0]            ret_k_i,
  input  wire [SlotW-1:0]         ret_slot_i,
  input  wire                     acc_valid_i,
  input  wire [SlotW-1:0]         acc_slot_i,
  input  wire [1:0]               acc_cls_i,
  input  wire [KW-1:0]            dbg_k_i,
  output wire                     byp_valid_o,
  output wire                     byp_o,
  output wire                     iss_byp_o,
  output wire                     dec_o,
  output wire [Kernels*NbW-1:0]   nbyp_o,
  output wire [Kernels-1:0]       cont_o,
  output wire [Kernels-1:0]       pend_o,
  output wire [MaxTb-1:0]         slot_byp_o,
  output wire [CntW-1:0]          dbg_hits_o,
  output wire [CntW-1:0]          dbg_stall_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/tbbyp.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer K     = Kernels;
  localparam integer KW    = (K > 1) ? $clog2(K) : 1;
  localparam integer SlotW = (MaxTb > 1) ? $clog2(MaxTb) : 1;
  localparam integer NbW   = $clog2(MaxTb + 1);
  localparam integer IW    = (IntFix >= 2) ? $clog2(IntFix) : 1;
  localparam integer MW    = CntW + 18;              // Hits x L2Lat x ThrDen (TB4)
  localparam [9:0]       L2LatV = L2Lat[9:0];
  localparam [7:0]       ThrNumV = ThrNum[7:0];
  localparam [7:0]       ThrDenV = ThrDen[7:0];
  localparam [NbW-1:0]   MaxV   = MaxTb[NbW-1:0];
  localparam [NbW-1:0]   NbOne  = {{(NbW-1){1'b0}}, 1'b1};
  localparam [CntW-1:0]  CMax   = {CntW{1'b1}};
  localparam [CntW-1:0]  COne   = {{(CntW-1){1'b0}}, 1'b1};

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration
  // ---------------------------------------------------------------------
  generate
    if (Kernels < 1 || Kernels > 4 || MaxTb < 1 || MaxTb > 16) begin : g_err_k
      tbbyp_param_error_Kernels_1_to_4_MaxTb_1_to_16 u_err ();
    end
    if (CntW < 2 || CntW > 24 || WarpW < 1 || WarpW > 8) begin : g_err_w
      tbbyp_param_error_CntW_2_to_24_WarpW_1_to_8 u_err ();
    end
    if (L2Lat < 1 || L2Lat > 1023 || ThrNum < 1 || ThrNum > 255 || ThrDen < 1 || ThrDen > 255) begin : g_err_t
      tbbyp_param_error_L2Lat_1_to_1023_ThrNum_ThrDen_1_to_255 u_err ();
    end
    if (IntFix < 0 || IntFix > 65535) begin : g_err_i
      tbbyp_param_error_IntFix_0_to_65535 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State (doc "State and reset")
  // ---------------------------------------------------------------------
  reg [K*CntW-1:0]   hits_q, hits_d;
  reg [K*CntW-1:0]   stall_q, stall_d;
  reg [K*NbW-1:0]    nbyp_q, nbyp_d;
  reg [K-1:0]        cont_q, cont_d;
  reg [K-1:0]        pend_q, pend_d;
  reg [MaxTb-1:0]    sbyp_q, sbyp_d;
  reg [MaxTb*KW-1:0] skern_q, skern_d;
  reg                bypv_q, bypv_d;
  reg                byp_q, byp_d;
  reg                ibyp_q, ibyp_d;
  reg                dec_q, dec_d;
  reg [CntW-1:0]     dbgh_q, dbgh_d;
  reg [CntW-1:0]     dbgs_q, dbgs_d;

  // ---------------------------------------------------------------------
  // The interval (TB11): iend in the last cycle of a fixed interval
  // ---------------------------------------------------------------------
  wire iend;
  generate
    if (IntFix == 0) begin : g_int_dec
      assign iend = 1'b0;
    end else if (IntFix == 1) begin : g_int_one
      assign iend = 1'b1;
    end else begin : g_int_fix
      localparam integer  ILastI = IntFix - 1;
      localparam [IW-1:0] ILast  = ILastI[IW-1:0];
      reg [IW-1:0] icnt_q;
      wire [IW-1:0] icnt_d = (clr_i | iend) ? {IW{1'b0}} : icnt_q + {{(IW-1){1'b0}}, 1'b1};
      assign iend = (icnt_q == ILast);
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) icnt_q <= {IW{1'b0}};
        else         icnt_q <= icnt_d;
      end
`ifdef FORMAL
      always @* if (rst_ni) assert(icnt_q <= ILast);     // invariant 7
`endif
    end
  endgenerate

  // ---------------------------------------------------------------------
  // The comparisons (TB4): contention iff Hits x L2Lat x ThrDen <
  // ThrNum x Stall x WarpCount, of the start-of-cycle counters
  // ---------------------------------------------------------------------
  wire [K-1:0] cmp;
  genvar g;
  generate
    for (g = 0; g < K; g = g + 1) begin : g_cmp
      wire [MW-1:0] lhs = {{(MW-CntW){1'b0}}, hits_q[g*CntW +: CntW]} * {{(MW-10){1'b0}}, L2LatV}
                          * {{(MW-8){1'b0}}, ThrDenV};
      wire [MW-1:0] rhs = {{(MW-8){1'b0}}, ThrNumV} * {{(MW-CntW){1'b0}}, stall_q[g*CntW +: CntW]}
                          * {{(MW-WarpW){1'b0}}, warps_i[g*WarpW +: WarpW]};
      assign cmp[g] = lhs < rhs;
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Events (TB15: a kernel or slot beyond the range is ignored whole)
  // ---------------------------------------------------------------------
  wire ret = ret_valid_i && ({{(32-KW){1'b0}}, ret_k_i} < K) && ({{(32-SlotW){1'b0}}, ret_slot_i} < MaxTb);
  wire iss = iss_valid_i && ({{(32-KW){1'b0}}, iss_k_i} < K) && ({{(32-SlotW){1'b0}}, iss_slot_i} < MaxTb);
  wire acc_ok = ({{(32-SlotW){1'b0}}, acc_slot_i} < MaxTb);
  wire dbg_ok = ({{(32-KW){1'b0}}, dbg_k_i} < K);
  wire [MaxTb-1:0] ret_oh = ret ? ({{(MaxTb-1){1'b0}}, 1'b1} << ret_slot_i) : {MaxTb{1'b0}};
  wire [MaxTb-1:0] iss_oh = iss ? ({{(MaxTb-1){1'b0}}, 1'b1} << iss_slot_i) : {MaxTb{1'b0}};
  wire [K-1:0]     ret_k  = ret ? ({{(K-1){1'b0}}, 1'b1} << ret_k_i) : {K{1'b0}};
  wire [K-1:0]     iss_k  = iss ? ({{(K-1){1'b0}}, 1'b1} << iss_k_i) : {K{1'b0}};
  wire [MaxTb-1:0] sbyp_r = sbyp_q & ~ret_oh;          // TB10: retire first
  wire [K-1:0]     pend_r = pend_q | ret_k;
  wire [K-1:0]     dec_k  = iss_k & pend_r;            // TB5, TB9
  wire             dec    = |dec_k;
  // the issuing kernel's values (kernel 0 when there is no legal issue)
  wire [KW-1:0]    ik     = iss ? iss_k_i : {KW{1'b0}};
  wire [NbW-1:0]   nb_cur = nbyp_q[ik*NbW +: NbW];
  wire             c_now  = (IntFix == 0 || iend) ? cmp[ik] : cont_q[ik];   // TB11
  wire [NbW-1:0]   nb_new = !dec ? nb_cur :
                            c_now ? ((nb_cur == MaxV) ? nb_cur : nb_cur + NbOne) :
                            ((nb_cur == {NbW{1'b0}}) ? nb_cur : nb_cur - NbOne);
  // TB6: k's resident bypassing thread blocks other than the issued slot
  reg [NbW-1:0] cnt;
  integer s;
  always @* begin
    cnt = {NbW{1'b0}};
    for (s = 0; s < MaxTb; s = s + 1)
      if (sbyp_r[s] && !iss_oh[s] && (K == 1 || skern_q[s*KW +: KW] == ik)) cnt = cnt + NbOne;
  end
  wire ib = iss && (cnt < nb_new);

  // ---------------------------------------------------------------------
  // Next state (doc "A cycle, step by step")
  // ---------------------------------------------------------------------
  integer j;
  always @* begin
    // 1. the access and the debug read (TB7, TB12, TB13)
    bypv_d = acc_valid_i;
    byp_d  = acc_valid_i && (acc_cls_i == 2'd2 || (acc_cls_i == 2'd0 && acc_ok && sbyp_q[acc_slot_i]));
    dbgh_d = dbg_ok ? hits_q[dbg_k_i*CntW +: CntW] : {CntW{1'b0}};
    dbgs_d = dbg_ok ? stall_q[dbg_k_i*CntW +: CntW] : {CntW{1'b0}};
    // 3, 4. retire, issue, step, assignment
    sbyp_d  = (sbyp_r & ~iss_oh) | (ib ? iss_oh : {MaxTb{1'b0}});
    skern_d = skern_q;
    if (iss && K > 1) skern_d[iss_slot_i*KW +: KW] = iss_k_i;
    pend_d  = pend_r & ~dec_k;
    nbyp_d  = nbyp_q;
    cont_d  = cont_q;
    if (IntFix != 0 && iend) cont_d = cmp;
    if (dec) begin
      nbyp_d[ik*NbW +: NbW] = nb_new;
      if (IntFix == 0) cont_d[ik] = c_now;
    end
    ibyp_d = ib;
    dec_d  = dec;
    // 5. the counters (TB3): restart at this cycle's events
    for (j = 0; j < K; j = j + 1) begin
      if (iend || (IntFix == 0 && dec_k[j])) begin
        hits_d[j*CntW +: CntW]  = hit_i[j] ? COne : {CntW{1'b0}};
        stall_d[j*CntW +: CntW] = stall_i[j] ? COne : {CntW{1'b0}};
      end else begin
        hits_d[j*CntW +: CntW]  = hits_q[j*CntW +: CntW] +
                                  ((hit_i[j] && hits_q[j*CntW +: CntW] != CMax) ? COne : {CntW{1'b0}});
        stall_d[j*CntW +: CntW] = stall_q[j*CntW +: CntW] +
                                  ((stall_i[j] && stall_q[j*CntW +: CntW] != CMax) ? COne : {CntW{1'b0}});
      end
    end
    // 6. the partition change beats the step and the counting (TB14)
    if (clr_i) begin
      nbyp_d  = {(K*NbW){1'b0}};
      cont_d  = {K{1'b0}};
      hits_d  = {(K*CntW){1'b0}};
      stall_d = {(K*CntW){1'b0}};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      hits_q  <= {(K*CntW){1'b0}};
      stall_q <= {(K*CntW){1'b0}};
      nbyp_q  <= {(K*NbW){1'b0}};
      cont_q  <= {K{1'b0}};
      pend_q  <= {K{1'b0}};
      sbyp_q  <= {MaxTb{1'b0}};
      skern_q <= {(MaxTb*KW){1'b0}};
      bypv_q  <= 1'b0;
      byp_q   <= 1'b0;
      ibyp_q  <= 1'b0;
      dec_q   <= 1'b0;
      dbgh_q  <= {CntW{1'b0}};
      dbgs_q  <= {CntW{1'b0}};
    end else begin
      hits_q  <= hits_d;
      stall_q <= stall_d;
      nbyp_q  <= nbyp_d;
      cont_q  <= cont_d;
      pend_q  <= pend_d;
      sbyp_q  <= sbyp_d;
      skern_q <= skern_d;
      bypv_q  <= bypv_d;
      byp_q   <= byp_d;
      ibyp_q  <= ibyp_d;
      dec_q   <= dec_d;
      dbgh_q  <= dbgh_d;
      dbgs_q  <= dbgs_d;
    end
  end

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/tbbyp.md "Invariants" and "Formal"), run by
  // `formal/formal.sh tbbyp` at the reduced configurations of
  // formal/tbbyp.sby: proved by k-induction, every guarded assert with a
  // cover of its premise (formal/premises.py).
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset
  wire f_live = f_past_valid & rst_ni;

  // last cycle's state and events (read only under f_step)
  reg [MaxTb-1:0]  f_sbyp;
  reg [K*NbW-1:0]  f_nbyp;
  reg [K*CntW-1:0] f_hits, f_stall;
  reg              f_rst, f_iss, f_clr;
  reg [SlotW-1:0]  f_slot;
  reg [KW-1:0]     f_ik;
  reg [1:0]        f_cls;
  always @(posedge clk_i) begin
    f_rst   <= rst_ni;
    f_sbyp  <= sbyp_q;
    f_nbyp  <= nbyp_q;
    f_hits  <= hits_q;
    f_stall <= stall_q;
    f_iss   <= iss;
    f_clr   <= clr_i;
    f_slot  <= iss_slot_i;
    f_ik    <= ik;
    f_cls   <= acc_cls_i;
  end
  wire f_step = f_past_valid & f_rst & rst_ni;      // an edge between two live cycles

  integer fk, fs;
  always @* begin
    if (rst_ni) begin
      // Invariant 1: N_byp_k <= MaxTb
      for (fk = 0; fk < K; fk = fk + 1) assert(nbyp_q[fk*NbW +: NbW] <= MaxV);
      // a bypassing slot belongs to a kernel < K
      for (fs = 0; fs < MaxTb; fs = fs + 1)
        if (sbyp_q[fs] && K > 1) assert({{(32-KW){1'b0}}, skern_q[fs*KW +: KW]} < K);
      // Invariant 6: byp_o only with an access
      if (byp_q) assert(bypv_q);
    end
    if (f_step) begin
      // Invariant 6: classes 1 and 3 never bypass
      if (byp_q) assert(f_cls == 2'd0 || f_cls == 2'd2);
      // Invariant 3: dec_o and iss_byp_o only with a legal issue
      if (dec_q) assert(f_iss);
      if (ibyp_q) assert(f_iss);
      for (fk = 0; fk < K; fk = fk + 1) begin
        // Invariant 3: N_byp_k moves only at a decision of k, by one, or to 0 at a clear
        if (f_clr) assert(nbyp_q[fk*NbW +: NbW] == {NbW{1'b0}});
        if (!f_clr && nbyp_q[fk*NbW +: NbW] != f_nbyp[fk*NbW +: NbW]) begin
          assert(dec_q && f_ik == fk);
          assert(nbyp_q[fk*NbW +: NbW] == f_nbyp[fk*NbW +: NbW] + NbOne ||
                 nbyp_q[fk*NbW +: NbW] + NbOne == f_nbyp[fk*NbW +: NbW]);
        end
        // Invariant 2: a counter falls only to 0 or 1 (a restart or a clear)
        if (hits_q[fk*CntW +: CntW] < f_hits[fk*CntW +: CntW]) assert(hits_q[fk*CntW +: CntW] <= COne);
        if (stall_q[fk*CntW +: CntW] < f_stall[fk*CntW +: CntW]) assert(stall_q[fk*CntW +: CntW] <= COne);
      end
      // TB5: a decision steps its kernel's N_byp by the flag it stored
      // (cont_q holds the decision's flag in both IntFix readings), clamped
      if (dec_q && !f_clr) begin
        if (cont_q[f_ik]) assert(nbyp_q[f_ik*NbW +: NbW] == ((f_nbyp[f_ik*NbW +: NbW] == MaxV) ? MaxV :
                                                             f_nbyp[f_ik*NbW +: NbW] + NbOne));
        else assert(nbyp_q[f_ik*NbW +: NbW] == ((f_nbyp[f_ik*NbW +: NbW] == {NbW{1'b0}}) ? {NbW{1'b0}} :
                                                f_nbyp[f_ik*NbW +: NbW] - NbOne));
      end
      // Invariants 4, 5: the issued slot holds the bit; its kernel's N_byp is >= 1
      if (ibyp_q) begin
        assert(sbyp_q[f_slot]);
        if (!f_clr) assert(nbyp_q[f_ik*NbW +: NbW] != {NbW{1'b0}});
      end
      // Invariant 4: a slot's bit rises only at a bypassing issue into it
      for (fs = 0; fs < MaxTb; fs = fs + 1)
        if (sbyp_q[fs] && !f_sbyp[fs]) assert(ibyp_q && f_slot == fs);
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  wire f_cover_iss_byp  = f_live & dec_q & ibyp_q;
  wire f_cover_max      = f_live & (nbyp_q[NbW-1:0] == MaxV);
  wire f_cover_down     = f_step & dec_q & ~f_clr & (nbyp_q[f_ik*NbW +: NbW] < f_nbyp[f_ik*NbW +: NbW]);
  wire f_cover_quota    = f_step & f_iss & ~ibyp_q & ~f_clr & (nbyp_q[f_ik*NbW +: NbW] != {NbW{1'b0}});
  wire f_cover_byp      = f_live & byp_q;
  wire f_cover_all_byp  = f_live & (&sbyp_q);
  wire f_cover_hits_sat = f_live & (hits_q[CntW-1:0] == CMax);
  wire f_cover_clr_dec  = f_step & f_clr & dec_q;
  always @* begin
    cover(f_cover_iss_byp);
    cover(f_cover_max);
    cover(f_cover_down);
    cover(f_cover_quota);
    cover(f_cover_byp);
    cover(f_cover_all_byp);
    cover(f_cover_hits_sat);
    cover(f_cover_clr_dec);
  end
`endif

  assign byp_valid_o = bypv_q;
  assign byp_o       = byp_q;
  assign iss_byp_o   = ibyp_q;
  assign dec_o       = dec_q;
  assign nbyp_o      = nbyp_q;
  assign cont_o      = cont_q;
  assign pend_o      = pend_q;
  assign slot_byp_o  = sbyp_q;
  assign dbg_hits_o  = dbgh_q;
  assign dbg_stall_o = dbgs_q;

endmodule

`default_nettype wire
