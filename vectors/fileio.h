/*
 * fileio.h - the kit's file handling, one way for every tool.
 *
 * Reading: a path must name a regular file (a directory or a device is
 * refused with its name), lines are read whole (no length limit below
 * KIT_LINE_MAX), a NUL byte or an over-long line is an error naming file
 * and line, and the last line's newline is reported so a truncated file can
 * be told from a complete one.
 *
 * Writing: one safe-write path for every file the kit writes (vector
 * files, benches, miters, stimulus files, waveforms). An output is written
 * to PATH.tmpPID, created afresh (O_EXCL, never through a link), and renamed
 * into place when complete, so nothing half-written ever sits at PATH; an
 * existing PATH that is not a regular file (a symlink, a device such as
 * /dev/null, a directory) is refused rather than replaced, when the file
 * is opened and again just before the rename; SIGINT, SIGTERM and SIGHUP
 * remove the temporary file before the process dies of the signal, and a
 * PATH.tmpPID left by a process that no longer exists (SIGKILL, a crash)
 * is removed the next time PATH is written. SIGXFSZ is ignored while an
 * output is open, so a file-size limit is a write error like a full disk.
 * Every write error (ENOSPC, EIO, EFBIG) is reported as "PATH: write
 * failed: REASON" and the temporary file removed.
 */
#ifndef KITIO_H
#define KITIO_H

#include <stddef.h>
#include <stdio.h>

#define KIT_LINE_MAX 65536   /* bytes in one line of a stimulus or vector file */

typedef struct kit_lines {
  FILE *f;
  const char *path;
  unsigned lineno;     /* of the line last returned */
  char *buf;
  size_t cap;
  int newline;         /* the line last returned ended with '\n' */
} kit_lines_t;

/* Open path for reading line by line; -1 with err set ("PATH: cannot
 * open: ...", "PATH: is a directory", "PATH: not a regular file"). */
int kit_lines_open(kit_lines_t *L, const char *path, char *err, size_t errlen);
/* Read an already open stream (a memory buffer, for the fuzzers), naming
 * it `name` in messages; kit_lines_close closes it. */
int kit_lines_attach(kit_lines_t *L, FILE *f, const char *name, char *err, size_t errlen);
/* Next line, without its newline (and without a '\r' before it), NUL
 * terminated: 1, or 0 at the end of the file, or -1 with err set
 * ("PATH:LINE: NUL byte", "PATH:LINE: line too long (over N bytes)",
 * "PATH: read error: ..."). */
int kit_lines_next(kit_lines_t *L, char **line, size_t *len, char *err, size_t errlen);
void kit_lines_close(kit_lines_t *L);
/* A reader's error at the line last returned: err gets "PATH:LINE: " and
 * the formatted message; returns -1. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
int kit_lines_fail(const kit_lines_t *L, char *err, size_t errlen, const char *fmt, ...);
/* A table line's words (the offline tools' inputs): `#` starts a comment,
 * words are split at spaces and tabs in place; at most max are kept, the
 * count returned (0: a blank or comment line). */
unsigned kit_line_words(char *line, char **w, unsigned max);

typedef struct kit_out {
  FILE *f;             /* the temporary file (NULL once committed or aborted) */
  const char *path;
  char tmp[4096];
  int slot;            /* its entry in the signal handler's list */
} kit_out_t;

/* Start writing path (through a temporary file); -1 with err set
 * ("PATH: exists and is not a regular file (...): refusing to replace it",
 * "PATH: cannot write: REASON"). */
int kit_out_open(kit_out_t *o, const char *path, char *err, size_t errlen);
/* Write n bytes straight to the temporary file's descriptor, unbuffered
 * (a writer with its own buffer: the waveform). 0, or -1 with errno set.
 * Do not mix with writes through o->f. */
int kit_out_write(kit_out_t *o, const void *buf, size_t n);
/* Finish: flush, close and rename into place; -1 with err set (the
 * temporary file is removed). */
int kit_out_commit(kit_out_t *o, char *err, size_t errlen);
/* Give up: close and remove the temporary file. */
void kit_out_abort(kit_out_t *o);
/* "PATH: write failed: REASON" for errno e (0: an earlier write failed). */
void kit_out_write_error(const char *path, int e, char *err, size_t errlen);

/* Standard output is a file the kit writes too (reports, PASS lines):
 * at exit, anything not written (a full disk, a closed pipe whose SIGPIPE
 * is ignored) is the one-line error "TOOL: error: stdout: write failed:
 * REASON" and exit status 1, never a silent success. Call once from main. */
void kit_stdout_guard(const char *tool);

/* Write s to f as a JSON string (quotes, escapes); NULL writes "". */
void kit_json_str(FILE *f, const char *s);

#endif /* KITIO_H */
