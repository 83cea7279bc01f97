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
  int has_shard = h.code == 0 && strstr(h.out, "--shard") != NULL;
  bs_proc_free(&h);
  if (!has_shard) cr_skip_test("`bislide batch --help` has no --shard: nothing to merge yet");
  if (system("parallel --version 2>/dev/null | grep -q 'GNU parallel'"))
    cr_skip_test("GNU parallel is not installed (scripts/deps.sh installs it)");

  char dir[] = "/tmp/bs_shard_XXXXXX", cmd[8192];
  cr_assert_not_null(mkdtemp(dir));
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
}
