/*
 * vtt_block.c - the Victim Tag Table as the generic tools see it: the
 * parameter and port tables generated from vtt.def, cross-parameter
 * legality, the check a directed stimulus file's values must pass, the
 * storage estimate of section 4.2 (doc/vtt.md "Storage") and the
 * functional cover events.
 */
#include <stdlib.h>
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/vtt/vtt.h"

/* doc/vtt.md "Parameters": cross-parameter rules. */
static int vtt_params_check(const long *P, char *err, size_t errlen)
{
  const long tot = P[vtt_P_NumVp] * P[vtt_P_VpWays];
  const long nent = tot * P[vtt_P_Sets];
  return kit_rule(kit_is_pow2(P[vtt_P_VpWays]), err, errlen,
                  "parameter VpWays=%ld must be a power of two in 1..32 (section 4.1)", P[vtt_P_VpWays]) ||
         kit_rule(tot >= 2 && tot <= (long)VTT_MAX_WAYS, err, errlen,
                  "parameters NumVp=%ld x VpWays=%ld = %ld ways per set, must be 2..32 (section 4.1: 32-way VTT)",
                  P[vtt_P_NumVp], P[vtt_P_VpWays], tot) ||
         kit_rule(P[vtt_P_Offset] + nent <= (1L << P[vtt_P_RnW]), err, errlen,
                  "parameter Offset=%ld: Offset + NumVp x Sets x VpWays = %ld + %ld = %ld exceeds the "
                  "register space 2^RnW = %ld (RnW=%ld)",
                  P[vtt_P_Offset], P[vtt_P_Offset], nent, P[vtt_P_Offset] + nent, 1L << P[vtt_P_RnW],
                  P[vtt_P_RnW]) ||
         kit_rule(kit_is_pow2(P[vtt_P_LineBytes]), err, errlen,
                  "parameter LineBytes=%ld must be a power of two", P[vtt_P_LineBytes]);
}

/* doc "Illegal inputs": defined in hardware, refused in a directed file. */
static int vtt_in_check(const long *P, const vtt_in_t *i, char *err, size_t errlen)
{
  return kit_rule(i->lm_state_i != 3, err, errlen,
                  "lm_state_i=3 is not an LM state (0 monitoring, 1 selected, 2 disabled)") ||
         (i->req_valid_i &&
          (kit_rule(i->req_op_i != VTT_OP_RSVD, err, errlen,
                    "req_op_i=3 is reserved (0 lookup, 1 store probe, 2 insert)") ||
           kit_rule(i->req_set_i < (uint64_t)P[vtt_P_Sets], err, errlen,
                    "req_set_i=%llu out of range 0..%ld (Sets=%ld)", (unsigned long long)i->req_set_i,
                    P[vtt_P_Sets] - 1, P[vtt_P_Sets])));
}

/* Flops a response register needs when it holds 0 or one of the values
 * v[0..n-1]: one per bit that is not constant 0 and not a copy of a lower
 * bit. Synthesis drops and merges such bits (doc "Storage"), so the
 * estimate does too. */
static unsigned resp_flops(const uint64_t *v, size_t n, unsigned width)
{
  unsigned flops = 0;
  for (unsigned b = 0; b < width; b++) {
    size_t ones = 0;
    for (size_t i = 0; i < n; i++) ones += v[i] >> b & 1u;
    if (ones == 0) continue;
    int copy = 0;
    for (unsigned c = 0; c < b && !copy; c++) {
      size_t i = 0;
      while (i < n && (v[i] >> b & 1u) == (v[i] >> c & 1u)) i++;
      copy = i == n;
    }
    flops += !copy;
  }
  return flops;
}

/* doc "Storage". The row texts carry their formulas; they live in static
 * buffers because kit_storage_row_t holds a const char * (the report is
 * printed before the next call). */
