import Dispatch
import TetherSynchronization

extension SignalProtocol where Element: Sendable {
  /// Emits every event of the receiver `interval` seconds later, in the same order.
  ///
  /// The completion and the failure are delayed too, as in ReactiveKit. Disposing cancels the
  /// events still waiting.
  ///
  /// - Parameters:
  ///   - interval: The delay, measured on `queue`'s clock.
  ///   - queue: Where the delayed events are emitted; any ``Scheduler``, by default a new serial
  ///     queue (never the main one). Tests pass a virtual-time scheduler.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func delay(
    interval: Double,
    on queue: any Scheduler = DispatchQueue(label: "Tether.delay")
  ) -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal(unsafeSubscribe: { observer in
      let storage = OperatorStorage(DelayMachine<Element, Error>(), observer: observer)
      storage.add(
        upstream.observe { event in
          guard let id = storage.update({ machine, _ in machine.receive(event) }) else { return }
          storage.scheduleTimer(
            on: queue,
            after: interval,
            fire: { machine, outbox in machine.fire(id, &outbox) },
            attach: { machine, timer in machine.attach(timer, id: id) })
        })
      return storage.handle
    })
  }
}

/// The state of delay: the events waiting, in order, and their timers.
@usableFromInline
internal struct DelayMachine<Element, Error: Swift.Error>: OperatorStateMachine {
  @usableFromInline var waiting = FIFOQueue<Signal<Element, Error>.Event>()
  @usableFromInline var nextID = 0
  @usableFromInline var armed: Set<Int> = []
  @usableFromInline var timers: [Int: any Disposable] = [:]

  @inlinable
  init() {}

  /// Queues the event; returns the id of its timer.
  @inlinable
  mutating func receive(_ event: Signal<Element, Error>.Event) -> Int {
    waiting.append(event)
    nextID += 1
    armed.insert(nextID)
    return nextID
  }

  @inlinable
  mutating func attach(_ timer: any Disposable, id: Int) -> (any Disposable)? {
    guard armed.contains(id) else { return timer }
    timers[id] = timer
    return nil
  }

  /// Every event waits the same time, so whichever timer fires releases the oldest event; this keeps
  /// the order even on a scheduler that runs due actions concurrently.
  @inlinable
  mutating func fire(_ id: Int, _ outbox: inout Outbox<Element, Error>) {
    guard armed.remove(id) != nil else { return }
    timers[id] = nil
    if let event = waiting.popFirst() { outbox.send(event) }
  }

  @inlinable
  mutating func finish() -> [any Disposable] {
    armed = []
    defer { timers = [:] }
    return Array(timers.values)
  }
}
