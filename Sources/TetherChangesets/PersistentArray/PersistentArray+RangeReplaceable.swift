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
    let removed = _root.remove(at: index, onRightSpine: true)
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
  /// The new elements are built into a tree of full leaves, which is then concatenated with the
  /// list (see `replaceSubrange(_:with:)`); appending another `PersistentArray` concatenates its
  /// tree as it is, sharing every node. Up to 16 new elements are appended one by one, in place.
  ///
  /// - Complexity: O(log n + k) for n elements and k new ones; O(log n + log m) when
  ///   `newElements` is a `PersistentArray` of m elements.
  @inlinable
  public mutating func append<S: Sequence>(contentsOf newElements: S) where S.Element == Element {
    let tail: _PersistentArrayNode<Element>
    if let list = newElements as? PersistentArray<Element> {
      tail = list._root
    } else {
      let elements = ContiguousArray(newElements)
      if elements.count <= 16 {
        // A few elements are appended in place, filling the last leaf.
        for element in elements { append(element) }
        return
      }
      tail = _PersistentArrayNode.build(from: elements)
    }
    guard tail.count > 0 else { return }
    _root = _PersistentArrayNode.concatenate(_root, tail)
    _checkInvariantsInDebug()
  }

  /// Inserts the elements of `newElements` at `index`, shifting the elements after them.
  ///
  /// It cuts the list at `index` and concatenates the pieces with a tree built from the new
  /// elements, as `replaceSubrange(_:with:)` does.
  ///
  /// - Precondition: `index` is in `0...count`; otherwise this traps naming the index and the count.
  /// - Complexity: O(log n + k) for n elements and k new ones; O(log n + log m) when
  ///   `newElements` is a `PersistentArray` of m elements.
  @inlinable
  public mutating func insert<C: Collection>(contentsOf newElements: C, at index: Int) where C.Element == Element {
    _checkInsertionIndex(index)
    replaceSubrange(index..<index, with: newElements)
  }

  /// Removes the elements in `bounds`, shifting the elements after them.
  ///
  /// - Precondition: `bounds` lies within `0...count`; otherwise this traps naming the range and
  ///   the count.
  /// - Complexity: O(log n), however many elements are removed: the list is cut at both ends of
  ///   `bounds` and the two remaining pieces are concatenated (see `replaceSubrange(_:with:)`).
  @inlinable
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    replaceSubrange(bounds, with: EmptyCollection())
  }

  /// Replaces the elements in `subrange` with `newElements`.
  ///
  /// The list is cut at both ends of `subrange`, the new elements are built into a tree of full
  /// leaves bottom-up, and the three trees (prefix, new elements, suffix) are concatenated. Cutting
  /// copies the nodes on the path to each cut; concatenating hangs the shorter tree on the taller
  /// one's spine at its own height and joins the two nodes that meet there, splitting a node that
  /// overflows on the way back up. Every subtree outside those paths is kept whole and stays
  /// shared with other copies of the list; no node that another copy can reach is written to.
  /// A small edit (one element inserted or removed, or up to 32 overwritten one for one) is done
  /// in place on the path instead.
  ///
  /// Why O(log n + k), strictly: building the new elements' tree is O(k); every other step builds
  /// O(h) nodes of at most 64 entries each, h being the height (log base 32 of n / 64, rounded up:
  /// 3 for a million elements). Cutting the prefix copies one path. A node may hold fewer than
  /// half its capacity only on the root's right spine, so each of the two concatenations repairs
  /// one spine, the left tree's, which stops being a spine: O(h). Cutting the suffix concatenates
  /// once per level, but there the left side is the suffix cut below, from a child that was not
  /// last (else there is nothing to concatenate), whose subtree is at least half full everywhere
  /// but at its root: each seam repair stops after one level, and the descents to the seam add up
  /// to O(h) over all levels (see `_PersistentArrayNode.suffix(of:from:)`). Removals keep that
  /// invariant by rebalancing a last child off the spine with its left neighbor, as any other
  /// child is rebalanced. `PersistentArraySeamRepairTests` counts the nodes a replacement builds
  /// on a tree shaped for the worst case: 3, 6 and 8 at heights 1 to 3 (3, 5 and 10 when any last
  /// child could be small, when this was O(h² + k)).
  ///
  /// - Precondition: `subrange` lies within `0...count`; otherwise this traps naming the range
  ///   and the count.
  /// - Complexity: O(log n + k) node operations for n elements and k removed plus inserted ones;
  ///   O(log n + log m) when `newElements` is a `PersistentArray` of m elements.
  @inlinable
  public mutating func replaceSubrange<C: Collection>(
    _ subrange: Range<Int>,
    with newElements: C
  ) where C.Element == Element {
    _checkRange(subrange)
    let removedCount = subrange.count
    let insertedCount = newElements.count
    if removedCount == 0 && insertedCount == 0 { return }
    if removedCount == insertedCount && insertedCount <= 32 {
      // Overwritten in place, one descent per leaf touched (at most two).
      _makeRootUnique()
      var position = subrange.lowerBound
      var source = newElements.makeIterator()
      while position < subrange.upperBound {
        let (leaf, offset) = _root.uniqueLeaf(containing: position)
        let written = Swift.min(subrange.upperBound - position, leaf.elements.count - offset)
        for slot in offset..<offset + written {
          leaf.elements[slot] = source.next()!
        }
        position += written
      }
      _checkInvariantsInDebug()
      return
    }
    if removedCount + insertedCount == 1 {
      if removedCount == 1 {
        remove(at: subrange.lowerBound)
      } else {
        insert(newElements[newElements.startIndex], at: subrange.lowerBound)
      }
      return
    }
    let middle: _PersistentArrayNode<Element>
    if let list = newElements as? PersistentArray<Element> {
      middle = list._root
    } else {
      middle = _PersistentArrayNode.build(from: ContiguousArray(newElements))
    }
    let prefix = _PersistentArrayNode.prefix(of: _root, length: subrange.lowerBound)
    let suffix = _PersistentArrayNode.suffix(of: _root, from: subrange.upperBound)
    _root = _PersistentArrayNode.concatenate(_PersistentArrayNode.concatenate(prefix, middle), suffix)
    _checkInvariantsInDebug()
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
