import TetherSynchronization

extension SignalProtocol {
  /// A connectable signal whose observers share `subject`, which the receiver feeds while connected.
  ///
  /// The receiver is not observed until ``ConnectableSignal/connect()`` is called; see
  /// ``ConnectableSignal`` for when the result ends.
  public func multicast<Subject: SubjectProtocol>(subject: Subject) -> ConnectableSignal<Self>
  where Subject.Element == Element, Subject.Error == Error {
    ConnectableSignal(source: self, subject: subject)
  }

  /// A connectable signal whose observers share the subject `makeSubject` returns (called once,
  /// now).
  public func multicast<Subject: SubjectProtocol>(_ makeSubject: () -> Subject) -> ConnectableSignal<Self>
  where Subject.Element == Element, Subject.Error == Error {
    ConnectableSignal(source: self, subject: makeSubject())
  }

  /// A connectable signal that forwards the receiver's events, while connected, to the observers
  /// registered at that moment, replaying nothing (a ``PassthroughSubject``).
  ///
  /// Same as ReactiveKit, except that an observer arriving after the receiver ended receives the
  /// terminal event (ReactiveKit's subject sends it nothing; see ``PassthroughSubject``).
  public func publish() -> ConnectableSignal<Self> {
    multicast(subject: PassthroughSubject<Element, Error>())
  }

  /// A connectable signal that forwards the receiver's events while connected and replays the latest
  /// `limit` elements (all of them by default), and the terminal event once there is one, to each
  /// new observer.
  ///
  /// Same as ReactiveKit: `limit` 0 uses a ``PassthroughSubject``, 1 a ``ReplayOneSubject``, more a
  /// ``ReplaySubject``. Replayed elements survive a disconnection: an observer arriving after
  /// `connect()`'s connection was disposed still receives them.
  ///
  /// - Precondition: `limit` is not negative.
  public func replay(limit: Int = Int.max) -> ConnectableSignal<Self> {
    tetherPrecondition(limit >= 0, "replay(limit:) requires a non-negative limit (got \(limit))")
    switch limit {
    case 0: return multicast(subject: PassthroughSubject<Element, Error>())
    case 1: return multicast(subject: ReplayOneSubject<Element, Error>())
    default: return multicast(subject: ReplaySubject<Element, Error>(bufferSize: limit))
    }
  }
}
