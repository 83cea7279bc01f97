/* bislide show: draw a board, and play an answer on it move by move.
 *
 * The board and its moves come from --board and --moves, from a set, an
 * index and an answer file, or from the JSON lines of solve --json (and
 * batch --json), which carry the board. On a terminal an answer plays in
 * place, one frame every --delay ms; anywhere else the frames are printed
 * one after another, numbered, frame 0 the start and frame k the board
 * after move k. A move into a wall or off the board ends the show with an
 * error that names its step, after the frames up to it. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "bs_cli.h"
#include "bs_parse.h"
#include "bs_verify.h"

#define SHOW_DELAY_MS 150
#define SHOW_DELAY_MAX_MS 10000
#define SHOW_WORD 64 /* status and reason of a JSON result */

/* ANSI sequences, written only to a terminal. */
#define ANSI_UP "\033[%dA"   /* cursor up N lines */
#define ANSI_EOL "\033[K"    /* clear to the end of the line */
#define ANSI_HOT "\033[7m"   /* reverse video: the tile that just moved */
#define ANSI_PLAIN "\033[m"

typedef struct show_item {
  bs_board board;
  char *moves; /* NULL: no answer was given; "": an empty one */
  size_t nmoves;
  const char *name; /* where the moves come from, for errors: NAME:LINE */
  long line;
  char *title;            /* the line above the first frame */
  char status[SHOW_WORD]; /* a JSON result's status and reason, or "" */
  char reason[SHOW_WORD];
} show_item;

static void help(void) {
  printf("usage: bislide show [OPTIONS] --board W,H,CELLS [--moves LETTERS]\n"
         "       bislide show [OPTIONS] SET INDEX [ANSWERS]\n"
         "       bislide show [OPTIONS] [--json] [FILE [INDEX]]\n\n"
         "Draws a board as a grid (### a wall, the blank empty) and plays its answer\n"
         "move by move. On a terminal the answer is animated in place; otherwise the\n"
         "frames are printed in turn: frame 0 the start, frame k the board after move\n"
         "k with its letter. With moves to play, the last line says whether they reach\n"
         "the goal.\n\n"
         "  --board W,H,CELLS  the board to show\n"
         "  --moves LETTERS    the moves to play on it (L R U D: where the blank goes)\n"
         "  SET INDEX          puzzle INDEX (1-based) of SET; ANSWERS gives the moves\n"
         "                     (its line INDEX). SET or ANSWERS may be '-'\n"
         "  --json             FILE ('-' or none: stdin) holds the JSON lines of\n"
         "                     `bislide solve --json` or `batch --json`; each result\n"
         "                     is shown in turn, or the one whose index is INDEX.\n"
         "                     A FILE whose first character is '{' is read so anyway,\n"
         "                     and with no FILE stdin is, unless it is a terminal\n"
         "  --delay MS         time between frames on a terminal, 0..%d ms\n"
         "                     (default %d)\n"
         "  -h, --help         show this help\n\n"
         "Errors in the input are reported as FILE:LINE: reason. Exit status: 0 ok,\n"
         "1 invalid input or a move into a wall or off the board, 2 usage error.\n",
         SHOW_DELAY_MAX_MS, SHOW_DELAY_MS);
}

/* ---- drawing --------------------------------------------------------- */

static void rule(const bs_board *b) {
  for (int x = 0; x < b->w; x++) fputs("+---", stdout);
  fputs("+\n", stdout);
}

/* The grid, 2H+1 lines; on a terminal the cell `hot` stands out. */
static void grid(const bs_board *b, int hot, int tty) {
  rule(b);
  for (int y = 0; y < b->h; y++) {
    for (int x = 0; x < b->w; x++) {
      int p = y * b->w + x;
      putchar('|');
      if (b->wall >> p & 1)
        fputs("###", stdout);
      else if (!b->cell[p])
        fputs("   ", stdout);
      else
        printf("%s %c %s", tty && p == hot ? ANSI_HOT : "", bs_tile_chars[b->cell[p] - 1],
               tty && p == hot ? ANSI_PLAIN : "");
    }
    fputs("|\n", stdout);
    rule(b);
  }
}

static int frame_lines(const bs_board *b) { return 1 + 2 * b->h + 1; }

