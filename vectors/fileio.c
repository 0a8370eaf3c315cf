/*
 * fileio.c - reading and writing files the one way every kit tool does;
 * see fileio.h for the rules. Lines are read a byte at a time
 * (getc_unlocked: the tools are single-threaded readers) into a buffer that
 * never grows past KIT_LINE_MAX, so no input can make a reader allocate
 * more than that per line.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vectors/fileio.h"

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

int kit_lines_fail(const kit_lines_t *L, char *err, size_t errlen, const char *fmt, ...)
{
  int n = snprintf(err, errlen, "%s:%u: ", L->path, L->lineno);
  if (n < 0 || (size_t)n >= errlen) return -1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
  va_end(ap);
  return -1;
}

unsigned kit_line_words(char *line, char **w, unsigned max)
{
  char *hash = strchr(line, '#'), *save = NULL;
  unsigned n = 0;
  if (hash) *hash = '\0';
  for (char *t = strtok_r(line, " \t", &save); t && n < max; t = strtok_r(NULL, " \t", &save)) w[n++] = t;
  return n;
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

/* The temporary files being written, removed by the signal handler: a
 * handful at a time per process (a whole-run waveform and its FST). */
#define KIT_OUT_SLOTS 8
static char g_tmp[KIT_OUT_SLOTS][4096];
static volatile sig_atomic_t g_tmp_set[KIT_OUT_SLOTS];

static void on_signal(int sig)
{
  for (int i = 0; i < KIT_OUT_SLOTS; i++)
    if (g_tmp_set[i]) unlink(g_tmp[i]);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* A slot for tmp, or -1 when every slot is taken (the caller refuses). */
static int tmp_register(const char *tmp)
{
  static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  int k;
  for (k = 0; k < KIT_OUT_SLOTS && g_tmp_set[k]; k++) {}
  if (k == KIT_OUT_SLOTS) return -1;
  snprintf(g_tmp[k], sizeof g_tmp[k], "%s", tmp);
  g_tmp_set[k] = 1;
  for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(sigs[i], &sa, NULL);
  }
  /* a file-size limit (ulimit -f) is a write error to report, not a
   * silent death that leaves the temporary file behind */
  struct sigaction old;
  if (sigaction(SIGXFSZ, NULL, &old) == 0 && old.sa_handler == SIG_DFL) signal(SIGXFSZ, SIG_IGN);
  return k;
}

static void tmp_unregister(int k)
{
  if (k >= 0 && k < KIT_OUT_SLOTS) g_tmp_set[k] = 0;
}

/* What a non-regular file is, for the refusal. */
static const char *kind(mode_t m)
{
  return S_ISLNK(m) ? "a symbolic link" : S_ISDIR(m) ? "a directory" : "a device or other special file";
}

/* Remove PATH.tmpPID files of processes that no longer exist: what a
 * SIGKILL or a crash of an earlier writer of PATH left. Only regular files
 * named exactly so, only when kill(PID, 0) says there is no such process
 * (a live writer's file, another user's included, is kept). */
static void sweep_stale(const char *path)
{
  const char *slash = strrchr(path, '/');
  char dir[4096];
  const char *base = slash ? slash + 1 : path;
  if (slash) snprintf(dir, sizeof dir, "%.*s", (int)(slash - path == 0 ? 1 : slash - path), path);
  else snprintf(dir, sizeof dir, ".");
  const size_t blen = strlen(base);
  DIR *d = opendir(dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    const char *n = e->d_name;
    if (strncmp(n, base, blen) != 0 || strncmp(n + blen, ".tmp", 4) != 0) continue;
    const char *digits = n + blen + 4;
    size_t nd = strspn(digits, "0123456789");
    if (nd == 0 || nd > 9 || digits[nd] != '\0') continue;
    const long pid = strtol(digits, NULL, 10);
    if (pid <= 0 || pid == (long)getpid()) continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
    char full[8192];
    struct stat st;
    snprintf(full, sizeof full, "%s/%s", dir, n);
    if (lstat(full, &st) == 0 && S_ISREG(st.st_mode)) unlink(full);
  }
  closedir(d);
}

