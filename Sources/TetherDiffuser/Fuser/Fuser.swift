import TetherSignals

/// Gathers events from many sources into one stream: the mirror image of ``Diffuser``.
///
/// A fuser is a declaration of sources (signals, ``FuserSource`` values, UI callbacks) and of how
/// their values become events. Nothing listens until ``connect(_:)``; the returned
/// ``FuserConnection`` disconnects every source at once.
///
/// ```swift
/// let fuser = Fuser<LoginEvent>(
///   .extract({ .usernameChanged(username: $0) }, .fromTextChanges(views.username)),
///   .extract({ .passwordChanged(password: $0) }, .fromTextChanges(views.password)),
///   .extract({ .loginClicked }, .fromTaps(views.login))
/// )
/// let connection = fuser.connect { event in store.send(event) }
/// // later
/// connection.dispose()
/// ```
///
/// Reusable sources are functions returning a `Fuser`, like ``Diffuser``'s reusable effects:
/// `static func fromTaps(_ button: Button) -> Fuser<Void>`, written with `from(_:)` or
/// ``fromMainActor(_:)``.
///
/// **Delivery.** Sources may emit from any thread, at the same time. The handler given to
/// `connect` receives the events one at a time, never overlapping, in the order the connection
/// accepted them; an event emitted from inside the handler is delivered after the handler returns.
/// `extract` transforms run on the emitting thread, before that serialization, so keep them pure.
/// After ``FuserConnection/dispose()`` returns, the handler receives nothing more.
///
/// A fuser is also a ``SignalProtocol`` that never completes: observing it connects it, and
/// `toSignal()` turns it into a `SafeSignal<Event>`.
public struct Fuser<Event: Sendable>: Sendable {
  /// Connects every source, handing each the function to emit with; returns what disconnects them.
  let connectSources: @Sendable (_ emit: @escaping @Sendable (Event) -> Void) -> any Disposable

  /// Creates a fuser from a function that connects its sources to `emit` and returns what
  /// disconnects them.
  public init(connect: @escaping @Sendable (_ emit: @escaping @Sendable (Event) -> Void) -> any Disposable) {
    connectSources = connect
  }

  /// Creates a fuser that gathers the events of all `fusers`, like `fromAll(_:)`.
  public init(_ fusers: Fuser<Event>...) {
    self.init(fusers)
  }

  /// Creates a fuser that gathers the events of all `fusers`, like `fromAll(_:)`.
  public init(_ fusers: [Fuser<Event>]) {
    self.init(connect: { emit in
      let all = CompositeDisposable()
      for fuser in fusers { all.add(fuser.connectSources(emit)) }
      return all
    })
  }

  /// A fuser that gathers the events of all `fusers`; they are connected in order.
  public static func fromAll(_ fusers: Fuser<Event>...) -> Fuser<Event> {
    Fuser(fusers)
  }

  /// A fuser that gathers the events of all `fusers`; they are connected in order.
  public static func fromAll(_ fusers: [Fuser<Event>]) -> Fuser<Event> {
    Fuser(fusers)
  }

  /// Connects every source and delivers their events to `handler`, one at a time.
  ///
  /// Sources are connected in declaration order, synchronously; events they emit while connecting
  /// are delivered too. Keep the returned connection and dispose it to stop listening. `handler`
  /// (and what it captures) is released once the connection is disposed or every source has let
  /// go of it, even while the connection object is still held.
  ///
  /// - Returns: the connection; ``FuserConnection/dispose()`` disconnects every source, and no
  ///   event reaches `handler` after it returns.
  public func connect(_ handler: @escaping @Sendable (Event) -> Void) -> FuserConnection {
    let gate = EventGate(handler: handler)
    let sources = CompositeDisposable()
    // Weak: the sources' emit functions hold the gate, and with it the handler; the connection,
    // which its owner keeps, must not, or the handler would outlive sources that went away.
    let connection = FuserConnection(close: { [weak gate] in gate?.close() }, sources: sources)
    sources.add(connectSources { event in gate.send(event) })
    return connection
  }

  /// What ``Fuser/connect(_:)`` returns.
  public typealias Connection = FuserConnection
}

/// A connected ``Fuser``: disposing it disconnects every source.
///
/// `dispose()` may be called from any thread, and from inside the event handler. When it returns,
/// the handler receives no more events: a delivery in progress on another thread is waited for, so
/// do not call `dispose()` while holding a lock that the handler takes.
public final class FuserConnection: Disposable {
  private let close: @Sendable () -> Void
  private let sources: CompositeDisposable

  init(close: @escaping @Sendable () -> Void, sources: CompositeDisposable) {
    self.close = close
    self.sources = sources
  }

  /// Whether the connection has been disposed.
  public var isDisposed: Bool { sources.isDisposed }

  /// Stops delivering events, then disconnects every source. Calling it again has no effect.
  public func dispose() {
    close()
    sources.dispose()
  }
}

extension Fuser: SignalProtocol {
  /// The fuser's failure type: it cannot fail.
  public typealias Error = Never
  /// The fuser's element type: its events.
  public typealias Element = Event

  /// Connects the fuser; `observer` receives every event as `.next`. The fuser never completes.
  public func observe(with observer: @escaping @Sendable (Signal<Event, Never>.Event) -> Void) -> any Disposable {
    connect { event in observer(.next(event)) }
  }
}