/* The widest line of a frame: the grid's, or the heading of the last move. */
static int frame_cols(const bs_board *b, size_t nmoves) {
  int heading = snprintf(NULL, 0, "move %zu/%zu: L", nmoves, nmoves);
  return 4 * b->w + 1 > heading ? 4 * b->w + 1 : heading;
}

/* One frame: its heading and the grid. On a terminal, redraw first goes
 * back up over the frame before, so that the board stays in place. */
static void frame(const bs_board *b, int hot, int tty, int redraw, const char *heading) {
  if (redraw) printf(ANSI_UP "\r", frame_lines(b));
  fputs(heading, stdout);
  fputs(tty ? ANSI_EOL "\n" : "\n", stdout);
  grid(b, hot, tty);
}

static void pause_ms(long ms) {
  struct timespec t = {ms / 1000, ms % 1000 * 1000000L};
  nanosleep(&t, NULL);
}

/* Plays one item. Returns BS_EXIT_OK, or BS_EXIT_FAIL after saying which
 * step could not be played (or that stdout failed). */
static int play(const show_item *it, int tty, long delay) {
  bs_board b = it->board;
  int n = it->moves ? (int)it->nmoves : 0;
  char heading[64];
  if (n)
    printf("%s, %d move%s\n", it->title, n, n == 1 ? "" : "s");
  else
    printf("%s\n", it->title);
  frame(&b, -1, tty, 0, tty ? "start" : "frame 0: start");
  if (bs_stdout_flush("show")) return BS_EXIT_FAIL;
  for (int k = 1; k <= n; k++) {
    char c = it->moves[k - 1];
    int from = b.blank;
    if (!bs_move(&b, bs_dir_from_char((unsigned char)c))) {
      size_t at;
      int fault = bs_replay(&b, &c, 1, &at); /* b is unchanged: why the move failed */
      fprintf(stderr, "%s:%ld: move %d '%c' %s\n", it->name, it->line, k, c, bs_replay_fault(fault));
      return BS_EXIT_FAIL;
    }
    if (tty) {
      pause_ms(delay);
      snprintf(heading, sizeof heading, "move %d/%d: %c", k, n, c);
    } else {
      putchar('\n');
      snprintf(heading, sizeof heading, "frame %d: move %c", k, c);
    }
    frame(&b, from, tty, tty, heading);
    if (bs_stdout_flush("show")) return BS_EXIT_FAIL;
  }
  if (it->moves) {
    if (bs_is_goal(&b))
      printf("solved in %d move%s\n", n, n == 1 ? "" : "s");
    else if (!n)
      printf("no answer%s%s%s%s%s\n", *it->status ? ": " : "", it->status, *it->reason ? " (" : "",
             it->reason, *it->reason ? ")" : "");
    else
      printf("after %d move%s: not the goal\n", n, n == 1 ? "" : "s");
  }
  return bs_stdout_flush("show") ? BS_EXIT_FAIL : BS_EXIT_OK;
}

/* ---- input ----------------------------------------------------------- */

/* Checks that every letter is a move; else says which, at name:line. */
static int moves_ok(const char *name, long line, const char *m, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (bs_dir_from_char((unsigned char)m[i]) < 0) {
      fprintf(stderr, "%s:%ld: move %zu: '%c' is not L, R, U or D\n", name, line, i + 1,
              m[i] >= ' ' && m[i] < 0x7f ? m[i] : '?');
      return 0;
    }
  return 1;
}

/* A minimal reader of the one-line JSON objects that bs_print_json writes:
 * it finds the top-level fields it needs and steps over the others. */
typedef struct jfields {
  int has_board, has_index, summary;
  long index;
  char board[BS_BOARD_TEXT], status[SHOW_WORD], reason[SHOW_WORD];
  char *moves; /* as long as the line, for the moves string */
  size_t nmoves;
  int has_moves;
} jfields;

static const char *ws(const char *p) {
  while (*p == ' ' || *p == '\t') p++;
  return p;
}

/* A JSON string at p (at its quote) into out[cap] (cut short if longer);
 * returns the character after it, or NULL. *len gets its decoded length.
 * Every character past ASCII, escaped or raw, becomes one '?', as does a
 * control character: no board, move or reason of ours holds one, none
 * then passes for a letter or digit that it is not, and none reaches the
 * terminal (C1 controls such as U+009B act on some). */
