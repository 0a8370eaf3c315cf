/*
 * wp_gpu_block.c - Liang's dynamic scheme as one block, as the generic
 * tools see it: the parameter and port tables generated from wp_gpu.def,
 * legality (each sub-block's configuration by its own rules, plus the
 * composite's port widths), the directed-file value check (the sub-blocks'
 * own rules on the ports that reach them, and the SM indices), the
 * storage estimate (doc/wp_gpu.md "Storage"), the functional cover events,
 * the default check list and the equivalence configurations.
 */
#include <string.h>

#include "cmodel/tbbyp/tbbyp.h"
#include "cmodel/waypart/waypart.h"
#include "cmodel/wpctl/wpctl.h"
#define KIT_BLOCK_IMPL
#include "cmodel/wp_gpu/wp_gpu.h"

static const kit_block_t *const wg_subs[] = {&wpctl_block, &waypart_block, &tbbyp_block};
#define WG_NSUB (sizeof wg_subs / sizeof wg_subs[0])

static int wp_gpu_params_check(const long *P, char *err, size_t errlen)
{
  if (kit_subs_check(wg_subs, WG_NSUB, wgc_sub_params, P, err, errlen)) return -1;
  const long n = P[wp_gpu_P_NumSm], k = P[wp_gpu_P_Kernels];
  return kit_rule(n * (long)WG_PARTW(P) <= 64, err, errlen,
                  "NumSm x Kernels x clog2(Ways+1) = %ld must be <= 64 (part_o)", n * (long)WG_PARTW(P)) ||
         kit_rule(n * k * P[wp_gpu_P_RetW] <= 64, err, errlen, "NumSm x Kernels x RetW = %ld must be <= 64 (ins_i)",
                  n * k * P[wp_gpu_P_RetW]);
}

/* doc "Ports", inputs outside the protocol: the SM indices, and each
 * sub-block's own rules on the values that reach it (waypart's access,
 * retire and debug address; tbbyp's issue, retire, slot and class;
 * wpctl's static partition). */
static int wp_gpu_in_check(const long *P, const wp_gpu_in_t *i, char *err, size_t errlen)
{
  long Pw[KIT_MAX_PARAMS], Pt[KIT_MAX_PARAMS], Pc[KIT_MAX_PARAMS];
  waypart_in_t w;
  tbbyp_in_t b;
  wpctl_in_t c;
  char e[KIT_ERR_LEN];
  const uint64_t n = (uint64_t)P[wp_gpu_P_NumSm];
  if (kit_rule(!i->acc_valid_i || i->acc_sm_i < n, err, errlen, "acc_sm_i=%llu is not an SM (NumSm=%llu)",
               (unsigned long long)i->acc_sm_i, (unsigned long long)n) ||
      kit_rule(!i->iss_valid_i || i->iss_sm_i < n, err, errlen, "iss_sm_i=%llu is not an SM (NumSm=%llu)",
               (unsigned long long)i->iss_sm_i, (unsigned long long)n) ||
      kit_rule(!i->ret_valid_i || i->ret_sm_i < n, err, errlen, "ret_sm_i=%llu is not an SM (NumSm=%llu)",
               (unsigned long long)i->ret_sm_i, (unsigned long long)n) ||
      kit_rule(i->dbg_sm_i < n, err, errlen, "dbg_sm_i=%llu is not an SM (NumSm=%llu)",
               (unsigned long long)i->dbg_sm_i, (unsigned long long)n))
    return -1;
  wgc_sub_params(&waypart_block, P, Pw);
  wgc_sub_params(&tbbyp_block, P, Pt);
  wgc_sub_params(&wpctl_block, P, Pc);
  memset(&w, 0, sizeof w);
  w.rst_ni = i->rst_ni;
  w.acc_valid_i = i->acc_valid_i;
  w.acc_st_i = i->acc_st_i;
  w.acc_k_i = i->acc_k_i;
  w.acc_set_i = i->acc_set_i;
  w.acc_tag_i = i->acc_tag_i;
  w.tbd_valid_i = i->ret_valid_i;
  w.tbd_k_i = i->ret_k_i;
  w.dbg_set_i = i->dbg_set_i;
  w.dbg_way_i = i->dbg_way_i;
  memset(&b, 0, sizeof b);
  b.rst_ni = i->rst_ni;
  b.iss_valid_i = i->iss_valid_i;
  b.iss_k_i = i->iss_k_i;
  b.iss_slot_i = i->iss_slot_i;
  b.ret_valid_i = i->ret_valid_i;
  b.ret_k_i = i->ret_k_i;
  b.ret_slot_i = i->ret_slot_i;
  b.acc_valid_i = i->acc_valid_i;
  b.acc_slot_i = i->acc_slot_i;
  b.acc_cls_i = i->acc_ld_i < (uint64_t)P[wp_gpu_P_NumLd] ? (i->cfg_cls_i >> (2u * i->acc_ld_i)) & 3u : 0u;
  memset(&c, 0, sizeof c);
  c.rst_ni = i->rst_ni;
  c.static_i = i->static_i;
  c.cfg_part_i = i->cfg_part_i;
  if (waypart_block.in_check(Pw, (const uint64_t *)&w, e, sizeof e) ||
      tbbyp_block.in_check(Pt, (const uint64_t *)&b, e, sizeof e) ||
      wpctl_block.in_check(Pc, (const uint64_t *)&c, e, sizeof e)) {
    snprintf(err, errlen, "%s", e);
    return -1;
  }
  return kit_rule(!i->acc_valid_i || i->acc_ld_i < (uint64_t)P[wp_gpu_P_NumLd], err, errlen,
                  "acc_ld_i=%llu is not a table entry (NumLd=%ld, G4)", (unsigned long long)i->acc_ld_i,
                  P[wp_gpu_P_NumLd]);
}

