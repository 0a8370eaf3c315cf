// vtt.v - Linebacker Victim Tag Table (VTT) with its partitions (VPs).
//
// The Victim Tag Table of one SM (Oh et al., "Linebacker: Preserving Victim
// Cache Lines in Idle Register Files of GPUs", ISCA 2019, sections 3.2, 4,
// 4.1, 4.2, Table 3): NumVp partitions of Sets x VpWays tag entries (valid,
// tag, LRU rank), the Eq. 2 register-number calculator, the active-partition
// mask from the CTA Throttling Logic's LRN, and a blocking engine serving
// one load lookup, store probe or insert at a time. It holds no data: a
// victim line is its register number. Every output is a flop.
//
// Specification: doc/vtt.md, sections "Eq. 2 and the Offset", "Ports",
// "State and reset", "The meta bits", "Modes", "Partition activation and
// withdrawal", "Operations and timing" (lookup, probe, insert, illegal
// inputs), "Timing example", "Storage (4.2)"; the formal properties below
// (ifdef FORMAL) are its "Invariants". Derived widths: doc/vtt.md
// "Parameters".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Sets    1 .. 1024 (48)       sets per VP = L1 sets
//   VpWays  1, 2, 4, .. 32 (4)   ways per VP
//   NumVp   1 .. 32 (8)          partitions; NumVp*VpWays in 2 .. 32
//   TagW    1 .. 48 (18)
//   RnW     1 .. 16 (11)         register-number width
//   Offset  1 .. 65535 (512)     Eq. 2 offset; Offset + NumVp*Sets*VpWays <= 2^RnW
//   VpLat   1 .. 16 (3)          cycles per VP searched

// Files: this module instantiates kit_mem (rtl/mem/kit_mem.v), so it is
// linted, built and synthesized with that file (`build/kit rtl vtt` lists
// both); alone: verilator --lint-only -Wall -y rtl/mem rtl/vtt/vtt.v

`default_nettype none

module vtt #(
  parameter integer Sets   = 48,
  parameter integer VpWays = 4,
  parameter integer NumVp  = 8,
  parameter integer TagW   = 18,
  parameter integer RnW    = 11,
  parameter integer Offset = 512,
  parameter integer VpLat  = 3
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire [1:0]         lm_state_i,
  input  wire [RnW-1:0]     lrn_i,
  input  wire               req_valid_i,
  input  wire [1:0]         req_op_i,
  input  wire [SetW-1:0]    req_set_i,
  input  wire [TagW-1:0]    req_tag_i,
  input  wire               req_useful_i,
  input  wire [VpW-1:0]     dbg_vp_i,
  input  wire [SetW-1:0]    dbg_set_i,
  input  wire [WayW-1:0]    dbg_way_i,
  output wire               req_ready_o,
  output wire               rsp_valid_o,
  output wire [1:0]         rsp_op_o,
  output wire               rsp_hit_o,
  output wire               rsp_fill_o,
  output wire [VpW-1:0]     rsp_vp_o,
  output wire [WayW-1:0]    rsp_way_o,
  output wire [RnW-1:0]     rsp_rn_o,
  output wire [VpsW-1:0]    rsp_vps_o,
  output wire               rf_rd_o,
  output wire               rf_wr_o,
  output wire               evict_valid_o,
  output wire [TagW-1:0]    evict_tag_o,
  output wire [NumVp-1:0]   vp_act_o,
  output wire [NumVp-1:0]   vp_drop_o,
  output wire [RnW-1:0]     lrn_ack_o,
  output wire [1:0]         mode_o,
  output wire               dbg_valid_o,
  output wire [TagW-1:0]    dbg_tag_o,
  output wire [RankW-1:0]   dbg_rank_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/vtt.md "Derived values")
  // ---------------------------------------------------------------------
  localparam integer SetW    = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer VpW     = (NumVp > 1) ? $clog2(NumVp) : 1;
  localparam integer WayW    = (VpWays > 1) ? $clog2(VpWays) : 1;
  localparam integer TotWays = NumVp * VpWays;
  localparam integer RankW   = (TotWays > 1) ? $clog2(TotWays) : 1;
  localparam integer VpEnt   = Sets * VpWays;
  localparam integer NEnt    = NumVp * VpEnt;
  localparam integer MaxLat  = VpLat * NumVp;
  localparam integer CntW    = (MaxLat > 1) ? $clog2(MaxLat) : 1;
  localparam integer VpsW    = $clog2(NumVp + 1);
  localparam integer RnNeedW = $clog2(Offset + NEnt);  // bits of the largest RN
  localparam integer CalcW   = 18;                      // RN and latency arithmetic
  localparam integer EntW    = TagW + RankW;             // a bank word {rank, tag}
  localparam integer RankN   = 1 << RankW;               // rank values (>= TotWays)
`ifdef FORMAL
  localparam integer NumRd   = 3;                         // + the properties' set
