/*
 * args.c - command-line words after a block name; see args.h.
 */
#include <string.h>

#include "tb/harness/args.h"

int kit_args_parse(const kit_block_t *b, long *P, int argc, char *const *argv, const char *opts,
                   unsigned maxpos, kit_args_t *a, char *err, size_t errlen)
{
  const char *pw[KIT_MAX_PARAMS + 1];
  unsigned np = 0;
  char buf[256];
  memset(a, 0, sizeof *a);
  snprintf(buf, sizeof buf, "%s", opts);
  for (char *t = strtok(buf, " "); t && a->nopts < KIT_ARGS_MAX_OPTS; t = strtok(NULL, " ")) {
    /* names point into opts: same offset as in buf */
    a->names[a->nopts++] = opts + (t - buf);
  }
  for (int i = 0; i < argc; i++) {
    const char *w = argv[i];
    if (w[0] == '-') {
      unsigned k;
      for (k = 0; k < a->nopts; k++) {
        size_t n = strcspn(a->names[k], " ");
        if (strlen(w) == n && strncmp(w, a->names[k], n) == 0) break;
      }
      if (k == a->nopts) {
        snprintf(err, errlen, "unknown option '%s'", w);
        return -1;
      }
      if (i + 1 >= argc) {
        snprintf(err, errlen, "option %s needs a value", w);
        return -1;
      }
      if (a->value[k]) {
        snprintf(err, errlen, "option %s given twice", w);
        return -1;
      }
      a->value[k] = argv[++i];
    } else if (strchr(w, '=')) {
      if (np == KIT_MAX_PARAMS) {
        snprintf(err, errlen, "too many parameters (block %s has %u)", b->name, b->nparams);
        return -1;
      }
      pw[np++] = w;
    } else if (a->npos < maxpos && a->npos < sizeof a->pos / sizeof a->pos[0]) {
      a->pos[a->npos++] = w;
    } else {
      snprintf(err, errlen, "unexpected argument '%s' (parameters are NAME=VALUE)", w);
      return -1;
    }
  }
  kit_params_default(b, P);
  if (kit_params_words(b, P, np, pw, err, errlen)) return -1;
  return kit_params_check(b, P, err, errlen);
}

const char *kit_args_get(const kit_args_t *a, const char *name)
{
  for (unsigned k = 0; k < a->nopts; k++) {
    size_t n = strcspn(a->names[k], " ");
    if (strlen(name) == n && strncmp(name, a->names[k], n) == 0) return a->value[k];
  }
  return NULL;
}

int kit_error(const char *msg)
{
  fprintf(stderr, "kit: error: %s\n", msg);
  return 1;
}
