/* The settings table (bs_settings.h): defaults inside their ranges, parsing
 * with range checks, the string of changes that journals carry, and the
 * CLI: `bislide settings` and --set on solve. (A batch journal refuses to
 * resume under other settings: tests/test_batch.c.) */
#include "bs_test.h"

#include "bs_settings.h"

/* The meaning starts where the header's does, after a blank, on every line
 * of a `bislide settings` table. */
static void columns_line_up(const char *out) {
  const char *meaning = strstr(out, "meaning");
  cr_assert_not_null(meaning, "%s", out);
  const size_t at = (size_t)(meaning - out);
  for (const char *l = out; *l; l = strchr(l, '\n') + 1) {
    cr_assert_gt(strlen(l), at, "%s", l);
    cr_assert(l[at - 1] == ' ' && l[at] != ' ', "a column out of line: %.*s", (int)(strchr(l, '\n') - l), l);
  }
}

Test(settings, defaults_parse_back_and_differ_from_nothing) {
  bs_settings s = bs_settings_default;
  char out[512], err[200];
  cr_assert_eq(bs_settings_changes(&s, out, sizeof out), 0);
  cr_assert_str_eq(out, "");
  cr_assert_eq(bs_settings_parse(&s, "beam_width=77", err, sizeof err), 0, "%s", err);
  cr_assert_eq(s.beam_width, 77);
  cr_assert_eq(bs_settings_parse(&s, "polish_budget=0", err, sizeof err), 0, "%s", err);
  bs_settings_changes(&s, out, sizeof out);
  cr_assert_str_eq(out, "beam_width=77,polish_budget=0");
  /* A short buffer gets a cut string but the whole length, as snprintf. */
  char tiny[8];
  cr_assert_eq(bs_settings_changes(&s, tiny, sizeof tiny), strlen(out));
  cr_assert_eq(strlen(tiny), sizeof tiny - 1);
}

Test(settings, bad_assignments_say_why) {
  bs_settings s = bs_settings_default;
  char err[200];
  static const char *const bad[] = {"beam_width=0", "beam_width=1000001", "beam_width=", "beam_width=12x",
                                    "beam_width", "no_such=3", "=4", "beam_width=99999999999999999999",
                                    "beam_width= 5", "beam_width=+5", "beam_width=-0"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    err[0] = 0;
    cr_assert_eq(bs_settings_parse(&s, bad[i], err, sizeof err), -1, "%s accepted", bad[i]);
    cr_assert_neq(err[0], 0, "%s: no reason", bad[i]);
  }
  cr_assert(!memcmp(&s, &bs_settings_default, sizeof s), "a refused assignment changes nothing");
  bs_settings_parse(&s, "beam_width=0", err, sizeof err);
  cr_assert(strstr(err, "from 1 to 1000000"), "%s", err);
}

