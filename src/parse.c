/* bs_parse: puzzle sets and answer files. */
#include "bs_parse.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

long bs_read_line(FILE *f, char **buf, size_t *cap) {
  ssize_t n = getline(buf, cap, f);
  if (n < 0) return -1;
  while (n > 0 && ((*buf)[n - 1] == '\n' || (*buf)[n - 1] == '\r' || (*buf)[n - 1] == ' ' ||
                   (*buf)[n - 1] == '\t'))
    n--;
  (*buf)[n] = 0;
  return (long)n;
}

static FILE *open_input(const char *path, FILE *errs) {
  if (!strcmp(path, "-")) return stdin;
  FILE *f = fopen(path, "r");
  if (!f) fprintf(errs, "%s: %s\n", path, strerror(errno));
  return f;
}

static void close_input(FILE *f) {
  if (f != stdin) fclose(f);
}

/* Parses up to max space-separated non-negative numbers filling all of s;
 * returns how many, or -1 if s holds anything else. */
static int numbers(const char *s, long len, long *out, int max) {
  int k = 0;
  long i = 0;
  while (i < len) {
    if (s[i] == ' ' || s[i] == '\t') {
      i++;
      continue;
    }
    if (s[i] < '0' || s[i] > '9' || k == max) return -1;
    long v = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9') {
      if (v > 100000000) return -1; /* no count or limit is near this */
      v = v * 10 + (s[i++] - '0');
    }
    out[k++] = v;
  }
  return k;
}

static int grow(void **p, int *cap, int need, size_t size) {
  if (need <= *cap) return 0;
  int c = *cap ? *cap * 2 : 64;
  while (c < need) c *= 2;
  void *q = realloc(*p, (size_t)c * size);
  if (!q) return -1;
  *p = q;
  *cap = c;
  return 0;
}

int bs_set_read(const char *path, bs_set *set, FILE *errs) {
  memset(set, 0, sizeof *set);
  set->declared = -1;
  set->path = strdup(path);
  FILE *f = open_input(path, errs);
  if (!f || !set->path) {
    if (f) close_input(f);
    return -1;
  }
  char *buf = NULL;
  size_t bufcap = 0;
  long len;
  int line = 0, cap = 0, problems = 0, seen_content = 0, count_line = 0;
  while ((len = bs_read_line(f, &buf, &bufcap)) >= 0) {
    line++;
    if (len == 0 || buf[0] == '#') continue;
    long nums[4];
    int k = numbers(buf, len, nums, 4);
    if (!set->n && set->declared < 0 && k > 0) {
      /* Header lines come before any board: limits, then the count. */
      if (k == 4 && !set->has_limits && !seen_content) {
        set->has_limits = 1;
        memcpy(set->limit, nums, sizeof nums);
      } else if (k == 1) {
        set->declared = nums[0];
        count_line = line;
      } else {
        fprintf(errs, "%s:%d: expected \"LX RX UX DX\", a puzzle count or a board\n", path, line);
        problems++;
      }
      seen_content = 1;
      continue;
    }
    seen_content = 1;
    if (grow((void **)&set->e, &cap, set->n + 1, sizeof *set->e)) {
      fprintf(errs, "%s:%d: out of memory\n", path, line);
      problems++;
      break;
    }
    bs_entry *e = &set->e[set->n++];
    memset(e, 0, sizeof *e);
    e->line = line;
    e->ok = bs_board_parse(buf, (size_t)len, &e->board, e->err, sizeof e->err) == 0;
    if (!e->ok) {
      fprintf(errs, "%s:%d: %s\n", path, line, e->err);
      set->bad++;
      problems++;
    }
  }
  if (ferror(f)) {
    fprintf(errs, "%s:%d: read error: %s\n", path, line + 1, strerror(errno));
    problems++;
  }
  free(buf);
  close_input(f);
  if (set->declared >= 0 && set->declared != set->n) {
    fprintf(errs, "%s:%d: the header says %ld puzzles, the file has %d\n", path, count_line,
            set->declared, set->n);
    problems++;
  }
  return problems;
}

void bs_set_free(bs_set *set) {
  free(set->e);
  free(set->path);
  memset(set, 0, sizeof *set);
}

int bs_answers_read(const char *path, bs_answers *a, FILE *errs) {
  memset(a, 0, sizeof *a);
  FILE *f = open_input(path, errs);
  if (!f) return -1;
  char *buf = NULL;
  size_t bufcap = 0;
  long len;
  int cap = 0, cap2 = 0, rc = 0;
  while ((len = bs_read_line(f, &buf, &bufcap)) >= 0) {
    char *copy = malloc((size_t)len + 1);
    if (!copy || grow((void **)&a->line, &cap, a->n + 1, sizeof *a->line) ||
        grow((void **)&a->len, &cap2, a->n + 1, sizeof *a->len)) {
      free(copy);
      fprintf(errs, "%s:%d: out of memory\n", path, a->n + 1);
      rc = -1;
      break;
    }
    memcpy(copy, buf, (size_t)len + 1);
    a->line[a->n] = copy;
    a->len[a->n++] = (size_t)len;
  }
  if (!rc && ferror(f)) {
    fprintf(errs, "%s: read error: %s\n", path, strerror(errno));
    rc = -1;
  }
  free(buf);
  close_input(f);
  return rc;
}

void bs_answers_free(bs_answers *a) {
  for (int i = 0; i < a->n; i++) free(a->line[i]);
  free(a->line);
  free(a->len);
  memset(a, 0, sizeof *a);
}
