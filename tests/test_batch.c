/* bislide batch, run as the real binary: answers, determinism, nothing lost
 * on SIGKILL or SIGINT, torn journal lines, write errors, bad lines, the
 * memory cap, move limits and shards.
 *
 * The sets are random walks from the goal made here, so every puzzle is
 * solvable; the exact mode under a small --mem gives some puzzles up on the
 * cap, which makes a run both quick and long enough to interrupt. */
#include <dirent.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include "bs_journal.h"
#include "bs_test.h"

/* ---- sets ------------------------------------------------------------ */

/* A w x h board reached by a random walk of depth moves from its goal that
 * never undoes its last move; walls (never the last cell) stay put. */
static bs_board walk_board(uint64_t *s, int w, int h, int walls, int depth) {
  uint8_t cell[BS_MAX_CELLS];
  int n = w * h;
  if (n < 4 || n > BS_MAX_CELLS) abort();
  uint64_t wall = 0;
  for (int k = 0; k < walls; k++) wall |= 1ull << bs_rand_below(s, n - 1);
  for (int p = 0; p < n; p++) cell[p] = (uint8_t)(p + 1);
  cell[n - 1] = 0;
  bs_board b = bs_test_board(w, h, wall, cell);
  int last = -1;
  for (int k = 0, tries = 0; k < depth && tries < 50 * depth; tries++) {
    int d = bs_rand_below(s, 4);
    if (last >= 0 && d == (last ^ 1)) continue;
    if (bs_move(&b, d)) {
      last = d;
      k++;
    }
  }
  return b;
}

/* count boards: sizes cycle through 3x3, 4x3, 3x4, 4x4, one in three with
 * a wall or two; header is put first when not NULL. */
static char *make_set(uint64_t seed, int count, int depth, const char *header) {
  static const int sizes[4][2] = {{3, 3}, {4, 3}, {3, 4}, {4, 4}};
  size_t cap = (size_t)count * 64 + 256, len = 0;
  char *text = malloc(cap);
  cr_assert_not_null(text);
  if (header) len += (size_t)sprintf(text, "%s\n", header);
  for (int i = 0; i < count; i++) {
    const int *wh = sizes[i % 4];
    bs_board b = walk_board(&seed, wh[0], wh[1], i % 3 == 0 ? 1 + i % 2 : 0, depth);
    char t[BS_BOARD_TEXT];
    bs_board_format(&b, t);
    len += (size_t)sprintf(text + len, "%s\n", t);
  }
  return text;
}

/* The medium set that the interrupt tests stop partway: 4x4 walks deep
 * enough that about half of them fill a 16M cap; a second or so in all. */
static char *medium_set(void) {
  uint64_t seed = 99;
  size_t len = 0;
  char *text = malloc(90 * 48);
  cr_assert_not_null(text);
  for (int i = 0; i < 90; i++) {
    bs_board b = walk_board(&seed, 4, 4, 0, 36);
    char t[BS_BOARD_TEXT];
    bs_board_format(&b, t);
    len += (size_t)sprintf(text + len, "%s\n", t);
  }
  return text;
}

#define MEDIUM_OPTS "--mode", "bfs", "--mem", "16M", "--jobs", "1"

static char *out_path(const char *set, const char *suffix) {
  char *p = malloc(strlen(set) + strlen(suffix) + 1);
  cr_assert_not_null(p);
  sprintf(p, "%s%s", set, suffix);
  return p;
}

static char *journal_of(const char *out) { return out_path(out, ".journal"); }

static int exists(const char *path) {
  struct stat st;
  return !stat(path, &st);
}

/* Files beside out named as its temporary ones are (out.XXXXXX). */
static int temporaries_of(const char *out) {
  const char *slash = strrchr(out, '/'), *base = slash ? slash + 1 : out;
  char dir[4096];
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - out) : 1, slash ? out : ".");
  DIR *d = opendir(dir);
  cr_assert_not_null(d, "%s: %s", dir, strerror(errno));
  const size_t n = strlen(base);
  int k = 0;
  for (struct dirent *e; (e = readdir(d));)
    k += !strncmp(e->d_name, base, n) && e->d_name[n] == '.' && strlen(e->d_name) == n + 7 &&
         strcmp(e->d_name + n, ".stderr");
  closedir(d);
  return k;
}

/* Complete lines in the journal: each line reaches it with the newline of
 * its one write(2), so a line still being written is not counted. */
static int journal_lines(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  int n = 0, c;
  while ((c = getc(f)) != EOF) n += c == '\n';
  fclose(f);
  return n;
}

/* ---- a batch run we can interrupt -------------------------------------- */

/* Starts argv with stdin and stdout on /dev/null and stderr into errpath.
 * The tests send the run its signals, so it starts with their default
 * handling: a shell that starts the tests in the background (`cmd &`)
 * ignores SIGINT for them, and batch keeps a signal that is ignored. */
static pid_t spawn(const char *const *argv, const char *errpath) {
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (pid == 0) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    int i = open("/dev/null", O_RDONLY), e = open(errpath, O_WRONLY | O_TRUNC | O_CREAT, 0644);
    if (i < 0 || e < 0 || dup2(i, 0) < 0 || dup2(i, 1) < 0 || dup2(e, 2) < 0) _exit(127);
    execv(argv[0], (char *const *)argv);
    _exit(127);
  }
  return pid;
}

static int reap(pid_t pid, int *sig, struct rusage *ru) {
  int st;
  struct rusage dummy;
  while (wait4(pid, &st, 0, ru ? ru : &dummy) < 0) cr_assert_eq(errno, EINTR);
  *sig = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static double seconds_since(const struct timespec *t0) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)(now.tv_sec - t0->tv_sec) + (now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* How long a run may take to journal what a test waits for: the medium set
 * takes a second or two, many times that under a sanitizer or a busy
 * machine. Reaching it fails the test; it is never a reason to go on. */
#define JOURNAL_WAIT_S 120.0
/* How often the journal is looked at while waiting. */
#define JOURNAL_POLL_NS 1000000L

/* Waits until the journal of the running batch pid holds at least want
 * complete lines, and returns 0; when the run ends first, returns -1 with
 * the run reaped and its wait status in *st. Fails the test when
 * JOURNAL_WAIT_S pass. */
static int wait_for_journal(pid_t pid, const char *jpath, int want, int *st) {
  struct timespec t0, nap = {0, JOURNAL_POLL_NS};
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int got;
  while ((got = journal_lines(jpath)) < want) {
    if (waitpid(pid, st, WNOHANG) == pid) return -1;
    if (seconds_since(&t0) > JOURNAL_WAIT_S) {
      int sig;
      kill(pid, SIGKILL);
      reap(pid, &sig, NULL);
      cr_assert_fail("the journal had %d lines after %.0f s, want %d", got, JOURNAL_WAIT_S, want);
    }
    nanosleep(&nap, NULL);
  }
  return 0;
}

/* The stderr of the last interrupted_run, the start of it, for a failing
 * test to show. */
static char interrupted_err[2048];

/* How many times interrupted_run starts its run while the run finishes
 * before the signal reaches it: the medium set takes about a second, and
 * on a busy machine the test can lose the processor for that long between
 * seeing the journal and sending the signal (CI saw it once, with two
 * tests of this file running at a time). A run that ignored the signal
 * would finish every time, and fail the test. */
#define INTERRUPT_TRIES 5

/* Starts `batch set -o out MEDIUM_OPTS` and the NULL-ended `extra`
 * arguments (NULL: none), waits until the journal holds at
 * least want lines (the header and want-1 puzzles), then sends sig. A run
 * that finished (exit 0, no signal) is started again from nothing, up to
 * INTERRUPT_TRIES times; a run that fails before the journal has want
 * lines fails the test, with its stderr. Returns the exit code (-1 if
 * killed), the signal in *died. sig2, when not 0, is sent right after sig:
 * a second signal. */
#define EXTRA_MAX 80
static int interrupted_run_with(const char *set, const char *out, int want, int sig, int sig2, int *died,
                                const char *const *extra) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin);
  const char *argv[16 + EXTRA_MAX] = {bin, "batch", set, "-o", out, MEDIUM_OPTS};
  int at = 0;
  while (argv[at]) at++;
  for (int i = 0; extra && extra[i]; i++) {
    cr_assert_lt(i, EXTRA_MAX);
    argv[at++] = extra[i];
  }
  char *errpath = out_path(out, ".stderr");
  char *jpath = journal_of(out);
  int code = 0, t = 0;
  *died = 0;
  for (; t < INTERRUPT_TRIES && code == 0 && !*died; t++) {
    unlink(out);
    unlink(jpath);
    pid_t pid = spawn(argv, errpath);
    int st;
    if (wait_for_journal(pid, jpath, want, &st) == 0) {
      kill(pid, sig);
      if (sig2) kill(pid, sig2);
      code = reap(pid, died, NULL);
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      char *err = bs_slurp(errpath, NULL);
      cr_assert_fail("the run failed (status %d) before its journal had %d lines: %s", st, want, err);
    }
  }
  char *err = bs_slurp(errpath, NULL);
  snprintf(interrupted_err, sizeof interrupted_err, "%s", err ? err : "");
  free(err);
  cr_assert(code != 0 || *died, "the run finished before the signal reached it, %d times: %s", t,
            interrupted_err);
  unlink(errpath);
  free(errpath);
  free(jpath);
  return code;
}

