/// A subject that replays its last `bufferSize` elements, and its terminal event if it has ended, to
/// every new observer.
///
/// Delivery, thread safety, misuse and deinitialization behave as for ``PassthroughSubject``. A new
/// observer receives the elements as of its place in the subject's serial delivery order, so it
/// sees every element exactly once: the replayed ones, then the live ones.
public final class ReplaySubject<Element, Error: Swift.Error>: SubjectProtocol {
  @usableFromInline internal let core: SubjectCore<Element, Error>

  /// Creates a subject replaying up to `bufferSize` elements (all of them by default).
  public init(bufferSize: Int = Int.max) {
    core = SubjectCore(bufferSize: bufferSize)
  }

  deinit {
    core.detachAll()
  }

  /// Sends an event to every observer and remembers it for later ones.
  @inlinable
  public func on(_ event: Signal<Element, Error>.Event) {
    core.send(event)
  }

  /// Registers an observer: it receives the buffered elements, the terminal event if any, then
  /// every later event.
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
extension ReplaySubject: @unchecked Sendable where Element: Sendable {
  // Safe: the only stored property is the immutable core, which guards its own state.
}
