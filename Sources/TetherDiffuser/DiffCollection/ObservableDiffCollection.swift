import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals

/// A ``DiffCollection`` that can be changed from any thread and observed as a stream of
/// sectioned changesets, ready for a sectioned binder.
///
/// ```swift
/// let inbox = ObservableDiffCollection(filters: [unread, flagged, other], sortedBy: { $0.date > $1.date })
/// inbox.observeNext { changeset in tableAdapter.apply(changeset) }
/// inbox.update(element: message)  // emits one changeset: a delete and an add, an update, ...
/// ```
///
/// **What it emits.** ``Changeset``, a `TreeChangeset` over an `Array2D<String, Element>` — the
/// type an observable 2D array emits, so bins bind wherever 2D arrays do. Its collection has one
/// section per bin (metadata: the filter's name; items: the bin's elements). Sections never change,
/// so diffs and patches only address items, with paths of length 2 (`[bin, row]`): deletes and
/// updates in the bins before the change, inserts after it, exactly the paths of the
/// ``DiffCollectionResult`` that mutation returns. Observing emits a reload (`isReload == true`)
/// for the bins as they are, then one changeset per mutation that changed something; an
/// `.unchanged`, `.notFound`, or `.rejected` result without a removal emits nothing.
///
/// **Order and threads.** Each changeset applies to the previous one's collection; all observers
/// see the mutations in the one order they were applied, one at a time, never under a lock (the
/// delivery rules of every observable container, including the hand-over, the bound on queued
/// changesets and `waitUntilDelivered()`; see ThreadingAndReentrancy.md). A mutation made from
/// inside an observer is delivered after the current delivery. The filters, the sort order, the
/// identity function and `==` run while the collection's lock is held, so they must be pure
/// functions of their arguments and must not touch this collection (that traps: it would deadlock).
///
/// - Complexity: a mutation costs what it costs on ``DiffCollection`` plus O(*s* + *m*) to update
///   the emitted 2D array, *s* being the number of bins and *m* the size of the bins it touches
///   (a changeset still held by an observer or the delivery queue keeps the old array, so the
///   touched sections are copied).
public final class ObservableDiffCollection<Element: Equatable & Sendable, ID: Hashable & Sendable>: SignalProtocol,
  @unchecked Sendable
{
  /// The changesets it emits: item changes of a 2D array with one section per bin.
  public typealias Changeset = TreeChangeset<Array2D<String, Element>>

  // Safe: `bins` is only read and written inside bodies the core runs under its lock, one at a
  // time (the emitted 2D array, one section per bin, is the core's collection); `core` is immutable.
  // `@usableFromInline` so the mutation path is `@inlinable`: clients specialize it for their
  // element type instead of running the generic bins code through witness tables.
  @usableFromInline nonisolated(unsafe) var bins: DiffCollection<Element, ID>
  @usableFromInline let core: ContainerCore<Changeset>

  /// Creates an observable collection starting from `collection` (often empty).
  ///
  /// - Complexity: O(*n*)
  public init(_ collection: DiffCollection<Element, ID>) {
    bins = collection
    core = ContainerCore(collection.array2D, reentryMessage: Self.reentryMessage)
  }

  deinit {
    core.complete()
  }

  /// Creates an empty observable collection with one bin per filter, identifying elements by
  /// `id`, each bin in arrival order (see ``DiffCollection/init(filters:id:)``).
  public convenience init(filters: [DiffCollectionFilter<Element>], id: @escaping @Sendable (Element) -> ID) {
    self.init(DiffCollection(filters: filters, id: id))
  }

  /// Creates an empty observable collection with one bin per filter, identifying elements by
  /// `id`, each bin sorted by `areInIncreasingOrder` (see ``DiffCollection/init(filters:id:sortedBy:)``).
  public convenience init(
    filters: [DiffCollectionFilter<Element>],
    id: @escaping @Sendable (Element) -> ID,
    sortedBy areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool
  ) {
    self.init(DiffCollection(filters: filters, id: id, sortedBy: areInIncreasingOrder))
  }

  /// The trap when a filter, the sort order, the identity function or `==` touches the collection.
  @usableFromInline static var reentryMessage: StaticString {
    """
    An ObservableDiffCollection was read or changed from its own filter, sort order, identity \
    function or element == (they run under its lock; re-entrant access would deadlock)
    """
  }

  // MARK: Mutations

  /// Stores or replaces an element like ``DiffCollection/update(element:)``, and emits the change.
  ///
  /// - Returns: the change as index paths (also emitted as a changeset when not empty).
  @inlinable
  @discardableResult
  public func update(element: Element) -> DiffCollectionResult {
    mutate { $0.update(element: element) }
  }

  /// Removes the element with the same identity like ``DiffCollection/delete(element:)``, and
  /// emits the change.
  @inlinable
  @discardableResult
  public func delete(element: Element) -> DiffCollectionResult {
    mutate { $0.delete(element: element) }
  }

  /// Removes the element with identity `id` like ``DiffCollection/delete(id:)``, and emits the change.
  @inlinable
  @discardableResult
  public func delete(id: ID) -> DiffCollectionResult {
    mutate { $0.delete(id: id) }
  }

  /// Removes every element and emits a reload changeset.
  public func removeAll() {
    core.mutate(skippingUnobserved: { sections, _ -> ((), Changeset?) in
      self.bins.removeAll()
      sections = self.bins.array2D
      return ((), Changeset(reloading: sections))
    })
  }

  @inlinable
  func mutate(_ body: (inout DiffCollection<Element, ID>) -> DiffCollectionResult) -> DiffCollectionResult {
    core.mutate(skippingUnobserved: { sections, _ -> (DiffCollectionResult, Changeset?) in
      let result = body(&self.bins)
      // A mutation that changed nothing emits nothing.
      guard !result.isEmpty else { return (result, nil) }
      return (result, self.applyToSections(result, &sections))
    })
  }

  /// Brings `sections` up to date with `bins` after `result`, and returns the changeset.
  @inlinable
  func applyToSections(_ result: DiffCollectionResult, _ sections: inout Array2D<String, Element>) -> Changeset {
    // At most one path of each kind, so this order is a valid patch: the update first (its path
    // is the same before and after), then the delete (old bins), then the insert (new bins).
    var patch: [Changeset.Operation] = []
    for path in result.updated {
      let element = bins.element(atIndexPath: path)!
      sections[itemAt: path] = element
      patch.append(.update(at: path, newElement: TreeNode(.item(element))))
    }
    for path in result.deleted.sorted(by: >) {
      sections.removeItem(at: path)
      patch.append(.delete(at: path))
    }
    for path in result.added.sorted() {
      let element = bins.element(atIndexPath: path)!
      sections.insert(item: element, at: path)
      patch.append(.insert(TreeNode(.item(element)), at: path))
    }
    return Changeset(collection: sections, patch: patch, diff: result.diff)
  }

  // MARK: Reading

  /// The bins as they are now, one section per bin.
  public var collection: Array2D<String, Element> {
    core.collection
  }

  /// The stored element with identity `id`, if any.
  public func element(withID id: ID) -> Element? {
    core.read { _ in bins.element(withID: id) }
  }

  /// The element at `path` (`[bin, row]`) now, or `nil` when there is none.
  public func element(atIndexPath path: IndexPath) -> Element? {
    core.read { _ in bins.element(atIndexPath: path) }
  }

  /// The number of elements in bin `binIndex` now.
  public func numberOfElements(inSection binIndex: Int) -> Int {
    core.read { $0.numberOfItems(inSection: binIndex) }
  }

  // MARK: Observing

  /// Starts an observation: a reload changeset for the bins as they are, then one changeset per
  /// change. Completes when the collection is deinitialized.
  public func observe(with observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void) -> any Disposable {
    core.observe(observer)
  }

  /// Blocks until every changeset of the mutations that returned before this call has reached
  /// every observer (like the blocking `waitUntilDelivered()` of ``ObservableContainer``).
  ///
  /// Returns at once when nothing is being delivered; traps when called from inside an observer
  /// while this collection is delivering.
  ///
  /// - Complexity: O(1) plus the wait.
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }

  /// Suspends until every changeset of the mutations that returned before this call has reached
  /// every observer, without blocking a thread.
  ///
  /// - Complexity: O(1) plus the wait.
  public func waitUntilDelivered() async {
    await core.waitUntilDelivered()
  }
}

extension ObservableDiffCollection where Element: Identifiable, ID == Element.ID {
  /// Creates an empty observable collection with one bin per filter, identifying elements by
  /// their `id`, each bin in arrival order.
  public convenience init(filters: [DiffCollectionFilter<Element>]) {
    self.init(DiffCollection(filters: filters))
  }

  /// Creates an empty observable collection with one bin per filter, identifying elements by
  /// their `id`, each bin sorted by `areInIncreasingOrder`.
  public convenience init(
    filters: [DiffCollectionFilter<Element>],
    sortedBy areInIncreasingOrder: @escaping @Sendable (Element, Element) -> Bool
  ) {
    self.init(DiffCollection(filters: filters, sortedBy: areInIncreasingOrder))
  }
}
