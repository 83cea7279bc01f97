/* The scale-out path end to end: a set solved as 3 shards run through GNU
 * parallel (`batch --shard K/3`), joined by `merge`, gives the very bytes
 * of one single `batch` run. */
#include "bs_test.h"

#include <sys/stat.h>

#define SET "puzzles/mixed.txt"

Test(shard, three_parallel_shards_merge_to_one_run) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin, "BISLIDE is not set: run the tests with `make test`");
  struct stat st;
  if (stat(SET, &st)) cr_skip_test("%s not found: run from the top directory (make test)", SET);
  bs_proc h;
  bs_run(&h, NULL, "batch", "--help", NULL);
  cr_assert_eq(h.code, 0, "%s", h.err);
  cr_assert_not_null(strstr(h.out, "--shard K/N"), "batch --help names no --shard: %s", h.out);
  bs_proc_free(&h);
  if (system("parallel --version 2>/dev/null | grep -q 'GNU parallel'"))
    cr_skip_test("GNU parallel is not installed (scripts/deps.sh installs it)");

  char *dir = bs_test_dir("bs_shard"), cmd[8192];
  /* The same --jobs and --mem everywhere: answers depend on a worker's memory. */
  snprintf(cmd, sizeof cmd,
           "parallel --will-cite --halt now,fail=1 -j3 "
           "\"'%s' batch --shard {}/3 --jobs 1 --mem 64M %s -o '%s/shard{}.txt'\" ::: 0 1 2 "
           ">/dev/null 2>&1",
           bin, SET, dir);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  char s[3][4200], merged[4200], one[4200];
  for (int k = 0; k < 3; k++) snprintf(s[k], sizeof s[k], "%s/shard%d.txt", dir, k);
  snprintf(merged, sizeof merged, "%s/merged.txt", dir);
  snprintf(one, sizeof one, "%s/one.txt", dir);

  bs_proc p;
  bs_run(&p, NULL, "merge", SET, s[0], s[1], s[2], "-o", merged, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "batch", "--jobs", "1", "--mem", "64M", SET, "-o", one, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  size_t la, lb;
  char *a = bs_slurp(merged, &la), *b = bs_slurp(one, &lb);
  cr_assert_eq(la, lb, "merged %zu bytes, one run %zu", la, lb);
  cr_assert_eq(memcmp(a, b, la), 0, "merged shards differ from one run");
  cr_assert_eq(bs_count_lines(a), 33);
  bs_run(&p, NULL, "verify", SET, merged, NULL);
  cr_assert_eq(p.code, 0, "%s%s", p.out, p.err);
  cr_assert_not_null(strstr(p.out, "solved 33"), "%s", p.out);
  bs_proc_free(&p);
  free(a);
  free(b);
  for (int k = 0; k < 3; k++) unlink(s[k]);
  unlink(merged);
  unlink(one);
  rmdir(dir);
  free(dir);
}

/* Asserts that the merged shards are the bytes of one run. */
static void same_bytes(const char *merged, const char *one) {
  size_t l1, l2;
  char *x = bs_slurp(one, &l1), *y = bs_slurp(merged, &l2);
  cr_assert(l1 == l2 && !memcmp(x, y, l1), "merged shards differ from one run (%zu bytes, %zu)", l2, l1);
  free(x);
  free(y);
}

/* Limits that bind: one run drops answers to fit them, and the shards,
 * which leave the limits to the whole, merge to the same bytes. */
