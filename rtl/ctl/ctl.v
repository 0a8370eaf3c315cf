// ctl.v - Linebacker CTA Throttling Logic (CTL): IPC monitor, CTA manager
// and the move engine with its backup/restore buffer.
//
// The CTL of one SM (Oh et al., "Linebacker: Preserving Victim Cache Lines
// in Idle Register Files of GPUs", ISCA 2019, sections 3.2, 4, 4.1, 4.2):
// the IPC monitor applies Eq. 1 by cross-multiplication at each window end;
// the CTA manager keeps Common Info and Per-CTA Info, throttles the largest
// schedulable CTA and restores the most recent backup (LIFO); the move
// engine copies one CTA's registers RF -> buffer -> memory or back under
// ready/valid handshakes (addresses and RNs only, no data). Every output is
// a flop.
//
// Storage (doc/ctl.md "Storage", issue 32): BA, the LIFO stack (the CTA at
// each stack position) and the buffer's address fields are kit_mem memories
// (rtl/mem/kit_mem.v, SRAM ports: one write and one combinational read per
// cycle each); the per-CTA bits, FRN (LRN's maximum reads every slot) and
// the BA-written flags are flops.
//
// Specification: doc/ctl.md, sections "Ports", "State and reset", "One
// cycle" (IPC monitor and Eq. 1, phase, decisions, throttle, backup,
// restore, completions and launches, LRN), "Handshakes" (with the timing
// example), "Inputs outside the protocol", "Storage (4.2)"; the formal
// properties below (ifdef FORMAL) are its "Invariants". Derived widths:
// doc/ctl.md "Parameters".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   MaxCta  1 .. 32 (32)          CTA slots
//   RnW     4 .. 16 (11)          register-number width
//   InstW   8 .. 32 (32)          IPC monitor counter width
//   RetW    1 .. 8 (3)            ret_cnt_i width
//   UpRatio 0 .. 255 (110)        Eq. 1 throttle ratio, percent
//   LoRatio 0 .. UpRatio (90)     Eq. 1 restore ratio, percent
//   BufEnt  1 .. 16 (6)           buffer entries
//   MinAct  1 .. MaxCta (1)       fewest schedulable CTAs a throttle may leave

// Files: this module instantiates kit_mem (rtl/mem/kit_mem.v), so it is
// linted, built and synthesized with that file (`build/kit rtl ctl` lists
// both); alone: verilator --lint-only -Wall -y rtl/mem rtl/ctl/ctl.v

