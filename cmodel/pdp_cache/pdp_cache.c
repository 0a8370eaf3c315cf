/*
 * pdp_cache.c - bit-accurate, cycle-level golden model of the PDP-protected
 * L1 tag array, exactly as doc/pdp_cache.md specifies it; every rule names
 * its doc section or decision (D1-D10).
 *
 * Design choice: state is held the way the RTL holds it (per line valid,
 * resv, rank, rpd, tag), so a mismatch can be explained field by field.
 * The step reads one set's lines into locals, decides (hit, victim, kind)
 * from the start-of-cycle values, writes the set back, then applies the
 * fill, whose condition it read before any write of this cycle (D9).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/pdp_cache/pdp_cache.h"

pdp_cache_model_t *pdp_cache_new(const long *P)
{
  assert(P);
  if (P[pdp_cache_P_Ways] < 1 || P[pdp_cache_P_Ways] > (long)PDPC_MAX_WAYS || P[pdp_cache_P_Sets] < 1 ||
      P[pdp_cache_P_Sets] > 4096 || P[pdp_cache_P_DMax] < 4 || P[pdp_cache_P_DMax] > 256)
    return NULL;
  pdp_cache_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->sets = (unsigned)P[pdp_cache_P_Sets];
  m->ways = (unsigned)P[pdp_cache_P_Ways];
  m->tagw = (unsigned)P[pdp_cache_P_TagW];
  m->dmax = (unsigned)P[pdp_cache_P_DMax];
  m->ld = PDPC_LD(P);
  m->viclru = (unsigned)P[pdp_cache_P_VicLru];
  m->resv_on = (unsigned)P[pdp_cache_P_Resv];
  m->wrevict = (unsigned)P[pdp_cache_P_WrEvict];
  m->setmask = m->sets - 1u;
  m->tag_mask = kit_mask(m->tagw);
  const size_t n = (size_t)m->sets * m->ways;
  m->valid = calloc(n, 1);
  m->resv = calloc(n, 1);
  m->rank = calloc(n, 1);
  m->rpd = calloc(n, 1);
  m->tag = calloc(n, sizeof *m->tag);
  if (!m->valid || !m->resv || !m->rank || !m->rpd || !m->tag) {
    pdp_cache_free(m);
    return NULL;
  }
  pdp_cache_reset(m);
  return m;
}

void pdp_cache_free(pdp_cache_model_t *m)
{
  if (!m) return;
  free(m->valid);
  free(m->resv);
  free(m->rank);
  free(m->rpd);
  free(m->tag);
  free(m);
}

/* doc "State and reset": all invalid, tag 0, resv 0, rpd 0, rank = way. */
void pdp_cache_reset(pdp_cache_model_t *m)
{
  const size_t n = (size_t)m->sets * m->ways;
  memset(m->valid, 0, n);
  memset(m->resv, 0, n);
  memset(m->rpd, 0, n);
  memset(m->tag, 0, n * sizeof *m->tag);
  for (size_t i = 0; i < n; i++) m->rank[i] = (uint8_t)(i % m->ways);
  memset(&m->out, 0, sizeof m->out);
}

/* doc "A read", step 1/2: promote way w of a set's ranks rk to MRU. */
static void promote(const pdp_cache_model_t *m, uint8_t *rk, unsigned w)
{
  const uint8_t old = rk[w];
  for (unsigned v = 0; v < m->ways; v++)
    if (rk[v] > old) rk[v]--;
  rk[w] = (uint8_t)(m->ways - 1u);
}

/* D3 / D4: is way a better victim than way b (b = ways: none yet), among
 * ways with the same key? LRU (lower rank) under VicLru, else the lower
 * index (a scan in index order never replaces an equal one). */
static int older(const pdp_cache_model_t *m, const uint8_t *rk, unsigned a, unsigned b)
{
  return b == m->ways || (m->viclru && rk[a] < rk[b]);
}

