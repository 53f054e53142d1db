/// A signal that does not observe its source until told to: ``ConnectableSignal``.
///
/// Observers register with the signal at any time; the source's events reach them only while a
/// connection made with ``connect()`` is alive.
public protocol ConnectableSignalProtocol<Element, Error>: SignalProtocol {
  /// Starts observing the source and forwarding its events to the observers.
  ///
  /// - Returns: The connection; dispose it to stop observing the source.
  func connect() -> any Disposable
}

/// A signal whose observers share one subject, which the source feeds only while connected
/// (ReactiveKit's `ConnectableSignal`).
///
/// Make one with ``SignalProtocol/publish()``, ``SignalProtocol/replay(limit:)`` or
/// `multicast(subject:)`; turn it back into an ordinary signal with
/// ``ConnectableSignalProtocol/refCount(disconnectCount:)``.
///
/// Observing it only registers with the subject: the observer receives what the subject replays,
/// and then the events of the source from the moment ``connect()`` is called. The result completes
/// or fails when the source does; after that, ``connect()`` no longer observes the source and
/// observers that arrive later receive what the subject replays to them (its buffered elements and
/// the terminal event).
///
/// As in ReactiveKit, every ``connect()`` call is a connection of its own: connecting twice
/// observes the source twice and every event reaches the subject twice, so keep the first
/// connection rather than calling ``connect()`` again. (ReactiveKit also stops connecting once the
/// subject it was given has ended by any means; this one stops once a connection delivered the
/// source's terminal event.)
///
/// Thread safety: ``connect()``, disposing a connection and observing may happen on any threads at
/// once. Events reach observers as the subject delivers them: one at a time, in one order, never
/// under a lock. An event of a connection already disposed is not forwarded.
public final class ConnectableSignal<Source: SignalProtocol>: ConnectableSignalProtocol {
  /// The type of the elements, the source's.
  public typealias Element = Source.Element
  /// The type of the error, the source's.
  public typealias Error = Source.Error

  private let source: Source
  private let subject: any SubjectProtocol<Element, Error>
  /// Whether a connection delivered the source's terminal event. A box of its own, so that the
  /// connections' callbacks (held by the source) do not hold `self`, which holds the source.
  private let hasEnded = LockedBox(false)

  /// Creates a connectable signal that feeds `subject` from `source` while connected.
  public init<Subject: SubjectProtocol>(source: Source, subject: Subject)
  where Subject.Element == Element, Subject.Error == Error {
    self.source = source
    self.subject = subject
  }

  /// Observes the source and forwards its events to the subject, until the returned connection is
  /// disposed or the source ends.
  ///
  /// Once the source has ended, returns an already disposed connection without observing it again.
  /// The returned disposable reports `isDisposed` once it was disposed or the source ended.
  public func connect() -> any Disposable {
    let connection = ConnectableConnection()
    guard !hasEnded.withLock({ $0 }) else {
      connection.dispose()
      return connection
    }
    let subject = UncheckedSendable(self.subject)
    let hasEnded = self.hasEnded
    connection.subscription.otherDisposable = source.observe { event in
      // An event already on its way when the connection was disposed must not reach the subject.
      guard !connection.isDisposed else { return }
      if event.isTerminal { hasEnded.withLock { $0 = true } }
      subject.value.on(event)
      // Releases the source's subscription, and with it this callback, which holds the connection.
      if event.isTerminal { connection.dispose() }
    }
    return connection
  }

  /// Registers an observer with the subject: it receives what the subject replays, then the events
  /// of the source while connected.
  public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    subject.observe(with: observer)
  }
}

/// A connection that can stop forwarding without disposing anything, so that a lock holder can
/// silence it before a new connection starts and dispose it once the lock is released.
internal protocol RetirableConnection: Disposable {
  /// Stops forwarding the source's events; runs no user code.
  func retire()
}

/// One connection of a ``ConnectableSignal``: its observation of the source, and whether it still
/// forwards events.
internal final class ConnectableConnection: RetirableConnection {
  let subscription = SerialDisposable()
  private let isRetired = LockedBox(false)

  init() {}

  /// Whether the connection was disposed or retired, or the source ended.
  var isDisposed: Bool {
    isRetired.withLock { $0 }
  }

  func retire() {
    isRetired.withLock { $0 = true }
  }

  func dispose() {
    retire()
    subscription.dispose()
  }
}

/// A connectable signal is `Sendable` when its source and elements are.
extension ConnectableSignal: @unchecked Sendable where Source: Sendable, Element: Sendable {
  // Safe: immutable references to the source, a subject (which guards its own state) and a lock.
}
