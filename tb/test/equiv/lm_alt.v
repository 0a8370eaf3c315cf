// lm_alt.v - the Linebacker Load Monitor written with its table in flops:
// a test design for make equiv (issue 32).
//
// Purpose
//   Same ports, parameters and cycle behaviour as rtl/lm/lm.v (the spec is
//   doc/lm.md), with the table as the paper draws it and as the kit's RTL
//   had it before issue 32: every entry's PC, hit and miss counters and
//   valid field in reset flops, classified all at once at a window end
//   (E comparisons in one cycle) and cleared all at once. rtl/lm/lm.v keeps
//   PC and counters in a never-reset kit_mem read through per-entry
//   written / current flags and classifies incrementally into a high
//   summary (doc/lm.md "Which rows are SRAM, which are flops"), so an
//   equivalence engine must relate the memory's words, through the flags,
//   to these flops, for any memory contents at power-up.
//
// Parameters (doc/lm.md "Parameters"; anything else stops elaboration)
//   Entries 2,4,8,16,32, CntW 1..32, WinLen 2..1e9, Thresh 0..99,
//   WinCntW 1..16, SelWin2 0/1.

`default_nettype none

module lm_alt #(
  parameter integer Entries = 32,
  parameter integer CntW    = 32,
  parameter integer WinLen  = 50000,
  parameter integer Thresh  = 20,
  parameter integer WinCntW = 8,
  parameter integer SelWin2 = 0
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 acc_valid_i,
  input  wire [31:0]          acc_pc_i,
  input  wire [1:0]           acc_out_i,
  input  wire                 vc_valid_i,
  input  wire [HashW-1:0]     vc_hpc_i,
  input  wire [HashW-1:0]     dbg_addr_i,
  output wire [1:0]           state_o,
  output wire [Entries-1:0]   sel_mask_o,
  output wire [WinCntW-1:0]   windows_o,
  output wire                 win_end_o,
  output wire                 useful_o,
  output wire [HashW-1:0]     acc_hpc_o,
  output wire [31:0]          dbg_pc_o,
  output wire [CntW-1:0]      dbg_hit_o,
  output wire [CntW-1:0]      dbg_miss_o,
  output wire [1:0]           dbg_valid_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/lm.md "Derived values")
  // ---------------------------------------------------------------------
  localparam integer HashW    = (Entries > 1) ? $clog2(Entries) : 1;
  localparam integer WinW     = (WinLen > 2) ? $clog2(WinLen) : 1;
  localparam integer CmpW     = CntW + 8;
  localparam integer WinLastI = WinLen - 1;

  localparam [1:0]         StMon   = 2'd0;
  localparam [1:0]         StSel   = 2'd1;
  localparam [1:0]         StDis   = 2'd2;
  localparam [1:0]         OutMiss = 2'd2;
  localparam [1:0]         OutRsvd = 2'd3;
  localparam [CntW-1:0]    CntMax  = {CntW{1'b1}};
  localparam [CntW-1:0]    CntOne  = {{(CntW-1){1'b0}}, 1'b1};
  localparam [WinW-1:0]    CycLast = WinLastI[WinW-1:0];
  localparam [WinW-1:0]    CycOne  = {{(WinW-1){1'b0}}, 1'b1};
  localparam [WinCntW-1:0] WinMax  = {WinCntW{1'b1}};
  localparam [WinCntW-1:0] WinOne  = {{(WinCntW-1){1'b0}}, 1'b1};
  localparam [CmpW-1:0]    C100    = {{(CmpW-7){1'b0}}, 7'd100};
  localparam [CmpW-1:0]    CThr    = {{(CmpW-7){1'b0}}, Thresh[6:0]};

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration (non-existent module, reason in
  // its name; Verilator and Icarus both report the instance).
  // ---------------------------------------------------------------------
  generate
    if (!(Entries == 2 || Entries == 4 || Entries == 8 || Entries == 16 || Entries == 32))
    begin : g_err_entries
      lm_alt_param_error_Entries_must_be_power_of_two_2_to_32 u_err ();
    end
    if (CntW < 1 || CntW > 32) begin : g_err_cntw
      lm_alt_param_error_CntW_must_be_1_to_32 u_err ();
    end
    if (WinLen < 2 || WinLen > 1000000000) begin : g_err_winlen
      lm_alt_param_error_WinLen_must_be_2_to_1e9 u_err ();
    end
    if (Thresh < 0 || Thresh > 99) begin : g_err_thresh
      lm_alt_param_error_Thresh_must_be_0_to_99 u_err ();
    end
    if (WinCntW < 1 || WinCntW > 16) begin : g_err_wincntw
      lm_alt_param_error_WinCntW_must_be_1_to_16 u_err ();
    end
    if (SelWin2 != 0 && SelWin2 != 1) begin : g_err_selwin2
      lm_alt_param_error_SelWin2_must_be_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State: the table as packed vectors (entry e at e*W +: W), control,
  // output registers.
  // ---------------------------------------------------------------------
  reg [Entries*32-1:0]   pc_q,    pc_d;
  reg [Entries*CntW-1:0] hit_q,   hit_d;
  reg [Entries*CntW-1:0] miss_q,  miss_d;
  reg [Entries*2-1:0]    valid_q, valid_d;
  reg [WinW-1:0]         cyc_q,   cyc_d;
  reg [1:0]              state_q, state_d;
  reg [WinCntW-1:0]      windows_q, windows_d;
  reg [Entries-1:0]      sel_q,   sel_d;
  reg                    win_end_q,   win_end_d;
  reg                    useful_q,    useful_d;
  reg [HashW-1:0]        acc_hpc_q,   acc_hpc_d;
  reg [31:0]             dbg_pc_q,    dbg_pc_d;
  reg [CntW-1:0]         dbg_hit_q,   dbg_hit_d;
  reg [CntW-1:0]         dbg_miss_q,  dbg_miss_d;
  reg [1:0]              dbg_valid_q, dbg_valid_d;

  // ---------------------------------------------------------------------
  // Next-state and output logic
  // ---------------------------------------------------------------------
  integer         e, k;
  reg [31:0]      pc_sh;
  reg [HashW-1:0] hpc;
  reg             acc_ok, is_hit, mon, win_last, inc;
  reg [31:0]      pc_e;
  reg [CntW-1:0]  hit_e, miss_e, hit_n, miss_n;
  reg [CmpW-1:0]  lhs, rhs;
  reg [Entries-1:0] high, prev;

  always @* begin
    // defaults: nothing changes
    pc_d        = pc_q;
    hit_d       = hit_q;
    miss_d      = miss_q;
    valid_d     = valid_q;
    state_d     = state_q;
    windows_d   = windows_q;
    sel_d       = sel_q;

    // hashed PC: XOR fold of HashW-bit groups, last group zero-extended
    hpc = {HashW{1'b0}};
    for (k = 0; k < 32; k = k + HashW) begin
      pc_sh = acc_pc_i >> k;
      hpc   = hpc ^ pc_sh[HashW-1:0];
    end

    acc_ok   = acc_valid_i & (acc_out_i != OutRsvd);
    is_hit   = (acc_out_i != OutMiss);
    mon      = (state_q == StMon);
    win_last = (cyc_q == CycLast);
    cyc_d    = win_last ? {WinW{1'b0}} : (cyc_q + CycOne);

    // per entry: count, store the PC, classify, shift at a window end
    high = {Entries{1'b0}};
    prev = {Entries{1'b0}};
    for (e = 0; e < Entries; e = e + 1) begin
      pc_e    = pc_q[e * 32 +: 32];
      hit_e   = hit_q[e * CntW +: CntW];
      miss_e  = miss_q[e * CntW +: CntW];
      inc     = mon & acc_ok & (hpc == e[HashW-1:0]);
      hit_n   = (inc & is_hit & (hit_e != CntMax)) ? (hit_e + CntOne) : hit_e;
      miss_n  = (inc & ~is_hit & (miss_e != CntMax)) ? (miss_e + CntOne) : miss_e;
      if (inc && (pc_e == 32'd0)) pc_d[e * 32 +: 32] = acc_pc_i;
      // 100*hit > T*(hit+miss), both sides < 2^CmpW (doc "No division")
      lhs     = {8'd0, hit_n} * C100;
      rhs     = {7'd0, {1'b0, hit_n} + {1'b0, miss_n}} * CThr;
      high[e] = (lhs > rhs);
      prev[e] = valid_q[e * 2];
      if (mon && win_last) begin
        valid_d[e * 2 +: 2]      = {valid_q[e * 2], high[e]};
        hit_d[e * CntW +: CntW]  = {CntW{1'b0}};
        miss_d[e * CntW +: CntW] = {CntW{1'b0}};
      end else begin
        hit_d[e * CntW +: CntW]  = hit_n;
        miss_d[e * CntW +: CntW] = miss_n;
      end
    end

    // selection state machine (doc "Selection state machine")
    if (mon && win_last) begin
      windows_d = (windows_q == WinMax) ? windows_q : (windows_q + WinOne);
      if ((windows_q != {WinCntW{1'b0}}) && (SelWin2 != 0)) begin
        // 4.1 reading: window 2 decides, the entries with valid 11
        state_d = ((high & prev) != {Entries{1'b0}}) ? StSel : StDis;
        sel_d   = high & prev;
      end else if (windows_q != {WinCntW{1'b0}}) begin
        if ((high != {Entries{1'b0}}) && (high == prev)) begin
          state_d = StSel;
          sel_d   = high;
        end else if (high == {Entries{1'b0}}) begin
          state_d = StDis;
        end
      end
    end

    // registered outputs
    win_end_d   = win_last;
    useful_d    = vc_valid_i & (state_q == StSel) & sel_q[vc_hpc_i];
    acc_hpc_d   = acc_ok ? hpc : {HashW{1'b0}};
    dbg_pc_d    = pc_q[dbg_addr_i * 32 +: 32];
    dbg_hit_d   = hit_q[dbg_addr_i * CntW +: CntW];
    dbg_miss_d  = miss_q[dbg_addr_i * CntW +: CntW];
    dbg_valid_d = valid_q[dbg_addr_i * 2 +: 2];
  end

  // The fold reads HashW bits of each shifted copy; the rest of the last
  // copy is intentionally unused.
  wire unused_fold = ^pc_sh;

  // ---------------------------------------------------------------------
  // Registers: reset and x_q <= x_d only
  // ---------------------------------------------------------------------
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pc_q      <= {(Entries*32){1'b0}};
      hit_q     <= {(Entries*CntW){1'b0}};
      miss_q    <= {(Entries*CntW){1'b0}};
      valid_q   <= {(Entries*2){1'b0}};
    end else begin
      pc_q      <= pc_d;
      hit_q     <= hit_d;
      miss_q    <= miss_d;
      valid_q   <= valid_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q     <= {WinW{1'b0}};
      state_q   <= StMon;
      windows_q <= {WinCntW{1'b0}};
      sel_q     <= {Entries{1'b0}};
    end else begin
      cyc_q     <= cyc_d;
      state_q   <= state_d;
      windows_q <= windows_d;
      sel_q     <= sel_d;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      win_end_q   <= 1'b0;
      useful_q    <= 1'b0;
      acc_hpc_q   <= {HashW{1'b0}};
      dbg_pc_q    <= 32'd0;
      dbg_hit_q   <= {CntW{1'b0}};
      dbg_miss_q  <= {CntW{1'b0}};
      dbg_valid_q <= 2'd0;
    end else begin
      win_end_q   <= win_end_d;
      useful_q    <= useful_d;
      acc_hpc_q   <= acc_hpc_d;
      dbg_pc_q    <= dbg_pc_d;
      dbg_hit_q   <= dbg_hit_d;
      dbg_miss_q  <= dbg_miss_d;
      dbg_valid_q <= dbg_valid_d;
    end
  end


  assign state_o     = state_q;
  assign sel_mask_o  = sel_q;
  assign windows_o   = windows_q;
  assign win_end_o   = win_end_q;
  assign useful_o    = useful_q;
  assign acc_hpc_o   = acc_hpc_q;
  assign dbg_pc_o    = dbg_pc_q;
  assign dbg_hit_o   = dbg_hit_q;
  assign dbg_miss_o  = dbg_miss_q;
  assign dbg_valid_o = dbg_valid_q;

endmodule

`default_nettype wire
