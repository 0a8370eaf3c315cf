// pdp.v - PDP-S protection-distance predictor: RD sampler, RD counter
// array, pipelined PD compute (no divider).
//
// The predictor of the sampler L1 of CBWT's PDP-S (Chen et al., MICRO 2014,
// sections IV-V) after the original PDP design (Duong et al., MICRO 2012;
// ../shared/papers/pdp-notes.md): it measures reuse distances in a few
// sampled sets, histograms them and, at the end of each period, picks the
// protection distance with the best modelled hit rate, one candidate per
// cycle by cross-multiplication. Every output is a flop.
//
// Specification: doc/pdp.md, sections "Ports", "RD sampler", "RD counter
// array", "Periods", "Hit-rate model and PD compute" (with "Datapath and
// timing" and "Operand widths and the no-overflow proof", which define the
// derived widths), "Debug read", "Reset", "Paper readings", "Storage"; the
// formal properties below (ifdef FORMAL): doc/pdp.md "Invariants", "Formal".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Sets         2 .. 65536, power of two (64)
//   SampledSets  1 .. 64, power of two, <= Sets (8)
//   DMax         4 .. 256, power of two (64)
//   Sc           power of two, DMax/Sc in 2 .. 256 (4)
//   SampM        2 .. 64, power of two, DMax/SampM >= 2 (4)
//   TagW 1 .. 32 (16), BinW 2 .. 16 (16), NtW BinW .. 32 (32), De 0 .. 255 (4)
//   NtAll        0, 1 (1)              doc/pdp.md "Paper readings"
//   PdMin        1 .. DMax (4)         doc/pdp.md "Paper readings"
//   PeriodLen    DMax/Sc+2 .. 2^24 (16384): accesses per period

