/* bislide solve: solve every board of a file (or one --board) in order. */
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "bs_cli.h"
#include "bs_parse.h"
#include "bs_solver.h"

static void help(void) {
  printf("usage: bislide solve [OPTIONS] (--board W,H,CELLS | FILE | -)\n\n"
         "Solves each board and prints one line per board, in input order: the moves,\n"
         "or an empty line when it is not solved. The output is an answer file.\n"
         "A board not solved is named on stderr, FILE:LINE: unsolvable or gave up,\n"
         "with the reason (FILE is '-' for standard input, '--board' for --board),\n"
         "the first %d of them, then how many more.\n"
         "A file with any invalid board exits 1 before any search.\n\n"
         "  --board W,H,CELLS  solve this board instead of a file\n"
         "  --exact            the same as --mode exact\n"
         "  --mode MODE        " BS_MODES_HELP "\n"
         "  --set NAME=VALUE   change a setting (repeatable; `bislide settings` lists them)\n"
         "  --pdb-dir DIR      cache of exact mode's pattern databases (default\n"
         "                     $XDG_CACHE_HOME/bislide or ~/.cache/bislide; at most\n"
         "                     " BS_STR(BS_PDB_CACHE_GIB) " GiB, the least recently used files deleted)\n"
         "  --no-pdb-cache     build pattern databases in memory only\n"
         "  --mem SIZE         memory for the search, " BS_STR(BS_MEM_MIN) " to " BS_MAX_MEM_TEXT
         ", K/M/G/T suffixes\n"
         "                     (default " BS_DEFAULT_MEM_TEXT "): the mode's tables and workspace take\n"
         "                     their share (the *_mem settings, beam_pdb), and the\n"
         "                     rest sets the arena's state count, which object and\n"
         "                     pool share, though their states cost more bytes; a\n"
         "                     store holds at most %u states (about 12.5G)\n"
         "  --store STORE      state store: arena (default), object or pool\n"
         "  --no-recycle       keep every layer instead of dropping the old ones\n"
         "  --json             one JSON object per board instead of answer lines\n"
         "  -h, --help         show this help\n\n"
         BS_MODES_TEXT "\n"
         "stderr ends with a one-line summary. Exit status: 0 ok, 1 invalid input or\n"
         "failure, 2 usage error.\n",
         BS_REPORT_MAX, (unsigned)BS_MAX_CAP);
}

