/*
 * kitio.c - reading and writing files the one way every kit tool does;
 * see kitio.h for the rules. Lines are read a byte at a time
 * (getc_unlocked: the tools are single-threaded readers) into a buffer that
 * never grows past KIT_LINE_MAX, so no input can make a reader allocate
 * more than that per line.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kitio.h"

int kit_lines_open(kit_lines_t *L, const char *path, char *err, size_t errlen)
{
  struct stat st;
  memset(L, 0, sizeof *L);
  L->path = path;
  L->f = fopen(path, "r");
  if (!L->f) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  const int ok = fstat(fileno(L->f), &st) == 0;
  if (!ok || !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: %s", path,
             !ok ? strerror(errno) : S_ISDIR(st.st_mode) ? "is a directory" : "not a regular file");
    fclose(L->f);
    L->f = NULL;
    return -1;
  }
  return kit_lines_attach(L, L->f, path, err, errlen);
}

int kit_lines_attach(kit_lines_t *L, FILE *f, const char *name, char *err, size_t errlen)
{
  memset(L, 0, sizeof *L);
  L->f = f;
  L->path = name;
  L->cap = 256;
  L->buf = malloc(L->cap);
  if (!L->buf) {
    snprintf(err, errlen, "%s: out of memory", name);
    fclose(L->f);
    L->f = NULL;
    return -1;
  }
  return 0;
}

int kit_lines_next(kit_lines_t *L, char **line, size_t *len, char *err, size_t errlen)
{
  size_t n = 0;
  int c, nl = 0;
  while ((c = getc_unlocked(L->f)) != EOF) {
    if (c == '\n') {
      nl = 1;
      break;
    }
    if (n + 2 > L->cap) {
      if (L->cap >= KIT_LINE_MAX + 2) {
        snprintf(err, errlen, "%s:%u: line too long (over %d bytes)", L->path, L->lineno + 1,
                 KIT_LINE_MAX);
        return -1;
      }
      size_t nc = L->cap * 2 > KIT_LINE_MAX + 2 ? KIT_LINE_MAX + 2 : L->cap * 2;
      char *p = realloc(L->buf, nc);
      if (!p) {
        snprintf(err, errlen, "%s:%u: out of memory", L->path, L->lineno + 1);
        return -1;
      }
      L->buf = p;
      L->cap = nc;
    }
    if (c == '\0') {
      snprintf(err, errlen, "%s:%u: NUL byte in line", L->path, L->lineno + 1);
      return -1;
    }
    L->buf[n++] = (char)c;
  }
  if (ferror(L->f)) {
    snprintf(err, errlen, "%s: read error: %s", L->path, strerror(errno));
    return -1;
  }
  if (c == EOF && n == 0) return 0;
  L->newline = nl;
  if (n && L->buf[n - 1] == '\r') n--;
  L->buf[n] = '\0';
  L->lineno++;
  *line = L->buf;
  *len = n;
  return 1;
}

void kit_lines_close(kit_lines_t *L)
{
  if (L->f) fclose(L->f);
  free(L->buf);
  L->f = NULL;
  L->buf = NULL;
}

/* ---------------------------------------------------------------------- */
/* Output files                                                             */
/* ---------------------------------------------------------------------- */

/* The temporary file being written (one at a time per process), removed
 * by the signal handler. */
static char g_tmp[4096];
static volatile sig_atomic_t g_tmp_set;

static void on_signal(int sig)
{
  if (g_tmp_set) unlink(g_tmp);
  signal(sig, SIG_DFL);
  raise(sig);
}

static void tmp_register(const char *tmp)
{
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  g_tmp_set = 0;
  snprintf(g_tmp, sizeof g_tmp, "%s", tmp);
  g_tmp_set = 1;
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
}

static void tmp_unregister(void) { g_tmp_set = 0; }

int kit_out_open(kit_out_t *o, const char *path, char *err, size_t errlen)
{
  struct stat st;
  memset(o, 0, sizeof *o);
  o->path = path;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: exists and is not a regular file (%s): refusing to replace it",
             path, S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISDIR(st.st_mode) ? "a directory"
                                                                                 : "a device or other special file");
    return -1;
  }
  if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof o->tmp) {
    snprintf(err, errlen, "%s: path too long", path);
    return -1;
  }
  tmp_register(o->tmp);
  o->f = fopen(o->tmp, "w");
  if (!o->f) {
    tmp_unregister();
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return -1;
  }
  return 0;
}

int kit_out_commit(kit_out_t *o, char *err, size_t errlen)
{
  int bad = ferror(o->f);
  if (fclose(o->f) != 0 || bad) {
    snprintf(err, errlen, "%s: write failed: %s", o->path, strerror(errno));
    o->f = NULL;
    kit_out_abort(o);
    return -1;
  }
  o->f = NULL;
  if (rename(o->tmp, o->path) != 0) {
    snprintf(err, errlen, "%s: cannot rename into place: %s", o->path, strerror(errno));
    kit_out_abort(o);
    return -1;
  }
  tmp_unregister();
  return 0;
}

void kit_out_abort(kit_out_t *o)
{
  if (o->f) fclose(o->f);
  o->f = NULL;
  unlink(o->tmp);
  tmp_unregister();
}
