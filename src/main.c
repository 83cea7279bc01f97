/* bislide: the command-line entry point; each command is src/cmd_<name>.c. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "bs_cli.h"
#include "bs_pdb.h"

static const struct {
  const char *name;
  int (*run)(int, char **);
  const char *what;
} commands[] = {
    {"solve", bs_cmd_solve, "solve puzzles, one answer line each"},
    {"verify", bs_cmd_verify, "replay an answer file against its puzzle set"},
    {"bench", bs_cmd_bench, "time the arena, object and pool stores on one set"},
    {"batch", bs_cmd_batch, "solve a whole set on worker threads, resumably"},
    {"gen", bs_cmd_gen, "write a random puzzle set, deterministic by seed"},
    {"merge", bs_cmd_merge, "join the shard files of batch --shard into one answer file"},
    {"best", bs_cmd_best, "take each puzzle's shortest valid answer among answer files"},
    {"show", bs_cmd_show, "draw a board and play its answer, animated on a terminal"},
    {"settings", bs_cmd_settings, "list the solver's settings: value, default, range, meaning"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: bislide COMMAND [OPTIONS] [ARGS]\n\n"
             "Sliding-puzzle solver: bidirectional search over one flat int arena.\n\n"
             "Commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
  fprintf(f, "\n'bislide COMMAND --help' (or 'bislide help COMMAND') describes a command.\n"
             "Exit status: 0 ok, 1 failure, 2 usage error.\n");
}

/* Every exit with output goes through here: a failed write is an error.
 * A pattern database cache that could not be trusted or written is said
 * once, at the end: the answers stand, but every run pays its builds. */
static int finish(const char *cmd, int rc) {
  char why[4400];
  const unsigned long faults = bs_pdb_cache_faults(why, sizeof why);
  if (faults > 1)
    fprintf(stderr, "bislide %s: pattern database cache: %s (%lu such builds in all)\n", cmd, why, faults);
  else if (faults)
    fprintf(stderr, "bislide %s: pattern database cache: %s\n", cmd, why);
  if (bs_stdout_close(cmd) && rc == BS_EXIT_OK) rc = BS_EXIT_FAIL;
  return rc;
}

/* A standard stream started closed gets /dev/null opened the other way
 * round, so that the first file the program opens does not become stdout
 * (a set written into a temporary file), and using the stream fails. The
 * lowest free descriptor is taken, and those below fd are open by then. */
static void fill_closed_streams(void) {
  for (int fd = 0; fd < 3; fd++)
    if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) (void)open("/dev/null", fd ? O_RDONLY : O_WRONLY);
}

int main(int argc, char **argv) {
  fill_closed_streams();
  if (argc < 2) {
    usage(stderr);
    return BS_EXIT_USAGE;
  }
  const int help = !strcmp(argv[1], "help");
  if (help && argc > 3) {
    fprintf(stderr, "bislide help: give one COMMAND\n");
    return BS_EXIT_USAGE;
  }
  if (help ? argc == 2 || !strcmp(argv[2], "help") || !strcmp(argv[2], "-h") || !strcmp(argv[2], "--help")
           : !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(stdout);
    return finish(NULL, BS_EXIT_OK);
  }
  if (!strcmp(argv[1], "--version")) {
    printf("bislide %s\n", BS_VERSION);
    return finish(NULL, BS_EXIT_OK);
  }
  /* "help COMMAND" is "COMMAND --help". */
  char *help_argv[] = {argv[0], help ? argv[2] : NULL, "--help", NULL};
  if (help) {
    argc = 3;
    argv = help_argv;
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(argv[1], commands[i].name)) {
      /* getopt names the program by argv[0] in its own messages
       * ("invalid option"): the command's full name, as ours have. */
      char name[32];
      snprintf(name, sizeof name, "bislide %s", commands[i].name);
      argv[1] = name;
      return finish(commands[i].name, commands[i].run(argc - 1, argv + 1));
    }
  fprintf(stderr, "bislide: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return BS_EXIT_USAGE;
}
