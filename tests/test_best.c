/* Tests of `bislide best`: each puzzle's shortest answer that replays, among
 * several answer files; answers that do not replay reported and passed
 * over; files of another length refused with nothing written. */
#include "bs_test.h"

/* Four 3x3 boards: shortest answers R, RD and DD, and an unsolvable one. */
static const char *const set_text = "3,3,123456708\n3,3,123405786\n3,3,120453786\n3,3,213456780\n";

/* Runs best on the set and the answer texts a, b (b NULL: one file), with
 * -o to a file; returns its output in *out (malloc'd, NULL if not written). */
static void best(const char *a, const char *b, bs_proc *p, char **out) {
  char *set = bs_temp_text(set_text), *fa = bs_temp_text(a), *fb = b ? bs_temp_text(b) : NULL;
  char *o = bs_temp_text("untouched");
  bs_run(p, NULL, "best", set, fa, "-o", o, fb, NULL);
  size_t n;
  *out = bs_slurp(o, &n);
  if (*out && !strcmp(*out, "untouched")) {
    free(*out);
    *out = NULL;
  }
  bs_temp_drop(set);
  bs_temp_drop(fa);
  bs_temp_drop(o);
  if (fb) bs_temp_drop(fb);
}

Test(best, takes_the_shortest_valid_answer) {
  bs_proc p;
  char *out;
  /* A: puzzle 1 by a detour, 2 and 3 shortest; B: puzzle 1 shortest,
   * puzzle 2 a shorter answer that ends off the goal, puzzle 3 longer. */
  best("RLR\nRD\nDD\n\n", "R\nD\nDDLRLR\n\n", &p, &out);
  cr_assert_eq(p.code, 1, "a bad answer was reported: %s", p.err);
  cr_assert_not_null(out, "the valid answers are written: %s", p.err);
  cr_assert_str_eq(out, "R\nRD\nDD\n\n");
  cr_assert_not_null(strstr(p.err, ":2: puzzle 2: does not reach the goal"), "%s", p.err);
  cr_assert_not_null(strstr(p.err, "4 puzzles: 3 solved, 5 moves"), "%s", p.err);
  free(out);
  bs_proc_free(&p);
  /* Ties go to the first file; all valid: exit 0. */
  best("R\nRD\n\n\n", "R\nRD\nDD\n\n", &p, &out);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(out, "R\nRD\nDD\n\n");
  cr_assert_not_null(strstr(p.err, ": 2 answers taken\n"), "the first file's two: %s", p.err);
  cr_assert_not_null(strstr(p.err, ": 1 answer taken\n"), "the second file's one: %s", p.err);
  free(out);
  bs_proc_free(&p);
  /* An answer for the unsolvable board, or a bad letter, is passed over. */
  best("R\nRX\nDD\nRR\n", NULL, &p, &out);
  cr_assert_eq(p.code, 1);
  cr_assert_str_eq(out, "R\n\nDD\n\n");
  cr_assert_not_null(strstr(p.err, ":2: puzzle 2: move 2 'X'"), "%s", p.err);
  cr_assert_not_null(strstr(p.err, ":4: puzzle 4"), "%s", p.err);
  free(out);
  bs_proc_free(&p);
}

/* Every answer is replayed, not only those shorter than the one taken so
 * far: a bad answer fails the run whichever file comes first. */
Test(best, a_bad_answer_fails_in_either_order) {
  const char *good = "R\nRD\nDD\n\n", *bad = "R\nRD\nDDXXXX\n\n";
  for (int order = 0; order < 2; order++) {
    bs_proc p;
    char *out;
    best(order ? bad : good, order ? good : bad, &p, &out);
    cr_assert_eq(p.code, 1, "order %d: %s", order, p.err);
    cr_assert_not_null(strstr(p.err, ":3: puzzle 3: move 3 'X'"), "order %d: %s", order, p.err);
    cr_assert_str_eq(out, "R\nRD\nDD\n\n");
    free(out);
    bs_proc_free(&p);
  }
}

