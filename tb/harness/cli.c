/*
 * kit.c - the kit's C-only command-line tool (no Verilator inside):
 *
 *   kit blocks                                   list blocks
 *   kit gflags   BLOCK [P=V..]                   -G flags for Verilator
 *   kit cfgid    BLOCK [P=V..]                   build directory name
 *   kit rtlparams BLOCK [P=V..]                  "Sets=384 Ways=16 ..."
 *   kit top BLOCK / kit rtl BLOCK                our RTL's top module / files
 *   kit vectors  BLOCK -o FILE [--seed N] [--cycles N | --stim FILE] [P=V..]
 *                [--traffic KERNEL | --trace FILE [--traffic-params 'P=V ..']]
 *   kit checkvec FILE [--json]                   validate + replay on the C model
 *   kit tbgen    FILE -o TB.v [--top MODULE]     Icarus replay bench for FILE
 *   kit portcheck BLOCK VDUT_H [P=V..]           RTL ports vs the .def
 *   kit overhead BLOCK [P=V..] [--json]          storage report (--json: cvkit.overhead/1)
 *   kit overhead BLOCK [P=V..] --sweep SPEC [-o F.csv]  storage at every point of SPEC, as CSV
 *   kit summary linebacker                       section 4.2 items over lm, vtt, ctl
 *   kit miter    BLOCK -o FILE [--base] [P=V..] equivalence miter (--base: the structural base case)
 *   kit vcd2stim BLOCK TRACE.vcd -o F.stim [P=V..] counterexample as stimulus
 *   kit vec2stim FILE.vec -o F.stim [--cycles N]   a vector file's inputs as stimulus
 *   kit checks   BLOCK                           the block's default check
 *   kit equiv    BLOCK                           its equivalence configurations
 *   kit plan     TARGET [options]                the job list of a flow (tb/harness/plan.c)
 *   kit dpigen   BLOCK -o DIR [--top M] [--rtl F] [P=V..]  DPI-C package + SV testbench
 *   kit dpitop   -o FILE BLOCK...                 top of DPI-C testbenches (tb/harness/dpigen.c)
 *   kit traffic  KERNEL|--import F|--list ...    GPU kernel traces (tb/harness/traffic_cmd.c)
 *
 * Every error is one line on stderr naming the file, line or parameter,
 * with exit status 2 (usage) or 1 (bad input / failed check); an output
 * file is written whole or not at all (vectors/fileio.c), and only over a
 * regular file. Arguments after BLOCK are parsed by tb/harness/args.c: unknown
 * options, stray words and repeated parameters are errors.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "tb/harness/args.h"
#include "cmodel/core/block.h"
#include "vectors/fileio.h"
#include "tb/harness/classify.h"
#include "tb/harness/dpigen.h"
#include "tb/harness/partition.h"
#include "tb/harness/plan.h"
#include "tb/harness/sweep.h"
#include "tb/harness/traffic_cmd.h"
#include "tb/stim/source.h"
#include "vectors/vcd.h"
#include "vectors/vecio.h"

static char err[1024];

static int usage(void)
{
  fprintf(stderr,
          "usage: kit blocks | gflags|cfgid|rtlparams BLOCK [P=V..] | overhead BLOCK [P=V..] [--json | --sweep SPEC [-o F.csv]] |\n"
          "       vectors BLOCK -o FILE [--seed N] [--cycles N | --stim FILE | --traffic K | --trace F] [P=V..] |\n"
          "       checkvec FILE [--json] | tbgen FILE -o TB.v [--top MODULE] | portcheck BLOCK VDUT_H [P=V..] |\n"
          "       summary linebacker | miter BLOCK -o FILE [--base] [P=V..] |\n"
          "       vcd2stim BLOCK TRACE.vcd -o FILE.stim [P=V..] | vec2stim FILE.vec -o FILE.stim [--cycles N] |\n"
          "       checks BLOCK | equiv BLOCK | partition TABLE [-o FILE.stim] [--json] |\n"
          "       classify PROFILE [--lo PCT] [--hi PCT] | traffic (--list | KERNEL .. | --import ..) |\n"
          "       dpigen BLOCK -o DIR [--top MODULE] [--rtl FILES] [P=V..] | dpitop -o FILE BLOCK...\n");
  return 2;
}

static const kit_block_t *find_block(const char *name)
{
  const kit_block_t *b = kit_block_find(name);
  if (!b) snprintf(err, sizeof err, "unknown block '%s' (kit blocks lists them)", name);
  return b;
}

static void rtl_params(const kit_block_t *b, const long *P, const char *fmt, const char *sep,
                       FILE *f)
{
  int first = 1;
  for (unsigned i = 0; i < b->nparams; i++) {
    if (!b->params[i].in_rtl) continue;
    if (!first) fputs(sep, f);
    fprintf(f, fmt, b->params[i].name, P[i]);
    first = 0;
  }
  fputc('\n', f);
}

/* The build directory name: the RTL parameters as NAME VALUE joined by
 * '_', or, when that would pass KIT_CFGID_MAX characters (a composite with
 * many parameters; file names stop at 255), its first KIT_CFGID_KEEP
 * characters and a 64-bit FNV-1a hash of the whole. Shorter names are
 * unchanged. */
