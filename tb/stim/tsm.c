/*
 * tsm.c - one SM's dispatcher view of the hierarchy's events; see tsm.h.
 */
#include <string.h>

#include "tb/stim/tsm.h"

void kit_tsm_init(kit_tsm_t *t, unsigned nslots)
{
  memset(t, 0, sizeof *t);
  t->nslots = nslots < KIT_TSM_SLOTS ? nslots : KIT_TSM_SLOTS;
}

static int find(const kit_tsm_t *t, uint32_t kernel, uint32_t cta)
{
  for (unsigned j = 0; j < t->nslots; j++)
    if (t->s[j].used && t->s[j].kernel == kernel && t->s[j].cta == cta) return (int)j;
  return -1;
}

int kit_tsm_event(kit_tsm_t *t, const kit_hev_t *e)
{
  const int miss = !e->store && !e->wb && e->kernel < KIT_TSM_KERNELS;
  int j;
  switch (e->kind) {
  case KIT_HEV_CTA:
    for (unsigned k = 0; k < t->nslots; k++)
      if (!t->s[k].used) {
        t->s[k].used = 1;
        t->s[k].kernel = e->kernel;
        t->s[k].cta = e->cta;
        t->s[k].warps = 0;
        return (int)k;
      }
    return -1;
  case KIT_HEV_CTA_END:
    if ((j = find(t, e->kernel, e->cta)) >= 0) {
      t->s[j].used = 0;
      if (e->kernel < KIT_TSM_KERNELS) t->issued[e->kernel] -= (uint32_t)__builtin_popcountll(t->s[j].warps);
    }
    return j;
  case KIT_HEV_INST:
    if ((j = find(t, e->kernel, e->cta)) >= 0) {
      const uint64_t bit = (uint64_t)1 << (e->warp % 64u);
      if (!(t->s[j].warps & bit) && e->kernel < KIT_TSM_KERNELS) t->issued[e->kernel]++;
      t->s[j].warps |= bit;
    }
    return j;
  case KIT_HEV_INJECT:
    if (miss) t->miss[e->kernel]++;
    return -1;
  case KIT_HEV_RETURN:
    if (miss && t->miss[e->kernel]) t->miss[e->kernel]--;
    return -1;
  default:
    return e->wb ? -1 : find(t, e->kernel, e->cta);
  }
}

unsigned kit_tsm_warps(const kit_tsm_t *t, uint32_t k)
{
  if (k < KIT_TSM_KERNELS) return t->issued[k];   /* per event, not per cycle */
  unsigned n = 0;
  for (unsigned j = 0; j < t->nslots; j++)
    if (t->s[j].used && t->s[j].kernel == k) n += (unsigned)__builtin_popcountll(t->s[j].warps);
  return n;
}
