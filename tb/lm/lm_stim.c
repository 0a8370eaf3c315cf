/*
 * lm_stim.c - seeded constrained-random stimulus for the Load Monitor.
 *
 * Uniform random PCs and outcomes would put every entry near the same hit
 * ratio, and the selection machine would almost never see the same
 * high-locality set twice. Traffic therefore comes in *episodes*, each
 * opened by a reset (a kernel launch) and scripted window by window: the
 * generator counts the window cycles itself (it resets with the block), and
 * for each window picks the set H of entries that should be high-locality.
 * Accesses of loads in H hit with a high probability (50..100%), the others
 * with a low one (0..15%). Episode types, in round-robin order from the
 * seed's start so that the paper configuration (20 windows in 1,000,000
 * cycles) reaches each of them:
 *  - select2:   H1 = H2 = S, |S| >= 2           -> selected after 2 windows
 *  - subset:    H1 = S, H2 = H3 = S' (strict)    -> continue, select after 3
 *  - disable2:  H1 = H2 = empty                  -> disabled after 2
 *  - disable3:  H1 = A, H2 = B != A, H3 = empty  -> disabled after 3
 *  - random:    2..5 windows (2..3 with long windows) of random sets
 *               (some empty)
 *  - long:      alternating single-entry sets, never equal, for WinMax+2
 *               windows: windows_o saturates (only when windows are short)
 * After the scripted windows a tail (some cycles to two windows) keeps
 * accessing and checking victims (the table is frozen once decided), then
 * the next episode resets. Per episode a pool of 2..6 loads with distinct
 * hashed PCs (every entry in the first select2 episode), pool load 0
 * taking half of the accesses, sometimes a colliding partner (same hash, other PC: bits 0
 * and HashW flipped) and sometimes PC 0. 0.5% of accesses use the reserved
 * outcome 3; victim checks and debug reads go half to the pool's entries,
 * half anywhere. With short windows (tests) the probabilities make many
 * windows miss their script, which is the random part. Same seed, same
 * stream (kit_rng).
 */
#include "cmodel/lm/lm.h"
#include "tb/stim/gen.h"

enum { EP_SELECT2, EP_SUBSET, EP_DISABLE2, EP_DISABLE3, EP_RANDOM, EP_LONG, EP_N };
#define LM_STIM_MAXPOOL 33u  /* all 32 entries + a colliding partner */
/* windows this long (the paper's 50000) leave ~20 windows per 1M cycles:
 * the script is kept short and is never cut by a random reset */
#define LM_STIM_LONGWIN 10000u
#define LM_STIM_MAXWIN 24u   /* scripted windows per episode, >= WinMax + 2 for "long" */

typedef struct lm_stim {
  kit_rng_t rng;
  unsigned entries, hashw;
  uint32_t winlen;
  unsigned win_max;
  int long_ok;               /* windows short enough for the "long" episode */
  unsigned next_type;
  int full_done;             /* a select2 episode with every entry selected happened */
  /* episode */
  unsigned reset_left;
  uint32_t cyc;              /* cycle within the window, as the block counts it */
  unsigned win, nwin;        /* current scripted window, number scripted */
  uint32_t H[LM_STIM_MAXWIN];/* entry mask that should be high, per window */
  uint64_t tail_left;        /* cycles after the script, before the next reset */
  unsigned npool;
  uint32_t pool_pc[LM_STIM_MAXPOOL];
  unsigned pool_h[LM_STIM_MAXPOOL];
  uint32_t used;             /* entries the pool uses */
  unsigned acc_pm, hi_pm, lo_pm, vc_pm;
} lm_stim_t;

/* A random PC with hashed PC `want`: fixing the low group changes the
 * hash by exactly the XOR applied (doc "Hashed PC"). */
static uint32_t pc_with_hash(lm_stim_t *s, unsigned want)
{
  uint32_t pc = (uint32_t)kit_rng_next(&s->rng);
  return pc ^ (uint32_t)(lm_hash(pc, s->hashw) ^ want);
}

static unsigned nbits(uint32_t m) { return (unsigned)__builtin_popcount(m); }

