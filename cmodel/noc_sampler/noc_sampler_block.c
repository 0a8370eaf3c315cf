/*
 * noc_sampler_block.c - the NoC congestion sampler as the generic tools
 * see it: parameter and port tables from noc_sampler.def, the storage
 * estimate (doc/noc_sampler.md "Storage"), the functional cover events,
 * the default check list and the equivalence configurations. Every
 * parameter's legality is its range; every input value of its width is
 * legal (a stop with any id is a stop or stale, N4).
 */
#include <string.h>

#define KIT_BLOCK_IMPL
#include "cmodel/noc_sampler/noc_sampler.h"

static int noc_sampler_params_check(const long *P, char *err, size_t errlen)
{
  (void)P;
  (void)err;
  (void)errlen;
  return 0;
}

static int noc_sampler_in_check(const long *P, const noc_sampler_in_t *i, char *err, size_t errlen)
{
  (void)P;
  (void)i;
  (void)err;
  (void)errlen;
  return 0;
}

/* doc "Storage". Row texts carry their formulas (static buffers: the
 * report is printed before the next call). Registers that can only hold a
 * constant are not counted (synthesis removes them): the LFSR when
 * RateShift = 0 (nothing reads it), mark_id_o's slot bits with one slot. */
void noc_sampler_storage(const long *P, kit_storage_t *st)
{
  static char slot_txt[120], win_txt[120], div_txt[160], out_txt[200];
  const unsigned slots = (unsigned)P[noc_sampler_P_Slots], latw = (unsigned)P[noc_sampler_P_LatW];
  const unsigned cntw = (unsigned)P[noc_sampler_P_CntW], stepw = NOCS_STEPW(P);
  const unsigned idb = 1u + (slots > 1 ? NOCS_SLOTW(P) : 0u);
  unsigned n = 0;
  snprintf(slot_txt, sizeof slot_txt, "slot (N3-N5): valid + gen + counter LatW = 1 + 1 + %u", latw);
  snprintf(win_txt, sizeof win_txt, "window (N6): S (LatW + CntW) + C (CntW) = %u + %u", latw + cntw, cntw);
  snprintf(div_txt, sizeof div_txt, "divider (N7): rem %u + quo %u + div %u + step %u + busy 1", cntw, latw, cntw,
           stepw);
  snprintf(out_txt, sizeof out_txt, "output registers: mark 1, mark_id %u, drop, tmo, stale, avg_valid, avg %u",
           idb, latw);
  memset(st, 0, sizeof *st);
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, slot_txt, slots, "slot", latw + 2u};
  if (P[noc_sampler_P_RateShift] > 0)
    st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, "LFSR (N2)", 1, "block", 16};
  st->row[n++] = (kit_storage_row_t){KIT_ST_ADDED, win_txt, 1, "block", latw + 2u * cntw};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, div_txt, 1, "block", cntw + latw + cntw + stepw + 1u};
  st->row[n++] = (kit_storage_row_t){KIT_ST_INTERFACE, out_txt, 1, "block", 1u + idb + 3u + 1u + latw};
  st->nrows = n;
  st->data_bytes = 0;
  st->paper = "\"hardware counters\" (V-B, V-D): no figure; the design note's 142 added bits";
}

/* Functional coverage of doc/noc_sampler.md's cases, from one cycle's
 * inputs, the outputs after its edge and the outputs shown during it
 * (prev: mark_o, busy_o). */
enum { CV_RESET, CV_SAMPLED, CV_UNWANTED, CV_DROP, CV_STOP, CV_STALE, CV_STALE_BEYOND, CV_TIMEOUT,
       CV_STOP_AND_TMO, CV_SAMPLE_AND_STOP, CV_PER_END_BUSY, CV_AVG, CV_AVG_EMPTY, CV_AVG_FROZEN,
       CV_AVG_LATMAX, CV_N };
static const char *const noc_sampler_cover_names[CV_N] = {
  "reset", "sampled", "unwanted", "drop_all_slots_busy", "stop", "stale_stop", "stale_slot_beyond",
  "timeout", "stop_and_timeout", "sample_and_stop_same_cycle", "per_end_while_busy", "mean",
  "mean_of_empty_window", "mean_of_frozen_window", "mean_at_latmax",
};

