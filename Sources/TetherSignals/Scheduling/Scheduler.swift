import Dispatch

/// Something that runs actions: ``ExecutionContext``, `DispatchQueue`, or a virtual-time scheduler
/// in tests.
///
/// The one requirement is ``schedule(_:)``. Time-based operators also use ``now`` and
/// ``schedule(after:_:)``, which have default implementations on the wall clock (the delay is
/// waited out on a global queue, then the action is handed to ``schedule(_:)``); a virtual-time
/// scheduler implements both to run delayed actions when its clock is advanced.
public protocol Scheduler: Sendable {
  /// Runs `action` (now, or soon, depending on the scheduler).
  func schedule(_ action: @escaping @Sendable () -> Void)

  /// The scheduler's current time, in seconds; only differences between two readings matter.
  var now: Double { get }

  /// Runs `action` after `seconds` have passed on this scheduler's clock, unless the returned
  /// disposable is disposed first.
  @discardableResult
  func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable
}

extension Scheduler {
  /// Wall-clock time: seconds since an arbitrary fixed point (the system's uptime clock).
  public var now: Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
  }

  /// Waits `seconds` on a global queue, then hands `action` to ``schedule(_:)`` unless disposed.
  /// Disposing releases `action`, and what it captures, at once rather than at the deadline.
  @discardableResult
  public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let delayed = DelayedAction(action)
    DispatchQueue.global().asyncAfter(deadline: .now() + max(0, seconds)) {
      guard !delayed.isDisposed else { return }
      self.schedule { delayed.run() }
    }
    return delayed
  }
}
