import TetherSynchronization

/// An ordered, random-access collection whose copies share structure: copying it is O(1), and a
/// mutation after a copy copies only the O(log n) nodes on the path to the change.
///
/// An `Array` kept by someone else (an observer, a binder's data source, a changeset waiting in a
/// queue) makes the next mutation copy every element. A `PersistentArray` kept the same way makes
/// the next mutation copy one leaf of at most 64 elements and a few small index nodes, however
/// long the list is. That is what `MutableObservableList` is built on.
///
/// ```swift
/// var rows: PersistentArray = [1, 2, 3]
/// let snapshot = rows   // O(1): shares every node
/// rows.append(4)        // O(log n): copies one leaf and the root
/// rows.insert(0, at: 0)
/// snapshot              // [1, 2, 3], unchanged
/// Array(rows)           // [0, 1, 2, 3, 4]
/// ```
///
/// Indices are `Int` offsets from zero, as for `Array`; an out-of-range index traps with a message
/// naming the index and the count, in every build configuration.
///
/// It is a B+ tree: leaves hold up to 64 elements (fewer for large elements) in contiguous
/// storage, index nodes hold up to 32 children and their element counts. Reading an element
/// descends the tree (O(log n)); iterating walks the leaves (amortized O(1) per element).
public struct PersistentArray<Element> {
  @usableFromInline
  internal var _root: _PersistentArrayNode<Element>

  @inlinable
  internal init(_root: _PersistentArrayNode<Element>) {
    self._root = _root
  }

  /// Creates an empty list.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    self._root = _PersistentArrayNode(leaf: [])
  }

  /// Creates a list holding the elements of `elements`, in order.
  ///
  /// The tree is built bottom-up with full nodes, so it takes no more memory than the appends
  /// would and no rebalancing.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public init<S: Sequence>(_ elements: S) where S.Element == Element {
    if let list = elements as? PersistentArray<Element> {
      self = list
      return
    }
    self._root = _PersistentArrayNode.build(from: ContiguousArray(elements))
    _checkInvariantsInDebug()
  }

  /// Creates a list of `count` copies of `repeatedValue`.
  ///
  /// - Complexity: O(n) for n elements.
  @inlinable
  public init(repeating repeatedValue: Element, count: Int) {
    tetherPrecondition(count >= 0, "Cannot create a PersistentArray with a negative count (\(count))")
    self._root = _PersistentArrayNode.build(from: ContiguousArray(repeating: repeatedValue, count: count))
    _checkInvariantsInDebug()
  }

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _root.count }

  /// Whether the list has no elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { _root.count == 0 }

  /// Makes the root node unique before a mutation; its descendants are made unique on the way down.
  @inlinable
  internal mutating func _makeRootUnique() {
    if !isKnownUniquelyReferenced(&_root) {
      _root = _root.copy()
    }
  }

  /// Traps unless `index` addresses an element.
  @inlinable @inline(__always)
  internal func _checkIndex(_ index: Int) {
    tetherPrecondition(
      index >= 0 && index < count,
      "Index \(index) is out of range for a PersistentArray of \(count) elements"
    )
  }

  /// Traps unless `index` is a valid insertion point (`0...count`).
  @inlinable @inline(__always)
  internal func _checkInsertionIndex(_ index: Int) {
    tetherPrecondition(
      index >= 0 && index <= count,
      "Insertion index \(index) is out of range for a PersistentArray of \(count) elements (valid: 0...\(count))"
    )
  }

  /// Traps unless `range` lies within `0...count`.
  @inlinable @inline(__always)
  internal func _checkRange(_ range: Range<Int>) {
    tetherPrecondition(
      range.lowerBound >= 0 && range.upperBound <= count,
      "Range \(range.lowerBound)..<\(range.upperBound) is out of range for a PersistentArray of \(count) elements"
    )
  }
}
