// vtt_alt.v - the Linebacker Victim Tag Table written a second time, with
// its own state encoding: a test design for make equiv (issue 22).
//
// Purpose
//   Same ports, parameters and cycle behaviour as rtl/vtt/vtt.v (the spec is
//   doc/vtt.md, including every illegal-input behaviour it defines), with
//   state the reference does not have, so that an equivalence engine must
//   relate two encodings instead of matching registers:
//   - tags in a memory indexed by the Eq. 2 entry number e = RN - Offset =
//     N*VpEnt + X*VpWays + Y, never reset; a per-set init bit tells whether
//     the set has been written since reset, and a set that has not reads
//     as the reset state (tags 0, way g at recency position g);
//   - recency as a per-set stack of global way numbers (position -> way,
//     position 0 = LRU), the inverse of the reference's rank per way, in a
//     memory that is never reset either;
//   - valid bits flat in entry-number order;
//   - the mode as two flags (decided, off) and no mask register: the mask
//     in force is a function of the mode and the acknowledged LRN;
//   - a busy flag and a remaining-cycles counter (busy cycles left after
//     the current one) instead of a busy counter;
//   - the response RN recomputed from the registered VP, set and way.
//
// Parameters (doc/vtt.md "Parameters"; anything else stops elaboration)
//   Sets 1..1024, VpWays 1,2,4,..,32, NumVp 1..32 with NumVp*VpWays 2..32,
//   TagW 1..48, RnW 1..16, Offset 1..65535 with Offset + NumVp*Sets*VpWays
//   <= 2^RnW, VpLat 1..16.

