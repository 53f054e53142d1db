// C11 atomics for Tether's Swift code, which cannot use the standard library's `Synchronization`
// module below macOS 15 / iOS 18 and cannot touch `_Atomic` members itself: Swift imports
// `tether_atomic_word` as an opaque 8-byte (4 on 32-bit platforms) value and reaches it only
// through these functions. They are `static inline`, so each Swift module that calls them compiles
// them into its own code (and ThreadSanitizer instruments them there).
//
// Every function takes the memory order explicitly; the Swift wrappers pass constants, so the
// optimizer keeps the one instruction sequence that order needs.

#ifndef C_TETHER_ATOMICS_H
#define C_TETHER_ATOMICS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// One pointer-sized integer that threads read and change atomically. It must stay at one address
/// while in use (allocate it, or embed it in memory that does not move).
typedef struct tether_atomic_word {
  _Atomic(intptr_t) value;
} tether_atomic_word;

/// Sets the word's value before any thread uses it (not atomic).
static inline void tether_atomic_word_init(tether_atomic_word *word, intptr_t value) {
  atomic_init(&word->value, value);
}

/// Returns the value. `order`: relaxed, acquire or seq_cst.
static inline intptr_t tether_atomic_word_load(tether_atomic_word *word, memory_order order) {
  return atomic_load_explicit(&word->value, order);
}

/// Replaces the value. `order`: relaxed, release or seq_cst.
static inline void tether_atomic_word_store(tether_atomic_word *word, intptr_t value, memory_order order) {
  atomic_store_explicit(&word->value, value, order);
}

/// Replaces the value and returns the previous one.
static inline intptr_t tether_atomic_word_exchange(tether_atomic_word *word, intptr_t value, memory_order order) {
  return atomic_exchange_explicit(&word->value, value, order);
}

/// Replaces the value with `desired` if it equals `*expected` and returns true; otherwise stores
/// the value in `*expected` and returns false. `failure` is no stronger than `success` and is not
/// release or acq_rel.
static inline bool tether_atomic_word_compare_exchange(
  tether_atomic_word *word, intptr_t *expected, intptr_t desired, memory_order success, memory_order failure
) {
  return atomic_compare_exchange_strong_explicit(&word->value, expected, desired, success, failure);
}

/// Adds `operand` (wrapping around on overflow) and returns the previous value.
static inline intptr_t tether_atomic_word_fetch_add(tether_atomic_word *word, intptr_t operand, memory_order order) {
  return atomic_fetch_add_explicit(&word->value, operand, order);
}

/// Subtracts `operand` (wrapping around on overflow) and returns the previous value.
static inline intptr_t tether_atomic_word_fetch_sub(tether_atomic_word *word, intptr_t operand, memory_order order) {
  return atomic_fetch_sub_explicit(&word->value, operand, order);
}

/// How many deliveries (of subjects, properties and containers) the calling thread is inside.
/// One per thread, defined in CTetherAtomics.c; read it through `tether_delivery_depth()`.
extern _Thread_local intptr_t tether_thread_delivery_depth;

/// The calling thread's delivery depth counter: a thread-local variable, so reaching it costs no
/// call (a `pthread_getspecific` call did, on the path of every send).
static inline intptr_t *tether_delivery_depth(void) {
  return &tether_thread_delivery_depth;
}

/// An identifier of the calling thread, unique among live threads: the thread pointer where the
/// compiler can read it in one instruction (on Linux it is what `pthread_self()` returns), else
/// `pthread_self()`. Every Tether module calls this one function, so identifiers always agree.
static inline uintptr_t tether_current_thread(void) {
#if defined(__linux__) && defined(__has_builtin)
#if __has_builtin(__builtin_thread_pointer)
  return (uintptr_t)__builtin_thread_pointer();
#else
  return (uintptr_t)pthread_self();
#endif
#else
  return (uintptr_t)pthread_self();
#endif
}

/// Whether the calling thread is the process's main thread, with the answer `Thread.isMainThread`
/// gives. On Linux, Foundation asks the kernel twice per call (`getpid()` and `gettid`); this asks
/// once per thread and keeps the answer in a thread-local, since a thread's identity never changes
/// (a forked child's cache is reset, because its one thread is its new main thread). Elsewhere it
/// answers `pthread_main_np()` on Apple platforms, as Foundation does, and -1 (ask Foundation)
/// on the others.
int tether_is_main_thread(void);

#endif
