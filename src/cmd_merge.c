/* bislide merge: shard files of `batch --shard K/N` back into one answer
 * file in the set's order, refusing shards that overlap, are missing or are
 * malformed. Everything is checked before a byte is written. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bs_cli.h"
#include "bs_outfile.h"
#include "bs_parse.h"
#include "bs_verify.h"

#define MAX_REPORTS 20

static void help(void) {
  printf("usage: bislide merge SET SHARD... [-o ANSWERS]\n\n"
         "Rebuilds one answer file from the shard files that `bislide batch --shard K/N`\n"
         "wrote: one line per puzzle of SET, in its order, the moves or an empty line\n"
         "when unsolved. A shard file starts with '# bislide shard K/N of T puzzles',\n"
         "then has one 'INDEX<TAB>MOVES' line per puzzle i (INDEX = i + 1) with\n"
         "i mod N = K.\n\n"
         "The shards must all have the same N and T, with T the number of puzzles in\n"
         "SET, and each K from 0 to N-1 exactly once; every puzzle must be in exactly\n"
         "one shard, and every answer must solve its puzzle. Any shard that overlaps\n"
         "another, is missing, or has a malformed line or an answer that does not\n"
         "solve its puzzle is reported as FILE:LINE: reason (a K given by no file as\n"
         "'shard K/N is missing'), and nothing is written. When SET's\n"
         "header has move limits, answers are dropped (left unsolved) until all four\n"
         "letters fit, as one `bislide batch` run drops them.\n\n"
         "  -o, --output FILE  write the answers to FILE, whole or not at all (default\n"
         "                     stdout); it may be a SHARD, read first, not SET\n"
         "  -h, --help         show this help\n\n"
         "Exit status: 0 merged, 1 refused (overlap, missing or malformed shards, an\n"
         "answer that does not solve its puzzle, an unreadable file) or merged from a\n"
         "SET with bad lines (reported as FILE:LINE, their answers empty, as batch\n"
         "leaves them), 2 usage error.\n");
}

typedef struct shard {
  const char *path;
  char *data; /* the whole file */
  size_t size;
  int mapped;
  int k, n;
  long t;
} shard;

typedef struct slot {
  const char *moves; /* NULL: no shard has this puzzle yet */
  uint32_t len;
  int file, line;
} slot;

static int reports;

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void report(const char *fmt, ...) {
  if (++reports > MAX_REPORTS) return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
}

/* What a shard may hold: about 900 times the real set's answers, and a
 * bound for a stream that never ends (/dev/zero) or a huge sparse file. */
#define SHARD_MAX (1u << 28)

/* Maps a regular file, or reads anything else (a pipe) whole. Standard
 * input is read, not mapped, even from a file: from where it stands. */
