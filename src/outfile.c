/* bs_outfile: temp file + rename, so outputs are never left half-written. */
#include "bs_outfile.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs_cli.h"

/* Temporary files being written, removed by any signal that would end the
 * process (a user's, a reader gone: SIGPIPE, a write to a closed stderr
 * included; a limit; a crash), so that a killed run leaves neither its
 * output nor litter; only SIGKILL, which no handler sees, can. The handler
 * is ours only where the signal had its default action: a command with
 * its own (batch) keeps it. */
#define LIVE_MAX 4
static char *_Atomic live[LIVE_MAX];

/* Whether sig's default action ends the process: all but those that stop
 * or continue it or are ignored. (Numbers no handler may have, SIGKILL and
 * glibc's own real-time signals, fail sigaction and are left alone.) */
static int ends(int sig) {
  switch (sig) {
  case SIGSTOP:
  case SIGTSTP:
  case SIGTTIN:
  case SIGTTOU:
  case SIGCONT:
  case SIGCHLD:
  case SIGURG:
  case SIGWINCH: return 0;
  default: return 1;
  }
}

void bs_outfile_reap(void) {
  for (int i = 0; i < LIVE_MAX; i++) {
    char *t = atomic_load(&live[i]);
    if (t) unlink(t);
  }
}

static void on_fatal(int sig) {
  bs_outfile_reap();
  signal(sig, SIG_DFL);
  raise(sig);
}

static void track(char *tmp) {
  for (int i = 0; i < LIVE_MAX; i++) {
    char *none = NULL;
    if (atomic_compare_exchange_strong(&live[i], &none, tmp)) break;
  }
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fatal;
  sigemptyset(&sa.sa_mask);
  for (int sig = 1; sig < NSIG; sig++)
    if (ends(sig) && !sigaction(sig, NULL, &old) && old.sa_handler == SIG_DFL) sigaction(sig, &sa, NULL);
}

/* Before tmp is freed: the handler never reads a freed name. */
static void untrack(const char *tmp) {
  int left = 0;
  for (int i = 0; i < LIVE_MAX; i++) {
    char *t = atomic_load(&live[i]);
    if (t == tmp) atomic_store(&live[i], NULL);
    else left += t != NULL;
  }
  if (left) return;
  struct sigaction old;
  for (int sig = 1; sig < NSIG; sig++)
    if (ends(sig) && !sigaction(sig, NULL, &old) && old.sa_handler == on_fatal) signal(sig, SIG_DFL);
}

/* The last part of a path's name, and its directory's full name (malloc'd;
 * NULL when it cannot be resolved). */
static const char *base_of(const char *p) {
  const char *s = strrchr(p, '/');
  return s ? s + 1 : p;
}

static char *dir_of(const char *p) {
  const char *s = strrchr(p, '/');
  if (!s) return realpath(".", NULL);
  if (s == p) return realpath("/", NULL);
  char *d = strndup(p, (size_t)(s - p));
  char *r = d ? realpath(d, NULL) : NULL;
  free(d);
  return r;
}

/* The descriptor a path names when it is one of the process's own
 * (/dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N), else -1: such a
 * path is written to that descriptor as it is, so that `>> file` appends
 * and no file is made in /dev or /proc. */
static int own_fd(const char *path) {
  if (!strcmp(path, "/dev/stdout")) return 1;
  if (!strcmp(path, "/dev/stderr")) return 2;
  static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/"};
  for (int i = 0; i < 2; i++) {
    const size_t n = strlen(dirs[i]);
    if (strncmp(path, dirs[i], n) || !path[n]) continue;
    char *end;
    long fd = strtol(path + n, &end, 10);
    if (!*end && path[n] >= '0' && path[n] <= '9' && fd < 1024) return (int)fd;
  }
  return -1;
}

/* The descriptor an output's name stands for: stdout for "-", else
 * own_fd's; -1 for a name of the file system. */
static int output_fd(const char *p) { return !strcmp(p, "-") ? 1 : own_fd(p); }

/* Where the symbolic link `path` leads, followed link by link as open(2)
 * follows them, to a name that need not exist yet (a dangling link is
 * written through too, and makes its target), or to a descriptor's name
 * (/dev/stdout), whose /proc link names no file; malloc'd. NULL with errno
 * set when it cannot be followed (ELOOP past 40 links, as Linux gives up). */
static char *follow(const char *path) {
  char *cur = strdup(path), to[PATH_MAX];
  for (int hops = 0; cur; hops++) {
    struct stat st;
    if (own_fd(cur) >= 0 || lstat(cur, &st) || !S_ISLNK(st.st_mode)) return cur;
    const ssize_t n = hops < 40 ? readlink(cur, to, sizeof to) : -1;
    if (n < 0 || n == (ssize_t)sizeof to) {
      errno = hops >= 40 ? ELOOP : n < 0 ? errno : ENAMETOOLONG;
      free(cur);
      return NULL;
    }
    const char *slash = strrchr(cur, '/');
    /* A relative target is relative to the link's own directory. */
    const size_t d = to[0] != '/' && slash ? (size_t)(slash - cur) + 1 : 0;
    char *next = malloc(d + (size_t)n + 1);
    if (next) {
      memcpy(next, cur, d);
      memcpy(next + d, to, (size_t)n);
      next[d + (size_t)n] = 0;
    }
    free(cur);
    cur = next;
  }
  return NULL;
}

