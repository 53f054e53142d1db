import TetherChangesets
import TetherTestSupport
import XCTest

/// All pairs of arrays of up to 5 elements over a 3-letter alphabet (364 arrays, 132,496 pairs),
/// for every algorithm: the diff is a valid, exact, minimal batch update (Myers' script checked
/// against dynamic programming), its patch replays, and patch -> diff gives the diff back.
final class DiffingExhaustiveTests: XCTestCase {
  /// All 364 arrays of length 0...5 over {0, 1, 2}, shortest first.
  private static let arrays: [[Int]] = {
    var result: [[Int]] = [[]]
    var layer: [[Int]] = [[]]
    for _ in 1...5 {
      layer = layer.flatMap { prefix in (0..<3).map { prefix + [$0] } }
      result += layer
    }
    return result
  }()

  private let warnings = DiffWarningCounter()

  override func setUp() {
    warnings.install(during: self)
  }

  func testHeckelOnAllPairs() {
    XCTAssertEqual(Self.arrays.count, 364)
    let checked = checkPairs(.heckel)
    XCTAssertEqual(checked, 132_496)
    XCTAssertGreaterThan(warnings.count, 0, "pairs with repeated letters report duplicates")
  }

  func testMyersOnAllPairs() {
    XCTAssertEqual(checkPairs(.myers()), 132_496)
  }

  func testMyersWithMoveInferenceOnAllPairs() {
    XCTAssertEqual(checkPairs(.myers(inferMoves: true)), 132_496)
  }

  /// Checks every pair; stops after a few failures.
  @discardableResult
  private func checkPairs(_ algorithm: DiffAlgorithm) -> Int {
    var failures = 0
    var checked = 0
    for old in Self.arrays {
      for new in Self.arrays {
        checked += 1
        let diff = new.diff(from: old, algorithm: algorithm)
        var violation = smallDiffViolation(diff, old: old, new: new, algorithm: algorithm)
        if violation == nil {
          let patch = diff.generatePatch(to: new)
          if old.applying(patch) != new {
            violation = "its patch \(patch) does not replay"
          } else if OrderedCollectionDiff(from: patch, sourceCount: old.count) != diff {
            violation = "its patch \(patch) converts back to another diff"
          }
        }
        if let violation {
          XCTFail("\(algorithm) from \(old) to \(new): \(violation); diff \(diff)")
          failures += 1
          if failures > 5 { return checked }
        }
      }
    }
    return checked
  }
}

/// A fast, non-generic version of `diffViolation` for tiny arrays of letters 0, 1, 2 (which are
/// their own identity, so there are never updates).
private func smallDiffViolation(
  _ diff: OrderedCollectionDiff<Int>,
  old: [Int],
  new: [Int],
  algorithm: DiffAlgorithm
) -> String? {
  let n = old.count
  let m = new.count
  if !diff.updates.isEmpty { return "updates of values that are their own identity" }
  var leaves = [Bool](repeating: false, count: n)
  var arrives = [Bool](repeating: false, count: m)
  for i in diff.deletes + diff.moves.map(\.from) {
    guard i >= 0 && i < n && !leaves[i] else { return "bad or repeated old offset \(i)" }
    leaves[i] = true
  }
  for j in diff.inserts + diff.moves.map(\.to) {
    guard j >= 0 && j < m && !arrives[j] else { return "bad or repeated new offset \(j)" }
    arrives[j] = true
  }
  if n - diff.deletes.count + diff.inserts.count != m { return "counts do not add up" }
  // Replay: survivors keep their order, moves go to their targets.
  var source = [Int](repeating: -1, count: m)
  var survivor = 0
  for j in 0..<m where !arrives[j] {
    while leaves[survivor] { survivor += 1 }
    source[j] = survivor
    survivor += 1
  }
  for move in diff.moves { source[move.to] = move.from }
  var matched: [Int] = []
  for j in 0..<m where source[j] >= 0 {
    if old[source[j]] != new[j] { return "old \(source[j]) ends at new \(j) as another letter" }
    matched.append(source[j])
  }
  for j in diff.inserts where source[j] != -1 { return "insert \(j) also has a source" }
  // Minimal moves: matched minus a longest increasing run (quadratic is fine at this size).
  var longest = [Int](repeating: 1, count: matched.count)
  for a in matched.indices {
    for b in 0..<a where matched[b] < matched[a] { longest[a] = max(longest[a], longest[b] + 1) }
  }
  if diff.moves.count != matched.count - (longest.max() ?? 0) { return "moves are not minimal" }
  var oldCounts = [0, 0, 0]
  var newCounts = [0, 0, 0]
  for letter in old { oldCounts[letter] += 1 }
  for letter in new { newCounts[letter] += 1 }
  let everyCopy = (0..<3).reduce(0) { $0 + min(oldCounts[$1], newCounts[$1]) }
  switch algorithm {
  case .heckel:
    if matched.count != everyCopy { return "matched \(matched.count) of \(everyCopy) possible" }
    // The k-th old copy of a letter goes with its k-th new copy.
    var oldRank = [Int](repeating: 0, count: n)
    var seen = [0, 0, 0]
    for i in 0..<n {
      oldRank[i] = seen[old[i]]
      seen[old[i]] += 1
    }
    seen = [0, 0, 0]
    for j in 0..<m {
      let rank = seen[new[j]]
      seen[new[j]] += 1
      if source[j] >= 0 && oldRank[source[j]] != rank { return "new \(j) is not matched with copy #\(rank)" }
    }
  case .myers(let inferMoves):
    var table = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
    for i in 0..<n {
      for j in 0..<m {
        table[i + 1][j + 1] = old[i] == new[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
      }
    }
    let common = table[n][m]
    if diff.deletes.count + diff.inserts.count + 2 * diff.moves.count != n + m - 2 * common {
      return "not a shortest script (common subsequence \(common))"
    }
    if inferMoves {
      if matched.count != everyCopy { return "matched \(matched.count) of \(everyCopy) possible" }
    } else if !diff.moves.isEmpty {
      return "moves without move inference"
    }
  }
  return nil
}
