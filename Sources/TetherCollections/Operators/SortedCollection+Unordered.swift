import TetherChangesets
import TetherSignals
import TetherSynchronization

extension SignalProtocol {
  /// Sorts the elements of each set changeset, as changesets of the sorted array.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every source reload, is sorted in full and emitted as a reload. After that a removed element
  /// is a delete at its rank, an added one an insert at its rank, and an updated one an update, or
  /// a move plus an update when its rank changed. Nothing is re-sorted. Elements that compare
  /// equal keep the order in which they entered the observation (unspecified for those present
  /// when it started). Each observation keeps its own order and the previous source set (a
  /// copy-on-write snapshot) to resolve the source's indices.
  ///
  /// The output changesets are made from their patch. Fails or completes when the receiver does.
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering; called outside any lock.
  /// - Complexity: O(k log n) comparisons per changeset with k changes over n elements, plus
  ///   updating the sorted array (O(n) element moves at worst, a rebuild in O(n) for more than 16
  ///   operations). A reload costs O(n log n) comparisons.
  public func sortedCollection<Member: Hashable & SendableMetatype>(
    by areInIncreasingOrder: @escaping @Sendable (Member, Member) -> Bool
  ) -> Signal<OrderedCollectionChangeset<[Member]>, Error> where Element == UnorderedCollectionChangeset<Set<Member>> {
    withSubscriberState({ UnorderedSortState<Set<Member>, Member>() }) { state, changeset in
      state.receive(
        changeset,
        key: { $0 },
        lookup: { set, member in set.firstIndex(of: member).map { set[$0] } },
        by: areInIncreasingOrder
      )
    }
  }

  /// Sorts the elements of each set changeset in ascending order, as changesets of the sorted
  /// array; see `sortedCollection(by:)` for sets for what is emitted and when.
  ///
  /// - Complexity: O(k log n) comparisons per changeset with k changes over n elements, plus
  ///   updating the sorted array.
  public func sortedCollection<Member: Hashable & Comparable & SendableMetatype>() -> Signal<
    OrderedCollectionChangeset<[Member]>, Error
  >
  where Element == UnorderedCollectionChangeset<Set<Member>> {
    sortedCollection(by: { $0 < $1 })
  }

  /// Sorts the entries of each dictionary changeset, as changesets of an array of `(key, value)`
  /// entries.
  ///
  /// Emits one changeset per source changeset. The first changeset an observation receives, and
  /// every source reload, is sorted in full and emitted as a reload. After that a removed key is a
  /// delete at its rank, an added key an insert, and a key whose value changed an update, or a
  /// move plus an update when the new value changes its rank. Nothing is re-sorted. Entries that
  /// compare equal keep the order in which their keys entered the observation (unspecified for
  /// those present when it started). Each observation keeps its own order and the previous source
  /// dictionary (a copy-on-write snapshot) to resolve the source's indices.
  ///
  /// The output changesets are made from their patch. Fails or completes when the receiver does.
  ///
  /// ```swift
  /// let leaderboard = scores.sortedCollection { $0.value > $1.value }
  /// ```
  ///
  /// - Parameter areInIncreasingOrder: A strict weak ordering of entries; called outside any lock.
  /// - Complexity: O(k log n) comparisons per changeset with k changes over n entries, plus
  ///   updating the sorted array. A reload costs O(n log n) comparisons.
  public func sortedCollection<Key: Hashable & SendableMetatype, Value>(
    by areInIncreasingOrder: @escaping @Sendable ((key: Key, value: Value), (key: Key, value: Value)) -> Bool
  ) -> Signal<OrderedCollectionChangeset<[(key: Key, value: Value)]>, Error>
  where Element == UnorderedCollectionChangeset<[Key: Value]> {
    withSubscriberState({ UnorderedSortState<[Key: Value], Key>() }) { state, changeset in
      state.receive(
        changeset,
        key: { $0.key },
        lookup: { dictionary, key in dictionary[key].map { (key: key, value: $0) } },
        by: areInIncreasingOrder
      )
    }
  }

