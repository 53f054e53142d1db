import Dispatch
import TetherChangesets
import TetherSignals
import TetherSynchronization

/// The state and delivery engine shared by every observable container.
///
/// The collection lives here exactly once. A mutation changes it in place under the lock and
/// builds the changeset (a snapshot of the new collection plus the change); delivery happens after
/// the lock is released. Whoever finds the core idle becomes the deliverer: it delivers its own
/// changeset, then everything other threads (or its own observers) queued meanwhile, in order. So
/// observers never see overlapping callbacks, a mutation made from inside an observer is delivered
/// after the current changeset, and each changeset starts where the previous one ended.
///
/// A changeset of an array that has to wait in the queue waits without its collection (see
/// ``Detaching``): the deliverer rebuilds it from ``State/position`` when it reaches it, so a queue
/// of waiting changesets does not make every mutation copy the array.
///
/// A new observer joins through the same queue and first receives a reload of the collection as of
/// its place in that order (not the latest state, which may be ahead of the queue).
///
/// The queue, the deliverer and the hand-over budget are a ``SerialDelivery``; the joins, the
/// removals the deliverer applies, the waiters, the successor and the delivery runs stay here,
/// around it.
///
/// Bounds (see ThreadingAndReentrancy.md): a deliverer that has delivered
/// ``deliveryHandOverBudget`` items queued by other threads passes delivery to the next thread
/// that submits something (``State/takeOver(thread:)``), or, failing that, to a dispatch queue; a
/// mutator that finds ``maxQueuedChangesets`` items waiting (and is not itself delivering) waits
/// until the queue is down to half of that before it mutates, so queued snapshots stay bounded.
///
/// Ownership of `slots` (a list threaded through the subscribers, in the order they subscribed):
/// the deliverer walks it outside the lock from its first subscriber, read under the lock. The list
/// is only ever changed when no delivery runs, or by the deliverer under the lock between items. A
/// disposal during a delivery only records the subscriber in `pendingRemovals`, which the
/// deliverer applies in ``State/advance()``; joins are queued items.
///
/// Why not `Property<Changeset>`: a property keeps its last value twice (current value and replay
/// buffer), so the collection inside the last changeset would always be shared when the next
/// mutation starts and every single `append` would copy the whole collection. Here the last
/// delivered collection is only kept while a delivery is running, so an idle container's
/// collection is uniquely referenced again once observers have let go of their changesets.
@usableFromInline
package final class ContainerCore<Changeset: ObservableContainerChangeset>: @unchecked Sendable {
  // Safe: all mutable state is in the `state` mutex; `batchThread` is atomic.
  @usableFromInline package typealias Collection = Changeset.Collection
  @usableFromInline package typealias Event = Signal<Changeset, Never>.Event

  @usableFromInline
  enum Item {
    /// A changeset.
    case change(Changeset)
    /// A changeset queued without its collection (see ``Detaching``): the deliverer rebuilds the
    /// collection from ``State/position`` when it reaches it.
    case detached(Changeset)
    case join(ContainerSubscriber<Changeset>)
    case complete
  }

  /// What the deliverer does next, decided under the lock and done outside it.
  @usableFromInline
  enum Work {
    case idle
    case nothing
    /// Deliver to the registered observers, walking the list from `first` (read under the lock:
    /// while someone delivers, only the deliverer changes the list).
    case deliver(Changeset, first: UnsafeRawPointer?)
    /// Rebuild a changeset queued without its collection (see ``Detaching``) from `position` (the
    /// collection right before it, taken out of the state), then deliver it like `deliver`: the
    /// rebuilding runs outside the lock. The deliverer puts `position` back at its next step.
    case deliverDetached(Changeset, first: UnsafeRawPointer?, position: Collection)
    case reload(ContainerSubscriber<Changeset>, Collection, completed: Bool)
    case complete(ContiguousArray<ContainerSubscriber<Changeset>>)
    /// Take over delivery once the semaphore is signalled (see ``State/handOverWanted``).
    case takeOver(DispatchSemaphore)
    /// Hand the rest of the delivery to the hand-over queue.
    case handOff
  }

  /// A thread blocked until `finished` reaches `target` (see ``State/finished``).
  @usableFromInline
  struct Waiter {
    @usableFromInline let target: UInt64
    @usableFromInline let wake: Wake

    @inlinable init(target: UInt64, wake: Wake) {
      self.target = target
      self.wake = wake
    }
  }

  @usableFromInline
  enum Wake {
    case semaphore(DispatchSemaphore)
    case continuation(CheckedContinuation<Void, Never>)

    @inlinable func callAsFunction() {
      switch self {
      case .semaphore(let semaphore): semaphore.signal()
      case .continuation(let continuation): continuation.resume()
      }
    }
  }

  /// How a container whose collection copies in O(n) (an `Array`) queues changesets without their
  /// collection, so that a changeset waiting for delivery does not make the next mutation copy
  /// every element.
  ///
  /// Guarantee kept: every observer still receives, in order, changesets whose `collection` is
  /// exactly the collection after that mutation. `detach` keeps the change (its patch, with the
  /// inserted and updated elements) and drops the collection; the deliverer, which reaches queued
  /// items in submission order, applies that change to ``State/position`` (the collection right
  /// before it: the previous item's collection) and delivers the result. A reload keeps its
  /// collection (`detach` returns `nil`).
  ///
  /// Cost moved, not removed: applying the change at delivery is O(k) for k changed elements, in
  /// place unless an observer kept the previous collection (then that observer's snapshot is
  /// what is copied, as it would have been without a queue).
  ///
  /// The same two functions serve Tether's hops (the main-queue delivery of `observeNextOnMain`
  /// and of every binding, and `receive(on:)`): see ``hop``.
  @usableFromInline
  package struct Detaching: Sendable {
    @usableFromInline let detach: @Sendable (Changeset) -> Changeset?
    @usableFromInline let materialize: @Sendable (Changeset, inout Collection) -> Changeset

    @usableFromInline
    package init(
      detach: @escaping @Sendable (Changeset) -> Changeset?,
      materialize: @escaping @Sendable (Changeset, inout Collection) -> Changeset
    ) {
      self.detach = detach
      self.materialize = materialize
    }
  }

  @usableFromInline
  struct State {
    @usableFromInline var collection: Collection
    /// Set for collections whose copies are O(n); see ``Detaching``.
    @usableFromInline let detaching: Detaching?
    /// Incremented by every mutation; lets long computations run outside the lock (see
    /// ``mutate(preparing:_:)``).
    @usableFromInline var version: UInt64 = 0
    /// The registered observers, in the order they subscribed.
    @usableFromInline var slots = IntrusiveList<ContainerSubscriber<Changeset>>()
    /// Subscribers disposed while a delivery was running, removed from `slots` by the deliverer.
    @usableFromInline var pendingRemovals: [ContainerSubscriber<Changeset>] = []
    /// Subscribers the deliverer removed, to be released once the lock is released (the last
    /// reference to one may be here, and its deinitialization runs the observer's).
    @usableFromInline var removed: [ContainerSubscriber<Changeset>] = []
    /// The queued items (each marked foreign when another thread than the deliverer queued it),
    /// the deliverer and the hand-over budget.
    @usableFromInline var delivery = SerialDelivery<Item>()
    /// The collection at the delivery order's current point, kept only while delivering.
    @usableFromInline var position: Collection?
    /// Completion was requested; later mutations are not emitted.
    @usableFromInline var isCompleted = false
    /// Completion was delivered; joining observers get a reload and the completion.
    @usableFromInline var completionDelivered = false
    /// How many items entered delivery (delivered at once or queued), and how many of them have
    /// been delivered; items are delivered in that order, so waiting for `finished` to reach a
    /// value waits for a definite prefix of the delivery order.
    @usableFromInline var submitted: UInt64 = 0
    @usableFromInline var finished: UInt64 = 0
    @usableFromInline var waiters: [Waiter] = []
    /// The deliverer has spent its budget on other threads' items: the next thread that submits
    /// something takes delivery over.
    @usableFromInline var handOverWanted = false
    /// The thread taking delivery over, waiting for the current item to finish.
    @usableFromInline var successor: DispatchSemaphore?
    @usableFromInline var successorThread: UInt = 0

    @inlinable init(collection: Collection, detaching: Detaching?) {
      self.collection = collection
      self.detaching = detaching
    }

    /// Whether a delivery is in progress (also while it is being handed over).
    @inlinable var isDelivering: Bool { delivery.isDelivering }

    /// The thread delivering, or 0 when idle or while delivery is being handed over.
    @inlinable var deliverer: UInt { delivery.deliverer }
  }

  @usableFromInline let state: Locked<State>
  /// Set for collections whose copies are O(n) (see ``Detaching``); immutable.
  @usableFromInline package let detaching: Detaching?
  /// The thread running a `batchUpdate` body under the lock, or 0.
  @usableFromInline let batchThread = AtomicInt(0)
  /// Subscribers disposed by code running under `state`'s lock on the thread holding it (see
  /// ``remove(_:)``), removed once that lock is released.
  @usableFromInline let deferredRemovals = DeferredRemovals<ContainerSubscriber<Changeset>>()

  @usableFromInline
  package init(
    _ collection: Collection, reentryMessage: StaticString = CollectionPreconditions.accessUnderLock,
    detaching: Detaching? = nil
  ) {
    // Spinning: every producer thread takes it once per mutation, for a few hundred nanoseconds.
    state = Locked(
      State(collection: collection, detaching: detaching), reentryMessage: reentryMessage, spinning: true)
    self.detaching = detaching
  }

  deinit {
    // The list owns its subscribers (see `IntrusiveList`); they are released after the lock.
    _ = state.withLock { state in (state.slots.removeAll(), state.takeRemoved()) }
  }

  // MARK: Reading

  /// The current collection.
  @usableFromInline package var collection: Collection {
    withLock { $0.collection }
  }

  /// Reads the current collection under the lock (without copying it out, so a concurrent
  /// mutation does not have to copy it either). `body` must not call user code.
  @inlinable
  package func read<Result>(_ body: (Collection) -> Result) -> Result {
    withLock { body($0.collection) }
  }

  /// The current collection and its version.
  @inlinable
  var snapshot: (collection: Collection, version: UInt64) {
    withLock { ($0.collection, $0.version) }
  }

  // MARK: Mutating

  /// Atomically changes the collection and emits the changeset `body` returns, after the lock is
  /// released.
  ///
  /// `body` runs under the lock: it must check its arguments before changing anything (a trap
  /// then leaves the collection untouched) and must not call user code. If the delivery queue is
  /// full, the calling thread first waits for room (see ``maxQueuedChangesets``).
  @inlinable @discardableResult
  func mutate<Result>(_ body: (inout Collection) -> (Result, Changeset)) -> Result {
    while true {
      let attempt = withLock { state -> Attempt<Result> in
        if let room = state.waitForRoom() { return .wait(room) }
        let (result, changeset) = body(&state.collection)
        state.version &+= 1
        return .done(result, state.submit(consume changeset))
      }
      switch consume attempt {
      case .done(let result, let work):
        run(work)
        return result
      case .wait(let room):
        room.wait()
      }
    }
  }

  /// The outcome of one attempt to mutate: done, or wait for room in the queue and try again.
  @usableFromInline
  enum Attempt<Result> {
    case done(Result, Work)
    case wait(DispatchSemaphore)
  }

  /// Like ``mutate(_:)``, but tells `body` whether anyone will receive the changeset, so that an
  /// unobserved container skips building it (`body` then returns `nil`). A `nil` changeset is
  /// never emitted.
  @inlinable @discardableResult
  package func mutate<Result>(
    skippingUnobserved body: (inout Collection, _ isObserved: Bool) -> (Result, Changeset?)
  ) -> Result {
    while true {
      let attempt = withLock { state -> Attempt<Result> in
        if let room = state.waitForRoom() { return .wait(room) }
        let (result, changeset) = body(&state.collection, state.isObserved)
        state.version &+= 1
        guard let changeset else { return .done(result, .idle) }
        return .done(result, state.submit(consume changeset))
      }
      switch consume attempt {
      case .done(let result, let work):
        run(work)
        return result
      case .wait(let room):
        room.wait()
      }
    }
  }

  /// Like ``mutate(_:)``, for a change whose preparation runs user code (`==`, `hash(into:)`,
  /// comparators, identity closures) or takes long, such as diffing a replacement or sorting.
  ///
  /// `prepare` runs outside the lock on a snapshot of the collection; `apply` then runs under the
  /// lock if no other mutation happened meanwhile. After three such races, `prepare` runs under
  /// the lock (marked like a batch, so touching the container from it traps) to guarantee progress.
  @inlinable @discardableResult
  func mutate<Prepared, Result>(
    preparing prepare: (Collection) -> Prepared,
    _ apply: (inout Collection, Prepared) -> (Result, Changeset)
  ) -> Result {
    for _ in 0..<3 {
      let (snapshot, version) = self.snapshot
      let prepared = prepare(snapshot)
      var outcome: (Result, Work)?
      let room = withLock { state -> DispatchSemaphore? in
        guard state.version == version else { return nil }
        if let room = state.waitForRoom() { return room }
        let (result, changeset) = apply(&state.collection, prepared)
        state.version &+= 1
        outcome = (result, state.submit(consume changeset))
        return nil
      }
      room?.wait()
      if let (result, work) = outcome.take() {
        run(work)
        return result
      }
    }
    return batch { collection in apply(&collection, prepare(collection)) }
  }

  /// Runs `body` under the lock like ``mutate(_:)``, marking the calling thread so that touching
  /// this container from inside `body` traps instead of deadlocking.
  @inlinable @discardableResult
  func batch<Result>(_ body: (inout Collection) -> (Result, Changeset)) -> Result {
    mutate { collection in
      batchThread.store(Int(bitPattern: currentThreadID()), ordering: .relaxed)
      defer { batchThread.store(0, ordering: .relaxed) }
      return body(&collection)
    }
  }

  /// Ends every observation with `.completed`, after the changesets already queued. Later
  /// mutations still change the collection but emit nothing.
  package func complete() {
    let thread = currentThreadID()
    let work = withLock { state -> Work in
      guard !state.isCompleted else { return .idle }
      state.isCompleted = true
      return state.submit(item: .complete, thread: thread)
    }
    run(work)
  }

  // MARK: Observing

  /// Registers an observer: it receives a reload of the collection as of its place in the delivery
  /// order, then every later changeset.
  @inlinable
  package func observe(_ observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    let subscriber = ContainerSubscriber.make(observer: observer, core: self)
    let thread = currentThreadID()
    let work = withLock { state -> Work in
      state.submit(item: .join(subscriber), thread: thread)
    }
    run(work)
    return subscriber
  }

  /// Unregisters a disposed subscriber and, unless the calling thread is itself delivering, waits
  /// until a callback to it that may be running on another thread has returned.
  ///
  /// While a delivery runs, the deliverer owns `slots` (it walks the list outside the lock), so
  /// the removal is only recorded and the deliverer applies it. The wait is for the item being
  /// delivered now: every later item checks `isDisposed` after this lock was released.
  ///
  /// Disposed from code running under this core's lock on the thread that holds it, typically
  /// the deinitializer of an element a mutation drops (a row's view model ending its observation
  /// of the list it is in), the removal is recorded and made once the lock is released: taking
  /// the lock again would trap, and waiting there for a delivery would deadlock. The subscriber
  /// is already flagged disposed, so it receives nothing more.
  func remove(_ subscriber: ContainerSubscriber<Changeset>) {
    if state.isHeldByCurrentThread {
      deferredRemovals.append(subscriber)
      return
    }
    let thread = currentThreadID()
    var removedNow = false
    let wait = withLock { state -> DispatchSemaphore? in
      guard state.isDelivering else {
        // Only if it was in the list: one never registered, or already taken out, is ended by
        // the deliverer that reached it (a join found disposed, a completion), and ending it here
        // too would release its observer twice, racing that deliverer.
        removedNow = state.removeNow(subscriber)
        return nil
      }
      if subscriber.isRegistered { state.pendingRemovals.append(subscriber) }
      guard state.deliverer != thread, !DeliveringThread.isDelivering else { return nil }
      let semaphore = DispatchSemaphore(value: 0)
      state.waiters.append(Waiter(target: state.finished &+ 1, wake: .semaphore(semaphore)))
      return semaphore
    }
    // Out of the list and nobody delivering: no deliverer can reach the subscriber any more, so
    // its observer is released now (after the lock), not when the disposable is.
    if removedNow { subscriber.markEnded() }
    wait?.wait()
  }

  // MARK: Waiting

  /// Blocks until every changeset (and join, and completion) submitted before the call has been
  /// delivered to the observers.
  ///
  /// Traps only when the wait provably cannot end: the calling thread is this container's
  /// deliverer (inside one of its observers, directly or through a delivery nested in one), so
  /// the delivery it would wait for cannot go on until it returns. Any other thread waits, also
  /// one inside an observer of another container or a subject's callback, as a subject's
  /// `waitUntilDelivered()` does: that delivery ends unless its deliverer in turn waits for this
  /// thread's (a cycle of waits, which deadlocks; see ThreadingAndReentrancy.md).
  package func waitUntilDelivered() {
    let thread = currentThreadID()
    let (wait, waitsForItself) = withLock { state -> (DispatchSemaphore?, Bool) in
      guard state.isDelivering else { return (nil, false) }
      guard state.deliverer != thread else { return (nil, true) }
      let semaphore = DispatchSemaphore(value: 0)
      state.waiters.append(Waiter(target: state.submitted, wake: .semaphore(semaphore)))
      return (semaphore, false)
    }
    if waitsForItself {
      tetherPreconditionFailure(
        "waitUntilDelivered() called on the thread delivering this container (from inside its observer): "
          + "the wait could never end (the observer holds up the delivery it waits for)")
    }
    wait?.wait()
  }

  /// Suspends until every changeset (and join, and completion) submitted before the call has been
  /// delivered to the observers.
  package func waitUntilDelivered() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let registered = withLock { state -> Bool in
        guard state.isDelivering else { return false }
        state.waiters.append(Waiter(target: state.submitted, wake: .continuation(continuation)))
        return true
      }
      if !registered { continuation.resume() }
    }
  }

  // MARK: Delivering

  /// Does `work`, then keeps delivering queued items until the queue is empty or delivery is
  /// handed over.
  @inlinable
  func run(_ first: consuming Work) {
    var work = first
    if case .idle = work { return }
    let outerDelivery = DeliveringThread.enter()
    defer { DeliveringThread.leave(outerDelivery) }
    // Changesets queued right behind the one being delivered, taken with it under one lock
    // acquisition (see `State.takeRun`), and the collection they apply to while out of the lock.
    var run = ContiguousArray<Item>()
    var runPosition: Collection? = nil
    var runFirst: UnsafeRawPointer? = nil
    while true {
      switch consume work {
      case .idle:
        return
      case .handOff:
        handOverDelivery { self.resumeDelivery() }
        return
      case .takeOver(let turn):
        // The former deliverer signals once it has finished its current item and made this
        // thread the deliverer; it then returns.
        turn.wait()
        work = deliveryStep { $0.advance() }
        continue
      case .nothing:
        break
      case .deliver(let changeset, let first):
        deliverToObservers(.next(consume changeset), from: first)
      case .deliverDetached(let detached, let first, var position):
        // Bound `var`, not copied from a `let`: a second reference would make the rebuilding copy
        // every element.
        let changeset = rebuild(detached, onto: &position)
        deliverToObservers(.next(consume changeset), from: first)
        // The changesets of a run taken with this one continue from here; either way `position`
        // goes back into the state at the next step.
        runPosition = consume position
      case .reload(let subscriber, let collection, let completed):
        if !subscriber.isDisposed {
          subscriber.observer(.next(Changeset(reloading: collection)))
        }
        if completed {
          // Never in the list (the container had completed): only this deliverer ends it, also
          // when it was disposed meanwhile (its disposer found it unregistered).
          if !subscriber.isDisposed { subscriber.observer(.completed) }
          subscriber.markEnded()
        }
      case .complete(let slots):
        // This deliverer took them all out of the list (and dropped the pending removals), so it
        // ends each one, also those disposed meanwhile: their disposers found them unregistered.
        for subscriber in slots {
          if !subscriber.isDisposed { subscriber.observer(.completed) }
          subscriber.markEnded()
        }
      }
      // Drop the delivered snapshot before taking the lock, so that a mutation made right after
      // this delivery finds its collection uniquely referenced.
      work = .nothing
      let runLength = run.count
      if runLength > 0 {
        deliver(&run, from: &runPosition!, first: runFirst)
      }
      // The hot path: written out rather than through `deliveryStep`, which measured about 5%
      // slower on appends with one observer.
      var removed: [ContainerSubscriber<Changeset>]? = nil
      work = withLock { state in
        if let position = runPosition.take() { state.position = position }
        if runLength > 0 { state.finished &+= UInt64(runLength) }
        let work: Work
        if !state.removed.isEmpty || !state.pendingRemovals.isEmpty {
          defer { removed = state.takeRemoved() }
          work = state.next()
        } else {
          work = state.next()
        }
        switch work {
        case .deliver(_, let first):
          if state.takeRun(into: &run) {
            runPosition = state.position.take()
            runFirst = first
          }
        case .deliverDetached(_, let first, _):
          // `position` left the state with the first changeset; the run continues from it.
          if state.takeRun(into: &run) { runFirst = first }
        default:
          break
        }
        return work
      }
      if let taken = removed.take() {
        // Released here, outside the lock, with their observers: the deliverer (this thread)
        // no longer reaches them.
        for subscriber in taken { subscriber.markEnded() }
      }
    }
  }

  /// Delivers the changesets taken with the one just delivered (see ``State/takeRun(into:)``),
  /// outside the lock, in order, to the observers from `first`, applying each detached change to
  /// `position` as ``State/process(_:)`` would.
  ///
  /// Guarantee kept: each observer receives exactly what one-item-per-lock delivery gave it. The
  /// list cannot change during the run (only this deliverer changes it, and removals wait in
  /// `pendingRemovals`), every item still checks `isDisposed` before it calls an observer, and
  /// each changeset is dropped before the next is built, so `position` stays uniquely referenced
  /// unless an observer keeps a snapshot.
  @inlinable
  func deliver(_ run: inout ContiguousArray<Item>, from position: inout Collection, first: UnsafeRawPointer?) {
    for index in run.indices {
      var item = Item.complete
      swap(&item, &run[index])
      let changeset: Changeset
      switch consume item {
      case .change(let queued):
        position = queued.collection
        changeset = queued
      case .detached(let detached):
        changeset = rebuild(detached, onto: &position)
      case .join, .complete:
        tetherPreconditionFailure("a delivery run holds only changesets (joins and completions end it)")
      }
      deliverToObservers(.next(consume changeset), from: first)
    }
    run.removeAll(keepingCapacity: true)
  }

  /// A changeset queued without its collection, rebuilt on `position` (see ``Detaching``):
  /// through the changeset type's own specialized rebuilding when it has one, else the closure.
  @inlinable @inline(__always)
  func rebuild(_ detached: Changeset, onto position: inout Collection) -> Changeset {
    Changeset._rebuiltAfterQueue(detached, onto: &position) ?? detaching!.materialize(detached, &position)
  }

  /// Calls every registered observer that is not disposed with `event`, in the order they
  /// subscribed, walking the list from `first` (read under the lock).
  ///
  /// Unretained: the list owns its subscribers, and while this thread delivers nobody else changes
  /// it (removals wait in `pendingRemovals`, joins are queued items).
  @inlinable @inline(__always)
  func deliverToObservers(_ event: Event, from first: UnsafeRawPointer?) {
    IntrusiveList<ContainerSubscriber<Changeset>>.forEachUnretained(
      from: first, as: ContainerSubscriber<Changeset>.self
    ) { subscriber in
      subscriber._withUnsafeGuaranteedRef { subscriber in
        if !subscriber.isDisposed { subscriber.observer(event) }
      }
    }
  }

  /// Runs a step of the deliverer under the lock, then releases the subscribers it removed (see
  /// ``State/removed``) once the lock is released.
  @inlinable @inline(__always)
  func deliveryStep(_ step: (inout State) -> Work) -> Work {
    var removed: [ContainerSubscriber<Changeset>] = []
    let work = withLock { state in
      let work = step(&state)
      if !state.removed.isEmpty { removed = state.takeRemoved() }
      return work
    }
    for subscriber in removed { subscriber.markEnded() }  // see `run`
    _ = consume removed  // released here, outside the lock
    return work
  }

  /// Takes over a handed-over delivery on this thread.
  @usableFromInline
  func resumeDelivery() {
    let thread = currentThreadID()
    let work = deliveryStep { state in
      state.delivery.resume(thread: thread)
      return state.advance()
    }
    run(work)
  }

  /// Takes the lock, trapping if the calling thread is inside this container's `batchUpdate`.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    let batching = batchThread.load(ordering: .relaxed)
    if batching != 0 && batching == Int(bitPattern: currentThreadID()) {
      tetherPreconditionFailure(CollectionPreconditions.accessInsideBatch)
    }
    let result = state.withLock(body)
    if _slowPath(deferredRemovals.mayBePending) { applyDeferredRemovals() }
    return result
  }

  /// Makes the removals deferred by ``remove(_:)`` while the calling thread held the lock.
  @usableFromInline
  func applyDeferredRemovals() {
    for subscriber in deferredRemovals.take() { remove(subscriber) }
  }
}

