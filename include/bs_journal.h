/* bs_journal: the crash-safe record of a batch run while it runs. (The
 * answer file at the end is written whole or not at all by bs_outfile.h;
 * then the journal is deleted.)
 *
 * The journal is a text file beside the answers (ANSWERS.journal). Its first
 * line names the run (the set's hash and every option that changes an
 * answer); then each finished puzzle appends one line with one write(2):
 *
 *   INDEX TAB STATUS TAB OPTIMAL TAB FLOOR TAB EXPANDED TAB GENERATED TAB
 *   MS TAB REASON TAB MOVES TAB CHECKSUM NEWLINE
 *
 * INDEX is 1-based, STATUS solved|unsolvable|gave-up, FLOOR the result's
 * floor (bs_search.h; 0 for an unsolvable board), REASON "-" for none,
 * MOVES possibly empty, CHECKSUM 8 hex digits of XXH32 over the line up to
 * the tab before it. A line reaches the kernel the moment it is written, so
 * killing the process (even kill -9) loses only the puzzles in flight; no
 * fsync is needed for that. Only a machine crash or a full disk can leave a
 * torn or garbled line: the checksum catches it, and --resume drops the
 * line and solves that puzzle again. */
#ifndef BS_JOURNAL_H
#define BS_JOURNAL_H

#include <stddef.h>
#include <stdint.h>

#include "bs_search.h"

#define BS_JOURNAL_LINE_MAX (BS_ANSWER_MAX + 256)

typedef struct bs_journal {
  int fd;
  char *path;
} bs_journal;

/* One journal line, decoded. */
typedef struct bs_jentry {
  int index; /* 0-based */
  bs_status status;
  int optimal, floor;
  uint64_t expanded, generated;
  double ms;
  char reason[64]; /* "" for none */
  int length;
  const char *moves; /* in the parsed line, which parsing ends after them */
} bs_jentry;

/* What opening a journal for --resume found. */
typedef struct bs_jload {
  char *buf;    /* the journal as read: the entries' moves point into it */
  bs_jentry *e; /* the valid lines, in file order */
  int n;
  int bad;       /* complete lines that failed their checksum or format */
  int torn;      /* 1: the file ended inside a line, which was cut off */
  int first_bad; /* line number of the first bad line, 0 if none */
} bs_jload;

/* Formats one line (with its newline) into buf[BS_JOURNAL_LINE_MAX];
 * returns its length. index is 0-based. */
size_t bs_journal_format(char *buf, int index, const bs_result *r, double ms);

/* Decodes line[0..len) (without its newline); e->moves then points into
 * the line, whose checksum field it ends with a NUL. Returns 0, or -1 if
 * the checksum or any field is wrong (line unchanged). */
int bs_journal_parse(char *line, size_t len, bs_jentry *e);

/* Opens the journal at path for the run described by header (one line,
 * no tab or newline), and locks it against a second run.
 * resume == 0: starts a new journal; fails if one with entries exists.
 * resume == 1: loads an existing one into *ld (a missing or empty one is
 * started afresh), cuts off a torn last line, and fails if its header is
 * not this run's. Returns 0, or -1 with the reason in err (and nothing
 * left to close or free). */
int bs_journal_open(bs_journal *j, const char *path, const char *header, int resume, bs_jload *ld,
                    char *err, size_t errlen);

/* Appends one formatted line with write(2). Returns 0, or -1 with errno. */
int bs_journal_append(bs_journal *j, const char *line, size_t len);

/* Closes the journal; with remove set, deletes the file (the run is over
 * and its answers are safely written). */
void bs_journal_close(bs_journal *j, int remove);
void bs_jload_free(bs_jload *ld);

#endif
