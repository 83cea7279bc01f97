/* bs_pdb: pattern database tables, their cache files and their views. */
#include "bs_pdb.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#define MAX_ENTRY (BS_PDB_FAR - 1) /* distances beyond are stored as this: still a bound */
#define BYTES_01 0x0101010101010101ull
#define BYTES_80 0x8080808080808080ull
#define MAX_THREADS 16 /* that build the tables of one set */

/* ---- layout ---------------------------------------------------------- */

/* The geometry of a layout: size, walls, open cells and their digits. */
static void layout_init(bs_pdb *P, const bs_board *layout) {
  memset(P, 0, sizeof *P);
  P->w = layout->w;
  P->h = layout->h;
  P->n = layout->n;
  P->wall = layout->wall;
  for (int c = 0; c < P->n; c++) {
    if (P->wall >> c & 1) continue;
    P->num[c] = (uint8_t)P->f;
    P->open[P->f++] = (uint8_t)c;
  }
  P->symmetric = P->w == P->h;
  for (int c = 0; c < P->n && P->symmetric; c++)
    P->symmetric = (P->wall >> c & 1) == (P->wall >> (c % P->w * P->w + c / P->w) & 1);
}

/* f^k, or 0 when it does not fit a uint32 index. */
static uint64_t power(int f, int k) {
  uint64_t x = 1;
  for (int i = 0; i < k; i++)
    if ((x *= (uint64_t)f) > UINT32_MAX) return 0;
  return x;
}

/* Bytes of one pattern of k tiles: its table and its k hole tables. */
static size_t pattern_bytes(int f, int k) {
  return (size_t)(power(f, k) + (uint64_t)k * power(f, k - 1));
}

/* Checks part against the layout of P and writes its canonical form
 * (patterns numbered by their lowest cell) to P->part, their sizes to
 * P->size. Returns 0, or -1 if part does not fit. */
static int part_check(bs_pdb *P, const bs_pdb_part *part) {
  uint8_t rename[BS_MAX_CELLS];
  if (part->npat < 1 || part->npat > BS_MAX_CELLS || (P->wall >> (P->n - 1) & 1)) return -1;
  memset(rename, BS_PDB_NONE, sizeof rename);
  memset(P->size, 0, sizeof P->size);
  memset(P->part.of, BS_PDB_NONE, sizeof P->part.of);
  P->part.npat = 0;
  for (int c = 0; c < P->n; c++) {
    int j = part->of[c];
    if (P->wall >> c & 1) {
      if (j != BS_PDB_NONE) return -1;
      continue;
    }
    if (j >= part->npat) return -1;
    if (rename[j] == BS_PDB_NONE) rename[j] = (uint8_t)P->part.npat++;
    P->part.of[c] = rename[j];
    P->size[rename[j]]++;
  }
  if (P->part.npat != part->npat) return -1; /* a pattern without cells */
  if (P->size[P->part.of[P->n - 1]] != 1) return -1; /* the blank's goal cell stands alone */
  for (int j = 0; j < P->part.npat; j++)
    if (P->size[j] > BS_PDB_MAX_K || !power(P->f, P->size[j])) return -1;
  return 0;
}

static bs_board layout_board(const bs_pdb *P) {
  bs_board b;
  memset(&b, 0, sizeof b);
  b.w = P->w;
  b.h = P->h;
  b.n = P->n;
  b.wall = P->wall;
  return b;
}

size_t bs_pdb_bytes_for(const bs_board *layout, const bs_pdb_part *part) {
  bs_pdb P;
  layout_init(&P, layout);
  if (part_check(&P, part)) return 0;
  size_t bytes = 0;
  for (int j = 0; j < P.part.npat; j++) bytes += pattern_bytes(P.f, P.size[j]);
  return bytes;
}

/* ---- partitions ------------------------------------------------------ */

static int tile_value(int c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return -1;
}

