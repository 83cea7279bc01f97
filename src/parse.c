/* bs_parse: puzzle sets and answer files. */
#include "bs_parse.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

long bs_read_line(FILE *f, char **buf, size_t *cap) {
  size_t n = 0, total = 0, tail = 0; /* tail: the trailing blanks and CR so far */
  int c, any = 0;
  long rc = 0;
  /* getc_unlocked rather than getline: a line without end (a stream of NUL
   * bytes, a binary file) must not grow the buffer without bound. */
  flockfile(f);
  while ((c = getc_unlocked(f)) != EOF) {
    any = 1;
    if (c == '\n') break;
    if (++total > BS_LINE_GIVE_UP) {
      rc = -3;
      break;
    }
    tail = c == '\r' || c == ' ' || c == '\t' ? tail + 1 : 0;
    if (n > BS_LINE_MAX) continue; /* too long: consume, keep the first part */
    if (n + 2 > *cap) {
      size_t want = *cap < 64 ? 64 : *cap * 2;
      if (want > BS_LINE_MAX + 2) want = BS_LINE_MAX + 2;
      char *q = realloc(*buf, want);
      if (!q) {
        rc = -2;
        break;
      }
      *buf = q;
      *cap = want;
    }
    (*buf)[n++] = (char)c;
  }
  funlockfile(f);
  if (rc < 0) return rc;
  if (!any) return -1;
  if (!*buf) { /* an empty last line still gets a string */
    if (!(*buf = malloc(1))) return -2;
    *cap = 1;
  }
  /* A line ending in CR, or blanks, is as long as it is without them; its
   * first BS_LINE_MAX + 1 bytes, kept, hold all of it then. */
  if (total - tail <= BS_LINE_MAX) n = total - tail;
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

/* A header line: up to max blank-separated numbers filling all of s.
 * Returns how many, -1 if s holds anything but digits and blanks, -2 if it
 * holds more numbers than max or one over BS_HEADER_MAX, -3 if it holds
 * numbers and blanks but a number is signed (a header line with a sign
 * where none belongs, not a board). */
static int numbers(const char *s, long len, long *out, int max) {
  int sign = 0;
  for (long i = 0; i < len; i++) {
    if ((s[i] == '+' || s[i] == '-') && i + 1 < len && s[i + 1] >= '0' && s[i + 1] <= '9')
      sign = 1;
    else if (s[i] != ' ' && s[i] != '\t' && (s[i] < '0' || s[i] > '9'))
      return -1;
  }
  if (sign) return -3;
  int k = 0;
  long i = 0;
  while (i < len) {
    if (s[i] == ' ' || s[i] == '\t') {
      i++;
      continue;
    }
    if (k == max) return -2;
    long v = 0;
    while (i < len && s[i] >= '0' && s[i] <= '9')
      if ((v = v * 10 + (s[i++] - '0')) > BS_HEADER_MAX) return -2;
    out[k++] = v;
  }
  return k;
}

/* A UTF-8 byte order mark, which some Windows editors put first. */
static long skip_bom(char *buf, long len) {
  if (len > BS_LINE_MAX) return len; /* too long stays too long */
  if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3)) {
    memmove(buf, buf + 3, (size_t)len - 2);
    return len - 3;
  }
  return len;
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

/* The reader gave up on a line with no end (bs_read_line's -3). */
static void report_no_end(FILE *errs, const char *name, int line) {
  fprintf(errs, "%s:%d: line longer than %d bytes, with no end in %d: not read further\n", name, line,
          BS_LINE_MAX, BS_LINE_GIVE_UP);
}

static bs_entry *add_entry(bs_set *set, int *cap, int line) {
  if (grow((void **)&set->e, cap, set->n + 1, sizeof *set->e)) return NULL;
  bs_entry *e = &set->e[set->n++];
  memset(e, 0, sizeof *e);
  e->line = line;
  return e;
}

