import TetherChangesets

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Moves the element at `from` so that it ends up at `to`, emitting a move. Moving an element
  /// to where it is emits an empty changeset.
  ///
  /// - Precondition: Both offsets are in `0..<count`; otherwise this traps naming the offset and
  ///   the count.
  /// - Complexity: O(n) for n elements.
  public func move(from: Int, to: Int) {
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkIndex(from, count: count)
      CollectionPreconditions.checkIndex(to, count: count)
      collection.moveElement(from: from, to: to)
      let moved = from != to
      let change = changeset(
        collection,
        patch: moved ? [.move(from: from, to: to)] : [],
        diff: OrderedCollectionDiff(moves: moved ? [(from: from, to: to)] : []),
        oldCount: count
      )
      return ((), change)
    }
  }

  /// Moves the elements at `offsets` so that they end up next to each other, in the order of
  /// `offsets`, the first at `to` (its offset after the move); emits one move per element.
  ///
  /// ```swift
  /// // [a, b, c, d, e]
  /// letters.move(from: [4, 0], to: 1)  // [b, e, a, c, d]
  /// ```
  ///
  /// - Precondition: The offsets are distinct and in `0..<count`, and
  ///   `0 <= to <= count - offsets.count`.
  /// - Complexity: O(n + k log k) for n elements and k moved ones.
  public func move(from offsets: [Int], to: Int) {
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkMove(offsets, to: to, count: count)
      let diff = collection.moveElements(from: offsets, to: to)
      #if DEBUG
      _checkInvariants(collection, patch: nil, diff: diff, oldCount: count)
      #endif
      return ((), Changeset(collection: collection, diff: diff))
    }
  }

  /// Exchanges the elements at `first` and `second`, emitting them as moves (one move when they
  /// are neighbors).
  ///
  /// - Precondition: Both offsets are in `0..<count`.
  /// - Complexity: O(n) for n elements in the worst case (O(1) for arrays).
  public func swapAt(_ first: Int, _ second: Int) {
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkIndex(first, count: count)
      CollectionPreconditions.checkIndex(second, count: count)
      let patch = collection.swapElements(first, second)
      let (low, high) = (Swift.min(first, second), Swift.max(first, second))
      let moves: [(from: Int, to: Int)] =
        switch patch.count {
        case 0: []
        case 1: [(from: low, to: high)]
        default: [(from: low, to: high), (from: high, to: low)]
        }
      return ((), changeset(collection, patch: patch, diff: OrderedCollectionDiff(moves: moves), oldCount: count))
    }
  }

  /// Sorts the collection (stably) and emits the reordering as moves: only the elements outside a
  /// longest run that keeps its relative order move, so an already sorted collection emits an
  /// empty changeset.
  ///
  /// `areInIncreasingOrder` runs outside the container's lock, on a snapshot, unless other
  /// threads keep mutating the container meanwhile (then it runs under the lock: it must not touch
  /// this container).
  ///
  /// - Complexity: O(n log n) comparisons.
  public func sort(by areInIncreasingOrder: (C.Element, C.Element) -> Bool) {
    core.mutate(
      preparing: { snapshot -> (C, OrderedCollectionDiff<Int>) in
        var sorted = snapshot
        let diff = sorted.permute(by: snapshot.sortingPermutation(by: areInIncreasingOrder))
        return (sorted, diff)
      },
      { collection, prepared in
        let (sorted, diff) = prepared
        collection = sorted
        return ((), Changeset(collection: sorted, diff: diff))
      }
    )
  }
}

extension MutableObservableCollection where C: RangeReplaceableCollection, C.Element: Comparable {
  /// Sorts the collection in ascending order (stably), emitting the reordering as moves.
  ///
  /// - Complexity: O(n log n) comparisons.
  public func sort() {
    sort(by: <)
  }
}
