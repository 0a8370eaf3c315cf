// wp_gpu.v - Liang's dynamic way-partitioning scheme as one block: one
// wpctl wired to NumSm SMs, each a waypart fed by its own tbbyp.
//
// Liang, Li, Xie, "Exploring Cache Bypassing and Partitioning for
// Multi-Tasking on GPUs", III-B3 (the dynamic scheme) with III-C's
// thread-block bypassing: rtl/wpctl/wpctl.v once, rtl/waypart/waypart.v
// and rtl/tbbyp/tbbyp.v NumSm times, instantiated unchanged, plus the glue
// (the one-stage access pipe, the load-class table read, the output muxes
// and the integration checks on viol_o).
//
// Specification: doc/wp_gpu.md, sections "Parameters", "Decisions of the
// composite (G1-G9)", "Ports", "Glue state and reset", "Integration
// invariants (viol_o)"; the formal properties below (ifdef FORMAL).
//
// Parameters: each goes to the sub-blocks that have it by name; NumLd
// (1..32) is the glue's. Legal ranges and cross-parameter rules are the
// sub-blocks' (they stop elaboration with a named error) plus NumSm <= 8,
// NumSm x PartW <= 64 and NumSm x Kernels x RetW <= 64 (checked below).
//
// Lint it with its sub-blocks: verilator --lint-only -Wall -y rtl/wpctl
// -y rtl/waypart -y rtl/tbbyp rtl/wp_gpu/wp_gpu.v (make lint does, at
// every corner of wp_gpu.lint).

