import TetherSynchronization

/// The state of an operator with several inputs, inner signals or timers, as a pure state machine.
///
/// Its methods run under the ``OperatorStorage`` lock: they change state, emit events into the
/// ``Outbox``, and return what the storage must do once the lock is released (subscribe, schedule,
/// dispose). They never call user code.
///
/// Nor do they release a value they let go of (a replaced latest element, a dropped pending one):
/// they return it, so that it is released after the lock. Its deinitializer may be user code using
/// this very operator (a view model disposing its observation of it, or sending into one of its
/// inputs), which under the lock would trap as a re-entrant access.
@usableFromInline
internal protocol OperatorStateMachine: SendableMetatype {
  /// Called once when the operator ends (it emitted a terminal event, or its observer disposed
  /// it), after the storage took the machine out of its lock: returns the disposables the machine
  /// still holds (timers, inner observations), which the storage disposes. The machine is then
  /// released with what it buffered, outside the lock.
  mutating func finish() -> [any Disposable]
}

extension OperatorStateMachine {
  @inlinable
  internal mutating func finish() -> [any Disposable] { [] }
}

/// The events a state machine emits during one locked update, in order, and their delivery.
@usableFromInline
internal struct Outbox<Element, Error: Swift.Error> {
  @usableFromInline internal typealias Event = Signal<Element, Error>.Event

  /// The emitted events waiting for the deliverer, oldest first.
  @usableFromInline internal var queue = FIFOQueue<Event>()
  /// The delivery rules for `queue`: who delivers, which events are foreign, the hand-over budget.
  /// A bare core beside a queue rather than a `SerialDelivery<Event>`: the operators run
  /// unspecialized, and every touch of a generic engine (its actions, its queue) would cost them
  /// run-time generic metadata; the core is plain integers.
  @usableFromInline internal var delivery = SerialDeliveryCore()
  /// Whether a terminal event has been emitted; anything emitted afterwards is dropped.
  @usableFromInline internal var isTerminated = false

  @inlinable
  internal init() {}

  /// Emits an event (ignored after a terminal event).
  @inlinable
  internal mutating func send(_ event: Event) {
    guard !isTerminated else { return }
    if event.isTerminal { isTerminated = true }
    // What the updating thread emits while another thread delivers is foreign (it counts against
    // the deliverer's hand-over budget). Its identifier is one register read: cheaper than
    // carrying it here from `update`.
    delivery.append(thread: currentThreadID())
    queue.append(event)
  }

  /// Emits an element.
  @inlinable
  internal mutating func next(_ element: Element) {
    send(.next(element))
  }

  /// Emits the successful completion.
  @inlinable
  internal mutating func complete() {
    send(.completed)
  }

  /// Emits a failure.
  @inlinable
  internal mutating func fail(_ error: Error) {
    send(.failed(error))
  }
}

/// The lock, delivery queue and downstream observer of one observation of a stateful operator.
///
/// Every input (upstream events, inner signals, timers) calls ``update(_:)``: the machine changes
/// state and emits events under the lock; the events join one queue in the order of those locked
/// sections, and whoever finds nobody delivering delivers the queue outside the lock. So the
/// observer gets one event at a time, in the order the state changed, never under a lock; an input
/// arriving during a delivery (from another thread, or from the observer itself) is queued and
/// delivered by the thread already delivering.
///
/// The delivery rules are the engine's (``SerialDeliveryCore``, beside the outbox's own queue): a
/// deliverer flooded by other threads' inputs hands the rest over to the signal runtime's
/// hand-over queue (``handOverSignalDelivery(_:)``) after ``deliveryHandOverBudget`` of their
/// events, so an input always returns.
///
/// The observation's disposable is ``handle``, the ``OperatorControl`` holding the state. It ends
/// when the machine emits a terminal event or when it is disposed; either way it disposes, outside
/// the lock, the resources added with ``add(_:)`` and the disposables
/// ``OperatorStateMachine/finish()`` hands back. After that, ``update(_:)`` no longer runs. No
/// delivery starts after ``dispose()`` returns.
///
/// Ownership runs one way, from the sources to the observer: the inputs' callbacks hold the
/// storage, which holds the observer and the control; the control holds the upstream disposables
/// but not the observer. So when every source has gone away without ending (a released subject),
/// nothing holds the observer any more, even though the downstream operator still holds this
/// observation's disposable, and the upstream one's disposable is held here.
@usableFromInline
internal final class OperatorStorage<Machine: OperatorStateMachine, Element, Error: Swift.Error>: Sendable {
  @usableFromInline internal typealias Event = Signal<Element, Error>.Event
  @usableFromInline internal typealias Control = OperatorControl<Machine, Element, Error>

