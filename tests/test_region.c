/* Tests of bs_region: flood, components, cut cells, blocks, dead cells,
 * rings, ears and the spanning tree, each against a brute force written here
 * (remove a cell or an edge, flood again) on random layouts of every size,
 * and on shapes drawn by hand. */
#include "bs_test.h"

#include "bs_region.h"

/* A layout from rows of 'o' (open) and '#' (wall), the last cell open. */
static void layout(const char *rows, int w, int h, bs_geom *g, uint64_t *open) {
  uint64_t wall = 0;
  cr_assert_eq((int)strlen(rows), w * h, "%s", rows);
  for (int i = 0; i < w * h; i++)
    if (rows[i] == '#') wall |= 1ull << i;
  bs_geom_layout(g, w, h, wall);
  *open = ((1ull << (w * h)) - 1) & ~wall;
}

/* Connected pieces of `within`, by repeated floods of a plain queue. */
static int pieces(const bs_geom *g, uint64_t within) {
  int k = 0;
  uint64_t left = within;
  while (left) {
    int q[BS_MAX_CELLS], head = 0, tail = 0;
    q[tail++] = __builtin_ctzll(left);
    left &= left - 1;
    while (head < tail) {
      int p = q[head++], x = p % g->w, y = p / g->w;
      int nb[4] = {x > 0 ? p - 1 : -1, x < g->w - 1 ? p + 1 : -1, y > 0 ? p - g->w : -1,
                   y < g->h - 1 ? p + g->w : -1};
      for (int d = 0; d < 4; d++)
        if (nb[d] >= 0 && (left >> nb[d] & 1)) {
          left &= ~(1ull << nb[d]);
          q[tail++] = nb[d];
        }
    }
    k++;
  }
  return k;
}

static int adjacent(const bs_geom *g, int p, int q) {
  for (int d = 0; d < 4; d++)
    if (g->nb[p][d] == q) return 1;
  return 0;
}

/* Whether the edge p-q is a bridge of `cells`: without it, p and q are
 * apart. Flooded by hand, with the edge left out. */
static int bridge(const bs_geom *g, uint64_t cells, int p, int q) {
  uint64_t seen = 1ull << p, frontier = seen;
  while (frontier) {
    uint64_t next = 0;
    for (uint64_t f = frontier; f; f &= f - 1) {
      int a = __builtin_ctzll(f);
      for (int d = 0; d < 4; d++) {
        int b = g->nb[a][d];
        if (b < 0 || !(cells >> b & 1) || (seen >> b & 1) || (a == p && b == q)) continue;
        seen |= 1ull << b;
        next |= 1ull << b;
      }
    }
    frontier = next;
  }
  return !(seen >> q & 1);
}

static uint64_t random_layout(uint64_t *seed, int w, int h, int walls, bs_geom *g) {
  uint64_t wall = 0;
  for (int k = 0; k < walls; k++) wall |= 1ull << bs_rand_below(seed, w * h - 1);
  bs_geom_layout(g, w, h, wall);
  return ((1ull << (w * h)) - 1) & ~wall;
}

/* Everything bs_region_init says about the piece of `open` around the
 * last cell, checked by brute force. Returns the number of blocks. */