`default_nettype none

module wp_gpu #(
  parameter integer NumSm   = 4,
  parameter integer Kernels = 2,
  parameter integer Sets    = 32,
  parameter integer Ways    = 4,
  parameter integer TagW    = 20,
  parameter integer TbW     = 4,
  parameter integer RetW    = 2,
  parameter integer WgtW    = 8,
  parameter integer IpcW    = 32,
  parameter integer Flush   = 0,
  parameter integer Seed    = 32'hACE1,
  parameter integer PerMax  = 1048576,
  parameter integer FolMean = 0,
  parameter integer MaxTb   = 8,
  parameter integer CntW    = 24,
  parameter integer WarpW   = 6,
  parameter integer L2Lat   = 100,
  parameter integer ThrNum  = 1,
  parameter integer ThrDen  = 1,
  parameter integer IntFix  = 0,
  parameter integer NumLd   = 8
) (
  input  wire                           clk_i,
  input  wire                           rst_ni,
  input  wire                           acc_valid_i,
  input  wire [SmW-1:0]                 acc_sm_i,
  input  wire                           acc_st_i,
  input  wire [KW-1:0]                  acc_k_i,
  input  wire [SetW-1:0]                acc_set_i,
  input  wire [TagW-1:0]                acc_tag_i,
  input  wire [SlotW-1:0]               acc_slot_i,
  input  wire [LdW-1:0]                 acc_ld_i,
  input  wire [2*NumLd-1:0]             cfg_cls_i,
  input  wire [NumSm*Kernels-1:0]       stall_i,
  input  wire [Kernels*WarpW-1:0]       warps_i,
  input  wire                           iss_valid_i,
  input  wire [SmW-1:0]                 iss_sm_i,
  input  wire [KW-1:0]                  iss_k_i,
  input  wire [SlotW-1:0]               iss_slot_i,
  input  wire                           ret_valid_i,
  input  wire [SmW-1:0]                 ret_sm_i,
  input  wire [KW-1:0]                  ret_k_i,
  input  wire [SlotW-1:0]               ret_slot_i,
  input  wire [NumSm*Kernels*RetW-1:0]  ins_i,
  input  wire [Kernels*WgtW-1:0]        wgt_i,
  input  wire [Kernels*TbW-1:0]         tb_i,
  input  wire                           static_i,
  input  wire [PartW-1:0]               cfg_part_i,
  input  wire [SmW-1:0]                 dbg_sm_i,
  input  wire [SetW-1:0]                dbg_set_i,
  input  wire [WayW-1:0]                dbg_way_i,
  output reg                            rsp_valid_o,
  output wire [SmW-1:0]                 rsp_sm_o,
  output reg                            rsp_hit_o,
  output reg                            rsp_foreign_o,
  output reg                            rsp_byp_o,
  output reg                            rsp_fill_o,
  output reg                            rsp_inv_o,
  output reg  [WayW-1:0]                rsp_way_o,
  output reg                            evict_valid_o,
  output reg  [TagW-1:0]                evict_tag_o,
  output reg                            byp_o,
  output wire [NumSm*PartW-1:0]         part_o,
  output wire [NumSm-1:0]               done_o,
  output reg  [IpcW-1:0]                ipc_o,
  output reg                            dbg_valid_o,
  output reg  [TagW-1:0]                dbg_tag_o,
  output reg  [WayW-1:0]                dbg_rank_o,
  output reg  [Kernels*NbW-1:0]         nbyp_o,
  output reg  [Kernels-1:0]             cont_o,
  output reg  [MaxTb-1:0]               slot_byp_o,
  output reg                            iss_byp_o,
  output reg                            dec_o,
  output wire                           meas_o,
  output wire                           start_o,
  output wire                           rd_valid_o,
  output wire [SmW-1:0]                 rd_sm_o,
  output wire                           wr_valid_o,
  output wire                           wr_all_o,
  output wire [SmW-1:0]                 wr_sm_o,
  output wire [PartW-1:0]               wr_part_o,
  output wire [PartW-1:0]               fol_part_o,
  output wire [WinW-1:0]                win_o,
  output wire [BW-1:0]                  best_o,
  output wire [15:0]                    periods_o,
  output wire [15:0]                    lfsr_o,
  output wire [5:0]                     viol_o
);

  localparam integer K     = Kernels;
  localparam integer SmW   = (NumSm > 1) ? $clog2(NumSm) : 1;
  localparam integer KW    = (K > 1) ? $clog2(K) : 1;
  localparam integer SetW  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW  = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer SlotW = (MaxTb > 1) ? $clog2(MaxTb) : 1;
  localparam integer NbW   = $clog2(MaxTb + 1);
  localparam integer LdW   = (NumLd > 1) ? $clog2(NumLd) : 1;
  localparam integer CW    = $clog2(Ways + 1);
  localparam integer PartW = K * CW;
  localparam integer WinW  = $clog2(K + 1);
  localparam integer NF    = NumSm - K;
  localparam integer NfW   = (NF > 1) ? $clog2(NF) : 0;
  localparam integer BW    = IpcW + ((FolMean != 0) ? NfW : 0);
  localparam integer MaskW = K * Ways;
  localparam [SmW:0] NumSmV = NumSm[SmW:0];
  localparam [K-1:0] KOne   = {{(K-1){1'b0}}, 1'b1};

  // the composite's own parameter rules (doc "Parameters"); the
  // sub-blocks check theirs
  generate
    if (NumSm > 8) begin : g_err_numsm
      wp_gpu_illegal_NumSm_above_8 u_illegal ();
    end
    if (NumSm * PartW > 64) begin : g_err_partw
      wp_gpu_illegal_part_o_above_64_bits u_illegal ();
    end
    if (NumSm * K * RetW > 64) begin : g_err_insw
      wp_gpu_illegal_ins_i_above_64_bits u_illegal ();
    end
    if (NumLd < 1 || NumLd > 32) begin : g_err_numld
      wp_gpu_illegal_NumLd u_illegal ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Glue registers (doc "Glue state and reset")
  // ---------------------------------------------------------------------
  reg [SmW-1:0]   p1_sm_q, p2_sm_q, dbg_sm_q, iss_sm_q, wrq_sm_q;
  reg             p1_st_q, p2_st_q, p2_byp_q, start_q, chk_q, wrq_valid_q, wrq_all_q;
  reg [KW-1:0]    p1_k_q, p2_k_q;
  reg [SetW-1:0]  p1_set_q;
  reg [TagW-1:0]  p1_tag_q;
  reg [PartW-1:0] wrq_part_q;
  reg [NumSm*PartW-1:0] part_q;

  // ---------------------------------------------------------------------
  // The sub-blocks' outputs, per SM (packed, SM s at field s)
  // ---------------------------------------------------------------------
  wire [NumSm-1:0]       w_rsp_valid, w_rsp_hit, w_rsp_foreign, w_rsp_byp, w_rsp_fill, w_rsp_inv;
  wire [NumSm-1:0]       w_evict_valid, w_dbg_valid;
  wire [NumSm*WayW-1:0]  w_rsp_way, w_dbg_rank;
  wire [NumSm*TagW-1:0]  w_evict_tag, w_dbg_tag;
  wire [NumSm*IpcW-1:0]  w_ipc;
  wire [NumSm-1:0]       b_byp_valid, b_byp, b_iss_byp, b_dec;
  wire [NumSm*K*NbW-1:0] b_nbyp;
  wire [NumSm*K-1:0]     b_cont;
  wire [NumSm*MaxTb-1:0] b_slot;
  /* verilator lint_off UNUSED */
  wire [NumSm*MaskW-1:0] nc_mask;
  wire [NumSm*K-1:0]     nc_pend;
  wire [NumSm*CntW-1:0]  nc_hits, nc_stall;
  /* verilator lint_on UNUSED */

  // ---------------------------------------------------------------------
  // The controller (G8): done bits and the IPC of the polled SM
  // ---------------------------------------------------------------------
  reg [IpcW-1:0] rd_ipc;
  integer ri;
  always @* begin
    rd_ipc = {IpcW{1'b0}};
    for (ri = 0; ri < NumSm; ri = ri + 1)
      if ({1'b0, rd_sm_o} == ri[SmW:0]) rd_ipc = w_ipc[ri*IpcW +: IpcW];
  end

  wpctl #(
    .NumSm   (NumSm),
    .Kernels (Kernels),
    .Ways    (Ways),
    .IpcW    (IpcW),
    .Seed    (Seed),
    .PerMax  (PerMax),
    .FolMean (FolMean)
  ) u_wpctl (
    .clk_i      (clk_i),
    .rst_ni     (rst_ni),
    .sm_done_i  (done_o),
    .rd_ipc_i   (rd_ipc),
    .static_i   (static_i),
    .cfg_part_i (cfg_part_i),
    .meas_o     (meas_o),
    .start_o    (start_o),
    .rd_valid_o (rd_valid_o),
    .rd_sm_o    (rd_sm_o),
    .wr_valid_o (wr_valid_o),
    .wr_all_o   (wr_all_o),
    .wr_sm_o    (wr_sm_o),
    .wr_part_o  (wr_part_o),
    .fol_part_o (fol_part_o),
    .win_o      (win_o),
    .best_o     (best_o),
    .periods_o  (periods_o),
    .lfsr_o     (lfsr_o)
  );

  // G4: the load's class from the table (0 beyond it)
  reg [1:0] cls;
  integer ci;
  always @* begin
    cls = 2'd0;
    for (ci = 0; ci < NumLd; ci = ci + 1)
      if ({1'b0, acc_ld_i} == ci[LdW:0]) cls = cfg_cls_i[2*ci +: 2];
  end

  // ---------------------------------------------------------------------
  // The SMs: tbbyp in the access's cycle, waypart one cycle later (G5)
  // ---------------------------------------------------------------------
  genvar s;
  generate
    for (s = 0; s < NumSm; s = s + 1) begin : g_sm
      localparam [SmW-1:0] SI = s[SmW-1:0];
      // G6: a load hit of kernel p2_k reaches the monitor (foreign hits count)
      wire [K-1:0] hit = (w_rsp_valid[s] && w_rsp_hit[s] && !p2_st_q) ? (KOne << p2_k_q) : {K{1'b0}};

      tbbyp #(
        .Kernels (Kernels),
        .MaxTb   (MaxTb),
        .CntW    (CntW),
        .WarpW   (WarpW),
        .L2Lat   (L2Lat),
        .ThrNum  (ThrNum),
        .ThrDen  (ThrDen),
        .IntFix  (IntFix)
      ) u_tbbyp (
        .clk_i       (clk_i),
        .rst_ni      (rst_ni),
        .clr_i       (start_o),                                   // G7
        .hit_i       (hit),
        .stall_i     (stall_i[s*K +: K]),
        .warps_i     (warps_i),                                   // G3
        .iss_valid_i (iss_valid_i && (iss_sm_i == SI)),
        .iss_k_i     (iss_k_i),
        .iss_slot_i  (iss_slot_i),
        .ret_valid_i (ret_valid_i && (ret_sm_i == SI)),
        .ret_k_i     (ret_k_i),
        .ret_slot_i  (ret_slot_i),
        .acc_valid_i (acc_valid_i && (acc_sm_i == SI)),
        .acc_slot_i  (acc_slot_i),
        .acc_cls_i   (cls),
        .dbg_k_i     ({KW{1'b0}}),
        .byp_valid_o (b_byp_valid[s]),
        .byp_o       (b_byp[s]),
        .iss_byp_o   (b_iss_byp[s]),
        .dec_o       (b_dec[s]),
        .nbyp_o      (b_nbyp[s*K*NbW +: K*NbW]),
        .cont_o      (b_cont[s*K +: K]),
        .pend_o      (nc_pend[s*K +: K]),
        .slot_byp_o  (b_slot[s*MaxTb +: MaxTb]),
        .dbg_hits_o  (nc_hits[s*CntW +: CntW]),
        .dbg_stall_o (nc_stall[s*CntW +: CntW])
      );

      waypart #(
        .Sets    (Sets),
        .Ways    (Ways),
        .TagW    (TagW),
        .Kernels (Kernels),
        .TbW     (TbW),
        .RetW    (RetW),
        .WgtW    (WgtW),
        .IpcW    (IpcW),
        .Flush   (Flush)
      ) u_waypart (
        .clk_i         (clk_i),
        .rst_ni        (rst_ni),
        .acc_valid_i   (b_byp_valid[s]),                          // G5: no logic between
        .acc_st_i      (p1_st_q),
        .acc_k_i       (p1_k_q),
        .acc_byp_i     (b_byp[s]),
        .acc_set_i     (p1_set_q),
        .acc_tag_i     (p1_tag_q),
        .part_we_i     (wr_valid_o && (wr_all_o || (wr_sm_o == SI))),   // G8
        .part_i        (wr_part_o),
        .start_i       (start_o),
        .meas_i        (meas_o),
        .ret_i         (ins_i[s*K*RetW +: K*RetW]),
        .wgt_i         (wgt_i),
        .tb_i          (tb_i),
        .tbd_valid_i   (ret_valid_i && (ret_sm_i == SI)),
        .tbd_k_i       (ret_k_i),
        .dbg_set_i     (dbg_set_i),
        .dbg_way_i     (dbg_way_i),
        .rsp_valid_o   (w_rsp_valid[s]),
        .rsp_hit_o     (w_rsp_hit[s]),
        .rsp_foreign_o (w_rsp_foreign[s]),
        .rsp_byp_o     (w_rsp_byp[s]),
        .rsp_fill_o    (w_rsp_fill[s]),
        .rsp_inv_o     (w_rsp_inv[s]),
        .rsp_way_o     (w_rsp_way[s*WayW +: WayW]),
        .evict_valid_o (w_evict_valid[s]),
        .evict_tag_o   (w_evict_tag[s*TagW +: TagW]),
        .part_o        (part_o[s*PartW +: PartW]),
        .ipc_o         (w_ipc[s*IpcW +: IpcW]),
        .mask_o        (nc_mask[s*MaskW +: MaskW]),
        .done_o        (done_o[s]),
        .dbg_valid_o   (w_dbg_valid[s]),
        .dbg_tag_o     (w_dbg_tag[s*TagW +: TagW]),
        .dbg_rank_o    (w_dbg_rank[s*WayW +: WayW])
      );
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Glue next values and registers (doc "Glue state and reset")
  // ---------------------------------------------------------------------
  wire acc_in = acc_valid_i && ({1'b0, acc_sm_i} < NumSmV);
  wire iss_in = iss_valid_i && ({1'b0, iss_sm_i} < NumSmV);
  wire p1_byp = |(b_byp & b_byp_valid);     // the bypass bit waypart takes (one SM has an access)

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p1_sm_q     <= {SmW{1'b0}};
      p1_st_q     <= 1'b0;
      p1_k_q      <= {KW{1'b0}};
      p1_set_q    <= {SetW{1'b0}};
      p1_tag_q    <= {TagW{1'b0}};
      p2_sm_q     <= {SmW{1'b0}};
      p2_st_q     <= 1'b0;
      p2_k_q      <= {KW{1'b0}};
      p2_byp_q    <= 1'b0;
      dbg_sm_q    <= {SmW{1'b0}};
      iss_sm_q    <= {SmW{1'b0}};
      start_q     <= 1'b0;
      chk_q       <= 1'b0;
      wrq_valid_q <= 1'b0;
      wrq_all_q   <= 1'b0;
      wrq_sm_q    <= {SmW{1'b0}};
      wrq_part_q  <= {PartW{1'b0}};
      part_q      <= {(NumSm*PartW){1'b0}};
    end else begin
      p2_sm_q     <= p1_sm_q;
      p2_st_q     <= p1_st_q;
      p2_k_q      <= p1_k_q;
      p2_byp_q    <= p1_byp;
      p1_sm_q     <= acc_in ? acc_sm_i : {SmW{1'b0}};
      p1_st_q     <= acc_in && acc_st_i;
      p1_k_q      <= acc_in ? acc_k_i : {KW{1'b0}};
      p1_set_q    <= acc_in ? acc_set_i : {SetW{1'b0}};
      p1_tag_q    <= acc_in ? acc_tag_i : {TagW{1'b0}};
      dbg_sm_q    <= dbg_sm_i;
      iss_sm_q    <= iss_in ? iss_sm_i : {SmW{1'b0}};
      start_q     <= start_o;
      chk_q       <= 1'b1;
      wrq_valid_q <= wr_valid_o;
      wrq_all_q   <= wr_all_o;
      wrq_sm_q    <= wr_sm_o;
      wrq_part_q  <= wr_part_o;
      part_q      <= part_o;
    end
  end

  // ---------------------------------------------------------------------
  // Output muxes (G9): the response's SM, the debug SM, the issue's SM
  // ---------------------------------------------------------------------
  assign rsp_sm_o = p2_sm_q;
  integer oi;
  always @* begin
    rsp_valid_o = 1'b0; rsp_hit_o = 1'b0; rsp_foreign_o = 1'b0; rsp_byp_o = 1'b0;
    rsp_fill_o = 1'b0; rsp_inv_o = 1'b0; rsp_way_o = {WayW{1'b0}};
    evict_valid_o = 1'b0; evict_tag_o = {TagW{1'b0}};
    byp_o = 1'b0;
    ipc_o = {IpcW{1'b0}}; dbg_valid_o = 1'b0; dbg_tag_o = {TagW{1'b0}}; dbg_rank_o = {WayW{1'b0}};
    nbyp_o = {(K*NbW){1'b0}}; cont_o = {K{1'b0}}; slot_byp_o = {MaxTb{1'b0}};
    iss_byp_o = 1'b0; dec_o = 1'b0;
    for (oi = 0; oi < NumSm; oi = oi + 1) begin
      if ({1'b0, p2_sm_q} == oi[SmW:0]) begin
        rsp_valid_o   = w_rsp_valid[oi];
        rsp_hit_o     = w_rsp_hit[oi];
        rsp_foreign_o = w_rsp_foreign[oi];
        rsp_byp_o     = w_rsp_byp[oi];
        rsp_fill_o    = w_rsp_fill[oi];
        rsp_inv_o     = w_rsp_inv[oi];
        rsp_way_o     = w_rsp_way[oi*WayW +: WayW];
        evict_valid_o = w_evict_valid[oi];
        evict_tag_o   = w_evict_tag[oi*TagW +: TagW];
      end
      if ({1'b0, p1_sm_q} == oi[SmW:0]) byp_o = b_byp[oi];
      if ({1'b0, dbg_sm_q} == oi[SmW:0]) begin
        ipc_o       = w_ipc[oi*IpcW +: IpcW];
        dbg_valid_o = w_dbg_valid[oi];
        dbg_tag_o   = w_dbg_tag[oi*TagW +: TagW];
        dbg_rank_o  = w_dbg_rank[oi*WayW +: WayW];
        nbyp_o      = b_nbyp[oi*K*NbW +: K*NbW];
        cont_o      = b_cont[oi*K +: K];
        slot_byp_o  = b_slot[oi*MaxTb +: MaxTb];
      end
      if ({1'b0, iss_sm_q} == oi[SmW:0]) begin
        iss_byp_o = b_iss_byp[oi];
        dec_o     = b_dec[oi];
      end
    end
  end

  // ---------------------------------------------------------------------
  // Integration invariants (doc "Integration invariants (viol_o)")
  // ---------------------------------------------------------------------
  // the field sum of a partition exceeds Ways (WP2, WP9)
  function automatic sum_over_f(input [PartW-1:0] p);
    integer j, t;
    begin
      t = 0;
      for (j = 0; j < K; j = j + 1) t = t + {{(32-CW){1'b0}}, p[j*CW +: CW]};
      sum_over_f = t > Ways;
    end
  endfunction

  // p is f, or f with +1 at field i and -1 at one other field (WP14)
  function automatic one_move_f(input [PartW-1:0] p, input [PartW-1:0] f, input integer i);
    integer j, up, down, other, a, b;
    begin
      up = 0; down = 0; other = 0;
      for (j = 0; j < K; j = j + 1) begin
        a = {{(32-CW){1'b0}}, p[j*CW +: CW]};
        b = {{(32-CW){1'b0}}, f[j*CW +: CW]};
        if (j == i && a == b + 1) up = up + 1;
        else if (j != i && a + 1 == b) down = down + 1;
        else if (a != b) other = other + 1;
      end
      one_move_f = (p == f) || (up == 1 && down == 1 && other == 0);
    end
  endfunction

  wire [PartW-1:0] part_k = part_o[K*PartW +: PartW];
  reg viol_fol, viol_sum, viol_chg, viol_prof;
  integer vi;
  always @* begin
    viol_fol  = !wr_all_o && (part_k != fol_part_o);
    viol_sum  = sum_over_f(fol_part_o);
    viol_chg  = 1'b0;
    viol_prof = 1'b0;
    for (vi = 0; vi < NumSm; vi = vi + 1) begin
      if (vi > K && part_o[vi*PartW +: PartW] != part_k) viol_fol = 1'b1;
      if (sum_over_f(part_o[vi*PartW +: PartW])) viol_sum = 1'b1;
      // I-CHG: written: the value written; else unchanged
      if (chk_q && part_o[vi*PartW +: PartW] !=
          ((wrq_valid_q && (wrq_all_q || {1'b0, wrq_sm_q} == vi[SmW:0])) ? wrq_part_q : part_q[vi*PartW +: PartW]))
        viol_chg = 1'b1;
      if (vi < K && meas_o && !one_move_f(part_o[vi*PartW +: PartW], fol_part_o, vi)) viol_prof = 1'b1;
    end
  end
  wire viol_byp = rsp_valid_o && !p2_st_q && p2_byp_q && !rsp_byp_o;
  wire viol_clr = start_q && ((|b_nbyp) || (|b_cont));
  assign viol_o = {viol_clr, viol_byp, viol_prof, viol_chg, viol_sum, viol_fol};

`ifdef FORMAL
  // =====================================================================
  // Formal properties, run by `formal/formal.sh wp_gpu` at the reduced
  // configuration in formal/wp_gpu.sby. The three blocks are read without
  // their own properties (each proves them in its own .sby); PDR finds the
  // relations it needs. No input is constrained after the initial reset.
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset

  always @* if (rst_ni) begin
    assert(!viol_fol);
    assert(!viol_sum);
    assert(!viol_chg);
    assert(!viol_prof);
    assert(!viol_byp);
    assert(!viol_clr);
  end

  wire f_live            = f_past_valid & rst_ni;
  wire f_cover_prof_win  = f_live & wr_all_o & (win_o != {WinW{1'b0}});
  wire f_cover_prof_move = f_live & wr_valid_o & !wr_all_o & (wr_part_o != fol_part_o);
  wire f_cover_tb_byp    = f_live & rsp_valid_o & rsp_byp_o & p2_byp_q;
  wire f_cover_clr       = f_live & start_o & (|b_nbyp);
  always @* begin
    cover(f_cover_prof_win);
    cover(f_cover_prof_move);
    cover(f_cover_tb_byp);
    cover(f_cover_clr);
  end
`endif

endmodule

`default_nettype wire
