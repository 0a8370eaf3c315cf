// hac.v - HAC: hybrid-memory-aware L2 insertion, promotion and bypass.
//
// The tag/replacement slice of one set-associative L2 bank managed by HAC
// (Wang et al., "Shared Last-level Cache Management for GPGPUs with Hybrid
// Main Memory", section IV): per set a saturating miss counter and a recency
// stack, per line valid, tag, dirty, memory type and EA. No data, no address
// slicing (the set index is an input). One request per cycle; every output
// is a flop. The per-set arrays are read and written one row per cycle (the
// addressed set only), so simulation costs O(Ways) per cycle.
//
// Specification: doc/hac.md, sections "Ports", "State and reset",
// "Definitions used by both algorithms", "Dynamic policy", "Static policy",
// "Paper readings", "Out-of-range set", "Timing example", "Storage (V-D)";
// the formal properties below (ifdef FORMAL) are its "Invariants". Derived
// widths: doc/hac.md "Parameters".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Sets        1 .. 65536 (384), need not be a power of two
//   Ways        8, 16, 32, 64 (16): associativity A
//   TagW        1 .. 48 (20)
//   Policy      0 dynamic, 1 static (0)
//   BypassMc    0, 1 (0)     doc/hac.md "Paper readings"
//   StaticWbEa  0, 1 (0)     doc/hac.md "Paper readings"