static int interrupted_run(const char *set, const char *out, int want, int sig, int *died) {
  return interrupted_run_with(set, out, want, sig, 0, died, NULL);
}

static void drop(char *path) {
  char *j = journal_of(path);
  unlink(j);
  free(j);
  bs_temp_drop(path);
}

/* ---- answers ----------------------------------------------------------- */

Test(batch, answers_equal_solve_in_order) {
  char *text = make_set(7, 24, 18, "24");
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  bs_proc b, s, v;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "2", "--mem", "32M", NULL);
  cr_assert_eq(b.code, 0, "batch: %s", b.err);
  bs_run(&s, NULL, "solve", "--mem", "16M", set, NULL);
  cr_assert_eq(s.code, 0, "solve: %s", s.err);
  char *ans = bs_slurp(out, NULL);
  cr_assert_str_eq(ans, s.out, "batch and solve disagree");
  cr_assert_eq(bs_count_lines(ans), 24);
  bs_run(&v, NULL, "verify", set, out, NULL);
  cr_assert_eq(v.code, 0, "verify: %s%s", v.out, v.err);
  cr_assert(strstr(v.out, "solved 24"), "%s", v.out);
  cr_assert(strstr(b.err, "solved"), "no summary: %s", b.err);
  char *j = journal_of(out);
  cr_assert_not(exists(j), "the journal outlives a finished run");
  free(j);
  free(ans);
  free(text);
  bs_proc_free(&b);
  bs_proc_free(&s);
  bs_proc_free(&v);
  drop(set);
  drop(out);
}

Test(batch, jobs_1_and_2_give_the_same_bytes) {
  char *text = make_set(11, 40, 30, NULL);
  char *set = bs_temp_text(text), *o1 = bs_temp_text(""), *o2 = bs_temp_text("");
  bs_proc a, b;
  /* The same memory per worker: answers depend on it, not on the jobs. */
  bs_run(&a, NULL, "batch", set, "-o", o1, "--jobs", "1", "--mem", "8M", "--mode", "exact", NULL);
  bs_run(&b, NULL, "batch", set, "-o", o2, "--jobs", "2", "--mem", "16M", "--mode", "exact", NULL);
  cr_assert_eq(a.code, 0, "%s", a.err);
  cr_assert_eq(b.code, 0, "%s", b.err);
  size_t l1, l2;
  char *x = bs_slurp(o1, &l1), *y = bs_slurp(o2, &l2);
  cr_assert_eq(l1, l2);
  cr_assert(!memcmp(x, y, l1), "--jobs 1 and --jobs 2 differ");
  cr_assert_eq(bs_count_lines(x), 40);
  free(x);
  free(y);
  free(text);
  bs_proc_free(&a);
  bs_proc_free(&b);
  drop(set);
  drop(o1);
  drop(o2);
}

Test(batch, json_has_one_object_per_puzzle_and_a_summary) {
  char *text = make_set(5, 10, 12, NULL);
  char *set = bs_temp_text(text), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--json", js, "--jobs", "1", "--mem", "16M", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  char *j = bs_slurp(js, NULL);
  cr_assert_eq(bs_count_lines(j), 11);
  cr_assert(strstr(j, "{\"index\":10,"), "%s", j);
  cr_assert(strstr(j, "{\"summary\":{\"puzzles\":10,\"solved\":10,"), "%s", j);
  /* The summary's bound is the sum of the puzzles' bounds, each at most the
   * answer's length and of its parity; each floor lies between the two, and
   * an answer is marked optimal exactly when it is as long as its floor. */
  long sum = 0, floors = 0, moves = -1, total = -1, floor_total = -1;
  for (const char *p = strstr(j, "\"length\":"); p; p = strstr(p + 1, "\"length\":")) {
    long len, bound, floor;
    char opt[6];
    cr_assert_eq(sscanf(p, "\"length\":%ld,\"bound\":%ld,\"floor\":%ld,\"optimal\":%5[a-z],", &len, &bound,
                        &floor, opt),
                 4, "%.80s", p);
    cr_assert_leq(bound, len);
    cr_assert_eq((len - bound) % 2, 0, "length %ld, bound %ld", len, bound);
    cr_assert(bound <= floor && floor <= len, "%.120s", p);
    cr_assert_eq(!strcmp(opt, "true"), floor == len, "%.120s", p);
    sum += bound;
    floors += floor;
  }
  const char *m = strstr(j, "\"moves\":");
  while (m && m[8] == '"') m = strstr(m + 1, "\"moves\":"); /* the puzzles' moves are strings */
  cr_assert_not_null(m);
  cr_assert_eq(sscanf(m, "\"moves\":%ld,\"bound\":%ld,\"floor\":%ld,", &moves, &total, &floor_total), 3,
               "%.80s", m);
  cr_assert_gt(sum, 0);
  cr_assert_eq(total, sum);
  cr_assert_eq(floor_total, floors);
  cr_assert_gt(floors, sum, "auto's exact try proves some of these boards above their lower bounds");
  cr_assert_leq(floor_total, moves);
  cr_assert(strstr(b.err, "lower bound"), "%s", b.err);
  char want[64];
  snprintf(want, sizeof want, "  floor        %6ld  (", floors);
  cr_assert(strstr(b.err, want), "%s", b.err);
  free(j);
  free(text);
  bs_proc_free(&b);
  drop(set);
  drop(out);
  bs_temp_drop(js);
}

/* A worker takes the puzzles of one layout together, so it builds the
 * layout's tables once: at effort 2 every puzzle of the heuristic mode
 * scores its beams with them, and only a build shows in its pdb_ms. The
 * set alternates two layouts, 4x4 and 4x5. */
Test(batch, one_layout_builds_its_tables_once) {
  uint64_t seed = 21;
  char text[8 * BS_BOARD_TEXT] = "", t[BS_BOARD_TEXT];
  for (int i = 0; i < 6; i++) {
    bs_board b = walk_board(&seed, 4, 4 + i % 2, 0, 60);
    bs_board_format(&b, t);
    strcat(strcat(text, t), "\n");
  }
  char *set = bs_temp_text(text), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--json", js, "--jobs", "1", "--mem", "64M", "--mode",
         "heuristic", "--set", "effort=2", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  char *j = bs_slurp(js, NULL);
  int built = 0, puzzles = 0;
  for (const char *p = strstr(j, "\"pdb_ms\":"); p; p = strstr(p + 1, "\"pdb_ms\":")) {
    puzzles++;
    built += strtod(p + 9, NULL) > 0;
  }
  cr_assert_eq(puzzles, 6, "%s", j);
  cr_assert_eq(built, 2, "%d of %d puzzles built tables:\n%s", built, puzzles, j);
  free(j);
  bs_proc_free(&b);
  drop(set);
  drop(out);
  bs_temp_drop(js);
}

/* A worker's CPU time for a puzzle is taken inside the span of its wall
 * time, on the worker's own thread, so that it is never more: where the
 * wall time is much more, the machine held the core. */