/* Gives every open cell without a pattern one of its own. */
static void singletons(const bs_pdb *P, bs_pdb_part *part) {
  for (int c = 0; c < P->n; c++)
    if (!(P->wall >> c & 1) && part->of[c] == BS_PDB_NONE) part->of[c] = (uint8_t)part->npat++;
}

int bs_pdb_part_parse(const bs_board *layout, const char *spec, bs_pdb_part *part, char *err,
                      size_t errlen) {
  bs_pdb P;
  layout_init(&P, layout);
  memset(part->of, BS_PDB_NONE, sizeof part->of);
  part->npat = 0;
  int k = 0;
  for (const char *s = spec;; s++) {
    if (*s == '/' || !*s) {
      if (!k && (*s || s > spec)) {
        snprintf(err, errlen, "empty pattern in '%s'", spec);
        return -1;
      }
      if (k) part->npat++;
      k = 0;
      if (!*s) break;
      continue;
    }
    int v = tile_value((unsigned char)*s), c = v - 1;
    if (v < 0) {
      snprintf(err, errlen, "'%c' is no tile symbol (1-9, A-Z)", *s);
      return -1;
    }
    if (c >= P.n - 1 || (P.wall >> c & 1)) {
      snprintf(err, errlen, "tile %c is not on this %dx%d board%s", *s, P.w, P.h,
               c < P.n - 1 ? " (its cell is a wall)" : "");
      return -1;
    }
    if (part->of[c] != BS_PDB_NONE) {
      snprintf(err, errlen, "tile %c is listed twice", *s);
      return -1;
    }
    if (++k > BS_PDB_MAX_K) {
      snprintf(err, errlen, "a pattern of more than %d tiles", BS_PDB_MAX_K);
      return -1;
    }
    part->of[c] = (uint8_t)part->npat;
  }
  singletons(&P, part);
  if (part_check(&P, part)) {
    snprintf(err, errlen, "a pattern's table is too large for this board");
    return -1;
  }
  *part = P.part;
  return 0;
}

void bs_pdb_part_format(const bs_board *layout, const bs_pdb_part *part, char out[BS_PDB_SPEC]) {
  int k = 0;
  for (int j = 0; j < part->npat; j++) {
    if (part->of[layout->n - 1] == j) continue;
    if (k) out[k++] = '/';
    for (int c = 0; c < layout->n; c++)
      if (part->of[c] == j && !(layout->wall >> c & 1)) out[k++] = bs_tile_chars[c];
  }
  out[k] = 0;
}

int bs_pdb_part_auto(const bs_board *layout, size_t budget, bs_pdb_part *part) {
  bs_pdb P;
  layout_init(&P, layout);
  bs_board lb = layout_board(&P);
  bs_geom g;
  bs_geom_init(&g, &lb);
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  memset(dist, BS_PDB_FAR, sizeof dist);
  for (int i = 0; i < P.f; i++) bs_flood(&g, ~0ull, P.open[i], NULL, dist[P.open[i]]);
  size_t one = pattern_bytes(P.f, 1);
  int left = P.f - 1; /* tiles without a pattern */
  if (budget / one < (size_t)left + 1) return -1;
  size_t rest = budget - one; /* the blank's goal cell's own table */
  memset(part->of, BS_PDB_NONE, sizeof part->of);
  part->npat = 0;
  uint64_t free_cells = 0;
  for (int i = 0; i < P.f - 1; i++) free_cells |= 1ull << P.open[i];
  while (left) {
    int k = 1;
    for (int t = 2; t <= left && t <= BS_PDB_MAX_K && power(P.f, t); t++)
      if (pattern_bytes(P.f, t) + (size_t)(left - t) * one <= rest) k = t;
    rest -= pattern_bytes(P.f, k);
    left -= k;
    uint64_t group = 1ull << __builtin_ctzll(free_cells);
    for (int size = 1; size < k; size++) {
      int best = -1, best_nb = -1, best_sum = 0;
      for (uint64_t m = free_cells & ~group; m; m &= m - 1) {
        int c = __builtin_ctzll(m), nb = 0, sum = 0;
        for (int d = 0; d < 4; d++) nb += g.nb[c][d] >= 0 && (group >> g.nb[c][d] & 1);
        for (uint64_t x = group; x; x &= x - 1) sum += dist[c][__builtin_ctzll(x)];
        if (nb > best_nb || (nb == best_nb && sum < best_sum)) best = c, best_nb = nb, best_sum = sum;
      }
      group |= 1ull << best;
    }
    for (uint64_t x = group; x; x &= x - 1) part->of[__builtin_ctzll(x)] = (uint8_t)part->npat;
    part->npat++;
    free_cells &= ~group;
  }
  singletons(&P, part);
  if (part_check(&P, part)) return -1;
  *part = P.part;
  return 0;
}