`default_nettype none

module ctl #(
  parameter integer MaxCta  = 32,
  parameter integer RnW     = 11,
  parameter integer InstW   = 32,
  parameter integer RetW    = 3,
  parameter integer UpRatio = 110,
  parameter integer LoRatio = 90,
  parameter integer BufEnt  = 6,
  parameter integer MinAct  = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                cfg_ld_i,
  input  wire [RnW:0]        cfg_nreg_i,
  input  wire [31:0]         cfg_bp_i,
  input  wire [1:0]          lm_state_i,
  input  wire                win_end_i,
  input  wire [RetW-1:0]     ret_cnt_i,
  input  wire                launch_valid_i,
  input  wire [CtaW-1:0]     launch_id_i,
  input  wire [RnW-1:0]      launch_frn_i,
  input  wire                done_valid_i,
  input  wire [CtaW-1:0]     done_id_i,
  input  wire                drained_i,
  input  wire [RnW-1:0]      lrn_ack_i,
  input  wire                rf_rd_ready_i,
  input  wire                rf_wr_ready_i,
  input  wire                mem_ready_i,
  input  wire                mem_rvalid_i,
  input  wire [CtaW-1:0]     dbg_cta_i,
  output wire [1:0]          phase_o,
  output wire [MaxCta-1:0]   sched_mask_o,
  output wire [RnW-1:0]      lrn_o,
  output wire [31:0]         bp_o,
  output wire [NumW-1:0]     nact_o,
  output wire [NumW-1:0]     ninact_o,
  output wire [NumW-1:0]     pend_o,
  output wire [1:0]          mv_state_o,
  output wire [CtaW-1:0]     mv_cta_o,
  output wire                rf_rd_valid_o,
  output wire [RnW-1:0]      rf_rd_rn_o,
  output wire                rf_wr_valid_o,
  output wire [RnW-1:0]      rf_wr_rn_o,
  output wire                mem_valid_o,
  output wire                mem_we_o,
  output wire [31:0]         mem_addr_o,
  output wire [BufW-1:0]     buf_cnt_o,
  output wire [BufW-1:0]     buf_fill_o,
  output wire                launch_new_o,
  output wire [2:0]          dec_o,
  output wire [InstW-1:0]    icur_o,
  output wire [InstW-1:0]    iprev_o,
  output wire                dbg_v_o,
  output wire                dbg_act_o,
  output wire                dbg_c_o,
  output wire [RnW-1:0]      dbg_frn_o,
  output wire [31:0]         dbg_ba_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/ctl.md "Derived values")
  // ---------------------------------------------------------------------
  localparam integer CtaW  = (MaxCta > 1) ? $clog2(MaxCta) : 1;
  localparam integer NumW  = $clog2(MaxCta + 1);
  localparam integer BufW  = $clog2(BufEnt + 1);
  localparam integer HeadW = (BufEnt > 1) ? $clog2(BufEnt) : 1;
  localparam integer NregW = RnW + 1;
  localparam integer CmpW  = InstW + 8;
  localparam integer TW    = ((HeadW > BufW) ? HeadW : BufW) + 1;   // buffer index arithmetic

  localparam [1:0]       PhWait = 2'd0, PhThr = 2'd1, PhOff = 2'd2;
  localparam [1:0]       MvIdle = 2'd0, MvDrain = 2'd1, MvBackup = 2'd2, MvRestore = 2'd3;
  localparam [2:0]       DecNone = 3'd0, DecHold = 3'd1, DecThr = 3'd2, DecRes = 3'd3,
                         DecSkip = 3'd4, DecThrBlk = 3'd5, DecResBlk = 3'd6, DecPro = 3'd7;
  localparam [InstW-1:0] InstMax  = {InstW{1'b1}};
  localparam [CmpW-1:0]  C100     = 100;
  localparam [CmpW-1:0]  CUp      = {{(CmpW-8){1'b0}}, UpRatio[7:0]};
  localparam [CmpW-1:0]  CLo      = {{(CmpW-8){1'b0}}, LoRatio[7:0]};
  localparam [NumW-1:0]  MinActV  = MinAct[NumW-1:0];
  localparam [BufW-1:0]  BufEntV  = BufEnt[BufW-1:0];
  localparam [BufW-1:0]  BufOne   = 1;
  localparam [NumW-1:0]  NumOne   = 1;
  localparam [NregW-1:0] NregOne  = 1;
  localparam [RnW-1:0]   RnMax    = {RnW{1'b1}};
  localparam [RnW-1:0]   RnOne    = 1;
  localparam [TW-1:0]    TOne     = 1;
  localparam [TW-1:0]    TBuf     = BufEnt[TW-1:0];
  localparam [MaxCta-1:0] SlotOne = 1;   // slot c's bit: SlotOne << c (0 for c >= MaxCta)

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (MaxCta < 1 || MaxCta > 32) begin : g_err_maxcta
      ctl_param_error_MaxCta_must_be_1_to_32 u_err ();
    end
    if (RnW < 4 || RnW > 16) begin : g_err_rnw
      ctl_param_error_RnW_must_be_4_to_16 u_err ();
    end
    if (InstW < 8 || InstW > 32) begin : g_err_instw
      ctl_param_error_InstW_must_be_8_to_32 u_err ();
    end
    if (RetW < 1 || RetW > 8) begin : g_err_retw
      ctl_param_error_RetW_must_be_1_to_8 u_err ();
    end
    if (UpRatio < 0 || UpRatio > 255) begin : g_err_up
      ctl_param_error_UpRatio_must_be_0_to_255 u_err ();
    end
    if (LoRatio < 0 || LoRatio > UpRatio) begin : g_err_lo
      ctl_param_error_LoRatio_must_be_0_to_UpRatio u_err ();
    end
    if (BufEnt < 1 || BufEnt > 16) begin : g_err_bufent
      ctl_param_error_BufEnt_must_be_1_to_16 u_err ();
    end
    if (MinAct < 1 || MinAct > MaxCta) begin : g_err_minact
      ctl_param_error_MinAct_must_be_1_to_MaxCta u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State
  // ---------------------------------------------------------------------
  // IPC monitor, Common Info
  reg [InstW-1:0]       cnt_q, cnt_d, icur_q, icur_d, iprev_q, iprev_d;
  reg [RnW-1:0]         nrm1_q, nrm1_d, lrn_q, lrn_d;
  reg [31:0]            bp_q, bp_d;
  // Per-CTA Info (slot e at e*W +: W) and the resident bit; BA is a
  // memory (below), baok_q[e] says BA[e] was written since reset
  reg [MaxCta-1:0]      v_q, v_d, act_q, act_d, c_q, c_d, baok_q, baok_d;
  reg [MaxCta*RnW-1:0]  frn_q, frn_d;
  // control and move engine
  reg [1:0]             phase_q, phase_d;
  reg                   pro_q, pro_d;
  reg [1:0]             mv_q, mv_d;
  reg [CtaW-1:0]        mvcta_q, mvcta_d;
  reg [NregW-1:0]       k_q, k_d;
  reg                   vttok_q, vttok_d;
  reg [NumW-1:0]        pend_q, pend_d;
  // buffer: address fields in a memory (below; the data field is
  // abstracted), FIFO control
  wire [HeadW-1:0]      head_q;
  reg [HeadW-1:0]       head_d;
  reg [BufW-1:0]        bcnt_q, bcnt_d, bfill_q, bfill_d;
  // output registers
  reg [MaxCta-1:0]      sched_q, sched_d;
  wire [NumW-1:0]       nact_q;
  reg [NumW-1:0]        nact_d, ninact_q, ninact_d;
  reg                   rdv_q, rdv_d, wrv_q, wrv_d, memv_q, memv_d, memwe_q, memwe_d;
  reg [RnW-1:0]         rdrn_q, rdrn_d, wrrn_q, wrrn_d;
  reg [31:0]            memaddr_q, memaddr_d;
  reg                   lnew_q, lnew_d;
  reg [2:0]             dec_q, dec_d;
  reg                   dbgv_q, dbgv_d, dbgact_q, dbgact_d, dbgc_q, dbgc_d;
  reg [RnW-1:0]         dbgfrn_q, dbgfrn_d;
  reg [31:0]            dbgba_q, dbgba_d;

  // ---------------------------------------------------------------------
  // Memories (doc/ctl.md "Storage": which rows are SRAM). Every read
  // address comes from flops and inputs only, computed outside the
  // next-state block, so no combinational path runs through a memory.
  // ---------------------------------------------------------------------
  // nstk = n, the CTAs on the LIFO stack (backed up or being restored)
  reg [NumW-1:0]   nstk;
  integer          ns;
  always @* begin
    nstk = {NumW{1'b0}};
    for (ns = 0; ns < MaxCta; ns = ns + 1)
      if (v_q[ns] && c_q[ns]) nstk = nstk + NumOne;
  end
  // buffer pointers: the oldest entry after this cycle's removal (read
  // address) and the entry an append writes
  reg              pop;
  reg [TW-1:0]     tail, head_inc, tmp_t;
  reg [HeadW-1:0]  head_n;
  always @* begin
    case (mv_q)
      MvBackup:  pop = memv_q & mem_ready_i;
      MvRestore: pop = wrv_q & rf_wr_ready_i;
      default:   pop = 1'b0;
    endcase
    tail  = {TW{1'b0}};
    tmp_t = {TW{1'b0}};
    tail[HeadW-1:0]  = head_q;
    tmp_t[BufW-1:0]  = bcnt_q;
    head_inc = tail + TOne;
    if (head_inc >= TBuf) head_inc = {TW{1'b0}};
    tail = tail + tmp_t;
    if (tail >= TBuf) tail = tail - TBuf;
    head_n = pop ? head_inc[HeadW-1:0] : head_q;
  end

  // Formal builds read every row through extra ports (the properties look
  // at the whole table); the design itself uses one read port per memory.
`ifdef FORMAL
  localparam integer FRows = 1;
  reg [MaxCta*CtaW-1:0]   all_cta;
  reg [BufEnt*HeadW-1:0]  all_ent;
  integer                 fr;
  always @* begin
    for (fr = 0; fr < MaxCta; fr = fr + 1) all_cta[fr * CtaW +: CtaW] = fr[CtaW-1:0];
    for (fr = 0; fr < BufEnt; fr = fr + 1) all_ent[fr * HeadW +: HeadW] = fr[HeadW-1:0];
  end
