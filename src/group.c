/* bs_group: Schreier-Sims on the cells of a board, and puzzle groups. */
#include "bs_group.h"

#include <string.h>

/* Product replacement (Celler, Leedham-Green, Murray, Niemeyer and
 * O'Brien 1995): slots (at least, at most), steps before the first element
 * is used, and the sifts in a row that change nothing before the random
 * phase ends. */
#define BS_GROUP_SLOTS 10
#define BS_GROUP_SLOTS_MAX 64
#define BS_GROUP_WARMUP 30
#define BS_GROUP_MISSES 24
#define BS_GROUP_SEED 0x67726f7570ull

static const uint8_t primes[BS_GROUP_PRIMES] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31};

/* o = o * m (sign +1) or o / m (sign -1), for 1 <= m <= BS_MAX_CELLS. */
static void order_mul(bs_order *o, int m, int sign) {
  for (int i = 0; i < BS_GROUP_PRIMES && m > 1; i++)
    for (; m % primes[i] == 0; m /= primes[i]) o->e[i] = (uint8_t)(o->e[i] + sign);
}

/* ---- the chain ------------------------------------------------------------ */

/* x = x then inv[l][y]: x now fixes b_l where it took b_l to y. */
static void strip(const bs_group *G, int l, int y, uint8_t *x) {
  const uint8_t *t = G->inv[l][y];
  for (int z = 0; z < BS_MAX_CELLS; z++) x[z] = t[x[z]];
}

/* Sifts x through levels from..end. Returns -1 if it became the identity,
 * else the level where its base image lies outside the orbit (x is then
 * the residue, fixing the base points before). */
static int sift(const bs_group *G, uint8_t *x, int from) {
  for (int l = from; l < G->nlevels; l++) {
    int y = x[G->base[l]];
    if (y == G->base[l]) continue;
    if (!(G->in_orbit[l] >> y & 1)) return l;
    strip(G, l, y, x);
  }
  return -1; /* the base is the whole domain: fixing it is the identity */
}

/* Closes level l's orbit under its strong generators: the old points under
 * generators from `fresh` on, the new points under all. */
static void extend(bs_group *G, int l, int fresh) {
  int old = G->size[l];
  for (int i = 0; i < G->size[l]; i++) {
    int x = G->orbit[l][i];
    for (int t = i < old ? fresh : 0; t < G->nstrong; t++) {
      if (G->level_of[t] < l) continue;
      const uint8_t *s = G->strong[t];
      int y = s[x];
      if (G->in_orbit[l] >> y & 1) continue;
      /* inv[y] = s^-1 then inv[x]: it takes y = s(x) back to x, then to b_l. */
      for (int z = 0; z < BS_MAX_CELLS; z++) G->inv[l][y][s[z]] = G->inv[l][x][z];
      G->in_orbit[l] |= 1ull << y;
      G->orbit[l][G->size[l]++] = (uint8_t)y;
    }
  }
}

/* Adds the residue x, which fixes b_0..b_{j-1} and moves b_j out of D_j. */
static void add(bs_group *G, const uint8_t *x, int j) {
  int t = G->nstrong++;
  memcpy(G->strong[t], x, sizeof(bs_perm));
  G->level_of[t] = (uint8_t)j;
  for (int l = 0; l <= j; l++) {
    int before = G->size[l];
    extend(G, l, t);
    if (G->size[l] == before) continue;
    order_mul(&G->order, before, -1);
    order_mul(&G->order, G->size[l], +1);
  }
}

/* ---- what bounds the order ------------------------------------------------- */

static int find(uint8_t *up, int x) {
  while (up[x] != x) x = up[x] = up[up[x]];
  return x;
}

/* The orbits of the generators (orbit_of: the lowest cell of each one;
 * moved: the points of orbits of two or more), and into *bound the
 * product over the orbits of |O|!/2, times 2 per independent sign pattern
 * of the generators on the orbits. */