/// How many changesets (and joins) may wait in a container's delivery queue before a mutating
/// thread waits for room; it then waits until half of them have been delivered.
///
/// A queued changeset of a container without ``ContainerCore/Detaching`` (a set, a dictionary, a
/// tree, a `PersistentArray`, whose copies share structure) holds a snapshot of the collection; one
/// of an `Array` holds only its change. So this bounds the memory (and, for the former, the
/// copying) a container spends on observers that cannot keep up. A thread that is itself
/// delivering (mutating from inside an observer of any container) never waits: its changesets are
/// queued beyond the bound, which keeps re-entrant and cross-container mutations deadlock-free.
@usableFromInline
let maxQueuedChangesets = 256

/// How many queued changesets a deliverer takes under one lock acquisition (see
/// ``ContainerCore/State/takeRun(into:)``): enough that producers on other threads
/// rarely find the lock taken by the deliverer, few enough that a disposer waiting for the item
/// being delivered waits for at most this many.
@usableFromInline
let maxDeliveryRun = 32

extension ContainerCore.State {
  /// Whether a changeset submitted now would reach an observer.
  @inlinable
  var isObserved: Bool {
    !isCompleted && (isDelivering || !slots.isEmpty)
  }

  /// If the queue is full and the calling thread may wait, registers it as a waiter for room and
  /// returns the semaphore to wait on (after releasing the lock); otherwise `nil`.
  @inlinable
  mutating func waitForRoom() -> DispatchSemaphore? {
    guard delivery.count >= maxQueuedChangesets else { return nil }
    return waitForRoomSlowly()
  }