  /// Sorts the entries of each dictionary changeset by key, ascending; see `sortedCollection(by:)`
  /// for dictionaries for what is emitted and when.
  ///
  /// - Complexity: O(k log n) comparisons per changeset with k changes over n entries, plus
  ///   updating the sorted array.
  public func sortedCollection<Key: Hashable & Comparable & SendableMetatype, Value>()
    -> Signal<OrderedCollectionChangeset<[(key: Key, value: Value)]>, Error>
  where Element == UnorderedCollectionChangeset<[Key: Value]> {
    sortedCollection(by: { $0.key < $1.key })
  }

  /// Sorts the entries of each dictionary changeset by a comparable sort key of the entry
  /// (ascending); see `sortedCollection(by:)` for dictionaries for what is emitted and when.
  ///
  /// ```swift
  /// let byScore = scores.sortedCollection(on: \.value)
  /// ```
  ///
  /// - Parameter sortKey: The sort key of an entry; called about twice per comparison.
  /// - Complexity: O(k log n) comparisons per changeset with k changes over n entries, plus
  ///   updating the sorted array.
  public func sortedCollection<Key: Hashable & SendableMetatype, Value, SortKey: Comparable & SendableMetatype>(
    on sortKey: @escaping @Sendable ((key: Key, value: Value)) -> SortKey
  ) -> Signal<OrderedCollectionChangeset<[(key: Key, value: Value)]>, Error>
  where Element == UnorderedCollectionChangeset<[Key: Value]> {
    sortedCollection(by: { sortKey($0) < sortKey($1) })
  }
}

/// The state of one `sortedCollection` observation of a set or a dictionary: the sorted order, the
/// record of each key, and the previous source collection, whose indices the diff addresses.
struct UnorderedSortState<Source: Collection, Key: Hashable> {
  private var order = SortedOrder<[Source.Element]>(tracksSourceOrder: false)
  private var records: [Key: Int] = [:]
  private var previous: Source?

  init() {}

  mutating func receive(
    _ changeset: UnorderedCollectionChangeset<Source>,
    key: (Source.Element) -> Key,
    lookup: (Source, Key) -> Source.Element?,
    by areInIncreasingOrder: (Source.Element, Source.Element) -> Bool
  ) -> OrderedCollectionChangeset<[Source.Element]> {
    let new = changeset.collection
    guard !changeset.isReload, let old = previous.take() else {
      order.reload(new, by: areInIncreasingOrder)
      records = [:]
      records.reserveCapacity(new.count)
      for (id, element) in new.enumerated() { records[key(element)] = id }
      previous = new
      return .reload(order.sorted)
    }
    previous = new
    // Indices of hashed collections are only meaningful in their own collection: deletes and
    // updates address `old`, inserts `new`. Deletes go first so a key removed and added again
    // in one changeset gets a fresh record.
    let diff = changeset.diff
    var output: [OrderedCollectionOperation<Source.Element, Int>] = []
    for index in diff.deletes {
      let removedKey = key(old[index])
      guard let id = records.removeValue(forKey: removedKey) else { unknownKey(removedKey) }
      output.append(order.remove(id, atSourceOffset: nil))
    }
    for index in diff.updates {
      let updatedKey = key(old[index])
      guard let id = records[updatedKey], let element = lookup(new, updatedKey) else { unknownKey(updatedKey) }
      order.update(id, with: element, by: areInIncreasingOrder, into: &output)
    }
    for index in diff.inserts {
      let element = new[index]
      let (id, operation) = order.insert(element, atSourceOffset: nil, by: areInIncreasingOrder)
      records[key(element)] = id
      output.append(operation)
    }
    guard order.count == new.count else {
      operatorCountMismatch(patchLeavesCount: order.count, collectionCount: new.count)
    }
    order.applyToSorted(output)
    return OrderedCollectionChangeset(collection: order.sorted, patch: output)
  }

  private func unknownKey(_ key: Key) -> Never {
    tetherPreconditionFailure("A changeset deletes or updates \(key), which is not in the collection it changes")
  }
}
