import TetherChangesets

// The index work shared by the containers' single mutations and their batch proxies. Each function
// changes the collection and returns the change's diff (and patch where it is cheap to know);
// callers check the arguments first.

extension RangeReplaceableCollection {
  /// Replaces the element at `offset`.
  @inlinable
  mutating func replaceElement(atOffset offset: Int, with element: Element) {
    let position = index(atOffset: offset)
    replaceSubrange(position..<index(after: position), with: CollectionOfOne(element))
  }

  /// Moves the element at `from` so that it ends up at `to`.
  @inlinable
  mutating func moveElement(from: Int, to: Int) {
    guard from != to else { return }
    let element = remove(at: index(atOffset: from))
    insert(element, at: index(atOffset: to))
  }

  /// Swaps the elements at `first` and `second`; returns the patch (moves) that does it.
  @inlinable
  mutating func swapElements(_ first: Int, _ second: Int) -> [OrderedCollectionOperation<Element, Int>] {
    guard first != second else { return [] }
    let (low, high) = first < second ? (first, second) : (second, first)
    let lowElement = self[index(atOffset: low)]
    let highElement = self[index(atOffset: high)]
    replaceElement(atOffset: low, with: highElement)
    replaceElement(atOffset: high, with: lowElement)
    // The low element moves to `high`, shifting the others left; the high element, now at
    // `high - 1`, moves back to `low`.
    if high == low + 1 { return [.move(from: low, to: high)] }
    return [.move(from: low, to: high), .move(from: high - 1, to: low)]
  }

  /// Moves the elements at `offsets` (distinct, in range) so that they end up next to each other,
  /// in the order of `offsets`, the first at `target`; returns the diff: one move per element.
  @inlinable
  mutating func moveElements(from offsets: [Int], to target: Int) -> OrderedCollectionDiff<Int> {
    var isMoved = [Bool](repeating: false, count: count)
    for offset in offsets { isMoved[offset] = true }
    let elements = Array(self)
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for (offset, element) in elements.enumerated() where !isMoved[offset] {
      result.append(element)
    }
    result.insert(contentsOf: offsets.map { elements[$0] }, at: target)
    replaceSubrange(startIndex..<endIndex, with: result)
    return OrderedCollectionDiff(moves: offsets.enumerated().map { (from: $0.element, to: target + $0.offset) })
  }

  /// Reorders the elements so that the element at old offset `order[p]` ends up at `p`; returns
  /// the diff, which moves only the elements outside a longest run that keeps its relative order.
  @inlinable
  mutating func permute(by order: [Int]) -> OrderedCollectionDiff<Int> {
    let elements = Array(self)
    replaceSubrange(startIndex..<endIndex, with: order.map { elements[$0] })
    return Self.minimalMoves(for: order)
  }

  /// The moves of a permutation (`order[p]` is the old offset of the element now at `p`): every
  /// element outside a longest increasing subsequence of `order` moves, the others stay.
  @inlinable
  static func minimalMoves(for order: [Int]) -> OrderedCollectionDiff<Int> {
    let staying = longestIncreasingSubsequenceMask(order)
    var moves: [(from: Int, to: Int)] = []
    for (position, old) in order.enumerated() where !staying[position] {
      moves.append((from: old, to: position))
    }
    moves.sort { $0.from < $1.from }
    return OrderedCollectionDiff(moves: moves)
  }
}

extension Collection {
  /// The stable sorting permutation: `result[p]` is the offset of the element that sorts to `p`;
  /// equal elements keep their relative order.
  @inlinable
  func sortingPermutation(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows -> [Int] {
    let elements = Array(self)
    var order = Array(elements.indices)
    try order.sort { left, right in
      if try areInIncreasingOrder(elements[left], elements[right]) { return true }
      if try areInIncreasingOrder(elements[right], elements[left]) { return false }
      return left < right
    }
    return order
  }
}

/// Marks the positions of one longest strictly increasing subsequence of `values`.
///
/// - Complexity: O(n log n).
@inlinable
func longestIncreasingSubsequenceMask(_ values: [Int]) -> [Bool] {
  // tails[k]: position of the smallest last value of an increasing run of length k + 1.
  var tails: [Int] = []
  var previous = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var mask = [Bool](repeating: false, count: values.count)
  var position = tails.last ?? -1
  while position >= 0 {
    mask[position] = true
    position = previous[position]
  }
  return mask
}
