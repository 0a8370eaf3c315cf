/*
 * wpctl_block.c - the dynamic partitioning controller as the generic tools
 * see it: parameter and port tables from wpctl.def, cross-parameter
 * legality (doc/wpctl.md "Parameters"), the directed-file input check (doc
 * "Ports": inputs outside the protocol), the storage estimate (doc
 * "Storage"), the functional cover events, the default check list and the
 * equivalence configurations.
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/wpctl/wpctl.h"

static int wpctl_params_check(const long *P, char *err, size_t errlen)
{
  return kit_rule(P[wpctl_P_NumSm] >= P[wpctl_P_Kernels] + 1, err, errlen,
                  "NumSm=%ld must be >= Kernels + 1 = %ld (at least one followed SM, WP12)", P[wpctl_P_NumSm],
                  P[wpctl_P_Kernels] + 1) ||
         kit_rule(WC_PARTW(P) <= 32, err, errlen,
                  "Kernels x clog2(Ways+1) = %u must be <= 32 (the 32-bit partition register)", WC_PARTW(P)) ||
         kit_rule(P[wpctl_P_PerMax] != 1, err, errlen,
                  "PerMax=1 is illegal: the start_o cycle cannot end a period (0 = no timeout, WP30)");
}

/* The way counts of a packed partition and their sum (WP2, WP26). */
static unsigned part_fields(const long *P, uint64_t part, unsigned *c)
{
  const unsigned cw = WC_CW(P);
  unsigned s = 0;
  for (long j = 0; j < P[wpctl_P_Kernels]; j++) s += c[j] = (unsigned)((part >> (j * cw)) & kit_mask(cw));
  return s;
}

static unsigned part_sum(const long *P, uint64_t part)
{
  unsigned c[WC_MAX_K];
  return part_fields(P, part, c);
}

/* doc "Ports", inputs outside the protocol: a directed file may not hold
 * them (unless it says unchecked); the random generator drives them. */
static int wpctl_in_check(const long *P, const wpctl_in_t *i, char *err, size_t errlen)
{
  return kit_rule(!i->static_i || part_sum(P, i->cfg_part_i) <= (unsigned)P[wpctl_P_Ways], err, errlen,
                  "cfg_part_i=0x%llx: way counts sum to %u > Ways=%ld (WP26)", (unsigned long long)i->cfg_part_i,
                  part_sum(P, i->cfg_part_i), P[wpctl_P_Ways]);
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). */
void wpctl_storage(const long *P, kit_storage_t *st)
{
  static char f_txt[120], mv_txt[120], best_txt[120], ctl_txt[160], cnt_txt[120];
  const unsigned k = (unsigned)P[wpctl_P_Kernels], kw = WC_KW(P), bw = WC_BW(P), smw = WC_SMW(P);
  const unsigned winw = WC_WINW(P), cntw = WC_CNTW(P), mvb = k > 1 ? k * (kw + 1u) : 0u;
  unsigned n = 0;
  snprintf(f_txt, sizeof f_txt, "followed partition F (WP2): K x clog2(Ways+1) = %u x %u", k, WC_CW(P));
  snprintf(mv_txt, sizeof mv_txt, "moves d, mv (WP14, WP24): K x (KW + 1) = %u x %u, none at K = 1", k, kw + 1u);
  snprintf(best_txt, sizeof best_txt, "comparator operand best (WP16): IpcW%s = %u",
           P[wpctl_P_FolMean] ? " + clog2(NumSm - K)" : "", bw);
  snprintf(ctl_txt, sizeof ctl_txt, "win, phase, idx, warm: clog2(K+1) + 2 + clog2 NumSm + 1 = %u + 2 + %u + 1", winw,
           smw);
  snprintf(cnt_txt, sizeof cnt_txt, "timeout counter (WP30): clog2 PerMax = %u", cntw);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, f_txt, 1, "GPU", WC_PARTW(P)};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, mv_txt, 1, "GPU", mvb};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "LFSR (WP15)", 1, "GPU", 16};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, best_txt, 1, "GPU", bw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, ctl_txt, 1, "GPU", winw + 2u + smw + 1u};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, cnt_txt, 1, "GPU", cntw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "start_o register (WP23)", 1, "GPU", 1};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "periods_o counter (WP29)", 1, "GPU", 16};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "a comparator (III-B3); the 2 x 32-bit registers per SM are waypart's";
}

/* Functional coverage of doc/wpctl.md's cases ("Cover events"), from one
 * cycle's inputs, the outputs after its edge and the previous cycle's
 * outputs (the state the edge started from, decoded: WP24, WP28). */
enum { CV_RESET, CV_END_DONE, CV_END_TIMEOUT, CV_DONE_IN_START, CV_WARM_END, CV_STATIC_END, CV_STATIC_SHORT,
       CV_STATIC_ILLEGAL, CV_POLL_END, CV_WIN_FOL, CV_WIN_PROF, CV_WIN_LATER, CV_TIE_KEPT, CV_NO_MOVE,
       CV_DONOR_SKIP, CV_DRAW_FOLD, CV_ZERO_WAY, CV_PART_CHANGE, CV_PROF_WRITE, CV_N };
static const char *const wpctl_cover_names[CV_N] = {
  "reset", "end_done", "end_timeout", "done_in_start", "warm_end", "static_end", "static_short",
  "static_illegal", "poll_end", "win_followed", "win_profiling", "win_later_profiling", "tie_kept", "no_move",
  "donor_skip", "draw_fold", "zero_way_kernel", "part_change", "prof_write",
};

