/* bs_outfile: whole files or nothing, with the path in every error. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bs_outfile.h"
#include "bs_test.h"

/* Runs open + write + commit on path; returns the result. */
static int write_text(const char *path, const char *text) {
  bs_outfile o;
  if (bs_outfile_open(&o, path, "test")) return -1;
  fputs(text, o.f);
  return bs_outfile_commit(&o, "test");
}

Test(outfile, replaces_a_file_whole) {
  char *path = bs_temp_text("old\n");
  cr_assert_eq(write_text(path, "new\n"), 0);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, "new\n");
  free(text);
  bs_temp_drop(path);
}

Test(outfile, abort_keeps_the_old_file, .init = cr_redirect_stderr) {
  char *path = bs_temp_text("old\n");
  bs_outfile o;
  cr_assert_eq(bs_outfile_open(&o, path, "test"), 0);
  fputs("half", o.f);
  bs_outfile_abort(&o);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, "old\n");
  free(text);
  bs_temp_drop(path);
}

/* A full device is written in place (renaming over it would replace the
 * device node) and its error names the path. */
Test(outfile, full_device_fails_with_the_path, .init = cr_redirect_stderr) {
  if (access("/dev/full", W_OK)) cr_skip_test("no /dev/full");
  cr_assert_eq(write_text("/dev/full", "x\n"), -1);
  fflush(stderr);
  char want[128];
  snprintf(want, sizeof want, "bislide test: /dev/full: %s\n", strerror(ENOSPC));
  cr_assert_stderr_eq_str(want);
}

Test(outfile, missing_directory_fails_with_the_path, .init = cr_redirect_stderr) {
  cr_assert_eq(write_text("/nonexistent-bislide/a.txt", "x\n"), -1);
  fflush(stderr);
  char want[128];
  snprintf(want, sizeof want, "bislide test: /nonexistent-bislide/a.txt: %s\n", strerror(ENOENT));
  cr_assert_stderr_eq_str(want);
}
