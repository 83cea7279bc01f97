/* bs_construct: plans of valid steps, sort steps, and solving a plan a step
 * at a time. */
#include "bs_construct.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define START_MARK 5                       /* how[] of a search's start: no move */
#define TARGET_MARK 0x80                   /* how[] of a search's target not yet reached */
#define GROUPS (BS_MAX_CELLS + 1)          /* G(R_0) .. G(R_34), and the scratch one */
#define SCRATCH BS_MAX_CELLS
#define PLAN_MEMO (2 * BS_PLAN_NODES)      /* the memo stays at most half full */
#define PLAN_KMAX 3                        /* cells a step may fill */
#define PLAN_KMAX_STUCK 5                  /* ... where the alternative is a sort step, */
#define PLAN_STUCK_STATES (1u << 21)       /* ... if its search has at most this many states */
#define MIN_STATES (6 * 6 * 6 * 6 * 6 * 6) /* a last step of six cells */
#define TRIPLE 3                           /* tiles a 3-cycle's search follows */
#define ORDERS 6                           /* ... and the orders it may bring them in */

/* f^e if it is at most most, else -1. */
static int64_t pow_at_most(int f, int e, uint64_t most) {
  uint64_t v = 1;
  for (int i = 0; i < e; i++)
    if ((v *= (uint64_t)f) > most) return -1;
  return (int64_t)v;
}

/* Whether k tiles and the blank on f cells fit: f^(k+1) states. */
static int fits(const bs_construct *c, int f, int k) { return pow_at_most(f, k + 1, c->states) >= 0; }

/* The cells of G's orbit of x. */
static uint64_t orbit_of(const bs_group *G, int x) {
  uint64_t m = 0;
  for (int y = 0; y < BS_MAX_CELLS; y++)
    if (bs_group_same_orbit(G, x, y)) m |= 1ull << y;
  return m;
}

static int moved_points(const uint8_t *p) {
  int k = 0;
  for (int x = 0; x < BS_MAX_CELLS; x++) k += p[x] != x;
  return k;
}

/* ---- sort steps: engines and a parity basis --------------------------------- */

/* Drops every move that undoes the one before it, again and again (a free
 * reduction): the blank going there and back moves nothing, so the walk
 * does what it did. In place; returns the new length. */
static size_t reduce(uint8_t *moves, size_t n) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    if (k && moves[k - 1] == (moves[i] ^ 1)) k--;
    else moves[k++] = moves[i];
  return k;
}

/* The moves at the start of the closed walk moves[0..n) that its end
 * undoes: P of P C P^-1, C being its core (closed where P ends). */
static int ends(const uint8_t *moves, int n) {
  int t = 0;
  while (2 * t + 2 < n && (moves[t] ^ 1) == moves[n - 1 - t]) t++;
  return t;
}

/* Stores moves[0..n) repeated `times` in the sorter's buffer; returns its
 * offset, or -1 when the buffer is full. */
static int keep(bs_sorter *s, const uint8_t *moves, int n, int times) {
  if (s->used + n * times > BS_SORT_MOVES) return -1;
  int at = s->used;
  for (int t = 0; t < times; t++, s->used += n) memcpy(s->walk + s->used, moves, (size_t)n);
  return at;
}

/* Whether perm p of walk moves[0..n), or a power of it, is a 3-cycle
 * within orbit o; if so, takes it as the orbit's engine when its core is
 * shorter than that of the engine so far (the last walk kept). */
static int try_engine(bs_sorter *s, int o, const uint8_t *p, const uint8_t *moves, int n) {
  uint64_t seen = 0;
  int three = -1, power = 1;
  for (int x = 0; x < BS_MAX_CELLS; x++) {
    if (seen >> x & 1 || p[x] == x) continue;
    int len = 0;
    for (int y = x; !(seen >> y & 1); y = p[y], len++) seen |= 1ull << y;
    if (len == 3 && three < 0 && (s->orbit[o] >> x & 1)) {
      three = x;
      continue;
    }
    if (len % 3 == 0) return 0; /* a power would keep it */
    int a = power, b = len;     /* power = lcm(power, len) */
    while (b) {
      int t = a % b;
      a = b;
      b = t;
    }
    power = power / a * len;
    if (power > BS_SORT_POWER) return 0;
  }
  if (three < 0) return 0;
  int at = keep(s, moves, n, power);
  if (at < 0) return 0;
  /* A product of generator walks goes back to the root and out again
   * between them: reduced, it is about half as long. */
  const int len = (int)reduce(s->walk + at, (size_t)(n * power));
  if (s->engine_len[o]) {
    const uint8_t *old = s->walk + s->engine_at[o];
    if (len - 2 * ends(s->walk + at, len) >= s->engine_len[o] - 2 * ends(old, s->engine_len[o])) {
      s->used = at;
      return 1;
    }
    memmove(s->walk + s->engine_at[o], s->walk + at, (size_t)len);
    at = s->engine_at[o];
  }
  s->engine_len[o] = len;
  s->engine_at[o] = at;
  s->used = at + len;
  return 1;
}

/* Whether the 2x2 square whose top left cell is q lies in r. */
static int square_in(const bs_geom *g, uint64_t r, int q) {
  return q % g->w != g->w - 1 && q + g->w + 1 < g->n &&
         !(~r & (1ull << q | 1ull << (q + 1) | 1ull << (q + g->w) | 1ull << (q + g->w + 1)));
}

/* The blank's 4 moves round the square whose top left cell is q,
 * clockwise from corner e, into moves; its corners, clockwise, into ring. */
static void square_round(const bs_geom *g, int q, int e, int *ring, uint8_t *moves) {
  ring[0] = q, ring[1] = q + 1, ring[2] = q + 1 + g->w, ring[3] = q + g->w;
  for (int i = 0; i < 4; i++) moves[i] = (uint8_t)bs_geom_dir(g, ring[(e + i) % 4], ring[(e + i + 1) % 4]);
}

/* The closed walk round the 2x2 square whose top left cell is q, entered
 * at corner e along the tree: into moves, its length. */
static int square_walk(const bs_region *r, const bs_geom *g, int q, int e, uint8_t *moves) {
  int ring[4];
  uint8_t path[BS_MAX_CELLS], round[4];
  square_round(g, q, e, ring, round);
  int n = 0, back = bs_region_to_root(r, g, ring[e], path);
  for (int i = back - 1; i >= 0; i--) moves[n++] = (uint8_t)(path[i] ^ 1);
  memcpy(moves + n, round, sizeof round);
  memcpy(moves + n + 4, path, (size_t)back);
  return n + 4 + back;
}

/* ---- words: products of generators, for engines ---- */

static void word_perm(const bs_sorter *s, const bs_word *w, uint8_t *p) {
  bs_perm_identity(p);
  for (int i = 0; i < w->n; i++) {
    int k = w->g[i] > 0 ? w->g[i] - 1 : -w->g[i] - 1;
    bs_perm inv;
    if (w->g[i] < 0) bs_perm_inverse(inv, s->gen[k]);
    bs_perm_compose(p, p, w->g[i] > 0 ? s->gen[k] : inv);
  }
}

/* x y x^-1 y^-1, or x y x^-1 when conj; 0 if it is too long. */
static int word_join(bs_word *out, const bs_word *x, const bs_word *y, int conj) {
  int n = 0;
  if (2 * x->n + y->n * (conj ? 1 : 2) > BS_WORD_MAX) return 0;
  for (int i = 0; i < x->n; i++) out->g[n++] = x->g[i];
  for (int i = 0; i < y->n; i++) out->g[n++] = y->g[i];
  for (int i = x->n - 1; i >= 0; i--) out->g[n++] = (int8_t)-x->g[i];
  for (int i = y->n - 1; i >= 0 && !conj; i--) out->g[n++] = (int8_t)-y->g[i];
  out->n = n;
  return 1;
}

/* The walk of a word: generator walks, an inverse's walk reversed. */
static int word_walk(const bs_sorter *s, const bs_word *w, uint8_t *moves) {
  int n = 0;
  for (int i = 0; i < w->n; i++) {
    int k = w->g[i] > 0 ? w->g[i] - 1 : -w->g[i] - 1, len = s->gen_len[k];
    const uint8_t *m = s->walk + s->gen_at[k];
    for (int a = 0; a < len; a++) moves[n++] = (uint8_t)(w->g[i] > 0 ? m[a] : m[len - 1 - a] ^ 1);
  }
  return n;
}

static uint64_t support(const uint8_t *p) {
  uint64_t m = 0;
  for (int x = 0; x < BS_MAX_CELLS; x++)
    if (p[x] != x) m |= 1ull << x;
  return m;
}