static const char *jstring(const char *p, char *out, size_t cap, size_t *len) {
  size_t n = 0;
  if (*p++ != '"') return NULL;
  for (; *p != '"'; p++) {
    unsigned char b = (unsigned char)*p;
    if (b < ' ') return NULL;
    if (b == '\\') {
      static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
      const char *e = *++p ? strchr(from, *p) : NULL;
      if (e)
        b = (unsigned char)to[e - from];
      else if (*p == 'u') {
        char hex[5] = {0};
        for (int i = 0; i < 4; i++)
          if (!p[1 + i] || !strchr("0123456789abcdefABCDEF", p[1 + i])) return NULL;
        memcpy(hex, p + 1, 4);
        const unsigned u = (unsigned)strtol(hex, NULL, 16);
        p += 4;
        b = u < 0x80 ? (unsigned char)u : '?';
      } else
        return NULL;
    } else if (b >= 0x80) { /* one '?' for the lead byte and its continuations */
      for (int k = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0; k > 0 && (p[1] & 0xC0) == 0x80; k--) p++;
      b = '?';
    }
    if (b < ' ' || b == 0x7F) b = '?';
    if (out && n + 1 < cap) out[n] = (char)b;
    n++;
  }
  if (out && cap) out[n < cap ? n : cap - 1] = 0;
  if (len) *len = n;
  return p + 1;
}

static const char *digits(const char *p) {
  const char *s = p;
  while (*p >= '0' && *p <= '9') p++;
  return p > s ? p : NULL;
}

/* Steps over a JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?;
 * NULL if there is none at p. */
static const char *jnumber(const char *p) {
  if (*p == '-') p++;
  if (*p == '0') p++;
  else if (!(p = digits(p))) return NULL;
  if (*p == '.' && !(p = digits(p + 1))) return NULL;
  if (*p == 'e' || *p == 'E') {
    p++;
    if (*p == '+' || *p == '-') p++;
    p = digits(p);
  }
  return p;
}

/* Steps over any JSON value; NULL if it is malformed or nested deeper
 * than JSON_DEPTH (a line of '[' must not overflow the stack). */
#define JSON_DEPTH 32
static const char *jskip(const char *p, int depth) {
  p = ws(p);
  if (depth > JSON_DEPTH) return NULL;
  if (*p == '"') return jstring(p, NULL, 0, NULL);
  if (*p == '{' || *p == '[') {
    char close = *p == '{' ? '}' : ']';
    p = ws(p + 1);
    if (*p == close) return p + 1;
    for (;;) {
      if (close == '}') {
        if (!(p = jstring(ws(p), NULL, 0, NULL)) || *(p = ws(p)) != ':') return NULL;
        p++;
      }
      if (!(p = jskip(p, depth + 1))) return NULL;
      p = ws(p);
      if (*p == close) return p + 1;
      if (*p++ != ',') return NULL;
    }
  }
  static const char *const words[] = {"true", "false", "null"};
  for (int i = 0; i < 3; i++)
    if (!strncmp(p, words[i], strlen(words[i]))) return p + strlen(words[i]);
  return jnumber(p);
}

/* Reads the object on line into f; returns NULL or what is wrong. */
static const char *jobject(const char *line, jfields *f) {
  const char *p = ws(line);
  if (*p++ != '{') return "not a JSON object";
  p = ws(p);
  if (*p == '}') return *ws(p + 1) ? "text after the object" : NULL;
  for (;;) {
    char key[16];
    size_t klen;
    if (!(p = jstring(ws(p), key, sizeof key, &klen)) || *(p = ws(p)) != ':')
      return "malformed JSON";
    p = ws(p + 1);
    const char *v = p;
    if (klen >= sizeof key) {
      p = jskip(p, 0); /* no field of ours has such a long name */
    } else if (!strcmp(key, "board")) {
      if (*p != '"') return "\"board\" is not a string"; /* valid JSON, but not ours */
      size_t n;
      p = jstring(p, f->board, sizeof f->board, &n);
      if (p && n >= sizeof f->board) return "\"board\" is too long for a board";
      f->has_board = 1;
    } else if (!strcmp(key, "moves")) {
      if (*p != '"') return "\"moves\" is not a string";
      p = jstring(p, f->moves, strlen(line) + 1, &f->nmoves);
      f->has_moves = 1;
    } else if (!strcmp(key, "status")) {
      if (*p != '"') return "\"status\" is not a string";
      p = jstring(p, f->status, sizeof f->status, NULL);
    } else if (!strcmp(key, "reason") && *p == '"') {
      p = jstring(p, f->reason, sizeof f->reason, NULL);
    } else if (!strcmp(key, "index")) {
      char *end;
      errno = 0;
      f->index = *v >= '1' && *v <= '9' ? strtol(v, &end, 10) : 0; /* digits only, as written */
      if (!f->index || errno || f->index > INT_MAX || jnumber(v) != end)
        return "\"index\" is not a puzzle's number";
      p = end;
      f->has_index = 1;
    } else {
      f->summary |= !strcmp(key, "summary");
      p = jskip(p, 0);
    }
    if (!p) return "malformed JSON";
    p = ws(p);
    if (*p == '}') return *ws(p + 1) ? "text after the object" : NULL;
    if (*p++ != ',') return "malformed JSON";
  }
}

