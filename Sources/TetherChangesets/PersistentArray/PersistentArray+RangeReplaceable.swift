import TetherSynchronization

extension PersistentArray: RangeReplaceableCollection {
  /// Inserts `newElement` at `index`, shifting the elements after it.
  ///
  /// - Precondition: `index` is in `0...count`; otherwise this traps naming the index and the count.
  /// - Complexity: O(log n); copies only the nodes on the path that are shared with another copy.
  @inlinable
  public mutating func insert(_ newElement: Element, at index: Int) {
    _checkInsertionIndex(index)
    _makeRootUnique()
    if let split = _root.insert(newElement, at: index) {
      let left = _root
      _root = _PersistentArrayNode(
        height: left.height + 1,
        children: [left, split],
        childCounts: [left.count, split.count]
      )
    }
    _checkInvariantsInDebug()
  }

  /// Appends `newElement` at the end.
  ///
  /// Appends leave full leaves behind them, so a list built by appending takes about as much
  /// memory as an array of the same elements.
  ///
  /// - Complexity: O(log n).
  @inlinable
  public mutating func append(_ newElement: Element) {
    insert(newElement, at: count)
  }

  /// Removes and returns the element at `index`, shifting the elements after it.
  ///
  /// - Precondition: `index` is in `0..<count`; otherwise this traps naming the index and the count.
  /// - Complexity: O(log n).
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    _checkIndex(index)
    _makeRootUnique()
    let removed = _root.remove(at: index)
    _collapseRoot()
    _checkInvariantsInDebug()
    return removed
  }

  /// Removes and returns the last element.
  ///
  /// - Precondition: The list is not empty.
  /// - Complexity: O(log n).
  @inlinable
  @discardableResult
  public mutating func removeLast() -> Element {
    tetherPrecondition(!isEmpty, "removeLast() needs an element, but the PersistentArray has 0 elements")
    return remove(at: count - 1)
  }

  /// Removes and returns the first element.
  ///
  /// - Precondition: The list is not empty.
  /// - Complexity: O(log n).
  @inlinable
  @discardableResult
  public mutating func removeFirst() -> Element {
    tetherPrecondition(!isEmpty, "removeFirst() needs an element, but the PersistentArray has 0 elements")
    return remove(at: 0)
  }

  /// Removes every element.
  ///
  /// - Complexity: O(1) (the old nodes are released when no other copy keeps them).
  @inlinable
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    self = PersistentArray()
  }

  /// Removes the elements for which `shouldBeRemoved` returns `true`, keeping the others in order.
  ///
  /// - Complexity: O(n): the remaining elements are rebuilt into full nodes.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    var kept = ContiguousArray<Element>()
    kept.reserveCapacity(count)
    var removedAny = false
    for element in self {
      if try shouldBeRemoved(element) {
        removedAny = true
      } else {
        kept.append(element)
      }
    }
    guard removedAny else { return }
    _root = _PersistentArrayNode.build(from: kept)
    _checkInvariantsInDebug()
  }

  /// Does nothing: a list allocates one leaf at a time.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func reserveCapacity(_ minimumCapacity: Int) {}

  /// Appends the elements of `newElements`.
  ///
  /// - Complexity: O(k log n) for k new elements; O(n + k) when the list is empty or k is a large
  ///   part of it (the list is rebuilt bottom-up then).
  @inlinable
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    if isEmpty {
      self = PersistentArray(newElements)
      return
    }
    let expected = newElements.underestimatedCount
    if expected > 0 && expected >= count / 8 {
      var all = ContiguousArray(self)
      all.append(contentsOf: newElements)
      _root = _PersistentArrayNode.build(from: all)
      _checkInvariantsInDebug()
      return
    }
    for element in newElements { append(element) }
  }

  /// Replaces the elements in `subrange` with `newElements`.
  ///
  /// Elements replaced one for one are overwritten in place; the rest are removed or inserted one
  /// at a time, so a small edit copies only the paths it touches and keeps sharing the rest of
  /// the tree with other copies. When the edit is a large part of the list (k at least n/8), the
  /// list is rebuilt bottom-up in one pass instead.
  ///
  /// - Precondition: `subrange` lies within `0...count`; otherwise this traps naming the range
  ///   and the count.
  /// - Complexity: O(min(k log n, n + k)) for n elements and k removed plus inserted ones (not
  ///   O(log n + k): there is no split/concatenate yet).
  @inlinable
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>,
    with newElements: C
  ) where C.Element == Element {
    _checkRange(subrange)
    let removedCount = subrange.count
    let insertedCount = newElements.count
    let edited = removedCount + insertedCount
    guard edited > 0 else { return }
    if edited >= Swift.max(count / 8, 2 * _PersistentArrayNode<Element>.leafCapacity) {
      var all = ContiguousArray<Element>()
      all.reserveCapacity(count - removedCount + insertedCount)
      _forEachLeaf { leaf in all.append(contentsOf: leaf) }
      all.replaceSubrange(subrange, with: newElements)
      _root = _PersistentArrayNode.build(from: all)
      _checkInvariantsInDebug()
      return
    }
    var position = subrange.lowerBound
    var source = newElements.makeIterator()
    let overwritten = Swift.min(removedCount, insertedCount)
    for _ in 0..<overwritten {
      self[position] = source.next()!
      position += 1
    }
    if removedCount > insertedCount {
      for _ in insertedCount..<removedCount { remove(at: position) }
    } else {
      while let element = source.next() {
        insert(element, at: position)
        position += 1
      }
    }
  }

  /// After a removal: an index root with one child gives way to that child, and an index root
  /// with none to an empty leaf.
  @inlinable
  internal mutating func _collapseRoot() {
    while _root.height > 0 {
      if _root.children.isEmpty {
        _root = _PersistentArrayNode(leaf: [])
      } else if _root.children.count == 1 {
        _root = _root.children[0]
      } else {
        return
      }
    }
  }
}