int bs_cmd_solve(int argc, char **argv) {
  static const struct option opts[] = {
      {"board", required_argument, 0, 'b'}, {"exact", no_argument, 0, 'e'},
      {"mode", required_argument, 0, 'M'},  {"mem", required_argument, 0, 'm'},
      {"store", required_argument, 0, 's'}, {"no-recycle", no_argument, 0, 'R'},
      {"json", no_argument, 0, 'j'},        {"set", required_argument, 0, 'S'},
      {"pdb-dir", required_argument, 0, 'P'}, {"no-pdb-cache", no_argument, 0, 'N'},
      {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
  const char *board = NULL;
  uint64_t mem = BS_DEFAULT_MEM;
  int json = 0, store = BS_STORE_ARENA, mode = BS_MODE_AUTO, c;
  bs_settings settings = bs_settings_default;
  char pdb_dir[PATH_MAX];
  bs_opts o = {.recycle = 1, .budget = 0, .set = &settings,
               .pdb_dir = bs_pdb_default_dir(pdb_dir, sizeof pdb_dir) ? NULL : pdb_dir};
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'b': board = optarg; break;
    case 'e': mode = BS_MODE_EXACT; break;
    case 'M':
      if ((mode = bs_mode_parse(optarg)) < 0) return bs_usage_error("solve", "unknown mode '%s'", optarg);
      break;
    case 'm':
      if (bs_parse_size(optarg, BS_MEM_MIN, BS_MAX_MEM, &mem))
        return bs_usage_error("solve", BS_MEM_USAGE, optarg);
      break;
    case 's':
      if ((store = bs_store_parse(optarg)) < 0) return bs_usage_error("solve", "unknown store '%s'", optarg);
      break;
    case 'R': o.recycle = 0; break;
    case 'j': json = 1; break;
    case 'S':
      if (bs_cli_setting("solve", &settings, optarg)) return BS_EXIT_USAGE;
      break;
    case 'P': /* '' would put the cache in the root directory */
      if (!*optarg) return bs_usage_error("solve", "--pdb-dir needs a directory (--no-pdb-cache: none)");
      o.pdb_dir = optarg;
      break;
    case 'N': o.pdb_dir = NULL; break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("solve");
    }
  }
  if (!!board + (argc - optind) != 1)
    return bs_usage_error("solve", "give one FILE, '-' or --board W,H,CELLS");

  bs_set set;
  int problems;
  if (board) {
    memset(&set, 0, sizeof set);
    set.e = calloc(1, sizeof *set.e);
    if (!set.e) {
      fprintf(stderr, "bislide solve: out of memory\n");
      return BS_EXIT_FAIL;
    }
    set.n = 1;
    set.e->line = 1;
    set.e->ok = !bs_board_parse(board, bs_line_trim(board, strlen(board)), &set.e->board, set.e->err,
                                sizeof set.e->err);
    problems = !set.e->ok;
    if (problems) fprintf(stderr, "--board:1: %s\n", set.e->err);
  } else {
    problems = bs_set_read(argv[optind], &set, stderr);
  }
  if (problems) {
    if (problems > 0) fprintf(stderr, "bislide solve: %d problem%s in the input, nothing solved\n",
                              problems, problems == 1 ? "" : "s");
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }
  bs_solver sv;
  char err[160];
  if (bs_solver_init(&sv, (bs_store_kind)store, mem, bs_solver_side((bs_mode)mode, &settings, mem), err,
                     sizeof err)) {
    fprintf(stderr, "bislide solve: %s\n", err);
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }
  sv.pdb_threads = 0; /* one solver: tables are built on every core */
  bs_cli_con_warn("solve", mode, &settings, mem, 1);
  int counts[3] = {0, 0, 0}, optimal = 0, out_failed = 0, unsolved = 0;
  const char *name = board ? "--board" : argv[optind];
  long moves = 0, bound = 0, floor = 0; /* of the solved boards: bs_lower_bound, r->floor */
  double t0 = bs_now_ms();
  bs_result *r = malloc(sizeof *r);
  if (!r) {
    fprintf(stderr, "bislide solve: out of memory\n");
    bs_solver_free(&sv);
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }
  for (int i = 0; i < set.n; i++) {
    double t = bs_now_ms(), cpu = bs_cpu_ms(1); /* the process's: tables are built on every core */
    bs_solver_solve(&sv, &set.e[i].board, (bs_mode)mode, &o, r);
    cpu = bs_cpu_ms(1) - cpu;
    t = bs_now_ms() - t;
    counts[r->status]++;
    optimal += r->optimal && r->status == BS_ST_SOLVED;
    if (r->status == BS_ST_SOLVED) {
      moves += r->length;
      bound += bs_lower_bound(&set.e[i].board);
      floor += r->floor;
    }
    if (r->status != BS_ST_SOLVED && ++unsolved <= BS_REPORT_MAX) /* as bad lines: no flood */
      fprintf(stderr, "%s:%d: %s: %s\n", name, set.e[i].line,
              r->status == BS_ST_UNSOLVABLE ? "unsolvable" : "gave up", r->reason ? r->reason : "no reason");
    if (json)
      bs_print_json(stdout, i + 1, &set.e[i].board, r, t, cpu, bs_store_name((bs_store_kind)store));
    else if (r->status == BS_ST_SOLVED)
      fputs(r->moves, stdout);
    putchar('\n');
    if (bs_stdout_flush("solve")) { /* no point solving what cannot be written */
      out_failed = 1;
      break;
    }
  }
  if (unsolved > BS_REPORT_MAX)
    fprintf(stderr, "%s: %d more boards not solved, not shown\n", name, unsolved - BS_REPORT_MAX);
  fprintf(stderr,
          "bislide solve: %d puzzle%s: %d solved (%d proven optimal), %d unsolvable, %d gave up; "
          "%ld move%s (lower bound %ld, floor %ld); %.0f ms\n",
          set.n, set.n == 1 ? "" : "s", counts[0], optimal, counts[1], counts[2], moves,
          moves == 1 ? "" : "s", bound, floor, bs_now_ms() - t0);
  int rc = out_failed ? BS_EXIT_FAIL : BS_EXIT_OK;
  free(r);
  bs_solver_free(&sv);
  bs_set_free(&set);
  return rc;
}
