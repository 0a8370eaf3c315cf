/*
 * pdp_cache_block.c - the PDP-protected L1 tag array as the generic tools
 * see it: parameter and port tables from pdp_cache.def, cross-parameter
 * legality (doc/pdp_cache.md "Parameters"), the directed-file input check
 * (D8), the storage estimate (doc "Storage"), the functional cover events,
 * the default check list and the equivalence configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/pdp_cache/pdp_cache.h"

static int pdp_cache_params_check(const long *P, char *err, size_t errlen)
{
  return kit_rule(kit_is_pow2(P[pdp_cache_P_Sets]), err, errlen, "parameter Sets=%ld must be a power of two",
                  P[pdp_cache_P_Sets]) ||
         kit_rule(kit_is_pow2(P[pdp_cache_P_DMax]), err, errlen, "parameter DMax=%ld must be a power of two",
                  P[pdp_cache_P_DMax]) ||
         kit_rule(kit_is_pow2(P[pdp_cache_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[pdp_cache_P_LineBytes]);
}

/* D8: pdp never shows a PD above DMax; the RTL clamps, a directed file may
 * not hold one. */
static int pdp_cache_in_check(const long *P, const pdp_cache_in_t *i, char *err, size_t errlen)
{
  return kit_rule(i->pd_i <= (uint64_t)P[pdp_cache_P_DMax], err, errlen,
                  "pd_i=%llu out of range 0..%ld (DMax=%ld, D8)", (unsigned long long)i->pd_i,
                  P[pdp_cache_P_DMax], P[pdp_cache_P_DMax]);
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). Registers that can only hold 0
 * are not counted (synthesis removes them): the reserved bits without
 * Resv, the ranks without VicLru or with one way, rsp_way_o with one way. */
void pdp_cache_storage(const long *P, kit_storage_t *st)
{
  static char rpd_txt[160], tag_txt[120], rank_txt[120], data_txt[160], rsp_txt[200], dbg_txt[200];
  const unsigned sets = (unsigned)P[pdp_cache_P_Sets], ways = (unsigned)P[pdp_cache_P_Ways];
  const unsigned tagw = (unsigned)P[pdp_cache_P_TagW], ld = PDPC_LD(P), rankb = PDPC_RANKB(P);
  const unsigned resv = (unsigned)P[pdp_cache_P_Resv];
  const uint64_t lines = (uint64_t)sets * ways, lineb = (uint64_t)P[pdp_cache_P_LineBytes];
  const unsigned wayb = ways > 1 ? PDPC_WAYW(P) : 0u;
  unsigned n = 0;
  snprintf(rpd_txt, sizeof rpd_txt, "RPD (D1): Sets x Ways x log2 DMax = %u x %u x %u = %llu bits", sets, ways,
           ld, (unsigned long long)(lines * ld));
  snprintf(tag_txt, sizeof tag_txt, "tag (D10): Sets x Ways x TagW = %llu x %u", (unsigned long long)lines,
           tagw);
  snprintf(rank_txt, sizeof rank_txt, "LRU rank (D3): Sets x Ways x clog2 Ways = %llu x %u",
           (unsigned long long)lines, rankb);
  snprintf(data_txt, sizeof data_txt, "external: data: Sets x Ways x LineBytes = %llu x %llu B = %llu B",
           (unsigned long long)lines, (unsigned long long)lineb, (unsigned long long)(lines * lineb));
  const unsigned rspb = 1u + 1u + 2u + wayb + 1u + 1u + resv;
  snprintf(rsp_txt, sizeof rsp_txt,
           "response registers: valid, wr, kind 2, way %u, evict, forced, resv %u", wayb, resv);
  const unsigned dbgb = 1u + resv + tagw + ld + rankb;
  snprintf(dbg_txt, sizeof dbg_txt, "debug registers: valid, resv %u, tag %u, rpd %u, rank %u", resv, tagw, ld,
           rankb);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, rpd_txt, lines, "line", ld};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "valid: Sets x Ways", lines, "line", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, tag_txt, lines, "line", tagw};
  if (resv) st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "reserved bit (D7): Sets x Ways", lines, "line", 1};
  if (rankb) st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, rank_txt, lines, "line", rankb};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, data_txt, lines, "line", (unsigned)(lineb * 8u)};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, rsp_txt, 1, "block", rspb};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, dbg_txt, 1, "block", dbgb};
  /* the valid/rpd/tag and rank banks are SRAM without reset: one flop per
   * set says the set was written since reset (until then it reads as its
   * reset value; doc "Storage", issue 32) */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM row-written flags (the banks' reset)", sets, "set", 1};
  st->nrows = n;
  st->data_bytes = lines * lineb;
  st->paper = "RPD per line (IV: Sets x Ways x log2 DMax; CBWT L1: 64 x 4 x 6 = 1536 bits = 192 B)";
}

/* Functional coverage of doc/pdp_cache.md's cases, from one cycle's inputs
 * and the response after its edge (the response is for this cycle's
 * access, so the inputs are its request). */
enum { CV_RESET, CV_RD_HIT, CV_RD_HIT_RESV, CV_MISS_INVALID, CV_MISS_EVICT, CV_MISS_FORCED, CV_BYPASS,
       CV_NOALLOC_RESV, CV_WR_HIT_EVICT, CV_WR_HIT_KEEP, CV_WR_HIT_RESV, CV_WR_MISS, CV_PD_ZERO,
       CV_PD_CLAMP, CV_RPD_MAX, CV_FILL_SAME_CYCLE, CV_DBG_BEYOND, CV_N };
