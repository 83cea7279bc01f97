/* bislide batch: solve a whole set on worker threads under one memory cap.
 *
 * Each worker owns one solver sized to its share of --mem and takes the
 * next group of puzzles from an atomic counter: puzzles of one layout
 * (size and walls), so that a worker builds a layout's pattern databases
 * once for all of them (bs_solver_pdb keeps the last), largest boards
 * first, so that the run ends on small ones. Every finished puzzle is
 * journaled at once (bs_journal.h), so a killed run loses only the puzzles
 * in flight and --resume goes on from there. The answer file is written
 * atomically at the end, in input order. Answers depend only on the
 * puzzle, the mode, the settings and a worker's memory, never on timing,
 * order or on which worker ran the puzzle, so the file is the same
 * whatever the interruptions. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#include "bs_cli.h"
#include "bs_journal.h"
#include "bs_outfile.h"
#include "bs_parse.h"
#include "bs_solver.h"
#include "bs_verify.h"

enum { IT_SKIP = 0, IT_TODO, IT_DONE, IT_INVALID };

typedef struct item {
  signed char state, status, optimal, dropped, resumed;
  signed char unreplayed; /* a journal answer for it did not replay */
  signed char untrue;     /* a journal line for it claimed what does not hold */
  int length, floor;
  const char *reason; /* interned, NULL for none */
  char *moves;        /* solved only */
  uint64_t expanded, generated;
  uint64_t phase[BS_NPHASES]; /* not kept by the journal: 0 for a resumed puzzle */
  double ms, cpu_ms, pdb_ms; /* cpu_ms, pdb_ms: not kept by the journal, 0 for a resumed puzzle */
} item;

#define MAX_REASONS 32

typedef struct batch {
  bs_set set;
  item *it;
  int *todo, ntodo;   /* the puzzles to solve, grouped by layout */
  int *group, ngroup; /* group g is todo[group[g]..group[g+1]) */
  int sharded, shard_k, shard_n, in_shard; /* in_shard: puzzles of this shard */
  int invalid;                              /* ... of them invalid lines */
  atomic_int next, stop;
  pthread_mutex_t mu;
  pthread_cond_t cv;
  int running;              /* workers still going */
  int done_before, solved_before; /* finished in earlier runs (journal) */
  int done_run, solved_run; /* this run */
  bs_journal j;
  int journaling, werr;
  int unjournaled; /* results of this run that a failed write kept out of the journal */
  char err[PATH_MAX + 128]; /* a journal's path and why a write failed */
  char *reasons[MAX_REASONS];
  int nreasons;
  bs_mode mode;
  bs_settings settings;
  bs_opts opts;
} batch;

typedef struct worker {
  batch *b;
  bs_solver sv;
  pthread_t tid;
} worker;

/* Lock-free, so both async-signal-safe and race-free for the workers. */
static atomic_int got_signal;
/* Whether this run keeps a journal, for the handler's last words: set
 * before the handler is installed (run_workers). */
static volatile sig_atomic_t journal_kept;

static void on_signal(int sig) {
  if (atomic_exchange(&got_signal, sig)) {
    static const char kept[] = "\nbislide batch: second interrupt: stopping now; the journal keeps "
                               "every finished puzzle (--resume)\n",
                      none[] = "\nbislide batch: second interrupt: stopping now; no journal was kept "
                               "(ANSWERS is no file)\n";
    ssize_t k = journal_kept ? write(STDERR_FILENO, kept, sizeof kept - 1)
                             : write(STDERR_FILENO, none, sizeof none - 1);
    (void)k;
    bs_outfile_reap(); /* the answers or --json being written under a temporary name */
    _exit(128 + sig);
  }
}

static void help(void) {
  printf(
      "usage: bislide batch SET -o ANSWERS [OPTIONS]\n\n"
      "Solves every puzzle of SET on worker threads and writes ANSWERS: one line per\n"
      "puzzle in input order, empty when unsolved, which `bislide verify SET ANSWERS`\n"
      "checks. Each finished puzzle is appended at once to ANSWERS.journal, so a\n"
      "killed run loses only the puzzles in flight; --resume continues it, and the\n"
      "final ANSWERS is the same as an uninterrupted run's. ANSWERS is written\n"
      "atomically (temp file and rename) and the journal deleted when all is done.\n"
      "Answers depend on the set, --mode, the settings (--set) and the memory of one\n"
      "worker (--mem/--jobs).\n"
      "A worker takes the puzzles of one layout (size and walls) together, largest\n"
      "boards first, so that it builds the layout's pattern databases once.\n\n"
      "  -o, --output ANSWERS  the answer file; '-' (standard output) or a device\n"
      "                        is written at the end with no journal\n"
      "  -j, --jobs N          worker threads, 1.." BS_STR(BS_JOBS_MAX)
      " (default: the number of cores)\n"
      "  --mem SIZE            memory for all workers together, " BS_STR(BS_MEM_MIN) " to "
      BS_MAX_MEM_TEXT ", K/M/G/T\n"
      "                        suffixes (default " BS_DEFAULT_MEM_TEXT "); each worker gets SIZE/N,\n"
      "                        " BS_STR(BS_MEM_MIN) " at least\n"
      "  --store STORE         state store: %s\n"
      "  --mode MODE           " BS_MODES_HELP "\n"
      "  --set NAME=VALUE      change a setting (repeatable; `bislide settings`);\n"
      "                        --resume needs the same settings\n"
      "  --pdb-dir DIR         cache of exact mode's pattern databases (default\n"
      "                        $XDG_CACHE_HOME/bislide or ~/.cache/bislide; at most\n"
      "                        " BS_STR(BS_PDB_CACHE_GIB) " GiB, the least recently used files deleted)\n"
      "  --no-pdb-cache        build pattern databases in memory only\n"
      "  --resume              continue from ANSWERS.journal; the same SET, --mode,\n"
      "                        --set and memory of one worker (--mem/--jobs) are\n"
      "                        needed\n"
      "  --json FILE           one JSON object per puzzle, then a summary object\n"
      "  --shard K/N           solve only the puzzles whose 0-based index i has\n"
      "                        i mod N = K; ANSWERS then starts with\n"
      "                        '# bislide shard K/N of T puzzles' and has one\n"
      "                        'INDEX<TAB>MOVES' line per puzzle (1-based index),\n"
      "                        for `bislide merge`\n"
      "  -h, --help            show this help\n\n"
      "When the answers would exceed a move limit of the set's header, the answers\n"
      "using the most of the letter over its limit are dropped (left unsolved) until\n"
      "all four fit; the summary says how many (not on a shard: limits bind the whole\n"
      "set). Invalid puzzle lines are reported as SET:LINE: reason and left unsolved\n"
      "(every shard reports those of the whole set, and exits 1 for them).\n"
      "On a terminal, stderr shows progress; the summary ends every run. Ctrl-C stops\n"
      "taking puzzles, lets those in flight finish, and exits 130 (a second Ctrl-C\n"
      "exits at once); the journal keeps the rest.\n\n"
      BS_MODES_TEXT "\n"
      "Exit status: 0 ok, 1 invalid input lines or a failure (answers still written\n"
      "when possible), 2 usage error, 130 interrupted (Ctrl-C), 143 terminated\n"
      "(SIGTERM).\n",
      "arena (default), object or pool");
}

