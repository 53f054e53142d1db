// See CTetherRetainProbe.h. The hooks are set, and the runtime's swizzling flag that makes it call
// through them is on, only between watch and stop (a thread still inside a hook after stop merely
// calls the original). Not longer: on Linux the 6.3 runtime's
// adapter that routes swift_retain to the hook strips the tag bits of a small-string bridge object
// and then retains its bytes as a pointer (a fault; swiftlang/swift#88924, fixed in 6.4), which
// code between watch and stop must therefore not do (disposing an observation does not).
#define _GNU_SOURCE
#include "CTetherRetainProbe.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

typedef void *(*retain_function)(void *);
typedef void *(*retain_n_function)(void *, uint32_t);

static retain_function original_retain;
static retain_n_function original_retain_n;
static _Atomic(const void *) watched_object;
static _Atomic(uintptr_t) watched_thread;
static _Atomic long retain_count;
static _Atomic(bool) *swizzling_enabled;
static retain_function *retain_pointer;
static retain_n_function *retain_n_pointer;
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static int installed;  // 0 not tried, 1 installed, -1 unavailable

static void count(void *object, long n) {
  const void *watched = atomic_load_explicit(&watched_object, memory_order_relaxed);
  if (watched == NULL || object != watched) return;
  if (atomic_load_explicit(&watched_thread, memory_order_relaxed) != (uintptr_t)pthread_self()) return;
  atomic_fetch_add_explicit(&retain_count, n, memory_order_relaxed);
}

static void *probe_retain(void *object) {
  count(object, 1);
  return original_retain(object);
}

static void *probe_retain_n(void *object, uint32_t n) {
  count(object, (long)n);
  return original_retain_n(object, n);
}

bool tether_retain_probe_install(void) {
  pthread_mutex_lock(&install_lock);
  if (installed == 0) {
    retain_function *retain = dlsym(RTLD_DEFAULT, "_swift_retain");
    retain_n_function *retain_n = dlsym(RTLD_DEFAULT, "_swift_retain_n");
    _Atomic(bool) *enabled =
      dlsym(RTLD_DEFAULT, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly");
    if (retain != NULL && retain_n != NULL && enabled != NULL) {
      original_retain = *retain;
      original_retain_n = *retain_n;
      retain_pointer = retain;
      retain_n_pointer = retain_n;
      swizzling_enabled = enabled;
      installed = 1;
    } else {
      installed = -1;
    }
  }
  bool result = installed == 1;
  pthread_mutex_unlock(&install_lock);
  return result;
}

void tether_retain_probe_watch(const void *object) {
  atomic_store(&retain_count, 0);
  atomic_store(&watched_thread, (uintptr_t)pthread_self());
  atomic_store(&watched_object, object);
  *retain_pointer = probe_retain;
  *retain_n_pointer = probe_retain_n;
  atomic_store(swizzling_enabled, true);
}

long tether_retain_probe_stop(void) {
  atomic_store(swizzling_enabled, false);
  *retain_pointer = original_retain;
  *retain_n_pointer = original_retain_n;
  atomic_store(&watched_object, NULL);
  return atomic_load(&retain_count);
}
