// waypart.v - one SM's way-partitioned L1 tag array with its partition and
// IPC registers and thread-block counters.
//
// The per-SM half of the dynamic cache partitioning of Liang, Li, Xie,
// "Exploring Cache Bypassing and Partitioning for Multi-Tasking on GPUs"
// (III-B3): per line valid, tag and LRU rank; the partition register (K way
// counts), the weighted retired-instruction (IPC) register, one finished
// thread-block counter per kernel and the period-done flag. Lookups search
// every way, fills stay in the kernel's contiguous ways, a kernel with 0
// ways bypasses. No data, no MSHR. Every output is a flop or decoded from
// flops only (mask_o).
//
// Specification: doc/waypart.md, sections "Ports", "State and reset",
// "Rules" (decisions WP1-WP22 and "An access, step by step"), "Storage".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Sets    1 .. 1024 (32)   sets, any count
//   Ways    2 .. 32 (4)      associativity, any count
//   TagW    1 .. 48 (20)     tag width
//   Kernels 1 .. 8 (2)       co-running kernels K
//   TbW     1 .. 8 (4)       finished-TB counter / quota width
//   RetW    1 .. 8 (2)       retired instructions per kernel per cycle
//   WgtW    1 .. 16 (8)      weight width
//   IpcW    4 .. 32 (32)     IPC register width
//   Flush   0, 1 (0)         1: a partition write invalidates moved ways
// and Kernels x clog2(Ways+1) <= 32, Kernels x {Ways, RetW, WgtW, TbW} <= 64.

// Files: this module instantiates kit_mem (rtl/mem/kit_mem.v), so it is
// linted, built and synthesized with that file (`build/kit rtl waypart` lists
// both); alone: verilator --lint-only -Wall -y rtl/mem rtl/waypart/waypart.v

`default_nettype none

module waypart #(
  parameter integer Sets    = 32,
  parameter integer Ways    = 4,
  parameter integer TagW    = 20,
  parameter integer Kernels = 2,
  parameter integer TbW     = 4,
  parameter integer RetW    = 2,
  parameter integer WgtW    = 8,
  parameter integer IpcW    = 32,
  parameter integer Flush   = 0
) (
  input  wire                    clk_i,
  input  wire                    rst_ni,
  input  wire                    acc_valid_i,
  input  wire                    acc_st_i,
  input  wire [KW-1:0]           acc_k_i,
  input  wire                    acc_byp_i,
  input  wire [SetW-1:0]         acc_set_i,
  input  wire [TagW-1:0]         acc_tag_i,
  input  wire                    part_we_i,
  input  wire [PartW-1:0]        part_i,
  input  wire                    start_i,
  input  wire                    meas_i,
  input  wire [Kernels*RetW-1:0] ret_i,
  input  wire [Kernels*WgtW-1:0] wgt_i,
  input  wire [Kernels*TbW-1:0]  tb_i,
  input  wire                    tbd_valid_i,
  input  wire [KW-1:0]           tbd_k_i,
  input  wire [SetW-1:0]         dbg_set_i,
  input  wire [WayW-1:0]         dbg_way_i,
  output wire                    rsp_valid_o,
  output wire                    rsp_hit_o,
  output wire                    rsp_foreign_o,
  output wire                    rsp_byp_o,
  output wire                    rsp_fill_o,
  output wire                    rsp_inv_o,
  output wire [WayW-1:0]         rsp_way_o,
  output wire                    evict_valid_o,
  output wire [TagW-1:0]         evict_tag_o,
  output wire [PartW-1:0]        part_o,
  output wire [IpcW-1:0]         ipc_o,
  output wire [MaskW-1:0]        mask_o,
  output wire                    done_o,
  output wire                    dbg_valid_o,
  output wire [TagW-1:0]         dbg_tag_o,
  output wire [WayW-1:0]         dbg_rank_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/waypart.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer SetW  = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer WayW  = (Ways > 1) ? $clog2(Ways) : 1;   // safe clog2: Ways = 1 reaches g_err_ways
  localparam integer KW    = (Kernels > 1) ? $clog2(Kernels) : 1;
  localparam integer CW    = $clog2(Ways + 1);
  localparam integer PartW = Kernels * CW;
  localparam integer MaskW = Kernels * Ways;
  // row of a set: {rank[Ways] x WayW, tag[Ways] x TagW}; valid bits apart
  localparam integer OffRank = Ways * TagW;
  localparam integer RowW    = OffRank + Ways * WayW;
`ifdef FORMAL
  localparam integer NumRd   = 3;                // + the properties' set