/* Reasons are few distinct strings; keeping one copy of each lets the
 * summary count them by pointer. */
static const char *intern(batch *b, const char *s) {
  if (!s || !*s) return NULL;
  for (int i = 0; i < b->nreasons; i++)
    if (!strcmp(b->reasons[i], s)) return b->reasons[i];
  if (b->nreasons == MAX_REASONS) return "other";
  char *c = strdup(s);
  if (!c) return "other";
  return b->reasons[b->nreasons++] = c;
}

static void record(batch *b, int i, const bs_result *r, double ms, double cpu_ms) {
  char line[BS_JOURNAL_LINE_MAX];
  size_t len = b->journaling ? bs_journal_format(line, i, r, ms) : 0;
  char *moves = r->status == BS_ST_SOLVED ? strdup(r->moves) : NULL;
  pthread_mutex_lock(&b->mu);
  item *x = &b->it[i];
  x->state = IT_DONE;
  x->status = (signed char)r->status;
  x->optimal = (signed char)(r->optimal != 0);
  x->floor = r->floor;
  x->reason = intern(b, r->reason);
  x->length = r->status == BS_ST_SOLVED ? r->length : 0;
  x->moves = moves;
  x->expanded = r->expanded;
  x->generated = r->generated;
  memcpy(x->phase, r->phase, sizeof x->phase);
  x->ms = ms;
  x->cpu_ms = cpu_ms;
  x->pdb_ms = r->pdb_ms;
  if (r->status == BS_ST_SOLVED && !moves && !b->werr) {
    snprintf(b->err, sizeof b->err, "out of memory keeping the answers");
    b->werr = 1;
  }
  if (b->journaling && !b->werr && bs_journal_append(&b->j, line, len)) {
    snprintf(b->err, sizeof b->err, "%s: %s", b->j.path, strerror(errno));
    b->werr = 1;
  }
  b->unjournaled += b->journaling && b->werr; /* this one, and any finished after */
  if (b->werr) atomic_store(&b->stop, 1);
  b->done_run++;
  b->solved_run += r->status == BS_ST_SOLVED;
  pthread_mutex_unlock(&b->mu);
}

static void *work(void *arg) {
  worker *w = arg;
  batch *b = w->b;
  bs_result r;
  for (;;) {
    int g = atomic_fetch_add(&b->next, 1);
    if (g >= b->ngroup) break;
    for (int k = b->group[g]; k < b->group[g + 1]; k++) {
      if (atomic_load(&b->stop) || atomic_load(&got_signal)) goto quit;
      int i = b->todo[k];
      /* The worker's thread alone: it builds its tables itself. The CPU
       * time is taken inside the wall time's span, so it is never more. */
      const double t = bs_now_ms(), c = bs_cpu_ms(0);
      bs_solver_solve(&w->sv, &b->set.e[i].board, b->mode, &b->opts, &r);
      const double cpu = bs_cpu_ms(0) - c;
      record(b, i, &r, bs_now_ms() - t, cpu);
    }
  }
quit:
  pthread_mutex_lock(&b->mu);
  b->running--;
  pthread_cond_signal(&b->cv);
  pthread_mutex_unlock(&b->mu);
  return NULL;
}

/* Identifies the set's content for the journal header: the boards as
 * parsed, so '-' and re-saved files with other line endings match. */
static uint64_t set_hash(const bs_set *s) {
  uint64_t h = (uint64_t)s->n;
  for (int i = 0; i < s->n; i++) {
    char t[BS_BOARD_TEXT + 16];
    if (s->e[i].ok)
      bs_board_format(&s->e[i].board, t);
    else
      snprintf(t, sizeof t, "invalid %d", s->e[i].line);
    h = XXH3_64bits_withSeed(t, strlen(t), h);
  }
  return h;
}

