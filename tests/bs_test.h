/* bs_test: helpers shared by the Criterion tests.
 *
 *   bs_temp_*   write test input to a mkstemp file, read a file back
 *   bs_test_dir make a directory for a test's files
 *   bs_run      run the real binary ($BISLIDE, set by `make test`) with
 *               arguments and stdin, capturing stdout, stderr and the exit code
 *   bs_start_in start it in a directory without waiting; bs_kill_reap ends
 *               it with SIGTERM
 *   bs_in_tmux  run a shell command on a terminal of a given size (tmux) and
 *               return what the terminal shows
 *   bs_bfs_*    a plain breadth-first search over every arrangement of a small
 *               board (n <= 9 cells), independent of src/: its own moves and
 *               its own state numbering (the permutation rank)
 *   bs_obfs_*   the same over the open cells only, for layouts of up to 10
 *               open cells on boards of any size: which arrangements the
 *               goal reaches
 *
 * Boards use the encoding of bs_board.h: cell value 0 is the blank, k is the
 * tile whose goal cell is k-1, and a wall at cell i holds i+1. */
#ifndef BS_TEST_H
#define BS_TEST_H

#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "bs_board.h"
#include "bs_parse.h"

/* ---- the tests' own surroundings ------------------------------------- */

/* Set up before any test, whoever starts the binary and from where:
 * - it runs from the top of the tree (BS_TOP, from the Makefile), so
 *   that the shipped sets (puzzles/...) are found wherever it starts;
 * - no signal is blocked: the signal tests send signals to the runs they
 *   start, which inherit the mask, and a runner's blocked SIGINT made
 *   them fail, or pass with the signal never delivered;
 * - its files live in one directory of its own, made by the process the
 *   runner starts and removed at that process's end: TMPDIR points there,
 *   so bs_temp_* and bs_test_dir put their files in it, and so does the
 *   pattern database cache (XDG_CACHE_HOME is its "cache"), so that the
 *   tests neither read what the user's solves left in ~/.cache/bislide
 *   nor add to it. Criterion runs each test in a worker that executes
 *   the binary again with the same environment: a process whose TMPDIR
 *   is BS_TEST_DIR, an existing directory, is such a worker and keeps
 *   them, so a test that fails or crashes before its own cleanup leaves
 *   nothing behind once the binary ends (only the tmux tests' sockets
 *   stay in /tmp, for their short paths, and a binary that is killed
 *   leaves its directory). A BS_TEST_DIR left in a user's environment
 *   is no such worker: it gets a directory of its own. */
#ifndef BS_TOP
#error "BS_TOP: the tree's top directory, as a string (the Makefile gives it)"
#endif
static char bs_test_top[4096];
static pid_t bs_test_top_owner;

static int bs_test_remove(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  return remove(path);
}

