/*
 * vtt.c - bit-accurate, cycle-level golden model of the Linebacker Victim
 * Tag Table (VTT), exactly as doc/vtt.md specifies it. Every rule carries
 * the doc section and the paper passage it comes from; where the paper is
 * vague the doc's **Decision** is implemented and named.
 *
 * Usage profile: the lockstep driver calls vtt_step() once per clock, a
 * million times or more, against the RTL, and compares every output port
 * every cycle. So:
 *  - a step touches one set (<= 32 entries) when an operation is taken or
 *    completes, reads one entry for the debug port, and otherwise only
 *    counts; a withdrawal or a mode change (rare) clears valid bits in
 *    every set. The table is never copied;
 *  - state is stored the way the RTL stores it (per set a valid vector, per
 *    entry a tag and a rank; mode, mask, lrn_ack, busy counter and held
 *    request), so a mismatch can be explained field by field;
 *  - every input is first masked to its port width.
 *
 * Design choice (the RTL's _d / _q): the registered outputs are computed
 * from the state at the start of the cycle and the inputs; state changes
 * are then written in the order the edge makes them visible: the debug
 * read first (read before write), then the idle-edge mode / mask update
 * and its invalidations, then the operation's own changes, which are
 * evaluated on the table as the invalidations leave it (doc "When the mask
 * changes", step 4). An operation longer than one cycle is evaluated when
 * it is taken (to know its latency L) and again, on the unchanged table,
 * when it completes; nothing else can change the table in between, so
 * both evaluations agree, exactly as the RTL re-uses one datapath.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "cmodel/vtt/vtt.h"

/* ---------------------------------------------------------------------- */
/* The paper's functions                                                    */
/* ---------------------------------------------------------------------- */

/* doc "Eq. 2": RN = Offset + N x VpEnt + X x VpWays + Y. */
uint32_t vtt_rn(const vtt_model_t *m, unsigned vp, unsigned set, unsigned way)
{
  assert(vp < m->numvp && set < m->sets && way < m->vpways);
  return m->offset + vp * m->vpent + set * m->vpways + way;
}

/* doc "Decision V10 (activation rule)": VP N active iff Base(N) > lrn.
 * Base grows with N, so the active VPs are N0 .. NumVp-1 with N0 the first
 * whose base exceeds lrn. */
uint32_t vtt_act_mask(const vtt_model_t *m, uint32_t lrn)
{
  if (lrn < m->offset) return m->all_vp;
  uint32_t n0 = (lrn - m->offset) / m->vpent + 1u;
  if (n0 >= m->numvp) return 0;
  return m->all_vp & ~((1u << n0) - 1u);
}

/* The ways (bit g = N x VpWays + Y) of the VPs in mask. */
static uint32_t vtt_way_mask(const vtt_model_t *m, uint32_t mask)
{
  const uint32_t vpw = (uint32_t)kit_mask(m->vpways);
  uint32_t w = 0;
  for (unsigned n = 0; n < m->numvp; n++)
    if (mask >> n & 1u) w |= vpw << (n * m->vpways);
  return w;
}

static unsigned popcount32(uint32_t v) { return (unsigned)__builtin_popcount(v); }

/* doc "The meta bits": promote entry g of set row r to MRU. */
static void vtt_promote(const vtt_model_t *m, uint8_t *r, unsigned g)
{
  const uint8_t old = r[g];
  for (unsigned h = 0; h < m->totways; h++)
    if (r[h] > old) r[h]--;
  r[g] = (uint8_t)(m->totways - 1u);
}

/* ---------------------------------------------------------------------- */
/* Life cycle                                                               */
/* ---------------------------------------------------------------------- */

vtt_model_t *vtt_new(const long *P)
{
  assert(P);
  const long tot = P[vtt_P_NumVp] * P[vtt_P_VpWays];
  /* The caller validated P (kit_params_check); refuse shapes the fixed
   * 32-bit way masks cannot hold even in an NDEBUG build. */
  if (tot < 2 || tot > (long)VTT_MAX_WAYS || P[vtt_P_Sets] < 1 || P[vtt_P_Sets] > 1024) return NULL;
  assert(P[vtt_P_TagW] >= 1 && P[vtt_P_TagW] <= 48);
  assert(P[vtt_P_RnW] >= 1 && P[vtt_P_RnW] <= 16);
  assert(P[vtt_P_VpLat] >= 1 && P[vtt_P_VpLat] <= 16);

  vtt_model_t *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->sets = (unsigned)P[vtt_P_Sets];
  m->vpways = (unsigned)P[vtt_P_VpWays];
  m->numvp = (unsigned)P[vtt_P_NumVp];
  m->totways = (unsigned)tot;
  m->tagw = (unsigned)P[vtt_P_TagW];
  m->rnw = (unsigned)P[vtt_P_RnW];
  m->vplat = (unsigned)P[vtt_P_VpLat];
  m->maxlat = m->vplat * m->numvp;
  m->offset = (uint32_t)P[vtt_P_Offset];
  m->vpent = m->sets * m->vpways;
  m->all_vp = (uint32_t)kit_mask(m->numvp);
  m->tag_mask = kit_mask(m->tagw);
  m->rn_mask = kit_mask(m->rnw);
  m->valid = calloc(m->sets, sizeof *m->valid);
  m->tag = calloc((size_t)m->sets * m->totways, sizeof *m->tag);
  m->rank = calloc((size_t)m->sets * m->totways, sizeof *m->rank);
  if (!m->valid || !m->tag || !m->rank) {
    vtt_free(m);
    return NULL;
  }
  vtt_reset(m);
  return m;
}