/* ---- building -------------------------------------------------------- */

/* One table to build: k tiles whose home cells are at[0..k), into tab. */
typedef struct job {
  const bs_pdb *P;
  int k;
  uint8_t at[BS_PDB_MAX_K];
  uint8_t *tab;
  uint32_t size; /* f^k entries */
  uint64_t inv;  /* ceil(2^64 / f): a / f = (a * inv) >> 64 for 32-bit a */
  /* Per slot and cell, the moves of a tile there: the cell it goes to and
   * the change of the index, so the search does no geometry. */
  uint8_t nmove[BS_MAX_CELLS], to[BS_MAX_CELLS][4];
  uint32_t delta[BS_PDB_MAX_K][BS_MAX_CELLS][4];
} job;

static void job_init(job *J, const bs_pdb *P, const bs_geom *g, const uint8_t *at, int k, uint8_t *tab) {
  memset(J, 0, sizeof *J);
  J->P = P;
  J->k = k;
  memcpy(J->at, at, (size_t)k);
  J->tab = tab;
  J->size = (uint32_t)power(P->f, k);
  J->inv = UINT64_MAX / (uint64_t)P->f + 1;
  for (int c = 0; c < P->n; c++)
    for (int d = 0; d < 4; d++) {
      int to = g->nb[c][d];
      if (to < 0 || (P->wall >> c & 1)) continue;
      for (int i = 0; i < k; i++)
        J->delta[i][c][J->nmove[c]] = (uint32_t)((int)P->num[to] - (int)P->num[c]) * (uint32_t)power(P->f, i);
      J->to[c][J->nmove[c]++] = (uint8_t)to;
    }
}

/* The cells of the tiles of index idx; returns their mask. Division by a
 * multiplication (Lemire, Kaser and Kurz, "Faster remainder by direct
 * computation", 2019): exact for 32-bit numerators. */
static uint64_t decode(const job *J, uint32_t idx, uint8_t *cell) {
  uint64_t occ = 0;
  for (int i = 0; i < J->k; i++) {
    uint32_t q = (uint32_t)(((unsigned __int128)J->inv * idx) >> 64);
    cell[i] = J->P->open[idx - q * (uint32_t)J->P->f];
    idx = q;
    occ |= 1ull << cell[i];
  }
  return occ;
}

/* Breadth-first from home, level by level over the table itself: the
 * entries of value v give their unvisited neighbours v + 1, where a
 * neighbour moves one tile to an adjacent open cell that no other tile of
 * the pattern holds. No queue: a level is a scan for v, 8 entries a step. */
