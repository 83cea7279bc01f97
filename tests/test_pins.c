/* The pinned signatures of tests/pins.txt, checked through the real
 * binary: the node count and answer lengths of bench's exact pass over
 * bench/set.txt, the same as bench itself checks against its compiled-in
 * pins (and fails loudly when they move), and the total moves and md5 of
 * `bislide solve` answers on shipped sets. A change that moves a pin
 * updates tests/pins.txt (scripts/update-pins.sh) in the same commit. */
#include "bs_test.h"

#include <sys/stat.h>

#define PINS "tests/pins.txt"
#define BENCH_SET "bench/set.txt"
#define PIN_MAX 64
#define MD5_HEX 32

typedef struct pin {
  char key[64];
  char value[256];
} pin;

/* Reads tests/pins.txt: "key value" lines, '#' comments. */
static int read_pins(pin *p) {
  FILE *f = fopen(PINS, "r");
  cr_assert_not_null(f, "%s: %s (run from the top directory: make test)", PINS, strerror(errno));
  char line[512];
  int n = 0;
  while (fgets(line, sizeof line, f)) {
    if (line[0] == '#' || line[0] == '\n') continue;
    cr_assert_lt(n, PIN_MAX);
    cr_assert_eq(sscanf(line, "%63s %255s", p[n].key, p[n].value), 2, "%s: bad line: %s", PINS, line);
    n++;
  }
  fclose(f);
  return n;
}

static const char *pin_of(const pin *p, int n, const char *key) {
  for (int i = 0; i < n; i++)
    if (!strcmp(p[i].key, key)) return p[i].value;
  cr_assert_fail("%s has no %s", PINS, key);
  return NULL;
}

/* The numbers that follow each "key": in text, joined by commas; returns
 * their sum. */
static unsigned long long numbers_after(const char *text, const char *key, char *list, size_t cap) {
  unsigned long long sum = 0;
  size_t len = 0;
  list[0] = 0;
  for (const char *p = text; (p = strstr(p, key)) != NULL;) {
    p += strlen(key);
    char *end;
    unsigned long long v = strtoull(p, &end, 10);
    cr_assert_neq(end, p, "no number after %s", key);
    sum += v;
    len += (size_t)snprintf(list + len, cap - len, "%s%llu", len ? "," : "", v);
    cr_assert_lt(len, cap);
  }
  return sum;
}

/* (a) The node count of bench's BFS pass, through solve --mode bfs, which
 * runs the same search with the same options and memory. */
