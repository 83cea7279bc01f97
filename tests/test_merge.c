/* Tests of `bislide merge`: shard files (written here by hand, in the
 * format of `batch --shard`) joined back in the set's order, and every kind
 * of overlap, gap and malformed line refused with FILE:LINE and no output. */
#include "bs_test.h"

#include <sys/resource.h>
#include <sys/stat.h>

/* A set of 7 boards, each answered below by moves that solve it. */
static const char *const set_text = "# seven boards\n"
                                    "3,3,123456780\n3,3,123456708\n3,3,123456078\n"
                                    "3,3,123450786\n3,3,123405786\n3,3,120453786\n"
                                    "3,3,102453786\n";

/* The three shards of N = 3 (0-based i with i mod 3 = K; INDEX = i + 1). */
static const char *const good[3] = {
    "# bislide shard 0/3 of 7 puzzles\n1\t\n7\tRDD\n4\tD\n",
    "# bislide shard 1/3 of 7 puzzles\n2\tR\n5\tRD\n",
    "# bislide shard 2/3 of 7 puzzles\n3\tRR\n6\tDD\n",
};
static const char *const merged = "\nR\nRR\nD\nRD\nDD\nRDD\n";

typedef struct files {
  char *set, *s[3];
} files;

static void make(files *f, const char *s0, const char *s1, const char *s2) {
  f->set = bs_temp_text(set_text);
  f->s[0] = bs_temp_text(s0);
  f->s[1] = bs_temp_text(s1);
  f->s[2] = bs_temp_text(s2);
}

static void drop(files *f) {
  bs_temp_drop(f->set);
  for (int i = 0; i < 3; i++) bs_temp_drop(f->s[i]);
}

/* merge must refuse: exit 1, nothing on stdout, and `want` (with "%s"
 * standing for the path of shard `which`, -1 the set) in its stderr. */
static void refused(const char *s0, const char *s1, const char *s2, int which, const char *want) {
  files f;
  make(&f, s0, s1, s2);
  bs_proc p;
  bs_run(&p, NULL, "merge", f.set, f.s[0], f.s[1], f.s[2], NULL);
  char expect[4200];
  snprintf(expect, sizeof expect, want, which < 0 ? f.set : f.s[which]);
  cr_assert_eq(p.code, 1, "exit %d for %s", p.code, want);
  cr_assert_str_eq(p.out, "");
  cr_assert_not_null(strstr(p.err, expect), "stderr:\n%s\nshould contain: %s", p.err, expect);
  cr_assert_not_null(strstr(p.err, "nothing written"), "%s", p.err);
  bs_proc_free(&p);
  drop(&f);
}

Test(merge, joins_shards_in_set_order) {
  files f;
  make(&f, good[0], good[1], good[2]);
  bs_proc p;
  /* The shards in any order on the command line. */
  bs_run(&p, NULL, "merge", f.set, f.s[2], f.s[0], f.s[1], NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, merged);
  bs_proc_free(&p);
  char *out = bs_temp_text("old contents\n");
  bs_run(&p, NULL, "merge", "-o", out, f.set, f.s[0], f.s[1], f.s[2], NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "");
  char *text = bs_slurp(out, NULL);
  cr_assert_str_eq(text, merged);
  free(text);
  bs_proc_free(&p);
  bs_temp_drop(out);
  drop(&f);
}

Test(merge, one_shard_and_crlf) {
  char *set = bs_temp_text(set_text);
  char *s = bs_temp_text("# bislide shard 0/1 of 7 puzzles\r\n7\tLRRDD\r\n6\t\r\n5\r\n4\tUDD\r\n"
                         "3\tRR\r\n2\tR\r\n1\tLR\r\n");
  bs_proc p;
  bs_run(&p, NULL, "merge", set, s, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "LR\nR\nRR\nUDD\n\n\nLRRDD\n");
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(s);
}

Test(merge, refuses_overlaps) {
  refused(good[0], good[1], good[1], 2, "%s:1: shard 1/3 again: shards overlap");
  refused("# bislide shard 0/3 of 7 puzzles\n1\t\n4\tD\n7\tLLUU\n4\tDR\n", good[1], good[2], 0,
          "%s:5: puzzle 4 again: shards overlap");
}

/* An answer that does not solve its puzzle: a shard of another set of as
 * many puzzles, or a line edited by hand. Each is named by the shard's
 * line and the puzzle, as verify names it. */
