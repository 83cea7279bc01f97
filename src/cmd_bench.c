/* bislide bench: the same puzzles through each store, side by side.
 *
 * First a known-answer check: every store solves the set once, every answer
 * is replayed, and every store must agree with the first one byte for byte
 * and in its node counts; on the default set at the default --mem, the node
 * count and each answer's length must also be the pinned ones (below).
 * Otherwise nothing is timed. Then the timed passes interleave the stores,
 * A B C A B C, so that a drift in the machine's speed falls on all of them
 * alike. Only the solves are inside the clock. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bs_cli.h"
#include "bs_outfile.h"
#include "bs_parse.h"
#include "bs_solver.h"
#include "bs_verify.h"

#define BS_BENCH_SET "bench/set.txt"
#define BS_BENCH_REPEAT 3
#define BS_BENCH_REPEAT_MAX 1000

/* What the bfs search (--mode bfs) does on BS_BENCH_SET at BS_DEFAULT_MEM,
 * pinned as xxHash pins its test vectors: the signature (generated
 * states) and the answer lengths in set order. tests/pins.txt holds the
 * same values, which tests/test_pins.c checks; scripts/update-pins.sh
 * rewrites both when a change moves them on purpose, to be committed with
 * that change. */
#define BS_BENCH_PIN_SIGNATURE 7105497ull
#define BS_BENCH_PIN_LENGTHS 38, 42, 35, 37, 29, 39, 32, 40, 38, 45, 42, 32, 18, 36, 32, 35

typedef struct bench_store {
  bs_store_kind kind;
  bs_solver sv;
  int solved;
  uint64_t generated; /* one pass: the signature */
  uint32_t peak_states;
  size_t peak_bytes;
  double *rate; /* states/s of each timed pass */
  double med, min, max;
} bench_store;

static void help(void) {
  printf("usage: bislide bench [OPTIONS] [SET]\n\n"
         "Runs the same puzzles through each state store in one process and prints a\n"
         "table, one row per store, then the signature: the total of generated states,\n"
         "which is the same for every store. A known-answer check comes first: each\n"
         "store solves the set once, every answer is replayed, and the stores must\n"
         "agree exactly; if not, nothing is timed. Timed passes interleave the stores\n"
         "(A B C A B C). Without SET it runs the copy of " BS_BENCH_SET " built into\n"
         "the program, and then, at the default --mem, the check also compares the\n"
         "signature and each answer's length with the values pinned in the\n"
         "program: a mismatch fails loudly.\n\n"
         "  --store LIST   comma-separated stores (default arena,object,pool)\n"
         "  --repeat N     timed passes per store, 1.." BS_STR(BS_BENCH_REPEAT_MAX) " (default "
         BS_STR(BS_BENCH_REPEAT) ")\n"
         "  --mem SIZE     memory cap, the same number of states for every store,\n"
         "                 " BS_STR(BS_MEM_MIN) " to " BS_MAX_MEM_TEXT ", K/M/G/T suffixes (default "
         BS_DEFAULT_MEM_TEXT ")\n"
         "  --csv FILE     also write the table as CSV ('-': stdout, instead of the\n"
         "                 table)\n"
         "  --json         print one JSON object instead of the table\n"
         "  --check        only the known-answer check (one untimed pass per store),\n"
         "                 then the signature\n"
         "  -h, --help     show this help\n\n"
         "Columns: puzzles solved; states generated in one pass; states/s, the median\n"
         "of the passes with their min and max; ns/state at the median; peak store\n"
         "bytes, the most any puzzle held (object and pool: what malloc spent); bytes\n"
         "per state, peak bytes / peak states; states/s relative to arena (or to the\n"
         "first store when arena is not run).\n\n"
         "Exit status: 0 ok, 1 invalid set, failed check or failure, 2 usage error.\n");
}

/* Parses "a,b,c" into distinct store kinds. Returns the count, or -1. */
static int parse_stores(const char *list, bs_store_kind *kinds) {
  int n = 0;
  const char *p = list;
  for (;;) {
    size_t len = strcspn(p, ",");
    char name[16];
    if (!len || len >= sizeof name || n == BS_NSTORES) return -1;
    memcpy(name, p, len);
    name[len] = 0;
    int k = bs_store_parse(name);
    if (k < 0) return -1;
    for (int i = 0; i < n; i++)
      if (kinds[i] == (bs_store_kind)k) return -1;
    kinds[n++] = (bs_store_kind)k;
    if (!p[len]) return n;
    p += len + 1;
  }
}

