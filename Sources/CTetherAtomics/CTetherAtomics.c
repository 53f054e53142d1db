// The functions are all `static inline` in the header; this file defines the one thread-local
// variable and checks, once, the layout the Swift side relies on.
#include "CTetherAtomics.h"

_Static_assert(sizeof(tether_atomic_word) == sizeof(intptr_t), "an atomic word is one machine word");
_Static_assert(__atomic_always_lock_free(sizeof(intptr_t), 0), "pointer-sized atomics are lock-free");

_Thread_local intptr_t tether_thread_delivery_depth = 0;

#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>

// 0: not asked yet on this thread; 1: the main thread; 2: another thread.
static _Thread_local int tether_main_thread_state = 0;
static pthread_once_t tether_main_thread_fork_once = PTHREAD_ONCE_INIT;

// Runs in a forked child, on its only thread (the one that called fork): that thread is the
// child's main thread now, whatever it was in the parent, so it asks again.
static void tether_main_thread_reset_in_child(void) {
  tether_main_thread_state = 0;
}

static void tether_main_thread_register_fork_handler(void) {
  pthread_atfork(NULL, NULL, tether_main_thread_reset_in_child);
}

int tether_is_main_thread(void) {
  int state = tether_main_thread_state;
  if (state == 0) {
    pthread_once(&tether_main_thread_fork_once, tether_main_thread_register_fork_handler);
    // The main thread's kernel thread id is the process id: the check Foundation makes.
    state = getpid() == (pid_t)syscall(SYS_gettid) ? 1 : 2;
    tether_main_thread_state = state;
  }
  return state == 1;
}
#elif defined(__APPLE__)
int tether_is_main_thread(void) {
  return pthread_main_np() != 0;
}
#else
// No cheap answer known here: the Swift side asks Foundation.
int tether_is_main_thread(void) {
  return -1;
}
#endif
