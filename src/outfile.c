/* bs_outfile: temp file + rename, so outputs are never left half-written. */
#include "bs_outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs_cli.h"

int bs_outfile_open(bs_outfile *o, const char *path, const char *cmd) {
  memset(o, 0, sizeof *o);
  o->path = path;
  if (!strcmp(path, "-")) {
    o->f = stdout;
    return 0;
  }
  struct stat st;
  if (!stat(path, &st) && !S_ISREG(st.st_mode)) {
    o->f = fopen(path, "w");
    if (!o->f) {
      fprintf(stderr, "bislide %s: %s: %s\n", cmd, path, strerror(errno));
      return -1;
    }
    return 0;
  }
  size_t len = strlen(path);
  o->tmp = malloc(len + 8);
  if (!o->tmp) {
    fprintf(stderr, "bislide %s: out of memory\n", cmd);
    return -1;
  }
  memcpy(o->tmp, path, len);
  memcpy(o->tmp + len, ".XXXXXX", 8);
  int fd = mkstemp(o->tmp);
  if (fd < 0) {
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, path, strerror(errno));
    free(o->tmp);
    o->tmp = NULL;
    return -1;
  }
  /* mkstemp makes the file 0600; give it the mode a plain fopen would. */
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  o->f = fdopen(fd, "w");
  if (!o->f) {
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, path, strerror(errno));
    close(fd);
    bs_outfile_abort(o);
    return -1;
  }
  return 0;
}

int bs_outfile_commit(bs_outfile *o, const char *cmd) {
  if (o->f == stdout) return bs_stdout_flush(cmd);
  errno = 0;
  /* fsync before rename: after a machine crash the name then points at
   * either the old file or the whole new one. */
  int bad = fflush(o->f) != 0 || ferror(o->f) || (o->tmp && fsync(fileno(o->f)));
  int err = errno;
  if (fclose(o->f) != 0 && !bad) {
    bad = 1;
    err = errno;
  }
  o->f = NULL;
  if (!bad && o->tmp && rename(o->tmp, o->path) != 0) {
    bad = 1;
    err = errno;
  }
  if (bad) {
    fprintf(stderr, "bislide %s: %s: %s\n", cmd, o->path, err ? strerror(err) : "write error");
    bs_outfile_abort(o);
    return -1;
  }
  free(o->tmp);
  o->tmp = NULL;
  return 0;
}

void bs_outfile_abort(bs_outfile *o) {
  if (o->f && o->f != stdout) fclose(o->f);
  if (o->tmp) {
    unlink(o->tmp);
    free(o->tmp);
  }
  o->f = NULL;
  o->tmp = NULL;
}
