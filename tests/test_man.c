/* Tests of the man page bislide.1: it has a section for every command that
 * `bislide --help` lists, names every long option that any command's --help
 * shows, and groff renders it without a warning. */
#include "bs_test.h"

#define MAN "bislide.1"

static char *man_source(void) {
  FILE *f = fopen(MAN, "r");
  if (!f) return NULL;
  fclose(f);
  return bs_slurp(MAN, NULL);
}

/* The commands of `bislide --help`: the first word of each indented line
 * after "Commands:", up to the next blank line. Returns how many. */
static int commands(char names[][32], int max) {
  bs_proc p;
  bs_run(&p, NULL, "--help", NULL);
  cr_assert_eq(p.code, 0);
  const char *s = strstr(p.out, "Commands:\n");
  cr_assert_not_null(s, "no Commands: in bislide --help:\n%s", p.out);
  s += strlen("Commands:\n");
  int n = 0;
  while (*s == ' ' && n < max) {
    while (*s == ' ') s++;
    int k = 0;
    while (*s && *s != ' ' && *s != '\n' && k < 31) names[n][k++] = *s++;
    names[n++][k] = 0;
    s = strchr(s, '\n');
    if (!s) break;
    s++;
  }
  bs_proc_free(&p);
  return n;
}

/* "--no-recycle" as the man source spells it: "\-\-no\-recycle". */
static void man_form(const char *opt, char *out, size_t cap) {
  size_t k = 0;
  for (; *opt && k + 3 < cap; opt++) {
    if (*opt == '-') out[k++] = '\\';
    out[k++] = *opt;
  }
  out[k] = 0;
}

Test(man, every_command_has_a_section) {
  char *src = man_source();
  if (!src) cr_skip_test("%s not found: run from the top directory (make test)", MAN);
  char names[32][32];
  int n = commands(names, 32);
  cr_assert_geq(n, 6, "solve verify batch bench gen merge at least");
  for (int i = 0; i < n; i++) {
    char want[64];
    snprintf(want, sizeof want, ".SS \"bislide %.31s\"", names[i]);
    cr_assert_not_null(strstr(src, want), "%s has no section %s", MAN, want);
  }
  free(src);
}

Test(man, every_long_option_of_every_help_is_in_the_man_page) {
  char *src = man_source();
  if (!src) cr_skip_test("%s not found: run from the top directory (make test)", MAN);
  char names[32][32];
  int n = commands(names, 32), checked = 0;
  for (int i = 0; i < n; i++) {
    bs_proc p;
    bs_run(&p, NULL, names[i], "--help", NULL);
    cr_assert_eq(p.code, 0, "bislide %s --help: exit %d", names[i], p.code);
    for (const char *s = p.out; (s = strstr(s, "--")) != NULL;) {
      const char *e = s + 2;
      while ((*e >= 'a' && *e <= 'z') || (*e >= '0' && *e <= '9') || *e == '-') e++;
      if (e - s > 2 && e - s < 40) {
        char opt[48], want[96];
        snprintf(opt, sizeof opt, "%.*s", (int)(e - s), s);
        man_form(opt, want, sizeof want);
        cr_assert_not_null(strstr(src, want), "bislide %s --help shows %s, which %s does not name (as %s)",
                           names[i], opt, MAN, want);
        checked++;
      }
      s = e;
    }
    bs_proc_free(&p);
  }
  cr_assert_gt(checked, 30, "only %d options found in the --help texts", checked);
  free(src);
}

Test(man, groff_prints_no_warning) {
  char *src = man_source();
  if (!src) cr_skip_test("%s not found: run from the top directory (make test)", MAN);
  free(src);
  if (system("command -v groff >/dev/null 2>&1"))
    cr_skip_test("groff is not installed (scripts/deps.sh installs groff-base)");
  char *errs = bs_temp_text("");
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "groff -man -Tutf8 -ww %s >/dev/null 2>'%s'", MAN, errs);
  cr_assert_eq(system(cmd), 0, "%s", cmd);
  char *text = bs_slurp(errs, NULL);
  cr_assert_str_eq(text, "", "groff warns:\n%s", text);
  free(text);
  bs_temp_drop(errs);
}