/* Whether what a journal line claims holds as far as it can be checked
 * without solving: a floor at most the answer's length (equal when it is
 * marked shortest), and an unsolvable board that the solvability test,
 * which is exact (bs_board.h), finds unsolvable for the same reason. A
 * checksum guards against a torn or damaged line, not against one
 * written by hand. */
static int holds(const bs_board *bd, const bs_jentry *e) {
  if (e->status == BS_ST_SOLVED)
    return e->floor >= 0 && e->floor <= e->length && (!e->optimal || e->floor == e->length);
  if (e->status == BS_ST_UNSOLVABLE) {
    const char *why = NULL;
    return bs_solvability(bd, &why) == BS_UNSOLVABLE && why && !strcmp(why, e->reason);
  }
  return 1;
}

static int load_journal(batch *b, const bs_jload *ld, const char *path) {
  int foreign = 0;
  for (int k = 0; k < ld->n; k++) {
    const bs_jentry *e = &ld->e[k];
    item *x = e->index < b->set.n ? &b->it[e->index] : NULL;
    size_t at;
    /* An entry for a puzzle not in this run, or an answer that does not
     * replay, came from a damaged line that happened to pass. */
    if (!x || (x->state != IT_TODO && x->state != IT_DONE)) {
      foreign++;
      continue;
    }
    if (x->state == IT_DONE) continue; /* repeated line: the same result */
    if (e->status == BS_ST_SOLVED &&
        bs_replay(&b->set.e[e->index].board, e->moves, (size_t)e->length, &at) != BS_RP_OK) {
      x->unreplayed = 1;
      continue;
    }
    if (!holds(&b->set.e[e->index].board, e)) {
      x->untrue = 1;
      continue;
    }
    x->state = IT_DONE;
    x->resumed = 1;
    x->status = (signed char)e->status;
    x->optimal = (signed char)e->optimal;
    x->floor = e->floor;
    x->reason = intern(b, e->reason);
    x->length = e->length;
    x->expanded = e->expanded;
    x->generated = e->generated;
    x->ms = e->ms;
    if (e->status == BS_ST_SOLVED && !(x->moves = strdup(e->moves))) {
      fprintf(stderr, "bislide batch: out of memory\n");
      return -1;
    }
    b->done_before++;
    b->solved_before += e->status == BS_ST_SOLVED;
  }
  /* Counted by puzzle, after every line: another line may answer it. */
  int redo = 0, untrue = 0;
  for (int i = 0; i < b->set.n; i++) {
    redo += b->it[i].unreplayed && b->it[i].state == IT_TODO;
    untrue += b->it[i].untrue && b->it[i].state == IT_TODO;
  }
  if (ld->torn)
    fprintf(stderr, "%s: the last line was cut off (torn write): that puzzle is solved again\n", path);
  if (ld->bad)
    fprintf(stderr, "%s:%d: %d line%s failed the checksum or the format: solved again\n", path,
            ld->first_bad, ld->bad, ld->bad == 1 ? "" : "s");
  if (redo)
    fprintf(stderr, "%s: %d puzzle%s answer%s that do%s not replay: solved again\n", path, redo,
            redo == 1 ? "'s" : "s'", redo == 1 ? "" : "s", redo == 1 ? "es" : "");
  if (untrue)
    fprintf(stderr,
            "%s: %d puzzle%s result%s that do%s not hold (a floor above the answer, or unsolvable "
            "where the solvability test disagrees): solved again\n",
            path, untrue, untrue == 1 ? "'s" : "s'", untrue == 1 ? "" : "s", untrue == 1 ? "es" : "");
  if (foreign)
    fprintf(stderr, "%s: %d entr%s for no puzzle of this run: ignored\n", path, foreign,
            foreign == 1 ? "y" : "ies");
  return 0;
}

typedef struct tally {
  int puzzles, solved, optimal, unsolvable, gave_up, invalid, pending, resumed, dropped;
  long moves, letters[4], dropped_moves;
} tally;

static void tally_up(const batch *b, tally *t) {
  memset(t, 0, sizeof *t);
  for (int i = 0; i < b->set.n; i++) {
    const item *x = &b->it[i];
    if (x->state == IT_SKIP) continue;
    t->puzzles++;
    t->invalid += x->state == IT_INVALID;
    t->pending += x->state == IT_TODO;
    if (x->state != IT_DONE) continue;
    t->resumed += x->resumed;
    t->dropped += x->dropped;
    if (x->dropped) t->dropped_moves += x->length;
    if (x->status == BS_ST_SOLVED && !x->dropped) {
      t->solved++;
      t->optimal += x->optimal;
      t->moves += x->length;
      bs_count_letters(x->moves, (size_t)x->length, t->letters);
    }
    t->unsolvable += x->status == BS_ST_UNSOLVABLE;
    t->gave_up += x->status == BS_ST_GAVE_UP || x->dropped;
  }
}

/* When the set limits the total of each letter, drops answers until all
 * four fit (bs_fit_limits). Returns the number dropped, or -1 when out of
 * memory. */
static int fit_limits(batch *b) {
  if (!b->set.has_limits || b->sharded) return 0;
  const int n = b->set.n;
  const char **moves = calloc((size_t)n + 1, sizeof *moves);
  size_t *len = calloc((size_t)n + 1, sizeof *len);
  unsigned char *drop = calloc((size_t)n + 1, 1);
  int dropped = -1;
  if (moves && len && drop) {
    for (int i = 0; i < n; i++) {
      const item *x = &b->it[i];
      if (x->state == IT_DONE && x->status == BS_ST_SOLVED) moves[i] = x->moves, len[i] = (size_t)x->length;
    }
    dropped = bs_fit_limits(b->set.limit, n, moves, len, drop);
    for (int i = 0; i < n; i++) b->it[i].dropped = (signed char)drop[i];
  }
  free(moves);
  free(len);
  free(drop);
  return dropped;
}

