/*
 * tadapt.c - the traffic adapters' registry and their shared helpers; see
 * tadapt.h. The list is build/gen/kit_traffic.h, one
 * KIT_TRAFFIC_ENTRY(name) per block with a tb/<name>/<name>_traffic.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tb/stim/tadapt.h"

static const struct { const char *name; const kit_tadapt_t *a; } adapters[] = {
#define KIT_TRAFFIC_ENTRY(b) {#b, &b##_traffic},
#include "kit_traffic.h"
#undef KIT_TRAFFIC_ENTRY
  {NULL, NULL}
};

const kit_tadapt_t *kit_tadapt_find(const kit_block_t *b)
{
  for (unsigned i = 0; adapters[i].name; i++)
    if (strcmp(adapters[i].name, b->name) == 0) return adapters[i].a;
  return NULL;
}

unsigned kit_tadapt_blocks(const char **names, unsigned max)
{
  unsigned n = 0;
  for (unsigned i = 0; adapters[i].name; i++)
    if (n < max) names[n++] = adapters[i].name;
  return n;
}

int kit_tadapt_pull(kit_hier_t *h, unsigned kinds, kit_hev_t *e, char *err, size_t errlen)
{
  int rc;
  while ((rc = kit_hier_next(h, e, err, errlen)) == 1)
    if (kinds >> e->kind & 1) return 1;
  return rc;
}

void *kit_tadapt_alloc(size_t n, char *err, size_t errlen)
{
  void *s = calloc(1, n);
  if (!s) snprintf(err, errlen, "out of memory");
  return s;
}

int kit_tadapt_due(kit_hier_t *h, kit_tclock_t *c, unsigned kinds, kit_hev_t *e, char *err, size_t errlen)
{
  if (!c->have && !c->end) {
    const int rc = kit_tadapt_pull(h, kinds, &c->e, err, errlen);
    if (rc < 0) return rc;
    c->have = rc;
    c->end = !rc;
  }
  if (!c->have || c->e.time > c->now) return 0;
  *e = c->e;
  c->have = 0;
  return 1;
}

void *kit_tadapt_model(const kit_block_t *b, const long *P, uint64_t *out)
{
  void *m = b->model_new(P);
  if (!m) return NULL;
  kit_port_t t[KIT_MAX_PORTS];
  uint64_t in[KIT_MAX_PORTS];
  b->ports(P, t);
  for (unsigned j = 0; j < b->nin; j++) in[j] = strcmp(t[j].name, "rst_ni") == 0 ? 0 : t[j].idle;
  b->model_step(m, in, out);
  return m;
}
