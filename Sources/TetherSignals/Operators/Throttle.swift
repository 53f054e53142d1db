import Dispatch

extension SignalProtocol where Element: Sendable {
  /// Emits at most one element per `seconds`-long window: the latest element at each window's end.
  ///
  /// Follows ReactiveKit: the very first element is emitted at once and opens a window; any later
  /// element that finds no window open opens one; when a window ends, the latest element received
  /// during it (if any) is emitted. So bursts are reduced to their latest element, at least
  /// `seconds` apart. (Combine's `throttle(for:scheduler:latest:)` emits the first element of every
  /// window immediately.) If the receiver completes while a window is open, the window's latest
  /// element is emitted at its end and then the signal completes. A failure is forwarded at once.
  ///
  /// - Parameters:
  ///   - seconds: The window length, measured on `queue`'s clock.
  ///   - queue: Where windows are timed and the elements held for a window's end are emitted (the
  ///     very first element is emitted at once, on the receiver's thread); any ``Scheduler``, by
  ///     default a new serial queue (never the main one). Tests pass a virtual-time scheduler.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func throttle(
    for seconds: Double,
    queue: any Scheduler = DispatchQueue(label: "Tether.throttle")
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(ThrottleMachine<Element, Error>(), observer: observer)
      storage.add(
        upstream.observe { event in
          guard let (opened, _) = storage.update({ machine, outbox in machine.receive(event, &outbox) }),
            let generation = opened
          else { return }
          storage.scheduleTimer(
            on: queue,
            after: seconds,
            fire: { machine, outbox in machine.endWindow(generation, &outbox) },
            attach: { machine, timer in machine.window.attach(timer, generation: generation) })
        })
      return storage.handle
    })
  }
}

/// The state of throttle: the open window, the element held for its end, and a held completion.
@usableFromInline
internal struct ThrottleMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var hasEmitted = false
  @usableFromInline var latest: Element?
  @usableFromInline var window = TimerSlot()
  @usableFromInline var completesAtWindowEnd = false

  @inlinable
  init() {}

  /// Returns the generation of a window to open, and the held element that the event replaces or
  /// a failure drops, to release after the lock.
  @inlinable
  mutating func receive(
    _ event: Signal<Element, Error>.Event,
    _ outbox: inout Outbox<Element, Error>
  ) -> (window: Int?, released: Element?) {
    switch event {
    case .next(let element):
      var replaced: Element?
      if hasEmitted {
        replaced = latest.take()
        latest = element
      } else {
        hasEmitted = true
        outbox.next(element)
      }
      return (window.isActive ? nil : window.arm().generation, replaced)
    case .failed:
      outbox.send(event)
      return (nil, latest.take())
    case .completed:
      if window.isActive {
        completesAtWindowEnd = true
      } else {
        outbox.complete()
      }
      return (nil, nil)
    }
  }

  @inlinable
  mutating func endWindow(_ generation: Int, _ outbox: inout Outbox<Element, Error>) {
    guard window.fire(generation) else { return }
    if let element = latest.take() { outbox.next(element) }
    if completesAtWindowEnd { outbox.complete() }
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    window.cancel().map { [$0] } ?? []
  }
}
