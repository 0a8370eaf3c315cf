// kit_mem.v - the kit's SRAM-style memory: Depth rows of Width bits, NumWr
// write ports and NumRd read ports per cycle, no reset.
//
// The one file a designer replaces with a foundry macro (doc/harness.md
// "Memories: swapping kit_mem for a macro" gives the ports, the timing and
// what the blocks expect of it). Blocks that need a known value after reset
// keep a per-row written flag in flops beside it (doc/vtt.md "Storage").
//
// Parameters (legal range; anything else stops elaboration with a named error)
//   Depth  1 .. 65536    rows
//   Width  1 .. 4096     bits per row
//   NumRd  1 .. 8        read ports (address k at raddr_i[k*AddrW +: AddrW])
//   NumWr  1 .. 4        write ports; on the same row in one cycle the
//                        higher-numbered port wins
//   RegRd  0 or 1        0: combinational (flow-through) read: rdata shows
//                        the row at raddr in the same cycle, the contents
//                        before this cycle's writes; 1: registered read:
//                        rdata is the row addressed at the last rising edge,
//                        read before that edge's writes (read-first)
// Every port is used every cycle (no enables on the read side: a read has
// no side effect). An address >= Depth is outside the contract: a write
// there is dropped, a read returns an undefined row (the blocks never
// present one; `ifdef FORMAL asserts it for the writes).

`default_nettype none

// Not in the waveforms (a Verilator pragma, a comment to other tools): the
// instantiating block's own wires show every port, and vtt's 32 banks of
// port and parameter copies made its tracing C++ a third larger.
/*verilator tracing_off*/
module kit_mem #(
  parameter integer Depth = 16,
  parameter integer Width = 8,
  parameter integer NumRd = 1,
  parameter integer NumWr = 1,
  parameter integer RegRd = 0
) (
  input  wire                   clk_i,
  input  wire [NumWr-1:0]       we_i,
  input  wire [NumWr*AddrW-1:0] waddr_i,
  input  wire [NumWr*Width-1:0] wdata_i,
  input  wire [NumRd*AddrW-1:0] raddr_i,
  output wire [NumRd*Width-1:0] rdata_o
);

  localparam integer AddrW = (Depth > 1) ? $clog2(Depth) : 1;

  generate
    if (Depth < 1 || Depth > 65536) begin : g_err_depth
      kit_mem_param_error_Depth_must_be_1_to_65536 u_err ();
    end
    if (Width < 1 || Width > 4096) begin : g_err_width
      kit_mem_param_error_Width_must_be_1_to_4096 u_err ();
    end
    if (NumRd < 1 || NumRd > 8) begin : g_err_numrd
      kit_mem_param_error_NumRd_must_be_1_to_8 u_err ();
    end
    if (NumWr < 1 || NumWr > 4) begin : g_err_numwr
      kit_mem_param_error_NumWr_must_be_1_to_4 u_err ();
    end
    if (RegRd != 0 && RegRd != 1) begin : g_err_regrd
      kit_mem_param_error_RegRd_must_be_0_or_1 u_err ();
    end
  endgenerate

  reg [Width-1:0] mem_q [0:Depth-1];

  // Writes: one process for every port, so the later port's write to a row
  // is the one that lands (NumWr ports in port order).
  integer w;
  always @(posedge clk_i) begin
    for (w = 0; w < NumWr; w = w + 1) begin
      if (we_i[w]) begin
        mem_q[waddr_i[w * AddrW +: AddrW]] <= wdata_i[w * Width +: Width];
      end
    end
  end

  genvar r;
  generate
    for (r = 0; r < NumRd; r = r + 1) begin : g_rd
      wire [AddrW-1:0] addr = raddr_i[r * AddrW +: AddrW];
      if (RegRd == 0) begin : g_comb
        assign rdata_o[r * Width +: Width] = mem_q[addr];
      end else begin : g_reg
        reg [Width-1:0] rdata_q;
        always @(posedge clk_i) begin
          rdata_q <= mem_q[addr];
        end
        assign rdata_o[r * Width +: Width] = rdata_q;
      end
    end
  endgenerate

`ifdef FORMAL
  // The contract: a write port only ever addresses an existing row.
  integer fw;
  always @* begin
    for (fw = 0; fw < NumWr; fw = fw + 1) begin
      if (we_i[fw]) assert({1'b0, waddr_i[fw * AddrW +: AddrW]} < Depth[AddrW:0]);
    end
  end
`endif

endmodule
/*verilator tracing_on*/

`default_nettype wire
