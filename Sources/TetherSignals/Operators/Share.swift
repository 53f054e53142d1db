import TetherSynchronization

extension SignalProtocol {
  /// Shares one observation of the receiver among all observers of the returned signal, and
  /// replays up to `limit` of the latest elements to each new observer.
  ///
  /// The receiver is observed when the first observer arrives and is no longer observed when the
  /// last one leaves (ReactiveKit's `replay(limit).refCount()`); a later observer starts a new
  /// observation, after receiving the replayed elements. Once the receiver has ended, it is not
  /// observed again: new observers receive the replayed elements and the terminal event. Events
  /// reach every observer one at a time, in the same order (see ``ReplaySubject``).
  ///
  /// ReactiveKit vs Tether: ReactiveKit has no `shareReplay`; its `share(limit:)` is the same thing
  /// (see ``share(limit:keepAlive:)``).
  @inlinable
  public func shareReplay(limit: Int = Int.max) -> Signal<Element, Error> {
    tetherPrecondition(limit >= 0, "shareReplay(limit:) requires a non-negative limit (got \(limit))")
    let core = ShareCore(source: toSignal(), limit: limit)
    return Signal(unsafeSubscribe: { observer in core.observe(observer) })
  }

  /// Shares one observation of the receiver among all observers of the returned signal, without
  /// replaying anything: `shareReplay(limit: 0)`.
  ///
  /// An observer that arrives after the receiver ended receives only the terminal event.
  ///
  /// ReactiveKit vs Tether: ReactiveKit's `share()` means `share(limit: Int.max)` and replays every
  /// element to late observers; this one replays nothing, as Combine's `share()`. Write
  /// ``share(limit:keepAlive:)`` (or ``shareReplay(limit:)``) with an explicit limit for
  /// ReactiveKit's replay.
  @inlinable
  public func share() -> Signal<Element, Error> {
    shareReplay(limit: 0)
  }

  /// Shares one connection to the receiver among all observers of the returned signal and replays
  /// the latest `limit` elements to each new observer: `replay(limit: limit).refCount()`, as in
  /// ReactiveKit.
  ///
  /// The receiver is observed when the first observer arrives and, unless `keepAlive` is `true`, no
  /// longer observed when the last one leaves; a later observer first receives the replayed
  /// elements, then the events of a new observation. Once the receiver has completed or failed it
  /// is not observed again: later observers receive the replayed elements and the terminal event.
  /// `share(limit: 1)` is ReactiveKit's common "latest value" sharing.
  ///
  /// ReactiveKit vs Tether: ReactiveKit defaults `limit` to `Int.max`, so its `share()` replays
  /// everything; here `limit` has no default because `share()` keeps Combine's meaning (no replay).
  ///
  /// - Parameters:
  ///   - limit: How many of the latest elements to replay; 0 replays none.
  ///   - keepAlive: Whether to stay connected to the receiver when every observer has left.
  /// - Precondition: `limit` is not negative.
  public func share(limit: Int, keepAlive: Bool = false) -> Signal<Element, Error> {
    tetherPrecondition(limit >= 0, "share(limit:keepAlive:) requires a non-negative limit (got \(limit))")
    return replay(limit: limit).refCount(disconnectCount: keepAlive ? Int.min : 0)
  }
}

/// The connection of a shared signal: one subject fed by at most one observation of the source,
/// which lives while the subject has observers.
@usableFromInline
internal final class ShareCore<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: immutable references to a signal, a subject and a lock; only the elements' sendability is in question, and share() hands them on unchanged.
  @usableFromInline
  struct State {
    @usableFromInline var observers = 0
    @usableFromInline var connection: SerialDisposable?
    @usableFromInline var hasEnded = false

    @inlinable
    init() {}
  }

  @usableFromInline let source: Signal<Element, Error>
  @usableFromInline let subject: ReplaySubject<Element, Error>
  @usableFromInline let state = LockedBox(State())

  @inlinable
  init(source: Signal<Element, Error>, limit: Int) {
    self.source = source
    subject = ReplaySubject(bufferSize: limit)
  }

  @inlinable
  func observe(_ observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    let subscription = subject.observe(with: observer)
    let connection = state.withLock { state -> SerialDisposable? in
      state.observers += 1
      guard state.connection == nil, !state.hasEnded else { return nil }
      let connection = SerialDisposable()
      state.connection = connection
      return connection
    }
    // The closures below capture parts, not `self`: the core holds the source, which may be a
    // subject holding the source's observer, and the subject, which holds downstream observers
    // that may hold the disposable returned here.
    let state = self.state
    if let connection {
      let subject = UncheckedSendable(self.subject)
      connection.otherDisposable = source.observe { event in
        // Only the current connection feeds the subject. The last observer leaving retires the
        // connection under the lock but disposes it after, and a new observer may connect in
        // between: an element the source sends then reaches both observations, and must reach
        // the subject once. (Checking `connection.isDisposed` left that gap open.)
        let isCurrent = state.withLock { state -> Bool in
          guard state.connection === connection else { return false }
          if event.isTerminal {
            state.hasEnded = true
            state.connection = nil
          }
          return true
        }
        guard isCurrent else { return }
        subject.value.on(event)
      }
    }
    return BlockDisposable {
      subscription.dispose()
      let disconnect = state.withLock { state -> SerialDisposable? in
        state.observers -= 1
        guard state.observers == 0 else { return nil }
        defer { state.connection = nil }
        return state.connection
      }
      disconnect?.dispose()
    }
  }
}
