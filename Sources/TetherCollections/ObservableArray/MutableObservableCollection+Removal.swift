import TetherChangesets

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Removes and returns the element at `offset`, emitting a delete.
  ///
  /// - Precondition: `0 <= offset < count`; otherwise this traps naming the offset and the count.
  /// - Complexity: O(n) for n elements.
  @inlinable @discardableResult
  public func remove(at offset: Int) -> C.Element {
    core.mutate(skippingUnobserved: { collection, isObserved in
      let count = collection.count
      CollectionPreconditions.checkIndex(offset, count: count)
      let element = collection.remove(at: collection.index(atOffset: offset))
      guard isObserved else { return (element, nil) }
      let change = changeset(
        collection,
        patch: [.delete(at: offset)],
        diff: OrderedCollectionDiff(deletes: [offset]),
        oldCount: count
      )
      return (element, change)
    })
  }

  /// Removes and returns the last element, emitting a delete.
  ///
  /// - Precondition: The collection is not empty.
  /// - Complexity: O(1) for arrays.
  @inlinable @discardableResult
  public func removeLast() -> C.Element {
    core.mutate(skippingUnobserved: { collection, isObserved in
      let count = collection.count
      CollectionPreconditions.checkNotEmpty(count, operation: "removeLast()")
      let element = collection.remove(at: collection.index(atOffset: count - 1))
      guard isObserved else { return (element, nil) }
      let change = changeset(
        collection,
        patch: [.delete(at: count - 1)],
        diff: OrderedCollectionDiff(deletes: [count - 1]),
        oldCount: count
      )
      return (element, change)
    })
  }

  /// Removes and returns the first element, emitting a delete.
  ///
  /// - Precondition: The collection is not empty.
  /// - Complexity: O(n) for arrays.
  @discardableResult
  public func removeFirst() -> C.Element {
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkNotEmpty(count, operation: "removeFirst()")
      let element = collection.removeFirst()
      let change = changeset(
        collection,
        patch: [.delete(at: 0)],
        diff: OrderedCollectionDiff(deletes: [0]),
        oldCount: count
      )
      return (element, change)
    }
  }

  /// Removes the elements in `offsets`, emitting one changeset deleting them all.
  ///
  /// The patch deletes from the last element to the first, so each delete leaves the offsets of
  /// the ones still to come unchanged.
  ///
  /// - Precondition: `offsets` lies within `0..<count`.
  /// - Complexity: O(n) for n elements.
  public func removeSubrange(_ offsets: Range<Int>) {
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkRange(offsets, count: count)
      let start = collection.index(atOffset: offsets.lowerBound)
      collection.removeSubrange(start..<collection.index(start, offsetBy: offsets.count))
      let change = changeset(
        collection,
        patch: offsets.reversed().map { .delete(at: $0) },
        diff: OrderedCollectionDiff(deletes: Array(offsets)),
        oldCount: count
      )
      return ((), change)
    }
  }

  /// Removes every element, emitting one changeset that deletes them all (not a reload, so a view
  /// can animate it; use ``replace(with:)`` with an empty collection to reload instead).
  ///
  /// - Complexity: O(n) for n elements.
  public func removeAll() {
    core.mutate { collection in
      let count = collection.count
      collection.removeAll()
      let change = changeset(
        collection,
        patch: (0..<count).reversed().map { .delete(at: $0) },
        diff: OrderedCollectionDiff(deletes: Array(0..<count)),
        oldCount: count
      )
      return ((), change)
    }
  }
}
