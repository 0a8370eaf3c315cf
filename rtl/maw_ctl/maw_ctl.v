// maw_ctl.v - CBWT's MAW controller: per-period bypass counters, Eq. 1
// without a divider, and the reconstructed coarse / fine search of
// Figs. 11-12 that sets the maximum active warps once per period.
//
// Chen et al., MICRO 2014, section V-C. One controller at the sampler core;
// maw_o goes to every warp scheduler. Every output is a flop.
//
// Specification: doc/maw_ctl.md, sections "Ports", "State and reset",
// "The decisions" (M1-M10, rows F0-F5), "Paper readings", "Storage"; the
// formal properties below (ifdef FORMAL): doc/maw_ctl.md "Invariants",
// "Formal".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error); n = NMax << PerCore
//   NMax       1 .. 64 (24)          PerCore  0, 1 (0)    doc "Paper readings"
//   MinMaw     1 .. n (1)            Tw       1 .. n (10)
//   PeriodLog  2 .. 24 (14)          LatW     2 .. 16 (10)
//   TL <= TH < 2^LatW (32, 64)       GNum < GDen, 1 .. 255 (1, 20)
//   EqCur      0, 1 (0)              doc "Paper readings"

`default_nettype none

module maw_ctl #(
  parameter integer NMax      = 24,
  parameter integer PerCore   = 0,
  parameter integer MinMaw    = 1,
  parameter integer Tw        = 10,
  parameter integer PeriodLog = 14,
  parameter integer LatW      = 10,
  parameter integer TL        = 32,
  parameter integer TH        = 64,
  parameter integer GNum      = 1,
  parameter integer GDen      = 20,
  parameter integer EqCur     = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 acc_valid_i,
  input  wire                 acc_byp_i,
  input  wire                 cont_i,
  input  wire                 noc_valid_i,
  input  wire [LatW-1:0]      noc_avg_i,
  output wire [NW-1:0]        maw_o,
  output wire                 per_end_o,
  output wire                 wait_o,
  output wire [PeriodLog:0]   mb_o,
  output wire [NW-1:0]        nt_o,
  output wire                 dec_valid_o,
  output wire [2:0]           dec_o,
  output wire [1:0]           dir_o,
  output wire                 phase_o,
  output wire                 stop_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/maw_ctl.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer N   = NMax * (PerCore + 1);
  localparam integer NW  = $clog2(N + 1);
  localparam integer P   = PeriodLog;
  localparam integer GW  = LatW + 8;                 // GDen x lat, GNum x ref
  localparam integer PW  = NW + P + 1;               // Eq. 1 product
  localparam [NW-1:0]   NV      = N[NW-1:0];
  localparam [NW-1:0]   MinV    = MinMaw[NW-1:0];
  localparam [NW-1:0]   TwV     = Tw[NW-1:0];
  localparam [NW-1:0]   NOne    = {{(NW-1){1'b0}}, 1'b1};
  localparam [P-1:0]    PLast   = {P{1'b1}};
  localparam [P-1:0]    POne    = {{(P-1){1'b0}}, 1'b1};
  localparam [P:0]      PFull   = {1'b1, {P{1'b0}}};
  localparam [LatW-1:0] TLV     = TL[LatW-1:0];
  localparam [LatW-1:0] THV     = TH[LatW-1:0];
  localparam [7:0]      GDenV   = GDen[7:0];
  localparam [7:0]      GNumV   = GNum[7:0];
  localparam integer    GKeepI  = GDen - GNum;
  localparam [7:0]      GKeepV  = GKeepI[7:0];
  // doc "Ports": dec_o and dir_o codes
  localparam [2:0] DHold = 3'd0, DCoarse = 3'd1, DDownHi = 3'd2, DDownG = 3'd3, DUp = 3'd4,
                   DRbDown = 3'd5, DRbUp = 3'd6, DStop = 3'd7;
  localparam [1:0] RNone = 2'd0, RUp = 2'd1, RDown = 2'd2, RCoarse = 2'd3;

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration
  // ---------------------------------------------------------------------
  generate
    if (NMax < 1 || NMax > 64 || PerCore < 0 || PerCore > 1) begin : g_err_n
      maw_ctl_param_error_NMax_1_to_64_PerCore_0_or_1 u_err ();
    end
    if (MinMaw < 1 || MinMaw > N || Tw < 1 || Tw > N) begin : g_err_maw
      maw_ctl_param_error_MinMaw_and_Tw_must_be_1_to_n u_err ();
    end
    if (PeriodLog < 2 || PeriodLog > 24 || LatW < 2 || LatW > 16) begin : g_err_w
      maw_ctl_param_error_PeriodLog_2_to_24_LatW_2_to_16 u_err ();
    end
    if (TL < 0 || TL > TH || TH >= (1 << LatW)) begin : g_err_t
      maw_ctl_param_error_TL_le_TH_lt_2_pow_LatW u_err ();
    end
    if (GNum < 1 || GDen > 255 || GNum >= GDen || EqCur < 0 || EqCur > 1) begin : g_err_g
      maw_ctl_param_error_GNum_lt_GDen_le_255_EqCur_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State (doc "State and reset")
  // ---------------------------------------------------------------------
  reg [P-1:0]    pc_q, pc_d;        // reads of this period
  reg [P-1:0]    mb_q, mb_d;        // its bypasses (M10)
  reg [NW-1:0]   maw_q, maw_d;
  reg [1:0]      dir_q, dir_d;
  reg            phase_q, phase_d;
  reg            stop_q, stop_d;
  reg [LatW-1:0] latp_q, latp_d;
  reg [LatW-1:0] ref_q, ref_d;
  reg [P:0]      mbo_q, mbo_d;      // mb_o
  reg [NW-1:0]   nt_q, nt_d;
  reg            wait_q, wait_d;
  reg [2:0]      dec_q, dec_d;
  reg            decv_q, decv_d;
  reg            pe_q, pe_d;

  // ---------------------------------------------------------------------
  // Period end and Eq. 1 (M2, M3)
  // ---------------------------------------------------------------------
  wire          byp    = acc_valid_i & acc_byp_i;
  wire          close  = acc_valid_i & (pc_q == PLast);
  wire [P:0]    mbf    = {1'b0, mb_q} + {{P{1'b0}}, byp};
  wire [P:0]    rem    = PFull - mbf;
  wire [NW-1:0] base   = (EqCur != 0) ? maw_q : NV;
  wire [PW-1:0] prod   = {{(P+1){1'b0}}, base} * {{NW{1'b0}}, rem};
  wire [NW-1:0] nt_new = prod[P +: NW];
  wire [P-1:0]  unused_prod_lo = prod[P-1:0];
  wire          unused_prod_hi = prod[PW-1];

  // ---------------------------------------------------------------------
  // The decision's comparisons (M4, M6)
  // ---------------------------------------------------------------------
  wire          decide = wait_q & noc_valid_i;      // M8
  // comparisons against the thresholds as borrows: a threshold may be a
  // bound of the range (TL 0, TH 2^LatW-1, MinMaw = n), where a comparison
  // would be constant
  wire [LatW:0] s_hi   = {1'b0, THV} - {1'b0, noc_avg_i};
  wire [LatW:0] s_lo   = {1'b0, noc_avg_i} - {1'b0, TLV};
  wire [LatW:0] s_lp   = {1'b0, THV} - {1'b0, latp_q};
  wire          hi     = s_hi[LatW];                // lat > TH
  wire          lo     = s_lo[LatW];                // lat < TL
  wire          lp_hi  = s_lp[LatW];                // latp > TH
  wire [LatW-1:0] diff = (noc_avg_i > ref_q) ? (noc_avg_i - ref_q) : (ref_q - noc_avg_i);
  wire [GW-1:0] g_lat  = {8'd0, noc_avg_i} * {{LatW{1'b0}}, GDenV};
  wire [GW-1:0] g_latp = {8'd0, latp_q} * {{LatW{1'b0}}, GKeepV};
  wire [GW-1:0] g_diff = {8'd0, diff} * {{LatW{1'b0}}, GDenV};
  wire [GW-1:0] g_ref  = {8'd0, ref_q} * {{LatW{1'b0}}, GNumV};
  wire          dec_g  = g_lat < g_latp;            // "decreased by more than GNum/GDen"
  wire          chg    = g_diff > g_ref;
  wire [NW-1:0] maw_dn = maw_q - NOne;
  wire [NW-1:0] maw_up = maw_q + NOne;
  wire [NW:0]   s_dn   = {1'b0, MinV} - {1'b0, maw_q};
  wire          can_dn = s_dn[NW];                  // MAW > MinMaw
  wire [LatW-1:0] unused_s  = s_hi[LatW-1:0] ^ s_lo[LatW-1:0] ^ s_lp[LatW-1:0];
  wire [NW-1:0]   unused_dn = s_dn[NW-1:0];
  wire          can_up = maw_q < NV;
  wire [NW-1:0] c_min  = (maw_dn < nt_q) ? maw_dn : nt_q;
  wire [NW-1:0] c_maw  = (c_min < MinV) ? MinV : c_min;

  // the decision: next maw, dir, phase, stop, ref and the code
  reg [NW-1:0]   x_maw;
  reg [1:0]      x_dir;
  reg            x_phase, x_stop;
  reg [LatW-1:0] x_ref;
  reg [2:0]      x_code;
  reg [1:0]      f_dir;             // dir after F0'
  always @* begin
    x_maw   = maw_q;
    x_dir   = RNone;
    x_phase = phase_q;
    x_stop  = stop_q;
    x_ref   = ref_q;
    x_code  = DHold;
    f_dir   = dir_q;
    if (!phase_q) begin
      // M4 coarse step, M5 phase change
      if (cont_i && hi && can_dn) begin
        x_maw   = c_maw;
        x_dir   = RCoarse;
        x_phase = c_maw < TwV;
        x_code  = DCoarse;
      end
    end else if (stop_q && !(hi || chg)) begin
      x_code = DStop;                                   // F0
    end else begin
      if (stop_q) begin                                 // F0'
        x_stop = 1'b0;
        f_dir  = RNone;
      end
      if (f_dir == RUp && hi) begin                     // F1
        if (can_dn) begin
          x_maw  = maw_dn;
          x_stop = 1'b1;
          x_ref  = latp_q;
          x_code = DRbDown;
        end
      end else if (f_dir == RDown && lo) begin          // F2
        if (!lp_hi && can_up) begin
          x_maw  = maw_up;
          x_code = DRbUp;
        end
      end else if (hi || (f_dir == RDown && dec_g)) begin // F3
        if (can_dn) begin
          x_maw  = maw_dn;
          x_dir  = RDown;
          x_code = hi ? DDownHi : DDownG;
        end
      end else if (lo) begin                            // F4
        if (can_up) begin
          x_maw  = maw_up;
          x_dir  = RUp;
          x_code = DUp;
        end
      end
    end
  end

  // ---------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------
  always @* begin
    pc_d    = pc_q;
    mb_d    = mb_q;
    maw_d   = maw_q;
    dir_d   = dir_q;
    phase_d = phase_q;
    stop_d  = stop_q;
    latp_d  = latp_q;
    ref_d   = ref_q;
    mbo_d   = mbo_q;
    nt_d    = nt_q;
    dec_d   = dec_q;
    decv_d  = 1'b0;
    pe_d    = 1'b0;
    wait_d  = close | (wait_q & ~noc_valid_i);          // M8
    if (decide) begin
      maw_d   = x_maw;
      dir_d   = x_dir;
      phase_d = x_phase;
      stop_d  = x_stop;
      ref_d   = x_ref;
      latp_d  = noc_avg_i;
      dec_d   = x_code;
      decv_d  = 1'b1;
    end
    if (close) begin
      pc_d  = {P{1'b0}};
      mb_d  = {P{1'b0}};
      mbo_d = mbf;
      nt_d  = nt_new;                                   // M3: the start-of-cycle MAW
      pe_d  = 1'b1;
    end else if (acc_valid_i) begin
      pc_d = pc_q + POne;
      mb_d = mb_q + {{(P-1){1'b0}}, byp};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pc_q    <= {P{1'b0}};
      mb_q    <= {P{1'b0}};
      maw_q   <= NV;
      dir_q   <= RNone;
      phase_q <= 1'b0;
      stop_q  <= 1'b0;
      latp_q  <= {LatW{1'b0}};
      ref_q   <= {LatW{1'b0}};
      mbo_q   <= {(P+1){1'b0}};
      nt_q    <= {NW{1'b0}};
      wait_q  <= 1'b0;
      dec_q   <= DHold;
      decv_q  <= 1'b0;
      pe_q    <= 1'b0;
    end else begin
      pc_q    <= pc_d;
      mb_q    <= mb_d;
      maw_q   <= maw_d;
      dir_q   <= dir_d;
      phase_q <= phase_d;
      stop_q  <= stop_d;
      latp_q  <= latp_d;
      ref_q   <= ref_d;
      mbo_q   <= mbo_d;
      nt_q    <= nt_d;
      wait_q  <= wait_d;
      dec_q   <= dec_d;
      decv_q  <= decv_d;
      pe_q    <= pe_d;
    end
  end

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/maw_ctl.md "Invariants" and "Formal"), run by
  // `formal/formal.sh maw_ctl` at the reduced configurations of
  // formal/maw_ctl.sby: proved by k-induction, every guarded assert with a
  // cover of its premise (formal/premises.py).
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset
  wire f_live = f_past_valid & rst_ni;

  always @* begin
    if (rst_ni) begin
      // Invariant 1: MinMaw <= MAW <= n
      assert(maw_q >= MinV);
      assert(maw_q <= NV);
      // Invariants 3, 5: COARSE holds MAW >= Tw, no stop, dir NONE or COARSE
      if (!phase_q) begin
        assert(maw_q >= TwV);
        assert(!stop_q);
        assert(dir_q == RNone || dir_q == RCoarse);
      end
      // Invariant 5: stop => dir NONE
      if (stop_q) assert(dir_q == RNone);
      // Invariant 6: mb <= pc, mb_o <= 2^P
      assert(mb_q <= pc_q);
      assert(mbo_q <= PFull);
      // Invariant 7: n_t <= n
      assert(nt_q <= NV);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // Invariant 2: the MAW changes only at a decision edge
      if (maw_q != $past(maw_q)) assert(decv_q);
      // a decision only while waiting, with the mean
      if (decv_q) assert($past(wait_q) && $past(noc_valid_i));
      // Invariant 3: COARSE never rose; FINE never returns; it began below Tw
      if (!$past(phase_q)) assert(maw_q <= $past(maw_q));
      if ($past(phase_q)) assert(phase_q);
      if (phase_q && !$past(phase_q)) assert(maw_q < TwV);
      // Invariant 4: a FINE decision moves the MAW by at most 1
      if ($past(phase_q) && maw_q > $past(maw_q)) assert(maw_q == $past(maw_q) + NOne);
      if ($past(phase_q) && maw_q < $past(maw_q)) assert(maw_q == $past(maw_q) - NOne);
      // stop is set only by RB_DOWN
      if (stop_q && !$past(stop_q)) assert(decv_q && dec_q == DRbDown);
      // a period ends only at its last read
      if (pe_q) assert($past(acc_valid_i) && $past(pc_q) == PLast && pc_q == {P{1'b0}});
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  wire f_cover_hold      = f_live & decv_q & (dec_q == DHold) & phase_q;
  wire f_cover_coarse    = f_live & decv_q & (dec_q == DCoarse);
  wire f_cover_down_hi   = f_live & decv_q & (dec_q == DDownHi);
  wire f_cover_down_g    = f_live & decv_q & (dec_q == DDownG);
  wire f_cover_up        = f_live & decv_q & (dec_q == DUp);
  wire f_cover_rb_down   = f_live & decv_q & (dec_q == DRbDown);
  wire f_cover_rb_up     = f_live & decv_q & (dec_q == DRbUp);
  wire f_cover_stop      = f_live & decv_q & (dec_q == DStop);
  wire f_cover_coarse_tw = f_live & decv_q & (dec_q == DCoarse) & (maw_q == TwV) & ~phase_q;
  wire f_cover_min       = f_live & (maw_q == MinV);
  wire f_cover_n_fine    = f_live & phase_q & (maw_q == NV);
  reg  f_rel_chg, f_rel_hi, f_pe_wait;
  always @(posedge clk_i) begin
    f_pe_wait <= rst_ni & close & wait_q & ~decide;
    f_rel_chg <= rst_ni & decide & phase_q & stop_q & ~hi & chg;
    f_rel_hi  <= rst_ni & decide & phase_q & stop_q & hi;
  end
  wire f_cover_rel_chg   = f_live & f_rel_chg;
  wire f_cover_rel_hi    = f_live & f_rel_hi;
  wire f_cover_pe_wait   = f_live & f_pe_wait;
  always @* begin
    cover(f_cover_hold);
    cover(f_cover_coarse);
    cover(f_cover_down_hi);
    cover(f_cover_down_g);
    cover(f_cover_up);
    cover(f_cover_rb_down);
    cover(f_cover_rb_up);
    cover(f_cover_stop);
    cover(f_cover_coarse_tw);
    cover(f_cover_min);
    cover(f_cover_n_fine);
    cover(f_cover_pe_wait);
    cover(f_cover_rel_chg);
    cover(f_cover_rel_hi);
  end
`endif

  assign maw_o       = maw_q;
  assign per_end_o   = pe_q;
  assign wait_o      = wait_q;
  assign mb_o        = mbo_q;
  assign nt_o        = nt_q;
  assign dec_valid_o = decv_q;
  assign dec_o       = dec_q;
  assign dir_o       = dir_q;
  assign phase_o     = phase_q;
  assign stop_o      = stop_q;

endmodule

`default_nettype wire