__attribute__((constructor)) static void bs_test_surroundings(void) {
  if (chdir(BS_TOP)) {
    fprintf(stderr, "%s: %s\n", BS_TOP, strerror(errno));
    exit(1);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  const char *have = getenv("BS_TEST_DIR"), *dir = getenv("TMPDIR");
  struct stat st;
  if (have && *have && dir && !strcmp(have, dir) && !stat(have, &st) && S_ISDIR(st.st_mode))
    return; /* a worker: its starter made the directory */
  char made[sizeof bs_test_top], cache[sizeof bs_test_top + 8];
  snprintf(made, sizeof made, "%s/bs_test_XXXXXX", dir && *dir ? dir : "/tmp");
  /* Absolute, as the tests change directory and bislide takes no
   * relative XDG_CACHE_HOME. */
  if (!mkdtemp(made) || !realpath(made, bs_test_top)) {
    fprintf(stderr, "%s: %s\n", made, strerror(errno));
    exit(1);
  }
  bs_test_top_owner = getpid();
  snprintf(cache, sizeof cache, "%s/cache", bs_test_top);
  if (mkdir(cache, 0700) || setenv("XDG_CACHE_HOME", cache, 1) || setenv("TMPDIR", bs_test_top, 1) ||
      setenv("BS_TEST_DIR", bs_test_top, 1)) {
    fprintf(stderr, "%s: %s\n", cache, strerror(errno));
    exit(1);
  }
}

__attribute__((destructor)) static void bs_test_surroundings_end(void) {
  if (bs_test_top_owner == getpid()) nftw(bs_test_top, bs_test_remove, 16, FTW_DEPTH | FTW_PHYS);
}

/* Makes a new directory "<stem>_XXXXXX" among the tests' files; returns its
 * path (free it; the directory goes with the rest at the binary's end). */
static inline char *bs_test_dir(const char *stem) {
  const char *dir = getenv("TMPDIR");
  char *path = malloc(4096);
  cr_assert_not_null(path);
  snprintf(path, 4096, "%s/%s_XXXXXX", dir && *dir ? dir : "/tmp", stem);
  cr_assert_not_null(mkdtemp(path), "mkdtemp %s: %s", path, strerror(errno));
  return path;
}

/* ---- temp files ---------------------------------------------------- */

/* Writes len bytes to a new temp file; returns its path (free with
 * bs_temp_drop). */
static inline char *bs_temp_write(const void *data, size_t len) {
  const char *dir = getenv("TMPDIR");
  char *path = malloc(4096);
  cr_assert_not_null(path);
  snprintf(path, 4096, "%s/bs_test_XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0, "mkstemp %s: %s", path, strerror(errno));
  const char *p = data;
  while (len) {
    ssize_t k = write(fd, p, len);
    cr_assert_gt(k, 0, "write %s: %s", path, strerror(errno));
    p += k;
    len -= (size_t)k;
  }
  close(fd);
  return path;
}

static inline char *bs_temp_text(const char *s) { return bs_temp_write(s, strlen(s)); }

static inline void bs_temp_drop(char *path) {
  unlink(path);
  free(path);
}

/* Reads a whole file, NUL-terminated; *len gets its size if len != NULL. */
static inline char *bs_slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  cr_assert_not_null(f, "open %s: %s", path, strerror(errno));
  size_t cap = 4096, n = 0, k;
  char *buf = malloc(cap + 1);
  cr_assert_not_null(buf);
  while ((k = fread(buf + n, 1, cap - n, f)) > 0) {
    n += k;
    if (n == cap) {
      buf = realloc(buf, (cap *= 2) + 1);
      cr_assert_not_null(buf);
    }
  }
  fclose(f);
  buf[n] = 0;
  if (len) *len = n;
  return buf;
}

/* Lines in s: the number of '\n', plus one for a final unterminated line. */
static inline int bs_count_lines(const char *s) {
  int n = 0;
  size_t len = strlen(s);
  for (size_t i = 0; i < len; i++) n += s[i] == '\n';
  return n + (len && s[len - 1] != '\n');
}

/* ---- running the binary -------------------------------------------- */

typedef struct bs_proc {
  int code; /* exit status; -1 if killed by a signal */
  char *out, *err;
  size_t outlen, errlen;
} bs_proc;

/* $BISLIDE, checked. */
static inline const char *bs_bin(void) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin, "BISLIDE is not set: run the tests with `make test`");
  cr_assert_eq(access(bin, X_OK), 0, "BISLIDE=%s: %s", bin, strerror(errno));
  return bin;
}

/* $BISLIDE, checked, and argv[64] for it: the binary, then the arguments
 * of ap up to their NULL. */
static inline const char *bs_argv(const char *argv[64], va_list ap) {
  const char *bin = bs_bin();
  int argc = 0;
  argv[argc++] = bin;
  const char *a;
  while ((a = va_arg(ap, const char *)) != NULL) {
    cr_assert_lt(argc, 63);
    argv[argc++] = a;
  }
  argv[argc] = NULL;
  return bin;
}

static inline void bs_exec(bs_proc *p, const char *in, const char *bin, const char *const *argv);

