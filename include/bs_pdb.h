/* bs_pdb: additive disjoint pattern databases for any board shape and wall
 * layout, usable toward the goal and toward any other target board.
 *
 * Korf and Felner, "Disjoint pattern database heuristics", AIJ 134 (2002);
 * Felner, Korf and Hanan, "Additive pattern database heuristics", JAIR 22
 * (2004). The open cells are split into disjoint patterns. A pattern's
 * table is searched in an abstract space: its tiles on open cells and the
 * blank on another, where the blank passes any cell that no tile of the
 * pattern holds at no cost (those moves belong to the other patterns), and
 * sliding a tile of the pattern into the blank costs 1. Its goal: the
 * tiles home, the blank in the component (of the cells they leave free)
 * that holds the target's blank. An entry is the fewest moves of the
 * pattern's tiles from a placement to that goal, the least over where the
 * blank starts. The sum over the patterns is
 *  - admissible: a real move is one move of one pattern's tile, and free
 *    in the others; and h is 0 only when every tile is home;
 *  - wall- and blank-aware: a tile moves only where the blank can come
 *    round to, so tiles in a corridor cannot pass each other, and a
 *    pattern that fences the target's blank cell in pays for letting the
 *    blank back in (see Partitions);
 *  - NOT consistent: a move can leave the blank where the pattern needs
 *    two more moves than from its best place (on the 3x3 with patterns
 *    1245/3678, 35,376 of 483,840 moves change h by 2 or more;
 *    tests/test_pdb.c counts them). IDA* and the bounded search of
 *    engine_impl.h need only admissibility.
 * Keeping an entry per place of the blank instead (no least) would make
 * the sum consistent, at f-k times the bytes and a read per pattern for
 * each child (the blank moves in every pattern): measured on Korf's 100,
 * 5-5-5 so (66 MB) needed more IDA* nodes than 6-6-3 here (46 MB).
 *
 * Building. A breadth-first search from the goal over (placement, the
 * blank's component), level by level: a state is a placement and one cell
 * of the component; reaching it marks every cell of the component (a bit
 * per placement and cell, f/8 bytes per entry beside the table while it
 * is built), so each state is expanded once, by the moves of the tiles
 * next to it. The component is flooded once, when the state is reached,
 * and queued with it: a placement and a mask of digits in 64 bits, so a
 * pattern's f^k placements times 2^f must fit them (on the open 6x6, 5
 * tiles do and 6 do not). The tables of a set are built on `threads`
 * threads. Entries
 * are bytes; BS_PDB_FAR means the tiles cannot reach their cells at all
 * (walls cut them off: never on a state reachable from a solvable board).
 *
 * Dense index. A tile's digit is the number of its cell among the open
 * cells (0..f-1, f open cells), and slot s of a pattern weighs f^s, so a
 * table of k tiles has f^k entries and moving a tile from cell q to cell p
 * changes its pattern's index by (num[p] - num[q]) * f^s: a child's h is
 * its parent's with one entry swapped, O(1) (bs_pdb_child). Placements with
 * two tiles on one cell are never looked up: their entries are the price
 * of that constant delta.
 *
 * Any target, one set of tables. An entry depends only on WHICH cells the
 * pattern's tiles must fill and on the component of the target's blank.
 * Toward a target board T, the tile that T has on cell c plays the part of
 * cell c's tile in the goal (a view: tile -> pattern and slot). T's blank
 * leaves one cell h without a tile: its pattern then needs the table of
 * its other cells toward a blank on h (a "hole" table), and every other
 * pattern its table toward the component holding h of the cells it leaves
 * free. So a pattern of k tiles keeps a table per such component (most
 * patterns leave one) and k hole tables (k/f of a table each); tab[j][c]
 * is the one toward a blank on cell c. The goal's blank cell (the last) is
 * always a pattern of its own.
 *
 * Reflection. On a square board whose walls are symmetric under the
 * transposition t(x, y) = (y, x), t maps moves to moves and the goal to
 * itself (relabelled), so dist(s, T) = dist(t(s), t(T)); the view then also
 * looks up t(s) toward t(T) with the same tables and takes the larger sum
 * (a second "lens").
 *
 * Partitions: explicit ("12347/569AD/8BCEF" lists tiles, i.e. goal cells),
 * or chosen from a byte budget (bs_pdb_part_auto). Shapes matter, most
 * where a pattern fences the target's blank cell in: with its tiles home
 * the blank must still get in. On Korf's 100 (blank last; measured by an
 * opt-in suite of tests/test_pdb.c that commit 3c411f8 removed), 5-5-5
 * 12569/3478C/ABDEF has mean h 40.55, 12347/569AD/8BCEF (8BCEF fences the
 * corner in) 41.73; 6-6-3
 * 12569A/3478BC/DEF 41.29, 234678/ABCDEF/159 42.53 (Felner, Korf and
 * Hanan: 42.92 for theirs). The size of a set is known before it is
 * built (bs_pdb_bytes_for), and sets are cached on disk, checksummed
 * (bs_pdb_load_or_build).
 *
 * Use: once per layout, a partition and bs_pdb_load_or_build; once per
 * puzzle, bs_pdb_view_init toward the goal (forward side) and toward the
 * start (backward side); per expansion, bs_pdb_eval_at of the parent,
 * then bs_pdb_child for each child. */