int bs_outfile_in_place(const char *path) {
  struct stat st;
  return output_fd(path) >= 0 || (!stat(path, &st) && !S_ISREG(st.st_mode));
}

int bs_outfile_open(bs_outfile *o, const char *path, const char *cmd) {
  memset(o, 0, sizeof *o);
  o->path = path;
  struct stat st;
  /* A symbolic link is written through, as fopen would: the file it names
   * is replaced (or made, where the link dangles), and the link stays. */
  if (output_fd(path) < 0 && !lstat(path, &st) && S_ISLNK(st.st_mode)) {
    if (!(o->real = follow(path))) {
      fprintf(stderr, "bislide %s: %s: %s\n", cmd, path, strerror(errno));
      return -1;
    }
    path = o->real;
  }
  const int own = output_fd(path);
  if (own >= 0) {
    free(o->real);
    o->real = NULL;
  }
  if (own == 1) {
    o->f = stdout;
    return 0;
  }
  if (own >= 0) {
    const int k = dup(own);
    if (k < 0 || !(o->f = fdopen(k, "w"))) {
      fprintf(stderr, "bislide %s: %s: %s\n", cmd, o->path, strerror(errno));
      if (k >= 0) close(k);
      return -1;
    }
    return 0;
  }
  if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
    o->f = fopen(path, "w");
    if (!o->f) {
      fprintf(stderr, "bislide %s: %s: %s\n", cmd, o->path, strerror(errno));
      bs_outfile_abort(o);
      return -1;
    }
    return 0;
  }
  size_t len = strlen(path);
  o->tmp = malloc(len + 8);
  if (!o->tmp) {
    fprintf(stderr, "bislide %s: out of memory\n", cmd);
    bs_outfile_abort(o);
    return -1;
  }
  memcpy(o->tmp, path, len);
  memcpy(o->tmp + len, ".XXXXXX", 8);
  /* No signal between making the file and tracking it. */
  sigset_t block, was;
  sigfillset(&block);
  pthread_sigmask(SIG_BLOCK, &block, &was);
  int fd = mkstemp(o->tmp);
  if (fd >= 0) track(o->tmp);
  pthread_sigmask(SIG_SETMASK, &was, NULL);
  if (fd < 0) { /* named as the link leads, where it is one: its directory is missing */
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, path, strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    bs_outfile_abort(o);
    return -1;
  }
  /* mkstemp makes the file 0600; give it the mode a plain fopen would. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  o->f = fdopen(fd, "w");
  if (!o->f) {
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, o->path, strerror(errno));
    close(fd);
    bs_outfile_abort(o);
    return -1;
  }
  return 0;
}

int bs_outfile_commit(bs_outfile *o, const char *cmd) {
  if (o->f == stdout) return bs_stdout_flush(cmd);
  errno = 0;
  /* fsync before rename: after a machine crash the name then points at
   * either the old file or the whole new one. */
  int bad = fflush(o->f) != 0 || ferror(o->f) || (o->tmp && fsync(fileno(o->f)));
  int err = errno;
  if (fclose(o->f) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  o->f = NULL;
  if (!bad && o->tmp && rename(o->tmp, o->real ? o->real : o->path) != 0) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, o->path, err ? strerror(err) : "write error");
    bs_outfile_abort(o);
    return -1;
  }
  if (o->tmp) untrack(o->tmp); /* renamed: a signal now would unlink no file */
  free(o->tmp);
  free(o->real);
  o->tmp = o->real = NULL;
  return 0;
}

void bs_outfile_park(bs_outfile *o) {
  if (!o->tmp) return;
  bs_outfile_abort(o);
  o->parked = 1;
}

int bs_outfile_reopen(bs_outfile *o, const char *cmd) {
  return o->parked ? bs_outfile_open(o, o->path, cmd) : 0;
}

void bs_outfile_abort(bs_outfile *o) {
  if (o->f && o->f != stdout) fclose(o->f);
  if (o->tmp) {
    unlink(o->tmp);
    untrack(o->tmp);
    free(o->tmp);
  }
  free(o->real);
  o->f = NULL;
  o->tmp = o->real = NULL;
}

int bs_same_file(const char *a, const char *b) {
  if (!strcmp(a, b)) return 1;
  const int fa = output_fd(a), fb = output_fd(b);
  if (fa >= 0 && fa == fb) return 1; /* one descriptor by two names: "-" and /dev/stdout */
  struct stat x, y;
  /* One regular file by two names: one output would cut or replace the
   * other. A device or a pipe takes both in turn (bs_outfile_before). */
  if (!(fa >= 0 ? fstat(fa, &x) : stat(a, &x)) && !(fb >= 0 ? fstat(fb, &y) : stat(b, &y)))
    return S_ISREG(x.st_mode) && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
  if (fa >= 0 || fb >= 0) return 0; /* a descriptor not open shares no file */
  /* One is still to be made: the same name in the same directory, once
   * links are followed to the name they make (a dangling one). */
  char *pa = follow(a), *pb = follow(b);
  char *da = pa ? dir_of(pa) : NULL, *db = pb ? dir_of(pb) : NULL;
  int same = da && db && !strcmp(da, db) && !strcmp(base_of(pa), base_of(pb));
  free(da);
  free(db);
  free(pa);
  free(pb);
  return same;
}

int bs_writes_over_set(const char *out, const char *set_path) {
  return strcmp(set_path, "-") && bs_same_file(out, set_path);
}
