/* bs_heuristic: the heuristic mode, written once over the engine.
 *
 * First the bidirectional beam (bs_engine.h), ranking states by the
 * wall-aware Manhattan distance plus linear conflicts: its answers are short,
 * and it answers most boards within its budget. A board farther from its
 * goal than a record's path holds is the beam's too: a beam out of depth
 * goes on from its closest state, leg after leg, and so does one that
 * stops getting closer (one out of budget ends its last leg there). With
 * beam_reverse, the first beam also runs from the goal toward the board,
 * and the shorter answer is kept. A board
 * the first beam does not answer is one its score misleads, and it is
 * solved again at `escalate` times the effort, with a score that sees
 * rings and passages: pattern databases of the layout (bs_pdb.h), built at
 * effort 1 only for the boards that need them; then with conflicts
 * weighing lc_retry beside them, from the goal toward the board. A
 * board whose first answer is longer than retry_over percent of its lower
 * bound is tried again too, the shorter answer kept; where the board has
 * no tables yet, by that last beam alone, without them (retry_build 0).
 * Then, if the settings ask for it, a wide beam. Where none answers, the
 * constructor (bs_construct.h) answers, from where the legs of the beam
 * that came closest end, and it answers every solvable board: that is the
 * guarantee, not a wider beam
 * (the region its sort step would sort goes to a beam first, which takes
 * the 3-cycles' place where it meets, and where it misses the constructor
 * sorts the region from where that beam came closest; and at each start
 * it answers the board's inverse too, whose answer reversed answers the
 * board, the shorter kept); beams between waypoints of its way (relays)
 * shorten its answer, and any answer still far above the board's lower
 * bound. Every answer then has its loops cut and its windows polished
 * (bs_polish.h), bounded by the board's tables where it has them.
 * All budgets count generated states, never time, so answers repeat
 * exactly. None is marked optimal here; the floor of the result is the
 * board's lower bound, or the answer's length where the polish's window
 * over the whole answer proved it shortest (src/mode.c marks an answer
 * that short optimal). */
#include "bs_polish.h"

#include <stdlib.h>
#include <string.h>

/* The constructor, in the solver's side bytes, allocated the first time a
 * board needs it. Returns 0 with the answer in sv->con, or -1 when the
 * workspace does not fit the side bytes or holds no plan for the layout. */
static int constructor(bs_solver *sv, const bs_settings *set, const bs_board *b, int before_sort) {
  if (!sv->con_ready) {
    char err[128];
    if (bs_construct_init(&sv->con, (size_t)bs_solver_con_bytes(sv, set), err, sizeof err)) return -1;
    sv->con_ready = 1;
  }
  sv->con.before_sort = before_sort;
  return bs_construct_solve(&sv->con, b);
}

static bs_end legs(bs_solver *sv, const bs_settings *set, bs_board *at, const bs_board *to, int lc,
                   uint64_t width, const bs_pdb *P, uint64_t *give, char *m, int *len, bs_result *s,
                   bs_result *r);

/* The constructor's answer from where it stopped before its sort step
 * (sv->con.stopped): its steps, then the region they leave (sv->con.rest)
 * as a board of its own. First a beam, on the *pool states the board's
 * sort beams have left (it takes what it spends), scored by the conflicts
 * alone (the board's tables are of another layout): the steps have cleared
 * the board round the region, and there a beam often meets where the
 * whole board's missed, in far fewer moves than 3-cycles, each a walk
 * there and back. Where it misses (on a ring, as they did), the
 * constructor answers the region, from where the beam's legs came
 * closest, as the whole board's constructor goes on from the first beam's:
 * fewer tiles out of place, so fewer 3-cycles, and the steps are not
 * searched again. The legs stay in the region, which is solvable
 * (bs_construct.h), so the board they reach is too, and only memory stops
 * the constructor there (with the region's own plan). Returns the answer
 * (malloc'd, *n its length), or NULL. */