  @usableFromInline
  mutating func waitForRoomSlowly() -> DispatchSemaphore? {
    guard !DeliveringThread.isDelivering else { return nil }
    let semaphore = DispatchSemaphore(value: 0)
    let target = finished &+ UInt64(delivery.count - maxQueuedChangesets / 2)
    waiters.append(ContainerCore.Waiter(target: target, wake: .semaphore(semaphore)))
    return semaphore
  }

  /// Takes a changeset from a mutation: queues it if someone is delivering, else starts
  /// delivering it. Nothing is emitted after completion, and nothing is delivered (or kept) when
  /// there are no observers and no delivery is running.
  @inlinable
  mutating func submit(_ changeset: consuming Changeset) -> ContainerCore<Changeset>.Work {
    guard isObserved else { return .idle }
    // The thread is only looked up for a changeset someone will receive.
    let thread = currentThreadID()
    if isDelivering, let detaching,
      let detached = changeset._detachedWhileQueued() ?? detaching.detach(changeset)
    {
      // It will wait in the queue: without its collection, so that `collection` stays uniquely
      // referenced for the next mutation (see `Detaching`).
      return submit(item: .detached(detached), thread: thread)
    }
    return submit(item: .change(consume changeset), thread: thread)
  }

  @inlinable
  mutating func submit(
    item: consuming ContainerCore<Changeset>.Item,
    thread: UInt
  ) -> ContainerCore<Changeset>.Work {
    submitted &+= 1
    // The engine's two halves rather than `submit`, so that the item is never moved into and out
    // of an action value on the path of every mutation.
    if delivery.startDelivering(thread: thread) {
      position = collection
      return process(consume item)
    }
    delivery.append(consume item, thread: thread)
    if handOverWanted { return takeOver(thread: thread) }
    return .idle
  }

