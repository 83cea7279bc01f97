/* bs_construct: a solver that cannot get stuck. It answers every solvable
 * board of every layout (any size up to 6 x 6, any walls), far from
 * optimally (hundreds to thousands of moves), within a bounded number of
 * states, with a workspace of its own allocated once: it uses nothing of
 * the search or its stores, so its answers (gen's move limits) stay the
 * same whatever becomes of them. gen answers its uniform boards with it.
 *
 * The method, and why it always works. Let r be the blank's goal cell,
 * R_0 the open cells of its component, and G(R) the puzzle group of a
 * region R (bs_group.h: the permutations of R's tiles made by closed walks
 * of the blank at r; a board of R is solvable iff, once the blank is
 * walked home along a fixed tree, it is goal o sigma with sigma in G(R)).
 *
 *  - A plan, per layout, is a sequence of cell sets C_1, C_2, ... that
 *    fills the cells of R_0 but r: R_i = R_{i-1} \ C_i, each R_i connected
 *    and holding r, and each step valid:
 *        G(R_i) = Stab_{G(R_{i-1})}(C_i)     (pointwise stabilizer)
 *    checked with bs_group_is_stabilizer: G(R_{i-1}) rebased to start
 *    with C_i against G(R_i) on the rest of the same base. The last step
 *    takes every tile left, C = R \ {r}: it is always valid, both sides
 *    being the trivial group on R = {r}.
 *  - Step i is a breadth-first search over the cells of R_{i-1} for the
 *    tiles whose goal cells are C_i and the blank, every other tile of
 *    R_{i-1} counted as alike (exact: no move depends on which of those it
 *    moves), to any state where those tiles are home; states are numbered
 *    densely, positions in base f for k tiles on f cells, so a step needs
 *    f^(k+1) states at most: one byte each, and a queue.
 *  - It always succeeds, by induction. Say the board restricted to
 *    R_{i-1} is solvable (true for i = 1 when the board is). Its goal is
 *    reachable, so the search reaches a state with C_i's tiles home, and
 *    then the blank lies in R_i. Walk the blank to r inside R_i (R_i is
 *    connected): the board of R_{i-1} is goal o sigma, sigma in G(R_{i-1})
 *    since it is still solvable there, and sigma fixes C_i. So sigma lies
 *    in Stab_{G(R_{i-1})}(C_i) = G(R_i): the board restricted to R_i is
 *    solvable. After the last step every tile is home. Tiles outside R_0
 *    are home on any solvable board.
 *  - Small steps next to each other in the plan are searched as one, their
 *    tiles together, while those are at most three and the search fits
 *    (stop 62). That stays valid: G(R_(i+1)) = Stab_{G(R_i)}(C_(i+1)) and
 *    G(R_i) = Stab_{G(R_(i-1))}(C_i) make G(R_(i+1)) the stabilizer of
 *    C_i and C_(i+1) together in G(R_(i-1)), so the argument above holds
 *    for the pair as for one step. And the joint search never takes more
 *    moves to bring those tiles home than the steps one by one, which are
 *    one way to do it; the later steps start from elsewhere, so an answer
 *    may still come out longer. The constructor alone answers the real
 *    set's boards in 706,703 moves, not 769,377, in 2.3 times the time.
 *
 * Regions where no small step is valid. A long cycle with a small block on
 * it (an 8-cycle sharing an edge with a 2x2, a ring round walls near the
 * blank's goal fed by two passages) has a big group, but removing a cell
 * of the cycle leaves dead ends or a ring, whose groups are far smaller
 * than the stabilizer: no valid step fills fewer than nearly all its cells
 * (tests/test_construct.c has such layouts; a few percent of random walls,
 * most layouts of the real set with walls). There the plan ends with a
 * sort step instead, when G(R) holds every 3-cycle within each of its
 * orbits (bs_group_full; true of every block that is no ring, by Wilson):
 * once the blank is home, the tiles are put in order by 3-cycles. Each
 * orbit of three or more cells has an engine (bs_sorter): a closed walk E
 * from the root that cycles three of its cells and no other. Cycling the
 * tiles on y, x, z is a conjugate T C T^-1 of a core C: a walk closed at
 * a cell q of its own that cycles three cells a, b, c, T being a walk
 * from the blank's cell that brings the three tiles to a, b, c and the
 * blank to q (and T^-1 puts every other tile back), or of C's inverse
 * (C backwards, each move undone) to cycle them the other way. The cores
 * are each engine without the walk to and from its turn (E = P C P^-1
 * gives C, closed where P ends) and the 4 moves round each 2x2 square of
 * R from each corner; a breadth-first search over the three tiles and the
 * blank (f^4 states) finds the core, order and T of fewest moves, 2|T| +
 * |C|, so no 3-cycle is longer than with the engine, and some are far
 * shorter. The engine's own target is always reachable: conjugating it
 * needs a closed walk S bringing the tiles to a, b, c, and S P reaches
 * its core. First, generators whose signs on the orbits add up to the
 * board's make it even on every orbit (the signs of a member of G lie in
 * the span of the generators'); then each orbit's even permutation is a
 * product of 3-cycles within it, all in G. So a sort step is a last step
 * that always succeeds too. Each 3-cycle takes a tile home, and the tile
 * it displaces too when that one belongs on a third cell, so that an odd
 * cycle of k tiles takes (k - 1) / 2 of them.
 *
 * The walks need not be undone one by one. T_1 C_1 T_2 C_2 ... T_k C_k
 * T_k^-1 ... T_1^-1, each T_i a walk from where C_(i-1) left the blank,
 * is the product of the conjugates (T_1 ... T_i) C_i (T_1 ... T_i)^-1:
 * closed walks from the root, each cycling the three tiles T_i brought to
 * C_i, on the cells they held on the board with the walks undone (kept
 * beside the real one). So a 3-cycle's walk may start where the last
 * core left the tiles, often near, or from the board with the walks so
 * far undone (they are then undone first), whichever costs fewer moves;
 * the walks left are undone at the step's end, the last first. Of the
 * BS_SORT_TRIES 3-cycles nearest on the board (the way round their cells,
 * per tile home), both ways are priced by the search, and the one of
 * fewest moves per tile home goes first. On the layouts where 3-cycles
 * cost most (rings without 2x2 squares, whose engines are products of
 * long generator walks), a 3-cycle is still hundreds of moves. So where
 * the plan's sort region has no 2x2 square, the sort step moves up to the
 * last region of the plan that has one and whose group is full: the steps
 * before it are unchanged, so the argument above still holds, and its
 * 3-cycles, more of them, turn on the square (stop 36: the stress sets'
 * limits 203,969 to 194,471 moves).
 *
 * Laps first. Before its generators and 3-cycles, with the blank home, a
 * sort step plays laps (bs_laps.h): closed walks of the blank from the
 * root once round a cycle of the region, chosen by a small beam, where
 * they bring the tiles nearer order for fewer moves than the 3-cycles
 * would take. A closed walk inside R is a member of G(R), so the board
 * after them is still solvable in R and the argument above holds (stop
 * 64: the constructor alone answers the real set's boards in 564,203
 * moves, not 706,703, and the shapes of puzzles/stress-shapes.txt in
 * 94,102, not 120,972).
 *
 * Ear steps. A corridor joined to the rest at both ends (an ear: a run of
 * cells with two open neighbours each, ending next to two different cells)
 * cannot be filled a cell at a time where G(R) is the alternating group:
 * what is left would have dead ends, which G(R_i) fixes. Filled at once,
 * it has too many tiles for a search. But it fills as a conveyor does.
 * With the blank at x, next to one end, and a tile at y, next to the
 * other, the blank walks through the ear to y: every tile on it moves one
 * cell towards x, and the one from y comes on last (a push; a pull is the
 * same from y to x). So m pushes, each of the ear's own tiles brought to y
 * in turn by a search for one tile (the others alike) through the cells
 * left, fill an ear of m cells in order, if the ear's tiles on it are off
 * it before their turns. The step plays the fewest passes that work:
 * pulls (or pushes) of other tiles first, then pushes of the ear's own,
 * keeping the tiles already on it in order where it can: none where all
 * are home, a pull and a push where only the far end's tile is wrong, and
 * at most m pulls and m pushes. Both ways through are tried, and the one
 * of fewer moves is played. The plan takes an ear as an ear step (one
 * of up to three cells is a small step, searched, where the search fits)
 * only when the step is valid (checked as any step is) and two more
 * things hold. First, what is left has m + 2 cells or more, so some tile
 * that is not the ear's is always outside it, to pull or push on.
 * Second, a tile and the blank can reach any two cells of what is left
 * (a search over their pairs). So the passes always succeed, and the
 * argument above holds for ear steps too (stop 60: the constructor alone
 * answers the real set's boards in 878,777 moves, not 1,041,909, and the
 * stress sets' limits fall from 194,471 to 170,113).
 *
 * Finding a plan: a deterministic depth-first search over C: ears first,
 * the longest first, short ones too (stop 61: the real set's boards in
 * 769,377 moves, not 878,777, and the stress sets' limits 156,829, not
 * 170,113); then one cell, else two adjacent cells, else three, from the
 * cells of dead ends (no closed walk moves their tiles, so their removal
 * is always valid), then cells on the outer edge nearest to a hole (walls
 * the region surrounds: opened early, while the cells round them are
 * thick), then the farthest from r (what is left then stays connected
 * around r), ties in line order; never a step that makes a new hole.
 * Checks, cheapest first: what is left is connected; when G(R_{i-1}) is
 * the alternating group (Wilson: R_{i-1} is one block and no cycle), a
 * dead cell left over disproves the step and one block left over proves
 * it; for one cell c, |Stab(c)| = |G| / |c's orbit|; the bound of G(R_i)
 * (orbits and signs) below the stabilizer's order disproves it; else the
 * groups are built and compared. Only steps whose search fits the
 * workspace are tried. Where no step of up to three cells leads to a
 * plan: the last step if it fits, else steps of up to five cells as they
 * fit, else a sort step. Regions known to lead nowhere are remembered and
 * the search visits at most BS_PLAN_NODES regions; as a sort step
 * finishes any region whose group is full, it seldom backtracks.
 * (A first round that searched for a plan without sort steps made answers
 * on the real set's layouts 5% shorter and plans six times slower; gen
 * plans a layout per board, so there is none.) Every layout tried, of
 * every size, has a plan within the default workspace, planned in at most
 * a few milliseconds (tests/test_construct.c: random layouts of every size
 * and density, every layout of the real set). A smaller workspace may
 * have none: a sort step on f cells needs f^4 states, and only from
 * BS_MAX_CELLS^4 of them (12.4 MiB in all) does one fit on every region.
 * Of the real set's 5,000 boards' layouts, 153 have no plan in the least
 * workspace (4.6 MiB), 20 in 5 MiB, 1 in 6 MiB and none in 8 MiB; of the
 * 1,280 shipped stress boards' layouts, 29, 3 and none in 6 MiB (stop
 * 61; stop 60's plans, short ears not first: 156, 22, 1 and none;
 * without ear steps, 743, 125, 7 and none, and 94, 11, 1 and none).
 * Without a plan the constructor answers nothing (a memory cap). */