static char *sort_region(bs_solver *sv, const bs_settings *set, int *n, bs_result *r, uint64_t *pool) {
  bs_construct *c = &sv->con;
  const size_t steps = c->len;
  bs_board at = c->rest, goal;
  bs_goal(&at, &goal);
  uint64_t give = *pool;
  char *m = malloc(steps + BS_ANSWER_MAX + 1);
  bs_result *s = malloc(sizeof *s);
  int len = 0;
  if (!m || !s) {
    free(m);
    free(s);
    return NULL;
  }
  memcpy(m, c->moves, steps);
  const bs_end end = legs(sv, set, &at, &goal, (int)set->lc_weight,
                          (uint64_t)set->beam_width * (uint64_t)set->effort, NULL, &give, m + steps, &len,
                          s, r);
  *pool = give;
  /* The rest of the way from where the legs end: the beam's, or the
   * constructor's. */
  const char *tail = NULL;
  size_t nt = 0;
  if (end == BS_END_MET && len + s->length <= BS_ANSWER_MAX)
    tail = s->moves, nt = (size_t)s->length;
  else if (!constructor(sv, set, &at, 0))
    tail = c->moves, nt = c->len;
  char *out = tail ? realloc(m, steps + (size_t)len + nt + 1) : NULL;
  if (out) {
    memcpy(out + steps + len, tail, nt);
    *n = (int)(steps + (size_t)len + nt);
  } else {
    free(m);
  }
  free(s);
  return out;
}

/* Counts the states generated since *mark as phase ph's. */
static void charge(bs_result *r, bs_phase ph, uint64_t *mark) {
  r->phase[ph] += r->generated - *mark;
  *mark = r->generated;
}

/* Writes to out the n moves of way backwards, each undone: the way back. */
static void way_back(char *out, const char *way, int n) {
  for (int i = 0; i < n; i++) out[i] = bs_dir_chars[bs_dir_from_char((unsigned char)way[n - 1 - i]) ^ 1];
}

/* The constructor's answer to x (malloc'd, *n its length), or NULL. While
 * *pool lasts, the sort step's region is a board of its own (sort_region);
 * where memory stops that, the constructor answers again from x. */
static char *construct_one(bs_solver *sv, const bs_settings *set, const bs_board *x, int *n, bs_result *r,
                           uint64_t *pool) {
  int failed = constructor(sv, set, x, *pool > 0);
  char *own = !failed && sv->con.stopped ? sort_region(sv, set, n, r, pool) : NULL;
  if (own) return own;
  if (!failed && sv->con.stopped) failed = constructor(sv, set, x, 0);
  char *m = failed ? NULL : malloc(sv->con.len + 1);
  if (m) {
    memcpy(m, sv->con.moves, sv->con.len);
    *n = (int)sv->con.len;
  }
  return m;
}

/* The constructor's answer to x's inverse (bs_board_inverse), turned into
 * one to x: the walk, then that answer backwards, each move undone. The
 * inverse's plan fills the cells in the same order, but with other tiles,
 * so its sort step turns other 3-cycles: a second answer about as long
 * on average, and on boards whose sort step turns many, often hundreds of
 * moves shorter. */
static char *construct_inverted(bs_solver *sv, const bs_settings *set, const bs_board *x, int *n,
                                bs_result *r, uint64_t *pool) {
  bs_board inv;
  char walk[BS_MAX_CELLS];
  int ni = 0;
  const int nw = bs_board_inverse(x, &inv, walk);
  char *a = nw < 0 ? NULL : construct_one(sv, set, &inv, &ni, r, pool);
  char *m = a ? malloc((size_t)(nw + ni) + 1) : NULL;
  if (m) {
    memcpy(m, walk, (size_t)nw);
    way_back(m + nw, a, ni);
    *n = nw + ni;
  }
  free(a);
  return m;
}