static int check_region(const bs_geom *g, uint64_t open, int full_blocks) {
  int n = g->w * g->h, root = n - 1;
  bs_region r;
  bs_region_init(&r, g, open, root);
  uint64_t cells = r.cells;
  cr_assert_eq(pieces(g, cells), 1);
  cr_assert_eq(cells & ~open, 0);
  for (int p = 0; p < n; p++) /* nothing of `open` next to the piece is left out */
    if ((cells >> p & 1)) for (int d = 0; d < 4; d++) {
        int q = g->nb[p][d];
        if (q >= 0 && (open >> q & 1)) cr_assert(cells >> q & 1);
      }
  cr_assert_eq(r.size, __builtin_popcountll(cells));
  /* The tree: each cell's parent is a neighbour one step closer. */
  cr_assert_eq(r.order[0], root);
  cr_assert_eq(r.dist[root], 0);
  for (int i = 1; i < r.size; i++) {
    int p = r.order[i];
    cr_assert_geq(r.dist[p], r.dist[r.order[i - 1]]);
    int q = g->nb[p][r.up[p]];
    cr_assert(q >= 0 && (cells >> q & 1));
    cr_assert_eq(r.dist[q] + 1, r.dist[p]);
    uint8_t moves[BS_MAX_CELLS];
    int k = bs_region_to_root(&r, g, p, moves);
    cr_assert_eq(k, r.dist[p]);
    int at = p;
    for (int j = 0; j < k; j++) at = g->nb[at][moves[j]];
    cr_assert_eq(at, root);
  }
  /* Cut cells: exactly those whose loss splits the piece. */
  for (uint64_t c = cells; c; c &= c - 1) {
    int p = __builtin_ctzll(c);
    int splits = pieces(g, cells & ~(1ull << p)) > 1;
    cr_assert_eq((int)(r.cut >> p & 1), splits, "%dx%d cell %d", g->w, g->h, p);
  }
  /* Dead cells: every edge at them is a bridge. */
  for (uint64_t c = cells; c; c &= c - 1) {
    int p = __builtin_ctzll(c), all_bridges = 1;
    for (uint64_t nb = bs_region_nbrs(g, p, cells); nb; nb &= nb - 1)
      all_bridges &= bridge(g, cells, p, __builtin_ctzll(nb));
    cr_assert_eq((int)(r.dead >> p & 1), all_bridges, "%dx%d cell %d", g->w, g->h, p);
  }
  /* Blocks: each edge lies in exactly one; two share at most a cut cell;
   * a 2-cell block is a bridge; a ring's cells have two neighbours in it. */
  for (uint64_t c = cells; c; c &= c - 1) {
    int p = __builtin_ctzll(c);
    for (uint64_t nb = bs_region_nbrs(g, p, cells); nb; nb &= nb - 1) {
      int q = __builtin_ctzll(nb), in = 0;
      for (int b = 0; b < r.nblocks; b++) in += (r.block[b] >> p & 1) && (r.block[b] >> q & 1);
      cr_assert_eq(in, 1, "edge %d-%d", p, q);
    }
  }
  uint64_t ring = 0;
  for (int b = 0; b < r.nblocks; b++) {
    int m = __builtin_popcountll(r.block[b]);
    cr_assert_geq(m, 2);
    if (m == 2) {
      int p = __builtin_ctzll(r.block[b]), q = 63 - __builtin_clzll(r.block[b]);
      cr_assert(adjacent(g, p, q) && bridge(g, cells, p, q));
    } else {
      for (uint64_t c = r.block[b]; c; c &= c - 1) /* 2-connected */
        cr_assert_eq(pieces(g, r.block[b] & ~(c & -c)), 1);
      int plain = 1;
      for (uint64_t c = r.block[b]; c; c &= c - 1)
        plain &= __builtin_popcountll(bs_region_nbrs(g, __builtin_ctzll(c), r.block[b])) == 2;
      if (plain) ring |= r.block[b];
    }
    for (int b2 = b + 1; b2 < r.nblocks; b2++) {
      uint64_t common = r.block[b] & r.block[b2];
      cr_assert_leq(__builtin_popcountll(common), 1);
      cr_assert_eq(common & ~r.cut, 0);
    }
  }
  cr_assert_eq(r.ring, ring);
  if (full_blocks) {
    /* Two edges share a block iff no cell separates what is left of them. */
    int ea[64], eb[64], ne = 0;
    for (uint64_t c = cells; c; c &= c - 1) {
      int p = __builtin_ctzll(c);
      for (uint64_t nb = bs_region_nbrs(g, p, cells); nb; nb &= nb - 1)
        if (__builtin_ctzll(nb) > p) {
          ea[ne] = p;
          eb[ne++] = __builtin_ctzll(nb);
        }
    }
    for (int e = 0; e < ne; e++)
      for (int f = e + 1; f < ne; f++) {
        int together = 1;
        for (uint64_t c = cells; c && together; c &= c - 1) {
          uint64_t x = c & -c;
          uint64_t ends = ((1ull << ea[e]) | (1ull << eb[e]) | (1ull << ea[f]) | (1ull << eb[f])) & ~x;
          uint64_t piece = bs_flood(g, cells & ~x, __builtin_ctzll(ends), NULL, NULL);
          together = (ends & ~piece) == 0;
        }
        int same = 0;
        for (int b = 0; b < r.nblocks; b++) {
          uint64_t four = (1ull << ea[e]) | (1ull << eb[e]) | (1ull << ea[f]) | (1ull << eb[f]);
          same |= (r.block[b] & four) == four;
        }
        cr_assert_eq(same, together, "edges %d-%d and %d-%d", ea[e], eb[e], ea[f], eb[f]);
      }
  }
  cr_assert_eq(bs_region_leaves(&r, g) & ~r.dead, 0, "a dead end's end is on no cycle");
  return r.nblocks;
}