static int try_word(bs_sorter *s, int o, const bs_word *w) {
  uint8_t moves[BS_WORD_MAX * BS_REGION_CYCLE];
  bs_perm p;
  word_perm(s, w, p);
  return try_engine(s, o, p, moves, word_walk(s, w, moves));
}

/* The pool's entry i as a word: a generator, or the commutator of two
 * generators or inverses. */
static bs_word pool_word(const bs_sorter *s, int i) {
  bs_word w = {.n = 1, .g = {s->pool[i][0]}}, y = {.n = 1, .g = {s->pool[i][1]}};
  if (s->pool[i][1]) word_join(&w, &(bs_word){.n = 1, .g = {s->pool[i][0]}}, &y, 0);
  return w;
}

/* The image of the cells of m under p. */
static uint64_t image(const uint8_t *p, uint64_t m) {
  uint64_t out = 0;
  for (; m; m &= m - 1) out |= 1ull << p[__builtin_ctzll(m)];
  return out;
}

static uint32_t set_slot(const bs_sorter *s, uint64_t m) {
  uint32_t i = (uint32_t)((m * 0x9e3779b97f4a7c15ull) >> 40) & (BS_SORT_SETS - 1);
  while (s->set[i] && s->set[i] != m) i = (i + 1) & (BS_SORT_SETS - 1);
  return i;
}

/* An engine for orbit o: a walk round a 2x2 square (short); else, of
 * the products of generators that are 3-cycles or have one as a power,
 * the one with the shortest core (try_engine): among the generators and
 * their commutators, and [x, y] for the element x of least support S
 * among those and a conjugate y = h^-1 x h whose support h(S) meets S in
 * one point p of the orbit: then [x, y] moves p, x(p)'s and y(p)'s images
 * only, a 3-cycle. Some h reaches such an image when the orbit has
 * 2|S| - 1 cells or more and G holds its alternating group (it is full);
 * a breadth-first search over the images of S under the generators finds
 * the shortest h, and those one generator longer are tried too. Returns
 * whether the orbit has an engine. */
static int find_engine(bs_sorter *s, const bs_geom *g, uint64_t r, int o) {
  for (uint64_t m = r; m; m &= m - 1) {
    int q = __builtin_ctzll(m);
    if (!square_in(g, r, q)) continue;
    for (int e = 0; e < 4; e++) {
      uint8_t moves[BS_MAX_CELLS * 2 + 4];
      bs_perm p;
      int n = square_walk(&s->region, g, q, e, moves);
      bs_group_walk(g, s->region.root, moves, n, p);
      if (moved_points(p) == 3 && try_engine(s, o, p, moves, n)) return 1;
    }
  }
  int np = 0, least = -1, n = s->ngens;
  for (int a = -n; a <= n; a++)
    for (int b = -n; b <= n; b++)
      if ((a > 0 && !b) || (a && b && a != b && a != -b)) {
        s->pool[np][0] = (int8_t)a;
        s->pool[np++][1] = (int8_t)b;
      }
  for (int i = 0; i < np; i++) {
    bs_word w = pool_word(s, i);
    bs_perm p;
    word_perm(s, &w, p);
    uint64_t sup = support(p);
    try_word(s, o, &w);
    if ((sup & s->orbit[o]) && (least < 0 || __builtin_popcountll(sup) < __builtin_popcountll(s->least)))
      least = i, s->least = sup;
  }
  if (least < 0) return s->engine_len[o] > 0;
  bs_word x = pool_word(s, least);
  uint64_t from = s->least;
  memset(s->set, 0, sizeof s->set);
  uint32_t head = 0, tail = 0;
  s->set[set_slot(s, from)] = from;
  s->queue[tail] = from;
  s->parent[tail] = -1;
  s->via[tail++] = 0;
  int found = BS_WORD_MAX; /* the length of the first h that made an engine */
  while (head < tail) {
    uint32_t at = head++;
    for (int k = -n; k <= n; k++) {
      if (!k || tail == BS_SORT_SETS / 2) continue;
      bs_perm p;
      bs_word gk = {.n = 1, .g = {(int8_t)k}};
      word_perm(s, &gk, p);
      uint64_t t = image(p, s->queue[at]);
      uint32_t slot = set_slot(s, t);
      if (s->set[slot]) continue;
      s->set[slot] = t;
      s->queue[tail] = t;
      s->parent[tail] = (int32_t)at;
      s->via[tail++] = (int8_t)k;
      uint64_t meet = t & from;
      if (__builtin_popcountll(meet) != 1 || !(meet & s->orbit[o])) continue;
      bs_word h = {.n = 0}, y, e; /* h: the generators from `from` to t, in order */
      for (int32_t i = (int32_t)tail - 1; s->parent[i] >= 0; i = s->parent[i]) h.n++;
      if (h.n > found + 1) return 1; /* longer ones make longer engines */
      if (h.n > BS_WORD_MAX) continue;
      int d = h.n;
      for (int32_t i = (int32_t)tail - 1; s->parent[i] >= 0; i = s->parent[i]) h.g[--d] = s->via[i];
      bs_word hinv = h;
      for (int i = 0; i < h.n; i++) hinv.g[i] = (int8_t)-h.g[h.n - 1 - i];
      if (word_join(&y, &hinv, &x, 1) && word_join(&e, &x, &y, 0) && try_word(s, o, &e) && found == BS_WORD_MAX)
        found = h.n;
    }
  }
  return s->engine_len[o] > 0;
}

/* Adds the walk moves[0..n) closed at cell q as a core, if it cycles three
 * tiles and moves no other; at: where the sorter's buffer holds it, or -1
 * to keep it there now. Returns 0, or -1 when the buffer is full. */
static int add_core(bs_sorter *s, const bs_geom *g, int q, const uint8_t *moves, int n, int at) {
  bs_perm p;
  bs_group_walk(g, q, moves, n, p);
  if (moved_points(p) != 3 || s->ncores == BS_SORT_CORES) return 0;
  if (at < 0 && (at = keep(s, moves, n, 1)) < 0) return -1;
  int a = 0, k = s->ncores++;
  while (p[a] == a) a++;
  s->core[k][0] = (uint8_t)a;
  s->core[k][1] = p[a];
  s->core[k][2] = p[p[a]];
  s->core[k][3] = (uint8_t)q;
  s->core_at[k] = at;
  s->core_len[k] = n;
  return 0;
}

/* The cores of the sort of r: each engine without the walk to and from
 * its turn (an engine P C P^-1, from the root, gives the core C, closed
 * where P ends), and the 4 moves round each 2x2 square of r from each
 * corner. A 3-cycle conjugated by a walk T is T C T^-1 whatever the core:
 * more cores, nearer the tiles, make shorter ones. */
static int add_cores(bs_sorter *s, const bs_geom *g, uint64_t r) {
  s->ncores = 0;
  for (int o = 0; o < s->norbits; o++) {
    const uint8_t *e = s->walk + s->engine_at[o];
    const int n = s->engine_len[o], t = ends(e, n);
    if (!n) continue;
    int q = s->region.root;
    for (int i = 0; i < t; i++) q = g->nb[q][e[i]];
    if (add_core(s, g, q, e + t, n - 2 * t, s->engine_at[o] + t)) return -1;
  }
  for (uint64_t m = r; m; m &= m - 1) {
    int q = __builtin_ctzll(m), ring[4];
    uint8_t round[4];
    for (int e = 0; e < 4 && square_in(g, r, q); e++) {
      square_round(g, q, e, ring, round);
      if (add_core(s, g, ring[e], round, 4, -1)) return -1;
    }
  }
  return 0;
}

/* Prepares the sort of region r (G = G(r), full): its orbits, generator
 * walks with their signs and a basis of them, an engine per orbit of
 * three or more cells, and the cores. Returns 0, or -1 if an engine is
 * missing or the walks do not fit. */