/* Runs $BISLIDE with the NULL-terminated arguments after in; in (may be
 * NULL: /dev/null) is its stdin. Output goes through temp files so that
 * no pipe can fill and block either side. */
static inline void bs_run(bs_proc *p, const char *in, ...) {
  const char *argv[64];
  va_list ap;
  va_start(ap, in);
  const char *bin = bs_argv(argv, ap);
  va_end(ap);
  bs_exec(p, in, bin, argv);
}

/* The same with the arguments in a NULL-ended array (args[0] the first
 * after the binary), for more than bs_run takes. */
#define BS_RUNV_MAX 256
static inline void bs_runv(bs_proc *p, const char *in, const char *const *args) {
  const char *argv[BS_RUNV_MAX];
  const char *bin = bs_bin();
  int argc = 0;
  argv[argc++] = bin;
  for (; *args; args++) {
    cr_assert_lt(argc, BS_RUNV_MAX - 1);
    argv[argc++] = *args;
  }
  argv[argc] = NULL;
  bs_exec(p, in, bin, argv);
}

/* Runs bin with argv (argv[0] the binary) as bs_run says. */
static inline void bs_exec(bs_proc *p, const char *in, const char *bin, const char *const *argv) {
  char *inpath = in ? bs_temp_text(in) : NULL;
  char *outpath = bs_temp_text(""), *errpath = bs_temp_text("");
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
  if (pid == 0) {
    int i = open(inpath ? inpath : "/dev/null", O_RDONLY);
    int o = open(outpath, O_WRONLY | O_TRUNC), e = open(errpath, O_WRONLY | O_TRUNC);
    if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(127);
    execv(bin, (char *const *)argv);
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0) cr_assert_eq(errno, EINTR, "waitpid: %s", strerror(errno));
  p->code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  p->out = bs_slurp(outpath, &p->outlen);
  p->err = bs_slurp(errpath, &p->errlen);
  if (inpath) bs_temp_drop(inpath);
  bs_temp_drop(outpath);
  bs_temp_drop(errpath);
}

/* Starts $BISLIDE with the NULL-terminated arguments in directory dir,
 * stdout and stderr to /dev/null, and returns at once: for a run to be
 * killed (bs_kill_reap). */
static inline pid_t bs_start_in(const char *dir, ...) {
  const char *argv[64];
  va_list ap;
  va_start(ap, dir);
  const char *bin = bs_argv(argv, ap);
  va_end(ap);
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0, "fork: %s", strerror(errno));
  if (pid == 0) {
    signal(SIGTERM, SIG_DFL); /* bs_kill_reap's, whatever the runner ignores */
    int null = open("/dev/null", O_RDWR);
    if (chdir(dir) || null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(127);
    execv(bin, (char *const *)argv);
    _exit(127);
  }
  return pid;
}

/* Sends SIGTERM to pid and reaps it; asserts that the signal ended it. A
 * run still going 30 s later is killed, and the test fails. */
static inline void bs_kill_reap(pid_t pid, const char *what) {
  cr_assert_eq(kill(pid, SIGTERM), 0);
  int st;
  pid_t got;
  for (int i = 0; (got = waitpid(pid, &st, WNOHANG)) == 0 && i < 3000; i++) usleep(10000);
  if (!got) {
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    cr_assert_fail("%s went on 30 s after SIGTERM", what);
  }
  cr_assert_eq(got, pid, "waitpid: %s", strerror(errno));
  cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGTERM, "%s ended before it was killed", what);
}

/* ---- a terminal, under tmux ------------------------------------------ */

/* Runs `tmux -S sock ARGS` with the output, if out, in a temp file read
 * back into *out. Returns tmux's exit status. */
static inline int bs_tmux(const char *sock, char **out, const char *args) {
  char *path = bs_temp_text(""), cmd[16384 + 4096 + 64];
  snprintf(cmd, sizeof cmd, "tmux -S '%s' -f /dev/null %s >'%s' 2>&1", sock, args, path);
  int rc = system(cmd);
  if (out) *out = bs_slurp(path, NULL);
  bs_temp_drop(path);
  return rc;
}

