extension PersistentArray: RandomAccessCollection {
  /// The position of the first element: always 0.
  public typealias Index = Int

  /// The valid indices, `0..<count`.
  public typealias Indices = Range<Int>

  /// The position of the first element: always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// One past the last element's position: `count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { count }

  /// The valid indices, `0..<count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var indices: Range<Int> { 0..<count }

  /// The position after `index`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(after index: Int) -> Int { index + 1 }

  /// The position before `index`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(before index: Int) -> Int { index - 1 }

  /// The position `distance` away from `index`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func index(_ index: Int, offsetBy distance: Int) -> Int { index + distance }

  /// The number of positions from `start` to `end`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public func distance(from start: Int, to end: Int) -> Int { end - start }

  /// The element at `index`.
  ///
  /// - Precondition: `index` is in `0..<count`; otherwise this traps naming the index and the count.
  /// - Complexity: O(log n) to read; O(log n) to write, copying the nodes on the path that are
  ///   shared with another copy of the list.
  @inlinable
  public subscript(index: Int) -> Element {
    get {
      _checkIndex(index)
      return _root.element(at: index)
    }
    set {
      _checkIndex(index)
      _makeRootUnique()
      let (leaf, offset) = _root.uniqueLeaf(containing: index)
      leaf.elements[offset] = newValue
    }
  }

  /// Calls `body` with each leaf's elements in order; the leaves are the list's storage, so this
  /// is how whole-list operations run at contiguous-array speed.
  ///
  /// - Complexity: O(n).
  @inlinable
  internal func _forEachLeaf(_ body: (ContiguousArray<Element>) throws -> Void) rethrows {
    if _root.height == 0 {
      try body(_root.elements)
      return
    }
    var path: [(node: _PersistentArrayNode<Element>, index: Int)] = [(_root, 0)]
    while let (node, index) = path.last {
      if index == node.children.count {
        path.removeLast()
        continue
      }
      path[path.count - 1].index = index + 1
      let child = node.children[index]
      if child.height == 0 {
        try body(child.elements)
      } else {
        path.append((child, 0))
      }
    }
  }

  /// Copies the elements into `buffer` a leaf at a time (what `Array(list)` runs).
  ///
  /// - Complexity: O(n).
  @inlinable
  public func _copyContents(
    initializing buffer: UnsafeMutableBufferPointer<Element>
  ) -> (Iterator, UnsafeMutableBufferPointer<Element>.Index) {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return (makeIterator(), 0) }
    let total = Swift.min(buffer.count, count)
    var written = 0
    _forEachLeaf { leaf in
      guard written < total else { return }
      let taken = Swift.min(leaf.count, total - written)
      leaf.withUnsafeBufferPointer { source in
        (base + written).initialize(from: source.baseAddress!, count: taken)
      }
      written += taken
    }
    var iterator = makeIterator()
    iterator._skip(written)
    return (iterator, written)
  }
}

extension PersistentArray {
  /// Iterates a list by walking its leaves: amortized O(1) per element, and each leaf is read
  /// as a contiguous array.
  public struct Iterator: IteratorProtocol {
    /// The elements of the leaf being read.
    @usableFromInline internal var leaf: ContiguousArray<Element>

    /// The offset of the next element in `leaf`.
    @usableFromInline internal var position: Int

    /// The index nodes above `leaf` and, for each, the child to descend into next.
    @usableFromInline internal var path: [(node: _PersistentArrayNode<Element>, next: Int)]

    @inlinable
    internal init(root: _PersistentArrayNode<Element>) {
      position = 0
      path = []
      var node = root
      while node.height > 0 {
        path.append((node, 1))
        node = node.children[0]
      }
      leaf = node.elements
    }

    /// The next element, or `nil` after the last one.
    ///
    /// - Complexity: Amortized O(1).
    @inlinable
    public mutating func next() -> Element? {
      if position < leaf.count {
        defer { position += 1 }
        return leaf[position]
      }
      return _nextLeaf()
    }

    /// Moves to the next leaf and returns its first element.
    @inlinable
    internal mutating func _nextLeaf() -> Element? {
      while let (node, next) = path.last, next == node.children.count {
        path.removeLast()
      }
      guard let (parent, next) = path.last else { return nil }
      path[path.count - 1].next = next + 1
      var node = parent.children[next]
      while node.height > 0 {
        path.append((node, 1))
        node = node.children[0]
      }
      leaf = node.elements
      position = 1
      return leaf[0]
    }

    /// Skips `count` elements (used after a bulk copy).
    @inlinable
    internal mutating func _skip(_ count: Int) {
      var remaining = count
      while remaining > 0 {
        let available = leaf.count - position
        if remaining <= available {
          position += remaining
          return
        }
        remaining -= available
        position = leaf.count
        guard _nextLeaf() != nil else { return }
        remaining -= 1
      }
    }
  }

  /// An iterator over the elements in order.
  ///
  /// - Complexity: O(log n) to create; amortized O(1) per element.
  @inlinable
  public func makeIterator() -> Iterator {
    Iterator(root: _root)
  }

  /// The number of elements (iteration knows it in advance).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var underestimatedCount: Int { count }
}
