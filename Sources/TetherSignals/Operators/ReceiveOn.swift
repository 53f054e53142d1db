import Dispatch
import TetherSynchronization

extension SignalProtocol where Element: Sendable {
  /// Delivers the events on `scheduler`: one scheduled action per event, in order, one at a time.
  ///
  /// Every event, the completion or failure included, is handed to `scheduler` as its own action,
  /// as ReactiveKit's `receive(on:)` and Combine's do. So signals hopped onto the same serial
  /// queue and then combined (`merge`, `combineLatest`, `with(latestFrom:)`, ...) see their events
  /// in the order they were sent, across signals.
  ///
  /// Unlike ReactiveKit and Combine, the events of one observation also stay in order and never
  /// overlap on a concurrent queue: the actions take the observation's events first in, first out,
  /// and an action that starts while the previous event is still being delivered leaves its event
  /// to that delivery, which delivers it next on its own thread instead of blocking this one.
  ///
  /// Emits what the receiver emits and ends when it does. Disposing stops the delivery of the
  /// events still waiting (their actions still run, and do nothing). With
  /// ``ExecutionContext/immediate`` it returns the signal unchanged. To hand a burst of events
  /// over in one action instead, use ``receiveCoalesced(on:)``.
  ///
  /// On an array container (`MutableObservableArray`, or its `toSignal()`), a changeset waiting for
  /// `scheduler` holds only its change, not the array, so a producer that runs ahead does not make
  /// every mutation copy the array: the hop rebuilds each changeset's collection from the previous
  /// one it delivered (which it keeps, so the array is held twice while observed this way). Every
  /// changeset is still delivered, in order, with `collection` exactly the collection after its
  /// mutation. An observer that keeps the collections it receives still pays an O(n) copy per
  /// change; `MutableObservableList` does not.
  ///
  /// - Complexity: O(1) per event, plus one `scheduler.schedule` call; O(k) more per changeset of
  ///   k changed elements on an array container.
  ///
  /// The elements must be `Sendable`: they are delivered on another thread or queue.
  @inlinable
  public func receive<S: Scheduler>(on scheduler: S) -> Signal<Element, Error> {
    if let context = scheduler as? ExecutionContext, context.isImmediate { return toSignal() }
    let upstream = UncheckedSendable(toSignal())
    // An array container's changesets wait in the hop without their array (see `HopDetaching`):
    // a producer running ahead of the scheduler then does not copy the array at every mutation.
    // Guarantee kept: every changeset is delivered, in order, with `collection` exactly the
    // collection after its mutation, rebuilt from the previous one this observation delivered.
    // The result forwards every event in order, so a hop after this one can detach them too.
    let detaching = upstream.value.detaching
    return Signal(
      unsafeSubscribe: { observer in
        let upstreamDisposable: any Disposable
        let queue: HopQueue<Element, Error>
        if let detaching {
          let rebuilder = detaching.makeRebuilder()
          let hop = Hop<Element, Error, S>(
            observer: { event in observer(rebuilder.rebuild(event)) }, scheduler: scheduler)
          upstreamDisposable = upstream.observe { event in hop.enqueue(detaching.detach(event)) }
          queue = hop.queue
        } else {
          let hop = Hop<Element, Error, S>(observer: observer, scheduler: scheduler)
          upstreamDisposable = upstream.observe { event in hop.enqueue(event) }
          queue = hop.queue
        }
        // The upstream observation and the scheduled actions own the hop (and through it the
        // observer); the disposable handed downstream owns only the queue, or an operator holding it
        // would form a cycle that outlives a source that goes away without completing. (Not a weak
        // reference to the hop: that gives it a side table, and every retain and release of it, three
        // per event, would take the slow path.)
        return BlockDisposable {
          queue.dispose()
          upstreamDisposable.dispose()
        }
      },
      detaching: detaching)
  }
}