#define KIT_CFGID_MAX 160u
#define KIT_CFGID_KEEP 120
static void cfgid(const kit_block_t *b, const long *P, FILE *f)
{
  char id[KIT_MAX_PARAMS * 48];
  size_t n = 0;
  for (unsigned i = 0; i < b->nparams && n < sizeof id; i++) {
    if (!b->params[i].in_rtl) continue;
    n += (size_t)snprintf(id + n, sizeof id - n, "%s%s%ld", n ? "_" : "", b->params[i].name, P[i]);
  }
  if (n <= KIT_CFGID_MAX) {
    fprintf(f, "%s\n", id);
    return;
  }
  uint64_t h = 1469598103934665603ull;
  for (size_t k = 0; id[k]; k++) h = (h ^ (unsigned char)id[k]) * 1099511628211ull;
  fprintf(f, "%.*s_h%016llx\n", KIT_CFGID_KEEP, id, (unsigned long long)h);
}

static const char *const storage_group[] = {"added", "baseline", "interface"};

/* A row outside the block's RTL (its text starts "external:"): counted in
 * the model's total, not among the RTL's flops. */
static int storage_external(const kit_storage_row_t *w) { return strncmp(w->what, "external:", 9) == 0; }

/* `kit overhead BLOCK [P=V..] --json`: the storage estimate as one JSON
 * object (schema cvkit.overhead/1, doc/results.md). */
static int overhead_json(const kit_block_t *b, const long *P, const kit_storage_t *st)
{
  uint64_t gbits[3] = {0, 0, 0}, ext = 0;
  printf("{\"schema\": \"cvkit.overhead/1\", \"block\": \"%s\", \"params\": {", b->name);
  for (unsigned i = 0; i < b->nparams; i++) printf("%s\"%s\": %ld", i ? ", " : "", b->params[i].name, P[i]);
  printf("}, \"rows\": [");
  for (unsigned r = 0; r < st->nrows; r++) {
    const kit_storage_row_t *w = &st->row[r];
    const uint64_t bits = w->count * w->bits;
    gbits[w->group] += bits;
    if (storage_external(w)) ext += bits;
    printf("%s{\"group\": \"%s\", \"item\": ", r ? ", " : "", storage_group[w->group]);
    kit_json_str(stdout, w->what);
    printf(", \"count\": %" PRIu64 ", \"per\": ", w->count);
    kit_json_str(stdout, w->per);
    printf(", \"bits\": %u, \"total_bits\": %" PRIu64 ", \"external\": %s}", w->bits, bits,
           storage_external(w) ? "true" : "false");
  }
  printf("], \"subtotals\": {\"added\": %" PRIu64 ", \"baseline\": %" PRIu64 ", \"interface\": %" PRIu64
         "}, \"total_bits\": %" PRIu64 ", \"external_bits\": %" PRIu64 ", \"data_bytes\": %" PRIu64
         ", \"paper\": ",
         gbits[0], gbits[1], gbits[2], gbits[0] + gbits[1] + gbits[2], ext, st->data_bytes);
  kit_json_str(stdout, st->paper);
  printf("}\n");
  return 0;
}

static int cmd_overhead(const kit_block_t *b, const long *P, int json)
{
  kit_storage_t st;
  const char *const *gname = storage_group;
  uint64_t gbits[3] = {0, 0, 0}, total = 0;
  b->storage(P, &st);
  if (json) return overhead_json(b, P, &st);
  printf("Storage estimate: block %s (", b->name);
  for (unsigned i = 0; i < b->nparams; i++) printf("%s%s=%ld", i ? " " : "", b->params[i].name, P[i]);
  printf(")\n");
  printf("  %-10s %-32s %10s %-6s %6s %12s\n", "group", "item", "count", "per", "bits", "total bits");
  for (unsigned g = 0; g < 3; g++) {
    for (unsigned r = 0; r < st.nrows; r++) {
      const kit_storage_row_t *w = &st.row[r];
      if (w->group != g) continue;
      uint64_t bits = w->count * w->bits;
      gbits[g] += bits;
      printf("  %-10s %-32s %10" PRIu64 " %-6s %6u %12" PRIu64 "\n", gname[g], w->what, w->count,
             w->per, w->bits, bits);
    }
    printf("  %-10s %-32s %37" PRIu64 "  (%g B)\n", gname[g], "subtotal", gbits[g],
           (double)gbits[g] / 8.0);
    total += gbits[g];
  }
  printf("  model state total (added + baseline + interface): %" PRIu64 " bits\n", total);
  if (st.data_bytes) {
    printf("  data capacity: %" PRIu64 " bytes\n", st.data_bytes);
    printf("%s overhead: %" PRIu64 " B (%" PRIu64 " bits), %.2f%% of data capacity  [%s]\n",
           b->name, (gbits[0] + 7) / 8, gbits[0], 100.0 * (double)gbits[0] / 8.0 / (double)st.data_bytes,
           st.paper);
  } else if (st.paper) {
    /* no data array of its own (a controller, a monitor): the added bits
     * beside what the paper counts */
    printf("%s overhead: %" PRIu64 " B (%" PRIu64 " bits) added  [%s]\n", b->name, (gbits[0] + 7) / 8, gbits[0],
           st.paper);
  }
  if (b->report) b->report(P, stdout);
  return 0;
}

