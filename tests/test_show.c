/* bislide show, run as the real binary: the frames it prints off a
 * terminal, each way of giving it a board and moves (--board and --moves,
 * SET INDEX ANSWERS, solve --json on stdin), a move into a wall or off the
 * board, bad input and usage errors; and under tmux, as a person sees it
 * on a terminal: the answer played in place, ending on the solved board. */
#include "bs_test.h"

#include <time.h>

#define DEEP3 "3,3,867254301" /* the deepest 3x3 board: 31 moves */
#define DEEP3_MOVES 31

/* The board after 0, 1 and 2 moves of RD, and what show prints for them. */
#define ONE_STEP "3,3,123405786"
static const char *const one_step_frames =
    "board 3,3,123405786, 2 moves\n"
    "frame 0: start\n"
    "+---+---+---+\n"
    "| 1 | 2 | 3 |\n"
    "+---+---+---+\n"
    "| 4 |   | 5 |\n"
    "+---+---+---+\n"
    "| 7 | 8 | 6 |\n"
    "+---+---+---+\n"
    "\n"
    "frame 1: move R\n"
    "+---+---+---+\n"
    "| 1 | 2 | 3 |\n"
    "+---+---+---+\n"
    "| 4 | 5 |   |\n"
    "+---+---+---+\n"
    "| 7 | 8 | 6 |\n"
    "+---+---+---+\n"
    "\n"
    "frame 2: move D\n"
    "+---+---+---+\n"
    "| 1 | 2 | 3 |\n"
    "+---+---+---+\n"
    "| 4 | 5 | 6 |\n"
    "+---+---+---+\n"
    "| 7 | 8 |   |\n"
    "+---+---+---+\n"
    "solved in 2 moves\n";

/* The solved 3x3 board as show draws it. */
static const char *const goal3 = "+---+---+---+\n"
                                 "| 1 | 2 | 3 |\n"
                                 "+---+---+---+\n"
                                 "| 4 | 5 | 6 |\n"
                                 "+---+---+---+\n"
                                 "| 7 | 8 |   |\n"
                                 "+---+---+---+\n";

static int count_of(const char *text, const char *what) {
  int n = 0;
  for (const char *p = text; (p = strstr(p, what)) != NULL; p += strlen(what)) n++;
  return n;
}

