// cbwt_l1.v - CBWT's sampler-core slice: pdp_cache, pdp, noc_sampler,
// maw_ctl and victim_bits wired over one sampling period.
//
// What CBWT adds to its one sampler core (Chen et al., "Adaptive Cache
// Management for Energy-efficient GPU Computing", MICRO 2014, Fig. 10,
// IV, V-B, V-C), as a designer integrates it: rtl/pdp_cache/pdp_cache.v,
// rtl/pdp/pdp.v, rtl/noc_sampler/noc_sampler.v, rtl/maw_ctl/maw_ctl.v and
// rtl/victim_bits/victim_bits.v instantiated unchanged, plus the glue
// (the bypass enable, five registers for the integration invariants on
// viol_o). Every wire between the sub-blocks starts at a register.
//
// Specification: doc/cbwt_l1.md, sections "Parameters", "Ports",
// "Wiring", "Glue state and reset", "Slice decisions", "Integration
// invariants (viol_o)"; the formal properties below (ifdef FORMAL).
//
// Parameters: each goes to the sub-blocks that have it by name, or as
// renamed (doc "Parameters"): PdTagW -> pdp TagW, 2^PeriodLog -> pdp
// PeriodLen, L2Sets/L2Ways/VbPeriod -> victim_bits Sets/Ways/Period;
// BypMode (0, 1) is the glue's. The legal ranges and cross-parameter rules
// are the sub-blocks', which stop elaboration with a named error, plus
// PdTagW <= TagW and 2^PeriodLog >= LatW + 2 (checked below).
//
// Lint it with its sub-blocks: verilator --lint-only -Wall -y rtl/pdp_cache
// -y rtl/pdp -y rtl/noc_sampler -y rtl/maw_ctl -y rtl/victim_bits
// rtl/cbwt_l1/cbwt_l1.v (make lint does, at every corner of cbwt_l1.lint).