static int sort_prepare(bs_construct *c, uint64_t r, const bs_group *G) {
  bs_sorter *s = c->sorter;
  const bs_geom *g = &c->geom;
  memset(s->basis, 0, sizeof s->basis);
  s->norbits = s->ngens = s->used = 0;
  bs_region_init(&s->region, g, r, c->region.root);
  for (uint64_t m = G->moved; m; m &= m - 1) {
    int x = __builtin_ctzll(m);
    if (G->orbit_of[x] == x) s->orbit[s->norbits++] = orbit_of(G, x);
  }
  /* Generators: their walks, and their signs on each orbit. */
  for (uint64_t cells = r; cells; cells &= cells - 1) {
    int u = __builtin_ctzll(cells);
    for (int d = 0; d < 4; d++) {
      if (g->nb[u][d] < u || !bs_region_off_tree(&s->region, g, u, d)) continue;
      uint8_t moves[BS_REGION_CYCLE];
      int n = bs_region_cycle(&s->region, g, u, d, moves), k = s->ngens++;
      bs_group_walk(g, s->region.root, moves, n, s->gen[k]);
      if ((s->gen_at[k] = keep(s, moves, n, 1)) < 0) return -1;
      s->gen_len[k] = n;
      s->gen_sign[k] = 0;
      for (int o = 0; o < s->norbits; o++) {
        bs_perm on; /* the generator on orbit o alone */
        for (int x = 0; x < BS_MAX_CELLS; x++) on[x] = s->orbit[o] >> x & 1 ? s->gen[k][x] : (uint8_t)x;
        s->gen_sign[k] |= (uint64_t)bs_perm_odd(on) << o;
      }
      uint64_t v = s->gen_sign[k], made = 1ull << k;
      for (int o = s->norbits - 1; o >= 0 && v; o--) {
        if (!(v >> o & 1)) continue;
        if (!s->basis[o]) {
          s->basis[o] = v;
          s->basis_gens[o] = made;
          break;
        }
        v ^= s->basis[o];
        made ^= s->basis_gens[o];
      }
    }
  }
  for (int o = 0; o < s->norbits; o++) {
    s->engine_len[o] = 0;
    if (__builtin_popcountll(s->orbit[o]) >= 3 && !find_engine(s, g, r, o)) return -1;
  }
  bs_laps_init(&s->laps, g, &s->region);
  return add_cores(s, g, r);
}

/* ---- the plan ------------------------------------------------------------ */

typedef struct planner {
  bs_construct *c;
  int root, nodes;
  uint64_t nb[BS_MAX_CELLS]; /* open neighbours of each cell */
  /* Per depth: whether group[depth] holds G(R_depth) yet (it is built only
   * when needed), and whether Wilson's theorem already says it is the
   * alternating group on R_depth's tiles. */
  uint8_t built[GROUPS], alt[GROUPS];
  uint64_t holes[GROUPS], rim[GROUPS]; /* R_depth's holes, its cells next to the outside */
  uint64_t edge;                       /* the board's edge */
} planner;

/* Wilson's theorem outright: a region that is one block of three or more
 * cells and no plain cycle has G = Alt(its tiles). */
static int wilson(const bs_region *r) { return r->size >= 3 && r->nblocks == 1 && !r->ring; }

/* group[depth] = G(r), built now if it was not. */
static const bs_group *group_at(planner *s, int depth, uint64_t r) {
  bs_construct *c = s->c;
  if (!s->built[depth]) {
    bs_region reg;
    bs_region_init(&reg, &c->geom, r, s->root);
    bs_group_region(&c->group[depth], &reg, &c->geom, NULL, 0, NULL);
    s->built[depth] = 1;
  }
  return &c->group[depth];
}

static uint32_t memo_slot(const bs_construct *c, uint64_t r) {
  uint32_t i = (uint32_t)((r * 0x9e3779b97f4a7c15ull) >> 40) % PLAN_MEMO;
  while (c->memo[i] && c->memo[i] != r) i = (i + 1) % PLAN_MEMO;
  return i;
}

static int plan_from(planner *s, uint64_t r, int depth);

/* Whether a full G(r) proves C invalid at a glance: its stabilizer moves
 * every cell whose orbit keeps three cells outside C, so no cell of
 * r \ C that is dead there (fixed by G(r \ C)) may have such an orbit. */
static int plainly_invalid(const bs_group *G, const bs_region *sub, uint64_t set) {
  for (uint64_t m = sub->dead & G->moved; m; m &= m - 1)
    if (__builtin_popcountll(orbit_of(G, __builtin_ctzll(m)) & ~set) >= 3) return 1;
  return 0;
}

/* Cells within one king's move of the cells of m. */
static uint64_t around(const bs_geom *g, uint64_t m) {
  uint64_t out = 0;
  for (; m; m &= m - 1) {
    int p = __builtin_ctzll(m), x = p % g->w, y = p / g->w;
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        if (x + dx >= 0 && x + dx < g->w && y + dy >= 0 && y + dy < g->h) out |= 1ull << (p + dy * g->w + dx);
  }
  return out;
}

/* The cells outside r that connect, through cells outside r (diagonal
 * steps too), to the board's edge: r's exterior. The others are holes. */
static uint64_t exterior(const planner *s, uint64_t r) {
  const bs_geom *g = &s->c->geom;
  uint64_t out = ((1ull << g->n) - 1) & ~r, seen, more;
  for (seen = out & s->edge; (more = out & around(g, seen) & ~seen);) seen |= more;
  return seen;
}

/* Whether step C from r (at `depth`) is valid: G(r \ C) equals the
 * pointwise stabilizer of C in G(r). When G(r) is the alternating group
 * (Wilson), that stabilizer is the alternating group on what is left: a
 * dead cell there disproves it, Wilson proves it when r \ C is one block
 * again. Otherwise G(r) is rebased to start with C, and G(r \ C) built and
 * compared with it level by level, unless its bound (orbits and signs)
 * is already below the stabilizer's order. Sets what the next depth knows. */
static int valid(planner *s, uint64_t r, int depth, uint64_t set, const bs_region *sub) {
  bs_construct *c = s->c;
  bs_group *next = &c->group[depth + 1], *stab = &c->group[SCRATCH];
  s->built[depth + 1] = s->alt[depth + 1] = 0;
  int m = sub->size - 1, k = 0;
  if (s->alt[depth]) {
    if (m < 3) return s->alt[depth + 1] = 1; /* the stabilizer is trivial */
    if (sub->dead & ~(1ull << s->root)) return 0;
    if (wilson(sub)) return s->alt[depth + 1] = 1;
  } else if (bs_group_full(group_at(s, depth, r)) && plainly_invalid(&c->group[depth], sub, set)) {
    return 0;
  }
  bs_perm gens[BS_GROUP_REGION_GENS];
  bs_order bound, cap;
  int ngens = bs_group_region_gens(sub, &c->geom, gens);
  bs_group_bound(gens, ngens, &bound);
  int one = __builtin_popcountll(set) == 1;
  if (s->alt[depth]) {
    bs_order_alternating(m, &cap);
  } else if (one) { /* a point's stabilizer: no new base needed */
    bs_group_point_stabilizer_order(&c->group[depth], __builtin_ctzll(set), &cap);
  } else {
    uint8_t first[BS_MAX_CELLS];
    for (uint64_t b = set; b; b &= b - 1) first[k++] = (uint8_t)__builtin_ctzll(b);
    bs_group_rebase(stab, &c->group[depth], first, k);
    bs_group_stabilizer_order(stab, k, &cap);
  }
  if (bs_order_compare(&bound, &cap) < 0) return 0;
  bs_group_build(next, gens, ngens, sub->cells & ~(1ull << s->root), NULL, 0, &cap);
  s->built[depth + 1] = 1;
  if (s->alt[depth]) return s->alt[depth + 1] = bs_order_equal(&next->order, &cap);
  s->alt[depth + 1] = (uint8_t)wilson(sub);
  /* G(r \ C) lies in the stabilizer: equal orders make them equal. */
  return one ? bs_order_equal(&next->order, &cap) : bs_group_is_stabilizer(stab, k, next);
}

/* Whether every cell of C joins the outside of r once C is filled:
 * through C and r's holes (`holes`), from the cells next to the outside
 * (`rim`). */
static int opens(const bs_geom *g, uint64_t holes, uint64_t rim, uint64_t set) {
  uint64_t through = set | holes, reach = through & rim, more;
  while ((more = through & around(g, reach) & ~reach)) reach |= more;
  return (set & ~reach) == 0;
}

/* Whether, on the cells of rest with every tile but one alike, that tile
 * and the blank reach the tile on `to` with the blank on `at` from
 * anywhere: its states (tile, blank) are all one component, the moves
 * being reversible. */
static int mobile(const bs_geom *g, uint64_t rest, int to, int at) {
  static const int N = BS_MAX_CELLS;
  uint8_t seen[BS_MAX_CELLS * BS_MAX_CELLS] = {0};
  uint16_t queue[BS_MAX_CELLS * BS_MAX_CELLS];
  int head = 0, tail = 0, f = __builtin_popcountll(rest);
  seen[to * N + at] = 1;
  queue[tail++] = (uint16_t)(to * N + at);
  while (head < tail) {
    const int t = queue[head] / N, b = queue[head++] % N;
    for (int d = 0; d < 4; d++) {
      const int q = g->nb[b][d];
      if (q < 0 || !(rest >> q & 1)) continue;
      const int x = (q == t ? b : t) * N + q;
      if (!seen[x]) seen[x] = 1, queue[tail++] = (uint16_t)x;
    }
  }
  return tail == f * (f - 1);
}

