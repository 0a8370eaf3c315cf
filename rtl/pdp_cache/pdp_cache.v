// pdp_cache.v - CBWT's PDP-protected L1 tag and replacement array.
//
// The tag and state array of one GPU L1 (Chen et al., "Adaptive Cache
// Management for Energy-efficient GPU Computing", MICRO 2014, section IV,
// with the PDP policy of Duong et al.): per line valid, tag, reserved bit,
// LRU rank and remaining protection distance (RPD). Each access is a hit, a
// miss with allocation, a bypass (no unprotected line) or a NOALLOC (every
// way reserved, or a write miss). No data, no MSHR. Every output is a flop.
//
// Specification: doc/pdp_cache.md, sections "Ports", "State and reset",
// "Rules" (decisions D1-D10 and "A read, step by step"), "Storage"; the
// formal properties below (ifdef FORMAL) are its "Invariants".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Sets    1, 2, 4 .. 4096 (64)   sets
//   Ways    1 .. 16 (4)            associativity
//   TagW    1 .. 48 (19)           tag width
//   DMax    4, 8 .. 256 (64)       largest PD; RPDs are log2(DMax) bits
//   VicLru  0, 1 (1)               unprotected victim: 1 LRU, 0 lowest way
//   Resv    0, 1 (1)               1: allocated lines reserved until filled
//   WrEvict 0, 1 (1)               1: a write hit invalidates the line

// Files: this module instantiates kit_mem (rtl/mem/kit_mem.v), so it is
// linted, built and synthesized with that file (`build/kit rtl pdp_cache` lists
// both); alone: verilator --lint-only -Wall -y rtl/mem rtl/pdp_cache/pdp_cache.v

`default_nettype none

module pdp_cache #(
  parameter integer Sets    = 64,
  parameter integer Ways    = 4,
  parameter integer TagW    = 19,
  parameter integer DMax    = 64,
  parameter integer VicLru  = 1,
  parameter integer Resv    = 1,
  parameter integer WrEvict = 1
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            acc_valid_i,
  input  wire            acc_wr_i,
  input  wire [SetW-1:0] acc_set_i,
  input  wire [TagW-1:0] acc_tag_i,
  input  wire [PdW-1:0]  pd_i,
  input  wire            byp_en_i,
  input  wire            fill_valid_i,
  input  wire [SetW-1:0] fill_set_i,
  input  wire [WayW-1:0] fill_way_i,
  input  wire [SetW-1:0] dbg_set_i,
  input  wire [WayW-1:0] dbg_way_i,
  output wire            rsp_valid_o,
  output wire            rsp_wr_o,
  output wire [1:0]      rsp_kind_o,
  output wire [WayW-1:0] rsp_way_o,
  output wire            rsp_evict_o,
  output wire            rsp_forced_o,
  output wire            rsp_resv_o,
  output wire            dbg_valid_o,
  output wire            dbg_resv_o,
  output wire [TagW-1:0] dbg_tag_o,
  output wire [LD-1:0]   dbg_rpd_o,
  output wire [WayW-1:0] dbg_rank_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/pdp_cache.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer SetW  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW  = (Ways > 1) ? $clog2(Ways) : 1;
  localparam integer LD    = $clog2(DMax);
  localparam integer PdW   = LD + 1;
  // row of a set: {valid[Ways], rpd[Ways] x LD, tag[Ways] x TagW}
  localparam integer OffRpd = Ways * TagW;
  localparam integer OffV   = OffRpd + Ways * LD;
  localparam integer RowW   = OffV + Ways;
`ifdef FORMAL
  localparam integer NumRd  = 3;                 // + the properties' set
