import Foundation

/// A value shared between the threads of a stress test.
///
/// Guarded by an NSLock (a pthread mutex) rather than Synchronization.Mutex: on Linux,
/// ThreadSanitizer cannot see how a contended Mutex is handed over and would report false races.
final class Shared<Value>: @unchecked Sendable {
  // Safe: `value` is only touched while holding `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