static void noc_sampler_cover(const long *P, const noc_sampler_in_t *i, const noc_sampler_out_t *o,
                              const noc_sampler_out_t *prev, uint64_t *n)
{
  const uint64_t slots = (uint64_t)P[noc_sampler_P_Slots];
  const unsigned slotw = NOCS_SLOTW(P);
  if (!i->rst_ni) { n[CV_RESET]++; return; }
  if (i->inj_valid_i) n[prev->mark_o ? CV_SAMPLED : o->drop_o ? CV_DROP : CV_UNWANTED]++;
  if (i->ret_valid_i) {
    if (!o->stale_o) n[CV_STOP]++;
    else if ((i->ret_id_i & kit_mask(slotw)) >= slots) n[CV_STALE_BEYOND]++;
    else n[CV_STALE]++;
    if (!o->stale_o && o->tmo_o) n[CV_STOP_AND_TMO]++;
    if (!o->stale_o && i->inj_valid_i && prev->mark_o) n[CV_SAMPLE_AND_STOP]++;
  }
  if (o->tmo_o) n[CV_TIMEOUT]++;
  if (i->per_end_i && prev->busy_o) n[CV_PER_END_BUSY]++;
  if (o->avg_valid_o) {
    n[CV_AVG]++;
    if (o->nsamp_o == 0) n[CV_AVG_EMPTY]++;
    if (o->nsamp_o == kit_mask((unsigned)P[noc_sampler_P_CntW])) n[CV_AVG_FROZEN]++;
    if (o->avg_o == kit_mask((unsigned)P[noc_sampler_P_LatW])) n[CV_AVG_LATMAX]++;
  }
}

/* The default check (make check, make run, make vectors): the design
 * note's defaults (1/64 sampling, 8 slots, 10-bit counters) cannot time
 * out, freeze or fill every slot often in a short run, so the list adds
 * small configurations: every packet wanted with 2 slots and 4-bit
 * counters (drops, timeouts, a frozen window, a stop and a timeout in one
 * cycle), 3 slots (a slot index beyond Slots), one slot, and the widest
 * counters with 16 slots. Together they reach every cover event. */
static const kit_check_t noc_sampler_checks[] = {
  {"", 100000, 20000, "the design note's defaults (8 slots, 1/64 of packets, 10-bit counters)"},
  {"Slots=2 LatW=4 CntW=3 RateShift=0", 50000, 20000,
   "every packet wanted, 2 slots, LatMax 15, CntMax 7: drops, timeouts, frozen windows"},
  {"Slots=3 LatW=2 CntW=2 RateShift=1 Seed=1", 50000, 20000,
   "3 slots (slot index 3 beyond Slots), LatMax 3 (means at LatMax), seed 1"},
  {"Slots=1 LatW=3 CntW=1 RateShift=2 Seed=0xFFFF", 50000, 20000, "one slot (no slot bits in mark_id_o), CntW 1"},
  {"Slots=16 LatW=16 CntW=16 RateShift=3", 50000, 20000, "the widest: 16 slots, 16-bit counters (SumW 32)"},
};

/* The equivalence configurations (make equiv, make mutate): each a
 * reduction of default-check configurations small enough for the formal
 * engines (doc/harness.md "Equivalence"). */
static const kit_equiv_t noc_sampler_equivs[] = {
  {"Slots=2 LatW=3 CntW=2 RateShift=1", KIT_CHK(1) | KIT_CHK(2) | KIT_CHK(5), 20000,
   "2 slots, LatMax 7, CntMax 3, half the packets wanted: timeouts, drops, freezes, the divider"},
  {"Slots=3 LatW=2 CntW=2 RateShift=0", KIT_CHK(3), 20000, "3 slots (an id beyond Slots), every packet wanted"},
  {"Slots=1 LatW=2 CntW=1 RateShift=1", KIT_CHK(4), 20000, "one slot, CntW 1"},
};

KIT_BLOCK_DEFINE(noc_sampler, noc_sampler, "rtl/noc_sampler/noc_sampler.v", NULL);