/* Ends the tmux server on socket sock and removes it and its directory. */
static inline void bs_tmux_end(const char *sock, const char *dir) {
  bs_tmux(sock, NULL, "kill-server");
  unlink(sock);
  rmdir(dir);
}

/* Types the shell command `line` (no double quotes in it) into a shell in
 * a tmux pane of cols x rows, on a socket of its own (removed after), and
 * returns the pane once the shell has printed "done STATUS" after it, a
 * text the typed command line cannot hold, wherever the pane wraps it;
 * wrapped lines come back joined. If raw, *raw gets every byte the pane
 * was sent (tmux pipe-pane), redraws included, which the final pane no
 * longer shows. Fails after wait_s seconds; skips the test without tmux. */
static inline char *bs_in_tmux_raw(int cols, int rows, double wait_s, const char *line, char **raw) {
  if (system("command -v tmux >/dev/null 2>&1"))
    cr_skip_test("tmux is not installed (scripts/deps.sh installs it)");
  /* In /tmp, not $TMPDIR: a socket's path has room for about 100 bytes. */
  char dir[] = "/tmp/bs_tmux_XXXXXX", sock[64], args[16384], *screen = NULL;
  char *rawpath = raw ? bs_temp_text("") : NULL;
  if (raw) *raw = NULL;
  cr_assert_not_null(mkdtemp(dir), "mkdtemp %s: %s", dir, strerror(errno));
  snprintf(sock, sizeof sock, "%s/s", dir);
  snprintf(args, sizeof args, "new-session -d -x %d -y %d -s t \"env PS1='$ ' sh\"", cols, rows);
  cr_assert_eq(bs_tmux(sock, NULL, args), 0, "tmux %s", args);
  if (raw) {
    snprintf(args, sizeof args, "pipe-pane -o -t t \"cat >> '%s'\"", rawpath);
    cr_assert_eq(bs_tmux(sock, NULL, args), 0, "tmux %s", args);
  }
  snprintf(args, sizeof args, "send-keys -t t \"%s; printf 'done %%s\\\\n' \\$?\" Enter", line);
  if (bs_tmux(sock, NULL, args)) {
    bs_tmux_end(sock, dir);
    cr_assert_fail("tmux %s failed", args);
  }
  struct timespec t0, now, nap = {0, 50000000};
  clock_gettime(CLOCK_MONOTONIC, &t0);
  for (;;) {
    free(screen);
    cr_assert_eq(bs_tmux(sock, &screen, "capture-pane -p -J -t t"), 0);
    if (strstr(screen, "\ndone ")) {
      if (!raw) break;
      /* The pipe lags the pane: wait for it to pass "done STATUS" too
       * (the typed line's echo holds "done %s", no digit). */
      free(*raw);
      *raw = bs_slurp(rawpath, NULL);
      const char *d = *raw;
      while ((d = strstr(d, "done ")) && (d[5] < '0' || d[5] > '9')) d++;
      if (d) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now.tv_sec - t0.tv_sec > wait_s) {
      bs_tmux_end(sock, dir);
      cr_assert_fail("no 'done' after %.0f s; the pane:\n%s", wait_s, screen);
    }
    nanosleep(&nap, NULL);
  }
  bs_tmux_end(sock, dir);
  if (raw) bs_temp_drop(rawpath);
  return screen;
}

static inline char *bs_in_tmux(int cols, int rows, double wait_s, const char *line) {
  return bs_in_tmux_raw(cols, rows, wait_s, line, NULL);
}

static inline void bs_proc_free(bs_proc *p) {
  free(p->out);
  free(p->err);
}

/* ---- boards -------------------------------------------------------- */

/* A board from its cell values (encoding above); walls are the cells i
 * holding i+1 whose bit is set in wall. */
