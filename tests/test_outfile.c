/* bs_outfile: whole files or nothing, with the path in every error. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
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

/* A symbolic link is written through: the file it names gets the text,
 * and the link stays a link. */
Test(outfile, a_link_is_written_through) {
  char *target = bs_temp_text("old\n"), link[4200];
  snprintf(link, sizeof link, "%s.link", target);
  cr_assert_eq(symlink(target, link), 0, "%s", strerror(errno));
  cr_assert_eq(write_text(link, "new\n"), 0);
  struct stat st;
  cr_assert_eq(lstat(link, &st), 0);
  cr_assert(S_ISLNK(st.st_mode), "the link was replaced by a file");
  char *text = bs_slurp(target, NULL);
  cr_assert_str_eq(text, "new\n");
  free(text);
  unlink(link);
  bs_temp_drop(target);
}

/* A link that dangles is written through too: the file it names is made,
 * through a chain of links relative to their own directories, and a link
 * into a missing directory fails with the name it leads to. */
Test(outfile, a_dangling_link_makes_its_target, .init = cr_redirect_stderr) {
  char *base = bs_temp_text(""), target[4200], link[4200], link2[4200], nodir[4200];
  const char *slash = strrchr(base, '/');
  snprintf(target, sizeof target, "%s.target", base);
  snprintf(link, sizeof link, "%s.link", base);
  snprintf(link2, sizeof link2, "%s.link2", base);
  unlink(target);
  cr_assert_eq(symlink(slash ? strrchr(target, '/') + 1 : target, link), 0, "%s",
               strerror(errno)); /* relative: the target's name alone */
  cr_assert_eq(symlink(link, link2), 0, "%s", strerror(errno));
  cr_assert_eq(write_text(link2, "new\n"), 0);
  struct stat st;
  cr_assert_eq(lstat(link2, &st), 0);
  cr_assert(S_ISLNK(st.st_mode), "the first link was replaced by a file");
  cr_assert_eq(lstat(link, &st), 0);
  cr_assert(S_ISLNK(st.st_mode), "the second link was replaced by a file");
  char *text = bs_slurp(target, NULL);
  cr_assert_not_null(text, "the target was not made");
  cr_assert_str_eq(text, "new\n");
  free(text);
  unlink(link);
  unlink(link2);
  unlink(target);

  /* A loop of links is refused, not followed for ever. */
  cr_assert_eq(symlink(link2, link), 0);
  cr_assert_eq(symlink(link, link2), 0);
  cr_assert_eq(write_text(link, "x\n"), -1);
  unlink(link);
  unlink(link2);

  snprintf(nodir, sizeof nodir, "%s.nodir/a.txt", base);
  cr_assert_eq(symlink(nodir, link), 0);
  cr_assert_eq(write_text(link, "x\n"), -1);
  cr_assert_eq(lstat(link, &st), 0);
  cr_assert(S_ISLNK(st.st_mode), "a failed write replaced the link");
  fflush(stderr);
  char want[13000];
  snprintf(want, sizeof want, "bislide test: %s: %s\nbislide test: %s: %s\n", link, strerror(ELOOP), nodir,
           strerror(ENOENT));
  cr_assert_stderr_eq_str(want);
  unlink(link);
  bs_temp_drop(base);
}

/* A link to /dev/stdout writes to stdout: followed to the descriptor's
 * name, not to the /proc link behind it ("pipe:[N]", no file). */
Test(outfile, a_link_to_stdout_writes_to_stdout) {
  char *out = bs_temp_text("old\n"), link[4200];
  snprintf(link, sizeof link, "%s.link", out);
  cr_assert_eq(symlink("/dev/stdout", link), 0);
  int p[2];
  cr_assert_eq(pipe(p), 0);
  fflush(stdout);
  const int saved = dup(1);
  cr_assert_eq(dup2(p[1], 1), 1);
  const int rc = write_text(link, "through\n");
  fflush(stdout);
  cr_assert_eq(dup2(saved, 1), 1);
  close(saved);
  close(p[1]);
  char got[64] = {0};
  const ssize_t n = read(p[0], got, sizeof got - 1);
  close(p[0]);
  cr_assert_eq(rc, 0);
  cr_assert_eq(n, 8, "%zd bytes: %s", n, got);
  cr_assert_str_eq(got, "through\n");
  unlink(link);
  bs_temp_drop(out);
}

