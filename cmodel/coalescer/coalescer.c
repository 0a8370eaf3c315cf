/*
 * coalescer.c - bit-accurate, cycle-level golden model of the coalescer,
 * exactly as doc/coalescer.md specifies it; every rule names its decision
 * (CO1-CO14) or step of "A cycle, step by step".
 *
 * Design choice: the state is held the way the RTL holds it (the warp
 * buffer's unit bits and lane masks, the request register, the line table
 * as a fill-ordered array, the estimator counters, the registered
 * outputs), so a mismatch can be explained register by register. The
 * leader masks are a pure function of one warp's addresses (leaders());
 * the step accepts, emits, frees and closes in the doc's order.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/coalescer/coalescer.h"

coalescer_model_t *coalescer_new(const long *P)
{
  assert(P);
  char err[KIT_ERR_LEN];
  if (kit_params_check(&coalescer_block, P, err, sizeof err)) return NULL;
  coalescer_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->ltent = (unsigned)P[coalescer_P_LtEnt];
  m->lt = calloc(m->ltent, sizeof *m->lt);
  if (!m->lt) {
    free(m);
    return NULL;
  }
  m->lanes = (unsigned)P[coalescer_P_Lanes];
  m->lanemask = (uint32_t)kit_mask(m->lanes);
  m->segsh = coal_log2((long)P[coalescer_P_SegB]);
  m->linesh = coal_log2((long)P[coalescer_P_LineB]);
  m->d = m->linesh - m->segsh;
  m->r = COAL_R(P);
  m->aggr = (unsigned)P[coalescer_P_Aggr];
  m->amask = kit_mask((unsigned)P[coalescer_P_AddrW]);
  m->estmax = kit_mask((unsigned)P[coalescer_P_EstW]);
  m->caplines = (uint64_t)(P[coalescer_P_CapBytes] / P[coalescer_P_LineB]);
  coalescer_reset(m);
  return m;
}

void coalescer_free(coalescer_model_t *m)
{
  if (!m) return;
  free(m->lt);
  free(m);
}

/* doc "State and reset": buffer and line table empty, in_ready_o 1, the
 * rest 0. */
void coalescer_reset(coalescer_model_t *m)
{
  m->busy = m->mode = m->cnt = m->last = m->sent = 0;
  memset(m->ua, 0, sizeof m->ua);
  m->act = m->ll = m->pend = 0;
  m->id = 0;
  memset(m->lt, 0, m->ltent * sizeof *m->lt);
  m->fill = 0;
  m->open = m->ww = m->wb = m->ovf = 0;
  m->w = m->s = m->u = 0;
  memset(&m->out, 0, sizeof m->out);
  m->out.in_ready_o = 1;
}

static uint64_t sat_add(uint64_t a, uint64_t b, uint64_t max) { return a + b > max ? max : a + b; }

/* CO3: the leader masks of active lanes A over units u[k] >> sh_seg (seg)
 * and u[k] >> d (line): lane k leads iff no active s < k shares its unit. */
static void leaders(const uint64_t *u, uint32_t a, unsigned d, uint32_t *sl, uint32_t *ll)
{
  *sl = *ll = 0;
  for (unsigned k = 0; k < COAL_LANES; k++) {
    if (!(a >> k & 1u)) continue;
    int seg_new = 1, line_new = 1;
    for (unsigned s = 0; s < k && seg_new; s++) {
      if (!(a >> s & 1u)) continue;
      if (u[s] == u[k]) seg_new = 0;
      if (u[s] >> d == u[k] >> d) line_new = 0;
    }
    *sl |= (uint32_t)seg_new << k;
    *ll |= (uint32_t)line_new << k;
  }
}

/* "The estimate at a close" (CO10, CO11, CO13). */
static unsigned rule_of(uint64_t u, uint64_t s, unsigned r)
{
  const uint64_t on = u * r;
  return on == s ? COAL_EQ : on < s ? COAL_BLOCK : COAL_SCATTER;
}

static unsigned cache_of(uint64_t u, unsigned rule, uint64_t caplines, unsigned aggr)
{
  return u < caplines && (rule == COAL_BLOCK || (rule == COAL_EQ && aggr));
}

