/* bs_journal: journal lines, opening, locking and resuming. */
#include "bs_journal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

#define FAMILY "# bislide journal v"
#define MAGIC FAMILY "2: " /* v2: the floor */

size_t bs_journal_format(char *buf, int index, const bs_result *r, double ms) {
  char reason[sizeof ((bs_jentry *)0)->reason] = "-";
  if (r->reason && *r->reason) {
    /* Tabs and newlines would break the line apart, and no control byte
     * is read back (bs_journal_parse). */
    size_t k = 0;
    for (; r->reason[k] && k + 1 < sizeof reason; k++) {
      const unsigned char c = (unsigned char)r->reason[k];
      reason[k] = c < 0x20 || c == 0x7f ? ' ' : (char)c;
    }
    reason[k] = 0;
  }
  int k = snprintf(buf, BS_JOURNAL_LINE_MAX - 10, "%d\t%s\t%d\t%d\t%llu\t%llu\t%.3f\t%s\t%s", index + 1,
                   bs_status_name(r->status), r->optimal ? 1 : 0, r->floor,
                   (unsigned long long)r->expanded,
                   (unsigned long long)r->generated, ms < 0 ? 0.0 : ms, reason,
                   r->status == BS_ST_SOLVED ? r->moves : "");
  k += snprintf(buf + k, 11, "\t%08x\n", (unsigned)XXH32(buf, (size_t)k, 0));
  return (size_t)k;
}

static int parse_u64(const char *s, size_t n, uint64_t *out) {
  uint64_t v = 0;
  if (!n || n > 19) return -1;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  *out = v;
  return 0;
}

int bs_journal_parse(char *line, size_t len, bs_jentry *e) {
  if (len < 10 || line[len - 9] != '\t') return -1;
  uint64_t ck = 0;
  for (size_t i = len - 8; i < len; i++) {
    int c = line[i], v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    if (v < 0) return -1;
    ck = ck << 4 | (uint64_t)v;
  }
  len -= 9;
  if (ck != XXH32(line, len, 0)) return -1;
  char *f[9];
  size_t fl[9];
  int nf = 0;
  for (size_t i = 0, start = 0; i <= len; i++) {
    if (i < len && line[i] != '\t') continue;
    if (nf == 9) return -1;
    f[nf] = line + start;
    fl[nf++] = i - start;
    start = i + 1;
  }
  if (nf != 9) return -1;
  memset(e, 0, sizeof *e);
  uint64_t v;
  if (parse_u64(f[0], fl[0], &v) || v < 1 || v > 0x7fffffff) return -1;
  e->index = (int)v - 1;
  int st = -1;
  for (int s = BS_ST_SOLVED; s <= BS_ST_GAVE_UP; s++) {
    const char *name = bs_status_name((bs_status)s);
    if (fl[1] == strlen(name) && !memcmp(f[1], name, fl[1])) st = s;
  }
  if (st < 0 || fl[2] != 1 || (f[2][0] != '0' && f[2][0] != '1')) return -1;
  e->status = (bs_status)st;
  e->optimal = f[2][0] == '1';
  if (parse_u64(f[3], fl[3], &v) || v > BS_ANSWER_MAX) return -1;
  e->floor = (int)v;
  if (parse_u64(f[4], fl[4], &e->expanded) || parse_u64(f[5], fl[5], &e->generated)) return -1;
  char num[32], *end;
  if (!fl[6] || fl[6] >= sizeof num) return -1;
  memcpy(num, f[6], fl[6]);
  num[fl[6]] = 0;
  e->ms = strtod(num, &end);
  if (*end || !(e->ms >= 0) || !isfinite(e->ms)) return -1;
  if (!fl[7] || fl[7] >= sizeof e->reason) return -1;
  /* Reasons are printed on a terminal: a control byte is no journal's. */
  for (size_t k = 0; k < fl[7]; k++)
    if ((unsigned char)f[7][k] < 0x20 || f[7][k] == 0x7f) return -1;
  if (!(fl[7] == 1 && f[7][0] == '-')) memcpy(e->reason, f[7], fl[7]);
  if (fl[8] > BS_ANSWER_MAX || (fl[8] && e->status != BS_ST_SOLVED)) return -1;
  for (size_t i = 0; i < fl[8]; i++)
    if (!strchr("LRUD", f[8][i]) || !f[8][i]) return -1;
  f[8][fl[8]] = 0; /* the tab before the checksum */
  e->moves = f[8];
  e->length = (int)fl[8];
  return 0;
}

static int write_all(int fd, const char *p, size_t len) {
  while (len) {
    ssize_t k = write(fd, p, len);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) return -1;
    if (k == 0) {
      errno = EIO;
      return -1;
    }
    p += k;
    len -= (size_t)k;
  }
  return 0;
}

static int fail(char *err, size_t errlen, const char *path) {
  snprintf(err, errlen, "%s: %s", path, strerror(errno));
  return -1;
}