  @usableFromInline internal let observer: @Sendable (Event) -> Void
  @usableFromInline internal let control: Control

  @inlinable
  internal init(_ machine: Machine, observer: @escaping @Sendable (Event) -> Void) {
    self.observer = observer
    control = Control(machine)
  }

  /// The observation's disposable; it does not hold the observer.
  @inlinable
  internal var handle: any Disposable { control }

  /// Whether the operator has ended (emitted a terminal event, or was disposed).
  @inlinable
  internal var isDisposed: Bool { control.isDisposed }

  /// Runs `body` on the machine under the lock, then delivers what it emitted once the lock is
  /// released. Returns `body`'s result, or `nil` without running it if the operator has ended.
  @inlinable
  @discardableResult
  internal func update<Action>(_ body: (inout Machine, inout Outbox<Element, Error>) -> Action) -> Action? {
    var ended = false
    let (action, first) = control.state.withLock { state -> (Action?, Event?) in
      guard !state.isFinished else { return (nil, nil) }
      let action = body(&state.machine!, &state.outbox)
      if _slowPath(state.outbox.isTerminated) {
        state.isFinished = true
        ended = true
      }
      guard state.outbox.delivery.claim(thread: currentThreadID()) else { return (action, nil) }
      return (action, state.outbox.queue.popFirst())
    }
    // What the machine holds is taken in a second visit to the lock, only when it ends: carrying
    // it out of this one cost every event a generic optional's value witness calls.
    if _slowPath(ended) { control.releaseRemains() }
    if let first { deliver(first) }
    return action
  }

  /// Keeps `disposable` until the operator ends, or disposes it at once if it already has.
  @inlinable
  internal func add(_ disposable: any Disposable) {
    control.add(disposable)
  }

  /// Stops delivery and disposes everything the operator holds.
  @inlinable
  internal func dispose() {
    control.dispose()
  }

  /// The deliverer (see ``SerialDeliveryCore``): delivers `first`, then the events queued
  /// meanwhile, until none is left or delivery is handed over.
  @inlinable
  internal func deliver(_ first: Event) {
    var event = first
    while true {
      observer(event)
      // `dispose()` empties the queue and nothing is queued after it, so a disposed operator
      // finds the queue empty here.
      var handOff = false
      let next = control.state.withLock { state -> Event? in
        switch state.outbox.delivery.next() {
        case .deliverNext: return state.outbox.queue.popFirst()
        case .idle: return nil
        case .handOff:
          handOff = true
          return nil
        }
      }
      guard let next else {
        if _slowPath(handOff) { handOverSignalDelivery { self.resumeDelivery() } }
        return
      }
      event = next
    }
  }

  /// Takes over a handed-over delivery on this thread (the signal runtime's hand-over queue).
  @usableFromInline @inline(never)
  internal func resumeDelivery() {
    let thread = currentThreadID()
    let first = control.state.withLock { state -> Event? in
      state.outbox.delivery.resume(thread: thread)
      // A fresh budget: the next event is delivered, or the delivery stops (disposed meanwhile).
      guard case .deliverNext = state.outbox.delivery.next() else { return nil }
      return state.outbox.queue.popFirst()
    }
    if let first { deliver(first) }
  }
}