static void bfs(const job *J) {
  uint8_t *tab = J->tab;
  uint32_t home = 0;
  for (int i = 0; i < J->k; i++) home += J->P->num[J->at[i]] * (uint32_t)power(J->P->f, i);
  memset(tab, BS_PDB_FAR, J->size);
  tab[home] = 0;
  /* Levels past MAX_ENTRY are all stored as it (still bounds), and
   * expanded as one level until nothing new turns up. */
  for (unsigned v = 0, more = 1; more; v += v < MAX_ENTRY) {
    const uint64_t vv = BYTES_01 * v;
    const uint8_t e = (uint8_t)(v + 1 < MAX_ENTRY ? v + 1 : MAX_ENTRY);
    more = 0;
    for (uint32_t base = 0; base < J->size; base += 8) {
      if (base + 8 <= J->size) { /* skip 8 entries at once when none is v */
        uint64_t x;
        memcpy(&x, tab + base, 8);
        x ^= vv;
        if (!((x - BYTES_01) & ~x & BYTES_80)) continue;
      }
      for (uint32_t idx = base; idx < base + 8 && idx < J->size; idx++) {
        if (tab[idx] != v) continue;
        uint8_t cell[BS_PDB_MAX_K];
        uint64_t occ = decode(J, idx, cell);
        for (int i = 0; i < J->k; i++) {
          int c = cell[i];
          for (int m = 0; m < J->nmove[c]; m++) {
            uint32_t child = idx + J->delta[i][c][m];
            if ((occ >> J->to[c][m] & 1) || tab[child] != BS_PDB_FAR) continue;
            tab[child] = e;
            more = 1;
          }
        }
      }
    }
  }
}

/* Builds jobs taken in turn from a shared counter, so that threads share
 * the work of a set whatever the sizes of its tables. */
typedef struct crew {
  job *jobs;
  int njobs, next;
  pthread_mutex_t lock;
} crew;

static void *work(void *arg) {
  crew *C = arg;
  for (;;) {
    pthread_mutex_lock(&C->lock);
    int j = C->next++;
    pthread_mutex_unlock(&C->lock);
    if (j >= C->njobs) return NULL;
    bfs(&C->jobs[j]);
  }
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Checks part, allocates the tables and points full[] and hole[] at them:
 * per pattern its table, then one hole table per cell in slot order. */
static int tables_init(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part) {
  layout_init(P, layout);
  if (part_check(P, part)) return -1;
  size_t bytes = 0;
  for (int j = 0; j < P->part.npat; j++) bytes += pattern_bytes(P->f, P->size[j]);
  P->mem = malloc(bytes);
  if (!P->mem) return -1;
  P->bytes = bytes;
  uint8_t *at = P->mem;
  for (int j = 0; j < P->part.npat; j++) {
    P->full[j] = at;
    at += power(P->f, P->size[j]);
    for (int c = 0; c < P->n; c++)
      if (P->part.of[c] == j) {
        P->hole[c] = at;
        at += power(P->f, P->size[j] - 1);
      }
  }
  return 0;
}

/* Builds every table of P, biggest first, on up to one thread per core.
 * Returns 0, or -1 when memory runs out. */
static int build_into(bs_pdb *P, bs_pdb_info *info) {
  double t0 = now_ms();
  int njobs = 0;
  for (int j = 0; j < P->part.npat; j++) njobs += 1 + P->size[j];
  crew C = {calloc((size_t)njobs, sizeof(job)), njobs, 0, PTHREAD_MUTEX_INITIALIZER};
  if (!C.jobs) return -1;
  bs_board lb = layout_board(P);
  bs_geom g;
  bs_geom_init(&g, &lb);
  int n = 0;
  for (int k = BS_PDB_MAX_K; k >= 0; k--) /* biggest first: the last job is short */
    for (int j = 0; j < P->part.npat; j++) {
      uint8_t cells[BS_PDB_MAX_K], size = 0;
      for (int c = 0; c < P->n; c++)
        if (P->part.of[c] == j) cells[size++] = (uint8_t)c;
      if (size == k) job_init(&C.jobs[n++], P, &g, cells, k, (uint8_t *)P->full[j]);
      if (size != k + 1) continue;
      for (int s = 0; s < size; s++) {
        uint8_t others[BS_PDB_MAX_K];
        for (int i = 0, m = 0; i < size; i++)
          if (i != s) others[m++] = cells[i];
        job_init(&C.jobs[n++], P, &g, others, k, (uint8_t *)P->hole[cells[s]]);
      }
    }
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int nthreads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores, started = 0;
  pthread_t tid[MAX_THREADS];
  while (started < nthreads - 1 && !pthread_create(&tid[started], NULL, work, &C)) started++;
  work(&C); /* this thread too; it alone if none could start */
  for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
  free(C.jobs);
  info->ms = now_ms() - t0;
  info->bytes = P->bytes;
  return 0;
}

int bs_pdb_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, bs_pdb_info *info) {
  memset(info, 0, sizeof *info);
  info->status = BS_PDB_MEMORY;
  if (tables_init(P, layout, part) || build_into(P, info)) {
    bs_pdb_free(P);
    return -1;
  }
  return 0;
}