/* Over the boards whose answers count in the moves: their lower bounds
 * (bs_lower_bound) and their floors (what the runs proved of the shortest
 * answers, at least the lower bound). Either bounds how far above the
 * shortest answers the moves are, the floors more tightly. */
static void bound_totals(const batch *b, long *bound, long *floor) {
  *bound = *floor = 0;
  for (int i = 0; i < b->set.n; i++) {
    const item *x = &b->it[i];
    if (x->state == IT_DONE && x->status == BS_ST_SOLVED && !x->dropped) {
      *bound += bs_lower_bound(&b->set.e[i].board);
      *floor += x->floor;
    }
  }
}

static void print_reasons(const batch *b, int status, int with_dropped, FILE *f) {
  int first = 1;
  for (int r = -1; r < b->nreasons; r++) {
    int n = 0;
    for (int i = 0; i < b->set.n; i++) {
      const item *x = &b->it[i];
      if (x->state != IT_DONE || x->dropped || x->status != status) continue;
      n += r < 0 ? !x->reason : x->reason == b->reasons[r];
    }
    if (!n) continue;
    fprintf(f, "%s%s %d", first ? "  (" : ", ", r < 0 ? "no reason" : b->reasons[r], n);
    first = 0;
  }
  if (with_dropped) {
    int n = 0;
    for (int i = 0; i < b->set.n; i++) n += b->it[i].dropped;
    if (n) {
      fprintf(f, "%smove limits %d", first ? "  (" : ", ", n);
      first = 0;
    }
  }
  if (!first) fputc(')', f);
  fputc('\n', f);
}

static void summary(const batch *b, const char *setpath, const tally *t, double secs, int jobs,
                    uint64_t mem) {
  FILE *f = stderr;
  fprintf(f, "bislide batch: %s: %d puzzle%s", setpath, t->puzzles, t->puzzles == 1 ? "" : "s");
  if (b->sharded)
    fprintf(f, " (shard %d/%d of %d)", b->shard_k, b->shard_n, b->set.n);
  fprintf(f, ", mode %s, %d job%s\n", bs_mode_name(b->mode), jobs, jobs == 1 ? "" : "s");
  fprintf(f, "  solved       %6d  (%d proven optimal)\n", t->solved, t->optimal);
  fprintf(f, "  unsolvable   %6d", t->unsolvable);
  print_reasons(b, BS_ST_UNSOLVABLE, 0, f);
  fprintf(f, "  gave up      %6d", t->gave_up);
  print_reasons(b, BS_ST_GAVE_UP, 1, f);
  if (t->invalid) fprintf(f, "  invalid      %6d  (lines that are no board, reported above)\n", t->invalid);
  if (t->pending) fprintf(f, "  not done     %6d  (bislide batch --resume continues)\n", t->pending);
  fprintf(f, "  moves        %6ld ", t->moves);
  for (int d = 0; d < 4; d++) {
    if (b->set.has_limits)
      fprintf(f, " %c %ld/%ld%s", bs_dir_chars[d], t->letters[d], b->set.limit[d],
              t->letters[d] > b->set.limit[d] ? " OVER" : "");
    else
      fprintf(f, " %c %ld", bs_dir_chars[d], t->letters[d]);
  }
  fputc('\n', f);
  long bound, floor;
  bound_totals(b, &bound, &floor);
  if (t->solved) {
    fprintf(f, "  lower bound  %6ld  (the shortest answers take at least this; these %.1f%% more)\n", bound,
            bound ? 100.0 * (double)(t->moves - bound) / (double)bound : 0.0);
    fprintf(f, "  floor        %6ld  (as the runs proved, at least this; these %.1f%% more)\n", floor,
            floor ? 100.0 * (double)(t->moves - floor) / (double)floor : 0.0);
  }
  if (b->set.has_limits && b->sharded)
    fprintf(f, "  move limits  not applied to a shard: they bind the whole set\n");
  else if (t->dropped)
    fprintf(f, "  move limits  %d answer%s (%ld moves) dropped to keep every letter within its limit\n",
            t->dropped, t->dropped == 1 ? "" : "s", t->dropped_moves);
  fprintf(f, "  time         %.1f s, %.0f puzzles/min (%d done in this run", secs,
          secs > 0 ? b->done_run / secs * 60 : 0.0, b->done_run);
  if (t->resumed) fprintf(f, ", %d from the journal", t->resumed);
  fprintf(f, ")\n");
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  fprintf(f, "  peak memory  %.1f MiB resident (--mem %.1f MiB: %.1f MiB for each of %d worker%s)\n",
          ru.ru_maxrss / 1024.0, mem / 1048576.0, mem / (double)jobs / 1048576.0, jobs,
          jobs == 1 ? "" : "s");
}