Test(batch, cpu_time_within_wall_time) {
  uint64_t seed = 65;
  char text[8 * BS_BOARD_TEXT] = "", t[BS_BOARD_TEXT];
  for (int i = 0; i < 6; i++) {
    bs_board b = walk_board(&seed, 4 + i % 2, 4, 0, 200);
    bs_board_format(&b, t);
    strcat(strcat(text, t), "\n");
  }
  char *set = bs_temp_text(text), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--json", js, "--jobs", "2", "--mem", "64M", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  char *j = bs_slurp(js, NULL);
  int puzzles = 0;
  double cpu_all = 0;
  for (const char *p = strstr(j, "\"ms\":"); p; p = strstr(p + 1, "\"ms\":")) {
    const char *c = strstr(p, "\"cpu_ms\":");
    cr_assert_not_null(c, "%s", j);
    const double ms = strtod(p + 5, NULL), cpu = strtod(c + 9, NULL);
    cr_assert(cpu >= 0 && cpu <= ms, "puzzle %d: %.3f ms of CPU in %.3f ms:\n%s", puzzles + 1, cpu, ms, j);
    cpu_all += cpu;
    puzzles++;
  }
  cr_assert_eq(puzzles, 6, "%s", j);
  cr_assert_gt(cpu_all, 0, "no CPU time counted:\n%s", j);
  free(j);
  bs_proc_free(&b);
  drop(set);
  drop(out);
  bs_temp_drop(js);
}

/* ---- nothing lost ------------------------------------------------------- */

Test(batch, sigkill_then_resume_is_byte_identical) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *ref = bs_temp_text(""), *out = bs_temp_text("");
  unlink(out);
  char *rjs = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc r;
  bs_run(&r, NULL, "batch", set, "-o", ref, "--json", rjs, MEDIUM_OPTS, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);

  int sig;
  interrupted_run(set, out, 21, SIGKILL, &sig);
  cr_assert_eq(sig, SIGKILL);
  char *j = journal_of(out);
  int kept = journal_lines(j) - 1;
  cr_assert(kept >= 20 && kept < 90, "%d puzzles in the journal: not partway", kept);
  cr_assert_not(exists(out), "a killed run left an answer file");
  /* Nor a temporary one: it is made only once everything is solved. */
  cr_assert_eq(temporaries_of(out), 0, "a killed run left a temporary answer file");

  bs_proc again, res;
  bs_run(&again, NULL, "batch", set, "-o", out, MEDIUM_OPTS, NULL);
  cr_assert_eq(again.code, 1, "a journal was overwritten without --resume");
  cr_assert(strstr(again.err, "--resume"), "%s", again.err);
  bs_run(&res, NULL, "batch", set, "-o", out, "--resume", "--json", js, MEDIUM_OPTS, NULL);
  cr_assert_eq(res.code, 0, "%s", res.err);
  /* The journal keeps each puzzle's floor and proof. */
  char *rj = bs_slurp(rjs, NULL), *oj = bs_slurp(js, NULL);
  int rows = 0;
  for (const char *p = strstr(rj, "\"floor\":"), *q = strstr(oj, "\"floor\":"); p || q;
       p = strstr(p + 1, "\"floor\":"), q = strstr(q + 1, "\"floor\":"), rows++) {
    cr_assert(p && q, "row %d: a floor in one run only", rows);
    cr_assert_eq(strtol(p + 8, NULL, 10), strtol(q + 8, NULL, 10), "row %d", rows);
    cr_assert_eq(strstr(p, "\"optimal\":true") == strstr(p, "\"optimal\""),
                 strstr(q, "\"optimal\":true") == strstr(q, "\"optimal\""), "row %d", rows);
  }
  cr_assert_gt(rows, kept, "the resumed puzzles' rows");
  /* It does not keep where their states went: no phases for those rows. */
  int unknown = 0;
  for (const char *p = strstr(oj, "\"phases\":null"); p; p = strstr(p + 1, "\"phases\":null")) unknown++;
  cr_assert(unknown > 0 && unknown <= kept, "%d rows without phases, %d from the journal", unknown, kept);
  cr_assert_null(strstr(rj, "\"phases\":null"), "a row without phases in a run never stopped");
  free(rj);
  free(oj);
  drop(rjs);
  drop(js);
  char want[64];
  snprintf(want, sizeof want, "%d from the journal", kept);
  cr_assert(strstr(res.err, want), "resume did not reuse the journal (%s): %s", want, res.err);
  size_t l1, l2;
  char *a = bs_slurp(ref, &l1), *b = bs_slurp(out, &l2);
  cr_assert(l1 == l2 && !memcmp(a, b, l1), "resumed answers differ from an uninterrupted run");
  cr_assert_not(exists(j));
  free(a);
  free(b);
  free(j);
  free(text);
  bs_proc_free(&r);
  bs_proc_free(&again);
  bs_proc_free(&res);
  drop(set);
  drop(ref);
  drop(out);
}

/* The medium set solved whole into ref, and once more into out, killed
 * once `want` puzzles are journaled: its journal is left for a resume. */
typedef struct killed_run {
  char *text, *set, *ref, *out, *journal;
} killed_run;