/* The items of JSON lines; want > 0 keeps only the result with that
 * index. Returns the number of items, or -1 after reporting a bad line. */
static int read_json(const bs_answers *in, const char *name, long want, show_item **out) {
  show_item *items = calloc((size_t)in->n + 1, sizeof *items);
  int n = 0;
  if (!items) {
    fprintf(stderr, "bislide show: out of memory\n");
    return -1;
  }
  for (int i = 0; i < in->n; i++) {
    const char *line = in->line[i];
    if (memchr(line, 0, in->len[i])) { /* the rest would go unread */
      fprintf(stderr, "%s:%d: a NUL byte in the line\n", name, i + 1);
      goto fail;
    }
    if (!*ws(line) || *ws(line) == '#') continue; /* as looks_like_json skips them */
    jfields f;
    memset(&f, 0, sizeof f);
    if (!(f.moves = malloc(strlen(line) + 1))) {
      fprintf(stderr, "bislide show: out of memory\n");
      goto fail;
    }
    const char *bad = jobject(line, &f);
    char err[160];
    show_item *it = &items[n];
    if (!bad && f.summary && !f.has_board) { /* batch --json's last line */
      free(f.moves);
      continue;
    }
    /* batch --json's line for an invalid line of its set: no board to show. */
    if (!bad && !f.has_board && !strcmp(f.status, "invalid")) {
      free(f.moves);
      if (want > 0 && f.has_index && f.index == want) {
        fprintf(stderr, "%s:%d: puzzle %ld is an invalid line of its set%s%s%s\n", name, i + 1, want,
                *f.reason ? " (" : "", f.reason, *f.reason ? ")" : "");
        goto fail;
      }
      continue;
    }
    if (!bad && !f.has_board) bad = "no \"board\" field (bislide solve --json writes one)";
    if (!bad && bs_board_parse(f.board, strlen(f.board), &it->board, err, sizeof err)) bad = err;
    if (bad) {
      fprintf(stderr, "%s:%d: %s\n", name, i + 1, bad);
      free(f.moves);
      goto fail;
    }
    if (want > 0 && (!f.has_index || f.index != want)) {
      free(f.moves);
      continue;
    }
    if (f.has_moves && !moves_ok(name, i + 1, f.moves, f.nmoves)) {
      free(f.moves);
      goto fail;
    }
    it->moves = f.has_moves ? f.moves : NULL;
    it->nmoves = f.nmoves;
    if (!f.has_moves) free(f.moves);
    snprintf(it->status, sizeof it->status, "%s", f.status);
    snprintf(it->reason, sizeof it->reason, "%s", f.reason);
    it->name = name;
    it->line = i + 1;
    if (asprintf(&it->title, "puzzle %ld: %dx%d, %s%s%s%s", f.has_index ? f.index : n + 1L, it->board.w,
                 it->board.h, *f.status ? f.status : "no status", *f.reason ? " (" : "", f.reason,
                 *f.reason ? ")" : "") < 0) {
      fprintf(stderr, "bislide show: out of memory\n");
      free(it->moves);
      goto fail;
    }
    n++;
  }
  *out = items;
  return n;
fail:
  for (int k = 0; k < n; k++) {
    free(items[k].moves);
    free(items[k].title);
  }
  free(items);
  return -1;
}