static int same_reason(const char *a, const char *b) { return a == b || (a && b && !strcmp(a, b)); }

static void note_peaks(bench_store *b, const bs_result *r) {
  if (r->peak_states > b->peak_states) b->peak_states = r->peak_states;
  if (r->peak_bytes > b->peak_bytes) b->peak_bytes = r->peak_bytes;
}

/* What runs now, on one line of a terminal; rounds 0: the check. */
static void progress(int tty, const bench_store *b, int round, int rounds) {
  if (!tty) return;
  if (rounds)
    fprintf(stderr, "\rbislide bench: timing pass %d/%d: %-6s   ", round, rounds, bs_store_name(b->kind));
  else
    fprintf(stderr, "\rbislide bench: known-answer check: %-6s   ", bs_store_name(b->kind));
}

/* The known-answer check. Returns the number of problems found. */
static int check(bench_store *st, int ns, const bs_set *set, const bs_opts *o, bs_result *ref,
                 bs_result *r, int tty) {
  int bad = 0;
  for (int s = 0; s < ns; s++) {
    bench_store *b = &st[s];
    progress(tty, b, 0, 0);
    for (int i = 0; i < set->n; i++) {
      const bs_entry *e = &set->e[i];
      bs_result *x = s ? r : &ref[i];
      bs_solver_solve(&b->sv, &e->board, BS_MODE_BFS, o, x);
      b->solved += x->status == BS_ST_SOLVED;
      b->generated += x->generated;
      note_peaks(b, x);
      size_t at;
      int rc = BS_RP_OK;
      if (x->status == BS_ST_SOLVED && (rc = bs_replay(&e->board, x->moves, (size_t)x->length, &at))) {
        fprintf(stderr, "%s:%d: %s's answer %s at move %zu\n", set->path, e->line,
                bs_store_name(b->kind), bs_replay_fault(rc), at + 1);
        bad++;
      }
      if (s && (x->status != ref[i].status || !same_reason(x->reason, ref[i].reason) ||
                x->length != ref[i].length || strcmp(x->moves, ref[i].moves) ||
                x->expanded != ref[i].expanded || x->generated != ref[i].generated)) {
        fprintf(stderr,
                "%s:%d: %s disagrees with %s: %s %d moves, %llu expanded, %llu generated "
                "against %s %d moves, %llu expanded, %llu generated\n",
                set->path, e->line, bs_store_name(b->kind), bs_store_name(st[0].kind),
                bs_status_name(x->status), x->length, (unsigned long long)x->expanded,
                (unsigned long long)x->generated, bs_status_name(ref[i].status), ref[i].length,
                (unsigned long long)ref[i].expanded, (unsigned long long)ref[i].generated);
        bad++;
      }
    }
  }
  if (tty) fputc('\n', stderr);
  return bad;
}

/* --mem as it could be written: the largest suffix that divides it. */
static const char *mem_text(uint64_t mem, char *buf, size_t len) {
  static const char unit[] = "TGMK";
  for (int i = 0; i < 4; i++) {
    const unsigned shift = 10u * (4 - (unsigned)i);
    if (mem && !(mem & ((1ull << shift) - 1))) {
      snprintf(buf, len, "%llu%c", (unsigned long long)(mem >> shift), unit[i]);
      return buf;
    }
  }
  snprintf(buf, len, "%llu", (unsigned long long)mem);
  return buf;
}

/* The pinned results against the check's: ref holds the first store's
 * answers, b->generated its signature. Returns the number of problems,
 * each reported with what was pinned. */
