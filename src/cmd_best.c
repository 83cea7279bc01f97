/* bislide best: the shortest valid answer of each puzzle among several
 * answer files, so that runs of different modes or efforts (an exact run's
 * proven answers, a heuristic run at a high effort) are taken together.
 * Every answer is replayed before it is taken. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "bs_cli.h"
#include "bs_outfile.h"
#include "bs_parse.h"
#include "bs_verify.h"

static void help(void) {
  printf("usage: bislide best SET ANSWERS... [-o BEST]\n\n"
         "Takes, for each puzzle of SET, the shortest answer among the ANSWERS files\n"
         "that replays to its goal (on a tie, the first file's), and writes one line\n"
         "per puzzle, empty where no file solves it. An answer that does not replay\n"
         "is reported on stderr as FILE:LINE and passed over; a file must have one\n"
         "line per puzzle. Then prints on stderr how many answers each file gave and\n"
         "the total. `bislide verify` checks the result against the set's limits.\n"
         "One of the files may be '-'.\n\n"
         "  -o, --output FILE  write the answers to FILE, whole or not at all (default\n"
         "                     stdout); it may be an ANSWERS file, read first, not SET\n"
         "  -h, --help         show this help\n\n"
         "Exit status: 0 written, every answer valid; 1 a file unreadable or of\n"
         "another length (nothing written), or an answer that does not replay or a\n"
         "set line that is no board, each reported (the rest written); 2 usage error.\n");
}

int bs_cmd_best(int argc, char **argv) {
  static const struct option opts[] = {
      {"output", required_argument, 0, 'o'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  const char *outpath = "-";
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
    if (c == 'h') {
      help();
      return BS_EXIT_OK;
    }
    if (c == 'o') {
      outpath = optarg;
      continue;
    }
    return bs_bad_option("best");
  }
  if (argc - optind < 2) return bs_usage_error("best", "give SET and at least one ANSWERS file");
  const int nf = argc - optind - 1;
  char **paths = argv + optind;
  int dashes = 0;
  for (int f = 0; f <= nf; f++) dashes += !strcmp(paths[f], "-");
  if (dashes > 1) return bs_usage_error("best", "only one file can be '-'");
  /* An answer file may be written over (its answers are read first), the
   * set may not. */
  if (bs_writes_over_set(outpath, paths[0]))
    return bs_usage_error("best", "'%s' is the set: it would be written over", outpath);
  bs_set set;
  bs_answers *ans = calloc((size_t)nf, sizeof *ans);
  int *from = calloc((size_t)nf, sizeof *from), *pick = NULL;
  int rc = BS_EXIT_FAIL;
  if (!ans || !from) {
    fprintf(stderr, "bislide best: out of memory\n");
    free(ans), free(from);
    return BS_EXIT_FAIL;
  }
  const int problems = bs_set_read(paths[0], &set, stderr);
  if (problems < 0) {
    free(ans), free(from);
    return BS_EXIT_FAIL;
  }
  int ok = 1;
  for (int f = 0; f < nf; f++) {
    if (bs_answers_read(paths[f + 1], &ans[f], stderr)) {
      ok = 0;
    } else if (ans[f].n != set.n) {
      fprintf(stderr, "%s:%d: %d answer line%s for %d puzzle%s\n", paths[f + 1],
              (ans[f].n < set.n ? ans[f].n : set.n) + 1, ans[f].n, ans[f].n == 1 ? "" : "s", set.n,
              set.n == 1 ? "" : "s");
      ok = 0;
    }
  }
  if (!ok) goto done;
  if (!(pick = malloc((size_t)(set.n ? set.n : 1) * sizeof *pick))) {
    fprintf(stderr, "bislide best: out of memory\n");
    goto done;
  }
  int faults = 0, solved = 0;
  long moves = 0;
  for (int i = 0; i < set.n; i++) {
    pick[i] = -1;
    for (int f = 0; f < nf; f++) {
      /* Every answer is replayed, not only the shorter ones, so that a
       * file's faults are reported whatever the files' order. */
      size_t len = ans[f].len[i];
      if (!len) { /* a board at its goal: the empty answer is its answer, as verify counts it */
        if (set.e[i].ok && bs_is_goal(&set.e[i].board) && (pick[i] < 0 || ans[pick[i]].len[i])) pick[i] = f;
        continue;
      }
      if (bs_replay_check(set.e[i].ok ? &set.e[i].board : NULL, ans[f].line[i], len, paths[f + 1],
                          i + 1, i + 1, paths[0], set.e[i].line) != BS_RP_OK)
        faults++;
      else if (pick[i] < 0 || len < ans[pick[i]].len[i])
        pick[i] = f;
    }
    if (pick[i] < 0) continue;
    from[pick[i]]++;
    solved++;
    moves += (long)ans[pick[i]].len[i];
  }
  bs_outfile out;
  if (bs_outfile_open(&out, outpath, "best")) goto done;
  for (int i = 0; i < set.n; i++) {
    if (pick[i] >= 0) fwrite(ans[pick[i]].line[i], 1, ans[pick[i]].len[i], out.f);
    fputc('\n', out.f);
  }
  if (bs_outfile_commit(&out, "best")) goto done;
  fprintf(stderr, "bislide best: %d puzzles: %d solved, %ld moves\n", set.n, solved, moves);
  for (int f = 0; f < nf; f++)
    fprintf(stderr, "  %s: %d answer%s taken\n", paths[f + 1], from[f], from[f] == 1 ? "" : "s");
  rc = faults || problems ? BS_EXIT_FAIL : BS_EXIT_OK;
done:
  for (int f = 0; f < nf; f++) bs_answers_free(&ans[f]);
  free(ans), free(from), free(pick);
  bs_set_free(&set);
  return rc;
}