void bs_pdb_free(bs_pdb *P) {
  free(P->mem);
  memset(P, 0, sizeof *P);
}

/* ---- the cache ------------------------------------------------------- */

#define MAGIC "bsPDBtab"

/* A cache file: this header, then the tables. Fields are in host order;
 * `endian` tells a file from a machine of the other order. */
typedef struct file_head {
  char magic[8];
  uint32_t version, endian;
  uint32_t w, h;
  uint64_t wall;
  uint8_t of[BS_MAX_CELLS];
  uint32_t npat;
  uint64_t bytes, sum; /* table bytes; XXH64 of them */
} file_head;
_Static_assert(sizeof(file_head) == 88, "file_head has no padding");

static void head_init(const bs_pdb *P, file_head *h) {
  memset(h, 0, sizeof *h);
  memcpy(h->magic, MAGIC, sizeof h->magic);
  h->version = BS_PDB_VERSION;
  h->endian = 0x01020304;
  h->w = (uint32_t)P->w;
  h->h = (uint32_t)P->h;
  h->wall = P->wall;
  memcpy(h->of, P->part.of, sizeof h->of);
  h->npat = (uint32_t)P->part.npat;
  h->bytes = P->bytes;
}

/* Reads n bytes; 0, or -1 (errno set; 0 at an early end). */
static int read_all(int fd, void *buf, size_t n) {
  for (char *p = buf; n;) {
    ssize_t k = read(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      if (!k) errno = 0;
      return -1;
    }
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

static int write_all(int fd, const void *buf, size_t n) {
  for (const char *p = buf; n;) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      if (!k) errno = ENOSPC;
      return -1;
    }
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Loads the tables from path into P->mem. Returns 1 when they are there
 * and sound, 0 when there is no file, -1 (why says) when the file is not
 * to be trusted. */
static int load(bs_pdb *P, const char *path, char *why, size_t whylen) {
  int fd = open(path, O_RDONLY);
  if (fd < 0) {
    if (errno == ENOENT) return 0;
    snprintf(why, whylen, "cannot read: %s", strerror(errno));
    return -1;
  }
  file_head want, got;
  head_init(P, &want);
  struct stat st;
  int rc = -1;
  if (fstat(fd, &st))
    snprintf(why, whylen, "cannot read: %s", strerror(errno));
  else if ((uint64_t)st.st_size != sizeof got + P->bytes)
    snprintf(why, whylen, "%lld bytes, not %zu", (long long)st.st_size, sizeof got + P->bytes);
  else if (read_all(fd, &got, sizeof got))
    snprintf(why, whylen, "cannot read the header: %s", errno ? strerror(errno) : "short");
  else if (memcmp(got.magic, want.magic, sizeof got.magic) || got.endian != want.endian)
    snprintf(why, whylen, "not a bislide pattern database of this machine");
  else if (got.version != want.version)
    snprintf(why, whylen, "format version %u, not %u", got.version, want.version);
  else if (got.w != want.w || got.h != want.h || got.wall != want.wall || got.npat != want.npat ||
           memcmp(got.of, want.of, sizeof got.of) || got.bytes != want.bytes)
    snprintf(why, whylen, "another layout or partition");
  else if (read_all(fd, P->mem, P->bytes))
    snprintf(why, whylen, "cannot read the tables: %s", errno ? strerror(errno) : "short");
  else if (XXH64(P->mem, P->bytes, 0) != got.sum)
    snprintf(why, whylen, "checksum mismatch");
  else
    rc = 1;
  close(fd);
  return rc;
}

/* Writes the tables to path through a temporary file in dir and a rename.
 * Returns 0, or -1 with why set. */
static int save(const bs_pdb *P, const char *dir, const char *path, char *why, size_t whylen) {
  char tmp[4096 + 32];
  snprintf(tmp, sizeof tmp, "%s/.pdb-XXXXXX", dir);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    snprintf(why, whylen, "cannot create a file in the directory: %s", strerror(errno));
    return -1;
  }
  file_head h;
  head_init(P, &h);
  h.sum = XXH64(P->mem, P->bytes, 0);
  /* fsync before rename: after a crash the name holds the old file or the
   * whole new one. */
  const char *step = NULL;
  if (write_all(fd, &h, sizeof h) || write_all(fd, P->mem, P->bytes) || fsync(fd)) step = "cannot write";
  int err = errno;
  if (close(fd) && !step) step = "cannot write", err = errno;
  if (!step && rename(tmp, path)) step = "cannot rename", err = errno;
  if (step) {
    unlink(tmp);
    snprintf(why, whylen, "%s: %s", step, strerror(err));
    return -1;
  }
  return 0;
}

/* mkdir -p; errors show when the file is written. */
static void make_dirs(const char *dir) {
  char buf[4096];
  size_t len = strlen(dir);
  if (len >= sizeof buf) return;
  memcpy(buf, dir, len + 1);
  for (size_t i = 1; i <= len; i++)
    if (buf[i] == '/' || !buf[i]) {
      char keep = buf[i];
      buf[i] = 0;
      mkdir(buf, 0777);
      buf[i] = keep;
    }
}

int bs_pdb_load_or_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, const char *dir,
                         bs_pdb_info *info) {
  if (!dir) return bs_pdb_build(P, layout, part, info);
  memset(info, 0, sizeof *info);
  if (tables_init(P, layout, part)) {
    bs_pdb_free(P);
    return -1;
  }
  file_head key;
  head_init(P, &key);
  uint64_t id = XXH64(&key, sizeof key, 0); /* sum is still 0: the key is the rest */
  int len = snprintf(info->path, sizeof info->path, "%s/pdb-%dx%d-%016llx.bin", dir, P->w, P->h,
                     (unsigned long long)id);
  int named = len > 0 && (size_t)len < sizeof info->path; /* a cut name would be another file */
  double t0 = now_ms();
  int found = named ? load(P, info->path, info->why, sizeof info->why) : 0;
  if (found == 1) {
    info->status = BS_PDB_LOADED;
    info->ms = now_ms() - t0;
    info->bytes = P->bytes;
    return 0;
  }
  if (build_into(P, info)) {
    bs_pdb_free(P);
    return -1;
  }
  info->status = found ? BS_PDB_REPLACED : BS_PDB_BUILT;
  if (!named) {
    info->path[0] = 0;
    info->status = BS_PDB_UNSAVED;
    snprintf(info->why, sizeof info->why, "the directory's name is too long");
    return 0;
  }
  make_dirs(dir);
  char err[sizeof info->why];
  if (save(P, dir, info->path, err, sizeof err)) {
    if (found) { /* keep both reasons */
      char first[sizeof info->why];
      memcpy(first, info->why, sizeof first);
      snprintf(info->why, sizeof info->why, "%.80s; not saved: %.90s", first, err);
    } else {
      memcpy(info->why, err, sizeof err);
    }
    info->status = BS_PDB_UNSAVED;
  }
  return 0;
}

