/*
 * hac_block.c - HAC as the generic tools see it: the parameter and port
 * tables generated from hac.def, cross-parameter legality, the check a
 * directed stimulus file's values must pass, and the storage estimate of
 * section V-D (doc/hac.md "Storage").
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/hac/hac.h"

static int hac_params_check(const long *P, char *err, size_t errlen)
{
  return kit_rule(kit_is_pow2(P[hac_P_Ways]), err, errlen,
                  "parameter Ways=%ld must be a power of two in 8..64 (section IV-B)", P[hac_P_Ways]) ||
         kit_rule(kit_is_pow2(P[hac_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[hac_P_LineBytes]);
}

/* A directed file states the paper's legal ranges; the hardware clamps. */
static int hac_in_check(const long *P, const hac_in_t *i, char *err, size_t errlen)
{
  (void)P;
  return kit_rule(!i->req_valid_i || (i->req_ea_i >= 1 && i->req_ea_i <= 32), err, errlen,
                  "req_ea_i=%llu out of range 1..32 (section IV-A)", (unsigned long long)i->req_ea_i);
}

void hac_storage(const long *P, kit_storage_t *st)
{
  uint64_t sets = (uint64_t)P[hac_P_Sets], ways = (uint64_t)P[hac_P_Ways];
  uint64_t lines = sets * ways;
  unsigned wayw = HAC_WAYW(P), mcw = HAC_MCW(P), eaw = wayw - 1;
  unsigned tagw = (unsigned)P[hac_P_TagW];
  int dyn = P[hac_P_Policy] == 0;
  unsigned n = 0;

  memset(st, 0, sizeof *st);
  if (dyn) st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "mc saturating miss counter", sets, "set", mcw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "memory type flag (NVM/DRAM)", lines, "line", 1};
  if (dyn) st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "EA priority group flag", lines, "line", eaw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "valid", lines, "line", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "tag", lines, "line", tagw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "dirty", lines, "line", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "recency position", lines, "line", wayw};
  /* rsp_valid, rsp_hit, rsp_way, rsp_pos, evict_valid, evict_tag,
   * evict_dirty, evict_nvm; dynamic only: rsp_bypass and rsp_mc (the static
   * policy never bypasses and has no mc, so those outputs are constant 0) */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "response registers", 1, "block",
                                     2 + 2 * wayw + (dyn ? 1 + mcw : 0) + 3 + tagw};
  st->nrows = n;
  st->data_bytes = lines * (uint64_t)P[hac_P_LineBytes];
  st->paper = dyn ? "HAC-added bits (section V-D: 5-bit mc per set, 1-bit type + 3-bit EA per line)"
                  : "static policy: type bit per line only (no mc, no EA)";
}

/* Functional coverage of the spec's cases (doc/hac.md), from one cycle's
 * request and its response. */
enum { CV_RD_HIT, CV_WB_HIT, CV_RD_INS, CV_WB_INS, CV_BYPASS, CV_EVICT_DIRTY_NVM,
       CV_EVICT_INVALID, CV_INS_MRU, CV_INS_LRU, CV_PROMO_MRU, CV_MC_ZERO, CV_MC_MAX,
       CV_IGNORED, CV_RESET, CV_N };
static const char *const hac_cover_names[CV_N] = {
  "read_hit", "wb_hit", "read_insert", "wb_insert", "bypass", "evict_dirty_nvm",
  "fill_invalid_way", "insert_at_mru", "insert_at_lru", "promote_to_mru", "mc_at_0",
  "mc_at_max", "ignored_set", "reset",
};

static void hac_cover(const long *P, const hac_in_t *i, const hac_out_t *o,
                      const hac_out_t *prev, uint64_t *n)
{
  (void)prev;
  uint64_t mru = (uint64_t)P[hac_P_Ways] - 1;
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (i->req_valid_i && !o->rsp_valid_o) n[CV_IGNORED]++;
  if (!o->rsp_valid_o) return;
  if (o->rsp_hit_o) {
    n[i->req_wb_i ? CV_WB_HIT : CV_RD_HIT]++;
    if (o->rsp_pos_o == mru) n[CV_PROMO_MRU]++;
  } else if (o->rsp_bypass_o) {
    n[CV_BYPASS]++;
  } else {
    n[i->req_wb_i ? CV_WB_INS : CV_RD_INS]++;
    if (o->evict_valid_o && o->evict_dirty_o && o->evict_nvm_o) n[CV_EVICT_DIRTY_NVM]++;
    if (!o->evict_valid_o) n[CV_EVICT_INVALID]++;
    if (o->rsp_pos_o == mru) n[CV_INS_MRU]++;
    if (o->rsp_pos_o == 0) n[CV_INS_LRU]++;
  }
  if (P[hac_P_Policy] == 0) {
    if (o->rsp_mc_o == 0) n[CV_MC_ZERO]++;
    if (o->rsp_mc_o == 2 * mru + 1) n[CV_MC_MAX]++;
  }
}

/* The default check (make check, make run, make vectors): the paper
 * configuration, the static policy (insertion at LRU, never a bypass), and
 * geometries the paper's cannot show: a non-power-of-two set count with the
 * smallest associativity (out-of-range set indices exist) and the largest
 * associativity; the other reading of each "Paper readings" point
 * (doc/hac.md). Together they reach every cover event. */
static const kit_check_t hac_checks[] = {
  {"", 100000, 20000, "the paper configuration (V-A: 384 sets of 16 ways, dynamic policy)"},
  {"Policy=1", 50000, 20000, "the static policy (IV-B first paragraph): NVM lines insert at LRU"},
  {"Sets=3 Ways=8 TagW=3", 50000, 20000, "3 sets (index 3 is out of range), A = 8: tags repeat, many hits"},
  {"Sets=7 Ways=64 TagW=8", 50000, 20000, "the largest associativity, a non-power-of-two set count"},
  {"BypassMc=1", 50000, 20000, "the IV-B text's reading: a bypassed demand miss steps mc (doc \"Paper readings\")"},
  {"Policy=1 StaticWbEa=1", 50000, 20000, "static policy, writeback misses grouped by ea (doc \"Paper readings\")"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t hac_equivs[] = {
  {"Sets=1 Ways=8 TagW=4", KIT_CHK(1), 20000,
   "the dynamic policy (Algorithms 1, 2) on one set of the smallest associativity; 16 tags over 8 ways, so lines are evicted"},
  {"Sets=1 Ways=8 TagW=4 Policy=1", KIT_CHK(2), 20000,
   "the static policy (g_static)"},
  {"Sets=3 Ways=8 TagW=4", KIT_CHK(3), 20000,
   "3 sets: set index 3 is out of range and ignored"},
  {"Sets=1 Ways=32 TagW=6", KIT_CHK(4), 10000,
   "A >= 32, where the CDP clamp acts (doc \"Insertion\"): 64 ways reduced to 32, one set, 64 tags"},
  {"Sets=1 Ways=8 TagW=4 BypassMc=1", KIT_CHK(5), 20000,
   "BypassMc = 1: a bypassed demand miss steps mc"},
  {"Sets=1 Ways=8 TagW=4 Policy=1 StaticWbEa=1", KIT_CHK(6), 20000,
   "static policy, writeback misses grouped by ea"},
};

KIT_BLOCK_DEFINE(hac, hac, "rtl/hac/hac.v", NULL);
