/* bs_pdb: pattern database tables, their cache files and their views. */
#include "bs_pdb.h"

#include "bs_mem.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <xxhash.h>

#define MAX_ENTRY (BS_PDB_FAR - 1) /* distances beyond are stored as this: still a bound */
#define MAX_THREADS 16 /* that build the tables of one set */
#define ROOM_LEVEL (64 * 1024) /* bytes a level needs at least to start in a room */

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
    P->opens |= 1ull << c;
  }
  for (int c = 0; c < P->n; c++) {
    int x = c % P->w;
    uint64_t m = (x > 0 ? 1ull << (c - 1) : 0) | (x < P->w - 1 ? 1ull << (c + 1) : 0) |
                 (c >= P->w ? 1ull << (c - P->w) : 0) | (c + P->w < P->n ? 1ull << (c + P->w) : 0);
    if (!(P->wall >> c & 1)) P->nb[c] = m & P->opens;
  }
  P->lanes = bs_lanes_of(P->w, P->h);
  P->mask_bytes = (P->n + 7) / 8;
  for (int k = 0; k < BS_PDB_MASK_BYTES; k++) {
    const uint64_t byte = P->opens >> 8 * k & 255;
    P->below[k] = (uint8_t)__builtin_popcountll(P->opens & ((1ull << 8 * k) - 1));
    for (unsigned v = 0; v < 256; v++)
      for (int b = 0, d = 0; b < 8; b++)
        if (byte >> b & 1) P->squeeze[k][v] |= (uint8_t)((v >> b & 1) << d++);
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

/* The placements of a pattern of k tiles, f^k, or 0 when its table cannot
 * be built: the index must fit 32 bits, and a state of the build (a
 * placement and a mask of the f digits) 64. */
static uint64_t placements(const bs_pdb *P, int k) {
  const uint64_t x = power(P->f, k);
  return x > 1ull << (64 - P->f) ? 0 : x;
}

/* The cells that the blank reaches from cell a through the cells of free
 * (open cells only). */
static uint64_t region(const bs_pdb *P, uint64_t free, int a) {
  return bs_region_fill(&P->lanes, free, 1ull << a);
}

/* Bytes of the tables of a pattern of k tiles that leave r components
 * free: one table per component (the goal of a table has the blank in
 * one), and the hole table of each of its cells. */
static uint64_t tables_bytes(const bs_pdb *P, int r, int k) {
  return (uint64_t)r * power(P->f, k) + (uint64_t)k * power(P->f, k - 1);
}

/* The same for the pattern whose tiles' home cells are `home`. */
static size_t pattern_bytes(const bs_pdb *P, uint64_t home) {
  uint64_t free = P->opens & ~home;
  int r = 0;
  for (uint64_t left = free; left; left &= ~region(P, free, __builtin_ctzll(left))) r++;
  return (size_t)tables_bytes(P, r, __builtin_popcountll(home));
}

static uint64_t home_of(const bs_pdb *P, int j) {
  uint64_t home = 0;
  for (int c = 0; c < P->n; c++)
    if (P->part.of[c] == j) home |= 1ull << c;
  return home;
}

/* Where each table of P lies in its memory: per pattern, the table of each
 * component of the cells its tiles leave free at home, in the order of
 * their lowest cells, then the hole table of each of its cells. at[j][c]:
 * the offset of pattern j's table toward a target whose blank is on open
 * cell c. Returns the bytes of all. */
static size_t lay_out(const bs_pdb *P, size_t at[BS_MAX_CELLS][BS_MAX_CELLS]) {
  size_t bytes = 0;
  for (int j = 0; j < P->part.npat; j++) {
    uint64_t home = home_of(P, j), free = P->opens & ~home;
    for (uint64_t left = free; left;) {
      uint64_t comp = region(P, free, __builtin_ctzll(left));
      for (uint64_t m = comp; m; m &= m - 1) at[j][__builtin_ctzll(m)] = bytes;
      bytes += power(P->f, P->size[j]);
      left &= ~comp;
    }
    for (uint64_t m = home; m; m &= m - 1) {
      at[j][__builtin_ctzll(m)] = bytes;
      bytes += power(P->f, P->size[j] - 1);
    }
  }
  return bytes;
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
    if (P->size[j] > BS_PDB_MAX_K || !placements(P, P->size[j])) return -1;
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
  size_t at[BS_MAX_CELLS][BS_MAX_CELLS];
  return lay_out(&P, at);
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

/* About the bytes of patterns of k tiles covering n tiles, each leaving
 * one component free (a fence costs more): what the balance of
 * bs_pdb_part_auto weighs. UINT64_MAX when a table cannot be built. */
static uint64_t cover_bytes(const bs_pdb *P, int n, int k) {
  uint64_t bytes = 0;
  for (; n > 0; n -= k) {
    const int s = n < k ? n : k;
    if (!placements(P, s)) return UINT64_MAX;
    bytes += tables_bytes(P, 1, s); /* at most 36 terms of 2^35 */
  }
  return bytes;
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
  uint64_t free_cells = P.opens & ~(1ull << (P.n - 1));
  /* The floor: every tile left in a pattern of its own. Each choice keeps
   * it within the budget; `spare` is what lies above it. */
  size_t single[BS_MAX_CELLS], floor = pattern_bytes(&P, 1ull << (P.n - 1));
  for (uint64_t m = free_cells; m; m &= m - 1)
    floor += single[__builtin_ctzll(m)] = pattern_bytes(&P, m & -m);
  if (floor > budget) return -1;
  size_t spare = budget - floor;
  /* Balance: the largest size whose patterns would cover every tile
   * within the budget. A pattern is larger than that only where the
   * tiles left could still have patterns of that size. */
  const int tiles = __builtin_popcountll(free_cells);
  int even = 1;
  while (even < BS_PDB_MAX_K && even < tiles && cover_bytes(&P, tiles, even + 1) <= budget) even++;
  memset(part->of, BS_PDB_NONE, sizeof part->of);
  part->npat = 0;
  while (free_cells) {
    int most = 1;
    while (most < BS_PDB_MAX_K && most < __builtin_popcountll(free_cells) && placements(&P, most + 1)) most++;
    uint8_t order[BS_PDB_MAX_K] = {(uint8_t)__builtin_ctzll(free_cells)};
    uint64_t group = 1ull << order[0];
    for (int size = 1; size < most; size++) {
      int best = -1, best_nb = -1, best_sum = 0;
      for (uint64_t m = free_cells & ~group; m; m &= m - 1) {
        int c = __builtin_ctzll(m), nb = 0, sum = 0;
        for (int d = 0; d < 4; d++) nb += g.nb[c][d] >= 0 && (group >> g.nb[c][d] & 1);
        for (uint64_t x = group; x; x &= x - 1) sum += dist[c][__builtin_ctzll(x)];
        if (nb > best_nb || (nb == best_nb && sum < best_sum)) best = c, best_nb = nb, best_sum = sum;
      }
      group |= 1ull << best;
      order[size] = (uint8_t)best;
    }
    /* The largest first cells of the group that fit. */
    for (int k = most;; k--) {
      size_t have = spare, need = pattern_bytes(&P, group);
      for (uint64_t x = group; x; x &= x - 1) have += single[__builtin_ctzll(x)];
      int fits = need <= have;
      if (fits && k > even) { /* the tiles left keep patterns of `even` */
        uint64_t theirs = have - need; /* and their own share of the floor */
        for (uint64_t x = free_cells & ~group; x; x &= x - 1) theirs += single[__builtin_ctzll(x)];
        fits = cover_bytes(&P, __builtin_popcountll(free_cells & ~group), even) <= theirs;
      }
      if (fits || k == 1) {
        spare = have - need;
        break;
      }
      group &= ~(1ull << order[k - 1]);
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

/* One table to build: k tiles whose home cells are at[0..k), toward the
 * goal with the blank on cell goal (or anywhere in its component), into
 * tab. */
typedef struct job {
  const bs_pdb *P;
  int k, goal;
  uint8_t at[BS_PDB_MAX_K];
  uint8_t *tab;
  uint32_t size; /* placements: f^k */
  uint64_t inv;  /* ceil(2^64 / f): a / f = (a * inv) >> 64 for 32-bit a */
  uint32_t pw[BS_PDB_MAX_K]; /* f^slot: a tile's weight among the placements */
} job;

static void job_init(job *J, const bs_pdb *P, const uint8_t *at, int k, int goal, uint8_t *tab) {
  memset(J, 0, sizeof *J);
  J->P = P;
  J->k = k;
  J->goal = goal;
  memcpy(J->at, at, (size_t)k);
  J->tab = tab;
  J->size = (uint32_t)power(P->f, k);
  J->inv = UINT64_MAX / (uint64_t)P->f + 1;
  for (int i = 0; i < k; i++) J->pw[i] = (uint32_t)power(P->f, i);
}

/* The digits of the tiles' cells in placement idx; returns the mask of
 * their cells. Division by a multiplication (Lemire, Kaser and Kurz,
 * "Faster remainder by direct computation", 2019): exact for 32-bit
 * numerators. */
static uint64_t decode(const job *J, uint32_t idx, uint8_t *digit) {
  uint64_t occ = 0;
  for (int i = 0; i < J->k; i++) {
    uint32_t q = (uint32_t)(((unsigned __int128)J->inv * idx) >> 64);
    digit[i] = (uint8_t)(idx - q * (uint32_t)J->P->f);
    idx = q;
    occ |= 1ull << J->P->open[digit[i]];
  }
  return occ;
}

/* The states of one level of the search: placement << f | the digits of
 * the blank's component, flooded when the state is reached and kept, so
 * that its expansion need not flood again. `own`: at is from the heap;
 * else it is the caller's room, never resized in place. */
typedef struct level {
  uint64_t *at;
  size_t n, cap;
  int own;
} level;

/* Makes room for n states in L, keeping its first L->n when keep is set. */
static int level_room(level *L, size_t n, int keep) {
  if (n <= L->cap) return 0;
  uint64_t *at = L->own ? realloc(L->at, n * sizeof *at) : malloc(n * sizeof *at);
  if (!at) return -1;
  if (!L->own && keep && L->n) memcpy(at, L->at, L->n * sizeof *at);
  L->at = at;
  L->cap = n;
  L->own = 1;
  return 0;
}

static int level_push(level *L, uint64_t x) {
  if (L->n == L->cap && level_room(L, L->cap ? 2 * L->cap : 1024, 1)) return -1;
  L->at[L->n++] = x;
  return 0;
}

/* Sorts L by placement, with tmp as room and count for 2^16 counts:
 * expanded in order, the moves of each slot and way sweep the marks and
 * the table forward, which the cache follows better than random jumps. */
static int level_sort(level *L, level *tmp, size_t *count, int f) {
  if (level_room(tmp, L->n, 0)) return -1;
  for (int shift = f; shift < f + 32; shift += 16) { /* two passes of 16 bits */
    memset(count, 0, sizeof *count << 16);
    for (size_t i = 0; i < L->n; i++) count[L->at[i] >> shift & 0xffff]++;
    for (size_t d = 0, sum = 0; d < 1 << 16; d++) {
      size_t c = count[d];
      count[d] = sum;
      sum += c;
    }
    for (size_t i = 0; i < L->n; i++) tmp->at[count[L->at[i] >> shift & 0xffff]++] = L->at[i];
    const level t = *L;
    L->at = tmp->at, L->cap = tmp->cap, L->own = tmp->own;
    tmp->at = t.at, tmp->cap = t.cap, tmp->own = t.own;
  }
  return 0;
}

/* The digits of the open cells of mask `cells`, as a mask: bit num[c] for
 * cell c, a byte of cells at a time. */
static uint64_t digits(const bs_pdb *P, uint64_t cells) {
  uint64_t d = 0;
  for (int k = 0; k < P->mask_bytes; k++) d |= (uint64_t)P->squeeze[k][cells >> 8 * k & 255] << P->below[k];
  return d;
}

/* Whether the state of placement p with the blank on the cell of digit d
 * was reached: a bit per state, beside the table. */
static int marked(const uint64_t *seen, const job *J, uint32_t p, int d) {
  uint64_t s = (uint64_t)p * (uint64_t)J->P->f + (uint64_t)d;
  return (int)(seen[s >> 6] >> (s & 63) & 1);
}

/* Reaches the state of placement p with the blank on cell a (free: the
 * cells without a tile of p) at level e: every cell of the blank's
 * component is the same state. */
static int reach(uint64_t *seen, const job *J, uint32_t p, uint64_t free, int a, uint8_t e, level *L) {
  /* The component's bits are the f bits from p * f on, in the order of
   * the digits: at most two words, set at once. */
  const int f = J->P->f;
  const uint64_t base = (uint64_t)p * (uint64_t)f, d = digits(J->P, region(J->P, free, a));
  const unsigned at = (unsigned)(base & 63);
  seen[base >> 6] |= d << at;
  if (at + (unsigned)f > 64) seen[(base >> 6) + 1] |= d >> (64 - at);
  if (J->tab[p] == BS_PDB_FAR) J->tab[p] = e; /* levels only grow: the first is least */
  return level_push(L, (uint64_t)p << f | d);
}

/* A job's scratch besides its levels: a mark per state (placement x
 * blank cell), and the counts. */
#define COUNT_BYTES (sizeof(size_t) << 16)
static size_t mark_bytes(const job *J) {
  return (size_t)(((uint64_t)J->size * (uint64_t)J->P->f + 63) / 64) * sizeof(uint64_t);
}

/* The least room a job's search runs in: its marks, its counts and a start
 * for each of its two levels. */
static size_t room_need(const job *J) { return mark_bytes(J) + COUNT_BYTES + 2 * ROOM_LEVEL; }

/* Breadth-first from home over the states (placement, the blank's
 * component among the cells the pattern leaves free), level by level: a
 * move slides a tile into an adjacent cell of the blank's component, and
 * the blank then sits where the tile was. Returns 0, or -1 when memory
 * runs out. */
static int bfs(const job *J, bs_pdb_room room) {
  const bs_pdb *P = J->P;
  const int f = P->f;
  const size_t marks = mark_bytes(J), counts = COUNT_BYTES;
  /* The marks, the counts and the levels in the room when the first two
   * and a start for each level fit; a level that outgrows its half moves
   * to the heap. */
  const int in_room = room.mem && room.bytes >= room_need(J);
  uint64_t *seen = in_room ? memset(room.mem, 0, marks) : calloc(marks, 1);
  size_t *count = in_room ? (size_t *)((char *)room.mem + marks) : malloc(counts);
  level cur = {0}, next = {0};
  if (in_room) {
    const size_t half = (room.bytes - marks - counts) / 2 / sizeof(uint64_t);
    cur.at = (uint64_t *)((char *)room.mem + marks + counts), cur.cap = half;
    next.at = cur.at + half, next.cap = half;
  }
  if (!seen || !count) {
    if (!in_room) free(seen), free(count);
    return -1;
  }
  memset(J->tab, BS_PDB_FAR, J->size);
  uint64_t nbd[BS_MAX_CELLS]; /* the open neighbours of each digit's cell, as digits */
  for (int i = 0; i < f; i++) nbd[i] = digits(P, P->nb[P->open[i]]);
  uint32_t home = 0;
  uint64_t occ = 0;
  for (int i = 0; i < J->k; i++) {
    home += P->num[J->at[i]] * J->pw[i];
    occ |= 1ull << J->at[i];
  }
  int rc = reach(seen, J, home, P->opens & ~occ, J->goal, 0, &cur);
  for (unsigned v = 0; cur.n && !rc; v++) {
    const uint8_t e = (uint8_t)(v + 1 < MAX_ENTRY ? v + 1 : MAX_ENTRY); /* beyond: still a bound */
    next.n = 0;
    if (cur.n > 1 << 16 && (rc = level_sort(&cur, &next, count, f))) break; /* small ones stay in cache */
    for (size_t it = 0; it < cur.n && !rc; it++) {
      const uint32_t p = (uint32_t)(cur.at[it] >> f);
      const uint64_t comp = cur.at[it] & ((1ull << f) - 1); /* digits: f < 64 */
      uint8_t digit[BS_PDB_MAX_K];
      const uint64_t free = P->opens & ~decode(J, p, digit);
      for (int i = 0; i < J->k && !rc; i++) {
        const int dc = digit[i], c = P->open[dc];
        for (uint64_t m = nbd[dc] & comp; m && !rc; m &= m - 1) {
          const int dt = __builtin_ctzll(m);
          const uint32_t q = p + (uint32_t)(dt - dc) * J->pw[i];
          if (!marked(seen, J, q, dc))
            rc = reach(seen, J, q, (free | 1ull << c) & ~(1ull << P->open[dt]), c, e, &next);
        }
      }
    }
    level t = cur;
    cur = next;
    next = t;
  }
  if (cur.own) free(cur.at);
  if (next.own) free(next.at);
  if (!in_room) free(seen), free(count);
  return rc;
}

/* Builds jobs taken in turn from a shared counter, so that threads share
 * the work of a set whatever the sizes of its tables. */
typedef struct crew {
  job *jobs;
  int njobs, next, fail;
  pthread_mutex_t lock;
} crew;

/* One thread of a crew, with its share of the room. */
typedef struct hand {
  crew *C;
  bs_pdb_room room;
} hand;

static void *work(void *arg) {
  const hand *H = arg;
  crew *C = H->C;
  for (;;) {
    pthread_mutex_lock(&C->lock);
    int j = C->next++;
    pthread_mutex_unlock(&C->lock);
    if (j >= C->njobs) return NULL;
    if (bfs(&C->jobs[j], H->room)) {
      pthread_mutex_lock(&C->lock);
      C->fail = 1;
      pthread_mutex_unlock(&C->lock);
    }
  }
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Checks part, allocates the tables and points P->tab at them. */
static int tables_init(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part) {
  layout_init(P, layout);
  if (part_check(P, part)) return -1;
  size_t at[BS_MAX_CELLS][BS_MAX_CELLS];
  P->bytes = lay_out(P, at);
  if (!(P->mem = bs_mem_map(P->bytes))) return -1;
  bs_mem_huge(P->mem, 0, P->bytes); /* every entry is written */
  for (int j = 0; j < P->part.npat; j++)
    for (int i = 0; i < P->f; i++) P->tab[j][P->open[i]] = P->mem + at[j][P->open[i]];
  return 0;
}

/* Builds every table of P, biggest first, on `threads` threads (0: one per
 * core), at most MAX_THREADS, each with an equal share of room (NULL or
 * empty: none). Returns 0, or -1 when memory runs out. */
static int build_into(bs_pdb *P, int threads, const bs_pdb_room *room, bs_pdb_info *info) {
  double t0 = now_ms();
  crew C = {calloc((size_t)P->part.npat * (size_t)P->f, sizeof(job)), 0, 0, 0, PTHREAD_MUTEX_INITIALIZER};
  if (!C.jobs) return -1;
  /* A table's first cell c (in order) gives its job: the tiles of its
   * pattern but c, if c is one, and the goal's blank on c. */
  for (int k = BS_PDB_MAX_K; k >= 0; k--) /* biggest first: the last job is short */
    for (int j = 0; j < P->part.npat; j++)
      for (int i = 0; i < P->f; i++) {
        int c = P->open[i], first = 1, hole = P->part.of[c] == j;
        for (int e = 0; e < i && first; e++) first = P->tab[j][P->open[e]] != P->tab[j][c];
        if (!first || P->size[j] - hole != k) continue;
        uint8_t cells[BS_PDB_MAX_K];
        int m = 0;
        for (int d = 0; d < P->n; d++)
          if (P->part.of[d] == j && d != c) cells[m++] = (uint8_t)d;
        job_init(&C.jobs[C.njobs++], P, cells, k, c, (uint8_t *)P->tab[j][c]);
      }
  long cores = threads > 0 ? threads : sysconf(_SC_NPROCESSORS_ONLN);
  int nthreads = cores < 1 ? 1 : cores > MAX_THREADS ? MAX_THREADS : (int)cores, started = 0;
  pthread_t tid[MAX_THREADS];
  hand H[MAX_THREADS];
  /* Shares of whole cache lines, so that the marks' words are aligned. */
  const uintptr_t at = room && room->mem ? ((uintptr_t)room->mem + 63) / 64 * 64 : 0;
  const size_t skip = at ? (size_t)(at - (uintptr_t)room->mem) : 0;
  /* Fewer threads rather than scratch on the heap beside a room that
   * would hold the biggest job's marks: the room is what --mem allows. */
  const size_t whole = at && room->bytes > skip ? room->bytes - skip : 0;
  const size_t need = C.njobs ? room_need(&C.jobs[0]) : 0; /* the biggest job comes first */
  while (whole && nthreads > 1 && whole / (size_t)nthreads < need + 64) nthreads--;
  const size_t share = whole / (size_t)nthreads / 64 * 64;
  for (int t = 0; t < nthreads; t++)
    H[t] = (hand){&C, {share ? (char *)at + (size_t)t * share : NULL, share}};
  while (started < nthreads - 1 && !pthread_create(&tid[started], NULL, work, &H[started + 1])) started++;
  work(&H[0]); /* this thread too; it alone if none could start */
  for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
  free(C.jobs);
  info->ms = now_ms() - t0;
  info->bytes = P->bytes;
  return C.fail ? -1 : 0;
}

int bs_pdb_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, int threads,
                 const bs_pdb_room *room, bs_pdb_info *info) {
  memset(info, 0, sizeof *info);
  info->status = BS_PDB_MEMORY;
  if (tables_init(P, layout, part) || build_into(P, threads, room, info)) {
    bs_pdb_free(P);
    return -1;
  }
  return 0;
}

void bs_pdb_free(bs_pdb *P) {
  bs_mem_unmap(P->mem, P->bytes);
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
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC); /* a FIFO there must not block */
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
  else if (!S_ISREG(st.st_mode))
    snprintf(why, whylen, "not a regular file");
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
  char tmp[PATH_MAX + 32];
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

typedef struct cache_file {
  char name[64];
  off_t size;
  struct timespec used;
} cache_file;

static int older(const void *a, const void *b) {
  const struct timespec *x = &((const cache_file *)a)->used, *y = &((const cache_file *)b)->used;
  if (x->tv_sec != y->tv_sec) return x->tv_sec < y->tv_sec ? -1 : 1;
  return (x->tv_nsec > y->tv_nsec) - (x->tv_nsec < y->tv_nsec);
}

uint64_t bs_pdb_cache_trim(const char *dir, uint64_t cap, const char *keep) {
  DIR *d = opendir(dir);
  if (!d) return 0;
  cache_file *f = NULL;
  size_t n = 0, room = 0;
  uint64_t total = 0;
  struct dirent *e;
  const time_t stale = time(NULL) - BS_PDB_TEMP_STALE;
  while ((e = readdir(d))) {
    size_t len = strlen(e->d_name);
    struct stat st;
    if (!strncmp(e->d_name, ".pdb-", 5) && !fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) &&
        S_ISREG(st.st_mode) && st.st_mtime < stale) {
      unlinkat(dirfd(d), e->d_name, 0);
      continue;
    }
    if (strncmp(e->d_name, "pdb-", 4) || len < 8 || len >= sizeof f->name ||
        strcmp(e->d_name + len - 4, ".bin") || fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) ||
        !S_ISREG(st.st_mode))
      continue;
    if (n == room) {
      cache_file *g = realloc(f, (room = room ? 2 * room : 64) * sizeof *f);
      if (!g) break;
      f = g;
    }
    memcpy(f[n].name, e->d_name, len + 1);
    f[n].size = st.st_size;
    f[n++].used = st.st_mtim;
    total += (uint64_t)st.st_size;
  }
  if (total > cap) {
    qsort(f, n, sizeof *f, older);
    for (size_t i = 0; i < n && total > cap; i++) {
      if (keep && !strcmp(f[i].name, keep)) continue;
      if (!unlinkat(dirfd(d), f[i].name, 0)) total -= (uint64_t)f[i].size;
    }
  }
  closedir(d);
  free(f);
  return total;
}

/* mkdir -p; errors show when the file is written. */
static void make_dirs(const char *dir) {
  char buf[PATH_MAX];
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

/* The cache's faults in this process (bs_pdb_cache_faults): the first
 * one's words are written by the thread that counted it first, and read
 * once the workers are done. */
static atomic_ulong faults;
static char first_fault[sizeof((bs_pdb_info *)0)->path + 256];

static void fault(const bs_pdb_info *info, const char *dir) {
  if (atomic_fetch_add(&faults, 1) == 0)
    snprintf(first_fault, sizeof first_fault, "%s: %s: %s", info->path[0] ? info->path : dir,
             info->status == BS_PDB_REPLACED ? "built again" : "not saved", info->why);
}

unsigned long bs_pdb_cache_faults(char *first, size_t len) {
  unsigned long n = atomic_load(&faults);
  if (len) snprintf(first, len, "%s", n ? first_fault : "");
  return n;
}

int bs_pdb_load_or_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, const char *dir,
                         int threads, const bs_pdb_room *room, bs_pdb_info *info) {
  if (!dir) return bs_pdb_build(P, layout, part, threads, room, info);
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
    /* Its time is when it was last used: the cache drops the oldest. */
    utimensat(AT_FDCWD, info->path, NULL, 0);
    info->status = BS_PDB_LOADED;
    info->ms = now_ms() - t0;
    info->bytes = P->bytes;
    return 0;
  }
  if (build_into(P, threads, room, info)) {
    bs_pdb_free(P);
    return -1;
  }
  info->status = found ? BS_PDB_REPLACED : BS_PDB_BUILT;
  if (!named) {
    info->path[0] = 0;
    info->status = BS_PDB_UNSAVED;
    snprintf(info->why, sizeof info->why, "the directory's name is too long");
    fault(info, dir);
    return 0;
  }
  make_dirs(dir);
  char err[sizeof info->why];
  if (save(P, dir, info->path, err, sizeof err)) {
    if (found) { /* keep both reasons */
      char first[sizeof info->why];
      memcpy(first, info->why, sizeof first);
      snprintf(info->why, sizeof info->why, "%.80s; %.90s", first, err);
    } else {
      memcpy(info->why, err, sizeof err);
    }
    info->status = BS_PDB_UNSAVED;
  } else {
    bs_pdb_cache_trim(dir, BS_PDB_CACHE_MAX, strrchr(info->path, '/') + 1);
  }
  if (info->status != BS_PDB_BUILT) fault(info, dir);
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
  int hole = m[T->blank];
  for (int j = 0; j < P->part.npat; j++) l->tab[j] = P->tab[j][hole];
  for (int i = 0; i < P->f; i++) {
    int c = P->open[i], v = T->cell[c];
    l->num[c] = P->num[m[c]];
    if (!v) continue;
    int role = m[c], j = P->part.of[role], slot = 0;
    for (int r = 0; r < role; r++) slot += P->part.of[r] == j && r != hole;
    l->pat[v] = (uint8_t)j;
    l->mul[v] = (uint32_t)power(P->f, slot);
  }
  for (int v = 1; v < P->n; v++)
    for (int c = 0; c < P->n; c++) l->term[v][c] = l->num[c] * l->mul[v];
  int k = 0;
  for (int j = 0; j < P->part.npat; j++) {
    for (int i = 0; i < P->f; i++) {
      int v = T->cell[P->open[i]];
      if (v && l->pat[v] == j) l->tile[k++] = (uint8_t)v;
    }
    l->end[j] = (uint8_t)k;
  }
}

int bs_pdb_view_init(bs_pdb_view *V, const bs_pdb *P, const bs_board *target, int reflect) {
  if (target->w != P->w || target->h != P->h || target->wall != P->wall || !bs_board_consistent(target))
    return -1;
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
  const int nlens = V->nlens, npat = V->npat; /* in locals: x's entries, bytes, could be V's as far as the compiler knows */
  for (int L = 0; L < nlens; L++) {
    const uint8_t *const *tab = V->lens[L].tab;
    int sum = 0;
    for (int j = 0; j < npat; j++) sum += x->e[L][j] = tab[j][x->i[L][j]];
    x->sum[L] = sum;
  }
  return bs_pdb_h(V, x);
}

/* Indices and h from the cell of each tile (at[v]): each pattern's index
 * sums in a register, with no store in between. */
static int eval_at(const bs_pdb_view *V, const uint8_t *at, bs_pdb_idx *x) {
  for (int L = 0; L < V->nlens; L++) {
    const bs_pdb_lens *l = &V->lens[L];
    for (int j = 0, k = 0; j < V->npat; j++) {
      uint32_t i = 0;
      for (; k < l->end[j]; k++) i += l->term[l->tile[k]][at[l->tile[k]]];
      x->i[L][j] = i;
    }
  }
  return finish(V, x);
}

int bs_pdb_eval(const bs_pdb_view *V, const uint8_t *cell, bs_pdb_idx *x) {
  uint8_t at[BS_MAX_CELLS] = {0};
  for (int k = 0; k < V->pdb->f; k++) at[cell[V->pdb->open[k]]] = (uint8_t)V->pdb->open[k];
  return eval_at(V, at, x);
}

int bs_pdb_eval_at(const bs_pdb_view *V, const bs_geom *g, const uint32_t *words, uint8_t *at, bs_pdb_idx *x) {
  bs_unpack_at(g, words, at);
  return eval_at(V, at, x);
}