static int load(shard *s) {
  int fd = strcmp(s->path, "-") ? open(s->path, O_RDONLY) : 0;
  struct stat st;
  if (fd < 0 || fstat(fd, &st)) goto fail;
  if (S_ISREG(st.st_mode) && st.st_size >= SHARD_MAX) {
    report("%s: %u bytes or more: not read", s->path, SHARD_MAX);
    if (fd > 0) close(fd);
    return -1;
  }
  if (fd > 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    s->size = (size_t)st.st_size;
    s->data = mmap(NULL, s->size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (s->data == MAP_FAILED) {
      s->data = NULL;
      goto fail;
    }
    s->mapped = 1;
  } else {
    size_t cap = 1 << 16;
    ssize_t k;
    s->data = malloc(cap);
    while (s->data && (k = read(fd, s->data + s->size, cap - s->size)) != 0) {
      if (k < 0) {
        if (errno == EINTR) continue;
        goto fail;
      }
      s->size += (size_t)k;
      if (s->size >= SHARD_MAX) {
        report("%s: %u bytes or more: not read further", s->path, SHARD_MAX);
        if (fd > 0) close(fd);
        return -1;
      }
      if (s->size == cap) {
        char *p = realloc(s->data, cap *= 2);
        if (!p) goto fail;
        s->data = p;
      }
    }
    if (!s->data) goto fail;
  }
  if (fd > 0) close(fd);
  return 0;
fail:
  report("%s: %s", s->path, strerror(errno ? errno : ENOMEM));
  if (fd > 0) close(fd);
  return -1;
}

static void unload(shard *s) {
  if (s->mapped)
    munmap(s->data, s->size);
  else
    free(s->data);
}

/* A decimal of at most 10 digits at *p; -1 if none. */
static long number(const char **p, const char *end) {
  long v = 0;
  int digits = 0;
  while (*p < end && **p >= '0' && **p <= '9' && digits < 10) {
    v = v * 10 + (**p - '0');
    (*p)++;
    digits++;
  }
  return digits && !(*p < end && **p >= '0' && **p <= '9') ? v : -1;
}

static int expect(const char **p, const char *end, const char *word) {
  size_t n = strlen(word);
  if ((size_t)(end - *p) < n || memcmp(*p, word, n)) return -1;
  *p += n;
  return 0;
}

/* "# bislide shard K/N of T puzzles" */
static int header(shard *s, const char *p, const char *end) {
  long k, n, t;
  if (expect(&p, end, "# bislide shard ") || (k = number(&p, end)) < 0 || expect(&p, end, "/") ||
      (n = number(&p, end)) < 1 || expect(&p, end, " of ") || (t = number(&p, end)) < 0 ||
      expect(&p, end, " puzzles") || p != end || k >= n || n > BS_SHARDS_MAX || t > BS_HEADER_MAX)
    return -1;
  s->k = (int)k;
  s->n = (int)n;
  s->t = t;
  return 0;
}

/* The lines after the header, p to end: each puzzle once, in this shard. */
static void check_lines(const shard *s, const char *p, const char *end, int file, slot *slots,
                        const shard *all) {
  for (int line = 2; p < end; line++) {
    const char *eol = memchr(p, '\n', (size_t)(end - p)), *next;
    if (!eol) {
      /* batch ends every line; a missing newline is a file cut short. */
      report("%s:%d: no newline at the end: the file is cut short", s->path, line);
      return;
    }
    next = eol + 1;
    if (eol > p && eol[-1] == '\r') eol--;
    const char *q = p;
    long index = number(&q, eol);
    if (index < 0 || (q < eol && *q != '\t')) {
      report("%s:%d: expected INDEX<TAB>MOVES", s->path, line);
    } else if (index < 1 || index > s->t) {
      report("%s:%d: index %ld is not a puzzle of %ld", s->path, line, index, s->t);
    } else if ((index - 1) % s->n != s->k) {
      report("%s:%d: puzzle %ld does not belong to shard %d/%d", s->path, line, index, s->k, s->n);
    } else {
      if (q < eol) q++;
      const char *bad = q;
      while (bad < eol && (*bad == 'L' || *bad == 'R' || *bad == 'U' || *bad == 'D')) bad++;
      slot *x = &slots[index - 1];
      if (bad < eol)
        report("%s:%d: '%c' is not a move (L, R, U or D)", s->path, line,
               *bad >= 0x20 && *bad < 0x7f ? *bad : '?');
      else if (x->moves)
        report("%s:%d: puzzle %ld again: shards overlap (first at %s:%d)", s->path, line, index,
               all[x->file].path, x->line);
      else if (eol - q > BS_LINE_MAX) /* no reader of answer files would take it */
        report("%s:%d: an answer of %zu moves, over a line's %d bytes", s->path, line, (size_t)(eol - q),
               BS_LINE_MAX);
      else
        *x = (slot){.moves = q, .len = (uint32_t)(eol - q), .file = file, .line = line};
    }
    p = next;
  }
}

int bs_cmd_merge(int argc, char **argv) {
  static const struct option opts[] = {
      {"output", required_argument, 0, 'o'}, {"help", no_argument, 0, 'h'}, {0, 0, 0, 0}};
  const char *out = "-";
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
    switch (c) {
    case 'o': out = optarg; break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("merge");
    }
  }
  int nfiles = argc - optind - 1;
  if (nfiles < 1) return bs_usage_error("merge", "give SET and at least one SHARD file");
  const char *setpath = argv[optind];
  int stdin_uses = 0;
  for (int i = optind; i < argc; i++) stdin_uses += !strcmp(argv[i], "-");
  if (stdin_uses > 1) return bs_usage_error("merge", "only one of SET and the SHARDs can be '-'");
  if (bs_writes_over_set(out, setpath))
    return bs_usage_error("merge", "'%s' is the set: it would be written over", out);

  /* batch gave every line of the set an index, valid board or not, and
   * left a bad one's answer empty: so does merge, and as batch it reports
   * the set's problems and exits 1 for them, after writing the file. */
  bs_set set;
  const int problems = bs_set_read(setpath, &set, stderr);
  if (problems < 0 || !set.n) { /* a set of no puzzles fails as in batch */
    bs_set_free(&set);
    return BS_EXIT_FAIL;
  }
  long total = set.n;

  reports = 0;
  shard *sh = calloc((size_t)nfiles, sizeof *sh);
  slot *slots = calloc((size_t)total, sizeof *slots);
  int *first_k = NULL; /* per K: 1 + the file that has it */
  const char *n_from = NULL; /* the first shard, which sets N */
  unsigned char *drop = NULL; /* answers the move limits drop */
  int rc = BS_EXIT_FAIL, n = 0;
  if (!sh || !slots) {
    fprintf(stderr, "bislide merge: out of memory\n");
    goto done;
  }
  for (int i = 0; i < nfiles; i++) {
    shard *s = &sh[i];
    s->path = argv[optind + 1 + i];
    if (load(s)) continue;
    const char *end = s->data + s->size, *eol = memchr(s->data, '\n', s->size);
    const char *body = eol ? eol + 1 : end;
    if (!eol) eol = end;
    if (eol > s->data && eol[-1] == '\r') eol--;
    if (header(s, s->data, eol)) {
      report("%s:1: expected '# bislide shard K/N of T puzzles' (0 <= K < N), as written by "
             "bislide batch --shard", s->path);
      continue;
    }
    if (!n) {
      n = s->n;
      n_from = s->path;
      first_k = calloc((size_t)n, sizeof *first_k);
      if (!first_k) {
        fprintf(stderr, "bislide merge: out of memory\n");
        goto done;
      }
    }
    if (s->n != n) {
      report("%s:1: a shard of N = %d, but %s is one of N = %d", s->path, s->n, n_from, n);
      continue;
    }
    if (s->t != total) {
      report("%s:1: a shard of a set of %ld puzzles, but %s has %ld", s->path, s->t, setpath, total);
      continue;
    }
    if (first_k[s->k]) {
      report("%s:1: shard %d/%d again: shards overlap (also %s)", s->path, s->k, s->n,
             sh[first_k[s->k] - 1].path);
      continue;
    }
    first_k[s->k] = i + 1;
    check_lines(s, body, end, i, slots, sh);
  }
  if (!reports && n) {
    int missing = 0;
    for (int k = 0; k < n; k++)
      if (!first_k[k]) {
        missing++;
        report("bislide merge: shard %d/%d is missing", k, n);
      }
    for (long i = 0; i < total && !missing; i++)
      if (!slots[i].moves)
        report("%s:%d: puzzle %ld is missing from %s (shard %ld/%d)", setpath, set.e[i].line,
               i + 1, sh[first_k[i % n] - 1].path, i % n, n);
  }
  /* Every answer replays on its puzzle: a shard of another set of as many
   * puzzles, or a line edited by hand, is refused, not merged. */
  const int unsound = reports; /* shards that do not fit together: their answers stay unread */
  for (long i = 0; !unsound && i < total; i++) {
    const slot *x = &slots[i];
    const bs_board *b = set.e[i].ok ? &set.e[i].board : NULL;
    size_t at;
    if (!x->len) continue;
    /* Each answer replayed once: told while reports are shown, quietly past them. */
    int fault = BS_RP_NOT_BOARD;
    if (reports < MAX_REPORTS)
      fault = bs_replay_check(b, x->moves, x->len, sh[x->file].path, x->line, (int)i + 1, setpath,
                              set.e[i].line);
    else if (b)
      fault = bs_replay(b, x->moves, x->len, &at);
    reports += fault != BS_RP_OK;
  }
  if (reports) {
    if (reports > MAX_REPORTS) fprintf(stderr, "... and %d more\n", reports - MAX_REPORTS);
    fprintf(stderr, "bislide merge: refused, nothing written\n");
    goto done;
  }
  /* Shards leave the set's move limits to the whole: fitted here as one
   * batch run fits them, so the file is the one it writes. */
  int dropped = 0;
  long dropped_moves = 0;
  if (set.has_limits) {
    const char **moves = calloc((size_t)total, sizeof *moves);
    size_t *len = calloc((size_t)total, sizeof *len);
    drop = calloc((size_t)total, 1);
    const int room = moves && len && drop;
    if (room) {
      for (long i = 0; i < total; i++) moves[i] = slots[i].moves, len[i] = slots[i].len;
      dropped = bs_fit_limits(set.limit, (int)total, moves, len, drop);
      for (long i = 0; i < total; i++) dropped_moves += drop[i] ? (long)len[i] : 0;
    }
    free(moves);
    free(len);
    if (!room) {
      fprintf(stderr, "bislide merge: out of memory\n");
      goto done;
    }
  }
  bs_outfile o;
  if (bs_outfile_open(&o, out, "merge")) goto done;
  for (long i = 0; i < total; i++) {
    if (!drop || !drop[i]) fwrite(slots[i].moves, 1, slots[i].len, o.f);
    putc('\n', o.f);
  }
  if (bs_outfile_commit(&o, "merge")) goto done;
  fprintf(stderr, "bislide merge: %ld puzzles from %d shard%s", total, nfiles, nfiles == 1 ? "" : "s");
  if (dropped)
    fprintf(stderr, "; %d answer%s (%ld moves) dropped to keep every letter within its limit", dropped,
            dropped == 1 ? "" : "s", dropped_moves);
  if (problems)
    fprintf(stderr, "; %d problem%s in %s, as in batch", problems, problems == 1 ? "" : "s", setpath);
  fputc('\n', stderr);
  rc = problems ? BS_EXIT_FAIL : BS_EXIT_OK;
done:
  free(drop);
  for (int i = 0; sh && i < nfiles; i++)
    if (sh[i].data) unload(&sh[i]);
  free(first_k);
  free(slots);
  free(sh);
  bs_set_free(&set);
  return rc;
}