`else
  localparam integer FRows = 0;
`endif
  localparam integer CtaRd = 1 + FRows * MaxCta;
  localparam integer BufRd = 1 + FRows * BufEnt;

  // BA: one write (a backup completes: BA[mv_cta] <= BP), one read (the
  // debug port's slot). The restore address is BP - S + 128 k, equal to
  // BA[mv_cta] + 128 k (doc "Storage": restore address from BP; the formal proof checks it).
  reg                    ba_we;
  wire [CtaRd*32-1:0]    ba_rd;
  wire [CtaRd*CtaW-1:0]  ba_raddr;
  // LIFO stack: one write (a backup completes: position n <= mv_cta), one
  // read (position n - 1, the restore target)
  wire [CtaRd*CtaW-1:0]  stk_rd, stk_raddr;
  // (n < MaxCta: a throttle leaves MinAct >= 1 CTAs schedulable, so n and
  // n - 1 fit CtaW bits; kit_mem's formal contract checks the write)
  wire [CtaW-1:0]        stk_top = nstk[CtaW-1:0] - {{(CtaW-1){1'b0}}, 1'b1};
  wire                   unused_nstk = nstk[NumW-1];
  // buffer address fields: one write (the append at the tail), one read
  // (the oldest entry after this cycle's removal)
  reg                    buf_we;
  reg [31:0]             buf_wdata;
  wire [BufRd*32-1:0]    buf_rd;
  wire [BufRd*HeadW-1:0] buf_raddr;
`ifdef FORMAL
  assign ba_raddr  = {all_cta, dbg_cta_i};
  assign stk_raddr = {all_cta, stk_top};
  assign buf_raddr = {all_ent, head_n};
`else
  assign ba_raddr  = dbg_cta_i;
  assign stk_raddr = stk_top;
  assign buf_raddr = head_n;
`endif

  kit_mem #(
    .Depth (MaxCta), .Width (32), .NumRd (CtaRd), .NumWr (1), .RegRd (0)
  ) u_ba (
    .clk_i (clk_i), .we_i (ba_we), .waddr_i (mvcta_q), .wdata_i (bp_q),
    .raddr_i (ba_raddr), .rdata_o (ba_rd)
  );
  kit_mem #(
    .Depth (MaxCta), .Width (CtaW), .NumRd (CtaRd), .NumWr (1), .RegRd (0)
  ) u_stk (
    .clk_i (clk_i), .we_i (ba_we), .waddr_i (nstk[CtaW-1:0]), .wdata_i (mvcta_q),
    .raddr_i (stk_raddr), .rdata_o (stk_rd)
  );
  kit_mem #(
    .Depth (BufEnt), .Width (32), .NumRd (BufRd), .NumWr (1), .RegRd (0)
  ) u_buf (
    .clk_i (clk_i), .we_i (buf_we), .waddr_i (tail[HeadW-1:0]), .wdata_i (buf_wdata),
    .raddr_i (buf_raddr), .rdata_o (buf_rd)
  );

  // ---------------------------------------------------------------------
  // Next-state and output logic
  // ---------------------------------------------------------------------
  integer            e;
  reg [NregW-1:0]    nreg, nreg_n;
  reg [31:0]         stride, bp_ms;
  reg [MaxCta-1:0]   sched;
  reg [NumW-1:0]     nact, ninact;
  reg                launch_ok, done_ok, idle, quiet, pro_due, wtest;
  reg [CtaW-1:0]     thr_id, top_id;
  reg                found, do_thr, do_res, rd, wr, fill;
  reg [CmpW-1:0]     lhs, rhs_up, rhs_lo;
  reg [2:0]          dec;
  reg [InstW:0]      ret_ext, sum;
  reg [RnW-1:0]      frn_mv, frn_e;
  reg [RnW:0]        last_mv, last_e;
  reg [31:0]         addr_head;
  reg [MaxCta-1:0]   launch_oh, done_oh, mv_oh, occ_n;
  reg [RnW-1:0]      frn_max;

  always @* begin
    // defaults: nothing changes
    cnt_d   = cnt_q;   icur_d  = icur_q;  iprev_d = iprev_q;
    nrm1_d  = nrm1_q;  bp_d    = bp_q;
    v_d     = v_q;     act_d   = act_q;   c_d     = c_q;
    frn_d   = frn_q;   baok_d  = baok_q;
    phase_d = phase_q; mv_d    = mv_q;    mvcta_d = mvcta_q;
    k_d     = k_q;     vttok_d = vttok_q;
    head_d  = head_q;  bcnt_d  = bcnt_q;  bfill_d = bfill_q;
    ba_we   = 1'b0;    buf_we  = 1'b0;    buf_wdata = 32'd0;

    // ---- the state at the start of the cycle (doc "One cycle") --------
    nreg   = {1'b0, nrm1_q} + NregOne;
    stride = {{(32-NregW-7){1'b0}}, nreg, 7'd0};                 // #reg x 128
    bp_ms  = bp_q - stride;
    sched  = v_q & act_q & ~c_q;
    nact   = {NumW{1'b0}};
    ninact = {NumW{1'b0}};
    launch_oh = SlotOne << launch_id_i;                          // 0 for an ID >= MaxCta
    done_oh   = SlotOne << done_id_i;
    mv_oh     = SlotOne << mvcta_q;
    launch_ok = launch_valid_i & |(launch_oh & ~v_q);
    done_ok   = done_valid_i & |(done_oh & sched);
    thr_id    = {CtaW{1'b0}};
    frn_mv    = frn_q[mvcta_q * RnW +: RnW];                     // mv_cta < MaxCta
    for (e = 0; e < MaxCta; e = e + 1) begin
      if (sched[e])            nact   = nact + NumOne;
      if (v_q[e] && !act_q[e]) ninact = ninact + NumOne;
      if (sched[e]) thr_id = e[CtaW-1:0];                         // largest ID
    end
    // LIFO top: the stack's position n - 1 (doc "Storage"), found when
    // a CTA is backed up (asked only with the mover idle)
    found  = |(v_q & ~act_q & c_q);
    top_id = stk_rd[CtaW-1:0];
    idle    = (mv_q == MvIdle);
    quiet   = idle & (pend_q == {NumW{1'b0}}) & ~done_ok;
    pro_due = pro_q | ((phase_q == PhWait) & (lm_state_i == 2'd1));
    wtest   = win_end_i & (phase_q == PhThr);

    // ---- decisions (doc "Decisions") -----------------------------------
    // Eq. 1: both sides < 2^CmpW (doc "Eq. 1")
    lhs    = {8'd0, cnt_q} * C100;
    rhs_up = {8'd0, icur_q} * CUp;
    rhs_lo = {8'd0, icur_q} * CLo;
    dec    = DecNone;
    do_thr = 1'b0;
    do_res = 1'b0;
    if (quiet && pro_due) begin
      do_thr = ({1'b0, nact} > {1'b0, MinActV});   // (widened: constant 0 when MaxCta = MinAct)
      dec    = do_thr ? DecPro : DecThrBlk;
    end else if (quiet && wtest) begin
      if (icur_q == {InstW{1'b0}}) begin
        dec = DecHold;
      end else if (lhs > rhs_up) begin
        do_thr = ({1'b0, nact} > {1'b0, MinActV});   // (widened: constant 0 when MaxCta = MinAct)
        dec    = do_thr ? DecThr : DecThrBlk;
      end else if (lhs < rhs_lo) begin
        do_res = found;
        dec    = found ? DecRes : DecResBlk;
      end else begin
        dec = DecHold;
      end
    end else if (wtest) begin
      dec = DecSkip;
    end
    lnew_d = 1'b0;
    pend_d = pend_q;
    if (idle && (pend_q != {NumW{1'b0}})) begin                   // pending restore
      pend_d = pend_q - NumOne;
      do_res = found;
      lnew_d = ~found;                                            // unreachable
    end
    if (done_ok) begin
      if (ninact > pend_q) pend_d = pend_d + NumOne;
      else                 lnew_d = 1'b1;
    end
    dec_d = dec;

    // ---- IPC monitor (4.1) and phase ------------------------------------
    ret_ext = {(InstW+1){1'b0}};
    ret_ext[RetW-1:0] = ret_cnt_i;
    sum = {1'b0, cnt_q} + ret_ext;
    if (win_end_i) begin
      iprev_d = icur_q;
      icur_d  = cnt_q;
      cnt_d   = ret_ext[InstW-1:0];
    end else begin
      cnt_d   = sum[InstW] ? InstMax : sum[InstW-1:0];
    end
    if ((phase_q == PhWait) && (lm_state_i != 2'd0))
      phase_d = (lm_state_i == 2'd1) ? PhThr : PhOff;
    pro_d = pro_due & ~quiet;

    // ---- move engine (doc "Backup", "Restore") --------------------------
    last_mv = {1'b0, frn_mv} + {1'b0, nrm1_q};
    if (last_mv[RnW]) last_mv = {1'b0, RnMax};
    rd   = 1'b0;
    wr   = 1'b0;
    fill = 1'b0;
    case (mv_q)
      MvDrain: begin
        if (drained_i) begin
          mv_d = MvBackup;
          k_d  = {NregW{1'b0}};
        end
      end
      MvBackup: begin
        rd = rdv_q & rf_rd_ready_i;
        wr = memv_q & mem_ready_i;
      end
      MvRestore: begin
        rd   = memv_q & mem_ready_i;
        fill = mem_rvalid_i & (bfill_q < bcnt_q);
        wr   = wrv_q & rf_wr_ready_i;
        if (lrn_ack_i >= last_mv[RnW-1:0]) vttok_d = 1'b1;
      end
      default: ;
    endcase
    if (wr) begin
      head_d  = head_n;
      bcnt_d  = bcnt_d - BufOne;
      bfill_d = bfill_d - BufOne;
    end
    if (fill || (rd && (mv_q == MvBackup))) bfill_d = bfill_d + BufOne;
    if (rd) begin
      buf_we    = 1'b1;                                           // the entry at the tail
      buf_wdata = (mv_q == MvBackup) ? (bp_q + {{(32-NregW-7){1'b0}}, k_q, 7'd0})
                                     : {{(32-RnW){1'b0}}, frn_mv + k_q[RnW-1:0]};
      k_d    = k_q + NregOne;
      bcnt_d = bcnt_d + BufOne;
    end
    if (((mv_q == MvBackup) || (mv_q == MvRestore)) && (k_d == nreg) && (bcnt_d == {BufW{1'b0}})) begin
      if (mv_q == MvBackup) begin                                 // doc "when C is set"
        c_d    = c_d | mv_oh;
        baok_d = baok_d | mv_oh;
      end else begin
        c_d    = c_d & ~mv_oh;
      end
      ba_we   = (mv_q == MvBackup);   // BA[mv_cta] = BP before the advance; push mv_cta
      bp_d    = (mv_q == MvBackup) ? (bp_q + stride) : (bp_q - stride);
      mv_d    = MvIdle;
      vttok_d = 1'b0;
    end

    // ---- moves start, configuration, completion, launch ----------------
    if (do_thr) begin
      mv_d    = MvDrain;
      mvcta_d = thr_id;
    end
    if (do_res) begin
      mv_d    = MvRestore;
      mvcta_d = top_id;
      k_d     = {NregW{1'b0}};
      vttok_d = 1'b0;
    end
    if (cfg_ld_i && (v_q == {MaxCta{1'b0}})) begin
      nrm1_d = cfg_nreg_i[RnW-1:0] - RnOne;
      bp_d   = cfg_bp_i;
    end
    if (do_thr) act_d = act_d & ~(SlotOne << thr_id);
    if (do_res) act_d = act_d | (SlotOne << top_id);
    if (done_ok) begin
      v_d   = v_d & ~done_oh;
      act_d = act_d & ~done_oh;
    end
    if (launch_ok) begin
      v_d   = v_d | launch_oh;
      act_d = act_d | launch_oh;
      c_d   = c_d & ~launch_oh;
      frn_d[launch_id_i * RnW +: RnW] = launch_frn_i;             // launch_id_i < MaxCta
    end

    // ---- registered outputs, from the next state -------------------------
    nreg_n    = {1'b0, nrm1_d} + NregOne;
    sched_d   = v_d & act_d & ~c_d;
    nact_d    = {NumW{1'b0}};
    ninact_d  = {NumW{1'b0}};
    // LRN: last(c) = min(FRN + nrm1, 2^RnW - 1) grows with FRN, so the
    // largest last RN is that of the largest occupied FRN (doc "LRN")
    occ_n     = v_d & (act_d | ~c_d);
    frn_max   = {RnW{1'b0}};
    for (e = 0; e < MaxCta; e = e + 1) begin
      if (sched_d[e])          nact_d   = nact_d + NumOne;
      if (v_d[e] && !act_d[e]) ninact_d = ninact_d + NumOne;
      if (occ_n[e] && (frn_d[e * RnW +: RnW] > frn_max)) frn_max = frn_d[e * RnW +: RnW];
    end
    last_e = {1'b0, frn_max} + {1'b0, nrm1_d};
    if (last_e[RnW]) last_e = {1'b0, RnMax};
    lrn_d  = (occ_n != {MaxCta{1'b0}}) ? last_e[RnW-1:0] : {RnW{1'b0}};
    frn_e  = frn_d[mvcta_d * RnW +: RnW];                        // mv_cta < MaxCta
    // the oldest entry after this cycle: the one written now when it is
    // the only one (write-through), else the memory's
    addr_head = (buf_we && (tail[HeadW-1:0] == head_d)) ? buf_wdata : buf_rd[31:0];
    rdv_d     = (mv_d == MvBackup) && (k_d < nreg_n) && (bcnt_d < BufEntV);
    rdrn_d    = rdv_d ? (frn_e + k_d[RnW-1:0]) : {RnW{1'b0}};
    wrv_d     = (mv_d == MvRestore) && (bfill_d != {BufW{1'b0}}) && vttok_d;
    wrrn_d    = wrv_d ? addr_head[RnW-1:0] : {RnW{1'b0}};
    memv_d    = 1'b0;
    memwe_d   = 1'b0;
    memaddr_d = 32'd0;
    if ((mv_d == MvBackup) && (bcnt_d != {BufW{1'b0}})) begin
      memv_d    = 1'b1;
      memwe_d   = 1'b1;
      memaddr_d = addr_head;
    end else if ((mv_d == MvRestore) && (k_d < nreg_n) && (bcnt_d < BufEntV)) begin
      memv_d    = 1'b1;
      memaddr_d = bp_ms + {{(32-NregW-7){1'b0}}, k_d, 7'd0};      // BA[mv_cta] = BP - S
    end

    // debug read of the state at the start of the cycle
    dbgv_d   = 1'b0;
    dbgact_d = 1'b0;
    dbgc_d   = 1'b0;
    dbgfrn_d = {RnW{1'b0}};
    dbgba_d  = 32'd0;
    if ({1'b0, dbg_cta_i} < MaxCta[CtaW:0]) begin
      dbgv_d   = v_q[dbg_cta_i];
      dbgact_d = act_q[dbg_cta_i];
      dbgc_d   = c_q[dbg_cta_i];
      dbgfrn_d = frn_q[dbg_cta_i * RnW +: RnW];
      dbgba_d  = baok_q[dbg_cta_i] ? ba_rd[31:0] : 32'd0;
    end
  end

  // The top bit of cfg_nreg_i only makes 2^RnW expressible; the stored
  // #reg - 1 wraps it (doc "#reg held as #reg - 1").
  wire unused_cfg = cfg_nreg_i[RnW];

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only
  // ---------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q   <= {InstW{1'b0}};
      icur_q  <= {InstW{1'b0}};
      iprev_q <= {InstW{1'b0}};
      nrm1_q  <= {RnW{1'b0}};
      lrn_q   <= {RnW{1'b0}};
      bp_q    <= 32'd0;
      v_q     <= {MaxCta{1'b0}};
      act_q   <= {MaxCta{1'b0}};
      c_q     <= {MaxCta{1'b0}};
      frn_q   <= {(MaxCta*RnW){1'b0}};
      baok_q  <= {MaxCta{1'b0}};
    end else begin
      cnt_q   <= cnt_d;
      icur_q  <= icur_d;
      iprev_q <= iprev_d;
      nrm1_q  <= nrm1_d;
      lrn_q   <= lrn_d;
      bp_q    <= bp_d;
      v_q     <= v_d;
      act_q   <= act_d;
      c_q     <= c_d;
      frn_q   <= frn_d;
      baok_q  <= baok_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      phase_q <= PhWait;
      pro_q   <= 1'b0;
      mv_q    <= MvIdle;
      mvcta_q <= {CtaW{1'b0}};
      k_q     <= {NregW{1'b0}};
      vttok_q <= 1'b0;
      pend_q  <= {NumW{1'b0}};
      bcnt_q  <= {BufW{1'b0}};
      bfill_q <= {BufW{1'b0}};
    end else begin
      phase_q <= phase_d;
      pro_q   <= pro_d;
      mv_q    <= mv_d;
      mvcta_q <= mvcta_d;
      k_q     <= k_d;
      vttok_q <= vttok_d;
      pend_q  <= pend_d;
      bcnt_q  <= bcnt_d;
      bfill_q <= bfill_d;
    end
  end

  // The head pointer exists only with more than one entry (BufEnt = 1:
  // the only entry is always the oldest).
  generate
    if (BufEnt > 1) begin : g_head
      reg [HeadW-1:0] head_r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) head_r <= {HeadW{1'b0}};
        else         head_r <= head_d;
      end
      assign head_q = head_r;
    end else begin : g_head_one
      assign head_q = 1'b0;
      wire unused_head = head_d[0];
    end
  endgenerate

  // With one slot the count of schedulable CTAs is the slot's bit itself:
  // no second flop (Yosys would merge the two anyway).
  generate
    if (MaxCta > 1) begin : g_nact
      reg [NumW-1:0] nact_r;
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) nact_r <= {NumW{1'b0}};
        else         nact_r <= nact_d;
      end
      assign nact_q = nact_r;
    end else begin : g_nact_one
      assign nact_q = sched_q;
      wire unused_nact = nact_d[0];
    end
  endgenerate

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sched_q   <= {MaxCta{1'b0}};
      ninact_q  <= {NumW{1'b0}};
      rdv_q     <= 1'b0;
      rdrn_q    <= {RnW{1'b0}};
      wrv_q     <= 1'b0;
      wrrn_q    <= {RnW{1'b0}};
      memv_q    <= 1'b0;
      memwe_q   <= 1'b0;
      memaddr_q <= 32'd0;
      lnew_q    <= 1'b0;
      dec_q     <= DecNone;
      dbgv_q    <= 1'b0;
      dbgact_q  <= 1'b0;
      dbgc_q    <= 1'b0;
      dbgfrn_q  <= {RnW{1'b0}};
      dbgba_q   <= 32'd0;
    end else begin
      sched_q   <= sched_d;
      ninact_q  <= ninact_d;
      rdv_q     <= rdv_d;
      rdrn_q    <= rdrn_d;
      wrv_q     <= wrv_d;
      wrrn_q    <= wrrn_d;
      memv_q    <= memv_d;
      memwe_q   <= memwe_d;
      memaddr_q <= memaddr_d;
      lnew_q    <= lnew_d;
      dec_q     <= dec_d;
      dbgv_q    <= dbgv_d;
      dbgact_q  <= dbgact_d;
      dbgc_q    <= dbgc_d;
      dbgfrn_q  <= dbgfrn_d;
      dbgba_q   <= dbgba_d;
    end
  end

  assign phase_o       = phase_q;
  assign sched_mask_o  = sched_q;
  assign lrn_o         = lrn_q;
  assign bp_o          = bp_q;
  assign nact_o        = nact_q;
  assign ninact_o      = ninact_q;
  assign pend_o        = pend_q;
  assign mv_state_o    = mv_q;
  assign mv_cta_o      = mvcta_q;
  assign rf_rd_valid_o = rdv_q;
  assign rf_rd_rn_o    = rdrn_q;
  assign rf_wr_valid_o = wrv_q;
  assign rf_wr_rn_o    = wrrn_q;
  assign mem_valid_o   = memv_q;
  assign mem_we_o      = memwe_q;
  assign mem_addr_o    = memaddr_q;
  assign buf_cnt_o     = bcnt_q;
  assign buf_fill_o    = bfill_q;
  assign launch_new_o  = lnew_q;
  assign dec_o         = dec_q;
  assign icur_o        = icur_q;
  assign iprev_o       = iprev_q;
  assign dbg_v_o       = dbgv_q;
  assign dbg_act_o     = dbgact_q;
  assign dbg_c_o       = dbgc_q;
  assign dbg_frn_o     = dbgfrn_q;
  assign dbg_ba_o      = dbgba_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (ZipCPU style). Run by `formal/formal.sh ctl` at the
  // reduced configuration in formal/ctl.ys; proved by k-induction (base
  // case from reset + induction step) for every input sequence (no input
  // is constrained: protocol errors included); every property has a cover.
  // They are doc/ctl.md "Invariants" and "Handshakes".
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  // start in reset
  always @* if (!f_past_valid) assume(!rst_ni);

  // b0: BP at the last applied cfg_ld_i (0 after reset)
  reg [31:0] f_b0;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)                                    f_b0 <= 32'd0;
    else if (cfg_ld_i && (v_q == {MaxCta{1'b0}}))  f_b0 <= cfg_bp_i;
  end

  // f_pos: the stack position a CTA got when its backup completed (the
  // number of CTAs stacked before it); a witness for the BA property.
  reg [MaxCta*CtaW-1:0] f_pos;
  integer               fk;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) f_pos <= {(MaxCta*CtaW){1'b0}};
    else if ((mv_q == MvBackup) && (mv_d == MvIdle)) begin
      for (fk = 0; fk < MaxCta; fk = fk + 1)
        if (mvcta_q == fk[CtaW-1:0]) f_pos[fk * CtaW +: CtaW] <= f_n[CtaW-1:0];
    end
  end

  integer          fi, fj;
  reg [MaxCta-1:0] f_out, f_in, f_stack, f_oh;
  reg [NumW-1:0]   f_n;
  reg [RnW-1:0]    f_lrn;
  reg [RnW:0]      f_last;
  reg [31:0]       f_acc, f_ba_mv, f_head_addr, f_want;
  reg [TW-1:0]     f_head, f_idx;
  reg [NregW-1:0]  f_j;
  reg              f_on_stack, f_busy;
  always @* begin
    f_out   = v_q & ~act_q & ~c_q;     // throttled, registers still in the RF
    f_in    = v_q & act_q & c_q;       // being restored
    f_stack = v_q & c_q;               // backed up or being restored (BP counts them)
    f_busy  = (mv_q == MvBackup) || (mv_q == MvRestore);
    f_n     = {NumW{1'b0}};
    f_lrn   = {RnW{1'b0}};
    f_oh    = {MaxCta{1'b0}};
    f_ba_mv = 32'd0;
    for (fi = 0; fi < MaxCta; fi = fi + 1) begin
      if (f_stack[fi]) f_n = f_n + NumOne;
      f_oh[fi] = (mvcta_q == fi[CtaW-1:0]);
      if (f_oh[fi]) f_ba_mv = ba_rd[(fi + 1) * 32 +: 32];
      f_last = {1'b0, frn_q[fi * RnW +: RnW]} + {1'b0, nrm1_q};
      if (f_last[RnW]) f_last = {1'b0, RnMax};
      if (v_q[fi] && (act_q[fi] || !c_q[fi]) && (f_last[RnW-1:0] > f_lrn)) f_lrn = f_last[RnW-1:0];
    end
    f_head = {TW{1'b0}};
    f_head[HeadW-1:0] = head_q;
    f_head_addr = 32'd0;
    for (fi = 0; fi < BufEnt; fi = fi + 1)
      if (f_head == fi[TW-1:0]) f_head_addr = buf_rd[(fi + 1) * 32 +: 32];

    // ---- the buffer: bounds; nothing lost or duplicated ----------------
    assert(bfill_q <= bcnt_q);
    assert(bcnt_q <= BufEntV);
    assert(f_head < TBuf);
    if (!f_busy) assert(bcnt_q == {BufW{1'b0}});
    if (mv_q != MvRestore) assert(!vttok_q);
    if (mv_q == MvBackup) assert(bfill_q == bcnt_q);
    if (f_busy) begin
      assert(k_q <= nreg);
      assert({{(NregW-BufW){1'b0}}, bcnt_q} <= k_q);
    end
    // entry i from the oldest holds request k - bcnt + i of this move:
    // backup address BP + 128 j, restore RN FRN + j
    for (fi = 0; fi < BufEnt; fi = fi + 1) begin
      f_idx = (fi[TW-1:0] >= f_head) ? (fi[TW-1:0] - f_head) : (fi[TW-1:0] + TBuf - f_head);
      f_j   = k_q - {{(NregW-BufW){1'b0}}, bcnt_q} + {{(NregW-TW){1'b0}}, f_idx};
      f_want = (mv_q == MvBackup) ? (bp_q + {{(32-NregW-7){1'b0}}, f_j, 7'd0})
                                  : {{(32-RnW){1'b0}}, frn_mv + f_j[RnW-1:0]};
      if (f_busy && (f_idx < {{(TW-BufW){1'b0}}, bcnt_q})) assert(buf_rd[(fi + 1) * 32 +: 32] == f_want);
    end

    // ---- at most one CTA is moving, and it is the mover's --------------
    assert(((act_q | c_q) & ~v_q) == {MaxCta{1'b0}});
    assert({1'b0, mvcta_q} < MaxCta[CtaW:0]);
    if (mv_q == MvIdle) assert((f_out | f_in) == {MaxCta{1'b0}});
    if ((mv_q == MvDrain) || (mv_q == MvBackup)) assert((f_out == f_oh) && (f_in == {MaxCta{1'b0}}));
    if (mv_q == MvRestore) assert((f_in == f_oh) && (f_out == {MaxCta{1'b0}}));

    // ---- BA and BP (witness f_pos: each stacked CTA's stack position):
    // BP = b0 + n S; stacked CTA c has BA = b0 + pos(c) S with the
    // positions distinct and below n; the restoring CTA is the top -------
    f_acc = f_b0;
    for (fj = 0; fj < NumW; fj = fj + 1)
      if (f_n[fj]) f_acc = f_acc + (stride << fj);
    assert(bp_q == f_acc);
    for (fi = 0; fi < MaxCta; fi = fi + 1) begin
      if (f_stack[fi]) begin
        assert({{(NumW-CtaW){1'b0}}, f_pos[fi * CtaW +: CtaW]} < f_n);
        f_acc = f_b0;
        for (fj = 0; fj < CtaW; fj = fj + 1)
          if (f_pos[fi * CtaW + fj]) f_acc = f_acc + (stride << fj);
        assert(ba_rd[(fi + 1) * 32 +: 32] == f_acc);
        assert(baok_q[fi]);
        // the stack holds the CTA at its position (the restore target)
        for (fj = 0; fj < MaxCta; fj = fj + 1)
          if (f_pos[fi * CtaW +: CtaW] == fj[CtaW-1:0]) assert(stk_rd[(fj + 1) * CtaW +: CtaW] == fi[CtaW-1:0]);
        for (fj = fi + 1; fj < MaxCta; fj = fj + 1)
          if (f_stack[fj]) assert(f_pos[fi * CtaW +: CtaW] != f_pos[fj * CtaW +: CtaW]);
      end
    end
    if (mv_q == MvRestore) begin
      assert(f_ba_mv == bp_q - stride);
      for (fi = 0; fi < MaxCta; fi = fi + 1)
        if (f_oh[fi]) assert({{(NumW-CtaW){1'b0}}, f_pos[fi * CtaW +: CtaW]} + NumOne == f_n);
    end
    if (idle && (pend_q != {NumW{1'b0}})) assert(found);   // a pending restore finds its CTA
    assert(pend_q <= ninact);

    // ---- LRN covers every register of a CTA not fully backed up ---------
    assert(lrn_q == f_lrn);
    for (fi = 0; fi < MaxCta; fi = fi + 1) begin
      f_last = {1'b0, frn_q[fi * RnW +: RnW]} + {1'b0, nrm1_q};
      if (f_last[RnW]) f_last = {1'b0, RnMax};
      if (v_q[fi] && (act_q[fi] || !c_q[fi])) assert(lrn_q >= f_last[RnW-1:0]);
    end

    // ---- control and the output registers are the state's functions ----
    assert(phase_q != 2'd3);
    if (pro_q) assert(phase_q == PhThr);
    assert(sched_q == sched);
    assert(nact_o == nact);
    assert(ninact_q == ninact);
    assert(rdv_q == ((mv_q == MvBackup) && (k_q < nreg) && (bcnt_q < BufEntV)));
    assert(rdrn_q == (rdv_q ? (frn_mv + k_q[RnW-1:0]) : {RnW{1'b0}}));
    assert(wrv_q == ((mv_q == MvRestore) && (bfill_q != {BufW{1'b0}}) && vttok_q));
    assert(wrrn_q == (wrv_q ? f_head_addr[RnW-1:0] : {RnW{1'b0}}));
    if ((mv_q == MvBackup) && (bcnt_q != {BufW{1'b0}})) begin
      assert(memv_q && memwe_q && (memaddr_q == f_head_addr));
    end else if ((mv_q == MvRestore) && (k_q < nreg) && (bcnt_q < BufEntV)) begin
      assert(memv_q && !memwe_q && (memaddr_q == f_ba_mv + {{(32-NregW-7){1'b0}}, k_q, 7'd0}));
    end else begin
      assert(!memv_q && !memwe_q && (memaddr_q == 32'd0));
    end
  end

  // ---- a presented request stays, unchanged, until accepted ---------------
  reg f_live_p, f_rd_held_p, f_wr_held_p, f_mem_held_p, f_restoring_p;
  reg [RnW-1:0] f_lrn_p;
  always @(posedge clk_i) begin
    f_live_p      <= rst_ni;
    f_rd_held_p   <= rdv_q & ~rf_rd_ready_i;
    f_wr_held_p   <= wrv_q & ~rf_wr_ready_i;
    f_mem_held_p  <= memv_q & ~mem_ready_i;
    f_restoring_p <= (mv_q == MvRestore);
    f_lrn_p       <= lrn_q;
  end
  wire f_live = f_past_valid & f_live_p & rst_ni;
  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      if ($past(rdv_q && !rf_rd_ready_i)) assert(rdv_q && (rdrn_q == $past(rdrn_q)));
      if ($past(wrv_q && !rf_wr_ready_i)) assert(wrv_q && (wrrn_q == $past(wrrn_q)));
      if ($past(memv_q && !mem_ready_i))
        assert(memv_q && (memwe_q == $past(memwe_q)) && (memaddr_q == $past(memaddr_q)));
    end
  end

  // ---- covers: each property is reachable (formal.sh needs every one) -----
  // buffer: full; a wrapped FIFO with two entries (nothing lost across the wrap)
  wire f_cover_buf_full    = f_live & (bcnt_q == BufEntV);
  wire f_cover_buf_wrap    = f_live & f_busy & (f_head == TBuf - TOne) & (bcnt_q >= 2);
  // one mover: a CTA moving out while another is backed up; a restore
  wire f_cover_move_stack  = f_live & (mv_q == MvBackup) & (f_n == NumOne);
  wire f_cover_restoring   = f_live & (mv_q == MvRestore) & (bfill_q != {BufW{1'b0}});
  // BA / BP: two CTAs stacked; the second restored (the stack unwinds)
  wire f_cover_stack2      = f_live & (f_n == 2);
  wire f_cover_unwind      = f_live & (mv_q == MvRestore) & (f_n == 2);
  // LRN: drops after a backup; covers a CTA being restored
  wire f_cover_lrn_drop    = f_live & (lrn_q < f_lrn_p);
  wire f_cover_lrn_restore = f_live & (mv_q == MvRestore) & (lrn_q >= last_mv[RnW-1:0]) & ~vttok_q;
  // pend: a completion during a move waits
  wire f_cover_pend        = f_live & f_busy & (pend_q != {NumW{1'b0}});
  // handshakes: a request held on each port
  wire f_cover_rd_held     = f_live & f_rd_held_p & rdv_q;
  wire f_cover_wr_held     = f_live & f_wr_held_p & wrv_q;
  wire f_cover_mem_held    = f_live & f_mem_held_p & memv_q;
  always @* begin
    cover(f_cover_buf_full);
    cover(f_cover_buf_wrap);
    cover(f_cover_move_stack);
    cover(f_cover_restoring);
    cover(f_cover_stack2);
    cover(f_cover_unwind);
    cover(f_cover_lrn_drop);
    cover(f_cover_lrn_restore);
    cover(f_cover_pend);
    cover(f_cover_rd_held);
    cover(f_cover_wr_held);
    cover(f_cover_mem_held);
  end
`endif

endmodule

`default_nettype wire
