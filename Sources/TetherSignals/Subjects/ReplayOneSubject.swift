/// A subject that replays its latest element, and its terminal event if it has ended, to every new
/// observer: a ``ReplaySubject`` with a buffer of one.
///
/// Delivery, thread safety, misuse and deinitialization behave as for ``PassthroughSubject``.
public final class ReplayOneSubject<Element, Error: Swift.Error>: SubjectProtocol, @unchecked Sendable {
  // Safe: the only stored property is the immutable core, which guards its own state.
  @usableFromInline internal let core = SubjectCore<Element, Error>(bufferSize: 1)

  /// Creates a subject that has not sent anything yet.
  @inlinable
  public init() {}

  deinit {
    core.detachAll()
  }

  /// Sends an event to every observer and remembers the latest element for later ones.
  @inlinable
  public func on(_ event: Signal<Element, Error>.Event) {
    core.send(event)
  }

  /// Registers an observer: it receives the latest element, the terminal event if any, then every
  /// later event.
  @inlinable
  public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    core.observe(observer)
  }

  /// Blocks until every event sent so far (by any thread) has been delivered to the observers.
  ///
  /// Returns at once when nothing is being delivered. Use it when other threads may still be
  /// sending and you need the observers to have seen everything sent before the call; once every
  /// sender has returned, everything has been delivered already.
  ///
  /// Calling it from inside a callback of this subject traps (it would wait for itself). From
  /// inside a callback of another subject or property, it deadlocks if that one's delivery waits
  /// for this subject's.
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }
}