static void kill_a_run_of(killed_run *k, char *text, int want) {
  k->text = text;
  k->set = bs_temp_text(k->text);
  k->ref = bs_temp_text("");
  k->out = bs_temp_text("");
  unlink(k->out);
  bs_proc r;
  bs_run(&r, NULL, "batch", k->set, "-o", k->ref, MEDIUM_OPTS, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  bs_proc_free(&r);
  int sig;
  interrupted_run(k->set, k->out, want, SIGKILL, &sig);
  k->journal = journal_of(k->out);
}

static void kill_a_run(killed_run *k, int want) { kill_a_run_of(k, medium_set(), want); }

/* Resumes k's run into *res at --mem mem --jobs jobs, which ends well
 * with the whole run's answers; then drops k's files. */
static void resume_at(killed_run *k, bs_proc *res, const char *mem, const char *jobs) {
  bs_run(res, NULL, "batch", k->set, "-o", k->out, "--resume", "--mode", "bfs", "--mem", mem, "--jobs", jobs,
         NULL);
  cr_assert_eq(res->code, 0, "%s", res->err);
  size_t l1, l2;
  char *a = bs_slurp(k->ref, &l1), *b = bs_slurp(k->out, &l2);
  cr_assert(l1 == l2 && !memcmp(a, b, l1), "the resumed run's answers differ from one run's");
  free(a);
  free(b);
  free(k->journal);
  free(k->text);
  drop(k->set);
  drop(k->ref);
  drop(k->out);
}

/* The same, with the killed run's options. */
static void resume_it(killed_run *k, bs_proc *res) { resume_at(k, res, "16M", "1"); }

Test(batch, torn_and_garbled_journal_lines_are_redone) {
  killed_run k;
  kill_a_run(&k, 11);
  /* Cut the last line in half, as a crash mid-write would, and change one
   * move letter of the second line, as a bad sector would. */
  size_t len;
  char *jt = bs_slurp(k.journal, &len);
  char *l2 = strchr(strchr(jt, '\n') + 1, '\n') + 1; /* the 2nd puzzle's line */
  char *moves_end = strchr(l2, '\n') - 9;            /* before "\tCHECKSUM" */
  cr_assert_eq(*moves_end, '\t');
  moves_end[-1] = moves_end[-1] == 'L' ? 'R' : 'L'; /* a move, or the tab of no moves */
  size_t cut = len - 1;
  while (cut > 0 && jt[cut - 1] != '\n') cut--;
  cut += (len - cut) / 2;
  FILE *f = fopen(k.journal, "wb");
  cr_assert_not_null(f);
  fwrite(jt, 1, cut, f);
  fclose(f);
  free(jt);

  bs_proc res;
  resume_it(&k, &res);
  cr_assert(strstr(res.err, "cut off"), "the torn line went unnoticed: %s", res.err);
  cr_assert(strstr(res.err, "checksum"), "the garbled line went unnoticed: %s", res.err);
  bs_proc_free(&res);
}

/* Lines that pass their checksum but do not fit: an answer that does not
 * replay is solved again, and counted as such; an entry for no puzzle of
 * the run is ignored, and not counted among those solved again. */
Test(batch, journal_entries_that_do_not_fit_are_told_apart) {
  killed_run k;
  kill_a_run(&k, 11);
  char *jt = bs_slurp(k.journal, NULL);
  char done[90] = {0};
  for (char *l = strchr(jt, '\n') + 1, *nl; (nl = strchr(l, '\n')); l = nl + 1) {
    char copy[BS_JOURNAL_LINE_MAX];
    bs_jentry e;
    cr_assert_lt((size_t)(nl - l), sizeof copy);
    memcpy(copy, l, (size_t)(nl - l));
    if (bs_journal_parse(copy, (size_t)(nl - l), &e) == 0 && e.index < 90) done[e.index] = 1;
  }
  free(jt);
  int todo = 0;
  while (todo < 90 && done[todo]) todo++;
  cr_assert_lt(todo, 90, "the run was not interrupted");
  bs_result wrong;
  memset(&wrong, 0, sizeof wrong);
  wrong.status = BS_ST_SOLVED;
  snprintf(wrong.moves, sizeof wrong.moves, "LRLR");
  wrong.length = 4;
  char line[BS_JOURNAL_LINE_MAX];
  FILE *f = fopen(k.journal, "ab");
  cr_assert_not_null(f);
  fwrite(line, 1, bs_journal_format(line, todo, &wrong, 1.0), f);
  fwrite(line, 1, bs_journal_format(line, 90 + 7, &wrong, 1.0), f);
  fclose(f);

  bs_proc res;
  resume_it(&k, &res);
  cr_assert(strstr(res.err, "1 puzzle's answer that does not replay: solved again"), "%s", res.err);
  cr_assert(strstr(res.err, "1 entry for no puzzle of this run: ignored"), "%s", res.err);
  bs_proc_free(&res);
}

/* Lines that pass their checksum and replay, but claim what does not
 * hold: a floor above the answer, a solvable board as unsolvable, and an
 * answer marked shortest over a floor below it. Each is solved again,
 * and the resumed answers are one run's. */
Test(batch, journal_claims_that_do_not_hold_are_redone) {
  killed_run k;
  kill_a_run(&k, 11);
  size_t len;
  char *jt = bs_slurp(k.journal, &len), *nl = strchr(jt, '\n');
  cr_assert_not_null(nl);
  FILE *f = fopen(k.journal, "wb");
  cr_assert_not_null(f);
  fwrite(jt, 1, (size_t)(nl + 1 - jt), f); /* the header */
  int forged = 0;
  for (char *l = nl + 1, *e; (e = strchr(l, '\n')); l = e + 1) {
    char copy[BS_JOURNAL_LINE_MAX], line[BS_JOURNAL_LINE_MAX];
    bs_jentry x;
    cr_assert_lt((size_t)(e - l), sizeof copy);
    memcpy(copy, l, (size_t)(e - l));
    if (forged < 3 && bs_journal_parse(copy, (size_t)(e - l), &x) == 0 && x.status == BS_ST_SOLVED &&
        x.length > 2) {
      /* A floor over the answer; unsolvable, on a solvable board; marked
       * shortest over a floor below it. */
      bs_result r;
      memset(&r, 0, sizeof r);
      r.status = forged == 1 ? BS_ST_UNSOLVABLE : BS_ST_SOLVED;
      r.reason = forged == 1 ? "parity" : NULL;
      r.floor = forged == 2 ? x.length - 2 : x.length + 2;
      r.optimal = forged == 2;
      r.length = x.length;
      memcpy(r.moves, x.moves, (size_t)x.length);
      fwrite(line, 1, bs_journal_format(line, x.index, &r, 1.0), f);
      forged++;
      continue;
    }
    fwrite(l, 1, (size_t)(e + 1 - l), f);
  }
  fclose(f);
  free(jt);
  cr_assert_eq(forged, 3, "the killed run answered too few puzzles");

  bs_proc res;
  resume_it(&k, &res);
  cr_assert(strstr(res.err, "3 puzzles' results that do not hold"), "%s", res.err);
  bs_proc_free(&res);
}

/* An unsolvable board's line whose reason is not the one the solvability
 * test finds (here ring order, where it is parity) does not hold either:
 * the board is solved again, so the reason given is the board's. */
Test(batch, a_journal_reason_that_is_not_the_boards_is_redone) {
  char *text = medium_set();
  const size_t n = strlen(text);
  text = realloc(text, n + 16);
  cr_assert_not_null(text);
  strcpy(text + n, "3,3,213456780\n"); /* puzzle 91, unsolvable by parity; smaller, so solved last */
  killed_run k;
  kill_a_run_of(&k, text, 11);
  bs_result r;
  memset(&r, 0, sizeof r);
  r.status = BS_ST_UNSOLVABLE;
  r.reason = "ring order";
  char line[BS_JOURNAL_LINE_MAX];
  FILE *f = fopen(k.journal, "ab");
  cr_assert_not_null(f);
  fwrite(line, 1, bs_journal_format(line, 90, &r, 1.0), f);
  fclose(f);
  bs_proc res;
  resume_it(&k, &res);
  cr_assert(strstr(res.err, "1 puzzle's result that does not hold"), "%s", res.err);
  bs_proc_free(&res);
}

Test(batch, sigint_exits_130_and_leaves_a_resumable_journal) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *ref = bs_temp_text(""), *out = bs_temp_text("");
  unlink(out);
  bs_proc r;
  bs_run(&r, NULL, "batch", set, "-o", ref, MEDIUM_OPTS, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  int sig;
  int code = interrupted_run(set, out, 6, SIGINT, &sig);
  cr_assert_eq(sig, 0, "died of signal %d instead of finishing cleanly", sig);
  cr_assert_eq(code, 130, "exit %d, stderr: %s", code, interrupted_err);
  char *j = journal_of(out);
  int kept = journal_lines(j) - 1;
  cr_assert(kept >= 5 && kept < 90, "%d puzzles in the journal", kept);
  cr_assert_not(exists(out));
  bs_proc res;
  bs_run(&res, NULL, "batch", set, "-o", out, "--resume", MEDIUM_OPTS, NULL);
  cr_assert_eq(res.code, 0, "%s", res.err);
  size_t l1, l2;
  char *a = bs_slurp(ref, &l1), *b = bs_slurp(out, &l2);
  cr_assert(l1 == l2 && !memcmp(a, b, l1), "answers after SIGINT and --resume differ");
  free(a);
  free(b);
  free(j);
  free(text);
  bs_proc_free(&r);
  bs_proc_free(&res);
  drop(set);
  drop(ref);
  drop(out);
}

/* SIGTERM, as SIGINT, lets the puzzles in flight finish; the exit
 * status names the signal: 128 + 15. */
Test(batch, sigterm_exits_143) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  unlink(out);
  int sig;
  int code = interrupted_run(set, out, 3, SIGTERM, &sig);
  cr_assert_eq(sig, 0, "died of signal %d instead of finishing cleanly", sig);
  cr_assert_eq(code, 143, "exit %d, stderr: %s", code, interrupted_err);
  cr_assert_not(exists(out));
  free(text);
  drop(set);
  drop(out);
}

/* A second signal while the puzzles in flight finish stops the run at
 * once, with the exit status of that signal, and says what is kept: the
 * journal, which --resume continues. SIGINT then SIGTERM, two signals that
 * cannot merge into one pending. */
Test(batch, a_second_signal_stops_at_once_and_keeps_the_journal) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text(""), *jpath = journal_of(out);
  unlink(out);
  int sig;
  int code = interrupted_run_with(set, out, 3, SIGINT, SIGTERM, &sig, NULL);
  cr_assert_eq(sig, 0, "died of signal %d: %s", sig, interrupted_err);
  cr_assert(code == 128 + SIGINT || code == 128 + SIGTERM, "exit %d: %s", code, interrupted_err);
  cr_assert(strstr(interrupted_err,
                   "second interrupt: stopping now; the journal keeps every finished puzzle (--resume)"),
            "%s", interrupted_err);
  cr_assert(journal_lines(jpath) >= 3, "the journal is gone");
  cr_assert_not(exists(out));
  free(jpath);
  free(text);
  drop(set);
  drop(out);
}

/* The journal's header names every setting that differs, however many:
 * with nearly all of them changed (none that bfs mode reads), a run that
 * differs only in the last row still refuses the journal, and the same
 * run resumes it. A header cut short at 512 bytes once let the first
 * through. */