static inline bs_board bs_test_board(int w, int h, uint64_t wall, const uint8_t *cell) {
  bs_board b;
  memset(&b, 0, sizeof b);
  b.w = w;
  b.h = h;
  b.n = w * h;
  b.wall = wall;
  for (int p = 0; p < b.n; p++) {
    b.cell[p] = cell[p];
    if (!cell[p]) b.blank = p;
  }
  return b;
}

/* The board of a `W,H,CELLS` line; fails the test when it does not parse. */
static inline bs_board bs_test_parsed(const char *line) {
  bs_board b;
  char err[200];
  cr_assert_eq(bs_board_parse(line, strlen(line), &b, err, sizeof err), 0, "%s: %s", line, err);
  return b;
}

/* ---- plain BFS over small boards ----------------------------------- */

static inline uint32_t bs_factorial(int n) {
  uint32_t f = 1;
  for (int i = 2; i <= n; i++) f *= (uint32_t)i;
  return f;
}

/* Lehmer rank of a permutation of 0..n-1, 0 <= rank < n!. */
static inline uint32_t bs_perm_rank(const uint8_t *v, int n) {
  uint32_t r = 0;
  for (int i = 0; i < n; i++) {
    int smaller = 0;
    for (int j = i + 1; j < n; j++) smaller += v[j] < v[i];
    r = r * (uint32_t)(n - i) + (uint32_t)smaller;
  }
  return r;
}

static inline void bs_perm_unrank(uint32_t r, int n, uint8_t *v) {
  int digit[BS_MAX_CELLS], used[BS_MAX_CELLS] = {0};
  for (int i = n - 1; i >= 0; i--) {
    digit[i] = (int)(r % (uint32_t)(n - i));
    r /= (uint32_t)(n - i);
  }
  for (int i = 0; i < n; i++) {
    int k = digit[i], x = 0; /* the k-th value not used yet */
    for (;; x++) {
      if (used[x]) continue;
      if (!k--) break;
    }
    v[i] = (uint8_t)x;
    used[x] = 1;
  }
}

/* A hash of the first n words of a record built by hand, with no board
 * behind it: the stores need one, and take any. */
static inline uint32_t bs_test_hash(const uint32_t *w, int n) {
  uint64_t h = 0x243f6a8885a308d3ull;
  for (int i = 0; i < n; i++) {
    h = (h ^ w[i]) * 0x9e3779b97f4a7c15ull;
    h ^= h >> 29;
  }
  return (uint32_t)(h >> 32);
}

/* Distances to the goal of every arrangement of a w x h board (n <= 9)
 * with the given walls: dist[rank] = moves, -1 if the goal is unreachable.
 * Ranks whose walls are out of place stay -1. */
typedef struct bs_bfs {
  int w, h, n;
  uint64_t wall;
  uint32_t nstates; /* n! */
  int8_t *dist;
  uint32_t reached;   /* states at a finite distance */
  int depth;          /* the largest distance */
} bs_bfs;

static inline void bs_bfs_run(bs_bfs *t, int w, int h, uint64_t wall) {
  int n = w * h;
  cr_assert_leq(n, 9, "plain BFS is for boards of at most 9 cells");
  t->w = w;
  t->h = h;
  t->n = n;
  t->wall = wall;
  t->nstates = bs_factorial(n);
  t->dist = malloc(t->nstates);
  uint32_t *queue = malloc(t->nstates * sizeof *queue);
  cr_assert(t->dist && queue);
  memset(t->dist, -1, t->nstates);
  uint8_t v[BS_MAX_CELLS];
  for (int i = 0; i < n - 1; i++) v[i] = (uint8_t)(i + 1);
  v[n - 1] = 0;
  uint32_t head = 0, tail = 0;
  queue[tail++] = bs_perm_rank(v, n);
  t->dist[queue[0]] = 0;
  t->depth = 0;
  while (head < tail) {
    uint32_t r = queue[head++];
    bs_perm_unrank(r, n, v);
    int b = 0;
    while (v[b]) b++;
    int x = b % w, y = b / w;
    int to[4] = {x > 0 ? b - 1 : -1, x < w - 1 ? b + 1 : -1, y > 0 ? b - w : -1,
                 y < h - 1 ? b + w : -1};
    for (int k = 0; k < 4; k++) {
      int q = to[k];
      if (q < 0 || (wall >> q & 1)) continue;
      v[b] = v[q];
      v[q] = 0;
      uint32_t s = bs_perm_rank(v, n);
      if (t->dist[s] < 0) {
        t->dist[s] = (int8_t)(t->dist[r] + 1);
        if (t->dist[s] > t->depth) t->depth = t->dist[s];
        queue[tail++] = s;
      }
      v[q] = v[b];
      v[b] = 0;
    }
  }
  t->reached = tail;
  free(queue);
}