/* `kit summary linebacker`: the paper's section 4.2 table of the
 * linebacker block at its default (paper) configuration, as
 * `kit overhead linebacker` ends. */
static int cmd_summary(const char *what)
{
  const kit_block_t *b = kit_block_find(what);
  if (!b || !b->report) {
    snprintf(err, sizeof err, "no summary '%s' (kit summary linebacker)", what);
    return kit_error(err);
  }
  long P[KIT_MAX_PARAMS];
  kit_params_default(b, P);
  b->report(P, stdout);
  return 0;
}

static int cmd_vectors(const kit_block_t *b, const long *P, const kit_args_t *a)
{
  const char *out = kit_args_get(a, "-o"), *stim = kit_args_get(a, "--stim");
  const char *vs = kit_args_get(a, "--seed"), *vc = kit_args_get(a, "--cycles");
  uint64_t seed = 1, cycles = 20000;
  if (!out) return usage();
  if (stim && vc) return kit_error("give --cycles or --stim, not both");
  if (vs && kit_parse_u64("--seed", vs, 0, UINT64_MAX, &seed, err, sizeof err)) return kit_error(err);
  if (vc && kit_parse_u64("--cycles", vc, 1, KIT_VEC_MAX_CYCLES, &cycles, err, sizeof err)) return kit_error(err);
  kit_source_t src;
  char desc[600];
  const char *tk = kit_args_get(a, "--traffic"), *tf = kit_args_get(a, "--trace"), *tw = kit_args_get(a, "--traffic-params");
  if (!!stim + !!tk + !!tf > 1) return kit_error("give one of --stim, --traffic and --trace");
  if (tw && !tk && !tf) return kit_error("--traffic-params needs --traffic KERNEL or --trace FILE");
  if (tk || tf) {   /* doc/traffic.md: the whole traffic, or --cycles of it */
    kit_hier_src_t hs = {.kernel = tk, .trace = tf, .words = tw, .seed = seed};
    uint64_t in[KIT_MAX_PORTS], n = 0;
    if (kit_source_traffic(&src, b, P, &hs, vc ? cycles : KIT_VEC_MAX_CYCLES, err, sizeof err)) return kit_error(err);
    while (kit_source_next(&src, in)) n++;   /* the header needs the length first */
    snprintf(desc, sizeof desc, "%s %s%s%s", tk ? "traffic" : "trace", tk ? tk : tf, tw ? " " : "", tw ? tw : "");
    int bad = src.terr[0] != 0;
    if (bad) snprintf(err, sizeof err, "%s", src.terr);
    kit_source_free(&src);
    if (bad) return kit_error(err);
    if (kit_source_traffic(&src, b, P, &hs, n, err, sizeof err)) return kit_error(err);
  } else if (stim) {
    if (kit_source_file(&src, b, P, stim, err, sizeof err)) return kit_error(err);
    snprintf(desc, sizeof desc, "file %s", stim);
  } else {
    if (kit_source_random(&src, b, P, seed, cycles)) return kit_error("out of memory");
    snprintf(desc, sizeof desc, "random");
  }
  int rc = kit_source_vec_write(out, NULL, b, P, seed, desc, &src, err, sizeof err);
  kit_source_free(&src);
  if (rc) return kit_error(err);
  printf("wrote %s (%" PRIu64 " cycles)\n", out, src.cycles);
  return 0;
}

/* `kit checkvec FILE [--json]`: validate a vector file and replay it on the
 * C model; with --json the verdict and the file's functional coverage as one
 * JSON object (schema cvkit.checkvec/1, doc/results.md) instead of text. */
static int cmd_checkvec(const char *path, int json)
{
  kit_vec_t v;
  if (kit_vec_read(path, &v, err, sizeof err)) return kit_error(err);
  int rc = kit_vec_replay_model(path, &v, err, sizeof err);
  if (rc == 0) {
    /* and what the file exercises: the block's cover events */
    uint64_t cov[KIT_MAX_COVER];
    unsigned hit = 0;
    kit_vec_cover(&v, cov);
    for (unsigned i = 0; i < v.b->ncover; i++) hit += cov[i] != 0;
    if (json) {
      printf("{\"schema\": \"cvkit.checkvec/1\", \"block\": \"%s\", \"cycles\": %" PRIu64
             ", \"verdict\": \"matched\", \"cover\": {", v.b->name, v.cycles);
      for (unsigned i = 0; i < v.b->ncover; i++)
        printf("%s\"%s\": %" PRIu64, i ? ", " : "", v.b->cover_names[i], cov[i]);
      printf("}}\n");
    } else {
      printf("PASS vectors %s: %" PRIu64 " cycles match the %s model", path, v.cycles, v.b->name);
      if (v.b->ncover) printf(", coverage %u/%u events", hit, v.b->ncover);
      printf("\n");
      if (v.b->ncover) {
        printf("  functional coverage:");
        for (unsigned i = 0; i < v.b->ncover; i++) printf(" %s=%" PRIu64, v.b->cover_names[i], cov[i]);
        printf("\n");
      }
    }
  }
  kit_vec_free(&v);
  return rc ? kit_error(err) : 0;
}

