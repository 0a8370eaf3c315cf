// hac_alt.v - HAC's insertion, promotion and bypass slice written a second
// time, with its own state encoding: a test design for make equiv (issue 22).
//
// Purpose
//   Same ports, parameters and cycle behaviour as rtl/hac/hac.v (the spec is
//   doc/hac.md, both policies and every reading: Policy, BypassMc,
//   StaticWbEa), with state the reference does not have, so that an
//   equivalence engine must relate two encodings instead of matching
//   registers:
//   - recency as a per-set stack of way numbers (position -> way, position
//     0 = LRU), the inverse of the reference's position per line;
//   - no valid bits: invalid lines are exactly the bottom positions
//     (doc/hac.md invariant 4), so a per-set fill count says which they
//     are (line at position q is valid iff q >= Ways - fill count);
//   - per line {tag, dirty, nvm, ea} in a memory indexed by set * Ways +
//     way, and per set {mc, fill count, stack} in a memory indexed by set,
//     neither ever reset; a per-set init bit says whether the set has been
//     written since reset, and a set that has not reads as the reset state
//     (empty, identity stack, mc = Ways). The fields of an invalid line are
//     never read, so the line memory needs no init at all;
//   - EA(ea) computed as (A * (ea - 1)) >> 6 rather than by a shift of ea.
//
// Parameters (doc/hac.md "Parameters"; anything else stops elaboration)
//   Sets 1..65536, Ways 8/16/32/64, TagW 1..48, Policy 0/1, BypassMc 0/1,
//   StaticWbEa 0/1.

