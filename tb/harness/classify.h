/*
 * classify.h - `kit classify` (classify.c): TB8's offline load classes
 * (doc/tbbyp.md "TB8") from a profile of per-load hit counts.
 */
#ifndef KIT_CLASSIFY_H
#define KIT_CLASSIFY_H

int kit_classify_main(int argc, char **argv);

#endif /* KIT_CLASSIFY_H */