/* The answer of `solve --exact` for one board, without its newline. */
static char *answer_of(const char *board) {
  bs_proc p;
  bs_run(&p, NULL, "solve", "--exact", "--board", board, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  p.out[strcspn(p.out, "\n")] = 0;
  free(p.err);
  return p.out;
}

/* Checks that the text ends with the solved 3x3 board and the line that
 * says it took n moves. */
static void ends_solved(const char *out, int n) {
  char want[256];
  snprintf(want, sizeof want, "%ssolved in %d moves\n", goal3, n);
  size_t len = strlen(out), wlen = strlen(want);
  cr_assert(len >= wlen && !strcmp(out + len - wlen, want), "want the end\n%s\nof\n%s", want, out);
}

/* ---- frames off a terminal ------------------------------------------- */

Test(show, frames_of_board_and_moves) {
  bs_proc p;
  bs_run(&p, NULL, "show", "--board", ONE_STEP, "--moves", "RD", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, one_step_frames);
  cr_assert_eq(p.errlen, 0, "%s", p.err);
  cr_assert_eq(count_of(p.out, "\033"), 0, "no escape sequence off a terminal");
  bs_proc_free(&p);
}

Test(show, walls_blank_and_a_board_alone) {
  bs_proc p;
  bs_run(&p, NULL, "show", "--board", "4,3,1=34567890AB", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_str_eq(p.out, "board 4,3,1=34567890AB\n"
                          "frame 0: start\n"
                          "+---+---+---+---+\n"
                          "| 1 |###| 3 | 4 |\n"
                          "+---+---+---+---+\n"
                          "| 5 | 6 | 7 | 8 |\n"
                          "+---+---+---+---+\n"
                          "| 9 |   | A | B |\n"
                          "+---+---+---+---+\n");
  bs_proc_free(&p);
}

Test(show, the_deepest_3x3_answer_ends_solved) {
  char *moves = answer_of(DEEP3);
  cr_assert_eq(strlen(moves), DEEP3_MOVES);
  bs_proc p;
  bs_run(&p, NULL, "show", "--board", DEEP3, "--moves", moves, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(count_of(p.out, "\nframe "), DEEP3_MOVES + 1, "one frame a move, and the start");
  char last[32];
  snprintf(last, sizeof last, "frame %d: move %c\n", DEEP3_MOVES, moves[DEEP3_MOVES - 1]);
  cr_assert_not_null(strstr(p.out, last), "no '%s' in:\n%s", last, p.out);
  ends_solved(p.out, DEEP3_MOVES);
  bs_proc_free(&p);
  /* Legal moves that stop short say so, and are no error. */
  moves[DEEP3_MOVES - 1] = 0;
  bs_run(&p, NULL, "show", "--board", DEEP3, "--moves", moves, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "after 30 moves: not the goal\n"), "%s", p.out);
  bs_proc_free(&p);
  free(moves);
}

/* ---- a move that cannot be made -------------------------------------- */

Test(show, a_move_into_a_wall_names_its_step_after_the_frames_before) {
  bs_proc p;
  bs_run(&p, NULL, "show", "--board", "4,3,1=34567890AB", "--moves", "UU", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "--moves:1: move 2 'U' moves into a wall"), "%s", p.err);
  cr_assert_not_null(strstr(p.out, "frame 1: move U\n"), "the frames up to the wall: %s", p.out);
  cr_assert_null(strstr(p.out, "frame 2"), "%s", p.out);
  bs_proc_free(&p);
  /* The blank is in the bottom row: D leaves the board. */
  bs_run(&p, NULL, "show", "--board", "3,3,123456780", "--moves", "DR", NULL);
  cr_assert_eq(p.code, 1, "%s", p.err);
  cr_assert_not_null(strstr(p.err, "move 1 'D' moves off the board"), "%s", p.err);
  cr_assert_not_null(strstr(p.out, "frame 0: start\n"), "%s", p.out);
  cr_assert_null(strstr(p.out, "frame 1"), "%s", p.out);
  bs_proc_free(&p);
}

/* ---- SET INDEX ANSWERS, and JSON results ------------------------------ */

#define SET3 "3,3,123456708\n" DEEP3 "\n3,3,213456780\n"

Test(show, set_index_and_answers) {
  char *set = bs_temp_text(SET3);
  bs_proc s, p;
  bs_run(&s, NULL, "solve", "--exact", set, NULL);
  cr_assert_eq(s.code, 0, "%s", s.err);
  char *ans = bs_temp_text(s.out);
  bs_run(&p, NULL, "show", set, "2", ans, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  char title[4200];
  snprintf(title, sizeof title, "%s puzzle 2 (line 2): 3x3, 31 moves\n", set);
  cr_assert_eq(strncmp(p.out, title, strlen(title)), 0, "want %s first in:\n%s", title, p.out);
  ends_solved(p.out, DEEP3_MOVES);
  bs_proc_free(&p);
  /* The set from stdin; the unsolvable puzzle's empty answer line. */
  bs_run(&p, SET3, "show", "-", "3", ans, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "| 2 | 1 | 3 |"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "\nno answer\n"), "%s", p.out);
  bs_proc_free(&p);
  /* No answers: the board alone. */
  bs_run(&p, NULL, "show", set, "1", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "| 7 |   | 8 |"), "%s", p.out);
  cr_assert_eq(count_of(p.out, "frame "), 1, "%s", p.out);
  bs_proc_free(&p);
  bs_proc_free(&s);
  bs_temp_drop(set);
  bs_temp_drop(ans);
}

