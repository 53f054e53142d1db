/// A subject that passes each event to the observers registered at that moment.
///
/// Thread safety: `send` may be called from any number of threads at once. Events are delivered in
/// the order the subject accepted them, one at a time, and no callback runs under the subject's
/// lock. A send made while another thread (or a callback on this thread) is delivering is queued
/// and delivered by that deliverer, so `send` can return before its event reached the observers;
/// but delivery never leaves the senders' threads, so once every sender has returned, every event
/// has been delivered (``waitUntilDelivered()`` waits for that while others are still sending).
///
/// Delivery is bounded for every sender: a thread that has delivered 4,096 events queued by other
/// threads hands delivery over to the next thread that sends (which first waits for the current
/// callback to finish), and a sender that finds 1,024 events queued waits until half of them have
/// been delivered, so memory stays bounded when observers cannot keep up. Senders inside a callback
/// (of any subject or property) never wait; their events are queued.
///
/// Once `dispose()` returns on a thread that is not inside a callback, the observer's callback is
/// not running and will not run again (so a callback must not block on the thread that disposes
/// it). Disposing from inside a callback never waits.
///
/// Misuse is defined: events sent after a terminal event are ignored; an observer that subscribes
/// after the subject ended receives only the terminal event (as in Combine; ReactiveKit sends it
/// nothing, which leaves `for await` loops hanging).
///
/// When the subject is deinitialized, its observers receive what was sent before and are then
/// released: as in ReactiveKit, no completion is sent (a ``Property`` sends one). Send a terminal
/// event first if observers must learn that the stream ended. The subject's
/// ``SignalProtocol/toSignal()`` does not keep it alive.
///
/// Disposing one of n observers costs O(1); each observation costs about 70 bytes plus the
/// observer closure.
public final class PassthroughSubject<Element, Error: Swift.Error>: SubjectProtocol {
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
extension PassthroughSubject: @unchecked Sendable where Element: Sendable {
  // Safe: the only stored property is the immutable core, which guards its own state.
}