/* Whether the arrangement v keeps every wall in its place (wall cell i
 * holds i+1). */
static inline int bs_bfs_valid(const bs_bfs *t, const uint8_t *v) {
  for (int i = 0; i < t->n; i++)
    if ((t->wall >> i & 1) && v[i] != i + 1) return 0;
  return 1;
}

static inline void bs_bfs_free(bs_bfs *t) {
  free(t->dist);
  t->dist = NULL;
}

/* ---- plain BFS over the open cells of a layout --------------------- */

#define BS_OBFS_MAX 10 /* open cells: 10! states */

/* An arrangement lists, for each open cell in ascending order, the index
 * (among the open cells) of the goal cell of what it holds: the blank's
 * goal is the last cell, so the goal is 0, 1, ..., m-1. */
typedef struct bs_obfs {
  int w, h, n, m;
  uint64_t wall;
  int open[BS_MAX_CELLS];  /* the open cells, ascending */
  int index[BS_MAX_CELLS]; /* cell -> its index among them, -1 for a wall */
  uint32_t nstates;        /* m! */
  uint8_t *seen;           /* per rank: 1 if the goal reaches it */
  uint32_t reached;
} bs_obfs;

static inline uint32_t bs_obfs_rank_of(const uint8_t *a, int m) {
  uint32_t r = 0, used = 0;
  for (int i = 0; i < m; i++) {
    r = r * (uint32_t)(m - i) + (uint32_t)__builtin_popcount(~used & ((1u << a[i]) - 1));
    used |= 1u << a[i];
  }
  return r;
}

static inline void bs_obfs_unrank(uint32_t r, int m, uint8_t *a) {
  int digit[BS_OBFS_MAX];
  for (int i = m - 1; i >= 0; i--) {
    digit[i] = (int)(r % (uint32_t)(m - i));
    r /= (uint32_t)(m - i);
  }
  uint32_t used = 0;
  for (int i = 0; i < m; i++) {
    int x = 0;
    for (int k = digit[i];; x++)
      if (!(used >> x & 1) && !k--) break;
    a[i] = (uint8_t)x;
    used |= 1u << x;
  }
}

