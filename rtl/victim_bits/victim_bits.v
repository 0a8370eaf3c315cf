// victim_bits.v - CBWT L2 victim-bit sampler: lost-locality contention detector.
//
// Chen et al., "Adaptive Cache Management for Energy-efficient GPU
// Computing", MICRO 2014, section V-B and Fig. 9: a few sampler sets of an
// L2 carry, per line, one victim bit per L1 (or per group of Share L1s); a
// request that finds its L1's bit set is a lost-locality event; per period a
// contention flag from the LLS and access counters. No tags: the L2's tag
// array says which set/way an event is on. Every output is a flop.
//
// Specification: doc/victim_bits.md, sections "Parameters" (with "Which
// sets are samplers", "Period", "Threshold", derived widths), "Ports",
// "Event kinds", "Counters, period and outputs" (with its timing example),
// "Paper readings", "Storage (V-D)"; the formal properties below (ifdef
// FORMAL): doc/victim_bits.md "Invariants", "Formal".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   L1s           1 .. 64 (16)
//   Sets          1 .. 65536 (512)
//   Ways          1 .. 64 (16)
//   SampleShift   0 .. 16 (6)          1 sampler set in 2^SampleShift
//   SampleOffset  < 2^SampleShift, < Sets (0)
//   Share         power of two <= L1s (1): L1s per victim bit
//   LlsW, AccW    1 .. 32, LlsW <= AccW (12, 12)
//   Period        1 .. 2^24 (16384)
//   ThrNum/ThrDen 1 .. 255, ThrNum <= ThrDen (1/4)
//   WriteReq      0, 1 (1)             doc/victim_bits.md "Paper readings"
//   PeriodAcc     0, 1 (1)             doc/victim_bits.md "Paper readings"
//   and G x N x M <= 65536 victim bits.