void vtt_storage(const long *P, kit_storage_t *st)
{
  static char tag_txt[200], data_txt[160], fsm_txt[160], out_txt[200];
  const unsigned sets = (unsigned)P[vtt_P_Sets], vpways = (unsigned)P[vtt_P_VpWays];
  const unsigned numvp = (unsigned)P[vtt_P_NumVp], tagw = (unsigned)P[vtt_P_TagW];
  const unsigned rnw = (unsigned)P[vtt_P_RnW];
  const unsigned rankw = VTT_RANKW(P), maxlat = VTT_MAXLAT(P);
  const uint64_t nent = (uint64_t)numvp * sets * vpways, off = (uint64_t)P[vtt_P_Offset];
  const uint64_t lineb = (uint64_t)P[vtt_P_LineBytes];
  const unsigned ebits = 1u + tagw + rankw;
  unsigned n = 0;

  snprintf(tag_txt, sizeof tag_txt,
           "VTT tags: %u VPs x %u sets x %u ways = %llu entries x (1 + %u + %u) bits = %llu bits = %g B",
           numvp, sets, vpways, (unsigned long long)nent, tagw, rankw,
           (unsigned long long)(nent * ebits), (double)(nent * ebits) / 8.0);
  snprintf(data_txt, sizeof data_txt,
           "external: victim data in the register file: %llu entries x %llu B = %llu B",
           (unsigned long long)nent, (unsigned long long)lineb, (unsigned long long)(nent * lineb));
  /* operation engine: busy counter, req_ready_o, held op, set, tag */
  const unsigned cntw = maxlat > 1 ? kit_clog2(maxlat) : 0u;
  const unsigned hsetw = sets > 1 ? kit_clog2(sets) : 0u;
  const unsigned fsm = maxlat > 1 ? cntw + 1u + 2u + hsetw + tagw : 0u;
  snprintf(fsm_txt, sizeof fsm_txt,
           "engine: counter %u + ready 1 + held op 2, set %u, tag %u (none if MaxLat = 1)", cntw,
           hsetw, tagw);
  /* output registers other than mode_o, vp_act_o, lrn_ack_o. rsp_vps holds
   * 0 .. NumVp (every bit used); rsp_rn 0 or an RN of Offset .. Offset +
   * NEnt - 1 (a bit that is 1 in every RN stays a flop: no other register
   * is rf_rd | rf_wr) */
  const unsigned vpsb = VTT_VPSW(P);
  uint64_t *rns = malloc(nent * sizeof *rns);
  unsigned rnb = rnw;
  if (rns) {
    for (uint64_t i = 0; i < nent; i++) rns[i] = off + i;
    rnb = resp_flops(rns, nent, rnw);
    free(rns);
  }
  const unsigned vpb = numvp > 1 ? VTT_VPW(P) : 0u, wayb = vpways > 1 ? VTT_WAYW(P) : 0u;
  const unsigned outb = 1u + 2u + 1u + 1u + vpb + wayb + rnb + vpsb + 1u + 1u + 1u + tagw + numvp +
                        1u + tagw + rankw;
  snprintf(out_txt, sizeof out_txt,
           "output registers (rsp_vp %u, rsp_way %u, rsp_rn %u, rsp_vps %u bits)", vpb,
           wayb, rnb, vpsb);

  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, tag_txt, nent, "entry", ebits};
  st->row[n++] = (kit_storage_row_t){KIT_ST_BASELINE, data_txt, nent, "entry", (unsigned)(lineb * 8u)};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: mode (mode_o)", 1, "block", 2};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: active mask (vp_act_o)", 1, "block", numvp};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "control: acknowledged LRN (lrn_ack_o)", 1, "block", rnw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, fsm_txt, 1, "block", fsm};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, out_txt, 1, "block", outb};
  /* the tag/rank banks are SRAM without reset: one flop per set says the
   * set was written since reset (until then it reads as its reset value) */
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, "SRAM row-written flags (tag/rank banks' reset)", sets, "set", 1};
  st->nrows = n;
  st->data_bytes = nent * lineb;
  st->paper = "VTT tag entries (section 4.2: 1536 x (1 + 18 + 5) bits = 4608 B)";
}

/* Functional coverage of doc/vtt.md's cases from one cycle's inputs and the
 * outputs after its edge. A response with latency VpLat x rsp_vps_o <= 1
 * is for an operation taken in this very cycle (so the inputs are its
 * request); vp_drop_o and vp_act_o
 * tell a mode change (it drops every VP, active ones included) from a
 * withdrawal (it drops only VPs that leave the mask). */