static void json_lines(const batch *b, FILE *f, const tally *t, double secs, const char *store) {
  bs_result r;
  for (int i = 0; i < b->set.n; i++) {
    const item *x = &b->it[i];
    if (x->state == IT_SKIP || x->state == IT_TODO) continue;
    if (x->state == IT_INVALID) {
      fprintf(f, "{\"index\":%d,\"line\":%d,\"status\":\"invalid\",\"reason\":", i + 1,
              b->set.e[i].line);
      bs_json_string(f, b->set.e[i].err);
      fputs("}\n", f);
      continue;
    }
    memset(&r, 0, sizeof r);
    r.status = x->dropped ? BS_ST_GAVE_UP : (bs_status)x->status;
    r.reason = x->dropped ? "move limits" : x->reason;
    r.optimal = x->optimal && !x->dropped;
    r.floor = x->floor;
    r.length = x->length;
    if (x->moves) snprintf(r.moves, sizeof r.moves, "%s", x->moves);
    r.expanded = x->expanded;
    r.generated = x->generated;
    memcpy(r.phase, x->phase, sizeof r.phase);
    r.pdb_ms = x->pdb_ms;
    bs_print_json(f, i + 1, &b->set.e[i].board, &r, x->ms, x->cpu_ms, store);
    fputc('\n', f);
  }
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  long bound, floor;
  bound_totals(b, &bound, &floor);
  fprintf(f,
          "{\"summary\":{\"puzzles\":%d,\"solved\":%d,\"optimal\":%d,\"unsolvable\":%d,"
          "\"gave_up\":%d,\"invalid\":%d,\"not_done\":%d,\"dropped\":%d,\"moves\":%ld,"
          "\"bound\":%ld,\"floor\":%ld,\"L\":%ld,\"R\":%ld,\"U\":%ld,\"D\":%ld,",
          t->puzzles, t->solved, t->optimal, t->unsolvable, t->gave_up, t->invalid, t->pending,
          t->dropped, t->moves, bound, floor, t->letters[0], t->letters[1], t->letters[2], t->letters[3]);
  if (b->set.has_limits)
    fprintf(f, "\"limits\":[%ld,%ld,%ld,%ld],", b->set.limit[0], b->set.limit[1], b->set.limit[2],
            b->set.limit[3]);
  else
    fputs("\"limits\":null,", f);
  fprintf(f, "\"reasons\":{");
  for (int r2 = 0; r2 < b->nreasons; r2++) {
    int n = 0;
    for (int i = 0; i < b->set.n; i++)
      n += b->it[i].state == IT_DONE && !b->it[i].dropped && b->it[i].status != BS_ST_SOLVED &&
           b->it[i].reason == b->reasons[r2];
    fprintf(f, "%s", r2 ? "," : "");
    bs_json_string(f, b->reasons[r2]);
    fprintf(f, ":%d", n);
  }
  if (t->dropped) fprintf(f, "%s\"move limits\":%d", b->nreasons ? "," : "", t->dropped);
  fprintf(f, "},\"seconds\":%.3f,\"from_journal\":%d,\"peak_rss_kb\":%ld}}\n", secs, t->resumed,
          (long)ru.ru_maxrss);
}

/* The answer file's text: the set's answer format, or a shard file. */
static char *answers_text(const batch *b, size_t *len) {
  char *buf = NULL;
  FILE *f = open_memstream(&buf, len);
  if (!f) return NULL;
  if (b->sharded) fprintf(f, "# bislide shard %d/%d of %d puzzles\n", b->shard_k, b->shard_n, b->set.n);
  for (int i = 0; i < b->set.n; i++) {
    const item *x = &b->it[i];
    if (x->state == IT_SKIP) continue;
    if (b->sharded) fprintf(f, "%d\t", i + 1);
    if (x->state == IT_DONE && x->status == BS_ST_SOLVED && !x->dropped) fputs(x->moves, f);
    fputc('\n', f);
  }
  if (fclose(f)) {
    free(buf);
    return NULL;
  }
  return buf;
}

static int parse_shard(const char *s, int *k, int *n) {
  char buf[32];
  const char *slash = strchr(s, '/');
  long kk, nn;
  if (!slash || (size_t)(slash - s) >= sizeof buf) return -1;
  memcpy(buf, s, (size_t)(slash - s));
  buf[slash - s] = 0;
  if (bs_parse_long(buf, 0, BS_SHARDS_MAX, &kk) || bs_parse_long(slash + 1, 1, BS_SHARDS_MAX, &nn) ||
      kk >= nn)
    return -1;
  *k = (int)kk;
  *n = (int)nn;
  return 0;
}

static long default_jobs(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > BS_JOBS_MAX ? BS_JOBS_MAX : n;
}

/* Where the journal goes: beside a regular (or new) answer file; none for
 * standard output or a device, which cannot be renamed over. */
static char *journal_path(const char *out) {
  if (bs_outfile_in_place(out)) return NULL;
  size_t n = strlen(out) + 9;
  char *p = malloc(n);
  if (p) snprintf(p, n, "%s.journal", out);
  return p;
}

static void progress(const batch *b, double t0, int final) {
  if (final) {
    fputs("\r\033[K", stderr);
    return;
  }
  double secs = (bs_now_ms() - t0) / 1e3, rate = secs > 0 ? b->done_run / secs : 0;
  int done = b->done_before + b->done_run, total = b->in_shard - b->invalid; /* invalid: never done */
  int solved = b->solved_before + b->solved_run;
  long eta = rate > 0 ? (long)((b->ntodo - b->done_run) / rate) : -1;
  char line[160], when[32] = "-";
  if (eta >= 0) snprintf(when, sizeof when, "%ld:%02ld", eta / 60, eta % 60);
  int len = snprintf(line, sizeof line, "  %d/%d done, %d solved, %.1f puzzles/s, ETA %s", done, total, solved,
                     rate, when);
  /* A line that wrapped would leave its first rows behind at each '\r'. */
  struct winsize ws;
  if (!ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) && ws.ws_col > 1 && len >= ws.ws_col) line[ws.ws_col - 1] = 0;
  fprintf(stderr, "\r%s\033[K", line);
}

