/* bislide bench, run as a user would: the table, the signature, --csv,
 * --json, --store and the range checks. Nothing here is timed: speed is
 * only measured by the bench itself. */
#include "bs_test.h"

#include <math.h>

/* Two 3x3 boards that need a search, the goal itself, and one that parity
 * rules out. */
#define SET "3,3,867254301\n3,3,647850321\n3,3,123456780\n3,3,213456780\n"

static char *line_starting(const char *text, const char *prefix) {
  for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
    if (!strncmp(p, prefix, strlen(prefix))) return (char *)p;
  return NULL;
}

Test(bench, table_has_a_row_per_store_and_the_signature) {
  bs_proc p;
  bs_run(&p, SET, "bench", "--repeat", "1", "-", NULL);
  cr_assert_eq(p.code, 0, "stderr: %s", p.err);
  const char *stores[] = {"arena ", "object ", "pool "};
  unsigned long long gen[3];
  for (int i = 0; i < 3; i++) {
    char *row = line_starting(p.out, stores[i]);
    cr_assert_not_null(row, "no %s row in:\n%s", stores[i], p.out);
    char solved[16];
    cr_assert_eq(sscanf(row + strlen(stores[i]), "%15s %llu", solved, &gen[i]), 2, "%s", row);
    cr_assert_str_eq(solved, "3/4", "%s", row);
  }
  cr_assert_eq(gen[1], gen[0]);
  cr_assert_eq(gen[2], gen[0]);
  char *sig = line_starting(p.out, "signature: ");
  cr_assert_not_null(sig, "%s", p.out);
  unsigned long long s;
  cr_assert_eq(sscanf(sig, "signature: %llu", &s), 1);
  cr_assert_eq(s, gen[0]);
  cr_assert_gt(s, 0);
  bs_proc_free(&p);
}

/* The header gives --mem as it could be written, below a MiB too. */
Test(bench, header_names_the_memory_as_given) {
  const char *mem[][2] = {{"2K", "--mem 2K,"}, {"1500", "--mem 1500,"}, {"3M", "--mem 3M,"}};
  for (int i = 0; i < 3; i++) {
    bs_proc p;
    bs_run(&p, SET, "bench", "--repeat", "1", "--mem", mem[i][0], "-", NULL);
    cr_assert_eq(p.code, 0, "stderr: %s", p.err);
    cr_assert_not_null(strstr(p.out, mem[i][1]), "no '%s' in:\n%s", mem[i][1], p.out);
    bs_proc_free(&p);
  }
}

