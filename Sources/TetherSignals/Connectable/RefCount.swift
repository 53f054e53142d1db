extension ConnectableSignalProtocol {
  /// An ordinary signal that connects the receiver when its first observer arrives and disconnects
  /// it when the number of observers falls back to `disconnectCount` (ReactiveKit's `refCount`).
  ///
  /// Each observer first registers with the receiver, then, if no connection is alive, the receiver
  /// is connected. When an observer leaves and `disconnectCount` observers remain, the connection is
  /// disposed; the next observer connects again. A `disconnectCount` below zero (such as `Int.min`)
  /// never disconnects. The result completes or fails when the receiver's source does (see
  /// ``ConnectableSignal``).
  ///
  /// Thread safety: observers may arrive and leave on any threads at once; there is at most one
  /// connection at a time. An observer that arrives while the first one is still connecting keeps
  /// that connection instead of making a second one. A ``ConnectableSignal``'s connection stops
  /// forwarding as soon as it is dropped, before a later observer can connect again, so no source
  /// event reaches the subject twice. `connect()` and disposing the connection run outside the
  /// lock. (ReactiveKit runs them, and the first
  /// observer's synchronous events, under its lock.)
  public func refCount(disconnectCount: Int = 0) -> Signal<Element, Error> {
    let state = LockedBox(RefCountState())
    let source = UncheckedSendable(self)
    return Signal(unsafeSubscribe: { observer in
      let subscription = source.observe(with: observer)
      let mustConnect = state.withLock { state in
        state.observers += 1
        if state.isConnecting {
          state.disconnectWhenConnected = false
          return false
        }
        guard state.connection == nil else { return false }
        state.isConnecting = true
        return true
      }
      if mustConnect {
        let connection = source.value.connect()
        let unwanted = state.withLock { state -> (any Disposable)? in
          state.isConnecting = false
          guard !state.disconnectWhenConnected else {
            state.disconnectWhenConnected = false
            (connection as? any RetirableConnection)?.retire()
            return connection
          }
          state.connection = connection
          return nil
        }
        unwanted?.dispose()
      }
      return BlockDisposable {
        subscription.dispose()
        let disconnect = state.withLock { state -> (any Disposable)? in
          state.observers -= 1
          guard state.observers == disconnectCount else { return nil }
          if state.isConnecting {
            state.disconnectWhenConnected = true
            return nil
          }
          // Silenced now, disposed once the lock is released: a connection made meanwhile by a
          // new observer must not receive the same source events as this one.
          (state.connection as? any RetirableConnection)?.retire()
          defer { state.connection = nil }
          return state.connection
        }
        disconnect?.dispose()
      }
    })
  }
}

/// The observers and the connection of one `refCount()` signal.
internal struct RefCountState {
  var observers = 0
  var connection: (any Disposable)?
  /// A `connect()` call is running outside the lock.
  var isConnecting = false
  /// The observers fell to the disconnect count while connecting: dispose the connection once made.
  var disconnectWhenConnected = false

  init() {}
}