/* doc "Storage": wpctl's rows once, waypart's and tbbyp's NumSm times
 * (their rows that say "per GPU" once: the launch registers, G3), the
 * glue's pipe and select registers and the check registers (static
 * buffers: the report is printed before the next call). */
static char wg_txt[KIT_MAX_STORAGE_ROWS][KIT_STORAGE_TXT];

void wp_gpu_storage(const long *P, kit_storage_t *st)
{
  const unsigned n = (unsigned)P[wp_gpu_P_NumSm], smw = WG_SMW(P), kw = WG_KW(P), pw = WG_PARTW(P);
  unsigned r = 0;
  memset(st, 0, sizeof *st);
  for (unsigned k = 0; k < WG_NSUB; k++) {
    long Ps[KIT_MAX_PARAMS];
    const unsigned first = r;
    wgc_sub_params(wg_subs[k], P, Ps);
    r = kit_storage_sub(st, r, wg_subs[k], Ps, wg_txt);
    if (wg_subs[k] != &wpctl_block)
      for (unsigned j = first; j < r; j++)
        if (!strstr(st->row[j].what, "per GPU")) st->row[j].count *= n;
  }
  st->row[r++] = (kit_storage_row_t){KIT_ST_INTERFACE, "glue pipe p1 (SM, st, k, set, tag), p2 (SM, st, k, byp)", 1,
                                     "block", 2u * smw + 2u * kw + 3u + WG_SETW(P) + (unsigned)P[wp_gpu_P_TagW]};
  st->row[r++] = (kit_storage_row_t){KIT_ST_INTERFACE, "glue selects dbg_sm_q, iss_sm_q", 1, "block", 2u * smw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_INTERFACE, "check-only: start_q, chk_q, wr_q (valid, all, sm, part)", 1,
                                     "block", 4u + smw + pw};
  st->row[r++] = (kit_storage_row_t){KIT_ST_INTERFACE, "check-only: part_q, NumSm x PartW", n, "SM", pw};
  st->nrows = r;
  st->data_bytes = 0;
  st->paper = "III-B3: 2 x 32 bits per SM and one comparator (see the report)";
}

/* The added bits of sub-block b at composite configuration P whose row
 * text starts with `row` ("" = every added row), for one instance. */
static uint64_t wg_added(const long *P, const kit_block_t *b, const char *row)
{
  long Ps[KIT_MAX_PARAMS];
  kit_storage_t st;
  uint64_t bits = 0;
  wgc_sub_params(b, P, Ps);
  b->storage(Ps, &st);
  for (unsigned r = 0; r < st.nrows; r++)
    if (st.row[r].group == KIT_ST_ADDED && strncmp(st.row[r].what, row, strlen(row)) == 0)
      bits += st.row[r].count * st.row[r].bits;
  return bits;
}

static void wg_item(FILE *f, const char *item, uint64_t bits, const char *formula, const char *paper)
{
  fprintf(f, "  %-40s %8llu bits   %s\n      paper: %s\n", item, (unsigned long long)bits, formula, paper);
}

/* doc "Storage": III-B3's two registers per SM beside the paper's 2 x 32
 * bits, then what the paper does not count (issue 27 item 4). */