/* Step 1: accept a warp into the buffer; counts and estimator (CO3-CO5, CO8). */
static void accept(coalescer_model_t *m, const coalescer_in_t *in, coalescer_out_t *o)
{
  const uint64_t *iv = (const uint64_t *)in;
  const uint32_t a = (uint32_t)in->in_mask_i & m->lanemask;
  const unsigned size = in->in_size_i > 4 ? 4u : (unsigned)in->in_size_i;
  unsigned err = in->in_size_i > 4;
  for (unsigned k = 0; k < COAL_LANES; k++) {
    const uint64_t addr = iv[coalescer_in_a00_i + k] & m->amask;
    m->ua[k] = k < m->lanes ? addr >> m->segsh : 0;   /* CO5: the unit bits only */
    if ((a >> k & 1u) && (addr & kit_mask(size))) err = 1;
  }
  uint32_t sl, ll;
  leaders(m->ua, a, m->d, &sl, &ll);
  const unsigned nact = (unsigned)__builtin_popcount(a), nseg = (unsigned)__builtin_popcount(sl),
                 nline = (unsigned)__builtin_popcount(ll);
  o->cnt_valid_o = 1;
  o->cnt_err_o = err;
  o->cnt_act_o = nact;
  o->cnt_seg_o = nseg;
  o->cnt_line_o = nline;
  m->act = a;
  m->ll = ll;
  m->mode = (unsigned)(in->in_ca_i & 1u);
  m->pend = m->mode ? ll : sl;
  m->id = in->in_id_i;
  m->last = (unsigned)(in->in_last_i & 1u);
  m->sent = 0;
  m->busy = 1;
  const unsigned est = (unsigned)(in->in_est_i & 1u), first = (unsigned)(in->in_first_i & 1u);
  if (est && first) {                                /* CO8: clear and open (a restart if open) */
    m->w = m->s = m->u = 0;
    m->fill = 0;
    m->ww = m->wb = m->ovf = 0;
    m->open = 1;
  }
  m->cnt = est && m->open;
  if (m->cnt) {
    m->w = sat_add(m->w, 1, m->estmax);
    m->s = sat_add(m->s, nseg, m->estmax);
    m->ww |= nline < nact;
  }
}

/* CO9: a sampled line leader's line against the table. */
static void table_insert(coalescer_model_t *m, uint64_t line)
{
  for (unsigned j = 0; j < m->fill; j++)
    if (m->lt[j] == line) {
      m->wb = 1;
      return;
    }
  if (m->fill < m->ltent) m->lt[m->fill++] = line;
  else m->ovf = 1;
  m->u = sat_add(m->u, 1, m->estmax);
}

/* Step 2: the lowest pending leader into the request register (CO2, CO7). */
static void emit(coalescer_model_t *m, coalescer_out_t *o)
{
  const unsigned t = (unsigned)__builtin_ctz(m->pend);
  const unsigned sh = m->mode ? m->d : 0;
  const uint64_t unit = m->ua[t] >> sh;
  uint32_t tmask = 0;
  uint64_t smask = 0;
  for (unsigned k = 0; k < COAL_LANES; k++)
    if ((m->act >> k & 1u) && m->ua[k] >> sh == unit) {
      tmask |= (uint32_t)1 << k;
      smask |= (uint64_t)1 << (m->ua[k] & (m->r - 1u));
    }
  o->req_valid_o = 1;
  o->req_addr_o = (unit << (m->mode ? m->linesh : m->segsh)) & m->amask;
  o->req_line_o = m->mode;
  o->req_tmask_o = tmask;
  o->req_smask_o = smask;
  o->req_first_o = !m->sent;
  o->req_last_o = m->pend == (uint32_t)1 << t;
  o->req_id_o = m->id;
  m->pend &= ~((uint32_t)1 << t);
  m->sent = 1;
  if (m->cnt && (m->ll >> t & 1u)) table_insert(m, m->ua[t] >> m->d);
}

void coalescer_step(coalescer_model_t *m, const coalescer_in_t *in, coalescer_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    coalescer_reset(m);
    *out = m->out;
    return;
  }
  coalescer_out_t o = m->out;
  const int xfer = o.req_valid_o && (in->req_ready_i & 1u);
  const int free_ = !o.req_valid_o || xfer;
  o.cnt_valid_o = 0;
  o.est_valid_o = 0;
  if ((in->in_valid_i & 1u) && m->out.in_ready_o) accept(m, in, &o);   /* step 1 */
  if (free_ && m->pend) emit(m, &o);                                     /* step 2 */
  else if (xfer) o.req_valid_o = 0;
  if (m->busy && !m->pend) {                                             /* step 3 */
    m->busy = 0;
    if (m->cnt && m->last) {
      const unsigned rule = rule_of(m->u, m->s, m->r);
      o.est_valid_o = 1;
      o.est_warps_o = m->w;
      o.est_segs_o = m->s;
      o.est_lines_o = m->u;
      o.est_rule_o = rule;
      o.est_loc_o = (uint64_t)(m->wb << 1 | m->ww);
      o.est_cache_o = cache_of(m->u, rule, m->caplines, m->aggr);
      o.est_ovf_o = m->ovf;
      m->open = 0;
    }
  }
  o.in_ready_o = !m->busy;                                               /* step 4 */
  m->out = o;
  *out = o;
}