Test(region, random_layouts_of_every_size) {
  uint64_t seed = 1;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 40; rep++) {
        bs_geom g;
        uint64_t open = random_layout(&seed, w, h, rep % 4 * w * h / 8, &g);
        check_region(&g, open, w * h <= 16);
      }
}

Test(region, flood_distances_and_components) {
  bs_geom g;
  uint64_t open;
  layout("oo#o"
         "o##o"
         "oo#o", 4, 3, &g, &open);
  uint8_t order[BS_MAX_CELLS], dist[BS_MAX_CELLS];
  uint64_t left = bs_flood(&g, open, 0, order, dist);
  cr_assert_eq(left, 1ull << 0 | 1ull << 1 | 1ull << 4 | 1ull << 8 | 1ull << 9);
  cr_assert_eq(order[0], 0);
  cr_assert_eq(dist[9], 3);
  cr_assert_eq(dist[1], 1);
  uint64_t comp[BS_MAX_CELLS];
  cr_assert_eq(bs_region_components(&g, open, comp), 2);
  cr_assert_eq(comp[0], left);
  cr_assert_eq(comp[1], open & ~left);
  cr_assert(bs_region_connected(&g, comp[1]));
  cr_assert_not(bs_region_connected(&g, open));
  cr_assert_not(bs_region_connected(&g, 0));
  /* `within` limits the walk. */
  cr_assert_eq(bs_flood(&g, open & ~(1ull << 4), 0, NULL, NULL), 1ull << 0 | 1ull << 1);
}

Test(region, shapes_by_hand) {
  bs_geom g;
  uint64_t open;
  bs_region r;
  /* A ring: 3x3 around a wall. One block, a plain cycle, no cut cell. */
  layout("ooo"
         "o#o"
         "ooo", 3, 3, &g, &open);
  bs_region_init(&r, &g, open, 8);
  cr_assert_eq(r.nblocks, 1);
  cr_assert_eq(r.ring, open);
  cr_assert_eq(r.cut, 0);
  cr_assert_eq(r.dead, 0);
  check_region(&g, open, 1);
  /* A dead-end passage, cells 0-1, hung off a 2x3 block at cell 2. */
  layout("oooo"
         "##oo"
         "##oo", 4, 3, &g, &open);
  bs_region_init(&r, &g, open, 11);
  cr_assert_eq(r.dead, 1ull << 0 | 1ull << 1);
  cr_assert_eq(r.cut, 1ull << 1 | 1ull << 2);
  cr_assert_eq(bs_region_leaves(&r, &g), 1ull << 0);
  cr_assert_eq(r.nblocks, 3); /* two bridges and the 2x3 block */
  cr_assert_eq(r.ring, 0);
  check_region(&g, open, 1);
  /* Two 2x2 blocks joined by a one-cell passage: the passage is dead, its
   * ends are cut cells, and both blocks are rings of four. */
  layout("oo#oo"
         "ooooo", 5, 2, &g, &open);
  bs_region_init(&r, &g, open, 9);
  cr_assert_eq(r.dead, 1ull << 7);
  cr_assert_eq(r.cut, 1ull << 6 | 1ull << 7 | 1ull << 8);
  cr_assert_eq(r.nblocks, 4);
  cr_assert_eq(r.ring, open & ~(1ull << 7));
  check_region(&g, open, 1);
  /* A theta: 2x3, two 4-cycles sharing an edge; one block, no ring. */
  layout("ooo"
         "ooo", 3, 2, &g, &open);
  bs_region_init(&r, &g, open, 5);
  cr_assert_eq(r.nblocks, 1);
  cr_assert_eq(r.ring, 0);
  cr_assert_eq(r.dead, 0);
  /* One open cell: no block, the root dead. */
  layout("###o", 2, 2, &g, &open);
  bs_region_init(&r, &g, open, 3);
  cr_assert_eq(r.size, 1);
  cr_assert_eq(r.nblocks, 0);
  cr_assert_eq(r.dead, 1ull << 3);
}

