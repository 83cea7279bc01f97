/* bislide: the command-line entry point; each command is src/cmd_<name>.c. */
#include <stdio.h>
#include <string.h>

#include "bs_cli.h"

static const struct {
  const char *name;
  int (*run)(int, char **);
  const char *what;
} commands[] = {
    {"solve", bs_cmd_solve, "solve puzzles, one answer line each"},
    {"verify", bs_cmd_verify, "replay an answer file against its puzzle set"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: bislide COMMAND [OPTIONS] [ARGS]\n\n"
             "Sliding-puzzle solver: bidirectional search over one flat int arena.\n\n"
             "Commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].what);
  fprintf(f, "\n'bislide COMMAND --help' describes a command. Exit status: 0 ok, 1 failure,\n"
             "2 usage error.\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return BS_EXIT_USAGE;
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return BS_EXIT_OK;
  }
  if (!strcmp(argv[1], "--version")) {
    printf("bislide %s\n", BS_VERSION);
    return BS_EXIT_OK;
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(argv[1], commands[i].name)) return commands[i].run(argc - 1, argv + 1);
  fprintf(stderr, "bislide: unknown command '%s'\n", argv[1]);
  usage(stderr);
  return BS_EXIT_USAGE;
}
