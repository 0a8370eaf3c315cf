/*
 * ctl.c - bit-accurate, cycle-level golden model of the Linebacker CTA
 * Throttling Logic (CTL), exactly as doc/ctl.md specifies it. Every rule
 * carries the doc section and the paper passage it comes from; where the
 * paper is vague the doc's **Decision** is implemented and named.
 *
 * Usage profile: the lockstep driver calls ctl_step() once per clock, a
 * million times or more, against the RTL, and the random generator runs a
 * second instance to see the outputs its environment reacts to. So:
 *  - Per-CTA V / ACT / C are bit masks; the schedulable set, nact, ninact,
 *    the largest-ID throttle target are popcounts and a count-leading-
 *    zeros; FRN and BA are arrays written at most once per step;
 *  - LRN (a maximum over the slots) is recomputed only in a step that
 *    changed occupancy, #reg or an FRN; the restore target is the top of
 *    the LIFO stack (doc "Storage": the RTL's SRAM shape), the BA search
 *    survives only in the invariant check;
 *  - nothing is copied wholesale: the step reads the current state into a
 *    few locals, decides, then writes only the fields that change.
 *
 * Design choice (the RTL's _d / _q): every decision of a step is computed
 * from the state at the start of the cycle and that cycle's inputs (doc
 * "One cycle"); the state is then updated in place (each field is read
 * before it is written), and the registered outputs that are functions of
 * the state are computed from the new state, as the RTL loads its output
 * registers from its _d values. The debug read is taken before any write.
 *
 * Eq. 1 never divides: 100 x I_cur against UpRatio / LoRatio x I_prev, both
 * below 2^(InstW + 8) <= 2^40 (doc "Eq. 1"), exact in 64 bits.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/ctl/ctl.h"

/* 3.2 Eq. 1: bounds are percent ratios of the previous window. */
#define CTL_PERCENT 100u

/* ---------------------------------------------------------------------- */
/* The paper's functions                                                    */
/* ---------------------------------------------------------------------- */

/* doc "Eq. 1": strict on both sides; I_prev = 0 holds. */
unsigned ctl_eq1(uint32_t iprev, uint32_t icur, uint32_t upr, uint32_t lor)
{
  if (iprev == 0) return CTL_DEC_HOLD;
  const uint64_t lhs = (uint64_t)CTL_PERCENT * icur;
  if (lhs > (uint64_t)upr * iprev) return CTL_DEC_THROTTLE;
  if (lhs < (uint64_t)lor * iprev) return CTL_DEC_RESTORE;
  return CTL_DEC_HOLD;
}

/* doc "LRN": last(c) = min(FRN + #reg - 1, 2^RnW - 1). */
static uint32_t ctl_last(const ctl_model_t *m, unsigned c)
{
  uint32_t l = m->frn[c] + m->nrm1;
  return l > m->rn_mask ? m->rn_mask : l;
}

/* Slots whose registers are in the RF: active, throttled before C = 1,
 * being restored (doc "State and reset" table). */
static uint32_t ctl_occupied(const ctl_model_t *m) { return m->v & (m->act | ~m->c); }

uint32_t ctl_lrn(const ctl_model_t *m)
{
  uint32_t occ = ctl_occupied(m), l = 0;
  while (occ) {
    unsigned c = (unsigned)__builtin_ctz(occ);
    occ &= occ - 1u;
    uint32_t x = ctl_last(m, c);
    if (x > l) l = x;
  }
  return l;
}

/* doc "Restore target": smallest ID backed up with BA = BP - S (the
 * paper's search; the step takes the stack's top, which the invariants
 * show is this CTA). */
static int ctl_lifo_top(const ctl_model_t *m, uint32_t bp_minus_s, unsigned *top)
{
  uint32_t cand = m->v & ~m->act & m->c;
  while (cand) {
    unsigned c = (unsigned)__builtin_ctz(cand);
    cand &= cand - 1u;
    if (m->ba[c] == bp_minus_s) { *top = c; return 1; }
  }
  return 0;
}