void vtt_free(vtt_model_t *m)
{
  if (!m) return;
  free(m->valid);
  free(m->tag);
  free(m->rank);
  free(m);
}

/* doc "State and reset": all invalid, tag 0, global way g at rank g; mode
 * monitoring with every VP active; idle; outputs 0 except req_ready_o and
 * vp_act_o. */
void vtt_reset(vtt_model_t *m)
{
  assert(m);
  memset(m->valid, 0, m->sets * sizeof *m->valid);
  memset(m->tag, 0, (size_t)m->sets * m->totways * sizeof *m->tag);
  for (unsigned x = 0; x < m->sets; x++)
    for (unsigned g = 0; g < m->totways; g++) m->rank[x * m->totways + g] = (uint8_t)g;
  m->mode = VTT_MODE_MON;
  m->mask = m->all_vp;
  m->wmask = vtt_way_mask(m, m->mask);
  m->lrn_ack = 0;
  m->cnt = 0;
  m->hop = m->hset = 0;
  m->htag = 0;
  memset(&m->out, 0, sizeof m->out);
  m->out.req_ready_o = 1;
  m->out.vp_act_o = m->all_vp;
}

/* ---------------------------------------------------------------------- */
/* One operation                                                            */
/* ---------------------------------------------------------------------- */

/* doc "Operations and timing": evaluate op on the current table with the
 * mask and mode in force; no state change. */
static vtt_res_t vtt_eval(const vtt_model_t *m, unsigned op, unsigned set, uint64_t tag,
                          unsigned useful)
{
  vtt_res_t r = {.lat = 1};
  const unsigned k = popcount32(m->mask);
  /* Nothing to walk: op 3, illegal set, no active VP (off mode included),
   * a not-useful victim in victim-cache mode: L = 1, no change. */
  if (op == VTT_OP_RSVD || set >= m->sets || k == 0 ||
      (op == VTT_OP_INSERT && m->mode == VTT_MODE_VC && !useful))
    return r;

  const uint64_t *t = m->tag + (size_t)set * m->totways;
  const uint8_t *rk = m->rank + (size_t)set * m->totways;
  const uint32_t live = m->valid[set] & m->wmask;
  for (uint32_t v = live; v; v &= v - 1u) {
    unsigned g = (unsigned)__builtin_ctz(v);
    if (t[g] == tag) {              /* invariant 1: at most one */
      r.hit = 1;
      r.g = g;
      break;
    }
  }
  if (op != VTT_OP_INSERT) {
    /* sequential search: stop at the hit VP (its position j among the
     * active ones), else walk all k */
    r.vps = r.hit ? popcount32(m->mask & (uint32_t)kit_mask(r.g / m->vpways + 1u)) : k;
    r.lat = m->vplat * r.vps;
    return r;
  }
  r.vps = k;                         /* Decision (insert latency): walk all */
  r.lat = m->vplat * k;
  if (r.hit) return r;               /* V5 (1): duplicate, refreshed */
  r.fill = 1;
  const uint32_t inv = m->wmask & ~m->valid[set];
  if (inv) {                         /* V5 (2): lowest invalid active way */
    r.g = (unsigned)__builtin_ctz(inv);
    return r;
  }
  unsigned best = VTT_MAX_WAYS;      /* V5 (3): lowest rank among the active ways */
  for (uint32_t v = m->wmask; v; v &= v - 1u) {
    unsigned g = (unsigned)__builtin_ctz(v);
    if (best == VTT_MAX_WAYS || rk[g] < rk[best]) best = g;
  }
  r.g = best;
  r.evict = 1;
  r.evict_tag = t[best];
  return r;
}