static const char *const pdp_cache_cover_names[CV_N] = {
  "reset", "read_hit", "read_hit_reserved", "miss_invalid_way", "miss_evict_unprotected",
  "miss_forced", "bypass", "noalloc_all_reserved", "write_hit_evict", "write_hit_keep",
  "write_hit_reserved", "write_miss", "read_pd_zero", "read_pd_clamped", "rpd_max",
  "fill_of_line_hit_same_cycle", "dbg_way_beyond",
};

static void pdp_cache_cover(const long *P, const pdp_cache_in_t *i, const pdp_cache_out_t *o,
                            const pdp_cache_out_t *prev, uint64_t *n)
{
  (void)prev;
  const uint64_t dmax = (uint64_t)P[pdp_cache_P_DMax];
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (i->dbg_way_i >= (uint64_t)P[pdp_cache_P_Ways]) n[CV_DBG_BEYOND]++;
  if (o->dbg_rpd_o == dmax - 1) n[CV_RPD_MAX]++;
  if (!o->rsp_valid_o) return;
  if (o->rsp_wr_o) {
    if (o->rsp_kind_o == PDPC_NOALLOC) n[CV_WR_MISS]++;
    else if (o->rsp_resv_o) n[CV_WR_HIT_RESV]++;
    else n[P[pdp_cache_P_WrEvict] ? CV_WR_HIT_EVICT : CV_WR_HIT_KEEP]++;
    return;
  }
  if (i->pd_i == 0) n[CV_PD_ZERO]++;
  if (i->pd_i > dmax) n[CV_PD_CLAMP]++;
  switch (o->rsp_kind_o) {
  case PDPC_HIT:
    n[o->rsp_resv_o ? CV_RD_HIT_RESV : CV_RD_HIT]++;
    if (o->rsp_resv_o && i->fill_valid_i && i->fill_set_i == i->acc_set_i && i->fill_way_i == o->rsp_way_o)
      n[CV_FILL_SAME_CYCLE]++;
    break;
  case PDPC_MISS:
    n[o->rsp_forced_o ? CV_MISS_FORCED : o->rsp_evict_o ? CV_MISS_EVICT : CV_MISS_INVALID]++;
    break;
  case PDPC_BYPASS: n[CV_BYPASS]++; break;
  default: n[CV_NOALLOC_RESV]++; break;
  }
}

/* The default check (make check, make run, make vectors): the paper L1,
 * each other reading of a KIT_MODE parameter at the paper geometry, the
 * degenerate geometries (a non-power-of-two way count, so a way index
 * beyond Ways exists; one set of one way) and the widest (DMax 256: a PD of
 * 256 once stored 0 in the model's 8-bit RPD, found by tb/pdp_cache/test.sh
 * at cycle 89 and missed by the list before). Together they reach every
 * cover event. */
static const kit_check_t pdp_cache_checks[] = {
  {"", 150000, 20000, "the paper L1 (Table II: 64 sets x 4 ways, 19-bit tags, DMax 64)"},
  {"VicLru=0 Resv=0", 50000, 20000, "the lowest unprotected way as victim (doc \"Paper readings\"), no reservation"},
  {"WrEvict=0", 50000, 20000, "write hits keep the line (doc \"Paper readings\")"},
  {"Resv=0", 50000, 20000, "lines filled at allocation: no reservation, no NOALLOC of reads"},
  {"Sets=2 Ways=3 TagW=3 DMax=8", 50000, 20000, "3 ways (dbg and fill way 3 beyond Ways), 2 sets, DMax 8"},
  {"Sets=1 Ways=1 TagW=2 DMax=4 Resv=0", 50000, 20000, "one line (g_no_rank: rank 0 = way 0), SetW 1 with one set"},
  {"Sets=8 Ways=16 TagW=48 DMax=256", 50000, 20000,
   "the widest corners: 16 ways, 48-bit tags, DMax 256 (a PD of 256 = 9 bits, RPD 255)"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t pdp_cache_equivs[] = {
  {"Sets=2 Ways=3 TagW=2 DMax=4", KIT_CHK(1) | KIT_CHK(5), 20000,
   "2 sets of 3 ways (a rank permutation of 3, a way beyond Ways), 2-bit tags (evictions), DMax 4"},
  {"Sets=2 Ways=3 TagW=2 DMax=4 VicLru=0 Resv=0", KIT_CHK(2), 20000, "VicLru = 0: lowest-index victims, no ranks, no reservation"},
  {"Sets=2 Ways=3 TagW=2 DMax=4 WrEvict=0", KIT_CHK(3), 20000, "WrEvict = 0: write hits keep the line"},
  {"Sets=2 Ways=3 TagW=2 DMax=4 Resv=0", KIT_CHK(4), 20000, "Resv = 0: no reserved bits, fills ignored"},
  {"Sets=1 Ways=1 TagW=2 DMax=4 Resv=0", KIT_CHK(6), 20000, "one line (g_no_rank with VicLru 1)"},
  {"Sets=1 Ways=2 TagW=2 DMax=256", KIT_CHK(7), 20000, "DMax 256: 8-bit RPDs, a 9-bit PD up to 256 (the clamp)"},
};

KIT_BLOCK_DEFINE(pdp_cache, pdp_cache, "rtl/pdp_cache/pdp_cache.v rtl/mem/kit_mem.v", NULL);
