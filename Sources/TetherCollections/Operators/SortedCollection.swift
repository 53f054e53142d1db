import TetherChangesets
import TetherSignals

extension SignalProtocol {
  /// Sorts the elements of each ordered changeset, as changesets of the sorted array.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every source reload, is sorted in full and emitted as a reload. After that each source
  /// operation becomes at most two operations on the sorted array, computed without re-sorting:
  /// - an insert or delete is an insert or delete at the element's rank;
  /// - an update is an update when the element keeps its rank, otherwise a move to its new rank
  ///   followed by an update there (the derived diff lists both, the update at the old offset);
  /// - a move changes nothing unless equal elements now order it differently.
  ///
  /// Elements that compare equal keep their source order, so the output collection is always
  /// `source.sorted(by: areInIncreasingOrder)` (the standard library's sort is stable). Each
  /// observation keeps its own order, created when it starts. The output changesets are made from
  /// their patch; the diff is derived on first use. Fails or completes when the receiver does. The
  /// operator hands its sorted array downstream, so an observer that keeps it makes the next change
  /// copy it; a list source (`MutableObservableList`) gets the overload that outputs a
  /// `PersistentArray` instead.
  ///
  /// ```swift
  /// let byDueDate = tasks.sortedCollection { $0.dueDate < $1.dueDate }
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering; called outside any lock.
  /// - Complexity: O(k log n) comparisons per changeset of k operations over n elements (more when
  ///   many elements compare equal: ties are resolved by source offset in O(log n) each), plus
  ///   applying the output operations to the sorted array (O(n) element moves at worst, or a
  ///   rebuild in O(n) for more than 16 operations). A reload costs O(n log n) comparisons.
  public func sortedCollection<C: Collection & SendableMetatype>(
    by areInIncreasingOrder: @escaping @Sendable (C.Element, C.Element) -> Bool
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error> where Element == OrderedCollectionChangeset<C> {
    withSubscriberState({ SortedOrder<[C.Element]>(tracksSourceOrder: true) }) { state, changeset in
      state.receiveOrdered(changeset, by: areInIncreasingOrder)
    }
  }

  /// Sorts the elements of each list changeset, as changesets of the sorted list: the same
  /// changesets as `sortedCollection(by:)` on an array, with a `PersistentArray` for a collection.
  ///
  /// Nothing is re-sorted after the first changeset: each change is placed by rank. The operator
  /// keeps its output and hands it downstream, so an observer that keeps it (a binder,
  /// `ObservedCollection`, a `Property`) shares it with the operator; a list's copies share
  /// structure, so the next change still costs only the elements it changes.
  ///
  /// ```swift
  /// let byDueDate = taskList.sortedCollection { $0.dueDate < $1.dueDate }  // PersistentArray<Task>
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering; called outside any lock.
  /// - Complexity: O(k log n) comparisons and O(k log n) updating per changeset of k operations
  ///   over n elements, kept output or not (more comparisons when many elements compare equal); a
  ///   changeset of more than about n / 32 output operations rebuilds the sorted list in O(n). A
  ///   reload sorts in full: O(n log n) comparisons, inherent to sorting.
  public func sortedCollection<Item>(
    by areInIncreasingOrder: @escaping @Sendable (Item, Item) -> Bool
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where Element == OrderedCollectionChangeset<PersistentArray<Item>> {
    withSubscriberState({ SortedOrder<PersistentArray<Item>>(tracksSourceOrder: true) }) { state, changeset in
      state.receiveOrdered(changeset, by: areInIncreasingOrder)
    }
  }

  /// Sorts the elements of each list changeset in ascending order, as changesets of the sorted
  /// list; see `sortedCollection(by:)` for lists.
  ///
  /// - Complexity: O(k log n) comparisons and updating per changeset of k operations over n
  ///   elements; O(n log n) for a reload.
  public func sortedCollection<Item: Comparable & SendableMetatype>() -> Signal<
    OrderedCollectionChangeset<PersistentArray<Item>>, Error
  >
  where Element == OrderedCollectionChangeset<PersistentArray<Item>> {
    sortedCollection(by: { (first: Item, second: Item) in first < second })
  }

  /// Sorts the elements of each list changeset by a comparable key (ascending), as changesets of
  /// the sorted list; see `sortedCollection(by:)` for lists.
  ///
  /// - Parameter key: The sort key of an element; called about twice per comparison.
  /// - Complexity: O(k log n) comparisons and updating per changeset of k operations over n
  ///   elements; O(n log n) for a reload.
  public func sortedCollection<Item, Key: Comparable & SendableMetatype>(
    on key: @escaping @Sendable (Item) -> Key
  ) -> Signal<OrderedCollectionChangeset<PersistentArray<Item>>, Error>
  where Element == OrderedCollectionChangeset<PersistentArray<Item>> {
    sortedCollection(by: { (first: Item, second: Item) in key(first) < key(second) })
  }

  /// Sorts the elements of each ordered changeset in ascending order, as changesets of the sorted
  /// array; see `sortedCollection(by:)` for what is emitted and when.
  ///
  /// - Complexity: O(k log n) comparisons per changeset of k operations over n elements, plus
  ///   updating the sorted array.
  public func sortedCollection<C: Collection & SendableMetatype>() -> Signal<
    OrderedCollectionChangeset<[C.Element]>, Error
  >
  where Element == OrderedCollectionChangeset<C>, C.Element: Comparable {
    sortedCollection(by: { $0 < $1 })
  }

  /// Sorts the elements of each ordered changeset by a comparable key (ascending), as changesets
  /// of the sorted array; see `sortedCollection(by:)` for what is emitted and when.
  ///
  /// ```swift
  /// let byPriority = tasks.sortedCollection(on: \.priority)
  /// ```
  ///
  /// - Parameter key: The sort key of an element; called about twice per comparison.
  /// - Complexity: O(k log n) comparisons per changeset of k operations over n elements, plus
  ///   updating the sorted array.
  public func sortedCollection<C: Collection & SendableMetatype, Key: Comparable & SendableMetatype>(
    on key: @escaping @Sendable (C.Element) -> Key
  ) -> Signal<OrderedCollectionChangeset<[C.Element]>, Error> where Element == OrderedCollectionChangeset<C> {
    sortedCollection(by: { key($0) < key($1) })
  }
}

extension SortedOrder {
  /// Translates one ordered source changeset into a changeset of the sorted array (or list).
  mutating func receiveOrdered<C: Collection<Element>>(
    _ changeset: OrderedCollectionChangeset<C>,
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) -> OrderedCollectionChangeset<Output> {
    guard hasState, !changeset.isReload else {
      reload(changeset.collection, by: areInIncreasingOrder)
      return .reload(sorted)
    }
    var output: [OrderedCollectionOperation<Element, Int>] = []
    for operation in changeset.patch {
      switch operation {
      case .insert(let element, let offset):
        checkSourceOffset(offset, limit: count + 1)
        output.append(insert(element, atSourceOffset: offset, by: areInIncreasingOrder).operation)
      case .delete(let offset):
        checkSourceOffset(offset, limit: count)
        output.append(remove(record(atSourceOffset: offset), atSourceOffset: offset))
      case .update(let offset, let element):
        checkSourceOffset(offset, limit: count)
        update(record(atSourceOffset: offset), with: element, by: areInIncreasingOrder, into: &output)
      case .move(let from, let to):
        checkSourceOffset(from, limit: count)
        checkSourceOffset(to, limit: count)
        if from != to { moveInSource(from: from, to: to, by: areInIncreasingOrder, into: &output) }
      }
    }
    let newCount = changeset.collection.count
    guard count == newCount else { operatorCountMismatch(patchLeavesCount: count, collectionCount: newCount) }
    applyToSorted(output)
    return OrderedCollectionChangeset(collection: sorted, patch: output)
  }

  private func checkSourceOffset(_ offset: Int, limit: Int) {
    if offset < 0 || offset >= limit { operatorIndexOutOfRange(offset, count: count) }
  }
}