/* The Icarus replay bench: plain Verilog-2005, $readmemh of the whole file
 * into a 64-bit memory, inputs driven at the falling edge, outputs compared
 * with !== one time unit after the rising edge. */
static int cmd_tbgen(const char *path, const char *out, const char *top)
{
  kit_vec_t v;
  kit_out_t o;
  if (kit_vec_read(path, &v, err, sizeof err)) return kit_error(err);
  const kit_block_t *b = v.b;
  unsigned nin = b->nin, ncol = nin + b->nout;
  if (!top) top = b->top;
  /* the path goes into a Verilog string literal: escape " and \ and refuse
   * control characters */
  char lit[4096];
  if (kit_verilog_string(path, lit, sizeof lit)) {
    kit_vec_free(&v);
    snprintf(err, sizeof err, "%s: the path cannot be written into a Verilog string (control character or too long)", path);
    return kit_error(err);
  }
  if (kit_out_open(&o, out, err, sizeof err)) {
    kit_vec_free(&v);
    return kit_error(err);
  }
  FILE *f = o.f;
  fprintf(f, "// Generated by 'kit tbgen %s': Icarus/any-simulator replay bench for block %s.\n"
             "// Run: iverilog -g2005 -o sim THIS_FILE <rtl files> && vvp sim +vec=<vector file> [+waves]\n"
             "// (+loadonly stops after loading the file: make bench times the load apart;\n"
             "// +result=FILE writes the verdict as one JSON line, doc/results.md)\n"
             "`timescale 1ns/1ps\n`default_nettype none\nmodule replay_tb;\n", path, b->name);
  fprintf(f, "  localparam integer NREC = %" PRIu64 ";\n  localparam integer NCOL = %u;\n", v.cycles,
          ncol);
  fprintf(f, "  reg [63:0] vec [0:NREC*NCOL-1];\n  reg [8*1024-1:0] vecfile, resfile;\n"
             "  reg [8*64-1:0] fail_port;\n  reg clk_i;\n");
  for (unsigned i = 0; i < ncol; i++)
    fprintf(f, "  %s [%u:0] %s;\n", i < nin ? "reg " : "wire", v.port[i].width - 1, v.port[i].name);
  fprintf(f, "  %s #(", top);
  int first = 1;
  for (unsigned i = 0; i < b->nparams; i++) {
    if (!b->params[i].in_rtl) continue;
    fprintf(f, "%s.%s(%ld)", first ? "" : ", ", b->params[i].name, v.P[i]);
    first = 0;
  }
  fprintf(f, ") dut (\n    .clk_i(clk_i)");
  for (unsigned i = 0; i < ncol; i++) fprintf(f, ",\n    .%s(%s)", v.port[i].name, v.port[i].name);
  fprintf(f, "\n  );\n  integer c, errors, fail_cycle, fd;\n  initial begin\n"
             "    if (!$value$plusargs(\"vec=%%s\", vecfile)) vecfile = \"%s\";\n"
             "    $readmemh(vecfile, vec);\n"
             "    if ($test$plusargs(\"loadonly\")) $finish;\n"
             "    if ($test$plusargs(\"waves\")) begin $dumpfile(\"replay.vcd\"); $dumpvars(0, replay_tb); end\n"
             "    errors = 0;\n    fail_cycle = -1;\n    fail_port = \"\";\n    clk_i = 1'b0;\n"
             "    for (c = 0; c < NREC && errors == 0; c = c + 1) begin\n", lit);
  for (unsigned i = 0; i < nin; i++)
    fprintf(f, "      %s = vec[c*NCOL+%u][%u:0];\n", v.port[i].name, i, v.port[i].width - 1);
  fprintf(f, "      #5 clk_i = 1'b1;\n      #1;\n");
  for (unsigned i = nin; i < ncol; i++)
    fprintf(f, "      if (%s !== vec[c*NCOL+%u][%u:0]) begin\n"
               "        $display(\"FAIL icarus replay %s: cycle %%0d port %s expected %%h got %%h\", c, vec[c*NCOL+%u][%u:0], %s);\n"
               "        if (errors == 0) begin fail_cycle = c; fail_port = \"%s\"; end\n"
               "        errors = errors + 1;\n      end\n",
            v.port[i].name, i, v.port[i].width - 1, b->name, v.port[i].name, i,
            v.port[i].width - 1, v.port[i].name, v.port[i].name);
  fprintf(f, "      #4 clk_i = 1'b0;\n    end\n"
             "    if (errors == 0) $display(\"PASS icarus replay %s: %%0d cycles match\", NREC);\n"
             "    if ($value$plusargs(\"result=%%s\", resfile)) begin\n"
             "      fd = $fopen(resfile, \"w\");\n"
             "      $fwrite(fd, \"{\\\"schema\\\": \\\"cvkit.replay/1\\\", \\\"block\\\": \\\"%s\\\", "
             "\\\"top\\\": \\\"%s\\\", \\\"records\\\": %%0d, \\\"cycles\\\": %%0d, "
             "\\\"verdict\\\": \\\"%%0s\\\", \\\"fail_cycle\\\": %%0d, \\\"fail_port\\\": \\\"%%0s\\\"}\\n\",\n"
             "              NREC, c, errors ? \"different\" : \"matched\", fail_cycle, fail_port);\n"
             "      $fclose(fd);\n    end\n"
             "    $finish;\n  end\nendmodule\n`default_nettype wire\n", b->name, b->name, top);
  kit_vec_free(&v);
  return kit_out_commit(&o, err, sizeof err) ? kit_error(err) : 0;
}

