/// A stream of events: zero or more `.next` elements, then at most one terminal event
/// (`.completed` or `.failed`).
///
/// A signal is a value type wrapping a producer. Nothing happens until someone observes it;
/// each observation runs the producer anew (a "cold" signal), unless the signal comes from a
/// subject or a property, whose observers share one stream.
///
/// Guarantees to every observer: events never overlap (one callback at a time), nothing follows a
/// terminal event, no new delivery starts after `dispose()` returns, and disposing from inside a
/// callback works.
///
/// Element and error types are not required to be `Sendable`. A signal is `Sendable` only when its
/// elements are; a signal of non-`Sendable` elements stays in the isolation domain that made it.
public struct Signal<Element, Error: Swift.Error>: SignalProtocol {
  /// The closure run for each observation: it receives the observer and returns what cancels the work.
  public typealias Producer = @Sendable (AtomicObserver<Element, Error>) -> any Disposable

  /// A closure observer of this signal's events.
  public typealias Observer = @Sendable (Event) -> Void

  // Contract of `subscribe`: it delivers to the given closure serially, never after a terminal
  // event, and never starts a delivery after the returned disposable's `dispose()` returned.
  // Public initializers wrap user producers in an `AtomicObserver`, which enforces this; internal
  // operators that forward an upstream signal event by event keep it by construction and use
  // `init(unsafeSubscribe:)` to skip the extra layer.
  @usableFromInline
  internal let subscribe: @Sendable (@escaping Observer) -> any Disposable
  /// Set only on signals whose observations are an array container's own (`toSignal()` of one,
  /// and `receive(on:)` or `receiveCoalesced(on:)` of such a signal): lets hops carry their
  /// changesets without the array.
  @usableFromInline
  internal let detaching: HopDetaching<Element>?

  /// Creates a signal from a producer.
  ///
  /// The producer runs once per observation. It may send events synchronously or later, from any
  /// thread; the ``AtomicObserver`` it receives serializes them, drops everything after a terminal
  /// event, and disposes the returned disposable when the observation ends.
  ///
  /// ```swift
  /// let ticks = Signal<Int, Never> { observer in
  ///   observer.receive(1)
  ///   observer.receive(completion: .finished)
  ///   return NonDisposable.instance
  /// }
  /// ```
  public init(_ producer: @escaping Producer) {
    detaching = nil
    subscribe = { observer in
      let atomicObserver = AtomicObserver(observer)
      atomicObserver.control.attach(producer(atomicObserver))
      return atomicObserver.control
    }
  }

  /// Creates a signal from a subscribe function that already keeps the observer contract
  /// (serial delivery, nothing after a terminal event, nothing started after disposal).
  @inlinable
  internal init(unsafeSubscribe: @escaping @Sendable (@escaping Observer) -> any Disposable) {
    subscribe = unsafeSubscribe
    detaching = nil
  }

  /// Creates a signal from a subscribe function that keeps the observer contract and whose
  /// observations can cross hops detached by `detaching` (see ``HopDetaching``): only for a
  /// subscribe function that forwards, in order and unchanged, every event of a source that
  /// allows it.
  @inlinable
  internal init(
    unsafeSubscribe: @escaping @Sendable (@escaping Observer) -> any Disposable,
    detaching: HopDetaching<Element>?
  ) {
    subscribe = unsafeSubscribe
    self.detaching = detaching
  }

  /// Starts an observation; `observer` receives every event. Dispose the result to stop.
  @inlinable
  public func observe(with observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    subscribe(observer)
  }
}

/// A signal is `Sendable` when its elements are: observing it from another isolation domain could
/// hand that domain the elements (a property replays its value to a new observer synchronously).
extension Signal: Sendable where Element: Sendable {}

extension Signal: HopDetachingSource {
  /// This signal's ``HopDetaching``, untyped.
  @usableFromInline package var erasedHopDetaching: Any? { detaching }
}

/// A signal that cannot fail.
public typealias SafeSignal<Element> = Signal<Element, Never>