int bs_set_read_stream(FILE *f, const char *name, bs_set *set, FILE *errs) {
  memset(set, 0, sizeof *set);
  set->declared = -1;
  set->path = strdup(name);
  if (!set->path) {
    fprintf(errs, "%s: out of memory\n", name);
    return -1;
  }
  char *buf = NULL;
  size_t bufcap = 0;
  long len;
  int line = 0, cap = 0, problems = 0, seen_content = 0, count_line = 0, oom = 0;
  while ((len = bs_read_line(f, &buf, &bufcap)) != -1) {
    line += line < INT_MAX; /* 2^31 blank lines must not overflow it */
    if (len == -2) {
      oom = 1;
      break;
    }
    if (len == -3) {
      report_no_end(errs, name, line);
      free(buf);
      return -1;
    }
    if (line == 1) len = skip_bom(buf, len);
    if (len > BS_LINE_MAX) {
      /* Not a board, whatever it holds; an entry, so that the puzzles
       * after it keep their numbers. */
      bs_entry *e = add_entry(set, &cap, line);
      if (!e) {
        oom = 1;
        break;
      }
      snprintf(e->err, sizeof e->err, "line longer than %d bytes", BS_LINE_MAX);
      if (problems < BS_REPORT_MAX) fprintf(errs, "%s:%d: %s\n", name, line, e->err);
      set->bad++;
      problems++;
      seen_content = 1;
      continue;
    }
    if (len == 0 || buf[0] == '#') continue;
    long nums[4];
    int k = numbers(buf, len, nums, 4);
    if (!set->n && k != -1) {
      /* Header lines come before any board: limits, then the count. A
       * line of numbers there is a header line, signed ones too, and no
       * puzzle: the puzzles after it keep their numbers. */
      if (k == 4 && !set->has_limits && !seen_content) {
        set->has_limits = 1;
        set->limit_line = line;
        memcpy(set->limit, nums, sizeof nums);
      } else if (k == 1 && set->declared < 0) {
        set->declared = nums[0];
        count_line = line;
      } else {
        if (problems < BS_REPORT_MAX && k == 1)
          fprintf(errs, "%s:%d: a second puzzle count (line %d has one)\n", name, line, count_line);
        else if (problems < BS_REPORT_MAX)
          fprintf(errs, "%s:%d: a header is \"LX RX UX DX\" then a puzzle count, numbers from 0 to %ld\n",
                  name, line, BS_HEADER_MAX);
        problems++;
      }
      seen_content = 1;
      continue;
    }
    seen_content = 1;
    bs_entry *e = add_entry(set, &cap, line);
    if (!e) {
      oom = 1;
      break;
    }
    e->ok = bs_board_parse(buf, (size_t)len, &e->board, e->err, sizeof e->err) == 0;
    if (!e->ok) {
      if (problems < BS_REPORT_MAX) fprintf(errs, "%s:%d: %s\n", name, line, e->err);
      set->bad++;
      problems++;
    }
  }
  free(buf);
  if (problems > BS_REPORT_MAX)
    fprintf(errs, "%s:%d: %d more bad lines not shown\n", name, line, problems - BS_REPORT_MAX);
  if (oom) {
    fprintf(errs, "%s:%d: out of memory\n", name, line);
    return -1;
  }
  if (ferror(f)) {
    fprintf(errs, "%s:%d: read error: %s\n", name, line + 1, strerror(errno));
    return -1;
  }
  if (set->declared >= 0 && set->declared != set->n) {
    fprintf(errs, "%s:%d: the header says %ld puzzle%s, the file has %d%s\n", name, count_line,
            set->declared, set->declared == 1 ? "" : "s", set->n,
            set->declared > set->n ? " (cut short?)" : "");
    problems++;
  } else if (!set->n && !problems) {
    fprintf(errs, "%s:%d: no puzzles\n", name, line ? line : 1);
    problems++;
  }
  return problems;
}

int bs_set_read(const char *path, bs_set *set, FILE *errs) {
  FILE *f = open_input(path, errs);
  if (!f) {
    memset(set, 0, sizeof *set);
    return -1;
  }
  int rc = bs_set_read_stream(f, path, set, errs);
  close_input(f);
  return rc;
}

void bs_set_free(bs_set *set) {
  free(set->e);
  free(set->path);
  memset(set, 0, sizeof *set);
}

int bs_answers_read_stream(FILE *f, const char *name, bs_answers *a, FILE *errs) {
  memset(a, 0, sizeof *a);
  char *buf = NULL;
  size_t bufcap = 0;
  long len;
  int cap = 0, cap2 = 0, rc = 0;
  while ((len = bs_read_line(f, &buf, &bufcap)) != -1) {
    int line = a->n + 1;
    if (len == -2) {
      fprintf(errs, "%s:%d: out of memory\n", name, line);
      rc = -1;
      break;
    }
    if (len == -3) {
      report_no_end(errs, name, line);
      rc = -1;
      break;
    }
    if (line == 1) len = skip_bom(buf, len);
    if (len > BS_LINE_MAX) {
      /* Kept as an empty line so that the answers after it keep their
       * numbers; the file as a whole is refused. */
      fprintf(errs, "%s:%d: line longer than %d bytes\n", name, line, BS_LINE_MAX);
      rc = -1;
      len = 0;
    }
    char *copy = malloc((size_t)len + 1);
    if (!copy || grow((void **)&a->line, &cap, a->n + 1, sizeof *a->line) ||
        grow((void **)&a->len, &cap2, a->n + 1, sizeof *a->len)) {
      free(copy);
      fprintf(errs, "%s:%d: out of memory\n", name, line);
      rc = -1;
      break;
    }
    memcpy(copy, buf, (size_t)len);
    copy[len] = 0;
    a->line[a->n] = copy;
    a->len[a->n++] = (size_t)len;
  }
  if (ferror(f)) {
    fprintf(errs, "%s:%d: read error: %s\n", name, a->n + 1, strerror(errno));
    rc = -1;
  }
  free(buf);
  return rc;
}

int bs_answers_read(const char *path, bs_answers *a, FILE *errs) {
  FILE *f = open_input(path, errs);
  if (!f) {
    memset(a, 0, sizeof *a);
    return -1;
  }
  int rc = bs_answers_read_stream(f, path, a, errs);
  close_input(f);
  return rc;
}

void bs_answers_free(bs_answers *a) {
  for (int i = 0; i < a->n; i++) free(a->line[i]);
  free(a->line);
  free(a->len);
  memset(a, 0, sizeof *a);
}
