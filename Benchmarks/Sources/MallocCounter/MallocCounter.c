// Interposes the allocation functions of glibc for the benchmark executable: each one counts and
// forwards to glibc's own implementation (`__libc_*`). Defining them in the executable makes
// every library in the process (the Swift runtime included) call these.
#include "MallocCounter.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic int counting;
static _Atomic uint64_t allocations;
static _Atomic int64_t liveBytes;

static void *counted(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&liveBytes, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
  }
  return pointer;
}

static void released(void *pointer) {
  if (pointer && atomic_load_explicit(&counting, memory_order_relaxed)) {
    atomic_fetch_sub_explicit(&liveBytes, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
  }
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }
void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }
void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }
void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *realloc(void *pointer, size_t size) {
  released(pointer);
  return counted(__libc_realloc(pointer, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  void *pointer = __libc_memalign(alignment, size);
  if (!pointer) return ENOMEM;
  *result = counted(pointer);
  return 0;
}

void free(void *pointer) {
  released(pointer);
  __libc_free(pointer);
}

int tether_malloc_counting_available(void) { return 1; }
void tether_malloc_counting_enabled(int enabled) { atomic_store(&counting, enabled); }
uint64_t tether_malloc_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
int64_t tether_malloc_live_bytes(void) { return atomic_load_explicit(&liveBytes, memory_order_relaxed); }

#else
int tether_malloc_counting_available(void) { return 0; }
void tether_malloc_counting_enabled(int enabled) { (void)enabled; }
uint64_t tether_malloc_count(void) { return 0; }
int64_t tether_malloc_live_bytes(void) { return 0; }
#endif