/* `kit miter BLOCK -o FILE [--base] [P=V..]`: the equivalence miter of
 * make equiv, a Verilog module `kit_miter` with the block's inputs (and
 * clk_i) as its inputs, driving `kit_gold` (our RTL) and `kit_gate` (the
 * designer's), both already specialised to the configuration by the Yosys
 * script, and asserting in every cycle that every output port is equal.
 * The reset is assumed in the first cycle, so both start from their reset
 * states; no other input is constrained. With --base, instead `kit_base`:
 * the same inputs and reset driving the module `equiv` that Yosys's
 * `equiv_make -make_assert` builds from the two, whose assertions are the
 * pairs of equal-named signals (the structural proof's base case,
 * doc/harness.md "The flow"). From the .def port list, like every other
 * consumer of the ports. */
static int cmd_miter(const kit_block_t *b, const long *P, const char *out, int base)
{
  kit_port_t port[KIT_MAX_PORTS];
  kit_out_t o;
  const unsigned nin = b->nin, n = b->nin + b->nout;
  b->ports(P, port);
  if (kit_out_open(&o, out, err, sizeof err)) return kit_error(err);
  FILE *f = o.f;
  fprintf(f, "// Generated by 'kit miter %s%s': %s for make equiv.\n", b->name, base ? " --base" : "",
          base ? "the structural proof's base case" : "equivalence miter");
  for (unsigned i = 0; i < b->nparams; i++) fprintf(f, "//   %s=%ld\n", b->params[i].name, P[i]);
  fprintf(f, "`default_nettype none\nmodule %s (\n  input wire clk_i", base ? "kit_base" : "kit_miter");
  for (unsigned i = 0; i < nin; i++) fprintf(f, ",\n  input wire [%u:0] %s", port[i].width - 1, port[i].name);
  fprintf(f, "\n);\n");
  if (base) {
    for (unsigned i = nin; i < n; i++) fprintf(f, "  wire [%u:0] %s;\n", port[i].width - 1, port[i].name);
    fprintf(f, "  equiv u_equiv (\n    .clk_i(clk_i)");
    for (unsigned i = 0; i < n; i++) fprintf(f, ",\n    .%s(%s)", port[i].name, port[i].name);
    fprintf(f, "\n  );\n  reg f_past_valid = 1'b0;\n  always @(posedge clk_i) f_past_valid <= 1'b1;\n"
               "  always @* if (!f_past_valid) assume(!rst_ni);\nendmodule\n`default_nettype wire\n");
    return kit_out_commit(&o, err, sizeof err) ? kit_error(err) : 0;
  }
  for (unsigned i = nin; i < n; i++)
    fprintf(f, "  wire [%u:0] gold_%s, gate_%s;\n", port[i].width - 1, port[i].name, port[i].name);
  for (unsigned k = 0; k < 2; k++) {
    const char *who = k ? "gate" : "gold";
    fprintf(f, "  kit_%s %s (\n    .clk_i(clk_i)", who, who);
    for (unsigned i = 0; i < n; i++)
      fprintf(f, ",\n    .%s(%s%s%s)", port[i].name, i < nin ? "" : who, i < nin ? "" : "_", port[i].name);
    fprintf(f, "\n  );\n");
  }
  fprintf(f, "  reg f_past_valid = 1'b0;\n  always @(posedge clk_i) f_past_valid <= 1'b1;\n"
             "  // both designs start from reset\n  always @* if (!f_past_valid) assume(!rst_ni);\n"
             "  always @* begin\n");
  for (unsigned i = nin; i < n; i++)
    fprintf(f, "    assert (gold_%s == gate_%s);\n", port[i].name, port[i].name);
  fprintf(f, "  end\nendmodule\n`default_nettype wire\n");
  return kit_out_commit(&o, err, sizeof err) ? kit_error(err) : 0;
}

/* A configuration a block names for itself (a default-check entry): legal
 * like any command line; WHAT names it in the error. */
