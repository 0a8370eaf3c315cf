/*
 * lm.c - bit-accurate, cycle-level golden model of the Linebacker Load
 * Monitor (LM), exactly as doc/lm.md specifies it. Every rule carries the
 * doc section and the paper passage it comes from; where the paper is vague
 * the doc's **Decision** is implemented and named.
 *
 * Usage profile: the lockstep driver calls lm_step() once per clock, a
 * million times or more, against the RTL, and compares every output port
 * every cycle. So:
 *  - a step reads the debug entry, updates at most one entry (the access's
 *    hashed PC) and its bit of the `high` summary, and only in the last
 *    cycle of a window walks the <= 32 entries to shift their valid fields
 *    and clear their counters: O(1) per cycle, O(Entries) per window;
 *  - state is stored the way the RTL stores it (per entry a PC, two
 *    saturating CntW-bit counters, a 2-bit valid field; the high summary; a
 *    window cycle counter, a 2-bit state, a windows counter and a selected
 *    mask), so a mismatch can be explained field by field against the RTL.
 *    The RTL keeps PC and counters in a memory read through its pok / cur
 *    flags (doc "Decision (lazy clearing)"); pc[], hit[] and miss[] here
 *    are the values read through them;
 *  - every input is first masked to its port width.
 *
 * Design choice (the RTL's _d / _q): lm_step() computes every next value
 * into a local copy of the state from the current state and the inputs,
 * reading only the current state, and then commits the copy. The
 * classification at a window end uses the counters *including* that
 * cycle's access (doc "Decision (boundary cycle)"): the access updates the
 * entry's `high` bit first, and the window end reads the updated summary,
 * exactly as the RTL does.
 *
 * The threshold test never divides: 100*hit > T*(hit+miss), both sides
 * below 2^(CntW+8) <= 2^40 (doc "No division, no overflow"), so 64-bit
 * arithmetic is exact.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/lm/lm.h"

/* 4.1, Table 3: the threshold is a percentage of the hit ratio. */
#define LM_PERCENT 100u
/* 4: "XOR of 32-PC bits". */
#define LM_PC_BITS 32u

/* ---------------------------------------------------------------------- */
/* The paper's functions                                                    */
/* ---------------------------------------------------------------------- */

/* doc "Hashed PC": groups of hashw bits from bit 0 up, the last one
 * zero-extended, all XORed. */
unsigned lm_hash(uint32_t pc, unsigned hashw)
{
  assert(hashw >= 1u && hashw <= 5u);
  unsigned h = 0;
  for (unsigned k = 0; k < LM_PC_BITS; k += hashw) h ^= (unsigned)(pc >> k) & ((1u << hashw) - 1u);
  return h;
}

/* doc "Classification": strictly greater; no accesses -> 0 > 0 -> false. */
int lm_high(uint32_t hit, uint32_t miss, unsigned thresh)
{
  assert(thresh < LM_PERCENT);
  uint64_t lhs = (uint64_t)LM_PERCENT * hit;
  uint64_t rhs = (uint64_t)thresh * ((uint64_t)hit + miss);
  return lhs > rhs;
}

