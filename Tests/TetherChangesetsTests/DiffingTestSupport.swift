import Foundation
import TetherChangesets
import TetherSynchronization
import TetherTestSupport
import XCTest

/// An element with an identity and a content that can change.
struct DiffItem: Identifiable, Hashable, CustomStringConvertible {
  var id: Int
  var value: Int

  init(_ id: Int, _ value: Int = 0) {
    self.id = id
    self.value = value
  }

  var description: String { value == 0 ? "\(id)" : "\(id):\(value)" }
}

/// Counts the warnings reported through `TetherLogger` while installed, without building their
/// messages (so tests that diff duplicates on purpose stay fast and quiet).
final class DiffWarningCounter: Sendable {
  private let counter = Locked(0)
  private let lastMessage = Locked<String?>(nil)
  private let keepsMessages: Bool

  init(keepsMessages: Bool = false) {
    self.keepsMessages = keepsMessages
  }

  var count: Int { counter.withLock { $0 } }
  var message: String? { lastMessage.withLock { $0 } }

  var logger: TetherLogger {
    TetherLogger(warn: { [self] message, _, _ in
      counter.withLock { $0 += 1 }
      if keepsMessages {
        let text = message()
        lastMessage.withLock { $0 = text }
      }
    })
  }

  /// Installs the counter's logger for the rest of `test` (call it from `setUp()`); the previous
  /// one is restored when the test ends.
  func install(during test: XCTestCase) {
    let previous = TetherLogger.shared
    TetherLogger.shared = logger
    test.addTeardownBlock { TetherLogger.shared = previous }
  }

  /// Installs the counter's logger for the duration of `body`, then restores the previous one.
  func install<R>(_ body: () throws -> R) rethrows -> R {
    let previous = TetherLogger.shared
    TetherLogger.shared = logger
    defer { TetherLogger.shared = previous }
    return try body()
  }
}

/// What a checked diff must satisfy beyond being a valid batch update that turns old into new.
struct DiffExpectations {
  /// Moves are exactly the matched elements outside a longest increasing subsequence.
  var minimalMoves = true
  /// Every identifier is matched min(old copies, new copies) times.
  var matchesEveryCopy = true
  /// The k-th old copy of an identifier is matched with its k-th new copy.
  var matchesKthCopies = true
  /// The number of inserts and deletes (plus twice the moves) is n + m - 2 LCS.
  var shortestScript = false
  /// Matched elements were found by Myers without move inference: no moves at all.
  var noMoves = false
}