static int legal_config(const kit_block_t *b, const char *params, const char *what)
{
  long P[KIT_MAX_PARAMS];
  if (kit_params_text(b, P, params, err, sizeof err) == 0) return 0;
  snprintf(err + strlen(err), sizeof err - strlen(err), " (%s of block %s)", what, b->name);
  return kit_error(err);
}

/* `kit equiv BLOCK`: the configurations make equiv and make mutate prove
 * equivalence at, one a line: PARAMS<TAB>REDUCES<TAB>CYCLES<TAB>WHY, where
 * CYCLES is the length of its simulation stage and REDUCES
 * lists the default-check configurations (kit checks) it is a reduction
 * of ("-" for none). The list is checked complete first
 * (kit_equivs_check): a block whose list misses a mode value, a
 * default-check configuration or a legal value is an error. */
static int cmd_equiv(const kit_block_t *b)
{
  if (kit_equivs_check(b, err, sizeof err)) return kit_error(err);
  for (unsigned k = 0; k < b->nequivs; k++) {
    const kit_equiv_t *e = &b->equivs[k];
    char red[128] = "";
    size_t n = 0;
    for (unsigned c = 0; c < 32; c++)
      if (e->reduces >> c & 1u && n < sizeof red)
        n += (size_t)snprintf(red + n, sizeof red - n, "%s%u", n ? "," : "", c + 1);
    printf("%s\t%s\t%" PRIu64 "\t%s\n", e->params, n ? red : "-", e->cycles, e->why);
  }
  return 0;
}

/* `kit checks BLOCK`: the block's default check, one configuration a line:
 * CYCLES<TAB>VEC_CYCLES<TAB>PARAMS<TAB>WHY (tools/check.sh runs them). */
static int cmd_checks(const kit_block_t *b)
{
  if (b->nchecks == 0) {
    printf("100000\t20000\t\tthe default configuration\n");
    return 0;
  }
  for (unsigned i = 0; i < b->nchecks; i++) {
    const kit_check_t *c = &b->checks[i];
    char what[64];
    snprintf(what, sizeof what, "default check %u", i + 1);
    if (legal_config(b, c->params, what)) return 1;
    printf("%" PRIu64 "\t%" PRIu64 "\t%s\t%s\n", c->cycles, c->vec_cycles, c->params, c->why);
  }
  return 0;
}

/* `kit vcd2stim BLOCK TRACE -o FILE [P=V..]`: a make equiv counterexample
 * (the miter's inputs in a yosys-smtbmc trace) as a directed stimulus file:
 * the configuration, `unchecked` (the solver may drive values the spec
 * calls illegal; model and RTL define them), then one line per cycle with
 * every input. */
/* A directed stimulus file of `steps` cycles of inputs (ins, steps * nin
 * words): a comment saying where it came from, the whole configuration,
 * `unchecked` (the values are replayed as they are: a solver may drive
 * what the spec calls illegal, and model and RTL define every value), then
 * one line per cycle naming every input. */
static int write_stim(const kit_block_t *b, const long *P, const uint64_t *ins, uint64_t steps,
                      const char *origin, const char *out)
{
  kit_port_t port[KIT_MAX_PORTS];
  kit_out_t o;
  b->ports(P, port);
  if (kit_out_open(&o, out, err, sizeof err)) return kit_error(err);
  FILE *f = o.f;
  fprintf(f, "# counterexample for block %s: %" PRIu64 " cycles from reset\n# (%s)\n", b->name, steps,
          origin);
  fprintf(f, "params");
  for (unsigned i = 0; i < b->nparams; i++) fprintf(f, " %s=%ld", b->params[i].name, P[i]);
  fprintf(f, "\nunchecked\n");
  for (uint64_t c = 0; c < steps; c++) {
    for (unsigned i = 0; i < b->nin; i++)
      fprintf(f, "%s%s=0x%" PRIx64, i ? " " : "", port[i].name, ins[c * b->nin + i]);
    fprintf(f, "\n");
  }
  if (kit_out_commit(&o, err, sizeof err)) return kit_error(err);
  printf("wrote %s (%" PRIu64 " cycles)\n", out, steps);
  return 0;
}

/* `kit vcd2stim BLOCK TRACE -o FILE [P=V..]`: a make equiv counterexample
 * (the miter's inputs in a yosys-smtbmc trace) as a directed stimulus file. */
static int cmd_vcd2stim(const kit_block_t *b, const long *P, const char *trace, const char *out)
{
  uint64_t *ins, steps;
  char origin[1200];
  if (kit_vcd_inputs(trace, "kit_miter", b, P, &ins, &steps, err, sizeof err)) return kit_error(err);
  snprintf(origin, sizeof origin, "written by 'kit vcd2stim' from the formal trace %s", trace);
  int rc = write_stim(b, P, ins, steps, origin, out);
  free(ins);
  return rc;
}

/* `kit vec2stim FILE.vec -o FILE.stim [--cycles N]`: the inputs of a
 * vector file's first N cycles (all by default) as a directed stimulus
 * file at the file's configuration: make equiv's simulation counterexample,
 * replayed by make check against the designer's RTL. */
