import Synchronization
import TetherSignals

/// A scheduler with a virtual clock, for testing time-based code without waiting.
///
/// Nothing runs until the test advances the clock: ``advance(by:)`` runs, in time order, every
/// action due by the new time (actions due at the same time run in the order they were scheduled,
/// and actions they schedule run too if due); ``run()`` runs until nothing is left. Actions run on
/// the thread that advances the clock, outside the scheduler's lock.
///
/// ```swift
/// let scheduler = VirtualTimeScheduler()
/// let ticks = Signal(sequence: [1, 2, 3], interval: 1, queue: scheduler)
/// recorder.observe(ticks)
/// scheduler.advance(by: 2)  // recorder.elements == [1, 2]
/// ```
public final class VirtualTimeScheduler: Scheduler {
  private struct Entry {
    let time: Double
    let order: Int
    let action: @Sendable () -> Void
    let cancel: BlockDisposable
  }

  private struct State {
    var now: Double = 0
    var nextOrder = 0
    var entries: [Entry] = []  // sorted by (time, order)
  }

  private let state = Mutex(State())

  /// Creates a scheduler whose clock starts at zero.
  public init() {}

  /// The virtual time in seconds.
  public var now: Double {
    state.withLock { $0.now }
  }

  /// The number of actions waiting to run.
  public var pendingCount: Int {
    state.withLock { $0.entries.count }
  }

  /// Schedules `action` to run at the current virtual time, the next time the clock is advanced
  /// (`advance(by: 0)` runs it).
  public func schedule(_ action: @escaping @Sendable () -> Void) {
    schedule(after: 0, action)
  }

  /// Schedules `action` to run `seconds` from now on the virtual clock.
  @discardableResult
  public func schedule(after seconds: Double, _ action: @escaping @Sendable () -> Void) -> any Disposable {
    let cancel = BlockDisposable {}
    state.withLock { state in
      let entry = Entry(
        time: state.now + max(0, seconds), order: state.nextOrder, action: action, cancel: cancel)
      state.nextOrder += 1
      let position =
        state.entries.firstIndex { ($0.time, $0.order) > (entry.time, entry.order) } ?? state.entries.endIndex
      state.entries.insert(entry, at: position)
    }
    return cancel
  }

  /// Moves the clock forward by `seconds`, running every action due by then.
  public func advance(by seconds: Double = 0) {
    precondition(seconds >= 0, "A virtual clock cannot go backwards (advance by \(seconds))")
    advance(to: now + seconds)
  }

  /// Moves the clock to `time`, running every action due by then.
  public func advance(to time: Double) {
    while let entry = popEntry(dueBy: time) {
      if !entry.cancel.isDisposed { entry.action() }
    }
    state.withLock { state in state.now = max(state.now, time) }
  }

  /// Runs every scheduled action, advancing the clock to each one's time, until none is left.
  ///
  /// Traps after `maxActions` actions, which catches signals that reschedule forever.
  public func run(maxActions: Int = 1_000_000) {
    var count = 0
    while let entry = popEntry(dueBy: .infinity) {
      count += 1
      precondition(count <= maxActions, "VirtualTimeScheduler.run() ran \(maxActions) actions and is still busy")
      if !entry.cancel.isDisposed { entry.action() }
    }
  }

  private func popEntry(dueBy time: Double) -> Entry? {
    state.withLock { state in
      guard let first = state.entries.first, first.time <= time else { return nil }
      state.entries.removeFirst()
      state.now = max(state.now, first.time)
      return first
    }
  }
}