Test(merge, refuses_answers_that_do_not_solve_their_puzzle) {
  refused("# bislide shard 0/3 of 7 puzzles\n1\t\n7\tRDD\n4\tDR\n", good[1], good[2], 0,
          "%s:4: puzzle 4: move 2 'R' moves off the board");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tR\n5\tR\n", good[2], 1,
          "%s:3: puzzle 5: does not reach the goal after 1 move");
  refused(good[0], good[1], "# bislide shard 2/3 of 7 puzzles\n3\tRRR\n6\tDD\n", 2,
          "%s:2: puzzle 3: move 3 'R' moves off the board");
  /* Each one is reported, not the first alone. */
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tL\n5\tR\n", good[2], 1,
          "%s:2: puzzle 2: does not reach the goal after 1 move");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tL\n5\tR\n", good[2], 1,
          "%s:3: puzzle 5: does not reach the goal after 1 move");
}

Test(merge, refuses_gaps) {
  files f;
  make(&f, good[0], good[1], good[2]);
  bs_proc p;
  bs_run(&p, NULL, "merge", f.set, f.s[0], f.s[2], NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_not_null(strstr(p.err, "shard 1/3 is missing"), "%s", p.err);
  bs_proc_free(&p);
  drop(&f);
  /* A shard that lost a line: the set's line of that puzzle is named. */
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tR\n", good[2], -1, "%s:6: puzzle 5 is missing");
}

Test(merge, refuses_malformed_lines) {
  refused("# bislide shard 0/3 of 7\n1\t\n", good[1], good[2], 0, "%s:1: expected '# bislide shard");
  refused("bislide shard 0/3 of 7 puzzles\n", good[1], good[2], 0, "%s:1: expected");
  refused("# bislide shard 3/3 of 7 puzzles\n", good[1], good[2], 0, "%s:1: expected");
  refused("", good[1], good[2], 0, "%s:1: expected");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2 R\n5\tDRD\n", good[2], 1,
          "%s:2: expected INDEX<TAB>MOVES");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\nx\tR\n5\tDRD\n", good[2], 1,
          "%s:2: expected INDEX<TAB>MOVES");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tR\n\n5\tDRD\n", good[2], 1,
          "%s:3: expected INDEX<TAB>MOVES");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tRX\n5\tDRD\n", good[2], 1,
          "%s:2: 'X' is not a move");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tR\n5\tDRD\n8\t\n", good[2], 1,
          "%s:4: index 8 is not a puzzle of 7");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n0\t\n", good[2], 1, "%s:2: index 0");
  refused(good[0], "# bislide shard 1/3 of 7 puzzles\n2\tR\n6\tDRD\n", good[2], 1,
          "%s:3: puzzle 6 does not belong to shard 1/3");
  refused(good[0], good[1], "# bislide shard 2/3 of 7 puzzles\n3\tRR\n6\tDD", 2,
          "%s:3: no newline at the end: the file is cut short");
  /* A line longer than any reader of answer files takes. */
  const size_t n = (size_t)BS_LINE_MAX + 1, head = strlen("# bislide shard 1/3 of 7 puzzles\n2\t");
  char *huge = malloc(head + n + strlen("\n5\tDRD\n") + 1);
  cr_assert_not_null(huge);
  memcpy(huge, "# bislide shard 1/3 of 7 puzzles\n2\t", head);
  memset(huge + head, 'R', n);
  strcpy(huge + head + n, "\n5\tDRD\n");
  refused(good[0], huge, good[2], 1, "%s:2: an answer of 1048577 moves, over a line's 1048576 bytes");
  free(huge);
}

Test(merge, refuses_mixed_shardings) {
  refused(good[0], good[1], "# bislide shard 1/2 of 7 puzzles\n2\tR\n4\tDR\n6\tDDR\n", 2,
          "%s:1: a shard of N = 2");
  refused(good[0], good[1], "# bislide shard 2/3 of 8 puzzles\n3\tRR\n6\tDDR\n", 2,
          "%s:1: a shard of a set of 8 puzzles");
}

Test(merge, writes_nothing_when_refused) {
  files f;
  make(&f, good[0], good[1], "# bislide shard 2/3 of 7 puzzles\n3\tRR\n");
  char *out = bs_temp_text("keep me\n");
  bs_proc p;
  bs_run(&p, NULL, "merge", f.set, f.s[0], f.s[1], f.s[2], "-o", out, NULL);
  cr_assert_eq(p.code, 1);
  char *text = bs_slurp(out, NULL);
  cr_assert_str_eq(text, "keep me\n");
  free(text);
  bs_proc_free(&p);
  char fresh[4200];
  snprintf(fresh, sizeof fresh, "%s.new", out);
  bs_run(&p, NULL, "merge", f.set, f.s[0], f.s[1], f.s[2], "-o", fresh, NULL);
  cr_assert_eq(p.code, 1);
  struct stat st;
  cr_assert_neq(stat(fresh, &st), 0, "a refused merge created %s", fresh);
  bs_proc_free(&p);
  bs_temp_drop(out);
  drop(&f);
}

