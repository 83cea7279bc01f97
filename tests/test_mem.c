/* Tests of bs_mem: a mapping is zero, holds what is written to every byte
 * of it, keeps it through any advice, and a size nothing can map gives
 * NULL instead of a crash. Whether the kernel backs a mapping with huge
 * pages depends on its settings and on how fragmented its memory is, so
 * no test asserts it; bench/ measures what they are worth. What they
 * cost shows in batch::memory_cap_respected, which failed while the
 * arena's first pages were huge too: a small puzzle's peak grew by 4 MiB,
 * and the test's baseline with it. */
#include "bs_test.h"

#include "bs_mem.h"

Test(mem, zero_and_writable) {
  const size_t n = (5u << 20) + 123; /* more than two huge pages, not a whole one */
  uint8_t *p = bs_mem_map(n);
  cr_assert_not_null(p);
  size_t nonzero = 0;
  for (size_t i = 0; i < n; i++) nonzero += p[i] != 0;
  cr_assert_eq(nonzero, 0, "%zu bytes of a new mapping are not zero", nonzero);
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)(i * 7 + 1);
  size_t wrong = 0;
  for (size_t i = 0; i < n; i++) wrong += p[i] != (uint8_t)(i * 7 + 1);
  cr_assert_eq(wrong, 0, "%zu bytes did not keep what was written", wrong);
  bs_mem_unmap(p, n);
}

Test(mem, advice_keeps_the_contents) {
  const size_t n = (9u << 20) + 4096;
  uint8_t *p = bs_mem_map(n);
  cr_assert_not_null(p);
  for (size_t i = 0; i < n; i += 4096) p[i] = (uint8_t)(i >> 12 | 1);
  /* Whole huge pages within, none (too short, or from past to), and
   * ranges that do not start or end on a page. */
  bs_mem_huge(p, BS_MEM_HUGE, n);
  bs_mem_huge(p, 0, BS_MEM_HUGE / 2);
  bs_mem_huge(p, n, 0);
  bs_mem_huge(p, 123, n - 77);
  size_t wrong = 0, nonzero = 0;
  for (size_t i = 0; i < n; i++) {
    if (i % 4096 == 0) wrong += p[i] != (uint8_t)(i >> 12 | 1);
    else nonzero += p[i] != 0;
  }
  cr_assert_eq(wrong, 0, "%zu pages lost what was written", wrong);
  cr_assert_eq(nonzero, 0, "%zu bytes are not zero", nonzero);
  bs_mem_unmap(p, n);
}

Test(mem, nothing_to_map) {
  cr_assert_null(bs_mem_map(0));
  bs_mem_unmap(NULL, 0); /* a no-op, as free(NULL) */
}

Test(mem, too_large_is_null) {
  cr_assert_null(bs_mem_map((size_t)1 << 62), "a mapping of 4 EiB should fail, not crash");
}
