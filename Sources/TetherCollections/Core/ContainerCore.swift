import Synchronization
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
/// A new observer joins through the same queue and first receives a reload of the collection as of
/// its place in that order (not the latest state, which may be ahead of the queue).
///
/// Why not `Property<Changeset>`: a property keeps its last value twice (current value and replay
/// buffer), so the collection inside the last changeset would always be shared when the next
/// mutation starts and every single `append` would copy the whole collection. Here the last
/// delivered collection is only kept while a delivery is running, so an idle container's
/// collection is uniquely referenced again once observers have let go of their changesets.
@usableFromInline
final class ContainerCore<Changeset: ObservableContainerChangeset>: @unchecked Sendable {
  // Safe: all mutable state is in the `state` mutex; `batchThread` is atomic.
  @usableFromInline typealias Collection = Changeset.Collection
  @usableFromInline typealias Event = Signal<Changeset, Never>.Event

  @usableFromInline
  enum Item {
    case change(Changeset)
    case join(ContainerSubscriber<Changeset>)
    case complete
  }

  /// What the deliverer does next, decided under the lock and done outside it.
  @usableFromInline
  enum Work {
    case idle
    case nothing
    case deliver(Changeset, ContiguousArray<ContainerSubscriber<Changeset>?>)
    case reload(ContainerSubscriber<Changeset>, Collection, completed: Bool)
    case complete(ContiguousArray<ContainerSubscriber<Changeset>?>)
  }

  @usableFromInline
  struct State {
    @usableFromInline var collection: Collection
    /// Incremented by every mutation; lets long computations run outside the lock (see
    /// ``mutate(preparing:_:)``).
    @usableFromInline var version: UInt64 = 0
    @usableFromInline var slots = ContiguousArray<ContainerSubscriber<Changeset>?>()
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var queue = DeliveryQueue<Item>()
    @usableFromInline var isDelivering = false
    /// The collection at the delivery order's current point, kept only while delivering.
    @usableFromInline var position: Collection?
    /// Completion was requested; later mutations are not emitted.
    @usableFromInline var isCompleted = false
    /// Completion was delivered; joining observers get a reload and the completion.
    @usableFromInline var completionDelivered = false
  }

  @usableFromInline let state: Locked<State>
  /// The thread running a `batchUpdate` body under the lock, or 0.
  @usableFromInline let batchThread = Atomic<UInt>(0)

  @usableFromInline
  init(_ collection: Collection) {
    state = Locked(State(collection: collection), reentryMessage: CollectionPreconditions.accessUnderLock)
  }

  // MARK: Reading

  /// The current collection.
  @usableFromInline var collection: Collection {
    withLock { $0.collection }
  }

  /// Reads the current collection under the lock (without copying it out, so a concurrent
  /// mutation does not have to copy it either). `body` must not call user code.
  @inlinable
  func read<Result>(_ body: (Collection) -> Result) -> Result {
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
  /// then leaves the collection untouched) and must not call user code.
  @inlinable @discardableResult
  func mutate<Result>(_ body: (inout Collection) -> (Result, Changeset)) -> Result {
    let (result, work) = withLock { state -> (Result, Work) in
      let (result, changeset) = body(&state.collection)
      state.version &+= 1
      return (result, state.submit(consume changeset))
    }
    run(work)
    return result
  }

  /// Like ``mutate(_:)``, but tells `body` whether anyone will receive the changeset, so that an
  /// unobserved container skips building it (`body` then returns `nil`).
  @inlinable @discardableResult
  func mutate<Result>(skippingUnobserved body: (inout Collection, _ isObserved: Bool) -> (Result, Changeset?)) -> Result
  {
    let (result, work) = withLock { state -> (Result, Work) in
      let (result, changeset) = body(&state.collection, state.isObserved)
      state.version &+= 1
      guard let changeset else { return (result, .idle) }
      return (result, state.submit(consume changeset))
    }
    run(work)
    return result
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
      let outcome = withLock { state -> (Result, Work)? in
        guard state.version == version else { return nil }
        let (result, changeset) = apply(&state.collection, prepared)
        state.version &+= 1
        return (result, state.submit(consume changeset))
      }
      if let (result, work) = outcome {
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
      batchThread.store(currentThreadID(), ordering: .relaxed)
      defer { batchThread.store(0, ordering: .relaxed) }
      return body(&collection)
    }
  }

  /// Ends every observation with `.completed`, after the changesets already queued. Later
  /// mutations still change the collection but emit nothing.
  func complete() {
    let work = withLock { state -> Work in
      guard !state.isCompleted else { return .idle }
      state.isCompleted = true
      return state.submit(item: .complete)
    }
    run(work)
  }

  // MARK: Observing

  /// Registers an observer: it receives a reload of the collection as of its place in the delivery
  /// order, then every later changeset.
  @inlinable
  func observe(_ observer: @escaping @Sendable (Event) -> Void) -> any Disposable {
    let subscriber = ContainerSubscriber(observer: observer, core: self)
    let work = withLock { state -> Work in
      if state.isDelivering {
        state.queue.append(.join(subscriber))
        return .idle
      }
      state.isDelivering = true
      state.position = state.collection
      return state.join(subscriber)
    }
    run(work)
    return subscriber
  }

  func remove(_ subscriber: ContainerSubscriber<Changeset>) {
    withLock { state in
      let slot = subscriber.slot
      guard slot >= 0 else { return }
      subscriber.slot = -1
      state.slots[slot] = nil
      state.freeSlots.append(slot)
      state.compactIfSparse()
    }
  }

  // MARK: Delivering

  /// Does `work`, then keeps delivering queued items until the queue is empty.
  @inlinable
  func run(_ first: consuming Work) {
    var work = first
    while true {
      switch consume work {
      case .idle:
        return
      case .nothing:
        break
      case .deliver(let changeset, let slots):
        let event = Event.next(consume changeset)
        for case let subscriber? in slots where !subscriber.isDisposed {
          subscriber.observer(event)
        }
      case .reload(let subscriber, let collection, let completed):
        if !subscriber.isDisposed {
          subscriber.observer(.next(Changeset(reloading: collection)))
        }
        if completed && !subscriber.isDisposed {
          subscriber.observer(.completed)
          subscriber.markEnded()
        }
      case .complete(let slots):
        for case let subscriber? in slots where !subscriber.isDisposed {
          subscriber.observer(.completed)
          subscriber.markEnded()
        }
      }
      // Drop the delivered snapshot before taking the lock, so that a mutation made right after
      // this delivery finds its collection uniquely referenced.
      work = .nothing
      work = withLock { $0.next() }
    }
  }

  /// Takes the lock, trapping if the calling thread is inside this container's `batchUpdate`.
  @inlinable @inline(__always)
  func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    let batching = batchThread.load(ordering: .relaxed)
    if batching != 0 && batching == currentThreadID() {
      tetherPreconditionFailure(CollectionPreconditions.accessInsideBatch)
    }
    return state.withLock(body)
  }
}

