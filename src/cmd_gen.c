/* bislide gen: write a random puzzle set whose header limits can be met. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bs_cli.h"
#include "bs_gen.h"
#include "bs_outfile.h"
#include "bs_parse.h"
#include "bs_solver.h"

_Static_assert(BS_GEN_OPEN <= BS_MIN_SIDE * BS_MIN_SIDE && BS_GEN_UNSOLVABLE_OPEN <= BS_MIN_SIDE * BS_MIN_SIDE,
               "every --size has room for the open cells a board keeps");
_Static_assert(BS_MAX_SIDE <= 9, "--size reads each side as one digit");
/* What the set reader accepts for a limit (bs_parse.h). */
#define LIMIT_MAX ((unsigned long long)BS_HEADER_MAX)

static void help(void) {
  printf("usage: bislide gen (--size WxH | --layouts SET) [OPTIONS]\n\n"
         "Writes a puzzle set in the DevQuiz format: a line \"LX RX UX DX\" of move\n"
         "limits, the number of boards, then one W,H,CELLS board a line. The limits\n"
         "are the L, R, U and D totals of answers gen knows for its boards, so they\n"
         "can always be met. The same options and seed give the same set everywhere.\n\n"
         "  --size WxH         board width and height, %d to %d each\n"
         "  --walls K          walls per board (default 0), never in the last cell, at\n"
         "                     least %d cells left open; the open cells stay connected\n"
         "  --layouts SET      instead of --size and --walls: each board's size and\n"
         "                     walls are those of a board of the puzzle set SET, drawn\n"
         "                     uniformly\n"
         "  --count N          boards, 1 to %ld (default 1)\n"
         "  --seed S           any number from 0 to 2^64-1 (default 1)\n"
         "  --depth D          each board is a random walk of D moves (0 to %ld)\n"
         "                     back from the goal that undoes its last move only in\n"
         "                     a dead end (no move if the blank is walled in);\n"
         "                     without it, boards are uniformly random solvable ones\n"
         "  --unsolvable       uniformly random unsolvable boards instead (%d cells\n"
         "                     open at least, or 2 apart); the set then has no\n"
         "                     limits line\n"
         "  -o, --output FILE  write the set to FILE, whole or not at all (default\n"
         "                     stdout)\n"
         "  --answers FILE     also write the answers behind the limits, one line a\n"
         "                     board\n"
         "  -h, --help         show this help\n\n"
         "stderr ends with a one-line summary. Exit status: 0 ok, 1 failure (a file\n"
         "cannot be read or written, or SET is not a valid set), 2 usage error.\n",
         BS_MIN_SIDE, BS_MAX_SIDE, BS_GEN_OPEN, BS_GEN_MAX_COUNT, BS_GEN_MAX_DEPTH, BS_GEN_UNSOLVABLE_OPEN);
}

static int parse_wxh(const char *s, int *w, int *h) {
  const char lo = '0' + BS_MIN_SIDE, hi = '0' + BS_MAX_SIDE;
  if (s[0] < lo || s[0] > hi || s[1] != 'x' || s[2] < lo || s[2] > hi || s[3]) return -1;
  *w = s[0] - '0';
  *h = s[2] - '0';
  return 0;
}

static int parse_seed(const char *s, uint64_t *out) {
  char *end;
  if (*s < '0' || *s > '9') return -1; /* strtoull would take "-1" */
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || errno) return -1;
  *out = v;
  return 0;
}

/* Whether some board of b's layout is unsolvable: with
 * BS_GEN_UNSOLVABLE_OPEN open cells or more, always (bs_gen.h); with two,
 * when they are not next to each other, so that the tile cannot pass. */
static int has_unsolvable(const bs_board *b) {
  const int open = bs_open_cells(b);
  if (open >= BS_GEN_UNSOLVABLE_OPEN) return 1;
  if (open < 2) return 0;
  int c[2], k = 0;
  for (int i = 0; i < b->n; i++)
    if (!(b->wall >> i & 1)) c[k++] = i;
  const int dx = c[1] % b->w - c[0] % b->w, dy = c[1] / b->w - c[0] / b->w;
  return dx * dx + dy * dy != 1;
}

/* The layouts of the boards of the set at path, one per board, into
 * *out. Returns 0, or BS_EXIT_FAIL after saying why on stderr: the set
 * cannot be read or has bad lines, or (unsolvable) no board of a layout
 * is unsolvable. */
static int read_layouts(const char *path, int unsolvable, bs_layout **out, int *n) {
  bs_set set;
  int problems = bs_set_read(path, &set, stderr), rc = BS_EXIT_FAIL;
  *out = NULL;
  *n = 0;
  if (problems) {
    if (problems > 0) fprintf(stderr, "bislide gen: %s: not a valid puzzle set\n", path);
    goto done;
  }
  if (!(*out = malloc((size_t)set.n * sizeof **out))) {
    fprintf(stderr, "bislide gen: %s: out of memory\n", path);
    goto done;
  }
  for (int i = 0; i < set.n; i++) {
    const bs_board *b = &set.e[i].board;
    if (unsolvable && !has_unsolvable(b)) {
      fprintf(stderr, "%s:%d: %d open cell%s: no board of this layout is unsolvable\n", path,
              set.e[i].line, bs_open_cells(b), bs_open_cells(b) == 1 ? "" : "s next to each other");
      goto done;
    }
    (*out)[(*n)++] = (bs_layout){.w = b->w, .h = b->h, .wall = b->wall};
  }
  rc = 0;
done:
  if (rc) {
    free(*out);
    *out = NULL;
  }
  bs_set_free(&set);
  return rc;
}

