/* bislide settings: the table of settings, with --set applied. */
#include <getopt.h>
#include <stdio.h>

#include "bs_cli.h"

static void help(void) {
  printf("usage: bislide settings [--set NAME=VALUE]...\n\n"
         "Lists every setting of the solver: its value, default, range and meaning.\n"
         "solve and batch take the same --set NAME=VALUE options; budgets count\n"
         "generated states, so answers never depend on timing.\n\n"
         "  --set NAME=VALUE   show the table with this change (repeatable)\n"
         "  -h, --help         show this help\n\n"
         "Exit status: 0 ok, 2 usage error.\n");
}

int bs_cmd_settings(int argc, char **argv) {
  static const struct option opts[] = {
      {"set", required_argument, 0, 'S'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  bs_settings s = bs_settings_default;
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'S':
      if (bs_cli_setting("settings", &s, optarg)) return BS_EXIT_USAGE;
      break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("settings");
    }
  }
  if (optind != argc) return bs_usage_error("settings", "takes no arguments");
  bs_settings_print(stdout, &s);
  return BS_EXIT_OK;
}