Test(outfile, same_file_by_any_name) {
  char *a = bs_temp_text("x\n"), other[4200], dotted[4200], link[4200];
  const char *slash = strrchr(a, '/');
  snprintf(dotted, sizeof dotted, "%.*s/./%s", (int)(slash - a), a, slash + 1);
  snprintf(link, sizeof link, "%s.link", a);
  snprintf(other, sizeof other, "%s.new", a);
  cr_assert_eq(symlink(a, link), 0);
  cr_assert(bs_same_file(a, a));
  cr_assert(bs_same_file(a, dotted));
  cr_assert(bs_same_file(a, link), "a link names its target");
  cr_assert(bs_same_file(other, dotted) == 0);
  char other_dotted[4300];
  snprintf(other_dotted, sizeof other_dotted, "%s.new", dotted);
  cr_assert(bs_same_file(other, other_dotted), "one file still to be made, two names");
  cr_assert(bs_same_file("-", "-"));
  cr_assert(!bs_same_file("-", a));
  /* A dangling link makes the file it names: it is that name. */
  char dangling[4300];
  snprintf(dangling, sizeof dangling, "%s.dangling", a);
  cr_assert_eq(symlink("no such name", dangling), 0);
  cr_assert(!bs_same_file(other, dangling));
  unlink(dangling);
  cr_assert_eq(symlink(strrchr(other, '/') + 1, dangling), 0); /* relative to the link's directory */
  cr_assert(bs_same_file(other, dangling), "a relative dangling link names the file it would make");
  cr_assert(bs_same_file(dangling, other_dotted));
  unlink(dangling);
  /* Standard output by any name: "-", /dev/stdout and /dev/fd/1, and a
   * file opened on a descriptor by that descriptor's name. */
  fflush(stdout);
  const int saved = dup(1), to = open(a, O_WRONLY | O_APPEND);
  cr_assert(saved >= 0 && to >= 0);
  cr_assert_eq(dup2(to, 1), 1);
  cr_assert(bs_same_file("-", "/dev/stdout"));
  cr_assert(bs_same_file("/dev/fd/1", "-"));
  cr_assert(bs_same_file("-", a));
  /* A device or a pipe takes two outputs in turn: only its names by one
   * descriptor are one output. */
  const int null = open("/dev/null", O_WRONLY);
  cr_assert_geq(null, 0);
  cr_assert_eq(dup2(null, 1), 1);
  cr_assert(!bs_same_file("-", "/dev/null"), "stdout on /dev/null and /dev/null");
  cr_assert(bs_same_file("-", "/dev/stdout"));
  close(null);
  cr_assert_eq(dup2(saved, 1), 1);
  close(saved);
  close(to);
  const int fd = open(a, O_RDONLY);
  cr_assert_geq(fd, 0);
  char byfd[64];
  snprintf(byfd, sizeof byfd, "/dev/fd/%d", fd);
  cr_assert(bs_same_file(byfd, a));
  cr_assert(!bs_same_file(byfd, "-"));
  close(fd);
  unlink(link);
  bs_temp_drop(a);
}

/* One of the process's own descriptors is written as it is: a file opened
 * for appending keeps what it had, and no temporary file is made beside
 * its name (which for /dev/stdout would be in /dev). */
Test(outfile, own_descriptors_are_written_in_place) {
  char *path = bs_temp_text("old\n");
  int fd = open(path, O_WRONLY | O_APPEND);
  cr_assert_geq(fd, 0);
  cr_assert_eq(dup2(fd, 99), 99);
  if (fd != 99) close(fd);
  cr_assert(bs_outfile_in_place("/dev/fd/99"));
  cr_assert(bs_outfile_in_place("/dev/stdout"));
  cr_assert(bs_outfile_in_place("/proc/self/fd/99"));
  cr_assert(!bs_outfile_in_place(path));
  cr_assert_eq(write_text("/dev/fd/99", "new\n"), 0);
  cr_assert_eq(write_text("/proc/self/fd/99", "newer\n"), 0);
  close(99);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, "old\nnew\nnewer\n");
  free(text);
  bs_temp_drop(path);
}

static void own_handler(int sig) { (void)sig; }

static void (*term_handler(void))(int) {
  struct sigaction sa;
  cr_assert_eq(sigaction(SIGTERM, NULL, &sa), 0);
  return sa.sa_handler;
}

/* SIGTERM removes the temporary files while any is open: the handler is
 * set where the signal had its default action, stays until the last one
 * is renamed, and never replaces a command's own. */
Test(outfile, the_signal_handler_spans_every_temporary_file) {
  char *a = bs_temp_text("a\n"), *b = bs_temp_text("b\n");
  bs_outfile x, y;
  cr_assert_eq(bs_outfile_open(&x, a, "test"), 0);
  cr_assert_eq(bs_outfile_open(&y, b, "test"), 0);
  cr_assert_neq(term_handler(), SIG_DFL);
  cr_assert_eq(bs_outfile_commit(&x, "test"), 0);
  cr_assert_neq(term_handler(), SIG_DFL, "b's temporary file is still open");
  cr_assert_eq(bs_outfile_commit(&y, "test"), 0);
  cr_assert_eq(term_handler(), SIG_DFL, "the default is back after the last one");
  signal(SIGTERM, own_handler);
  cr_assert_eq(bs_outfile_open(&x, a, "test"), 0);
  cr_assert_eq(term_handler(), own_handler, "the command's own handler was replaced");
  bs_outfile_abort(&x);
  cr_assert_eq(term_handler(), own_handler);
  bs_temp_drop(a);
  bs_temp_drop(b);
}

/* A reader gone (SIGPIPE) ends the process as SIGTERM does, and removes
 * the temporary file first: a run whose stderr was a closed pipe left its
 * temporaries behind (stop 77). */
Test(outfile, a_pipe_signal_removes_the_temporary_file) {
  char *path = bs_temp_text("old\n"), *dir = strdup(path);
  const char *base = strrchr(path, '/') + 1;
  dir[base - path] = 0;
  const pid_t pid = fork();
  cr_assert_geq(pid, 0);
  if (!pid) {
    signal(SIGPIPE, SIG_DFL); /* as a shell's pipe would leave it, though the tests' runner ignores it */
    bs_outfile o;
    if (bs_outfile_open(&o, path, "test")) _exit(3);
    fputs("new\n", o.f);
    fflush(o.f);
    raise(SIGPIPE);
    _exit(4);
  }
  int st;
  cr_assert_eq(waitpid(pid, &st, 0), pid);
  cr_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGPIPE, "status %#x", st);
  DIR *d = opendir(dir);
  cr_assert_not_null(d);
  const size_t n = strlen(base);
  for (struct dirent *e; (e = readdir(d));)
    cr_assert(strncmp(e->d_name, base, n) || e->d_name[n] != '.', "left behind: %s", e->d_name);
  closedir(d);
  char *text = bs_slurp(path, NULL);
  cr_assert_str_eq(text, "old\n");
  free(text);
  free(dir);
  bs_temp_drop(path);
}
