import Dispatch

/// An object that shows the state of a load, such as a view with a spinner and an error label
/// (ReactiveKit's `LoadingStateListener`).
///
/// Listeners are user-interface objects, so the protocol is main-actor isolated and
/// `updateLoadingState(of:)` always calls ``setLoadingState(_:)`` on the main
/// actor: at once for a state sent on the main thread, from the main queue for one sent on another
/// thread, and always in the order the states were sent (as `bind(to:setter:)` does). ReactiveKit's
/// forms that take an execution context are not provided for that reason.
///
/// ```swift
/// @MainActor final class ProfileView: LoadingStateListener {
///   var spinnerIsVisible = false
///   var errorText: String?
///   func setLoadingState<Value, Failure>(_ state: ObservedLoadingState<Value, Failure>) {
///     spinnerIsVisible = state.isLoading  // also while reloading
///     errorText = state.error.map { "\($0)" }
///   }
/// }
/// ```
@MainActor
public protocol LoadingStateListener: AnyObject, Sendable {
  /// Shows `state`; called on the main actor for every state the observed signal emits.
  func setLoadingState<LoadingValue, LoadingError>(_ state: ObservedLoadingState<LoadingValue, LoadingError>)

  /// Whether `updateLoadingState(of:)` holds the listener weakly (the default,
  /// `true`) or keeps it alive for as long as the signal is observed (`false`): until the
  /// observation is disposed, or its source completes or goes away and the states it sent have
  /// been shown.
  ///
  /// Read once, when `updateLoadingState(of:)` is called, from whatever thread calls it, so it is
  /// `nonisolated`: implement it as a constant.
  nonisolated var loadingStateListenerNeedsWeakReference: Bool { get }
}

extension LoadingStateListener {
  /// `true`: the listener is held weakly, as in ReactiveKit.
  public nonisolated var loadingStateListenerNeedsWeakReference: Bool { true }
}

/// How a loading signal holds its listener: weakly unless the listener asks otherwise.
private struct ListenerReference: Sendable {
  private weak var weakListener: (any LoadingStateListener)?
  private let strongListener: (any LoadingStateListener)?

  init(_ listener: any LoadingStateListener) {
    if listener.loadingStateListenerNeedsWeakReference {
      weakListener = listener
      strongListener = nil
    } else {
      weakListener = nil
      strongListener = listener
    }
  }

  var listener: (any LoadingStateListener)? { strongListener ?? weakListener }
}

extension SignalProtocol where Element: ObservedLoadingStateProtocol, Error == Never {
  /// Shows every state on `listener` and passes the states on.
  ///
  /// Each state is given to the listener's ``LoadingStateListener/setLoadingState(_:)`` on the main
  /// actor (at once when it is sent on the main thread, from the main queue otherwise, in the
  /// order sent) and emitted downstream as it arrives. The listener is held as its
  /// ``LoadingStateListener/loadingStateListenerNeedsWeakReference`` says; once a weakly held
  /// listener is gone, states still pass on. States queued for the main queue when the
  /// observation is disposed are not shown. The result completes when the receiver completes.
  public func updateLoadingState(
    of listener: any LoadingStateListener
  ) -> Signal<ObservedLoadingState<Element.LoadingValue, Element.LoadingError>, Never> {
    typealias State = ObservedLoadingState<Element.LoadingValue, Element.LoadingError>
    let upstream = UncheckedSendable(toSignal())
    let reference = ListenerReference(listener)
    return Signal { observer in
      let delivery = OrderedMainDelivery<State> { state in reference.listener?.setLoadingState(state) }
      let subscription = upstream.observe { event in
        switch event {
        case .next(let element):
          let state = element.asObservedLoadingState
          delivery.send(state)
          observer.receive(state)
        case .completed:
          observer.receive(completion: .finished)
        }
      }
      // Weakly: the upstream observation and the main-queue actions of states on their way keep
      // the delivery (and a retained listener); once the receiver went away without completing,
      // a disposable kept in a bag must not.
      return BlockDisposable { [weak delivery] in
        delivery?.cancel()
        subscription.dispose()
      }
    }
  }

  /// Shows every state on `listener` (see `updateLoadingState(of:)`) and emits the loaded values.
  /// It completes when the receiver completes.
  public func consumeLoadingState(by listener: any LoadingStateListener) -> Signal<Element.LoadingValue, Never> {
    updateLoadingState(of: listener).value()
  }
}

extension SignalProtocol where Element: LoadingStateProtocol, Error == Never {
  /// Shows every state on `listener`, with `.reloading` for a load after a loaded value (through
  /// `deriveObservedLoadingState()`), and passes the states on without that distinction.
  ///
  /// See the observed-state form of `updateLoadingState(of:)` for when the listener is called. The
  /// result completes when the receiver completes.
  public func updateLoadingState(
    of listener: any LoadingStateListener
  ) -> LoadingSignal<
    Element.LoadingValue, Element.LoadingError
  > {
    deriveObservedLoadingState().updateLoadingState(of: listener).map { $0.asLoadingState }
  }

  /// Shows every state on `listener`, with `.reloading` for a load after a loaded value, and emits
  /// the loaded values. It completes when the receiver completes.
  public func consumeLoadingState(by listener: any LoadingStateListener) -> Signal<Element.LoadingValue, Never> {
    deriveObservedLoadingState().consumeLoadingState(by: listener)
  }
}
