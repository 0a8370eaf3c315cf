// wpctl.v - the GPU-wide partition controller of Liang, Li, Xie's dynamic
// way partitioning: period end (every SM done or a timeout), a 16-bit LFSR
// for the profiling SMs' donors, the poll of every SM's IPC register
// through one comparator, and the partition writes to the SMs' waypart.
//
// Liang, Li, Xie, "Exploring Cache Bypassing and Partitioning for
// Multi-Tasking on GPUs", III-B3. One controller per GPU. Every output is
// a flop or decoded from flops only (WP24).
//
// Specification: doc/wpctl.md, sections "Ports", "State and reset", "One
// edge, by phase", "The decisions" (WP11-WP18, WP23-WP31), "Paper
// readings", "Storage".
//
// Parameters (legal range, default; anything else stops elaboration with a
// named error)
//   NumSm    2 .. 64, >= Kernels + 1 (15)    Kernels  1 .. 8 (2)
//   Ways     2 .. 32 (4)                     IpcW     4 .. 32 (32)
//   Kernels x clog2(Ways+1) <= 32            Seed     1 .. 65535 (0xACE1)
//   PerMax   0 (none), 2 .. 2^30 (2^20)      FolMean  0, 1 (0)  doc "Paper readings"

`default_nettype none

module wpctl #(
  parameter integer NumSm   = 15,
  parameter integer Kernels = 2,
  parameter integer Ways    = 4,
  parameter integer IpcW    = 32,
  parameter integer Seed    = 32'hACE1,
  parameter integer PerMax  = 1048576,
  parameter integer FolMean = 0
) (
  input  wire               clk_i,
  input  wire               rst_ni,
  input  wire [NumSm-1:0]   sm_done_i,
  input  wire [IpcW-1:0]    rd_ipc_i,
  input  wire               static_i,
  input  wire [PartW-1:0]   cfg_part_i,
  output wire               meas_o,
  output wire               start_o,
  output wire               rd_valid_o,
  output wire [SmW-1:0]     rd_sm_o,
  output wire               wr_valid_o,
  output wire               wr_all_o,
  output wire [SmW-1:0]     wr_sm_o,
  output wire [PartW-1:0]   wr_part_o,
  output wire [PartW-1:0]   fol_part_o,
  output wire [WinW-1:0]    win_o,
  output wire [BW-1:0]      best_o,
  output wire [15:0]        periods_o,
  output wire [15:0]        lfsr_o
);

  // ---------------------------------------------------------------------
  // Derived values (doc/wpctl.md "Parameters")
  // ---------------------------------------------------------------------
  localparam integer K     = Kernels;
  localparam integer SmW   = $clog2(NumSm);
  localparam integer KW    = (K > 1) ? $clog2(K) : 1;
  localparam integer CW    = $clog2(Ways + 1);
  localparam integer PartW = K * CW;
  localparam integer WinW  = $clog2(K + 1);
  localparam integer NF    = NumSm - K;
  localparam integer NfW   = (NF > 1) ? $clog2(NF) : 0;
  localparam integer BW    = IpcW + ((FolMean != 0) ? NfW : 0);
  localparam integer CntW  = (PerMax > 1) ? $clog2(PerMax) : 1;
  localparam integer PerLast = (PerMax > 1) ? PerMax - 1 : 0;
  localparam integer KL    = K - 1;
  localparam integer SmL   = NumSm - 1;
  localparam integer SumW  = CW + 3;                         // a sum of K <= 8 fields
  localparam [1:0] Run = 2'd0, Poll = 2'd1, Bcast = 2'd2, Prof = 2'd3;
  localparam [SmW-1:0]  KV    = K[SmW-1:0];
  localparam [SmW-1:0]  KLast = KL[SmW-1:0];
  localparam [SmW-1:0]  SmLast = SmL[SmW-1:0];
  localparam [KW:0]     KK    = K[KW:0];
  localparam [SmW-1:0]  SmOne = {{(SmW-1){1'b0}}, 1'b1};
  localparam [SumW-1:0] WaysV = Ways[SumW-1:0];
  localparam [15:0]     SeedV = Seed[15:0];
  localparam [15:0]     Taps  = 16'hB400;                    // WP15
  localparam [CntW-1:0] CntLast = PerLast[CntW-1:0];
  localparam [CntW-1:0] CntOne  = {{(CntW-1){1'b0}}, 1'b1};
  localparam [6:0]      NfV   = NF[6:0];

  // WP13: the Even partition, dealt one way at a time (as waypart's even_f)
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
  localparam [PartW-1:0] PartEven = even_f(Ways, K);

  // ---------------------------------------------------------------------
  // Illegal parameters stop elaboration
  // ---------------------------------------------------------------------
  generate
    if (Kernels < 1 || Kernels > 8 || NumSm < Kernels + 1 || NumSm > 64) begin : g_err_sm
      wpctl_param_error_Kernels_1_to_8_NumSm_Kernels_plus_1_to_64 u_err ();
    end
    if (Ways < 2 || Ways > 32 || PartW > 32 || IpcW < 4 || IpcW > 32) begin : g_err_w
      wpctl_param_error_Ways_2_to_32_PartW_le_32_IpcW_4_to_32 u_err ();
    end
    if (Seed < 1 || Seed > 65535 || PerMax < 0 || PerMax == 1 || PerMax > 1073741824) begin : g_err_seed
      wpctl_param_error_Seed_1_to_65535_PerMax_0_or_2_to_2pow30 u_err ();
    end
    if (FolMean < 0 || FolMean > 1) begin : g_err_mode
      wpctl_param_error_FolMean_0_or_1 u_err ();
    end
  endgenerate

  // ---------------------------------------------------------------------
  // State (doc "State and reset")
  // ---------------------------------------------------------------------
  reg [PartW-1:0]  f_q, f_d;          // F
  reg [K*KW-1:0]   dn_q, dn_d;        // donors d_i
  reg [K-1:0]      mv_q, mv_d;        // moves valid
  reg [15:0]       lfsr_q, lfsr_d;
  reg [BW-1:0]     best_q, best_d;
  reg [WinW-1:0]   win_q, win_d;
  reg [1:0]        ph_q, ph_d;
  reg [SmW-1:0]    idx_q, idx_d;
  reg              warm_q, warm_d;
  reg              start_q, start_d;
  reg [15:0]       per_q, per_d;
  wire             timeout;          // WP30


  // P_i (WP14, WP24): F with +1 at field i and -1 at field d_i when mv_i
  function [PartW-1:0] prof_f;
    input [PartW-1:0] f;
    input [K*KW-1:0]  dn;
    input [K-1:0]     mv;
    input [SmW-1:0]   i;
    integer k, j;
    reg [KW-1:0] d;
    reg          m;
    begin
      d = {KW{1'b0}};
      m = 1'b0;
      for (j = 0; j < K; j = j + 1) begin
        if (i == j[SmW-1:0]) begin
          d = dn[j * KW +: KW];
          m = mv[j];
        end
      end
      prof_f = f;
      for (k = 0; k < K; k = k + 1) begin
        if (m && i == k[SmW-1:0]) prof_f[k * CW +: CW] = prof_f[k * CW +: CW] + {{(CW-1){1'b0}}, 1'b1};
        if (m && d == k[KW-1:0])  prof_f[k * CW +: CW] = prof_f[k * CW +: CW] - {{(CW-1){1'b0}}, 1'b1};
      end
    end
  endfunction

  // ---------------------------------------------------------------------
  // The draw for profiling SM di (WP14, WP15, WP31)
  // ---------------------------------------------------------------------
  wire [SmW-1:0] di = (ph_q == Bcast) ? {SmW{1'b0}} : idx_q + SmOne;
  wire [KW:0]    r_raw = {1'b0, lfsr_q[KW-1:0]};
  wire [KW:0]    r_fold = (r_raw >= KK) ? r_raw - KK : r_raw;     // < K
  reg  [KW-1:0]  donor;
  reg            found;
  reg  [KW:0]    cand;
  integer        n;
  always @* begin
    donor = {KW{1'b0}};
    found = 1'b0;
    cand  = {(KW+1){1'b0}};
    for (n = 0; n < K; n = n + 1) begin
      cand = r_fold + n[KW:0];
      if (cand >= KK) cand = cand - KK;
      if (!found && {{(31-KW){1'b0}}, cand} != {{(32-SmW){1'b0}}, di} &&
          f_q[cand[KW-1:0] * CW +: CW] != {CW{1'b0}}) begin
        found = 1'b1;
        donor = cand[KW-1:0];
      end
    end
  end
  reg [15:0] lfsr_nx;
  integer    s;
  always @* begin
    lfsr_nx = lfsr_q;
    for (s = 0; s < KW; s = s + 1) begin
      lfsr_nx = {1'b0, lfsr_nx[15:1]} ^ (lfsr_nx[0] ? Taps : 16'h0000);
    end
  end

  // ---------------------------------------------------------------------
  // Period end (WP11, WP17, WP30), the static partition (WP18, WP26)
  // ---------------------------------------------------------------------
  wire per_end = (ph_q == Run) && !start_q && ((&sm_done_i) || timeout);
  reg [SumW-1:0] cfg_sum;
  integer        c;
  always @* begin
    cfg_sum = {SumW{1'b0}};
    for (c = 0; c < K; c = c + 1) begin
      cfg_sum = cfg_sum + {3'b000, cfg_part_i[c * CW +: CW]};
    end
  end

  // ---------------------------------------------------------------------
  // The comparator (WP16)
  // ---------------------------------------------------------------------
  wire [BW-1:0]  v_ext  = {{(BW-IpcW){1'b0}}, rd_ipc_i};
  wire [BW+6:0]  v_prod = {7'b0, v_ext} * {{BW{1'b0}}, NfV};
  wire [BW-1:0]  v_cmp  = (FolMean != 0) ? v_prod[BW-1:0] : v_ext;   // fits: BW = IpcW + clog2 nF
  wire [6:0]     unused_prod = v_prod[BW+6:BW];
  wire           prof_sm = idx_q < KV;
  wire           beat    = v_cmp > best_q;                           // strict: ties keep
  wire [BW-1:0]  fol_best = (FolMean != 0) ? best_q + v_ext : (beat ? v_ext : best_q);
  wire [WinW-1:0] win_new = (prof_sm && beat) ? idx_q[WinW-1:0] + {{(WinW-1){1'b0}}, 1'b1} : win_q;
  wire [31:0]     win_sm32 = {{(32-WinW){1'b0}}, win_new} - 32'd1;
  wire [SmW-1:0]  win_sm  = win_sm32[SmW-1:0];
  wire [31-SmW:0] unused_win = win_sm32[31:SmW];

  // ---------------------------------------------------------------------
  // Next state (doc "One edge, by phase")
  // ---------------------------------------------------------------------
  always @* begin
    f_d     = f_q;
    dn_d    = dn_q;
    mv_d    = mv_q;
    lfsr_d  = lfsr_q;
    best_d  = best_q;
    win_d   = win_q;
    ph_d    = ph_q;
    idx_d   = idx_q;
    warm_d  = warm_q;
    start_d = 1'b0;
    per_d   = per_q;
    case (ph_q)
      Run: begin
        if (per_end) begin
          if (per_q != 16'hFFFF) per_d = per_q + 16'd1;            // WP29
          warm_d = 1'b0;
          if (static_i) begin                                       // WP18, WP26
            if (cfg_sum <= WaysV) f_d = cfg_part_i;
            mv_d  = {K{1'b0}};                                      // WP27
            ph_d  = Bcast;
            idx_d = KV;
          end else if (warm_q) begin                                // WP13
            mv_d  = {K{1'b0}};
            ph_d  = Bcast;
            idx_d = {SmW{1'b0}};
          end else begin
            ph_d   = Poll;
            idx_d  = KV;
            best_d = {BW{1'b0}};
            win_d  = {WinW{1'b0}};
          end
        end
      end
      Poll: begin
        if (!prof_sm) best_d = fol_best;
        else if (beat) best_d = v_cmp;
        win_d = win_new;
        if (idx_q == KLast) begin
          if (win_new != {WinW{1'b0}}) f_d = prof_f(f_q, dn_q, mv_q, win_sm);
          mv_d  = {K{1'b0}};                                        // WP27
          ph_d  = Bcast;
          idx_d = {SmW{1'b0}};
        end else begin
          idx_d = (idx_q == SmLast) ? {SmW{1'b0}} : idx_q + SmOne;
        end
      end
      Bcast: begin
        if (idx_q == KV) begin                                      // a static end
          ph_d    = Run;
          start_d = 1'b1;
        end else begin
          dn_d[0 +: KW] = donor;
          mv_d[0]       = found;
          lfsr_d        = lfsr_nx;
          ph_d          = Prof;
          idx_d         = {SmW{1'b0}};
        end
      end
      default: begin                                                // Prof
        if (idx_q == KLast) begin
          ph_d    = Run;
          start_d = 1'b1;
        end else begin
          dn_d[di[KW-1:0] * KW +: KW] = donor;
          mv_d[di[KW-1:0]]            = found;
          lfsr_d                      = lfsr_nx;
          idx_d                       = di;
        end
      end
    endcase
    if (K == 1) begin                                               // WP14: no moves, no
      dn_d = {(K*KW){1'b0}};                                        // move registers
      mv_d = {K{1'b0}};                                             // (constant: removed)
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      f_q     <= PartEven;
      dn_q    <= {(K*KW){1'b0}};
      mv_q    <= {K{1'b0}};
      lfsr_q  <= SeedV;
      best_q  <= {BW{1'b0}};
      win_q   <= {WinW{1'b0}};
      ph_q    <= Run;                                               // WP23
      idx_q   <= {SmW{1'b0}};
      warm_q  <= 1'b1;
      start_q <= 1'b1;
      per_q   <= 16'd0;
    end else begin
      f_q     <= f_d;
      dn_q    <= dn_d;
      mv_q    <= mv_d;
      lfsr_q  <= lfsr_d;
      best_q  <= best_d;
      win_q   <= win_d;
      ph_q    <= ph_d;
      idx_q   <= idx_d;
      warm_q  <= warm_d;
      start_q <= start_d;
      per_q   <= per_d;
    end
  end

  // WP30: the timeout counter (measuring cycles of the period), absent
  // when PerMax = 0
  generate
    if (PerMax > 1) begin : g_timeout
      reg [CntW-1:0] cnt_q, cnt_d;
      always @* begin
        cnt_d = cnt_q;
        if (per_end) cnt_d = {CntW{1'b0}};
        else if (ph_q == Run) cnt_d = cnt_q + CntOne;
      end
      always @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) cnt_q <= {CntW{1'b0}};
        else         cnt_q <= cnt_d;
      end
      assign timeout = cnt_q == CntLast;
    end else begin : g_no_timeout
      assign timeout = 1'b0;
    end
  endgenerate

  // ---------------------------------------------------------------------
  // Outputs, decoded from the registers (WP24, WP25, WP28)
  // ---------------------------------------------------------------------
  assign meas_o     = ph_q == Run;
  assign start_o    = start_q;
  assign rd_valid_o = ph_q == Poll;
  assign rd_sm_o    = (ph_q == Poll) ? idx_q : {SmW{1'b0}};
  assign wr_valid_o = ph_q[1];
  assign wr_all_o   = ph_q == Bcast;
  assign wr_sm_o    = (ph_q == Prof) ? idx_q : {SmW{1'b0}};
  assign wr_part_o  = (ph_q == Bcast) ? f_q :
                      (ph_q == Prof)  ? prof_f(f_q, dn_q, mv_q, idx_q) : {PartW{1'b0}};
  assign fol_part_o = f_q;
  assign win_o      = win_q;
  assign best_o     = best_q;
  assign periods_o  = per_q;
  assign lfsr_o     = lfsr_q;

`ifdef FORMAL
  // =====================================================================
  // Formal properties (doc/wpctl.md "Invariants" and "Formal"), run by
  // `formal/formal.sh wpctl` at the reduced configurations of
  // formal/wpctl.sby: proved by k-induction, every guarded assert with a
  // cover of its premise (formal/premises.py).
  // =====================================================================
  `include "f_reset.vh"  // f_past_valid; starts in reset
  wire f_live = f_past_valid & rst_ni;

  function [SumW-1:0] f_sum;
    input [PartW-1:0] p;
    integer k;
    begin
      f_sum = {SumW{1'b0}};
      for (k = 0; k < K; k = k + 1) f_sum = f_sum + {3'b000, p[k * CW +: CW]};
    end
  endfunction
  wire [SumW-1:0]  f_fsum = f_sum(f_q);
  wire [PartW-1:0] f_pidx = prof_f(f_q, dn_q, mv_q, idx_q);
  reg  [KW-1:0]    f_dn;
  integer          fi, fk;

  always @* begin
    if (rst_ni) begin
      // Invariant 1: F sums to at most Ways
      assert(f_fsum <= WaysV);
      // Invariant 3: the LFSR never locks
      assert(lfsr_q != 16'h0000);
      // Invariant 4: start_o only in RUN; meas_o exactly in RUN
      if (start_q) assert(ph_q == Run);
      assert(meas_o == (ph_q == Run));
      assert(!(rd_valid_o && wr_valid_o));
      // Invariant 5: the index in each phase
      if (ph_q == Poll) assert(idx_q <= SmLast);
      if (ph_q == Bcast) assert(idx_q == {SmW{1'b0}} || idx_q == KV);
      if (ph_q == Prof) assert(idx_q <= KLast);
      // WP16: the winner is 0 or a profiling SM
      assert(win_q <= K);
      // WP13: period 1 has no moves and no period end behind it
      if (warm_q) assert(mv_q == {K{1'b0}} && per_q == 16'd0 && ph_q == Run);
      // Invariant 2: a move's donor is another kernel with a way
      for (fi = 0; fi < K; fi = fi + 1) begin
        f_dn = dn_q[fi * KW +: KW];
        if (mv_q[fi]) begin
          assert(f_dn < KK && f_dn != fi[KW-1:0] && f_q[f_dn * CW +: CW] != {CW{1'b0}});
        end
      end
      // Invariant 2 at the ports: a profiling write keeps F's sum and
      // differs from F at field idx (+1) and the donor (-1) only
      if (ph_q == Prof) begin
        assert(f_sum(f_pidx) == f_fsum);
        for (fk = 0; fk < K; fk = fk + 1) begin
          if (fk[SmW-1:0] != idx_q && !(mv_q[idx_q[KW-1:0]] && dn_q[idx_q[KW-1:0] * KW +: KW] == fk[KW-1:0])) begin
            assert(f_pidx[fk * CW +: CW] == f_q[fk * CW +: CW]);
          end
        end
      end
      // WP25: idle values
      if (ph_q != Poll) assert(rd_sm_o == {SmW{1'b0}});
      if (!wr_valid_o) assert(wr_part_o == {PartW{1'b0}} && wr_sm_o == {SmW{1'b0}});
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // Invariant 6: F changes only at the poll's last edge or a static end
      if (f_q != $past(f_q)) begin
        assert(($past(ph_q) == Poll && $past(idx_q) == KLast) || ($past(per_end) && $past(static_i)));
      end
      // Invariant 8: a poll starts at SM K and visits the SMs in order
      if (ph_q == Poll && $past(ph_q) == Run) assert(idx_q == KV);
      if (ph_q == Poll && $past(ph_q) == Poll) begin
        assert(idx_q == (($past(idx_q) == SmLast) ? {SmW{1'b0}} : $past(idx_q) + SmOne));
      end
      // WP15: the LFSR moves only at a draw
      if (lfsr_q != $past(lfsr_q)) assert($past(ph_q) == Bcast || $past(ph_q) == Prof);
      // WP29: periods never decrease
      assert(per_q >= $past(per_q));
      // WP17: a period does not end in its start_o cycle
      if ($past(start_q)) assert(ph_q == Run);
    end
  end

  // Each cover is a named f_cover_* signal (formal/formal.sh reports it).
  wire f_cover_warm_end   = f_live & (ph_q == Bcast) & (idx_q == {SmW{1'b0}}) & (per_q == 16'd1);
  wire f_cover_win_prof   = f_live & (ph_q == Bcast) & (win_q != {WinW{1'b0}}) & (per_q == 16'd2);
  wire f_cover_no_move    = f_live & (ph_q == Prof) & ~mv_q[idx_q[KW-1:0]];
  wire f_cover_zero_way   = f_live & (ph_q == Bcast) & (f_q[0 +: CW] == {CW{1'b0}});
  wire f_cover_static_end = f_live & (ph_q == Bcast) & (idx_q == KV);
  reg  f_tie, f_fold, f_tmo;
  always @(posedge clk_i) begin
    f_tie  <= rst_ni & (ph_q == Poll) & prof_sm & (v_cmp == best_q) & (best_q != {BW{1'b0}});
    f_fold <= rst_ni & ph_q[1] & (r_raw >= KK);
    f_tmo  <= rst_ni & per_end & ~(&sm_done_i);
  end
  wire f_cover_tie        = f_live & f_tie;
  wire f_cover_fold       = f_live & f_fold;
  wire f_cover_timeout    = f_live & f_tmo;
  always @* begin
    cover(f_cover_warm_end);
    cover(f_cover_win_prof);
    cover(f_cover_no_move);
    cover(f_cover_zero_way);
    cover(f_cover_static_end);
    cover(f_cover_tie);
    cover(f_cover_fold);
    cover(f_cover_timeout);
  end
`endif

endmodule

`default_nettype wire