/* C as the next step from r, if valid; then plans on. */
static int try_step(planner *s, uint64_t r, int depth, uint64_t set) {
  bs_construct *c = s->c;
  uint64_t rest = r & ~set;
  /* What is left keeps no new hole: a hole's ring would turn into a
   * cycle of single cells, where no small step is valid. */
  if (!opens(&c->geom, s->holes[depth], s->rim[depth], set)) return -1;
  bs_region sub;
  bs_region_init(&sub, &c->geom, rest, s->root);
  if (sub.cells != rest) return -1; /* split */
  if (!valid(s, r, depth, set, &sub)) return -1;
  bs_plan *p = &c->plan;
  p->step[p->nsteps++] = set;
  int rc = plan_from(s, rest, depth + 1);
  if (rc) p->nsteps--;
  return rc;
}

/* Ear C as the next step, filled by passes through it (bs_construct.h):
 * only where what is left holds m + 2 cells or more, so that a tile to
 * pull on is always left outside the ear, and lets a tile and the blank
 * go anywhere. */
static int try_ear(planner *s, uint64_t r, int depth, uint64_t set) {
  bs_construct *c = s->c;
  uint8_t path[BS_MAX_CELLS];
  int e[2];
  const int m = bs_region_ear_path(&c->geom, r, set, path, e);
  const uint64_t rest = r & ~set;
  if (m < 0 || __builtin_popcountll(rest) < m + 2 || !mobile(&c->geom, rest, e[1], e[0])) return -1;
  bs_plan *p = &c->plan;
  const uint64_t bit = 1ull << p->nsteps;
  p->ear |= bit;
  const int rc = try_step(s, r, depth, set);
  if (rc) p->ear &= ~bit;
  return rc;
}

/* The connected sets of k cells that contain `set`'s first cell v and
 * otherwise only cells of `allowed` (those after v in the candidates'
 * order), each once: Wernicke's ESU ("Efficient detection of network
 * motifs", 2006). ext holds the cells that may join next. */
static int grow(planner *s, uint64_t r, int depth, uint64_t set, uint64_t ext, uint64_t allowed, int k) {
  if (__builtin_popcountll(set) == k) return try_step(s, r, depth, set);
  uint64_t near = set;
  for (uint64_t m = set; m; m &= m - 1) near |= s->nb[__builtin_ctzll(m)];
  while (ext) {
    int w = __builtin_ctzll(ext);
    ext &= ext - 1;
    if (!grow(s, r, depth, set | 1ull << w, ext | (s->nb[w] & allowed & ~near), allowed, k)) return 0;
  }
  return -1;
}

/* The cells of r but the root, in the order steps start from: ends of
 * dead ends; then, while r has holes (walls it surrounds), the cells on
 * its outer edge nearest to one, so that each hole opens to the outside
 * while the cells round it are still thick (else its ring becomes a cycle
 * of single cells); then farthest from the root first, ties in line
 * order. */
static int candidates(const planner *s, uint64_t r, uint64_t holes, uint64_t rim, uint8_t *cand) {
  const bs_geom *g = &s->c->geom;
  uint8_t dist[BS_MAX_CELLS], near[BS_MAX_CELLS];
  int key[BS_MAX_CELLS], m = 0;
  bs_flood(g, r, s->root, NULL, dist);
  memset(near, BS_MAX_CELLS, sizeof near);
  uint64_t seen = holes, front = holes; /* king's moves through r from the holes */
  for (int d = 0; front; d++) {
    for (uint64_t f = front & r; f; f &= f - 1) near[__builtin_ctzll(f)] = (uint8_t)d;
    front = around(g, front) & r & ~seen;
    seen |= front;
  }
  for (uint64_t left = r & ~(1ull << s->root); left; left &= left - 1) {
    int p = __builtin_ctzll(left), leaf = __builtin_popcountll(s->nb[p] & r) == 1;
    int opening = holes && (rim >> p & 1) ? near[p] : BS_MAX_CELLS;
    int k = ((leaf ? 0 : 1 + opening) * BS_MAX_CELLS + BS_MAX_CELLS - dist[p]) * BS_MAX_CELLS + p, i = m++;
    for (; i > 0 && key[i - 1] > k; i--) {
      key[i] = key[i - 1];
      cand[i] = cand[i - 1];
    }
    key[i] = k;
    cand[i] = (uint8_t)p;
  }
  return m;
}

static int last_step(bs_plan *p, uint64_t rest, int sort) {
  p->step[p->nsteps++] = rest;
  p->sort_last = sort;
  return 0;
}

/* Plans r (connected, with the root; group[depth] = G(r)) to the end:
 * the first valid step of up to PLAN_KMAX cells, in the candidates'
 * order, that leads to a plan; where none does, the last step if it fits,
 * else larger steps as they fit, else a sort step. Returns 0, or -1 (no
 * plan from r, or the search has visited BS_PLAN_NODES regions). */
static int plan_from(planner *s, uint64_t r, int depth) {
  bs_construct *c = s->c;
  int f = __builtin_popcountll(r);
  uint64_t rest = r & ~(1ull << s->root);
  if (!rest) return 0;
  if (f <= BS_CONSTRUCT_FINAL && fits(c, f, f - 1)) return last_step(&c->plan, rest, 0);
  uint32_t slot = memo_slot(c, r);
  if (c->memo[slot] || s->nodes >= BS_PLAN_NODES) return -1;
  s->nodes++;
  uint8_t cand[BS_MAX_CELLS];
  uint64_t later[BS_MAX_CELLS + 1], out = exterior(s, r);
  s->holes[depth] = ((1ull << c->geom.n) - 1) & ~r & ~out;
  s->rim[depth] = r & (around(&c->geom, out) | s->edge);
  int m = candidates(s, r, s->holes[depth], s->rim[depth], cand);
  later[m] = 0;
  for (int i = m - 1; i >= 0; i--) later[i] = later[i + 1] | 1ull << cand[i];
  /* Ears first, the longest first (ties: their first cells in line
   * order): no valid step fills part of one where G(r) is the alternating
   * group, as that leaves dead ends; and taking the short ones first too
   * shortened the constructor's answers (stop 61). One of up to PLAN_KMAX
   * cells is a small step where its search fits, the fewest moves for its
   * tiles; a longer one is an ear step, filled by passes. */
  uint64_t ears[BS_MAX_CELLS];
  const int nears = bs_region_ears(&c->geom, r, s->root, ears);
  for (int j = 1; j < nears; j++) {
    const uint64_t ear = ears[j];
    int i = j;
    for (; i > 0 && __builtin_popcountll(ears[i - 1]) < __builtin_popcountll(ear); i--) ears[i] = ears[i - 1];
    ears[i] = ear;
  }
  for (int i = 0; i < nears; i++) {
    const int k = __builtin_popcountll(ears[i]);
    if (!(k <= PLAN_KMAX && fits(c, f, k) ? try_step(s, r, depth, ears[i]) : try_ear(s, r, depth, ears[i]))) return 0;
  }
  for (int k = 1; k < f - 1 && k <= PLAN_KMAX_STUCK && fits(c, f, k); k++) {
    if (k == PLAN_KMAX + 1 && fits(c, f, f - 1)) return last_step(&c->plan, rest, 0); /* always valid */
    if (k > PLAN_KMAX && pow_at_most(f, k + 1, PLAN_STUCK_STATES) < 0) break; /* slower than a sort */
    for (int i = 0; i < m; i++)
      if (!grow(s, r, depth, 1ull << cand[i], s->nb[cand[i]] & later[i + 1], later[i + 1], k)) return 0;
  }
  if (fits(c, f, f - 1)) return last_step(&c->plan, rest, 0);
  if (fits(c, f, TRIPLE) && bs_group_full(group_at(s, depth, r)) && sort_prepare(c, r, &c->group[depth]) == 0)
    return last_step(&c->plan, rest, 1);
  c->memo[memo_slot(c, r)] = r;
  return -1;
}

/* Whether r holds a 2x2 square. */
static int has_square(const bs_geom *g, uint64_t r) {
  for (uint64_t m = r; m; m &= m - 1)
    if (square_in(g, r, __builtin_ctzll(m))) return 1;
  return 0;
}

/* A sort step's 3-cycles cost hundreds of moves on a region without a
 * 2x2 square (its cores are engines, products of long generator walks),
 * and about the walks that bring three tiles to a square on one with a
 * square. So when the plan's sort region has none, the sort step moves up
 * to the last region of the plan that has one and whose group is full:
 * more tiles to sort, each 3-cycle far shorter. The steps before it are
 * the same, so the plan stays valid. Returns 0, or -1 when the first sort
 * step cannot be prepared again after a failed try. */