/* Apply an evaluated operation to the table. */
static void vtt_commit(vtt_model_t *m, unsigned op, unsigned set, uint64_t tag,
                       const vtt_res_t *r)
{
  uint8_t *rk = m->rank + (size_t)set * m->totways;
  if (r->hit) {
    if (op == VTT_OP_PROBE) m->valid[set] &= ~(1u << r->g);  /* rank kept */
    else vtt_promote(m, rk, r->g);                           /* lookup, refresh */
  } else if (r->fill) {
    m->tag[(size_t)set * m->totways + r->g] = tag;
    m->valid[set] |= 1u << r->g;
    vtt_promote(m, rk, r->g);
  }
}

/* The response registers of a completed operation. */
static void vtt_respond(const vtt_model_t *m, unsigned op, unsigned set, const vtt_res_t *r,
                        vtt_out_t *o)
{
  o->rsp_valid_o = 1;
  o->rsp_op_o = op;
  o->rsp_vps_o = r->vps;
  o->rsp_hit_o = (uint64_t)r->hit;
  o->rsp_fill_o = (uint64_t)r->fill;
  if (r->hit || r->fill) {
    const unsigned vp = r->g / m->vpways, way = r->g % m->vpways;
    o->rsp_vp_o = vp;
    o->rsp_way_o = way;
    o->rf_rd_o = m->mode == VTT_MODE_VC && op == VTT_OP_LOOKUP && r->hit;
    o->rf_wr_o = m->mode == VTT_MODE_VC && r->fill;
    if (o->rf_rd_o || o->rf_wr_o) o->rsp_rn_o = vtt_rn(m, vp, set, way);
  }
  o->evict_valid_o = (uint64_t)r->evict;
  o->evict_tag_o = r->evict ? r->evict_tag : 0;
}

/* ---------------------------------------------------------------------- */
/* One clock                                                                */
/* ---------------------------------------------------------------------- */

void vtt_step(vtt_model_t *m, const vtt_in_t *in, vtt_out_t *out)
{
  assert(m && in && out);
  if (!(in->rst_ni & 1u)) {                       /* doc "State and reset" */
    vtt_reset(m);
    *out = m->out;
    return;
  }

  /* Masked inputs. */
  const unsigned lm_state = (unsigned)(in->lm_state_i & 3u);
  const uint32_t lrn = (uint32_t)(in->lrn_i & m->rn_mask);
  const unsigned req = (unsigned)(in->req_valid_i & 1u);
  const unsigned op = (unsigned)(in->req_op_i & 3u);
  const unsigned set = (unsigned)(in->req_set_i & kit_mask(kit_clog2(m->sets)));
  const uint64_t tag = in->req_tag_i & m->tag_mask;
  const unsigned useful = (unsigned)(in->req_useful_i & 1u);
  const unsigned dvp = (unsigned)(in->dbg_vp_i & kit_mask(kit_clog2(m->numvp)));
  const unsigned dset = (unsigned)(in->dbg_set_i & kit_mask(kit_clog2(m->sets)));
  const unsigned dway = (unsigned)(in->dbg_way_i & kit_mask(kit_clog2(m->vpways)));

  vtt_out_t o;
  memset(&o, 0, sizeof o);

  /* Debug read, before any change of this cycle. */
  if (dvp < m->numvp && dset < m->sets && dway < m->vpways) {
    const unsigned g = dvp * m->vpways + dway;
    const size_t e = (size_t)dset * m->totways + g;
    o.dbg_valid_o = m->valid[dset] >> g & 1u;
    o.dbg_tag_o = m->tag[e];
    o.dbg_rank_o = m->rank[e];
  }

  if (m->cnt == 0) {
    /* Idle edge (doc "When the mask changes"). 1: mode, final once set. */
    unsigned mode = m->mode;
    int flush = 0;
    if (mode == VTT_MODE_MON && lm_state != 0) {
      mode = lm_state == 1 ? VTT_MODE_VC : VTT_MODE_OFF;     /* 3 is 2 */
      flush = 1;                                             /* V9 */
    }
    /* 2: the mask in force from now on. */
    const uint32_t mask = mode == VTT_MODE_MON ? m->all_vp
                        : mode == VTT_MODE_VC ? vtt_act_mask(m, lrn) : 0u;
    /* 3: invalidate the dropped VPs (all on a mode change). */
    const uint32_t drop = flush ? m->all_vp : (m->mask & ~mask);
    if (drop) {
      const uint32_t keep = ~vtt_way_mask(m, drop);
      for (unsigned x = 0; x < m->sets; x++) m->valid[x] &= keep;
    }
    m->mode = mode;
    if (mask != m->mask) {
      m->mask = mask;
      m->wmask = vtt_way_mask(m, mask);
    }
    m->lrn_ack = lrn;
    o.vp_drop_o = drop;
    /* 4: an operation taken now uses all of the above. */
    if (req) {
      const vtt_res_t r = vtt_eval(m, op, set, tag, useful);
      if (r.lat == 1) {
        vtt_commit(m, op, set, tag, &r);
        vtt_respond(m, op, set, &r, &o);
      } else {
        m->cnt = r.lat - 1u;
        m->hop = op;
        m->hset = set;
        m->htag = tag;
      }
    }
  } else if (m->cnt == 1) {
    /* The last busy cycle: the held operation completes at this edge (a
     * held insert was useful or made in monitoring mode). */
    const vtt_res_t r = vtt_eval(m, m->hop, m->hset, m->htag, 1u);
    vtt_commit(m, m->hop, m->hset, m->htag, &r);
    vtt_respond(m, m->hop, m->hset, &r, &o);
    m->cnt = 0;
  } else {
    m->cnt--;
  }

  o.req_ready_o = m->cnt == 0;
  o.vp_act_o = m->mask;
  o.lrn_ack_o = m->lrn_ack;
  o.mode_o = m->mode;
  m->out = o;
  *out = o;
}