/* The fill by shifts (bs_region_fill) reaches what the walk cell by cell
 * (bs_flood) reaches, on random layouts of every size, from every open
 * cell, through random parts of the open cells; and a fill from several
 * cells is the union of theirs. */
Test(region, fill_by_shifts_matches_the_flood) {
  uint64_t seed = 7;
  int checked = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 20; rep++) {
        bs_geom g;
        uint64_t open = random_layout(&seed, w, h, rep % 4 * w * h / 8, &g);
        const bs_lanes L = bs_lanes_of(w, h);
        uint64_t within = open;
        if (rep % 2)
          for (uint64_t c = open; c; c &= c - 1)
            if (bs_rand_below(&seed, 3) == 0) within &= ~(c & -c);
        uint64_t both = 0, all = 0;
        for (uint64_t c = within; c; c &= c - 1) {
          const int p = __builtin_ctzll(c);
          const uint64_t want = bs_flood(&g, within, p, NULL, NULL);
          cr_assert_eq(bs_region_fill(&L, within, 1ull << p), want, "%dx%d cell %d", w, h, p);
          if (__builtin_popcountll(both) < 2 && !(want & all)) both |= 1ull << p, all |= want;
          checked++;
        }
        cr_assert_eq(bs_region_fill(&L, within, both), all, "%dx%d from two cells", w, h);
      }
  cr_assert_gt(checked, 5000);
}

/* The neighbours of p in `within`, by coordinates (not the move table). */
static int nbrs_in(const bs_geom *g, uint64_t within, int p, int *out) {
  const int x = p % g->w, y = p / g->w, cand[4] = {x > 0 ? p - 1 : -1, x < g->w - 1 ? p + 1 : -1,
                                                   y > 0 ? p - g->w : -1, y < g->h - 1 ? p + g->w : -1};
  int k = 0;
  for (int d = 0; d < 4; d++)
    if (cand[d] >= 0 && (within >> cand[d] & 1)) out[k++] = cand[d];
  return k;
}

/* Ears by walking: from each cell of two neighbours but `keep` not yet
 * walked, in line order, cell by cell both ways while the next cell has
 * two neighbours and is not `keep`. The run is an ear when it has two
 * cells or more, two end cells outside it that differ, and each of them a
 * neighbour besides the run. Their end cells into ends[2k], ends[2k+1]. */
static int ears_by_walking(const bs_geom *g, uint64_t within, int keep, uint64_t *ear, int *ends) {
  uint64_t walked = 0;
  int n = 0;
  for (int p = 0; p < g->w * g->h; p++) {
    int nb[4];
    if (!(within >> p & 1) || p == keep || (walked >> p & 1) || nbrs_in(g, within, p, nb) != 2) continue;
    uint64_t run = 1ull << p;
    int end[2], cycle = 0;
    for (int side = 0; side < 2; side++) {
      int prev = p, cur = nb[side], next[4];
      while (cur != p && cur != keep && nbrs_in(g, within, cur, next) == 2) {
        run |= 1ull << cur;
        const int step = next[0] == prev ? next[1] : next[0];
        prev = cur, cur = step;
      }
      cycle |= cur == p;
      end[side] = cur;
    }
    walked |= run;
    if (cycle || __builtin_popcountll(run) < 2 || end[0] == end[1]) continue;
    int ok = 1;
    for (int side = 0; side < 2; side++) {
      int out[4], k = nbrs_in(g, within, end[side], out), besides = 0;
      for (int i = 0; i < k; i++) besides += !(run >> out[i] & 1);
      ok &= besides > 0;
    }
    if (!ok) continue;
    ends[2 * n] = end[0], ends[2 * n + 1] = end[1];
    ear[n++] = run;
  }
  return n;
}

