/*
 * waypart_block.c - one SM's way-partitioned L1 as the generic tools see
 * it: parameter and port tables from waypart.def, cross-parameter legality
 * (doc/waypart.md "Parameters"), the directed-file input check (doc
 * "Ports": inputs outside the protocol), the storage estimate (doc
 * "Storage"), the functional cover events, the default check list and the
 * equivalence configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/waypart/waypart.h"

static int waypart_params_check(const long *P, char *err, size_t errlen)
{
  const long k = P[waypart_P_Kernels];
  return kit_rule(WP_PARTW(P) <= 32, err, errlen, "Kernels x clog2(Ways+1) = %u must be <= 32 (the 32-bit partition register)",
                  WP_PARTW(P)) ||
         kit_rule(k * P[waypart_P_Ways] <= 64, err, errlen, "Kernels x Ways = %ld must be <= 64 (mask_o)",
                  k * P[waypart_P_Ways]) ||
         kit_rule(k * P[waypart_P_RetW] <= 64, err, errlen, "Kernels x RetW = %ld must be <= 64 (ret_i)",
                  k * P[waypart_P_RetW]) ||
         kit_rule(k * P[waypart_P_WgtW] <= 64, err, errlen, "Kernels x WgtW = %ld must be <= 64 (wgt_i)",
                  k * P[waypart_P_WgtW]) ||
         kit_rule(k * P[waypart_P_TbW] <= 64, err, errlen, "Kernels x TbW = %ld must be <= 64 (tb_i)",
                  k * P[waypart_P_TbW]) ||
         kit_rule(kit_is_pow2(P[waypart_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[waypart_P_LineBytes]);
}

/* The sum of part_i's K fields (WP9). */
static unsigned part_sum(const long *P, uint64_t part)
{
  const unsigned cw = WP_CW(P);
  unsigned s = 0;
  for (long j = 0; j < P[waypart_P_Kernels]; j++) s += (unsigned)((part >> (j * cw)) & kit_mask(cw));
  return s;
}

/* doc "Ports", inputs outside the protocol: a directed file may not hold
 * them (unless it says unchecked); the random generator drives them. */
static int waypart_in_check(const long *P, const waypart_in_t *i, char *err, size_t errlen)
{
  const uint64_t k = (uint64_t)P[waypart_P_Kernels], sets = (uint64_t)P[waypart_P_Sets];
  return kit_rule(!i->acc_valid_i || i->acc_k_i < k, err, errlen, "acc_k_i=%llu out of range 0..%llu (WP6)",
                  (unsigned long long)i->acc_k_i, (unsigned long long)(k - 1)) ||
         kit_rule(!i->acc_valid_i || i->acc_set_i < sets, err, errlen,
                  "acc_set_i=%llu out of range 0..%llu (WP19)", (unsigned long long)i->acc_set_i,
                  (unsigned long long)(sets - 1)) ||
         kit_rule(!i->tbd_valid_i || i->tbd_k_i < k, err, errlen, "tbd_k_i=%llu out of range 0..%llu (WP11)",
                  (unsigned long long)i->tbd_k_i, (unsigned long long)(k - 1)) ||
         kit_rule(!i->part_we_i || part_sum(P, i->part_i) <= (unsigned)P[waypart_P_Ways], err, errlen,
                  "part_i=0x%llx: way counts sum to %u > Ways=%ld (WP9)", (unsigned long long)i->part_i,
                  part_sum(P, i->part_i), P[waypart_P_Ways]) ||
         kit_rule(i->dbg_set_i < sets && i->dbg_way_i < (uint64_t)P[waypart_P_Ways], err, errlen,
                  "debug address set %llu way %llu outside the array (WP22)", (unsigned long long)i->dbg_set_i,
                  (unsigned long long)i->dbg_way_i);
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). */
void waypart_storage(const long *P, kit_storage_t *st)
{
  static char part_txt[120], ipc_txt[80], tbc_txt[120], tag_txt[120], rank_txt[120], data_txt[160],
      rsp_txt[200], dbg_txt[160], launch_txt[160];
  const unsigned sets = (unsigned)P[waypart_P_Sets], ways = (unsigned)P[waypart_P_Ways];
  const unsigned tagw = (unsigned)P[waypart_P_TagW], k = (unsigned)P[waypart_P_Kernels];
  const unsigned tbw = (unsigned)P[waypart_P_TbW], wgtw = (unsigned)P[waypart_P_WgtW];
  const unsigned cw = WP_CW(P), wayw = WP_WAYW(P);
  const uint64_t lines = (uint64_t)sets * ways, lineb = (uint64_t)P[waypart_P_LineBytes];
  unsigned n = 0;
  snprintf(part_txt, sizeof part_txt, "partition register (III-B3, WP2): K x clog2(Ways+1) = %u x %u", k, cw);
  snprintf(ipc_txt, sizeof ipc_txt, "IPC register (III-B3, WP10): IpcW");
  snprintf(tbc_txt, sizeof tbc_txt, "TB counters (WP11, not in the paper): K x TbW = %u x %u", k, tbw);
  snprintf(tag_txt, sizeof tag_txt, "tag: Sets x Ways x TagW = %llu x %u", (unsigned long long)lines, tagw);
  snprintf(rank_txt, sizeof rank_txt, "LRU rank (WP5): Sets x Ways x clog2 Ways = %llu x %u",
           (unsigned long long)lines, wayw);
  snprintf(data_txt, sizeof data_txt, "external: data: Sets x Ways x LineBytes = %llu x %llu B = %llu B",
           (unsigned long long)lines, (unsigned long long)lineb, (unsigned long long)(lines * lineb));
  snprintf(launch_txt, sizeof launch_txt,
           "external: launch registers Tb, wgt (one copy per GPU): K x (TbW + WgtW) = %u x %u", k, tbw + wgtw);
  snprintf(rsp_txt, sizeof rsp_txt,
           "response registers: valid, hit, foreign, byp, fill, inv, way %u, evict_valid, evict_tag %u", wayw,
           tagw);
  snprintf(dbg_txt, sizeof dbg_txt, "debug registers: valid, tag %u, rank %u", tagw, wayw);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, part_txt, 1, "SM", k * cw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, ipc_txt, 1, "SM", (unsigned)P[waypart_P_IpcW]};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, tbc_txt, 1, "SM", k * tbw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "period done (WP11, not in the paper)", 1, "SM", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, "valid: Sets x Ways", lines, "line", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, tag_txt, lines, "line", tagw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, rank_txt, lines, "line", wayw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, data_txt, lines, "line", (unsigned)(lineb * 8u)};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, rsp_txt, 1, "SM", 6u + wayw + 1u + tagw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, dbg_txt, 1, "SM", 1u + tagw + wayw};
  /* the tag/rank banks are SRAM without reset: one flop per set says the
   * set was written since reset (until then it reads as its reset value;
   * doc "Storage", issue 32) */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM row-written flags (tag/rank banks' reset)", sets, "set", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, launch_txt, 1, "GPU", k * (tbw + wgtw)};
  st->nrows = n;
  st->data_bytes = lines * lineb;
  st->paper = "2 32-bit registers per SM, partition and IPC (III-B3: 64 bits; 15 SMs 960 bits = 120 B), one comparator";
}