int bs_pdb_default_dir(char *buf, size_t len) {
  const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
  int k;
  /* The XDG spec says to ignore a relative path. */
  if (xdg && xdg[0] == '/')
    k = snprintf(buf, len, "%s/bislide", xdg);
  else if (home && *home)
    k = snprintf(buf, len, "%s/.cache/bislide", home);
  else
    return -1;
  return k > 0 && (size_t)k < len ? 0 : -1;
}

const char *bs_pdb_status_name(int status) {
  switch (status) {
  case BS_PDB_LOADED: return "loaded";
  case BS_PDB_BUILT: return "built";
  case BS_PDB_REPLACED: return "replaced";
  case BS_PDB_UNSAVED: return "unsaved";
  case BS_PDB_MEMORY: return "memory";
  default: return "?";
  }
}

/* ---- views ----------------------------------------------------------- */

/* The lens that reads a state's cell c as cell m[c] toward target T: the
 * tile T has on cell c plays the part of the goal tile of cell m[c]. */
static void lens_init(bs_pdb_lens *l, const bs_pdb *P, const bs_board *T, const uint8_t *m) {
  int hole = m[T->blank], hp = P->part.of[hole];
  for (int j = 0; j < P->part.npat; j++) l->tab[j] = j == hp ? P->hole[hole] : P->full[j];
  for (int i = 0; i < P->f; i++) {
    int c = P->open[i], v = T->cell[c];
    l->num[c] = P->num[m[c]];
    if (!v) continue;
    int role = m[c], j = P->part.of[role], slot = 0;
    for (int r = 0; r < role; r++) slot += P->part.of[r] == j && r != hole;
    l->pat[v] = (uint8_t)j;
    l->mul[v] = (uint32_t)power(P->f, slot);
  }
}