enum { CV_RESET, CV_LK_HIT_MON, CV_LK_HIT_VC, CV_LK_HIT_LAST_VP, CV_LK_MISS, CV_PR_HIT_MON,
       CV_PR_HIT_VC, CV_PR_MISS, CV_FILL_INVALID, CV_FILL_EVICT_MON, CV_FILL_EVICT_VC,
       CV_REFRESH, CV_NOT_USEFUL, CV_NO_ACTIVE_VP, CV_OFF_OP, CV_RSVD_OP, CV_BAD_SET,
       CV_TO_VC, CV_TO_OFF, CV_WITHDRAW, CV_PARTIAL, CV_LRN_HELD, CV_RN_FIRST, CV_RN_LAST,
       CV_STATE_IGNORED, CV_N };
static const char *const vtt_cover_names[CV_N] = {
  "reset", "lookup_hit_monitor", "lookup_hit_rf_read", "lookup_hit_last_vp", "lookup_miss",
  "probe_hit_monitor", "probe_hit_victim_cache", "probe_miss", "fill_invalid_way",
  "fill_evict_monitor", "fill_evict_rf_write", "insert_refresh_duplicate", "insert_not_useful",
  "insert_no_active_vp", "op_in_off_mode", "reserved_op", "set_out_of_range",
  "mode_to_victim_cache", "mode_to_off", "vp_withdrawn", "vp_partial_mask",
  "lrn_change_held_while_busy", "rn_first", "rn_last", "lm_state_ignored_after_decision",
};

static void vtt_cover(const long *P, const vtt_in_t *i, const vtt_out_t *o,
                      const vtt_out_t *prev, uint64_t *n)
{
  (void)prev;
  const uint64_t all = kit_mask((unsigned)P[vtt_P_NumVp]);
  const uint64_t nent = (uint64_t)P[vtt_P_NumVp] * (uint64_t)P[vtt_P_Sets] * (uint64_t)P[vtt_P_VpWays];
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (o->rsp_valid_o) {
    const int now = (uint64_t)P[vtt_P_VpLat] * o->rsp_vps_o <= 1; /* taken this cycle: i is its request */
    switch (o->rsp_op_o) {
    case VTT_OP_LOOKUP:
      if (o->rsp_hit_o) {
        n[o->mode_o == VTT_MODE_MON ? CV_LK_HIT_MON : CV_LK_HIT_VC]++;
        if (o->rsp_vp_o == (uint64_t)P[vtt_P_NumVp] - 1) n[CV_LK_HIT_LAST_VP]++;
      } else if (o->vp_act_o) n[CV_LK_MISS]++;
      break;
    case VTT_OP_PROBE:
      if (o->rsp_hit_o) n[o->mode_o == VTT_MODE_MON ? CV_PR_HIT_MON : CV_PR_HIT_VC]++;
      else if (o->vp_act_o) n[CV_PR_MISS]++;
      break;
    case VTT_OP_INSERT:
      if (o->rsp_hit_o) n[CV_REFRESH]++;
      if (o->rsp_fill_o && !o->evict_valid_o) n[CV_FILL_INVALID]++;
      if (o->evict_valid_o) n[o->mode_o == VTT_MODE_MON ? CV_FILL_EVICT_MON : CV_FILL_EVICT_VC]++;
      if (now && o->mode_o == VTT_MODE_VC && o->vp_act_o && !i->req_useful_i &&
          i->req_set_i < (uint64_t)P[vtt_P_Sets])
        n[CV_NOT_USEFUL]++;
      if (o->mode_o == VTT_MODE_VC && !o->vp_act_o && now && i->req_useful_i) n[CV_NO_ACTIVE_VP]++;
      break;
    default:
      n[CV_RSVD_OP]++;
      break;
    }
    if (o->mode_o == VTT_MODE_OFF) n[CV_OFF_OP]++;
    if (now && o->rsp_op_o != VTT_OP_RSVD && i->req_set_i >= (uint64_t)P[vtt_P_Sets]) n[CV_BAD_SET]++;
    if ((o->rf_rd_o || o->rf_wr_o) && o->rsp_rn_o == (uint64_t)P[vtt_P_Offset]) n[CV_RN_FIRST]++;
    if ((o->rf_rd_o || o->rf_wr_o) && o->rsp_rn_o == (uint64_t)P[vtt_P_Offset] + nent - 1) n[CV_RN_LAST]++;
  }
  if (o->vp_drop_o) {
    if (o->mode_o == VTT_MODE_VC && (o->vp_drop_o & o->vp_act_o)) n[CV_TO_VC]++;
    else if (o->mode_o == VTT_MODE_OFF) n[CV_TO_OFF]++;
    else if (o->mode_o == VTT_MODE_VC) n[CV_WITHDRAW]++;
  }
  if (o->mode_o == VTT_MODE_VC && o->vp_act_o && o->vp_act_o != all) n[CV_PARTIAL]++;
  if (o->mode_o == VTT_MODE_VC && !o->req_ready_o && i->lrn_i != o->lrn_ack_o) {
    /* the mask lrn_i asks for differs from the one in force */
    const uint64_t lrn = i->lrn_i, off = (uint64_t)P[vtt_P_Offset];
    const uint64_t vpent = (uint64_t)P[vtt_P_Sets] * (uint64_t)P[vtt_P_VpWays];
    uint64_t want = 0;
    for (long v = 0; v < P[vtt_P_NumVp]; v++) want |= (uint64_t)(off + (uint64_t)v * vpent > lrn) << v;
    if (want != o->vp_act_o) n[CV_LRN_HELD]++;
  }
  if (o->mode_o != VTT_MODE_MON && (i->lm_state_i == 0 || (i->lm_state_i == 1) != (o->mode_o == VTT_MODE_VC)))
    n[CV_STATE_IGNORED]++;
}

