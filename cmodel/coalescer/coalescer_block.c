/*
 * coalescer_block.c - the coalescer as the generic tools see it: parameter
 * and port tables from coalescer.def, cross-parameter legality
 * (doc/coalescer.md "Parameters"), the storage estimate (doc "Storage"),
 * the functional cover events, the default check list and the
 * equivalence configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/coalescer/coalescer.h"

static int coalescer_params_check(const long *P, char *err, size_t errlen)
{
  const long seg = P[coalescer_P_SegB], line = P[coalescer_P_LineB], cap = P[coalescer_P_CapBytes];
  const long estmax = (long)kit_mask((unsigned)P[coalescer_P_EstW]);
  return kit_rule(kit_is_pow2(seg), err, errlen, "parameter SegB=%ld must be a power of 2 (16, 32, 64)", seg) ||
         kit_rule(kit_is_pow2(line), err, errlen, "parameter LineB=%ld must be a power of 2", line) ||
         kit_rule(line >= seg && line <= 16 * seg, err, errlen, "parameter LineB=%ld must be SegB..16 SegB (SegB=%ld)",
                  line, seg) ||
         kit_rule(P[coalescer_P_AddrW] > (long)coal_log2(line), err, errlen,
                  "parameter AddrW=%ld must be > LineSh=%u (log2 LineB)", P[coalescer_P_AddrW], coal_log2(line)) ||
         kit_rule(cap >= line && cap % line == 0, err, errlen,
                  "parameter CapBytes=%ld must be a multiple of LineB=%ld", cap, line) ||
         kit_rule(cap / line <= estmax, err, errlen,
                  "parameter CapBytes=%ld: CapLines=%ld must be <= 2^EstW-1=%ld (CO13)", cap, cap / line, estmax);
}

/* Every input value that fits its port is legal (doc "Ports": sizes 5..7,
 * misaligned lanes and sampling flags without in_est_i have defined
 * effects). */
static int coalescer_in_check(const long *P, const coalescer_in_t *i, char *err, size_t errlen)
{
  (void)P; (void)i; (void)err; (void)errlen;
  return 0;
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). */
void coalescer_storage(const long *P, kit_storage_t *st)
{
  static char buf_txt[200], req_txt[160], cnt_txt[120], est_txt[160], lt_txt[120], stt_txt[160];
  const unsigned lanes = (unsigned)P[coalescer_P_Lanes], addrw = (unsigned)P[coalescer_P_AddrW];
  const unsigned segtw = addrw - coal_log2(P[coalescer_P_SegB]), lttw = addrw - coal_log2(P[coalescer_P_LineB]);
  const unsigned idw = (unsigned)P[coalescer_P_IdW], estw = (unsigned)P[coalescer_P_EstW], r = COAL_R(P);
  const unsigned ltent = (unsigned)P[coalescer_P_LtEnt], fillw = kit_clog2((uint64_t)ltent + 1u);
  unsigned n = 0;
  snprintf(buf_txt, sizeof buf_txt,
           "warp buffer: unit bits Lanes x SegTagW = %u x %u, act/pend/ll 3 x %u, mode, id %u, counted/last/sent/busy",
           lanes, segtw, lanes, idw);
  snprintf(req_txt, sizeof req_txt, "request register: valid, addr %u, line, tmask %u, smask %u, first, last, id %u",
           segtw, lanes, r, idw);
  const unsigned cw = kit_clog2((uint64_t)lanes + 1u);   /* CO14: the port's bits above are constant 0 */
  const unsigned nc = r == 1 ? 2u : 3u;                   /* R 1: nseg = nline, one register */
  snprintf(cnt_txt, sizeof cnt_txt, "count registers: valid, err, %s %u x clog2(Lanes+1) = %u x %u (CO14)",
           r == 1 ? "act, seg = line" : "act/seg/line", nc, nc, cw);
  snprintf(est_txt, sizeof est_txt, "estimate registers: valid, W/S/U 3 x %u, rule 2, loc 2, cache, ovf", estw);
  snprintf(lt_txt, sizeof lt_txt, "line table (CO9): LtTagW = AddrW - LineSh = %u", lttw);
  snprintf(stt_txt, sizeof stt_txt, "estimator state: fill %u, W/S/U 3 x %u, open, ww, wb, ovf", fillw, estw);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, buf_txt, 1, "block", lanes * segtw + 3u * lanes + 1u + idw + 4u};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, req_txt, 1, "block", 1u + segtw + 1u + lanes + r + 2u + idw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, cnt_txt, 1, "block", 2u + nc * cw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, est_txt, 1, "block", 1u + 3u * estw + 6u};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, lt_txt, ltent, "entry", lttw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, stt_txt, 1, "block", fillw + 3u * estw + 4u};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "no figure (a compile-time algorithm over ld.ca / ld.cg); design note: 3260 added, 4379 total";
}

/* Functional coverage of doc/coalescer.md's cases (the design note's 2.5),
 * from one cycle's inputs, the outputs after its edge and the outputs
 * before it. A restart by in_first_i and a sampled warp outside a sample
 * depend on the estimator's open bit, which no output shows: the directed
 * files and the unit tests cover them. */
enum { CV_RESET, CV_ONE_REQ, CV_ALL_REQ, CV_PARTIAL, CV_EMPTY, CV_SIZE0, CV_SIZE1, CV_SIZE2, CV_SIZE3, CV_SIZE4,
       CV_SIZE_OVER, CV_MISALIGNED, CV_SMASK_FULL, CV_STALL, CV_ACCEPT_AT_LAST, CV_RULE_EQ, CV_RULE_BLOCK,
       CV_RULE_SCATTER, CV_LOC_NONE, CV_LOC_WARP, CV_LOC_BLOCK, CV_LOC_BOTH, CV_OVF, CV_CACHE, CV_CAP_OFF,
       CV_AGGR, CV_SAT, CV_N };
