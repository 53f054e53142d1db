import TetherChangesets

/// The diff from `old` to `new` for elements that are only `Equatable`: the elements of a longest
/// common subsequence stay, every other old element is deleted and every other new one inserted.
///
/// The diffing engine needs hashable identities; this is Myers' linear-space O((n + m) · d)
/// algorithm (split at the middle snake, recursively), for containers of merely `Equatable`
/// elements. It finds no moves and no updates.
///
/// - Complexity: O((n + m) · d) time and O(n + m) memory for d differences.
func equatableDiff<Element: Equatable>(from old: [Element], to new: [Element]) -> OrderedCollectionDiff<Int> {
  var matcher = EquatableMatcher(old: old, new: new)
  matcher.match(old: 0..<old.count, new: 0..<new.count)
  var diff = OrderedCollectionDiff<Int>()
  for index in old.indices where !matcher.oldMatched[index] { diff.deletes.append(index) }
  for index in new.indices where !matcher.newMatched[index] { diff.inserts.append(index) }
  return diff
}

private struct EquatableMatcher<Element: Equatable> {
  let old: [Element]
  let new: [Element]
  var oldMatched: [Bool]
  var newMatched: [Bool]

  init(old: [Element], new: [Element]) {
    self.old = old
    self.new = new
    oldMatched = [Bool](repeating: false, count: old.count)
    newMatched = [Bool](repeating: false, count: new.count)
  }

  mutating func match(old oldRange: Range<Int>, new newRange: Range<Int>) {
    var (oldLow, oldHigh) = (oldRange.lowerBound, oldRange.upperBound)
    var (newLow, newHigh) = (newRange.lowerBound, newRange.upperBound)
    while oldLow < oldHigh && newLow < newHigh && old[oldLow] == new[newLow] {
      markMatched(oldLow, newLow)
      oldLow += 1
      newLow += 1
    }
    while oldLow < oldHigh && newLow < newHigh && old[oldHigh - 1] == new[newHigh - 1] {
      markMatched(oldHigh - 1, newHigh - 1)
      oldHigh -= 1
      newHigh -= 1
    }
    guard oldLow < oldHigh && newLow < newHigh else { return }
    // Both sides are non-empty and differ at both ends, so d >= 2 and the split point lies
    // strictly inside: both halves are smaller problems.
    guard let (x, y) = middleSnake(oldLow: oldLow, oldHigh: oldHigh, newLow: newLow, newHigh: newHigh) else { return }
    match(old: oldLow..<x, new: newLow..<y)
    match(old: x..<oldHigh, new: y..<newHigh)
  }

  private mutating func markMatched(_ oldIndex: Int, _ newIndex: Int) {
    oldMatched[oldIndex] = true
    newMatched[newIndex] = true
  }

  /// A point on an optimal edit path of the box, found by running the forward and backward
  /// searches until they overlap (Myers 1986, section 4b).
  private func middleSnake(oldLow: Int, oldHigh: Int, newLow: Int, newHigh: Int) -> (Int, Int)? {
    let n = oldHigh - oldLow
    let m = newHigh - newLow
    let maxD = (n + m + 1) / 2
    let offset = maxD
    let length = 2 * maxD + 2
    var forward = [Int](repeating: -1, count: length)
    var backward = [Int](repeating: -1, count: length)
    forward[offset + 1] = 0
    backward[offset + 1] = 0
    let delta = n - m
    let checksInForward = delta % 2 != 0
    var (forwardStart, forwardEnd, backwardStart, backwardEnd) = (0, 0, 0, 0)
    for d in 0..<maxD {
      var k = -d + forwardStart
      while k <= d - forwardEnd {
        let index = offset + k
        var x =
          (k == -d || (k != d && forward[index - 1] < forward[index + 1])) ? forward[index + 1] : forward[index - 1] + 1
        var y = x - k
        while x < n && y < m && old[oldLow + x] == new[newLow + y] {
          x += 1
          y += 1
        }
        forward[index] = x
        if x > n {
          forwardEnd += 2
        } else if y > m {
          forwardStart += 2
        } else if checksInForward {
          let other = offset + delta - k
          if other >= 0 && other < length && backward[other] != -1 && x >= n - backward[other] {
            return (oldLow + x, newLow + y)
          }
        }
        k += 2
      }
      k = -d + backwardStart
      while k <= d - backwardEnd {
        let index = offset + k
        var x =
          (k == -d || (k != d && backward[index - 1] < backward[index + 1]))
          ? backward[index + 1] : backward[index - 1] + 1
        var y = x - k
        while x < n && y < m && old[oldHigh - x - 1] == new[newHigh - y - 1] {
          x += 1
          y += 1
        }
        backward[index] = x
        if x > n {
          backwardEnd += 2
        } else if y > m {
          backwardStart += 2
        } else if !checksInForward {
          let other = offset + delta - k
          if other >= 0 && other < length && forward[other] != -1 {
            let forwardX = forward[other]
            let forwardY = forwardX - (other - offset)
            if forwardX >= n - x { return (oldLow + forwardX, newLow + forwardY) }
          }
        }
        k += 2
      }
    }
    return nil  // nothing in common: everything is deleted and inserted
  }
}