/* The lines as one text again, to hand to the set parser. */
static char *joined(const bs_answers *in, size_t *len) {
  size_t n = 0;
  for (int i = 0; i < in->n; i++) n += in->len[i] + 1;
  char *s = malloc(n + 1), *p = s;
  if (!s) return NULL;
  for (int i = 0; i < in->n; i++) {
    memcpy(p, in->line[i], in->len[i]);
    p += in->len[i];
    *p++ = '\n';
  }
  *p = 0;
  *len = n;
  return s;
}

/* Puzzle index of set text `in` (named name), with the answer on line
 * index of anspath when given. */
static int read_set_item(const bs_answers *in, const char *name, long index, const char *anspath,
                         show_item *it) {
  size_t len;
  char *text = joined(in, &len);
  FILE *f = text ? fmemopen(text, len, "r") : NULL;
  if (!f) {
    fprintf(stderr, "bislide show: out of memory\n");
    free(text);
    return BS_EXIT_FAIL;
  }
  /* Problems elsewhere in the set do not concern this puzzle. */
  char *errs = NULL;
  size_t errlen = 0;
  FILE *errf = open_memstream(&errs, &errlen);
  bs_set set;
  int rc = BS_EXIT_OK;
  bs_set_read_stream(f, name, &set, errf ? errf : stderr);
  fclose(f);
  free(text);
  if (errf) fclose(errf);
  if (!set.n) { /* no puzzle at all: what the parser said is the reason */
    fputs(errs ? errs : "", stderr);
    rc = BS_EXIT_FAIL;
  } else if (index > set.n) {
    rc = bs_usage_error("show", "INDEX %ld is beyond the %d puzzle%s of %s", index, set.n,
                        set.n == 1 ? "" : "s", name);
  } else if (!set.e[index - 1].ok) {
    fprintf(stderr, "%s:%d: %s\n", name, set.e[index - 1].line, set.e[index - 1].err);
    rc = BS_EXIT_FAIL;
  } else {
    const bs_entry *e = &set.e[index - 1];
    it->board = e->board;
    if (asprintf(&it->title, "%s puzzle %ld (line %d): %dx%d", name, index, e->line, e->board.w,
                 e->board.h) < 0) {
      it->title = NULL;
      fprintf(stderr, "bislide show: out of memory\n");
      rc = BS_EXIT_FAIL;
    }
  }
  free(errs);
  bs_set_free(&set);
  if (rc != BS_EXIT_OK || !anspath) return rc;

  bs_answers ans;
  if (bs_answers_read(anspath, &ans, stderr)) {
    bs_answers_free(&ans);
    return BS_EXIT_FAIL;
  }
  it->name = anspath;
  it->line = index;
  if (index > ans.n) {
    fprintf(stderr, "%s: %d line%s, none for puzzle %ld\n", anspath, ans.n, ans.n == 1 ? "" : "s",
            index);
    rc = BS_EXIT_FAIL;
  } else if (!moves_ok(anspath, index, ans.line[index - 1], ans.len[index - 1])) {
    rc = BS_EXIT_FAIL;
  } else {
    it->moves = ans.line[index - 1];
    it->nmoves = ans.len[index - 1];
    ans.line[index - 1] = NULL; /* the item owns it now */
  }
  bs_answers_free(&ans);
  return rc;
}

/* Whether the first line that is neither blank nor a comment opens a JSON
 * object: solve --json output, not a puzzle set. */
static int looks_like_json(const bs_answers *in) {
  for (int i = 0; i < in->n; i++) {
    const char *p = ws(in->line[i]);
    if (*p && *p != '#') return *p == '{';
  }
  return 0;
}

/* ---- the command ------------------------------------------------------ */