`default_nettype none

module victim_bits #(
  parameter integer L1s          = 16,
  parameter integer Sets         = 512,
  parameter integer Ways         = 16,
  parameter integer SampleShift  = 6,
  parameter integer SampleOffset = 0,
  parameter integer Share        = 1,
  parameter integer LlsW         = 12,
  parameter integer AccW         = 12,
  parameter integer Period       = 16384,
  parameter integer ThrNum       = 1,
  parameter integer ThrDen       = 4,
  parameter integer WriteReq     = 1,
  parameter integer PeriodAcc    = 1
) (
  input  wire                   clk_i,
  input  wire                   rst_ni,
  input  wire                   ev_valid_i,
  input  wire [1:0]             ev_kind_i,
  input  wire [SetW-1:0]        ev_set_i,
  input  wire [WayW-1:0]        ev_way_i,
  input  wire [L1W-1:0]         ev_l1_i,
  input  wire [SlotW+WayW-1:0]  dbg_addr_i,
  output wire                   contention_o,
  output wire                   period_done_o,
  output wire [LlsW-1:0]        lls_o,
  output wire [AccW-1:0]        acc_o,
  output wire                   sampled_o,
  output wire                   lost_o,
  output wire [G-1:0]           dbg_data_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/victim_bits.md "Derived values")
  // ---------------------------------------------------------------------
  localparam integer N     = (Sets - SampleOffset + (1 << SampleShift) - 1) >> SampleShift;
  localparam integer G     = (L1s + Share - 1) / Share;
  localparam integer Rows  = N * Ways;
  localparam integer SetW  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW  = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer L1W   = (L1s > 1) ? $clog2(L1s) : 1;
  localparam integer SlotW = (N > 1) ? $clog2(N) : 1;
  localparam integer ShW   = (Share > 1) ? $clog2(Share) : 0;
  localparam integer PerW  = (Period > 1) ? $clog2(Period) : 1;
  localparam integer ProdW = 40;                 // 32-bit counter x 8-bit constant
  localparam [31:0]  SampMask = (32'd1 << SampleShift) - 32'd1;
  localparam [31:0]  SampOff  = SampleOffset;
  localparam [LlsW-1:0] LlsMax = {LlsW{1'b1}};
  localparam [AccW-1:0] AccMax = {AccW{1'b1}};
  localparam [7:0]       Num8  = ThrNum[7:0];   // 1..255
  localparam [7:0]       Den8  = ThrDen[7:0];
  localparam [ProdW-1:0] Num40 = {32'd0, Num8};
  localparam [ProdW-1:0] Den40 = {32'd0, Den8};
  localparam integer RowIdxW = (Rows > 1) ? $clog2(Rows) : 1;
  localparam [1:0] KHit = 2'd0, KFill = 2'd1, KEvict = 2'd2, KWrite = 2'd3;

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module named after
  // the problem; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (L1s < 1 || L1s > 64) begin : g_err_l1s
      victim_bits_param_error_L1s_must_be_1_to_64 u_err ();
    end
    if (Sets < 1 || Sets > 65536) begin : g_err_sets
      victim_bits_param_error_Sets_must_be_1_to_65536 u_err ();
    end
    if (Ways < 1 || Ways > 64) begin : g_err_ways
      victim_bits_param_error_Ways_must_be_1_to_64 u_err ();
    end
    if (SampleShift < 0 || SampleShift > 16) begin : g_err_shift
      victim_bits_param_error_SampleShift_must_be_0_to_16 u_err ();
    end
    if (SampleOffset < 0 || SampleOffset >= (1 << SampleShift) || SampleOffset >= Sets) begin : g_err_off
      victim_bits_param_error_SampleOffset_must_be_below_2pow_SampleShift_and_Sets u_err ();
    end
    if (Share < 1 || Share > L1s || (Share & (Share - 1)) != 0) begin : g_err_share
      victim_bits_param_error_Share_must_be_power_of_two_le_L1s u_err ();
    end
    if (AccW < 1 || AccW > 32 || LlsW < 1 || LlsW > AccW) begin : g_err_width
      victim_bits_param_error_LlsW_AccW_must_be_1_to_32_and_LlsW_le_AccW u_err ();
    end
    if (Period < 1 || Period > 16777216) begin : g_err_period
      victim_bits_param_error_Period_must_be_1_to_2pow24 u_err ();
    end
    if (WriteReq != 0 && WriteReq != 1) begin : g_err_writereq
      victim_bits_param_error_WriteReq_must_be_0_or_1 u_err ();
    end
    if (PeriodAcc != 0 && PeriodAcc != 1) begin : g_err_periodacc
      victim_bits_param_error_PeriodAcc_must_be_0_or_1 u_err ();
    end
    if (ThrDen < 1 || ThrDen > 255 || ThrNum < 1 || ThrNum > ThrDen) begin : g_err_thr
      victim_bits_param_error_ThrNum_ThrDen_must_be_1_to_255_and_ThrNum_le_ThrDen u_err ();
    end
    if (G * N * Ways > 65536) begin : g_err_size
      victim_bits_param_error_victim_bits_exceed_65536 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // Victim bits of the sampler lines, row slot*Ways + way. Yosys maps the
  // array to flops (asynchronous reset of every row); Verilator and Icarus
  // keep an array and touch two rows per cycle (event, debug read).
  (* mem2reg *) reg [G-1:0] vb_q [0:Rows-1];
  reg [LlsW-1:0] lls_q,  lls_d;
  reg [AccW-1:0] acc_q,  acc_d;
  reg            cont_q, cont_d;
  reg            done_q, done_d;
  reg            samp_q, samp_d;
  reg            lost_q, lost_d;
  reg [G-1:0]    dbg_q,  dbg_d;
  wire           last;          // this cycle is the period's last

  // ---------------------------------------------------------------------
  // Next-state logic
  // ---------------------------------------------------------------------
  wire [31:0] set32  = {{(32-SetW){1'b0}}, ev_set_i};
  wire [31:0] way32  = {{(32-WayW){1'b0}}, ev_way_i};
  wire [31:0] l132   = {{(32-L1W){1'b0}}, ev_l1_i};
  // WriteReq = 1: a WRITE is a request, handled as a HIT (doc "Paper readings")
  wire        wreq   = (ev_kind_i == KWrite) && (WriteReq != 0);
  wire        is_req = (ev_kind_i == KHit) || (ev_kind_i == KFill) || wreq;
  // PeriodAcc = 1: the period advances on every L2 request (HIT, FILL, WRITE)
  wire        tick   = (PeriodAcc == 0) || (ev_valid_i && (ev_kind_i != KEvict));
  wire        applies = ev_valid_i && ((ev_kind_i != KWrite) || wreq)
                        && (set32 < Sets) && ((set32 & SampMask) == SampOff)
                        && (way32 < Ways) && (!is_req || (l132 < L1s));
  wire [31:0] row_raw = (set32 >> SampleShift) * Ways + way32;
  wire [RowIdxW-1:0] row = applies ? row_raw[RowIdxW-1:0] : {RowIdxW{1'b0}};
  wire [31:0] grp     = l132 >> ShW;
  wire [G-1:0] gbit   = (grp < G) ? ({{(G-1){1'b0}}, 1'b1} << grp) : {G{1'b0}};
  wire [G-1:0] bits   = vb_q[row];
  // debug read address {slot, way}
  wire [31:0] dslot  = {{(32-SlotW){1'b0}}, dbg_addr_i[SlotW+WayW-1:WayW]};
  wire [31:0] dway   = {{(32-WayW){1'b0}}, dbg_addr_i[WayW-1:0]};
  wire        dbg_ok = (dslot < N) && (dway < Ways);
  wire [31:0] drow_raw = dslot * Ways + dway;
  wire [RowIdxW-1:0] drow = dbg_ok ? drow_raw[RowIdxW-1:0] : {RowIdxW{1'b0}};

  reg [G-1:0]     bits_d;
  reg             we, access, lost;
  reg [LlsW-1:0]  lls_base;
  reg [AccW-1:0]  acc_base;
  reg [ProdW-1:0] lhs, rhs;

  always @* begin
    bits_d = bits;
    we     = 1'b0;
    access = 1'b0;
    lost   = 1'b0;
    if (applies) begin
      we = 1'b1;
      case (ev_kind_i)
        KHit, KWrite: begin
          lost   = |(bits & gbit);
          bits_d = bits | gbit;
          access = 1'b1;
        end
        KFill: begin
          bits_d = gbit;
          access = 1'b1;
        end
        KEvict:  bits_d = {G{1'b0}};
        default: we = 1'b0;        // unreachable: a WRITE applies only as a request
      endcase
    end
    // lazy clear, then saturating increments
    lls_base = done_q ? {LlsW{1'b0}} : lls_q;
    acc_base = done_q ? {AccW{1'b0}} : acc_q;
    lls_d    = (lost && (lls_base != LlsMax)) ? lls_base + {{(LlsW-1){1'b0}}, 1'b1} : lls_base;
    acc_d    = (access && (acc_base != AccMax)) ? acc_base + {{(AccW-1){1'b0}}, 1'b1} : acc_base;
    // threshold without division, on the updated counters
    lhs      = {{(ProdW-LlsW){1'b0}}, lls_d} * Den40;
    rhs      = {{(ProdW-AccW){1'b0}}, acc_d} * Num40;
    done_d   = last;
    cont_d   = last ? ((acc_d != {AccW{1'b0}}) && (lhs >= rhs)) : cont_q;
    samp_d   = access;
    lost_d   = lost;
    dbg_d    = dbg_ok ? vb_q[drow] : {G{1'b0}};
  end

  // Intentionally unused: high bits of the 32-bit index arithmetic.
  wire unused_idx = ^{row_raw[31:RowIdxW], drow_raw[31:RowIdxW]};

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only
  // ---------------------------------------------------------------------
  integer r;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      lls_q  <= {LlsW{1'b0}};
      acc_q  <= {AccW{1'b0}};
      cont_q <= 1'b0;
      done_q <= 1'b0;
      samp_q <= 1'b0;
      lost_q <= 1'b0;
      dbg_q  <= {G{1'b0}};
      // Blocking reset loop: Verilator's idiom for resetting an array (see
      // rtl/hac/hac.v); race-free, every reader is combinational or in reset.
      /* verilator lint_off BLKSEQ */
      for (r = 0; r < Rows; r = r + 1) begin
        vb_q[r] = {G{1'b0}};
      end
      /* verilator lint_on BLKSEQ */
    end else begin
      lls_q  <= lls_d;
      acc_q  <= acc_d;
      cont_q <= cont_d;
      done_q <= done_d;
      samp_q <= samp_d;
      lost_q <= lost_d;
      dbg_q  <= dbg_d;
      if (we) begin
        vb_q[row] <= bits_d;
      end
    end
  end

  // Period counter: cycle within the period, 0 .. Period-1.
  generate
    if (Period > 1) begin : g_period
      localparam integer    PerLastI = Period - 1;
      localparam [PerW-1:0] PerLast  = PerLastI[PerW-1:0];
      reg [PerW-1:0] cyc_q, cyc_d;
      assign last = tick && (cyc_q == PerLast);
`ifdef FORMAL
      // Invariant 2: the cycle counter stays within the period.
      always @* assert(cyc_q <= PerLast);
