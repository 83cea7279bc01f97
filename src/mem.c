/* bs_mem: anonymous mappings, parts of them advised for huge pages. */
#include "bs_mem.h"

#include <stdint.h>
#include <sys/mman.h>

void *bs_mem_map(size_t bytes) {
  if (!bytes) return NULL;
  void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

void bs_mem_huge(void *p, size_t from, size_t to) {
#ifdef MADV_HUGEPAGE
  const uintptr_t lo = ((uintptr_t)p + from + BS_MEM_HUGE - 1) & ~(uintptr_t)(BS_MEM_HUGE - 1);
  const uintptr_t hi = ((uintptr_t)p + to) & ~(uintptr_t)(BS_MEM_HUGE - 1);
  if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE); /* refused: small pages */
#else
  (void)p, (void)from, (void)to;
#endif
}

void bs_mem_unmap(void *p, size_t bytes) {
  if (p) munmap(p, bytes);
}
