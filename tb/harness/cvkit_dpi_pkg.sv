// cvkit_dpi_pkg.sv - the kit's golden models for SystemVerilog: the
// `import "DPI-C"` declarations of tb/harness/dpi.h, once for every block
// (doc/dpi.md). A testbench uses a block's generated package
// (cvkit_<block>_pkg, `kit dpigen`), whose typed functions call these.
//
// Port values cross as one packed vector per direction of DPI_BITS bits:
// port i of that direction in bits [64*i +: width]. One width for every
// block keeps one signature per C function, so several blocks' packages
// can be compiled into one simulation.
`timescale 1ns/1ps
package cvkit_dpi_pkg;
  localparam int DPI_BITS = 4096;
  typedef bit [DPI_BITS-1:0] cvkit_vec_t;

  import "DPI-C" function string cvkit_dpi_error();
  import "DPI-C" function chandle cvkit_dpi_new(input string block, input string params,
                                                input string widths);
  import "DPI-C" function void cvkit_dpi_reset(input chandle h);
  import "DPI-C" function int cvkit_dpi_step(input chandle h, input cvkit_vec_t in_v,
                                             output cvkit_vec_t out_v);
  import "DPI-C" function longint unsigned cvkit_dpi_cycles(input chandle h);
  import "DPI-C" function int cvkit_dpi_ncover(input chandle h);
  import "DPI-C" function string cvkit_dpi_cover_name(input chandle h, input int i);
  import "DPI-C" function longint unsigned cvkit_dpi_cover_count(input chandle h, input int i);
  import "DPI-C" function int cvkit_dpi_toggle_bits(input chandle h);
  import "DPI-C" function int cvkit_dpi_toggle_covered(input chandle h);
  import "DPI-C" function void cvkit_dpi_free(input chandle h);
  import "DPI-C" function chandle cvkit_dpi_stim_new(input chandle h, input longint unsigned seed,
                                                     input longint unsigned cycles,
                                                     input string path);
  import "DPI-C" function int cvkit_dpi_stim_next(input chandle s, output cvkit_vec_t in_v);
  import "DPI-C" function void cvkit_dpi_stim_free(input chandle s);
  import "DPI-C" function int cvkit_dpi_compare(input chandle h, input cvkit_vec_t got_v,
                                                input string repro);
  import "DPI-C" function int cvkit_dpi_result(input chandle h, input string path,
                                               input string top, input string repro);
endpackage
