import TetherChangesets
import TetherTestSupport
import XCTest

@testable import TetherCollections

/// `replace(with:performDiff:)` in each form: the emitted changeset replays and is minimal.
final class MutableObservableArrayReplaceTests: XCTestCase {
  // The random inputs repeat values on purpose (the diff stays valid); keep the engine's duplicate
  // warnings out of the test log.
  override func setUp() {
    silenceTetherWarnings()
  }

  func testHashableElementsDiffToMinimalMoves() {
    let array = MutableObservableArray(["a", "b", "c", "d"])
    let log = ChangesetLog(array)
    array.replace(with: ["d", "a", "b", "x"], performDiff: true)
    let changeset = log.last
    XCTAssertFalse(changeset.isReload)
    XCTAssertEqual(changeset.collection, ["d", "a", "b", "x"])
    XCTAssertEqual(
      changeset.diff.normalized(),
      OrderedCollectionDiff(inserts: [3], deletes: [2], moves: [(from: 3, to: 0)])
    )
    assertReplays(changeset, from: ["a", "b", "c", "d"])
  }

  func testWithoutDiffItIsAReload() {
    let array = MutableObservableArray(["a"])
    let log = ChangesetLog(array)
    array.replace(with: ["b"], performDiff: false)
    XCTAssertTrue(log.last.isReload)
  }

  func testIdentifiableElementsReportUpdates() {
    let array = MutableObservableArray([Row(id: 1, title: "one"), Row(id: 2, title: "two")])
    let log = ChangesetLog(array)
    array.replace(with: [Row(id: 2, title: "TWO"), Row(id: 1, title: "one")], performDiff: true)
    let diff = log.last.diff.normalized()
    XCTAssertEqual(diff.updates, [1])
    XCTAssertEqual(diff.moves.count, 1)
    assertReplays(log.last, from: [Row(id: 1, title: "one"), Row(id: 2, title: "two")])
  }

  func testIdentifiableAndHashableElementsReportUpdates() {
    let array = MutableObservableArray([HashableRow(id: 1, title: "one")])
    let log = ChangesetLog(array)
    array.replace(with: [HashableRow(id: 1, title: "uno")], performDiff: true)
    XCTAssertEqual(log.last.diff, OrderedCollectionDiff(updates: [0]))
  }

  func testClosureForm() {
    let array = MutableObservableArray([Row(id: 1, title: "one"), Row(id: 2, title: "two")])
    let log = ChangesetLog(array)
    array.replace(
      with: [Row(id: 3, title: "two"), Row(id: 4, title: "one")],
      performDiff: true,
      identifiedBy: \.title,
      isEqual: { _, _ in true }
    )
    XCTAssertEqual(log.last.diff.moves.count, 1, "matched by title, so only the order changed")
    XCTAssertTrue(log.last.diff.inserts.isEmpty)
  }

  func testEquatableOnlyElementsDiffAlongALongestCommonSubsequence() {
    let old = "abcabba".map(Letter.init)
    let new = "cbabac".map(Letter.init)
    let array = MutableObservableArray(old)
    let log = ChangesetLog(array)
    array.replace(with: new, performDiff: true)
    let diff = log.last.diff
    XCTAssertEqual(diff.deletes.count + diff.inserts.count, 5, "Myers' classic example: d = 5")
    assertReplays(log.last, from: old)
  }

  func testRandomReplacementsReplayInEveryForm() {
    withSeeds(0..<150) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<30, using: &rng), alphabet: 12, using: &rng)
      var new = old
      new.apply(randomPatch(on: old, count: Int.random(in: 0..<10, using: &rng), alphabet: 12, using: &rng))
      if Int.random(in: 0..<5, using: &rng) == 0 { new.shuffle(using: &rng) }

      let hashable = MutableObservableArray(old)
      let hashableLog = ChangesetLog(hashable)
      hashable.replace(with: new, performDiff: true)
      assertReplays(hashableLog.last, from: old, "hashable [seed \(seed)]")

      let letters = MutableObservableArray(old.map(Letter.init))
      let lettersLog = ChangesetLog(letters)
      letters.replace(with: new.map(Letter.init), performDiff: true)
      assertReplays(lettersLog.last, from: old.map(Letter.init), "equatable [seed \(seed)]")
      let diff = lettersLog.last.diff
      XCTAssertEqual(
        diff.deletes.count + diff.inserts.count,
        old.count + new.count - 2 * longestCommonSubsequenceLength(old, new),
        "the Equatable diff is minimal [seed \(seed)]"
      )

      let rows = MutableObservableArray(old.enumerated().map { Row(id: $0.element, title: "\($0.offset)") })
      let rowsLog = ChangesetLog(rows)
      let newRows = new.enumerated().map { Row(id: $0.element, title: "\($0.offset % 3)") }
      rows.replace(with: newRows, performDiff: true)
      assertReplays(
        rowsLog.last, from: old.enumerated().map { Row(id: $0.element, title: "\($0.offset)") }, "[seed \(seed)]")
    }
  }

  func testEquatableDiffEdgeCases() {
    XCTAssertTrue(equatableDiff(from: [Letter](), to: []).isEmpty)
    XCTAssertEqual(equatableDiff(from: [], to: [Letter("a")]), OrderedCollectionDiff(inserts: [0]))
    XCTAssertEqual(equatableDiff(from: [Letter("a")], to: []), OrderedCollectionDiff(deletes: [0]))
    XCTAssertEqual(
      equatableDiff(from: [Letter("a")], to: [Letter("b")]),
      OrderedCollectionDiff(inserts: [0], deletes: [0])
    )
  }
}

private func longestCommonSubsequenceLength(_ a: [Int], _ b: [Int]) -> Int {
  var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
  for i in stride(from: a.count - 1, through: 0, by: -1) {
    for j in stride(from: b.count - 1, through: 0, by: -1) {
      table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
    }
  }
  return table[0][0]
}

struct Row: Identifiable, Equatable {
  var id: Int
  var title: String
}

struct HashableRow: Identifiable, Hashable {
  var id: Int
  var title: String
}

/// Equatable but not Hashable or Identifiable.
struct Letter: Equatable {
  var value: String
  init(_ value: Character) { self.value = String(value) }
  init(_ value: String) { self.value = value }
  init(_ value: Int) { self.value = String(value) }
}
