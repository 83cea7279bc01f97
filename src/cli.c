/* bs_cli: helpers shared by the commands. */
#include "bs_cli.h"

#include "bs_construct.h"
#include "bs_heur.h"
#include "bs_solver.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(BS_MEM_MIN == BS_SOLVER_MIN_MEM, "--mem's least value is what a store starts with");

int bs_parse_long(const char *s, long min, long max, long *out) {
  char *end;
  /* Digits only, as written: strtol would also take blanks and a '+'. */
  if (!s || !(isdigit((unsigned char)*s) || (*s == '-' && isdigit((unsigned char)s[1])))) return -1;
  long v = strtol(s, &end, 10);
  if (*end || v < min || v > max) return -1;
  *out = v;
  return 0;
}

int bs_parse_size(const char *s, uint64_t min, uint64_t max, uint64_t *out) {
  char *end;
  if (!s || *s < '0' || *s > '9') return -1;
  unsigned long long v = strtoull(s, &end, 10);
  uint64_t mul = 1;
  switch (*end) {
  case 'k': case 'K': mul = 1ull << 10; end++; break;
  case 'm': case 'M': mul = 1ull << 20; end++; break;
  case 'g': case 'G': mul = 1ull << 30; end++; break;
  case 't': case 'T': mul = 1ull << 40; end++; break;
  }
  if (*end == 'B' || *end == 'b') end++;
  if (*end || v > max / mul || v * mul < min || v * mul > max) return -1;
  *out = v * mul;
  return 0;
}

static int stdout_errno = -1; /* the first write error, once reported */

static int stdout_fail(const char *cmd, int err) {
  if (stdout_errno < 0) {
    stdout_errno = err;
    fprintf(stderr, "bislide%s%s: stdout: %s\n", cmd ? " " : "", cmd ? cmd : "",
            err ? strerror(err) : "write error");
  }
  return -1;
}

int bs_stdout_flush(const char *cmd) {
  errno = 0;
  if (fflush(stdout) == 0 && !ferror(stdout)) return 0;
  return stdout_fail(cmd, errno);
}

int bs_stdout_close(const char *cmd) {
  int rc = bs_stdout_flush(cmd);
  errno = 0;
  if (fclose(stdout) != 0 && rc == 0) rc = stdout_fail(cmd, errno);
  return rc;
}

int bs_usage_error(const char *cmd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fprintf(stderr, "bislide %s: ", cmd);
  vfprintf(stderr, fmt, ap);
  fprintf(stderr, "\nTry 'bislide %s --help'.\n", cmd);
  va_end(ap);
  return BS_EXIT_USAGE;
}

int bs_bad_option(const char *cmd) {
  fprintf(stderr, "Try 'bislide %s --help'.\n", cmd);
  return BS_EXIT_USAGE;
}

void bs_print_json(FILE *out, int index, const bs_board *b, const bs_result *r, double ms, double cpu_ms,
                   const char *store) {
  char text[BS_BOARD_TEXT];
  bs_board_format(b, text);
  fprintf(out, "{\"index\":%d,\"width\":%d,\"height\":%d,\"board\":", index, b->w, b->h);
  bs_json_string(out, text);
  fprintf(out, ",\"status\":\"%s\",\"reason\":", bs_status_name(r->status));
  if (r->reason) /* a resumed run's comes from its journal: escaped */
    bs_json_string(out, r->reason);
  else
    fputs("null", out);
  fputc(',', out);
  fprintf(out, "\"moves\":\"%s\",\"length\":%d,", r->status == BS_ST_SOLVED ? r->moves : "",
          r->status == BS_ST_SOLVED ? r->length : 0);
  if (r->status == BS_ST_UNSOLVABLE)
    fputs("\"bound\":null,\"floor\":null,", out);
  else
    fprintf(out, "\"bound\":%d,\"floor\":%d,", bs_lower_bound(b), r->floor);
  fprintf(out, "\"optimal\":%s,\"expanded\":%llu,\"generated\":%llu,\"phases\":",
          r->optimal ? "true" : "false", (unsigned long long)r->expanded, (unsigned long long)r->generated);
  /* A solve counts every state to a phase; a puzzle taken from a journal,
   * which does not keep them, has its count and none by phase. */
  uint64_t counted = 0;
  for (int i = 0; i < BS_NPHASES; i++) counted += r->phase[i];
  if (counted != r->generated) {
    fputs("null", out);
  } else {
    for (int i = 0; i < BS_NPHASES; i++)
      fprintf(out, "%c\"%s\":%llu", i ? ',' : '{', bs_phase_names[i], (unsigned long long)r->phase[i]);
    fputc('}', out);
  }
  fprintf(out, ",\"ms\":%.3f,\"cpu_ms\":%.3f,\"pdb_ms\":%.3f,\"store\":\"%s\"}", ms, cpu_ms, r->pdb_ms,
          store);
}

void bs_json_string(FILE *f, const char *s) {
  fputc('"', f);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c < 0x20 || c >= 0x7f)
      fprintf(f, "\\u%04x", c);
    else
      fputc(c, f);
  }
  fputc('"', f);
}

int bs_cli_setting(const char *cmd, bs_settings *s, const char *arg) {
  char err[256];
  if (!bs_settings_parse(s, arg, err, sizeof err)) return 0;
  bs_usage_error(cmd, "--set: %s", err);
  return -1;
}

void bs_cli_con_warn(const char *cmd, int mode, const bs_settings *set, uint64_t wmem, long jobs) {
  if (mode != BS_MODE_AUTO && mode != BS_MODE_HEURISTIC) return;
  const uint64_t con = bs_solver_con_workspace(set, wmem), sure = bs_construct_sure_bytes();
  const double mib = 1048576.0;
  const char *whose = jobs > 1 ? "each worker's" : "the", *of = jobs > 1 ? "--mem/--jobs" : "--mem";
  if (set->beam_pdb && set->construct_mem != bs_settings_default.construct_mem && con &&
      bs_solver_side((bs_mode)mode, set, wmem) == con)
    fprintf(stderr,
            "bislide %s: warning: construct_mem=%lld leaves no room for the beams' pattern databases "
            "(beam_pdb) in half of %s (%.1f MiB): the boards the first beam misses are solved again "
            "without them\n",
            cmd, (long long)set->construct_mem, of, (double)(wmem / 2) / mib);
  if (con >= sure) return;
  if (!con)
    fprintf(stderr,
            "bislide %s: warning: %s constructor cannot start (it needs %.1f MiB, at most half of %s): "
            "boards the beams miss will give up on the memory cap\n",
            cmd, whose, bs_construct_min_bytes() / mib, of);
  else
    fprintf(stderr,
            "bislide %s: warning: %s constructor has %.1f MiB (half of %s, at most construct_mem): "
            "under %.1f MiB some layouts may have no plan, and boards the beams miss there may give "
            "up on the memory cap\n",
            cmd, whose, con / mib, of, sure / mib);
}
