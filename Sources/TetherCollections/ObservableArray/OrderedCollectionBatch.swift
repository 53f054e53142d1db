import TetherChangesets

/// The collection a ``MutableObservableCollection/batchUpdate(_:)`` body changes: it has the
/// container's mutation methods, applies them at once and records them as one patch.
///
/// Reads (``collection``, ``count``, the subscript) see the batch's changes so far. Out-of-range
/// offsets trap like the container's methods, naming the offset and the count.
public struct OrderedCollectionBatch<Base: RangeReplaceableCollection> {
  @usableFromInline var base: Base
  @usableFromInline var operations: [OrderedCollectionOperation<Base.Element, Int>] = []

  @inlinable
  init(_ collection: Base) {
    base = collection
  }

  /// The collection with the batch's changes so far.
  @inlinable
  public var collection: Base { base }

  /// The operations so far, each applying to the state right before it.
  @inlinable
  public var patch: [OrderedCollectionOperation<Base.Element, Int>] { operations }

  /// The number of elements.
  @inlinable
  public var count: Int { base.count }

  /// Whether the collection is empty.
  @inlinable
  public var isEmpty: Bool { base.isEmpty }

  /// The element at `offset`; setting it records an update.
  ///
  /// - Complexity: O(1) for random-access collections.
  @inlinable
  public subscript(offset: Int) -> Base.Element {
    get {
      CollectionPreconditions.checkIndex(offset, count: base.count)
      return base[base.index(atOffset: offset)]
    }
    set {
      CollectionPreconditions.checkIndex(offset, count: base.count)
      base.replaceElement(atOffset: offset, with: newValue)
      operations.append(.update(at: offset, newElement: newValue))
    }
  }

  /// Appends `element`.
  ///
  /// - Complexity: Amortized O(1).
  @inlinable
  public mutating func append(_ element: Base.Element) {
    operations.append(.insert(element, at: base.count))
    base.append(element)
  }

  /// Appends `elements`.
  ///
  /// - Complexity: Amortized O(k) for k new elements.
  @inlinable
  public mutating func append<S: Sequence>(contentsOf elements: S) where S.Element == Base.Element {
    for element in elements { append(element) }
  }

  /// Inserts `element` so that it ends up at `offset`.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public mutating func insert(_ element: Base.Element, at offset: Int) {
    CollectionPreconditions.checkInsertionIndex(offset, count: base.count)
    base.insert(element, at: base.index(atOffset: offset))
    operations.append(.insert(element, at: offset))
  }

  /// Inserts `elements` so that the first ends up at `offset`, the others after it.
  ///
  /// - Complexity: O(n + k) for n elements and k new ones.
  @inlinable
  public mutating func insert<S: Sequence>(contentsOf elements: S, at offset: Int) where S.Element == Base.Element {
    CollectionPreconditions.checkInsertionIndex(offset, count: base.count)
    let elements = Array(elements)
    base.insert(contentsOf: elements, at: base.index(atOffset: offset))
    for (shift, element) in elements.enumerated() { operations.append(.insert(element, at: offset + shift)) }
  }

  /// Removes and returns the element at `offset`.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable @discardableResult
  public mutating func remove(at offset: Int) -> Base.Element {
    CollectionPreconditions.checkIndex(offset, count: base.count)
    operations.append(.delete(at: offset))
    return base.remove(at: base.index(atOffset: offset))
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The collection is not empty.
  ///
  /// - Complexity: O(1) for arrays.
  @inlinable @discardableResult
  public mutating func removeLast() -> Base.Element {
    CollectionPreconditions.checkNotEmpty(base.count, operation: "removeLast()")
    return remove(at: base.count - 1)
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The collection is not empty.
  ///
  /// - Complexity: O(n) for arrays of n elements.
  @inlinable @discardableResult
  public mutating func removeFirst() -> Base.Element {
    CollectionPreconditions.checkNotEmpty(base.count, operation: "removeFirst()")
    return remove(at: 0)
  }

  /// Removes the elements in `offsets`.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public mutating func removeSubrange(_ offsets: Range<Int>) {
    CollectionPreconditions.checkRange(offsets, count: base.count)
    let start = base.index(atOffset: offsets.lowerBound)
    base.removeSubrange(start..<base.index(start, offsetBy: offsets.count))
    for offset in offsets.reversed() { operations.append(.delete(at: offset)) }
  }

  /// Removes every element.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public mutating func removeAll() {
    removeSubrange(0..<base.count)
  }

  /// Moves the element at `from` so that it ends up at `to`.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public mutating func move(from: Int, to: Int) {
    CollectionPreconditions.checkIndex(from, count: base.count)
    CollectionPreconditions.checkIndex(to, count: base.count)
    guard from != to else { return }
    base.moveElement(from: from, to: to)
    operations.append(.move(from: from, to: to))
  }

  /// Moves the elements at `offsets` so that they end up next to each other, in the order of
  /// `offsets`, the first at `to`.
  ///
  /// - Complexity: O(n + k log k) for n elements and k moved ones.
  @inlinable
  public mutating func move(from offsets: [Int], to: Int) {
    CollectionPreconditions.checkMove(offsets, to: to, count: base.count)
    let diff = base.moveElements(from: offsets, to: to)
    operations.append(contentsOf: diff.generatePatch(to: base))
  }

  /// Exchanges the elements at `first` and `second`.
  ///
  /// - Complexity: O(n) in the worst case (O(1) for arrays).
  @inlinable
  public mutating func swapAt(_ first: Int, _ second: Int) {
    CollectionPreconditions.checkIndex(first, count: base.count)
    CollectionPreconditions.checkIndex(second, count: base.count)
    operations.append(contentsOf: base.swapElements(first, second))
  }

  /// Sorts the collection stably, recording the reordering as moves.
  ///
  /// - Complexity: O(n log n) comparisons.
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Base.Element, Base.Element) -> Bool) {
    let order = base.sortingPermutation(by: areInIncreasingOrder)
    let diff = base.permute(by: order)
    operations.append(contentsOf: diff.generatePatch(to: base))
  }
}

extension OrderedCollectionBatch where Base.Element: Comparable {
  /// Sorts the collection in ascending order (stably), recording the reordering as moves.
  ///
  /// - Complexity: O(n log n) comparisons.
  @inlinable
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
  @inlinable @discardableResult
  public func batchUpdate<Result>(_ body: (inout OrderedCollectionBatch<C>) -> Result) -> Result {
    core.batch { collection in
      let count = collection.count
      var batch = OrderedCollectionBatch(C())
      swap(&batch.base, &collection)  // keeps the collection uniquely referenced
      let result = body(&batch)
      swap(&batch.base, &collection)
      #if DEBUG
      _checkInvariants(collection, patch: batch.operations, diff: nil, oldCount: count)
      #endif
      return (result, Changeset(collection: collection, patch: batch.operations))
    }
  }
}