void pdp_cache_step(pdp_cache_model_t *m, const pdp_cache_in_t *in, pdp_cache_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {
    pdp_cache_reset(m);
    *out = m->out;
    return;
  }
  const unsigned W = m->ways;
  pdp_cache_out_t o;
  memset(&o, 0, sizeof o);

  /* Debug read of the start-of-cycle state (doc "Ports"). */
  const unsigned dset = (unsigned)in->dbg_set_i & m->setmask;
  const uint64_t dway = in->dbg_way_i & kit_mask(kit_clog2(W));
  if (dway < W) {
    const size_t e = (size_t)dset * W + dway;
    o.dbg_valid_o = m->valid[e];
    o.dbg_resv_o = m->resv[e];
    o.dbg_tag_o = m->tag[e];
    o.dbg_rpd_o = m->rpd[e];
    o.dbg_rank_o = m->viclru ? m->rank[e] : 0u;
  }

  /* D9: the fill's condition, from the start-of-cycle state. */
  const unsigned fset = (unsigned)in->fill_set_i & m->setmask;
  const uint64_t fway = in->fill_way_i & kit_mask(kit_clog2(W));
  const size_t fe = (size_t)fset * W + (fway < W ? fway : 0u);
  const int fill = m->resv_on && (in->fill_valid_i & 1u) && fway < W && m->valid[fe] && m->resv[fe];

  if (in->acc_valid_i & 1u) {
    const unsigned s = (unsigned)in->acc_set_i & m->setmask;
    const uint64_t g = in->acc_tag_i & m->tag_mask;
    const int wr = (int)(in->acc_wr_i & 1u);
    uint8_t *va = m->valid + (size_t)s * W, *rv = m->resv + (size_t)s * W;
    uint8_t *rk = m->rank + (size_t)s * W, *rp = m->rpd + (size_t)s * W;
    uint64_t *tg = m->tag + (size_t)s * W;
    unsigned hit = W;
    for (unsigned w = 0; w < W && hit == W; w++)
      if (va[w] && tg[w] == g) hit = w;            /* invariant 1: at most one */
    o.rsp_valid_o = 1;
    o.rsp_wr_o = (uint64_t)wr;
    if (wr) {                                      /* D6 */
      if (hit < W) {
        o.rsp_kind_o = PDPC_HIT;
        o.rsp_way_o = hit;
        o.rsp_resv_o = rv[hit];
        if (m->wrevict && !rv[hit]) {
          va[hit] = 0;
          rp[hit] = 0;                             /* tag and rank kept */
        }
      } else {
        o.rsp_kind_o = PDPC_NOALLOC;
      }
    } else {
      const unsigned p = in->pd_i > m->dmax ? m->dmax : (unsigned)in->pd_i;   /* D8 */
      unsigned touch = W;
      if (hit < W) {                               /* step 1 */
        o.rsp_kind_o = PDPC_HIT;
        o.rsp_way_o = hit;
        o.rsp_resv_o = rv[hit];
        touch = hit;
      } else {                                     /* step 2: D3, D4, D7 */
        unsigned ncand = 0, inv = W, unp = W, low = W;
        for (unsigned w = 0; w < W; w++) {
          if (rv[w]) continue;
          ncand++;
          if (!va[w]) {
            if (inv == W) inv = w;
          } else if (rp[w] == 0) {
            if (older(m, rk, w, unp)) unp = w;
          } else if (low == W || rp[w] < rp[low] || (rp[w] == rp[low] && older(m, rk, w, low))) {
            low = w;
          }
        }
        unsigned v = inv < W ? inv : unp;
        if (ncand == 0) {
          o.rsp_kind_o = PDPC_NOALLOC;
        } else if (v == W && (in->byp_en_i & 1u)) {
          o.rsp_kind_o = PDPC_BYPASS;
        } else {
          if (v == W) {
            v = low;
            o.rsp_forced_o = 1;
          }
          o.rsp_kind_o = PDPC_MISS;
          o.rsp_way_o = v;
          o.rsp_evict_o = va[v];
          va[v] = 1;
          tg[v] = g;
          rv[v] = (uint8_t)m->resv_on;
          touch = v;
        }
      }
      for (unsigned w = 0; w < W; w++)           /* step 3 (D1, D5) */
        if (rp[w]) rp[w]--;
      if (touch < W) {                             /* PD p, then decremented: */
        rp[touch] = (uint8_t)(p ? p - 1u : 0u);    /* p = DMax = 256 fits no uint8_t */
        if (m->viclru) promote(m, rk, touch);
      }
    }
  }
  if (fill) m->resv[fe] = 0;                       /* step 4 (D9) */
  m->out = o;
  *out = o;
}

int pdp_cache_check(const pdp_cache_model_t *m, char *err, size_t errlen)
{
  const unsigned W = m->ways;
  for (unsigned s = 0; s < m->sets; s++) {
    const size_t b = (size_t)s * W;
    unsigned seen = 0;
    for (unsigned w = 0; w < W; w++) {
      const size_t e = b + w;
      if (!m->valid[e] && (m->rpd[e] || m->resv[e])) {
        snprintf(err, errlen, "invariant 2: set %u way %u invalid with rpd %u resv %u", s, w, m->rpd[e],
                 m->resv[e]);
        return -1;
      }
      if (m->rpd[e] >= m->dmax || (m->resv[e] && !m->resv_on)) {
        snprintf(err, errlen, "invariant 3: set %u way %u rpd %u resv %u", s, w, m->rpd[e], m->resv[e]);
        return -1;
      }
      for (unsigned v = w + 1; v < W; v++)
        if (m->valid[e] && m->valid[b + v] && m->tag[e] == m->tag[b + v]) {
          snprintf(err, errlen, "invariant 1: set %u ways %u and %u share tag 0x%llx", s, w, v,
                   (unsigned long long)m->tag[e]);
          return -1;
        }
      if (m->rank[e] < W) seen |= 1u << m->rank[e];
    }
    if (m->viclru && seen != (unsigned)kit_mask(W)) {
      snprintf(err, errlen, "invariant 4: set %u ranks are not a permutation", s);
      return -1;
    }
  }
  return 0;
}