Test(show, solve_json_on_stdin) {
  bs_proc s, p;
  bs_run(&s, SET3, "solve", "--exact", "--json", "-", NULL);
  cr_assert_eq(s.code, 0, "%s", s.err);
  /* --json -, then found by its first character, then stdin by default. */
  const char *const forms[][3] = {{"--json", "-", NULL}, {"-", NULL, NULL}, {NULL, NULL, NULL}};
  for (int f = 0; f < 3; f++) {
    bs_run(&p, s.out, "show", forms[f][0], forms[f][1], NULL);
    cr_assert_eq(p.code, 0, "form %d: %s", f, p.err);
    cr_assert_eq(count_of(p.out, "frame 0: start\n"), 3, "every result in turn: %s", p.out);
    cr_assert_not_null(strstr(p.out, "puzzle 2: 3x3, solved, 31 moves\n"), "%s", p.out);
    cr_assert_not_null(strstr(p.out, "no answer: unsolvable (parity)\n"), "%s", p.out);
    bs_proc_free(&p);
  }
  /* One of them by its index. */
  bs_run(&p, s.out, "show", "--json", "-", "2", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(count_of(p.out, "frame 0: start\n"), 1, "%s", p.out);
  ends_solved(p.out, DEEP3_MOVES);
  bs_proc_free(&p);
  bs_run(&p, s.out, "show", "-", "7", NULL);
  cr_assert_eq(p.code, 1);
  cr_assert_not_null(strstr(p.err, "no result with index 7"), "%s", p.err);
  bs_proc_free(&p);
  bs_proc_free(&s);
}

/* Exit 1, and the reason on stderr. */
static void fails(bs_proc *p, const char *want) {
  cr_assert_eq(p->code, 1, "exit %d, want 1: %s", p->code, p->err);
  cr_assert_not_null(strstr(p->err, want), "want '%s' in: %s", want, p->err);
  bs_proc_free(p);
}

Test(show, batch_json_file_with_its_summary) {
  char *set = bs_temp_text(SET3), *out = bs_temp_text(""), *js = bs_temp_text("");
  bs_proc b, p;
  bs_run(&b, NULL, "batch", set, "-o", out, "--json", js, "--jobs", "1", "--mem", "8M", NULL);
  cr_assert_eq(b.code, 0, "%s", b.err);
  bs_run(&p, NULL, "show", js, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_eq(count_of(p.out, "frame 0: start\n"), 3, "the summary line is no puzzle: %s", p.out);
  bs_proc_free(&p);
  bs_proc_free(&b);
  bs_temp_drop(set);
  /* A set with an invalid line: its entry has no board; the others show. */
  set = bs_temp_text("3,3,123456708\n3,3,12\n3,3,123405786\n");
  bs_run(&b, NULL, "batch", set, "-o", out, "--json", js, "--jobs", "1", "--mem", "8M", NULL);
  cr_assert_eq(b.code, 1, "%s", b.err);
  bs_run(&p, NULL, "show", js, "3", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "puzzle 3: 3x3, solved"), "%s", p.out);
  bs_proc_free(&p);
  bs_run(&p, NULL, "show", js, "2", NULL);
  fails(&p, ":2: puzzle 2 is an invalid line of its set (2 cells for a 9-cell board)");
  bs_proc_free(&b);
  bs_temp_drop(set);
  bs_temp_drop(out);
  bs_temp_drop(js);
}

/* ---- bad input: FILE:LINE: and exit 1 --------------------------------- */

Test(show, bad_input_is_reported_where_it_is) {
  bs_proc p;
  bs_run(&p, NULL, "show", "--board", "3,3,12345678", NULL);
  fails(&p, "--board:1: 8 cells");
  bs_run(&p, NULL, "show", "--board", ONE_STEP, "--moves", "RxD", NULL);
  fails(&p, "--moves:1: move 2: 'x' is not L, R, U or D");
  bs_run(&p, "{\"board\":\"3,3,123405786\",\"moves\":\"RD\"}\n{\"board\":\"3,3,1\"\n", "show", "-", NULL);
  fails(&p, "-:2: malformed JSON");
  bs_run(&p, "\n{\"index\":1,\"moves\":\"R\"}\n", "show", "--json", NULL);
  fails(&p, "-:2: no \"board\" field");
  /* Valid JSON whose fields have the wrong type says which field. */
  bs_run(&p, "{\"board\":3}\n", "show", "-", NULL);
  fails(&p, "-:1: \"board\" is not a string");
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"moves\":123}\n", "show", "-", NULL);
  fails(&p, "-:1: \"moves\" is not a string");
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"status\":null}\n", "show", "-", NULL);
  fails(&p, "-:1: \"status\" is not a string");
  /* Values of fields not ours are still JSON: a number by its grammar,
   * true, false and null by their letters. */
  static const char *const not_json[] = {"--", "1.2.3.e", "01", "1.", ".5", "1e", "tru", "nul", "+1"};
  for (size_t i = 0; i < sizeof not_json / sizeof *not_json; i++) {
    char line[200];
    snprintf(line, sizeof line, "{\"board\":\"3,3,123456708\",\"x\":%s}\n", not_json[i]);
    bs_run(&p, line, "show", "-", NULL);
    fails(&p, "-:1: malformed JSON");
  }
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"moves\":\"R\",\"x\":[-0.5e+3,0,1E-2,true,false,null]}\n", "show",
         "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  bs_run(&p, "{\"board\":\"3,3,123405786\",\"moves\":\"RD\"}\n", "show", "--json", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err); /* the same without the faults */
  bs_proc_free(&p);
  /* An escape stands for its character, not for its low byte. */
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"moves\":\"\\u0152\"}\n", "show", "-", NULL);
  fails(&p, "-:1: move 1: '?' is not L, R, U or D");
  bs_run(&p, "{\"board\":\"3,3,1234567\\u01380\"}\n", "show", "-", NULL);
  fails(&p, "-:1: unknown symbol '?' in cell 8");
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"moves\":\"\\u0052\"}\n", "show", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  bs_proc_free(&p);
  /* A control character, escaped, never reaches the output as it is. */
  bs_run(&p,
         "{\"board\":\"3,3,123456708\",\"moves\":\"\",\"status\":\"\\u001b[31mx\","
         "\"reason\":\"\\u009b2J\\n\"}\n",
         "show", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strchr(p.out, '\033'), "an escape reached the output: %s", p.out);
  cr_assert_null(strstr(p.out, "\xc2\x9b"), "a C1 control reached the output: %s", p.out);
  cr_assert_not_null(strstr(p.out, "no answer: ?[31mx (?2J?)"), "%s", p.out);
  bs_proc_free(&p);
  /* The first code point past ASCII, U+0080 (a C1 control), too. */
  bs_run(&p, "{\"board\":\"3,3,123456708\",\"moves\":\"\",\"reason\":\"a\\u0080b\"}\n", "show", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strchr(p.out, '\x80'), "a C1 byte reached the output: %s", p.out);
  cr_assert_not_null(strstr(p.out, "(a?b)"), "%s", p.out);
  bs_proc_free(&p);
  /* Nor raw: a C1 control in UTF-8 (U+009B, U+009D), or any other
   * character past ASCII, is one '?'. */
  bs_run(&p,
         "{\"board\":\"3,3,123456708\",\"moves\":\"\",\"status\":\"\xc2\x9b" "2J\xc2\x9d" "0;x\","
         "\"reason\":\"\xe2\x80\x94\x9b\"}\n",
         "show", "-", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_null(strstr(p.out, "\xc2\x9b"), "a C1 control reached the output: %s", p.out);
  cr_assert_null(strchr(p.out, '\x9b'), "a C1 byte reached the output: %s", p.out);
  cr_assert_not_null(strstr(p.out, "no answer: ?2J?0;x (?" "?)"), "%s", p.out);
  bs_proc_free(&p);
  /* The board ends where its string does, not at an escaped NUL. */
  bs_run(&p, "{\"board\":\"3,3,123456780\\u0000junk\",\"moves\":\"\"}\n", "show", "-", NULL);
  cr_assert_eq(p.code, 1, "a board cut at \\u0000: %s", p.out);
  bs_proc_free(&p);

  char *set = bs_temp_text("3,3,123456708\n3,3,1234a6780\n");
  char *ans = bs_temp_text("R\nRL\n"), where[4200];
  bs_run(&p, NULL, "show", set, "2", NULL);
  snprintf(where, sizeof where, "%s:2: unknown symbol", set);
  fails(&p, where);
  bs_run(&p, NULL, "show", set, "1", ans, NULL);
  cr_assert_eq(p.code, 0, "another puzzle's bad line is not this one's: %s", p.err);
  bs_proc_free(&p);
  char *bad = bs_temp_text("RQ\n"), *few = bs_temp_text("");
  bs_run(&p, NULL, "show", set, "1", bad, NULL);
  snprintf(where, sizeof where, "%s:1: move 2: 'Q'", bad);
  fails(&p, where);
  bs_run(&p, NULL, "show", set, "1", few, NULL);
  fails(&p, "none for puzzle 1");
  bs_run(&p, NULL, "show", set, "1", "/nonexistent/answers.txt", NULL);
  fails(&p, "/nonexistent/answers.txt");
  bs_run(&p, NULL, "show", "/nonexistent/set.txt", "1", NULL);
  fails(&p, "/nonexistent/set.txt");
  bs_temp_drop(set);
  bs_temp_drop(ans);
  bs_temp_drop(bad);
  bs_temp_drop(few);
}

