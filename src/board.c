/* bs_board: boards, goals, moves, packing and exact solvability. */
#include "bs_board.h"
#include "bs_group.h"
#include "bs_region.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

const char bs_dir_chars[4] = {'L', 'R', 'U', 'D'};
const char bs_tile_chars[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

uint32_t bs_zobrist_words[BS_MAX_CELLS + 1][BS_MAX_CELLS];

/* The word of number v on cell p: splitmix64's finalizer of (v, p). */
static void zobrist_fill(void) {
  for (unsigned v = 0; v <= BS_MAX_CELLS; v++)
    for (unsigned p = 0; p < BS_MAX_CELLS; p++) {
      uint64_t x = ((uint64_t)v << 6 | p) * 0x9e3779b97f4a7c15ull;
      x = (x ^ x >> 30) * 0xbf58476d1ce4e5b9ull;
      x = (x ^ x >> 27) * 0x94d049bb133111ebull;
      bs_zobrist_words[v][p] = (uint32_t)(x >> 32);
    }
}

void bs_geom_layout(bs_geom *g, int w, int h, uint64_t wall) {
  static const int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
  static pthread_once_t zobrist = PTHREAD_ONCE_INIT;
  pthread_once(&zobrist, zobrist_fill);
  memset(g, 0, sizeof *g);
  g->w = w;
  g->h = h;
  g->n = w * h;
  g->nwords = (g->n + 3) / 4;
  for (int p = 0; p < g->n; p++) {
    int x = p % w, y = p / w;
    for (int d = 0; d < 4; d++) {
      int nx = x + dx[d], ny = y + dy[d], q = ny * w + nx;
      int ok = nx >= 0 && nx < w && ny >= 0 && ny < h && !(wall >> q & 1);
      g->nb[p][d] = (int8_t)(ok ? q : -1);
      g->dirs[p] |= (uint8_t)(ok << d);
    }
  }
}

void bs_geom_init(bs_geom *g, const bs_board *b) { bs_geom_layout(g, b->w, b->h, b->wall); }

void bs_pack(const bs_board *b, uint32_t *words) {
  memset(words, 0, sizeof(uint32_t) * BS_MAX_WORDS);
  for (int p = 0; p < b->n; p++) bs_put(words, p, b->cell[p]);
}

uint32_t bs_hash_board(const bs_geom *g, const uint32_t *words) {
  uint32_t hash = 0;
  for (int p = 0; p < g->n; p++) {
    const unsigned v = bs_get(words, p);
    if (v) hash ^= bs_zobrist(v, p);
  }
  return hash;
}

void bs_unpack(const bs_geom *g, const uint32_t *words, int blank, const bs_board *like,
               bs_board *out) {
  *out = *like;
  for (int p = 0; p < g->n; p++) out->cell[p] = (uint8_t)bs_get(words, p);
  out->blank = blank;
}

void bs_goal(const bs_board *b, bs_board *goal) {
  *goal = *b;
  for (int i = 0; i < b->n - 1; i++) goal->cell[i] = (uint8_t)(i + 1);
  goal->cell[b->n - 1] = 0;
  goal->blank = b->n - 1;
}

int bs_is_goal(const bs_board *b) {
  for (int i = 0; i < b->n - 1; i++)
    if (b->cell[i] != i + 1) return 0;
  return b->cell[b->n - 1] == 0;
}

int bs_move(bs_board *b, int d) {
  int x = b->blank % b->w, y = b->blank / b->w, q;
  switch (d) {
  case BS_L: if (x == 0) return 0; q = b->blank - 1; break;
  case BS_R: if (x == b->w - 1) return 0; q = b->blank + 1; break;
  case BS_U: if (y == 0) return 0; q = b->blank - b->w; break;
  case BS_D: if (y == b->h - 1) return 0; q = b->blank + b->w; break;
  default: return 0;
  }
  if (b->wall >> q & 1) return 0;
  b->cell[b->blank] = b->cell[q];
  b->cell[q] = 0;
  b->blank = q;
  return 1;
}

int bs_dir_from_char(int c) {
  switch (c) {
  case 'L': return BS_L;
  case 'R': return BS_R;
  case 'U': return BS_U;
  case 'D': return BS_D;
  default: return -1;
  }
}

/* The last layout asked about, per thread: a set has many boards of one
 * layout, batch runs worker threads, and a group takes a fraction of a
 * millisecond to build. */
typedef struct layout {
  int ok, w, h;
  uint64_t wall;
  bs_geom g;
  bs_region r;                   /* the piece around the blank's goal */
  uint8_t piece[BS_MAX_CELLS];   /* per open cell: its component */
  bs_group G;                    /* G(r) */
} layout;

static _Thread_local layout last;

static const layout *layout_of(const bs_board *b) {
  layout *L = &last;
  if (L->ok && L->w == b->w && L->h == b->h && L->wall == b->wall) return L;
  L->w = b->w;
  L->h = b->h;
  L->wall = b->wall;
  bs_geom_init(&L->g, b);
  uint64_t open = ((1ull << b->n) - 1) & ~b->wall, comp[BS_MAX_CELLS];
  int k = bs_region_components(&L->g, open, comp);
  for (int i = 0; i < k; i++)
    for (uint64_t m = comp[i]; m; m &= m - 1) L->piece[__builtin_ctzll(m)] = (uint8_t)i;
  bs_region_init(&L->r, &L->g, open, b->n - 1);
  bs_group_region(&L->G, &L->r, &L->g, NULL, 0, NULL);
  L->ok = 1;
  return L;
}

int bs_board_consistent(const bs_board *b) {
  if (b->blank < 0 || b->blank >= b->n || (b->wall >> b->blank & 1) || b->cell[b->blank]) return 0;
  uint64_t seen = 0;
  for (int p = 0; p < b->n; p++) {
    const unsigned v = b->cell[p];
    if (b->wall >> p & 1 || p == b->blank) continue;
    if (!v || v >= (unsigned)b->n || (b->wall >> (v - 1) & 1) || (seen >> v & 1)) return 0;
    seen |= 1ull << v;
  }
  return 1;
}

int bs_solvability(const bs_board *b, const char **why) {
  if (!bs_board_consistent(b)) {
    *why = "not a board";
    return BS_UNSOLVABLE;
  }
  const layout *L = layout_of(b);
  const int root = b->n - 1;
  for (int p = 0; p < b->n; p++) {
    if (b->wall >> p & 1) continue;
    int home = b->cell[p] ? b->cell[p] - 1 : root;
    if (L->piece[home] != L->piece[p] || (!(L->r.cells >> p & 1) && home != p)) {
      *why = "tile cut off";
      return BS_UNSOLVABLE;
    }
  }
  /* The blank home along the tree; then the board is goal o pi^-1, where
   * pi sends each tile's cell to its goal cell, and pi must be in G. */
  uint8_t cell[BS_MAX_CELLS], moves[BS_MAX_CELLS];
  memcpy(cell, b->cell, sizeof cell);
  int k = bs_region_to_root(&L->r, &L->g, b->blank, moves);
  for (int i = 0, at = b->blank; i < k; i++) {
    int to = L->g.nb[at][moves[i]];
    cell[at] = cell[to];
    cell[to] = 0;
    at = to;
  }
  bs_perm pi;
  bs_perm_identity(pi);
  for (uint64_t m = L->r.cells & ~(1ull << root); m; m &= m - 1) {
    int c = __builtin_ctzll(m);
    pi[c] = (uint8_t)(cell[c] - 1);
  }
  for (int c = 0; c < b->n; c++)
    if (pi[c] != c && !bs_group_moves(&L->G, c)) {
      *why = "tile locked in a dead end";
      return BS_UNSOLVABLE;
    }
  for (int c = 0; c < b->n; c++)
    if (!bs_group_same_orbit(&L->G, c, pi[c])) {
      *why = "tile cannot reach its goal";
      return BS_UNSOLVABLE;
    }
  if (bs_perm_odd(pi)) {
    *why = "parity";
    return BS_UNSOLVABLE;
  }
  if (!bs_group_contains(&L->G, pi)) {
    *why = "ring order";
    return BS_UNSOLVABLE;
  }
  return BS_SOLVABLE;
}

int bs_board_inverse(const bs_board *b, bs_board *inv, char walk[BS_MAX_CELLS]) {
  const layout *L = layout_of(b); /* its tree is breadth-first from the blank's goal cell: shortest ways */
  if (!(L->r.cells >> b->blank & 1)) return -1;
  bs_board goal, b1 = *b;
  bs_goal(b, &goal);
  uint8_t moves[BS_MAX_CELLS];
  const int n = bs_region_to_root(&L->r, &L->g, b->blank, moves);
  for (int i = 0; i < n; i++) {
    bs_move(&b1, moves[i]);
    walk[i] = bs_dir_chars[moves[i]];
  }
  walk[n] = 0;
  uint8_t name[BS_MAX_CELLS + 1] = {0}; /* phi: a tile's goal name of its cell on b1 */
  for (int c = 0; c < b->n; c++)
    if (!(b->wall >> c & 1) && b1.cell[c]) name[b1.cell[c]] = goal.cell[c];
  *inv = goal;
  for (int c = 0; c < b->n; c++)
    if (!(b->wall >> c & 1) && goal.cell[c]) inv->cell[c] = name[goal.cell[c]];
  return n;
}

void bs_board_format(const bs_board *b, char out[BS_BOARD_TEXT]) {
  int k = snprintf(out, BS_BOARD_TEXT, "%d,%d,", b->w, b->h);
  for (int p = 0; p < b->n; p++)
    out[k++] = (b->wall >> p & 1) ? '=' : b->cell[p] ? bs_tile_chars[b->cell[p] - 1] : '0';
  out[k] = 0;
}

static int symbol_value(int c) {
  if (c >= '1' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c == '0') return 0;
  return -1;
}

static int fail(char *err, size_t errlen, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
  return -1;
}

/* Reads the side at s[*i..len) up to its ',' into *v and steps past the
 * ','. Returns 0; -1 if there is no ','; -2 (with err set) if the field is
 * not a number from 2 to 6. Any length of field is read, so W and H of any
 * size or sign get their own message. */
static int read_dim(const char *s, size_t len, size_t *i, const char *what, int *v, char *err,
                    size_t errlen) {
  size_t start = *i, end = start;
  while (end < len && s[end] != ',') end++;
  if (end == len) return -1;
  *i = end + 1;
  size_t p = start + (end > start && s[start] == '-');
  /* The field goes into the message only as printable text, 12 at most. */
  int value = 0, shown = end - start > 12 ? 12 : (int)(end - start), printable = 1;
  const char *more = end - start > 12 ? "..." : "";
  for (int k = 0; k < shown; k++) printable &= s[start + k] >= 0x20 && s[start + k] < 0x7f;
  if (p == end) goto not_number;
  for (size_t k = p; k < end; k++) {
    if (s[k] < '0' || s[k] > '9') goto not_number;
    if (value < 1000) value = value * 10 + (s[k] - '0');
  }
  if (p > start || value < BS_MIN_SIDE || value > BS_MAX_SIDE) {
    fail(err, errlen, "%s %.*s%s is out of range (%d to %d)", what, shown, s + start, more, BS_MIN_SIDE,
         BS_MAX_SIDE);
    return -2;
  }
  *v = value;
  return 0;
not_number:
  if (printable && end > start)
    fail(err, errlen, "%s '%.*s%s' is not a number", what, shown, s + start, more);
  else
    fail(err, errlen, "%s is not a number from %d to %d", what, BS_MIN_SIDE, BS_MAX_SIDE);
  return -2;
}

int bs_board_parse(const char *s, size_t len, bs_board *b, char *err, size_t errlen) {
  size_t i = 0;
  int w = 0, h = 0, rw = read_dim(s, len, &i, "width", &w, err, errlen);
  int rh = rw == -1 ? -1 : rw == -2 ? -2 : read_dim(s, len, &i, "height", &h, err, errlen);
  if (rw == -1 || rh == -1) return fail(err, errlen, "expected W,H,CELLS");
  if (rw < 0 || rh < 0) return -1;
  memset(b, 0, sizeof *b);
  b->w = w;
  b->h = h;
  b->n = w * h;
  /* Symbols first: a stray byte (a UTF-8 letter, a tab) also miscounts the
   * cells, and naming it says more than the count. */
  for (size_t p = i; p < len; p++) {
    unsigned char c = (unsigned char)s[p];
    if (c == '=' || symbol_value(c) >= 0) continue;
    if (c >= 0x20 && c < 0x7f) return fail(err, errlen, "unknown symbol '%c' in cell %zu", c, p - i + 1);
    return fail(err, errlen, "unknown byte 0x%02x in cell %zu", c, p - i + 1);
  }
  if (len - i != (size_t)b->n)
    return fail(err, errlen, "%zu cell%s for a %d-cell board", len - i, len - i == 1 ? "" : "s", b->n);
  int blanks = 0;
  uint64_t have = 0;
  for (int p = 0; p < b->n; p++) {
    unsigned char c = (unsigned char)s[i + p];
    if (c == '=') {
      if (p == b->n - 1) return fail(err, errlen, "wall in the last cell (%d)", p + 1);
      b->wall |= 1ull << p;
      b->cell[p] = (uint8_t)(p + 1);
      continue;
    }
    int v = symbol_value(c);
    if (v == 0) {
      if (blanks++) return fail(err, errlen, "two blanks (cell %d)", p + 1);
      b->blank = p;
    } else if (v >= b->n) {
      /* The tile one past the last, with no 0: a blank written as a tile
       * ("3,3,123456789"). */
      if (v == b->n && !memchr(s + i, '0', (size_t)b->n))
        return fail(err, errlen, "no blank (a board has one 0)");
      return fail(err, errlen, "tile %c is not on a %d-cell board", bs_tile_chars[v - 1], b->n);
    } else if (have >> v & 1) {
      return fail(err, errlen, "tile %c repeated (cell %d)", bs_tile_chars[v - 1], p + 1);
    }
    have |= 1ull << v;
    b->cell[p] = (uint8_t)v;
  }
  if (!blanks) return fail(err, errlen, "no blank (a board has one 0)");
  for (int p = 0; p < b->n - 1; p++) {
    int v = p + 1;
    int is_wall = (int)(b->wall >> p & 1);
    if (!is_wall && !(have >> v & 1))
      return fail(err, errlen, "tile %c missing", bs_tile_chars[v - 1]);
    if (is_wall && (have >> v & 1))
      return fail(err, errlen, "tile %c has no goal cell: cell %d is a wall", bs_tile_chars[v - 1], v);
  }
  return 0;
}
