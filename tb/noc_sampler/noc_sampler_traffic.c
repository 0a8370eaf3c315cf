/*
 * noc_sampler_traffic.c - the NoC sampler's traffic adapter
 * (doc/traffic.md "Adapters", doc/noc_sampler.md "Traffic"): the block
 * times packets of the sampler core, here SM 0, from their injection to
 * their stop, in the hierarchy's time (block cycle n after the reset =
 * hierarchy cycle n: latencies are hierarchy cycles).
 *
 * - Injections: every packet SM 0's L1 sends (INJECT events of sm 0:
 *   reads of its misses, write-through stores, write-backs) is an
 *   inj_valid_i, one a cycle in injection order (two in one cycle, a
 *   write-back beside a miss under L1Wb=1: the second goes the next cycle;
 *   the wait counts in its latency, as at a one-flit injection port).
 * - Stops (N1's reading: the ejection at the L2 partition): the packet's
 *   arrival at its bank (its L2 event) is its stop, ret_valid_i with the id
 *   it was marked with, one a cycle in arrival order (later ones wait).
 *   To know which packets were marked and with which id, the adapter runs
 *   a private noc_sampler model on the inputs it gives (its mark_o /
 *   mark_id_o are the DUT's in the same cycle): the stimulus stays a
 *   function of the traffic and the parameters. Only marked packets stop.
 *   A packet that reaches its bank while still queued for the injection
 *   port (a NoC faster than the queue: NocLat = 0) is kept as arrived and
 *   stops the cycle after its injection, when it was marked.
 * - per_end_i: a window closes every WINDOW cycles.
 * The traffic is over when SM 0 has no packet left to inject or stop.
 */
#include <stdlib.h>
#include <string.h>

#include "cmodel/noc_sampler/noc_sampler.h"
#include "tb/stim/tadapt.h"

#define WINDOW 1024u
#define NSA_Q 64u        /* packets waiting to be injected, stops waiting, marked packets in flight */

typedef struct ns_mark { uint64_t pkt; unsigned id; } ns_mark_t;

typedef struct ns_ta {
  void *m;                     /* private model */
  noc_sampler_out_t o;         /* its outputs shown in the coming cycle */
  kit_tclock_t c;
  uint64_t inj[NSA_Q];         /* packet ids waiting for the injection port */
  unsigned ninj;
  unsigned stop[NSA_Q];        /* ids of stops waiting */
  unsigned nstop;
  ns_mark_t mk[NSA_Q];         /* marked packets in flight */
  unsigned nmk;
  uint64_t arr[NSA_Q];         /* packets that reached their bank while still waiting to be injected */
  unsigned narr;
} ns_ta_t;

static void ta_free(void *v)
{
  ns_ta_t *s = v;
  if (s && s->m) noc_sampler_block.model_free(s->m);
  free(s);
}

static void *ta_create(const long *P, const kit_hier_t *h, char *err, size_t errlen)
{
  (void)h;
  ns_ta_t *s = calloc(1, sizeof *s);
  if (!s || !(s->m = kit_tadapt_model(&noc_sampler_block, P, (uint64_t *)&s->o))) {
    ta_free(s);
    snprintf(err, errlen, "out of memory");
    return NULL;
  }
  return s;
}

static int ta_next(void *v, kit_hier_t *h, uint64_t *in, char *err, size_t errlen)
{
  ns_ta_t *s = v;
  noc_sampler_in_t *i = (noc_sampler_in_t *)in;
  kit_hev_t e;
  int rc;
  while ((rc = kit_tadapt_due(h, &s->c, KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2), &e, err, errlen)) == 1) {
    if (e.sm != 0) continue;
    if (e.kind == KIT_HEV_INJECT) {
      if (s->ninj < NSA_Q) s->inj[s->ninj++] = e.pkt;
      continue;
    }
    int found = 0;
    for (unsigned j = 0; j < s->nmk && !found; j++)
      if (s->mk[j].pkt == e.pkt) {
        if (s->nstop < NSA_Q) s->stop[s->nstop++] = s->mk[j].id;
        s->mk[j] = s->mk[--s->nmk];
        found = 1;
      }
    if (found) continue;
    /* not marked (yet): a packet still queued for the port (a NoC faster
     * than the injection queue, NocLat = 0) stops right after its injection */
    for (unsigned q = 0; q < s->ninj; q++)
      if (s->inj[q] == e.pkt && s->narr < NSA_Q) {
        s->arr[s->narr++] = e.pkt;
        break;
      }
  }
  if (rc < 0) return rc;
  if (kit_tclock_over(&s->c) && !s->ninj && !s->nstop) return 0;
  int late = -1;   /* a stop that follows this cycle's injection */
  if (s->ninj) {
    i->inj_valid_i = 1;
    int arrived = 0;
    for (unsigned q = 0; q < s->narr && !arrived; q++)
      if (s->arr[q] == s->inj[0]) {
        s->arr[q] = s->arr[--s->narr];
        arrived = 1;
      }
    if (s->o.mark_o && arrived) {
      late = (int)s->o.mark_id_o;
    } else if (s->o.mark_o) {
      if (s->nmk == NSA_Q) memmove(s->mk, s->mk + 1, --s->nmk * sizeof s->mk[0]);   /* the oldest is lost */
      s->mk[s->nmk++] = (ns_mark_t){s->inj[0], (unsigned)s->o.mark_id_o};
    }
    memmove(s->inj, s->inj + 1, --s->ninj * sizeof s->inj[0]);
  }
  if (s->nstop) {
    i->ret_valid_i = 1;
    i->ret_id_i = s->stop[0];
    memmove(s->stop, s->stop + 1, --s->nstop * sizeof s->stop[0]);
  }
  if (late >= 0 && s->nstop < NSA_Q) s->stop[s->nstop++] = (unsigned)late;   /* from the next cycle on */
  i->per_end_i = s->c.now % WINDOW == WINDOW - 1;
  noc_sampler_block.model_step(s->m, in, (uint64_t *)&s->o);
  s->c.now++;
  return 1;
}

const kit_tadapt_t noc_sampler_traffic = {
  "SM 0's packets in hierarchy time: each INJECT an injection (one a cycle), a marked packet's arrival at its L2 bank "
  "its stop with its id (a private model gives the marks), a window every 1024 cycles",
  ta_create, ta_next, ta_free, KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2),
  KIT_HEV_BIT(KIT_HEV_INJECT) | KIT_HEV_BIT(KIT_HEV_L2),
};
