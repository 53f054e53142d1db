import Foundation
import TetherSignals

/// A scheduler that runs nothing until the test says so, one action at a time, and counts what
/// was scheduled.
///
/// Actions wait in the order they were scheduled. ``runNext()`` runs the oldest one; ``runAll()``
/// runs them, and the actions they schedule, until none is left. Actions run on the calling thread,
/// outside the scheduler's lock, so an action may schedule more. It has no clock: use
/// ``VirtualTimeScheduler`` for time-based operators.
///
/// ```swift
/// let scheduler = ManualScheduler()
/// let subject = PassthroughSubject<Int, Never>()
/// recorder.observe(subject.receive(on: scheduler))
/// subject.send(1)
/// subject.send(2)
/// scheduler.scheduledCount  // 2: one action per event
/// scheduler.runNext()  // recorder.elements == [1]
/// ```
public final class ManualScheduler: Scheduler, @unchecked Sendable {
  // Safe: all mutable state is only touched while holding `lock` (an NSLock rather than a Mutex, so
  // that ThreadSanitizer sees the synchronization; see EventRecorder).
  private struct State {
    var pending: [@Sendable () -> Void] = []
    var head = 0
    var scheduledCount = 0
    var ranCount = 0
  }

  private let lock = NSLock()
  private var storage = State()

  private func withState<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&storage)
  }

  /// Creates a scheduler with nothing scheduled.
  public init() {}

  /// How many actions were scheduled since the scheduler was made.
  public var scheduledCount: Int {
    withState { $0.scheduledCount }
  }

  /// How many actions have run (or started running) since the scheduler was made.
  public var ranCount: Int {
    withState { $0.ranCount }
  }

  /// How many actions wait to run.
  public var pendingCount: Int {
    withState { $0.pending.count - $0.head }
  }

  /// Queues `action`; it runs when the test calls ``runNext()`` or ``runAll()``.
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    withState { state in
      state.pending.append(action)
      state.scheduledCount += 1
    }
  }

  /// Traps: this scheduler has no clock. Time-based operators are tested with
  /// ``VirtualTimeScheduler``.
  @discardableResult
  public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    preconditionFailure(
      "ManualScheduler has no clock (asked to wait \(seconds) s); use VirtualTimeScheduler for time")
  }

  /// Runs the oldest waiting action; returns `false` if none was waiting.
  @discardableResult
  public func runNext() -> Bool {
    let action = withState { state -> (@Sendable () -> Void)? in
      guard state.head < state.pending.count else { return nil }
      let action = state.pending[state.head]
      state.head += 1
      state.ranCount += 1
      if state.head == state.pending.count {
        state.pending.removeAll(keepingCapacity: true)
        state.head = 0
      }
      return action
    }
    guard let action else { return false }
    action()
    return true
  }

  /// Runs actions one at a time, oldest first, including those they schedule, until none is left.
  ///
  /// Traps after `maxActions` actions, which catches signals that reschedule forever.
  public func runAll(maxActions: Int = 1_000_000) {
    var count = 0
    while runNext() {
      count += 1
      precondition(count <= maxActions, "ManualScheduler.runAll() ran \(maxActions) actions and is still busy")
    }
  }
}
