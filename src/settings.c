/* bs_settings: the table's defaults, parsing, differences and listing. */
#include "bs_settings.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const bs_settings bs_settings_default = {
#define SETTING(name, def, low, high, what) .name = def,
    BS_SETTINGS
#undef SETTING
};

typedef struct row {
  const char *name, *what;
  int64_t def, low, high;
  size_t offset;
} row;

static const row rows[] = {
#define SETTING(name, def, low, high, what) {#name, what, def, low, high, offsetof(bs_settings, name)},
    BS_SETTINGS
#undef SETTING
};

#define NROWS (sizeof rows / sizeof *rows)

static int64_t *field(bs_settings *s, const row *r) { return (int64_t *)((char *)s + r->offset); }
static int64_t value(const bs_settings *s, const row *r) {
  return *(const int64_t *)((const char *)s + r->offset);
}

int bs_settings_parse(bs_settings *s, const char *assignment, char *err, size_t errlen) {
  const char *eq = strchr(assignment, '=');
  size_t len = eq ? (size_t)(eq - assignment) : strlen(assignment);
  for (size_t i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    if (strlen(r->name) != len || strncmp(r->name, assignment, len)) continue;
    if (!eq) {
      snprintf(err, errlen, "setting '%s' wants a value: %s=N", r->name, r->name);
      return -1;
    }
    char *end;
    errno = 0;
    long long v = strtoll(eq + 1, &end, 10);
    if (eq[1] < '0' || eq[1] > '9' || *end || errno || v < r->low || v > r->high) { /* digits only */
      snprintf(err, errlen, "setting %s wants a whole number from %lld to %lld, not '%s'", r->name,
               (long long)r->low, (long long)r->high, eq + 1);
      return -1;
    }
    *field(s, r) = v;
    return 0;
  }
  snprintf(err, errlen, "unknown setting '%.*s' ('bislide settings' lists them)", (int)len, assignment);
  return -1;
}

size_t bs_settings_changes(const bs_settings *s, char *out, size_t size) {
  size_t k = 0;
  if (size) out[0] = 0;
  for (size_t i = 0; i < NROWS; i++) {
    if (value(s, &rows[i]) == rows[i].def) continue;
    int n = snprintf(k < size ? out + k : NULL, k < size ? size - k : 0, "%s%s=%lld", k ? "," : "",
                     rows[i].name, (long long)value(s, &rows[i]));
    k += (size_t)n;
  }
  return k;
}

void bs_settings_print(FILE *f, const bs_settings *s) {
  /* Columns as wide as their widest entry, the values as set included. */
  int wn = (int)strlen("setting"), wv = (int)strlen("default"), wr = (int)strlen("range");
  for (size_t i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    int n = (int)strlen(r->name), v = snprintf(NULL, 0, "%lld", (long long)value(s, r));
    int d = snprintf(NULL, 0, "%lld", (long long)r->def);
    int g = snprintf(NULL, 0, "%lld..%lld", (long long)r->low, (long long)r->high);
    wn = n > wn ? n : wn;
    wv = v > wv ? v : wv;
    wv = d > wv ? d : wv;
    wr = g > wr ? g : wr;
  }
  fprintf(f, "%-*s  %*s  %*s  %-*s  %s\n", wn, "setting", wv, "value", wv, "default", wr, "range", "meaning");
  for (size_t i = 0; i < NROWS; i++) {
    const row *r = &rows[i];
    char range[48];
    snprintf(range, sizeof range, "%lld..%lld", (long long)r->low, (long long)r->high);
    fprintf(f, "%-*s  %*lld  %*lld  %-*s  %s\n", wn, r->name, wv, (long long)value(s, r), wv,
            (long long)r->def, wr, range, r->what);
  }
}