/* Functional coverage of doc/waypart.md's cases, from one cycle's inputs,
 * the outputs after its edge and the previous cycle's outputs (whose
 * mask_o is the masks this cycle's access used). */
enum { CV_RESET, CV_OWN_HIT, CV_FOREIGN_HIT, CV_HIT_UNOWNED, CV_FILL_INVALID, CV_FILL_EVICT, CV_BYP_ZERO,
       CV_BYP_INPUT, CV_BYP_KERNEL, CV_SET_RANGE, CV_STORE_INV, CV_STORE_MISS, CV_STORE_BAD_K,
       CV_MASK_CHANGE, CV_PART_ILLEGAL, CV_PART_SHORT, CV_IPC_SAT, CV_DONE_RISE, CV_TB_NOT_MEAS,
       CV_TB_BAD_K, CV_START, CV_DBG_BEYOND, CV_N };
static const char *const waypart_cover_names[CV_N] = {
  "reset", "own_hit", "foreign_hit", "hit_unowned_way", "fill_invalid_way", "fill_evict",
  "bypass_zero_ways", "bypass_input", "bypass_bad_kernel", "set_out_of_range", "store_inv", "store_miss",
  "store_bad_kernel", "mask_change", "part_write_illegal", "part_sum_below_ways", "ipc_saturated",
  "done_rise", "tb_not_measured", "tb_bad_kernel", "start", "dbg_beyond",
};