Test(pins, bench_signature_and_answer_lengths) {
  pin p[PIN_MAX];
  int n = read_pins(p);
  bs_proc r;
  bs_run(&r, NULL, "solve", "--mode", "bfs", "--json", "--mem", "256M", BENCH_SET, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  char lengths[1024], gens[1024], sig[32];
  unsigned long long total = numbers_after(r.out, "\"generated\":", gens, sizeof gens);
  numbers_after(r.out, "\"length\":", lengths, sizeof lengths);
  snprintf(sig, sizeof sig, "%llu", total);
  cr_assert_str_eq(sig, pin_of(p, n, "bench.signature"),
                   "generated states on %s: %s, pinned %s; if that is meant, run scripts/update-pins.sh",
                   BENCH_SET, sig, pin_of(p, n, "bench.signature"));
  cr_assert_str_eq(lengths, pin_of(p, n, "bench.lengths"), "answer lengths on %s", BENCH_SET);
  bs_proc_free(&r);
}

/* bench checks the same pins, compiled in, and says so. */
Test(pins, bench_checks_its_compiled_in_pins) {
  pin p[PIN_MAX];
  int n = read_pins(p);
  bs_proc r;
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", NULL);
  cr_assert_eq(r.code, 0, "the compiled-in pins disagree with the search: %s", r.err);
  char want[128];
  snprintf(want, sizeof want, "signature: %s generated states (one store, as pinned)\n",
           pin_of(p, n, "bench.signature"));
  cr_assert_str_eq(r.out, want);
  bs_proc_free(&r);
  /* All three stores: the check compares their answers and counts too. */
  bs_run(&r, NULL, "bench", "--check", NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  snprintf(want, sizeof want, "signature: %s generated states (equal across stores, as pinned)\n",
           pin_of(p, n, "bench.signature"));
  cr_assert_str_eq(r.out, want);
  bs_proc_free(&r);
  /* --check times nothing, so there is no table to print otherwise. */
  bs_run(&r, NULL, "bench", "--check", "--json", NULL);
  cr_assert_eq(r.code, 2, "%s", r.err);
  bs_proc_free(&r);
}

/* Another bench/set.txt, in a directory of its own: bench without SET
 * runs its built-in copy whatever the directory, and meets its pins; named
 * as bench/set.txt, the other set misses them, and bench refuses to time
 * it, naming what moved. Another --mem, or the set named as another path,
 * is no pinned run. */
Test(pins, bench_fails_loudly_when_a_pin_moves) {
  char *dir = bs_test_dir("bs_pins"), sub[4200], set[4300];
  snprintf(sub, sizeof sub, "%s/bench", dir);
  snprintf(set, sizeof set, "%s/set.txt", sub);
  cr_assert_eq(mkdir(sub, 0700), 0);
  char *text = bs_slurp(BENCH_SET, NULL), *full = bs_slurp(BENCH_SET, NULL);
  char *end = text + strlen(text);
  while (end > text && end[-1] == '\n') end--; /* the last board goes */
  while (end > text && end[-1] != '\n') end--;
  *end = 0;
  FILE *f = fopen(set, "w");
  cr_assert_not_null(f);
  fputs(text, f);
  fclose(f);
  cr_assert_eq(chdir(dir), 0); /* each test runs in a process of its own */
  bs_proc r;
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", NULL);
  cr_assert_eq(r.code, 0, "the built-in set: %s", r.err);
  cr_assert_not_null(strstr(r.out, "as pinned)\n"), "%s", r.out);
  bs_proc_free(&r);
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", "bench/set.txt", NULL);
  cr_assert_eq(r.code, 1, "%s", r.err);
  cr_assert_not_null(strstr(r.err, "PINNED RESULTS MOVED"), "%s", r.err);
  cr_assert_not_null(strstr(r.err, "15 puzzles, 16 pinned"), "%s", r.err);
  cr_assert_not_null(strstr(r.err, "scripts/update-pins.sh"), "%s", r.err);
  cr_assert_eq(r.outlen, 0, "%s", r.out);
  bs_proc_free(&r);
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", "--mem", "255M", "bench/set.txt", NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  cr_assert_not_null(strstr(r.out, "(one store)\n"), "%s", r.out);
  bs_proc_free(&r);
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", set, NULL);
  cr_assert_eq(r.code, 0, "%s", r.err);
  bs_proc_free(&r);
  /* All 16 boards, the 9th another one (the goal of 4x3): its length and
   * the signature both move, and each is named with its pin. */
  f = fopen(set, "w");
  cr_assert_not_null(f);
  int boards = 0;
  for (char *l = full, *nl; *l; l = nl + 1) {
    nl = strchr(l, '\n');
    cr_assert_not_null(nl);
    *nl = 0;
    const int board = *l >= '0' && *l <= '9';
    fprintf(f, "%s\n", board && ++boards == 9 ? "4,3,123456789AB0" : l);
  }
  fclose(f);
  cr_assert_eq(boards, 16);
  bs_run(&r, NULL, "bench", "--check", "--store", "arena", "bench/set.txt", NULL);
  cr_assert_eq(r.code, 1, "%s", r.err);
  cr_assert_not_null(strstr(r.err, "PINNED RESULTS MOVED"), "%s", r.err);
  cr_assert_not_null(strstr(r.err, ": solved, 0 moves; pinned: solved, "), "%s", r.err);
  cr_assert_not_null(strstr(r.err, "generated states; pinned: "), "%s", r.err);
  cr_assert_null(strstr(r.err, "pinned\n"), "the count is as pinned: %s", r.err);
  bs_proc_free(&r);
  unlink(set);
  rmdir(sub);
  rmdir(dir);
  free(dir);
  free(text);
  free(full);
}

/* md5sum (coreutils) of len bytes, as lowercase hex. */
static void md5_of(const char *data, size_t len, char hex[MD5_HEX + 1]) {
  char *path = bs_temp_write(data, len), cmd[4200];
  snprintf(cmd, sizeof cmd, "md5sum < '%s'", path);
  FILE *f = popen(cmd, "r");
  cr_assert_not_null(f);
  cr_assert_eq(fscanf(f, "%32s", hex), 1, "%s", cmd);
  cr_assert_eq(pclose(f), 0, "%s", cmd);
  cr_assert_eq(strlen(hex), MD5_HEX);
  bs_temp_drop(path);
}

/* (b) The answers of `bislide solve` in its default mode, per shipped set
 * named in the pins. */
Test(pins, solve_answers_on_shipped_sets) {
  pin p[PIN_MAX];
  int n = read_pins(p), sets = 0;
  for (int i = 0; i < n; i++) {
    char name[64], key[96], set[128], moves[32], hex[MD5_HEX + 1];
    size_t k = strlen(p[i].key);
    if (strncmp(p[i].key, "solve.", 6) || k < 12 || strcmp(p[i].key + k - 6, ".moves")) continue;
    snprintf(name, sizeof name, "%.*s", (int)(k - 12), p[i].key + 6);
    snprintf(set, sizeof set, "puzzles/%s.txt", name);
    bs_proc r;
    bs_run(&r, NULL, "solve", set, NULL);
    cr_assert_eq(r.code, 0, "%s: %s", set, r.err);
    long total = 0;
    for (size_t j = 0; j < r.outlen; j++) total += r.out[j] != '\n';
    snprintf(moves, sizeof moves, "%ld", total);
    cr_assert_str_eq(moves, p[i].value, "%s: %s moves, pinned %s", set, moves, p[i].value);
    md5_of(r.out, r.outlen, hex);
    snprintf(key, sizeof key, "solve.%s.md5", name);
    cr_assert_str_eq(hex, pin_of(p, n, key), "%s: answers' md5 %s, pinned %s", set, hex, pin_of(p, n, key));
    bs_proc_free(&r);
    sets++;
  }
  cr_assert_geq(sets, 2, "%s pins the answers of %d sets, want 2 at least", PINS, sets);
}
