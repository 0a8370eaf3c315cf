// lm.v - Linebacker Load Monitor (LM): hashed-PC locality table and its
// selection state machine.
//
// The Load Monitor of one SM (Oh et al., "Linebacker: Preserving Victim
// Cache Lines in Idle Register Files of GPUs", ISCA 2019, sections 3.2, 4,
// 4.1): per hashed PC a stored PC, hit and miss counters and a 2-bit valid
// field; at each window end the classification and the selection state
// machine (monitoring / selected / disabled); the victim check and the
// hashed PC of each access. Every output is a flop. The PCs and counters
// live in a kit_mem (rtl/mem/kit_mem.v: one write, two combinational reads
// a cycle); valid fields, the per-entry classification and the lazy-clear
// flags are flops, so a window end touches only flops.
//
// Specification: doc/lm.md, sections "Ports", "State and reset", "Hashed
// PC", "Counting", "Windows and classification", "Selection state machine",
// "Paper readings", "Victim check", "Timing example", "Storage (4.2)" and
// its "Which rows are SRAM, which are flops"; the
// formal properties below (ifdef FORMAL): doc/lm.md "Formal". Derived
// widths: doc/lm.md "Parameters".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   Entries  2, 4, 8, 16, 32 (32)
//   CntW     1 .. 32 (32)        hit/miss counter width
//   WinLen   2 .. 1e9 (50000)    window length in cycles
//   Thresh   0 .. 99 (20)        hit-ratio threshold, integer percent
//   WinCntW  1 .. 16 (8)         windows_o width
//   SelWin2  0, 1 (0)            doc/lm.md "Paper readings"

// Files: this module instantiates kit_mem (rtl/mem/kit_mem.v), so it is
// linted, built and synthesized with that file (`build/kit rtl lm` lists
// both); alone: verilator --lint-only -Wall -y rtl/mem rtl/lm/lm.v

`default_nettype none

module lm #(
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
  localparam integer WordW    = 32 + 2 * CntW;            // a memory word {pc, miss, hit}
`ifdef FORMAL
  localparam integer NumRd    = 3;                        // + the properties' entry