int coalescer_check(const coalescer_model_t *m, char *err, size_t errlen)
{
  if ((m->pend & ~m->act) || (m->ll & ~m->act) || (m->act & ~m->lanemask) || (!m->busy && m->pend) ||
      m->out.in_ready_o != !m->busy) {
    snprintf(err, errlen, "invariant 6: act %08x ll %08x pend %08x busy %u ready %u", m->act, m->ll, m->pend,
             m->busy, (unsigned)m->out.in_ready_o);
    return -1;
  }
  if (m->u > m->s || m->fill > m->ltent || (m->ovf && m->fill != m->ltent)) {
    snprintf(err, errlen, "invariant 4: U %llu S %llu fill %u ovf %u", (unsigned long long)m->u,
             (unsigned long long)m->s, m->fill, m->ovf);
    return -1;
  }
  for (unsigned j = 0; j < m->fill; j++)
    for (unsigned k = j + 1; k < m->fill; k++)
      if (m->lt[j] == m->lt[k]) {
        snprintf(err, errlen, "invariant 4: line-table entries %u and %u equal", j, k);
        return -1;
      }
  if (m->out.est_cache_o && m->out.est_lines_o >= m->caplines) {
    snprintf(err, errlen, "invariant 5: cache with U %llu", (unsigned long long)m->out.est_lines_o);
    return -1;
  }
  const uint64_t na = m->out.cnt_act_o, ns = m->out.cnt_seg_o, nl = m->out.cnt_line_o;
  if (nl > ns || ns > na || ns > m->r * nl || na > m->lanes) {
    snprintf(err, errlen, "invariant 3: nact %llu nseg %llu nline %llu", (unsigned long long)na,
             (unsigned long long)ns, (unsigned long long)nl);
    return -1;
  }
  return 0;
}

/* doc "The offline algorithm". Unique values by sorting. */
static int cmp_u64(const void *a, const void *b)
{
  const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return x < y ? -1 : x > y;
}

static uint64_t unique_sorted(uint64_t *v, size_t n)
{
  uint64_t u = 0;
  qsort(v, n, sizeof *v, cmp_u64);
  for (size_t i = 0; i < n; i++) u += i == 0 || v[i] != v[i - 1];
  return u;
}

int coalescer_alg(const uint64_t *addr, const unsigned char *known, size_t n, const long *P, int inf_one,
                  coalescer_alg_t *r)
{
  char err[KIT_ERR_LEN];
  if (!addr || !r || n == 0 || kit_params_check(&coalescer_block, P, err, sizeof err)) return -1;
  const unsigned segsh = coal_log2((long)P[coalescer_P_SegB]), linesh = coal_log2((long)P[coalescer_P_LineB]);
  uint64_t *v = malloc(n * sizeof *v), *wl = malloc(n * sizeof *wl);
  if (!v || !wl) {
    free(v);
    free(wl);
    return -1;
  }
  memset(r, 0, sizeof *r);
  r->warps = (n + 31u) / 32u;                     /* CO4: ceil(B/32) */
  size_t ninf = 0, nk = 0, nwl = 0;
  for (size_t w0 = 0; w0 < n; w0 += 32) {        /* Alg. 3: per warp, unique segments */
    const size_t w1 = w0 + 32 < n ? w0 + 32 : n;
    size_t k = 0, winf = 0;
    for (size_t i = w0; i < w1; i++) {
      if (known && !known[i]) winf++;
      else v[k++] = addr[i] >> segsh;
    }
    r->segs += unique_sorted(v, k) + (inf_one ? winf != 0 : winf);
    /* within-warp: fewer lines than known lanes; (line, warp) pairs for within-block */
    size_t kl = 0;
    for (size_t i = w0; i < w1; i++)
      if (!known || known[i]) v[kl++] = addr[i] >> linesh;
    const uint64_t nl = unique_sorted(v, kl);
    if (nl < kl) r->loc |= 1u;
    for (size_t i = 0; i < kl; i++)
      if (i == 0 || v[i] != v[i - 1]) wl[nwl++] = v[i];
    ninf += winf;
  }
  for (size_t i = 0; i < n; i++)                  /* Alg. 2: unique lines over the block */
    if (!known || known[i]) v[nk++] = addr[i] >> linesh;
  r->lines = unique_sorted(v, nk) + (inf_one ? ninf != 0 : ninf);
  if (unique_sorted(wl, nwl) < nwl) r->loc |= 2u;  /* a line in two warps */
  free(v);
  free(wl);
  const uint64_t caplines = (uint64_t)(P[coalescer_P_CapBytes] / P[coalescer_P_LineB]);
  if (ninf) {                                     /* 5.4 case 4 */
    r->rule = COAL_UNKNOWN;
    r->cache = 0;
    return 0;
  }
  r->rule = rule_of(r->lines, r->segs, COAL_R(P));
  r->cache = cache_of(r->lines, r->rule, caplines, (unsigned)P[coalescer_P_Aggr]);
  return 0;
}
