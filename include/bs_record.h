/* bs_record: the fields of one search state, the same in every store.
 *
 * A state is 23 uint32 words. The arena stores them back to back; the
 * object and pool stores keep one struct of these words per state.
 *
 *   word  0..7   packed board (bits per cell = floor(log2(W*H))+1,
 *                32/bits cells a word; unused words are zero)
 *   word  8      hash of the board (bs_hash_board)
 *   word  9      meta: depth (bits 0..7), side (bit 8), blank cell
 *                (bits 9..14), last move (bits 15..16), has a last move (17),
 *                the score's tie key (bits 18..31, bs_heur.h)
 *   words 10..21 path from the root of its side, 2 bits a move, 192 moves
 *   word  22     score, for searches that rank states
 */
#ifndef BS_RECORD_H
#define BS_RECORD_H

#include <stdint.h>
#include <string.h>

#define BS_REC_INTS 23
#define BS_R_BOARD 0
#define BS_R_HASH 8
#define BS_R_META 9
#define BS_R_PATH 10
#define BS_R_SCORE 22
#define BS_PATH_MAX 192 /* moves one side can record */
#define BS_PATH_WORDS (BS_PATH_MAX / 16)

/* The layout is one word after another, and the board fits its words. */
_Static_assert(BS_R_HASH == BS_R_BOARD + 8, "eight words of packed board");
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
static inline unsigned bs_meta_depth(uint32_t m) { return m & 0xff; }
static inline unsigned bs_meta_side(uint32_t m) { return m >> 8 & 1; }
static inline unsigned bs_meta_blank(uint32_t m) { return m >> 9 & 63; }
/* The last move, or -1 for a root. */
static inline int bs_meta_last(uint32_t m) { return m >> 17 & 1 ? (int)(m >> 15 & 3) : -1; }
static inline unsigned bs_meta_tie(uint32_t m) { return m >> BS_META_TIE; }

static inline unsigned bs_path_get(const uint32_t *rec, unsigned k) {
  return rec[BS_R_PATH + k / 16] >> (k % 16 * 2) & 3;
}

/* Sets move `depth` of rec's path to d, rec holding its parent's path:
 * the moves before stay, the ones after are never read. */
static inline void bs_path_put(uint32_t *rec, unsigned depth, unsigned d) {
  uint32_t *w = rec + BS_R_PATH + depth / 16;
  const unsigned at = depth % 16 * 2;
  *w = (*w & ((1u << at) - 1)) | d << at;
}

#endif