`else
  localparam integer NumRd  = 2;                 // access, debug
`endif
  localparam integer RankRowW = Ways * WayW;
  localparam [1:0] KHit = 2'd0, KMiss = 2'd1, KBypass = 2'd2, KNoalloc = 2'd3;
  localparam [PdW-1:0]  PdMax   = DMax[PdW-1:0];
  localparam integer    MruI    = Ways - 1;
  localparam [WayW-1:0] RankMru = MruI[WayW-1:0];
  localparam [WayW-1:0] RankOne = {{(WayW-1){1'b0}}, 1'b1};

  // Reset ranks of a set: way w at rank w (a constant: an always @* over
  // constants never runs in Icarus).
  function [RankRowW-1:0] rank_rst_f;
    input integer n_ways;
    integer k;
    begin
      rank_rst_f = {RankRowW{1'b0}};
      for (k = 0; k < n_ways; k = k + 1) begin
        rank_rst_f[k * WayW +: WayW] = k[WayW-1:0];
      end
    end
  endfunction
  localparam [RankRowW-1:0] RankRst = rank_rst_f(Ways);

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (Sets < 1 || Sets > 4096 || (Sets & (Sets - 1)) != 0) begin : g_err_sets
      pdp_cache_param_error_Sets_must_be_power_of_two_1_to_4096 u_err ();
    end
    if (Ways < 1 || Ways > 16) begin : g_err_ways
      pdp_cache_param_error_Ways_must_be_1_to_16 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      pdp_cache_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (DMax < 4 || DMax > 256 || (DMax & (DMax - 1)) != 0) begin : g_err_dmax
      pdp_cache_param_error_DMax_must_be_power_of_two_4_to_256 u_err ();
    end
    if (VicLru < 0 || VicLru > 1 || Resv < 0 || Resv > 1 || WrEvict < 0 || WrEvict > 1) begin : g_err_mode
      pdp_cache_param_error_VicLru_Resv_WrEvict_must_be_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // Valid, RPD and tag: one kit_mem (rtl/mem/kit_mem.v, an SRAM: no
  // reset) of Sets words, a word = a whole set row {valid, rpd, tag} x
  // Ways; the ranks likewise in a second one beside it, same address, same
  // write (g_rank). doc/pdp_cache.md "Storage": one write and two
  // combinational reads per cycle (the access's set and the debug set).
  // row_ok_q[s] says set s was written since reset; until then the set
  // reads as its reset value (every line invalid, tag 0, rpd 0, way w at
  // rank w), whatever the memories hold.
  reg  [Sets-1:0]     row_ok_q;
  wire [RowW-1:0]     row_acc;    // the access's set row (valid, rpd, tag)
  wire [RowW-1:0]     row_dbg;    // the debug set's
  // Reserved bits (flops: a fill writes another set's bits in the same
  // cycle) and ranks live in their own generate branches (g_resv, g_rank)
  // so that a configuration without them has no such register.
  wire [Ways-1:0]     resv_acc;   // reserved bits of the access's set
  wire [Ways-1:0]     resv_fil;   // of the fill's set
  wire [Ways-1:0]     resv_dbg;   // of the debug set
  reg  [Ways-1:0]     racc_d;     // next reserved bits of the access's set
  reg  [Ways-1:0]     rfil_d;     // of the fill's set
  reg                 fill_ok;
  wire [RankRowW-1:0] rank_acc;   // ranks of the access's set
  wire [RankRowW-1:0] rank_dbg;   // ranks of the debug set
  reg  [RankRowW-1:0] rank_d;     // next ranks of the access's set
  // Output registers.
  reg            rsp_valid_q,  rsp_valid_d;
  reg            rsp_wr_q,     rsp_wr_d;
  reg  [1:0]     rsp_kind_q,   rsp_kind_d;
  reg  [WayW-1:0] rsp_way_q,   rsp_way_d;
  reg            rsp_evict_q,  rsp_evict_d;
  reg            rsp_forced_q, rsp_forced_d;
  reg            rsp_resv_q,   rsp_resv_d;
  reg            dbg_valid_q,  dbg_valid_d;
  reg            dbg_resv_q,   dbg_resv_d;
  reg  [TagW-1:0] dbg_tag_q,   dbg_tag_d;
  reg  [LD-1:0]  dbg_rpd_q,    dbg_rpd_d;
  reg  [WayW-1:0] dbg_rank_q,  dbg_rank_d;
  // Addressed-row write.
  reg  [RowW-1:0] row_d;
  reg             row_we;
  wire [SetW-1:0] set  = (Sets > 1) ? acc_set_i  : {SetW{1'b0}};
  wire [SetW-1:0] fset = (Sets > 1) ? fill_set_i : {SetW{1'b0}};
  wire [SetW-1:0] dset = (Sets > 1) ? dbg_set_i  : {SetW{1'b0}};

  // ---------------------------------------------------------------------
  // Next-state and response logic
  // ---------------------------------------------------------------------
  integer          w, wi, fwi, dwi;
  reg  [RowW-1:0]  row_rd, dbg_row;
  reg  [Ways-1:0]  vrow, rrow, hv;
  reg  [LD-1:0]    rp_w, rp_best;
  reg  [PdW-1:0]   p, rp_next;
  reg  [WayW-1:0]  rk_w, rk_tgt, way_hit, way_tgt;
  reg              hit, any_cand, any_inv, any_unp, any_prot, touch, alloc, forced, wr_inv;
  reg  [WayW-1:0]  way_inv, way_unp, way_prot;
  reg  [WayW-1:0]  rk_unp, rk_prot;

  always @* begin
    row_rd = row_acc;
    p      = (pd_i > PdMax) ? PdMax : pd_i;                 // D8: clamp
    for (w = 0; w < Ways; w = w + 1) begin
      vrow[w] = row_rd[OffV + w];
      rrow[w] = resv_acc[w];
      hv[w]   = vrow[w] && (row_rd[w * TagW +: TagW] == acc_tag_i);
    end
    // the hit way (invariant 1: at most one; the lowest is taken)
    hit     = 1'b0;
    way_hit = {WayW{1'b0}};
    for (w = Ways - 1; w >= 0; w = w - 1) begin
      if (hv[w]) begin
        hit     = 1'b1;
        wi      = w;
        way_hit = wi[WayW-1:0];
      end
    end
    // D3 / D4 / D7: candidates are the ways not reserved; the lowest
    // invalid one; the LRU (VicLru) or lowest unprotected one; the
    // protected one of smallest RPD, ties as the unprotected choice
    any_cand = 1'b0;
    any_inv  = 1'b0;
    any_unp  = 1'b0;
    any_prot = 1'b0;
    way_inv  = {WayW{1'b0}};
    way_unp  = {WayW{1'b0}};
    way_prot = {WayW{1'b0}};
    rk_unp   = {WayW{1'b0}};
    rk_prot  = {WayW{1'b0}};
    rp_best  = {LD{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      wi   = w;
      rp_w = row_rd[OffRpd + w * LD +: LD];
      rk_w = rank_acc[w * WayW +: WayW];
      if (!rrow[w]) begin
        any_cand = 1'b1;
        if (!vrow[w]) begin
          if (!any_inv) begin
            any_inv = 1'b1;
            way_inv = wi[WayW-1:0];
          end
        end else if (rp_w == {LD{1'b0}}) begin
          if (!any_unp || ((VicLru == 1) && (rk_w < rk_unp))) begin
            any_unp = 1'b1;
            way_unp = wi[WayW-1:0];
            rk_unp  = rk_w;
          end
        end else if (!any_prot || (rp_w < rp_best)
                     || ((VicLru == 1) && (rp_w == rp_best) && (rk_w < rk_prot))) begin
          any_prot = 1'b1;
          way_prot = wi[WayW-1:0];
          rk_prot  = rk_w;
          rp_best  = rp_w;
        end
      end
    end

    // ---- outcome ("A read, step by step"; D6 for writes)
    rsp_valid_d  = acc_valid_i;
    rsp_wr_d     = acc_valid_i && acc_wr_i;
    rsp_kind_d   = KHit;
    rsp_way_d    = {WayW{1'b0}};
    rsp_evict_d  = 1'b0;
    rsp_forced_d = 1'b0;
    rsp_resv_d   = 1'b0;
    touch  = 1'b0;
    alloc  = 1'b0;
    forced = 1'b0;
    wr_inv = 1'b0;
    way_tgt = way_hit;
    if (acc_valid_i) begin
      if (hit) begin
        rsp_way_d  = way_hit;
        rsp_resv_d = rrow[way_hit];
        touch      = !acc_wr_i;
        wr_inv     = acc_wr_i && (WrEvict == 1) && !rrow[way_hit];   // D6
      end else if (acc_wr_i || !any_cand) begin
        rsp_kind_d = KNoalloc;                                       // D6, D7
      end else if (!any_inv && !any_unp && byp_en_i) begin
        rsp_kind_d = KBypass;                                        // D4
      end else begin
        rsp_kind_d = KMiss;
        forced     = !any_inv && !any_unp;                           // D4
        way_tgt    = any_inv ? way_inv : (any_unp ? way_unp : way_prot);
        rsp_way_d  = way_tgt;
        rsp_evict_d  = !any_inv;
        rsp_forced_d = forced;
        touch      = 1'b1;
        alloc      = 1'b1;
      end
    end

    // ---- next row of the access's set: touch, then decrement (D1, D5)
    row_d  = row_rd;
    rank_d = rank_acc;
    rk_tgt = rank_acc[way_tgt * WayW +: WayW];
    for (w = 0; w < Ways; w = w + 1) begin
      wi = w;
      rp_next = {1'b0, row_rd[OffRpd + w * LD +: LD]};
      rk_w    = rank_acc[w * WayW +: WayW];
      if (touch && (way_tgt == wi[WayW-1:0])) begin
        rp_next = p;
        rank_d[w * WayW +: WayW] = RankMru;
        if (alloc) begin
          row_d[OffV + w] = 1'b1;
          row_d[w * TagW +: TagW] = acc_tag_i;
        end
      end else if (touch && (rk_w > rk_tgt)) begin
        rank_d[w * WayW +: WayW] = rk_w - RankOne;
      end
      if (wr_inv && (way_hit == wi[WayW-1:0])) begin
        row_d[OffV + w] = 1'b0;                                      // D6: tag kept
        rp_next = {PdW{1'b0}};
      end
      if (acc_valid_i && !acc_wr_i && (rp_next != {PdW{1'b0}})) begin
        rp_next = rp_next - {{(PdW-1){1'b0}}, 1'b1};
      end
      row_d[OffRpd + w * LD +: LD] = rp_next[LD-1:0];
    end
    row_we = acc_valid_i;

    // ---- reserved bits: allocation (D7), then the fill (D9), whose
    // condition is the start-of-cycle bit (a reserved line is valid:
    // invariant 2); the access's set row includes a fill of that set
    fwi     = {{(32-WayW){1'b0}}, fill_way_i};
    fill_ok = fill_valid_i && (fwi < Ways) && resv_fil[fill_way_i];
    rfil_d  = resv_fil;
    racc_d  = rrow;
    if (alloc) begin
      racc_d[way_tgt] = 1'b1;
    end
    if (fill_ok) begin
      rfil_d[fill_way_i] = 1'b0;
      if (fset == set) racc_d[fill_way_i] = 1'b0;
    end

    // ---- debug read of the state at the start of the cycle
    dbg_row = row_dbg;
    dwi     = {{(32-WayW){1'b0}}, dbg_way_i};
    if (dwi < Ways) begin
      dbg_valid_d = dbg_row[OffV + dwi];
      dbg_resv_d  = resv_dbg[dbg_way_i];
      dbg_tag_d   = dbg_row[dbg_way_i * TagW +: TagW];
      dbg_rpd_d   = dbg_row[OffRpd + dbg_way_i * LD +: LD];
      dbg_rank_d  = rank_dbg[dbg_way_i * WayW +: WayW];
    end else begin
      dbg_valid_d = 1'b0;
      dbg_resv_d  = 1'b0;
      dbg_tag_d   = {TagW{1'b0}};
      dbg_rpd_d   = {LD{1'b0}};
      dbg_rank_d  = {WayW{1'b0}};
    end
  end

  // Bits computed but intentionally unused: the tops of the integer way
  // numbers (below Ways by construction).
  wire unused_calc = ^{wi, fwi, dwi};

  // ---------------------------------------------------------------------
  // The table: valid/rpd/tag rows in a kit_mem, one word per set
  // ---------------------------------------------------------------------
`ifdef FORMAL
  // The formal contract's set (any constant set), its row read through a
  // third port of the memories (NumRd), its reserved bits and ranks read
  // inside the generate branches that hold them (below).
  (* anyconst *) reg [SetW-1:0] f_set;
  wire               f_ok = row_ok_q[f_set];
  wire [RowW-1:0]     f_row;
  wire [Ways-1:0]     f_resv;
  wire [RankRowW-1:0] f_rank;
  wire [NumRd*SetW-1:0] rd_addr = {f_set, dset, set};
`else
  wire [NumRd*SetW-1:0] rd_addr = {dset, set};
`endif
  wire ok_acc = row_ok_q[set];
  wire ok_dbg = row_ok_q[dset];

  wire [NumRd*RowW-1:0] row_rdata;
  kit_mem #(
    .Depth (Sets),
    .Width (RowW),
    .NumRd (NumRd),
    .NumWr (1),
    .RegRd (0)
  ) u_rows (
    .clk_i   (clk_i),
    .we_i    (row_we),
    .waddr_i (set),
    .wdata_i (row_d),
    .raddr_i (rd_addr),
    .rdata_o (row_rdata)
  );
  // an unwritten set reads as its reset value: every field 0
  assign row_acc = ok_acc ? row_rdata[0 +: RowW]    : {RowW{1'b0}};
  assign row_dbg = ok_dbg ? row_rdata[RowW +: RowW] : {RowW{1'b0}};
`ifdef FORMAL
  assign f_row   = f_ok   ? row_rdata[2 * RowW +: RowW] : {RowW{1'b0}};
`endif

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only (the table's row written flag is
  // set with the row's write)
  // ---------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      row_ok_q <= {Sets{1'b0}};
    end else if (row_we) begin
      row_ok_q[set] <= 1'b1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q  <= 1'b0;
      rsp_wr_q     <= 1'b0;
      rsp_kind_q   <= 2'd0;
      rsp_way_q    <= {WayW{1'b0}};
      rsp_evict_q  <= 1'b0;
      rsp_forced_q <= 1'b0;
      rsp_resv_q   <= 1'b0;
      dbg_valid_q  <= 1'b0;
      dbg_resv_q   <= 1'b0;
      dbg_tag_q    <= {TagW{1'b0}};
      dbg_rpd_q    <= {LD{1'b0}};
      dbg_rank_q   <= {WayW{1'b0}};
    end else begin
      rsp_valid_q  <= rsp_valid_d;
      rsp_wr_q     <= rsp_wr_d;
      rsp_kind_q   <= rsp_kind_d;
      rsp_way_q    <= rsp_way_d;
      rsp_evict_q  <= rsp_evict_d;
      rsp_forced_q <= rsp_forced_d;
      rsp_resv_q   <= rsp_resv_d;
      dbg_valid_q  <= dbg_valid_d;
      dbg_resv_q   <= dbg_resv_d;
      dbg_tag_q    <= dbg_tag_d;
      dbg_rpd_q    <= dbg_rpd_d;
      dbg_rank_q   <= dbg_rank_d;
    end
  end

  // Reserved bits (D7): only with Resv = 1.
  generate
    if (Resv == 1) begin : g_resv
      (* mem2reg *) reg [Ways-1:0] resv_r [0:Sets-1];
      integer r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          /* verilator lint_off BLKSEQ */
          for (r = 0; r < Sets; r = r + 1) begin
            resv_r[r] = {Ways{1'b0}};
          end
          /* verilator lint_on BLKSEQ */
        end else begin
          // the access's row last: it already holds a fill of its set
          if (fill_ok) resv_r[fset] <= rfil_d;
          if (row_we)  resv_r[set]  <= racc_d;
        end
      end
      assign resv_acc = resv_r[set];
      assign resv_fil = resv_r[fset];
      assign resv_dbg = resv_r[dset];
`ifdef FORMAL
      assign f_resv = resv_r[f_set];
`endif
    end else begin : g_no_resv
`ifdef FORMAL
      assign f_resv = {Ways{1'b0}};
`endif
      assign resv_acc = {Ways{1'b0}};
      assign resv_fil = {Ways{1'b0}};
      assign resv_dbg = {Ways{1'b0}};
      wire unused_resv = ^{racc_d, rfil_d, fill_ok};
    end
  endgenerate

  // LRU ranks (D3): only with VicLru = 1 and more than one way, one
  // kit_mem of rank rows beside the valid/rpd/tag rows (same address, same
  // write); an unwritten set reads rank = way. Otherwise constant (with
  // one way, rank 0 = way 0).
  generate
    if ((VicLru == 1) && (Ways > 1)) begin : g_rank
      wire [NumRd*RankRowW-1:0] rdata;
      kit_mem #(
        .Depth (Sets),
        .Width (RankRowW),
        .NumRd (NumRd),
        .NumWr (1),
        .RegRd (0)
      ) u_bank (
        .clk_i   (clk_i),
        .we_i    (row_we),
        .waddr_i (set),
        .wdata_i (rank_d),
        .raddr_i (rd_addr),
        .rdata_o (rdata)
      );
      assign rank_acc = ok_acc ? rdata[0 +: RankRowW]        : RankRst;
      assign rank_dbg = ok_dbg ? rdata[RankRowW +: RankRowW] : RankRst;
`ifdef FORMAL
      assign f_rank = f_ok ? rdata[2 * RankRowW +: RankRowW] : RankRst;
`endif
    end else begin : g_no_rank
`ifdef FORMAL
      assign f_rank = {RankRowW{1'b0}};
`endif
      assign rank_acc = {RankRowW{1'b0}};
      assign rank_dbg = {RankRowW{1'b0}};
      wire unused_rank = ^rank_d;
    end
  endgenerate

  assign rsp_valid_o  = rsp_valid_q;
  assign rsp_wr_o     = rsp_wr_q;
  assign rsp_kind_o   = rsp_kind_q;
  assign rsp_way_o    = rsp_way_q;
  assign rsp_evict_o  = rsp_evict_q;
  assign rsp_forced_o = rsp_forced_q;
  assign rsp_resv_o   = rsp_resv_q;
  assign dbg_valid_o  = dbg_valid_q;
  assign dbg_resv_o   = dbg_resv_q;
  assign dbg_tag_o    = dbg_tag_q;
  assign dbg_rpd_o    = dbg_rpd_q;
  assign dbg_rank_o   = dbg_rank_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh pdp_cache`
  // at the reduced configurations of formal/pdp_cache.sby; proved by
  // k-induction. Contract: f_set is any constant set; the properties
  // track its lines and check every response to an access of it.
  // Invariant numbers are doc/pdp_cache.md's ("Invariants"); invariant 3
  // (rpd <= DMax-1) holds by construction: an RPD is log2(DMax) bits.
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  // start in reset
  always @* if (!f_past_valid) assume(!rst_ni);

  reg  [RowW-1:0]     f_row_p;
  reg  [Ways-1:0]     f_resv_p;
  reg  [RankRowW-1:0] f_rank_p;
  always @(posedge clk_i) begin
    f_row_p  <= f_row;
    f_resv_p <= f_resv;
    f_rank_p <= f_rank;
  end
  integer          fi, fj;
  reg  [Ways-1:0]  f_rank_cov;
  reg  [WayW-1:0]  f_rk;
  always @* begin
    f_rank_cov = {Ways{1'b0}};
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      f_rk       = f_rank[fi * WayW +: WayW];
      f_rank_cov = f_rank_cov | ({{(Ways-1){1'b0}}, 1'b1} << f_rk);
    end
  end

  // ---- invariants of the state and the response registers
  always @* begin
    // 4: the ranks of the set are a permutation of 0..Ways-1
    if ((VicLru == 1) && (Ways > 1)) assert(&f_rank_cov);
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      // 2: an invalid line has rpd 0 and is not reserved
      if (!f_row[OffV + fi]) begin
        assert(f_row[OffRpd + fi * LD +: LD] == {LD{1'b0}});
        assert(!f_resv[fi]);
      end
      // 1: no two valid lines of the set share a tag
      for (fj = fi + 1; fj < Ways; fj = fj + 1) begin
        if (f_row[OffV + fi] && f_row[OffV + fj]) begin
          assert(f_row[fi * TagW +: TagW] != f_row[fj * TagW +: TagW]);
        end
      end
    end
    // response shape (doc "Ports")
    if (!rsp_valid_o) begin
      assert({rsp_wr_o, rsp_kind_o, rsp_way_o, rsp_evict_o, rsp_forced_o, rsp_resv_o} == 0);
    end
    if (rsp_evict_o) assert(rsp_kind_o == KMiss);
    if (rsp_forced_o) assert(rsp_evict_o);
    if (rsp_resv_o) assert(rsp_kind_o == KHit);
    if (rsp_kind_o[1]) assert(rsp_way_o == {WayW{1'b0}});
    if (rsp_wr_o) assert((rsp_kind_o == KHit) || (rsp_kind_o == KNoalloc));
    assert({1'b0, rsp_way_o} < Ways[WayW:0]);
  end

  // ---- step properties: what an access, a fill or nothing did to f_set
  reg  [PdW-1:0]  f_p;                 // the clamped PD of last cycle
  reg             f_rd, f_wr, f_touch, f_fill;
  reg  [LD-1:0]   f_rp, f_rp_was, f_rp_way;
  reg  [WayW-1:0] f_rk_was, f_rk_now, f_rk_vic;
  reg             f_v_was, f_v_now;
  always @(posedge clk_i) begin
    f_p <= p;
  end
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      f_rd = $past(acc_valid_i) && !$past(acc_wr_i) && ($past(set) == f_set);
      f_wr = $past(acc_valid_i) && $past(acc_wr_i) && ($past(set) == f_set);
      f_rp_way = f_row_p[OffRpd + rsp_way_o * LD +: LD];
      f_rk_vic = f_rank_p[rsp_way_o * WayW +: WayW];
      for (fi = 0; fi < Ways; fi = fi + 1) begin
        f_rp     = f_row[OffRpd + fi * LD +: LD];
        f_rp_was = f_row_p[OffRpd + fi * LD +: LD];
        f_rk_now = f_rank[fi * WayW +: WayW];
        f_rk_was = f_rank_p[fi * WayW +: WayW];
        f_v_was  = f_row_p[OffV + fi];
        f_v_now  = f_row[OffV + fi];
        f_touch  = f_rd && !rsp_kind_o[1] && ({{(32-WayW){1'b0}}, rsp_way_o} == fi);
        // 8 / D1: a read sets the touched line to p, then decrements the set
        if (f_touch) begin
          assert({1'b0, f_rp} == ((f_p == {PdW{1'b0}}) ? {PdW{1'b0}} : f_p - 1'b1));
        end else if (f_rd) begin
          assert(f_rp == ((f_rp_was == {LD{1'b0}}) ? {LD{1'b0}} : f_rp_was - 1'b1));
        end else if (f_v_now) begin
          // 7: writes, fills, other sets' reads change no rpd and no rank
          assert(f_rp == f_rp_was);
          assert(f_rk_now == f_rk_was);
        end
        if (!f_rd) assert(f_rk_now == f_rk_was);
        // a read that is not a hit finds no line with its tag
        if ((f_rd || f_wr) && (rsp_kind_o != KHit)) begin
          assert(!(f_v_was && (f_row_p[fi * TagW +: TagW] == $past(acc_tag_i))));
        end
        // 5: a bypass found every candidate valid and protected
        if (f_rd && (rsp_kind_o == KBypass)) begin
          assert(f_resv_p[fi] || (f_v_was && (f_rp_was != {LD{1'b0}})));
        end
        // D3: an invalid candidate is taken first, the lowest one
        if (f_rd && (rsp_kind_o == KMiss) && !f_resv_p[fi] && !f_v_was) begin
          assert(!f_row_p[OffV + rsp_way_o] && ({{(32-WayW){1'b0}}, rsp_way_o} <= fi));
        end
        // D3: with VicLru, an unprotected victim is the LRU unprotected line
        if ((VicLru == 1) && f_rd && (rsp_kind_o == KMiss) && rsp_evict_o && !rsp_forced_o
            && !f_resv_p[fi] && f_v_was && (f_rp_was == {LD{1'b0}})) begin
          assert(f_rk_was >= f_rk_vic);
        end
        // D3: with VicLru = 0, it is the lowest unprotected line
        if ((VicLru == 0) && f_rd && (rsp_kind_o == KMiss) && rsp_evict_o && !rsp_forced_o
            && !f_resv_p[fi] && f_v_was && (f_rp_was == {LD{1'b0}})) begin
          assert({{(32-WayW){1'b0}}, rsp_way_o} <= fi);
        end
        // D4: a forced victim has the smallest RPD of the candidates
        if (f_rd && rsp_forced_o && !f_resv_p[fi]) begin
          assert(f_rp_was >= f_rp_way);
        end
      end
      if (f_rd && (rsp_kind_o == KBypass)) begin
        assert($past(byp_en_i));
        assert(!(&f_resv_p));
      end
      // 6: a miss never takes a reserved line; forced = it was protected,
      // only when bypassing is off; the line is the new tag, reserved (D7)
      if (f_rd && (rsp_kind_o == KMiss)) begin
        assert(!f_resv_p[rsp_way_o]);
        assert(rsp_forced_o == (f_row_p[OffV + rsp_way_o] && (f_rp_way != {LD{1'b0}})));
        assert(rsp_evict_o == f_row_p[OffV + rsp_way_o]);
        assert(f_row[OffV + rsp_way_o] && (f_row[rsp_way_o * TagW +: TagW] == $past(acc_tag_i)));
        if (Resv == 1) assert(f_resv[rsp_way_o] || ($past(fill_valid_i) && ($past(fset) == f_set)));
      end
      if (rsp_forced_o) assert(!$past(byp_en_i));
      if (f_rd && (rsp_kind_o == KNoalloc)) assert(&f_resv_p);
      if ((f_rd || f_wr) && (rsp_kind_o == KHit)) begin
        assert(f_row_p[OffV + rsp_way_o] && (f_row_p[rsp_way_o * TagW +: TagW] == $past(acc_tag_i)));
        assert(rsp_resv_o == f_resv_p[rsp_way_o]);
      end
      // D6: a write hit invalidates (WrEvict, not reserved) or keeps
      if (f_wr && (rsp_kind_o == KHit) && (WrEvict == 1) && !rsp_resv_o) begin
        assert(!f_row[OffV + rsp_way_o]);
      end
      if (f_wr && (rsp_kind_o == KHit) && ((WrEvict == 0) || rsp_resv_o)) begin
        assert(f_row[OffV + rsp_way_o]);
      end
      // D9: a fill of a reserved line of f_set clears it
      f_fill = $past(fill_valid_i) && ($past(fset) == f_set)
               && ({1'b0, $past(fill_way_i)} < Ways[WayW:0]);
      if (f_fill && f_resv_p[$past(fill_way_i)]) begin
        assert(!f_resv[$past(fill_way_i)]);
      end
    end
  end

  // ---- covers (each a named f_cover_* signal and a cover statement)
  reg f_live_p;
  initial f_live_p = 1'b0;
  always @(posedge clk_i) f_live_p <= rst_ni;
  wire f_cov_live = f_past_valid & f_live_p & rst_ni;
  // the last read of f_set's PD, for a PD change within the set's life
  reg [PdW-1:0] f_lastpd;
  reg           f_seen;
  initial f_seen = 1'b0;
  always @(posedge clk_i) begin
    if (acc_valid_i && !acc_wr_i && (set == f_set)) begin
      f_lastpd <= p;
      f_seen   <= 1'b1;
    end
  end
  reg f_lower_unp;                     // a lower unprotected way than the LRU victim
  always @* begin
    f_lower_unp = 1'b0;
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      if (({{(32-WayW){1'b0}}, rsp_way_o} > fi) && !f_resv_p[fi] && f_row_p[OffV + fi]
          && (f_row_p[OffRpd + fi * LD +: LD] == {LD{1'b0}})) begin
        f_lower_unp = 1'b1;
      end
    end
  end
  wire f_rd_now = acc_valid_i && !acc_wr_i && (set == f_set);
  reg  f_rd_p;                         // last cycle read f_set
  initial f_rd_p = 1'b0;
  always @(posedge clk_i) f_rd_p <= f_rd_now;
  wire f_cover_bypass      = f_cov_live & (rsp_kind_o == KBypass);
  wire f_cover_forced      = f_cov_live & rsp_forced_o;
  wire f_cover_noalloc     = f_cov_live & rsp_valid_o & !rsp_wr_o & (rsp_kind_o == KNoalloc);
  wire f_cover_hit_resv    = f_cov_live & rsp_valid_o & !rsp_wr_o & rsp_resv_o;
  wire f_cover_lru_not_low = f_cov_live & (rsp_kind_o == KMiss) & rsp_evict_o & !rsp_forced_o
                             & f_rd_p & f_lower_unp;
  wire f_cover_pd_change   = f_cov_live & f_rd_now & f_seen & (p != f_lastpd) & (|f_row[OffRpd +: Ways * LD]);
  wire f_cover_rpd_max     = f_cov_live & (dbg_rpd_o == DMax[LD-1:0] - 1'b1) & dbg_valid_o;
  wire f_cover_wr_evict    = f_cov_live & rsp_wr_o & (rsp_kind_o == KHit) & !rsp_resv_o;
  always @* begin
    cover(f_cover_bypass);
    cover(f_cover_forced);
    cover(f_cover_noalloc);
    cover(f_cover_hit_resv);
    cover(f_cover_lru_not_low);
    cover(f_cover_pd_change);
    cover(f_cover_rpd_max);
    cover(f_cover_wr_evict);
  end
`endif

endmodule

`default_nettype wire
