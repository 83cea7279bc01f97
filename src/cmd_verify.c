/* bislide verify: replay every answer and total the moves per letter. */
#include <getopt.h>
#include <string.h>

#include "bs_cli.h"
#include "bs_heur.h"
#include "bs_parse.h"
#include "bs_verify.h"

static void help(void) {
  printf("usage: bislide verify SET ANSWERS\n\n"
         "Replays each answer line on its puzzle. Reports on stderr, as ANSWERS:LINE,\n"
         "every answer with a letter other than L R U D, a move off the board or into\n"
         "a wall, or moves that do not reach the goal; an empty line is an unsolved\n"
         "puzzle, or a solved one when the puzzle is its own goal. Then prints the\n"
         "totals: solved, invalid, moves, the solved boards' lower bounds (no answers\n"
         "can be shorter in all), and L/R/U/D against the set's limits. Either file\n"
         "may be '-' (not both).\n\n"
         "Exit status: 0 all answers valid and within the limits, 1 otherwise,\n"
         "2 usage error.\n");
}

int bs_cmd_verify(int argc, char **argv) {
  static const struct option opts[] = {{"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    if (c == 'h') {
      help();
      return BS_EXIT_OK;
    }
    return bs_bad_option("verify");
  }
  if (argc - optind != 2) return bs_usage_error("verify", "give SET and ANSWERS");
  const char *setpath = argv[optind], *anspath = argv[optind + 1];
  if (!strcmp(setpath, "-") && !strcmp(anspath, "-"))
    return bs_usage_error("verify", "only one of SET and ANSWERS can be '-'");
  bs_set set;
  bs_answers ans;
  int problems = bs_set_read(setpath, &set, stderr);
  if (problems < 0) return BS_EXIT_FAIL;
  if (bs_answers_read(anspath, &ans, stderr)) {
    bs_answers_free(&ans);
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }
  int invalid = 0, solved = 0;
  long total[4] = {0, 0, 0, 0}, moves = 0, bound = 0; /* bound: of the solved boards */
  int n = ans.n < set.n ? ans.n : set.n;
  for (int i = 0; i < n; i++) {
    if (!ans.len[i]) { /* a board at its goal: the empty answer is its answer */
      solved += set.e[i].ok && bs_is_goal(&set.e[i].board);
      continue;
    }
    if (bs_replay_check(set.e[i].ok ? &set.e[i].board : NULL, ans.line[i], ans.len[i], anspath, i + 1,
                        i + 1, setpath, set.e[i].line) != BS_RP_OK) {
      invalid++;
      continue;
    }
    solved++;
    moves += (long)ans.len[i];
    bound += bs_lower_bound(&set.e[i].board);
    bs_count_letters(ans.line[i], ans.len[i], total);
  }
  int bad_count = ans.n != set.n;
  if (ans.n > set.n)
    fprintf(stderr, "%s:%d: more answer lines (%d) than puzzles (%d)\n", anspath, set.n + 1, ans.n,
            set.n);
  else if (ans.n < set.n)
    fprintf(stderr, "%s:%d: fewer answer lines (%d) than puzzles (%d)\n", anspath, ans.n + 1, ans.n,
            set.n);
  int over = 0;
  printf("puzzles %d\nsolved %d\ninvalid %d\nunsolved %d\nmoves %ld\nbound %ld\n", set.n, solved, invalid,
         set.n - solved - invalid, moves, bound);
  for (int d = 0; d < 4; d++) {
    if (set.has_limits) {
      int o = total[d] > set.limit[d];
      over += o;
      if (o)
        fprintf(stderr, "%s:%d: the answers move %c %ld time%s, over its limit of %ld\n", setpath,
                set.limit_line, bs_dir_chars[d], total[d], total[d] == 1 ? "" : "s", set.limit[d]);
      printf("%c %ld of %ld%s\n", bs_dir_chars[d], total[d], set.limit[d], o ? " OVER LIMIT" : "");
    } else {
      printf("%c %ld\n", bs_dir_chars[d], total[d]);
    }
  }
  bs_answers_free(&ans);
  bs_set_free(&set);
  return invalid || over || bad_count || problems ? BS_EXIT_FAIL : BS_EXIT_OK;
}