Test(batch, resume_compares_every_changed_setting) {
  static const char *const many[] = {
      "--set", "auto_exact=1000000000", "--set", "escalate=64", "--set", "retry_over=1000000",
      "--set", "retry_build=1", "--set", "beam_width=1000000", "--set", "beam_extra=64",
      "--set", "beam_far=65535", "--set", "beam_stall=192", "--set", "beam_reverse=1",
      "--set", "beam_budget=1000000000", "--set", "lc_weight=8", "--set", "lc_retry=64",
      "--set", "beam_pdb=65536", "--set", "rescue_width=10000000", "--set", "rescue_budget=1000000000",
      "--set", "polish_window=190", "--set", "polish_cover=16", "--set", "polish_budget=1000000000",
      "--set", "polish_total=100000000000", "--set", "tuple_tiles=2", "--set", "tuple_after=100000000000",
      "--set", "tuple_keep=100000", "--set", "construct_starts=1000", "--set", "construct_inverse=0",
      "--set", "construct_budget=1000000000", "--set", "sort_beam=1000000000", "--set",
      "relay_window=380", "--set", "relay_width=1000000", "--set", "relay_share=100", "--set",
      "construct_mem=64", NULL};
  size_t n = 0;
  while (many[n]) n++;
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  unlink(out);
  int sig;
  interrupted_run_with(set, out, 3, SIGKILL, 0, &sig, many);
  char *j = journal_of(out), *head = bs_slurp(j, NULL);
  cr_assert_not_null(head);
  cr_assert_gt(strchr(head, '\n') - head, 600, "a header this long tests the cut: %s", head);
  free(head);
  const char *args[16 + EXTRA_MAX] = {"batch", set, "-o", out, "--resume", MEDIUM_OPTS};
  int at = 0;
  while (args[at]) at++;
  for (size_t i = 0; i < n; i++) args[at + (int)i] = many[i];
  args[at + (int)n - 1] = "construct_mem=65"; /* the last row only */
  bs_proc res;
  bs_runv(&res, NULL, args);
  cr_assert_eq(res.code, 1, "%s", res.err);
  cr_assert(strstr(res.err, "other options"), "%s", res.err);
  bs_proc_free(&res);
  args[at + (int)n - 1] = "construct_mem=64";
  bs_runv(&res, NULL, args);
  cr_assert_eq(res.code, 0, "%s", res.err);
  cr_assert(strstr(res.err, "from the journal"), "%s", res.err);
  bs_proc_free(&res);
  free(j);
  free(text);
  drop(set);
  drop(out);
}

/* A journal of another run is refused with both descriptions, since its
 * answers could differ: another mode and memory; the same --mem over
 * other --jobs (the answers depend on one worker's share); other
 * settings. */
Test(batch, resume_refuses_other_options_jobs_and_settings) {
  static const char *const other[][10] = {
      {"--mode", "exact", "--mem", "32M", "--jobs", "1", NULL},
      {"--mode", "bfs", "--mem", "16M", "--jobs", "2", NULL},
      {MEDIUM_OPTS, "--set", "beam_width=100", NULL}};
  static const char *const named[] = {"mode exact", "8388608 bytes a worker", "beam_width=100"};
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  unlink(out);
  int sig;
  interrupted_run(set, out, 3, SIGKILL, &sig);
  for (size_t i = 0; i < sizeof other / sizeof *other; i++) {
    const char *const *o = other[i];
    bs_proc res;
    bs_run(&res, NULL, "batch", set, "-o", out, "--resume", o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7],
           o[8], o[9], NULL);
    cr_assert_eq(res.code, 1, "case %zu: %s", i, res.err);
    cr_assert(strstr(res.err, "other options"), "case %zu: %s", i, res.err);
    cr_assert(strstr(res.err, named[i]), "case %zu: no '%s' in: %s", i, named[i], res.err);
    cr_assert_not(exists(out));
    bs_proc_free(&res);
  }
  free(text);
  drop(set);
  drop(out);
}

/* Answers depend on one worker's memory, not on --jobs: a journal of
 * --jobs 1 --mem 16M goes on at --jobs 2 --mem 32M, to the same answers. */
Test(batch, resume_takes_the_same_memory_of_one_worker_over_other_jobs) {
  killed_run k;
  kill_a_run(&k, 3);
  bs_proc res;
  resume_at(&k, &res, "32M", "2");
  cr_assert(strstr(res.err, "from the journal") && !strstr(res.err, " 0 from the journal"), "%s", res.err);
  bs_proc_free(&res);
}

/* ---- faults and bad input ------------------------------------------------ */

Test(batch, full_disk_unwritable_path_or_a_directory_exit_1_with_the_path) {
  char *text = make_set(3, 6, 10, NULL);
  char *set = bs_temp_text(text);
  bs_proc a, b;
  bs_run(&a, NULL, "batch", set, "-o", "/dev/full", "--jobs", "1", "--mem", "4M", NULL);
  cr_assert_eq(a.code, 1, "%s", a.err);
  char want[128];
  snprintf(want, sizeof want, "/dev/full: %s", strerror(ENOSPC));
  cr_assert(strstr(a.err, want), "no '%s' in: %s", want, a.err);
  bs_run(&b, NULL, "batch", set, "-o", "/nonexistent-bislide-dir/answers.txt", "--jobs", "1", NULL);
  cr_assert_eq(b.code, 1, "%s", b.err);
  cr_assert(strstr(b.err, "/nonexistent-bislide-dir/answers.txt"), "%s", b.err);
  cr_assert(strstr(b.err, strerror(ENOENT)), "%s", b.err);
  bs_proc_free(&a);
  bs_proc_free(&b);
  /* A directory as the answers or the JSON is refused before any puzzle
   * is solved (no progress, no summary), not after the whole run. */
  char *dir = bs_test_dir("bs_dir");
  bs_run(&a, NULL, "batch", set, "-o", dir, "--jobs", "1", "--mem", "4M", NULL);
  bs_run(&b, NULL, "batch", set, "-o", "-", "--json", dir, "--jobs", "1", "--mem", "4M", NULL);
  const bs_proc *both[2] = {&a, &b};
  for (int i = 0; i < 2; i++) {
    cr_assert_eq(both[i]->code, 1, "%s", both[i]->err);
    snprintf(want, sizeof want, "%s: Is a directory", dir);
    cr_assert(strstr(both[i]->err, want), "no '%s' in: %s", want, both[i]->err);
    cr_assert_eq(bs_count_lines(both[i]->err), 1, "refused before the run: %s", both[i]->err);
    cr_assert_eq(both[i]->outlen, 0);
  }
  cr_assert_eq(rmdir(dir), 0, "the directory was written into");
  free(dir);
  bs_proc_free(&a);
  bs_proc_free(&b);
  /* So is a --json in a missing directory: the answers stay as they were,
   * and no journal is left behind. */
  char *ans = bs_temp_text("old\n"), journal[4200];
  snprintf(journal, sizeof journal, "%s.journal", ans);
  bs_run(&a, NULL, "batch", set, "-o", ans, "--json", "/nonexistent-bislide-dir/x.json", "--jobs", "1",
         "--mem", "4M", NULL);
  cr_assert_eq(a.code, 1, "%s", a.err);
  cr_assert(strstr(a.err, "/nonexistent-bislide-dir/x.json"), "%s", a.err);
  cr_assert_eq(bs_count_lines(a.err), 1, "refused before the run: %s", a.err);
  char *kept = bs_slurp(ans, NULL);
  cr_assert_str_eq(kept, "old\n");
  free(kept);
  cr_assert_neq(access(journal, F_OK), 0, "a journal was left behind");
  bs_proc_free(&a);
  bs_temp_drop(ans);
  free(text);
  bs_temp_drop(set);
}

/* Outputs that are one file, by any name, or that are the set or the
 * journal, are refused before the run, and the files stay as they were. */