`else
  localparam integer NumRd    = 2;                        // the access, the debug read
`endif

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
      lm_param_error_Entries_must_be_power_of_two_2_to_32 u_err ();
    end
    if (CntW < 1 || CntW > 32) begin : g_err_cntw
      lm_param_error_CntW_must_be_1_to_32 u_err ();
    end
    if (WinLen < 2 || WinLen > 1000000000) begin : g_err_winlen
      lm_param_error_WinLen_must_be_2_to_1e9 u_err ();
    end
    if (Thresh < 0 || Thresh > 99) begin : g_err_thresh
      lm_param_error_Thresh_must_be_0_to_99 u_err ();
    end
    if (WinCntW < 1 || WinCntW > 16) begin : g_err_wincntw
      lm_param_error_WinCntW_must_be_1_to_16 u_err ();
    end
    if (SelWin2 != 0 && SelWin2 != 1) begin : g_err_selwin2
      lm_param_error_SelWin2_must_be_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State. The table's PCs and counters: one kit_mem word per entry (no
  // reset), read through pok_q / cur_q (doc/lm.md "Decision (lazy
  // clearing)"). Valid fields and the high summary: flops, one bit (two
  // for valid) per entry at e (e*2).
  // ---------------------------------------------------------------------
  reg [Entries*2-1:0]    valid_q, valid_d;
  reg [Entries-1:0]      high_q,  high_d;
  reg [Entries-1:0]      pok_q,   pok_d;
  reg [Entries-1:0]      cur_q,   cur_d;
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
  // The memory's write port: the accessed entry's word.
  reg                    we;
  reg [WordW-1:0]        wword;

  // ---------------------------------------------------------------------
  // The table memory: port 0 reads the accessed entry, port 1 the debug
  // entry (doc/lm.md "Decision (the table in one memory ...)").
  // ---------------------------------------------------------------------
  integer         kh;
  reg [31:0]      pc_sh;
  reg [HashW-1:0] hpc;

  always @* begin
    // hashed PC: XOR fold of HashW-bit groups, last group zero-extended
    hpc = {HashW{1'b0}};
    for (kh = 0; kh < 32; kh = kh + HashW) begin
      pc_sh = acc_pc_i >> kh;
      hpc   = hpc ^ pc_sh[HashW-1:0];
    end
  end

  wire [NumRd*WordW-1:0] rdata;
`ifdef FORMAL
  (* anyconst *) reg [HashW-1:0] f_ent;   // the properties' entry
  wire [NumRd*HashW-1:0] raddr = {f_ent, dbg_addr_i, hpc};
`else
  wire [NumRd*HashW-1:0] raddr = {dbg_addr_i, hpc};
`endif
  kit_mem #(
    .Depth (Entries),
    .Width (WordW),
    .NumRd (NumRd),
    .NumWr (1),
    .RegRd (0)
  ) u_table (
    .clk_i   (clk_i),
    .we_i    (we),
    .waddr_i (hpc),
    .wdata_i (wword),
    .raddr_i (raddr),
    .rdata_o (rdata)
  );

  // An entry's fields as the ports see them (doc/lm.md "Decision (lazy
  // clearing)"): PC 0 until written since reset, counters 0 until written
  // in this window.
  wire [WordW-1:0] w_acc = rdata[0 +: WordW];
  wire [WordW-1:0] w_dbg = rdata[WordW +: WordW];
  wire [31:0]      pc_e   = pok_q[hpc] ? w_acc[2 * CntW +: 32] : 32'd0;
  wire [CntW-1:0]  hit_e  = cur_q[hpc] ? w_acc[0 +: CntW]      : {CntW{1'b0}};
  wire [CntW-1:0]  miss_e = cur_q[hpc] ? w_acc[CntW +: CntW]   : {CntW{1'b0}};

  // ---------------------------------------------------------------------
  // Next-state and output logic
  // ---------------------------------------------------------------------
  integer         k;
  reg             acc_ok, is_hit, mon, win_last, inc;
  reg [31:0]      pc_n;
  reg [CntW-1:0]  hit_n, miss_n;
  reg [CmpW-1:0]  lhs, rhs;
  reg [Entries-1:0] high, prev;

  always @* begin
    // defaults: nothing changes
    valid_d     = valid_q;
    high_d      = high_q;
    pok_d       = pok_q;
    cur_d       = cur_q;
    state_d     = state_q;
    windows_d   = windows_q;
    sel_d       = sel_q;

    acc_ok   = acc_valid_i & (acc_out_i != OutRsvd);
    is_hit   = (acc_out_i != OutMiss);
    mon      = (state_q == StMon);
    win_last = (cyc_q == CycLast);
    cyc_d    = win_last ? {WinW{1'b0}} : (cyc_q + CycOne);

    // the accessed entry: count, store the PC, classify (doc "Counting")
    inc    = mon & acc_ok;
    hit_n  = (is_hit & (hit_e != CntMax)) ? (hit_e + CntOne) : hit_e;
    miss_n = (~is_hit & (miss_e != CntMax)) ? (miss_e + CntOne) : miss_e;
    pc_n   = (pc_e == 32'd0) ? acc_pc_i : pc_e;
    we     = inc;
    wword  = {pc_n, miss_n, hit_n};
    // 100*hit > T*(hit+miss), both sides < 2^CmpW (doc "No division")
    lhs    = {8'd0, hit_n} * C100;
    rhs    = {7'd0, {1'b0, hit_n} + {1'b0, miss_n}} * CThr;
    if (inc) begin
      high_d[hpc] = (lhs > rhs);   // doc "Decision (incremental classification)"
      pok_d[hpc]  = 1'b1;
      cur_d[hpc]  = 1'b1;
    end

    // window end: H_n from the summary, the valid shift, the lazy clear
    high = high_d;
    prev = {Entries{1'b0}};
    for (k = 0; k < Entries; k = k + 1) begin
      prev[k] = valid_q[k * 2];
    end
    if (mon && win_last) begin
      for (k = 0; k < Entries; k = k + 1) begin
        valid_d[k * 2 +: 2] = {valid_q[k * 2], high[k]};
      end
      high_d = {Entries{1'b0}};
      cur_d  = {Entries{1'b0}};
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

    // registered outputs; the debug read is read-before-write
    win_end_d   = win_last;
    useful_d    = vc_valid_i & (state_q == StSel) & sel_q[vc_hpc_i];
    acc_hpc_d   = acc_ok ? hpc : {HashW{1'b0}};
    dbg_pc_d    = pok_q[dbg_addr_i] ? w_dbg[2 * CntW +: 32] : 32'd0;
    dbg_hit_d   = cur_q[dbg_addr_i] ? w_dbg[0 +: CntW]      : {CntW{1'b0}};
    dbg_miss_d  = cur_q[dbg_addr_i] ? w_dbg[CntW +: CntW]   : {CntW{1'b0}};
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
      valid_q   <= {(Entries*2){1'b0}};
      high_q    <= {Entries{1'b0}};
      pok_q     <= {Entries{1'b0}};
      cur_q     <= {Entries{1'b0}};
    end else begin
      valid_q   <= valid_d;
      high_q    <= high_d;
      pok_q     <= pok_d;
      cur_q     <= cur_d;
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

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/lm.md "Formal"), run by `formal/formal.sh lm`
  // at the reduced configuration of formal/lm.sby: proved by k-induction,
  // every property with a cover.
  // =====================================================================
  reg f_past_valid;
  initial f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume(!rst_ni);

  wire f_live = f_past_valid & rst_ni;
  wire f_wend = (state_q == StMon) & (cyc_q == CycLast);   // a monitoring window ends
  // the properties' entry (f_ent, any constant) as the ports see it,
  // through the memory's third read port (doc/lm.md "Formal")
  wire [WordW-1:0] f_word = rdata[2 * WordW +: WordW];
  wire [31:0]      f_pc   = pok_q[f_ent] ? f_word[2 * CntW +: 32] : 32'd0;
  wire [CntW-1:0]  f_hit  = cur_q[f_ent] ? f_word[0 +: CntW]      : {CntW{1'b0}};
  wire [CntW-1:0]  f_miss = cur_q[f_ent] ? f_word[CntW +: CntW]   : {CntW{1'b0}};
  wire [CmpW-1:0]  f_lhs  = {8'd0, f_hit} * C100;
  wire [CmpW-1:0]  f_rhs  = {7'd0, {1'b0, f_hit} + {1'b0, f_miss}} * CThr;
  integer fe;

  always @* begin
    if (rst_ni) begin
      assert(state_q != 2'd3);
      assert(cyc_q <= CycLast);
      // sel is the selected set: empty unless selected, then non-empty
      if (state_q != StSel) assert(sel_q == {Entries{1'b0}});
      else                  assert(sel_q != {Entries{1'b0}});
      for (fe = 0; fe < Entries; fe = fe + 1) begin
        if (SelWin2 == 0) begin
          // selected: exactly the entries with valid 11, no other valid bit
          if (state_q == StSel) assert(valid_q[fe * 2 +: 2] == {sel_q[fe], sel_q[fe]});
          // disabled: the last window had no high-locality entry
          if (state_q == StDis) assert(!valid_q[fe * 2]);
        end else begin
          // 4.1: selected = exactly the entries with valid 11; disabled: none
          if (state_q == StSel) assert(sel_q[fe] == (valid_q[fe * 2 +: 2] == 2'b11));
          if (state_q == StDis) assert(valid_q[fe * 2 +: 2] != 2'b11);
        end
        // counters current only in a word whose PC was written since reset
        if (cur_q[fe]) assert(pok_q[fe]);
      end
      // after the decision the table is frozen with its counters at 0:
      // no word is current, nothing classifies high
      if (state_q != StMon) begin
        assert(cur_q == {Entries{1'b0}});
        assert(high_q == {Entries{1'b0}});
      end
      // the summary is the classification of the entry's counters
      // (doc "Decision (incremental classification)")
      assert(high_q[f_ent] == (f_lhs > f_rhs));
      // no decision before two windows
      if (state_q != StMon) assert(windows_q >= 1);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // the state changes only at a monitoring window end; decisions are final
      if (state_q != $past(state_q)) assert($past(f_wend) && ($past(state_q) == StMon));
      // windows_o counts monitoring window ends and saturates
      if ($past(f_wend)) assert(windows_q == (($past(windows_q) == WinMax) ? WinMax : $past(windows_q) + WinOne));
      else               assert(windows_q == $past(windows_q));
      // valid fields shift only at window ends
      if (!$past(f_wend)) assert(valid_q == $past(valid_q));
      else for (fe = 0; fe < Entries; fe = fe + 1) assert(valid_q[fe * 2 + 1] == $past(valid_q[fe * 2]));
      // counters saturate and never wrap: between window ends they only grow
      if (!$past(f_wend)) begin
        assert(f_hit >= $past(f_hit));
        assert(f_miss >= $past(f_miss));
      end else begin
        assert(f_hit == {CntW{1'b0}});
        assert(f_miss == {CntW{1'b0}});
      end
      // a stored PC stays until reset
      if ($past(f_pc) != 32'd0) assert(f_pc == $past(f_pc));
      // win_end_o one cycle after the window's last cycle
      assert(win_end_q == ($past(cyc_q) == CycLast));
      // a victim is useful only when its load is selected
      if (useful_q) assert($past(state_q) == StSel);
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  wire f_cover_selected  = f_live & (state_q == StSel);
  wire f_cover_disabled  = f_live & (state_q == StDis);
  wire f_cover_mon_3     = f_live & (state_q == StMon) & (windows_q >= 2)
                           & (valid_q != {(Entries*2){1'b0}});
  wire f_cover_hit_max   = f_live & (f_hit == CntMax);
  wire f_cover_miss_max  = f_live & (f_miss == CntMax);
  wire f_cover_win_max   = f_live & (windows_q == WinMax);
  wire f_cover_useful    = f_live & useful_q;
  always @* begin
    cover(f_cover_selected);
    cover(f_cover_disabled);
    cover(f_cover_mon_3);
    cover(f_cover_hit_max);
    cover(f_cover_miss_max);
    cover(f_cover_win_max);
    cover(f_cover_useful);
  end
`endif

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