static int check_pins(const bench_store *b, const bs_set *set, const bs_result *ref, uint64_t mem) {
  static const int lengths[] = {BS_BENCH_PIN_LENGTHS};
  char mt[32];
  const int npinned = (int)(sizeof lengths / sizeof *lengths);
  int bad = 0;
  if (set->n != npinned) {
    fprintf(stderr, "%s: %d puzzles, %d pinned\n", set->path, set->n, npinned);
    bad++;
  }
  for (int i = 0; i < set->n && i < npinned; i++)
    if (ref[i].status != BS_ST_SOLVED || ref[i].length != lengths[i]) {
      fprintf(stderr, "%s:%d: %s, %d moves; pinned: solved, %d moves\n", set->path, set->e[i].line,
              bs_status_name(ref[i].status), ref[i].length, lengths[i]);
      bad++;
    }
  if (b->generated != BS_BENCH_PIN_SIGNATURE) {
    fprintf(stderr, "%s: signature %llu generated states; pinned: %llu\n", set->path,
            (unsigned long long)b->generated, BS_BENCH_PIN_SIGNATURE);
    bad++;
  }
  if (bad)
    fprintf(stderr,
            "bislide bench: PINNED RESULTS MOVED: the bfs search on %s at --mem %s no longer\n"
            "does what src/cmd_bench.c and tests/pins.txt pin. If the change is meant, run\n"
            "scripts/update-pins.sh and say in the commit message why the pins moved.\n",
            set->path, mem_text(mem, mt, sizeof mt));
  return bad;
}

/* One timed pass of store b over the set: states generated per second, or
 * -1 when the pass generated other than the check's count. */