/* A set line that is no board is reported, its puzzle gets an empty line,
 * and the exit status says so. */
Test(best, bad_set_lines_fail) {
  char *set = bs_temp_text("3,3,123456708\n3,3,12345678\n");
  char *a = bs_temp_text("R\n\n");
  bs_proc p;
  bs_run(&p, NULL, "best", set, a, NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_str_eq(p.out, "R\n\n");
  char where[4200];
  snprintf(where, sizeof where, "%s:2:", set);
  cr_assert_not_null(strstr(p.err, where), "want %s in:\n%s", where, p.err);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(a);
}

Test(best, refuses_files_of_another_length) {
  bs_proc p;
  char *out;
  best("R\nRD\nDD\n\n", "R\nRD\n", &p, &out);
  cr_assert_eq(p.code, 1);
  cr_assert_null(out, "nothing written");
  cr_assert_not_null(strstr(p.err, "2 answer lines for 4 puzzles"), "%s", p.err);
  bs_proc_free(&p);
}

Test(best, usage_and_stdin) {
  bs_proc p;
  bs_run(&p, NULL, "best", "set.txt", NULL);
  cr_assert_eq(p.code, 2, "one file is too few: %s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "best", "-", "-", NULL);
  cr_assert_eq(p.code, 2, "'-' twice: %s", p.err);
  bs_proc_free(&p);
  char *set = bs_temp_text(set_text);
  bs_run(&p, "R\nRD\nDD\n\n", "best", set, "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "R\nRD\nDD\n\n", "stdout by default");
  bs_proc_free(&p);
  bs_run(&p, NULL, "best", set, "/nonexistent/answers.txt", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "/nonexistent/answers.txt: No such file or directory"), "%s", p.err);
  cr_assert_eq(p.outlen, 0);
  bs_proc_free(&p);
  bs_temp_drop(set);
}

/* A board at its goal is solved by the empty answer, as verify counts it,
 * and no longer answer of another file replaces it. */
Test(best, the_empty_answer_solves_a_board_at_its_goal) {
  static const char *const goal_set = "3,3,123456780\n3,3,123456708\n";
  char *set = bs_temp_text(goal_set), *a = bs_temp_text("\nR\n"), *b = bs_temp_text("LR\nR\n");
  bs_proc p;
  bs_run(&p, NULL, "best", set, b, a, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "\nR\n");
  cr_assert_not_null(strstr(p.err, "2 puzzles: 2 solved, 1 moves"), "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, NULL, "verify", set, a, NULL);
  cr_assert_not_null(strstr(p.out, "solved 2\n"), "%s", p.out);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(a);
  bs_temp_drop(b);
}

/* -o naming the set would replace the puzzles by their answers: a usage
 * error, as in batch and merge, with the set untouched. An answer file
 * may be written over: it is read first. */
Test(best, will_not_write_over_the_set) {
  char *set = bs_temp_text(set_text), *a = bs_temp_text("R\nRD\nDD\n\n");
  bs_proc p;
  bs_run(&p, NULL, "best", set, a, "-o", set, NULL);
  cr_assert_eq(p.code, 2, "exit %d: %s", p.code, p.err);
  cr_assert_not_null(strstr(p.err, "is the set: it would be written over"), "%s", p.err);
  char *text = bs_slurp(set, NULL);
  cr_assert_str_eq(text, set_text);
  free(text);
  bs_proc_free(&p);
  /* Written over with what it and another file give together, which is
   * neither of them. */
  char *b = bs_temp_text("R\nRDLR\nDD\n\n");
  FILE *f = fopen(a, "w");
  cr_assert_not_null(f);
  fputs("RLR\nRD\nDD\n\n", f);
  fclose(f);
  bs_run(&p, NULL, "best", set, a, b, "-o", a, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  text = bs_slurp(a, NULL);
  cr_assert_str_eq(text, "R\nRD\nDD\n\n");
  free(text);
  bs_proc_free(&p);
  bs_temp_drop(set);
  bs_temp_drop(a);
  bs_temp_drop(b);
}