static int cmd_vec2stim(const char *path, const char *out, const char *ncyc)
{
  kit_vec_t v;
  uint64_t n = 0;
  char origin[1200];
  if (kit_vec_read(path, &v, err, sizeof err)) return kit_error(err);
  n = v.cycles;
  if (ncyc && kit_parse_u64("--cycles", ncyc, 1, v.cycles, &n, err, sizeof err)) {
    kit_vec_free(&v);
    return kit_error(err);
  }
  const unsigned nin = v.b->nin, ncol = nin + v.b->nout;
  uint64_t *ins = malloc((size_t)n * nin * sizeof *ins + 1);
  if (!ins) {
    kit_vec_free(&v);
    return kit_error("out of memory");
  }
  for (uint64_t c = 0; c < n; c++) memcpy(ins + c * nin, v.rec + c * ncol, nin * sizeof *ins);
  snprintf(origin, sizeof origin, "written by 'kit vec2stim' from the first %" PRIu64 " cycles of %s", n, path);
  int rc = write_stim(v.b, v.P, ins, n, origin, out);
  free(ins);
  kit_vec_free(&v);
  return rc;
}

/* Ports of a Verilator model, from its generated header's VL_IN / VL_OUT
 * declarations (e.g. "VL_IN16(&req_set_i,8,0);"). */
static int cmd_portcheck(const kit_block_t *b, const long *P, const char *hdr)
{
  kit_port_t want[KIT_MAX_PORTS + 1];
  unsigned nwant = b->nin + b->nout;
  b->ports(P, want);
  want[nwant++] = (kit_port_t){"clk_i", KIT_DIR_IN, 1, 0, "clock"};
  FILE *f = fopen(hdr, "r");
  if (!f) {
    snprintf(err, sizeof err, "%s: cannot open: %s", hdr, strerror(errno));
    return kit_error(err);
  }
  char line[1024], name[128];
  char have_name[256][128];
  unsigned have_w[256], nhave = 0;
  kit_dir_t have_d[256];
  while (fgets(line, sizeof line, f) && nhave < 256) {
    char *p = strstr(line, "VL_IN");
    kit_dir_t d = KIT_DIR_IN;
    if (!p) {
      p = strstr(line, "VL_OUT");
      d = KIT_DIR_OUT;
    }
    if (!p || strstr(line, "VL_INOUT")) continue;
    p = strchr(p, '(');
    if (!p) continue;
    unsigned msb, lsb;
    if (sscanf(p, "(&%127[^,],%u,%u", name, &msb, &lsb) != 3) continue;
    strcpy(have_name[nhave], name);
    have_w[nhave] = msb - lsb + 1;
    have_d[nhave] = d;
    nhave++;
  }
  fclose(f);
  int problems = 0;
  char list[8192] = "";
  size_t len = 0;
#define ADD(...) do { if (len < sizeof list) len += (size_t)snprintf(list + len, sizeof list - len, __VA_ARGS__); problems++; } while (0)
  for (unsigned i = 0; i < nwant; i++) {
    unsigned j;
    for (j = 0; j < nhave; j++) if (strcmp(want[i].name, have_name[j]) == 0) break;
    const char *wd = want[i].dir == KIT_DIR_IN ? "input" : "output";
    if (j == nhave) ADD("  missing: %s (%s, %u-bit)\n", want[i].name, wd, want[i].width);
    else if (have_d[j] != want[i].dir)
      ADD("  wrong direction: %s is an %s in the RTL, block %s expects an %s\n", want[i].name,
          have_d[j] == KIT_DIR_IN ? "input" : "output", b->name, wd);
    else if (have_w[j] != want[i].width)
      ADD("  wrong size: %s is %u bits in the RTL, block %s expects %u\n", want[i].name, have_w[j],
          b->name, want[i].width);
  }
  for (unsigned j = 0; j < nhave; j++) {
    unsigned i;
    for (i = 0; i < nwant; i++) if (strcmp(want[i].name, have_name[j]) == 0) break;
    if (i == nwant)
      ADD("  extra: %s (%s, %u-bit) is not a port of block %s\n", have_name[j],
          have_d[j] == KIT_DIR_IN ? "input" : "output", have_w[j], b->name);
  }
  if (nhave == 0) {
    snprintf(err, sizeof err, "%s: no VL_IN/VL_OUT port declarations found", hdr);
    return kit_error(err);
  }
  if (problems) {
    fprintf(stderr, "kit: error: RTL ports do not match block %s (%d problem%s; see %s):\n%s",
            b->name, problems, problems > 1 ? "s" : "", b->doc, list);
    return 1;
  }
  printf("PASS portcheck %s: %u ports match cmodel/%s/%s.def\n", b->name, nwant, b->name, b->name);
  return 0;
}

