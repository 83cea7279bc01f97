/* bs_parse: reading puzzle sets and answer files.
 *
 * A puzzle set is the DevQuiz format: an optional line "LX RX UX DX" of move
 * limits, an optional line with the number of puzzles, then one "W,H,CELLS"
 * board a line. The reader is tolerant of what editors and other systems do
 * to text: CRLF endings, trailing blanks and tabs, a missing final newline,
 * blank lines and lines starting with '#'. Everything else that is wrong is
 * reported as "file:line: reason". "-" names standard input. */
#ifndef BS_PARSE_H
#define BS_PARSE_H

#include <stdio.h>

#include "bs_board.h"

typedef struct bs_entry {
  int line;      /* 1-based line in the file */
  int ok;        /* 0: err says why the line is no board */
  bs_board board;
  char err[112];
} bs_entry;

typedef struct bs_set {
  char *path;
  int has_limits;
  long limit[4]; /* L R U D */
  long declared; /* -1 when the file gives no count */
  int n, bad;    /* entries, and how many of them are not boards */
  bs_entry *e;
} bs_set;

/* Reads a set. Every problem is printed to errs as "path:line: reason".
 * Returns the number of problems (bad boards and file-level ones such as a
 * count that disagrees); -1 when the file cannot be read at all. The entries
 * that parsed are usable either way. */
int bs_set_read(const char *path, bs_set *set, FILE *errs);
void bs_set_free(bs_set *set);

/* An answer file: one line a puzzle, stripped of CR and trailing blanks.
 * Returns 0, or -1 (printed to errs) when it cannot be read. */
typedef struct bs_answers {
  int n;
  char **line;
  size_t *len;
} bs_answers;
int bs_answers_read(const char *path, bs_answers *a, FILE *errs);
void bs_answers_free(bs_answers *a);

/* Reads one line of any length, NUL bytes included; strips "\n", "\r\n"
 * and trailing blanks. Returns its length, or -1 at end of file. */
long bs_read_line(FILE *f, char **buf, size_t *cap);

#endif