/* The default check (make check, make run, make vectors): the paper
 * configuration, and geometries the paper's cannot show: non-power-of-two
 * sets (an out-of-range set index exists), 1-way and 32-way partitions, a
 * VP latency of 1 (never busy), an RnW wider than the RNs need (found
 * missing by make mutate: a mutant of the zero extension survived). Together
 * they reach every cover event. */
static const kit_check_t vtt_checks[] = {
  {"", 200000, 20000, "the paper configuration (Table 3: 8 VPs of 4 ways over 48 sets, VpLat 3)"},
  {"Sets=3 VpWays=1 NumVp=3 TagW=5 RnW=6 Offset=40 VpLat=3", 100000, 20000,
   "3 sets (index 3 is out of range), 1-way partitions, RN range near the top"},
  {"Sets=3 VpWays=32 NumVp=1 TagW=8 RnW=7 Offset=20 VpLat=4", 100000, 20000,
   "one 32-way partition (section 4.1's other extreme), VpLat 4"},
  {"Sets=4 VpWays=2 NumVp=1 TagW=4 RnW=6 Offset=3 VpLat=1", 100000, 20000,
   "one partition answered in one cycle: never busy; RNs need 4 of RnW's 6 bits (the zero extension of rsp_rn_o, g_rn_ext)"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines; together every mode value and every generate branch
 * (doc/harness.md "Equivalence"). */
static const kit_equiv_t vtt_equivs[] = {
  {"Sets=1 VpWays=1 NumVp=2 TagW=2 RnW=4 Offset=8 VpLat=2", KIT_CHK(1), 20000,
   "two 1-way VPs of one set, busy for up to 4 cycles (g_fsm), RNs filling RnW (g_rn_full)"},
  {"Sets=3 VpWays=1 NumVp=2 TagW=2 RnW=4 Offset=9 VpLat=2", KIT_CHK(2), 20000,
   "3 sets (index 3 out of range), RNs up to 14 of 15"},
  {"Sets=1 VpWays=4 NumVp=1 TagW=2 RnW=5 Offset=8 VpLat=2", KIT_CHK(3), 20000,
   "one 4-way partition (a real rank permutation), RNs narrower than RnW (g_rn_ext)"},
  {"Sets=2 VpWays=2 NumVp=1 TagW=2 RnW=4 Offset=3 VpLat=1", KIT_CHK(4), 20000,
   "one partition answered in one cycle: never busy (g_no_fsm)"},
};

KIT_BLOCK_DEFINE(vtt, vtt, "rtl/vtt/vtt.v rtl/mem/kit_mem.v", NULL);
