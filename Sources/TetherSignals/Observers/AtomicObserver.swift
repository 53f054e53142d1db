import Synchronization

/// The observer a ``Signal`` producer sends its events to.
///
/// It may be called from any thread, concurrently and re-entrantly, and turns that into what an
/// observer needs: events are delivered one at a time in the order `on(_:)` accepted them (a call
/// made while another delivery runs is queued and delivered by the thread already delivering, after
/// the current event); everything after a terminal event is ignored; nothing is delivered once
/// disposed. On a terminal event or `dispose()` it disposes the producer's disposable.
///
/// No callback runs while its lock is held.
public final class AtomicObserver<Element, Error: Swift.Error>: ObserverProtocol, Disposable,
  @unchecked Sendable
{  // Safe: `observer` is immutable and @Sendable; all mutable state is in the `state` mutex.
  private struct State {
    var pending = FIFOQueue<Signal<Element, Error>.Event>()
    var isDelivering = false
    var isTerminated = false  // a terminal event was accepted
    var isDisposed = false
    var producerDisposable: (any Disposable)?
  }

  private let observer: @Sendable (Signal<Element, Error>.Event) -> Void
  private let state = Locked(State())

  /// Creates an observer forwarding to `observer`.
  public init(_ observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) {
    self.observer = observer
  }

  /// Whether the observation has ended (disposed, or a terminal event was received).
  public var isDisposed: Bool {
    state.withLock { $0.isDisposed || $0.isTerminated }
  }

  /// Receives one event; see the type's documentation for ordering.
  public func on(_ event: Signal<Element, Error>.Event) {
    let deliverNow: Bool = state.withLock { state in
      guard !state.isTerminated, !state.isDisposed else { return false }
      if event.isTerminal { state.isTerminated = true }
      if state.isDelivering {
        state.pending.append(event)
        return false
      }
      state.isDelivering = true
      return true
    }
    guard deliverNow else { return }
    var next: Signal<Element, Error>.Event? = event
    while let event = next {
      observer(event)
      if event.isTerminal {
        finish()
        return
      }
      next = state.withLock { state in
        if state.isDisposed {
          state.pending.removeAll()
        }
        guard let event = state.pending.popFirst() else {
          state.isDelivering = false
          return nil
        }
        return event
      }
    }
  }

  /// Stops delivery and disposes the producer's disposable.
  public func dispose() {
    let disposable: (any Disposable)? = state.withLock { state in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      state.pending.removeAll()
      let disposable = state.producerDisposable
      state.producerDisposable = nil
      return disposable
    }
    disposable?.dispose()
  }

  /// Stores the producer's disposable, or disposes it at once if the observation already ended.
  internal func attach(_ disposable: any Disposable) {
    let disposeNow = state.withLock { state in
      if state.isDisposed || (state.isTerminated && !state.isDelivering && state.pending.isEmpty) {
        return true
      }
      state.producerDisposable = disposable
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  private func finish() {
    let disposable: (any Disposable)? = state.withLock { state in
      state.isDelivering = false
      state.pending.removeAll()
      let disposable = state.producerDisposable
      state.producerDisposable = nil
      return disposable
    }
    disposable?.dispose()
  }
}
