import CTetherAtomics
import Foundation

/// Whether the calling thread is the process's main thread: the answer of `Thread.isMainThread`,
/// without its cost on Linux, where Foundation makes two system calls per question and a binding
/// asks once per changeset. The C side asks the kernel once per thread (see
/// `tether_is_main_thread()`).
@inlinable
package func isMainThread() -> Bool {
  switch tether_is_main_thread() {
  case 1: true
  case 0: false
  default: Thread.isMainThread
  }
}