static void orbits(const bs_perm *gens, int ngens, uint8_t *orbit_of, uint64_t *moved, bs_order *bound) {
  uint8_t up[BS_MAX_CELLS];
  for (int x = 0; x < BS_MAX_CELLS; x++) up[x] = (uint8_t)x;
  for (int k = 0; k < ngens; k++)
    for (int x = 0; x < BS_MAX_CELLS; x++) {
      int a = find(up, x), b = find(up, gens[k][x]);
      if (a != b) up[a > b ? a : b] = (uint8_t)(a < b ? a : b); /* the lowest cell leads */
    }
  int size[BS_MAX_CELLS] = {0}, index[BS_MAX_CELLS], norbits = 0;
  *moved = 0;
  for (int x = 0; x < BS_MAX_CELLS; x++) {
    orbit_of[x] = (uint8_t)find(up, x);
    size[orbit_of[x]]++;
  }
  memset(bound, 0, sizeof *bound);
  for (int x = 0; x < BS_MAX_CELLS; x++) {
    if (size[orbit_of[x]] > 1) *moved |= 1ull << x;
    if (orbit_of[x] != x) continue;
    index[x] = norbits++;
    for (int m = 3; m <= size[x]; m++) order_mul(bound, m, +1); /* |O|! / 2 */
  }
  /* Signs: gaussian elimination over GF(2), one bit per orbit. */
  uint64_t basis[BS_MAX_CELLS] = {0};
  for (int k = 0; k < ngens; k++) {
    uint64_t sign = 0, seen = 0;
    for (int x = 0; x < BS_MAX_CELLS; x++) {
      if (seen >> x & 1) continue;
      for (int y = gens[k][x]; y != x; y = gens[k][y]) {
        sign ^= 1ull << index[orbit_of[x]];
        seen |= 1ull << y;
      }
    }
    for (int b = norbits - 1; b >= 0 && sign; b--) {
      if (!(sign >> b & 1)) continue;
      if (!basis[b]) {
        basis[b] = sign;
        order_mul(bound, 2, +1);
        break;
      }
      sign ^= basis[b];
    }
  }
}

void bs_group_bound(const bs_perm *gens, int ngens, bs_order *bound) {
  uint8_t orbit_of[BS_MAX_CELLS];
  uint64_t moved;
  orbits(gens, ngens, orbit_of, &moved, bound);
}

/* The order's value in three 64-bit limbs, lowest first: every order here
 * is at most 35! < 2^133. */
static void order_value(const bs_order *o, uint64_t v[3]) {
  v[0] = 1;
  v[1] = v[2] = 0;
  for (int i = 0; i < BS_GROUP_PRIMES; i++)
    for (int e = 0; e < o->e[i]; e++) {
      unsigned __int128 carry = 0;
      for (int k = 0; k < 3; k++) {
        carry += (unsigned __int128)v[k] * primes[i];
        v[k] = (uint64_t)carry;
        carry >>= 64;
      }
    }
}

int bs_order_compare(const bs_order *a, const bs_order *b) {
  uint64_t x[3], y[3];
  order_value(a, x);
  order_value(b, y);
  for (int k = 2; k >= 0; k--)
    if (x[k] != y[k]) return x[k] < y[k] ? -1 : 1;
  return 0;
}

/* ---- building ---------------------------------------------------------------- */

