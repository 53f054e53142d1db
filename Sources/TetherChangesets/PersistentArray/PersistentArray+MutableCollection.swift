extension PersistentArray: MutableCollection {
  /// Exchanges the elements at `first` and `second`.
  ///
  /// - Precondition: Both indices are in `0..<count`.
  /// - Complexity: O(log n).
  @inlinable
  public mutating func swapAt(_ first: Int, _ second: Int) {
    _checkIndex(first)
    _checkIndex(second)
    guard first != second else { return }
    let value = self[first]
    self[first] = self[second]
    self[second] = value
  }

  /// Moves the element at `source` so that it ends up at `destination`, shifting the elements
  /// in between by one.
  ///
  /// ```swift
  /// var list: PersistentArray = ["a", "b", "c", "d"]
  /// list.move(from: 0, to: 2)  // ["b", "c", "a", "d"]
  /// ```
  ///
  /// - Precondition: Both indices are in `0..<count`; otherwise this traps naming the index and
  ///   the count.
  /// - Complexity: O(log n).
  @inlinable
  public mutating func move(from source: Int, to destination: Int) {
    _checkIndex(source)
    _checkIndex(destination)
    guard source != destination else { return }
    let element = remove(at: source)
    insert(element, at: destination)
  }
}