static int sort_at_square(planner *s, bs_plan *p) {
  bs_construct *c = s->c;
  uint64_t r[BS_MAX_CELLS + 1];
  r[0] = c->region.cells;
  for (int i = 0; i < p->nsteps; i++) r[i + 1] = r[i] & ~p->step[i];
  const int last = p->nsteps - 1;
  if (has_square(&c->geom, r[last])) return 0;
  /* A failed sort_prepare leaves the sorter half made, so the plan's own
   * sort region is prepared again. No prepare has been seen to fail (stop
   * 51: every 5x5 layout's full groups and 7.4 million random regions up to
   * 6x6, with at most 722 of BS_SORT_MOVES used), but no proof says the walks
   * always fit or an engine is always found, so a failure stays harmless. */
  int tried = 0;
  for (int i = last - 1; i >= 0; i--) {
    const int f = __builtin_popcountll(r[i]);
    if (!has_square(&c->geom, r[i]) || !fits(c, f, TRIPLE) || !bs_group_full(group_at(s, i, r[i])))
      continue;
    tried = 1;
    if (sort_prepare(c, r[i], &c->group[i])) continue;
    p->nsteps = i;
    p->ear &= (1ull << i) - 1;
    return last_step(p, r[i] & ~(1ull << s->root), 1);
  }
  return tried ? sort_prepare(c, r[last], group_at(s, last, r[last])) : 0;
}

int bs_construct_plan(bs_construct *c, int w, int h, uint64_t wall) {
  bs_plan *p = &c->plan;
  if (c->planned && p->w == w && p->h == h && p->wall == wall) return c->planned == 1 ? 0 : -1;
  memset(p, 0, sizeof *p);
  p->w = w;
  p->h = h;
  p->wall = wall;
  planner s = {.c = c, .root = w * h - 1};
  for (int x = 0; x < w; x++) s.edge |= 1ull << x | 1ull << ((h - 1) * w + x);
  for (int y = 0; y < h; y++) s.edge |= 1ull << (y * w) | 1ull << (y * w + w - 1);
  bs_geom_layout(&c->geom, w, h, wall);
  for (int q = 0; q < w * h; q++) s.nb[q] = bs_region_nbrs(&c->geom, q, ~wall);
  bs_region_init(&c->region, &c->geom, ((1ull << (w * h)) - 1) & ~wall, s.root);
  bs_group_region(&c->group[0], &c->region, &c->geom, NULL, 0, NULL);
  s.built[0] = 1;
  s.alt[0] = (uint8_t)wilson(&c->region);
  memset(c->memo, 0, PLAN_MEMO * sizeof *c->memo);
  int rc = plan_from(&s, c->region.cells, 0);
  if (rc == 0 && p->sort_last) rc = sort_at_square(&s, p);
  c->planned = rc == 0 ? 1 : -1;
  return rc;
}

/* ---- workspace -------------------------------------------------------------- */

/* The workspace's bytes besides its states' (the groups, the sort step,
 * the plan's memo), and those of one state (its mark and queue slot). */
static const size_t fixed_bytes =
    sizeof(bs_construct) + sizeof(bs_sorter) + GROUPS * sizeof(bs_group) + PLAN_MEMO * sizeof(uint64_t);
static const size_t state_bytes = sizeof(((bs_construct *)0)->how[0]) + sizeof(((bs_construct *)0)->queue[0]);

size_t bs_construct_min_bytes(void) { return fixed_bytes + state_bytes * MIN_STATES; }
size_t bs_construct_sure_bytes(void) {
  return fixed_bytes + state_bytes * BS_MAX_CELLS * BS_MAX_CELLS * BS_MAX_CELLS * BS_MAX_CELLS;
}

int bs_construct_init(bs_construct *c, size_t bytes, char *err, size_t errlen) {
  memset(c, 0, sizeof *c);
  if (bytes < bs_construct_min_bytes()) {
    snprintf(err, errlen, "a workspace of %zu bytes is under the %zu the constructor needs", bytes,
             bs_construct_min_bytes());
    return -1;
  }
  size_t states = (bytes - fixed_bytes) / state_bytes;
  c->states = states > UINT32_MAX ? UINT32_MAX : (uint32_t)states;
  c->bytes = fixed_bytes + state_bytes * c->states;
  c->group = malloc(GROUPS * sizeof *c->group);
  c->sorter = malloc(sizeof *c->sorter);
  c->memo = malloc(PLAN_MEMO * sizeof *c->memo);
  c->how = calloc(c->states, 1); /* pages a search never reaches stay untouched */
  c->queue = malloc((size_t)c->states * sizeof *c->queue);
  c->cap = 1024;
  c->moves = malloc(c->cap);
  if (!c->group || !c->sorter || !c->memo || !c->how || !c->queue || !c->moves) {
    snprintf(err, errlen, "out of memory for a workspace of %zu bytes", c->bytes);
    bs_construct_free(c);
    return -1;
  }
  c->moves[0] = 0;
  return 0;
}

void bs_construct_free(bs_construct *c) {
  free(c->group);
  free(c->sorter);
  free(c->memo);
  free(c->how);
  free(c->queue);
  free(c->moves);
  memset(c, 0, sizeof *c);
}

static int reserve(bs_construct *c, size_t more) {
  if (c->len + more + 1 <= c->cap) return 0;
  size_t cap = c->cap;
  while (c->len + more + 1 > cap) cap *= 2;
  char *m = realloc(c->moves, cap);
  if (!m) return -1;
  c->moves = m;
  c->cap = cap;
  return 0;
}

/* Plays moves (0..3) on b and appends them to the answer. */
static int play(bs_construct *c, bs_board *b, const uint8_t *moves, int n) {
  if (reserve(c, (size_t)n)) return -1;
  for (int i = 0; i < n; i++) {
    if (!bs_move(b, moves[i])) return -1; /* cannot happen: walks stay on open cells */
    c->moves[c->len++] = bs_dir_chars[moves[i]];
  }
  c->moves[c->len] = 0;
  return 0;
}

/* ---- searches ------------------------------------------------------------------ */

/* Where a search may end: target j puts tile i on cell[j*k + i] and the
 * blank on blank[j] (anywhere if blank is NULL), after which cost[j] more
 * moves are played and the search's own undone (none if cost is NULL). */
typedef struct goals {
  int k, n;
  const int *cell, *blank, *cost;
} goals;

/* The least cost of G's targets. */
static int least_cost(const goals *G) {
  int least = G->cost ? INT_MAX : 0;
  for (int j = 0; j < G->n && G->cost; j++)
    if (G->cost[j] < least) least = G->cost[j];
  return least;
}

/* The target of G that state x (numbered as in search) meets with the
 * least cost, marked in how[] beforehand. */
static int which(const goals *G, const uint32_t *goal, uint32_t x, uint32_t f) {
  int best = -1;
  for (int j = 0; j < G->n; j++)
    if (x / f == goal[j] && (!G->blank || x % f == (uint32_t)goal[G->n + j]) &&
        (best < 0 || (G->cost && G->cost[j] < G->cost[best])))
      best = j;
  return best;
}

/* Sets how[] of every state of G's targets (goal: as in search) to v. */
static void mark(bs_construct *c, const goals *G, const uint32_t *goal, uint32_t f, uint8_t v) {
  for (int j = 0; j < G->n; j++) {
    const uint32_t q0 = G->blank ? goal[G->n + j] : 0, q1 = G->blank ? q0 + 1 : f;
    for (uint32_t q = q0; q < q1; q++) c->how[goal[j] * f + q] = v;
  }
}

/* A breadth-first search over k tracked tiles (now on the cells from[])
 * and the blank, on the cells not blocked, every other tile alike, to the
 * target of G with the least 2 * (its distance) + its cost: a target costs
 * its walk there and back and its cost. The f free cells are numbered
 * 0..f-1; a state is the tiles' positions (tile i the digit f^i) then the
 * blank, in base f. Targets are marked in how[] (TARGET_MARK), so that a
 * state is checked against them only when it is one. Plays the moves on b
 * and appends them. It gives up once every target it could still reach
 * would cost `cap` or more.
 * Returns j; -1 out of memory (on a solvable board nothing else), -2 gave
 * up at the cap. */