/// The state of one observation of a stateful operator, and its disposable.
///
/// It holds the machine, the queued events and the upstream disposables, never the downstream
/// observer (see ``OperatorStorage``).
@usableFromInline
internal final class OperatorControl<Machine: OperatorStateMachine, Element, Error: Swift.Error>: Disposable,
  @unchecked Sendable
{
  // Safe: the machine, the queue and the resources are only touched inside the `state` mutex, or
  // by the one thread that took them out of it when the operator ended.
  @usableFromInline
  internal struct State {
    // The fields of a fixed size come first and the machine last: then unspecialized code (every
    // operator) finds them at offsets known when compiling, without reading the field offsets out
    // of this struct's run-time metadata on each access.
    /// The emitted events and their delivery.
    @usableFromInline var outbox = Outbox<Element, Error>()
    /// The observer disposed the observation: nothing more is delivered.
    @usableFromInline var isDisposed = false
    /// The operator ended (terminal emitted or disposed): the machine is no longer updated.
    @usableFromInline var isFinished = false
    @usableFromInline var resources: [any Disposable] = []
    /// `nil` once the operator finished: the machine was taken out to be released after the lock.
    @usableFromInline var machine: Machine?

    @inlinable
    init(machine: Machine) {
      self.machine = machine
    }

    /// Marks the operator finished and takes out the machine and the resources still here (none
    /// if another thread took them first), to finish and release once the lock is released.
    @inlinable
    mutating func finish() -> Remains {
      isFinished = true
      defer { resources = [] }
      return Remains(machine: machine.take(), resources: resources)
    }
  }

  /// What an operator held when it ended, taken out of its lock: finished, disposed and released
  /// after the lock, since releasing an element may run a deinitializer that uses the operator.
  @usableFromInline
  internal struct Remains {
    @usableFromInline var machine: Machine?
    @usableFromInline var resources: [any Disposable]
    /// Events queued but not delivered (the observer disposed the observation).
    @usableFromInline var undelivered = FIFOQueue<Signal<Element, Error>.Event>()

    @inlinable
    init(machine: Machine?, resources: [any Disposable]) {
      self.machine = machine
      self.resources = resources
    }

    /// Disposes the resources and the machine's disposables; the rest is released on return.
    @inlinable
    consuming func release() {
      for disposable in resources { disposable.dispose() }
      if var machine = machine.take() {
        for disposable in machine.finish() { disposable.dispose() }
      }
    }
  }

  @usableFromInline internal let state: Locked<State>

  @inlinable
  internal init(_ machine: Machine) {
    state = Locked(State(machine: machine))
  }

  /// Whether the operator has ended (emitted a terminal event, or was disposed).
  @inlinable
  internal var isDisposed: Bool {
    state.withLock { $0.isFinished }
  }

  /// Keeps `disposable` until the operator ends, or disposes it at once if it already has.
  @inlinable
  internal func add(_ disposable: any Disposable) {
    let disposeNow = state.withLock { state in
      guard !state.isFinished else { return true }
      state.resources.append(disposable)
      return false
    }
    if disposeNow { disposable.dispose() }
  }

  /// After ``OperatorStorage/update(_:)`` saw the machine emit a terminal event: takes the
  /// machine and the resources out of the lock (unless a dispose took them first), disposes what
  /// they hold and releases them.
  @usableFromInline @inline(never)
  internal func releaseRemains() {
    state.withLock { $0.finish() }.release()
  }

  /// Stops delivery and disposes everything the operator holds.
  @inlinable
  internal func dispose() {
    let remains = state.withLock { state -> Remains? in
      guard !state.isDisposed else { return nil }
      state.isDisposed = true
      var remains = state.finish()
      state.outbox.delivery.takeAll()
      remains.undelivered = state.outbox.queue.takeAll()
      return remains
    }
    remains?.release()
  }
}

extension OperatorStorage {
  /// Hands `disposable` (an input's observation or timer, made outside the lock) to `keep` under
  /// the lock. `keep` stores it, or returns it when it is no longer wanted (its input already ended
  /// or was replaced meanwhile); it is then disposed, as it is if the operator has ended.
  @inlinable
  internal func attach(_ disposable: any Disposable, _ keep: (inout Machine, any Disposable) -> (any Disposable)?) {
    switch update({ machine, _ in keep(&machine, disposable) }) {
    case .none: disposable.dispose()
    case .some(let unwanted): unwanted?.dispose()
    }
  }

  /// Schedules `fire` to update the machine after `seconds` on `scheduler`, then hands the timer's
  /// disposable to `attach` (under the lock). `attach` keeps it, or returns it when the timer is no
  /// longer wanted (already fired or replaced); it is also disposed if the operator has ended.
  @inlinable
  internal func scheduleTimer(
    on scheduler: any Scheduler,
    after seconds: Double,
    fire: @escaping @Sendable (inout Machine, inout Outbox<Element, Error>) -> Void,
    attach keep: (inout Machine, any Disposable) -> (any Disposable)?
  ) {
    let timer = scheduler.schedule(after: seconds) { self.update(fire) }
    attach(timer, keep)
  }
}