`endif
      always @* begin
        cyc_d = last ? {PerW{1'b0}} : tick ? cyc_q + {{(PerW-1){1'b0}}, 1'b1} : cyc_q;
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) cyc_q <= {PerW{1'b0}};
        else         cyc_q <= cyc_d;
      end
    end else begin : g_period1
      // Period = 1: every cycle (every request) ends a period; no counter.
      assign last = tick;
    end
  endgenerate

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/victim_bits.md "Invariants" and "Formal"), run
  // by `formal/formal.sh victim_bits` at the reduced configuration of
  // formal/victim_bits.sby: proved by k-induction, every property with a
  // cover. f_row is any constant sampler row; the properties track it.
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset

  (* anyconst *) reg [RowIdxW-1:0] f_row;
  always @* assume({{(32-RowIdxW){1'b0}}, f_row} < Rows);
  wire [G-1:0] f_bits = vb_q[f_row];
  wire         f_live = f_past_valid & rst_ni;

  always @* begin
    if (rst_ni) begin
      // Invariant 1: every LLS increment has its access.
      assert(lls_q <= acc_q);
      // Victim bits of unsampled sets are never written: a write is an
      // event on a sampler set, a way and (for requests) an L1 in range.
      if (we) assert(((set32 & SampMask) == SampOff) && (set32 < Sets) && (way32 < Ways)
                     && (!is_req || (l132 < L1s)));
      // A lost hit is a sampled access.
      if (lost_q) assert(samp_q);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // Invariant 3: period_done_o is high exactly after a period's last cycle.
      assert(done_q == $past(last));
      // Invariant 4: contention_o changes only with period_done_o.
      if (cont_q != $past(cont_q)) assert(done_q);
      // Invariant 5: a line's victim bits change only by an applying event on it.
      if (f_bits != $past(f_bits)) assert($past(we) && ($past(row) == f_row));
      // Invariant 2: the counters saturate, never wrap, and within a period
      // never decrease.
      if (!$past(done_q)) begin
        assert(lls_q >= $past(lls_q));
        assert(acc_q >= $past(acc_q));
        if ($past(lls_q) == LlsMax) assert(lls_q == LlsMax);
        if ($past(acc_q) == AccMax) assert(acc_q == AccMax);
      end
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  reg f_bits_changed;
  always @(posedge clk_i) f_bits_changed <= rst_ni & (we && (row == f_row) && (bits_d != f_bits));
  wire f_cover_contention  = f_live & done_q & cont_q;
  wire f_cover_no_cont     = f_live & done_q & ~cont_q & (acc_q != {AccW{1'b0}});
  wire f_cover_lost        = f_live & lost_q;
  wire f_cover_lls_max     = f_live & (lls_q == LlsMax);
  wire f_cover_acc_max     = f_live & (acc_q == AccMax);
  wire f_cover_unsampled   = f_live & ev_valid_i & (ev_kind_i == KHit) & ((set32 & SampMask) != SampOff);
  wire f_cover_bits_change = f_live & f_bits_changed & (f_bits == {G{1'b1}});
  always @* begin
    cover(f_cover_contention);
    cover(f_cover_no_cont);
    cover(f_cover_lost);
    cover(f_cover_lls_max);
    cover(f_cover_acc_max);
    cover(f_cover_unsampled);
    cover(f_cover_bits_change);
  end
`endif

  assign contention_o  = cont_q;
  assign period_done_o = done_q;
  assign lls_o         = lls_q;
  assign acc_o         = acc_q;
  assign sampled_o     = samp_q;
  assign lost_o        = lost_q;
  assign dbg_data_o    = dbg_q;

endmodule

`default_nettype wire
