/* bs_outfile: an output file that appears whole or not at all. It is
 * written under a temporary name in the same directory, fsynced, and
 * renamed over the target only when every byte is out, so an error or a
 * crash never leaves a half-written answer or puzzle file behind. While
 * it is written, any signal that ends the process (SIGHUP, SIGINT,
 * SIGTERM, SIGPIPE, a crash's; all but SIGKILL) removes it first, where
 * the command has no handler of its own. "-" is
 * stdout, and a target that exists but is no regular file (a device such as
 * /dev/full, a pipe) is written in place: renaming over it would replace
 * the device node. So is one of the process's own descriptors
 * (/dev/stdout, /dev/fd/N): written to as it is, so `>> file` appends. A
 * symbolic link is written through, not replaced. */
#ifndef BS_OUTFILE_H
#define BS_OUTFILE_H

#include <stdio.h>

typedef struct bs_outfile {
  FILE *f;
  const char *path; /* the target */
  char *tmp;        /* NULL when written in place */
  char *real;       /* the file a symbolic link target names; NULL if none */
  int parked;       /* bs_outfile_park: to be opened again */
} bs_outfile;

/* Opens the file to write; -1 with "bislide CMD: path: reason" on stderr. */
int bs_outfile_open(bs_outfile *o, const char *path, const char *cmd);
/* Flushes, syncs and renames it over the target; -1 (message printed, the
 * temporary removed) on any write error. */
int bs_outfile_commit(bs_outfile *o, const char *cmd);
/* Whether b, of two open outputs, goes before a: what reached a device,
 * a pipe or stdout cannot be taken back, so where only b is written in
 * place, b is written and committed first, and when it fails a is dropped,
 * not left without its pair (a command writes a first otherwise). */
static inline int bs_outfile_before(const bs_outfile *b, const bs_outfile *a) {
  return b->f && !b->tmp && (a->tmp || a->parked);
}
/* Drops the temporary file of an output opened only to find early that it
 * can be made, and marks it to be opened again (bs_outfile_reopen): the
 * temporary file of a run of minutes would outlive a SIGKILL, which no
 * handler can catch (batch, whose journal keeps the work). An output
 * written in place stays open: a pipe's reader would see its end. */
void bs_outfile_park(bs_outfile *o);
/* Opens a parked output again, as bs_outfile_open; 0 for one not parked.
 * Each is opened again just before it is written, so that one that can
 * no longer be made (its directory gone) cannot keep the other, written
 * in place before it (bs_outfile_before), from coming out. */
int bs_outfile_reopen(bs_outfile *o, const char *cmd);
/* Drops the temporary file; the target stays as it was. */
void bs_outfile_abort(bs_outfile *o);
/* Unlinks every temporary file being written; async-signal-safe, for a
 * command's own handler that ends the process (batch's second interrupt). */
void bs_outfile_reap(void);

/* Whether path is written in place, with no temporary file: "-", one of
 * the process's own descriptors (/dev/stdout, /dev/fd/N), or anything that
 * exists and is no regular file (a device, a pipe). */
int bs_outfile_in_place(const char *path);

/* Whether paths a and b name one file: the same name, or one descriptor
 * ("-" and /dev/stdout, /dev/fd/1), or one regular file if both exist
 * (what a descriptor's name holds, for /dev/fd/N), else the same name in
 * the same directory, where links lead. For refusing two outputs, or an
 * output and an input, that would clobber each other: a device or a pipe
 * takes two outputs in turn. */
int bs_same_file(const char *a, const char *b);

/* Whether writing out would write over the set read from set_path: the
 * same file, unless the set comes from standard input ("-"). Every command
 * that reads a set and writes a file refuses that. */
int bs_writes_over_set(const char *out, const char *set_path);

#endif
