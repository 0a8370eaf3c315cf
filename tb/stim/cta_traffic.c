/*
 * cta_traffic.c - the CTL's CTA side on traffic, shared by the ctl and
 * linebacker traffic adapters (cta_traffic.h, doc/ctl.md "Traffic").
 */
#include "tb/stim/cta_traffic.h"

#include <string.h>

void kit_ctat_init(kit_ctat_t *t, unsigned maxcta, unsigned retw, unsigned rnw, uint32_t memlat)
{
  memset(t, 0, sizeof *t);
  const uint32_t rf = 1u << rnw;
  t->maxcta = maxcta;
  t->nslots = maxcta < rf ? maxcta : rf;   /* every slot used gets a register */
  t->retmax = (unsigned)kit_mask(retw);
  t->nreg = rf / t->nslots;
  t->memlat = memlat ? memlat : 1u;
  t->bp = 0x10000000u;
}

static int slot_of(const kit_ctat_t *t, uint32_t kernel, uint32_t cta)
{
  for (unsigned j = 0; j < t->maxcta; j++)
    if (t->s[j].used && t->s[j].kernel == kernel && t->s[j].cta == cta) return (int)j;
  return -1;
}

static void q_drop(kit_ctat_t *t, unsigned k)
{
  for (unsigned n = k + 1; n < t->qn; n++) {
    t->qk[n - 1] = t->qk[n];
    t->qc[n - 1] = t->qc[n];
  }
  t->qn--;
}

void kit_ctat_event(kit_ctat_t *t, const kit_hev_t *e, uint64_t sched)
{
  const int j = e->kind == KIT_HEV_CTA ? -1 : slot_of(t, e->kernel, e->cta);
  switch (e->kind) {
  case KIT_HEV_CTA:
    if (t->qn < KIT_CTAT_Q) {
      t->qk[t->qn] = e->kernel;
      t->qc[t->qn++] = e->cta;
    }
    break;
  case KIT_HEV_CTA_END:
    if (j >= 0) t->s[j].ended = 1;
    else
      for (unsigned k = 0; k < t->qn; k++)      /* never launched: dropped */
        if (t->qk[k] == e->kernel && t->qc[k] == e->cta) {
          q_drop(t, k);
          break;
        }
    break;
  case KIT_HEV_INST:
    if (j >= 0 && (sched >> j & 1)) t->ret++;
    break;
  case KIT_HEV_INJECT:
    if (j >= 0 && !e->store && !e->wb) t->s[j].inflight++;
    break;
  case KIT_HEV_RETURN:
    if (j >= 0 && !e->store && t->s[j].inflight) t->s[j].inflight--;
    break;
  default:
    break;
  }
}

void kit_ctat_drive(kit_ctat_t *t, const ctl_model_t *m, const ctl_out_t *o, const kit_ctat_ports_t *p)
{
  const uint64_t now = t->now;
  if (now == 0) {
    *p->cfg_ld = 1;
    *p->cfg_nreg = t->nreg;
    *p->cfg_bp = t->bp;
  }
  *p->ret_cnt = t->ret < t->retmax ? t->ret : t->retmax;
  t->ret -= *p->ret_cnt;
  /* a launch into the lowest slot empty at the start of the cycle */
  const uint32_t empty = ~m->v & (uint32_t)kit_mask(t->nslots);
  if (t->qn && empty && (o->ninact_o == 0 || t->owed)) {
    const unsigned j = (unsigned)__builtin_ctz(empty);
    *p->launch_valid = 1;
    *p->launch_id = j;
    *p->launch_frn = j * t->nreg;
    t->s[j].used = 1;
    t->s[j].ended = 0;
    t->s[j].inflight = 0;
    t->s[j].kernel = t->qk[0];
    t->s[j].cta = t->qc[0];
    q_drop(t, 0);
    if (t->owed) t->owed--;
  }
  /* a completion: the lowest slot whose CTA ended and that is schedulable */
  for (unsigned j = 0; j < t->maxcta; j++)
    if (t->s[j].used && t->s[j].ended && (o->sched_mask_o >> j & 1)) {
      *p->done_valid = 1;
      *p->done_id = j;
      t->s[j].used = 0;
      break;
    }
  *p->drained = o->mv_state_o == CTL_MV_DRAIN && !t->s[o->mv_cta_o % CTL_MAX_CTA].inflight;
  /* memory (readies 1): read data in order, memlat cycles after acceptance */
  if (t->rq_n && t->rq[t->rq_head] <= now) {
    *p->mem_rvalid = 1;
    t->rq_head = (t->rq_head + 1u) % CTL_MAX_BUF;
    t->rq_n--;
  }
  if (o->mem_valid_o && !o->mem_we_o && t->rq_n < CTL_MAX_BUF)
    t->rq[(t->rq_head + t->rq_n++) % CTL_MAX_BUF] = now + t->memlat;
  *p->dbg_cta = now % t->maxcta;
}

void kit_ctat_after(kit_ctat_t *t, const ctl_out_t *o)
{
  if (o->launch_new_o) t->owed++;
  t->now++;
}