/* A random non-empty subset of the pool's entries with at least `min`
 * members (min <= number of distinct entries). */
static uint32_t rand_set(lm_stim_t *s, unsigned min)
{
  uint32_t m;
  do {
    m = 0;
    for (unsigned i = 0; i < s->npool; i++)
      if (kit_rng_chance(&s->rng, 500)) m |= 1u << s->pool_h[i];
  } while (nbits(m) < min);
  return m;
}

static void new_episode(lm_stim_t *s)
{
  kit_rng_t *r = &s->rng;
  s->reset_left = 1 + (unsigned)kit_rng_below(r, 2);
  s->cyc = 0;
  s->win = 0;
  unsigned t = s->next_type;
  s->next_type = (s->next_type + 1) % EP_N;
  if (t == EP_LONG && !s->long_ok) t = EP_RANDOM;
  /* pool: 2..6 distinct entries; the first select2 of a run (and then one
   * in four) uses every entry, so every sel_mask_o bit is selected once */
  const int full = t == EP_SELECT2 && (!s->full_done || kit_rng_chance(r, 250));
  unsigned k = full ? s->entries : 2 + (unsigned)kit_rng_below(r, 5);
  if (k > s->entries) k = s->entries;
  s->npool = 0;
  s->used = 0;
  while (s->npool < k) {
    unsigned h = (unsigned)kit_rng_below(r, s->entries);
    if (s->used >> h & 1u) continue;
    s->used |= 1u << h;
    s->pool_h[s->npool] = h;
    s->pool_pc[s->npool++] = pc_with_hash(s, h);
  }
  if (!(s->used & 1u) && kit_rng_chance(r, 100)) { /* a load at PC 0 (hash 0, unused so far) */
    s->pool_pc[0] = 0;
    s->used = (s->used & ~(1u << s->pool_h[0])) | 1u;
    s->pool_h[0] = 0;
  }
  if (kit_rng_chance(r, 300)) {            /* a colliding partner */
    unsigned j = (unsigned)kit_rng_below(r, s->npool);
    s->pool_pc[s->npool] = s->pool_pc[j] ^ 1u ^ (1u << s->hashw);
    s->pool_h[s->npool++] = s->pool_h[j];
  }
  if (s->winlen < LM_STIM_LONGWIN) {
    s->acc_pm = 300 + (unsigned)kit_rng_below(r, 701);
    s->hi_pm = 500 + (unsigned)kit_rng_below(r, 501);
    s->lo_pm = (unsigned)kit_rng_below(r, 151);
  } else {
    /* long windows: pool load 0 takes over half of the accesses, so its
     * hit or miss counter passes 2^15 (50000 * 0.9 * 0.75 * 0.9 > 32768) */
    s->acc_pm = 900 + (unsigned)kit_rng_below(r, 101);
    s->hi_pm = 900 + (unsigned)kit_rng_below(r, 101);
    s->lo_pm = (unsigned)kit_rng_below(r, 101);
  }
  s->vc_pm = (unsigned)kit_rng_below(r, 1001);

  switch (t) {
  case EP_SELECT2:
    s->nwin = 2;
    s->H[0] = s->H[1] = full ? s->used : rand_set(s, 2);
    s->full_done |= full;
    break;
  case EP_SUBSET: {
    s->nwin = 3;
    s->H[0] = rand_set(s, 2);
    uint32_t sub;
    do sub = s->H[0] & rand_set(s, 1); while (sub == 0 || sub == s->H[0]);
    s->H[1] = s->H[2] = sub;
    break;
  }
  case EP_DISABLE2:
    s->nwin = 2;
    s->H[0] = s->H[1] = 0;
    break;
  case EP_DISABLE3:
    s->nwin = 3;
    s->H[0] = rand_set(s, 1);
    do s->H[1] = rand_set(s, 1); while (s->H[1] == s->H[0]);
    s->H[2] = 0;
    break;
  case EP_LONG:
    s->nwin = s->win_max + 2;
    for (unsigned w = 0; w < s->nwin; w++) s->H[w] = 1u << s->pool_h[w & 1u];
    break;
  default:
    s->nwin = 2 + (unsigned)kit_rng_below(r, s->winlen < LM_STIM_LONGWIN ? 4 : 2);
    for (unsigned w = 0; w < s->nwin; w++)
      s->H[w] = kit_rng_chance(r, 200) ? 0 : rand_set(s, 1);
    break;
  }
  /* tail: a few cycles up to two windows, capped so the paper
   * configuration keeps its window budget */
  uint64_t cap = (uint64_t)s->winlen * 2u;
  if (cap > 20000u) cap = 20000u;
  s->tail_left = 1 + kit_rng_below(r, cap);
}