/// The per-observation hand-off of ``SignalProtocol/receive(on:)``: a queue of events and one
/// scheduled action per event.
///
/// On the delivery engine, as an owner whose items each have a turn of their own: every scheduled
/// action is a turn of the queue's ``DeliveryTurns``, and the events wait in its
/// ``SerialDelivery``, recorded uncounted (no budget: a hand-over would move delivery off
/// `scheduler`, which `receive(on:)` must not do, so nothing is foreign). The deliverer is the
/// action that begins a turn when none is in progress; it takes and delivers the events of the
/// turns that began meanwhile, and no others, so the events of several signals hopped onto one
/// serial queue keep the order they were sent in, and a `ManualScheduler`'s `runNext` delivers one
/// event.
///
/// Why turns and not the core's `claim` and `stop` (as `OrderedMainDelivery` does): there, every
/// delivery ends with a second trip through the lock the producer takes for each event, and the
/// runtime benchmark's row (e) (events hopped to a serial `DispatchQueue`) went from 364 to 426
/// ns/event (+15%) in one machine state. With turns, an event costs the producer one trip through
/// the lock and its action one, as before the engine.
@usableFromInline
internal final class Hop<Element, Error: Swift.Error, S: Scheduler>: @unchecked Sendable {
  // Safe: every stored property is immutable after `init` (`dispatch` is set there, before the
  // hop is shared); the observer is called only by the deliverer of the queue's turns (see
  // `DeliveryTurns`), so never concurrently, and the turns' acquire-release order hands its
  // effects on.
  @usableFromInline typealias Event = Signal<Element, Error>.Event

  @usableFromInline internal let observer: @Sendable (Event) -> Void
  @usableFromInline internal let scheduler: S
  @usableFromInline internal let queue = HopQueue<Element, Error>()
  /// When the scheduler is a `DispatchQueue`: that queue, and the one block every event's action
  /// runs (see ``enqueue(_:)``).
  @usableFromInline internal private(set) var dispatch:
    (queue: DispatchQueue, action: @convention(block) @Sendable () -> Void)?

  @inlinable
  init(observer: @escaping @Sendable (Event) -> Void, scheduler: S) {
    self.observer = observer
    self.scheduler = scheduler
    if let queue = scheduler as? DispatchQueue {
      // Unretained, or the block would hold the hop that holds it; each action takes over the
      // reference `enqueue` took for it.
      let hop = Unmanaged.passUnretained(self)
      dispatch = (queue, { hop.takeRetainedValue().runAction() })
    }
  }

  @inlinable
  func enqueue(_ event: Event) {
    queue.delivery.withLock { delivery in delivery.appendUncounted(event) }
    if let dispatch {
      // The same block for every event: handing Dispatch a block it already has costs a retain,
      // where a new closure costs a closure and a block allocation per event (and Dispatch still
      // runs one action per event). The retain keeps the hop alive until that action has run.
      _ = Unmanaged.passUnretained(self).retain()
      dispatch.queue.async(execute: dispatch.action)
      return
    }
    // The action captures only the hop, so scheduling it allocates nothing on Tether's side.
    scheduler.schedule { self.runAction() }
  }

  /// One event's action, one turn: delivers the oldest waiting event, and then those of the turns
  /// that began meanwhile, unless another turn is delivering (then that one delivers it).
  @inlinable
  func runAction() {
    let queue = queue
    guard queue.turns.begin() else { return }
    let thread = currentThreadID()
    repeat {
      // Nothing waits only if disposing dropped the waiting events.
      if let event = queue.delivery.withLock({ $0.takeTurn(thread: thread) }),
        !queue.disposed.load(ordering: .acquiring)
      {
        observer(event)
        if event.isTerminal { queue.dispose() }
      }
    } while queue.turns.end()
  }
}

/// A ``Hop``'s events and delivery bookkeeping, without the observer, so that the disposable
/// handed downstream can own it.
@usableFromInline
internal final class HopQueue<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: the events live in the `delivery` mutex and the rest is atomic.
  @usableFromInline typealias Event = Signal<Element, Error>.Event

  /// Events waiting for their turn, oldest first.
  @usableFromInline internal let delivery = Locked(SerialDelivery<Event>())
  /// The scheduled actions that began and whose events are not delivered yet (see ``Hop``).
  @usableFromInline internal let turns = DeliveryTurns()
  @usableFromInline internal let disposed = AtomicBool(false)

  @inlinable
  init() {}

  @inlinable
  func dispose() {
    disposed.store(true, ordering: .releasing)
    // Drops the events still waiting now rather than one action at a time (their actions then
    // find nothing to deliver), releasing them after the lock: an element's deinit may be user code.
    _ = delivery.withLock { delivery in delivery.takeAll() }
  }
}
