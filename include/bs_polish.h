/* bs_polish: shortens an answer without changing where it leads.
 *
 * Loops first: a stretch of moves that comes back to a board the answer
 * already passed is cut out, until every board on the way is different.
 * Then windows: each stretch of `window` moves (one every window/cover
 * moves, so that each move lies in `cover` windows and every stretch up to
 * (cover-1)/cover of a window lies whole in one) is replaced by a
 * PROVEN-shortest way between its two ends when that is shorter: a
 * bridge, the engine bounded by Manhattan distance plus linear
 * conflicts toward both ends (bs_bounded), and by the pattern databases of
 * the layout when the board has them (bs_pdb.h: admissible toward any
 * target board, so toward a window's ends), its bound raised (bs_bounded) from that
 * lower bound up to the stretch's length less 2 (every way between the
 * ends has the stretch's parity). A pass that shortens something goes
 * again, and searches no window whose ends and length a bridge has
 * settled before (most of them: the change touches a few); a pass that
 * proves every window shortest goes again with windows half as long
 * again, up to the whole answer; the first pass with a bridge
 * that runs out of its budget ends the polish: windows that long are the
 * exact search's limit there. So the budget alone sets how far it reaches.
 * A pass foreseen to run out is not tried at all: a bridge's cost grows
 * geometrically with its length (the branching of a search to a depth),
 * so the costliest bridges of the last two window lengths give the base,
 * and the next length's costliest bridge is extrapolated from them. Such a
 * pass would spend its budget on windows as long as the whole answer (an
 * exact solve of the board), and find almost nothing (docs/heuristic.md).
 * A total budget caps the whole polish of one board, shared out over the
 * windows each pass has left, so that a very long answer (the
 * constructor's) costs a bounded time and is polished end to end. A
 * window over the whole answer whose bridge finds no shorter way proves
 * the answer shortest (every way has its parity): that raises the
 * result's floor to its length, as auto's exact try would have.
 *
 * Relays, for an answer a beam did not find (the constructor's) or one
 * far longer than the board's lower bound: each stretch of `window`
 * moves, one every window/2 moves, is replaced by the way a beam finds
 * between its two ends when that is shorter. The beams that missed the
 * board went from end to end; between two boards of the way, a window
 * apart, a beam meets, and it finds what the constructor, which places
 * tiles one group at a time, walks round. Not proven shortest: the
 * windows after them are.
 *
 * Written once over bs_solver_engine, so it works in every store; the loop
 * cut needs no store. */
#ifndef BS_POLISH_H
#define BS_POLISH_H

#include <stdint.h>

#include "bs_solver.h"

/* Cuts every loop out of the answer m[0..len) of board b; returns the new
 * length. Returns -1 when out of memory (m unchanged). */
int bs_polish_loops(const bs_board *b, char *m, int len);

/* How far the windows reach. */
typedef struct bs_polish_plan {
  int window;      /* moves of the first windows (at least 2) */
  int cover;       /* windows each move lies in: one starts every window/cover moves */
  uint64_t budget; /* generated states each bridge may use (0: no limit) */
  uint64_t total;  /* generated states of all the bridges (0: no limit) */
} bs_polish_plan;

/* Replaces windows of the answer m[0..len) of b by shorter ways as the
 * plan says, the total shared out over the windows each pass has left,
 * the bridges bounded by the tables P too (NULL: none); returns the new
 * length, never more than len. The searches' counts are added to acc,
 * and acc->floor is raised to the new length when a window over the
 * whole answer proved that no way from b to where it leads is shorter. */
int bs_polish_windows(bs_solver *sv, const bs_board *b, char *m, int len, const bs_polish_plan *plan,
                      const bs_pdb *P, bs_result *acc);

/* The relays' beams. */
typedef struct bs_relay_plan {
  int window;      /* moves of a relay's stretch (at least 4) */
  int lc;          /* the beams' conflict weight (bs_heur_init) */
  int extra;       /* layers after a meeting (bs_policy.extra) */
  uint32_t width;  /* states each side of a beam expands per layer */
  uint64_t total;  /* generated states of all the beams */
  int curve;       /* the beams' distance curve (bs_heur_curve; 0: none) */
} bs_relay_plan;

/* Replaces stretches of the answer m[0..len) of b by shorter ways that
 * beams find between their ends, as the plan says, scored by the tables P
 * too (NULL: none), until the total is spent; returns the new length, never
 * more than len (loops are the caller's to cut). The beams' counts are
 * added to acc. */
int bs_polish_relay(bs_solver *sv, const bs_board *b, char *m, int len, const bs_relay_plan *plan,
                    const bs_pdb *P, bs_result *acc);

#endif