extension ContainerCore.State {
  /// Whether a changeset submitted now would reach an observer.
  @inlinable
  var isObserved: Bool {
    !isCompleted && (isDelivering || slots.count != freeSlots.count)
  }

  /// Takes a changeset from a mutation: queues it if someone is delivering, else starts
  /// delivering it. Nothing is emitted after completion, and nothing is delivered (or kept) when
  /// there are no observers and no delivery is running.
  @inlinable
  mutating func submit(_ changeset: consuming Changeset) -> ContainerCore<Changeset>.Work {
    guard isObserved else { return .idle }
    return submit(item: .change(consume changeset))
  }

  @inlinable
  mutating func submit(item: consuming ContainerCore<Changeset>.Item) -> ContainerCore<Changeset>.Work {
    if isDelivering {
      queue.append(consume item)
      return .idle
    }
    isDelivering = true
    position = collection
    return process(consume item)
  }

  /// Pops the next queued item to deliver, or stops delivering when the queue is empty.
  @inlinable
  mutating func next() -> ContainerCore<Changeset>.Work {
    guard let item = queue.popFirst() else {
      isDelivering = false
      position = nil
      return .idle
    }
    return process(item)
  }

  @inlinable
  mutating func process(_ item: consuming ContainerCore<Changeset>.Item) -> ContainerCore<Changeset>.Work {
    switch consume item {
    case .change(let changeset):
      position = changeset.collection
      return .deliver(changeset, slots)
    case .join(let subscriber):
      return join(subscriber)
    case .complete:
      completionDelivered = true
      let receivers = slots
      for case let subscriber? in slots { subscriber.slot = -1 }
      slots = []
      freeSlots = []
      return .complete(receivers)
    }
  }

  /// Adds a joining observer (unless the container has completed) and returns its reload.
  @inlinable
  mutating func join(_ subscriber: ContainerSubscriber<Changeset>) -> ContainerCore<Changeset>.Work {
    guard !subscriber.isDisposed else { return .nothing }
    if !completionDelivered { add(subscriber) }
    return .reload(subscriber, position!, completed: completionDelivered)
  }

  @inlinable
  mutating func add(_ subscriber: ContainerSubscriber<Changeset>) {
    if let slot = freeSlots.popLast() {
      slots[slot] = subscriber
      subscriber.slot = slot
    } else {
      subscriber.slot = slots.count
      slots.append(subscriber)
    }
  }

  /// Keeps iteration cost proportional to the live observers: when more than half the slots are
  /// free, packs the live ones (amortized O(1) per removal).
  @usableFromInline
  mutating func compactIfSparse() {
    guard freeSlots.count >= 32, freeSlots.count * 2 > slots.count else { return }
    var packed = ContiguousArray<ContainerSubscriber<Changeset>?>()
    packed.reserveCapacity(slots.count - freeSlots.count)
    for case let subscriber? in slots {
      subscriber.slot = packed.count
      packed.append(subscriber)
    }
    slots = packed
    freeSlots = []
  }
}

/// One observer registered with a ``ContainerCore``; disposing it unregisters the observer in O(1).
@usableFromInline
final class ContainerSubscriber<Changeset: ObservableContainerChangeset>: Disposable, @unchecked Sendable {
  // Safe: `observer` and `core` are immutable, `disposed` is atomic, and `slot` is only read or
  // written while holding the owning core's lock.
  @usableFromInline let observer: @Sendable (Signal<Changeset, Never>.Event) -> Void
  private weak let core: ContainerCore<Changeset>?
  @usableFromInline let disposed = Atomic<Bool>(false)

  /// The index of this subscriber in the core's slot array, or -1 when not registered.
  @usableFromInline var slot = -1

  @usableFromInline
  init(observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void, core: ContainerCore<Changeset>) {
    self.observer = observer
    self.core = core
  }

  @inlinable var isDisposed: Bool {
    disposed.load(ordering: .acquiring)
  }

  @usableFromInline
  func dispose() {
    guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
    core?.remove(self)
  }

  /// Marks the subscriber ended without touching the core (used when the container completes).
  @inlinable func markEnded() {
    disposed.store(true, ordering: .releasing)
  }
}