static double timed_pass(bench_store *b, const bs_set *set, const bs_opts *o, bs_result *r) {
  uint64_t gen = 0;
  double t = bs_now_ms();
  for (int i = 0; i < set->n; i++) {
    bs_solver_solve(&b->sv, &set->e[i].board, BS_MODE_BFS, o, r);
    gen += r->generated;
    note_peaks(b, r);
  }
  t = bs_now_ms() - t;
  if (gen != b->generated) return -1;
  return t > 0 ? gen / (t / 1e3) : 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void summarize(bench_store *b, int repeat) {
  double *v = malloc((size_t)repeat * sizeof *v);
  if (v) {
    memcpy(v, b->rate, (size_t)repeat * sizeof *v);
    qsort(v, (size_t)repeat, sizeof *v, cmp_double);
    b->min = v[0];
    b->max = v[repeat - 1];
    b->med = repeat % 2 ? v[repeat / 2] : (v[repeat / 2 - 1] + v[repeat / 2]) / 2;
    free(v);
  }
}

static double bytes_per_state(const bench_store *b) {
  return b->peak_states ? (double)b->peak_bytes / b->peak_states : 0;
}

/* The CPU model, for the header line; "unknown" when /proc says nothing. */
static void cpu_model(char *out, size_t len) {
  snprintf(out, len, "unknown CPU");
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (!f) return;
  char line[256];
  while (fgets(line, sizeof line, f)) {
    char *colon = strchr(line, ':');
    if (!strncmp(line, "model name", 10) && colon) {
      colon += 1 + (colon[1] == ' ');
      colon[strcspn(colon, "\n")] = 0;
      snprintf(out, len, "%s", colon);
      break;
    }
  }
  fclose(f);
}

static void print_table(FILE *f, const bench_store *st, int ns, int nref, const bs_set *set,
                        int repeat, uint64_t mem) {
  char cpu[128];
  cpu_model(cpu, sizeof cpu);
  char mt[32];
  fprintf(f, "bislide bench: %s, %d puzzles, --mem %s, %d timed pass%s per store; %ld CPUs, %s\n\n",
          set->path, set->n, mem_text(mem, mt, sizeof mt), repeat, repeat == 1 ? "" : "es",
          sysconf(_SC_NPROCESSORS_ONLN), cpu);
  fprintf(f, "%-7s %9s %12s %28s %9s %12s %12s %9s\n", "store", "solved", "generated",
          "states/s median [min-max]", "ns/state", "peak bytes", "bytes/state", "vs");
  for (int s = 0; s < ns; s++) {
    const bench_store *b = &st[s];
    char solved[24], range[48], vs[24];
    snprintf(solved, sizeof solved, "%d/%d", b->solved, set->n);
    snprintf(range, sizeof range, "%.2fM [%.2fM-%.2fM]", b->med / 1e6, b->min / 1e6, b->max / 1e6);
    snprintf(vs, sizeof vs, "%.2fx %s", b->med / st[nref].med, bs_store_name(st[nref].kind));
    fprintf(f, "%-7s %9s %12llu %28s %9.1f %12zu %12.1f %9s\n", bs_store_name(b->kind), solved,
            (unsigned long long)b->generated, range, 1e9 / b->med, b->peak_bytes, bytes_per_state(b),
            vs);
  }
  fprintf(f, "\nsignature: %llu generated states (%s)\n", (unsigned long long)st[0].generated,
          ns > 1 ? "equal across stores" : "one store");
}

static void print_csv(FILE *f, const bench_store *st, int ns, int nref, const bs_set *set) {
  fprintf(f, "store,solved,puzzles,generated,states_per_s_median,states_per_s_min,states_per_s_max,"
             "ns_per_state,peak_bytes,peak_states,bytes_per_state,ratio\n");
  for (int s = 0; s < ns; s++) {
    const bench_store *b = &st[s];
    fprintf(f, "%s,%d,%d,%llu,%.0f,%.0f,%.0f,%.2f,%zu,%u,%.2f,%.3f\n", bs_store_name(b->kind),
            b->solved, set->n, (unsigned long long)b->generated, b->med, b->min, b->max, 1e9 / b->med,
            b->peak_bytes, b->peak_states, bytes_per_state(b), b->med / st[nref].med);
  }
}

static void print_json(FILE *f, const bench_store *st, int ns, int nref, const bs_set *set,
                       int repeat, uint64_t mem) {
  fputs("{\"set\":", f);
  bs_json_string(f, set->path);
  fprintf(f, ",\"puzzles\":%d,\"repeat\":%d,\"mem\":%llu,\"signature\":%llu,\"stores\":[", set->n,
          repeat, (unsigned long long)mem, (unsigned long long)st[0].generated);
  for (int s = 0; s < ns; s++) {
    const bench_store *b = &st[s];
    fprintf(f,
            "%s{\"store\":\"%s\",\"solved\":%d,\"generated\":%llu,\"states_per_s\":{\"median\":%.0f,"
            "\"min\":%.0f,\"max\":%.0f},\"ns_per_state\":%.2f,\"peak_bytes\":%zu,\"peak_states\":%u,"
            "\"bytes_per_state\":%.2f,\"ratio\":%.3f,\"runs\":[",
            s ? "," : "", bs_store_name(b->kind), b->solved, (unsigned long long)b->generated, b->med,
            b->min, b->max, 1e9 / b->med, b->peak_bytes, b->peak_states, bytes_per_state(b),
            b->med / st[nref].med);
    for (int k = 0; k < repeat; k++) fprintf(f, "%s%.0f", k ? "," : "", b->rate[k]);
    fputs("]}", f);
  }
  fputs("]}\n", f);
}

int bs_cmd_bench(int argc, char **argv) {
  static const struct option opts[] = {
      {"store", required_argument, 0, 's'}, {"repeat", required_argument, 0, 'r'},
      {"csv", required_argument, 0, 'c'},   {"json", no_argument, 0, 'j'},
      {"mem", required_argument, 0, 'm'},   {"check", no_argument, 0, 'k'},
      {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
  bs_store_kind kinds[BS_NSTORES] = {BS_STORE_ARENA, BS_STORE_OBJECT, BS_STORE_POOL};
  int ns = BS_NSTORES, json = 0, only_check = 0, c;
  long repeat = BS_BENCH_REPEAT;
  uint64_t mem = BS_DEFAULT_MEM;
  const char *csv = NULL;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 's':
      if ((ns = parse_stores(optarg, kinds)) < 0)
        return bs_usage_error("bench", "--store wants distinct stores among arena,object,pool, not '%s'",
                              optarg);
      break;
    case 'r':
      if (bs_parse_long(optarg, 1, BS_BENCH_REPEAT_MAX, &repeat))
        return bs_usage_error("bench", "--repeat wants a whole number from 1 to %d, not '%s'",
                              BS_BENCH_REPEAT_MAX, optarg);
      break;
    case 'c': csv = optarg; break;
    case 'j': json = 1; break;
    case 'k': only_check = 1; break;
    case 'm':
      if (bs_parse_size(optarg, BS_MEM_MIN, BS_MAX_MEM, &mem))
        return bs_usage_error("bench", BS_MEM_USAGE, optarg);
      break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("bench");
    }
  }
  if (argc - optind > 1) return bs_usage_error("bench", "give at most one SET");
  if (json && csv && bs_same_file(csv, "-"))
    return bs_usage_error("bench", "--json and --csv %s both want stdout", csv);
  if (only_check && (json || csv))
    return bs_usage_error("bench", "--check times nothing to print as --json or --csv");
  const char *path = optind < argc ? argv[optind] : BS_BENCH_SET;
  if (csv && optind < argc && bs_writes_over_set(csv, path))
    return bs_usage_error("bench", "'%s' is the set: it would be written over", csv);
  const int pinned = !strcmp(path, BS_BENCH_SET) && mem == BS_DEFAULT_MEM;

  bs_set set;
  int problems = -1;
  if (optind < argc) {
    problems = bs_set_read(path, &set, stderr);
  } else { /* the copy built in, which the pins are of */
    static const char builtin[] =
#include "bench_set.inc"
        ;
    FILE *f = fmemopen((void *)builtin, sizeof builtin - 1, "r");
    if (f) {
      problems = bs_set_read_stream(f, path, &set, stderr);
      fclose(f);
    } else {
      fprintf(stderr, "bislide bench: %s\n", strerror(errno));
      memset(&set, 0, sizeof set);
    }
  }
  if (problems || !set.n) {
    if (problems > 0)
      fprintf(stderr, "bislide bench: %d problem%s in the set, nothing run\n", problems,
              problems == 1 ? "" : "s");
    else if (!problems)
      fprintf(stderr, "bislide bench: %s: no puzzles\n", path);
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }

  int rc = BS_EXIT_FAIL, tty = isatty(STDERR_FILENO), nref = 0, ready = 0;
  bench_store st[BS_NSTORES];
  memset(st, 0, sizeof st);
  bs_result *ref = calloc((size_t)set.n, sizeof *ref), *r = malloc(sizeof *r);
  bs_opts o = {.recycle = 1, .budget = 0};
  /* Opened now, so that a path it cannot write fails before the timing. */
  bs_outfile cf = {0};
  if (!ref || !r || (csv && bs_outfile_open(&cf, csv, "bench"))) goto out;
  for (; ready < ns; ready++) {
    char err[160];
    st[ready].kind = kinds[ready];
    if (kinds[ready] == BS_STORE_ARENA) nref = ready;
    st[ready].rate = calloc((size_t)repeat, sizeof *st[ready].rate);
    if (!st[ready].rate || bs_solver_init(&st[ready].sv, kinds[ready], mem, 0, err, sizeof err)) {
      fprintf(stderr, "bislide bench: %s\n", st[ready].rate ? err : "out of memory");
      free(st[ready].rate);
      goto out;
    }
  }
  int bad = check(st, ns, &set, &o, ref, r, tty);
  if (pinned) bad += check_pins(&st[0], &set, ref, mem);
  if (bad) {
    fprintf(stderr, "bislide bench: known-answer check failed (%d problem%s): nothing timed\n", bad,
            bad == 1 ? "" : "s");
    goto out;
  }
  if (only_check) {
    printf("signature: %llu generated states (%s%s)\n", (unsigned long long)st[0].generated,
           ns > 1 ? "equal across stores" : "one store", pinned ? ", as pinned" : "");
    rc = BS_EXIT_OK;
    goto out;
  }
  if (!st[0].generated) {
    fprintf(stderr, "bislide bench: %s: no puzzle needs a search, nothing to time\n", path);
    goto out;
  }
  for (int k = 0; k < repeat; k++)
    for (int s = 0; s < ns; s++) {
      progress(tty, &st[s], k + 1, (int)repeat);
      if ((st[s].rate[k] = timed_pass(&st[s], &set, &o, r)) < 0) {
        fprintf(stderr, "\nbislide bench: %s generated another count than in its check\n",
                bs_store_name(st[s].kind));
        goto out;
      }
    }
  if (tty) fputc('\n', stderr);
  for (int s = 0; s < ns; s++) summarize(&st[s], (int)repeat);

  rc = BS_EXIT_OK;
  if (csv) {
    print_csv(cf.f, st, ns, nref, &set);
    if (bs_outfile_commit(&cf, "bench")) rc = BS_EXIT_FAIL;
  }
  if (json)
    print_json(stdout, st, ns, nref, &set, (int)repeat, mem);
  else if (!csv || strcmp(csv, "-"))
    print_table(stdout, st, ns, nref, &set, (int)repeat, mem);
out:
  bs_outfile_abort(&cf);
  for (int s = 0; s < ready; s++) {
    bs_solver_free(&st[s].sv);
    free(st[s].rate);
  }
  free(ref);
  free(r);
  bs_set_free(&set);
  return rc;
}
