/* bs_board: one sliding-puzzle board, its goal, its legal moves, and the
 * packing (a byte a cell, bs_record.h) and the hash that every store uses
 * for a state.
 *
 * A board has W x H cells (2..6 each). A cell holds 0 for the blank or the
 * number k of the tile whose goal cell is k-1. A wall holds its own goal
 * number, so the goal of every board is simply cell[i] = i+1 with the blank
 * last, and walls never need special cases when states are compared.
 *
 * Directions name where the blank goes: L R U D. d ^ 1 undoes d. */
#ifndef BS_BOARD_H
#define BS_BOARD_H

#include <stddef.h>
#include <stdint.h>

#define BS_MIN_SIDE 2
#define BS_MAX_SIDE 6
#define BS_MAX_CELLS 36
#define BS_MAX_WORDS 9 /* words of a packed board: a byte a cell */

enum { BS_L = 0, BS_R = 1, BS_U = 2, BS_D = 3 };

extern const char bs_dir_chars[4];  /* "LRUD" */
extern const char bs_tile_chars[];  /* "123456789ABC...Z": tile k is [k-1] */

typedef struct bs_board {
  int w, h, n;
  int blank;
  uint64_t wall; /* bit i set: cell i is a wall */
  uint8_t cell[BS_MAX_CELLS];
} bs_board;

/* Per-board constants: packing geometry and the move table. */
typedef struct bs_geom {
  int w, h, n;
  int nwords; /* ceil(n / 4), at most BS_MAX_WORDS */
  int8_t nb[BS_MAX_CELLS][4]; /* cell reached moving d from p, -1 if edge or wall */
  uint8_t dirs[BS_MAX_CELLS];  /* bit d set: nb[p][d] is a cell */
} bs_geom;

void bs_geom_init(bs_geom *g, const bs_board *b);

/* The move that takes the blank from cell `from` to `to`, next to it; -1
 * if they are not next to each other. */
static inline int bs_geom_dir(const bs_geom *g, int from, int to) {
  for (int d = 0; d < 4; d++)
    if (g->nb[from][d] == to) return d;
  return -1;
}
/* The same from a layout alone: size and walls. */
void bs_geom_layout(bs_geom *g, int w, int h, uint64_t wall);

/* The open cells of b's layout: its cells less its walls. */
static inline int bs_open_cells(const bs_board *b) { return b->n - __builtin_popcountll(b->wall); }

/* The packed board's cells are bytes, in the words' memory order (a char
 * type may read any object). */
static inline unsigned bs_get(const uint32_t *w, int p) { return ((const uint8_t *)w)[p]; }

/* Each tile's cell from a packed board: at[v] for tile v, BS_MAX_CELLS
 * entries (a wall holds its own goal number, below n: the last cell is
 * never a wall); the blank lands in at[0], unused, and so do the empty
 * slots past the last cell, which hold 0: every word unpacks whole. */
static inline void bs_unpack_at(const bs_geom *g, const uint32_t *words, uint8_t *at) {
  const uint8_t *cell = (const uint8_t *)words;
  for (int c = 0; c < 4 * g->nwords; c++) at[cell[c]] = (uint8_t)c;
}

/* Flips cell p between holding 0 and v: a move is two flips, of the cell
 * the tile leaves and of the one it enters. */
static inline void bs_flip(uint32_t *w, int p, unsigned v) { ((uint8_t *)w)[p] ^= (uint8_t)v; }

static inline void bs_put(uint32_t *w, int p, unsigned v) { ((uint8_t *)w)[p] = (uint8_t)v; }

/* The hash of a state that every store keys it by. Zobrist, "A new hashing
 * method with application for game playing" (1970): the XOR over the cells
 * of a pseudo-random word per cell and the number it holds, so that a move
 * changes it by two words (bs_hash_move), where hashing the packed board
 * would read all of it for each child. The words come from a fixed mixer
 * (the finalizer of splitmix64), the same on every machine, tabled by
 * bs_geom_layout the first time, so that a child's hash is two loads; answers
 * never depend on them, only where a store's table keeps a state. The
 * blank holds 0 and adds nothing; walls never move and add a constant. */