/* The constructor from construct_starts points spread evenly along the
 * way: each answer is the way up to its start and the constructor's answer
 * from there, loops cut, and the shortest is kept, ties to the start
 * nearest the way's beginning, as its answers swing by hundreds of moves
 * with where it starts. At each start the constructor answers the board
 * and, with construct_inverse, its inverse too, the shorter kept, ties to
 * the board's own. The way's end, where the beam came closest, goes
 * first, and no start begins once the constructor's searches have reached
 * construct_budget states (times the effort) on this board: on a ring
 * whose 3-cycles cost a deep search each, 12 starts would take seconds.
 * Each start's sort regions go to a beam first while the board's
 * sort_beam states (times the effort) last, the first start's first: on
 * a ring where every such beam misses, the board pays sort_beam states,
 * not a beam per start.
 * Returns it (malloc'd, *n its length), or NULL when the constructor
 * cannot answer or memory runs out. */
static char *construct_along(bs_solver *sv, const bs_settings *set, const bs_board *b, const char *way,
                             int len, int *n, bs_result *r) {
  const int starts = len ? (int)set->construct_starts : 1;
  const uint64_t budget = (uint64_t)set->construct_budget * (uint64_t)set->effort;
  char *best = NULL;
  uint64_t spent = 0, pool = (uint64_t)set->sort_beam * (uint64_t)set->effort;
  for (int j = starts, last = -1; j >= 1 && (!budget || spent < budget); j--) {
    const int i = (int)((int64_t)len * j / starts);
    if (i == last) continue; /* a way shorter than the starts */
    last = i;
    bs_board x = *b;
    for (int k = 0; k < i; k++) bs_move(&x, bs_dir_from_char((unsigned char)way[k]));
    const uint64_t before = sv->con_ready ? sv->con.searched : 0;
    int na = 0, ni = 0;
    char *a[2] = {construct_one(sv, set, &x, &na, r, &pool),
                  set->construct_inverse ? construct_inverted(sv, set, &x, &ni, r, &pool) : NULL};
    const int nc[2] = {na, ni};
    spent += sv->con_ready ? sv->con.searched - before : 0;
    int pick = -1, cut = 0;
    for (int t = 0; t < 2; t++) {
      char *m = a[t] ? malloc((size_t)(i + nc[t]) + 1) : NULL;
      int c = -1;
      if (m) {
        memcpy(m, way, (size_t)i);
        memcpy(m + i, a[t], (size_t)nc[t]);
        c = bs_polish_loops(b, m, i + nc[t]);
      }
      free(a[t]);
      a[t] = m;
      if (c >= 0 && (pick < 0 || c < cut)) pick = t, cut = c;
    }
    if (pick >= 0 && (!best || cut <= *n)) {
      free(best);
      best = a[pick];
      a[pick] = NULL;
      *n = cut;
    }
    free(a[0]);
    free(a[1]);
  }
  return best;
}

/* Builds the beam's score H for a leg from `at` (conflicts weighing lc,
 * distances bent by `curve`, and tables P if any) and returns at's
 * score. */
static int leg_score(bs_heur *H, const bs_board *at, const bs_board *goal, int lc, int curve,
                     const bs_pdb *P) {
  bs_heur_beam(H, at, goal, lc, curve, P);
  return (int)bs_score_value(bs_heur_word(H, BS_FORWARD, at));
}

/* A beam of `width` (conflicts weighing lc, tables P if any) from *at
 * toward `to`, in legs, on *give states. Out of depth, or stalled (no
 * closer in beam_stall layers: the rest of its budget would go to
 * wandering), the next leg starts where this one came closest by the
 * beam's score, as long as the legs get closer. Out of budget, the way
 * to where it came closest is the last leg, so that what the beam found
 * is not lost to the constructor, which goes on from the legs' end. The
 * legs' way is m[0..*len), *at where they end; s is the last leg's result
 * (its answer, when it met), *give what is left. Returns the last leg's
 * end. */