`default_nettype none

module pdp #(
  parameter integer Sets        = 64,
  parameter integer SampledSets = 8,
  parameter integer DMax        = 64,
  parameter integer Sc          = 4,
  parameter integer SampM       = 4,
  parameter integer TagW        = 16,
  parameter integer BinW        = 16,
  parameter integer NtW         = 32,
  parameter integer De          = 4,
  parameter integer NtAll       = 1,
  parameter integer PdMin       = 4,
  parameter integer PeriodLen   = 16384
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              acc_valid_i,
  input  wire [SetW-1:0]   acc_set_i,
  input  wire [TagW-1:0]   acc_tag_i,
  input  wire [DbgW-1:0]   dbg_addr_i,
  output wire              samp_hit_o,
  output wire [LD-1:0]     samp_rd_o,
  output wire              frozen_o,
  output wire              busy_o,
  output wire              pd_valid_o,
  output wire [LD:0]       pd_o,
  output wire [NtW-1:0]    dbg_data_o
);

  // trailing zero bits of v, at most lim (v = 0: lim)
  function integer tz_f;
    input integer v;
    input integer lim;
    integer i;
    begin
      tz_f = 0;
      for (i = 0; i < lim; i = i + 1) begin
        if (tz_f == i && ((v >> i) % 2) == 0) tz_f = i + 1;
      end
    end
  endfunction

  // ---------------------------------------------------------------------
  // Derived values (doc/pdp.md "Parameters", "Operand widths")
  // ---------------------------------------------------------------------
  localparam integer SetW    = $clog2(Sets);
  localparam integer NB      = DMax / Sc;
  localparam integer F       = DMax / SampM;
  localparam integer LD      = $clog2(DMax);
  localparam integer LB      = $clog2(NB);
  localparam integer LSc     = $clog2(Sc);
  localparam integer LM      = $clog2(SampM);
  localparam integer LF      = $clog2(F);
  localparam integer LStride = $clog2(Sets / SampledSets);
  localparam integer SiW     = (SampledSets > 1) ? $clog2(SampledSets) : 1;
  localparam integer DbgW    = $clog2(NB + 1);
  localparam integer PerW    = $clog2(PeriodLen);
  localparam integer CW      = LB + 1;
  localparam integer HW      = BinW + LB;
  localparam integer VW      = BinW + 2 * LB;
  localparam integer DeW     = (De > 0) ? $clog2(De + 1) : 1;
  localparam integer KW      = (De == 0) ? LD + 1 : (((LD + 1 > DeW) ? LD + 1 : DeW) + 1);
  // A is held divided by 2^Z, Z = min(LSc, trailing zeros of De) (doc)
  localparam integer Z       = tz_f(De, LSc);
  localparam integer AX      = BinW + LB + LD;
  localparam integer AY      = NtW + KW;
  localparam integer AW      = ((AX > AY) ? AX : AY) + 1 - Z;
  localparam integer PW      = HW + AW;
  localparam integer MW      = (NtW > HW) ? NtW : HW;
  // sampler row: {cnt[LM], valid[F], tag[F*TagW]}
  localparam integer OffV    = F * TagW;
  localparam integer OffC    = F * TagW + F;
  localparam integer RowW    = F * TagW + F + LM;

  localparam integer PerLastI = PeriodLen - 1;
  localparam [PerW-1:0] PerLast  = PerLastI[PerW-1:0];
  localparam [PerW-1:0] PerOne   = {{(PerW-1){1'b0}}, 1'b1};
  localparam integer StrideMI = (Sets / SampledSets) - 1;
  localparam [SetW-1:0] StrideMask = StrideMI[SetW-1:0];
  localparam [LM-1:0]   TOne     = {{(LM-1){1'b0}}, 1'b1};
  localparam [BinW-1:0] BinPre   = {{(BinW-1){1'b1}}, 1'b0};   // max - 1
  localparam [NtW-1:0]  NtPre    = {{(NtW-1){1'b1}}, 1'b0};
  localparam [BinW-1:0] BinOne   = {{(BinW-1){1'b0}}, 1'b1};
  localparam [NtW-1:0]  NtOne    = {{(NtW-1){1'b0}}, 1'b1};
  localparam [CW-1:0]   COne     = {{(CW-1){1'b0}}, 1'b1};
  localparam [CW-1:0]   CLast    = NB[CW-1:0];
  localparam [DbgW-1:0] DbgNt    = NB[DbgW-1:0];
  localparam integer CMinI = (PdMin + Sc - 1) / Sc;   // first eligible PD/Sc
  localparam [CW-1:0]   CMin     = CMinI[CW-1:0];
  localparam integer DeZ = De / (1 << Z);
  localparam integer KGW = KW - Z;                 // width of K / 2^Z
  localparam [KGW-1:0]  DeV      = DeZ[KGW-1:0];

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration
  // ---------------------------------------------------------------------
  generate
    if (Sets < 2 || Sets > 65536 || (Sets & (Sets - 1)) != 0) begin : g_err_sets
      pdp_param_error_Sets_must_be_power_of_two_2_to_65536 u_err ();
    end
    if (SampledSets < 1 || SampledSets > 64 || SampledSets > Sets
        || (SampledSets & (SampledSets - 1)) != 0) begin : g_err_samp
      pdp_param_error_SampledSets_must_be_power_of_two_le_Sets_and_64 u_err ();
    end
    if (DMax < 4 || DMax > 256 || (DMax & (DMax - 1)) != 0) begin : g_err_dmax
      pdp_param_error_DMax_must_be_power_of_two_4_to_256 u_err ();
    end
    if (Sc < 1 || (Sc & (Sc - 1)) != 0 || DMax / Sc < 2) begin : g_err_sc
      pdp_param_error_Sc_must_be_power_of_two_with_DMax_over_Sc_2_to_256 u_err ();
    end
    if (SampM < 2 || SampM > 64 || (SampM & (SampM - 1)) != 0 || DMax / SampM < 2) begin : g_err_m
      pdp_param_error_SampM_must_be_power_of_two_2_to_64_with_FIFO_depth_ge_2 u_err ();
    end
    if (TagW < 1 || TagW > 32) begin : g_err_tagw
      pdp_param_error_TagW_must_be_1_to_32 u_err ();
    end
    if (BinW < 2 || BinW > 16 || NtW < BinW || NtW > 32) begin : g_err_w
      pdp_param_error_BinW_2_to_16_and_NtW_BinW_to_32 u_err ();
    end
    if (De < 0 || De > 255) begin : g_err_de
      pdp_param_error_De_must_be_0_to_255 u_err ();
    end
    if (NtAll != 0 && NtAll != 1) begin : g_err_ntall
      pdp_param_error_NtAll_must_be_0_or_1 u_err ();
    end
    if (PdMin < 1 || PdMin > DMax) begin : g_err_pdmin
      pdp_param_error_PdMin_must_be_1_to_DMax u_err ();
    end
    if (PeriodLen < NB + 2 || PeriodLen > 16777216) begin : g_err_period
      pdp_param_error_PeriodLen_must_be_NB_plus_2_to_2pow24 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  (* mem2reg *) reg [RowW-1:0] row_q [0:SampledSets-1];
  reg [NB*BinW-1:0] bins_q,  bins_d;
  reg [NtW-1:0]     nt_q,    nt_d;
  reg               frozen_q, frozen_d;
  reg [PerW-1:0]    per_q,   per_d;
  reg               busy_q,  busy_d;
  reg [CW-1:0]      c_q,     c_d;
  reg [HW-1:0]      s_q,     s_d;
  reg [VW-1:0]      v_q,     v_d;
  reg [HW-1:0]      bh_q,    bh_d;
  reg [AW-1:0]      ba_q,    ba_d;
  reg [CW-1:0]      bp_q,    bp_d;
  reg [CW-1:0]      pd_q,    pd_d;
  reg               pdv_q,   pdv_d;
  reg               hit_q,   hit_d;
  reg [LD-1:0]      rd_q,    rd_d;
  reg [NtW-1:0]     dbg_q,   dbg_d;

  // addressed sampler row
  wire              sampled = acc_valid_i & ((acc_set_i & StrideMask) == {SetW{1'b0}});
  wire [SetW-1:0]   k_full  = acc_set_i >> LStride;
  wire [SiW-1:0]    k       = k_full[SiW-1:0];
  wire [RowW-1:0]   row_rd  = row_q[k];
  reg  [RowW-1:0]   row_d;

  // ---------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------
  integer           p;
  reg  [LM-1:0]     t;
  reg  [F-1:0]      vld;
  reg               hit, ins, count, period_end, better, clear;
  reg  [LF-1:0]     hitp;
  reg  [LD-1:0]     rd;
  reg  [LB-1:0]     bin_idx;
  reg  [BinW-1:0]   bin_cur, bin_c;
  reg  [MW-1:0]     ntx, sx, ux_m;
  reg  [AW-1:0]     ux, kx, kd, vx, a;
  reg  [PW-1:0]     lhs, rhs, m1, m2;
  reg  [HW-1:0]     binh;
  reg  [VW-1:0]     binv, cv;

  always @* begin
    // defaults
    row_d    = row_rd;
    bins_d   = bins_q;
    nt_d     = nt_q;
    frozen_d = frozen_q;
    per_d    = per_q;
    busy_d   = busy_q;
    c_d      = c_q;
    s_d      = s_q;
    v_d      = v_q;
    bh_d     = bh_q;
    ba_d     = ba_q;
    bp_d     = bp_q;
    pd_d     = pd_q;
    pdv_d    = pdv_q;

    // debug read from the current state
    dbg_d = {NtW{1'b0}};
    if (dbg_addr_i < DbgNt) dbg_d[BinW-1:0] = bins_q[dbg_addr_i[LB-1:0] * BinW +: BinW];
    else if (dbg_addr_i == DbgNt) dbg_d = nt_q;

    // RD sampler: search (smallest position wins), RD, invalidate, insert
    t    = row_rd[OffC +: LM];
    vld  = row_rd[OffV +: F];
    hit  = 1'b0;
    hitp = {LF{1'b0}};
    for (p = F - 1; p >= 0; p = p - 1) begin
      if (vld[p] && (row_rd[p * TagW +: TagW] == acc_tag_i)) begin
        hit  = 1'b1;
        hitp = p[LF-1:0];
      end
    end
    hit  = hit & sampled;
    ins  = sampled & (&t);
    rd   = hit ? {hitp, t} : {LD{1'b0}};
    if (hit) vld[hitp] = 1'b0;
    if (ins) begin
      row_d[OffV +: F] = {vld[F-2:0], 1'b1};
      row_d[0 +: F * TagW] = {row_rd[0 +: (F - 1) * TagW], acc_tag_i};
    end else begin
      row_d[OffV +: F] = vld;
    end
    row_d[OffC +: LM] = t + TOne;
    hit_d = hit;
    rd_d  = rd;

    // counting and freeze
    count   = sampled & ~busy_q & ~frozen_q;
    bin_idx = rd[LD-1:LSc];
    bin_cur = bins_q[bin_idx * BinW +: BinW];
    if (count & hit) begin
      bins_d[bin_idx * BinW +: BinW] = bin_cur + BinOne;
      if (bin_cur == BinPre) frozen_d = 1'b1;
    end
    // N_t: every counted access (NtAll = 1) or the insertions (doc "Paper readings")
    if (count & ((NtAll != 0) | ins)) begin
      nt_d = nt_q + NtOne;
      if (nt_q == NtPre) frozen_d = 1'b1;
    end

    // period
    period_end = 1'b0;
    if (acc_valid_i) begin
      if (per_q == PerLast) begin
        per_d      = {PerW{1'b0}};
        period_end = 1'b1;
      end else begin
        per_d = per_q + PerOne;
      end
    end

    // compute: stage B (candidate c-1) from the registered prefix sums
    ntx = {MW{1'b0}};
    ntx[NtW-1:0] = nt_q;
    sx = {MW{1'b0}};
    sx[HW-1:0] = s_q;
    ux_m = (ntx > sx) ? (ntx - sx) : {MW{1'b0}};
    ux = {AW{1'b0}};
    ux[NtW-1:0] = ux_m[NtW-1:0];
    kx = {AW{1'b0}};
    kx[CW-1:0] = c_q;
    kd = {AW{1'b0}};
    kd[KGW-1:0] = DeV;
    kx = (kx << (LSc - Z)) + kd;    // K / 2^Z
    vx = {AW{1'b0}};
    vx[VW-1:0] = v_q;
    a  = (vx << (LSc - Z)) + ux * kx;   // A / 2^Z
    m1 = {PW{1'b0}};
    m1[HW-1:0] = s_q;
    m2 = {PW{1'b0}};
    m2[AW-1:0] = ba_q;
    lhs = m1 * m2;                  // H * A_best
    m1 = {PW{1'b0}};
    m1[HW-1:0] = bh_q;
    m2 = {PW{1'b0}};
    m2[AW-1:0] = a;
    rhs = m1 * m2;                  // H_best * A
    better = busy_q & (c_q >= CMin) & (lhs > rhs);   // candidates >= PdMin only
    // stage A: bin c
    bin_c = bins_q[c_q[LB-1:0] * BinW +: BinW];
    binh = {HW{1'b0}};
    binh[BinW-1:0] = bin_c;
    binv = {VW{1'b0}};
    binv[BinW-1:0] = bin_c;
    cv = {VW{1'b0}};
    cv[CW-1:0] = c_q + COne;

    clear = 1'b0;
    if (busy_q) begin
      if (better) begin
        bh_d = s_q;
        ba_d = a;
        bp_d = c_q;
      end
      if (c_q != CLast) begin
        s_d = s_q + binh;
        v_d = v_q + binv * cv;
        c_d = c_q + COne;
      end else begin
        pd_d   = better ? c_q : bp_q;
        pdv_d  = 1'b1;
        busy_d = 1'b0;
        c_d    = {CW{1'b0}};
        clear  = 1'b1;
      end
    end else if (period_end) begin
      busy_d = 1'b1;
      c_d    = {CW{1'b0}};
      s_d    = {HW{1'b0}};
      v_d    = {VW{1'b0}};
      bh_d   = {HW{1'b0}};
      ba_d   = {AW{1'b1}};   // any A > 0 means E = 0; all-ones: no constant flop
      bp_d   = CMin;     // the smallest eligible candidate
    end
    if (clear) begin
      bins_d   = {(NB*BinW){1'b0}};
      nt_d     = {NtW{1'b0}};
      frozen_d = 1'b0;
    end
  end

  // Bits computed but intentionally unused: the top of the U difference
  // above NtW (U <= N_t) and of the product operands' scratch registers.
  wire unused_calc = ^{ux_m, k_full};

  // ---------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------
  integer r;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bins_q   <= {(NB*BinW){1'b0}};
      nt_q     <= {NtW{1'b0}};
      frozen_q <= 1'b0;
      per_q    <= {PerW{1'b0}};
      busy_q   <= 1'b0;
      c_q      <= {CW{1'b0}};
      s_q      <= {HW{1'b0}};
      v_q      <= {VW{1'b0}};
      bh_q     <= {HW{1'b0}};
      ba_q     <= {AW{1'b0}};
      bp_q     <= {CW{1'b0}};
      pd_q     <= {CW{1'b0}};
      pdv_q    <= 1'b0;
      hit_q    <= 1'b0;
      rd_q     <= {LD{1'b0}};
      dbg_q    <= {NtW{1'b0}};
      // blocking reset loop: see rtl/hac/hac.v (Verilator's idiom for arrays)
      /* verilator lint_off BLKSEQ */
      for (r = 0; r < SampledSets; r = r + 1) begin
        row_q[r] = {RowW{1'b0}};
      end
      /* verilator lint_on BLKSEQ */
    end else begin
      bins_q   <= bins_d;
      nt_q     <= nt_d;
      frozen_q <= frozen_d;
      per_q    <= per_d;
      busy_q   <= busy_d;
      c_q      <= c_d;
      s_q      <= s_d;
      v_q      <= v_d;
      bh_q     <= bh_d;
      ba_q     <= ba_d;
      bp_q     <= bp_d;
      pd_q     <= pd_d;
      pdv_q    <= pdv_d;
      hit_q    <= hit_d;
      rd_q     <= rd_d;
      dbg_q    <= dbg_d;
      if (sampled) begin
        row_q[k] <= row_d;
      end
    end
  end

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/pdp.md "Invariants" and "Formal"), run by
  // `formal/formal.sh pdp` at the reduced configuration of formal/pdp.sby:
  // proved by k-induction, every property with a cover. f_si is any
  // constant sampled set; the properties track its FIFO.
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset

  (* anyconst *) reg [SiW-1:0] f_si;
  always @* assume({{(32-SiW){1'b0}}, f_si} < SampledSets);
  wire [RowW-1:0] f_row = row_q[f_si];
  wire            f_live = f_past_valid & rst_ni;
  localparam [BinW-1:0] FBinMax = {BinW{1'b1}};
  localparam [NtW-1:0]  FNtMax  = {NtW{1'b1}};
  integer fb, fp, fq;

  always @* begin
    if (rst_ni) begin
      // Invariant 1: at most one valid FIFO entry per tag in a sampled set.
      for (fp = 0; fp < F; fp = fp + 1)
        for (fq = fp + 1; fq < F; fq = fq + 1)
          if (f_row[OffV + fp] && f_row[OffV + fq])
            assert(f_row[fp * TagW +: TagW] != f_row[fq * TagW +: TagW]);
      // Invariant 2: idle means candidate 0; the candidate never passes NB.
      if (!busy_q) assert(c_q == {CW{1'b0}});
      assert(c_q <= CLast);
      // Invariant 3: a counter at its maximum implies frozen.
      for (fb = 0; fb < NB; fb = fb + 1)
        if (bins_q[fb * BinW +: BinW] == FBinMax) assert(frozen_q);
      if (nt_q == FNtMax) assert(frozen_q);
      // Invariant 5: no PD before the first compute; then Sc <= PD <= DMax
      // (pd_q is PD / Sc).
      if (!pdv_q) assert(pd_q == {CW{1'b0}});
      else        assert((pd_q >= CMin) && (pd_q <= CLast));
      // the period counter stays within the period
      assert(per_q <= PerLast);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // Invariant 4: while busy the counter array and N_t do not change.
      if ($past(busy_q) && busy_q) begin
        assert(bins_q == $past(bins_q));
        assert(nt_q == $past(nt_q));
      end
      // busy for exactly NB + 1 cycles: it starts at candidate 0, steps
      // one candidate per cycle and ends after candidate NB.
      if (busy_q && !$past(busy_q)) assert(c_q == {CW{1'b0}});
      if ($past(busy_q) && busy_q) assert(c_q == $past(c_q) + COne);
      if ($past(busy_q) && !busy_q) assert($past(c_q) == CLast);
      // a PD appears only at the end of a compute
      if (pd_q != $past(pd_q) || (pdv_q && !$past(pdv_q))) assert($past(busy_q) && !busy_q);
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  wire f_cover_busy      = f_live & busy_q & (c_q == CLast);
  wire f_cover_pd_min    = f_live & pdv_q & (pd_q == CMin);
  wire f_cover_pd_mid    = f_live & pdv_q & (pd_q != CMin) & (pd_q != CLast);
  wire f_cover_pd_max    = f_live & pdv_q & (pd_q == CLast);
  wire f_cover_frozen    = f_live & frozen_q & ~busy_q;
  wire f_cover_rd_far    = f_live & hit_q & (rd_q >= {{(LD-1){1'b0}}, 1'b1} << LSc);
  wire f_cover_fifo_full = f_live & (&f_row[OffV +: F]);
  always @* begin
    cover(f_cover_busy);
    cover(f_cover_pd_min);
    cover(f_cover_pd_mid);
    cover(f_cover_pd_max);
    cover(f_cover_frozen);
    cover(f_cover_rd_far);
    cover(f_cover_fifo_full);
  end
`endif

  assign samp_hit_o = hit_q;
  assign samp_rd_o  = rd_q;
  assign frozen_o   = frozen_q;
  assign busy_o     = busy_q;
  assign pd_valid_o = pdv_q;
  assign dbg_data_o = dbg_q;
  generate
    if (LSc == 0) begin : g_sc1
      assign pd_o = pd_q;
    end else begin : g_scn
      assign pd_o = {pd_q, {LSc{1'b0}}};
    end
  endgenerate

endmodule

`default_nettype wire