/* The order of work (by_layout): layouts with more open cells first, then
 * those with more puzzles, then by layout, then in input order. */
static const bs_set *order_set;
static const int *order_count; /* puzzles of each puzzle's layout; NULL: not yet known */
static int same_layout(const bs_board *x, const bs_board *y) {
  return x->w == y->w && x->h == y->h && x->wall == y->wall;
}
static int by_layout(const void *pa, const void *pb) {
  const int i = *(const int *)pa, j = *(const int *)pb;
  const bs_board *x = &order_set->e[i].board, *y = &order_set->e[j].board;
  int d = bs_open_cells(y) - bs_open_cells(x);
  if (!d && order_count) d = order_count[j] - order_count[i];
  if (!d) d = (x->w > y->w) - (x->w < y->w);
  if (!d) d = (x->h > y->h) - (x->h < y->h);
  if (!d) d = (x->wall > y->wall) - (x->wall < y->wall);
  return d ? d : (i > j) - (i < j);
}

/* Sorts todo by_layout and splits it into groups of one layout, each of
 * at most an eighth of a worker's share, so that the workers still share
 * a set of few layouts evenly. */
static int group_todo(batch *b, int jobs) {
  int *count = malloc(((size_t)b->set.n + 1) * sizeof *count);
  b->group = malloc(((size_t)b->ntodo + 1) * sizeof *b->group);
  if (!count || !b->group) {
    free(count);
    return -1;
  }
  const int most = b->ntodo / (8 * jobs) > 1 ? b->ntodo / (8 * jobs) : 1;
  order_set = &b->set;
  for (int pass = 0; pass < 2; pass++) { /* by layout, to count; then by count too */
    order_count = pass ? count : NULL;
    qsort(b->todo, (size_t)b->ntodo, sizeof *b->todo, by_layout);
    b->ngroup = 0;
    for (int k = 0, at = 0; k < b->ntodo; k++)
      if (!k || !same_layout(&b->set.e[b->todo[k]].board, &b->set.e[b->todo[k - 1]].board) ||
          (pass && k - at == most))
        b->group[b->ngroup++] = at = k;
    b->group[b->ngroup] = b->ntodo;
    if (!pass) /* groups are whole layouts here */
      for (int g = 0; g < b->ngroup; g++)
        for (int k = b->group[g]; k < b->group[g + 1]; k++) count[b->todo[k]] = b->group[g + 1] - b->group[g];
  }
  order_count = NULL;
  free(count);
  return 0;
}

/* Runs the workers until the puzzles are done, a write fails or a signal
 * comes, showing progress on a terminal. Returns -1 if no thread starts. */
static int run_workers(batch *b, worker *w, int nw, double t0) {
  struct sigaction sa;
  journal_kept = b->journaling;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART; /* a write to a full pipe ('-o -' into less) must not fail on EINTR */
  sigemptyset(&sa.sa_mask);
  /* A signal the caller ignores (a background job of a script) stays so. */
  static const int sigs[] = {SIGINT, SIGTERM};
  for (int i = 0; i < 2; i++) {
    struct sigaction old;
    if (!sigaction(sigs[i], NULL, &old) && old.sa_handler != SIG_IGN) sigaction(sigs[i], &sa, NULL);
  }
  int tty = isatty(STDERR_FILENO), started = 0;
  pthread_mutex_lock(&b->mu);
  for (; started < nw; started++) {
    b->running++;
    int e = pthread_create(&w[started].tid, NULL, work, &w[started]);
    if (e) {
      b->running--;
      if (!started) {
        pthread_mutex_unlock(&b->mu);
        fprintf(stderr, "bislide batch: cannot start a thread: %s\n", strerror(e));
        return -1;
      }
      break; /* fewer workers; the answers do not change */
    }
  }
  while (b->running) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 200 * 1000000L;
    if (ts.tv_nsec >= 1000000000L) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&b->cv, &b->mu, &ts);
    if (atomic_load(&got_signal)) atomic_store(&b->stop, 1);
    if (tty) progress(b, t0, 0);
  }
  pthread_mutex_unlock(&b->mu);
  for (int k = 0; k < started; k++) pthread_join(w[k].tid, NULL);
  if (tty) progress(b, t0, 1);
  return 0;
}

