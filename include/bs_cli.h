/* bs_cli: what the commands share: option values, usage errors and output
 * helpers. Each command lives in src/cmd_<name>.c. */
#ifndef BS_CLI_H
#define BS_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "bs_search.h"
#include "bs_settings.h"

#define BS_VERSION "0.1.0"
/* A number's digits as a string, for help texts built from the limits. */
#define BS_STR2(x) #x
#define BS_STR(x) BS_STR2(x)
#define BS_DEFAULT_MEM_MIB 256
#define BS_DEFAULT_MEM ((uint64_t)BS_DEFAULT_MEM_MIB << 20)
#define BS_DEFAULT_MEM_TEXT BS_STR(BS_DEFAULT_MEM_MIB) "M"
/* --mem takes BS_MEM_MIN bytes to 1T: the least is the two roots of a
 * search (BS_SOLVER_MIN_MEM, which src/cli.c holds it to), so that a
 * value no store can start with is a usage error. One store holds at
 * most BS_MAX_CAP states (bs_arena.h), about 12.5G, so solve and bench
 * use no more than that; batch divides SIZE among its workers first, and
 * each worker's share must be BS_MEM_MIN too. */
#define BS_MEM_MIN 204
#define BS_MAX_MEM_TIB 1
#define BS_MAX_MEM ((uint64_t)BS_MAX_MEM_TIB << 40)
#define BS_MAX_MEM_TEXT BS_STR(BS_MAX_MEM_TIB) "T"
#define BS_MEM_USAGE \
  "--mem wants a size from " BS_STR(BS_MEM_MIN) " bytes to " BS_MAX_MEM_TEXT \
  " (bytes, or a K, M, G or T suffix), not '%s'"
/* batch's worker threads, and its shards: merge reads back what batch
 * --shard writes. */
#define BS_JOBS_MAX 256
#define BS_SHARDS_MAX 1000000

enum { BS_EXIT_OK = 0, BS_EXIT_FAIL = 1, BS_EXIT_USAGE = 2 };

/* Parses SIZE with an optional K, M, G or T suffix (powers of 1024) and
 * an optional B after it into bytes, within [min, max]. Returns 0 or -1. */
int bs_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out);
/* Parses a whole decimal number within [min, max]. Returns 0 or -1. */
int bs_parse_long(const char *s, long min, long max, long *out);

/* Flushes stdout. On a write error (a full disk, a vanished file system)
 * prints "bislide CMD: stdout: REASON" on stderr, once per run, and
 * returns -1; 0 when all is well. Commands call it after each result so
 * that they stop at the first failed write. */
int bs_stdout_flush(const char *cmd);
/* bs_stdout_flush, then fclose(stdout) with the same report: main calls it
 * after every command, so that output is never cut short in silence. */
int bs_stdout_close(const char *cmd);

/* Warns on stderr when a worker of wmem bytes (of --mem over `jobs`) leaves
 * the constructor of heuristic and auto mode (`mode`, a bs_mode) under
 * bs_construct_sure_bytes: then a board that the beams miss may give up
 * on the memory cap, where with more it would be answered. Warns too when
 * a construct_mem changed from its default takes all the side memory
 * that the beams' pattern databases would have (beam_pdb not 0): the
 * tables come after the constructor, and would be left out silently. */
void bs_cli_con_warn(const char *cmd, int mode, const bs_settings *set, uint64_t wmem, long jobs);

/* Prints "bislide CMD: message" and a hint to stderr; returns BS_EXIT_USAGE. */
int bs_usage_error(const char *cmd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The hint alone, after getopt's own message on an option it does not
 * know or that lacks its value; returns BS_EXIT_USAGE. */
int bs_bad_option(const char *cmd);

/* s as a JSON string. Paths and messages may hold quotes, controls or bytes
 * that are not UTF-8: every byte outside printable ASCII becomes \u00XX. */
void bs_json_string(FILE *f, const char *s);

/* One puzzle's result as a JSON object on one line (no newline); its
 * "board" field is the board as W,H,CELLS, so that `show` can replay it,
 * and its "bound" the board's lower bound (bs_lower_bound; null when it is
 * unsolvable), so that the distance of an answer from the shortest one is
 * bounded for every board, not only the proven ones. ms is its wall
 * time, cpu_ms the CPU time it took (bs_cpu_ms). */
void bs_print_json(FILE *out, int index, const bs_board *b, const bs_result *r, double ms, double cpu_ms,
                   const char *store);

/* What --mode takes, and what each mode does, for the commands' help. */
#define BS_MODES_HELP "auto (the default), exact, bfs or heuristic"
#define BS_MODES_TEXT                                                                             \
  "Modes: exact proves answers shortest (a bidirectional search bounded by an\n"                 \
  "admissible heuristic); bfs proves them by plain bidirectional BFS; heuristic\n"              \
  "answers every solvable board (a bidirectional beam, the constructor where it\n"             \
  "finds none); auto runs exact within the auto_exact setting's budget\n"                      \
  "(bounded by the beams' tables from effort 2), then heuristic. An answer as\n"               \
  "short as its floor (JSON: the fewest moves any answer can have, as proven)\n"              \
  "is marked optimal in any mode. Unsolvable boards are proven so in any mode.\n"

/* Applies --set NAME=VALUE to s; a bad one is a usage error, reported.
 * Returns 0, or -1. */
int bs_cli_setting(const char *cmd, bs_settings *s, const char *arg);

int bs_cmd_settings(int argc, char **argv);
int bs_cmd_solve(int argc, char **argv);
int bs_cmd_verify(int argc, char **argv);
int bs_cmd_bench(int argc, char **argv);
int bs_cmd_batch(int argc, char **argv);
int bs_cmd_gen(int argc, char **argv);
int bs_cmd_merge(int argc, char **argv);
int bs_cmd_best(int argc, char **argv);
int bs_cmd_show(int argc, char **argv);

#endif
