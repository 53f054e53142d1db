extension PersistentArray: Equatable where Element: Equatable {
  /// Whether two lists hold equal elements in the same order.
  ///
  /// - Complexity: O(1) when both share their root (one is an unchanged copy of the other);
  ///   otherwise O(n).
  @inlinable
  public static func == (lhs: PersistentArray, rhs: PersistentArray) -> Bool {
    if lhs._root === rhs._root { return true }
    guard lhs.count == rhs.count else { return false }
    var other = rhs.makeIterator()
    for element in lhs {
      guard element == other.next() else { return false }
    }
    return true
  }
}

extension PersistentArray: Hashable where Element: Hashable {
  /// Hashes the count and the elements in order, as `Array` does, so equal lists hash equally.
  ///
  /// - Complexity: O(n).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

// Safe: nodes are written only while uniquely referenced (copy-on-write); a node two lists
// share, which is the only kind two threads can reach, is never written.
extension PersistentArray: @unchecked Sendable where Element: Sendable {}

extension PersistentArray: ExpressibleByArrayLiteral {
  /// Creates a list from an array literal.
  ///
  /// - Complexity: O(n).
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(elements)
  }
}
