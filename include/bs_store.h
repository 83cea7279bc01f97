/* bs_store: the contract between the search and a store of states.
 *
 * The engine (src/engine_impl.h) is written once and compiled once per
 * store, with BS_STORE set to the store's name X. It calls only these
 * static inline functions of X, so each store's search is specialised by
 * the compiler and no state goes through a function pointer:
 *
 *   void      bs_X_clear(X *, int nwords)      empty, for a new puzzle
 *   uint32_t  bs_X_count(const X *)            states held, ids 1..count
 *   uint32_t  bs_X_capacity(const X *)         states it may hold at most
 *   int       bs_X_full(const X *)             no room for one more state
 *   uint32_t *bs_X_rec(const X *, uint32_t id) the state's 22 words
 *   uint32_t *bs_X_scratch(X *)                where to build a candidate;
 *                 only while not full (the arena's is the record past the
 *                 last, which is table space once the store is full)
 *   void      bs_X_expect(X *, uint64_t n)     about n states will come: size
 *                 the table for them now, within the capacity (on an
 *                 empty store; a hint)
 *   void      bs_X_prefetch(const X *, uint32_t hash)  warm the lookup's slot
 *   int       bs_X_lookup(X *, const uint32_t *cand, const uint32_t **other)
 *                 BS_NEW, BS_SEEN_SELF, or BS_SEEN_OTHER with *other set
 *   void      bs_X_commit(X *)                 add the candidate after BS_NEW
 *   void      bs_X_keep(X *, const uint32_t *lo, const uint32_t *hi, int n)
 *                 keep only ascending id ranges [lo,hi), renumbered from 1
 *   size_t    bs_X_bytes(const X *)            memory the puzzle holds now
 *
 * Every store holds at most the same number of states (its capacity), so
 * all of them run out of room at the same moment and give the same answers
 * and node counts. */
#ifndef BS_STORE_H
#define BS_STORE_H

#include "bs_arena.h"
#include "bs_object.h"
#include "bs_pool.h"

#endif