`default_nettype none

module hac_alt #(
  parameter integer Sets       = 384,
  parameter integer Ways       = 16,
  parameter integer TagW       = 20,
  parameter integer Policy     = 0,
  parameter integer BypassMc   = 0,
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

  localparam integer SetW  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW  = $clog2(Ways);
  localparam integer McW   = WayW + 1;
  localparam integer EaW   = WayW - 1;
  localparam integer FillW = WayW + 1;                    // fill count 0..A
  localparam integer StkW  = Ways * WayW;                 // stack of a set
  localparam integer DynW  = (Policy == 0) ? McW : 0;     // mc, dynamic only
  localparam integer SetRowW  = DynW + FillW + StkW;      // {mc, fill, stack}
  localparam integer LineW    = TagW + 2 + EaW;           // {ea, nvm, dirty, tag}
  localparam integer PW    = 9;                           // position sums < 2^8

  localparam [PW-1:0]    PA    = Ways[PW-1:0];
  localparam [PW-1:0]    PTop  = PA - 9'd1;                // MRU position
  localparam integer     McTopI = 2 * Ways - 1;
  localparam [McW-1:0]   McTop = McTopI[McW-1:0];         // saturation
  localparam [McW-1:0]   McRst = Ways[McW-1:0];           // McInit = A
  localparam [McW-1:0]   McOne = {{(McW-1){1'b0}}, 1'b1};
  localparam [McW-1:0]   McTwo = {{(McW-2){1'b0}}, 2'd2};
  localparam [FillW-1:0] FillA = Ways[FillW-1:0];

  function [StkW-1:0] stk_id_f;
    input integer n;
    integer q;
    begin
      stk_id_f = {StkW{1'b0}};
      for (q = 0; q < n; q = q + 1) stk_id_f[q * WayW +: WayW] = q[WayW-1:0];
    end
  endfunction
  localparam [StkW-1:0] StkId = stk_id_f(Ways);
  // The row of a set not written since reset: mc = A (dynamic), no line
  // filled, way q at position q.
  function [SetRowW-1:0] row_rst_f;
    input [StkW-1:0] stk0;
    begin
      row_rst_f = {SetRowW{1'b0}};
      row_rst_f[0 +: StkW] = stk0;
      if (Policy == 0) row_rst_f[SetRowW-1 -: McW] = McRst;
    end
  endfunction
  localparam [SetRowW-1:0] RowRst = row_rst_f(StkId);

  generate
    if (!(Ways == 8 || Ways == 16 || Ways == 32 || Ways == 64)) begin : g_err_ways
      hac_alt_param_error_Ways_must_be_power_of_two_8_to_64 u_err ();
    end
    if (Sets < 1 || Sets > 65536) begin : g_err_sets
      hac_alt_param_error_Sets_must_be_1_to_65536 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      hac_alt_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (Policy != 0 && Policy != 1) begin : g_err_policy
      hac_alt_param_error_Policy_must_be_0_or_1 u_err ();
    end
    if (BypassMc != 0 && BypassMc != 1) begin : g_err_bypassmc
      hac_alt_param_error_BypassMc_must_be_0_or_1 u_err ();
    end
    if (StaticWbEa != 0 && StaticWbEa != 1) begin : g_err_staticwbea
      hac_alt_param_error_StaticWbEa_must_be_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  reg [LineW-1:0]   line_mem [0:Sets*Ways-1];   // no reset
  reg [SetRowW-1:0] set_mem  [0:Sets-1];        // no reset
  reg [Sets-1:0]    init_q;                     // set written since reset
  reg               o_valid_q, o_valid_d;
  reg               o_hit_q,   o_hit_d;
  reg               o_byp_q,   o_byp_d;
  reg  [WayW-1:0]   o_way_q,   o_way_d;
  reg  [WayW-1:0]   o_pos_q,   o_pos_d;
  reg  [McW-1:0]    o_mc_d;                     // a flop in the dynamic policy
  reg               o_ev_q,    o_ev_d;
  reg  [TagW-1:0]   o_evtag_q, o_evtag_d;
  reg               o_evd_q,   o_evd_d;
  reg               o_evn_q,   o_evn_d;

  // ---------------------------------------------------------------------
  // Next state: the addressed set only
  // ---------------------------------------------------------------------
  integer          w, q, si, swi;
  reg              ok, init_s, hit, vic_valid, byp, miss_ins, we;
  reg  [SetW-1:0]  s;
  reg  [SetRowW-1:0] row, row_n;
  reg  [StkW-1:0]  stk, stk_n;
  reg  [FillW-1:0] fill, fill_n;
  reg  [McW-1:0]   mc, mc_n;
  reg  [Ways*LineW-1:0] ln;                       // the set's lines
  reg  [LineW-1:0] sel_ln, ln_n;
  reg  [Ways*WayW-1:0]  posw;                     // position of each way
  reg  [WayW-1:0]  pw;
  reg  [Ways-1:0]  vld;
  reg  [WayW-1:0]  hit_w, sel_w, c, p;
  reg  [FillW-1:0] k;                             // invalid lines, A - fill
  reg  [5:0]       eac;
  reg  [11:0]      eam;                           // A * (ea - 1)
  reg  [EaW-1:0]   ea;                            // EA(req)
  reg              sel_dirty, sel_nvm;
  reg  [EaW-1:0]   sel_ea;
  reg  [TagW-1:0]  sel_tag;
  reg  [PW-1:0]    pc, pm, pmn, pe, praw, pk;

  always @* begin
    ok     = req_valid_i && ({1'b0, req_set_i} < Sets[SetW:0]);
    si     = ok ? {{(32-SetW){1'b0}}, req_set_i} : 0;
    s      = si[SetW-1:0];
    init_s = init_q[si];
    row    = init_s ? set_mem[si] : RowRst;
    stk    = row[0 +: StkW];
    fill   = row[StkW +: FillW];
    mc     = (Policy == 0) ? row[SetRowW-1 -: McW] : {McW{1'b0}};
    k      = FillA - fill;

    // ea clamp (doc "ea clamp") and EA = floor(A (ea - 1) / 64)
    eac = (req_ea_i == 6'd0) ? 6'd1 : ((req_ea_i > 6'd32) ? 6'd32 : req_ea_i);
    eam = {6'd0, eac - 6'd1} * Ways[11:0];
    ea  = eam[6 +: EaW];

    // positions of the ways (inverse of the stack); valid = above the
    // k invalid bottom positions; hit = lowest valid way with the tag
    posw = {Ways*WayW{1'b0}};
    for (w = 0; w < Ways; w = w + 1) ln[w * LineW +: LineW] = line_mem[si * Ways + w];
    for (q = 0; q < Ways; q = q + 1) posw[stk[q * WayW +: WayW] * WayW +: WayW] = q[WayW-1:0];
    hit   = 1'b0;
    hit_w = {WayW{1'b0}};
    for (w = Ways - 1; w >= 0; w = w - 1) begin
      pw     = posw[w * WayW +: WayW];
      vld[w] = ({1'b0, pw} >= k);
      if (vld[w] && (ln[w * LineW +: TagW] == req_tag_i)) begin
        hit   = 1'b1;
        hit_w = w[WayW-1:0];
      end
    end
    vic_valid = (k == {FillW{1'b0}});
    sel_w     = hit ? hit_w : stk[0 +: WayW];
    c         = hit ? posw[hit_w * WayW +: WayW] : {WayW{1'b0}};
    swi       = si * Ways + {{(32-WayW){1'b0}}, sel_w};
    sel_ln    = ln[sel_w * LineW +: LineW];
    sel_tag   = sel_ln[0 +: TagW];
    sel_dirty = sel_ln[TagW];
    sel_nvm   = sel_ln[TagW + 1];
    sel_ea    = sel_ln[TagW + 2 +: EaW];

    // position formulas (doc/hac.md Algorithms 1, 2 and the static table)
    pc   = {{(PW-WayW){1'b0}}, c};
    pm   = {{(PW-McW){1'b0}}, mc};
    pe   = {{(PW-EaW){1'b0}}, ea};
    mc_n = mc;
    pmn  = pm;
    byp  = 1'b0;
    praw = {PW{1'b0}};
    if (Policy == 0) begin
      if (hit) begin
        praw = sel_nvm ? (pc + PTop - (pm >> 3)) : (pc + (PA >> 1) + (pm >> 2));
      end else if (req_wb_i) begin
        praw = req_nvm_i ? (PTop - (pm >> 3)) : ((PA >> 1) + (pm >> 2));
      end else begin
        byp = vic_valid && sel_dirty && sel_nvm && (sel_ea > ea);
        if (!byp || (BypassMc == 1)) begin
          if (req_nvm_i) mc_n = (mc < McTwo) ? {McW{1'b0}} : (mc - McTwo);
          else           mc_n = (mc == McTop) ? McTop : (mc + McOne);
        end
        pmn  = {{(PW-McW){1'b0}}, mc_n};
        praw = req_nvm_i ? ((PA >> 1) + pe - (pmn >> 3))
                         : ((PA >> 3) + (pmn >> 2) + pe - 9'd1);
      end
    end else begin
      if (hit) begin
        praw = pc + (sel_nvm ? (PA >> 1) : (PA >> 2));
      end else if (req_wb_i && (StaticWbEa == 0)) begin
        praw = req_nvm_i ? PTop : (PTop - 9'd1);
      end else if (eac >= 6'd24) begin
        praw = req_nvm_i ? PTop : (PTop - 9'd1);                // HN, HD
      end else if (eac >= 6'd9) begin
        praw = req_nvm_i ? (PA >> 1) : ((PA >> 1) - 9'd1);     // MN, MD
      end else begin
        praw = req_nvm_i ? 9'd1 : 9'd0;                          // LN, LD
      end
    end
    // clamp to MRU, then an insertion stays at or above the invalid lines
    pk = {{(PW-FillW){1'b0}}, k} - 9'd1;
    if (praw > PTop) praw = PTop;
    if (!hit && (k != {FillW{1'b0}}) && (pk > praw)) praw = pk;
    p = praw[WayW-1:0];

    // the stack: the selected way leaves position c (0 for the victim),
    // the ways at c+1..p move down one, it lands at p
    stk_n = stk;
    for (q = 0; q < Ways - 1; q = q + 1) begin
      if ((q >= c) && (q < p)) stk_n[q * WayW +: WayW] = stk[(q + 1) * WayW +: WayW];
    end
    stk_n[p * WayW +: WayW] = sel_w;
    miss_ins = !hit && !byp;
    fill_n   = fill + {{(FillW-1){1'b0}}, (miss_ins && !vic_valid)};
    row_n    = row;
    if (!byp) begin
      row_n[0 +: StkW]     = stk_n;
      row_n[StkW +: FillW] = fill_n;
    end
    if (Policy == 0) row_n[SetRowW-1 -: McW] = mc_n;
    // the selected line: an insertion writes it whole, a hit its dirty
    // bit and EA
    ln_n = {ea, (hit ? sel_nvm : req_nvm_i), (req_wb_i || (hit && sel_dirty)), req_tag_i};
    we   = ok && !(byp && (BypassMc == 0 || Policy != 0));

    o_valid_d = ok;
    o_hit_d   = ok && hit;
    o_byp_d   = ok && byp;
    o_way_d   = ok ? sel_w : {WayW{1'b0}};
    o_pos_d   = (ok && !byp) ? p : {WayW{1'b0}};
    o_mc_d    = ok ? mc_n : {McW{1'b0}};
    o_ev_d    = ok && miss_ins && vic_valid;
    o_evtag_d = (ok && miss_ins && vic_valid) ? sel_tag : {TagW{1'b0}};
    o_evd_d   = ok && miss_ins && vic_valid && sel_dirty;
    o_evn_d   = ok && miss_ins && vic_valid && sel_nvm;
  end

  // ---------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (we) set_mem[s] <= row_n;
    if (ok && !byp) line_mem[swi] <= ln_n;
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q    <= {Sets{1'b0}};
      o_valid_q <= 1'b0;
      o_hit_q   <= 1'b0;
      o_byp_q   <= 1'b0;
      o_way_q   <= {WayW{1'b0}};
      o_pos_q   <= {WayW{1'b0}};
      o_ev_q    <= 1'b0;
      o_evtag_q <= {TagW{1'b0}};
      o_evd_q   <= 1'b0;
      o_evn_q   <= 1'b0;
    end else begin
      if (we) init_q[s] <= 1'b1;
      o_valid_q <= o_valid_d;
      o_hit_q   <= o_hit_d;
      o_byp_q   <= o_byp_d;
      o_way_q   <= o_way_d;
      o_pos_q   <= o_pos_d;
      o_ev_q    <= o_ev_d;
      o_evtag_q <= o_evtag_d;
      o_evd_q   <= o_evd_d;
      o_evn_q   <= o_evn_d;
    end
  end

  generate
    if (Policy == 0) begin : g_mc
      reg [McW-1:0] o_mc_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) o_mc_q <= {McW{1'b0}};
        else         o_mc_q <= o_mc_d;
      end
      assign rsp_mc_o = o_mc_q;
    end else begin : g_no_mc
      assign rsp_mc_o = {McW{1'b0}};
      wire unused_mc = ^o_mc_d;
    end
  endgenerate

  assign rsp_valid_o   = o_valid_q;
  assign rsp_hit_o     = o_hit_q;
  assign rsp_bypass_o  = o_byp_q;
  assign rsp_way_o     = o_way_q;
  assign rsp_pos_o     = o_pos_q;
  assign evict_valid_o = o_ev_q;
  assign evict_tag_o   = o_evtag_q;
  assign evict_dirty_o = o_evd_q;
  assign evict_nvm_o   = o_evn_q;

  // Bits computed but intentionally unused: EA(req) keeps EaW bits of
  // A (ea - 1) / 64; the position sums fit WayW bits after the clamp; the
  // line index is below Sets * Ways.
  wire unused_calc = ^{eam, praw, pmn, pk, swi};

endmodule

`default_nettype wire
