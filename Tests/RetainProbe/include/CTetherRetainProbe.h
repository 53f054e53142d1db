#ifndef C_TETHER_RETAIN_PROBE_H
#define C_TETHER_RETAIN_PROBE_H

#include <stdbool.h>

/// Counts the strong retains one object receives on one thread, through the Swift runtime's
/// documented-for-Instruments reference-counting hooks (`_swift_retain`, `_swift_retain_n`).
/// Test-only: lets a test prove that code never touches an object (for example, that disposing
/// an observation never copies its observer closure, issue 27) deterministically, where a race
/// it would cause shows only once in thousands of runs.

/// Installs the hooks (once); false when this runtime does not offer them (the test then skips).
bool tether_retain_probe_install(void);

/// Starts counting the retains of `object` made on the calling thread.
void tether_retain_probe_watch(const void *object);

/// Stops counting and returns how many retains were counted since the watch began.
long tether_retain_probe_stop(void);

#endif