int bs_cmd_batch(int argc, char **argv) {
  static const struct option opts[] = {
      {"output", required_argument, 0, 'o'}, {"jobs", required_argument, 0, 'j'},
      {"mem", required_argument, 0, 'm'},    {"store", required_argument, 0, 's'},
      {"mode", required_argument, 0, 'M'},   {"resume", no_argument, 0, 'r'},
      {"json", required_argument, 0, 'J'},   {"shard", required_argument, 0, 'S'},
      {"set", required_argument, 0, 'E'},    {"pdb-dir", required_argument, 0, 'P'},
      {"no-pdb-cache", no_argument, 0, 'N'}, {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  const char *out = NULL, *json = NULL;
  long jobs = default_jobs();
  uint64_t mem = BS_DEFAULT_MEM;
  int store = BS_STORE_ARENA, resume = 0, sharded = 0, shard_k = 0, shard_n = 1, c;
  int mode = BS_MODE_AUTO;
  bs_settings settings = bs_settings_default;
  char pdb_buf[PATH_MAX];
  const char *pdb_dir = bs_pdb_default_dir(pdb_buf, sizeof pdb_buf) ? NULL : pdb_buf;
  optind = 1;
  while ((c = getopt_long(argc, argv, "ho:j:", opts, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'j':
      if (bs_parse_long(optarg, 1, BS_JOBS_MAX, &jobs))
        return bs_usage_error("batch", "--jobs wants a number from 1 to %d, not '%s'", BS_JOBS_MAX,
                              optarg);
      break;
    case 'm':
      if (bs_parse_size(optarg, BS_MEM_MIN, BS_MAX_MEM, &mem))
        return bs_usage_error("batch", BS_MEM_USAGE, optarg);
      break;
    case 's':
      if ((store = bs_store_parse(optarg)) < 0) return bs_usage_error("batch", "unknown store '%s'", optarg);
      break;
    case 'M':
      if ((mode = bs_mode_parse(optarg)) < 0) return bs_usage_error("batch", "unknown mode '%s'", optarg);
      break;
    case 'r': resume = 1; break;
    case 'J': json = optarg; break;
    case 'E':
      if (bs_cli_setting("batch", &settings, optarg)) return BS_EXIT_USAGE;
      break;
    case 'P': /* '' would put the cache in the root directory */
      if (!*optarg) return bs_usage_error("batch", "--pdb-dir needs a directory (--no-pdb-cache: none)");
      pdb_dir = optarg;
      break;
    case 'N': pdb_dir = NULL; break;
    case 'S':
      if (parse_shard(optarg, &shard_k, &shard_n))
        return bs_usage_error("batch", "--shard wants K/N with 0 <= K < N, not '%s'", optarg);
      sharded = 1;
      break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("batch");
    }
  }
  if (argc - optind != 1) return bs_usage_error("batch", "give one SET (a file or '-')");
  if (!out) return bs_usage_error("batch", "give the answer file: -o ANSWERS");
  if (mem / (uint64_t)jobs < BS_MEM_MIN)
    return bs_usage_error("batch",
                          "--mem %llu over %ld jobs gives each worker %llu bytes, under the %d a store needs",
                          (unsigned long long)mem, jobs, (unsigned long long)(mem / (uint64_t)jobs),
                          BS_MEM_MIN);
  const char *setpath = argv[optind];
  /* A directory would be found out only when the answers are written, after
   * the whole run, and would have had no journal: refused now. */
  const char *outs[2] = {out, json};
  for (int i = 0; i < 2; i++) {
    struct stat st;
    if (outs[i] && strcmp(outs[i], "-") && !stat(outs[i], &st) && S_ISDIR(st.st_mode)) {
      fprintf(stderr, "bislide batch: %s: Is a directory\n", outs[i]);
      return BS_EXIT_FAIL;
    }
  }
  /* Outputs that are one file would clobber each other, and one that is
   * the set would replace it. */
  if (json && bs_same_file(out, json))
    return bs_usage_error("batch", "the answers and --json cannot both go to '%s'", json);
  for (int i = 0; i < 2; i++)
    if (outs[i] && bs_writes_over_set(outs[i], setpath))
      return bs_usage_error("batch", "'%s' is the set: it would be written over", outs[i]);
  char *jpath = journal_path(out);
  if (json && jpath && bs_same_file(json, jpath)) {
    free(jpath);
    return bs_usage_error("batch", "'%s' is the answers' journal: --json cannot go there", json);
  }
  if (resume && !jpath)
    return bs_usage_error("batch", "--resume needs a journal, so ANSWERS must be a file");
  const uint64_t wmem = mem / (uint64_t)jobs;

  batch bt;
  batch *b = &bt;
  memset(b, 0, sizeof *b);
  pthread_mutex_init(&b->mu, NULL);
  pthread_cond_init(&b->cv, NULL);
  int rc = BS_EXIT_FAIL, problems = bs_set_read(setpath, &b->set, stderr);
  worker *w = NULL;
  int nw = 0;
  bs_jload ld = {0};
  bs_outfile of = {0}, jf = {0}; /* the answers and --json */
  b->j.fd = -1;
  if (problems < 0) goto out;
  b->sharded = sharded;
  b->shard_k = shard_k;
  b->shard_n = shard_n;
  b->mode = (bs_mode)mode;
  b->settings = settings;
  b->opts = (bs_opts){.recycle = 1, .set = &b->settings, .pdb_dir = pdb_dir};
  b->it = calloc((size_t)b->set.n + 1, sizeof *b->it);
  b->todo = malloc(((size_t)b->set.n + 1) * sizeof *b->todo);
  if (!b->it || !b->todo) {
    fprintf(stderr, "bislide batch: out of memory\n");
    goto out;
  }
  for (int i = 0; i < b->set.n; i++) {
    if (i % shard_n != shard_k) continue;
    b->in_shard++;
    b->invalid += !b->set.e[i].ok;
    b->it[i].state = b->set.e[i].ok ? IT_TODO : IT_INVALID;
  }
  char err[4096]; /* the journal's header and this run's, both whole */
  if (jpath) {
    /* Everything the answers depend on, so that --resume refuses another
     * run's journal. */
    /* Whole, however many settings differ: a header cut short would let
     * runs that differ past the cut resume each other's journal. */
    const size_t need = bs_settings_changes(&b->settings, NULL, 0) + 1, hsize = need + 256;
    char *changed = malloc(need), *header = malloc(hsize);
    if (!changed || !header) {
      free(changed);
      free(header);
      fprintf(stderr, "bislide batch: out of memory\n");
      goto out;
    }
    bs_settings_changes(&b->settings, changed, need);
    snprintf(header, hsize, "set %016llx of %d puzzles, mode %s, %llu bytes a worker, shard %d/%d%s%s",
             (unsigned long long)set_hash(&b->set), b->set.n, bs_mode_name(b->mode),
             (unsigned long long)wmem, shard_k, shard_n, *changed ? ", settings " : "", changed);
    const int refused = bs_journal_open(&b->j, jpath, header, resume, &ld, err, sizeof err);
    free(changed);
    free(header);
    if (refused) {
      fprintf(stderr, "bislide batch: %s\n", err);
      goto out;
    }
    b->journaling = 1;
    if (load_journal(b, &ld, jpath)) goto out;
  }
  for (int i = 0; i < b->set.n; i++)
    if (b->it[i].state == IT_TODO) b->todo[b->ntodo++] = i;
  if (group_todo(b, (int)jobs)) {
    fprintf(stderr, "bislide batch: out of memory\n");
    goto out;
  }

  /* Workers beyond the puzzles left would idle; the share of memory stays
   * mem/jobs whatever is left, so a resumed run gives the same answers. */
  int want = b->ntodo < jobs ? (b->ntodo ? b->ntodo : 1) : (int)jobs;
  w = calloc((size_t)want, sizeof *w);
  if (!w) {
    fprintf(stderr, "bislide batch: out of memory\n");
    goto out;
  }
  for (; nw < want; nw++) {
    w[nw].b = b;
    if (bs_solver_init(&w[nw].sv, (bs_store_kind)store, wmem,
                       bs_solver_side(b->mode, &b->settings, wmem), err, sizeof err)) {
      fprintf(stderr, "bislide batch: --mem %llu bytes over %ld job%s gives each worker %llu: %s\n",
              (unsigned long long)mem, jobs, jobs == 1 ? "" : "s", (unsigned long long)wmem, err);
      goto out;
    }
  }

  /* Both outputs are opened now (bs_outfile.h) and written at the end: one
   * that cannot be made (a missing directory, no permission) is found
   * before the run, not after it. Their temporary files go until then. */
  if (bs_outfile_open(&of, out, "batch") || (json && bs_outfile_open(&jf, json, "batch"))) goto out;
  bs_outfile_park(&of);
  bs_outfile_park(&jf);
  if (b->ntodo) bs_cli_con_warn("batch", b->mode, &b->settings, wmem, jobs);
  double t0 = bs_now_ms();
  if (b->ntodo && run_workers(b, w, nw, t0)) goto out;
  double secs = (bs_now_ms() - t0) / 1e3;

  tally t;
  if (b->werr) {
    tally_up(b, &t);
    summary(b, setpath, &t, secs, (int)jobs, mem);
    fprintf(stderr, "bislide batch: %s\n", b->err);
    if (b->unjournaled)
      fprintf(stderr,
              "bislide batch: %d of the puzzles finished are not in the journal: --resume solves them "
              "again\n",
              b->unjournaled);
    goto out;
  }
  if (b->done_run < b->ntodo) {
    tally_up(b, &t);
    summary(b, setpath, &t, secs, (int)jobs, mem);
    fprintf(stderr, "bislide batch: interrupted: %d of %d puzzles left; %s\n", b->ntodo - b->done_run,
            b->in_shard, b->journaling ? "bislide batch --resume continues from the journal"
                                       : "no journal was kept (ANSWERS is no file)");
    int sig = atomic_load(&got_signal);
    rc = 128 + (sig ? sig : SIGINT);
    goto out;
  }
  if (fit_limits(b) < 0) {
    fprintf(stderr, "bislide batch: out of memory\n");
    goto out;
  }
  tally_up(b, &t);
  size_t len = 0;
  char *text = answers_text(b, &len);
  if (!text) {
    fprintf(stderr, "bislide batch: out of memory\n");
    goto out;
  }
  /* The answers, then --json (bs_outfile_before); the second is written
   * only when the first is out. */
  const int json_first = json && bs_outfile_before(&jf, &of);
  int failed = 0;
  for (int k = 0; k < 2 && !failed; k++)
    if ((k == 0) != json_first) {
      if (!(failed = bs_outfile_reopen(&of, "batch"))) {
        fwrite(text, 1, len, of.f);
        failed = bs_outfile_commit(&of, "batch");
      }
    } else if (json && !(failed = bs_outfile_reopen(&jf, "batch"))) {
      json_lines(b, jf.f, &t, secs, bs_store_name((bs_store_kind)store));
      failed = bs_outfile_commit(&jf, "batch");
    }
  free(text);
  /* Everything is in ANSWERS now: the journal has done its job, and goes
   * before the summary, which a closed stderr would end with SIGPIPE. */
  if (!failed) bs_journal_close(&b->j, 1);
  summary(b, setpath, &t, secs, (int)jobs, mem);
  if (failed) goto out;
  rc = problems ? BS_EXIT_FAIL : BS_EXIT_OK;
out:
  bs_outfile_abort(&of); /* nothing, once committed */
  bs_outfile_abort(&jf);
  /* A journal without a single result (a failed start) is not worth keeping. */
  if (b->j.path) bs_journal_close(&b->j, b->done_before + b->done_run == 0);
  for (int k = 0; k < nw; k++) bs_solver_free(&w[k].sv);
  free(w);
  bs_jload_free(&ld);
  for (int i = 0; b->it && i < b->set.n; i++) free(b->it[i].moves);
  for (int i = 0; i < b->nreasons; i++) free(b->reasons[i]);
  free(b->it);
  free(b->todo);
  free(b->group);
  free(jpath);
  bs_set_free(&b->set);
  pthread_mutex_destroy(&b->mu);
  pthread_cond_destroy(&b->cv);
  return rc;
}
