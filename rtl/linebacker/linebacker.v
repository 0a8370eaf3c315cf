// linebacker.v - the Linebacker SM slice: Load Monitor, Victim Tag Table and
// CTA Throttling Logic wired together with the glue the paper implies.
//
// The part of one SM that Linebacker adds (Oh et al., "Linebacker:
// Preserving Victim Cache Lines in Idle Register Files of GPUs", ISCA 2019,
// sections 3.2, 4, Figure 7, 4.1, 4.2), as a designer integrates it:
// rtl/lm/lm.v, rtl/vtt/vtt.v and rtl/ctl/ctl.v instantiated unchanged, plus
// the glue (the usefulness check before a VTT insert, the VTT lookup answer
// fed back to the LM, the LRN handshake, the shared window) and the
// integration invariants on viol_o. Every wire between the sub-blocks starts
// at a register; the ports are the SM side.
//
// Specification: doc/linebacker.md, sections "Ports", "Wiring", "Glue
// state and reset", "Integration decisions", "Integration invariants
// (viol_o)", "Storage (4.2)"; the formal properties below (ifdef FORMAL):
// its "Formal" section.
//
// Parameters: each is passed by name to the sub-blocks that have it
// (doc/linebacker.md "Parameters"); the legal ranges and cross-parameter
// rules are the sub-blocks', which stop elaboration with a named error.
//   lm:  Entries CntW WinLen Thresh SelWin2 (WinCntW stays 8)
//   vtt: Sets VpWays NumVp TagW Offset VpLat, and RnW
//   ctl: MaxCta InstW RetW UpRatio LoRatio BufEnt MinAct, and RnW
//
// Lint it with its sub-blocks: verilator --lint-only -Wall -y rtl/lm
// -y rtl/vtt -y rtl/ctl rtl/linebacker/linebacker.v (make lint does, at
// every corner of linebacker.lint).