static inline void bs_obfs_run(bs_obfs *t, int w, int h, uint64_t wall) {
  memset(t, 0, sizeof *t);
  t->w = w;
  t->h = h;
  t->n = w * h;
  t->wall = wall;
  for (int c = 0; c < t->n; c++) {
    t->index[c] = -1;
    if (!(wall >> c & 1)) {
      t->index[c] = t->m;
      t->open[t->m++] = c;
    }
  }
  cr_assert_leq(t->m, BS_OBFS_MAX, "at most %d open cells", BS_OBFS_MAX);
  int m = t->m;
  t->nstates = bs_factorial(m);
  t->seen = calloc(t->nstates, 1);
  uint32_t *queue = malloc(t->nstates * sizeof *queue);
  cr_assert(t->seen && queue);
  uint8_t a[BS_OBFS_MAX];
  for (int i = 0; i < m; i++) a[i] = (uint8_t)i;
  uint32_t head = 0, tail = 0;
  queue[tail++] = bs_obfs_rank_of(a, m);
  t->seen[queue[0]] = 1;
  while (head < tail) {
    bs_obfs_unrank(queue[head++], m, a);
    int j = 0;
    while (a[j] != m - 1) j++; /* the blank */
    int c = t->open[j], x = c % w, y = c / w;
    int to[4] = {x > 0 ? c - 1 : -1, x < w - 1 ? c + 1 : -1, y > 0 ? c - w : -1, y < h - 1 ? c + w : -1};
    for (int d = 0; d < 4; d++) {
      if (to[d] < 0 || t->index[to[d]] < 0) continue;
      int k = t->index[to[d]];
      a[j] = a[k];
      a[k] = (uint8_t)(m - 1);
      uint32_t r = bs_obfs_rank_of(a, m);
      if (!t->seen[r]) {
        t->seen[r] = 1;
        queue[tail++] = r;
      }
      a[k] = a[j];
      a[j] = (uint8_t)(m - 1);
    }
  }
  t->reached = tail;
  free(queue);
}

/* The board of arrangement r. */
static inline bs_board bs_obfs_board(const bs_obfs *t, uint32_t r) {
  uint8_t a[BS_OBFS_MAX], cell[BS_MAX_CELLS];
  bs_obfs_unrank(r, t->m, a);
  for (int c = 0; c < t->n; c++) cell[c] = (uint8_t)(c + 1); /* walls hold their own number */
  for (int j = 0; j < t->m; j++) {
    int goal = t->open[a[j]];
    cell[t->open[j]] = (uint8_t)(goal == t->n - 1 ? 0 : goal + 1);
  }
  return bs_test_board(t->w, t->h, t->wall, cell);
}

/* The arrangement of board b (of this layout). */
static inline uint32_t bs_obfs_rank(const bs_obfs *t, const bs_board *b) {
  uint8_t a[BS_OBFS_MAX];
  for (int j = 0; j < t->m; j++) {
    int v = b->cell[t->open[j]];
    a[j] = (uint8_t)t->index[v ? v - 1 : t->n - 1];
  }
  return bs_obfs_rank_of(a, t->m);
}

static inline void bs_obfs_free(bs_obfs *t) {
  free(t->seen);
  t->seen = NULL;
}

/* ---- a seeded PRNG (splitmix64), so runs repeat --------------------- */

static inline uint64_t bs_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static inline int bs_rand_below(uint64_t *s, int n) { return (int)(bs_rand(s) % (uint64_t)n); }

/* A uniformly random permutation of 0..n-1 (Fisher-Yates). */
static inline void bs_rand_perm(uint64_t *s, uint8_t *v, int n) {
  for (int i = 0; i < n; i++) v[i] = (uint8_t)i;
  for (int i = n - 1; i > 0; i--) {
    int j = bs_rand_below(s, i + 1);
    uint8_t t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
}

/* A random valid w x h board with up to maxwalls walls (never the last
 * cell), its tiles and blank shuffled over the open cells. */
static inline bs_board bs_rand_board(uint64_t *s, int w, int h, int maxwalls) {
  int n = w * h, m = 0;
  uint64_t wall = 0;
  int walls = maxwalls ? bs_rand_below(s, maxwalls + 1) : 0;
  for (int k = 0; k < walls; k++) wall |= 1ull << bs_rand_below(s, n - 1);
  uint8_t vals[BS_MAX_CELLS], order[BS_MAX_CELLS], cell[BS_MAX_CELLS];
  vals[m++] = 0;
  for (int p = 0; p < n - 1; p++)
    if (!(wall >> p & 1)) vals[m++] = (uint8_t)(p + 1);
  bs_rand_perm(s, order, m);
  for (int p = 0, k = 0; p < n; p++) cell[p] = (wall >> p & 1) ? (uint8_t)(p + 1) : vals[order[k++]];
  return bs_test_board(w, h, wall, cell);
}

#endif