static void waypart_cover(const long *P, const waypart_in_t *i, const waypart_out_t *o, const waypart_out_t *prev,
                          uint64_t *n)
{
  const unsigned ways = (unsigned)P[waypart_P_Ways], k = (unsigned)P[waypart_P_Kernels];
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (i->dbg_set_i >= (uint64_t)P[waypart_P_Sets] || i->dbg_way_i >= ways) n[CV_DBG_BEYOND]++;
  if (i->part_we_i) {
    const unsigned s = part_sum(P, i->part_i);
    if (s > ways) n[CV_PART_ILLEGAL]++;
    else if (s < ways) n[CV_PART_SHORT]++;
  }
  if (i->part_we_i && o->mask_o != prev->mask_o) n[CV_MASK_CHANGE]++;
  if (o->ipc_o == kit_mask((unsigned)P[waypart_P_IpcW])) n[CV_IPC_SAT]++;
  if (o->done_o && !prev->done_o) n[CV_DONE_RISE]++;
  if (i->start_i) n[CV_START]++;
  if (i->tbd_valid_i && !i->meas_i) n[CV_TB_NOT_MEAS]++;
  if (i->tbd_valid_i && i->tbd_k_i >= k) n[CV_TB_BAD_K]++;
  if (!o->rsp_valid_o) return;
  if (i->acc_set_i >= (uint64_t)P[waypart_P_Sets]) { n[CV_SET_RANGE]++; return; }
  if (i->acc_st_i) {
    n[o->rsp_inv_o ? CV_STORE_INV : CV_STORE_MISS]++;
    if (o->rsp_inv_o && i->acc_k_i >= k) n[CV_STORE_BAD_K]++;
    return;
  }
  if (o->rsp_byp_o) {
    n[i->acc_byp_i ? CV_BYP_INPUT : i->acc_k_i >= k ? CV_BYP_KERNEL : CV_BYP_ZERO]++;
    return;
  }
  if (o->rsp_hit_o) {
    if (!o->rsp_foreign_o) {
      n[CV_OWN_HIT]++;
    } else {
      uint64_t owned = 0;
      for (unsigned j = 0; j < k; j++) owned |= (prev->mask_o >> (j * ways)) & kit_mask(ways);
      n[(owned >> o->rsp_way_o) & 1u ? CV_FOREIGN_HIT : CV_HIT_UNOWNED]++;
    }
    return;
  }
  if (o->rsp_fill_o) n[o->evict_valid_o ? CV_FILL_EVICT : CV_FILL_INVALID]++;
}

/* The default check (make check, make run, make vectors): the paper L1
 * first; Flush = 1 (the other reading of WP8); a small odd geometry with
 * three kernels and narrow counters (sets and ways that are not powers of
 * two, so out-of-range sets, kernels and debug addresses exist; a 4-bit
 * IPC register and 1-bit TB counters saturate); one kernel (Flush 1);
 * the widest corners. Together they reach every cover event. */
static const kit_check_t waypart_checks[] = {
  {"", 100000, 20000, "the paper L1 (Table II: 32 sets x 4 ways, 20-bit tags, 2 kernels, 32-bit IPC)"},
  {"Flush=1", 50000, 20000, "lines in moved ways invalidated at the write (WP8's other reading)"},
  {"Sets=3 Ways=3 TagW=3 Kernels=3 TbW=1 RetW=1 WgtW=2 IpcW=4", 50000, 20000,
   "3 sets, 3 ways, 3 kernels: out-of-range sets, kernel 3, debug way 3; IPC and TB counters saturate"},
  {"Sets=2 Ways=2 TagW=2 Kernels=1 Flush=1", 50000, 20000, "one kernel (KW 1: kernel 1 beyond K), 2 ways, Flush"},
  {"Sets=4 Ways=8 TagW=4 Kernels=8 TbW=8 RetW=8 WgtW=8 IpcW=16", 50000, 20000,
   "8 kernels over 8 ways (PartW 32, mask_o 64 bits), the widest TB and retire fields"},
  {"Sets=2 Ways=32 TagW=48 WgtW=16", 50000, 20000, "32 ways (mask_o 64 bits, CW 6), 48-bit tags, 16-bit weights"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together both Flush values (doc/harness.md "Equivalence"). */
static const kit_equiv_t waypart_equivs[] = {
  {"Sets=2 Ways=4 TagW=2 IpcW=4 TbW=2 RetW=1 WgtW=2", KIT_CHK(1) | KIT_CHK(6), 20000,
   "the note's formal reduction: 2 sets x 4 ways, 2 kernels, 2-bit tags, 4-bit IPC"},
  {"Sets=2 Ways=4 TagW=2 IpcW=4 TbW=2 RetW=1 WgtW=2 Flush=1", KIT_CHK(2), 20000, "Flush = 1"},
  {"Sets=3 Ways=3 TagW=2 Kernels=3 TbW=1 RetW=1 WgtW=2 IpcW=4", KIT_CHK(3), 20000,
   "3 kernels, odd sets and ways (out-of-range indices)"},
  {"Sets=2 Ways=2 TagW=2 Kernels=1 IpcW=4 TbW=1 RetW=1 WgtW=1 Flush=1", KIT_CHK(4), 20000, "one kernel"},
  {"Sets=1 Ways=4 TagW=2 Kernels=8 TbW=1 RetW=1 WgtW=1 IpcW=4", KIT_CHK(5), 20000,
   "8 kernels (KW 3, PartW 24) over 4 ways: Even leaves four of them 0 ways; 8 ways left PDR bounded on two mutants"},
};

KIT_BLOCK_DEFINE(waypart, waypart, "rtl/waypart/waypart.v rtl/mem/kit_mem.v", NULL);