  /// Becomes the successor of a deliverer that has spent its budget, unless the calling thread is
  /// delivering (then it must not wait) or is the deliverer itself.
  @usableFromInline
  mutating func takeOver(thread: UInt) -> ContainerCore<Changeset>.Work {
    guard successor == nil, deliverer != 0, deliverer != thread, !DeliveringThread.isDelivering else {
      return .idle
    }
    handOverWanted = false
    let turn = DispatchSemaphore(value: 0)
    successor = turn
    successorThread = thread
    return .takeOver(turn)
  }

  /// Records that the item just delivered is done, then continues with ``advance()``.
  @inlinable
  mutating func next() -> ContainerCore<Changeset>.Work {
    finished &+= 1
    return advance()
  }

  /// Applies the removals recorded during the last item, wakes the waiters whose items have been
  /// delivered, then pops the next queued item or stops delivering when the queue is empty.
  ///
  /// Once this deliverer has delivered ``deliveryHandOverBudget`` items from other threads, it asks
  /// for a successor: the next thread that submits something waits for the current item, then
  /// delivers in its place while this one returns. Only if no successor comes within another
  /// budget (possible only when the items come from inside other deliveries, whose threads must
  /// not wait) does it hand the rest to the hand-over queue.
  @inlinable
  mutating func advance() -> ContainerCore<Changeset>.Work {
    if !pendingRemovals.isEmpty { applyPendingRemovals() }
    if !waiters.isEmpty { wakeWaiters() }
    if successor != nil { return passDelivery() }
    switch delivery.next(handOffAfter: 2 * deliveryHandOverBudget) {
    case .deliver(let item):
      // Past the budget: the next thread that submits something takes over.
      if delivery.core.isOverBudget() { handOverWanted = true }
      return process(consume item)
    case .idle:
      handOverWanted = false
      position = nil
      return .idle
    case .handOff:
      handOverWanted = false
      return .handOff
    }
  }