/* ---------------------------------------------------------------------- */
/* Self-check                                                               */
/* ---------------------------------------------------------------------- */

int vtt_check(const vtt_model_t *m, char *err, size_t errlen)
{
  if (m->mode > VTT_MODE_OFF) { snprintf(err, errlen, "mode %u", m->mode); return -1; }
  const uint32_t want = m->mode == VTT_MODE_MON ? m->all_vp
                      : m->mode == VTT_MODE_VC ? vtt_act_mask(m, m->lrn_ack) : 0u;
  if (m->mask != want || m->wmask != vtt_way_mask(m, m->mask)) {
    snprintf(err, errlen, "invariant 5: mask 0x%x in mode %u with lrn_ack %u", m->mask, m->mode,
             m->lrn_ack);
    return -1;
  }
  if (m->cnt >= (m->maxlat > 1 ? m->maxlat : 1u) || (m->cnt && (m->hop > 2 || m->hset >= m->sets))) {
    snprintf(err, errlen, "invariant 5: busy counter %u, held op %u set %u", m->cnt, m->hop, m->hset);
    return -1;
  }
  for (unsigned x = 0; x < m->sets; x++) {
    const uint64_t *t = m->tag + (size_t)x * m->totways;
    const uint8_t *rk = m->rank + (size_t)x * m->totways;
    uint32_t seen = 0;
    for (unsigned g = 0; g < m->totways; g++) seen |= rk[g] < m->totways ? 1u << rk[g] : 0u;
    if (seen != (uint32_t)kit_mask(m->totways)) {
      snprintf(err, errlen, "invariant 2: set %u ranks are not a permutation", x);
      return -1;
    }
    if (m->valid[x] & ~m->wmask) {
      snprintf(err, errlen, "invariant 3: set %u has valid entries 0x%x outside the active ways 0x%x",
               x, m->valid[x], m->wmask);
      return -1;
    }
    for (uint32_t v = m->valid[x]; v; v &= v - 1u) {
      unsigned g = (unsigned)__builtin_ctz(v);
      for (uint32_t w = v & (v - 1u); w; w &= w - 1u)
        if (t[(unsigned)__builtin_ctz(w)] == t[g]) {
          snprintf(err, errlen, "invariant 1: set %u ways %u and %u share tag 0x%llx", x, g,
                   (unsigned)__builtin_ctz(w), (unsigned long long)t[g]);
          return -1;
        }
    }
  }
  const vtt_out_t *o = &m->out;
  if (o->rf_rd_o || o->rf_wr_o) {
    const uint64_t vp = o->rsp_vp_o;
    const uint64_t base = m->offset + vp * m->vpent;
    if (m->mode != VTT_MODE_VC || vp >= m->numvp || !(m->mask >> vp & 1u) || o->rsp_rn_o < base ||
        o->rsp_rn_o >= base + m->vpent || (o->rsp_rn_o - base) % m->vpways != o->rsp_way_o ||
        o->rsp_rn_o <= o->lrn_ack_o) {
      snprintf(err, errlen, "invariant 4: RN %llu of VP %llu way %llu with lrn_ack %llu",
               (unsigned long long)o->rsp_rn_o, (unsigned long long)vp,
               (unsigned long long)o->rsp_way_o, (unsigned long long)o->lrn_ack_o);
      return -1;
    }
  } else if (o->rsp_rn_o) {
    snprintf(err, errlen, "invariant 4: RN %llu without an RF request", (unsigned long long)o->rsp_rn_o);
    return -1;
  }
  return 0;
}
