/*
 * blocks.c - the kit's block registry. Adding a block is one line here plus
 * its .def, model, stimulus and RTL; no generic tool changes.
 */
#include <string.h>

#include "hac.h"

const kit_block_t *const kit_blocks[] = {
  &hac_block,
  NULL,
};

const kit_block_t *kit_block_find(const char *name)
{
  for (unsigned i = 0; kit_blocks[i]; i++)
    if (strcmp(kit_blocks[i]->name, name) == 0) return kit_blocks[i];
  return NULL;
}