#ifndef BS_PDB_H
#define BS_PDB_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_region.h"

#define BS_PDB_VERSION 2   /* of the tables and of the cache files */
#define BS_PDB_MAX_K 8     /* tiles in one pattern */
#define BS_PDB_FAR 255     /* an entry: the tiles cannot reach their cells */
#define BS_PDB_NONE 0xff   /* the pattern of a wall cell */
#define BS_PDB_LENSES 2    /* the plain and the transposed lookup */
#define BS_PDB_SPEC 128    /* room for a partition's text form */

/* A partition of a layout's open cells into patterns 0..npat-1, numbered
 * in the order of their lowest cell; a pattern's slots are its cells in
 * increasing order. */
typedef struct bs_pdb_part {
  int npat;
  uint8_t of[BS_MAX_CELLS]; /* pattern of each open cell, BS_PDB_NONE on walls */
} bs_pdb_part;

/* Parses a partition of the tiles of layout (its size and walls; the cells
 * are ignored): patterns separated by '/', each a list of tile symbols
 * (1-9, A-Z, as in puzzle files). Tiles not listed, and the blank's goal
 * cell, get patterns of their own. Returns 0, or -1 with a reason in err. */
int bs_pdb_part_parse(const bs_board *layout, const char *spec, bs_pdb_part *part, char *err,
                      size_t errlen);

/* The text form of part (the inverse of bs_pdb_part_parse), e.g.
 * "12569A/3478BC/DEF"; one-tile patterns are listed too. */
void bs_pdb_part_format(const bs_board *layout, const bs_pdb_part *part, char out[BS_PDB_SPEC]);

/* The partition with the largest patterns whose tables fit budget bytes:
 * each pattern grows from the free tile cell with the lowest number by the
 * cell with the most neighbours already in it, then the smallest sum of
 * distances around the walls to its cells, and keeps the most cells whose
 * tables (counted exactly: a table per component they leave free) fit,
 * once every tile left could still get a table of its own. Balanced: let
 * k be the largest size whose patterns would cover every tile within the
 * budget (about); a pattern keeps more than k cells only where the tiles
 * left could still have patterns of k. Else, on a walled 6x6 at 1 MiB,
 * the first pattern took 4 tiles and left the rest one or two a pattern,
 * a weaker sum than 3 each (docs/heuristic.md). The blank's goal cell is
 * alone. Returns 0, or -1 when even one-tile patterns do not fit. */
int bs_pdb_part_auto(const bs_board *layout, size_t budget, bs_pdb_part *part);

/* Bytes of the tables of part on layout (every table of every pattern),
 * known before building; 0 if the partition does not fit the layout. */
size_t bs_pdb_bytes_for(const bs_board *layout, const bs_pdb_part *part);

#define BS_PDB_MASK_BYTES ((BS_MAX_CELLS + 7) / 8) /* bytes of a mask of cells */

/* A built set of tables. Read-only once built: views and lookups from any
 * number of threads may share it. */
typedef struct bs_pdb {
  int w, h, n, f; /* f: open cells */
  uint64_t wall;
  bs_pdb_part part;
  int symmetric;                /* square, walls symmetric under transposition */
  uint8_t size[BS_MAX_CELLS];   /* tiles of each pattern */
  uint8_t num[BS_MAX_CELLS];    /* a cell's digit: its number among the open cells */
  uint8_t open[BS_MAX_CELLS];   /* the open cells, in order */
  uint64_t opens;               /* the open cells, a mask */
  uint64_t nb[BS_MAX_CELLS];    /* the open neighbours of each open cell */
  bs_lanes lanes;               /* for the blank's region (bs_region_fill) */
  /* squeeze[k][v]: the digits of the open cells among byte k of a mask
   * whose byte k is v, from digit below[k] on */
  uint8_t squeeze[BS_PDB_MASK_BYTES][256], below[BS_PDB_MASK_BYTES];
  int mask_bytes; /* the bytes of a mask that hold cells: (n + 7) / 8 */
  /* [j][c]: pattern j's table toward a target whose blank (its role) is on
   * open cell c: j's table without c if c is j's, else the table whose
   * goal has the blank in c's component of the cells j leaves free. */
  const uint8_t *tab[BS_MAX_CELLS][BS_MAX_CELLS];
  uint8_t *mem;                 /* every table, one allocation */
  size_t bytes;
} bs_pdb;

