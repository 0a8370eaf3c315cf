/*
 * cbwt_l1_traffic.c - the CBWT sampler-core slice's traffic adapter
 * (doc/traffic.md "Adapters", doc/cbwt_l1.md "Traffic"): pdp_cache + pdp
 * + noc_sampler + maw_ctl + victim_bits around the sampler core, here SM
 * 0, in the hierarchy's time (block cycle n after the reset = hierarchy
 * cycle n).
 *
 * - acc_*: every L1 access of SM 0 (L1 events: loads and stores), set =
 *   line mod Sets, tag = (line / Sets) mod 2^TagW: pdp_cache is the
 *   sampler L1, with its own policy on the same stream.
 * - fill_*: a read pdp_cache answered MISS (it reserved a way) gets its
 *   data when the hierarchy's reply of that read arrives (the RETURN of
 *   the read packet SM 0 injected in the access's cycle), or, when the
 *   hierarchy's L1 hit (no packet: the two caches differ), an L2 hit's
 *   round trip later (2 NocLat + L2Lat); one fill a cycle, later ones
 *   wait.
 * - inj_valid_i / ret_*: SM 0's packets (INJECT), one a cycle; a marked
 *   packet's arrival at its L2 bank is its stop with its id, one a cycle
 *   (noc_sampler's adapter, N1).
 * - ev_*: every L2 access of the hierarchy (all banks, all SMs) as
 *   victim_bits events, as victim_bits' own adapter maps them: a read hit
 *   HIT, a write hit WRITE, an allocation EVICT of a valid victim then
 *   FILL, a write miss that allocates nothing no event; set = (bank +
 *   L2Banks * set) mod L2Sets, way mod L2Ways, L1 = SM mod L1s; one a
 *   cycle (a queue of QMAX; beyond it the oldest is dropped).
 * - dbg_* walk pdp_cache's lines.
 * To know pdp_cache's MISS ways and noc_sampler's marks, the adapter runs
 * a private cbwt_l1 model on the inputs it gives (its outputs are the
 * DUT's in the same cycle): the stimulus stays a function of the traffic
 * and the parameters. The traffic is over when no event is left and no
 * queue holds anything.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/cbwt_l1/cbwt_l1.h"
#include "tb/stim/tadapt.h"

#define QMAX 1024u

/* A fixed-size FIFO of 64-bit words (each queue below packs its entry). */
typedef struct cq { uint64_t v[QMAX]; unsigned head, n; } cq_t;
static void cq_put(cq_t *q, uint64_t v)
{
  if (q->n == QMAX) { q->head = (q->head + 1) % QMAX; q->n--; }   /* the oldest is lost */
  q->v[(q->head + q->n++) % QMAX] = v;
}
static uint64_t cq_get(cq_t *q)
{
  const uint64_t v = q->v[q->head];
  q->head = (q->head + 1) % QMAX;
  q->n--;
  return v;
}

typedef struct cb_wait { uint64_t pkt, due; unsigned set, way; } cb_wait_t;   /* a fill awaited */

typedef struct cb_ta {
  unsigned sets, ways, l2sets, l2ways, l1s, banks, l2wb;
  uint64_t tagmask, hitrt;
  void *m;
  cbwt_l1_out_t o;
  kit_tclock_t c;
  cq_t inj, stop, ev, fill;
  cb_wait_t w[QMAX];
  unsigned nw;
  uint64_t mk_pkt[QMAX];       /* marked packets in flight and their ids */
  unsigned mk_id[QMAX], nmk;
} cb_ta_t;

static void ta_free(void *v)
{
  cb_ta_t *s = v;
  if (s && s->m) cbwt_l1_block.model_free(s->m);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  cb_ta_t *s = calloc(1, sizeof *s);
  if (!s || !(s->m = kit_tadapt_model(&cbwt_l1_block, P, (uint64_t *)&s->o))) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  const long *H = kit_hier_P(h);
  s->sets = (unsigned)P[cbwt_l1_P_Sets];
  s->ways = (unsigned)P[cbwt_l1_P_Ways];
  s->l2sets = (unsigned)P[cbwt_l1_P_L2Sets];
  s->l2ways = (unsigned)P[cbwt_l1_P_L2Ways];
  s->l1s = (unsigned)P[cbwt_l1_P_L1s];
  s->tagmask = kit_mask((unsigned)P[cbwt_l1_P_TagW]);
  s->banks = (unsigned)H[HP_L2BANKS];
  s->l2wb = (unsigned)H[HP_L2WB];
  s->hitrt = 2u * (uint64_t)H[HP_NOCLAT] + (uint64_t)H[HP_L2LAT];
  return s;
}