Test(settings, cli_lists_and_applies_them) {
  bs_proc p;
  bs_run(&p, NULL, "settings", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert(strstr(p.out, "beam_width") && strstr(p.out, "polish_window"), "%s", p.out);
  bs_proc_free(&p);
  bs_run(&p, NULL, "settings", "--set", "beam_width=9", "--set", "polish_total=100000000000", NULL);
  cr_assert_eq(p.code, 0);
  const char *line = strstr(p.out, "\nbeam_width ");
  long long value = 0, def = 0;
  cr_assert(line && sscanf(line, " beam_width %lld %lld", &value, &def) == 2, "%s", p.out);
  cr_assert(value == 9 && def == 1500, "value %lld, default %lld", value, def);
  /* The columns line up, even past a value wider than every default. */
  columns_line_up(p.out);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--set", "beam_width=0", "--board", "3,3,123456708", NULL);
  cr_assert_eq(p.code, 2);
  cr_assert(strstr(p.err, "beam_width"), "%s", p.err);
  bs_proc_free(&p);
  /* Both settings reach the solver: this board takes an exact try and a
   * polish by default, and neither with auto_exact and polish_budget 0. */
  const char *board = "4,4,C648F2ED37A501B9";
  bs_run(&p, NULL, "solve", "--json", "--board", board, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert(!strstr(p.out, "\"exact\":0,") && !strstr(p.out, "\"polish\":0}"), "%s", p.out);
  bs_proc_free(&p);
  bs_run(&p, NULL, "solve", "--json", "--set", "auto_exact=0", "--set", "polish_budget=0", "--board", board, NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  cr_assert(strstr(p.out, "\"exact\":0,") && strstr(p.out, "\"polish\":0}"), "%s", p.out);
  cr_assert(strstr(p.out, "\"status\":\"solved\""), "%s", p.out);
  bs_proc_free(&p);
}

/* Every row of the table: its default within its range, both ends of the
 * range accepted and one past each refused, and numbers read in decimal
 * only ("010" is ten, not octal eight; "0x10" is no number). */
Test(settings, every_range_is_inclusive_and_decimal) {
  char a[128], err[200];
#define SETTING(name, def, low, high, what)                                                       \
  do {                                                                                            \
    bs_settings s = bs_settings_default;                                                          \
    cr_assert((def) >= (low) && (def) <= (high), #name ": default outside its range");            \
    cr_assert_eq(s.name, (def), #name);                                                           \
    snprintf(a, sizeof a, #name "=%lld", (long long)(low));                                       \
    cr_assert_eq(bs_settings_parse(&s, a, err, sizeof err), 0, "%s: %s", a, err);                 \
    cr_assert_eq(s.name, (low), "%s", a);                                                         \
    snprintf(a, sizeof a, #name "=%lld", (long long)(high));                                      \
    cr_assert_eq(bs_settings_parse(&s, a, err, sizeof err), 0, "%s: %s", a, err);                 \
    cr_assert_eq(s.name, (high), "%s", a);                                                        \
    snprintf(a, sizeof a, #name "=%lld", (long long)(high) + 1);                                  \
    cr_assert_eq(bs_settings_parse(&s, a, err, sizeof err), -1, "%s accepted", a);                \
    if ((low) > 0) {                                                                              \
      snprintf(a, sizeof a, #name "=%lld", (long long)(low) - 1);                                 \
      cr_assert_eq(bs_settings_parse(&s, a, err, sizeof err), -1, "%s accepted", a);              \
    }                                                                                             \
    if ((low) <= 10 && (high) >= 10) {                                                            \
      cr_assert_eq(bs_settings_parse(&s, #name "=010", err, sizeof err), 0, #name "=010: %s", err); \
      cr_assert_eq(s.name, 10, #name "=010 is %lld", (long long)s.name);                          \
    }                                                                                             \
    cr_assert_eq(bs_settings_parse(&s, #name "=0x10", err, sizeof err), -1, #name "=0x10 accepted"); \
  } while (0);
  BS_SETTINGS
#undef SETTING
}

/* The value and default columns are as wide as the widest default too,
 * when no value set is that wide. */
Test(settings, columns_fit_the_widest_default) {
  bs_proc p;
  bs_run(&p, NULL, "settings", "--set", "construct_budget=0", NULL);
  cr_assert_eq(p.code, 0, "%s", p.err);
  const char *line = strstr(p.out, "\nconstruct_budget ");
  long long value = -1, def = 0;
  cr_assert(line && sscanf(line, " construct_budget %lld %lld", &value, &def) == 2, "%s", p.out);
  cr_assert(value == 0 && def == bs_settings_default.construct_budget, "value %lld, default %lld", value, def);
  cr_assert_gt(def, 9999999, "the test wants a default wider than the header's \"default\"");
  columns_line_up(p.out);
  bs_proc_free(&p);
}

/* `bislide settings` takes no argument, and a bad --set is refused with
 * exit 2, the reason on stderr and nothing on stdout. */
Test(settings, cli_refusals_exit_2) {
  static const char *const bad[][3] = {
      {"beam_width", NULL, NULL}, {"--set", "beam_width=0", NULL}, {"--set", "nothing=1", NULL}};
  static const char *const why[] = {"takes no arguments", "beam_width wants a whole number from 1 to 1000000",
                                    "unknown setting 'nothing'"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    bs_proc p;
    bs_run(&p, NULL, "settings", bad[i][0], bad[i][1], bad[i][2], NULL);
    cr_assert_eq(p.code, 2, "case %zu: exit %d: %s", i, p.code, p.err);
    cr_assert_eq(p.outlen, 0, "case %zu: %s", i, p.out);
    cr_assert_not_null(strstr(p.err, why[i]), "case %zu: %s", i, p.err);
    bs_proc_free(&p);
  }
}
