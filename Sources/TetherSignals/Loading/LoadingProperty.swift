import TetherSynchronization

/// A property that loads its value lazily, with a loading signal made by a closure: the first
/// observation starts the load, and ``reload(silently:)`` loads again.
///
/// Observing it emits the current ``loadingState`` (`.loading` until a load ends), then every
/// change, with the delivery rules of ``Property``. The first observation made while the state is
/// `.loading` and no load is running starts one: its `.loaded` or `.failed` state becomes the
/// property's state.
///
/// ```swift
/// let profile = LoadingProperty { api.profile().toLoadingSignal() }
/// profile.observeNext { state in render(state) }  // .loading, then .loaded(profile) or .failed(error)
/// ```
///
/// Differences from ReactiveKit's `LoadingProperty`:
/// - It is a signal of loading states but not a `PropertyProtocol`: Tether's properties emit
///   their `value`, while here ``value`` is the loaded value (`nil` while loading or failed) and the
///   signal emits ``loadingState``.
/// - The observer is registered before the first load starts, so a load that ends synchronously is
///   seen as `.loading` then `.loaded` (ReactiveKit shows only `.loaded`).
/// - The first load holds the property weakly: a load that never ends does not keep it alive.
/// - Nothing is sent under a lock (ReactiveKit sends from under its recursive lock).
public final class LoadingProperty<LoadingValue, LoadingError: Swift.Error>: SignalProtocol, DisposeBagProvider {
  private let producer: @Sendable () -> LoadingSignal<LoadingValue, LoadingError>
  private let state = Property<LoadingState<LoadingValue, LoadingError>>(.loading)
  /// The load started by an observation, while it runs.
  private let firstLoad = Locked<SerialDisposable?>(nil)

  /// A bag disposed when the property deinitializes.
  public let bag = DisposeBag()

  /// Creates a property loaded with the signal `producer` makes; `producer` runs when the property
  /// is first observed, and again for each observation of ``reload(silently:)``.
  public init(_ producer: @escaping @Sendable () -> LoadingSignal<LoadingValue, LoadingError>) {
    self.producer = producer
  }

  deinit {
    firstLoad.withLock { $0 }?.dispose()
  }

  /// The current state: `.loading` until a load ends, then `.loaded` or `.failed`.
  public var loadingState: LoadingState<LoadingValue, LoadingError> {
    state.value
  }

  /// The loaded value, or `nil` while loading or after a failure. Setting a value makes the state
  /// `.loaded` (`nil` makes it `.loading`) and emits it.
  public var value: LoadingValue? {
    get { state.value.value }
    set { state.value = newValue.map { .loaded($0) } ?? .loading }
  }

  /// A signal that, each time it is observed, loads the value again: it emits `.loading`, then the
  /// states of the producer's signal, and completes with it.
  ///
  /// The loaded value becomes the property's state. With `silently` (the default) the property
  /// keeps its current state while loading and when the reload fails; otherwise it goes through
  /// `.loading` and `.failed` too. The signal holds the property while it is observed.
  public func reload(silently: Bool = true) -> LoadingSignal<LoadingValue, LoadingError> {
    // The returned signal is `Sendable` only when the value is, like the property.
    let property = UncheckedSendable(self)
    return load(silently: silently) { property.value }
  }

  /// Registers an observer: it receives the current state, then every change. Starts a load if
  /// the state is `.loading` and no load started by an observation is running.
  public func observe(
    with observer: @escaping @Sendable (Signal<LoadingState<LoadingValue, LoadingError>, Never>.Event) -> Void
  ) -> any Disposable {
    let subscription = state.observe(with: observer)
    startFirstLoadIfNeeded()
    return subscription
  }

  /// Blocks until every state set so far has been delivered to the observers (see
  /// ``Property/waitUntilDelivered()``).
  public func waitUntilDelivered() {
    state.waitUntilDelivered()
  }

  private func startFirstLoadIfNeeded() {
    let load = firstLoad.withLock { slot -> SerialDisposable? in
      guard slot == nil, loadingState.isLoading else { return nil }
      let load = SerialDisposable()
      slot = load
      return load
    }
    guard let load else { return }
    let property = UncheckedWeakReference(self)
    load.otherDisposable = self.load(silently: false) { property.object }
      .observe { event in
        guard event.isTerminal, let self = property.object else { return }
        let finished = self.firstLoad.withLock { slot -> SerialDisposable? in
          guard slot === load else { return nil }
          slot = nil
          return load
        }
        finished?.dispose()
      }
  }

  /// The loading signal behind ``reload(silently:)`` and the first load; `owner` gives the
  /// property, strongly or weakly held.
  private func load(
    silently: Bool,
    owner: @escaping @Sendable () -> LoadingProperty?
  ) -> LoadingSignal<LoadingValue, LoadingError> {
    let producer = self.producer
    return Signal { observer in
      if !silently, let property = owner(), !property.loadingState.isLoading {
        property.state.value = .loading
      }
      observer.receive(.loading)
      return producer().observe { event in
        switch event {
        case .next(let state):
          switch state {
          case .loading: break
          case .loaded: owner()?.state.value = state
          case .failed: if !silently { owner()?.state.value = state }
          }
          observer.receive(state)
        case .completed:
          observer.receive(completion: .finished)
        }
      }
    }
  }
}

/// A loading property is `Sendable` when its value is, like ``Property``.
extension LoadingProperty: @unchecked Sendable where LoadingValue: Sendable {
  // Safe: every stored property is immutable: the Sendable producer, a thread-safe property, the locked slot of the first load and a thread-safe bag.
}
