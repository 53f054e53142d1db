// Counts heap allocations so the benchmarks can report allocations per event and bytes per live
// subscription. Linux (glibc) only: elsewhere `tether_malloc_counting_available()` returns 0.
#ifndef TETHER_MALLOC_COUNTER_H
#define TETHER_MALLOC_COUNTER_H

#include <stdint.h>

/// 1 when malloc is interposed, so the counters below can be used.
int tether_malloc_counting_available(void);

/// Starts or stops counting (off at launch, so other benchmarks pay one relaxed load per call).
void tether_malloc_counting_enabled(int enabled);

/// Calls to malloc, calloc, realloc, posix_memalign, aligned_alloc and memalign while counting.
uint64_t tether_malloc_count(void);

/// Usable bytes allocated minus usable bytes freed while counting (malloc_usable_size): the heap's
/// growth over the counted stretches.
int64_t tether_malloc_live_bytes(void);

#endif
