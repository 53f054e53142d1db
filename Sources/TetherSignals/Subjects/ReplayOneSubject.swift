/// A subject that replays its latest element, and its terminal event if it has ended, to every new
/// observer: a ``ReplaySubject`` with a buffer of one.
///
/// Delivery, thread safety, misuse and deinitialization behave as for ``PassthroughSubject``.
public final class ReplayOneSubject<Element, Error: Swift.Error>: SubjectProtocol {
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
  /// Called on the thread delivering this subject (from inside one of its callbacks, or from a
  /// delivery nested in one) it traps, because the callback would wait for a delivery that cannot
  /// go on until it returns. From inside a callback of another subject or property, or an
  /// observer of a container, it waits, as a container's `waitUntilDelivered()` does; it
  /// deadlocks only if this subject's delivery in turn waits for that one.
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }
}

/// A subject is `Sendable` when its elements are: sharing a subject of non-`Sendable` elements across
/// isolation domains would share the elements. Use such a subject from one isolation domain.
extension ReplayOneSubject: @unchecked Sendable where Element: Sendable {
  // Safe: the only stored property is the immutable core, which guards its own state.
}
