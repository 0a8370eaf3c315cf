/*
 * waypart.c - bit-accurate, cycle-level golden model of one SM's
 * way-partitioned L1 tag array, exactly as doc/waypart.md specifies it;
 * every rule names its decision (WP1-WP22).
 *
 * Design choice: state is held the way the RTL holds it (per line valid,
 * tag, rank; the partition as K counts; the IPC and TB counters), so a
 * mismatch can be explained field by field. The masks are not state
 * (WP20): they are decoded from the counts whenever they are needed.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/waypart/waypart.h"

waypart_model_t *waypart_new(const long *P)
{
  assert(P);
  if (P[waypart_P_Ways] < 2 || P[waypart_P_Ways] > (long)WP_MAX_WAYS || P[waypart_P_Sets] < 1 ||
      P[waypart_P_Sets] > 1024 || P[waypart_P_Kernels] < 1 || P[waypart_P_Kernels] > (long)WP_MAX_K)
    return NULL;
  waypart_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->sets = (unsigned)P[waypart_P_Sets];
  m->ways = (unsigned)P[waypart_P_Ways];
  m->tagw = (unsigned)P[waypart_P_TagW];
  m->k = (unsigned)P[waypart_P_Kernels];
  m->tbw = (unsigned)P[waypart_P_TbW];
  m->retw = (unsigned)P[waypart_P_RetW];
  m->wgtw = (unsigned)P[waypart_P_WgtW];
  m->ipcw = (unsigned)P[waypart_P_IpcW];
  m->cw = WP_CW(P);
  m->flush = (unsigned)P[waypart_P_Flush];
  m->tag_mask = kit_mask(m->tagw);
  const size_t n = (size_t)m->sets * m->ways;
  m->valid = calloc(n, 1);
  m->rank = calloc(n, 1);
  m->tag = calloc(n, sizeof *m->tag);
  if (!m->valid || !m->rank || !m->tag) {
    waypart_free(m);
    return NULL;
  }
  waypart_reset(m);
  return m;
}

void waypart_free(waypart_model_t *m)
{
  if (!m) return;
  free(m->valid);
  free(m->rank);
  free(m->tag);
  free(m);
}

void waypart_even(unsigned ways, unsigned k, unsigned *c)
{
  for (unsigned j = 0; j < k; j++) c[j] = ways / k + (j < ways % k ? 1u : 0u);
}

void waypart_masks(unsigned k, const unsigned *c, uint64_t *mask)
{
  unsigned s = 0;
  for (unsigned j = 0; j < k; j++) {
    mask[j] = kit_mask(c[j]) << s;     /* c[j] = 0: empty (kit_mask(0) = 0) */
    s += c[j];
  }
}

/* The partition's decoded masks and the outputs that mirror it (part_o,
 * mask_o): recomputed only when the partition changes. */
static void set_part(waypart_model_t *m, const unsigned *c)
{
  waypart_out_t *o = &m->out;
  memcpy(m->part, c, sizeof c[0] * m->k);
  waypart_masks(m->k, m->part, m->mask);
  o->part_o = 0;
  o->mask_o = 0;
  for (unsigned j = 0; j < m->k; j++) {
    o->part_o |= (uint64_t)m->part[j] << (j * m->cw);
    o->mask_o |= m->mask[j] << (j * m->ways);
  }
}

/* doc "State and reset". */
void waypart_reset(waypart_model_t *m)
{
  const size_t n = (size_t)m->sets * m->ways;
  memset(m->valid, 0, n);
  memset(m->tag, 0, n * sizeof *m->tag);
  for (size_t i = 0; i < n; i++) m->rank[i] = (uint8_t)(i % m->ways);
  m->ipc = 0;
  memset(m->tbc, 0, sizeof m->tbc);
  m->done = 0;
  memset(&m->out, 0, sizeof m->out);
  unsigned c[WP_MAX_K];
  waypart_even(m->ways, m->k, c);
  set_part(m, c);
}

/* WP5: promote way w of a set's ranks rk to MRU. */
static void promote(unsigned ways, uint8_t *rk, unsigned w)
{
  const uint8_t old = rk[w];
  for (unsigned v = 0; v < ways; v++)
    if (rk[v] > old) rk[v]--;
  rk[w] = (uint8_t)(ways - 1u);
}

/* doc "An access, step by step", with the masks of the current partition. */
static void access(waypart_model_t *m, const waypart_in_t *in, const uint64_t *mask, waypart_out_t *o)
{
  const unsigned W = m->ways;
  o->rsp_valid_o = 1;
  if (in->acc_set_i >= m->sets) {                    /* WP19 */
    o->rsp_byp_o = 1;
    return;
  }
  const size_t b = (size_t)in->acc_set_i * W;
  uint8_t *va = m->valid + b, *rk = m->rank + b;
  uint64_t *tg = m->tag + b;
  const uint64_t g = in->acc_tag_i & m->tag_mask;
  const unsigned kk = (unsigned)in->acc_k_i;
  unsigned hit = W;
  for (unsigned w = 0; w < W && hit == W; w++)
    if (va[w] && tg[w] == g) hit = w;                /* invariant 3: at most one */
  if (in->acc_st_i & 1u) {                           /* WP7: any kernel, any bypass bit */
    if (hit < W) {
      va[hit] = 0;                                   /* tag and rank kept */
      o->rsp_hit_o = o->rsp_inv_o = 1;
      o->rsp_way_o = hit;
    }
    return;
  }
  if ((in->acc_byp_i & 1u) || kk >= m->k || m->part[kk] == 0) {   /* WP6 */
    o->rsp_byp_o = 1;
    return;
  }
  const uint64_t own = mask[kk];
  unsigned touch;
  if (hit < W) {                                     /* WP4 */
    o->rsp_hit_o = 1;
    o->rsp_foreign_o = !((own >> hit) & 1u);
    touch = hit;
  } else {                                           /* WP5: invalid first, else LRU in the mask */
    unsigned v = W;
    for (unsigned w = 0; w < W && v == W; w++)
      if (((own >> w) & 1u) && !va[w]) v = w;
    if (v == W) {
      for (unsigned w = 0; w < W; w++)
        if (((own >> w) & 1u) && (v == W || rk[w] < rk[v])) v = w;
    }
    assert(v < W);                                   /* C_k > 0: the mask is not empty */
    o->rsp_fill_o = 1;
    o->evict_valid_o = va[v];
    o->evict_tag_o = va[v] ? tg[v] : 0u;
    va[v] = 1;
    tg[v] = g;
    touch = v;
  }
  o->rsp_way_o = touch;
  promote(W, rk, touch);
}