/* ---- usage errors: exit 2 ---------------------------------------------- */

Test(show, usage_errors_exit_2) {
  char *set = bs_temp_text(SET3);
  const char *const cases[][6] = {
      {"--moves", "RD"},                     /* moves without a board */
      {"--board", ONE_STEP, set},            /* a board and a file */
      {"--board", ONE_STEP, "--json"},       /* a board and JSON */
      {"--delay", "10001", set, "1"},        /* out of range */
      {"--delay", "soon", set, "1"},         /* not a number */
      {set, "0"},                            /* INDEX from 1 */
      {set, "two"},                          /* INDEX a number */
      {set, "4"},                            /* beyond the set */
      {set},                                 /* a set needs its INDEX */
      {set, "1", set, set},                  /* too many */
      {"-", "1", "-"},                       /* stdin twice */
      {"--frobnicate"},                      /* no such option */
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    bs_proc p;
    const char *const *a = cases[i];
    bs_run(&p, NULL, "show", a[0], a[1], a[2], a[3], a[4], NULL);
    cr_assert_eq(p.code, 2, "case %zu (%s %s): exit %d: %s", i, a[0], a[1] ? a[1] : "", p.code, p.err);
    cr_assert_gt(p.errlen, 0, "case %zu says why", i);
    cr_assert_eq(p.outlen, 0, "case %zu: %s", i, p.out);
    bs_proc_free(&p);
  }
  bs_temp_drop(set);
}