Test(batch, outputs_that_would_clobber_each_other_exit_2) {
  char *text = make_set(3, 6, 10, NULL);
  char *set = bs_temp_text(text), *out = bs_temp_text("old\n"), dotted[4200], journal[4200];
  const char *slash = strrchr(out, '/');
  snprintf(dotted, sizeof dotted, "%.*s/./%s", (int)(slash - out), out, slash + 1);
  snprintf(journal, sizeof journal, "%s.journal", out);
  /* A link that dangles makes the file it names; "-" is /dev/stdout. */
  char fresh[4200], dangling[4200];
  snprintf(fresh, sizeof fresh, "%s.fresh", out);
  snprintf(dangling, sizeof dangling, "%s.dangling", out);
  cr_assert_eq(symlink(strrchr(fresh, '/') + 1, dangling), 0);
  const char *const runs[][4] = {{"-o", out, "--json", dotted},      {"-o", set, NULL, NULL},
                                 {"-o", out, "--json", set},         {"-o", out, "--json", journal},
                                 {"-o", fresh, "--json", dangling}, {"-o", "/dev/stdout", "--json", "-"}};
  for (size_t k = 0; k < sizeof runs / sizeof *runs; k++) {
    bs_proc p;
    bs_run(&p, NULL, "batch", set, "--jobs", "1", "--mem", "4M", runs[k][0], runs[k][1], runs[k][2],
           runs[k][3], NULL);
    cr_assert_eq(p.code, 2, "run %zu: exit %d: %s", k, p.code, p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  char *now = bs_slurp(set, NULL), *old = bs_slurp(out, NULL);
  cr_assert_str_eq(now, text);
  cr_assert_str_eq(old, "old\n");
  cr_assert_eq(access(journal, F_OK), -1, "a journal was made");
  cr_assert_eq(access(fresh, F_OK), -1, "the answers went where the link leads");
  unlink(dangling);
  free(now);
  free(old);
  free(text);
  bs_temp_drop(set);
  bs_temp_drop(out);
}

/* A run whose stderr is a pipe nobody reads: the summary, its first line
 * there, ends it with SIGPIPE, but only once the answers and the JSON are
 * out and the journal is gone, so that the same command runs again (the
 * journal was left behind, stop 77), and no temporary file stays. */
Test(batch, a_closed_stderr_ends_the_run_but_loses_nothing) {
  char *text = make_set(5, 8, 12, NULL);
  char *set = bs_temp_text(text), *ref = out_path(set, ".ref"), *out = out_path(set, ".ans");
  char *json = out_path(set, ".json"), *jpath = journal_of(out);
  bs_proc r;
  bs_run(&r, NULL, "batch", set, "-o", ref, "--jobs", "1", "--mem", "40M", NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  bs_proc_free(&r); /* r runs again below */
  int p[2];
  cr_assert_eq(pipe(p), 0);
  const char *bin = getenv("BISLIDE");
  fflush(NULL);
  const pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (!pid) {
    signal(SIGPIPE, SIG_DFL);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(p[1], 2) < 0) _exit(127);
    close(p[0]);
    close(p[1]);
    execl(bin, bin, "batch", set, "-o", out, "--json", json, "--jobs", "1", "--mem", "40M", (char *)NULL);
    _exit(127);
  }
  close(p[0]);
  close(p[1]);
  int sig, code = reap(pid, &sig, NULL);
  cr_assert_eq(sig, SIGPIPE, "exit %d, signal %d", code, sig);
  char *want = bs_slurp(ref, NULL), *got = bs_slurp(out, NULL), *js = bs_slurp(json, NULL);
  cr_assert_str_eq(got, want);
  cr_assert_not_null(strstr(js, "\"summary\""), "%s", js);
  cr_assert(!exists(jpath), "the journal was left behind");
  const char *base = strrchr(set, '/') + 1;
  char *dir = strndup(set, (size_t)(base - set));
  DIR *d = opendir(dir);
  cr_assert_not_null(d);
  int temps = 0;
  for (struct dirent *e; (e = readdir(d));)
    if (!strncmp(e->d_name, base, strlen(base)))
      temps += strcmp(e->d_name, base) && strcmp(e->d_name, strrchr(ref, '/') + 1) &&
               strcmp(e->d_name, strrchr(out, '/') + 1) && strcmp(e->d_name, strrchr(json, '/') + 1);
  closedir(d);
  cr_assert_eq(temps, 0, "a temporary file was left behind");
  bs_run(&r, NULL, "batch", set, "-o", out, "--jobs", "1", "--mem", "40M", NULL);
  cr_assert_eq(r.code, 0, "the same command again: %s", r.err);
  bs_proc_free(&r);
  free(want);
  free(got);
  free(js);
  free(dir);
  free(text);
  drop(ref);
  drop(out);
  drop(json);
  free(jpath);
  bs_temp_drop(set);
}

/* Whether the process runs threads beside its main one: a batch has
 * opened its outputs and started its workers. */
static int running_workers(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
  DIR *d = opendir(path);
  if (!d) return 0;
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) n += e->d_name[0] != '.';
  closedir(d);
  return n > 1;
}

/* Answers written in place (stdout, where no journal keeps them) come out
 * when --json can no longer be made at the end, its directory gone during
 * the run: they are written first, and --json is made only after them. */
Test(batch, answers_in_place_come_out_when_the_json_cannot_be_made) {
  char *text = medium_set(), *set = bs_temp_text(text), *out = bs_temp_text("");
  char *errpath = out_path(out, ".stderr");
  const char *bin = getenv("BISLIDE");
  int code = 0, t = 0;
  for (; t < INTERRUPT_TRIES && code == 0; t++) {
    char *dir = bs_test_dir("bs_gone"), json[4200];
    snprintf(json, sizeof json, "%s/j.json", dir);
    fflush(NULL);
    const pid_t pid = fork();
    cr_assert_geq(pid, 0);
    if (!pid) {
      int i = open("/dev/null", O_RDONLY), o = open(out, O_WRONLY | O_TRUNC);
      int e = open(errpath, O_WRONLY | O_TRUNC | O_CREAT, 0644);
      if (i < 0 || o < 0 || e < 0 || dup2(i, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0) _exit(127);
      execl(bin, bin, "batch", set, "-o", "-", "--json", json, MEDIUM_OPTS, (char *)NULL);
      _exit(127);
    }
    for (int k = 0; k < 10000 && !running_workers(pid); k++) usleep(1000);
    cr_assert_eq(rmdir(dir), 0, "%s: %s", dir, strerror(errno));
    int sig;
    code = reap(pid, &sig, NULL);
    cr_assert_eq(sig, 0);
    free(dir);
  }
  char *err = bs_slurp(errpath, NULL), *got = bs_slurp(out, NULL);
  cr_assert_eq(code, 1, "the run finished before its --json's directory went, %d times: %s", t, err);
  cr_assert_not_null(strstr(err, "j.json: No such file or directory"), "%s", err);
  int lines = 0;
  for (const char *p = got; *p; p++) lines += *p == '\n';
  cr_assert_eq(lines, 90, "answers on stdout: %d lines; %s", lines, err);
  free(err);
  free(got);
  free(text);
  unlink(errpath);
  free(errpath);
  bs_temp_drop(out);
  bs_temp_drop(set);
}

/* A journal write that fails midway, as on a full disk: a file size limit
 * makes write(2) fail with EFBIG (SIGXFSZ ignored, as a full disk sends
 * none). The run stops with the journal's path, writes no answer file, and
 * --resume later finishes it. */
Test(batch, a_failed_journal_write_stops_with_the_path) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *ref = bs_temp_text(""), *out = bs_temp_text("");
  unlink(out);
  bs_proc r;
  bs_run(&r, NULL, "batch", set, "-o", ref, MEDIUM_OPTS, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  const char *bin = getenv("BISLIDE");
  const char *argv[] = {bin, "batch", set, "-o", out, MEDIUM_OPTS, NULL};
  char *errpath = out_path(out, ".stderr");
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (pid == 0) {
    struct rlimit lim = {1500, 1500};
    signal(SIGXFSZ, SIG_IGN);
    int e = open(errpath, O_WRONLY | O_TRUNC | O_CREAT, 0644);
    if (e < 0 || dup2(e, 2) < 0 || setrlimit(RLIMIT_FSIZE, &lim)) _exit(127);
    execv(bin, (char *const *)argv);
    _exit(127);
  }
  int sig, code = reap(pid, &sig, NULL);
  char *err = bs_slurp(errpath, NULL);
  char *j = journal_of(out), want[4300];
  snprintf(want, sizeof want, "%s: %s", j, strerror(EFBIG));
  cr_assert_eq(code, 1, "exit %d, signal %d: %s", code, sig, err);
  cr_assert(strstr(err, want), "no '%s' in: %s", want, err);
  /* The summary counts what finished; this says what the journal lacks. */
  cr_assert(strstr(err, "are not in the journal: --resume solves them again"), "%s", err);
  cr_assert_not(exists(out), "an answer file after a failed journal");
  bs_proc res;
  bs_run(&res, NULL, "batch", set, "-o", out, "--resume", MEDIUM_OPTS, NULL);
  cr_assert_eq(res.code, 0, "%s", res.err);
  size_t l1, l2;
  char *a = bs_slurp(ref, &l1), *b = bs_slurp(out, &l2);
  cr_assert(l1 == l2 && !memcmp(a, b, l1), "answers after a failed journal and --resume differ");
  free(a);
  free(b);
  free(err);
  free(j);
  unlink(errpath);
  free(errpath);
  free(text);
  bs_proc_free(&r);
  bs_proc_free(&res);
  drop(set);
  drop(ref);
  drop(out);
}

Test(batch, a_bad_line_is_reported_and_left_unsolved) {
  char *text = make_set(21, 8, 14, NULL);
  /* Line 4 becomes a board with a symbol outside the alphabet. */
  char *l4 = text;
  for (int k = 0; k < 3; k++) l4 = strchr(l4, '\n') + 1;
  char *comma = strchr(strchr(l4, ',') + 1, ',');
  comma[1] = '!';
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "2", "--mem", "16M", NULL);
  cr_assert_eq(b.code, 1, "%s", b.err);
  char want[4200];
  snprintf(want, sizeof want, "%s:4: ", set);
  cr_assert(strstr(b.err, want), "no '%s' in: %s", want, b.err);
  char *ans = bs_slurp(out, NULL);
  cr_assert_eq(bs_count_lines(ans), 8, "%s", ans);
  char *line = ans;
  for (int k = 0; k < 8; k++) {
    char *nl = strchr(line, '\n');
    cr_assert_not_null(nl);
    if (k == 3)
      cr_assert_eq(nl, line, "the bad line got an answer");
    else
      cr_assert_gt(nl - line, 0, "puzzle %d was not solved", k + 1);
    line = nl + 1;
  }
  free(ans);
  free(text);
  bs_proc_free(&b);
  drop(set);
  drop(out);
}

/* Off a terminal, stderr has no progress line: no carriage return, no
 * escape sequence, only the summary. A bad line shows in the JSON as an
 * object of its own and in the summary as invalid, apart from not done. */
Test(batch, no_progress_off_a_terminal_and_invalid_lines_in_json) {
  char *set = bs_temp_text("3,3,123456708\n3,3,12345678!\n"), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "1", "--mem", "8M", "--json", js, NULL);
  cr_assert_eq(b.code, 1, "%s", b.err);
  cr_assert_null(strchr(b.err, '\r'), "a progress line on a file: %s", b.err);
  cr_assert_null(strchr(b.err, '\033'), "an escape sequence on a file: %s", b.err);
  cr_assert_null(strstr(b.err, " done, "), "a progress line on a file: %s", b.err);
  char *json = bs_slurp(js, NULL);
  cr_assert(strstr(json, "\n{\"index\":2,\"line\":2,\"status\":\"invalid\",\"reason\":\"unknown symbol"), "%s",
            json);
  cr_assert(strstr(json, "\"invalid\":1,\"not_done\":0,"), "%s", json);
  free(json);
  bs_proc_free(&b);
  drop(js);
  drop(set);
  drop(out);
}