static int copy(FILE *from, FILE *to) {
  char buf[1 << 16];
  size_t k;
  rewind(from);
  while ((k = fread(buf, 1, sizeof buf, from)) > 0)
    if (fwrite(buf, 1, k, to) != k) break; /* to's error, which its commit reports */
  return ferror(from) ? -1 : 0;
}

int bs_cmd_gen(int argc, char **argv) {
  static const struct option opts[] = {
      {"size", required_argument, 0, 'S'},   {"walls", required_argument, 0, 'w'},
      {"count", required_argument, 0, 'n'},  {"seed", required_argument, 0, 's'},
      {"depth", required_argument, 0, 'd'},  {"output", required_argument, 0, 'o'},
      {"answers", required_argument, 0, 'a'}, {"layouts", required_argument, 0, 'L'},
      {"unsolvable", no_argument, 0, 'U'},   {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  bs_gen_spec spec = {.w = 0, .h = 0, .walls = 0, .depth = -1};
  const char *walls = NULL, *out = "-", *answers = NULL, *layouts = NULL;
  long count = 1;
  uint64_t seed = 1;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
    switch (c) {
    case 'S':
      if (parse_wxh(optarg, &spec.w, &spec.h))
        return bs_usage_error("gen", "--size wants WxH with W and H from %d to %d, such as 4x4, not '%s'",
                              BS_MIN_SIDE, BS_MAX_SIDE, optarg);
      break;
    case 'w': walls = optarg; break;
    case 'n':
      if (bs_parse_long(optarg, 1, BS_GEN_MAX_COUNT, &count))
        return bs_usage_error("gen", "--count wants a number from 1 to %ld, not '%s'",
                              BS_GEN_MAX_COUNT, optarg);
      break;
    case 's':
      if (parse_seed(optarg, &seed))
        return bs_usage_error("gen", "--seed wants a number from 0 to 18446744073709551615, not '%s'",
                              optarg);
      break;
    case 'd':
      if (bs_parse_long(optarg, 0, BS_GEN_MAX_DEPTH, &spec.depth))
        return bs_usage_error("gen", "--depth wants a number from 0 to %ld, not '%s'",
                              BS_GEN_MAX_DEPTH, optarg);
      break;
    case 'o': out = optarg; break;
    case 'a': answers = optarg; break;
    case 'L': layouts = optarg; break;
    case 'U': spec.unsolvable = 1; break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("gen");
    }
  }
  if (optind < argc) return bs_usage_error("gen", "unexpected argument '%s'", argv[optind]);
  if (layouts && (spec.w || walls))
    return bs_usage_error("gen", "--layouts takes each board's size and walls from the set: no --size "
                          "or --walls with it");
  if (!spec.w && !layouts) return bs_usage_error("gen", "--size WxH (or --layouts SET) is required");
  if (spec.unsolvable && spec.depth >= 0)
    return bs_usage_error("gen", "--unsolvable boards are shuffled, not walked: no --depth with it");
  if (spec.unsolvable && answers) return bs_usage_error("gen", "--unsolvable boards have no answers");
  int n = spec.w * spec.h, open = spec.unsolvable ? BS_GEN_UNSOLVABLE_OPEN : BS_GEN_OPEN;
  long k = 0;
  if (walls && bs_parse_long(walls, 0, n - open, &k))
    return bs_usage_error("gen", "--walls wants a number from 0 to %d on %dx%d (%d cells stay open%s), "
                          "not '%s'", n - open, spec.w, spec.h, open, spec.unsolvable ? " for an "
                          "unsolvable board" : "", walls);
  spec.walls = (int)k;
  /* The most used letter takes a quarter of the moves at least: past 4 x
   * LIMIT_MAX moves, its limit would be past LIMIT_MAX (walks are --depth
   * moves unless their blank is walled in; the totals are checked again
   * once the boards are made). */
  if (spec.depth > 0 && (uint64_t)count * (uint64_t)spec.depth > 4 * LIMIT_MAX)
    return bs_usage_error("gen", "--count x --depth is over %llu: the header's move limits would "
                          "be too large to read back", 4 * LIMIT_MAX);
  if (answers && bs_same_file(answers, out))
    return bs_usage_error("gen", "the set and the answers cannot both go to '%s'", out);
  if (spec.walls && !bs_gen_layout_exists(&spec, seed))
    return bs_usage_error("gen", "found no way to place %d walls on %dx%d that leaves the open "
                          "cells connected; use fewer walls", spec.walls, spec.w, spec.h);

  bs_layout *list = NULL;
  if (layouts && read_layouts(layouts, spec.unsolvable, &list, &spec.nlayouts)) return BS_EXIT_FAIL;
  spec.layouts = list;

  bs_gen g;
  char err[160];
  if (bs_gen_init(&g, &spec, seed, err, sizeof err)) {
    fprintf(stderr, "bislide gen: %s\n", err);
    free(list);
    return BS_EXIT_FAIL;
  }
  /* The header needs every answer first: boards and answers wait in
   * temporary files, which vanish if gen is killed. The outputs are opened
   * once now, so that a path that cannot be written fails before the work. */
  FILE *boards = tmpfile(), *moves = answers ? tmpfile() : NULL;
  bs_outfile ans = {0}, set = {0};
  int rc = BS_EXIT_FAIL;
  if (!boards || (answers && !moves)) {
    fprintf(stderr, "bislide gen: temporary file: %s\n", strerror(errno));
    goto done;
  }
  if (bs_outfile_open(&set, out, "gen") || (answers && bs_outfile_open(&ans, answers, "gen"))) goto done;
  bs_outfile_abort(&set);
  bs_outfile_abort(&ans);
  uint64_t total[4] = {0, 0, 0, 0};
  int progress = isatty(STDERR_FILENO) && count >= 10000;
  double shown = bs_now_ms();
  for (long i = 0; i < count; i++) {
    bs_board b;
    char text[BS_BOARD_TEXT];
    if (bs_gen_next(&g, &b)) {
      fprintf(stderr, "bislide gen: board %ld: no answer found (out of memory?)\n", i + 1);
      goto done;
    }
    bs_board_format(&b, text);
    fprintf(boards, "%s\n", text);
    for (size_t m = 0; m < g.len; m++) total[bs_dir_from_char(g.answer[m])]++;
    if (moves) {
      fwrite(g.answer, 1, g.len, moves);
      putc('\n', moves);
    }
    if (progress && !(i & 1023) && bs_now_ms() - shown > 250) {
      shown = bs_now_ms();
      fprintf(stderr, "\rbislide gen: %ld of %ld boards", i, count);
    }
  }
  if (progress) fputs("\r\033[K", stderr);
  for (int d = 0; d < 4; d++)
    if (total[d] > LIMIT_MAX) {
      fprintf(stderr, "bislide gen: the %c limit would be %llu, over the %llu a set may declare; "
              "use a smaller --count or --depth\n", bs_dir_chars[d], (unsigned long long)total[d],
              LIMIT_MAX);
      goto done;
    }
  if (ferror(boards) || fflush(boards) || (moves && (ferror(moves) || fflush(moves)))) {
    fprintf(stderr, "bislide gen: temporary file: write error\n");
    goto done;
  }
  if ((moves && bs_outfile_open(&ans, answers, "gen")) || bs_outfile_open(&set, out, "gen")) goto done;
  /* The answers, then the set, each written only when the one before is
   * out (bs_outfile_before): a set whose answers failed is not written. */
  const int set_first = moves && bs_outfile_before(&set, &ans);
  for (int step = 0; step < 2; step++) {
    const int is_set = (step == 0) == set_first;
    if (!is_set && !moves) continue;
    if (is_set) {
      if (!spec.unsolvable) /* no answers, so no limits: the count alone */
        fprintf(set.f, "%llu %llu %llu %llu\n", (unsigned long long)total[0],
                (unsigned long long)total[1], (unsigned long long)total[2], (unsigned long long)total[3]);
      fprintf(set.f, "%ld\n", count);
    }
    if (copy(is_set ? boards : moves, is_set ? set.f : ans.f)) {
      fprintf(stderr, "bislide gen: temporary file: read error\n");
      goto done;
    }
    if (bs_outfile_commit(is_set ? &set : &ans, "gen")) goto done;
  }
  char what[160];
  if (layouts)
    snprintf(what, sizeof what, "with the layouts of %s", layouts);
  else
    snprintf(what, sizeof what, "%dx%d, %d wall%s", spec.w, spec.h, spec.walls, spec.walls == 1 ? "" : "s");
  fprintf(stderr, "bislide gen: %ld board%s %s, seed %llu, %s", count, count == 1 ? "" : "s", what,
          (unsigned long long)seed,
          spec.unsolvable ? "unsolvable" : spec.depth >= 0 ? "random walks" : "uniform");
  if (spec.unsolvable)
    fprintf(stderr, ": no answers, no limits\n");
  else
    fprintf(stderr, ": limits L %llu R %llu U %llu D %llu\n", (unsigned long long)total[0],
            (unsigned long long)total[1], (unsigned long long)total[2], (unsigned long long)total[3]);
  rc = BS_EXIT_OK;
done:
  bs_outfile_abort(&set);
  bs_outfile_abort(&ans);
  if (boards) fclose(boards);
  if (moves) fclose(moves);
  bs_gen_free(&g);
  free(list);
  return rc;
}