#ifndef BS_CONSTRUCT_H
#define BS_CONSTRUCT_H

#include <stddef.h>
#include <stdint.h>

#include "bs_board.h"
#include "bs_group.h"
#include "bs_laps.h"
#include "bs_region.h"

/* gen's workspace (the solver's is the construct_mem setting): about 12.5
 * million search states, a step of k tiles on f cells needing f^(k+1):
 * three tiles on 36 cells, four on 26. */
#define BS_CONSTRUCT_BYTES ((size_t)64 << 20)
#define BS_CONSTRUCT_FINAL 6 /* cells left when the last step takes them all */
#define BS_PLAN_NODES 512    /* regions the plan search may visit */

typedef struct bs_plan {
  int w, h;
  uint64_t wall;
  int nsteps;
  uint64_t step[BS_MAX_CELLS]; /* C_1, C_2, ...: the goal cells each step fills */
  uint64_t ear;                /* bit i: step i is an ear step */
  int sort_last;               /* the last step is a sort step */
} bs_plan;

/* A sort step's closed walks, as moves 0..3 in one buffer. */
#define BS_SORT_MOVES 32768
#define BS_SORT_POWER 12 /* the highest power of a walk an engine may be */
/* The 3-cycles a sort step prices by a search each before it plays one,
 * the nearest first: more make shorter answers, more slowly. The
 * constructor's answers to the 1,280 boards of the shipped stress sets
 * (stop 35): 211,329 moves at 1, 205,825 at 2, 203,969 at 3, 200,431 at
 * 5; 227,357 before a sort step priced them. */
