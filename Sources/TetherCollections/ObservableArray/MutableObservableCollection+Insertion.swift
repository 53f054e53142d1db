import TetherChangesets

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// The element at `offset`; setting it replaces the element and emits an update.
  ///
  /// - Precondition: `0 <= offset < count`; otherwise this traps naming the offset and the count.
  /// - Complexity: O(1) for random-access collections (plus a copy if an observer still holds the
  ///   previous collection).
  @inlinable
  public subscript(offset: Int) -> C.Element {
    get {
      core.read { collection in
        CollectionPreconditions.checkIndex(offset, count: collection.count)
        return collection[collection.index(atOffset: offset)]
      }
    }
    set {
      core.mutate(skippingUnobserved: { collection, isObserved in
        let count = collection.count
        CollectionPreconditions.checkIndex(offset, count: count)
        collection.replaceElement(atOffset: offset, with: newValue)
        guard isObserved else { return ((), nil) }
        let change = changeset(
          collection,
          patch: [.update(at: offset, newElement: newValue)],
          diff: OrderedCollectionDiff(updates: [offset]),
          oldCount: count
        )
        return ((), change)
      })
    }
  }

  /// Appends `element` and emits an insert at the end.
  ///
  /// - Complexity: Amortized O(1): the collection is changed in place unless an observer still
  ///   holds a previous changeset.
  @inlinable
  public func append(_ element: C.Element) {
    core.mutate(skippingUnobserved: { collection, isObserved in
      let count = collection.count
      collection.append(element)
      guard isObserved else { return ((), nil) }
      let change = changeset(
        collection,
        patch: [.insert(element, at: count)],
        diff: OrderedCollectionDiff(inserts: [count]),
        oldCount: count
      )
      return ((), change)
    })
  }

  /// Appends `elements` and emits one changeset inserting them all.
  ///
  /// - Complexity: Amortized O(k) for k new elements.
  public func append<S: Sequence>(contentsOf elements: S) where S.Element == C.Element {
    let elements = Array(elements)
    core.mutate { collection in
      let count = collection.count
      collection.append(contentsOf: elements)
      let change = changeset(
        collection,
        patch: elements.enumerated().map { .insert($0.element, at: count + $0.offset) },
        diff: OrderedCollectionDiff(inserts: Array(count..<count + elements.count)),
        oldCount: count
      )
      return ((), change)
    }
  }

  /// Inserts `element` so that it ends up at `offset` and emits an insert.
  ///
  /// - Precondition: `0 <= offset <= count`; otherwise this traps naming the offset and the count.
  /// - Complexity: O(n) for n elements.
  @inlinable
  public func insert(_ element: C.Element, at offset: Int) {
    core.mutate(skippingUnobserved: { collection, isObserved in
      let count = collection.count
      CollectionPreconditions.checkInsertionIndex(offset, count: count)
      collection.insert(element, at: collection.index(atOffset: offset))
      guard isObserved else { return ((), nil) }
      let change = changeset(
        collection,
        patch: [.insert(element, at: offset)],
        diff: OrderedCollectionDiff(inserts: [offset]),
        oldCount: count
      )
      return ((), change)
    })
  }

  /// Inserts `elements` so that the first ends up at `offset`, the others after it, and emits one
  /// changeset inserting them all.
  ///
  /// - Precondition: `0 <= offset <= count`; otherwise this traps naming the offset and the count.
  /// - Complexity: O(n + k) for n elements and k new ones.
  public func insert<S: Sequence>(contentsOf elements: S, at offset: Int) where S.Element == C.Element {
    let elements = Array(elements)
    core.mutate { collection in
      let count = collection.count
      CollectionPreconditions.checkInsertionIndex(offset, count: count)
      collection.insert(contentsOf: elements, at: collection.index(atOffset: offset))
      let change = changeset(
        collection,
        patch: elements.enumerated().map { .insert($0.element, at: offset + $0.offset) },
        diff: OrderedCollectionDiff(inserts: Array(offset..<offset + elements.count)),
        oldCount: count
      )
      return ((), change)
    }
  }
}

extension Collection {
  /// The index `offset` positions after `startIndex`.
  @inlinable @inline(__always)
  func index(atOffset offset: Int) -> Index {
    index(startIndex, offsetBy: offset)
  }
}