extern uint32_t bs_zobrist_words[BS_MAX_CELLS + 1][BS_MAX_CELLS];
static inline uint32_t bs_zobrist(unsigned v, int p) { return bs_zobrist_words[v][p]; }

/* The hash after tile v slides from cell q to cell p. */
static inline uint32_t bs_hash_move(uint32_t hash, unsigned v, int q, int p) {
  return hash ^ bs_zobrist(v, q) ^ bs_zobrist(v, p);
}

/* The hash of a packed board, from scratch. */
uint32_t bs_hash_board(const bs_geom *g, const uint32_t *words);

void bs_pack(const bs_board *b, uint32_t *words);
void bs_unpack(const bs_geom *g, const uint32_t *words, int blank, const bs_board *like, bs_board *out);

/* The goal of b: same size and walls, tiles in order, blank last. */
void bs_goal(const bs_board *b, bs_board *goal);
int bs_is_goal(const bs_board *b);

/* Moves the blank one step; returns 0 (board unchanged) if d leaves the
 * board or enters a wall. */
int bs_move(bs_board *b, int d);

/* 0..3 for 'L' 'R' 'U' 'D', else -1. */
int bs_dir_from_char(int c);

/* Whether b can reach its goal, exactly, for any walls: BS_SOLVABLE or
 * BS_UNSOLVABLE, with a reason (a static string) in *why. The theorem and
 * the group behind it are in bs_group.h. The checks, in order:
 *   "tile cut off"               a tile (or the blank) and its goal in
 *                                different components, or a tile away from
 *                                its goal in a component without the blank
 * then, with the blank walked home along the spanning tree and pi the
 * permutation that sends each tile's cell to its goal cell:
 *   "tile locked in a dead end"  a tile away from its goal on a cell that
 *                                no closed walk moves (a dead end, a tree,
 *                                a passage)
 *   "tile cannot reach its goal" the goal outside the tile's orbit
 *   "parity"                     pi is odd (closed walks on a grid are even)
 *   "ring order"                 even, every goal in reach, and still not in
 *                                the group: tiles on a ring only turn
 * The first three are what a user can see on the board, so they come
 * before the group's verdicts. The group of the last layout is cached per
 * thread. A board no parse makes (the blank field on a tile, a tile twice
 * or missing, one of a wall's goal) is "not a board": it has no goal. */
enum { BS_SOLVABLE = 1, BS_UNSOLVABLE = 0 };
int bs_solvability(const bs_board *b, const char **why);

/* Whether b is a board: the blank on an open cell and holding 0, and each
 * other open cell a tile of an open goal cell, none twice (so none
 * missing). The parser makes only such boards; the walks of bs_solvability
 * follow a permutation, and on anything else would never end. */
int bs_board_consistent(const bs_board *b);

/* The inverse of b, a board of the same layout whose answers, reversed,
 * answer b. Moves say where the blank goes, whatever the tiles are
 * called. Let W be a shortest walk of the blank from its cell on b to its
 * goal cell, b1 the board W leaves, and phi the relabelling that calls
 * each tile by the goal's name of its cell on b1, so that phi(b1) is the
 * goal. The inverse is phi(goal). Moves M that take it to the goal take
 * phi(goal) to phi(b1), so the goal to b1 (labels do not change where
 * tiles go): W, then M backwards with each move undone, answers b. It is
 * solvable exactly when b is (from the goal, M reaches b1 iff its
 * reverse reaches the goal from b1). Writes W's letters to walk (at most
 * BS_MAX_CELLS - 1, NUL-terminated) and returns how many; -1 when the
 * blank cannot reach its goal cell (b is then unsolvable). */
int bs_board_inverse(const bs_board *b, bs_board *inv, char walk[BS_MAX_CELLS]);

/* Text form "W,H,CELLS", NUL-terminated. */
#define BS_BOARD_TEXT 48
void bs_board_format(const bs_board *b, char out[BS_BOARD_TEXT]);

/* Parses "W,H,CELLS" from s[0..len). Returns 0, or -1 with a reason in err. */
int bs_board_parse(const char *s, size_t len, bs_board *b, char *err, size_t errlen);

#endif