`default_nettype none

module linebacker #(
  parameter integer Entries = 32,
  parameter integer CntW    = 32,
  parameter integer WinLen  = 50000,
  parameter integer Thresh  = 20,
  parameter integer SelWin2 = 0,
  parameter integer Sets    = 48,
  parameter integer VpWays  = 4,
  parameter integer NumVp   = 8,
  parameter integer TagW    = 18,
  parameter integer Offset  = 512,
  parameter integer VpLat   = 3,
  parameter integer RnW     = 11,
  parameter integer MaxCta  = 32,
  parameter integer InstW   = 32,
  parameter integer RetW    = 3,
  parameter integer UpRatio = 110,
  parameter integer LoRatio = 90,
  parameter integer BufEnt  = 6,
  parameter integer MinAct  = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                cfg_ld_i,
  input  wire [RnW:0]        cfg_nreg_i,
  input  wire [31:0]         cfg_bp_i,
  input  wire                hit_valid_i,
  input  wire [31:0]         hit_pc_i,
  input  wire                req_valid_i,
  input  wire [1:0]          req_op_i,
  input  wire [31:0]         req_pc_i,
  input  wire [HashW-1:0]    req_hpc_i,
  input  wire [SetW-1:0]     req_set_i,
  input  wire [TagW-1:0]     req_tag_i,
  input  wire [RetW-1:0]     ret_cnt_i,
  input  wire                launch_valid_i,
  input  wire [CtaW-1:0]     launch_id_i,
  input  wire [RnW-1:0]      launch_frn_i,
  input  wire                done_valid_i,
  input  wire [CtaW-1:0]     done_id_i,
  input  wire                drained_i,
  input  wire                rf_rd_ready_i,
  input  wire                rf_wr_ready_i,
  input  wire                mem_ready_i,
  input  wire                mem_rvalid_i,
  input  wire [CtaW-1:0]     dbg_cta_i,
  output wire                hit_ready_o,
  output wire                req_ready_o,
  output wire [1:0]          lm_state_o,
  output wire [Entries-1:0]  sel_mask_o,
  output wire                win_end_o,
  output wire [HashW-1:0]    hpc_o,
  output wire                vtt_rsp_valid_o,
  output wire [1:0]          vtt_rsp_op_o,
  output wire                vtt_rsp_hit_o,
  output wire                vtt_rf_rd_o,
  output wire                vtt_rf_wr_o,
  output wire [RnW-1:0]      vtt_rn_o,
  output wire [1:0]          vtt_mode_o,
  output wire [NumVp-1:0]    vp_act_o,
  output wire [RnW-1:0]      lrn_ack_o,
  output wire [1:0]          phase_o,
  output wire [MaxCta-1:0]   sched_mask_o,
  output wire [RnW-1:0]      lrn_o,
  output wire [31:0]         bp_o,
  output wire [2:0]          dec_o,
  output wire [1:0]          mv_state_o,
  output wire [CtaW-1:0]     mv_cta_o,
  output wire                launch_new_o,
  output wire                rf_rd_valid_o,
  output wire [RnW-1:0]      rf_rd_rn_o,
  output wire                rf_wr_valid_o,
  output wire [RnW-1:0]      rf_wr_rn_o,
  output wire                mem_valid_o,
  output wire                mem_we_o,
  output wire [31:0]         mem_addr_o,
  output wire                dbg_v_o,
  output wire                dbg_act_o,
  output wire                dbg_c_o,
  output wire [RnW-1:0]      dbg_frn_o,
  output wire [31:0]         dbg_ba_o,
  output wire [2:0]          viol_o
);

  // ---------------------------------------------------------------------
  // Derived values
  // ---------------------------------------------------------------------
  localparam integer HashW   = (Entries > 1) ? $clog2(Entries) : 1;
  localparam integer SetW    = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer CtaW    = (MaxCta > 1) ? $clog2(MaxCta) : 1;
  localparam integer WinCntW = 8;
  localparam integer VpW     = (NumVp > 1) ? $clog2(NumVp) : 1;
  localparam integer WayW    = (VpWays > 1) ? $clog2(VpWays) : 1;
  localparam integer TotWays = NumVp * VpWays;
  localparam integer RankW   = (TotWays > 1) ? $clog2(TotWays) : 1;
  localparam integer VpsW    = $clog2(NumVp + 1);
  localparam integer NumW    = $clog2(MaxCta + 1);
  localparam integer BufW    = $clog2(BufEnt + 1);

  localparam [1:0] OpLookup = 2'd0, OpInsert = 2'd2;
  localparam [1:0] OutL1Hit = 2'd0, OutVttHit = 2'd1, OutMiss = 2'd2;
  localparam [1:0] LmSel    = 2'd1, PhThr = 2'd1;
  localparam [1:0] EvNone   = 2'd0, EvCheck = 2'd1, EvOffer = 2'd2;
  localparam [2:0] DecNone  = 3'd0;

  // ---------------------------------------------------------------------
  // Sub-block outputs
  // ---------------------------------------------------------------------
  wire [1:0]         lm_state;
  wire               lm_win_end, lm_useful;
  wire               vtt_ready, vtt_rsp_valid, vtt_rsp_hit, vtt_rf_rd, vtt_rf_wr;
  wire [1:0]         vtt_rsp_op;
  wire [RnW-1:0]     vtt_rn, vtt_lrn_ack;
  wire [1:0]         ctl_phase;
  wire [RnW-1:0]     ctl_lrn;
  wire [2:0]         ctl_dec;
  wire               ctl_rf_wr_valid;
  wire [RnW-1:0]     ctl_rf_wr_rn;

  // outputs of the blocks the SM does not need (doc "Not brought out")
  /* verilator lint_off UNUSED */
  wire [WinCntW-1:0] nc_windows;
  wire [31:0]        nc_lm_dbg_pc;
  wire [CntW-1:0]    nc_lm_dbg_hit, nc_lm_dbg_miss;
  wire [1:0]         nc_lm_dbg_valid;
  wire               nc_fill, nc_evict_valid, nc_vtt_dbg_valid;
  wire [VpW-1:0]     nc_vp;
  wire [WayW-1:0]    nc_way;
  wire [VpsW-1:0]    nc_vps;
  wire [TagW-1:0]    nc_evict_tag, nc_vtt_dbg_tag;
  wire [NumVp-1:0]   nc_vp_drop;
  wire [RankW-1:0]   nc_vtt_dbg_rank;
  wire [NumW-1:0]    nc_nact, nc_ninact, nc_pend;
  wire [BufW-1:0]    nc_buf_cnt, nc_buf_fill;
  wire [InstW-1:0]   nc_icur, nc_iprev;
  /* verilator lint_on UNUSED */

  // ---------------------------------------------------------------------
  // Glue registers (doc "Glue state and reset")
  // ---------------------------------------------------------------------
  reg [31:0]     lk_pc_q, lk_pc_d;
  (* fsm_encoding = "none" *)      // counted as 2 flops, as in the model
  reg [1:0]      ev_st_q;
  reg [1:0]      ev_st_d;
  reg [SetW-1:0] ev_set_q, ev_set_d;
  reg [TagW-1:0] ev_tag_q, ev_tag_d;
  reg            ev_useful_q, ev_useful_d;
  reg            win_chk_q;
  wire           win_chk_d;

  // ---------------------------------------------------------------------
  // Wiring (doc "Wiring")
  // ---------------------------------------------------------------------
  wire ans   = vtt_rsp_valid && (vtt_rsp_op == OpLookup);   // LM port taken by the answer
  wire take  = req_valid_i && req_ready_o;                  // queue head taken
  wire offer = (ev_st_q == EvOffer);                        // insert offered to the VTT

  wire             lm_acc_valid = ans || hit_valid_i;
  wire [31:0]      lm_acc_pc    = ans ? lk_pc_q : hit_pc_i;
  wire [1:0]       lm_acc_out   = ans ? (vtt_rsp_hit ? OutVttHit : OutMiss) : OutL1Hit;
  wire             lm_vc_valid  = take && (req_op_i == OpInsert);

  wire             vtt_req_valid  = offer || (take && (req_op_i < OpInsert));
  wire [1:0]       vtt_req_op     = offer ? OpInsert : req_op_i;
  wire [SetW-1:0]  vtt_req_set    = offer ? ev_set_q : req_set_i;
  wire [TagW-1:0]  vtt_req_tag    = offer ? ev_tag_q : req_tag_i;
  wire             vtt_req_useful = offer && ev_useful_q;

  lm #(
    .Entries (Entries),
    .CntW    (CntW),
    .WinLen  (WinLen),
    .Thresh  (Thresh),
    .WinCntW (WinCntW),
    .SelWin2 (SelWin2)
  ) u_lm (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .acc_valid_i (lm_acc_valid),
    .acc_pc_i    (lm_acc_pc),
    .acc_out_i   (lm_acc_out),
    .vc_valid_i  (lm_vc_valid),
    .vc_hpc_i    (req_hpc_i),
    .dbg_addr_i  ({HashW{1'b0}}),
    .state_o     (lm_state),
    .sel_mask_o  (sel_mask_o),
    .windows_o   (nc_windows),
    .win_end_o   (lm_win_end),
    .useful_o    (lm_useful),
    .acc_hpc_o   (hpc_o),
    .dbg_pc_o    (nc_lm_dbg_pc),
    .dbg_hit_o   (nc_lm_dbg_hit),
    .dbg_miss_o  (nc_lm_dbg_miss),
    .dbg_valid_o (nc_lm_dbg_valid)
  );

  vtt #(
    .Sets   (Sets),
    .VpWays (VpWays),
    .NumVp  (NumVp),
    .TagW   (TagW),
    .RnW    (RnW),
    .Offset (Offset),
    .VpLat  (VpLat)
  ) u_vtt (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .lm_state_i    (lm_state),
    .lrn_i         (ctl_lrn),
    .req_valid_i   (vtt_req_valid),
    .req_op_i      (vtt_req_op),
    .req_set_i     (vtt_req_set),
    .req_tag_i     (vtt_req_tag),
    .req_useful_i  (vtt_req_useful),
    .dbg_vp_i      ({VpW{1'b0}}),
    .dbg_set_i     ({SetW{1'b0}}),
    .dbg_way_i     ({WayW{1'b0}}),
    .req_ready_o   (vtt_ready),
    .rsp_valid_o   (vtt_rsp_valid),
    .rsp_op_o      (vtt_rsp_op),
    .rsp_hit_o     (vtt_rsp_hit),
    .rsp_fill_o    (nc_fill),
    .rsp_vp_o      (nc_vp),
    .rsp_way_o     (nc_way),
    .rsp_rn_o      (vtt_rn),
    .rsp_vps_o     (nc_vps),
    .rf_rd_o       (vtt_rf_rd),
    .rf_wr_o       (vtt_rf_wr),
    .evict_valid_o (nc_evict_valid),
    .evict_tag_o   (nc_evict_tag),
    .vp_act_o      (vp_act_o),
    .vp_drop_o     (nc_vp_drop),
    .lrn_ack_o     (vtt_lrn_ack),
    .mode_o        (vtt_mode_o),
    .dbg_valid_o   (nc_vtt_dbg_valid),
    .dbg_tag_o     (nc_vtt_dbg_tag),
    .dbg_rank_o    (nc_vtt_dbg_rank)
  );

  ctl #(
    .MaxCta  (MaxCta),
    .RnW     (RnW),
    .InstW   (InstW),
    .RetW    (RetW),
    .UpRatio (UpRatio),
    .LoRatio (LoRatio),
    .BufEnt  (BufEnt),
    .MinAct  (MinAct)
  ) u_ctl (
    .clk_i          (clk_i),
    .rst_ni         (rst_ni),
    .cfg_ld_i       (cfg_ld_i),
    .cfg_nreg_i     (cfg_nreg_i),
    .cfg_bp_i       (cfg_bp_i),
    .lm_state_i     (lm_state),
    .win_end_i      (lm_win_end),
    .ret_cnt_i      (ret_cnt_i),
    .launch_valid_i (launch_valid_i),
    .launch_id_i    (launch_id_i),
    .launch_frn_i   (launch_frn_i),
    .done_valid_i   (done_valid_i),
    .done_id_i      (done_id_i),
    .drained_i      (drained_i),
    .lrn_ack_i      (vtt_lrn_ack),
    .rf_rd_ready_i  (rf_rd_ready_i),
    .rf_wr_ready_i  (rf_wr_ready_i),
    .mem_ready_i    (mem_ready_i),
    .mem_rvalid_i   (mem_rvalid_i),
    .dbg_cta_i      (dbg_cta_i),
    .phase_o        (ctl_phase),
    .sched_mask_o   (sched_mask_o),
    .lrn_o          (ctl_lrn),
    .bp_o           (bp_o),
    .nact_o         (nc_nact),
    .ninact_o       (nc_ninact),
    .pend_o         (nc_pend),
    .mv_state_o     (mv_state_o),
    .mv_cta_o       (mv_cta_o),
    .rf_rd_valid_o  (rf_rd_valid_o),
    .rf_rd_rn_o     (rf_rd_rn_o),
    .rf_wr_valid_o  (ctl_rf_wr_valid),
    .rf_wr_rn_o     (ctl_rf_wr_rn),
    .mem_valid_o    (mem_valid_o),
    .mem_we_o       (mem_we_o),
    .mem_addr_o     (mem_addr_o),
    .buf_cnt_o      (nc_buf_cnt),
    .buf_fill_o     (nc_buf_fill),
    .launch_new_o   (launch_new_o),
    .dec_o          (ctl_dec),
    .icur_o         (nc_icur),
    .iprev_o        (nc_iprev),
    .dbg_v_o        (dbg_v_o),
    .dbg_act_o      (dbg_act_o),
    .dbg_c_o        (dbg_c_o),
    .dbg_frn_o      (dbg_frn_o),
    .dbg_ba_o       (dbg_ba_o)
  );

  // ---------------------------------------------------------------------
  // Glue: next values from the registers at the start of the cycle
  // ---------------------------------------------------------------------
  always @* begin
    lk_pc_d     = lk_pc_q;
    ev_st_d     = ev_st_q;
    ev_set_d    = ev_set_q;
    ev_tag_d    = ev_tag_q;
    ev_useful_d = ev_useful_q;
    if (take && (req_op_i == OpLookup)) lk_pc_d = req_pc_i;
    case (ev_st_q)
      EvNone: if (lm_vc_valid) begin
        ev_st_d  = EvCheck;
        ev_set_d = req_set_i;
        ev_tag_d = req_tag_i;
      end
      EvCheck: begin
        ev_useful_d = lm_useful;       // the LM's check of the cycle before
        ev_st_d     = EvOffer;
      end
      default: if (vtt_ready) ev_st_d = EvNone;
    endcase
  end

  assign win_chk_d = lm_win_end && (lm_state == LmSel) && (ctl_phase == PhThr);

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only
  // ---------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lk_pc_q     <= 32'd0;
      ev_st_q     <= EvNone;
      ev_set_q    <= {SetW{1'b0}};
      ev_tag_q    <= {TagW{1'b0}};
      ev_useful_q <= 1'b0;
      win_chk_q   <= 1'b0;
    end else begin
      lk_pc_q     <= lk_pc_d;
      ev_st_q     <= ev_st_d;
      ev_set_q    <= ev_set_d;
      ev_tag_q    <= ev_tag_d;
      ev_useful_q <= ev_useful_d;
      win_chk_q   <= win_chk_d;
    end
  end

  // ---------------------------------------------------------------------
  // Outputs (doc "Ports")
  // ---------------------------------------------------------------------
  assign hit_ready_o     = !ans;
  assign req_ready_o     = vtt_ready && (ev_st_q == EvNone);
  assign lm_state_o      = lm_state;
  assign win_end_o       = lm_win_end;
  assign vtt_rsp_valid_o = vtt_rsp_valid;
  assign vtt_rsp_op_o    = vtt_rsp_op;
  assign vtt_rsp_hit_o   = vtt_rsp_hit;
  assign vtt_rf_rd_o     = vtt_rf_rd;
  assign vtt_rf_wr_o     = vtt_rf_wr;
  assign vtt_rn_o        = vtt_rn;
  assign lrn_ack_o       = vtt_lrn_ack;
  assign phase_o         = ctl_phase;
  assign lrn_o           = ctl_lrn;
  assign dec_o           = ctl_dec;
  assign rf_wr_valid_o   = ctl_rf_wr_valid;
  assign rf_wr_rn_o      = ctl_rf_wr_rn;

  // integration invariants (doc "Integration invariants", the RTL's checks)
  wire viol_rf  = (vtt_rf_rd || vtt_rf_wr) && (vtt_rn <= vtt_lrn_ack);
  wire viol_ack = ctl_rf_wr_valid && (ctl_rf_wr_rn > vtt_lrn_ack);
  wire viol_win = win_chk_q && (ctl_dec == DecNone);
  assign viol_o = {viol_win, viol_ack, viol_rf};

`ifdef FORMAL
  // =====================================================================
  // Formal properties, run by `formal/formal.sh linebacker` at the reduced
  // configuration in formal/linebacker.sby. The three blocks are read with
  // their own properties on, so their invariants hold (and are proved) in
  // the integrated context. No input is constrained after the initial
  // reset.
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume(!rst_ni);

  always @* if (rst_ni) begin
    // I-RF, I-ACK, I-WIN
    assert(!viol_rf);
    assert(!viol_ack);
    assert(!viol_win);
    // the glue's own state
    assert(ev_st_q != 2'd3);
    if (ev_st_q != EvNone) assert(!req_ready_o);
    // the VTT is idle whenever an insert is offered (doc/linebacker.md
    // "Formal": the eviction was taken with the VTT ready and nothing has
    // reached the VTT since), so an offer never waits
    if (offer) assert(vtt_ready);
  end

  always @(posedge clk_i) if (f_past_valid && rst_ni && $past(rst_ni)) begin
    // the handshake is wired: an idle VTT edge acknowledges the CTL's LRN
    if ($past(vtt_ready)) assert(vtt_lrn_ack == $past(ctl_lrn));
    // an eviction's insert carries the LM's answer for its own HPC
    if ($past(ev_st_q == EvNone && lm_vc_valid))
      assert(lm_useful == $past(lm_state == LmSel && sel_mask_o[req_hpc_i]));
    if ($past(ev_st_q == EvCheck)) assert(offer && ev_useful_q == $past(lm_useful));
    // an offered insert is taken at once, then the queue moves
    if ($past(offer)) assert(ev_st_q == EvNone);
  end

  // covers: every glue path and every invariant's premise is reachable
  wire f_live           = f_past_valid & rst_ni;
  wire f_cover_answer   = f_live & ans & hit_valid_i;
  wire f_cover_insert   = f_live & offer & vtt_ready & ev_useful_q;
  wire f_cover_rf_req   = f_live & (vtt_rf_rd | vtt_rf_wr);
  wire f_cover_restore  = f_live & ctl_rf_wr_valid;
  wire f_cover_ack_lags = f_live & ctl_rf_wr_valid & !vtt_ready;   // a restore write, VTT busy
  wire f_cover_win_chk  = f_live & win_chk_q;
  always @* begin
    cover(f_cover_answer);
    cover(f_cover_insert);
    cover(f_cover_rf_req);
    cover(f_cover_restore);
    cover(f_cover_ack_lags);
    cover(f_cover_win_chk);
  end
`endif

endmodule

`default_nettype wire
