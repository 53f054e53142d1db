/// What a subject or a property shows in a debugger, copied under the lock so that describing the
/// values (user code) happens after the lock is released.
internal struct SubjectDebugSnapshot<Element, Failure: Swift.Error> {
  /// The number of live observations.
  var observerCount: Int
  /// Whether a completion or a failure was accepted (it may still be on its way to observers).
  var isTerminated: Bool
  /// The terminal event, once delivered.
  var terminal: Signal<Element, Failure>.Event?
  /// The owner's current value (a property's).
  var current: Element?
  /// The number of elements a new observer would be replayed, and the newest of them.
  var replayCount: Int
  var newestReplayed: Element?

  /// `observers: 2`, then `details` (each prefixed by `, `), then `, completed`,
  /// `, failed: <error>` or `, completing` as the state says; the error is described here, outside
  /// any lock.
  func fields(_ details: String...) -> String {
    var text = "observers: \(observerCount)"
    for detail in details { text += ", " + detail }
    switch terminal {
    case .completed?: text += ", completed"
    case .failed(let error)?: text += ", failed: \(error)"
    case .next?, nil: if isTerminated { text += ", completing" }
    }
    return text
  }
}

extension SubjectCore {
  /// A copy of what a debugger shows, read under the lock; nothing of it is described there.
  ///
  /// - Complexity: O(1).
  internal func debugSnapshot() -> SubjectDebugSnapshot<Element, Error> {
    shared.withLock { shared in
      SubjectDebugSnapshot(
        observerCount: slots.count - shared.pendingRemovals.count,
        isTerminated: items.isTerminated,
        terminal: items.terminal,
        current: items.current,
        replayCount: bufferSize == 1 ? (items.latest == nil ? 0 : 1) : items.replay.count,
        newestReplayed: bufferSize == 1 ? items.latest : items.replay.last
      )
    }
  }
}