/// Checks `diff` against `old` and `new` independently of the engine. Returns a description of
/// the first violation, or nil.
func diffViolation<Element, ID: Hashable>(
  _ diff: OrderedCollectionDiff<Int>,
  old: [Element],
  new: [Element],
  id: (Element) -> ID,
  isEqual: (Element, Element) -> Bool,
  expecting expectations: DiffExpectations = DiffExpectations()
) -> String? {
  let n = old.count
  let m = new.count
  for (name, offsets, count) in [
    ("delete", diff.deletes, n), ("update", diff.updates, n), ("move source", diff.moves.map(\.from), n),
    ("insert", diff.inserts, m), ("move target", diff.moves.map(\.to), m),
  ] {
    if let bad = offsets.first(where: { !(0..<count).contains($0) }) {
      return "\(name) \(bad) out of range for \(count) elements"
    }
  }
  // Tether's normal form: every part ascending (moves by source), no offset twice.
  for (name, offsets) in [
    ("deletes", diff.deletes), ("inserts", diff.inserts), ("updates", diff.updates),
    ("move sources", diff.moves.map(\.from)),
  ] where zip(offsets, offsets.dropFirst()).contains(where: { $0 >= $1 }) {
    return "\(name) not strictly ascending: \(offsets)"
  }
  var deleted = [Bool](repeating: false, count: n)
  var movedFrom = [Bool](repeating: false, count: n)
  var updated = [Bool](repeating: false, count: n)
  var inserted = [Bool](repeating: false, count: m)
  var movedTo = [Bool](repeating: false, count: m)
  for i in diff.deletes { deleted[i] = true }
  for i in diff.updates { updated[i] = true }
  for j in diff.inserts { inserted[j] = true }
  for move in diff.moves {
    if deleted[move.from] { return "an offset is both deleted and moved" }
    if inserted[move.to] || movedTo[move.to] { return "an offset is both inserted and a move target" }
    movedFrom[move.from] = true
    movedTo[move.to] = true
  }
  if diff.updates.contains(where: { deleted[$0] }) { return "an offset is both deleted and updated" }
  if n - diff.deletes.count + diff.inserts.count != m {
    return "counts do not add up: \(n) - \(diff.deletes.count) + \(diff.inserts.count) != \(m)"
  }
  // Replay: unmoved survivors keep their order; moves go where they say.
  let stayOld = (0..<n).filter { !deleted[$0] && !movedFrom[$0] }
  let stayNew = (0..<m).filter { !inserted[$0] && !movedTo[$0] }
  guard stayOld.count == stayNew.count else { return "survivor counts differ" }
  var source = [Int?](repeating: nil, count: m)
  for (i, j) in zip(stayOld, stayNew) { source[j] = i }
  for move in diff.moves { source[move.to] = move.from }
  for j in 0..<m {
    guard let i = source[j] else { continue }
    if id(old[i]) != id(new[j]) { return "old \(i) ends at new \(j) with another identity" }
    if updated[i] == isEqual(old[i], new[j]) {
      return updated[i] ? "old \(i) is updated but unchanged" : "old \(i) changed but is not updated"
    }
  }
  let matchedSources = source.compactMap { $0 }
  if expectations.noMoves && !diff.moves.isEmpty { return "moves without move inference" }
  if expectations.minimalMoves {
    let kept = _testLongestIncreasingLength(matchedSources)
    if diff.moves.count != matchedSources.count - kept {
      return "\(diff.moves.count) moves, but \(matchedSources.count) matched with \(kept) in order"
    }
  }
  if expectations.matchesEveryCopy || expectations.matchesKthCopies {
    var oldRank: [Int] = []
    var seen: [ID: Int] = [:]
    for element in old {
      oldRank.append(seen[id(element), default: 0])
      seen[id(element), default: 0] += 1
    }
    var newSeen: [ID: Int] = [:]
    var expectedMatches = 0
    for j in 0..<m {
      let key = id(new[j])
      let rank = newSeen[key, default: 0]
      newSeen[key] = rank + 1
      if rank < seen[key, default: 0] { expectedMatches += 1 }
      if expectations.matchesKthCopies && rank < seen[key, default: 0] {
        guard let i = source[j], oldRank[i] == rank else { return "new \(j) is not matched with old copy #\(rank)" }
      }
    }
    if expectedMatches != matchedSources.count { return "matched \(matchedSources.count), expected \(expectedMatches)" }
  }
  if expectations.shortestScript {
    let common = _testLongestCommonSubsequence(old.map(id), new.map(id))
    let script = diff.deletes.count + diff.inserts.count + 2 * diff.moves.count
    if script != n + m - 2 * common { return "script of \(script) edits, shortest is \(n + m - 2 * common)" }
  }
  return nil
}

/// Length of a longest strictly increasing subsequence (patience sorting, lengths only).
func _testLongestIncreasingLength(_ values: [Int]) -> Int {
  var tails: [Int] = []
  for value in values {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if tails[middle] < value { low = middle + 1 } else { high = middle }
    }
    if low == tails.count { tails.append(value) } else { tails[low] = value }
  }
  return tails.count
}

/// Length of a longest common subsequence, by dynamic programming over two rows.
func _testLongestCommonSubsequence<T: Equatable>(_ a: [T], _ b: [T]) -> Int {
  guard !a.isEmpty && !b.isEmpty else { return 0 }
  var previous = [Int](repeating: 0, count: b.count + 1)
  var current = previous
  for x in a {
    for (column, y) in b.enumerated() {
      current[column + 1] = x == y ? previous[column] + 1 : max(previous[column + 1], current[column])
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}