Test(show, help_goes_to_stdout) {
  bs_proc p;
  bs_run(&p, NULL, "show", "--help", NULL);
  cr_assert_eq(p.code, 0);
  cr_assert_not_null(strstr(p.out, "usage: bislide show"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "--delay MS"), "%s", p.out);
  cr_assert_eq(p.errlen, 0);
  bs_proc_free(&p);
  bs_run(&p, NULL, "--help", NULL);
  cr_assert_not_null(strstr(p.out, "  show "), "bislide --help lists show: %s", p.out);
  bs_proc_free(&p);
}

/* ---- on a terminal, under tmux ------------------------------------------ */

#define TMUX_COLS 80
#define TMUX_ROWS 30
#define TMUX_WAIT_S 60.0 /* for the 31 frames; generous for a sanitizer build */

/* Types `show` of the deepest 3x3 board's answer into a shell in a tmux
 * pane of cols x TMUX_ROWS and returns the pane (bs_in_tmux). */
static char *played_in_tmux(int cols, const char *moves) {
  const char *bin = getenv("BISLIDE");
  cr_assert(bin && *bin);
  char line[4096];
  snprintf(line, sizeof line, "'%s' show --delay 10 --board %s --moves %s", bin, DEEP3, moves);
  return bs_in_tmux(cols, TMUX_ROWS, TMUX_WAIT_S, line);
}

/* In an 80x30 pane the answer plays as one board, redrawn in place, whose
 * last frame is move 31 on the solved board, then "solved in 31 moves". */