static int stim_init(lm_stim_t *s, const long *P)
{
  s->entries = (unsigned)P[lm_P_Entries];
  s->hashw = LM_HASHW(P);
  s->winlen = (uint32_t)P[lm_P_WinLen];
  s->win_max = (unsigned)kit_mask((unsigned)P[lm_P_WinCntW]);
  s->long_ok = s->win_max + 2u <= LM_STIM_MAXWIN && (uint64_t)s->winlen * (s->win_max + 2u) <= 20000u;
  s->next_type = (unsigned)kit_rng_below(&s->rng, EP_N);
  if (s->winlen >= LM_STIM_LONGWIN) s->next_type = EP_SELECT2; /* paper config: every path in 1M cycles */
  new_episode(s);
  return 0;
}

static void stim_step(lm_stim_t *s, lm_in_t *i)
{
  kit_rng_t *r = &s->rng;
  const uint64_t hmask = kit_mask(s->hashw);

  *i = (lm_in_t){.rst_ni = 1};
  if (s->reset_left) {
    s->reset_left--;
    i->rst_ni = 0;
    /* inputs other than reset are don't-care; drive noise */
    i->acc_valid_i = kit_rng_below(r, 2);
    i->acc_pc_i = kit_rng_next(r) & 0xffffffffu;
    i->acc_out_i = kit_rng_below(r, 3);
    i->vc_valid_i = kit_rng_below(r, 2);
    return;
  }
  /* rare reset in the middle of anything (with long windows only in a
   * tail, so the paper configuration keeps its scripted windows) */
  if ((s->winlen < LM_STIM_LONGWIN || s->win >= s->nwin) && kit_rng_below(r, 300000) == 0) {
    new_episode(s);
    s->reset_left--;
    i->rst_ni = 0;
    return;
  }

  /* debug read and victim check: half on the pool's entries */
  i->dbg_addr_i = kit_rng_chance(r, 500) ? s->pool_h[kit_rng_below(r, s->npool)] : kit_rng_next(r) & hmask;
  if (kit_rng_chance(r, s->vc_pm)) {
    i->vc_valid_i = 1;
    i->vc_hpc_i = kit_rng_chance(r, 500) ? s->pool_h[kit_rng_below(r, s->npool)] : kit_rng_next(r) & hmask;
  }

  uint32_t H = s->win < s->nwin ? s->H[s->win] : s->H[s->nwin - 1];
  if (kit_rng_chance(r, s->acc_pm)) {
    unsigned j = kit_rng_chance(r, 500) ? 0u : (unsigned)kit_rng_below(r, s->npool);
    i->acc_valid_i = 1;
    i->acc_pc_i = s->pool_pc[j];
    int hit = kit_rng_chance(r, (H >> s->pool_h[j] & 1u) ? s->hi_pm : s->lo_pm);
    i->acc_out_i = hit ? (kit_rng_chance(r, 500) ? LM_OUT_L1_HIT : LM_OUT_VTT_HIT) : LM_OUT_MISS;
    if (kit_rng_chance(r, 5)) i->acc_out_i = LM_OUT_RSVD;
  }

  /* advance the window script exactly as the block counts windows */
  if (++s->cyc == s->winlen) {
    s->cyc = 0;
    if (s->win < s->nwin) s->win++;
  }
  if (s->win >= s->nwin) {
    if (s->tail_left == 0) new_episode(s);
    else s->tail_left--;
  }
}

KIT_STIM_DEFINE(lm, lm_stim_t, stim_init, stim_step, NULL);