static int search(bs_construct *c, bs_board *b, uint64_t blocked, const int *from, const goals *G,
                  long cap) {
  const int k = G->k;
  int id[BS_MAX_CELLS], f = 0;
  int8_t nb[BS_MAX_CELLS][4];
  for (int q = 0; q < b->n; q++) id[q] = blocked >> q & 1 ? -1 : f++;
  for (int q = 0; q < b->n; q++)
    if (id[q] >= 0)
      for (int d = 0; d < 4; d++) {
        int to = c->geom.nb[q][d];
        nb[id[q]][d] = (int8_t)(to < 0 ? -1 : id[to]);
      }
  if (!fits(c, f, k) || G->n > BS_SORT_CORES * ORDERS) return -1;
  uint32_t start = 0, goal[2 * BS_SORT_CORES * ORDERS], unit[BS_MAX_CELLS]; /* tiles; then blanks */
  for (int i = 0; i < k; i++) {
    unit[i] = i ? unit[i - 1] * (uint32_t)f : 1;
    start += (uint32_t)id[from[i]] * unit[i];
  }
  for (int j = 0; j < G->n; j++) {
    goal[j] = 0;
    for (int i = 0; i < k; i++) goal[j] += (uint32_t)id[G->cell[j * k + i]] * unit[i];
    if (G->blank) goal[G->n + j] = (uint32_t)id[G->blank[j]];
  }
  mark(c, G, goal, (uint32_t)f, TARGET_MARK);
  start = start * (uint32_t)f + (uint32_t)id[b->blank];
  const int least = least_cost(G);
  uint32_t head = 0, tail = 0, found = UINT32_MAX, layer = 1; /* layer: where the next depth starts */
  int reached = -1, depth = 0;
  long best = LONG_MAX; /* 2 * distance + cost of the target reached */
  if (c->how[start] & TARGET_MARK) {
    reached = which(G, goal, start, (uint32_t)f);
    found = start, best = G->cost ? G->cost[reached] : 0;
  }
  c->how[start] = START_MARK;
  c->queue[tail++] = start;
  int8_t who[BS_MAX_CELLS]; /* per free cell: which tracked tile is there, -1 none */
  memset(who, -1, sizeof who);
  /* A target among the children of this layer costs at least twice their
   * depth plus the least cost: once that is no less, the best is found. */
  while (head < tail) {
    if (head == layer) depth++, layer = tail;
    if (best <= 2L * (depth + 1) + least) break;
    if (reached < 0 && 2L * (depth + 1) + least >= cap) break; /* what this layer's children cost */
    uint32_t s = c->queue[head++], blank = s % (uint32_t)f, tiles = s / (uint32_t)f, rest = tiles;
    uint32_t pos[BS_MAX_CELLS];
    for (int i = 0; i < k; i++, rest /= (uint32_t)f) who[pos[i] = rest % (uint32_t)f] = (int8_t)i;
    for (int d = 0; d < 4; d++) {
      int q = nb[blank][d];
      if (q < 0) continue;
      uint32_t t = tiles; /* the tile on q, if tracked, moves to the blank's cell */
      if (who[q] >= 0) t = t - (uint32_t)q * unit[who[q]] + blank * unit[who[q]];
      uint32_t next = t * (uint32_t)f + (uint32_t)q;
      if (c->how[next] & ~TARGET_MARK) continue;
      const int target = c->how[next] & TARGET_MARK;
      c->how[next] = (uint8_t)(d + 1);
      c->queue[tail++] = next;
      if (!target) continue;
      int j = which(G, goal, next, (uint32_t)f);
      long cost = 2L * (depth + 1) + (G->cost ? G->cost[j] : 0);
      if (cost < best) found = next, reached = j, best = cost;
    }
    for (int i = 0; i < k; i++) who[pos[i]] = -1;
  }
  /* The moves, read back from the goal to the start: count, then write. */
  size_t len = 0;
  for (int pass = 0; pass < 2 && reached >= 0; pass++) {
    uint32_t s = found;
    if (pass && reserve(c, len)) break;
    for (size_t i = 0; c->how[s] != START_MARK; i++) {
      int d = c->how[s] - 1;
      uint32_t blank = s % (uint32_t)f, tiles = s / (uint32_t)f, rest = tiles;
      uint32_t back = (uint32_t)nb[blank][d ^ 1]; /* where the blank came from */
      for (int j = 0; j < k; j++, rest /= (uint32_t)f) /* the tile now there came from the blank's cell */
        if (rest % (uint32_t)f == back) tiles = tiles - back * unit[j] + blank * unit[j];
      if (pass) c->moves[c->len + len - 1 - i] = bs_dir_chars[d];
      else len++;
      s = tiles * (uint32_t)f + back;
    }
  }
  c->searched += tail;
  for (uint32_t i = 0; i < tail; i++) c->how[c->queue[i]] = 0; /* clean for the next search */
  mark(c, G, goal, (uint32_t)f, 0);
  if (reached < 0) return 2L * (depth + 1) + least >= cap ? -2 : -1;
  if (c->len + len + 1 > c->cap) return -1;
  for (size_t i = 0; i < len; i++)
    if (!bs_move(b, bs_dir_from_char(c->moves[c->len + i]))) return -1; /* cannot happen */
  c->len += len;
  c->moves[c->len] = 0;
  return reached;
}

/* Brings home the tiles of the goal cells `homes`. */
static int place(bs_construct *c, bs_board *b, uint64_t blocked, uint64_t homes) {
  int from[BS_MAX_CELLS], to[BS_MAX_CELLS], k = 0;
  for (uint64_t m = homes; m; m &= m - 1) {
    int g = __builtin_ctzll(m);
    from[k] = -1;
    for (int q = 0; q < b->n; q++)
      if (b->cell[q] == g + 1 && !(blocked >> q & 1)) from[k] = q;
    if (from[k] < 0) return -1; /* not on a solvable board */
    to[k++] = g;
  }
  const goals G = {k, 1, to, NULL, NULL};
  return search(c, b, blocked, from, &G, LONG_MAX) < 0 ? -1 : 0;
}

/* ---- a sort step ------------------------------------------------------------------ */

/* The targets of a 3-cycle's search: the three tiles on the cells of a
 * core's cycle, in either way round, the blank on the core's own cell,
 * each costing its core. */
typedef struct turns {
  int to[BS_SORT_CORES * ORDERS * TRIPLE], blank[BS_SORT_CORES * ORDERS], cost[BS_SORT_CORES * ORDERS];
  goals G;
} turns;

static void turns_init(const bs_sorter *s, turns *t) {
  static const int order[ORDERS][TRIPLE] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1},  /* a -> b -> c */
                                            {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}; /* the other way */
  for (int k = 0; k < s->ncores; k++)
    for (int j = 0; j < ORDERS; j++) {
      for (int i = 0; i < TRIPLE; i++) t->to[(k * ORDERS + j) * TRIPLE + i] = s->core[k][order[j][i]];
      t->blank[k * ORDERS + j] = s->core[k][3];
      t->cost[k * ORDERS + j] = s->core_len[k];
    }
  t->G = (goals){TRIPLE, s->ncores * ORDERS, t->to, t->blank, t->cost};
}

/* The cell of tile v on b. */
static int cell_of(const bs_board *b, int v) {
  int q = 0;
  while (q < b->n && b->cell[q] != v) q++;
  return q;
}

/* A sort step as it goes: its cores' targets, the walks of its 3-cycles
 * so far (to be undone at its end: where each begins in the answer, and
 * its moves; a 3-cycle takes a tile home, so there are fewer than cells),
 * and the best 3-cycle priced (its walk and target). */
typedef struct sorting {
  turns t;
  int nwalks;
  size_t walk_at[BS_MAX_CELLS], walk_len[BS_MAX_CELLS];
  char *best;
  size_t best_len, best_cap;
  int best_j, best_home; /* best_home: its walk starts with the walks so far undone */
} sorting;

/* The moves of the 3-cycle of the tiles on cells from[] of b, its walk
 * to a core, the core and the walk back, found but not played, and kept
 * as the best when fewer than `cap` (home: b is the board once the walks
 * so far are undone); LONG_MAX when not, -1 when out of memory. */
static long price(bs_construct *c, bs_board *b, sorting *S, const int *from, long cap, int home) {
  const bs_board keep = *b;
  const size_t at = c->len;
  const int j = search(c, b, ~c->sorter->region.cells, from, &S->t.G, cap);
  const size_t len = c->len - at;
  long moves = j == -2 ? LONG_MAX : j < 0 ? -1 : 2 * (long)len + S->t.cost[j];
  if (moves >= cap) moves = LONG_MAX;
  if (moves >= 0 && moves < LONG_MAX) {
    if (len > S->best_cap) {
      char *m = realloc(S->best, len);
      if (!m) moves = -1;
      else S->best = m, S->best_cap = len;
    }
    if (moves >= 0) {
      if (len) memcpy(S->best, c->moves + at, len); /* S->best may be NULL when len is 0 */
      S->best_len = len, S->best_j = j, S->best_home = home;
    }
  }
  *b = keep;
  c->len = at;
  c->moves[at] = 0;
  return moves;
}

