/* bs_settings: every tunable setting of the solver, in one table.
 *
 * Each row is SETTING(name, default, low, high, meaning). The table is the
 * only place a setting is defined: the struct, the defaults, the range
 * checks, `--set NAME=VALUE` and `bislide settings` all come from it (the
 * model is kissat's src/options.h). A setting is a knob with a meaning and
 * a range, never a value that exists because it answered particular boards.
 *
 * Budgets count generated states, never time, so the same board, settings
 * and memory give the same answer on every run and machine. */
#ifndef BS_SETTINGS_H
#define BS_SETTINGS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define BS_SETTINGS                                                                               \
  SETTING(auto_exact, 30000, 0, 1000000000,                                                       \
          "generated states auto mode gives the exact search before the heuristic mode, times the effort; it gives up before a run it foresees past them, and from effort 2 it is scored by the beams' tables too (0: none)") \
  SETTING(effort, 1, 1, 1000,                                                                     \
          "time for moves: multiplies the beams' widths and budgets and the polish's budgets")   \
  SETTING(escalate, 2, 1, 64,                                                                     \
          "a board the first beam does not answer is solved again at this many times the effort: wider beams, their budgets and tables (the polish stays at the effort)") \
  SETTING(retry_over, 200, 0, 1000000,                                                            \
          "percent of a board's lower bound: a first beam's answer longer than that is held and tried again by the escalated beams (on a board with no tables yet, as retry_build says), the shorter kept (0: never)") \
  SETTING(retry_build, 0, 0, 1,                                                                   \
          "1: a first answer held as too long (retry_over) on a board with no tables yet builds them, and both escalated beams try again, as on a board the first beam misses; 0: only the greedier beam tries, with no tables built for it") \
  SETTING(beam_width, 1500, 1, 1000000,                                                          \
          "states each side of the beam expands per layer, at effort 1 (wider on the same beam_budget reaches less deep: effort grows both)") \
  SETTING(beam_extra, 4, 0, 64, "layers the beam goes on after its first meeting, for a shorter one") \
  SETTING(beam_far, 150, 0, 65535,                                                                \
          "moves by the beam's score: while its forward side foresees a longer way (depth plus best score), its backward side waits, as beams that far apart meet only near the goal (0: never; 1: a beam forward alone, shorter on wall-free 5x5 boards at a high effort)") \
  SETTING(beam_stall, 48, 0, 192,                                                                 \
          "layers a beam's forward side may go without a new least score: then its leg ends at its frontier's best state, and the next leg starts there, as after a record's depth (0: never)") \
  SETTING(beam_reverse, 0, 0, 1,                                                                  \
          "1: the first beam runs again from the goal toward the board, as wide and on the same budget, and the shorter answer is kept (0: never)") \
  SETTING(beam_budget, 2000000, 1000, 1000000000,                                                 \
          "generated states of the beams of one board before the constructor takes over, at effort 1: the first beam has half of it (beam_reverse: as much again), the beams of a board solved again all of it at their effort") \
  SETTING(lc_weight, 3, 0, 8,                                                                     \
          "beam score: moves counted per tile that must leave its row or column (2 is the lower bound)") \
  SETTING(lc_retry, 8, 0, 64,                                                                     \
          "the same, for the greedier beam that tries again a board the first beam does not answer (or answers too long: retry_over), from the goal toward the board, and for the rescue beam (rescue_budget)") \
  SETTING(beam_curve, 6, 0, 1000,                                                                 \
          "beam score: a tile d moves from its target counts d + d*d/N (at most 254), so that one tile far from home outweighs several near theirs, as it has to pass through them (0: d alone)") \
  SETTING(beam_pdb, 256, 0, 67108864,                                                             \
          "KiB of pattern databases of a board's layout, times the largest power of 4 within the effort, out of --mem (0: none; none under 256 KiB in all): from effort 2 built first, to score every beam; at effort 1 only for a board the first beam does not answer") \
  SETTING(rescue_width, 24000, 1, 10000000,                                                       \
          "states each side of the last, wide beam expands per layer, at effort 1")               \
  SETTING(rescue_budget, 0, 0, 1000000000,                                                        \
          "generated states of the last, wide beam before the constructor takes over, at effort 1 (0: none)") \
  SETTING(polish_window, 28, 4, 190,                                                              \
          "moves of the polish's first windows, each replaced by a proven-shortest way; longer ones follow while they fit polish_budget") \
  SETTING(polish_cover, 4, 1, 16,                                                                 \
          "windows of the polish each move lies in: one starts every 1/polish_cover of a window, so every stretch up to (polish_cover-1)/polish_cover of one lies in one") \
  SETTING(polish_budget, 90000, 0, 1000000000,                                                   \
          "generated states each window's bridge may use, at effort 1; it gives up before a run it foresees past them (0: no polish)") \
  SETTING(polish_total, 2000000, 0, 100000000000,                                                 \
          "generated states the polish may use on one board in all, at effort 1 (0: no limit)")   \
  SETTING(exact_budget, 0, 0, 100000000000,                                                       \
          "generated states exact and bfs modes may use on one board, past it by at most one parent's children (0: no limit); exact mode " \
          "gives up before a run that should overrun it")                                          \
  SETTING(pdb_mem, 64, 0, 65536,                                                                  \
          "MiB of pattern databases exact mode builds per layout (0: none), out of --mem")         \
  SETTING(tuple_tiles, 3, 0, 3,                                                                   \
          "tiles of exact mode's tuple tables (bs_tuples.h): each set of that many tiles gets the fewest moves, the blank's too, to bring them and the blank home, and the largest bounds the search where it bounds the board higher than the sums; fewer tiles where tuple_mem is too small (0: none)") \
  SETTING(tuple_mem, 64, 0, 65536,                                                                \
          "MiB of tuple tables exact mode builds per board, both sides of its search, at most a sixteenth of --mem") \
  SETTING(tuple_after, 1000000, 0, 100000000000,                                                  \
          "generated states exact mode searches without its tuple tables before it builds them, so that boards settled sooner never pay for a build (0: built first)") \
  SETTING(tuple_keep, 16, 1, 100000,                                                              \
          "tuple tables of each side exact mode's search reads: those that bound its start highest (a largest entry over fewer is still a bound, and every child reads each one)") \
  SETTING(construct_starts, 12, 1, 1000,                                                           \
          "points spread evenly along the way of the beam that came closest that the constructor starts from, the shortest answer kept (1: the way's end)") \
  SETTING(construct_inverse, 1, 0, 1,                                                              \
          "1: at each start the constructor also answers the board's inverse (bs_board_inverse), whose answer reversed answers the board, and the shorter is kept (0: the board alone)") \
  SETTING(construct_budget, 16000000, 0, 1000000000,                                              \
          "states the constructor's searches may reach on one board, over its starts, at effort 1: no start begins past it (0: no limit)") \
  SETTING(sort_beam, 500000, 0, 1000000000,                                                      \
          "generated states, at effort 1, of the beams over the region the constructor's sort step would sort, as a board of its own, on one board, over its starts, the first first: where one meets, its answer replaces that start's 3-cycles, and where it misses, the constructor sorts the region from where it came closest (0: never)") \
  SETTING(relay_window, 200, 4, 380,                                                              \
          "moves of each stretch of an answer that a relay beam tries to shorten (one starts every half of it)") \
  SETTING(relay_width, 500, 1, 1000000,                                                          \
          "the most states each side of a relay beam expands per layer, at effort 1 (fewer where the stretch's share of the budget is smaller)") \
  SETTING(relay_share, 50, 0, 100,                                                                \
          "percent of polish_total that relay beams spend first on the constructor's answer, or on one longer than retry_over percent of its lower bound (retry_over not 0); the windows the rest (0, or polish_total 0: no relays)") \
  SETTING(construct_mem, 16, 5, 65536,                                                            \
          "MiB of workspace for the constructor of the heuristic and auto modes, out of --mem: it and the beams' tables (beam_pdb) share half of --mem, the constructor first")

typedef struct bs_settings {
#define SETTING(name, def, low, high, what) int64_t name;
  BS_SETTINGS
#undef SETTING
} bs_settings;

/* The defaults of the table. */
extern const bs_settings bs_settings_default;

/* Sets one setting from "NAME=VALUE" (a whole decimal number within the
 * row's range). Returns 0, or -1 with the reason in err. */
int bs_settings_parse(bs_settings *s, const char *assignment, char *err, size_t errlen);

/* Writes the settings that differ from the defaults as "name=value"
 * separated by commas ("" when none) into out[0..size); returns the length
 * it needed (as snprintf). Runs whose settings differ write different
 * strings, so a journal can refuse to resume another run's work. */
size_t bs_settings_changes(const bs_settings *s, char *out, size_t size);

/* The table, one row a line: name, value, default, range, meaning. */
void bs_settings_print(FILE *f, const bs_settings *s);

#endif