void wgc_report(const long *P, FILE *f)
{
  char fo[200];
  const unsigned n = (unsigned)P[wp_gpu_P_NumSm], k = (unsigned)P[wp_gpu_P_Kernels];
  const uint64_t part = wg_added(P, &waypart_block, "partition"), ipc = wg_added(P, &waypart_block, "IPC");
  const uint64_t tbc = wg_added(P, &waypart_block, "TB counters") + wg_added(P, &waypart_block, "period done");
  const uint64_t ctl = wg_added(P, &wpctl_block, ""), mon = wg_added(P, &tbbyp_block, "");
  fprintf(f, "Liang III-B3's costs, item by item (NumSm = %u SMs):\n", n);
  snprintf(fo, sizeof fo, "per SM K x clog2(Ways+1) + IpcW = %llu + %llu, x %u SMs", (unsigned long long)part,
           (unsigned long long)ipc, n);
  wg_item(f, "partition + IPC registers (III-B3)", (part + ipc) * n, fo,
          "\"2 32-bit registers\" per SM = 64 bits per SM");
  snprintf(fo, sizeof fo, "%u x 64", n);
  wg_item(f, "the paper's figure for these SMs", 64ull * n, fo, "III-B3, and \"a comparator\"");
  snprintf(fo, sizeof fo, "per SM K x TbW + 1 = %llu, x %u SMs", (unsigned long long)tbc, n);
  wg_item(f, "TB counters + done (WP11)", tbc * n, fo, "not counted (the period end is not costed)");
  wg_item(f, "wpctl (per GPU)", ctl, "F, moves, LFSR, best, win/phase/idx/warm, timeout (doc/wpctl.md)",
          "not counted (\"a comparator\" only)");
  snprintf(fo, sizeof fo, "per SM %llu (doc/tbbyp.md Storage), x %u SMs", (unsigned long long)mon, n);
  wg_item(f, "tbbyp monitors (III-C)", mon * n, fo, "not counted (III-C gives no hardware cost)");
  snprintf(fo, sizeof fo, "2 x NumLd = 2 x %ld, per GPU (an input here: configuration, not state)",
           P[wp_gpu_P_NumLd]);
  wg_item(f, "load-class table (TB8)", 2u * (uint64_t)P[wp_gpu_P_NumLd], fo, "not counted");
  fprintf(f, "  %-40s %8llu bits (the paper counts %llu; K = %u)\n", "sum of the added state",
          (unsigned long long)((part + ipc + tbc + mon) * n + ctl), 64ull * n, k);
}

/* Functional coverage of doc/wp_gpu.md's cases: the wires and the
 * integration events (each sub-block's own cases are its own check's). */
enum { CV_RESET, CV_LOAD_HIT, CV_FOREIGN_HIT, CV_FILL_EVICT, CV_STORE_INV, CV_BYP_TB, CV_BYP_OTHER, CV_CLS_PER_TB,
       CV_CLS_CACHE, CV_CLS_NEVER, CV_LD_BEYOND, CV_SM_BEYOND, CV_ISS_BYP, CV_DEC, CV_CLR_NBYP, CV_WARM_END,
       CV_WIN_PROF, CV_WIN_FOL, CV_STATIC_END, CV_PROF_MOVE, CV_PROF_NOMOVE, CV_ALL_DONE, CV_N };
static const char *const wp_gpu_cover_names[CV_N] = {
  "reset", "load_hit", "foreign_hit", "fill_evict", "store_inv", "bypass_by_tbbyp", "bypass_other",
  "class_per_tb", "class_cache", "class_never", "load_beyond_table", "sm_beyond", "issue_bypasses",
  "decision", "clear_nonzero_nbyp", "warm_end", "win_profiling", "win_followed", "static_end",
  "profiling_move", "profiling_no_move", "all_done",
};