#define BS_SORT_TRIES 3
#define BS_WORD_MAX 64   /* generators in a word an engine is made of */
/* Cores: an engine's per orbit, and one per corner of each 2x2 square. */
#define BS_SORT_CORES (5 * BS_MAX_CELLS)

/* A product of the region's generators: k + 1 for generator k, -(k + 1)
 * for its inverse. */
typedef struct bs_word {
  int n;
  int8_t g[BS_WORD_MAX];
} bs_word;

/* The generators and the commutators of two generators or inverses,
 * searched for engines; and the images of a support under the
 * generators, searched for a conjugate. */
#define BS_SORT_POOL (BS_GROUP_REGION_GENS + 4 * BS_GROUP_REGION_GENS * BS_GROUP_REGION_GENS)
#define BS_SORT_SETS (1 << 17)

typedef struct bs_sorter {
  bs_region region;            /* the region sorted; its tree walks the blank home */
  int norbits;                 /* orbits of two or more cells */
  uint64_t orbit[BS_MAX_CELLS];
  int engine_at[BS_MAX_CELLS], engine_len[BS_MAX_CELLS]; /* per orbit of 3+ cells; its cells are its core's */
  /* The cores 3-cycles are played with: walks of the blank closed at a
   * cell of their own, each cycling the tiles on core[k][0] -> [1] -> [2]
   * with the blank on core[k][3]. */
  int ncores;
  uint8_t core[BS_SORT_CORES][4];
  int core_at[BS_SORT_CORES], core_len[BS_SORT_CORES];
  int ngens;                   /* the region's generators: walks, permutations, signs on the orbits */
  int gen_at[BS_MAX_CELLS], gen_len[BS_MAX_CELLS];
  bs_perm gen[BS_MAX_CELLS];
  uint64_t gen_sign[BS_MAX_CELLS];
  /* Per leading orbit: a sign pattern, and the generators that make it. */
  uint64_t basis[BS_MAX_CELLS], basis_gens[BS_MAX_CELLS];
  int used;
  uint8_t walk[BS_SORT_MOVES];
  bs_laps laps;                 /* played before the 3-cycles */
  /* Scratch of the engine search. */
  int8_t pool[BS_SORT_POOL][2]; /* a generator (second 0), or a commutator of two */
  uint64_t least;               /* the least support among them */
  union {
    struct {                      /* the engine search's, while planning */
      uint64_t set[BS_SORT_SETS]; /* images of it reached; 0 empty */
      uint64_t queue[BS_SORT_SETS / 2];
      int32_t parent[BS_SORT_SETS / 2];
      int8_t via[BS_SORT_SETS / 2];
    };
    bs_lap_beam beam; /* the laps', while sorting */
  };
} bs_sorter;