int bs_pdb_view_init(bs_pdb_view *V, const bs_pdb *P, const bs_board *target, int reflect) {
  if (target->w != P->w || target->h != P->h || target->wall != P->wall) return -1;
  if (target->blank < 0 || target->blank >= P->n || target->cell[target->blank]) return -1;
  uint64_t seen = 0; /* the blank and each tile once, tiles of open cells only */
  for (int i = 0; i < P->f; i++) {
    int v = target->cell[P->open[i]];
    if (v >= P->n || (seen >> v & 1) || (v && (P->wall >> (v - 1) & 1))) return -1;
    seen |= 1ull << v;
  }
  memset(V, 0, sizeof *V);
  V->pdb = P;
  V->npat = P->part.npat;
  V->nlens = reflect && P->symmetric ? 2 : 1;
  uint8_t same[BS_MAX_CELLS] = {0}, flip[BS_MAX_CELLS] = {0};
  for (int c = 0; c < P->n; c++) {
    same[c] = (uint8_t)c;
    flip[c] = (uint8_t)(c % P->w * P->w + c / P->w);
  }
  lens_init(&V->lens[0], P, target, same);
  if (V->nlens > 1) lens_init(&V->lens[1], P, target, flip);
  return 0;
}

/* Sums the entries of the indices in x. */
static int finish(const bs_pdb_view *V, bs_pdb_idx *x) {
  for (int L = 0; L < V->nlens; L++) {
    x->sum[L] = 0;
    for (int j = 0; j < V->npat; j++) {
      x->e[L][j] = V->lens[L].tab[j][x->i[L][j]];
      x->sum[L] += x->e[L][j];
    }
  }
  return bs_pdb_h(V, x);
}

int bs_pdb_eval(const bs_pdb_view *V, const uint8_t *cell, bs_pdb_idx *x) {
  const bs_pdb *P = V->pdb;
  for (int L = 0; L < V->nlens; L++) {
    const bs_pdb_lens *l = &V->lens[L];
    memset(x->i[L], 0, sizeof x->i[L]);
    for (int k = 0; k < P->f; k++) {
      int c = P->open[k], v = cell[c];
      if (v) x->i[L][l->pat[v]] += l->num[c] * l->mul[v];
    }
  }
  return finish(V, x);
}

int bs_pdb_eval_packed(const bs_pdb_view *V, const bs_geom *g, const uint32_t *words, bs_pdb_idx *x) {
  uint8_t cell[BS_MAX_CELLS] = {0};
  for (int k = 0; k < V->pdb->f; k++) cell[V->pdb->open[k]] = (uint8_t)bs_get(g, words, V->pdb->open[k]);
  return bs_pdb_eval(V, cell, x);
}
