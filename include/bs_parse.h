/* bs_parse: reading puzzle sets and answer files.
 *
 * A puzzle set is the DevQuiz format: an optional line "LX RX UX DX" of move
 * limits, an optional line with the number of puzzles, then one "W,H,CELLS"
 * board a line. The reader is tolerant of what editors and other systems do
 * to text: CRLF endings, trailing blanks and tabs, a missing final newline,
 * a UTF-8 byte order mark, blank lines and lines starting with '#'.
 * Everything else that is wrong is reported as "file:line: reason", and so
 * is a file with no puzzle at all. No line is held beyond BS_LINE_MAX bytes.
 * "-" names standard input. docs/bad-input.md lists every case. */
#ifndef BS_PARSE_H
#define BS_PARSE_H

#include <stdio.h>

#include "bs_board.h"

/* At most this many bad lines are printed, then how many more there are:
 * a binary or a wrong file must not flood the terminal. */
#define BS_REPORT_MAX 100

/* The largest number a header line may hold (a move limit or the count). */
#define BS_HEADER_MAX 1000000000L

typedef struct bs_entry {
  int line;      /* 1-based line in the file */
  int ok;        /* 0: err says why the line is no board */
  bs_board board;
  char err[112];
} bs_entry;

typedef struct bs_set {
  char *path;
  int has_limits, limit_line; /* the limits' line, for messages */
  long limit[4];               /* L R U D */
  long declared; /* -1 when the file gives no count */
  int n, bad;    /* entries, and how many of them are not boards */
  bs_entry *e;
} bs_set;

/* Reads a set. Every problem is printed to errs as "path:line: reason".
 * Returns the number of problems (bad boards and file-level ones such as a
 * count that disagrees, or no puzzle at all); -1 when the file cannot be
 * read whole (it cannot be opened, a read fails, memory runs out, a line
 * has no end). The entries that parsed are usable either way. */
int bs_set_read(const char *path, bs_set *set, FILE *errs);
/* The same from an open stream, named name in messages; f stays open. */
int bs_set_read_stream(FILE *f, const char *name, bs_set *set, FILE *errs);
void bs_set_free(bs_set *set);

/* An answer file: one line a puzzle, stripped of CR and trailing blanks
 * (and of a UTF-8 byte order mark). Returns 0, or -1 (printed to errs) when
 * it cannot be read or has a line over BS_LINE_MAX bytes; a is to be freed
 * either way. */
typedef struct bs_answers {
  int n;
  char **line;
  size_t *len;
} bs_answers;
int bs_answers_read(const char *path, bs_answers *a, FILE *errs);
int bs_answers_read_stream(FILE *f, const char *name, bs_answers *a, FILE *errs);
void bs_answers_free(bs_answers *a);

/* Reads one line, NUL bytes included; strips "\n", "\r\n" and trailing
 * blanks. Returns its length, -1 at end of file, -2 out of memory. A line
 * over BS_LINE_MAX bytes is read to its end but only its first
 * BS_LINE_MAX + 1 bytes are kept, unstripped: a length over BS_LINE_MAX
 * means "too long". Far beyond any board or answer, and it keeps a file
 * with no newline (a binary) from taking all memory. A line with no end
 * within BS_LINE_GIVE_UP bytes (/dev/zero) returns -3: the caller stops
 * reading there, where no end would come. */
#define BS_LINE_MAX (1 << 20)
#define BS_LINE_GIVE_UP (64 << 20)
long bs_read_line(FILE *f, char **buf, size_t *cap);

/* The length of s[0..len) less the trailing blanks, tabs and CRs that
 * bs_read_line strips, so that a board given as an argument (--board)
 * reads as the same line in a file would. */
static inline size_t bs_line_trim(const char *s, size_t len) {
  while (len && (s[len - 1] == ' ' || s[len - 1] == '\t' || s[len - 1] == '\r' || s[len - 1] == '\n')) len--;
  return len;
}

#endif