Test(show, tmux_shows_the_answer_played_in_place) {
  char *moves = answer_of(DEEP3), *screen = played_in_tmux(TMUX_COLS, moves);

  char want[512];
  snprintf(want, sizeof want, "move %d/%d: %c\n%ssolved in %d moves\ndone 0\n", DEEP3_MOVES, DEEP3_MOVES,
           moves[DEEP3_MOVES - 1], goal3, DEEP3_MOVES);
  cr_assert_not_null(strstr(screen, want), "want on screen:\n%s\nthe pane:\n%s", want, screen);
  cr_assert_eq(count_of(screen, "move "), 1, "one heading: the board is redrawn in place:\n%s", screen);
  cr_assert_eq(count_of(screen, "+---+---+---+\n"), 4, "one board on screen:\n%s", screen);
  cr_assert_eq(count_of(screen, "frame "), 0, "no numbered frames on a terminal:\n%s", screen);
  free(screen);
  free(moves);
}

/* A pane narrower than a frame wraps its lines, so that going back up the
 * frame's lines would not reach its top: there the frames follow one
 * another, numbered, as off a terminal, and nothing drifts. */
Test(show, tmux_narrower_than_a_frame_plays_it_frame_by_frame) {
  char *moves = answer_of(DEEP3), *screen = played_in_tmux(12, moves);
  char want[512];
  snprintf(want, sizeof want, "frame %d: move %c\n%ssolved in %d moves\ndone 0\n", DEEP3_MOVES,
           moves[DEEP3_MOVES - 1], goal3, DEEP3_MOVES);
  cr_assert_not_null(strstr(screen, want), "want on screen:\n%s\nthe pane:\n%s", want, screen);
  cr_assert_null(strstr(screen, "/31: "), "no heading redrawn in place:\n%s", screen);
  free(screen);
  free(moves);
}

/* A NUL byte would hide the rest of a JSON line: refused where it is.
 * "index" takes digits only, within a puzzle's number. A '#' comment is
 * skipped as in a set, also where it opens the file. */
Test(show, json_lines_are_read_whole) {
  static const char nul_first[] = "\0garbage\n{\"board\":\"3,3,123456708\",\"moves\":\"R\"}\n";
  static const char nul_after[] = "{\"board\":\"3,3,123456708\"}\0junk\n";
  const struct {
    const char *text;
    size_t len;
  } nul[] = {{nul_first, sizeof nul_first - 1}, {nul_after, sizeof nul_after - 1}};
  bs_proc p;
  for (int i = 0; i < 2; i++) {
    char *path = bs_temp_write(nul[i].text, nul[i].len), where[4200];
    bs_run(&p, NULL, "show", "--json", path, NULL);
    snprintf(where, sizeof where, "%s:1: a NUL byte in the line", path);
    cr_assert_eq(p.code, 1, "exit %d: %s", p.code, p.err);
    cr_assert_not_null(strstr(p.err, where), "%s", p.err);
    bs_proc_free(&p);
    bs_temp_drop(path);
  }
  static const char *const bad_index[] = {"99999999999999999999999", "+5", "0", "-1", "2147483648", "07",
                                          "1.5", "1e3"};
  for (int i = 0; i < 8; i++) {
    char line[200];
    snprintf(line, sizeof line, "{\"index\":%s,\"board\":\"3,3,123456708\"}\n", bad_index[i]);
    bs_run(&p, line, "show", "-", NULL);
    cr_assert_eq(p.code, 1, "index %s: exit %d: %s", bad_index[i], p.code, p.err);
    cr_assert_not_null(strstr(p.err, "-:1: \"index\" is not a puzzle's number"), "%s", p.err);
    bs_proc_free(&p);
  }
  bs_run(&p, "# a comment\n{\"index\":2147483647,\"board\":\"3,3,123456708\",\"moves\":\"R\"}\n", "show", "-",
         NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert_not_null(strstr(p.out, "puzzle 2147483647: 3x3"), "%s", p.out);
  cr_assert_not_null(strstr(p.out, "solved in 1 move"), "%s", p.out);
  bs_proc_free(&p);
}