Test(merge, usage) {
  bs_proc p;
  bs_run(&p, NULL, "merge", NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
  bs_run(&p, NULL, "merge", "set.txt", NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
  bs_run(&p, NULL, "merge", "--bogus", "a", "b", NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
  bs_run(&p, NULL, "merge", "-", "-", NULL);
  cr_assert_eq(p.code, 2);
  bs_proc_free(&p);
  bs_run(&p, NULL, "merge", "/nonexistent/set.txt", "x", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_not_null(strstr(p.err, "/nonexistent/set.txt"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "merge", "--help", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert_not_null(strstr(p.out, "# bislide shard K/N of T puzzles"));
  bs_proc_free(&p);
}

/* -o naming the set would replace the puzzles by their answers: a usage
 * error, as in batch, with the set untouched. */
Test(merge, will_not_write_over_the_set) {
  files f;
  make(&f, good[0], good[1], good[2]);
  bs_proc p;
  bs_run(&p, NULL, "merge", "-o", f.set, f.set, f.s[0], f.s[1], f.s[2], NULL);
  cr_assert_eq(p.code, 2, "exit %d: %s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "is the set: it would be written over"), "%s", p.err);
  char *text = bs_slurp(f.set, NULL);
  cr_assert_str_eq(text, set_text);
  free(text);
  bs_proc_free(&p);
  drop(&f);
}

/* A set of no puzzles fails, as batch fails on it, even with a shard "of
 * 0 puzzles" to match. */
Test(merge, a_set_of_no_puzzles_fails) {
  char *set = bs_temp_text("# nothing\n"), *s = bs_temp_text("# bislide shard 0/1 of 0 puzzles\n");
  bs_proc p;
  bs_run(&p, NULL, "merge", set, s, NULL);
  cr_assert_eq(p.code, 1, "exit %d: %s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "no puzzles"), "%s", p.err);
  cr_assert_str_eq(p.out, "");
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(s);
}

/* A shard on standard input is read from where the input stands, as
 * verify reads it, even when the input is a file (mapping it would start
 * at its first byte). */
Test(merge, reads_stdin_from_where_it_stands) {
  files f;
  make(&f, good[0], good[1], good[2]);
  char *s0 = bs_slurp(f.s[0], NULL), *junk_then_s0 = NULL;
  cr_assert_geq(asprintf(&junk_then_s0, "junk\n%s", s0), 0);
  char *in = bs_temp_text(junk_then_s0);
  char *cmd = NULL;
  cr_assert_geq(asprintf(&cmd, "{ read -r x; \"$BISLIDE\" merge '%s' - '%s' '%s'; } < '%s' > '%s.out' 2>&1",
                         f.set, f.s[1], f.s[2], in, in),
                0);
  int st = system(cmd);
  char outpath[4200];
  snprintf(outpath, sizeof outpath, "%s.out", in);
  char *out = bs_slurp(outpath, NULL);
  cr_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0, "exit %d: %s", WEXITSTATUS(st), out);
  cr_assert_not_null(strstr(out, merged), "%s", out);
  free(out);
  unlink(outpath);
  free(cmd);
  free(s0);
  free(junk_then_s0);
  bs_temp_drop(in);
  drop(&f);
}

/* A shard file is bounded like a stream: a huge sparse file is refused at
 * once, not searched for its end of line byte by byte. */
Test(merge, refuses_a_huge_file_at_once, .timeout = 20) {
  files f;
  make(&f, good[0], good[1], good[2]);
  char *big = bs_temp_text("");
  static const long long sizes[] = {4ll << 30, 1ll << 28}; /* 256 MiB is already too many */
  /* Under a file size limit, truncate past it ends the test (SIGXFSZ). */
  struct rlimit lim;
  cr_assert_eq(getrlimit(RLIMIT_FSIZE, &lim), 0);
  const int fits = lim.rlim_cur == RLIM_INFINITY || (unsigned long long)lim.rlim_cur >= (unsigned long long)sizes[0];
  if (lim.rlim_cur != RLIM_INFINITY && (unsigned long long)lim.rlim_cur < (unsigned long long)sizes[1])
    cr_skip_test("a file size limit (ulimit -f) under 256 MiB");
  bs_proc p;
  for (int i = !fits; i < 2; i++) {
    cr_assert_eq(truncate(big, sizes[i]), 0, "truncate: %s", strerror(errno));
    bs_run(&p, NULL, "merge", f.set, big, NULL);
    cr_assert_eq(p.code, 1, "exit %d: %s", p.code, p.err);
    cr_assert_not_null(strstr(p.err, " bytes or more: not read"), "%lld bytes: %s", sizes[i], p.err);
    bs_proc_free(&p);
  }
  bs_temp_drop(big);
  drop(&f);
}