/* doc "Counting": saturating increment. */
static uint32_t lm_sat_inc(uint32_t v, uint32_t max)
{
  return v >= max ? max : v + 1u;
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                               */
/* ---------------------------------------------------------------------- */

lm_model_t *lm_new(const long *P)
{
  assert(P);
  long e = P[lm_P_Entries];
  /* The caller validated P (kit_params_check); refuse an illegal table
   * size even in an NDEBUG build, since the arrays are fixed at 32. */
  if (e < 2 || e > (long)LM_MAX_ENTRIES || (e & (e - 1)) != 0) return NULL;
  assert(P[lm_P_CntW] >= 1 && P[lm_P_CntW] <= 32);
  assert(P[lm_P_WinLen] >= 2 && P[lm_P_WinLen] <= 1000000000L);
  assert(P[lm_P_Thresh] >= 0 && P[lm_P_Thresh] <= 99);
  assert(P[lm_P_WinCntW] >= 1 && P[lm_P_WinCntW] <= 16);

  lm_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->entries = (unsigned)e;
  m->hashw = lm_log2u(m->entries);
  m->cntw = (unsigned)P[lm_P_CntW];
  m->thresh = (unsigned)P[lm_P_Thresh];
  m->sel_win2 = (unsigned)P[lm_P_SelWin2];
  m->wincw = (unsigned)P[lm_P_WinCntW];
  m->winlen = (uint32_t)P[lm_P_WinLen];
  m->cnt_max = (uint32_t)kit_mask(m->cntw);
  m->win_max = (uint32_t)kit_mask(m->wincw);
  lm_reset(m);
  return m;
}

void lm_free(lm_model_t *m) { free(m); }

/* doc "State and reset": every field 0, state monitoring, outputs 0. */
void lm_reset(lm_model_t *m)
{
  assert(m);
  memset(m->pc, 0, sizeof m->pc);
  memset(m->hit, 0, sizeof m->hit);
  memset(m->miss, 0, sizeof m->miss);
  memset(m->valid, 0, sizeof m->valid);
  m->high = 0;
  m->cyc = 0;
  m->state = LM_ST_MONITOR;
  m->windows = 0;
  m->sel = 0;
  memset(&m->out, 0, sizeof m->out);
}

/* ---------------------------------------------------------------------- */
/* One clock                                                                */
/* ---------------------------------------------------------------------- */

/* doc "Windows and classification" and "Selection state machine": the
 * window-end step of next-state n (counters already include this cycle's
 * access). Reads only n, writes only n. */
static void lm_window_end(const lm_model_t *m, lm_model_t *n)
{
  const uint32_t high = n->high;                 /* H_n: the summary, this cycle's access in */
  uint32_t prev = 0;
  for (unsigned e = 0; e < m->entries; e++) {
    prev |= (uint32_t)(n->valid[e] & 1u) << e;   /* H_{n-1}: bit 0 before the shift */
    n->valid[e] = (uint8_t)(((n->valid[e] & 1u) << 1) | ((high >> e) & 1u)); /* 4.1 shift */
    n->hit[e] = 0;                                /* counters clear, PC stays */
    n->miss[e] = 0;
  }
  n->high = 0;                                    /* 0 hits, 0 misses: not high */
  const int first = m->windows == 0;             /* window 1 never decides */
  n->windows = m->windows >= m->win_max ? m->win_max : m->windows + 1u;
  if (first) return;
  if (m->sel_win2) {                             /* 4.1: window 2 decides */
    const uint32_t both = high & prev;           /* valid 11 */
    n->state = both ? LM_ST_SELECTED : LM_ST_DISABLED;
    n->sel = both;
    return;
  }
  if (high != 0 && high == prev) {               /* same non-empty set twice */
    n->state = LM_ST_SELECTED;
    n->sel = high;
  } else if (high == 0) {                        /* no load high in window n >= 2 */
    n->state = LM_ST_DISABLED;
  }                                               /* else: subset/superset/other: continue */
}

void lm_step(lm_model_t *m, const lm_in_t *in, lm_out_t *out)
{
  assert(m && in && out);
  const uint64_t hmask = kit_mask(m->hashw);

  if (!(in->rst_ni & 1u)) {                      /* doc "State and reset" */
    lm_reset(m);
    *out = m->out;
    return;
  }

  /* Masked inputs. */
  const unsigned acc_ok = (in->acc_valid_i & 1u) && (in->acc_out_i & 3u) != LM_OUT_RSVD;
  const uint32_t pc = (uint32_t)(in->acc_pc_i & 0xffffffffu);
  const unsigned is_hit = (in->acc_out_i & 3u) != LM_OUT_MISS;
  const unsigned vc_valid = (unsigned)(in->vc_valid_i & 1u);
  const unsigned vc_hpc = (unsigned)(in->vc_hpc_i & hmask);
  const unsigned dbg = (unsigned)(in->dbg_addr_i & hmask);
  const unsigned hpc = lm_hash(pc, m->hashw);
  const int last = m->cyc == m->winlen - 1u;

  lm_model_t n = *m;                             /* _d = _q */
  lm_out_t o;
  memset(&o, 0, sizeof o);

  /* Window cycle counter: runs in every state. */
  n.cyc = last ? 0u : m->cyc + 1u;

  if (m->state == LM_ST_MONITOR) {
    if (acc_ok) {                                /* doc "Counting" */
      if (is_hit) n.hit[hpc] = lm_sat_inc(m->hit[hpc], m->cnt_max);
      else        n.miss[hpc] = lm_sat_inc(m->miss[hpc], m->cnt_max);
      if (m->pc[hpc] == 0u) n.pc[hpc] = pc;      /* Decision (PC store) */
      /* Decision (incremental classification) */
      const uint32_t h = (uint32_t)lm_high(n.hit[hpc], n.miss[hpc], m->thresh);
      n.high = (m->high & ~(1u << hpc)) | (h << hpc);
    }
    if (last) lm_window_end(m, &n);
  }                                               /* selected / disabled: frozen */

  /* Registered outputs. */
  o.state_o = n.state;
  o.sel_mask_o = n.sel;
  o.windows_o = n.windows;
  o.win_end_o = (uint64_t)last;
  o.useful_o = vc_valid && m->state == LM_ST_SELECTED && ((m->sel >> vc_hpc) & 1u);
  o.acc_hpc_o = acc_ok ? hpc : 0u;
  o.dbg_pc_o = m->pc[dbg];                        /* read before write */
  o.dbg_hit_o = m->hit[dbg];
  o.dbg_miss_o = m->miss[dbg];
  o.dbg_valid_o = m->valid[dbg];

  n.out = o;
  *m = n;                                         /* _q <= _d */
  *out = o;
}