/* A CSV path it cannot write fails before any timing, with the path. */
Test(bench, an_unwritable_csv_fails_at_once) {
  bs_proc p;
  bs_run(&p, SET, "bench", "--repeat", "1", "--csv", "/nonexistent-bislide/x.csv", "-", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_str_eq(p.err, "bislide bench: /nonexistent-bislide/x.csv: No such file or directory\n");
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  bs_proc_free(&p);
}

Test(bench, csv_and_json) {
  char *set = bs_temp_text(SET), *csv = bs_temp_text("");
  bs_proc p;
  bs_run(&p, NULL, "bench", "--repeat", "2", "--store", "pool,arena", "--csv", csv, set, NULL);
  cr_assert_eq(p.code, 0, "stderr: %s", p.err);
  char *text = bs_slurp(csv, NULL);
  cr_assert_eq(bs_count_lines(text), 3, "%s", text);
  cr_assert(!strncmp(text, "store,solved,puzzles,generated,states_per_s_median,", 51), "%s", text);
  cr_assert_not_null(line_starting(text, "pool,3,4,"), "%s", text);
  char *arena = line_starting(text, "arena,3,4,");
  cr_assert_not_null(arena, "%s", text);
  cr_assert_not_null(strstr(arena, ",1.000\n"), "arena's ratio to itself: %s", arena);
  free(text);
  bs_proc_free(&p);

  bs_run(&p, NULL, "bench", "--repeat", "1", "--json", set, NULL);
  cr_assert_eq(p.code, 0, "stderr: %s", p.err);
  cr_assert_eq(bs_count_lines(p.out), 1, "%s", p.out);
  cr_assert(p.out[0] == '{' && strstr(p.out, "\"signature\":"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "\"store\":\"object\""), "%s", p.out);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(csv);
}

Test(bench, usage_errors_exit_2) {
  const char *bad[][2] = {{"--repeat", "0"},   {"--repeat", "1001"}, {"--repeat", "x"},
                          {"--store", "heap"}, {"--store", "arena,arena"}, {"--mem", "lots"}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    bs_proc p;
    bs_run(&p, SET, "bench", bad[i][0], bad[i][1], "-", NULL);
    cr_assert_eq(p.code, 2, "%s %s: exit %d", bad[i][0], bad[i][1], p.code);
    cr_assert_not_null(strstr(p.err, bad[i][1]), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
  /* --json's object and the CSV would both go to stdout, by any name. */
  static const char *const stdout_names[] = {"-", "/dev/stdout", "/dev/fd/1"};
  for (size_t i = 0; i < sizeof stdout_names / sizeof *stdout_names; i++) {
    bs_proc p;
    bs_run(&p, SET, "bench", "--json", "--csv", stdout_names[i], "-", NULL);
    cr_assert_eq(p.code, 2, "--csv %s: exit %d", stdout_names[i], p.code);
    cr_assert_not_null(strstr(p.err, "both want stdout"), "%s", p.err);
    cr_assert_eq(p.outlen, 0);
    bs_proc_free(&p);
  }
}

Test(bench, an_invalid_set_runs_nothing) {
  bs_proc p;
  bs_run(&p, "3,3,867254301\n3,3,86725430\n", "bench", "-", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_not_null(strstr(p.err, "-:2: "), "%s", p.err);
  cr_assert_eq(p.outlen, 0);
  bs_proc_free(&p);
}

Test(bench, help_goes_to_stdout) {
  bs_proc p;
  bs_run(&p, NULL, "bench", "--help", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert_not_null(strstr(p.out, "--repeat N"));
  cr_assert_eq(p.errlen, 0);
  bs_proc_free(&p);
}

/* A bench killed while it runs leaves no file: the CSV is written under a
 * temporary name until the end, and the signal removes it. */
Test(bench, killed_it_leaves_no_file, .timeout = 60) {
  char *dir = bs_test_dir("bs_bench");
  pid_t pid = bs_start_in(dir, "bench", "--repeat", "1000", "--csv", "c.csv", NULL);
  /* Killed once its temporary file is there, so that the test shows that
   * it goes, not that it was never made. */
  char cmd[200];
  snprintf(cmd, sizeof cmd, "ls %s | grep -q '^c\\.csv\\.'", dir);
  int made = 0;
  for (int i = 0; i < 400 && !made; i++) {
    made = system(cmd) == 0;
    if (!made) usleep(25000);
  }
  bs_kill_reap(pid, "bench");
  cr_assert(made, "no temporary file appeared in %s", dir);
  cr_assert_eq(rmdir(dir), 0, "bench left files in %s", dir);
  free(dir);
}

/* A board two moves from its goal, and the goal: few states, so that a
 * column off by one state shows. */
#define SMALL "3,3,123405786\n3,3,123456780\n"

/* The CSV's columns agree with each other: min <= median <= max, ns/state
 * and bytes/state are what the other columns make them, and every store
 * generated the same count. Nothing about speed itself is asserted. */
Test(bench, csv_columns_agree_with_each_other) {
  bs_proc p;
  bs_run(&p, SMALL, "bench", "--repeat", "3", "--csv", "-", "-", NULL);
  cr_assert_eq(p.code, 0, "stderr: %s", p.err);
  cr_assert_eq(bs_count_lines(p.out), 4, "%s", p.out);
  const char *row = strchr(p.out, '\n') + 1;
  unsigned long long gen0 = 0;
  for (int s = 0; s < 3; s++, row = strchr(row, '\n') + 1) {
    char store[16];
    int solved, puzzles;
    unsigned long long gen;
    double med, min, max, ns, bps, ratio;
    size_t bytes;
    unsigned states;
    cr_assert_eq(sscanf(row, "%15[^,],%d,%d,%llu,%lf,%lf,%lf,%lf,%zu,%u,%lf,%lf", store, &solved, &puzzles,
                        &gen, &med, &min, &max, &ns, &bytes, &states, &bps, &ratio),
                 12, "%s", row);
    cr_assert(solved == 2 && puzzles == 2, "%s", row);
    cr_assert_gt(gen, 0, "%s", row);
    if (!s) gen0 = gen;
    cr_assert_eq(gen, gen0, "%s", row);
    cr_assert(min <= med && med <= max, "min, median, max out of order: %s", row);
    /* ns/state has 2 decimals, and the median rate is rounded to a whole
     * number: off by up to half a state a second, a relative 0.5 / med. */
    cr_assert(fabs(ns - 1e9 / med) <= 0.0051 + 0.51 * ns / med, "ns/state %.2f, not 1e9/%.0f: %s", ns, med, row);
    cr_assert_gt(states, 0, "%s", row);
    cr_assert(fabs(bps - (double)bytes / states) <= 0.0051, "bytes/state %.2f, not %zu/%u: %s", bps, bytes,
              states, row);
  }
  bs_proc_free(&p);
}

/* --json gives each timed pass under "runs", and min, max and the median
 * are theirs: the middle one of 3, the mean of the middle two of 2. */
Test(bench, json_runs_give_min_median_max) {
  for (int repeat = 2; repeat <= 3; repeat++) {
    char r[4];
    snprintf(r, sizeof r, "%d", repeat);
    bs_proc p;
    bs_run(&p, SMALL, "bench", "--repeat", r, "--store", "pool,arena", "--json", "-", NULL);
    cr_assert_eq(p.code, 0, "stderr: %s", p.err);
    char head[64];
    snprintf(head, sizeof head, "\"puzzles\":2,\"repeat\":%d,", repeat);
    cr_assert_not_null(strstr(p.out, head), "%s", p.out);
    const char *at = p.out;
    for (int s = 0; s < 2; s++) {
      double med, min, max, run[3];
      at = strstr(at, "\"states_per_s\":");
      cr_assert_not_null(at, "store %d: %s", s, p.out);
      cr_assert_eq(sscanf(at, "\"states_per_s\":{\"median\":%lf,\"min\":%lf,\"max\":%lf}", &med, &min, &max), 3,
                   "%s", at);
      at = strstr(at, "\"runs\":[");
      cr_assert_not_null(at, "%s", p.out);
      at += strlen("\"runs\":[");
      int n = 0;
      for (char *end;; at = end + 1) {
        cr_assert_lt(n, 3, "too many runs: %s", p.out);
        run[n++] = strtod(at, &end);
        cr_assert_neq(end, at, "runs: %s", p.out);
        if (*end == ']') break;
        cr_assert_eq(*end, ',', "runs: %s", p.out);
      }
      cr_assert_eq(n, repeat, "%d runs for --repeat %d: %s", n, repeat, p.out);
      double lo = run[0], hi = run[0];
      for (int k = 1; k < n; k++) {
        lo = run[k] < lo ? run[k] : lo;
        hi = run[k] > hi ? run[k] : hi;
      }
      cr_assert(min == lo && max == hi, "min %.0f max %.0f, runs from %.0f to %.0f", min, max, lo, hi);
      if (repeat == 3)
        cr_assert(med == run[0] + run[1] + run[2] - lo - hi, "median %.0f of the runs %s", med, p.out);
      else
        cr_assert(fabs(med - (run[0] + run[1]) / 2) <= 1, "median %.0f of the runs %s", med, p.out);
    }
    bs_proc_free(&p);
  }
}

/* One store's signature says so; refused: two sets (2), --json with
 * --csv - (2), and a set with nothing to search, which has nothing to
 * time (1). */
/* --csv naming the set would have replaced the set by the table. */
Test(bench, csv_may_not_be_the_set) {
  char *set = bs_temp_text(SMALL);
  bs_proc p;
  bs_run(&p, NULL, "bench", "--repeat", "1", "--store", "arena", "--csv", set, set, NULL);
  cr_assert_eq(p.code, 2, "exit %d: %s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "is the set"), "%s", p.err);
  bs_proc_free(&p);
  FILE *f = fopen(set, "r");
  cr_assert_not_null(f);
  char buf[4096];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  cr_assert_str_eq(buf, SMALL, "the set was written over");
  bs_temp_drop(set);
}

Test(bench, one_store_and_more_refusals) {
  bs_proc p;
  bs_run(&p, SMALL, "bench", "--repeat", "1", "--store", "pool", "-", NULL);
  cr_assert_eq(p.code, 0, "stderr: %s", p.err);
  char *sig = line_starting(p.out, "signature: ");
  cr_assert_not_null(sig, "%s", p.out);
  cr_assert_not_null(strstr(sig, " generated states (one store)\n"), "%s", sig);
  bs_proc_free(&p);
  char *set = bs_temp_text(SMALL);
  bs_run(&p, NULL, "bench", "--repeat", "1", set, set, NULL);
  cr_assert_eq(p.code, 2, "two sets: exit %d: %s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "at most one SET"), "%s", p.err);
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  bs_proc_free(&p);
  bs_run(&p, NULL, "bench", "--repeat", "1", "--json", "--csv", "-", set, NULL);
  cr_assert_eq(p.code, 2, "--json --csv -: exit %d: %s", p.code, p.err);
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  bs_proc_free(&p);
  bs_run(&p, "3,3,123456780\n3,3,213456780\n", "bench", "--repeat", "1", "-", NULL);
  cr_assert_eq(p.code, 1, "nothing to time: exit %d: %s", p.code, p.out);
  cr_assert_not_null(strstr(p.err, "no puzzle needs a search"), "%s", p.err);
  cr_assert_eq(p.outlen, 0, "%s", p.out);
  bs_proc_free(&p);
  bs_temp_drop(set);
}
