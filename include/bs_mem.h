/* bs_mem: large zeroed memory that is read at random places: the arena
 * and the pattern databases.
 *
 * An anonymous mapping, so its pages are zero and mapped on first touch
 * (only what is used costs), and parts of it advised for huge pages
 * (madvise MADV_HUGEPAGE), which the kernel grants where transparent huge
 * pages are enabled as "madvise" or "always". Why: a lookup lands on a
 * random slot, and with 4 KiB pages a table of tens of megabytes spans far
 * more pages than the TLB maps, so nearly every lookup also walks the page
 * tables; a 2 MiB page maps 512 times as much. But the first touch of a
 * huge page maps all 2 MiB of it, so a part that a small search barely
 * uses is better left in small pages: the caller says which part to
 * advise. Without huge pages everything works the same, only slower.
 *
 * The object and pool stores keep their hash table on malloc: mapped here,
 * the object store ran faster, but glibc then no longer raised its mmap
 * threshold past the table's size, so the pool's slabs were mapped one by
 * one instead of coming from the heap, and the pool ran slower
 * (bench/README.md). */
#ifndef BS_MEM_H
#define BS_MEM_H

#include <stddef.h>

#define BS_MEM_HUGE ((size_t)2 << 20) /* a huge page on x86-64 */

/* bytes of zeroed memory in small pages, or NULL when bytes is 0 or the
 * mapping fails. */
void *bs_mem_map(size_t bytes);

/* Advises the whole huge pages within bytes [from, to) of mapping p for
 * huge pages (a hint: the kernel may not follow it). */
void bs_mem_huge(void *p, size_t from, size_t to);

/* Gives back a mapping of bs_mem_map with the same bytes (NULL: nothing). */
void bs_mem_unmap(void *p, size_t bytes);

#endif
