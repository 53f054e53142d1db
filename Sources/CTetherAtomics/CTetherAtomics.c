// The functions are all `static inline` in the header; this file defines the one thread-local
// variable and checks, once, the layout the Swift side relies on.
#include "CTetherAtomics.h"

_Static_assert(sizeof(tether_atomic_word) == sizeof(intptr_t), "an atomic word is one machine word");
_Static_assert(__atomic_always_lock_free(sizeof(intptr_t), 0), "pointer-sized atomics are lock-free");

_Thread_local intptr_t tether_thread_delivery_depth = 0;