static bs_end legs(bs_solver *sv, const bs_settings *set, bs_board *at, const bs_board *to, int lc,
                   uint64_t width, const bs_pdb *P, uint64_t *give, char *m, int *len, bs_result *s,
                   bs_result *r) {
  bs_end end = BS_END_BUDGET;
  bs_heur H;
  int h = leg_score(&H, at, to, lc, (int)set->beam_curve, P);
  *len = 0;
  while (*give) {
    bs_policy beam = {.width = width > UINT32_MAX ? UINT32_MAX : (uint32_t)width,
                      .extra = (int)set->beam_extra, .far = (unsigned)set->beam_far,
                      .stall = (unsigned)set->beam_stall, .recycle = 1,
                      .H = &H, .budget = *give,
                      .expect = *give}; /* a beam fills the store or its budget */
    end = bs_solver_engine(sv, at, to, &beam, s);
    bs_result_add(r, s);
    *give = *give > s->generated ? *give - s->generated : 0;
    if ((end != BS_END_DEPTH && end != BS_END_STALL && end != BS_END_BUDGET) || !s->length ||
        *len + s->length > BS_ANSWER_MAX)
      break;
    bs_board next = *at;
    for (int i = 0; i < s->length; i++) bs_move(&next, bs_dir_from_char(s->moves[i]));
    const int hn = leg_score(&H, &next, to, lc, (int)set->beam_curve, P);
    if (hn >= h) break;
    memcpy(m + *len, s->moves, (size_t)s->length);
    *len += s->length;
    *at = next;
    h = hn;
  }
  return end;
}

/* A beam from the goal toward the board, on *give states: the first beam
 * once more (beam_reverse), and the greedier escalated beam. A beam from
 * the other end ranks different states and strays differently: on boards
 * that a beam crosses forward alone (far ones, or beam_far 1) the shorter
 * of the two answers beats one beam twice as wide, and a board the beams
 * from it missed may be met from the goal. When it meets with fewer
 * moves than the answer m[0..*len) + s's way (when end says that one
 * met), its answer, undone move by move from the end, becomes it:
 * m[0..*len) whole, s's way empty. Returns the end of the better one. */
static bs_end reverse_beam(bs_solver *sv, const bs_settings *set, const bs_board *b, const bs_board *goal,
                           int lc, uint64_t width, const bs_pdb *P, uint64_t *give, bs_end end, char *m,
                           int *len, bs_result *s, bs_result *r) {
  char *w = malloc(BS_ANSWER_MAX + 1);
  bs_result *t = malloc(sizeof *t);
  if (w && t) {
    bs_board at = *goal;
    int n = 0;
    const int met = end == BS_END_MET && *len + s->length <= BS_ANSWER_MAX;
    if (legs(sv, set, &at, b, lc, width, P, give, w, &n, t, r) == BS_END_MET &&
        n + t->length <= BS_ANSWER_MAX && (!met || n + t->length < *len + s->length)) {
      memcpy(w + n, t->moves, (size_t)t->length);
      n += t->length;
      way_back(m, w, n);
      *len = n;
      s->length = 0;
      end = BS_END_MET;
    }
  }
  free(w);
  free(t);
  return end;
}