`else
  localparam integer NumRd   = 2;                         // operation, debug
`endif

  localparam [1:0]         ModeMon  = 2'd0;
  localparam [1:0]         ModeVc   = 2'd1;
  localparam [1:0]         ModeOff  = 2'd2;
  localparam [1:0]         OpLookup = 2'd0;
  localparam [1:0]         OpProbe  = 2'd1;
  localparam [1:0]         OpInsert = 2'd2;
  localparam [1:0]         OpRsvd   = 2'd3;
  localparam [NumVp-1:0]   AllVp    = {NumVp{1'b1}};
  localparam integer       RankMruI = TotWays - 1;
  localparam [RankW-1:0]   RankMru  = RankMruI[RankW-1:0];
  localparam [RankW-1:0]   RankOne  = {{(RankW-1){1'b0}}, 1'b1};
  localparam [CalcW-1:0]   COffset  = Offset[CalcW-1:0];
  localparam [CalcW-1:0]   CVpEnt   = VpEnt[CalcW-1:0];
  localparam [CalcW-1:0]   CVpWays  = VpWays[CalcW-1:0];
  localparam [CalcW-1:0]   CVpLat   = VpLat[CalcW-1:0];
  localparam [CalcW-1:0]   COne     = {{(CalcW-1){1'b0}}, 1'b1};
  localparam [SetW:0]      SetsV    = Sets[SetW:0];


  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (Sets < 1 || Sets > 1024) begin : g_err_sets
      vtt_param_error_Sets_must_be_1_to_1024 u_err ();
    end
    if (!(VpWays == 1 || VpWays == 2 || VpWays == 4 || VpWays == 8 || VpWays == 16
          || VpWays == 32)) begin : g_err_vpways
      vtt_param_error_VpWays_must_be_power_of_two_1_to_32 u_err ();
    end
    if (NumVp < 1 || NumVp > 32) begin : g_err_numvp
      vtt_param_error_NumVp_must_be_1_to_32 u_err ();
    end
    if (TotWays < 2 || TotWays > 32) begin : g_err_totways
      vtt_param_error_NumVp_x_VpWays_must_be_2_to_32 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      vtt_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (RnW < 1 || RnW > 16) begin : g_err_rnw
      vtt_param_error_RnW_must_be_1_to_16 u_err ();
    end
    if (Offset < 1 || Offset + NEnt > (1 << RnW)) begin : g_err_offset
      vtt_param_error_Offset_plus_entries_exceeds_2_pow_RnW u_err ();
    end
    if (VpLat < 1 || VpLat > 16) begin : g_err_vplat
      vtt_param_error_VpLat_must_be_1_to_16 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // Tags and ranks: one kit_mem bank per global way (rtl/mem/kit_mem.v, an
  // SRAM: no reset), Sets words of {rank, tag}, every bank addressed with
  // the same set, so an access reads or writes a whole set row (doc/vtt.md
  // "Storage": one write and two combinational reads per cycle, the
  // operation's set and the debug set). row_ok_q[s] says set s was written
  // since reset; until then the set reads as its reset value (tags 0, way g
  // at rank g), whatever the banks hold.
  reg  [Sets-1:0]        row_ok_q;
  wire [EntW-1:0]        ent_rd  [0:TotWays-1];   // the operation's set
  wire [EntW-1:0]        raw_dbg [0:TotWays-1];   // the debug set as the banks hold it
  reg  [EntW-1:0]        ent_d [0:TotWays-1];     // the addressed row's next words
  // Valid bits in flops (a withdrawal clears a VP's bits in every set at
  // once, which no SRAM port does): per VP one vector, set X's VpWays bits
  // at X*VpWays (g_vld below).
  wire [TotWays-1:0]     vrow_q;        // the operation's set, before drops
  wire [NumVp-1:0]       dbg_vld_vp;    // each VP's bit at the debug set and way
  reg  [1:0]             mode_q,  mode_d;
  reg  [NumVp-1:0]       mask_q,  mask_d;
  reg  [RnW-1:0]         lrn_ack_q, lrn_ack_d;
  // Operation engine (registers only when MaxLat > 1: g_fsm below).
  wire [CntW-1:0]        cnt_q;
  wire [1:0]             hop_q;
  wire [SetW-1:0]        hset_q;
  wire [TagW-1:0]        htag_q;
  wire                   ready_q;
  reg  [CntW-1:0]        cnt_d;
  reg  [1:0]             hop_d;
  reg  [SetW-1:0]        hset_d;
  reg  [TagW-1:0]        htag_d;
  reg                    ready_d;
  // Output registers.
  reg                    rsp_valid_q,   rsp_valid_d;
  reg  [1:0]             rsp_op_q,      rsp_op_d;
  reg                    rsp_hit_q,     rsp_hit_d;
  reg                    rsp_fill_q,    rsp_fill_d;
  reg  [VpW-1:0]         rsp_vp_q,      rsp_vp_d;
  reg  [WayW-1:0]        rsp_way_q,     rsp_way_d;
  reg  [RnNeedW-1:0]     rsp_rn_q,      rsp_rn_d;
  reg  [VpsW-1:0]        rsp_vps_q,     rsp_vps_d;
  reg                    rf_rd_q,       rf_rd_d;
  reg                    rf_wr_q,       rf_wr_d;
  reg                    evict_valid_q, evict_valid_d;
  reg  [TagW-1:0]        evict_tag_q,   evict_tag_d;
  reg  [NumVp-1:0]       vp_drop_q,     vp_drop_d;
  reg                    dbg_valid_q,   dbg_valid_d;
  reg  [TagW-1:0]        dbg_tag_q,     dbg_tag_d;
  reg  [RankW-1:0]       dbg_rank_q,    dbg_rank_d;
  // Addressed-row write (ent_d above).
  reg  [TotWays-1:0]     vrow_d;
  reg                    row_we;
  reg  [SetW-1:0]        rd_set;        // the operation's set (0 if out of range)
  reg  [SetW-1:0]        dbg_set;       // the debug set (0 if out of range)

  // ---------------------------------------------------------------------
  // Mode, mask and the operation offered or held (inputs and control
  // state only: no table row)
  // ---------------------------------------------------------------------
  integer          n;
  reg              idle, flush, go, set_ok, useful;
  reg  [1:0]       mode_n, op;
  reg  [SetW-1:0]  set;
  reg  [TagW-1:0]  tag;
  reg  [NumVp-1:0] act_lrn, mask_n, drop;
  reg  [TotWays-1:0] act_w, keep_w;
  reg  [CalcW-1:0] k, lrnc, base_tmp;

  always @* begin
    // ---- idle edge: mode, mask, withdrawals (doc "When the mask changes")
    idle   = (cnt_q == {CntW{1'b0}});
    mode_n = mode_q;
    flush  = 1'b0;
    if (idle && (mode_q == ModeMon) && (lm_state_i != 2'd0)) begin
      mode_n = (lm_state_i == 2'd1) ? ModeVc : ModeOff;   // 3 acts as 2
      flush  = 1'b1;                                        // V9
    end
    lrnc = {{(CalcW-RnW){1'b0}}, lrn_i};
    for (n = 0; n < NumVp; n = n + 1) begin
      base_tmp   = COffset + CVpEnt * n[CalcW-1:0];
      act_lrn[n] = (base_tmp > lrnc);                       // Base(N) > LRN
    end
    if (!idle) begin
      mask_n = mask_q;
    end else begin
      case (mode_n)
        ModeMon: mask_n = AllVp;
        ModeVc:  mask_n = act_lrn;
        default: mask_n = {NumVp{1'b0}};
      endcase
    end
    drop = flush ? AllVp : (mask_q & ~mask_n);
    for (n = 0; n < NumVp; n = n + 1) begin
      keep_w[n * VpWays +: VpWays] = {VpWays{~drop[n]}};
      act_w[n * VpWays +: VpWays]  = {VpWays{mask_n[n]}};
    end
    k = {CalcW{1'b0}};
    for (n = 0; n < NumVp; n = n + 1) begin
      k = k + {{(CalcW-1){1'b0}}, mask_n[n]};
    end

    // ---- the operation: the offer when idle, the held one when busy
    go     = idle ? req_valid_i : (cnt_q == {{(CntW-1){1'b0}}, 1'b1});
    op     = idle ? req_op_i : hop_q;
    set    = idle ? req_set_i : hset_q;
    tag    = idle ? req_tag_i : htag_q;
    useful = idle ? req_useful_i : 1'b1;   // a held insert was useful
    set_ok = ({1'b0, set} < SetsV);
    rd_set = (set_ok && (Sets > 1)) ? set : {SetW{1'b0}};
    dbg_set = (({1'b0, dbg_set_i} < SetsV) && (Sets > 1)) ? dbg_set_i : {SetW{1'b0}};
  end

  // ---------------------------------------------------------------------
  // The table: tag/rank rows in kit_mem, valid bits in flops
  // ---------------------------------------------------------------------
`ifdef FORMAL
  // the properties' set (any constant legal set) and its row, read through
  // a third port of the banks (NumRd)
  (* anyconst *) reg [SetW-1:0] f_set;
  wire [EntW-1:0]    f_ent [0:TotWays-1];
  wire               f_ok = row_ok_q[f_set];
  wire [TotWays-1:0] f_vrow;
  wire [NumRd*SetW-1:0] rd_addr = {f_set, dbg_set, rd_set};
`else
  wire [NumRd*SetW-1:0] rd_addr = {dbg_set, rd_set};
`endif
  wire               ok_rd  = row_ok_q[rd_set];
  wire               ok_dbg = row_ok_q[dbg_set];
  wire [TotWays-1:0] vrow   = vrow_q & keep_w;   // the operation's set after drops

  genvar gw;
  generate
    for (gw = 0; gw < TotWays; gw = gw + 1) begin : g_way
      // not traced: ent_rd, raw_dbg and ent_d show these words
      /*verilator tracing_off*/
      localparam [RankW-1:0] RstRank = gw;
      localparam [EntW-1:0]  EntRst  = {RstRank, {TagW{1'b0}}};
      wire [NumRd*EntW-1:0] rdata;
      // through a wire: Yosys 0.70's hierarchy -chparam trips on an
      // unpacked array element bound to a port directly
      wire [EntW-1:0]       wdata = ent_d[gw];
      /*verilator tracing_on*/
      kit_mem #(
        .Depth (Sets),
        .Width (EntW),
        .NumRd (NumRd),
        .NumWr (1),
        .RegRd (0)
      ) u_bank (
        .clk_i   (clk_i),
        .we_i    (row_we),
        .waddr_i (rd_set),
        .wdata_i (wdata),
        .raddr_i (rd_addr),
        .rdata_o (rdata)
      );
      assign ent_rd[gw]  = ok_rd  ? rdata[0 +: EntW]    : EntRst;
      assign raw_dbg[gw] = rdata[EntW +: EntW];
`ifdef FORMAL
      assign f_ent[gw]   = f_ok   ? rdata[2 * EntW +: EntW] : EntRst;
`endif
    end
  endgenerate

  // One valid vector per VP: a drop of the VP clears it, the addressed
  // set's write lands after the clear (the flush edge may fill an entry of
  // a VP it also drops and re-activates).
  genvar gv;
  generate
    for (gv = 0; gv < NumVp; gv = gv + 1) begin : g_vld
      reg [Sets*VpWays-1:0] vld_q;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          vld_q <= {(Sets*VpWays){1'b0}};
        end else begin
          if (drop[gv]) begin
            vld_q <= {(Sets*VpWays){1'b0}};
          end
          if (row_we) begin
            vld_q[rd_set * VpWays +: VpWays] <= vrow_d[gv * VpWays +: VpWays];
          end
        end
      end
      assign vrow_q[gv * VpWays +: VpWays] = vld_q[rd_set * VpWays +: VpWays];
      assign dbg_vld_vp[gv] = vld_q[dbg_set * VpWays + {{(32-WayW){1'b0}}, dbg_way_i}];
`ifdef FORMAL
      assign f_vrow[gv * VpWays +: VpWays] = vld_q[f_set * VpWays +: VpWays];
`endif
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Search, update and response (the per-way work only on a cycle that
  // completes or takes an operation: go)
  // ---------------------------------------------------------------------
  // WayBits[b * TotWays + w] = bit b of way number w: the number of a
  // one-hot way vector is, per bit, the OR of its ways with that bit set.
  function [RankW*TotWays-1:0] way_bits;
    input integer unused_arg;
    integer fb, fw;
    begin
      way_bits = {(RankW*TotWays){1'b0}};
      for (fb = 0; fb < RankW; fb = fb + 1) begin
        for (fw = 0; fw < TotWays; fw = fw + 1) begin
          way_bits[fb * TotWays + fw] = ((fw >> fb) % 2) == 1;
        end
      end
    end
  endfunction
  localparam [RankW*TotWays-1:0] WayBits = way_bits(0);

  integer          g, s;
  reg              take, commit, walk;
  reg              hit, inv_any, clear, fill, evict;
  reg  [TotWays-1:0] hv, inv_v, inv_oh, lru_oh, tgt_oh;
  reg  [RankN-1:0] act_rank, min_oh;
  reg  [RankW-1:0] rank_g, tgt_g, tgt_rank;
  reg  [TagW-1:0]  tgt_tag;
  reg  [NumVp-1:0] hit_vp, upto_hit;
  reg  [CalcW-1:0] j, vps, lat, rn, vpc, wayc, setc, basec;
  reg  [VpW-1:0]   tgt_vp;
  reg  [WayW-1:0]  tgt_way;
  integer          vp_of_g, way_of_g;

  // The search is written as whole-vector steps where it can be (the lowest
  // invalid way, the lowest rank, the target's number): one statement each
  // instead of one per way, which keeps the simulator's code small.
  always @* begin
    walk     = 1'b0;
    hit      = 1'b0;
    inv_any  = 1'b0;
    clear    = 1'b0;
    hv       = {TotWays{1'b0}};
    inv_v    = {TotWays{1'b0}};
    inv_oh   = {TotWays{1'b0}};
    lru_oh   = {TotWays{1'b0}};
    tgt_oh   = {TotWays{1'b0}};
    act_rank = {RankN{1'b0}};
    min_oh   = {RankN{1'b0}};
    rank_g   = {RankW{1'b0}};
    tgt_g    = {RankW{1'b0}};
    tgt_rank = {RankW{1'b0}};
    tgt_tag  = {TagW{1'b0}};
    hit_vp   = {NumVp{1'b0}};
    upto_hit = {NumVp{1'b0}};
    j        = {CalcW{1'b0}};
    tgt_vp   = {VpW{1'b0}};
    tgt_way  = {WayW{1'b0}};
    vp_of_g  = 0;
    way_of_g = 0;
    for (g = 0; g < TotWays; g = g + 1) begin
      ent_d[g] = ent_rd[g];
    end
    vrow_d   = vrow;
    if (go) begin
      walk = set_ok && (op != OpRsvd) && (k != {CalcW{1'b0}})
             && !((op == OpInsert) && (mode_n == ModeVc) && !useful);

      // search: the hit vector, and the ranks the active ways hold
      for (g = 0; g < TotWays; g = g + 1) begin
        rank_g   = ent_rd[g][TagW +: RankW];
        hv[g]    = vrow[g] & act_w[g] & (ent_rd[g][TagW-1:0] == tag);
        act_rank = act_rank | ({{(RankN-1){1'b0}}, act_w[g]} << rank_g);
      end
      hit = |hv;
      // the lowest invalid active way; the active way of lowest rank (the
      // ranks of a set are distinct: invariant 2)
      inv_v   = act_w & ~vrow;
      inv_any = |inv_v;
      inv_oh  = inv_v & (~inv_v + {{(TotWays-1){1'b0}}, 1'b1});
      min_oh  = act_rank & (~act_rank + {{(RankN-1){1'b0}}, 1'b1});
      for (g = 0; g < TotWays; g = g + 1) begin
        lru_oh[g] = act_w[g] & min_oh[ent_rd[g][TagW +: RankW]];
      end
      // target: the hit way, else the lowest invalid active way, else the
      // active way of lowest rank; its number, VP, way, rank and tag
      tgt_oh = hit ? hv : (inv_any ? inv_oh : lru_oh);
      for (g = 0; g < RankW; g = g + 1) begin
        tgt_g[g] = |(tgt_oh & WayBits[g * TotWays +: TotWays]);
      end
      vp_of_g  = {{(32-RankW){1'b0}}, tgt_g} / VpWays;
      way_of_g = {{(32-RankW){1'b0}}, tgt_g} % VpWays;
      tgt_vp   = vp_of_g[VpW-1:0];
      tgt_way  = way_of_g[WayW-1:0];
      tgt_rank = ent_rd[tgt_g][TagW +: RankW];
      tgt_tag  = ent_rd[tgt_g][TagW-1:0];
      // position of the hit VP among the active ones: the active VPs up to
      // the hit one (invariant 1: one hit)
      for (g = 0; g < NumVp; g = g + 1) begin
        hit_vp[g] = |hv[g * VpWays +: VpWays];
      end
      upto_hit = hit_vp;
      for (s = 1; s < NumVp; s = s * 2) begin
        upto_hit = upto_hit | (upto_hit >> s);
      end
      for (g = 0; g < NumVp; g = g + 1) begin
        j = j + {{(CalcW-1){1'b0}}, mask_n[g] & upto_hit[g]};
      end
      // next row of the addressed set: probe clears, lookup/refresh/fill
      // promote the target (ranks above it move down, it becomes MRU)
      clear  = hit && (op == OpProbe);
      vrow_d = clear ? (vrow & ~tgt_oh) : (vrow | tgt_oh);
      if (!clear) begin
        for (g = 0; g < TotWays; g = g + 1) begin
          rank_g = ent_rd[g][TagW +: RankW];
          if (tgt_oh[g]) begin
            ent_d[g] = {RankMru, tag};                     // the tag is equal on a hit
          end else if (rank_g > tgt_rank) begin
            ent_d[g][TagW +: RankW] = rank_g - RankOne;
          end
        end
      end
    end
    fill  = walk && (op == OpInsert) && !hit;
    evict = fill && !inv_any;

    // VPs searched and latency (doc "Operations and timing"): a lookup or
    // probe stops at the hit VP, a miss or an insert walks them all
    if (!walk) begin
      vps = {CalcW{1'b0}};
    end else if ((op != OpInsert) && hit) begin
      vps = j;
    end else begin
      vps = k;
    end
    lat = (!walk || (MaxLat == 1)) ? COne : (CVpLat * vps);

    // ---- what this edge does with the operation
    take   = idle && go && (lat != COne);        // hold it for L-1 cycles
    commit = go && !take;                          // completes at this edge
    cnt_d  = cnt_q;
    hop_d  = hop_q;
    hset_d = hset_q;
    htag_d = htag_q;
    if (take) begin
      cnt_d  = lat[CntW-1:0] - {{(CntW-1){1'b0}}, 1'b1};
      hop_d  = op;
      hset_d = rd_set;
      htag_d = tag;
    end else if (!idle) begin
      cnt_d  = cnt_q - {{(CntW-1){1'b0}}, 1'b1};
    end
    ready_d = (cnt_d == {CntW{1'b0}});
    row_we  = commit && walk && (hit || fill);

    // ---- response registers
    rsp_valid_d   = commit;
    rsp_op_d      = commit ? op : 2'd0;
    rsp_vps_d     = commit ? vps[VpsW-1:0] : {VpsW{1'b0}};
    rsp_hit_d     = commit && walk && hit;
    rsp_fill_d    = commit && fill;
    rsp_vp_d      = (commit && walk && (hit || fill)) ? tgt_vp : {VpW{1'b0}};
    rsp_way_d     = (commit && walk && (hit || fill)) ? tgt_way : {WayW{1'b0}};
    rf_rd_d       = commit && walk && hit && (op == OpLookup) && (mode_n == ModeVc);
    rf_wr_d       = commit && fill && (mode_n == ModeVc);
    vpc           = {{(CalcW-VpW){1'b0}}, tgt_vp};
    wayc          = {{(CalcW-WayW){1'b0}}, tgt_way};
    setc          = {{(CalcW-SetW){1'b0}}, rd_set};
    basec         = COffset + CVpEnt * vpc;
    rn            = basec + CVpWays * setc + wayc;           // Eq. 2
    rsp_rn_d      = (rf_rd_d || rf_wr_d) ? rn[RnNeedW-1:0] : {RnNeedW{1'b0}};
    evict_valid_d = commit && evict;
    evict_tag_d   = (commit && evict) ? tgt_tag : {TagW{1'b0}};
    vp_drop_d     = drop;
    mode_d        = mode_n;
    mask_d        = mask_n;
    lrn_ack_d     = idle ? lrn_i : lrn_ack_q;
  end

  // ---- debug read of the state at the start of the cycle
  integer dbg_g, dbg_vpi, dbg_wayi, dbg_seti;
  reg     dbg_ok;
  always @* begin
    dbg_vpi  = {{(32-VpW){1'b0}}, dbg_vp_i};
    dbg_wayi = {{(32-WayW){1'b0}}, dbg_way_i};
    dbg_seti = {{(32-SetW){1'b0}}, dbg_set_i};
    dbg_ok   = (dbg_vpi < NumVp) && (dbg_seti < Sets) && (dbg_wayi < VpWays);
    dbg_g    = dbg_ok ? (dbg_vpi * VpWays + dbg_wayi) : 0;
    dbg_valid_d = dbg_ok && dbg_vld_vp[dbg_ok ? dbg_vpi : 0];
    // a set not written since reset reads as its reset value (tags 0, way g
    // at rank g), as ent_rd
    dbg_tag_d   = (dbg_ok && ok_dbg) ? raw_dbg[dbg_g][TagW-1:0] : {TagW{1'b0}};
    dbg_rank_d  = !dbg_ok ? {RankW{1'b0}}
                : (ok_dbg ? raw_dbg[dbg_g][TagW +: RankW] : dbg_g[RankW-1:0]);
  end

  // Bits computed but intentionally unused: the top of the VP count and RN
  // arithmetic (values fit VpsW / RnNeedW bits by the parameter rules) and
  // of the integer way / VP / debug entry numbers (below TotWays).
  wire unused_calc = ^{vps, rn, vp_of_g, way_of_g, dbg_g};

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only (the table's row written flag is
  // set with the row's write)
  // ---------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      row_ok_q  <= {Sets{1'b0}};
      mode_q    <= ModeMon;
      mask_q    <= AllVp;
      lrn_ack_q <= {RnW{1'b0}};
    end else begin
      mode_q    <= mode_d;
      mask_q    <= mask_d;
      lrn_ack_q <= lrn_ack_d;
      if (row_we) begin
        row_ok_q[rd_set] <= 1'b1;
      end
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rsp_valid_q   <= 1'b0;
      rsp_op_q      <= 2'd0;
      rsp_hit_q     <= 1'b0;
      rsp_fill_q    <= 1'b0;
      rsp_vp_q      <= {VpW{1'b0}};
      rsp_way_q     <= {WayW{1'b0}};
      rsp_rn_q      <= {RnNeedW{1'b0}};
      rsp_vps_q     <= {VpsW{1'b0}};
      rf_rd_q       <= 1'b0;
      rf_wr_q       <= 1'b0;
      evict_valid_q <= 1'b0;
      evict_tag_q   <= {TagW{1'b0}};
      vp_drop_q     <= {NumVp{1'b0}};
      dbg_valid_q   <= 1'b0;
      dbg_tag_q     <= {TagW{1'b0}};
      dbg_rank_q    <= {RankW{1'b0}};
    end else begin
      rsp_valid_q   <= rsp_valid_d;
      rsp_op_q      <= rsp_op_d;
      rsp_hit_q     <= rsp_hit_d;
      rsp_fill_q    <= rsp_fill_d;
      rsp_vp_q      <= rsp_vp_d;
      rsp_way_q     <= rsp_way_d;
      rsp_rn_q      <= rsp_rn_d;
      rsp_vps_q     <= rsp_vps_d;
      rf_rd_q       <= rf_rd_d;
      rf_wr_q       <= rf_wr_d;
      evict_valid_q <= evict_valid_d;
      evict_tag_q   <= evict_tag_d;
      vp_drop_q     <= vp_drop_d;
      dbg_valid_q   <= dbg_valid_d;
      dbg_tag_q     <= dbg_tag_d;
      dbg_rank_q    <= dbg_rank_d;
    end
  end

  // Operation engine: with MaxLat = 1 every operation completes in the
  // cycle it is taken, so there is no counter, no held request and
  // req_ready_o is always 1 (g_no_fsm).
  generate
    if (MaxLat > 1) begin : g_fsm
      reg [CntW-1:0] cnt_r;
      reg [1:0]      hop_r;
      reg [SetW-1:0] hset_r;
      reg [TagW-1:0] htag_r;
      reg            ready_r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          cnt_r   <= {CntW{1'b0}};
          hop_r   <= 2'd0;
          hset_r  <= {SetW{1'b0}};
          htag_r  <= {TagW{1'b0}};
          ready_r <= 1'b1;
        end else begin
          cnt_r   <= cnt_d;
          hop_r   <= hop_d;
          hset_r  <= hset_d;
          htag_r  <= htag_d;
          ready_r <= ready_d;
        end
      end
      assign cnt_q   = cnt_r;
      assign hop_q   = hop_r;
      assign hset_q  = hset_r;
      assign htag_q  = htag_r;
      assign ready_q = ready_r;
    end else begin : g_no_fsm
      assign cnt_q   = {CntW{1'b0}};
      assign hop_q   = 2'd0;
      assign hset_q  = {SetW{1'b0}};
      assign htag_q  = {TagW{1'b0}};
      assign ready_q = 1'b1;
      wire unused_fsm = ^{cnt_d, hop_d, hset_d, htag_d, ready_d};
    end
  endgenerate

  assign req_ready_o   = ready_q;
  assign rsp_valid_o   = rsp_valid_q;
  assign rsp_op_o      = rsp_op_q;
  assign rsp_hit_o     = rsp_hit_q;
  assign rsp_fill_o    = rsp_fill_q;
  assign rsp_vp_o      = rsp_vp_q;
  assign rsp_way_o     = rsp_way_q;
  assign rsp_vps_o     = rsp_vps_q;
  assign rf_rd_o       = rf_rd_q;
  assign rf_wr_o       = rf_wr_q;
  assign evict_valid_o = evict_valid_q;
  assign evict_tag_o   = evict_tag_q;
  assign vp_act_o      = mask_q;
  assign vp_drop_o     = vp_drop_q;
  assign lrn_ack_o     = lrn_ack_q;
  assign mode_o        = mode_q;
  assign dbg_valid_o   = dbg_valid_q;
  assign dbg_tag_o     = dbg_tag_q;
  assign dbg_rank_o    = dbg_rank_q;
  generate
    if (RnNeedW < RnW) begin : g_rn_ext
      assign rsp_rn_o = {{(RnW-RnNeedW){1'b0}}, rsp_rn_q};
    end else begin : g_rn_full
      assign rsp_rn_o = rsp_rn_q;
    end
  endgenerate

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh vtt` at the
  // reduced configuration in formal/vtt.ys; proved by k-induction and
  // every property has a cover. Contract: f_set is any constant legal set;
  // the properties track its row and check every response.
  // Invariant numbers are doc/vtt.md's.
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // start in reset (the initial-assume of the reset)
  always @* if (!f_past_valid) assume(!rst_ni);
  // any constant, legal set (f_set, f_ent, f_vrow above)
  always @* assume({1'b0, f_set} < SetsV);

  // its row in the packed layout {rank[TotWays], tag[TotWays]}
  localparam integer RowW    = TotWays * EntW;
  localparam integer OffRank = TotWays * TagW;
  reg  [RowW-1:0]    f_row;
  integer            fg;
  always @* begin
    for (fg = 0; fg < TotWays; fg = fg + 1) begin
      f_row[fg * TagW +: TagW]              = f_ent[fg][TagW-1:0];
      f_row[OffRank + fg * RankW +: RankW]  = f_ent[fg][TagW +: RankW];
    end
  end
  integer            fi, fj, fn;
  reg  [NumVp-1:0]   f_act_ack;     // {Base(N) > lrn_ack}: the victim-cache mask
  reg  [TotWays-1:0] f_rank_cov;    // which ranks f_set's entries hold
  reg  [TotWays-1:0] f_act_w;       // ways of the active VPs
  reg  [CalcW-1:0]   f_base, f_rn, f_off, f_ack;
  reg  [RankW-1:0]   f_rank;
  always @* begin
    f_ack = {{(CalcW-RnW){1'b0}}, lrn_ack_q};
    for (fn = 0; fn < NumVp; fn = fn + 1) begin
      f_base        = COffset + CVpEnt * fn[CalcW-1:0];
      f_act_ack[fn] = (f_base > f_ack);
    end
    f_rank_cov = {TotWays{1'b0}};
    for (fi = 0; fi < TotWays; fi = fi + 1) begin
      f_rank     = f_row[OffRank + fi * RankW +: RankW];
      f_rank_cov = f_rank_cov | ({{(TotWays-1){1'b0}}, 1'b1} << f_rank);
      f_act_w[fi] = mask_q[fi / VpWays];
    end
    f_base = COffset + CVpEnt * {{(CalcW-VpW){1'b0}}, rsp_vp_o};
    f_rn   = {{(CalcW-RnW){1'b0}}, rsp_rn_o};
    f_off  = f_rn - f_base;
  end

  always @* begin
    // Invariant 2: the ranks of the set are a permutation of 0..TotWays-1
    // (TotWays values covering TotWays ranks are pairwise distinct).
    assert(&f_rank_cov);
    for (fi = 0; fi < TotWays; fi = fi + 1) begin
      // Invariant 3: every entry of an inactive VP is invalid.
      if (!f_act_w[fi]) assert(!f_vrow[fi]);
      // Invariant 1: no two valid entries of the set share a tag.
      for (fj = fi + 1; fj < TotWays; fj = fj + 1) begin
        if (f_vrow[fi] && f_vrow[fj]) begin
          assert(f_row[fi * TagW +: TagW] != f_row[fj * TagW +: TagW]);
        end
      end
    end
    // Invariant 5 (helpers): mode, mask and lrn_ack agree; the engine.
    assert(mode_q != 2'd3);
    if (mode_q == ModeMon) assert(mask_q == AllVp);
    if (mode_q == ModeOff) assert(mask_q == {NumVp{1'b0}});
    if (mode_q == ModeVc)  assert(mask_q == f_act_ack);
    if (MaxLat > 1) assert({1'b0, cnt_q} < MaxLat[CntW:0]);
    assert(req_ready_o == (cnt_q == {CntW{1'b0}}));
    if (cnt_q != {CntW{1'b0}}) begin
      assert(hop_q != OpRsvd);
      assert({1'b0, hset_q} < SetsV);
    end
    // Invariant 4: an RF request's RN is Eq. 2 of an entry of an active VP
    // of the victim cache, and lies above the acknowledged LRN.
    if (rf_rd_o || rf_wr_o) begin
      assert(mode_q == ModeVc);
      assert({1'b0, rsp_vp_o} < NumVp[VpW:0]);
      assert(mask_q[rsp_vp_o]);
      assert(f_rn >= f_base);
      assert(f_off < CVpEnt);
      assert(f_off[WayW-1:0] == ((VpWays > 1) ? rsp_way_o : {WayW{1'b0}}));
      assert(rsp_rn_o > lrn_ack_o);
      assert(!(rf_rd_o && rf_wr_o));
    end else begin
      assert(rsp_rn_o == {RnW{1'b0}});
    end
    // Response shape (doc/vtt.md "Ports"): all zero without a response; a
    // response comes with req_ready_o; an eviction only with a fill.
    if (!rsp_valid_o) begin
      assert({rsp_op_o, rsp_hit_o, rsp_fill_o, rsp_vp_o, rsp_way_o, rsp_vps_o,
              rf_rd_o, rf_wr_o, evict_valid_o, evict_tag_o} == 0);
    end else begin
      assert(req_ready_o);
    end
    assert(!(rsp_hit_o && rsp_fill_o));
    if (evict_valid_o) assert(rsp_fill_o);
    else               assert(evict_tag_o == {TagW{1'b0}});
    if (rsp_hit_o || rsp_fill_o) assert(rsp_vps_o != {VpsW{1'b0}});
  end

  // ---- step properties: the busy engine counts down, one response per op
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if (!$past(req_ready_o)) begin
        // busy: nothing moves but the counter (lrn_i, lm_state_i ignored)
        assert(cnt_q == $past(cnt_q) - {{(CntW-1){1'b0}}, 1'b1});
        assert(mask_q == $past(mask_q) && mode_q == $past(mode_q));
        assert(lrn_ack_q == $past(lrn_ack_q) && vp_drop_o == {NumVp{1'b0}});
      end else begin
        // idle: the LRN is acknowledged; an offer is answered now or held
        assert(lrn_ack_q == $past(lrn_i));
        assert(rsp_valid_o == ($past(req_valid_i) && req_ready_o));
      end
    end
  end

  // ---- covers: every property above is reachable, not vacuous ----------
  // Each is a named f_cover_* signal (formal/formal.sh asks the SAT engine
  // for a trace from reset that raises it) and a cover() statement.
  reg [TotWays-1:0] f_vrow_p;
  reg               f_live_p;
  initial f_live_p = 1'b0;
  always @(posedge clk_i) begin
    f_vrow_p <= f_vrow;
    f_live_p <= rst_ni;
  end
  reg [TotWays-1:0] f_drop_w;
  always @* begin
    for (fi = 0; fi < TotWays; fi = fi + 1) f_drop_w[fi] = vp_drop_o[fi / VpWays];
  end
  wire f_cov_live = f_past_valid & f_live_p & rst_ni;
  // invariant 1: a full set (TotWays distinct tags)
  wire f_cover_full_set     = f_cov_live & (&f_vrow);
  // invariant 2: a full set whose first way is no longer the LRU
  wire f_cover_ranks_moved  = f_cov_live & (&f_vrow)
                              & (f_row[OffRank +: RankW] == RankMru);
  // invariant 3: victim cache with VP 0 inactive next to a live VP 1
  wire f_cover_inactive_vp  = f_cov_live & (mode_q == ModeVc) & !mask_q[0] & (|(f_vrow & f_act_w));
  // invariant 3: a withdrawal that drops live entries of the set
  wire f_cover_withdraw     = f_cov_live & (mode_q == ModeVc) & (|(f_vrow_p & f_drop_w))
                              & ((vp_drop_o & mask_q) == {NumVp{1'b0}});
  // invariant 3 / V9: the mode change drops live entries
  wire f_cover_mode_flush   = f_cov_live & (mode_q == ModeVc) & (|f_vrow_p) & (&vp_drop_o)
                              & (|(vp_drop_o & mask_q));
  // invariant 4: a read exactly one above the acknowledged LRN
  wire f_cover_rn_tight     = f_cov_live & rf_rd_o & (rsp_rn_o == lrn_ack_o + {{(RnW-1){1'b0}}, 1'b1});
  // invariant 4: a fill that evicts, with its RF write
  wire f_cover_wr_evict     = f_cov_live & rf_wr_o & evict_valid_o;
  // the busy engine: a hit in the second VP (L = 2 VpLat)
  wire f_cover_busy_hit     = f_cov_live & rsp_hit_o & (rsp_vps_o == 2);
  always @* begin
    cover(f_cover_full_set);
    cover(f_cover_ranks_moved);
    cover(f_cover_inactive_vp);
    cover(f_cover_withdraw);
    cover(f_cover_mode_flush);
    cover(f_cover_rn_tight);
    cover(f_cover_wr_evict);
    cover(f_cover_busy_hit);
  end
`endif

endmodule

`default_nettype wire