typedef struct bs_construct {
  bs_plan plan;
  int planned;       /* for plan's layout: 1 planned, -1 no plan fits the workspace, 0 not asked */
  bs_geom geom;      /* of plan's layout */
  bs_region region;  /* R_0 */
  bs_sorter *sorter; /* the plan's sort step, if it ends with one */
  size_t bytes;      /* the workspace */
  uint32_t states;   /* search states it holds */
  uint8_t *how;      /* per state: 0 unseen, else the move that reached it + 1 */
  uint32_t *queue;
  bs_group *group;   /* G(R_0), G(R_1), ... along the plan; the last one is scratch */
  uint64_t *memo;    /* regions that lead nowhere; 0 empty */
  char *moves;       /* the answer, NUL-terminated */
  size_t len, cap;
  uint32_t cycles;   /* 3-cycles the last answer's sort step made */
  uint64_t searched; /* states its searches have reached, all answers together */
  int before_sort;   /* set by the caller: stop where the sort step would start */
  int plain_sort;    /* set by the caller: the sort step plays no laps, only 3-cycles */
  int stopped;       /* the last answer stopped there: rest is the board then */
  bs_board rest;     /* with the cells the steps filled walled off */
} bs_construct;

/* The least workspace bs_construct_init takes: the groups and one small
 * search. */
size_t bs_construct_min_bytes(void);
/* The workspace from which a sort step fits on every region (12.4 MiB):
 * below it, some layouts may have no plan. */
size_t bs_construct_sure_bytes(void);

/* Allocates a workspace of about `bytes` (at least bs_construct_min_bytes).
 * Returns 0, or -1 with a reason in err. */
int bs_construct_init(bs_construct *c, size_t bytes, char *err, size_t errlen);
void bs_construct_free(bs_construct *c);

/* Plans a layout: 0, or -1 when no plan fits the workspace. The last
 * layout's plan is kept, so asking again (and solving its boards) costs
 * nothing. */
int bs_construct_plan(bs_construct *c, int w, int h, uint64_t wall);

/* Solves b: 0 with the moves in c->moves[0..c->len); -1 for an unsolvable
 * board, or when out of memory. With c->before_sort set, a plan that ends
 * with a sort step stops before it (c->stopped): the moves then bring the
 * tiles of every filled cell home, and c->rest is the board they leave,
 * those cells walled off. It is solvable (the argument above: the board
 * restricted to the sort region is), so any answer to it finishes b's. */
int bs_construct_solve(bs_construct *c, const bs_board *b);

/* The planned layout's R_0 and G(R_0), for gen's uniform boards. */
static inline const bs_region *bs_construct_region(const bs_construct *c) { return &c->region; }
static inline const bs_group *bs_construct_group(const bs_construct *c) { return &c->group[0]; }

/* Bytes held: the workspace and the answer buffer. */
static inline size_t bs_construct_bytes(const bs_construct *c) { return c->bytes + c->cap; }

#endif