Test(shard, merged_shards_fit_the_limits_as_one_run) {
  char *text = bs_slurp(SET, NULL);
  const char *body = strchr(strchr(text, '\n') + 1, '\n') + 1; /* past the limits and count */
  char *loose = bs_temp_text(""), *ans = bs_temp_text("");
  FILE *f = fopen(loose, "w");
  cr_assert_not_null(f);
  fprintf(f, "33\n%s", body);
  fclose(f);
  bs_proc p;
  bs_run(&p, NULL, "batch", "--jobs", "1", "--mem", "64M", loose, "-o", ans, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  long c[4] = {0, 0, 0, 0};
  char *a = bs_slurp(ans, NULL);
  for (const char *m = a; *m; m++)
    if (*m != '\n') c[bs_dir_from_char((unsigned char)*m)]++;
  free(a);
  char *tight = bs_temp_text(""), *one = bs_temp_text(""), *merged = bs_temp_text(""), *s[3];
  f = fopen(tight, "w");
  cr_assert_not_null(f);
  fprintf(f, "%ld %ld %ld %ld\n33\n%s", c[0] - 40, c[1] - 40, c[2] - 40, c[3] - 40, body);
  fclose(f);
  bs_run(&p, NULL, "batch", "--jobs", "1", "--mem", "64M", tight, "-o", one, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "dropped to keep every letter within its limit"), "%s", p.err);
  bs_proc_free(&p);
  for (int k = 0; k < 3; k++) {
    char shard[8];
    snprintf(shard, sizeof shard, "%d/3", k);
    s[k] = bs_temp_text("");
    bs_run(&p, NULL, "batch", "--shard", shard, "--jobs", "1", "--mem", "64M", tight, "-o", s[k], NULL);
    cr_assert_eq(p.code, 0, "%s", p.err);
    bs_proc_free(&p);
  }
  bs_run(&p, NULL, "merge", tight, s[0], s[1], s[2], "-o", merged, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "dropped to keep every letter within its limit"), "%s", p.err);
  bs_proc_free(&p);
  same_bytes(merged, one);
  bs_run(&p, NULL, "verify", tight, merged, NULL);
  cr_assert_eq(p.code, 0, "%s%s", p.out, p.err);
  bs_proc_free(&p);
  for (int k = 0; k < 3; k++) bs_temp_drop(s[k]);
  bs_temp_drop(loose);
  bs_temp_drop(ans);
  bs_temp_drop(tight);
  bs_temp_drop(one);
  bs_temp_drop(merged);
  free(text);
}

/* A bad line fails every shard, not only the one that holds it: each shard
 * reads the whole set, reports its bad lines and exits 1, as one batch run
 * of the set does, so no shard of a broken set reads as a success. Its
 * summary counts only its own puzzles, and the merged shards are still the
 * bytes of one run. */
Test(shard, a_bad_line_fails_every_shard) {
  char *set = bs_temp_text("3\n3,3,123456708\n3,3,120456780\n3,3,123456078\n");
  char *one = bs_temp_text(""), *merged = bs_temp_text(""), *s[2], *json[2];
  bs_proc p;
  bs_run(&p, NULL, "batch", "--jobs", "1", "--mem", "16M", set, "-o", one, NULL);
  cr_assert_eq(p.code, 1, "one run of a set with a bad line exits %d: %s", p.code, p.err);
  bs_proc_free(&p);
  for (int k = 0; k < 2; k++) {
    char shard[8];
    snprintf(shard, sizeof shard, "%d/2", k);
    s[k] = bs_temp_text("");
    json[k] = bs_temp_text("");
    bs_run(&p, NULL, "batch", "--shard", shard, "--jobs", "1", "--mem", "16M", set, "-o", s[k], "--json",
           json[k], NULL);
    cr_assert_eq(p.code, 1, "shard %s exits %d: %s", shard, p.code, p.err);
    cr_assert_not_null(strstr(p.err, ":3: two blanks"), "shard %s does not name the bad line: %s", shard, p.err);
    bs_proc_free(&p);
    char *j = bs_slurp(json[k], NULL);
    /* Shard 0 holds puzzles 1 and 3, shard 1 the bad one. */
    const char *want = k ? "\"puzzles\":1,\"solved\":0" : "\"puzzles\":2,\"solved\":2";
    cr_assert_not_null(strstr(j, want), "shard %s's summary: %s", shard, j);
    cr_assert_not_null(strstr(j, k ? "\"invalid\":1" : "\"invalid\":0"), "shard %s's summary: %s", shard, j);
    free(j);
  }
  /* merge writes the same bytes, names the bad line and exits 1, as batch. */
  bs_run(&p, NULL, "merge", set, s[0], s[1], "-o", merged, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, ":3: two blanks"), "merge does not name the bad line: %s", p.err);
  bs_proc_free(&p);
  same_bytes(merged, one);
  bs_run(&p, NULL, "verify", set, merged, NULL); /* the bad line's answer is empty */
  cr_assert_eq(p.code, 1, "verify exits %d: %s%s", p.code, p.out, p.err);
  bs_proc_free(&p);
  for (int k = 0; k < 2; k++) {
    bs_temp_drop(s[k]);
    bs_temp_drop(json[k]);
  }
  bs_temp_drop(set);
  bs_temp_drop(one);
  bs_temp_drop(merged);
}