/* Reads the whole open file; NULL with errno on failure. */
static char *read_all(int fd, size_t *len) {
  struct stat st;
  if (fstat(fd, &st)) return NULL;
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  for (;;) {
    if (n == cap) {
      char *b = realloc(buf, cap *= 2);
      if (!b) {
        free(buf);
        return NULL;
      }
      buf = b;
    }
    ssize_t k = pread(fd, buf + n, cap - n, (off_t)n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      free(buf);
      return NULL;
    }
    if (!k) break;
    n += (size_t)k;
  }
  *len = n;
  return buf;
}

static int start_fresh(bs_journal *j, const char *head, size_t hlen, char *err, size_t errlen) {
  if (ftruncate(j->fd, 0) || write_all(j->fd, head, hlen)) return fail(err, errlen, j->path);
  return 0;
}

static int load(bs_journal *j, char *buf, size_t len, size_t body, bs_jload *ld, char *err,
                size_t errlen) {
  int cap = 0, lineno = 1;
  size_t at = body;
  while (at < len) {
    const char *nl = memchr(buf + at, '\n', len - at);
    if (!nl) {
      /* The last write never finished: cut it off so appends start clean. */
      ld->torn = 1;
      if (ftruncate(j->fd, (off_t)at)) return fail(err, errlen, j->path);
      break;
    }
    lineno++;
    size_t n = (size_t)(nl - (buf + at));
    if (ld->n == cap) {
      cap = cap ? 2 * cap : 256;
      bs_jentry *e = realloc(ld->e, (size_t)cap * sizeof *e);
      if (!e) return fail(err, errlen, j->path);
      ld->e = e;
    }
    if (bs_journal_parse(buf + at, n, &ld->e[ld->n]) == 0) {
      ld->n++;
    } else {
      if (!ld->bad) ld->first_bad = lineno;
      ld->bad++;
    }
    at += n + 1;
  }
  return 0;
}

int bs_journal_open(bs_journal *j, const char *path, const char *header, int resume, bs_jload *ld,
                    char *err, size_t errlen) {
  memset(ld, 0, sizeof *ld);
  j->fd = -1;
  j->path = strdup(path);
  size_t hlen = strlen(MAGIC) + strlen(header) + 1;
  char *head = malloc(hlen + 1);
  if (!j->path || !head) { /* nothing left to close or free */
    free(head);
    free(j->path);
    j->path = NULL;
    return fail(err, errlen, path);
  }
  snprintf(head, hlen + 1, "%s%s\n", MAGIC, header);
  char *buf = NULL;
  size_t len = 0;
  int rc = -1;
  j->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
  if (j->fd < 0) {
    fail(err, errlen, path);
    goto out;
  }
  if (flock(j->fd, LOCK_EX | LOCK_NB)) {
    if (errno == EWOULDBLOCK)
      snprintf(err, errlen, "%s: in use by another bislide batch writing the same answers", path);
    else
      fail(err, errlen, path);
    goto out;
  }
  if (!(buf = read_all(j->fd, &len))) {
    fail(err, errlen, path);
    goto out;
  }
  const char *nl = memchr(buf, '\n', len);
  size_t body = nl ? (size_t)(nl - buf) + 1 : len;
  if (body == len) {
    /* No finished puzzle recorded (at most a header): nothing to keep. */
    rc = start_fresh(j, head, hlen, err, errlen);
  } else if (!resume) {
    snprintf(err, errlen,
             "%s: the journal of an unfinished run is here: add --resume to continue it, or "
             "delete it to start over",
             path);
  } else if (body != hlen || memcmp(buf, head, hlen)) {
    size_t m = strlen(MAGIC), fm = strlen(FAMILY);
    int ours = body > m && !memcmp(buf, MAGIC, m), older = !ours && body > fm && !memcmp(buf, FAMILY, fm);
    const char *what = older ? "another version of bislide" : "no bislide run";
    snprintf(err, errlen,
             "%s: the journal is of another set or other options (%.*s); this run is (%s): resume "
             "with the same set, --mode, --set and memory of one worker (--mem/--jobs), or delete "
             "the journal",
             path, ours ? (int)(body - 1 - m) : (int)strlen(what), ours ? buf + m : what, header);
  } else if (!(rc = load(j, buf, len, body, ld, err, errlen))) {
    ld->buf = buf; /* the entries' moves live there */
    buf = NULL;
  }
out:
  free(buf);
  free(head);
  if (rc) {
    if (j->fd >= 0) close(j->fd);
    j->fd = -1;
    free(j->path);
    j->path = NULL;
    bs_jload_free(ld);
  }
  return rc;
}

int bs_journal_append(bs_journal *j, const char *line, size_t len) {
  return write_all(j->fd, line, len);
}

void bs_journal_close(bs_journal *j, int remove) {
  if (j->fd >= 0) {
    if (remove) unlink(j->path);
    close(j->fd);
  }
  free(j->path);
  j->fd = -1;
  j->path = NULL;
}

void bs_jload_free(bs_jload *ld) {
  free(ld->e);
  free(ld->buf);
  memset(ld, 0, sizeof *ld);
}