/* Checks bs_region_ears and bs_region_ear_path against the walk above. */
static int check_ears(const bs_geom *g, uint64_t within, int keep) {
  uint64_t want[BS_MAX_CELLS], got[BS_MAX_CELLS];
  int want_ends[2 * BS_MAX_CELLS];
  const int n = ears_by_walking(g, within, keep, want, want_ends), k = bs_region_ears(g, within, keep, got);
  cr_assert_eq(k, n, "%dx%d within %llx: %d ears, not %d", g->w, g->h, (unsigned long long)within, k, n);
  for (int i = 0; i < n; i++) {
    cr_assert_eq(got[i], want[i], "ear %d", i);
    uint8_t path[BS_MAX_CELLS];
    int ends[2], m = bs_region_ear_path(g, within, got[i], path, ends);
    cr_assert_eq(m, __builtin_popcountll(got[i]));
    uint64_t seen = 0;
    for (int j = 0; j < m; j++) {
      seen |= 1ull << path[j];
      int nb[4], adj = 0, c = nbrs_in(g, within, path[j], nb);
      for (int a = 0; j && a < c; a++) adj |= nb[a] == path[j - 1];
      cr_assert(!j || adj, "ear %d: cells %d and %d of its path are not next to each other", i, j - 1, j);
    }
    cr_assert_eq(seen, got[i]);
    cr_assert((ends[0] == want_ends[2 * i] && ends[1] == want_ends[2 * i + 1]) ||
                  (ends[0] == want_ends[2 * i + 1] && ends[1] == want_ends[2 * i]),
              "ear %d: ends %d %d", i, ends[0], ends[1]);
    int nb[4], c = nbrs_in(g, within, path[0], nb), at0 = 0;
    for (int a = 0; a < c; a++) at0 |= nb[a] == ends[0];
    cr_assert(at0, "ear %d: end %d is not next to its first cell", i, ends[0]);
  }
  return n;
}

Test(region, ears_by_hand) {
  bs_geom g;
  uint64_t open, ear[BS_MAX_CELLS];
  uint8_t path[BS_MAX_CELLS];
  int ends[2];
  /* A room with a corridor ring round it: one ear of 13 cells, from the
   * room's top right corner (17) round to its bottom left (32). */
  layout("oooooo" "o####o" "o#oooo" "o#oooo" "o#oooo" "oooooo", 6, 6, &g, &open);
  cr_assert_eq(check_ears(&g, open, 35), 1);
  bs_region_ears(&g, open, 35, ear);
  cr_assert_eq(bs_region_ear_path(&g, open, ear[0], path, ends), 13);
  cr_assert((ends[0] == 17 && ends[1] == 32) || (ends[0] == 32 && ends[1] == 17), "%d %d", ends[0], ends[1]);
  /* A plain ring: a run from the root round to it, no ear. */
  layout("oooo" "o##o" "o##o" "oooo", 4, 4, &g, &open);
  cr_assert_eq(check_ears(&g, open, 15), 0);
  /* Two dead ends: their leaves have no other neighbour. */
  layout("oooo" "###o" "oooo", 4, 3, &g, &open);
  cr_assert_eq(check_ears(&g, open, 11), 0);
  /* A theta with long arms: the top left arm, 5 cells, and the right one,
   * 3 cells down to the root; single cells are no ears. */
  layout("ooooo" "o#o#o" "ooooo", 5, 3, &g, &open);
  cr_assert_eq(check_ears(&g, open, 14), 2);
  bs_region_ears(&g, open, 14, ear);
  cr_assert_eq(ear[0], 1ull << 0 | 1ull << 1 | 1ull << 5 | 1ull << 10 | 1ull << 11);
  cr_assert_eq(ear[1], 1ull << 3 | 1ull << 4 | 1ull << 9);
}

Test(region, ears_of_random_layouts) {
  uint64_t seed = 11;
  int ears = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 40; rep++) {
        bs_geom g;
        const uint64_t open = random_layout(&seed, w, h, rep % 5 * w * h / 10, &g);
        ears += check_ears(&g, open, w * h - 1);
      }
  cr_assert_gt(ears, 200);
}

/* The simple cycles of `within`, by brute force: every set of its edges
 * whose cells all have two of them or none, and which is connected, is one
 * cycle. Writes each one's edges as a mask over edge[] to mask[] (at most
 * `most`); returns how many. */