`else
  localparam integer NumRd   = 2;                // access, debug
`endif
  // the weighted sum of one cycle: K products of WgtW x RetW bits
  localparam integer AddW = WgtW + RetW + 3;
  localparam integer SumW = ((IpcW > AddW) ? IpcW : AddW) + 1;
  localparam integer MruI = Ways - 1;
  localparam [WayW-1:0] RankMru = MruI[WayW-1:0];
  localparam [WayW-1:0] RankOne = {{(WayW-1){1'b0}}, 1'b1};
  localparam [SumW-1:0] IpcMax  = {{(SumW-IpcW){1'b0}}, {IpcW{1'b1}}};
  localparam [TbW-1:0]  TbMax   = {TbW{1'b1}};

  // Reset row of a set: tags 0, way w at rank w (constant functions: an
  // always @* over constants never runs in Icarus).
  function [RowW-1:0] row_rst_f;
    input integer n_ways;
    integer k;
    begin
      row_rst_f = {RowW{1'b0}};
      for (k = 0; k < n_ways; k = k + 1) begin
        row_rst_f[OffRank + k * WayW +: WayW] = k[WayW-1:0];
      end
    end
  endfunction
  localparam [RowW-1:0] RowRst = row_rst_f(Ways);

  // WP13: the Even partition, C_k = floor(W/K) + (k < W mod K): dealt
  // one way at a time, way w to kernel w mod K.
  function [PartW-1:0] even_f;
    input integer n_ways;
    input integer n_k;
    integer w;
    begin
      even_f = {PartW{1'b0}};
      for (w = 0; w < n_ways; w = w + 1) begin
        even_f[(w % n_k) * CW +: CW] = even_f[(w % n_k) * CW +: CW] + {{(CW-1){1'b0}}, 1'b1};
      end
    end
  endfunction
  localparam [PartW-1:0] PartEven = even_f(Ways, Kernels);

  // WP3: kernel k owns ways [S_k, S_k + C_k), S_k = C_0 + .. + C_{k-1};
  // field k of the result is kernel k's mask.
  function [MaskW-1:0] masks_f;
    input [PartW-1:0] part;
    integer k, w, base, c;
    begin
      masks_f = {MaskW{1'b0}};
      base = 0;
      for (k = 0; k < Kernels; k = k + 1) begin
        c = {{(32-CW){1'b0}}, part[k * CW +: CW]};
        for (w = 0; w < Ways; w = w + 1) begin
          masks_f[k * Ways + w] = (w >= base) && (w < base + c);
        end
        base = base + c;
      end
    end
  endfunction

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (Sets < 1 || Sets > 1024) begin : g_err_sets
      waypart_param_error_Sets_must_be_1_to_1024 u_err ();
    end
    if (Ways < 2 || Ways > 32) begin : g_err_ways
      waypart_param_error_Ways_must_be_2_to_32 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      waypart_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (Kernels < 1 || Kernels > 8) begin : g_err_k
      waypart_param_error_Kernels_must_be_1_to_8 u_err ();
    end
    if (TbW < 1 || TbW > 8 || RetW < 1 || RetW > 8 || WgtW < 1 || WgtW > 16) begin : g_err_cnt
      waypart_param_error_TbW_RetW_1_to_8_WgtW_1_to_16 u_err ();
    end
    if (IpcW < 4 || IpcW > 32) begin : g_err_ipc
      waypart_param_error_IpcW_must_be_4_to_32 u_err ();
    end
    if (Flush < 0 || Flush > 1) begin : g_err_flush
      waypart_param_error_Flush_must_be_0_or_1 u_err ();
    end
    if (PartW > 32 || MaskW > 64 || Kernels * RetW > 64 || Kernels * WgtW > 64 || Kernels * TbW > 64)
    begin : g_err_ports
      waypart_param_error_PartW_32_or_packed_port_64_exceeded u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // Tags and ranks: one kit_mem (rtl/mem/kit_mem.v, an SRAM: no reset) of
  // Sets words, a word = a whole set row {ranks, tags}, so an access reads
  // or writes a whole set row (doc/waypart.md "Storage": one write and two
  // combinational reads per cycle, the access's set and the debug set).
  // row_ok_q[s] says set s was written since reset; until then the set
  // reads as its reset value (tags 0, way w at rank w), whatever the
  // memory holds. Valid bits stay flops in their own array (g_flush
  // clears a column of them in every set at once).
  reg  [Sets-1:0]      row_ok_q;
  wire [RowW-1:0]      row_acc;         // the access's set row (tags, ranks)
  wire [RowW-1:0]      row_dbg;         // the debug set's
  wire [Ways-1:0]      vrow;            // valid bits of the access's set
  wire [Ways-1:0]      vdbg;            // of the debug set
  reg  [Ways-1:0]      vrow_d;          // next valid bits of the access's set
  reg  [Ways-1:0]      clr;             // WP8 Flush: ways cleared in every set
  reg  [PartW-1:0]     part_q,  part_d;
  reg  [IpcW-1:0]      ipc_q,   ipc_d;
  reg  [Kernels*TbW-1:0] tbc_q, tbc_d;
  reg                  done_q,  done_d;
  // Output registers.
  reg                  rsp_valid_q,   rsp_valid_d;
  reg                  rsp_hit_q,     rsp_hit_d;
  reg                  rsp_foreign_q, rsp_foreign_d;
  reg                  rsp_byp_q,     rsp_byp_d;
  reg                  rsp_fill_q,    rsp_fill_d;
  reg                  rsp_inv_q,     rsp_inv_d;
  reg  [WayW-1:0]      rsp_way_q,     rsp_way_d;
  reg                  evict_valid_q, evict_valid_d;
  reg  [TagW-1:0]      evict_tag_q,   evict_tag_d;
  reg                  dbg_valid_q,   dbg_valid_d;
  reg  [TagW-1:0]      dbg_tag_q,     dbg_tag_d;
  reg  [WayW-1:0]      dbg_rank_q,    dbg_rank_d;
  // Addressed-row write.
  reg  [RowW-1:0]      row_d;
  reg                  row_we;

  // In-range indices (WP19, WP22): an index beyond the array reads row 0
  // and is never written.
  wire             set_ok = ({{(32-SetW){1'b0}}, acc_set_i} < Sets);
  wire             dbg_ok = ({{(32-SetW){1'b0}}, dbg_set_i} < Sets)
                            && ({{(32-WayW){1'b0}}, dbg_way_i} < Ways);
  wire [SetW-1:0]  set    = set_ok ? acc_set_i : {SetW{1'b0}};
  wire [SetW-1:0]  dset   = dbg_ok ? dbg_set_i : {SetW{1'b0}};
  wire [MaskW-1:0] mask_cur = masks_f(part_q);
  wire [MaskW-1:0] mask_new = masks_f(part_i);

  // ---------------------------------------------------------------------
  // Next-state and response logic
  // ---------------------------------------------------------------------
  integer          w, wi, k, ki, sum, ti, qi;
  reg  [RowW-1:0]  row_rd, dbg_row;
  reg  [Ways-1:0]  hv, own, moved;
  reg  [WayW-1:0]  way_hit, way_inv, way_lru, way_tgt, rk_w, rk_lru, rk_tgt;
  reg              hit, any_inv, any_own, k_ok, byp_ld, touch, part_ok;
  reg  [CW-1:0]    ck;
  reg  [SumW-1:0]  add, ipc_sum;
  reg  [TbW-1:0]   t, q;

  always @* begin
    row_rd = row_acc;
    for (w = 0; w < Ways; w = w + 1) begin
      hv[w] = vrow[w] && (row_rd[w * TagW +: TagW] == acc_tag_i);
    end
    // the hit way (invariant 3: at most one; the lowest is taken)
    hit     = 1'b0;
    way_hit = {WayW{1'b0}};
    for (w = Ways - 1; w >= 0; w = w - 1) begin
      if (hv[w]) begin
        hit     = 1'b1;
        wi      = w;
        way_hit = wi[WayW-1:0];
      end
    end
    // the kernel's mask and way count (WP6: a kernel >= K has neither)
    ki   = {{(32-KW){1'b0}}, acc_k_i};
    k_ok = (ki < Kernels);
    if (!k_ok) ki = 0;
    own  = k_ok ? mask_cur[ki * Ways +: Ways] : {Ways{1'b0}};
    ck   = k_ok ? part_q[ki * CW +: CW] : {CW{1'b0}};
    byp_ld = acc_byp_i || !k_ok || (ck == {CW{1'b0}});
    // WP5: the lowest invalid way of the mask, else its lowest rank
    any_inv = 1'b0;
    any_own = 1'b0;
    way_inv = {WayW{1'b0}};
    way_lru = {WayW{1'b0}};
    rk_lru  = {WayW{1'b0}};
    for (w = 0; w < Ways; w = w + 1) begin
      wi   = w;
      rk_w = row_rd[OffRank + w * WayW +: WayW];
      if (own[w]) begin
        if (!vrow[w] && !any_inv) begin
          any_inv = 1'b1;
          way_inv = wi[WayW-1:0];
        end
        if (!any_own || (rk_w < rk_lru)) begin
          any_own = 1'b1;
          way_lru = wi[WayW-1:0];
          rk_lru  = rk_w;
        end
      end
    end

    // ---- outcome ("An access, step by step")
    rsp_valid_d   = acc_valid_i;
    rsp_hit_d     = 1'b0;
    rsp_foreign_d = 1'b0;
    rsp_byp_d     = 1'b0;
    rsp_fill_d    = 1'b0;
    rsp_inv_d     = 1'b0;
    rsp_way_d     = {WayW{1'b0}};
    evict_valid_d = 1'b0;
    evict_tag_d   = {TagW{1'b0}};
    touch   = 1'b0;
    way_tgt = way_hit;
    vrow_d  = vrow;
    row_d   = row_rd;
    if (acc_valid_i) begin
      if (!set_ok) begin
        rsp_byp_d = 1'b1;                                   // WP19
      end else if (acc_st_i) begin
        if (hit) begin                                      // WP7
          rsp_hit_d = 1'b1;
          rsp_inv_d = 1'b1;
          rsp_way_d = way_hit;
          vrow_d[way_hit] = 1'b0;                           // tag, rank kept
        end
      end else if (byp_ld) begin
        rsp_byp_d = 1'b1;                                   // WP6
      end else if (hit) begin
        rsp_hit_d     = 1'b1;                               // WP4
        rsp_foreign_d = !own[way_hit];
        rsp_way_d     = way_hit;
        touch         = 1'b1;
      end else begin
        way_tgt       = any_inv ? way_inv : way_lru;        // WP5
        rsp_fill_d    = 1'b1;
        rsp_way_d     = way_tgt;
        evict_valid_d = vrow[way_tgt];
        evict_tag_d   = vrow[way_tgt] ? row_rd[way_tgt * TagW +: TagW] : {TagW{1'b0}};
        vrow_d[way_tgt] = 1'b1;
        row_d[way_tgt * TagW +: TagW] = acc_tag_i;
        touch         = 1'b1;
      end
    end
    // WP5: promote the touched way to MRU
    rk_tgt = row_rd[OffRank + way_tgt * WayW +: WayW];
    for (w = 0; w < Ways; w = w + 1) begin
      wi   = w;
      rk_w = row_rd[OffRank + w * WayW +: WayW];
      if (touch && (way_tgt == wi[WayW-1:0])) begin
        row_d[OffRank + w * WayW +: WayW] = RankMru;
      end else if (touch && (rk_w > rk_tgt)) begin
        row_d[OffRank + w * WayW +: WayW] = rk_w - RankOne;
      end
    end
    row_we = acc_valid_i && set_ok;

    // ---- WP9: the partition write; WP8: the moved ways
    sum = 0;
    for (k = 0; k < Kernels; k = k + 1) begin
      sum = sum + {{(32-CW){1'b0}}, part_i[k * CW +: CW]};
    end
    part_ok = part_we_i && (sum <= Ways);
    part_d  = part_ok ? part_i : part_q;
    moved   = {Ways{1'b0}};
    for (k = 0; k < Kernels; k = k + 1) begin
      moved = moved | mask_cur[k * Ways +: Ways] ^ mask_new[k * Ways +: Ways];
    end
    clr = (Flush == 1 && part_ok) ? moved : {Ways{1'b0}};

    // ---- WP10, WP11, WP17: the counters
    add = {SumW{1'b0}};
    for (k = 0; k < Kernels; k = k + 1) begin
      add = add + ({{(SumW-WgtW){1'b0}}, wgt_i[k * WgtW +: WgtW]}
                   * {{(SumW-RetW){1'b0}}, ret_i[k * RetW +: RetW]});
    end
    ipc_sum = (start_i ? {SumW{1'b0}} : {{(SumW-IpcW){1'b0}}, ipc_q}) + (meas_i ? add : {SumW{1'b0}});
    ipc_d   = (ipc_sum > IpcMax) ? {IpcW{1'b1}} : ipc_sum[IpcW-1:0];
    ti      = {{(32-KW){1'b0}}, tbd_k_i};
    done_d  = !start_i;
    for (k = 0; k < Kernels; k = k + 1) begin
      t = start_i ? {TbW{1'b0}} : tbc_q[k * TbW +: TbW];
      if (meas_i && tbd_valid_i && (ti == k) && (t != TbMax)) begin
        t = t + {{(TbW-1){1'b0}}, 1'b1};
      end
      tbc_d[k * TbW +: TbW] = t;
      q  = tb_i[k * TbW +: TbW];
      qi = {{(32-TbW){1'b0}}, q};
      if ((qi != 0) && (t < q)) done_d = 1'b0;
    end

    // ---- WP22: debug read of the state at the start of the cycle
    dbg_row = row_dbg;
    if (dbg_ok) begin
      dbg_valid_d = vdbg[dbg_way_i];
      dbg_tag_d   = dbg_row[dbg_way_i * TagW +: TagW];
      dbg_rank_d  = dbg_row[OffRank + dbg_way_i * WayW +: WayW];
    end else begin
      dbg_valid_d = 1'b0;
      dbg_tag_d   = {TagW{1'b0}};
      dbg_rank_d  = {WayW{1'b0}};
    end
  end

  // Bits computed but intentionally unused: the tops of the integer way,
  // kernel and quota numbers (in range by construction).
  wire unused_calc = ^{wi, ki, ti, qi, sum};

  // ---------------------------------------------------------------------
  // The table: tag/rank rows in a kit_mem, one word per set
  // ---------------------------------------------------------------------
`ifdef FORMAL
  // The formal contract's set (any constant set), its row read through a
  // third port of the memory (NumRd), its valid bits read inside the
  // generate branch that holds them (below).
  (* anyconst *) reg [SetW-1:0] f_set;
  wire            f_ok = row_ok_q[f_set];
  wire [RowW-1:0] f_row;
  wire [Ways-1:0] f_valid;
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
  // an unwritten set reads as its reset value (tags 0, way w at rank w)
  assign row_acc = ok_acc ? row_rdata[0 +: RowW]    : RowRst;
  assign row_dbg = ok_dbg ? row_rdata[RowW +: RowW] : RowRst;
`ifdef FORMAL
  assign f_row   = f_ok   ? row_rdata[2 * RowW +: RowW] : RowRst;
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

  // Valid bits: with Flush = 1 every set's moved ways clear at a write
  // (after the access: its row is written, then cleared, doc WP8).
  generate
    if (Flush == 1) begin : g_flush
      // one flat vector, set s at [s x Ways +: Ways], so that every set's
      // next value is computed in one always @* (_d / _q)
      reg  [Sets*Ways-1:0] valid_q, valid_d;
      integer r;
      always @* begin
        valid_d = valid_q;
        if (row_we) valid_d[set * Ways +: Ways] = vrow_d;
        for (r = 0; r < Sets; r = r + 1) begin
          valid_d[r * Ways +: Ways] = valid_d[r * Ways +: Ways] & ~clr;
        end
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          // up to 1024 x 32 bits: a replication that wide is meant here
          /* verilator lint_off WIDTHCONCAT */
          valid_q <= {(Sets*Ways){1'b0}};
          /* verilator lint_on WIDTHCONCAT */
        end else begin
          valid_q <= valid_d;
        end
      end
      assign vrow = valid_q[set * Ways +: Ways];
      assign vdbg = valid_q[dset * Ways +: Ways];
`ifdef FORMAL
      assign f_valid = valid_q[f_set * Ways +: Ways];
`endif
    end else begin : g_no_flush
      (* mem2reg *) reg [Ways-1:0] valid_r [0:Sets-1];
      integer r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          /* verilator lint_off BLKSEQ */
          for (r = 0; r < Sets; r = r + 1) begin
            valid_r[r] = {Ways{1'b0}};
          end
          /* verilator lint_on BLKSEQ */
        end else if (row_we) begin
          valid_r[set] <= vrow_d;
        end
      end
      assign vrow = valid_r[set];
      assign vdbg = valid_r[dset];
`ifdef FORMAL
      assign f_valid = valid_r[f_set];
`endif
      wire unused_clr = ^clr;
    end
  endgenerate

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      part_q        <= PartEven;
      ipc_q         <= {IpcW{1'b0}};
      tbc_q         <= {(Kernels*TbW){1'b0}};
      done_q        <= 1'b0;
      rsp_valid_q   <= 1'b0;
      rsp_hit_q     <= 1'b0;
      rsp_foreign_q <= 1'b0;
      rsp_byp_q     <= 1'b0;
      rsp_fill_q    <= 1'b0;
      rsp_inv_q     <= 1'b0;
      rsp_way_q     <= {WayW{1'b0}};
      evict_valid_q <= 1'b0;
      evict_tag_q   <= {TagW{1'b0}};
      dbg_valid_q   <= 1'b0;
      dbg_tag_q     <= {TagW{1'b0}};
      dbg_rank_q    <= {WayW{1'b0}};
    end else begin
      part_q        <= part_d;
      ipc_q         <= ipc_d;
      tbc_q         <= tbc_d;
      done_q        <= done_d;
      rsp_valid_q   <= rsp_valid_d;
      rsp_hit_q     <= rsp_hit_d;
      rsp_foreign_q <= rsp_foreign_d;
      rsp_byp_q     <= rsp_byp_d;
      rsp_fill_q    <= rsp_fill_d;
      rsp_inv_q     <= rsp_inv_d;
      rsp_way_q     <= rsp_way_d;
      evict_valid_q <= evict_valid_d;
      evict_tag_q   <= evict_tag_d;
      dbg_valid_q   <= dbg_valid_d;
      dbg_tag_q     <= dbg_tag_d;
      dbg_rank_q    <= dbg_rank_d;
    end
  end

  assign rsp_valid_o   = rsp_valid_q;
  assign rsp_hit_o     = rsp_hit_q;
  assign rsp_foreign_o = rsp_foreign_q;
  assign rsp_byp_o     = rsp_byp_q;
  assign rsp_fill_o    = rsp_fill_q;
  assign rsp_inv_o     = rsp_inv_q;
  assign rsp_way_o     = rsp_way_q;
  assign evict_valid_o = evict_valid_q;
  assign evict_tag_o   = evict_tag_q;
  assign part_o        = part_q;
  assign ipc_o         = ipc_q;
  assign mask_o        = mask_cur;                          // WP20: decoded
  assign done_o        = done_q;
  assign dbg_valid_o   = dbg_valid_q;
  assign dbg_tag_o     = dbg_tag_q;
  assign dbg_rank_o    = dbg_rank_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh waypart` at
  // the reduced configurations of formal/waypart.sby; proved by
  // k-induction. Contract: f_set is any constant set below Sets; the
  // properties track its lines and check every response to an access of
  // it. Invariant numbers are doc/waypart.md's ("Invariants").
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  // start in reset
  always @* if (!f_past_valid) assume(!rst_ni);
  always @* assume({{(32-SetW){1'b0}}, f_set} < Sets);

  reg  [RowW-1:0]  f_row_p;
  reg  [Ways-1:0]  f_valid_p;
  reg  [MaskW-1:0] f_mask_p;
  reg  [PartW-1:0] f_part_p;
  reg  [Kernels*TbW-1:0] f_tb_p;
  always @(posedge clk_i) begin
    f_row_p   <= f_row;
    f_valid_p <= f_valid;
    f_mask_p  <= mask_cur;
    f_part_p  <= part_q;
    f_tb_p    <= tb_i;
  end
  integer          fi, fj, fk, fsum;
  reg  [Ways-1:0]  f_rank_cov, f_all, f_own;
  reg  [WayW-1:0]  f_rk, f_rk_was, f_rk_vic;
  always @* begin
    f_rank_cov = {Ways{1'b0}};
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      f_rk       = f_row[OffRank + fi * WayW +: WayW];
      f_rank_cov = f_rank_cov | ({{(Ways-1){1'b0}}, 1'b1} << f_rk);
    end
  end

  // ---- invariants of the state and the output registers
  always @* begin
    // 1: the way counts sum to at most Ways; the masks are disjoint and
    // each holds C_k ways
    fsum  = 0;
    f_all = {Ways{1'b0}};
    for (fk = 0; fk < Kernels; fk = fk + 1) begin
      fsum = fsum + {{(32-CW){1'b0}}, part_q[fk * CW +: CW]};
      assert((f_all & mask_o[fk * Ways +: Ways]) == {Ways{1'b0}});
      f_all = f_all | mask_o[fk * Ways +: Ways];
      fj = 0;
      for (fi = 0; fi < Ways; fi = fi + 1) fj = fj + (mask_o[fk * Ways + fi] ? 1 : 0);
      assert(fj == {{(32-CW){1'b0}}, part_q[fk * CW +: CW]});
    end
    assert(fsum <= Ways);
    // 2: the ranks of f_set are a permutation of 0..Ways-1
    assert(&f_rank_cov);
    // 3: no two valid lines of f_set share a tag
    for (fi = 0; fi < Ways; fi = fi + 1) begin
      for (fj = fi + 1; fj < Ways; fj = fj + 1) begin
        if (f_valid[fi] && f_valid[fj]) begin
          assert(f_row[fi * TagW +: TagW] != f_row[fj * TagW +: TagW]);
        end
      end
    end
    // response shape (doc "Ports", WP21)
    if (!rsp_valid_o) begin
      assert({rsp_hit_o, rsp_foreign_o, rsp_byp_o, rsp_fill_o, rsp_inv_o, rsp_way_o, evict_valid_o} == 0);
    end
    assert({1'b0, rsp_hit_o} + {1'b0, rsp_byp_o} + {1'b0, rsp_fill_o} <= 2'd1);
    if (rsp_inv_o) assert(rsp_hit_o && !rsp_foreign_o);
    if (rsp_foreign_o) assert(rsp_hit_o);
    if (evict_valid_o) assert(rsp_fill_o);
    if (!evict_valid_o) assert(evict_tag_o == {TagW{1'b0}});
    if (!rsp_hit_o && !rsp_fill_o) assert(rsp_way_o == {WayW{1'b0}});
    assert({{(32-WayW){1'b0}}, rsp_way_o} < Ways);
  end

  // ---- step properties: what last cycle's inputs did
  reg f_acc, f_ld, f_st;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      f_acc = $past(acc_valid_i) && $past(set_ok) && ($past(set) == f_set);
      f_st  = f_acc && $past(acc_st_i);
      f_ld  = f_acc && !$past(acc_st_i);
      f_own = $past(k_ok) ? f_mask_p[$past(ki) * Ways +: Ways] : {Ways{1'b0}};
      // WP9: the partition changes only by a legal write, to its value
      if ($past(part_ok)) assert(part_o == $past(part_i));
      else assert(part_o == f_part_p);
      // 6: ipc and the TB counters never decrease without a start, and
      // saturate
      if (!$past(start_i)) begin
        assert(ipc_o >= $past(ipc_o));
        for (fk = 0; fk < Kernels; fk = fk + 1) begin
          assert(tbc_q[fk * TbW +: TbW] >= $past(tbc_q[fk * TbW +: TbW]));
        end
      end
      if (!$past(meas_i)) assert(ipc_o == ($past(start_i) ? {IpcW{1'b0}} : $past(ipc_o)));
      // 7: done means every counted quota of last cycle is reached
      if (done_o) begin
        assert(!$past(start_i));
        for (fk = 0; fk < Kernels; fk = fk + 1) begin
          if (f_tb_p[fk * TbW +: TbW] != {TbW{1'b0}}) begin
            assert(tbc_q[fk * TbW +: TbW] >= f_tb_p[fk * TbW +: TbW]);
          end
        end
      end
      // 5: stores, bypassed loads, dropped accesses and idle cycles move
      // no rank of f_set and fill nothing
      if (!(f_ld && (rsp_hit_o || rsp_fill_o))) begin
        assert(f_row[OffRank +: Ways * WayW] == f_row_p[OffRank +: Ways * WayW]);
        assert(f_row[0 +: Ways * TagW] == f_row_p[0 +: Ways * TagW]);
        if (!(f_st && rsp_inv_o) && !((Flush == 1) && $past(part_ok))) assert(f_valid == f_valid_p);
      end
      if (rsp_valid_o && !$past(set_ok)) assert(rsp_byp_o);
      // WP6: a load bypasses exactly when the input says so, the kernel is
      // beyond K or owns no way
      if (f_ld) assert(rsp_byp_o == ($past(acc_byp_i) || (f_own == {Ways{1'b0}})));
      // WP4 / WP7: a hit was a valid line with the tag; a lookup that did
      // not hit found none
      if (f_acc && rsp_hit_o) begin
        assert(f_valid_p[rsp_way_o] && (f_row_p[rsp_way_o * TagW +: TagW] == $past(acc_tag_i)));
        assert(rsp_foreign_o == (f_ld && !f_own[rsp_way_o]));
      end
      for (fi = 0; fi < Ways; fi = fi + 1) begin
        if (f_acc && !rsp_hit_o && !rsp_byp_o) begin
          assert(!(f_valid_p[fi] && (f_row_p[fi * TagW +: TagW] == $past(acc_tag_i))));
        end
      end
      // WP7: a store hit leaves the line invalid, tag and rank kept
      if (f_st && rsp_inv_o) assert(!f_valid[rsp_way_o]);
      // 4 / WP5: a fill lands in the requester's mask, at its lowest invalid
      // way, else at its lowest rank; the line holds the new tag
      if (f_ld && rsp_fill_o) begin
        assert(f_own[rsp_way_o]);
        assert(evict_valid_o == f_valid_p[rsp_way_o]);
        assert(f_row[rsp_way_o * TagW +: TagW] == $past(acc_tag_i));
        if (!((Flush == 1) && $past(part_ok))) assert(f_valid[rsp_way_o]);
        f_rk_vic = f_row_p[OffRank + rsp_way_o * WayW +: WayW];
        for (fi = 0; fi < Ways; fi = fi + 1) begin
          f_rk_was = f_row_p[OffRank + fi * WayW +: WayW];
          if (f_own[fi] && !f_valid_p[fi]) begin
            assert(!f_valid_p[rsp_way_o] && ({{(32-WayW){1'b0}}, rsp_way_o} <= fi));
          end
          if (f_own[fi] && f_valid_p[rsp_way_o]) assert(f_rk_was >= f_rk_vic);
        end
      end
      // WP5: a hit or fill makes its way the MRU
      if (f_ld && (rsp_hit_o || rsp_fill_o)) begin
        assert(f_row[OffRank + rsp_way_o * WayW +: WayW] == RankMru);
      end
      // WP8: under Flush a legal write leaves the moved ways of f_set invalid
      if ((Flush == 1) && $past(part_ok)) begin
        for (fi = 0; fi < Ways; fi = fi + 1) begin
          if ($past(moved[fi])) assert(!f_valid[fi]);
        end
      end
    end
  end

  // ---- covers (each a named f_cover_* signal and a cover statement)
  reg f_live_p;
  initial f_live_p = 1'b0;
  always @(posedge clk_i) f_live_p <= rst_ni;
  wire f_cov_live = f_past_valid & f_live_p & rst_ni;
  reg  f_set_p;                        // last cycle's access was to f_set
  initial f_set_p = 1'b0;
  always @(posedge clk_i) f_set_p <= acc_valid_i && set_ok && (set == f_set);
  wire f_cover_foreign   = f_cov_live & f_set_p & rsp_foreign_o;
  wire f_cover_evict     = f_cov_live & f_set_p & evict_valid_o;
  wire f_cover_byp_zero  = f_cov_live & f_set_p & rsp_byp_o & (part_o[0 +: CW] == {CW{1'b0}});
  wire f_cover_store_inv = f_cov_live & f_set_p & rsp_inv_o;
  wire f_cover_mask_move = f_cov_live & f_past_valid & (mask_o != f_mask_p) & (&f_valid);
  wire f_cover_ipc_sat   = f_cov_live & (&ipc_o);
  wire f_cover_done      = f_cov_live & done_o & (tb_i != {(Kernels*TbW){1'b0}});
  always @* begin
    cover(f_cover_foreign);
    cover(f_cover_evict);
    cover(f_cover_byp_zero);
    cover(f_cover_store_inv);
    cover(f_cover_mask_move);
    cover(f_cover_ipc_sat);
    cover(f_cover_done);
  end
`endif

endmodule

`default_nettype wire
