/*
 * registry.c - the generators of the blocks, by block (the stimulus layer's
 * registry, beside the models' cmodel/core/registry.c): the same generated
 * list build/gen/kit_blocks.h, one KIT_BLOCK_ENTRY(name) per block with a
 * .def, so a new block registers its generator by defining <name>_stim in
 * tb/<name>/<name>_stim.c and touches no shared file.
 */
#include <string.h>

#include "cmodel/core/block.h"
#include "tb/stim/source.h"

static const struct { const char *name; const kit_stim_t *stim; } stims[] = {
#define KIT_BLOCK_ENTRY(b) {#b, &b##_stim},
#include "kit_blocks.h"
#undef KIT_BLOCK_ENTRY
};

const kit_stim_t *kit_stim_find(const kit_block_t *b)
{
  for (unsigned i = 0; i < sizeof stims / sizeof stims[0]; i++)
    if (strcmp(stims[i].name, b->name) == 0) return stims[i].stim;
  return NULL;
}