/* What bs_pdb_load_or_build did. */
enum {
  BS_PDB_LOADED,   /* a valid cache file */
  BS_PDB_BUILT,    /* no cache file: built and saved */
  BS_PDB_REPLACED, /* a cache file not to be trusted (why): built and saved over it */
  BS_PDB_UNSAVED,  /* built; the cache could not be written (why) */
  BS_PDB_MEMORY    /* built in memory, no cache asked for */
};

typedef struct bs_pdb_info {
  int status;
  double ms;        /* building or loading, wall clock */
  size_t bytes;     /* the tables */
  char path[4096];  /* the cache file ("" without a cache) */
  char why[192];    /* for REPLACED and UNSAVED */
} bs_pdb_info;

/* Memory a build may use as scratch: the caller's, idle while it builds
 * (the solver lends its arena's records, counted in --mem and not in use
 * between searches). */
typedef struct bs_pdb_room {
  void *mem;
  size_t bytes;
} bs_pdb_room;

/* Builds the tables of part on layout in memory, on `threads` threads (0:
 * one per core, at most 16); a batch worker, one thread of many, passes 1.
 * Returns 0, or -1 if the partition does not fit the layout or memory runs
 * out (P is then empty). Besides the tables, each pattern in the making
 * takes scratch: a bit per state (placement x blank cell) and its level
 * queue. It is taken from room (NULL: none), shared evenly by the threads;
 * where a share would not hold the biggest pattern's bits and a start of
 * its queue, fewer threads run, since room is what the memory cap allows.
 * Where even one thread's would not, and for a level that outgrows its
 * share, it is taken from the heap, freed when that pattern is done. */
int bs_pdb_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, int threads,
                 const bs_pdb_room *room, bs_pdb_info *info);

/* The same through the cache directory dir (created if missing; NULL: no
 * cache). The file is named from a hash of the layout, the partition and
 * BS_PDB_VERSION, and holds a header (magic, version, layout, partition,
 * size, XXH64 of the tables) and the tables. A file that is short, long,
 * corrupt, of another version or of another layout is never used: the
 * tables are built again and the file replaced, written to a temporary
 * file and renamed, so readers never see half a file. A directory that
 * cannot be written costs only the saving (BS_PDB_UNSAVED). The directory
 * keeps at most BS_PDB_CACHE_MAX bytes of tables (bs_pdb_cache_trim). Returns -1
 * only as bs_pdb_build does. */
int bs_pdb_load_or_build(bs_pdb *P, const bs_board *layout, const bs_pdb_part *part, const char *dir,
                         int threads, const bs_pdb_room *room, bs_pdb_info *info);

void bs_pdb_free(bs_pdb *P);

/* The most bytes of tables the cache directory keeps: past it, saving a
 * set drops the files least recently used (loaded or saved). One layout's
 * tables are at most pdb_mem MiB, so a set of thousands of walled layouts
 * would otherwise fill a disk. */
#define BS_PDB_CACHE_GIB 4
#define BS_PDB_CACHE_MAX ((uint64_t)BS_PDB_CACHE_GIB << 30)

/* Deletes the least recently used cache files (pdb-*.bin) of dir, never
 * the one named keep (NULL: none), until they total at most cap bytes,
 * and the temporary files (.pdb-*) of saves that were killed: those left
 * alone for BS_PDB_TEMP_STALE seconds, as a save in progress writes its
 * file all along. Returns the bytes of tables left. */
uint64_t bs_pdb_cache_trim(const char *dir, uint64_t cap, const char *keep);
#define BS_PDB_TEMP_STALE 3600

/* How many tables this process built because their cache file was not to
 * be trusted, or could not save; the first one's file, what was done and
 * why go to first[len]. A command says it once, at its end: a cache that
 * costs every run its builds must not go unnoticed, nor flood stderr. */
unsigned long bs_pdb_cache_faults(char *first, size_t len);