int bs_cmd_show(int argc, char **argv) {
  static const struct option opts[] = {
      {"board", required_argument, 0, 'b'}, {"moves", required_argument, 0, 'm'},
      {"json", no_argument, 0, 'j'},        {"delay", required_argument, 0, 'd'},
      {"help", no_argument, 0, 'h'},        {0, 0, 0, 0}};
  const char *board = NULL, *moves = NULL;
  long delay = SHOW_DELAY_MS, index = 0;
  int json = 0, c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
    switch (c) {
    case 'b': board = optarg; break;
    case 'm': moves = optarg; break;
    case 'j': json = 1; break;
    case 'd':
      if (bs_parse_long(optarg, 0, SHOW_DELAY_MAX_MS, &delay))
        return bs_usage_error("show", "--delay wants milliseconds from 0 to %d, not '%s'",
                              SHOW_DELAY_MAX_MS, optarg);
      break;
    case 'h': help(); return BS_EXIT_OK;
    default: return bs_bad_option("show");
    }
  }
  int nargs = argc - optind;
  char **args = argv + optind;
  if (moves && !board) return bs_usage_error("show", "--moves goes with --board");
  if (board && (json || nargs)) return bs_usage_error("show", "--board takes no FILE, SET or --json");
  /* With nothing to read, stdin is read, unless a person would be typing it. */
  if (!board && !json && !nargs && isatty(STDIN_FILENO))
    return bs_usage_error("show", "give --board, SET INDEX, or a FILE of solve --json results");
  if (nargs > 3 || (json && nargs > 2)) return bs_usage_error("show", "too many arguments");
  if (nargs >= 2 && bs_parse_long(args[1], 1, INT_MAX, &index))
    return bs_usage_error("show", "INDEX wants a puzzle number from 1, not '%s'", args[1]);
  if (nargs == 3 && !strcmp(args[0], "-") && !strcmp(args[2], "-"))
    return bs_usage_error("show", "only one of SET and ANSWERS can be '-'");

  const char *term = getenv("TERM");
  int tty = isatty(STDOUT_FILENO) && term && strcmp(term, "dumb");
  show_item *items = NULL;
  int n = 0, rc = BS_EXIT_OK;
  if (board) {
    if (!(items = calloc(1, sizeof *items))) {
      fprintf(stderr, "bislide show: out of memory\n");
      return BS_EXIT_FAIL;
    }
    n = 1; /* shown only if all goes well, freed either way */
    char err[160];
    items->name = "--moves";
    items->line = 1;
    if (bs_board_parse(board, bs_line_trim(board, strlen(board)), &items->board, err, sizeof err)) {
      fprintf(stderr, "--board:1: %s\n", err);
      rc = BS_EXIT_FAIL;
    } else if (moves && !moves_ok(items->name, items->line, moves, strlen(moves))) {
      rc = BS_EXIT_FAIL;
    } else if (moves && !(items->moves = strdup(moves))) {
      fprintf(stderr, "bislide show: out of memory\n");
      rc = BS_EXIT_FAIL;
    } else if (asprintf(&items->title, "board %s", board) < 0) {
      items->title = NULL;
      fprintf(stderr, "bislide show: out of memory\n");
      rc = BS_EXIT_FAIL;
    } else {
      items->nmoves = moves ? strlen(moves) : 0;
    }
  } else {
    const char *name = nargs ? args[0] : "-";
    bs_answers in;
    if (bs_answers_read(name, &in, stderr)) {
      rc = BS_EXIT_FAIL;
    } else if (json || looks_like_json(&in)) {
      if (nargs == 3) {
        rc = bs_usage_error("show", "%s holds JSON results: give it and at most an INDEX", name);
      } else {
        n = read_json(&in, name, index, &items);
        if (n < 0) {
          rc = BS_EXIT_FAIL;
          n = 0;
        } else if (!n) {
          if (index)
            fprintf(stderr, "%s: no result with index %ld\n", name, index);
          else
            fprintf(stderr, "%s: no results\n", name);
          rc = BS_EXIT_FAIL;
        }
      }
    } else if (nargs < 2) {
      rc = bs_usage_error("show", "%s is a puzzle set: give SET INDEX [ANSWERS]", name);
    } else if (!(items = calloc(1, sizeof *items))) {
      fprintf(stderr, "bislide show: out of memory\n");
      rc = BS_EXIT_FAIL;
    } else {
      n = 1;
      rc = read_set_item(&in, name, index, nargs == 3 ? args[2] : NULL, items);
    }
    bs_answers_free(&in);
  }
  struct winsize ws;
  int known = tty && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row && ws.ws_col;
  for (int i = 0; i < n && rc == BS_EXIT_OK; i++) {
    if (i) putchar('\n');
    /* A frame taller or wider than the terminal (whose lines then wrap)
     * cannot be redrawn in place. */
    const show_item *it = &items[i];
    rc = play(it, tty && (!known || (frame_lines(&it->board) < ws.ws_row &&
                                     frame_cols(&it->board, it->moves ? it->nmoves : 0) < ws.ws_col)),
              delay);
  }
  for (int i = 0; items && i < n; i++) {
    free(items[i].moves);
    free(items[i].title);
  }
  free(items);
  return rc;
}