void bs_group_build(bs_group *G, const bs_perm *gens, int ngens, uint64_t points, const uint8_t *first,
                    int nfirst, const bs_order *cap) {
  G->points = points;
  G->nlevels = 0;
  uint64_t placed = 0;
  for (int i = 0; i < nfirst; i++)
    if ((points >> first[i] & 1) && !(placed >> first[i] & 1)) {
      G->base[G->nlevels++] = first[i];
      placed |= 1ull << first[i];
    }
  for (uint64_t rest = points & ~placed; rest; rest &= rest - 1)
    G->base[G->nlevels++] = (uint8_t)__builtin_ctzll(rest);
  for (int l = 0; l < G->nlevels; l++) {
    int b = G->base[l];
    G->size[l] = 1;
    G->orbit[l][0] = (uint8_t)b;
    G->in_orbit[l] = 1ull << b;
    bs_perm_identity(G->inv[l][b]);
  }
  memset(&G->order, 0, sizeof G->order);
  G->nstrong = 0;
  orbits(gens, ngens, G->orbit_of, &G->moved, &G->bound);
  /* The order only grows towards |G|; reaching a bound ends the build. */
#define BS_DONE (bs_group_full(G) || (cap && bs_order_equal(&G->order, cap)))
  bs_perm x;
  for (int k = 0; k < ngens && !BS_DONE; k++) {
    memcpy(x, gens[k], sizeof x);
    int j = sift(G, x, 0);
    if (j >= 0) add(G, x, j);
  }
  /* Random elements first (product replacement, from a fixed seed, so the
   * chain is the same every time): when the bound is the order, as for
   * every 2-connected block that is no ring, they reach it in a few sifts
   * a level. Schreier generators alone would sift thousands. */
  if (ngens && !BS_DONE) {
    bs_rng rng;
    bs_perm slot[BS_GROUP_SLOTS_MAX], acc;
    int slots = ngens < BS_GROUP_SLOTS ? BS_GROUP_SLOTS : ngens;
    if (slots > BS_GROUP_SLOTS_MAX) slots = BS_GROUP_SLOTS_MAX;
    bs_rng_seed(&rng, BS_GROUP_SEED);
    /* Every generator in some slot, so that the slots generate G (more
     * generators than slots, from a rebase, are folded in). */
    for (int i = 0; i < slots; i++) memcpy(slot[i], gens[i % ngens], sizeof(bs_perm));
    for (int k = slots; k < ngens; k++) bs_perm_compose(slot[k % slots], slot[k % slots], gens[k]);
    bs_perm_identity(acc);
    for (int step = 0, misses = 0; misses < BS_GROUP_MISSES && !BS_DONE; step++) {
      int i = (int)bs_rng_below(&rng, (uint32_t)slots), j = (int)bs_rng_below(&rng, (uint32_t)slots - 1);
      j += j >= i;
      bs_perm_compose(slot[i], slot[i], slot[j]);
      bs_perm_compose(acc, acc, slot[i]);
      if (step < BS_GROUP_WARMUP) continue;
      memcpy(x, acc, sizeof x);
      int l = sift(G, x, 0);
      if (l < 0) {
        misses++;
        continue;
      }
      add(G, x, l);
      misses = 0;
    }
  }
  /* Schreier generators u_p s inv[s(p)], bottom level up. A level is done
   * when every pair (orbit point, strong generator) has been sifted: pairs
   * below (tested_p, tested_s) were, and stay so, since orbits and
   * generators only grow and old transversal entries never change. */
  uint8_t tested_p[BS_MAX_CELLS] = {0};
  int tested_s[BS_MAX_CELLS] = {0};
  int l = G->nlevels - 1;
  while (l >= 0 && !BS_DONE) {
    int again = -1;
    for (int i = 0; i < G->size[l] && again < 0; i++) {
      int p = G->orbit[l][i];
      bs_perm u;
      bs_perm_inverse(u, G->inv[l][p]);
      for (int t = 0; t < G->nstrong && again < 0; t++) {
        if (G->level_of[t] < l || (i < tested_p[l] && t < tested_s[l])) continue;
        const uint8_t *s = G->strong[t], *back = G->inv[l][s[p]];
        for (int z = 0; z < BS_MAX_CELLS; z++) x[z] = back[s[u[z]]];
        int j = sift(G, x, l + 1);
        if (j < 0) continue;
        add(G, x, j);
        again = j; /* levels l+1..j have new pairs */
      }
    }
    if (again >= 0 && !BS_DONE) {
      l = again;
      continue;
    }
    tested_p[l] = G->size[l];
    tested_s[l] = G->nstrong;
    l--;
  }
#undef BS_DONE
}

