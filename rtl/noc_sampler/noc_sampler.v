// noc_sampler.v - CBWT's NoC congestion sampler.
//
// Times randomly chosen packets of the sampler core from their injection
// to their stop event in up to Slots timers, and gives the mean latency of
// the samples completed in each window closed by per_end_i (Chen et al.,
// "Adaptive Cache Management for Energy-efficient GPU Computing", MICRO
// 2014, section V-B). A 16-bit LFSR leaps 16 steps per injected packet and
// picks the wanted ones; a serial restoring divider forms the mean. Every
// output is a flop.
//
// Specification: doc/noc_sampler.md, sections "Ports", "State and reset",
// "Rules" (decisions N1-N12 and "A cycle, step by step"), "Storage"; the
// formal properties below (ifdef FORMAL) are its "Invariants".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Slots     1 .. 16 (8)          sampled packets in flight
//   LatW      2 .. 16 (10)         latency counter width, LatMax = 2^LatW - 1
//   CntW      1 .. 16 (10)         sample counter width, CntMax = 2^CntW - 1
//   RateShift 0 .. 15 (6)          wanted iff the low RateShift LFSR bits are 0
//   Seed      1 .. 65535 (0xACE1)  LFSR reset value

`default_nettype none

module noc_sampler #(
  parameter integer Slots     = 8,
  parameter integer LatW      = 10,
  parameter integer CntW      = 10,
  parameter integer RateShift = 6,
  parameter integer Seed      = 44257    // 0xACE1
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            inj_valid_i,
  input  wire            ret_valid_i,
  input  wire [IdW-1:0]  ret_id_i,
  input  wire            per_end_i,
  output wire            mark_o,
  output wire [IdW-1:0]  mark_id_o,
  output wire            drop_o,
  output wire            tmo_o,
  output wire            stale_o,
  output wire            busy_o,
  output wire            avg_valid_o,
  output wire [LatW-1:0] avg_o,
  output wire [CntW-1:0] nsamp_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/noc_sampler.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer SlotW = (Slots > 1) ? $clog2(Slots) : 1;
  localparam integer IdW   = SlotW + 1;
  localparam integer SumW  = LatW + CntW;
  localparam integer StepW = $clog2(LatW + 1);
  localparam [LatW-1:0]  LatMax   = {LatW{1'b1}};
  localparam [CntW-1:0]  CntMax   = {CntW{1'b1}};
  localparam [15:0]      RateMask = (16'd1 << RateShift) - 16'd1;
  localparam [15:0]      SeedV    = Seed[15:0];
  localparam [StepW-1:0] StepLat  = LatW[StepW-1:0];
  localparam [StepW-1:0] StepOne  = {{(StepW-1){1'b0}}, 1'b1};
  // N8: the mark registers' reset value, decided for the reset state
  // (every slot free with gen 0: the lowest is slot 0, id 0)
  localparam             MarkRst  = ((SeedV & RateMask) == 16'd0);

  // Illegal parameters stop elaboration (doc "Parameters").
  generate
    if (Slots < 1 || Slots > 16) begin : g_err_slots
      noc_sampler_param_error_Slots_must_be_1_to_16 u_err ();
    end
    if (LatW < 2 || LatW > 16) begin : g_err_latw
      noc_sampler_param_error_LatW_must_be_2_to_16 u_err ();
    end
    if (CntW < 1 || CntW > 16) begin : g_err_cntw
      noc_sampler_param_error_CntW_must_be_1_to_16 u_err ();
    end
    if (RateShift < 0 || RateShift > 15) begin : g_err_rate
      noc_sampler_param_error_RateShift_must_be_0_to_15 u_err ();
    end
    if (Seed < 1 || Seed > 65535) begin : g_err_seed
      noc_sampler_param_error_Seed_must_be_1_to_65535 u_err ();
    end
  endgenerate

  // N2: the 16-step leap of the LFSR (x^16 + x^14 + x^13 + x^11 + 1: the
  // new bit s0 ^ s2 ^ s3 ^ s5 enters at bit 15), a fixed XOR network.
  function automatic [15:0] leap16(input [15:0] s);
    integer k;
    reg [15:0] v;
    begin
      v = s;
      for (k = 0; k < 16; k = k + 1) begin
        v = {v[0] ^ v[2] ^ v[3] ^ v[5], v[15:1]};
      end
      leap16 = v;
    end
  endfunction

  // ---------------------------------------------------------------------
  // State (doc "State and reset")
  // ---------------------------------------------------------------------
  reg  [Slots-1:0]      valid_q, valid_d;
  reg  [Slots-1:0]      gen_q, gen_d;
  reg  [Slots*LatW-1:0] cnt_q, cnt_d;
  reg  [15:0]           lfsr_q, lfsr_d;
  reg  [SumW-1:0]       sum_q, sum_d;
  reg  [CntW-1:0]       c_q, c_d;
  reg  [CntW-1:0]       rem_q, rem_d;
  reg  [LatW-1:0]       quo_q, quo_d;
  reg  [CntW-1:0]       div_q, div_d;
  reg  [StepW-1:0]      step_q, step_d;
  reg                   busy_q, busy_d;
  reg                   mark_q, mark_d;
  reg  [IdW-1:0]        mark_id_q, mark_id_d;
  reg                   drop_q, drop_d, tmo_q, tmo_d, stale_q, stale_d;
  reg                   avg_valid_q, avg_valid_d;
  reg  [LatW-1:0]       avg_q, avg_d;

  // ---------------------------------------------------------------------
  // One cycle (doc "A cycle, step by step")
  // ---------------------------------------------------------------------
  wire [SlotW-1:0] ret_slot = ret_id_i[SlotW-1:0];
  wire             ret_gen  = ret_id_i[SlotW];
  wire [SlotW-1:0] tslot    = mark_id_q[SlotW-1:0];
  wire             wanted   = ((lfsr_q & RateMask) == 16'd0);
  wire             take     = inj_valid_i & mark_q;          // step 1

  integer           s;
  reg [Slots-1:0]   stop_vec, tmo_vec;
  reg [LatW-1:0]    stop_lat, cnt_s;
  reg [SumW-1:0]    s1;
  reg [CntW-1:0]    c1;
  reg [CntW:0]      t;
  reg               q;

  always @* begin
    // step 2: the stop (N4); step 3: the timeout (N5, N9)
    stop_vec = {Slots{1'b0}};
    tmo_vec  = {Slots{1'b0}};
    stop_lat = {LatW{1'b0}};
    for (s = 0; s < Slots; s = s + 1) begin
      cnt_s = cnt_q[s * LatW +: LatW];
      stop_vec[s] = ret_valid_i && valid_q[s] && (gen_q[s] == ret_gen) && (ret_slot == s[SlotW-1:0]);
      tmo_vec[s]  = valid_q[s] && (cnt_s == LatMax) && !stop_vec[s];
      if (stop_vec[s]) stop_lat = cnt_s;
    end
    drop_d  = inj_valid_i && wanted && !mark_q;
    stale_d = ret_valid_i && !(|stop_vec);
    tmo_d   = |tmo_vec;

    // step 4: the window, stop first, each while C < CntMax (N6, N10)
    s1 = sum_q;
    c1 = c_q;
    if ((|stop_vec) && (c1 != CntMax)) begin
      c1 = c1 + 1'b1;
      s1 = s1 + {{CntW{1'b0}}, stop_lat};
    end
    if (tmo_d && (c1 != CntMax)) begin
      c1 = c1 + 1'b1;
      s1 = s1 + {{CntW{1'b0}}, LatMax};
    end
    // ... then the divider (N7)
    rem_d       = rem_q;
    quo_d       = quo_q;
    div_d       = div_q;
    step_d      = step_q;
    busy_d      = busy_q;
    avg_d       = avg_q;
    avg_valid_d = 1'b0;
    t           = {(CntW+1){1'b0}};
    q           = 1'b0;
    if (per_end_i) begin
      rem_d  = s1[SumW-1:LatW];
      quo_d  = s1[LatW-1:0];
      div_d  = c1;
      step_d = StepLat;
      busy_d = 1'b1;
      sum_d  = {SumW{1'b0}};
      c_d    = {CntW{1'b0}};
    end else begin
      sum_d = s1;
      c_d   = c1;
      if (busy_q) begin
        t      = {rem_q, quo_q[LatW-1]};
        q      = (div_q != {CntW{1'b0}}) && (t >= {1'b0, div_q});
        rem_d  = q ? (t[CntW-1:0] - div_q) : t[CntW-1:0];
        quo_d  = {quo_q[LatW-2:0], q};
        step_d = step_q - StepOne;
        if (step_q == StepOne) begin
          busy_d      = 1'b0;
          avg_d       = quo_d;
          avg_valid_d = 1'b1;
        end
      end
    end

    // step 5: the slots
    valid_d = valid_q;
    gen_d   = gen_q;
    cnt_d   = cnt_q;
    for (s = 0; s < Slots; s = s + 1) begin
      if (stop_vec[s] || tmo_vec[s]) begin
        valid_d[s] = 1'b0;
        gen_d[s]   = ~gen_q[s];
        cnt_d[s * LatW +: LatW] = {LatW{1'b0}};
      end else if (valid_q[s]) begin
        cnt_d[s * LatW +: LatW] = cnt_q[s * LatW +: LatW] + 1'b1;
      end
      if (take && (tslot == s[SlotW-1:0])) begin   // a free slot (N8)
        valid_d[s] = 1'b1;
        cnt_d[s * LatW +: LatW] = {{(LatW-1){1'b0}}, 1'b1};
      end
    end
    // step 6: the LFSR (N2)
    lfsr_d = inj_valid_i ? leap16(lfsr_q) : lfsr_q;
    // step 7: the mark registers from the next state (N8), lowest slot wins
    mark_d    = 1'b0;
    mark_id_d = {IdW{1'b0}};
    if ((lfsr_d & RateMask) == 16'd0) begin
      for (s = Slots - 1; s >= 0; s = s - 1) begin
        if (!valid_d[s]) begin
          mark_d    = 1'b1;
          mark_id_d = {gen_d[s], s[SlotW-1:0]};
        end
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q     <= {Slots{1'b0}};
      gen_q       <= {Slots{1'b0}};
      cnt_q       <= {(Slots*LatW){1'b0}};
      lfsr_q      <= SeedV;
      sum_q       <= {SumW{1'b0}};
      c_q         <= {CntW{1'b0}};
      rem_q       <= {CntW{1'b0}};
      quo_q       <= {LatW{1'b0}};
      div_q       <= {CntW{1'b0}};
      step_q      <= {StepW{1'b0}};
      busy_q      <= 1'b0;
      mark_q      <= MarkRst;
      mark_id_q   <= {IdW{1'b0}};
      drop_q      <= 1'b0;
      tmo_q       <= 1'b0;
      stale_q     <= 1'b0;
      avg_valid_q <= 1'b0;
      avg_q       <= {LatW{1'b0}};
    end else begin
      valid_q     <= valid_d;
      gen_q       <= gen_d;
      cnt_q       <= cnt_d;
      lfsr_q      <= lfsr_d;
      sum_q       <= sum_d;
      c_q         <= c_d;
      rem_q       <= rem_d;
      quo_q       <= quo_d;
      div_q       <= div_d;
      step_q      <= step_d;
      busy_q      <= busy_d;
      mark_q      <= mark_d;
      mark_id_q   <= mark_id_d;
      drop_q      <= drop_d;
      tmo_q       <= tmo_d;
      stale_q     <= stale_d;
      avg_valid_q <= avg_valid_d;
      avg_q       <= avg_d;
    end
  end

  assign mark_o      = mark_q;
  assign mark_id_o   = mark_id_q;
  assign drop_o      = drop_q;
  assign tmo_o       = tmo_q;
  assign stale_o     = stale_q;
  assign busy_o      = busy_q;
  assign avg_valid_o = avg_valid_q;
  assign avg_o       = avg_q;
  assign nsamp_o     = div_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh
  // noc_sampler` at the reduced configuration of formal/noc_sampler.sby;
  // proved by k-induction. Invariant numbers are doc/noc_sampler.md's
  // ("Invariants").
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset

  integer          fi, fj;
  reg [LatW-1:0]   f_ci, f_cj;
  reg              f_free_low;            // a free slot below mark_id_o's
  reg [SumW-1:0]   f_smax;                // C x LatMax
  always @* begin
    f_free_low = 1'b0;
    for (fi = 0; fi < Slots; fi = fi + 1) begin
      f_ci = cnt_q[fi * LatW +: LatW];
      // 1: a valid counter is 1..LatMax, a free one 0; valid ones differ
      if (valid_q[fi]) begin
        assert(f_ci != {LatW{1'b0}});
      end else begin
        assert(f_ci == {LatW{1'b0}});
      end
      for (fj = fi + 1; fj < Slots; fj = fj + 1) begin
        f_cj = cnt_q[fj * LatW +: LatW];
        if (valid_q[fi] && valid_q[fj]) begin
          assert(f_ci != f_cj);
        end
      end
      if (!valid_q[fi] && (fi < mark_id_q[SlotW-1:0])) f_free_low = 1'b1;
    end
    // 2: S <= C x LatMax (C <= CntMax by its width)
    f_smax = {{LatW{1'b0}}, c_q} * {{CntW{1'b0}}, LatMax};
    assert(sum_q <= f_smax);
    // 3: the divider's remainder stays below the divisor
    if (busy_q && (div_q != {CntW{1'b0}})) begin
      assert(rem_q < div_q);
    end
    if (div_q == {CntW{1'b0}}) begin
      assert(rem_q == {CntW{1'b0}});
    end
    // 4: busy while steps remain, at most LatW of them
    assert(busy_q == (step_q != {StepW{1'b0}}));
    assert(step_q <= StepLat);
    // 5: the mark registers are the decision for the present state (N8)
    if (mark_q) begin
      assert(((lfsr_q & RateMask) == 16'd0) && !f_free_low);
      assert({1'b0, mark_id_q[SlotW-1:0]} < Slots[SlotW:0]);
      assert(!valid_q[mark_id_q[SlotW-1:0]] && (gen_q[mark_id_q[SlotW-1:0]] == mark_id_q[SlotW]));
    end else begin
      assert(mark_id_q == {IdW{1'b0}});
    end
    if (!mark_q && ((lfsr_q & RateMask) == 16'd0)) begin
      assert(&valid_q);
    end
    // 7: the LFSR never locks
    assert(lfsr_q != 16'd0);
  end

  // ---- step properties
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // 4: per_end_i starts exactly LatW busy cycles; the mean follows them
      if ($past(per_end_i)) begin
        assert(busy_q && (step_q == StepLat) && !avg_valid_o);
        assert(nsamp_o == $past(c1));
      end
      if (avg_valid_o) begin
        assert($past(busy_q) && ($past(step_q) == StepOne) && !busy_q);
      end
      // N7: a window without samples has mean 0
      if (avg_valid_o && (nsamp_o == {CntW{1'b0}})) begin
        assert(avg_o == {LatW{1'b0}});
      end
      // 6: a stale stop changes no slot (nothing else happening)
      if (stale_o && !tmo_o && !$past(take)) begin
        assert((valid_q == $past(valid_q)) && (gen_q == $past(gen_q)));
      end
      // a sampled packet holds its slot with counter 1 (N3)
      if ($past(take)) begin
        assert(valid_q[$past(tslot)] && (cnt_q[$past(tslot) * LatW +: LatW] == {{(LatW-1){1'b0}}, 1'b1}));
      end
      // N2: the LFSR moves exactly with an injection
      if ($past(inj_valid_i)) begin
        assert(lfsr_q == leap16($past(lfsr_q)));
      end else begin
        assert(lfsr_q == $past(lfsr_q));
      end
      // a drop: wanted, every slot busy
      if (drop_o) begin
        assert($past(inj_valid_i) && $past(wanted) && (&$past(valid_q)));
      end
    end
  end

  // ---- covers (each a named f_cover_* signal and a cover statement)
  reg f_live_p;
  initial f_live_p = 1'b0;
  always @(posedge clk_i) f_live_p <= rst_ni;
  wire f_cov_live = f_past_valid & f_live_p & rst_ni;
  reg  f_stop_p, f_busy_end_p;
  always @(posedge clk_i) begin
    f_stop_p     <= |stop_vec;
    f_busy_end_p <= per_end_i & busy_q;
  end
  wire f_cover_drop          = f_cov_live & drop_o;
  wire f_cover_timeout       = f_cov_live & tmo_o;
  wire f_cover_stale         = f_cov_live & stale_o;
  wire f_cover_stop_and_tmo  = f_cov_live & tmo_o & f_stop_p;
  wire f_cover_frozen        = f_cov_live & (c_q == CntMax);
  wire f_cover_restart       = f_cov_live & f_busy_end_p;
  wire f_cover_empty_window  = f_cov_live & avg_valid_o & (nsamp_o == {CntW{1'b0}});
  wire f_cover_mean          = f_cov_live & avg_valid_o & (avg_o != {LatW{1'b0}});
  always @* begin
    cover(f_cover_drop);
    cover(f_cover_timeout);
    cover(f_cover_stale);
    cover(f_cover_stop_and_tmo);
    cover(f_cover_frozen);
    cover(f_cover_restart);
    cover(f_cover_empty_window);
    cover(f_cover_mean);
  end
`endif

endmodule

`default_nettype wire
