/*
 * args.h - the kit's command-line words after a block name, parsed one way
 * for every tool: NAME=VALUE parameter words (each parameter at most once),
 * options from the command's own list (`-o FILE`, `--seed N`, ...: each at
 * most once, each with a value), and at most `maxpos` other words. Anything
 * else is a one-line error naming the word: an unknown --option, a word
 * that is neither NAME=VALUE nor an expected positional (`Ways32`, `Ways 32`
 * as two words), a leading-dash parameter (`-Ways=32`), a parameter given
 * twice. Numbers are read with kit_parse_u64 by the caller.
 */
#ifndef ARGS_H
#define ARGS_H

#include "cmodel/core/block.h"

#define KIT_ARGS_MAX_OPTS 8

typedef struct kit_args {
  const char *names[KIT_ARGS_MAX_OPTS];   /* accepted options, e.g. "-o", "--seed" */
  const char *value[KIT_ARGS_MAX_OPTS];   /* their values (NULL = not given) */
  unsigned nopts;
  const char *pos[4];                     /* positional words */
  unsigned npos;
} kit_args_t;

/* Parse argv[0..argc-1]: options listed in `opts` (space separated, e.g.
 * "-o --seed --cycles --stim"), parameters into P (defaults first, then
 * the words, then kit_params_check), at most maxpos positionals. 0, or -1
 * with err set. */
int kit_args_parse(const kit_block_t *b, long *P, int argc, char *const *argv, const char *opts,
                   unsigned maxpos, kit_args_t *a, char *err, size_t errlen);
/* The value of option `name`, or NULL when it was not given. */
const char *kit_args_get(const kit_args_t *a, const char *name);

/* The kit command's one-line error: "kit: error: MSG" on stderr; returns
 * 1, the exit status. */
int kit_error(const char *msg);

#endif /* ARGS_H */