static const char *const coalescer_cover_names[CV_N] = {
  "reset", "warp_one_request", "warp_all_lanes_requests", "partial_mask", "empty_mask", "size_1B", "size_2B",
  "size_4B", "size_8B", "size_16B", "size_over_16B", "misaligned_lane", "smask_full", "request_stalled",
  "accept_in_last_transfer", "rule_equal", "rule_on_less", "rule_on_more", "loc_none", "loc_within_warp",
  "loc_within_block", "loc_both", "line_table_overflow", "cache_on", "off_by_capacity", "aggressive_case1",
  "estimate_saturated",
};

static void coalescer_cover(const long *P, const coalescer_in_t *i, const coalescer_out_t *o,
                            const coalescer_out_t *prev, uint64_t *n)
{
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  const uint64_t r = COAL_R(P);
  if (prev->req_valid_o && !i->req_ready_i) n[CV_STALL]++;
  if (o->req_valid_o && o->req_line_o && o->req_smask_o == kit_mask((unsigned)r) && r > 1) n[CV_SMASK_FULL]++;
  if (o->cnt_valid_o) {
    const uint64_t nreq = i->in_ca_i ? o->cnt_line_o : o->cnt_seg_o;
    if (nreq == 1) n[CV_ONE_REQ]++;
    if (nreq == (uint64_t)P[coalescer_P_Lanes]) n[CV_ALL_REQ]++;   /* every lane its own unit (32 at the default) */
    if (o->cnt_act_o == 0) n[CV_EMPTY]++;
    else if (o->cnt_act_o < (uint64_t)P[coalescer_P_Lanes]) n[CV_PARTIAL]++;
    n[i->in_size_i > 4 ? CV_SIZE_OVER : CV_SIZE0 + i->in_size_i]++;
    if (o->cnt_err_o && i->in_size_i <= 4) n[CV_MISALIGNED]++;
    if (prev->req_valid_o && prev->req_last_o && i->req_ready_i) n[CV_ACCEPT_AT_LAST]++;
  }
  if (o->est_valid_o) {
    n[CV_RULE_EQ + o->est_rule_o]++;
    n[CV_LOC_NONE + o->est_loc_o]++;
    if (o->est_ovf_o) n[CV_OVF]++;
    if (o->est_cache_o) n[CV_CACHE]++;
    if (o->est_rule_o == COAL_BLOCK && !o->est_cache_o) n[CV_CAP_OFF]++;
    if (o->est_rule_o == COAL_EQ && o->est_cache_o) n[CV_AGGR]++;
    if (o->est_segs_o == kit_mask((unsigned)P[coalescer_P_EstW])) n[CV_SAT]++;
  }
}

/* The default check (make check, make run, make vectors): the paper
 * configuration first; then a narrow estimator (8-bit counters that
 * saturate, a 32-entry table that overflows, a 16-line capacity, the
 * aggressive strategy); 7 lanes of 12-bit addresses with 256 B lines of
 * 16 B segments (R 16, aliasing lines, a 5-entry table); 8 lanes of
 * 64-bit addresses with segment = line (R 1) and 32-bit counters (8 lanes:
 * a 32-lane model of 64-bit addresses costs 27 CPU-s to build and reaches
 * no event the others miss). Together they reach every cover event. */
static const kit_check_t coalescer_checks[] = {
  {"", 40000, 20000, "the paper configuration (32 lanes, 32 B / 128 B, 128-entry table, 16 KB, conservative)"},
  {"Aggr=1 LtEnt=32 EstW=8 CapBytes=2048", 40000, 20000,
   "aggressive case 1 (doc \"Paper readings\"); 8-bit counters that saturate, overflow, off by capacity (16 lines)"},
  {"Lanes=7 AddrW=12 SegB=16 LineB=256 IdW=2 LtEnt=5 CapBytes=512", 30000, 20000,
   "7 lanes, R 16, 12-bit addresses (aliasing), a 5-entry table below CapLines"},
  {"Lanes=8 AddrW=64 SegB=64 LineB=64 IdW=16 LtEnt=3 EstW=32 CapBytes=1048576", 30000, 20000,
   "8 lanes of 64-bit addresses, a line is one segment (R 1), 32-bit counters, 2^20 B capacity"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value (doc/harness.md "Equivalence"). */
static const kit_equiv_t coalescer_equivs[] = {
  {"Lanes=4 AddrW=9 SegB=16 LineB=32 IdW=1 LtEnt=2 EstW=4 CapBytes=256", KIT_CHK(1), 20000,
   "the formal configuration (4 lanes, R 2, 9-bit addresses, a 2-entry table, 4-bit counters) with an 8-line capacity"},
  {"Lanes=4 AddrW=9 SegB=16 LineB=32 IdW=1 LtEnt=2 EstW=4 CapBytes=128 Aggr=1", KIT_CHK(2), 20000,
   "Aggr = 1, a 4-line capacity"},
  {"Lanes=3 AddrW=9 SegB=16 LineB=128 IdW=1 LtEnt=1 EstW=4 CapBytes=256", KIT_CHK(3), 20000,
   "3 lanes, R 8, a 1-entry table"},
  {"Lanes=4 AddrW=8 SegB=64 LineB=64 IdW=1 LtEnt=2 EstW=4 CapBytes=128", KIT_CHK(4), 20000,
   "R 1: a line is one segment"},
};

KIT_BLOCK_DEFINE(coalescer, coalescer, "rtl/coalescer/coalescer.v", NULL);