`default_nettype none

module hac #(
  parameter integer Sets   = 384,
  parameter integer Ways   = 16,
  parameter integer TagW   = 20,
  parameter integer Policy = 0,
  parameter integer BypassMc = 0,
  parameter integer StaticWbEa = 0
) (
  input  wire              clk_i,
  input  wire              rst_ni,
  input  wire              req_valid_i,
  input  wire              req_wb_i,
  input  wire [SetW-1:0]   req_set_i,
  input  wire [TagW-1:0]   req_tag_i,
  input  wire              req_nvm_i,
  input  wire [5:0]        req_ea_i,
  output wire              rsp_valid_o,
  output wire              rsp_hit_o,
  output wire              rsp_bypass_o,
  output wire [WayW-1:0]   rsp_way_o,
  output wire [WayW-1:0]   rsp_pos_o,
  output wire [McW-1:0]    rsp_mc_o,
  output wire              evict_valid_o,
  output wire [TagW-1:0]   evict_tag_o,
  output wire              evict_dirty_o,
  output wire              evict_nvm_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/hac.md "Derived values")
  // ---------------------------------------------------------------------
  localparam integer SetW   = (Sets > 1) ? $clog2(Sets) : 1;  // safe clog2
  localparam integer WayW   = $clog2(Ways);
  localparam integer McW    = WayW + 1;
  localparam integer EaW    = WayW - 1;
  localparam integer McMax  = 2 * Ways - 1;
  localparam integer McInit = Ways;
  localparam integer CntW   = WayW + 1;  // 0..A invalid lines
  localparam integer CalcW  = 8;         // position arithmetic (max 2A-2 < 256)

  // Row of the main per-set array: {pos[A], tag[A], nvm[A], dirty[A], valid[A]}
  localparam integer OffDirty = Ways;
  localparam integer OffNvm   = 2 * Ways;
  localparam integer OffTag   = 3 * Ways;
  localparam integer OffPos   = 3 * Ways + Ways * TagW;
  localparam integer RowW     = Ways * (3 + TagW + WayW);
  // Row of the dynamic-policy per-set array: {mc, ea[A]}
  localparam integer OffMc    = Ways * EaW;
  localparam integer DynW     = Ways * EaW + McW;

  // Sized constants (keep every operand of the position arithmetic CalcW wide)
  localparam [CalcW-1:0] CA    = Ways[CalcW-1:0];  // A
  localparam [CalcW-1:0] CAm1  = CA - 8'd1;        // A-1 (MRU)
  localparam [CalcW-1:0] CAm2  = CA - 8'd2;        // A-2
  localparam [CalcW-1:0] CAh   = CA >> 1;          // A/2
  localparam [CalcW-1:0] CAhm1 = CAh - 8'd1;       // A/2-1
  localparam [CalcW-1:0] CAq   = CA >> 2;          // A/4
  localparam [CalcW-1:0] CAe   = CA >> 3;          // A/8
  localparam [McW-1:0]   McMaxV  = McMax[McW-1:0];
  localparam [McW-1:0]   McInitV = McInit[McW-1:0];
  localparam [McW-1:0]   McTwo   = {{(McW-2){1'b0}}, 2'd2};
  localparam [McW-1:0]   McOne   = {{(McW-1){1'b0}}, 1'b1};
  localparam [WayW-1:0]  WayOne  = {{(WayW-1){1'b0}}, 1'b1};
  localparam [CntW-1:0]  CntOne  = {{(CntW-1){1'b0}}, 1'b1};
  localparam [SetW:0]    SetsV   = Sets[SetW:0];

  // Reset row: every line invalid, tag/dirty/nvm 0, way w at position w.
  function [RowW-1:0] row_rst_f;
    input integer n_ways;
    integer w;
    begin
      row_rst_f = {RowW{1'b0}};
      for (w = 0; w < n_ways; w = w + 1) begin
        row_rst_f[OffPos + w * WayW +: WayW] = w[WayW-1:0];
      end
    end
  endfunction
  localparam [RowW-1:0] RowRst = row_rst_f(Ways);
  // Reset dynamic row: every EA 0, mc = McInit.
  localparam [DynW-1:0] DynRst = {McInitV, {(Ways * EaW){1'b0}}};

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (!(Ways == 8 || Ways == 16 || Ways == 32 || Ways == 64)) begin : g_err_ways
      hac_param_error_Ways_must_be_power_of_two_8_to_64 u_err ();
    end
    if (Sets < 1 || Sets > 65536) begin : g_err_sets
      hac_param_error_Sets_must_be_1_to_65536 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      hac_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (Policy != 0 && Policy != 1) begin : g_err_policy
      hac_param_error_Policy_must_be_0_or_1 u_err ();
    end
    if (BypassMc != 0 && BypassMc != 1) begin : g_err_bypassmc
      hac_param_error_BypassMc_must_be_0_or_1 u_err ();
    end
    if (StaticWbEa != 0 && StaticWbEa != 1) begin : g_err_staticwbea
      hac_param_error_StaticWbEa_must_be_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // Main per-set array. Yosys turns it into flops (mem2reg: an array with an
  // asynchronous reset of every row cannot be a RAM); Verilator and Icarus
  // keep an array and touch one row per cycle.
  (* mem2reg *) reg [RowW-1:0] row_q [0:Sets-1];

  reg              rsp_valid_q,   rsp_valid_d;
  reg              rsp_hit_q,     rsp_hit_d;
  reg              rsp_bypass_q,  rsp_bypass_d;
  reg [WayW-1:0]   rsp_way_q,     rsp_way_d;
  reg [WayW-1:0]   rsp_pos_q,     rsp_pos_d;
  reg [McW-1:0]    rsp_mc_d;      // flop only in the dynamic policy (g_dyn)
  reg              evict_valid_q, evict_valid_d;
  reg [TagW-1:0]   evict_tag_q,   evict_tag_d;
  reg              evict_dirty_q, evict_dirty_d;
  reg              evict_nvm_q,   evict_nvm_d;

  // Addressed-row read and next row.
  wire             set_ok = ({1'b0, req_set_i} < SetsV);
  wire [SetW-1:0]  rd_set = set_ok ? req_set_i : {SetW{1'b0}};
  wire [RowW-1:0]  row_rd = row_q[rd_set];
  wire [DynW-1:0]  dyn_rd;   // {mc, ea[A]} of the addressed set; 0 in static
  reg  [RowW-1:0]  row_d;
  reg  [DynW-1:0]  dyn_d;
  reg              row_we;   // write row_d into set req_set_i
  reg              dyn_we;   // write dyn_d (mc, EAs) into set req_set_i

`ifdef FORMAL
  // The proof's "any constant set" and its dynamic row (declared here so the
  // policy generate blocks below can drive f_dyn).
  (* anyconst *) reg [SetW-1:0] f_set;
  wire [DynW-1:0] f_dyn;    // f_set's {mc, ea[A]}; 0 in the static policy