/* --resume reads the journal beside ANSWERS: with ANSWERS on standard
 * output there is none, and the run is refused before any work. */
Test(batch, resume_to_standard_output_is_a_usage_error) {
  char *set = bs_temp_text("3,3,123456708\n");
  bs_proc p;
  bs_run(&p, NULL, "batch", set, "-o", "-", "--resume", NULL);
  cr_assert_eq(p.code, 2, "%s", p.err);
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  cr_assert(strstr(p.err, "--resume needs a journal"), "%s", p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
}

/* The summary's last line shows --mem split between the --jobs workers. */
Test(batch, summary_shows_each_workers_share_of_mem) {
  char *set = bs_temp_text("3,3,123456708\n3,3,123456078\n"), *out = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "2", "--mem", "16M", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  cr_assert(strstr(b.err, "(--mem 16.0 MiB: 8.0 MiB for each of 2 workers)\n"), "%s", b.err);
  bs_proc_free(&b);
  drop(set);
  drop(out);
}

Test(batch, usage_errors) {
  char *set = bs_temp_text("3,3,123456708\n");
  bs_proc p;
  const char *bad[][2] = {{"--jobs", "0"}, {"--jobs", "257"}, {"--mem", "0"}, {"--mem", "12Q"},
                          {"--shard", "3/3"}, {"--shard", "1"}, {"--mode", "magic"}};
  for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
    bs_run(&p, NULL, "batch", set, "-o", "/dev/null", bad[k][0], bad[k][1], NULL);
    cr_assert_eq(p.code, 2, "%s %s: exit %d", bad[k][0], bad[k][1], p.code);
    bs_proc_free(&p);
  }
  bs_run(&p, NULL, "batch", set, NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
  /* A budget below one worker's smallest store is a usage error, not a crash. */
  bs_run(&p, NULL, "batch", set, "-o", "/dev/null", "--mem", "300", "--jobs", "2", NULL);
  cr_assert_eq(p.code, 2);
  cr_assert(strstr(p.err, "--mem"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "batch", "--help", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert(strstr(p.out, "--shard K/N"));
  bs_proc_free(&p);
  bs_temp_drop(set);
}

/* ---- memory, limits, shards ---------------------------------------------- */

static long peak_kb(const char *set, const char *out, const char *mem, const char *jobs) {
  const char *bin = getenv("BISLIDE");
  const char *argv[] = {bin, "batch", set, "-o", out, "--mode", "bfs", "--mem", mem, "--jobs", jobs, NULL};
  char *errpath = out_path(out, ".stderr");
  struct rusage ru;
  int sig, code = reap(spawn(argv, errpath), &sig, &ru);
  cr_assert_eq(code, 0);
  unlink(errpath);
  free(errpath);
  return ru.ru_maxrss;
}

Test(batch, memory_cap_respected) {
#if defined(__SANITIZE_ADDRESS__)
  /* Shadow memory and quarantine add about 1/8 of what is touched. */
  cr_skip_test("RSS bounds measure the plain build, not AddressSanitizer's");
#endif
  /* The baseline: the same process and cap on one easy puzzle, which
   * touches next to nothing of its store. Then deep 4x4 walks that fill
   * the store. Peak RSS may exceed the baseline by the cap and 1 MiB (the
   * answers and bookkeeping), no more. */
  char *easy = bs_temp_text("3,3,123456078\n");
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text("");
  long base = peak_kb(easy, out, "24M", "1");
  long one = peak_kb(set, out, "24M", "1");
  long two = peak_kb(set, out, "24M", "2");
  long bound = base + 24 * 1024 + 1024;
  cr_assert_leq(one, bound, "--jobs 1: peak %ld KB over %ld KB (baseline %ld + 24M + 1M)", one, bound, base);
  cr_assert_leq(two, bound, "--jobs 2: peak %ld KB over %ld KB (baseline %ld + 24M + 1M)", two, bound, base);
  /* And the cap was really reached, or the bound proves nothing. */
  cr_assert_geq(one, base + 20 * 1024, "peak %ld KB: the store never filled", one);
  free(text);
  drop(easy);
  drop(set);
  drop(out);
}

Test(batch, move_limits_drop_answers_until_they_fit) {
  char *text = make_set(17, 20, 14, "20 20 20 20");
  char *set = bs_temp_text(text), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b, v;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "1", "--mem", "8M", "--json", js, NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  cr_assert(strstr(b.err, "dropped"), "%s", b.err);
  /* The JSON summary's reasons count them as the text summary does. */
  int dropped = 0;
  char *json = bs_slurp(js, NULL), *sum = strstr(json, "\"dropped\":");
  cr_assert(sum && sscanf(sum, "\"dropped\":%d", &dropped) == 1 && dropped > 0, "%s", json);
  char want[64];
  snprintf(want, sizeof want, "\"move limits\":%d}", dropped);
  cr_assert_not_null(strstr(json, want), "no %s in %s", want, json);
  free(json);
  drop(js);
  bs_run(&v, NULL, "verify", set, out, NULL);
  cr_assert_eq(v.code, 0, "the answers break the limits: %s%s", v.out, v.err);
  cr_assert_not(strstr(v.out, "solved 0\n"), "everything was dropped: %s", v.out);
  cr_assert_not(strstr(v.out, "solved 20\n"), "nothing was dropped: %s", v.out);
  free(text);
  bs_proc_free(&b);
  bs_proc_free(&v);
  drop(set);
  drop(out);
}

/* Two puzzles of one and two moves under limits of 0: both answers
 * dropped, and every summary counts them as given up on the move limits. */
#define ZERO_LIMITS_SET "0 0 0 0\n2\n3,3,123456708\n3,3,123456078\n"

Test(batch, dropped_answers_are_counted_as_given_up) {
  char *set = bs_temp_text(ZERO_LIMITS_SET), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "1", "--mem", "8M", "--json", js, NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  char *ans = bs_slurp(out, NULL);
  cr_assert_str_eq(ans, "\n\n", "both answers are dropped");
  cr_assert(strstr(b.err, "\n  gave up           2  (move limits 2)\n"), "%s", b.err);
  cr_assert(strstr(b.err, "\n  move limits  2 answers (3 moves) dropped"), "%s", b.err);
  char *json = bs_slurp(js, NULL);
  cr_assert(strstr(json, "\"solved\":0,\"optimal\":0,\"unsolvable\":0,\"gave_up\":2,\"invalid\":0,"
                         "\"not_done\":0,\"dropped\":2,"), "%s", json);
  free(json);
  free(ans);
  bs_proc_free(&b);
  drop(js);
  drop(set);
  drop(out);
}

/* Limits bind the whole set: a shard keeps every answer for merge. */
Test(batch, a_shard_keeps_answers_over_the_limits) {
  char *set = bs_temp_text(ZERO_LIMITS_SET), *out = bs_temp_text("");
  bs_proc b;
  bs_run(&b, NULL, "batch", set, "-o", out, "--jobs", "1", "--mem", "8M", "--shard", "0/1", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  char *ans = bs_slurp(out, NULL);
  cr_assert_str_eq(ans, "# bislide shard 0/1 of 2 puzzles\n1\tR\n2\tRR\n");
  cr_assert(strstr(b.err, "not applied to a shard"), "%s", b.err);
  cr_assert(strstr(b.err, "\n  gave up           0\n"), "%s", b.err);
  free(ans);
  bs_proc_free(&b);
  drop(set);
  drop(out);
}

Test(batch, three_shards_cover_every_puzzle_once) {
  char *text = make_set(31, 25, 16, "25");
  char *set = bs_temp_text(text), *full = bs_temp_text("");
  bs_proc f;
  bs_run(&f, NULL, "batch", set, "-o", full, "--jobs", "1", "--mem", "16M", NULL);
  cr_assert_eq(f.code, 0, "%s", f.err);
  char *ref = bs_slurp(full, NULL), *refline[25];
  char *p = ref;
  for (int i = 0; i < 25; i++) {
    refline[i] = p;
    p = strchr(p, '\n');
    *p++ = 0;
  }
  int seen[25] = {0};
  for (int k = 0; k < 3; k++) {
    char spec[8], *out = bs_temp_text("");
    snprintf(spec, sizeof spec, "%d/3", k);
    bs_proc s;
    bs_run(&s, NULL, "batch", set, "-o", out, "--shard", spec, "--jobs", "1", "--mem", "16M", NULL);
    cr_assert_eq(s.code, 0, "%s", s.err);
    char *sh = bs_slurp(out, NULL), head[64];
    snprintf(head, sizeof head, "# bislide shard %d/3 of 25 puzzles\n", k);
    cr_assert_eq(strncmp(sh, head, strlen(head)), 0, "shard header: %s", sh);
    int expect = k + 1;
    for (char *line = sh + strlen(head); *line; expect += 3) {
      char *nl = strchr(line, '\n');
      cr_assert_not_null(nl);
      *nl = 0;
      int idx;
      char *tab = strchr(line, '\t');
      cr_assert(tab && sscanf(line, "%d", &idx) == 1, "bad shard line '%s'", line);
      cr_assert_eq(idx, expect, "shard %d: index %d, expected %d", k, idx, expect);
      cr_assert_str_eq(tab + 1, refline[idx - 1], "puzzle %d differs from the full run", idx);
      seen[idx - 1]++;
      line = nl + 1;
    }
    free(sh);
    bs_proc_free(&s);
    drop(out);
  }
  for (int i = 0; i < 25; i++) cr_assert_eq(seen[i], 1, "puzzle %d in %d shards", i + 1, seen[i]);
  free(ref);
  free(text);
  bs_proc_free(&f);
  drop(set);
  drop(full);
}

/* Ctrl-C while the last output goes into a full pipe (`batch SET -o - |
 * less`, then Ctrl-C in less): every puzzle is done, so the write goes on
 * to its end, not cut short by EINTR as a write error. */
Test(batch, a_signal_while_writing_to_a_full_pipe_loses_nothing, .timeout = 120) {
  char *out = bs_temp_text("");
  bs_proc r;
  bs_run(&r, NULL, "batch", "puzzles/mixed.txt", "-o", out, "--json", "-", "--jobs", "2", NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  cr_assert_gt(r.outlen, 8192, "the JSON must outgrow the pipe");
  int p[2];
  cr_assert_eq(pipe(p), 0);
  cr_assert_geq(fcntl(p[1], F_SETPIPE_SZ, 4096), 4096, "%s", strerror(errno));
  const char *bin = getenv("BISLIDE");
  fflush(NULL);
  pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (pid == 0) {
    signal(SIGINT, SIG_DFL); /* as spawn: a signal it sends is not to be ignored */
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(p[1], 1) < 0 || dup2(null, 2) < 0 || dup2(null, 0) < 0) _exit(127);
    close(p[0]);
    execl(bin, bin, "batch", "puzzles/mixed.txt", "-o", out, "--json", "-", "--jobs", "2", (char *)NULL);
    _exit(127);
  }
  close(p[1]);
  /* The JSON is written only once every puzzle is solved: a full pipe
   * means the final write is under way. */
  int pending = 0;
  for (int i = 0; i < 2400 && pending < 4096; i++) {
    cr_assert_eq(ioctl(p[0], FIONREAD, &pending), 0);
    if (pending < 4096) usleep(25000);
  }
  cr_assert_geq(pending, 4096, "the pipe never filled");
  usleep(100000);
  cr_assert_eq(kill(pid, SIGINT), 0);
  usleep(100000);
  /* Read to the end, however long: the times make the JSON's length vary
   * from run to run (a run slowed down writes more digits), and a read
   * stopped at the first run's length cut the last line off (CI, once). */
  char fdpath[32];
  snprintf(fdpath, sizeof fdpath, "/dev/fd/%d", p[0]);
  size_t n;
  char *got = bs_slurp(fdpath, &n);
  close(p[0]);
  int sig, code = reap(pid, &sig, NULL);
  cr_assert_eq(sig, 0, "died of signal %d", sig);
  cr_assert_eq(code, 0, "exit %d", code);
  /* The same objects as the uninterrupted run, but for their times. */
  int lines_ref = 0, lines_got = 0;
  for (size_t i = 0; i < r.outlen; i++) lines_ref += r.out[i] == '\n';
  for (size_t i = 0; i < n; i++) lines_got += got[i] == '\n';
  cr_assert_eq(lines_got, lines_ref, "%d of %d JSON lines arrived", lines_got, lines_ref);
  cr_assert(n > 0 && got[n - 1] == '\n' && strstr(got, "\"summary\""), "the output was cut short");
  free(got);
  bs_proc_free(&r);
  drop(out);
}

/* On a terminal narrower than the progress line, each refresh would wrap
 * it and leave its first rows behind ('\r' goes back one row only): the
 * line is cut to the terminal's width, and nothing of it stays once the
 * run ends. The bytes sent to the terminal show that progress was drawn,
 * each time within the width (it is drawn every 200 ms and once more when
 * the workers end, so even a fast run draws it). */
Test(batch, progress_fits_a_narrow_terminal, .timeout = 120) {
  char *text = medium_set();
  char *set = bs_temp_text(text), *out = bs_temp_text(""), line[9000], *raw;
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin);
  snprintf(line, sizeof line, "'%s' batch '%s' -o '%s' --mode bfs --mem 16M --jobs 1", bin, set, out);
  char *screen = bs_in_tmux_raw(20, 40, 100.0, line, &raw);
  cr_assert_not_null(strstr(screen, "solved"), "no summary:\n%s", screen);
  cr_assert_null(strstr(screen, "/90 done"), "progress rows were left behind:\n%s", screen);
  cr_assert_not_null(strstr(screen, "\ndone 0\n"), "%s", screen);
  int draws = 0;
  for (const char *r = strstr(raw, "\r  "); r; r = strstr(r + 1, "\r  ")) {
    const char *end = strchr(r, '\033'); /* each draw ends by clearing the rest of the row */
    if (!end || !memchr(r, '/', (size_t)(end - r))) continue;
    cr_assert_leq(end - r - 1, 19, "a progress draw wider than the 20 columns: %.*s", (int)(end - r - 1), r + 1);
    draws++;
  }
  cr_assert_gt(draws, 0, "no progress drawn on the terminal; it was sent:\n%s", raw);
  free(raw);
  free(screen);
  free(text);
  drop(set);
  drop(out);
}