int main(int argc, char **argv)
{
  long P[KIT_MAX_PARAMS];
  kit_args_t a;
  kit_stdout_guard("kit");
  if (argc < 2) return usage();
  const char *cmd = argv[1];
  if (strcmp(cmd, "blocks") == 0) {
    if (argc != 2) return usage();
    for (unsigned i = 0; kit_blocks[i]; i++) printf("%s\n", kit_blocks[i]->name);
    return 0;
  }
  if (strcmp(cmd, "plan") == 0) return kit_plan_main(argc - 2, argv + 2);
  if (strcmp(cmd, "partition") == 0) return kit_partition_main(argc - 2, argv + 2);
  if (strcmp(cmd, "classify") == 0) return kit_classify_main(argc - 2, argv + 2);
  if (strcmp(cmd, "dpigen") == 0) return kit_dpigen_main(argc - 2, argv + 2);
  if (strcmp(cmd, "dpitop") == 0) return kit_dpitop_main(argc - 2, argv + 2);
  if (strcmp(cmd, "traffic") == 0) return kit_traffic_main(argc - 2, argv + 2);
  if (strcmp(cmd, "checkvec") == 0) {
    if (argc == 3) return cmd_checkvec(argv[2], 0);
    return argc == 4 && strcmp(argv[3], "--json") == 0 ? cmd_checkvec(argv[2], 1) : usage();
  }
  if (strcmp(cmd, "summary") == 0) return argc == 3 ? cmd_summary(argv[2]) : usage();
  if (strcmp(cmd, "vec2stim") == 0) {
    if (argc == 5 && strcmp(argv[3], "-o") == 0) return cmd_vec2stim(argv[2], argv[4], NULL);
    if (argc == 7 && strcmp(argv[3], "-o") == 0 && strcmp(argv[5], "--cycles") == 0)
      return cmd_vec2stim(argv[2], argv[4], argv[6]);
    return usage();
  }
  if (strcmp(cmd, "tbgen") == 0) {
    if (argc == 5 && strcmp(argv[3], "-o") == 0) return cmd_tbgen(argv[2], argv[4], NULL);
    if (argc == 7 && strcmp(argv[3], "-o") == 0 && strcmp(argv[5], "--top") == 0) {
      if (!kit_verilog_ident(argv[6])) {
        snprintf(err, sizeof err, "--top '%s': not a Verilog module name", argv[6]);
        return kit_error(err);
      }
      return cmd_tbgen(argv[2], argv[4], argv[6]);
    }
    return usage();
  }
  static const struct { const char *cmd, *opts; unsigned npos; } table[] = {
    {"top", "", 0}, {"rtl", "", 0}, {"gflags", "", 0}, {"rtlparams", "", 0}, {"cfgid", "", 0},
    {"overhead", "--json! --sweep -o", 0}, {"vectors", "-o --seed --cycles --stim --traffic --trace --traffic-params", 0}, {"portcheck", "", 1},
    {"miter", "-o --base!", 0}, {"vcd2stim", "-o", 1}, {"checks", "", 0}, {"equiv", "", 0},
  };
  unsigned t;
  for (t = 0; t < sizeof table / sizeof table[0]; t++)
    if (strcmp(cmd, table[t].cmd) == 0) break;
  if (t == sizeof table / sizeof table[0] || argc < 3) return usage();
  const kit_block_t *b = find_block(argv[2]);
  if (!b) return kit_error(err);
  if (kit_args_parse(b, P, argc - 3, argv + 3, table[t].opts, table[t].npos, &a, err, sizeof err))
    return kit_error(err);
  if (strcmp(cmd, "top") == 0) return printf("%s\n", b->top), 0;
  if (strcmp(cmd, "rtl") == 0) return printf("%s\n", b->rtl_files), 0;
  if (strcmp(cmd, "gflags") == 0) return rtl_params(b, P, "-G%s=%ld", " ", stdout), 0;
  if (strcmp(cmd, "rtlparams") == 0) return rtl_params(b, P, "%s=%ld", " ", stdout), 0;
  if (strcmp(cmd, "cfgid") == 0) return cfgid(b, P, stdout), 0;
  if (strcmp(cmd, "overhead") == 0) {
    const char *sweep = kit_args_get(&a, "--sweep");
    if (sweep && kit_args_get(&a, "--json")) return kit_error("overhead: give --json or --sweep, not both");
    if (!sweep && kit_args_get(&a, "-o")) return kit_error("overhead: -o goes with --sweep");
    if (sweep) return kit_sweep_main(b, P, sweep, kit_args_get(&a, "-o"));
    return cmd_overhead(b, P, kit_args_get(&a, "--json") != NULL);
  }
  if (strcmp(cmd, "vectors") == 0) return cmd_vectors(b, P, &a);
  if (strcmp(cmd, "checks") == 0) return cmd_checks(b);
  if (strcmp(cmd, "equiv") == 0) return cmd_equiv(b);
  if (strcmp(cmd, "miter") == 0) return kit_args_get(&a, "-o") ? cmd_miter(b, P, kit_args_get(&a, "-o"), kit_args_get(&a, "--base") != NULL)
                                   : usage();
  if (strcmp(cmd, "vcd2stim") == 0)
    return kit_args_get(&a, "-o") && a.npos == 1 ? cmd_vcd2stim(b, P, a.pos[0], kit_args_get(&a, "-o")) : usage();
  return a.npos == 1 ? cmd_portcheck(b, P, a.pos[0]) : usage();
}