`endif

  // ---------------------------------------------------------------------
  // Next-state and response logic (addressed set only, O(A))
  // ---------------------------------------------------------------------
  integer          w;
  reg              req_ok;
  reg  [5:0]       ea_c;      // clamped ea, 1..32
  reg  [5:0]       ea_m1;     // ea_c - 1, 0..31
  reg  [5:0]       ea_sh;     // A*(ea-1)/64 = (ea-1) >> (6 - WayW)
  reg  [EaW-1:0]   eaq;       // EA(req)
  reg  [Ways-1:0]  hv;        // hit vector
  reg  [Ways-1:0]  pz;        // line is at position 0
  reg  [Ways-1:0]  hit_oh, vic_oh, sel_oh;
  reg  [CntW-1:0]  ninv;      // k: invalid lines in the set
  reg  [CntW-1:0]  km1;       // k - 1 (valid when k >= 1)
  reg              hit, bypass;
  reg              vic_any;   // some line is at position 0
  reg  [WayW-1:0]  sel_way, sel_pos;
  reg              sel_valid, sel_dirty, sel_nvm;
  reg  [TagW-1:0]  sel_tag;
  reg  [EaW-1:0]   sel_ea;
  reg  [McW-1:0]   mc, mc_new, mc_dec, mc_inc;
  reg  [CalcW-1:0] c8, mc8, mcn8, ea8, p_raw;
  reg  [WayW-1:0]  p_clamp, p;
  reg  [WayW-1:0]  pos_w;
  reg              ea_hi, ea_lo;

  always @* begin
    // defaults: nothing changes, outputs 0
    row_d         = row_rd;
    dyn_d         = dyn_rd;
    row_we        = 1'b0;
    dyn_we        = 1'b0;
    rsp_valid_d   = 1'b0;
    rsp_hit_d     = 1'b0;
    rsp_bypass_d  = 1'b0;
    rsp_way_d     = {WayW{1'b0}};
    rsp_pos_d     = {WayW{1'b0}};
    rsp_mc_d      = {McW{1'b0}};
    evict_valid_d = 1'b0;
    evict_tag_d   = {TagW{1'b0}};
    evict_dirty_d = 1'b0;
    evict_nvm_d   = 1'b0;

    req_ok = req_valid_i & set_ok;

    // ea clamp (0 -> 1, 33..63 -> 32) and EA(ea)
    if (req_ea_i == 6'd0)       ea_c = 6'd1;
    else if (req_ea_i > 6'd32)  ea_c = 6'd32;
    else                        ea_c = req_ea_i;
    ea_m1 = ea_c - 6'd1;
    ea_sh = ea_m1 >> (6 - WayW);
    eaq   = ea_sh[EaW-1:0];
    ea_hi = (ea_c >= 6'd24);
    ea_lo = (ea_c <= 6'd8);

    // scan the set: hit vector, position-0 line, invalid count
    // (lowest-index one-hot by a running OR, not x & -x: same logic, but
    // the SMT solvers' rewriters blow up on the add-based form)
    hv     = {Ways{1'b0}};
    pz     = {Ways{1'b0}};
    hit_oh = {Ways{1'b0}};
    vic_oh = {Ways{1'b0}};
    hit    = 1'b0;
    vic_any = 1'b0;
    ninv   = {CntW{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      hv[w]     = row_rd[w] & (row_rd[OffTag + w * TagW +: TagW] == req_tag_i);
      pz[w]     = (row_rd[OffPos + w * WayW +: WayW] == {WayW{1'b0}});
      hit_oh[w] = hv[w] & ~hit;       // lowest hit way
      vic_oh[w] = pz[w] & ~vic_any;   // the position-0 line (lowest if several)
      hit       = hit | hv[w];
      vic_any   = vic_any | pz[w];
      ninv      = ninv + {{(CntW-1){1'b0}}, ~row_rd[w]};
    end
    km1    = ninv - CntOne;
    sel_oh = hit ? hit_oh : vic_oh;

    // the selected line (hit line or victim)
    sel_way   = {WayW{1'b0}};
    sel_pos   = {WayW{1'b0}};
    sel_valid = 1'b0;
    sel_dirty = 1'b0;
    sel_nvm   = 1'b0;
    sel_tag   = {TagW{1'b0}};
    sel_ea    = {EaW{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      if (sel_oh[w]) begin
        sel_way   = w[WayW-1:0];
        sel_pos   = row_rd[OffPos + w * WayW +: WayW];
        sel_valid = row_rd[w];
        sel_dirty = row_rd[OffDirty + w];
        sel_nvm   = row_rd[OffNvm + w];
        sel_tag   = row_rd[OffTag + w * TagW +: TagW];
        sel_ea    = dyn_rd[w * EaW +: EaW];
      end
    end

    // mc and the raw position
    mc     = dyn_rd[OffMc +: McW];
    mc_dec = (mc >= McTwo) ? (mc - McTwo) : {McW{1'b0}};
    mc_inc = (mc == McMaxV) ? mc : (mc + McOne);
    mc_new = mc;
    bypass = 1'b0;
    c8     = {{(CalcW-WayW){1'b0}}, sel_pos};
    mc8    = {{(CalcW-McW){1'b0}}, mc};
    ea8    = {{(CalcW-EaW){1'b0}}, eaq};
    mcn8   = mc8;
    p_raw  = {CalcW{1'b0}};
    if (Policy == 0) begin
      if (hit) begin
        // Algorithm 2: DP / NP
        if (sel_nvm) p_raw = c8 + CA - (mc8 >> 3) - 8'd1;
        else         p_raw = c8 + CAh + (mc8 >> 2);
      end else if (req_wb_i) begin
        // Algorithm 1 lines 2-8: DNP / DDP, mc unchanged
        if (req_nvm_i) p_raw = CAm1 - (mc8 >> 3);
        else           p_raw = CAh + (mc8 >> 2);
      end else begin
        // Algorithm 1 lines 10-21: bypass test, mc update, CNP / CDP
        bypass = sel_valid & sel_dirty & sel_nvm & (sel_ea > eaq);
        // BypassMc = 1: a bypass steps mc too (doc "Paper readings")
        if (!bypass || (BypassMc != 0)) mc_new = req_nvm_i ? mc_dec : mc_inc;
        mcn8 = {{(CalcW-McW){1'b0}}, mc_new};
        if (req_nvm_i) p_raw = CAh - (mcn8 >> 3) + ea8;
        else           p_raw = CAe + (mcn8 >> 2) + ea8 - 8'd1;
      end
    end else begin
      if (hit) begin
        p_raw = c8 + (sel_nvm ? CAh : CAq);
      end else if (req_wb_i && (StaticWbEa == 0)) begin
        // writeback miss, ea not considered (doc "Paper readings")
        p_raw = req_nvm_i ? CAm1 : CAm2;
      end else begin
        case ({ea_hi, ea_lo, req_nvm_i})
          3'b101:  p_raw = CAm1;        // HN: MRU
          3'b100:  p_raw = CAm2;        // HD: MRU-1
          3'b001:  p_raw = CAh;         // MN: central
          3'b000:  p_raw = CAhm1;       // MD: central-1
          3'b011:  p_raw = 8'd1;        // LN: LRU+1
          3'b010:  p_raw = 8'd0;        // LD: LRU
          default: p_raw = 8'd0;        // ea_hi and ea_lo exclusive
        endcase
      end
    end
    // clamp to A-1, then the invalid-line rule for insertions
    p_clamp = (p_raw > CAm1) ? {WayW{1'b1}} : p_raw[WayW-1:0];
    if (!hit && (ninv != {CntW{1'b0}}) && (km1 > {1'b0, p_clamp})) begin
      p = km1[WayW-1:0];
    end else begin
      p = p_clamp;
    end

    // next row: stack shift, then the selected line's fields
    for (w = 0; w < Ways; w = w + 1) begin
      pos_w = row_rd[OffPos + w * WayW +: WayW];
      if (sel_oh[w]) begin
        row_d[OffPos + w * WayW +: WayW] = p;
        row_d[w]                         = 1'b1;
        row_d[OffDirty + w]              = req_wb_i | (hit & sel_dirty);
        row_d[OffNvm + w]                = hit ? sel_nvm : req_nvm_i;
        row_d[OffTag + w * TagW +: TagW] = req_tag_i;  // equal on a hit
        dyn_d[w * EaW +: EaW]            = eaq;
      end else if ((pos_w > sel_pos) && (pos_w <= p)) begin
        row_d[OffPos + w * WayW +: WayW] = pos_w - WayOne;
      end
    end
    // a bypass keeps every line's EA; only mc may step (BypassMc)
    if (bypass) dyn_d[0 +: OffMc] = dyn_rd[0 +: OffMc];
    dyn_d[OffMc +: McW] = mc_new;

    // write enable and registered response
    if (req_ok) begin
      row_we        = ~bypass;
      dyn_we        = ~bypass | (BypassMc != 0);
      rsp_valid_d   = 1'b1;
      rsp_hit_d     = hit;
      rsp_bypass_d  = bypass;
      rsp_way_d     = sel_way;
      rsp_pos_d     = bypass ? {WayW{1'b0}} : p;
      rsp_mc_d      = (Policy == 0) ? mc_new : {McW{1'b0}};
      evict_valid_d = ~hit & ~bypass & sel_valid;
      evict_tag_d   = (~hit & ~bypass & sel_valid) ? sel_tag : {TagW{1'b0}};
      evict_dirty_d = ~hit & ~bypass & sel_valid & sel_dirty;
      evict_nvm_d   = ~hit & ~bypass & sel_valid & sel_nvm;
    end
  end

  // Bits computed but intentionally not used: the high bits of the EA shift
  // (ea-1 has 5 significant bits, EA keeps EaW of them) and p_raw's low bits
  // above are used; km1's top bit is 0 whenever k >= 1.
  wire unused_calc = ^{ea_sh, km1[CntW-1]};

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only
  // ---------------------------------------------------------------------
  integer s;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q   <= 1'b0;
      rsp_hit_q     <= 1'b0;
      rsp_bypass_q  <= 1'b0;
      rsp_way_q     <= {WayW{1'b0}};
      rsp_pos_q     <= {WayW{1'b0}};
      evict_valid_q <= 1'b0;
      evict_tag_q   <= {TagW{1'b0}};
      evict_dirty_q <= 1'b0;
      evict_nvm_q   <= 1'b0;
      // Blocking on purpose: Verilator cannot unroll a reset loop over
      // Sets rows and rejects a delayed array assignment inside a loop
      // (BLKLOOPINIT); its documented idiom is a blocking reset loop. It
      // is race-free: every reader of row_q is combinational or is itself
      // held in reset in this time step.
      /* verilator lint_off BLKSEQ */
      for (s = 0; s < Sets; s = s + 1) begin
        row_q[s] = RowRst;
      end
      /* verilator lint_on BLKSEQ */
    end else begin
      rsp_valid_q   <= rsp_valid_d;
      rsp_hit_q     <= rsp_hit_d;
      rsp_bypass_q  <= rsp_bypass_d;
      rsp_way_q     <= rsp_way_d;
      rsp_pos_q     <= rsp_pos_d;
      evict_valid_q <= evict_valid_d;
      evict_tag_q   <= evict_tag_d;
      evict_dirty_q <= evict_dirty_d;
      evict_nvm_q   <= evict_nvm_d;
      if (row_we) begin
        row_q[req_set_i] <= row_d;
      end
    end
  end

  // Dynamic-policy storage: per-set {mc, ea[A]} and the rsp_mc register.
  // The static policy stores neither (doc/hac.md "static policy storage").
  generate
    if (Policy == 0) begin : g_dyn
      (* mem2reg *) reg [DynW-1:0] dyn_q [0:Sets-1];
      reg [McW-1:0] rsp_mc_q;
      integer       ds;
      assign dyn_rd   = dyn_q[rd_set];
      assign rsp_mc_o = rsp_mc_q;
`ifdef FORMAL
      assign f_dyn    = dyn_q[f_set];