  /// After the deliverer has taken a changeset to deliver, also takes the changesets queued right
  /// behind it (up to ``maxDeliveryRun`` in all, stopping at a join or a completion, and at the
  /// hand-over budget), so that it delivers them without taking the lock once per item; returns
  /// whether it took any. The deliverer then holds `position` outside the lock until it puts it
  /// back (nobody else reads it while delivery runs).
  ///
  /// Removals recorded meanwhile are applied, and waiters woken, when the run is done: a disposed
  /// observer receives nothing more at once (each item checks `isDisposed`), and its disposer,
  /// waiting for the item being delivered, waits for the run instead.
  @inlinable
  mutating func takeRun(into run: inout ContiguousArray<ContainerCore<Changeset>.Item>) -> Bool {
    guard successor == nil, !handOverWanted else { return false }
    return delivery.takeRun(into: &run, limit: maxDeliveryRun - 1, while: { $0.isChange })
  }

  /// Makes the waiting successor the deliverer and stops this one.
  @usableFromInline
  mutating func passDelivery() -> ContainerCore<Changeset>.Work {
    delivery.pass(to: successorThread)
    successor.take()!.signal()
    return .idle
  }

  @inlinable
  mutating func process(_ item: consuming ContainerCore<Changeset>.Item) -> ContainerCore<Changeset>.Work {
    switch consume item {
    case .change(let changeset):
      position = changeset.collection
      return .deliver(changeset, first: slots.first)
    case .detached(let detached):
      // `position` is the collection right before this change (items are processed in the order
      // they were submitted, and every one before it moved `position` to its own collection).
      // The previous item's changeset was dropped before this step, so unless an observer kept
      // it, `position` is uniquely referenced and the change applies in place. Applied outside
      // the lock, by the deliverer (the only thread that reads `position` while delivery runs).
      return .deliverDetached(detached, first: slots.first, position: position.take()!)
    case .join(let subscriber):
      return join(subscriber)
    case .complete:
      completionDelivered = true
      let receivers = slots.removeAll()
      pendingRemovals = []
      return .complete(receivers)
    }
  }

