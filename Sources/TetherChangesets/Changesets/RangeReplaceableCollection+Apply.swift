import TetherSynchronization

extension RangeReplaceableCollection {
  /// Applies the operations of an ordered patch in order; each operation's offsets refer to the
  /// collection as it is right before that operation.
  ///
  /// ```swift
  /// var letters = ["a", "b", "c"]
  /// letters.apply([.delete(at: 0), .insert("d", at: 2), .move(from: 0, to: 1)])
  /// // letters == ["c", "b", "d"]
  /// ```
  ///
  /// - Precondition: Every offset is in range for the state it applies to; otherwise this traps
  ///   with a message naming the offset and the element count.
  /// - Complexity: O(k · n) for k operations on n elements in the worst case (each operation
  ///   shifts elements); O(1) per operation at the end of an array.
  public mutating func apply(_ patch: [OrderedCollectionOperation<Element, Int>]) {
    for operation in patch {
      apply(operation)
    }
  }

  /// Applies one patch operation; its offsets refer to the collection as it is now.
  ///
  /// - Complexity: O(n) in the worst case.
  public mutating func apply(_ operation: OrderedCollectionOperation<Element, Int>) {
    let count = self.count
    switch operation {
    case .insert(let element, let offset):
      checkOffset(offset, allowed: count + 1, count: count)
      insert(element, at: index(startIndex, offsetBy: offset))
    case .delete(let offset):
      checkOffset(offset, allowed: count, count: count)
      remove(at: index(startIndex, offsetBy: offset))
    case .update(let offset, let element):
      checkOffset(offset, allowed: count, count: count)
      let position = index(startIndex, offsetBy: offset)
      replaceSubrange(position..<index(after: position), with: CollectionOfOne(element))
    case .move(let from, let to):
      checkOffset(from, allowed: count, count: count)
      checkOffset(to, allowed: count, count: count)
      if from == to { return }
      let element = remove(at: index(startIndex, offsetBy: from))
      insert(element, at: index(startIndex, offsetBy: to))
    }
  }

  /// A copy of this collection with the operations of `patch` applied in order.
  ///
  /// - Complexity: As applying the patch in place, plus a copy.
  public func applying(_ patch: [OrderedCollectionOperation<Element, Int>]) -> Self {
    var copy = self
    copy.apply(patch)
    return copy
  }

  private func checkOffset(_ offset: Int, allowed: Int, count: Int) {
    if offset < 0 || offset >= allowed {
      tetherPreconditionFailure("Index \(offset) is out of range for a collection of \(count) elements")
    }
  }
}
