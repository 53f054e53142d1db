/// A subject that passes each event to the observers registered at that moment.
///
/// Thread safety: `send` may be called from any number of threads at once. Events are delivered in
/// the order the subject accepted them, one at a time; a send made while another thread (or a
/// callback on this thread) is delivering is queued and delivered by that deliverer, so `send` can
/// return before its event reached the observers. No callback runs under the subject's lock.
///
/// Misuse is defined: events sent after a terminal event are ignored; an observer that subscribes
/// after the subject ended receives only the terminal event (as in Combine; ReactiveKit sends it
/// nothing, which leaves `for await` loops hanging).
///
/// Disposing one of n observers costs O(1); each observation costs about 70 bytes plus the
/// observer closure.
public final class PassthroughSubject<Element, Error: Swift.Error>: SubjectProtocol, @unchecked Sendable {
  // Safe: the only stored property is the immutable core, which guards its own state.
  @usableFromInline internal let core = SubjectCore<Element, Error>(bufferSize: 0)

  /// Creates a subject with no observers.
  @inlinable
  public init() {}

  deinit {
    core.detachAll()
  }

  /// Sends an event to every current observer; ignored after a terminal event.
  @inlinable
  public func on(_ event: Signal<Element, Error>.Event) {
    core.send(event)
  }

  /// Registers an observer of the events sent from now on.
  @inlinable
  public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    core.observe(observer)
  }
}