void bs_group_walk(const bs_geom *g, int from, const uint8_t *moves, int n, uint8_t *p) {
  uint8_t lab[BS_MAX_CELLS]; /* labels ride on the tiles: label c starts on cell c */
  for (int c = 0; c < BS_MAX_CELLS; c++) lab[c] = (uint8_t)c;
  for (int i = 0, at = from; i < n; i++) {
    int to = g->nb[at][moves[i]];
    uint8_t t = lab[at];
    lab[at] = lab[to];
    lab[to] = t;
    at = to;
  }
  for (int c = 0; c < BS_MAX_CELLS; c++) p[lab[c]] = (uint8_t)c;
}

int bs_group_region_gens(const bs_region *r, const bs_geom *g, bs_perm *gens) {
  int k = 0;
  for (uint64_t cells = r->cells; cells; cells &= cells - 1) {
    int u = __builtin_ctzll(cells);
    for (int d = 0; d < 4; d++) {
      if (g->nb[u][d] < u || !bs_region_off_tree(r, g, u, d)) continue; /* each edge once */
      uint8_t moves[BS_REGION_CYCLE];
      bs_group_walk(g, r->root, moves, bs_region_cycle(r, g, u, d, moves), gens[k++]);
    }
  }
  return k;
}

void bs_group_region(bs_group *G, const bs_region *r, const bs_geom *g, const uint8_t *first, int nfirst,
                     const bs_order *cap) {
  bs_perm gens[BS_GROUP_REGION_GENS];
  int k = bs_group_region_gens(r, g, gens);
  bs_group_build(G, gens, k, r->cells & ~(1ull << r->root), first, nfirst, cap);
}

void bs_group_rebase(bs_group *G, const bs_group *from, const uint8_t *first, int nfirst) {
  bs_group_build(G, (const bs_perm *)from->strong, from->nstrong, from->points, first, nfirst, &from->order);
}

void bs_group_stabilizer_order(const bs_group *G, int k, bs_order *o) {
  memset(o, 0, sizeof *o);
  for (int l = k; l < G->nlevels; l++) order_mul(o, G->size[l], +1);
}

void bs_group_point_stabilizer_order(const bs_group *G, int x, bs_order *o) {
  int orbit = 0;
  for (int y = 0; y < BS_MAX_CELLS; y++) orbit += G->orbit_of[y] == G->orbit_of[x];
  *o = G->order;
  order_mul(o, orbit, -1); /* |G| = |orbit of x| |Stab(x)| */
}

void bs_order_alternating(int m, bs_order *o) {
  memset(o, 0, sizeof *o);
  for (int i = 3; i <= m; i++) order_mul(o, i, +1);
}

int bs_group_is_stabilizer(const bs_group *G, int k, const bs_group *H) {
  if (H->nlevels != G->nlevels - k) return 0;
  for (int l = 0; l < H->nlevels; l++)
    if (H->base[l] != G->base[k + l] || H->size[l] != G->size[k + l]) return 0;
  return 1;
}

int bs_group_contains(const bs_group *G, const uint8_t *p) {
  for (int x = 0; x < BS_MAX_CELLS; x++)
    if (p[x] != x && !(G->points >> x & 1)) return 0;
  bs_perm x;
  memcpy(x, p, sizeof x);
  return sift(G, x, 0) < 0;
}

void bs_group_random(const bs_group *G, bs_rng *rng, uint8_t *out) {
  bs_perm u;
  bs_perm_identity(out);
  for (int l = G->nlevels - 1; l >= 0; l--) {
    if (G->size[l] == 1) continue;
    int y = G->orbit[l][bs_rng_below(rng, G->size[l])];
    bs_perm_inverse(u, G->inv[l][y]); /* b_l -> y */
    bs_perm_compose(out, out, u);
  }
}

double bs_group_order(const bs_group *G) {
  double o = 1;
  for (int l = 0; l < G->nlevels; l++) o *= G->size[l];
  return o;
}