`endif
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          rsp_mc_q <= {McW{1'b0}};
          // blocking reset loop: see the main register block
          /* verilator lint_off BLKSEQ */
          for (ds = 0; ds < Sets; ds = ds + 1) begin
            dyn_q[ds] = DynRst;
          end
          /* verilator lint_on BLKSEQ */
        end else begin
          rsp_mc_q <= rsp_mc_d;
          if (dyn_we) begin
            dyn_q[req_set_i] <= dyn_d;
          end
        end
      end
    end else begin : g_static
      assign dyn_rd   = {DynW{1'b0}};
      assign rsp_mc_o = {McW{1'b0}};
      // static: no mc, no EA; the next-row values are not stored
      wire unused_static = ^{dyn_d, dyn_we, rsp_mc_d};
`ifdef FORMAL
      assign f_dyn    = {DynW{1'b0}};
`endif
    end
  endgenerate

  assign rsp_valid_o   = rsp_valid_q;
  assign rsp_hit_o     = rsp_hit_q;
  assign rsp_bypass_o  = rsp_bypass_q;
  assign rsp_way_o     = rsp_way_q;
  assign rsp_pos_o     = rsp_pos_q;
  assign evict_valid_o = evict_valid_q;
  assign evict_tag_o   = evict_tag_q;
  assign evict_dirty_o = evict_dirty_q;
  assign evict_nvm_o   = evict_nvm_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh hac` at the
  // reduced configuration in formal/hac.ys; proved by k-induction (BMC base
  // case + induction step) and every property has a cover.
  // Contract: f_set is any constant legal set; the properties track what
  // f_set must hold and check every response that addresses it.
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset
  // any constant, legal set
  always @* assume({1'b0, f_set} < SetsV);

  wire [RowW-1:0]  f_row      = row_q[f_set];
  wire [Ways-1:0]  f_valid    = f_row[0 +: Ways];
  wire [Ways-1:0]  f_dirty    = f_row[OffDirty +: Ways];
  wire [Ways-1:0]  f_nvm      = f_row[OffNvm +: Ways];
  wire [McW-1:0]   f_mc       = f_dyn[OffMc +: McW];
  wire             f_req_here = req_valid_i & set_ok & (req_set_i == f_set);
  reg  [RowW-1:0]  f_row_p;   // f_row one cycle ago (explicit $past of a row)
  always @(posedge clk_i) f_row_p <= f_row;
  integer fi, fj;
  // f_set's line in the responded way (rsp_way_o), now (f_rw_*) and one
  // cycle ago (f_rw_*_p); a mux per way keeps the SMT model small
  reg  [WayW-1:0]  f_rw_pos,   f_rw_pos_p;
  reg  [TagW-1:0]  f_rw_tag,   f_rw_tag_p;
  reg              f_rw_valid, f_rw_valid_p;
  reg              f_rw_dirty, f_rw_dirty_p;
  reg              f_rw_nvm,   f_rw_nvm_p;
  always @* begin
    f_rw_pos   = {WayW{1'b0}};  f_rw_pos_p   = {WayW{1'b0}};
    f_rw_tag   = {TagW{1'b0}};  f_rw_tag_p   = {TagW{1'b0}};
    f_rw_valid = 1'b0;          f_rw_valid_p = 1'b0;
    f_rw_dirty = 1'b0;          f_rw_dirty_p = 1'b0;
    f_rw_nvm   = 1'b0;          f_rw_nvm_p   = 1'b0;
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      if (rsp_way_o == fi[WayW-1:0]) begin
        f_rw_pos     = f_row[OffPos + fi * WayW +: WayW];
        f_rw_tag     = f_row[OffTag + fi * TagW +: TagW];
        f_rw_valid   = f_row[fi];
        f_rw_dirty   = f_row[OffDirty + fi];
        f_rw_nvm     = f_row[OffNvm + fi];
        f_rw_pos_p   = f_row_p[OffPos + fi * WayW +: WayW];
        f_rw_tag_p   = f_row_p[OffTag + fi * TagW +: TagW];
        f_rw_valid_p = f_row_p[fi];
        f_rw_dirty_p = f_row_p[OffDirty + fi];
        f_rw_nvm_p   = f_row_p[OffNvm + fi];
      end
    end
  end


  // ---- state invariants of f_set (doc/hac.md "Invariants") ------------
  // f_cov: which positions are taken; f_k: number of invalid lines (k)
  reg  [Ways-1:0]  f_cov;
  reg  [CntW-1:0]  f_k;
  always @* begin
    f_cov = {Ways{1'b0}};
    f_k   = {CntW{1'b0}};
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      f_cov = f_cov | ({{(Ways-1){1'b0}}, 1'b1} << f_row[OffPos + fi * WayW +: WayW]);
      f_k   = f_k + {{(CntW-1){1'b0}}, ~f_valid[fi]};
    end
  end

  always @* begin
    // Property 2 (doc invariant 1): the A positions are a permutation of
    // 0..A-1. Written as "every position is taken" (A values covering A
    // positions are pairwise distinct): the same fact, and the form the
    // solver proves fastest (pairwise != made induction 3x slower).
    assert(&f_cov);
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      // helper for induction (doc: tag, dirty, nvm, ea are 0 while invalid)
      if (!f_valid[fi]) begin
        assert(f_row[OffTag + fi * TagW +: TagW] == {TagW{1'b0}});
        assert(!f_dirty[fi]);
        assert(!f_nvm[fi]);
        assert(f_dyn[fi * EaW +: EaW] == {EaW{1'b0}});
      end
      // Property 4, doc form: with k invalid lines, they are exactly
      // positions 0..k-1 (also the helper that makes induction fast).
      assert(f_valid[fi] == ({1'b0, f_row[OffPos + fi * WayW +: WayW]} >= f_k));
      for (fj = 0; fj < Ways; fj = fj + 1) begin
        // Property 3 (doc invariant 2): no two valid lines share a tag.
        if ((fi < fj) && f_valid[fi] && f_valid[fj]) begin
          assert(f_row[OffTag + fi * TagW +: TagW]
                 != f_row[OffTag + fj * TagW +: TagW]);
        end
        // Property 4 (doc invariant 4), pairwise form: below an invalid
        // line every line is invalid.
        if ((fi != fj) && !f_valid[fi] && (f_row[OffPos + fj * WayW +: WayW]
                                           < f_row[OffPos + fi * WayW +: WayW])) begin
          assert(!f_valid[fj]);
        end
      end
    end
    // Property 1 (doc invariant 3), range part: mc <= McMax; static: no mc.
    if (Policy == 0) assert(f_mc <= McMaxV);
    else             assert(f_dyn == {DynW{1'b0}});
  end

  // ---- output shape (doc/hac.md "Ports") -------------------------------
  always @* begin
    if (!rsp_valid_o) begin
      assert({rsp_hit_o, rsp_bypass_o, rsp_way_o, rsp_pos_o, rsp_mc_o,
              evict_valid_o, evict_tag_o, evict_dirty_o, evict_nvm_o} == 0);
    end
    if (rsp_hit_o || rsp_bypass_o) begin
      assert({evict_valid_o, evict_tag_o, evict_dirty_o, evict_nvm_o} == 0);
    end
    if (!evict_valid_o) assert({evict_tag_o, evict_dirty_o, evict_nvm_o} == 0);
    assert(!(rsp_hit_o && rsp_bypass_o));
    if (rsp_bypass_o) assert(rsp_pos_o == {WayW{1'b0}});
    if (Policy != 0) assert(!rsp_bypass_o && (rsp_mc_o == {McW{1'b0}}));
  end

  // ---- step properties: f_set and the responses that address it --------
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // a response exactly for each legal request of the previous cycle
      assert(rsp_valid_o == $past(req_valid_i & set_ok));
      // untouched unless addressed; a bypass changes nothing
      if (!$past(f_req_here) || rsp_bypass_o) begin
        assert(f_row == f_row_p);
        if (!$past(f_req_here) || (BypassMc == 0)) assert(f_dyn == $past(f_dyn));
        else assert(f_dyn[0 +: OffMc] == $past(f_dyn[0 +: OffMc]));  // EAs kept
      end
      // Property 1 (doc invariant 3), step part: mc moves only by the
      // saturating steps {same, sat(+1), sat(-2)}, never wraps.
      if (Policy == 0) begin
        assert((f_mc == $past(f_mc))
            || (f_mc == (($past(f_mc) == McMaxV) ? McMaxV : ($past(f_mc) + McOne)))
            || (f_mc == (($past(f_mc) >= McTwo) ? ($past(f_mc) - McTwo) : {McW{1'b0}})));
      end
      if ($past(f_req_here)) begin
        if (Policy == 0) assert(rsp_mc_o == f_mc);
        if (rsp_hit_o) begin
          // hit: the line keeps its tag, is promoted (never demoted) to
          // rsp_pos_o, a writeback makes it dirty, mc is unchanged
          assert(f_rw_valid && f_rw_valid_p);
          assert(f_rw_tag == $past(req_tag_i) && f_rw_tag_p == $past(req_tag_i));
          assert(f_rw_pos == rsp_pos_o);
          assert(rsp_pos_o >= f_rw_pos_p);
          assert(f_rw_dirty == (f_rw_dirty_p | $past(req_wb_i)));
          assert(f_rw_nvm == f_rw_nvm_p);
          if (Policy == 0) assert(f_mc == $past(f_mc));
        end else if (rsp_bypass_o) begin
          // bypass: the LRU way holds a valid dirty NVM line; mc steps
          // only when BypassMc = 1, by the request's type
          assert(f_rw_pos == {WayW{1'b0}});
          assert(f_rw_valid && f_rw_dirty && f_rw_nvm);
          if (BypassMc == 0) assert(f_mc == $past(f_mc));
          else if ($past(req_nvm_i))
            assert(f_mc == (($past(f_mc) >= McTwo) ? ($past(f_mc) - McTwo) : {McW{1'b0}}));
          else
            assert(f_mc == (($past(f_mc) == McMaxV) ? McMaxV : ($past(f_mc) + McOne)));
        end else begin
          // insertion into the victim (the old position-0 way)
          assert(f_rw_pos_p == {WayW{1'b0}});
          assert(f_rw_valid && (f_rw_tag == $past(req_tag_i)));
          assert(f_rw_pos == rsp_pos_o);
          assert(f_rw_dirty == $past(req_wb_i));
          assert(f_rw_nvm == $past(req_nvm_i));
          assert(evict_valid_o == f_rw_valid_p);
          if (f_rw_valid_p) begin
            assert(evict_tag_o == f_rw_tag_p);
            assert(evict_dirty_o == f_rw_dirty_p);
            assert(evict_nvm_o == f_rw_nvm_p);
          end
          if (Policy == 0) begin
            if ($past(req_wb_i)) begin
              assert(f_mc == $past(f_mc));
            end else if ($past(req_nvm_i)) begin
              assert(f_mc == (($past(f_mc) >= McTwo) ? ($past(f_mc) - McTwo) : {McW{1'b0}}));
            end else begin
              assert(f_mc == (($past(f_mc) == McMaxV) ? McMaxV : ($past(f_mc) + McOne)));
            end
          end
        end
      end
    end
  end

  // ---- covers: every property above is reachable, not vacuous -----------
  // Each cover is a named f_cover_* signal (formal/formal.sh finds them by
  // name and asks the SAT engine for a trace from reset that raises it) and
  // also a cover() statement for tools that read those.
  reg             f_live_p, f_req_here_p, f_req_valid_p, f_set_ok_p;
  reg [McW-1:0]   f_mc_p;
  initial f_live_p = 1'b0;
  always @(posedge clk_i) begin
    f_live_p      <= rst_ni;
    f_req_here_p  <= f_req_here;
    f_req_valid_p <= req_valid_i;
    f_set_ok_p    <= set_ok;
    f_mc_p        <= f_mc;
  end
  wire f_cov_live = f_past_valid & f_live_p & rst_ni;
  // properties 2 and 3: a full set (A distinct valid tags), and one whose
  // first filled line has been pushed down to LRU
  wire f_cover_full_set     = f_cov_live & (&f_valid);
  wire f_cover_full_lru     = f_cov_live & (&f_valid) & (f_row[OffPos +: WayW] == {WayW{1'b0}});
  // property 4: a partly filled set (valid lines above invalid ones)
  wire f_cover_partial_set  = f_cov_live & (|f_valid) & ~(&f_valid);
  // a hit promoted to MRU by the clamp
  wire f_cover_hit_clamp    = f_cov_live & f_req_here_p & rsp_hit_o & (rsp_pos_o == {WayW{1'b1}})
                              & (f_rw_pos_p != {WayW{1'b1}});
  // a dirty eviction
  wire f_cover_dirty_evict  = f_cov_live & f_req_here_p & evict_valid_o & evict_dirty_o;
  // an ignored out-of-range request (only possible when Sets < 2^SetW)
  wire f_cover_ignored      = f_cov_live & f_req_valid_p & ~f_set_ok_p & ~rsp_valid_o
                              & (Sets < (1 << SetW));
  // property 1: both ends of the counter, a -2 step, a +1 step; a bypass
  wire f_cover_mc_zero      = f_cov_live & (Policy == 0) & (f_mc == {McW{1'b0}});
  wire f_cover_mc_max       = f_cov_live & (Policy == 0) & (f_mc == McMaxV);
  wire f_cover_mc_minus2    = f_cov_live & (Policy == 0) & f_req_here_p & (f_mc + McTwo == f_mc_p);
  wire f_cover_mc_plus1     = f_cov_live & (Policy == 0) & f_req_here_p & (f_mc == f_mc_p + McOne);
  wire f_cover_bypass       = f_cov_live & (Policy == 0) & f_req_here_p & rsp_bypass_o;
  always @* begin
    cover(f_cover_full_set);
    cover(f_cover_full_lru);
    cover(f_cover_partial_set);
    cover(f_cover_hit_clamp);
    cover(f_cover_dirty_evict);
    cover(f_cover_ignored);
    cover(f_cover_mc_zero);
    cover(f_cover_mc_max);
    cover(f_cover_mc_minus2);
    cover(f_cover_mc_plus1);
    cover(f_cover_bypass);
  end
`endif

endmodule

`default_nettype wire