`default_nettype none

module vtt_alt #(
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

  localparam integer SetW    = (Sets > 1) ? $clog2(Sets) : 1;
  localparam integer VpW     = (NumVp > 1) ? $clog2(NumVp) : 1;
  localparam integer WayW    = (VpWays > 1) ? $clog2(VpWays) : 1;
  localparam integer TotWays = NumVp * VpWays;
  localparam integer RankW   = (TotWays > 1) ? $clog2(TotWays) : 1;
  localparam integer VpEnt   = Sets * VpWays;
  localparam integer NEnt    = NumVp * VpEnt;
  localparam integer VpsW    = $clog2(NumVp + 1);
  localparam integer MaxLat  = VpLat * NumVp;
  localparam integer LatW    = $clog2(MaxLat + 1);              // 1..MaxLat
  localparam integer RemW    = (MaxLat > 2) ? $clog2(MaxLat - 1) : 1;  // 0..MaxLat-2
  localparam integer AW      = 18;                              // RN sums (< 2^17)

  localparam [1:0]       OpLookup = 2'd0;
  localparam [1:0]       OpProbe  = 2'd1;
  localparam [1:0]       OpInsert = 2'd2;
  localparam [1:0]       OpRsvd   = 2'd3;
  localparam [NumVp-1:0] AllVp    = {NumVp{1'b1}};

  // The identity stack (position p holds way p): the reset recency order.
  function [TotWays*RankW-1:0] stk_id_f;
    input integer n_ways;
    integer p;
    begin
      stk_id_f = {TotWays*RankW{1'b0}};
      for (p = 0; p < n_ways; p = p + 1) stk_id_f[p * RankW +: RankW] = p[RankW-1:0];
    end
  endfunction
  localparam [TotWays*RankW-1:0] StkId = stk_id_f(TotWays);

  // Entry number (Eq. 2 without the Offset) of global way g of set x.
  function integer ent_f;
    input integer g;
    input integer x;
    begin
      ent_f = (g / VpWays) * VpEnt + x * VpWays + (g % VpWays);
    end
  endfunction

  // VP n is free register space iff Base(n) = Offset + n*VpEnt > lrn.
  function [NumVp-1:0] free_f;
    input [RnW-1:0] lrn;
    integer n;
    begin
      for (n = 0; n < NumVp; n = n + 1) begin
        free_f[n] = (Offset + n * VpEnt) > {{(32-RnW){1'b0}}, lrn};
      end
    end
  endfunction

  generate
    if (Sets < 1 || Sets > 1024) begin : g_err_sets
      vtt_alt_param_error_Sets_must_be_1_to_1024 u_err ();
    end
    if (!(VpWays == 1 || VpWays == 2 || VpWays == 4 || VpWays == 8 || VpWays == 16
          || VpWays == 32)) begin : g_err_vpways
      vtt_alt_param_error_VpWays_must_be_power_of_two_1_to_32 u_err ();
    end
    if (NumVp < 1 || NumVp > 32) begin : g_err_numvp
      vtt_alt_param_error_NumVp_must_be_1_to_32 u_err ();
    end
    if (TotWays < 2 || TotWays > 32) begin : g_err_totways
      vtt_alt_param_error_NumVp_x_VpWays_must_be_2_to_32 u_err ();
    end
    if (TagW < 1 || TagW > 48) begin : g_err_tagw
      vtt_alt_param_error_TagW_must_be_1_to_48 u_err ();
    end
    if (RnW < 1 || RnW > 16) begin : g_err_rnw
      vtt_alt_param_error_RnW_must_be_1_to_16 u_err ();
    end
    if (Offset < 1 || Offset + NEnt > (1 << RnW)) begin : g_err_offset
      vtt_alt_param_error_Offset_plus_entries_exceeds_2_pow_RnW u_err ();
    end
    if (VpLat < 1 || VpLat > 16) begin : g_err_vplat
      vtt_alt_param_error_VpLat_must_be_1_to_16 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  reg [TagW-1:0]          tag_mem [0:NEnt-1];   // by entry number, no reset
  reg [TotWays*RankW-1:0] stk_mem [0:Sets-1];   // per set, no reset
  reg [Sets-1:0]          init_q;               // set written since reset
  reg [NEnt-1:0]          vld_q,  vld_d;        // by entry number
  reg                     dec_q,  dec_d;        // mode decided (left monitoring)
  reg                     off_q,  off_d;        // decided for off
  reg [RnW-1:0]           ack_q,  ack_d;        // lrn_ack_o
  wire                    busy_q;               // an operation is in flight
  wire [RemW-1:0]         rem_q;                // busy cycles after this one
  wire [1:0]              hop_q;                // the held operation
  wire [SetW-1:0]         hset_q;
  wire [TagW-1:0]         htag_q;
  reg                     busy_d;
  reg  [RemW-1:0]         rem_d;
  reg  [1:0]              hop_d;
  reg  [SetW-1:0]         hset_d;
  reg  [TagW-1:0]         htag_d;
  // response registers
  reg                     o_valid_q, o_valid_d;
  reg  [1:0]              o_op_q,    o_op_d;
  reg                     o_hit_q,   o_hit_d;
  reg                     o_fill_q,  o_fill_d;
  reg  [VpW-1:0]          o_vp_q,    o_vp_d;
  reg  [WayW-1:0]         o_way_q,   o_way_d;
  reg  [SetW-1:0]         o_set_q,   o_set_d;    // the set, for the RN
  reg                     o_rd_q,    o_rd_d;
  reg                     o_wr_q,    o_wr_d;
  reg  [VpsW-1:0]         o_vps_q,   o_vps_d;
  reg                     o_ev_q,    o_ev_d;
  reg  [TagW-1:0]         o_evtag_q, o_evtag_d;
  reg  [NumVp-1:0]        o_drop_q,  o_drop_d;
  reg                     o_dv_q,    o_dv_d;
  reg  [TagW-1:0]         o_dtag_q,  o_dtag_d;
  reg  [RankW-1:0]        o_drank_q, o_drank_d;

  // ---------------------------------------------------------------------
  // Next state
  // ---------------------------------------------------------------------
  integer            g, p, n, xi, di, dg, pt, remi, tvp, twy, wg;
  reg                idle, flush, dec_n, off_n, vc_n, go, set_ok, useful, walk;
  reg                hit, inv_any, fill, evict, probe_hit, upd, take, commit;
  reg                init_x, init_dbg;
  reg  [1:0]         op;
  reg  [SetW-1:0]    set;
  reg  [TagW-1:0]    tag;
  reg  [NumVp-1:0]   mask_q, mask_n, drop;
  reg  [NEnt-1:0]    keep;
  reg  [TotWays-1:0] vrow, arow, hv;
  reg  [TagW*TotWays-1:0] trow;
  reg  [TotWays*RankW-1:0] stk, stk_n, dstk;
  reg  [RankW-1:0]   hit_g, inv_g, lru_g, tgt_g, way_p;
  reg  [VpsW-1:0]    k, j, vps;
  reg  [LatW-1:0]    lat;
  reg  [TagW-1:0]    lru_tag;
  reg  [TotWays-1:0] tag_we;          // per way of the set: write its tag
  reg                stk_we;
  reg  [SetW-1:0]    wset;            // the written set
  reg                dbg_ok;

  always @* begin
    mask_q = dec_q ? (off_q ? {NumVp{1'b0}} : free_f(ack_q)) : AllVp;
    idle   = ~busy_q;

    // doc "When the mask changes": idle edges only; the mode is final
    dec_n = dec_q;
    off_n = off_q;
    flush = 1'b0;
    if (idle && !dec_q && (lm_state_i != 2'd0)) begin
      dec_n = 1'b1;
      off_n = (lm_state_i != 2'd1);     // 2 and 3 mean off
      flush = 1'b1;
    end
    vc_n = dec_n & ~off_n;
    if (!idle)      mask_n = mask_q;
    else if (!dec_n) mask_n = AllVp;
    else if (off_n)  mask_n = {NumVp{1'b0}};
    else             mask_n = free_f(lrn_i);
    drop = flush ? AllVp : (mask_q & ~mask_n);
    for (n = 0; n < NumVp; n = n + 1) keep[n * VpEnt +: VpEnt] = {Sets{{VpWays{~drop[n]}}}};

    // the operation: the offer when idle, the held one at its last cycle
    go     = idle ? req_valid_i : (rem_q == {RemW{1'b0}});
    op     = idle ? req_op_i : hop_q;
    set    = idle ? req_set_i : hset_q;
    tag    = idle ? req_tag_i : htag_q;
    useful = idle ? req_useful_i : 1'b1;
    set_ok = ({1'b0, set} < Sets[SetW:0]);
    xi     = set_ok ? {{(32-SetW){1'b0}}, set} : 0;
    wset   = xi[SetW-1:0];
    init_x = init_q[xi];

    // the set's entries as they are after this edge's withdrawals
    stk = init_x ? stk_mem[xi] : StkId;
    for (g = 0; g < TotWays; g = g + 1) begin
      vrow[g] = vld_q[ent_f(g, xi)] & keep[ent_f(g, xi)];
      arow[g] = mask_n[g / VpWays];
      trow[g * TagW +: TagW] = init_x ? tag_mem[ent_f(g, xi)] : {TagW{1'b0}};
    end
    k = {VpsW{1'b0}};
    for (n = 0; n < NumVp; n = n + 1) k = k + {{(VpsW-1){1'b0}}, mask_n[n]};
    walk = set_ok && (op != OpRsvd) && (k != {VpsW{1'b0}})
           && !((op == OpInsert) && vc_n && !useful);

    // hit (lowest way), lowest active invalid way, LRU active way by stack
    hv      = vrow & arow;
    hit     = 1'b0;
    inv_any = 1'b0;
    hit_g   = {RankW{1'b0}};
    inv_g   = {RankW{1'b0}};
    lru_g   = {RankW{1'b0}};
    for (g = TotWays - 1; g >= 0; g = g - 1) begin
      hv[g] = hv[g] & (trow[g * TagW +: TagW] == tag);
      if (hv[g]) begin
        hit   = 1'b1;
        hit_g = g[RankW-1:0];
      end
      if (arow[g] && !vrow[g]) begin
        inv_any = 1'b1;
        inv_g   = g[RankW-1:0];
      end
    end
    for (p = TotWays - 1; p >= 0; p = p - 1) begin
      way_p = stk[p * RankW +: RankW];
      if (arow[way_p]) lru_g = way_p;
    end
    lru_tag = {TagW{1'b0}};
    for (g = 0; g < TotWays; g = g + 1) begin
      if (lru_g == g[RankW-1:0]) lru_tag = trow[g * TagW +: TagW];
    end
    // the hit VP's place among the active ones
    j = {VpsW{1'b0}};
    for (n = 0; n < NumVp; n = n + 1) begin
      if (n <= {{(32-RankW){1'b0}}, hit_g} / VpWays) j = j + {{(VpsW-1){1'b0}}, mask_n[n]};
    end
    tgt_g     = hit ? hit_g : (inv_any ? inv_g : lru_g);
    fill      = walk && (op == OpInsert) && !hit;
    evict     = fill && !inv_any;
    probe_hit = hit && (op == OpProbe);
    upd       = walk && (hit || fill);
    vps       = !walk ? {VpsW{1'b0}} : (((op != OpInsert) && hit) ? j : k);
    lat       = walk ? (VpLat[LatW-1:0] * {{(LatW-VpsW){1'b0}}, vps}) : {{(LatW-1){1'b0}}, 1'b1};

    // the engine: take an operation of two or more cycles, count it down
    take   = idle && go && (lat != {{(LatW-1){1'b0}}, 1'b1});
    commit = go && !take;
    remi   = {{(32-LatW){1'b0}}, lat} - 2;
    busy_d = busy_q;
    rem_d  = rem_q;
    hop_d  = hop_q;
    hset_d = hset_q;
    htag_d = htag_q;
    if (take) begin
      busy_d = 1'b1;
      rem_d  = remi[RemW-1:0];
      hop_d  = op;
      hset_d = wset;
      htag_d = tag;
    end else if (busy_q) begin
      if (rem_q == {RemW{1'b0}}) busy_d = 1'b0;
      else                       rem_d  = rem_q - {{(RemW-1){1'b0}}, 1'b1};
    end

    // the new recency stack: the target leaves its place, the ways above
    // it move down one, it goes on top (MRU); a probe hit keeps the order
    pt = 0;
    for (p = 0; p < TotWays; p = p + 1) begin
      if (stk[p * RankW +: RankW] == tgt_g) pt = p;
    end
    stk_n = stk;
    if (!probe_hit) begin
      for (p = 0; p < TotWays - 1; p = p + 1) begin
        if (p >= pt) stk_n[p * RankW +: RankW] = stk[(p + 1) * RankW +: RankW];
      end
      stk_n[(TotWays - 1) * RankW +: RankW] = tgt_g;
    end
    stk_we = commit && upd;
    // tags: the target's on a fill; every way of a set written the first time
    for (g = 0; g < TotWays; g = g + 1) begin
      tag_we[g] = stk_we && (!init_x || ((tgt_g == g[RankW-1:0]) && fill));
    end
    vld_d = vld_q & keep;
    if (stk_we) vld_d[ent_f({{(32-RankW){1'b0}}, tgt_g}, xi)] = !probe_hit;

    dec_d = dec_n;
    off_d = off_n;
    ack_d = idle ? lrn_i : ack_q;

    // responses
    o_valid_d = commit;
    o_op_d    = commit ? op : 2'd0;
    o_vps_d   = commit ? vps : {VpsW{1'b0}};
    o_hit_d   = commit && walk && hit;
    o_fill_d  = commit && fill;
    tvp       = {{(32-RankW){1'b0}}, tgt_g} / VpWays;
    twy       = {{(32-RankW){1'b0}}, tgt_g} % VpWays;
    o_vp_d    = (commit && upd) ? tvp[VpW-1:0] : {VpW{1'b0}};
    o_way_d   = (commit && upd) ? twy[WayW-1:0] : {WayW{1'b0}};
    o_rd_d    = commit && walk && hit && (op == OpLookup) && vc_n;
    o_wr_d    = commit && fill && vc_n;
    o_set_d   = (o_rd_d || o_wr_d) ? wset : {SetW{1'b0}};
    o_ev_d    = commit && evict;
    o_evtag_d = (commit && evict) ? lru_tag : {TagW{1'b0}};
    o_drop_d  = drop;

    // debug read: the entry at the start of the cycle
    dbg_ok   = ({1'b0, dbg_vp_i} < NumVp[VpW:0]) && ({1'b0, dbg_set_i} < Sets[SetW:0])
               && ({1'b0, dbg_way_i} < VpWays[WayW:0]);
    di       = dbg_ok ? {{(32-SetW){1'b0}}, dbg_set_i} : 0;
    dg       = dbg_ok ? ({{(32-VpW){1'b0}}, dbg_vp_i} * VpWays + {{(32-WayW){1'b0}}, dbg_way_i}) : 0;
    init_dbg = init_q[di];
    dstk     = init_dbg ? stk_mem[di] : StkId;
    o_dv_d    = dbg_ok && vld_q[ent_f(dg, di)];
    o_dtag_d  = (dbg_ok && init_dbg) ? tag_mem[ent_f(dg, di)] : {TagW{1'b0}};
    o_drank_d = {RankW{1'b0}};
    for (p = 0; p < TotWays; p = p + 1) begin
      if (dbg_ok && (dstk[p * RankW +: RankW] == dg[RankW-1:0])) o_drank_d = p[RankW-1:0];
    end
  end

  // ---------------------------------------------------------------------
  // Registers
  // ---------------------------------------------------------------------
  always @(posedge clk_i) begin
    if (stk_we) stk_mem[wset] <= stk_n;
    for (wg = 0; wg < TotWays; wg = wg + 1) begin
      if (tag_we[wg]) tag_mem[ent_f(wg, xi)] <= (fill && (tgt_g == wg[RankW-1:0])) ? tag : {TagW{1'b0}};
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      init_q <= {Sets{1'b0}};
      vld_q  <= {Sets{{TotWays{1'b0}}}};
      dec_q  <= 1'b0;
      off_q  <= 1'b0;
      ack_q  <= {RnW{1'b0}};
    end else begin
      if (stk_we) init_q[wset] <= 1'b1;
      vld_q  <= vld_d;
      dec_q  <= dec_d;
      off_q  <= off_d;
      ack_q  <= ack_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      o_valid_q <= 1'b0;
      o_op_q    <= 2'd0;
      o_hit_q   <= 1'b0;
      o_fill_q  <= 1'b0;
      o_vp_q    <= {VpW{1'b0}};
      o_way_q   <= {WayW{1'b0}};
      o_set_q   <= {SetW{1'b0}};
      o_rd_q    <= 1'b0;
      o_wr_q    <= 1'b0;
      o_vps_q   <= {VpsW{1'b0}};
      o_ev_q    <= 1'b0;
      o_evtag_q <= {TagW{1'b0}};
      o_drop_q  <= {NumVp{1'b0}};
      o_dv_q    <= 1'b0;
      o_dtag_q  <= {TagW{1'b0}};
      o_drank_q <= {RankW{1'b0}};
    end else begin
      o_valid_q <= o_valid_d;
      o_op_q    <= o_op_d;
      o_hit_q   <= o_hit_d;
      o_fill_q  <= o_fill_d;
      o_vp_q    <= o_vp_d;
      o_way_q   <= o_way_d;
      o_set_q   <= o_set_d;
      o_rd_q    <= o_rd_d;
      o_wr_q    <= o_wr_d;
      o_vps_q   <= o_vps_d;
      o_ev_q    <= o_ev_d;
      o_evtag_q <= o_evtag_d;
      o_drop_q  <= o_drop_d;
      o_dv_q    <= o_dv_d;
      o_dtag_q  <= o_dtag_d;
      o_drank_q <= o_drank_d;
    end
  end

  // the engine exists only when an operation can take two cycles or more
  generate
    if (MaxLat > 1) begin : g_engine
      reg            busy_r;
      reg [RemW-1:0] rem_r;
      reg [1:0]      hop_r;
      reg [SetW-1:0] hset_r;
      reg [TagW-1:0] htag_r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          busy_r <= 1'b0;
          rem_r  <= {RemW{1'b0}};
          hop_r  <= 2'd0;
          hset_r <= {SetW{1'b0}};
          htag_r <= {TagW{1'b0}};
        end else begin
          busy_r <= busy_d;
          rem_r  <= rem_d;
          hop_r  <= hop_d;
          hset_r <= hset_d;
          htag_r <= htag_d;
        end
      end
      assign busy_q = busy_r;
      assign rem_q  = rem_r;
      assign hop_q  = hop_r;
      assign hset_q = hset_r;
      assign htag_q = htag_r;
    end else begin : g_single
      assign busy_q = 1'b0;
      assign rem_q  = {RemW{1'b0}};
      assign hop_q  = 2'd0;
      assign hset_q = {SetW{1'b0}};
      assign htag_q = {TagW{1'b0}};
      wire unused_engine = ^{busy_d, rem_d, hop_d, hset_d, htag_d};
    end
  endgenerate

  // the RN of an RF request, Eq. 2, from the registered VP, set and way
  wire [AW-1:0] rn_w = Offset[AW-1:0] + {{(AW-VpW){1'b0}}, o_vp_q} * VpEnt[AW-1:0]
                       + {{(AW-SetW){1'b0}}, o_set_q} * VpWays[AW-1:0]
                       + {{(AW-WayW){1'b0}}, o_way_q};

  assign req_ready_o   = ~busy_q;
  assign rsp_valid_o   = o_valid_q;
  assign rsp_op_o      = o_op_q;
  assign rsp_hit_o     = o_hit_q;
  assign rsp_fill_o    = o_fill_q;
  assign rsp_vp_o      = o_vp_q;
  assign rsp_way_o     = o_way_q;
  assign rsp_rn_o      = (o_rd_q || o_wr_q) ? rn_w[RnW-1:0] : {RnW{1'b0}};
  assign rsp_vps_o     = o_vps_q;
  assign rf_rd_o       = o_rd_q;
  assign rf_wr_o       = o_wr_q;
  assign evict_valid_o = o_ev_q;
  assign evict_tag_o   = o_evtag_q;
  assign vp_act_o      = mask_q;
  assign vp_drop_o     = o_drop_q;
  assign lrn_ack_o     = ack_q;
  assign mode_o        = {dec_q & off_q, dec_q & ~off_q};
  assign dbg_valid_o   = o_dv_q;
  assign dbg_tag_o     = o_dtag_q;
  assign dbg_rank_o    = o_drank_q;

  // Bits computed but intentionally unused: the top of the RN sum (it fits
  // RnW bits by the parameter rules) and of the integer latency, VP and way
  // numbers (below MaxLat, NumVp and VpWays).
  wire unused_calc = ^{rn_w, remi, tvp, twy};

endmodule

`default_nettype wire