/* Undoes the walks so far, the last first, each move undone. */
static int unwind(bs_construct *c, bs_board *b, sorting *S) {
  for (; S->nwalks > 0; S->nwalks--)
    for (size_t k = S->walk_len[S->nwalks - 1]; k-- > 0;) {
      const uint8_t back = (uint8_t)(bs_dir_from_char(c->moves[S->walk_at[S->nwalks - 1] + k]) ^ 1);
      if (play(c, b, &back, 1)) return -1;
    }
  return 0;
}

/* Plays the best 3-cycle priced: the walks so far undone if its walk
 * starts there, its walk T to a core, then the core if the tiles came in
 * its cyclic order, else its inverse (backwards, each move undone). Once T
 * is undone, the three tiles sit each where the next one was. Returns 0,
 * or -1 when out of memory. */
static int turn(bs_construct *c, bs_board *b, sorting *S) {
  const bs_sorter *s = c->sorter;
  if ((S->best_home && unwind(c, b, S)) || S->nwalks == BS_MAX_CELLS) return -1; /* cannot happen */
  S->walk_at[S->nwalks] = c->len;
  S->walk_len[S->nwalks++] = S->best_len;
  for (size_t i = 0; i < S->best_len; i++) {
    const uint8_t d = (uint8_t)bs_dir_from_char(S->best[i]);
    if (play(c, b, &d, 1)) return -1;
  }
  const uint8_t *core = s->walk + s->core_at[S->best_j / ORDERS];
  const int n = s->core_len[S->best_j / ORDERS];
  if (S->best_j % ORDERS < ORDERS / 2) return play(c, b, core, n);
  for (int i = n; i > 0; i--) {
    const uint8_t back = (uint8_t)(core[i - 1] ^ 1);
    if (play(c, b, &back, 1)) return -1;
  }
  return 0;
}

/* A 3-cycle to try: the tiles on cells y, x, z of v go to x, z, y, and
 * `homed` of them get home; on b, those tiles are on cells at[]. */
typedef struct trio {
  int y, x, z, homed, guess; /* guess: the way round at[], per tile home */
  int at[TRIPLE];
} trio;

/* Sorts orbit o of v, the board b becomes once the walks so far are undone
 * (its blank home), a 3-cycle at a time, played on b. For a cell x of v
 * whose tile is out of place, the 3-cycle that brings x's tile home from y
 * sends the tile it finds on x on to the cell z where that one belongs, so
 * that two tiles get home; when that cell is y (the two tiles trade
 * places), to the cell left out of place nearest x, and one tile gets
 * home. Of these, the BS_SORT_TRIES of least way round their tiles' cells
 * on b per tile home are priced by a search each (in that order, the best
 * so far capping the next), and the one of fewest moves per tile home
 * goes first, ties to the one tried first. Returns 0, or -1. */
static int sort_orbit(bs_construct *c, bs_board *b, bs_board *v, sorting *S, int o,
                      uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS]) {
  const uint64_t orbit = c->sorter->orbit[o];
  for (;;) {
    trio cand[BS_MAX_CELLS];
    int n = 0;
    for (uint64_t m = orbit; m; m &= m - 1) {
      trio k = {.y = -1, .x = __builtin_ctzll(m), .z = -1};
      if (v->cell[k.x] == k.x + 1) continue;
      for (uint64_t q = orbit; q; q &= q - 1)
        if (v->cell[__builtin_ctzll(q)] == k.x + 1) k.y = __builtin_ctzll(q);
      const int home = v->cell[k.x] - 1; /* of the tile on x: a cell of orbit o */
      k.homed = home >= 0 && home != k.y && (orbit >> home & 1) ? 2 : 1;
      if (k.homed == 2) k.z = home;
      else
        for (uint64_t q = orbit; q; q &= q - 1) {
          int u = __builtin_ctzll(q);
          if (u != k.x && u != k.y && v->cell[u] != u + 1 && (k.z < 0 || dist[k.x][u] < dist[k.x][k.z])) k.z = u;
        }
      if (k.y < 0 || k.z < 0) return -1; /* not even on the orbit: cannot happen */
      const int y = k.at[0] = cell_of(b, v->cell[k.y]), x = k.at[1] = cell_of(b, v->cell[k.x]),
                z = k.at[2] = cell_of(b, v->cell[k.z]);
      k.guess = (dist[y][x] + dist[x][z] + dist[z][y]) * 2 / k.homed;
      int i = n++;
      for (; i > 0 && cand[i - 1].guess > k.guess; i--) cand[i] = cand[i - 1];
      cand[i] = k;
    }
    if (!n) return 0;
    int pick = -1;
    long best = 0;
    for (int i = 0; i < n && i < BS_SORT_TRIES; i++) {
      const trio *k = &cand[i];
      const long homed = k->homed, best_homed = pick < 0 ? 1 : cand[pick].homed;
      /* To beat the best: fewer moves per tile home, so fewer than cap. */
      const long cap = pick < 0 ? LONG_MAX : (best * homed + best_homed - 1) / best_homed;
      /* From where the walks so far left the tiles (b), then from the
       * board with them undone (v, the same board when there are none). */
      long beat = cap;
      if (S->nwalks) {
        const long there = price(c, b, S, k->at, beat, 0);
        if (there < 0) return -1;
        if (there < beat) pick = i, best = beat = there;
      }
      const long home = price(c, v, S, (const int[TRIPLE]){k->y, k->x, k->z}, beat, 1);
      if (home < 0) return -1;
      if (home < beat) pick = i, best = home;
    }
    if (pick < 0 || turn(c, b, S)) return -1; /* the first is never capped */
    const trio *k = &cand[pick];
    const uint8_t on_y = v->cell[k->y]; /* y's tile goes to x, x's to z, z's to y */
    v->cell[k->y] = v->cell[k->z];
    v->cell[k->z] = v->cell[k->x];
    v->cell[k->x] = on_y;
    c->cycles++;
  }
}

_Static_assert(sizeof(bs_lap_beam) <= sizeof(((bs_sorter *)0)->set), "the laps' scratch fits the engine search's");

static int sort_step(bs_construct *c, bs_board *b) {
  const bs_sorter *s = c->sorter;
  const bs_region *r = &s->region;
  uint8_t moves[BS_MAX_CELLS];
  int n = bs_region_to_root(r, &c->geom, b->blank, moves);
  if (play(c, b, moves, n)) return -1;
  uint8_t dist[BS_MAX_CELLS][BS_MAX_CELLS];
  for (uint64_t q = r->cells; q; q &= q - 1) {
    int v = __builtin_ctzll(q);
    bs_flood(&c->geom, r->cells, v, NULL, dist[v]);
  }
  bs_lap_beam *B = &c->sorter->beam; /* the engine search's scratch, free while sorting */
  if (!c->plain_sort &&
      play(c, b, B->moves, bs_laps_choose(&s->laps, B, b, (const uint8_t(*)[BS_MAX_CELLS])dist, &c->searched)))
    return -1;
  /* Even on every orbit: generators whose signs add up to the board's. */
  uint64_t sign = 0, use = 0;
  for (int o = 0; o < s->norbits; o++) {
    bs_perm pi; /* the board on orbit o: cell -> goal cell */
    bs_perm_identity(pi);
    for (uint64_t m = s->orbit[o]; m; m &= m - 1) {
      int q = __builtin_ctzll(m);
      pi[q] = (uint8_t)(b->cell[q] - 1);
    }
    sign |= (uint64_t)bs_perm_odd(pi) << o;
  }
  for (int o = s->norbits - 1; o >= 0 && sign; o--)
    if (sign >> o & 1) {
      if (!s->basis[o]) return -1; /* not in G: cannot happen on a solvable board */
      sign ^= s->basis[o];
      use ^= s->basis_gens[o];
    }
  for (; use; use &= use - 1) {
    int k = __builtin_ctzll(use);
    if (play(c, b, s->walk + s->gen_at[k], s->gen_len[k])) return -1;
  }
  /* Each orbit by 3-cycles. Each one's walk T starts where the last core
   * left the blank, or the walks so far are undone first; those left are
   * undone at the end, the last first (T_1 C_1 ... T_k C_k T_k^-1 ...
   * T_1^-1: the header says why that sorts as the 3-cycles do). */
  sorting S = {.nwalks = 0};
  turns_init(s, &S.t);
  bs_board u = *b; /* b once the walks are undone */
  int rc = 0;
  for (int o = 0; o < s->norbits && !rc; o++)
    if (s->engine_len[o]) rc = sort_orbit(c, b, &u, &S, o, dist); /* two cells: even, so home */
  free(S.best);
  return rc || unwind(c, b, &S) ? -1 : 0;
}

/* ---- an ear step ------------------------------------------------------------ */

