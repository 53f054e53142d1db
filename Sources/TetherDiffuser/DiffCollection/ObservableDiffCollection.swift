import Foundation
import TetherChangesets
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
/// delivery rules of ``Property``). A mutation made from inside an observer is delivered after
/// the current delivery. The filters, the sort order, the identity function and `==` run while the
/// collection's lock is held, so they must be pure functions of their arguments and must not touch
/// this collection (that traps: it would deadlock).
///
/// - Complexity: a mutation costs what it costs on ``DiffCollection`` plus O(*s* + *m*) to update
///   the emitted 2D array, *s* being the number of bins and *m* the size of the bins it touches
///   (the previous changeset still holds the old array, so the touched sections are copied).
public final class ObservableDiffCollection<Element: Equatable & Sendable, ID: Hashable & Sendable>: SignalProtocol,
  @unchecked Sendable
{
  // Safe: its mutable state is touched only under the property's lock (see `bins` below).

  /// The changesets it emits: item changes of a 2D array with one section per bin.
  public typealias Changeset = TreeChangeset<Array2D<String, Element>>

  // Safe: `bins` and `sections` are only read and written inside `changes.modify` /
  // `changes.silentModify` bodies, which run under the property's lock, one at a time; the
  // other stored property is immutable.
  // `@usableFromInline` so the mutation path is `@inlinable`: clients specialize it for their
  // element type instead of running the generic bins code through witness tables.
  @usableFromInline nonisolated(unsafe) var bins: DiffCollection<Element, ID>
  @usableFromInline nonisolated(unsafe) var sections: Array2D<String, Element>
  @usableFromInline let changes: Property<Changeset>

  /// Creates an observable collection starting from `collection` (often empty).
  ///
  /// - Complexity: O(*n*)
  public init(_ collection: DiffCollection<Element, ID>) {
    bins = collection
    sections = collection.array2D
    changes = Property(
      Changeset(reloading: sections), replayingAs: { Changeset(reloading: $0.collection) },
      reentryMessage: Self.reentryMessage)
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
    changes.modify { changeset in
      bins.removeAll()
      sections = bins.array2D
      changeset = Changeset(reloading: sections)
    }
  }

  @inlinable
  func mutate(_ body: (inout DiffCollection<Element, ID>) -> DiffCollectionResult) -> DiffCollectionResult {
    let apply = { (changeset: inout Changeset) throws(NothingChanged) -> DiffCollectionResult in
      let result = body(&self.bins)
      guard !result.isEmpty else { throw NothingChanged(result: result) }
      changeset = self.applyToSections(result)
      return result
    }
    do throws(NothingChanged) {
      return try changes.modify(apply)
    } catch {
      // `modify` emits nothing when its body throws: that is how a no-op stays silent.
      return error.result
    }
  }

  /// Brings `sections` up to date with `bins` after `result`, and returns the changeset.
  @inlinable
  func applyToSections(_ result: DiffCollectionResult) -> Changeset {
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
    changes.value.collection
  }

  /// The stored element with identity `id`, if any.
  public func element(withID id: ID) -> Element? {
    changes.silentModify { _ in bins.element(withID: id) }
  }

  /// The element at `path` (`[bin, row]`) now, or `nil` when there is none.
  public func element(atIndexPath path: IndexPath) -> Element? {
    changes.silentModify { _ in bins.element(atIndexPath: path) }
  }

  /// The number of elements in bin `binIndex` now.
  public func numberOfElements(inSection binIndex: Int) -> Int {
    collection.numberOfItems(inSection: binIndex)
  }

  // MARK: Observing

  /// Starts an observation: a reload changeset for the bins as they are, then one changeset per
  /// change. Never completes while the collection exists.
  public func observe(with observer: @escaping @Sendable (Signal<Changeset, Never>.Event) -> Void) -> any Disposable {
    changes.observe(with: observer)
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

/// Thrown out of `Property.modify` by a mutation that changed nothing, so that nothing is emitted.
@usableFromInline
struct NothingChanged: Error {
  @usableFromInline let result: DiffCollectionResult

  @inlinable
  init(result: DiffCollectionResult) {
    self.result = result
  }
}
