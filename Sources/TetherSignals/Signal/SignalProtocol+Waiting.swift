import Dispatch

extension SignalProtocol {
  /// Observes the signal, blocks the calling thread until it completes or fails, and returns every
  /// event it sent, the terminal one last: ReactiveKit's `waitAndCollectEvents()`, meant for tests
  /// and command-line tools.
  ///
  /// Returns when the signal ends; never, if it never ends. Calling it on the thread the signal
  /// delivers on (the main thread, for a signal received on the main queue) deadlocks, as in
  /// ReactiveKit: the delivery waits for the caller, which waits for the delivery. In tests of
  /// time-based signals, drive a virtual-time scheduler instead of waiting.
  ///
  /// - Complexity: O(*n*) for *n* events, plus the time the signal takes to end.
  public func waitAndCollectEvents() -> [Signal<Element, Error>.Event] {
    let ended = DispatchSemaphore(value: 0)
    let events = LockedBox<[Signal<Element, Error>.Event]>([])
    let observation = observe { event in
      events.withLock { $0.append(event) }
      if event.isTerminal { ended.signal() }
    }
    ended.wait()
    observation.dispose()
    // The semaphore orders the observer's last append before this read.
    return events.withLock { $0 }
  }

  /// Observes the signal, blocks the calling thread until it completes or fails, and returns the
  /// elements it sent: ReactiveKit's `waitAndCollectElements()`. A failure ends the wait like a
  /// completion and is not reported. See ``waitAndCollectEvents()`` for when it returns and when it
  /// deadlocks.
  ///
  /// - Complexity: O(*n*) for *n* events, plus the time the signal takes to end.
  public func waitAndCollectElements() -> [Element] {
    waitAndCollectEvents().compactMap(\.element)
  }
}