/* $XDG_CACHE_HOME/bislide, else $HOME/.cache/bislide. Returns 0, or -1
 * when neither variable is set (or buf is too small). */
int bs_pdb_default_dir(char *buf, size_t len);

const char *bs_pdb_status_name(int status);

/* ---- lookups --------------------------------------------------------- */

/* One way of reading a board: for each tile its pattern and slot weight,
 * for each cell its digit, for each pattern the table to read. */
typedef struct bs_pdb_lens {
  const uint8_t *tab[BS_MAX_CELLS];
  uint32_t mul[BS_MAX_CELLS]; /* f^slot of tile v */
  uint8_t pat[BS_MAX_CELLS];  /* pattern of tile v */
  uint8_t num[BS_MAX_CELLS];  /* digit of a tile on cell c */
  /* The tiles pattern by pattern (pattern j's are tile[end[j-1] .. end[j])),
   * so that a board's indices sum in registers, one pattern at a time. */
  uint8_t tile[BS_MAX_CELLS], end[BS_MAX_CELLS];
  uint32_t term[BS_MAX_CELLS][BS_MAX_CELLS]; /* num[c] * mul[v]: tile v's share of its index on cell c */
} bs_pdb_lens;

/* The heuristic toward one target board: distances from a state to it. */
typedef struct bs_pdb_view {
  const bs_pdb *pdb;
  int npat, nlens;
  bs_pdb_lens lens[BS_PDB_LENSES];
} bs_pdb_view;

/* A state's pattern indices and entries, per lens, and their sums. */
typedef struct bs_pdb_idx {
  uint32_t i[BS_PDB_LENSES][BS_MAX_CELLS];
  uint8_t e[BS_PDB_LENSES][BS_MAX_CELLS];
  int sum[BS_PDB_LENSES];
} bs_pdb_idx;

/* The view toward target (the goal for the forward side, the start board
 * for the backward side): reflect asks for the transposed lens too, used
 * only when P->symmetric (V->nlens says). Returns -1 when target is not a
 * board of P's layout. */
int bs_pdb_view_init(bs_pdb_view *V, const bs_pdb *P, const bs_board *target, int reflect);

/* Indices and h of a state from its cells (bs_board.cell). */
int bs_pdb_eval(const bs_pdb_view *V, const uint8_t *cell, bs_pdb_idx *x);
/* The same from packed words (bs_pack with g of the same layout), and
 * each tile's cell into at (bs_unpack_at). */
int bs_pdb_eval_at(const bs_pdb_view *V, const bs_geom *g, const uint32_t *words, uint8_t *at, bs_pdb_idx *x);

static inline int bs_pdb_h(const bs_pdb_view *V, const bs_pdb_idx *x) {
  return V->nlens > 1 && x->sum[1] > x->sum[0] ? x->sum[1] : x->sum[0];
}

/* The new index of tile v's pattern in lens l (lens L of x) when v slides
 * from cell q to cell p. */
static inline uint32_t bs_pdb_step(const bs_pdb_lens *l, const bs_pdb_idx *x, int L, unsigned v, int p,
                                   int q) {
  return x->i[L][l->pat[v]] + (uint32_t)((int)l->num[p] - (int)l->num[q]) * l->mul[v];
}

/* h of the child where tile v slides from cell q into the blank at p;
 * x (the parent) is unchanged. One table read per lens. */
static inline int bs_pdb_child(const bs_pdb_view *V, const bs_pdb_idx *x, unsigned v, int p, int q) {
  int best = 0;
  for (int L = 0; L < V->nlens; L++) {
    const bs_pdb_lens *l = &V->lens[L];
    unsigned j = l->pat[v];
    int h = x->sum[L] - x->e[L][j] + l->tab[j][bs_pdb_step(l, x, L, v, p, q)];
    if (h > best) best = h;
  }
  return best;
}

/* Makes x the child's (v slides from q to p) and returns its h; the same
 * call with p and q swapped undoes it. */
static inline int bs_pdb_apply(const bs_pdb_view *V, bs_pdb_idx *x, unsigned v, int p, int q) {
  for (int L = 0; L < V->nlens; L++) {
    const bs_pdb_lens *l = &V->lens[L];
    unsigned j = l->pat[v];
    uint32_t i = bs_pdb_step(l, x, L, v, p, q);
    uint8_t e = l->tab[j][i];
    x->sum[L] += e - x->e[L][j];
    x->i[L][j] = i;
    x->e[L][j] = e;
  }
  return bs_pdb_h(V, x);
}

#endif
