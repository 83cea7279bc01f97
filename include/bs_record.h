/* bs_record: the fields of one search state, the same in every store.
 *
 * A state is 22 uint32 words. The arena stores them back to back; the
 * object and pool stores keep one struct of these words per state.
 *
 *   words 0..8   the board, a byte a cell in cell order (bs_board.h), the
 *                bytes past the last cell zero
 *   word  9      hash of the board (bs_hash_board)
 *   word  10     meta: depth (bits 0..7), side (bit 8), blank cell
 *                (bits 9..14), last move (bits 15..16), has a last move (17),
 *                the score's tie key (bits 18..31, bs_heur.h)
 *   words 11..20 path from the root of its side, 192 moves (below)
 *   word  21     score, for searches that rank states
 *
 * A byte a cell, not the fewest bits: reading a cell is one load, where a
 * cell of packed bits costs a word's index, a shift and a mask, and the
 * scores read a line of cells for every child (bs_heur_code): 0.92 of
 * the instructions on every 100th real board, 0.89 of the time on every
 * 10th (docs/heuristic.md, stop 88). A 6x6 board takes nine words, where
 * packed bits took eight; the path's words pay for it, as moves are digits
 * in base 3 (below). */
#ifndef BS_RECORD_H
#define BS_RECORD_H

#include <stdint.h>
#include <string.h>

#define BS_REC_INTS 22
#define BS_R_BOARD 0
#define BS_R_HASH 9
#define BS_R_META 10
#define BS_R_PATH 11
#define BS_R_SCORE 21
#define BS_PATH_MAX 192 /* moves one side can record */
#define BS_PATH_WORDS 10
/* Moves the first path word holds (4 * 3^18 < 2^32) and each later one (3^20 < 2^32). */
#define BS_PATH_FIRST 19
#define BS_PATH_PER 20
_Static_assert(BS_PATH_FIRST + (BS_PATH_WORDS - 1) * BS_PATH_PER >= BS_PATH_MAX, "the path's words hold its moves");
_Static_assert(BS_PATH_MAX < 256, "a depth fits the meta word's 8 bits");

/* The layout is one word after another, and the board fits its words. */
_Static_assert(BS_R_HASH == BS_R_BOARD + 9, "nine words of board, a byte a cell");
_Static_assert(BS_R_META == BS_R_HASH + 1 && BS_R_PATH == BS_R_META + 1, "hash, meta, path in turn");
_Static_assert(BS_R_SCORE == BS_R_PATH + BS_PATH_WORDS, "the path's words end at the score");
_Static_assert(BS_REC_INTS == BS_R_SCORE + 1, "the score is the last word");

enum { BS_FORWARD = 0, BS_BACKWARD = 1 };

#define BS_META_TIE 18 /* the tie key's first bit: the rest of the word */
#define BS_TIE_MAX ((1u << (32 - BS_META_TIE)) - 1)
_Static_assert(BS_TIE_MAX == 16383, "a tie key of 14 bits");

/* tie: at most BS_TIE_MAX. */
static inline uint32_t bs_meta(unsigned depth, unsigned side, unsigned blank, int last, unsigned tie) {
  uint32_t m = depth | side << 8 | blank << 9 | tie << BS_META_TIE;
  if (last >= 0) m |= (uint32_t)last << 15 | 1u << 17;
  return m;
}
/* The meta word of a child of the state with meta word m: one deeper (the
 * depth stays in its 8 bits), on the same side, the blank at `blank` after
 * move `dir`, tie key `tie`. */
static inline uint32_t bs_meta_child(uint32_t m, unsigned blank, unsigned dir, unsigned tie) {
  return ((m & 0x1ff) + 1) | blank << 9 | dir << 15 | 1u << 17 | tie << BS_META_TIE;
}
static inline unsigned bs_meta_depth(uint32_t m) { return m & 0xff; }
static inline unsigned bs_meta_side(uint32_t m) { return m >> 8 & 1; }
static inline unsigned bs_meta_blank(uint32_t m) { return m >> 9 & 63; }
/* The last move, or -1 for a root. */
static inline int bs_meta_last(uint32_t m) { return m >> 17 & 1 ? (int)(m >> 15 & 3) : -1; }
static inline unsigned bs_meta_tie(uint32_t m) { return m >> BS_META_TIE; }

/* The path. A move never undoes the one before it (the engine never
 * makes that child), so after the first move a side has three choices,
 * not four: move k >= 1 is a digit in base 3, its rank among the moves
 * that do not undo move k-1, and move 0 a digit in base 4. The first word
 * holds moves 0..18, each later word 20 moves: 192 moves in 10 words,
 * where two bits a move would take 12. A root's path words are zero, and
 * a child adds its move's digit to its parent's words, so the digits past
 * a record's depth are zero. */
static inline unsigned bs_path_word(unsigned k) {
  return k < BS_PATH_FIRST ? 0 : 1 + (k - BS_PATH_FIRST) / BS_PATH_PER;
}

/* What move k's digit 1 adds to its word: its place value. */
static inline uint32_t bs_path_place(unsigned k) {
  static const uint32_t pow3[BS_PATH_PER] = {
      1,       3,        9,        27,        81,        243,       729,    2187,  6561, 19683, 59049, 177147,
      531441,  1594323,  4782969,  14348907,  43046721,  129140163, 387420489, 1162261467};
  return k == 0 ? 1 : k < BS_PATH_FIRST ? 4 * pow3[k - 1] : pow3[(k - BS_PATH_FIRST) % BS_PATH_PER];
}

/* What move d after the move `last` (-1 for none: then last ^ 1, as
 * unsigned, is above every move) adds to its path word at place value
 * `place`: its digit, d less one if d is above the move that undoes
 * `last`. A child's path is its parent's words with this added to word
 * bs_path_word(k) for its move k. */
static inline uint32_t bs_path_step(uint32_t place, int last, unsigned d) {
  return (d - (d > (unsigned)(last ^ 1))) * place;
}

/* The first n moves of rec's path, as directions, into dir[0..n). */
static inline void bs_path_moves(const uint32_t *rec, unsigned n, uint8_t *dir) {
  for (unsigned k = 0; k < n; k++) {
    const unsigned digit = rec[BS_R_PATH + bs_path_word(k)] / bs_path_place(k) % (k ? 3 : 4);
    dir[k] = (uint8_t)(k ? digit + (digit >= (unsigned)(dir[k - 1] ^ 1)) : digit);
  }
}

#endif
