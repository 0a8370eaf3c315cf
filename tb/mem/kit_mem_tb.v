// kit_mem_tb.v - self-checking Icarus testbench of rtl/mem/kit_mem.v at one
// configuration (Depth 5, Width 8, 2 read and 2 write ports; RegRd from
// the command line: iverilog -Pkit_mem_tb.RegRd=0|1). It pins the timing
// doc/harness.md "Memories" promises: a write lands at the edge; two ports
// on one row: the higher port wins; a combinational read shows the row in
// the same cycle, before this cycle's write; a registered read shows the
// row addressed at the last edge, read before that edge's writes. Prints
// "PASS kit_mem RegRd=N" or one "FAIL kit_mem ..." line per wrong read.
// BUG=1 swaps the write ports' priority (the test must then fail).

`timescale 1ns / 1ps
`default_nettype none

module kit_mem_tb;
  parameter integer RegRd = 0;
  parameter integer Bug   = 0;
  localparam integer AW = 3, W = 8;

  reg            clk = 1'b0;
  reg  [1:0]     we = 2'b00;
  reg  [2*AW-1:0] waddr = 0;
  reg  [2*W-1:0]  wdata = 0;
  reg  [2*AW-1:0] raddr = 0;
  wire [2*W-1:0]  rdata;
  integer         errors = 0;

  kit_mem #(.Depth(5), .Width(W), .NumRd(2), .NumWr(2), .RegRd(RegRd)) dut (
    .clk_i(clk), .we_i(Bug ? {we[0], we[1]} : we), .waddr_i(Bug ? {waddr[0 +: AW], waddr[AW +: AW]} : waddr),
    .wdata_i(Bug ? {wdata[0 +: W], wdata[W +: W]} : wdata), .raddr_i(raddr), .rdata_o(rdata));

  task edge_;
    begin
      #5 clk = 1'b1; #5 clk = 1'b0;
    end
  endtask
  // write PORT ADDR DATA for the next edge
  task wr(input integer p, input [AW-1:0] a, input [W-1:0] d);
    begin
      we[p] = 1'b1; waddr[p * AW +: AW] = a; wdata[p * W +: W] = d;
    end
  endtask
  task expect_rd(input integer p, input [W-1:0] d, input [8*64-1:0] what);
    begin
      #1;
      if (rdata[p * W +: W] !== d) begin
        $display("FAIL kit_mem RegRd=%0d: %0s: read port %0d gives %h, expected %h", RegRd, what, p,
                 rdata[p * W +: W], d);
        errors = errors + 1;
      end
    end
  endtask

  initial begin
    // fill rows 0..4 with 8'h10 + row through port 0
    wr(0, 0, 8'h10); edge_; wr(0, 1, 8'h11); edge_; wr(0, 2, 8'h12); edge_;
    wr(0, 3, 8'h13); edge_; wr(0, 4, 8'h14); edge_; we = 2'b00;
    // read rows 3 and 4; with RegRd an edge first
    raddr = {3'd4, 3'd3};
    if (RegRd) edge_;
    expect_rd(0, 8'h13, "row 3 after its write");
    expect_rd(1, 8'h14, "row 4 after its write");
    // both ports write row 1 in one cycle: port 1 wins
    wr(0, 1, 8'hA0); wr(1, 1, 8'hB1); raddr = {3'd1, 3'd1};
    if (!RegRd) expect_rd(0, 8'h11, "row 1 in the cycle of its write (old contents)");
    edge_; we = 2'b00;
    if (RegRd) expect_rd(0, 8'h11, "row 1 registered at the edge of its write (read-first)");
    if (RegRd) edge_;
    expect_rd(1, 8'hB1, "row 1 after two writes in one cycle (port 1 wins)");
    // one port writes while another row is read: the read is unaffected
    wr(1, 2, 8'hC2); raddr = {3'd0, 3'd2};
    edge_; we = 2'b00;
    if (RegRd) edge_;
    expect_rd(1, 8'h10, "row 0 beside a write of row 2");
    expect_rd(0, 8'hC2, "row 2 after port 1 wrote it");
    if (errors == 0) $display("PASS kit_mem RegRd=%0d Bug=%0d: writes, port priority, read timing", RegRd, Bug);
    $finish;
  end
endmodule

`default_nettype wire