int kit_out_open(kit_out_t *o, const char *path, char *err, size_t errlen)
{
  struct stat st;
  memset(o, 0, sizeof *o);
  o->path = path;
  o->slot = -1;
  if (lstat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: exists and is not a regular file (%s): refusing to replace it", path,
             kind(st.st_mode));
    return -1;
  }
  if (snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof o->tmp) {
    snprintf(err, errlen, "%s: path too long", path);
    return -1;
  }
  sweep_stale(path);
  o->slot = tmp_register(o->tmp);
  if (o->slot < 0) {
    snprintf(err, errlen, "%s: too many outputs open at once", path);
    return -1;
  }
  /* a fresh file: never through a link planted at the temporary name; one
   * of ours left by a process whose PID this one now has is replaced */
  int fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0 && errno == EEXIST && lstat(o->tmp, &st) == 0 && S_ISREG(st.st_mode) && unlink(o->tmp) == 0)
    fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
    const int e = errno;
    if (fd >= 0) {
      close(fd);
      unlink(o->tmp);
    }
    tmp_unregister(o->slot);
    snprintf(err, errlen, "%s: cannot write: %s", path, strerror(e));
    return -1;
  }
  return 0;
}

int kit_out_write(kit_out_t *o, const void *buf, size_t n)
{
  const char *p = buf;
  const int fd = fileno(o->f);
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      if (k == 0) errno = EIO;
      return -1;
    }
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

void kit_out_write_error(const char *path, int e, char *err, size_t errlen)
{
  if (e) snprintf(err, errlen, "%s: write failed: %s", path, strerror(e));
  else snprintf(err, errlen, "%s: write failed (an earlier write returned an error)", path);
}

int kit_out_commit(kit_out_t *o, char *err, size_t errlen)
{
  struct stat st;
  int e = 0;
  errno = 0;
  if (fflush(o->f) != 0) e = errno ? errno : EIO;
  else if (ferror(o->f)) e = -1;
  if (fclose(o->f) != 0 && e == 0) e = errno ? errno : EIO;
  o->f = NULL;
  if (e) {
    kit_out_write_error(o->path, e > 0 ? e : 0, err, errlen);
    kit_out_abort(o);
    return -1;
  }
  /* what sits at PATH now is replaced only if it is still a regular file */
  if (lstat(o->path, &st) == 0 && !S_ISREG(st.st_mode)) {
    snprintf(err, errlen, "%s: exists and is not a regular file (%s): refusing to replace it",
             o->path, kind(st.st_mode));
    kit_out_abort(o);
    return -1;
  }
  if (rename(o->tmp, o->path) != 0) {
    snprintf(err, errlen, "%s: cannot rename into place: %s", o->path, strerror(errno));
    kit_out_abort(o);
    return -1;
  }
  tmp_unregister(o->slot);
  o->slot = -1;
  return 0;
}

void kit_out_abort(kit_out_t *o)
{
  if (o->f) fclose(o->f);
  o->f = NULL;
  if (o->slot >= 0) unlink(o->tmp);
  tmp_unregister(o->slot);
  o->slot = -1;
}

/* ---------------------------------------------------------------------- */
/* Standard output                                                          */
/* ---------------------------------------------------------------------- */

static const char *g_tool = "kit";

static void stdout_check(void)
{
  errno = 0;
  int bad = fflush(stdout) != 0;
  int e = errno;
  if (!bad && !ferror(stdout)) return;
  if (!bad) e = 0;
  char msg[256];
  kit_out_write_error("stdout", e, msg, sizeof msg);
  fprintf(stderr, "%s: error: %s\n", g_tool, msg);
  _exit(1);
}

void kit_stdout_guard(const char *tool)
{
  g_tool = tool;
  atexit(stdout_check);
}

void kit_json_str(FILE *f, const char *s)
{
  fputc('"', f);
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
    else if (c < 0x20) fprintf(f, "\\u%04x", c);
    else fputc(c, f);
  }
  fputc('"', f);
}
