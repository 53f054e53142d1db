// Minimal moves: the matched elements that keep their relative order are the longest increasing
// subsequence of their old offsets taken in new order; every other matched element is one move.
// Patience sorting with predecessor links, O(k log k) for k matched elements and O(k) memory,
// with O(1) fast paths for the usual case where almost everything keeps its order.

/// Finds one longest increasing subsequence of the non-negative values in `values` (negative
/// values are skipped) and returns their positions in ascending order.
///
/// Values must be distinct. Ties between subsequences of equal length are broken
/// deterministically (patience sorting keeps the smallest possible tail at each length).
///
/// - Complexity: O(c log L) for c values and a subsequence of length L.
@usableFromInline
internal func _longestIncreasingSubsequence(
  _ values: UnsafeBufferPointer<Int32>,
  candidateCount: Int
) -> [Int32] {
  guard candidateCount > 0 else { return [] }
  // `tailValues[l]` is the smallest value ending an increasing subsequence of length l + 1
  // found so far and `tailPositions[l]` its position; `predecessor[p]` links position p to the
  // position before it in its subsequence.
  let tailValues = UnsafeMutablePointer<Int32>.allocate(capacity: candidateCount)
  let tailPositions = UnsafeMutablePointer<Int32>.allocate(capacity: candidateCount)
  let predecessor = UnsafeMutablePointer<Int32>.allocate(capacity: values.count)
  defer {
    tailValues.deallocate()
    tailPositions.deallocate()
    predecessor.deallocate()
  }
  var length = 0
  for position in values.indices {
    let value = values[position]
    if value < 0 { continue }
    var level: Int
    if length == 0 || tailValues[length &- 1] < value {
      level = length
      length &+= 1
    } else if length == 1 || tailValues[length &- 2] < value {
      level = length &- 1
    } else {
      // The first level whose tail is greater than `value`: in 0..<(length - 2).
      var low = 0
      var high = length &- 2
      while low < high {
        let middle = Int(UInt(bitPattern: low &+ high) &>> 1)
        if tailValues[middle] < value { low = middle &+ 1 } else { high = middle }
      }
      level = low
    }
    tailValues[level] = value
    tailPositions[level] = Int32(truncatingIfNeeded: position)
    predecessor[position] = level > 0 ? tailPositions[level &- 1] : -1
  }
  return [Int32](unsafeUninitializedCapacity: _ownedCapacity(length)) { result, initialized in
    var position = tailPositions[length &- 1]
    var index = length &- 1
    while index >= 0 {
      result[index] = position
      position = predecessor[Int(position)]
      index &-= 1
    }
    initialized = length
  }
}

/// Marks the matched new elements that keep their place (a longest increasing subsequence of
/// their old offsets) with `-2` in `matching.newMatch` and returns how many elements move.
@usableFromInline
internal func _markKeptElements(_ matching: inout _Matching) -> Int {
  let candidateCount = matching.matchedCount
  let kept = matching.newMatch.withUnsafeBufferPointer {
    _longestIncreasingSubsequence($0, candidateCount: candidateCount)
  }
  matching.newMatch.withUnsafeMutableBufferPointer { newMatch in
    for position in kept { newMatch[Int(position)] = -2 }
  }
  return candidateCount &- kept.count
}
