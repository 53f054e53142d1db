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
/// The one delivery engine not on ``SerialDeliveryCore``, measured: which action delivers is decided
/// by one atomic counter (``HopQueue/active``) that only the actions touch. On the core (an action
/// claims the queue under its lock, and after each event the deliverer asks `next` or `stop`s, as
/// `OrderedMainDelivery` does) every delivery ends with a trip through the lock the producer takes
/// for each event, and the runtime benchmark's row (e) (events hopped to a serial `DispatchQueue`)
/// went from 364 to 426 ns/event (median of 6 alternating runs, +15%) in one state of the shared
/// 2-core machine, though not in another (190 to 180). The rules are the engine's all the same:
/// the deliverer is the action that finds nobody delivering, and it delivers only what the
/// actions that started meanwhile left to it; nothing is foreign and there is no budget, since a
/// hand-over would move delivery off `scheduler`, which `receive(on:)` must not do.
@usableFromInline
internal final class Hop<Element, Error: Swift.Error, S: Scheduler>: @unchecked Sendable {
  // Safe: every stored property is immutable after `init` (`dispatch` is set there, before the
  // hop is shared); the observer is called only by the action that raised the queue's
  // `active` from zero, until it brings it back there, so never concurrently, and the atomic's
  // acquire-release order hands its effects on.
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
    queue.events.withLock { events in events.append(event) }
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

  /// One event's action: delivers the oldest waiting event, and then those of the actions that
  /// started meanwhile, unless another action is delivering (then that one delivers it).
  @inlinable
  func runAction() {
    let queue = queue
    guard queue.active.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
    repeat {
      // Empty only if disposing dropped the waiting events.
      if let event = queue.events.withLock({ $0.popFirst() }), !queue.disposed.load(ordering: .acquiring) {
        observer(event)
        if event.isTerminal { queue.dispose() }
      }
    } while queue.active.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue > 1
  }
}

/// A ``Hop``'s events and delivery bookkeeping, without the observer, so that the disposable
/// handed downstream can own it.
@usableFromInline
internal final class HopQueue<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: the queue lives in the `events` mutex and the rest is atomic.
  @usableFromInline typealias Event = Signal<Element, Error>.Event

  /// Events waiting for their action, oldest first.
  @usableFromInline internal let events = Locked(FIFOQueue<Event>())
  /// Actions that started and whose events are not delivered yet. The action that raises it from
  /// zero delivers; one that finds it above zero leaves its event to that delivery.
  @usableFromInline internal let active = AtomicInt(0)
  @usableFromInline internal let disposed = AtomicBool(false)

  @inlinable
  init() {}

  @inlinable
  func dispose() {
    disposed.store(true, ordering: .releasing)
    // Drops the events still waiting now rather than one action at a time (their actions then
    // find nothing to deliver), releasing them after the lock: an element's deinit may be user code.
    _ = events.withLock { events in
      let dropped = events
      events = FIFOQueue()
      return dropped
    }
  }
}