static void wp_gpu_cover(const long *P, const wp_gpu_in_t *i, const wp_gpu_out_t *o, const wp_gpu_out_t *p,
                         uint64_t *c)
{
  const uint64_t n = (uint64_t)P[wp_gpu_P_NumSm];
  if (!i->rst_ni) { c[CV_RESET]++; return; }
  if (i->acc_valid_i && i->acc_sm_i < n) {
    if (i->acc_ld_i >= (uint64_t)P[wp_gpu_P_NumLd]) c[CV_LD_BEYOND]++;
    else switch ((i->cfg_cls_i >> (2u * i->acc_ld_i)) & 3u) {
      case 0: c[CV_CLS_PER_TB]++; break;
      case 2: c[CV_CLS_NEVER]++; break;
      default: c[CV_CLS_CACHE]++; break;
      }
  }
  if ((i->acc_valid_i && i->acc_sm_i >= n) || (i->iss_valid_i && i->iss_sm_i >= n) ||
      (i->ret_valid_i && i->ret_sm_i >= n) || i->dbg_sm_i >= n)
    c[CV_SM_BEYOND]++;
  if (o->rsp_valid_o) {
    if (o->rsp_hit_o && !o->rsp_inv_o) c[o->rsp_foreign_o ? CV_FOREIGN_HIT : CV_LOAD_HIT]++;
    if (o->rsp_fill_o && o->evict_valid_o) c[CV_FILL_EVICT]++;
    if (o->rsp_inv_o) c[CV_STORE_INV]++;
    if (o->rsp_byp_o) c[p->byp_o ? CV_BYP_TB : CV_BYP_OTHER]++;
  }
  if (o->iss_byp_o) c[CV_ISS_BYP]++;
  if (o->dec_o) c[CV_DEC]++;
  if (p->start_o && p->nbyp_o) c[CV_CLR_NBYP]++;
  if (o->wr_all_o) {
    if (p->rd_valid_o) c[o->win_o ? CV_WIN_PROF : CV_WIN_FOL]++;
    else if (o->periods_o == 1 && !i->static_i) c[CV_WARM_END]++;
  }
  if (o->start_o && p->wr_all_o) c[CV_STATIC_END]++;
  if (o->wr_valid_o && !o->wr_all_o) c[o->wr_part_o == o->fol_part_o ? CV_PROF_NOMOVE : CV_PROF_MOVE]++;
  if (o->done_o == kit_mask((unsigned)n) && p->done_o != o->done_o) c[CV_ALL_DONE]++;
}

/* The default check (make check, make run, make vectors; doc
 * "Verification"): short periods so that many of them run. */
#define WG_SMALL "Sets=4 Ways=4 TagW=4 TbW=2 IpcW=16 MaxTb=4 CntW=8 NumLd=4"
static const kit_check_t wp_gpu_checks[] = {
  {"", 10000, 5000, "the default configuration: 32 sets, Fig. 6's GPU, periods ended by the thread-block quotas"},
  {WG_SMALL " PerMax=64", 30000, 10000, "4 SMs, 2 kernels over 4 ways (Fig. 6's GPU), 4 sets, short periods"},
  {WG_SMALL " NumSm=5 Kernels=3 FolMean=1 Flush=1 IntFix=3 PerMax=0", 30000, 10000,
   "3 kernels (a donor is drawn), 2 followed SMs by their mean, Flush, fixed tbbyp intervals"},
  {"NumSm=3 Kernels=1 Sets=2 Ways=2 TagW=2 TbW=1 IpcW=4 MaxTb=2 CntW=2 NumLd=3 PerMax=8", 20000, 10000,
   "one kernel (no moves), odd SM count (an SM index beyond), saturating counters"},
};

/* The equivalence configurations (make equiv, make mutate; doc
 * "Equivalence"): the formal reduction of each check configuration, every
 * mode value among them; the third keeps NumSm 3 and NumLd 3 so that an
 * SM index and a load beyond their ranges exist. */
static const kit_equiv_t wp_gpu_equivs[] = {
  {"NumSm=3 Kernels=2 Sets=1 Ways=2 TagW=1 TbW=1 RetW=1 WgtW=1 IpcW=4 MaxTb=1 CntW=2 WarpW=1 L2Lat=1 NumLd=1 PerMax=4",
   KIT_CHK(1) | KIT_CHK(2), 20000, "the formal reduction of the default"},
  {"NumSm=3 Kernels=2 Sets=1 Ways=2 TagW=1 TbW=1 RetW=1 WgtW=1 IpcW=4 MaxTb=1 CntW=2 WarpW=1 L2Lat=1 NumLd=1 PerMax=4 "
   "FolMean=1 Flush=1 IntFix=3",
   KIT_CHK(3), 20000, "the other mode values"},
  {"NumSm=3 Kernels=1 Sets=1 Ways=2 TagW=1 TbW=1 RetW=1 WgtW=1 IpcW=4 MaxTb=2 CntW=2 WarpW=1 L2Lat=1 NumLd=3 PerMax=4",
   KIT_CHK(4), 20000, "one kernel"},
};

KIT_BLOCK_DEFINE(wp_gpu, wgc, "rtl/wp_gpu/wp_gpu.v rtl/wpctl/wpctl.v rtl/waypart/waypart.v rtl/tbbyp/tbbyp.v rtl/mem/kit_mem.v",
                 wgc_report);