static int cycles_by_edges(const bs_geom *g, uint64_t within, int edge[][2], int *nedge, uint32_t *mask,
                           int most) {
  int m = 0;
  for (int p = 0; p < g->n; p++)
    for (int d = 0; d < 4; d++) {
      int q = g->nb[p][d];
      if (q > p && (within >> p & 1) && (within >> q & 1)) edge[m][0] = p, edge[m++][1] = q;
    }
  *nedge = m;
  cr_assert_leq(m, 20, "too many edges for the brute force");
  int k = 0;
  for (uint32_t s = 1; s < 1u << m; s++) {
    int deg[BS_MAX_CELLS] = {0};
    uint64_t on = 0;
    for (int e = 0; e < m; e++)
      if (s >> e & 1) deg[edge[e][0]]++, deg[edge[e][1]]++, on |= 1ull << edge[e][0] | 1ull << edge[e][1];
    int ok = 1;
    for (int p = 0; p < g->n && ok; p++) ok = deg[p] == 0 || deg[p] == 2;
    if (!ok) continue;
    uint64_t seen = 1ull << __builtin_ctzll(on); /* connected through the set's edges */
    for (int grew = 1; grew;) {
      grew = 0;
      for (int e = 0; e < m; e++)
        if ((s >> e & 1) && ((seen >> edge[e][0] & 1) != (seen >> edge[e][1] & 1)))
          seen |= 1ull << edge[e][0] | 1ull << edge[e][1], grew = 1;
    }
    if (seen != on) continue;
    cr_assert_lt(k, most);
    mask[k++] = s;
  }
  return k;
}

/* bs_region_cycles on `within` against the brute force: each cycle simple,
 * closed, written once from its lowest cell, and all of them found. */
static void check_cycles(const bs_geom *g, uint64_t within) {
  enum { MOST = 4096 };
  static int edge[64][2];
  static uint32_t want[MOST];
  static uint8_t cell[MOST][BS_MAX_CELLS], len[MOST];
  int nedge, nwant = cycles_by_edges(g, within, edge, &nedge, want, MOST);
  int got = bs_region_cycles(g, within, MOST, 1L << 30, cell, len);
  cr_assert_eq(got, nwant, "%d cycles found, %d by brute force", got, nwant);
  uint32_t seen[MOST];
  for (int k = 0; k < got; k++) {
    uint32_t s = 0;
    cr_assert_geq(len[k], 4);
    cr_assert_lt(cell[k][1], cell[k][len[k] - 1], "one way round");
    for (int i = 0; i < len[k]; i++) {
      int p = cell[k][i], q = cell[k][(i + 1) % len[k]];
      cr_assert(within >> p & 1);
      cr_assert_geq(p, cell[k][0], "written from its lowest cell");
      for (int j = 0; j < i; j++) cr_assert_neq(cell[k][j], p, "a cell twice");
      int e = 0;
      while (e < nedge && !((edge[e][0] == p && edge[e][1] == q) || (edge[e][0] == q && edge[e][1] == p))) e++;
      cr_assert_lt(e, nedge, "cells %d and %d are not next to each other", p, q);
      s |= 1u << e;
    }
    int w = 0;
    while (w < nwant && want[w] != s) w++;
    cr_assert_lt(w, nwant, "not a cycle of the brute force");
    for (int j = 0; j < k; j++) cr_assert_neq(seen[j], s, "a cycle twice");
    seen[k] = s;
  }
  if (got >= 2) cr_assert_eq(bs_region_cycles(g, within, 2, 1L << 30, cell, len), 2, "the cap");
}

Test(region, cycles_against_edge_sets) {
  uint64_t seed = 7;
  int tried = 0;
  for (int w = 2; w <= 6; w++)
    for (int h = 2; h <= 6; h++)
      for (int rep = 0; rep < 30; rep++) {
        bs_geom g;
        uint64_t open = random_layout(&seed, w, h, rep % 4 * w * h / 6, &g);
        uint64_t piece = bs_flood(&g, open, w * h - 1, NULL, NULL);
        int edges = 0;
        for (int p = 0; p < g.n; p++)
          for (int d = 0; d < 4; d++) edges += g.nb[p][d] > p && (piece >> p & 1) && (piece >> g.nb[p][d] & 1);
        if (edges > 20) continue;
        check_cycles(&g, piece);
        tried++;
      }
  cr_assert_gt(tried, 200, "only %d layouts small enough", tried);
  /* A ring of 14 cells through one 2x2 square: three cycles, of 4, 14 and 16 cells. */
  bs_geom g;
  uint64_t open;
  layout("######" "######" "ooooo#" "o###o#" "o###oo" "oooooo", 6, 6, &g, &open);
  check_cycles(&g, open);
  uint8_t cell[8][BS_MAX_CELLS], len[8];
  cr_assert_eq(bs_region_cycles(&g, open, 8, 1L << 30, cell, len), 3);
  int sum = len[0] + len[1] + len[2], prod = len[0] * len[1] * len[2];
  cr_assert(sum == 34 && prod == 4 * 14 * 16, "cycles of %d, %d and %d cells", len[0], len[1], len[2]);
}
