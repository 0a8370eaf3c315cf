// formal/f_reset.vh - the reset contract of every block's formal
// properties (doc/harness.md "Formal"), included under `ifdef FORMAL by
// rtl/<block>/<block>.v, which must have clk_i and rst_ni. f_past_valid
// is 0 in the first cycle and 1 after it: the guard of every $past. The
// solver starts in reset (an assume in the first cycle only), so no
// property holds vacuously because of an unreachable start state; after
// it no input is constrained by this file.
reg f_past_valid;
initial f_past_valid = 1'b0;
always @(posedge clk_i) f_past_valid <= 1'b1;
always @* if (!f_past_valid) assume(!rst_ni);