/* WP8 Flush = 1: invalidate, in every set, the ways whose owner changes. */
static void flush_moved(waypart_model_t *m, const unsigned *oldc, const unsigned *newc)
{
  uint64_t om[WP_MAX_K], nm[WP_MAX_K], moved = 0;
  waypart_masks(m->k, oldc, om);
  waypart_masks(m->k, newc, nm);
  for (unsigned j = 0; j < m->k; j++) moved |= om[j] ^ nm[j];
  if (!moved) return;
  for (unsigned s = 0; s < m->sets; s++)
    for (unsigned w = 0; w < m->ways; w++)
      if ((moved >> w) & 1u) m->valid[(size_t)s * m->ways + w] = 0;
}

void waypart_step(waypart_model_t *m, const waypart_in_t *in, waypart_out_t *out)
{
  assert(m && in && out);
  /* The outputs are built in place in m->out (out may be &m->out: then
   * there is no copy; the step's hot path in a composed block). */
  waypart_out_t *const o = &m->out;
  if (!(in->rst_ni & 1u)) {
    waypart_reset(m);
    if (out != o) *out = *o;
    return;
  }
  const unsigned W = m->ways;
  /* the access's and the debug read's outputs last one cycle */
  o->rsp_valid_o = o->rsp_hit_o = o->rsp_foreign_o = o->rsp_byp_o = o->rsp_fill_o = o->rsp_inv_o = 0;
  o->rsp_way_o = o->evict_valid_o = o->evict_tag_o = 0;
  o->dbg_valid_o = o->dbg_tag_o = o->dbg_rank_o = 0;

  /* WP22: debug read of the start-of-cycle state. */
  if (in->dbg_set_i < m->sets && in->dbg_way_i < W) {
    const size_t e = (size_t)in->dbg_set_i * W + in->dbg_way_i;
    o->dbg_valid_o = m->valid[e];
    o->dbg_tag_o = m->tag[e];
    o->dbg_rank_o = m->rank[e];
  }

  if (in->acc_valid_i & 1u) access(m, in, m->mask, o);

  if (in->part_we_i & 1u) {                          /* WP9 */
    unsigned c[WP_MAX_K], sum = 0;
    for (unsigned j = 0; j < m->k; j++) sum += c[j] = (unsigned)kit_field(in->part_i, j, m->cw);
    if (sum <= W) {
      if (m->flush) flush_moved(m, m->part, c);
      set_part(m, c);
    }
  }

  /* WP10, WP11, WP17: the counters. */
  const int start = (int)(in->start_i & 1u), meas = (int)(in->meas_i & 1u);
  uint64_t add = 0;
  if (meas)
    for (unsigned j = 0; j < m->k; j++)
      add += kit_field(in->wgt_i, j, m->wgtw) * kit_field(in->ret_i, j, m->retw);
  const uint64_t imax = kit_mask(m->ipcw);
  const uint64_t ipc = (start ? 0u : m->ipc) + add;
  m->ipc = ipc > imax ? imax : ipc;
  unsigned done = !start;
  for (unsigned j = 0; j < m->k; j++) {
    unsigned t = start ? 0u : m->tbc[j];
    if (meas && (in->tbd_valid_i & 1u) && in->tbd_k_i == j && t < kit_mask(m->tbw)) t++;
    m->tbc[j] = t;
    const unsigned q = (unsigned)kit_field(in->tb_i, j, m->tbw);
    if (q != 0 && t < q) done = 0;
  }
  m->done = done;
  o->ipc_o = m->ipc;
  o->done_o = m->done;
  if (out != o) *out = *o;
}

int waypart_check(const waypart_model_t *m, char *err, size_t errlen)
{
  const unsigned W = m->ways;
  unsigned sum = 0;
  for (unsigned j = 0; j < m->k; j++) sum += m->part[j];
  if (sum > W) {
    snprintf(err, errlen, "invariant 1: way counts sum to %u > Ways %u", sum, W);
    return -1;
  }
  for (unsigned s = 0; s < m->sets; s++) {
    const size_t b = (size_t)s * W;
    uint64_t seen = 0;
    for (unsigned w = 0; w < W; w++) {
      const size_t e = b + w;
      for (unsigned v = w + 1; v < W; v++)
        if (m->valid[e] && m->valid[b + v] && m->tag[e] == m->tag[b + v]) {
          snprintf(err, errlen, "invariant 3: set %u ways %u and %u share tag 0x%llx", s, w, v,
                   (unsigned long long)m->tag[e]);
          return -1;
        }
      if (m->rank[e] < W) seen |= (uint64_t)1 << m->rank[e];
    }
    if (seen != kit_mask(W)) {
      snprintf(err, errlen, "invariant 2: set %u ranks are not a permutation", s);
      return -1;
    }
  }
  return 0;
}
