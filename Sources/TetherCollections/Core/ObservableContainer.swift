import TetherChangesets
import TetherSignals

/// A thread-safe collection that can be observed as a stream of changesets; the read-only view of
/// every observable container (``ObservableArray``, ``ObservableSet``, ``ObservableDictionary``,
/// ``ObservableArray2D``, ``ObservableTree``).
///
/// Observing it first delivers the current collection as a changeset whose `isReload` is `true`,
/// then one changeset per mutation, each starting where the previous one ended:
/// - **Order**: an observer receives changesets one at a time, in the order the mutations were
///   applied; every observer sees the same order.
/// - **Re-entrancy**: a mutation made from inside an observer is applied at once and delivered
///   after the current changeset has reached every observer.
/// - **Snapshots**: a changeset's `collection` never changes afterwards, whatever happens to the
///   container.
/// - **No callback under a lock**: observers run after the container's lock is released.
///
/// Like a ReactiveKit property, a container completes its observers when it is deinitialized.
///
/// Mutable containers (``MutableObservableCollection``, ``MutableObservableSet``, ...) are
/// subclasses; hand out this type to give read-only access:
///
/// ```swift
/// final class Inbox: Sendable {
///   private let _messages = MutableObservableArray<String>([])
///   var messages: ObservableArray<String> { _messages }
/// }
/// ```
public class ObservableContainer<Changeset: ObservableContainerChangeset>: SignalProtocol {
  @usableFromInline let core: ContainerCore<Changeset>

  /// Creates a container holding `collection`.
  public init(_ collection: Changeset.Collection) {
    core = ContainerCore(collection)
  }

  /// Creates a container holding `collection` whose queued changesets wait without their
  /// collection (see ``ContainerCore/Detaching``).
  package init(_ collection: Changeset.Collection, detaching: ContainerCore<Changeset>.Detaching?) {
    core = ContainerCore(collection, detaching: detaching)
  }

  deinit {
    core.complete()
  }

  /// The collection in its current state.
  ///
  /// - Complexity: O(1): a copy-on-write snapshot.
  public var collection: Changeset.Collection {
    core.collection
  }

  /// Starts an observation: `observer` first receives the current collection as a reload
  /// changeset, then one changeset per mutation. Dispose the result to stop.
  ///
  /// - Complexity: O(1) to register, plus the reload delivered first.
  @inlinable
  public func observe(with observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void) -> any Disposable {
    core.observe(observer)
  }

  /// Blocks until every changeset of the mutations that returned before this call has reached
  /// every observer.
  ///
  /// A mutation can return before its changeset is delivered: when another thread is delivering at
  /// that moment, that thread delivers it. Once every thread that mutated has returned, everything
  /// has been delivered, except after the fallback hand-over to a dispatch queue (a deliverer
  /// flooded only by mutations made from inside observers). Call this when you cannot tell whether
  /// the mutating threads have returned, or before reading what observers built, for example at
  /// the end of a test or before handing a result over.
  ///
  /// Returns at once when nothing is being delivered. Called on the thread delivering this
  /// container (from inside one of its observers, or from a delivery nested in one) it traps,
  /// because the observer would wait for a delivery that cannot go on until it returns. From
  /// inside an observer of another container or a subject's callback it waits, as a subject's
  /// `waitUntilDelivered()` does; it deadlocks only if this container's delivery in turn waits
  /// for that one (two observers on two threads waiting for each other's container).
  ///
  /// - Complexity: O(1) plus the wait.
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }

  /// Suspends until every changeset of the mutations that returned before this call has reached
  /// every observer; the asynchronous form of `waitUntilDelivered()`, which does not block a
  /// thread while it waits.
  ///
  /// - Complexity: O(1) plus the wait.
  public func waitUntilDelivered() async {
    await core.waitUntilDelivered()
  }

  /// Observes only the changesets: the current collection as a reload first, then one changeset
  /// per mutation.
  ///
  /// Same as `SignalProtocol.observeNext(with:)`, specialized for the container's changeset type
  /// so that delivering a changeset does not go through generic value witnesses (several hundred
  /// nanoseconds per changeset on the hot path of a container observed by one view).
  ///
  /// - Complexity: O(1) to register, plus the reload delivered first.
  @inlinable @discardableResult
  public func observeNext(with observer: @escaping @Sendable (Changeset) -> Void) -> any Disposable {
    core.observe { event in
      if case .next(let changeset) = event { observer(changeset) }
    }
  }
}

/// A read-only observable ordered collection of any `Collection` type, emitting
/// ``OrderedCollectionChangeset``s.
public typealias ObservableCollection<C: Collection> = ObservableContainer<OrderedCollectionChangeset<C>>

/// A container is `Sendable` when its changesets are, that is when its elements are: sharing a
/// container of non-`Sendable` elements across isolation domains would share the elements. Use such
/// a container from one isolation domain (the main actor, for one). The mutable containers
/// (``MutableObservableArray``, ``MutableObservableSet``, ...) inherit this conformance.
extension ObservableContainer: @unchecked Sendable where Changeset: Sendable {
  // Safe: the only stored property is the immutable core, which guards the collection and observers.
}

/// A read-only observable array (see ``MutableObservableArray``).
public typealias ObservableArray<Element> = ObservableContainer<OrderedCollectionChangeset<[Element]>>

/// A read-only observable set (see ``MutableObservableSet``).
public typealias ObservableSet<Element: Hashable> = ObservableContainer<UnorderedCollectionChangeset<Set<Element>>>

/// A read-only observable dictionary (see ``MutableObservableDictionary``).
public typealias ObservableDictionary<Key: Hashable, Value> =
  ObservableContainer<UnorderedCollectionChangeset<[Key: Value]>>