/* Moves the blank to cell q, next to it. */
static int step_to(bs_construct *c, bs_board *b, int q) {
  const int d = bs_geom_dir(&c->geom, b->blank, q);
  if (d < 0) return -1; /* cannot happen: walks go from cell to next cell */
  const uint8_t move = (uint8_t)d;
  return play(c, b, &move, 1);
}

/* One pass of the blank through the ear path[0..m) (x next to path[0], y
 * next to path[m-1]) with tile v coming on: a push brings v to y and the
 * blank to x, and the blank walks through the ear to y, so that every tile
 * on it moves one cell towards x, the one on path[0] off it, and v onto
 * path[m-1]; a pull is the same the other way. v is brought through the
 * cells outside the ear (not shut). Returns 0, or -1. */
static int pass(bs_construct *c, bs_board *b, uint64_t shut, const uint8_t *path, int m, int x, int y, int v,
                int push) {
  const int from = cell_of(b, v), to = push ? y : x, at = push ? x : y;
  const goals G = {1, 1, &to, &at, NULL};
  if (search(c, b, shut, &from, &G, LONG_MAX) < 0) return -1;
  for (int i = 0; i < m; i++)
    if (step_to(c, b, path[push ? i : m - 1 - i])) return -1;
  return step_to(c, b, push ? y : x);
}

/* Fills the ear path[0..m) (x next to path[0], y next to path[m-1]) by
 * passes (pass): first p pulls of other tiles (fillers), or s pushes of
 * them, then n pushes of the ear's own last n tiles in order, of all such
 * ways the one of fewest passes (ties: the fewest pulls, then pulls before
 * pushes of fillers). After p pulls the tile that was on path[i] is on
 * path[i + p], or off the ear at y if i + p >= m; after n pushes more, the
 * tiles on path[n..m) are on path[0..m-n), and the one pushed on k-th is
 * on path[m-n+k]. So the passes work where the tiles then on path[0..m-n)
 * are the ear's first, in order, and each tile pushed on is off the ear
 * before its turn: one on path[i] leaves it at push i + 1, so in time for
 * push k + 1 if i < k. p = n = m always works: the pulls take every tile
 * off. Returns 0, or -1. */
static int fill_ear(bs_construct *c, bs_board *b, uint64_t blocked, const uint8_t *path, int m, int x,
                    int y) {
  uint64_t set = 0;
  int on[BS_MAX_CELLS], tile[BS_MAX_CELLS]; /* where the ear's k-th tile is on it (-1: off); whose is on i */
  for (int i = 0; i < m; i++) set |= 1ull << path[i], tile[i] = -1;
  for (int k = 0; k < m; k++) {
    const int at = cell_of(b, path[k] + 1);
    on[k] = -1;
    for (int i = 0; i < m; i++)
      if (path[i] == at) on[k] = i, tile[i] = k;
  }
  int pulls = m, fills = 0, n = m;
  for (int p = 0; p <= m; p++)
    for (int q = p; q <= m && q + p < pulls + fills + n; q++) {
      int ok = 1;
      for (int k = 0; k < m && ok; k++)
        ok = k < m - q ? tile[k + q - p] == k : on[k] < 0 || on[k] + p >= m || on[k] + p < k - (m - q);
      if (ok) pulls = p, fills = 0, n = q;
    }
  int s = 0; /* pushes of fillers first, then m of the ear's own */
  for (int k = 0; k < m; k++)
    if (on[k] - k + 1 > s) s = on[k] - k + 1;
  if (s + m < pulls + n) pulls = 0, fills = s, n = m;
  const uint64_t shut = blocked | set, rest = ((1ull << b->n) - 1) & ~shut;
  uint8_t near[2][BS_MAX_CELLS]; /* distances from x, from y */
  bs_flood(&c->geom, rest, x, NULL, near[0]);
  bs_flood(&c->geom, rest, y, NULL, near[1]);
  for (int k = 0; k < pulls + fills + n; k++) {
    const int push = k >= pulls; /* and near[push] is from where its tile comes on */
    int v = -1;
    if (k >= pulls + fills) {
      v = path[m - n + k - pulls - fills] + 1;
    } else { /* the filler nearest where it comes on */
      int best = -1;
      for (uint64_t q = rest; q; q &= q - 1) {
        const int u = __builtin_ctzll(q);
        if (u != b->blank && !(set >> (b->cell[u] - 1) & 1) && (best < 0 || near[push][u] < near[push][best]))
          best = u;
      }
      if (best >= 0) v = b->cell[best];
    }
    if (v < 0) return -1; /* cannot happen: rest holds m + 1 fillers, the ear m tiles */
    if (pass(c, b, shut, path, m, x, y, v, push)) return -1;
  }
  return 0;
}

/* An ear step: the blank off the ear by its nearer end, then passes one
 * way through it or the other, whichever takes fewer moves. */
static int convey(bs_construct *c, bs_board *b, uint64_t blocked, uint64_t set) {
  uint8_t path[BS_MAX_CELLS], back[BS_MAX_CELLS];
  int e[2];
  const int m = bs_region_ear_path(&c->geom, ((1ull << b->n) - 1) & ~blocked, set, path, e);
  if (m < 0) return -1; /* cannot happen: planned as an ear */
  for (int i = 0; i < m; i++)
    if (path[i] == b->blank) {
      for (int j = 2 * i < m ? i - 1 : i + 1; j >= 0 && j < m; j += 2 * i < m ? -1 : 1)
        if (step_to(c, b, path[j])) return -1;
      if (step_to(c, b, e[2 * i < m ? 0 : 1])) return -1;
      break;
    }
  for (int i = 0; i < m; i++) back[i] = path[m - 1 - i];
  const bs_board from = *b;
  const size_t at = c->len;
  if (fill_ear(c, b, blocked, path, m, e[0], e[1])) return -1;
  const size_t one = c->len - at;
  *b = from, c->len = at;
  if (fill_ear(c, b, blocked, back, m, e[1], e[0])) return -1;
  if (c->len - at <= one) return 0;
  *b = from, c->len = at; /* the first way was shorter: again */
  return fill_ear(c, b, blocked, path, m, e[0], e[1]);
}

/* Small steps next to each other in the plan, from step i on, searched
 * as one: their tiles together, up to PLAN_KMAX of them where the search
 * fits (bs_construct.h says why that stays valid). *homes holds step i's
 * cells and gains the others'. Returns the last step taken. */
static int merge(const bs_construct *c, int i, uint64_t blocked, uint64_t *homes) {
  const bs_plan *p = &c->plan;
  const int f = __builtin_popcountll(c->region.cells & ~blocked); /* R_(i-1)'s cells */
  for (; i + 1 < p->nsteps && !(p->ear >> (i + 1) & 1) && !(i + 2 == p->nsteps && p->sort_last); i++) {
    const int k = __builtin_popcountll(*homes | p->step[i + 1]);
    if (k > PLAN_KMAX || !fits(c, f, k)) break;
    *homes |= p->step[i + 1];
  }
  return i;
}

int bs_construct_solve(bs_construct *c, const bs_board *start) {
  const char *why;
  if (bs_solvability(start, &why) != BS_SOLVABLE) return -1;
  if (bs_construct_plan(c, start->w, start->h, start->wall)) return -1;
  const bs_plan *p = &c->plan;
  bs_board b = *start;
  uint64_t blocked = ~c->region.cells; /* walls, and components whose tiles are home */
  c->len = 0;
  c->moves[0] = 0;
  c->cycles = 0;
  c->stopped = 0;
  for (int i = 0; i < p->nsteps; i++) {
    int sort = i == p->nsteps - 1 && p->sort_last;
    if (sort && c->before_sort) {
      c->stopped = 1;
      c->rest = b;
      c->rest.wall |= blocked & ((1ull << b.n) - 1); /* their tiles are home */
      break;
    }
    uint64_t homes = p->step[i];
    const int ear = p->ear >> i & 1;
    if (!sort && !ear) i = merge(c, i, blocked, &homes);
    if (sort ? sort_step(c, &b) : ear ? convey(c, &b, blocked, homes) : place(c, &b, blocked, homes)) return -1;
    blocked |= homes;
  }
  if (!c->stopped && !bs_is_goal(&b)) return -1;
  /* Reduced, as a walk: a 3-cycle's walk back and the next one's walk out
   * share their way near the root. */
  for (size_t i = 0; i < c->len; i++) c->moves[i] = (char)bs_dir_from_char(c->moves[i]);
  c->len = reduce((uint8_t *)c->moves, c->len);
  for (size_t i = 0; i < c->len; i++) c->moves[i] = bs_dir_chars[(uint8_t)c->moves[i]];
  c->moves[c->len] = 0;
  return 0;
}