void bs_heuristic_solve(bs_solver *sv, const bs_board *b, const bs_opts *o, bs_result *r) {
  if (bs_settled(b, r)) return;
  const bs_settings *set = o->set ? o->set : &bs_settings_default;
  bs_board goal;
  bs_goal(b, &goal);
  const uint64_t effort = (uint64_t)set->effort, high = effort * (uint64_t)set->escalate;
  /* The first beam has half of its effort's budget; the beams of a board
   * solved again have the escalated effort's (or the caller's rest). */
  const uint64_t first = (o->budget ? o->budget : (uint64_t)set->beam_budget * effort) / 2;
  const uint64_t rest = o->budget ? o->budget - first : (uint64_t)set->beam_budget * high;
  bs_result s;
  bs_end end;
  /* A board the first beam does not answer (both sides die out, or its
   * legs stop getting closer) is one its score misleads, and it is solved
   * again at `escalate` times the effort: wider beams, and pattern
   * databases of the board's layout of that effort's size, whose tiles in
   * a group pass each other in rings and passages as they really do. At
   * effort 1 they are built only then, as most boards never need them.
   * First a beam scored by the tables (the larger of theirs and the
   * conflicts' score), with half of that budget; then one that beside
   * them weighs conflicts more (lc_retry), a greedier score that resolves
   * tiles out of line first, run from the goal toward the board: the
   * beams before it went from the board and missed it (stop 42 measured
   * shorter answers than from the board in about the same time,
   * docs/heuristic.md).
   * Each beam has what the last one left, too.
   * Without room for tables, only the second. Then, if rescue_budget
   * allows (it is 0 by default) and the caller set no budget, once more
   * as wide as rescue_width, which rarely helps on boards scrambled far
   * (docs/heuristic.md). Then the constructor. The polish stays at the
   * effort: on the boards every beam misses, the constructor's long
   * answers would take all of a larger polish budget. A first answer
   * longer than retry_over percent of the board's lower bound is held,
   * and the shorter of it and what the others find is kept. On a board
   * with no tables yet (effort 1), unless retry_build is set, only the
   * greedier beam tries, without them: on the real set a third less CPU
   * time for 0.39% more moves, on new walled boards 0.8 to 1.5% more
   * moves (stop 66, docs/heuristic.md). */
  enum { FIRST, TABLES, GREEDY, RESCUE };
  const struct { int lc; uint64_t width, budget; int from_goal; } beams[] = {
      [FIRST] = {(int)set->lc_weight, (uint64_t)set->beam_width * effort, first, 0},
      [TABLES] = {(int)set->lc_weight, (uint64_t)set->beam_width * high, rest / 2, 0},
      [GREEDY] = {(int)set->lc_retry, (uint64_t)set->beam_width * high, rest - rest / 2, 1},
      [RESCUE] = {(int)set->lc_retry, (uint64_t)set->rescue_width * high,
                  o->budget ? 0 : (uint64_t)set->rescue_budget * high, 0},
  };
  /* The tables' share of the side bytes: beam_pdb KiB times the largest
   * power of 4 within the effort, as --mem allows (bs_solver_side). From
   * effort 2 on, tables that large are built before the first beam and
   * score it too: they see how the tiles of a pattern pass each other,
   * which shortens answers on boards of every size, and a set of one
   * layout builds them once. */
  const bs_pdb *P = bs_solver_first_pdb(sv, set, b, r);
  uint64_t left = 0; /* what the last beam left of its budget */
  uint64_t mark = r->generated; /* states counted to a phase so far */
  /* The current beam's legs, then the answer; the legs of the beam that
   * came closest, for the constructor to go on from; and the first beam's
   * answer while the escalated beams try to beat it. */
  char *m = malloc(3 * (BS_ANSWER_MAX + 1));
  if (!m) {
    r->reason = "out of memory";
    return;
  }
  char *kept = m + BS_ANSWER_MAX + 1, *held = kept + BS_ANSWER_MAX + 1;
  int len = 0, nkept = 0, nheld = -1, built = 0; /* built: the constructor's answer */
  const unsigned bound = (unsigned)bs_lower_bound(b);
  r->floor = (int)bound;
  unsigned dnear = bound;
  end = BS_END_BUDGET;
  for (size_t k = 0; k < sizeof beams / sizeof *beams; k++) {
    uint64_t give = beams[k].budget + (k == RESCUE ? 0 : left);
    if (k == TABLES) {
      /* A held answer on a board with no tables builds none (retry_build). */
      if (nheld < 0 || P || set->retry_build) P = bs_solver_beam_pdb(sv, set, b, high, r);
      if (!P) { /* no tables: the conflicts' score alone is the next beam's */
        left = give;
        continue;
      }
    }
    if (!give) continue;
    bs_board at = *b;
    if (beams[k].from_goal) { /* no legs from the board: at stays b */
      len = s.length = 0;
      end = reverse_beam(sv, set, b, &goal, beams[k].lc, beams[k].width, P, &give, BS_END_BUDGET, m, &len,
                         &s, r);
    } else {
      end = legs(sv, set, &at, &goal, beams[k].lc, beams[k].width, P, &give, m, &len, &s, r);
    }
    if (k == FIRST && set->beam_reverse) {
      uint64_t again = beams[k].budget; /* as much again */
      end = reverse_beam(sv, set, b, &goal, beams[k].lc, beams[k].width, P, &again, end, m, &len, &s, r);
    }
    charge(r, k == FIRST ? BS_PHASE_FIRST : BS_PHASE_AGAIN, &mark);
    if (end == BS_END_MET && len + s.length <= BS_ANSWER_MAX) {
      /* A first answer far above the lower bound is the mark of a score
       * that misled the beam, as on a board it misses (rings that the
       * conflicts cannot see): held, while the escalated beams try. */
      if (k != FIRST || !set->retry_over ||
          (uint64_t)(len + s.length) * 100 <= (uint64_t)set->retry_over * bound)
        break;
      memcpy(held, m, (size_t)len);
      memcpy(held + len, s.moves, (size_t)s.length);
      nheld = len + s.length;
      left = give;
      end = BS_END_BUDGET;
      continue;
    }
    /* Legs and beams of different scores compare how close they came by
     * the lower bound. */
    const unsigned d = len ? (unsigned)bs_lower_bound(&at) : dnear;
    if (d < dnear) {
      memcpy(kept, m, (size_t)len);
      nkept = len;
      dnear = d;
    }
    if (end == BS_END_MEMORY) break;
    left = give;
  }
  const int met = end == BS_END_MET && len + s.length <= BS_ANSWER_MAX;
  if (nheld >= 0 && (!met || nheld <= len + s.length)) {
    memcpy(m, held, (size_t)nheld);
    len = nheld;
  } else if (met) {
    memcpy(m + len, s.moves, (size_t)s.length);
    len += s.length;
  } else {
    char *con = construct_along(sv, set, b, kept, nkept, &len, r);
    charge(r, BS_PHASE_CONSTRUCT, &mark);
    free(m);
    if (!con) {
      r->reason = "memory cap"; /* the beam found nothing, and the constructor has no room */
      return;
    }
    m = con;
    built = 1;
  }
  /* The constructor's answer has its loops cut already; the beam's not. */
  if ((len = bs_polish_loops(b, m, len)) < 0) goto out_of_memory;
  /* Where the board has tables (effort 2 on, or solved again), they bound
   * the polish's bridges too: fewer states a window, so longer windows.
   * The constructor's answer is relayed first: between its waypoints, a
   * window apart, beams meet that missed the board from end to end
   * (bs_polish.h). So is a beam's answer still longer than retry_over
   * percent of the lower bound, the mark of a score that misled the beam.
   * They spend relay_share percent of the polish's total, the windows the
   * rest, so that such a board takes no longer than before. */
  if (set->polish_budget) {
    uint64_t total = (uint64_t)set->polish_total * effort;
    const int astray = set->retry_over && (uint64_t)len * 100 > (uint64_t)set->retry_over * bound;
    if ((built || astray) && total && set->relay_share) {
      const bs_relay_plan relay = {(int)set->relay_window, (int)set->lc_weight, (int)set->beam_extra,
                                   (uint32_t)((uint64_t)set->relay_width * effort),
                                   total * (uint64_t)set->relay_share / 100, (int)set->beam_curve};
      len = bs_polish_relay(sv, b, m, len, &relay, P, r);
      const uint64_t spent = r->generated - mark; /* every state before is charged */
      charge(r, BS_PHASE_RELAY, &mark);
      total = spent < total ? total - spent : 1; /* 0 would be no limit */
      if ((len = bs_polish_loops(b, m, len)) < 0) goto out_of_memory; /* the relays' splices */
    }
    const bs_polish_plan plan = {(int)set->polish_window, (int)set->polish_cover,
                                 (uint64_t)set->polish_budget * effort, total};
    len = bs_polish_windows(sv, b, m, len, &plan, P, r);
    charge(r, BS_PHASE_POLISH, &mark);
  }
  if (len > BS_ANSWER_MAX) {
    free(m);
    r->reason = "answer too long";
    return;
  }
  memcpy(r->moves, m, (size_t)len);
  r->moves[len] = 0;
  r->length = len;
  r->status = BS_ST_SOLVED;
  r->reason = NULL;
  free(m);
  return;
out_of_memory: /* a loop cut's table */
  free(m);
  r->reason = "out of memory";
}
