import TetherChangesets

/// The collection a ``MutableObservableCollection/batchUpdate(_:)`` body changes: it has the
/// container's mutation methods, applies them at once and records them as one patch.
///
/// Reads (``collection``, ``count``, the subscript) see the batch's changes so far. Out-of-range
/// offsets trap like the container's methods, naming the offset and the count.
public struct OrderedCollectionBatch<Base: RangeReplaceableCollection> {
  /// The collection with the batch's changes so far.
  public internal(set) var collection: Base

  /// The operations so far, each applying to the state right before it.
  public internal(set) var patch: [OrderedCollectionOperation<Base.Element, Int>] = []

  init(_ collection: Base) {
    self.collection = collection
  }

  /// The number of elements.
  public var count: Int { collection.count }

  /// Whether the collection is empty.
  public var isEmpty: Bool { collection.isEmpty }

  /// The element at `offset`; setting it records an update.
  ///
  /// - Complexity: O(1) for random-access collections.
  public subscript(offset: Int) -> Base.Element {
    get {
      CollectionPreconditions.checkIndex(offset, count: collection.count)
      return collection[collection.index(atOffset: offset)]
    }
    set {
      CollectionPreconditions.checkIndex(offset, count: collection.count)
      collection.replaceElement(atOffset: offset, with: newValue)
      patch.append(.update(at: offset, newElement: newValue))
    }
  }

  /// Appends `element`.
  ///
  /// - Complexity: Amortized O(1).
  public mutating func append(_ element: Base.Element) {
    patch.append(.insert(element, at: collection.count))
    collection.append(element)
  }

  /// Appends `elements`.
  ///
  /// - Complexity: Amortized O(k) for k new elements.
  public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Base.Element {
    for element in elements { append(element) }
  }

  /// Inserts `element` so that it ends up at `offset`.
  ///
  /// - Complexity: O(n) for n elements.
  public mutating func insert(_ element: Base.Element, at offset: Int) {
    CollectionPreconditions.checkInsertionIndex(offset, count: collection.count)
    collection.insert(element, at: collection.index(atOffset: offset))
    patch.append(.insert(element, at: offset))
  }

  /// Inserts `elements` so that the first ends up at `offset`, the others after it.
  ///
  /// - Complexity: O(n + k) for n elements and k new ones.
  public mutating func insert<S: Sequence>(contentsOf elements: S, at offset: Int) where S.Element == Base.Element {
    CollectionPreconditions.checkInsertionIndex(offset, count: collection.count)
    let elements = Array(elements)
    collection.insert(contentsOf: elements, at: collection.index(atOffset: offset))
    for (shift, element) in elements.enumerated() { patch.append(.insert(element, at: offset + shift)) }
  }

  /// Removes and returns the element at `offset`.
  ///
  /// - Complexity: O(n) for n elements.
  @discardableResult
  public mutating func remove(at offset: Int) -> Base.Element {
    CollectionPreconditions.checkIndex(offset, count: collection.count)
    patch.append(.delete(at: offset))
    return collection.remove(at: collection.index(atOffset: offset))
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The collection is not empty.
  @discardableResult
  public mutating func removeLast() -> Base.Element {
    CollectionPreconditions.checkNotEmpty(collection.count, operation: "removeLast()")
    return remove(at: collection.count - 1)
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The collection is not empty.
  @discardableResult
  public mutating func removeFirst() -> Base.Element {
    CollectionPreconditions.checkNotEmpty(collection.count, operation: "removeFirst()")
    return remove(at: 0)
  }

  /// Removes the elements in `offsets`.
  ///
  /// - Complexity: O(n) for n elements.
  public mutating func removeSubrange(_ offsets: Range<Int>) {
    CollectionPreconditions.checkRange(offsets, count: collection.count)
    let start = collection.index(atOffset: offsets.lowerBound)
    collection.removeSubrange(start..<collection.index(start, offsetBy: offsets.count))
    for offset in offsets.reversed() { patch.append(.delete(at: offset)) }
  }

  /// Removes every element.
  ///
  /// - Complexity: O(n) for n elements.
  public mutating func removeAll() {
    removeSubrange(0..<collection.count)
  }

  /// Moves the element at `from` so that it ends up at `to`.
  ///
  /// - Complexity: O(n) for n elements.
  public mutating func move(from: Int, to: Int) {
    CollectionPreconditions.checkIndex(from, count: collection.count)
    CollectionPreconditions.checkIndex(to, count: collection.count)
    guard from != to else { return }
    collection.moveElement(from: from, to: to)
    patch.append(.move(from: from, to: to))
  }

  /// Moves the elements at `offsets` so that they end up next to each other, in the order of
  /// `offsets`, the first at `to`.
  ///
  /// - Complexity: O(n + k log k) for n elements and k moved ones.
  public mutating func move(from offsets: [Int], to: Int) {
    CollectionPreconditions.checkMove(offsets, to: to, count: collection.count)
    let diff = collection.moveElements(from: offsets, to: to)
    patch.append(contentsOf: diff.generatePatch(to: collection))
  }

  /// Exchanges the elements at `first` and `second`.
  ///
  /// - Complexity: O(n) in the worst case (O(1) for arrays).
  public mutating func swapAt(_ first: Int, _ second: Int) {
    CollectionPreconditions.checkIndex(first, count: collection.count)
    CollectionPreconditions.checkIndex(second, count: collection.count)
    patch.append(contentsOf: collection.swapElements(first, second))
  }

  /// Sorts the collection stably, recording the reordering as moves.
  ///
  /// - Complexity: O(n log n) comparisons.
  public mutating func sort(by areInIncreasingOrder: (Base.Element, Base.Element) -> Bool) {
    let order = collection.sortingPermutation(by: areInIncreasingOrder)
    let diff = collection.permute(by: order)
    patch.append(contentsOf: diff.generatePatch(to: collection))
  }
}

extension OrderedCollectionBatch where Base.Element: Comparable {
  /// Sorts the collection in ascending order (stably), recording the reordering as moves.
  public mutating func sort() {
    sort(by: <)
  }
}

extension MutableObservableCollection where C: RangeReplaceableCollection {
  /// Applies any number of mutations atomically and emits them as ONE changeset, whose patch is
  /// their sequence and whose diff is their merged effect (derived on first read, outside the
  /// lock).
  ///
  /// ```swift
  /// items.batchUpdate { batch in
  ///   batch.append("x")
  ///   batch.remove(at: 0)
  ///   batch.move(from: 2, to: 0)
  /// }
  /// ```
  ///
  /// The whole batch holds the container's lock once, so no other mutation interleaves. `body`
  /// must therefore not touch this container (read the batch instead): doing so traps with a
  /// message rather than deadlocking. Observers are called after the lock is released.
  ///
  /// - Returns: What `body` returns.
  /// - Complexity: The mutations' own costs, with no locking per mutation; the diff costs
  ///   O(k log k) for k recorded operations when first read.
  @discardableResult
  public func batchUpdate<Result>(_ body: (inout OrderedCollectionBatch<C>) -> Result) -> Result {
    core.batch { collection in
      let count = collection.count
      var batch = OrderedCollectionBatch(C())
      swap(&batch.collection, &collection)  // keeps the collection uniquely referenced
      let result = body(&batch)
      swap(&batch.collection, &collection)
      #if DEBUG
      _checkInvariants(collection, patch: batch.patch, diff: nil, oldCount: count)
      #endif
      return (result, Changeset(collection: collection, patch: batch.patch))
    }
  }
}
