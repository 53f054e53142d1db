/// How a signal of signals is flattened into one signal (ReactiveKit's `FlattenStrategy`).
public enum FlattenStrategy: Sendable, Hashable {
  /// Observes the inner signals one after another, in the order they arrive: each only once the
  /// previous one has completed (`concat()`, `flatMapConcat(_:)`).
  case concat
  /// Observes only the latest inner signal, disposing the previous one's observation
  /// (`switchToLatest()`, `flatMapLatest(_:)`).
  case latest
  /// Observes every inner signal at once and forwards their events as they arrive (`merge()`,
  /// `flatMapMerge(_:)`).
  case merge
}

extension SignalProtocol where Element: SignalProtocol, Element.Error == Error {
  /// Flattens the inner signals the receiver emits into one signal, using `strategy`.
  ///
  /// Completes once the receiver and every inner signal it observes have completed; fails as soon
  /// as the receiver or an observed inner signal fails. Same as ReactiveKit.
  @inlinable
  public func flatten(_ strategy: FlattenStrategy) -> Signal<Element.Element, Error> {
    let signals = map { $0.toSignal() }
    switch strategy {
    case .concat: return flattenConcat(signals)
    case .latest: return flattenLatest(signals)
    case .merge: return flattenMerge(signals)
    }
  }

  /// Observes every inner signal the receiver emits and forwards their events as they arrive:
  /// `flatten(.merge)`.
  ///
  /// Completes when the receiver and every inner signal have completed; fails as soon as any of
  /// them fails. Events are delivered one at a time, even when the inner signals send from
  /// different threads.
  @inlinable
  public func merge() -> Signal<Element.Element, Error> {
    flatten(.merge)
  }

  /// Observes the inner signals the receiver emits one after another, each once the previous one
  /// has completed: `flatten(.concat)`.
  ///
  /// Inner signals that arrive meanwhile wait in a queue. Completes when the receiver and every
  /// inner signal have completed; fails as soon as the receiver or the current inner signal fails.
  @inlinable
  public func concat() -> Signal<Element.Element, Error> {
    flatten(.concat)
  }
}

extension SignalProtocol where Element: SignalProtocol, Error == Never {
  /// Flattens the inner signals the receiver emits, using `strategy`; the result fails when an
  /// inner signal fails. See `flatten(_:)`.
  @inlinable
  public func flatten(_ strategy: FlattenStrategy) -> Signal<Element.Element, Element.Error> {
    (castError() as Signal<Element, Element.Error>).flatten(strategy)
  }
}

extension SignalProtocol where Element: SignalProtocol, Element.Error == Never, Error == Never {
  /// Flattens the inner signals the receiver emits, using `strategy`; see `flatten(_:)`.
  @inlinable
  public func flatten(_ strategy: FlattenStrategy) -> Signal<Element.Element, Never> {
    let signals = map { $0.toSignal() }
    switch strategy {
    case .concat: return flattenConcat(signals)
    case .latest: return flattenLatest(signals)
    case .merge: return flattenMerge(signals)
    }
  }
}

extension SignalProtocol {
  /// Maps each element to a signal and flattens those signals using `strategy`:
  /// `map(transform).flatten(strategy)`, as in ReactiveKit.
  ///
  /// `.merge` is `flatMapMerge(_:)`, `.latest` is `flatMapLatest(_:)`, `.concat` is
  /// `flatMapConcat(_:)`; each says when the result completes or fails.
  @inlinable
  public func flatMap<Inner: SignalProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Error {
    map { transform($0).toSignal() }.flatten(strategy)
  }

  /// Maps each element to a signal that cannot fail and flattens those signals using `strategy`;
  /// see `flatMap(_:_:)`.
  @inlinable
  public func flatMap<Inner: SignalProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Error> where Inner.Error == Never {
    map { transform($0).castError() as Signal<Inner.Element, Error> }.flatten(strategy)
  }
}

extension SignalProtocol where Error == Never {
  /// Maps each element to a signal and flattens those signals using `strategy`; the result fails
  /// when an inner signal fails. See `flatMap(_:_:)`.
  @inlinable
  public func flatMap<Inner: SignalProtocol>(
    _ strategy: FlattenStrategy,
    _ transform: @escaping @Sendable (Element) -> Inner
  ) -> Signal<Inner.Element, Inner.Error> {
    (castError() as Signal<Element, Inner.Error>).map { transform($0).toSignal() }.flatten(strategy)
  }
}

extension Signal {
  /// A signal that flattens `signals` into one using `strategy` (ReactiveKit's
  /// `Signal(flattening:strategy:)`).
  ///
  /// Completes when every signal has completed; fails as soon as an observed one fails. With
  /// `.latest`, only the last signal of the sequence is observed to its end.
  public init<S: Sequence>(flattening signals: S, strategy: FlattenStrategy)
  where S.Element: SignalProtocol, S.Element.Element == Element, S.Element.Error == Error {
    self = Signal<S.Element, Error>(sequence: signals).flatten(strategy)
  }
}