`default_nettype none

module cbwt_l1 #(
  parameter integer Sets        = 64,
  parameter integer Ways        = 4,
  parameter integer TagW        = 19,
  parameter integer DMax        = 64,
  parameter integer VicLru      = 1,
  parameter integer Resv        = 1,
  parameter integer WrEvict     = 1,
  parameter integer SampledSets = 8,
  parameter integer Sc          = 4,
  parameter integer SampM       = 4,
  parameter integer De          = 4,
  parameter integer PdMin       = 4,
  parameter integer PdTagW      = 16,
  parameter integer PeriodLog   = 14,
  parameter integer Slots       = 8,
  parameter integer LatW        = 10,
  parameter integer CntW        = 10,
  parameter integer RateShift   = 6,
  parameter integer NMax        = 24,
  parameter integer PerCore     = 0,
  parameter integer MinMaw      = 1,
  parameter integer Tw          = 10,
  parameter integer TL          = 32,
  parameter integer TH          = 64,
  parameter integer EqCur       = 0,
  parameter integer L1s         = 16,
  parameter integer L2Sets      = 512,
  parameter integer L2Ways      = 16,
  parameter integer SampleShift = 6,
  parameter integer VbPeriod    = 16384,
  parameter integer BypMode     = 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 acc_valid_i,
  input  wire                 acc_wr_i,
  input  wire [SetW-1:0]      acc_set_i,
  input  wire [TagW-1:0]      acc_tag_i,
  input  wire                 fill_valid_i,
  input  wire [SetW-1:0]      fill_set_i,
  input  wire [WayW-1:0]      fill_way_i,
  input  wire [SetW-1:0]      dbg_set_i,
  input  wire [WayW-1:0]      dbg_way_i,
  input  wire                 inj_valid_i,
  input  wire                 ret_valid_i,
  input  wire [IdW-1:0]       ret_id_i,
  input  wire                 ev_valid_i,
  input  wire [1:0]           ev_kind_i,
  input  wire [L2SetW-1:0]    ev_set_i,
  input  wire [L2WayW-1:0]    ev_way_i,
  input  wire [L1W-1:0]       ev_l1_i,
  output wire                 rsp_valid_o,
  output wire                 rsp_wr_o,
  output wire [1:0]           rsp_kind_o,
  output wire [WayW-1:0]      rsp_way_o,
  output wire                 rsp_evict_o,
  output wire                 rsp_forced_o,
  output wire                 rsp_resv_o,
  output wire                 dbg_valid_o,
  output wire                 dbg_resv_o,
  output wire [TagW-1:0]      dbg_tag_o,
  output wire [LD-1:0]        dbg_rpd_o,
  output wire [WayW-1:0]      dbg_rank_o,
  output wire [LD:0]          pd_o,
  output wire                 pd_valid_o,
  output wire                 pdp_busy_o,
  output wire                 byp_en_o,
  output wire                 mark_o,
  output wire [IdW-1:0]       mark_id_o,
  output wire                 drop_o,
  output wire                 tmo_o,
  output wire                 stale_o,
  output wire                 noc_busy_o,
  output wire                 avg_valid_o,
  output wire [LatW-1:0]      avg_o,
  output wire [CntW-1:0]      nsamp_o,
  output wire                 contention_o,
  output wire                 vb_done_o,
  output wire [NW-1:0]        maw_o,
  output wire                 per_end_o,
  output wire                 wait_o,
  output wire [PeriodLog:0]   mb_o,
  output wire [NW-1:0]        nt_o,
  output wire                 dec_valid_o,
  output wire [2:0]           dec_o,
  output wire [1:0]           dir_o,
  output wire                 phase_o,
  output wire                 stop_o,
  output wire [5:0]           viol_o
);

  localparam integer SetW    = $clog2(Sets);
  localparam integer WayW    = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer LD      = $clog2(DMax);
  localparam integer IdW     = ((Slots > 1) ? $clog2(Slots) : 1) + 1;
  localparam integer N       = NMax * (PerCore + 1);
  localparam integer NW      = $clog2(N + 1);
  localparam integer L2SetW  = (L2Sets > 1) ? $clog2(L2Sets) : 1;
  localparam integer L2WayW  = (L2Ways > 1) ? $clog2(L2Ways) : 1;
  localparam integer L1W     = (L1s > 1) ? $clog2(L1s) : 1;
  localparam integer NB      = DMax / Sc;
  localparam integer PdDbgW  = $clog2(NB + 1);
  localparam integer VbN     = (L2Sets + (1 << SampleShift) - 1) >> SampleShift;
  localparam integer VbSlotW = (VbN > 1) ? $clog2(VbN) : 1;
  localparam integer PeriodLen = 1 << PeriodLog;
  localparam [NW-1:0] NV     = N[NW-1:0];
  localparam [1:0] KindBypass = 2'd2;

  // the slice's own parameter rules (doc "Parameters"); the sub-blocks
  // check theirs
  generate
    if (PdTagW > TagW) begin : g_err_pdtagw
      cbwt_l1_illegal_PdTagW_above_TagW u_illegal ();
    end
    if (PeriodLen < LatW + 2) begin : g_err_period
      cbwt_l1_illegal_PeriodLog_below_LatW_plus_2 u_illegal ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Sub-block outputs the slice does not bring out (doc "Ports")
  // ---------------------------------------------------------------------
  /* verilator lint_off UNUSED */
  wire          nc_samp_hit, nc_frozen, nc_sampled, nc_lost;
  wire [LD-1:0] nc_samp_rd;
  wire [31:0]   nc_pdp_dbg;
  wire [11:0]   nc_lls, nc_acc;
  wire [L1s-1:0] nc_vb_dbg;
  /* verilator lint_on UNUSED */

  // ---------------------------------------------------------------------
  // Wiring (doc "Wiring"): every wire starts at a sub-block register
  // ---------------------------------------------------------------------
  wire byp_en = (BypMode == 0) ? 1'b1 : contention_o;          // S2
  wire [PdTagW-1:0] pd_tag = acc_tag_i[PdTagW-1:0];           // S9

  pdp_cache #(
    .Sets    (Sets),
    .Ways    (Ways),
    .TagW    (TagW),
    .DMax    (DMax),
    .VicLru  (VicLru),
    .Resv    (Resv),
    .WrEvict (WrEvict)
  ) u_pdp_cache (
    .clk_i        (clk_i),
    .rst_ni       (rst_ni),
    .acc_valid_i  (acc_valid_i),
    .acc_wr_i     (acc_wr_i),
    .acc_set_i    (acc_set_i),
    .acc_tag_i    (acc_tag_i),
    .pd_i         (pd_o),
    .byp_en_i     (byp_en),
    .fill_valid_i (fill_valid_i),
    .fill_set_i   (fill_set_i),
    .fill_way_i   (fill_way_i),
    .dbg_set_i    (dbg_set_i),
    .dbg_way_i    (dbg_way_i),
    .rsp_valid_o  (rsp_valid_o),
    .rsp_wr_o     (rsp_wr_o),
    .rsp_kind_o   (rsp_kind_o),
    .rsp_way_o    (rsp_way_o),
    .rsp_evict_o  (rsp_evict_o),
    .rsp_forced_o (rsp_forced_o),
    .rsp_resv_o   (rsp_resv_o),
    .dbg_valid_o  (dbg_valid_o),
    .dbg_resv_o   (dbg_resv_o),
    .dbg_tag_o    (dbg_tag_o),
    .dbg_rpd_o    (dbg_rpd_o),
    .dbg_rank_o   (dbg_rank_o)
  );

  pdp #(
    .Sets        (Sets),
    .SampledSets (SampledSets),
    .DMax        (DMax),
    .Sc          (Sc),
    .SampM       (SampM),
    .TagW        (PdTagW),
    .De          (De),
    .PdMin       (PdMin),
    .PeriodLen   (PeriodLen)
  ) u_pdp (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .acc_valid_i (acc_valid_i && !acc_wr_i),                     // S8: reads only
    .acc_set_i   (acc_set_i),
    .acc_tag_i   (pd_tag),
    .dbg_addr_i  ({PdDbgW{1'b0}}),
    .samp_hit_o  (nc_samp_hit),
    .samp_rd_o   (nc_samp_rd),
    .frozen_o    (nc_frozen),
    .busy_o      (pdp_busy_o),
    .pd_valid_o  (pd_valid_o),
    .pd_o        (pd_o),
    .dbg_data_o  (nc_pdp_dbg)
  );

  noc_sampler #(
    .Slots     (Slots),
    .LatW      (LatW),
    .CntW      (CntW),
    .RateShift (RateShift)
  ) u_noc_sampler (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .inj_valid_i (inj_valid_i),
    .ret_valid_i (ret_valid_i),
    .ret_id_i    (ret_id_i),
    .per_end_i   (per_end_o),
    .mark_o      (mark_o),
    .mark_id_o   (mark_id_o),
    .drop_o      (drop_o),
    .tmo_o       (tmo_o),
    .stale_o     (stale_o),
    .busy_o      (noc_busy_o),
    .avg_valid_o (avg_valid_o),
    .avg_o       (avg_o),
    .nsamp_o     (nsamp_o)
  );

  maw_ctl #(
    .NMax      (NMax),
    .PerCore   (PerCore),
    .MinMaw    (MinMaw),
    .Tw        (Tw),
    .PeriodLog (PeriodLog),
    .LatW      (LatW),
    .TL        (TL),
    .TH        (TH),
    .EqCur     (EqCur)
  ) u_maw_ctl (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .acc_valid_i (rsp_valid_o && !rsp_wr_o),
    .acc_byp_i   (rsp_kind_o == KindBypass),
    .cont_i      (contention_o),
    .noc_valid_i (avg_valid_o),
    .noc_avg_i   (avg_o),
    .maw_o       (maw_o),
    .per_end_o   (per_end_o),
    .wait_o      (wait_o),
    .mb_o        (mb_o),
    .nt_o        (nt_o),
    .dec_valid_o (dec_valid_o),
    .dec_o       (dec_o),
    .dir_o       (dir_o),
    .phase_o     (phase_o),
    .stop_o      (stop_o)
  );

  victim_bits #(
    .L1s         (L1s),
    .Sets        (L2Sets),
    .Ways        (L2Ways),
    .SampleShift (SampleShift),
    .Period      (VbPeriod)
  ) u_victim_bits (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .ev_valid_i    (ev_valid_i),
    .ev_kind_i     (ev_kind_i),
    .ev_set_i      (ev_set_i),
    .ev_way_i      (ev_way_i),
    .ev_l1_i       (ev_l1_i),
    .dbg_addr_i    ({(VbSlotW + L2WayW){1'b0}}),
    .contention_o  (contention_o),
    .period_done_o (vb_done_o),
    .lls_o         (nc_lls),
    .acc_o         (nc_acc),
    .sampled_o     (nc_sampled),
    .lost_o        (nc_lost),
    .dbg_data_o    (nc_vb_dbg)
  );

  assign byp_en_o = byp_en;

  // ---------------------------------------------------------------------
  // Glue registers (doc "Glue state and reset"): the integration checks'
  // view of the last cycle
  // ---------------------------------------------------------------------
  reg          busy_q, busy_q2, wait_q, byp_q;
  reg [NW-1:0] maw_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      busy_q2 <= 1'b0;
      wait_q  <= 1'b0;
      byp_q   <= 1'b0;
      maw_q   <= NV;
    end else begin
      busy_q  <= pdp_busy_o;
      busy_q2 <= busy_q;
      wait_q  <= wait_o;
      byp_q   <= byp_en;
      maw_q   <= maw_o;
    end
  end

  // ---------------------------------------------------------------------
  // Integration invariants (doc "Integration invariants (viol_o)")
  // ---------------------------------------------------------------------
  wire viol_per  = per_end_o != (busy_q && !busy_q2);
  wire viol_wait = per_end_o && wait_q && !dec_valid_o;
  wire viol_maw  = (maw_o != maw_q) && !(dec_valid_o && wait_q);
  wire viol_noc  = noc_busy_o && !wait_o;
  wire viol_byp  = rsp_valid_o && (rsp_kind_o == KindBypass) && !byp_q;
  wire viol_avg  = avg_valid_o && !wait_o;
  assign viol_o = {viol_avg, viol_byp, viol_noc, viol_maw, viol_wait, viol_per};

`ifdef FORMAL
  // =====================================================================
  // Formal properties, run by `formal/formal.sh cbwt_l1` at the reduced
  // configuration in formal/cbwt_l1.sby. The five blocks are read with
  // their own properties on, so their invariants hold (and are proved) in
  // the integrated context. No input is constrained after the initial
  // reset.
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset

  always @* if (rst_ni) begin
    assert(!viol_per);
    assert(!viol_wait);
    assert(!viol_maw);
    assert(!viol_noc);
    assert(!viol_byp);
    assert(!viol_avg);
  end

  wire f_live          = f_past_valid & rst_ni;
  wire f_cover_per_end = f_live & per_end_o;
  wire f_cover_bypass  = f_live & rsp_valid_o & (rsp_kind_o == KindBypass);
  wire f_cover_dec     = f_live & dec_valid_o & (maw_o != maw_q);
  wire f_cover_mean    = f_live & avg_valid_o & (nsamp_o != 0);
  always @* begin
    cover(f_cover_per_end);
    cover(f_cover_bypass);
    cover(f_cover_dec);
    cover(f_cover_mean);
  end
`endif

endmodule

`default_nettype wire