static unsigned popc(uint32_t x) { return (unsigned)__builtin_popcount(x); }

/* doc "Which rows are SRAM" (Decision "LIFO stack"): the restore target
 * is the CTA at the top of the stack, position n - 1 (n = popcount(V &
 * C)); found when a backed-up CTA exists. Only asked with the mover idle,
 * when every stacked CTA is backed up. */
static int ctl_stack_top(const ctl_model_t *m, unsigned *top)
{
  if (!(m->v & ~m->act & m->c)) return 0;
  *top = m->stk[popc(m->v & m->c) - 1u];
  return 1;
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                               */
/* ---------------------------------------------------------------------- */

ctl_model_t *ctl_new(const long *P)
{
  assert(P);
  const long maxcta = P[ctl_P_MaxCta], bufent = P[ctl_P_BufEnt];
  /* The caller validated P; the arrays are fixed, so refuse bad sizes even
   * in an NDEBUG build. */
  if (maxcta < 1 || maxcta > (long)CTL_MAX_CTA || bufent < 1 || bufent > (long)CTL_MAX_BUF)
    return NULL;
  assert(P[ctl_P_RnW] >= 4 && P[ctl_P_RnW] <= 16);
  assert(P[ctl_P_InstW] >= 8 && P[ctl_P_InstW] <= 32);
  assert(P[ctl_P_RetW] >= 1 && P[ctl_P_RetW] <= 8);
  assert(P[ctl_P_LoRatio] <= P[ctl_P_UpRatio]);
  assert(P[ctl_P_MinAct] >= 1 && P[ctl_P_MinAct] <= maxcta);

  ctl_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->maxcta = (unsigned)maxcta;
  m->rnw = (unsigned)P[ctl_P_RnW];
  m->bufent = (unsigned)bufent;
  m->minact = (unsigned)P[ctl_P_MinAct];
  m->upr = (uint32_t)P[ctl_P_UpRatio];
  m->lor = (uint32_t)P[ctl_P_LoRatio];
  m->rn_mask = (uint32_t)kit_mask(m->rnw);
  m->inst_max = (uint32_t)kit_mask((unsigned)P[ctl_P_InstW]);
  m->ret_mask = (uint32_t)kit_mask((unsigned)P[ctl_P_RetW]);
  m->cta_mask = (uint32_t)kit_mask(CTL_CTAW(P));
  m->slots = (uint32_t)kit_mask(m->maxcta);
  ctl_reset(m);
  return m;
}

void ctl_free(ctl_model_t *m) { free(m); }

/* doc "State and reset": every field 0, outputs 0. */
void ctl_reset(ctl_model_t *m)
{
  assert(m);
  m->cnt = m->icur = m->iprev = 0;
  m->nrm1 = m->lrn = m->bp = 0;
  m->v = m->act = m->c = 0;
  memset(m->frn, 0, sizeof m->frn);
  /* BA and the stack are SRAM rows (no reset, doc "Storage"): zeroed here
   * for determinism only; no value is read before it is written (ba_ok,
   * positions < n) */
  memset(m->ba, 0, sizeof m->ba);
  m->ba_ok = 0;
  memset(m->stk, 0, sizeof m->stk);
  m->phase = CTL_PH_WAIT;
  m->pro = 0;
  m->mv = CTL_MV_IDLE;
  m->mv_cta = 0;
  m->k = 0;
  m->vtt_ok = 0;
  m->pend = 0;
  memset(m->addr, 0, sizeof m->addr);
  m->head = m->bcnt = m->bfill = 0;
  memset(&m->out, 0, sizeof m->out);
}

/* ---------------------------------------------------------------------- */
/* One clock                                                                */
/* ---------------------------------------------------------------------- */

static unsigned buf_next(const ctl_model_t *m, unsigned i) { return i + 1u == m->bufent ? 0u : i + 1u; }
static unsigned buf_tail(const ctl_model_t *m)
{
  unsigned t = m->head + m->bcnt;
  return t >= m->bufent ? t - m->bufent : t;
}

/* Start moves (doc "Throttle", "Restore"); both change occupancy. */
static void start_throttle(ctl_model_t *m, unsigned c)
{
  m->act &= ~(1u << c);
  m->mv = CTL_MV_DRAIN;
  m->mv_cta = c;
}
static void start_restore(ctl_model_t *m, unsigned c)
{
  m->act |= 1u << c;
  m->mv = CTL_MV_RESTORE;
  m->mv_cta = c;
  m->k = 0;
  m->vtt_ok = 0;
}

/* The move engine of one cycle (doc "Backup", "Restore"): transfers use
 * the registered valid outputs of the cycle (m->out) and this cycle's
 * readies. Returns 1 when occupancy changed (a move ended). */
static int move_step(ctl_model_t *m, const ctl_in_t *in, uint32_t nreg, uint32_t s)
{
  const unsigned c = m->mv_cta;
  switch (m->mv) {
  case CTL_MV_DRAIN:                               /* Decision (drain handshake) */
    if (in->drained_i & 1u) { m->mv = CTL_MV_BACKUP; m->k = 0; }
    return 0;
  case CTL_MV_BACKUP: {
    const int rd = m->out.rf_rd_valid_o && (in->rf_rd_ready_i & 1u);
    const int wr = m->out.mem_valid_o && (in->mem_ready_i & 1u);
    const unsigned tail = buf_tail(m);
    if (wr) { m->head = buf_next(m, m->head); m->bcnt--; m->bfill--; }
    if (rd) { m->addr[tail] = m->bp + CTL_LINE * m->k; m->k++; m->bcnt++; m->bfill++; }
    if (m->k == nreg && m->bcnt == 0) {            /* last memory write accepted */
      m->stk[popc(m->v & m->c)] = (uint8_t)c;      /* push at position n (doc "Storage") */
      m->c |= 1u << c;                              /* Decision (when C is set) */
      m->ba[c] = m->bp;                             /* Decision (BA = BP before the advance) */
      m->ba_ok |= 1u << c;
      m->bp += s;
      m->mv = CTL_MV_IDLE;
      return 1;
    }
    return 0;
  }
  case CTL_MV_RESTORE: {
    const int rd = m->out.mem_valid_o && (in->mem_ready_i & 1u);
    const int fill = (in->mem_rvalid_i & 1u) && m->bfill < m->bcnt;
    const int wr = m->out.rf_wr_valid_o && (in->rf_wr_ready_i & 1u);
    const unsigned tail = buf_tail(m);
    /* Decision (restore waits for the VTT): acks from the cycle after the start */
    if ((in->lrn_ack_i & m->rn_mask) >= ctl_last(m, c)) m->vtt_ok = 1;
    if (wr) { m->head = buf_next(m, m->head); m->bcnt--; m->bfill--; }
    if (fill) m->bfill++;
    if (rd) { m->addr[tail] = (m->frn[c] + m->k) & m->rn_mask; m->k++; m->bcnt++; }
    if (m->k == nreg && m->bcnt == 0) {            /* last RF write accepted */
      m->c &= ~(1u << c);
      m->bp -= s;
      m->mv = CTL_MV_IDLE;
      m->vtt_ok = 0;
      return 1;
    }
    return 0;
  }
  default:
    return 0;
  }
}

void ctl_step(ctl_model_t *m, const ctl_in_t *in, ctl_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {                        /* doc "State and reset" */
    ctl_reset(m);
    *out = m->out;
    return;
  }

  /* ---- the state at the start of the cycle (doc "One cycle") ---------- */
  const uint32_t nreg = m->nrm1 + 1u;
  const uint32_t s = nreg * CTL_LINE;              /* #reg x 128 */
  const uint32_t sched = m->v & m->act & ~m->c;
  const unsigned nact = popc(sched), ninact = popc(m->v & ~m->act);
  const unsigned lid = (unsigned)(in->launch_id_i & m->cta_mask);
  const unsigned did = (unsigned)(in->done_id_i & m->cta_mask);
  const int launch = (in->launch_valid_i & 1u) && lid < m->maxcta && !(m->v >> lid & 1u);
  const int done = (in->done_valid_i & 1u) && did < m->maxcta && (sched >> did & 1u);
  const int idle = m->mv == CTL_MV_IDLE;
  const int quiet = idle && m->pend == 0 && !done;
  const unsigned lm = (unsigned)(in->lm_state_i & 3u);
  const int pro_due = m->pro || (m->phase == CTL_PH_WAIT && lm == CTL_LM_SELECTED);
  const int win = (in->win_end_i & 1u) != 0;
  const int wtest = win && m->phase == CTL_PH_THR;
  const unsigned dbg = (unsigned)(in->dbg_cta_i & m->cta_mask);

  ctl_out_t o;
  memset(&o, 0, sizeof o);
  if (dbg < m->maxcta) {                           /* read before write */
    o.dbg_v_o = m->v >> dbg & 1u;
    o.dbg_act_o = m->act >> dbg & 1u;
    o.dbg_c_o = m->c >> dbg & 1u;
    o.dbg_frn_o = m->frn[dbg];
    o.dbg_ba_o = (m->ba_ok >> dbg & 1u) ? m->ba[dbg] : 0u;
  }

  /* ---- decisions (doc "Decisions"): at most one move starts ------------ */
  unsigned dec = CTL_DEC_NONE;
  int thr = 0, res = 0;
  unsigned top = 0;
  if (quiet && pro_due) {                          /* Decision (proactive throttle) */
    thr = nact > m->minact;
    dec = thr ? CTL_DEC_PROACTIVE : CTL_DEC_THR_BLOCKED;
  } else if (quiet && wtest) {                     /* Eq. 1 on cnt (I_cur), icur (I_prev) */
    dec = ctl_eq1(m->icur, m->cnt, m->upr, m->lor);
    if (dec == CTL_DEC_THROTTLE) {
      thr = nact > m->minact;                      /* Decision (MinAct) */
      if (!thr) dec = CTL_DEC_THR_BLOCKED;
    } else if (dec == CTL_DEC_RESTORE) {
      res = ctl_stack_top(m, &top);      /* Decision (LIFO) */
      if (!res) dec = CTL_DEC_RES_BLOCKED;
    }
  } else if (wtest) {
    dec = CTL_DEC_SKIP;                            /* Decision (concurrency) */
  }
  unsigned lnew = 0, pend = m->pend;
  if (idle && m->pend > 0) {                       /* pending restore */
    pend--;
    res = ctl_stack_top(m, &top);
    lnew = !res;                                   /* unreachable (doc) */
  }
  if (done) {                                      /* completion (3.2, 4.1) */
    if (ninact > m->pend) pend++;
    else lnew = 1;
  }

  /* ---- commit: IPC monitor (4.1) and phase ------------------------------ */
  if (win) {
    m->iprev = m->icur;
    m->icur = m->cnt;
    m->cnt = (uint32_t)(in->ret_cnt_i & m->ret_mask);
  } else {
    uint32_t x = m->cnt + (uint32_t)(in->ret_cnt_i & m->ret_mask);
    m->cnt = (x > m->inst_max || x < m->cnt) ? m->inst_max : x;
  }
  if (m->phase == CTL_PH_WAIT && lm != CTL_LM_MONITOR)
    m->phase = lm == CTL_LM_SELECTED ? CTL_PH_THR : CTL_PH_OFF;
  m->pro = pro_due && !quiet;
  m->pend = pend;

  /* ---- commit: moves, completions, launches, configuration -------------- */
  int occ_changed = move_step(m, in, nreg, s);
  if (thr) { start_throttle(m, (unsigned)(31 - __builtin_clz(sched))); occ_changed = 1; }
  if (res) { start_restore(m, top); occ_changed = 1; }
  if ((in->cfg_ld_i & 1u) && m->v == 0) {          /* Decision (cfg_ld_i) */
    m->nrm1 = (uint32_t)(in->cfg_nreg_i - 1u) & m->rn_mask;
    m->bp = (uint32_t)in->cfg_bp_i;
    occ_changed = 1;
  }
  if (done) {
    m->v &= ~(1u << did);
    m->act &= ~(1u << did);
    occ_changed = 1;
  }
  if (launch) {
    m->v |= 1u << lid;
    m->act |= 1u << lid;
    m->c &= ~(1u << lid);
    m->frn[lid] = (uint32_t)in->launch_frn_i & m->rn_mask;
    occ_changed = 1;
  }
  if (occ_changed) m->lrn = ctl_lrn(m);

  /* ---- registered outputs, from the new state --------------------------- */
  const uint32_t nsched = m->v & m->act & ~m->c;
  const uint32_t nnreg = m->nrm1 + 1u;
  o.phase_o = m->phase;
  o.sched_mask_o = nsched;
  o.lrn_o = m->lrn;
  o.bp_o = m->bp;
  o.nact_o = popc(nsched);
  o.ninact_o = popc(m->v & ~m->act);
  o.pend_o = m->pend;
  o.mv_state_o = m->mv;
  o.mv_cta_o = m->mv_cta;
  if (m->mv == CTL_MV_BACKUP) {
    if (m->k < nnreg && m->bcnt < m->bufent) {
      o.rf_rd_valid_o = 1;
      o.rf_rd_rn_o = (m->frn[m->mv_cta] + m->k) & m->rn_mask;
    }
    if (m->bcnt > 0) {
      o.mem_valid_o = 1;
      o.mem_we_o = 1;
      o.mem_addr_o = m->addr[m->head];
    }
  } else if (m->mv == CTL_MV_RESTORE) {
    if (m->k < nnreg && m->bcnt < m->bufent) {
      o.mem_valid_o = 1;
      o.mem_addr_o = (uint32_t)(m->ba[m->mv_cta] + CTL_LINE * m->k);
    }
    if (m->bfill > 0 && m->vtt_ok) {
      o.rf_wr_valid_o = 1;
      o.rf_wr_rn_o = m->addr[m->head] & m->rn_mask;
    }
  }
  o.buf_cnt_o = m->bcnt;
  o.buf_fill_o = m->bfill;
  o.launch_new_o = lnew;
  o.dec_o = dec;
  o.icur_o = m->icur;
  o.iprev_o = m->iprev;

  m->out = o;
  *out = o;
}

/* ---------------------------------------------------------------------- */
/* Invariants (doc "Invariants")                                            */
/* ---------------------------------------------------------------------- */

#define CTL_FAIL(...) do { snprintf(err, errlen, __VA_ARGS__); return -1; } while (0)

int ctl_check_invariants(const ctl_model_t *m, uint32_t b0, char *err, size_t errlen)
{
  const uint32_t nreg = m->nrm1 + 1u, s = nreg * CTL_LINE;
  if (m->bfill > m->bcnt || m->bcnt > m->bufent || m->head >= m->bufent)
    CTL_FAIL("buffer: fill %u cnt %u head %u", m->bfill, m->bcnt, m->head);
  if ((m->v | m->act | m->c) & ~m->slots) CTL_FAIL("bits outside MaxCta slots");
  if ((m->act | m->c) & ~m->v) CTL_FAIL("ACT or C set in an empty slot");
  if ((m->mv == CTL_MV_IDLE || m->mv == CTL_MV_DRAIN) && m->bcnt) CTL_FAIL("buffer not empty outside a move");
  if (m->mv != CTL_MV_RESTORE && m->vtt_ok) CTL_FAIL("vtt_ok outside a restore");
  /* at most one CTA moving, and it is mv_cta */
  const uint32_t out_rf = m->v & ~m->act & ~m->c, in_rf = m->v & m->act & m->c;
  if (m->mv == CTL_MV_IDLE) {
    if (out_rf | in_rf) CTL_FAIL("a CTA is moving with the mover idle");
  } else {
    const uint32_t want = 1u << m->mv_cta;
    if ((m->mv == CTL_MV_RESTORE ? in_rf : out_rf) != want || (m->mv == CTL_MV_RESTORE ? out_rf : in_rf))
      CTL_FAIL("mover %u on CTA %u but moving set %#x / %#x", m->mv, m->mv_cta, out_rf, in_rf);
    if (m->mv != CTL_MV_DRAIN && m->k > nreg) CTL_FAIL("k %u > #reg %u", m->k, nreg);
  }
  /* nothing lost or duplicated: entries are w .. k-1 in order */
  if (m->mv == CTL_MV_BACKUP || m->mv == CTL_MV_RESTORE) {
    if (m->bcnt > m->k) CTL_FAIL("more entries than requests");
    const uint32_t w = m->k - m->bcnt;
    unsigned e = m->head;
    for (uint32_t j = w; j < m->k; j++, e = buf_next(m, e)) {
      const uint32_t want = m->mv == CTL_MV_BACKUP ? m->bp + CTL_LINE * j
                                                   : (m->frn[m->mv_cta] + j) & m->rn_mask;
      if (m->addr[e] != want) CTL_FAIL("buffer entry %u holds %#x, expected %#x", e, m->addr[e], want);
    }
    if (m->mv == CTL_MV_BACKUP && m->bfill != m->bcnt) CTL_FAIL("backup entry without data");
  }
  /* BA / BP */
  const uint32_t stack = m->v & m->c;
  const unsigned n = popc(stack);
  if (m->bp != b0 + n * s) CTL_FAIL("BP %#x != b0 %#x + %u x %#x", m->bp, b0, n, s);
  uint32_t seen = 0;
  for (uint32_t x = stack; x; x &= x - 1u) {
    const unsigned c = (unsigned)__builtin_ctz(x);
    const uint32_t off = m->ba[c] - b0;
    if (off % s || off / s >= n) CTL_FAIL("BA[%u] = %#x not on the stack", c, m->ba[c]);
    if (seen >> (off / s) & 1u) CTL_FAIL("two CTAs share stack position %u", off / s);
    seen |= 1u << (off / s);
    if (!(m->ba_ok >> c & 1u)) CTL_FAIL("stacked CTA %u with BA never written", c);
    if (m->stk[off / s] != c) CTL_FAIL("stack position %u holds CTA %u, not %u", off / s, m->stk[off / s], c);
  }
  /* the stack's top is the paper's search result (BA = BP - S) */
  unsigned top_stk = 0, top_ba = 0;
  if (m->mv == CTL_MV_IDLE && ctl_stack_top(m, &top_stk) &&
      (!ctl_lifo_top(m, m->bp - s, &top_ba) || top_ba != top_stk))
    CTL_FAIL("stack top CTA %u, but the BA search finds %u", top_stk, top_ba);
  if (m->mv == CTL_MV_RESTORE && m->ba[m->mv_cta] != m->bp - s) CTL_FAIL("restoring a CTA that is not the LIFO top");
  /* LRN */
  if (m->lrn != ctl_lrn(m)) CTL_FAIL("LRN %u != max last RN %u", m->lrn, ctl_lrn(m));
  if (m->pend > popc(m->v & ~m->act)) CTL_FAIL("pend %u > inactive", m->pend);
  if (m->phase > CTL_PH_OFF || (m->pro && m->phase != CTL_PH_THR)) CTL_FAIL("phase %u pro %u", m->phase, m->pro);
  return 0;
}