static void wpctl_cover(const long *P, const wpctl_in_t *i, const wpctl_out_t *o, const wpctl_out_t *prev,
                        uint64_t *n)
{
  const unsigned k = (unsigned)P[wpctl_P_Kernels], ways = (unsigned)P[wpctl_P_Ways];
  const uint64_t all = kit_mask((unsigned)P[wpctl_P_NumSm]);
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  unsigned f[WC_MAX_K], w[WC_MAX_K];
  part_fields(P, o->fol_part_o, f);
  for (unsigned j = 0; j < k; j++)
    if (f[j] == 0) { n[CV_ZERO_WAY]++; break; }
  if (o->fol_part_o != prev->fol_part_o) n[CV_PART_CHANGE]++;
  const int done = (i->sm_done_i & all) == all;
  if (prev->start_o && done) n[CV_DONE_IN_START]++;
  if (prev->meas_o && !o->meas_o) {                          /* a period end at this edge */
    n[done ? CV_END_DONE : CV_END_TIMEOUT]++;
    if (i->static_i) {
      const unsigned s = part_sum(P, i->cfg_part_i);
      n[CV_STATIC_END]++;
      if (s < ways) n[CV_STATIC_SHORT]++;
      if (s > ways) n[CV_STATIC_ILLEGAL]++;
    } else if (o->wr_all_o) {
      n[CV_WARM_END]++;
    }
  }
  if (prev->rd_valid_o) {
    if (prev->rd_sm_o < k) {
      const uint64_t c = P[wpctl_P_FolMean] ? i->rd_ipc_i * WC_NF(P) : i->rd_ipc_i;
      if (c == prev->best_o) n[CV_TIE_KEPT]++;
      if (prev->win_o != 0 && o->win_o != prev->win_o) n[CV_WIN_LATER]++;
    }
    if (o->wr_all_o) {
      n[CV_POLL_END]++;
      n[o->win_o ? CV_WIN_PROF : CV_WIN_FOL]++;
    }
  }
  if (o->wr_valid_o && !o->wr_all_o) {                       /* a draw at this edge, from prev's LFSR */
    unsigned r = (unsigned)(prev->lfsr_o & kit_mask(WC_KW(P)));
    if (r >= k) {
      n[CV_DRAW_FOLD]++;
      r -= k;
    }
    if (o->wr_part_o == o->fol_part_o) {
      n[CV_NO_MOVE]++;
    } else {
      n[CV_PROF_WRITE]++;
      part_fields(P, o->wr_part_o, w);
      for (unsigned j = 0; j < k; j++)
        if (w[j] < f[j] && j != r) n[CV_DONOR_SKIP]++;
    }
  }
}

/* The default check (make check, make run, make vectors): Table II's 15
 * SMs first (periods end by the SMs' quotas); the other reading of WP16
 * on example B's GPU;
 * a small 3-kernel GPU with a 4-bit IPC (ties), a 16-cycle timeout, the
 * fold of a 2-bit draw; one kernel (no moves) without a timeout; the
 * widest corners (64 SMs, 8 kernels, the widest best_o; 32 ways, one
 * followed SM under the mean). Together they reach every cover event. */
static const kit_check_t wpctl_checks[] = {
  {"", 100000, 20000, "Table II: 15 SMs, 2 kernels, 4 ways, 32-bit IPC, 2^20-cycle timeout"},
  {"NumSm=4 FolMean=1", 50000, 20000,
   "followed SMs compared by their mean (WP16's other reading), on example B's 4 SMs (b_folmean.stim's model)"},
  {"NumSm=5 Kernels=3 IpcW=4 PerMax=16", 50000, 20000,
   "3 kernels (2-bit draws fold), 4-bit IPC (ties), 16-cycle timeout, example C's GPU"},
  {"NumSm=2 Kernels=1 Ways=2 PerMax=0 FolMean=1", 30000, 10000, "one kernel (no donor), no timeout, one followed SM"},
  {"NumSm=64 Kernels=8 Ways=8 PerMax=300 FolMean=1", 50000, 20000,
   "64 SMs, 8 kernels over 8 ways (PartW 32), the mean of 56 followed SMs (best_o 38 bits)"},
  {"NumSm=4 Kernels=3 Ways=32 IpcW=5 PerMax=5 FolMean=1 Seed=1", 30000, 10000,
   "32 ways (CW 6), one followed SM under the mean, a 5-cycle timeout, Seed 1"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together both FolMean values and both timeout branches. */
static const kit_equiv_t wpctl_equivs[] = {
  {"NumSm=4 Kernels=2 IpcW=4 PerMax=8", KIT_CHK(1), 20000, "example B's GPU, 4-bit IPC, 8-cycle timeout"},
  {"NumSm=4 Kernels=2 IpcW=4 PerMax=8 FolMean=1", KIT_CHK(2) | KIT_CHK(6), 20000, "FolMean = 1"},
  {"NumSm=4 Kernels=3 IpcW=4 PerMax=8", KIT_CHK(3), 20000, "the note's formal reduction: 3 kernels"},
  {"NumSm=2 Kernels=1 Ways=2 IpcW=4 PerMax=0 FolMean=1", KIT_CHK(4), 20000, "one kernel, no timeout"},
  {"NumSm=9 Kernels=8 Ways=8 IpcW=4 PerMax=8 FolMean=1", KIT_CHK(5), 20000, "8 kernels (KW 3, PartW 32), the mean"},
};

KIT_BLOCK_DEFINE(wpctl, wpctl, "rtl/wpctl/wpctl.v", NULL);