/* victim_bits' events of one L2 access (ev word: kind | set << 2 | way << 34 | l1 << 50). */
static void l2_events(cb_ta_t *s, const kit_hev_t *e)
{
  if (!e->hit && e->store && !s->l2wb) return;   /* a write-through write miss allocates nothing */
  const uint64_t where = ((uint64_t)e->bank + (uint64_t)s->banks * e->set) % s->l2sets << 2 |
                         (uint64_t)(e->way % s->l2ways) << 34 | (uint64_t)(e->sm % s->l1s) << 50;
  if (e->hit) {
    cq_put(&s->ev, where | (e->store ? VB_WRITE : VB_HIT));
    return;
  }
  if (e->evict) cq_put(&s->ev, where | VB_EVICT);
  cq_put(&s->ev, where | VB_FILL);
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  cb_ta_t *s = v;
  cbwt_l1_in_t *i = (cbwt_l1_in_t *)in;
  const unsigned kinds = KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2) |
                         KIT_HEV_BIT(KIT_HEV_RETURN);
  const uint64_t t = s->c.now;
  uint64_t rd_pkt = UINT64_MAX;   /* the read packet of this cycle's access */
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, kinds, &e, err, errlen)) == 1) {
    if (e.kind == KIT_HEV_L2) {
      l2_events(s, &e);
      for (unsigned j = 0; e.sm == 0 && j < s->nmk; j++)
        if (s->mk_pkt[j] == e.pkt) {
          cq_put(&s->stop, s->mk_id[j]);
          s->mk_pkt[j] = s->mk_pkt[--s->nmk];
          s->mk_id[j] = s->mk_id[s->nmk];
          break;
        }
      continue;
    }
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_L1) {
      i->acc_valid_i = 1;
      i->acc_wr_i = e.store;
      i->acc_set_i = e.line % s->sets;
      i->acc_tag_i = e.line / s->sets & s->tagmask;
    } else if (e.kind == KIT_HEV_INJECT) {
      cq_put(&s->inj, e.pkt);
      if (!e.store && !e.wb) rd_pkt = e.pkt;
    } else if (!e.store) {
      for (unsigned j = 0; j < s->nw; j++)
        if (s->w[j].pkt == e.pkt) {
          cq_put(&s->fill, (uint64_t)s->w[j].set << 32 | s->w[j].way);
          s->w[j] = s->w[--s->nw];
          break;
        }
    }
  }
  if (rc < 0) return rc;
  for (unsigned j = 0; j < s->nw; j++)
    if (s->w[j].pkt == UINT64_MAX && s->w[j].due <= t) {
      cq_put(&s->fill, (uint64_t)s->w[j].set << 32 | s->w[j].way);
      s->w[j--] = s->w[--s->nw];
    }
  if (kit_tclock_over(&s->c) && !i->acc_valid_i && !s->inj.n && !s->stop.n && !s->ev.n && !s->fill.n && !s->nw) return 0;
  if (s->fill.n) {
    const uint64_t f = cq_get(&s->fill);
    i->fill_valid_i = 1;
    i->fill_set_i = f >> 32;
    i->fill_way_i = f & 0xffffffffu;
  }
  if (s->inj.n) {
    const uint64_t pkt = cq_get(&s->inj);
    i->inj_valid_i = 1;
    if (s->o.mark_o && s->nmk < QMAX) {
      s->mk_pkt[s->nmk] = pkt;
      s->mk_id[s->nmk++] = (unsigned)s->o.mark_id_o;
    }
  }
  if (s->stop.n) {
    i->ret_valid_i = 1;
    i->ret_id_i = cq_get(&s->stop);
  }
  if (s->ev.n) {
    const uint64_t x = cq_get(&s->ev);
    i->ev_valid_i = 1;
    i->ev_kind_i = x & 3u;
    i->ev_set_i = x >> 2 & 0xffffffffu;
    i->ev_way_i = x >> 34 & 0xffffu;
    i->ev_l1_i = x >> 50;
  }
  i->dbg_set_i = t % s->sets;
  i->dbg_way_i = t / s->sets % s->ways;
  const int rd = i->acc_valid_i && !i->acc_wr_i;
  const unsigned set = (unsigned)i->acc_set_i;
  cbwt_l1_block.model_step(s->m, in, (uint64_t *)&s->o);
  if (rd && s->o.rsp_valid_o && s->o.rsp_kind_o == PDPC_MISS && s->nw < QMAX)
    s->w[s->nw++] = (cb_wait_t){rd_pkt, rd_pkt == UINT64_MAX ? t + s->hitrt : 0, set, (unsigned)s->o.rsp_way_o};
  s->c.now++;
  return 1;
}

const kit_tadapt_t cbwt_l1_traffic = {
  "SM 0 in hierarchy time: its L1 accesses to pdp_cache (fills at the read's reply), its packets to noc_sampler "
  "(stop at the L2 bank), every L2 access as victim_bits events; a private model gives MISS ways and marks",
  ta_create, ta_next, ta_free, KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2) | KIT_HEV_BIT(KIT_HEV_RETURN),
  KIT_HEV_BIT(KIT_HEV_L1) | KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_RETURN),
};