  /// Adds a joining observer (unless the container has completed) and returns its reload.
  @inlinable
  mutating func join(_ subscriber: ContainerSubscriber<Changeset>) -> ContainerCore<Changeset>.Work {
    guard !subscriber.isDisposed else {
      removed.append(subscriber)  // disposed before it joined: ended and released by the deliverer
      return .nothing
    }
    if !completionDelivered {
      slots.append(subscriber)
    }
    return .reload(subscriber, position!, completed: completionDelivered)
  }

  /// Removes a subscriber in O(1), keeping the order of the others (see ``IntrusiveList``);
  /// returns whether it was in the list.
  @usableFromInline
  @discardableResult
  mutating func removeNow(_ subscriber: ContainerSubscriber<Changeset>) -> Bool {
    guard subscriber.isRegistered else { return false }
    slots.remove(subscriber)
    return true
  }

  /// Takes the subscribers removed by the deliverer, to release after the lock.
  @inlinable
  mutating func takeRemoved() -> [ContainerSubscriber<Changeset>] {
    defer { removed = [] }
    return removed
  }

  @usableFromInline
  mutating func applyPendingRemovals() {
    for subscriber in pendingRemovals { removeNow(subscriber) }
    removed.append(contentsOf: pendingRemovals)
    pendingRemovals.removeAll(keepingCapacity: true)
  }

  @usableFromInline
  mutating func wakeWaiters() {
    var index = 0
    while index < waiters.count {
      if waiters[index].target <= finished {
        waiters.swapAt(index, waiters.count - 1)
        waiters.removeLast().wake()
      } else {
        index += 1
      }
    }
  }
}

extension ContainerCore.Item {
  /// Whether the item is a changeset (queued with or without its collection).
  @inlinable
  var isChange: Bool {
    switch self {
    case .change, .detached: return true
    case .join, .complete: return false
    }
  }
}
