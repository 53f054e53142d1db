import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

/// Builds random valid sectioned diffs by construction and checks that the validator accepts them,
/// and that breaking one count or duplicating one entry makes it reject them.
final class SectionedValidationPropertyTests: XCTestCase {
  private struct Case {
    var diff = OrderedCollectionDiff<IndexPath>()
    var oldItemCounts: [Int] = []
    var newItemCounts: [Int] = []
    /// New sections whose items are checked (neither inserted nor reloaded).
    var checkedNewSections: [Int] = []
  }

  private func randomCase(using rng: inout SeededRandomNumberGenerator) -> Case {
    var result = Case()
    result.oldItemCounts = (0..<Int.random(in: 0...5, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
    let sectionDiff = randomDiff(oldCount: result.oldItemCounts.count, changeRate: 0.25, using: &rng)
    let newSectionCount = result.oldItemCounts.count - sectionDiff.deletes.count + sectionDiff.inserts.count
    // Old section of each new section; -1 for inserted or reloaded ones (their items are opaque).
    let origins = batchApplying(
      sectionDiff,
      to: Array(0..<result.oldItemCounts.count),
      reading: Array(repeating: -1, count: newSectionCount)
    )
    result.diff.deletes = sectionDiff.deletes.map { [$0] }
    result.diff.updates = sectionDiff.updates.map { [$0] }
    result.diff.inserts = sectionDiff.inserts.map { [$0] }
    result.diff.moves = sectionDiff.moves.map { (from: [$0.from], to: [$0.to]) }

    let checked = origins.indices.filter { origins[$0] >= 0 }
    result.checkedNewSections = checked
    // UIKit moves no row into, out of or within a section that moves in the same batch.
    let movedTargets = Set(sectionDiff.moves.map(\.to))
    let movable = checked.filter { !movedTargets.contains($0) }
    var incoming = [[IndexPath]](repeating: [], count: newSectionCount)  // move sources per target section
    var newCounts = (0..<newSectionCount).map { _ in Int.random(in: 0...6, using: &rng) }
    for newSection in checked { newCounts[newSection] = result.oldItemCounts[origins[newSection]] }
    for newSection in checked {
      let oldSection = origins[newSection]
      for item in 0..<result.oldItemCounts[oldSection] {
        let path: IndexPath = [oldSection, item]
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
          result.diff.deletes.append(path)
          newCounts[newSection] -= 1
        case 1 where !movedTargets.contains(newSection):
          let target = movable.randomElement(using: &rng)!
          incoming[target].append(path)
          newCounts[newSection] -= 1
          newCounts[target] += 1
          if Bool.random(using: &rng) { result.diff.updates.append(path) }
        case 2:
          result.diff.updates.append(path)
        default:
          break
        }
      }
    }
    for newSection in checked {
      let inserts = Int.random(in: 0...2, using: &rng)
      newCounts[newSection] += inserts
      var slots = Array(0..<newCounts[newSection])
      slots.shuffle(using: &rng)
      for slot in slots.prefix(inserts) { result.diff.inserts.append([newSection, slot]) }
      for (source, slot) in zip(incoming[newSection], slots.dropFirst(inserts)) {
        result.diff.moves.append((from: source, to: [newSection, slot]))
      }
    }
    result.newItemCounts = newCounts
    return result
  }

  func testRandomValidSectionedDiffsPassAndBrokenOnesFail() throws {
    var rejectedCounts = 0
    var rejectedDuplicates = 0
    try withSeeds(0..<2_000) { seed, rng in
      let valid = randomCase(using: &rng)
      do {
        try valid.diff.validate(oldItemCounts: valid.oldItemCounts, newItemCounts: valid.newItemCounts)
      } catch {
        XCTFail("seed \(seed): \(error) for \(valid.diff) \(valid.oldItemCounts) -> \(valid.newItemCounts)")
        return
      }
      if let section = valid.checkedNewSections.randomElement(using: &rng) {
        var counts = valid.newItemCounts
        counts[section] += 1
        XCTAssertThrowsError(
          try valid.diff.validate(oldItemCounts: valid.oldItemCounts, newItemCounts: counts),
          "seed \(seed)"
        ) { error in
          guard case .countMismatch = error as? ChangesetValidationError else {
            return XCTFail("seed \(seed): expected a count mismatch, got \(error)")
          }
          rejectedCounts += 1
        }
      }
      if let delete = valid.diff.deletes.randomElement(using: &rng) {
        var duplicated = valid.diff
        duplicated.deletes.append(delete)
        XCTAssertThrowsError(
          try duplicated.validate(oldItemCounts: valid.oldItemCounts, newItemCounts: valid.newItemCounts),
          "seed \(seed)"
        ) { error in
          XCTAssertEqual(
            error as? ChangesetValidationError,
            .duplicateIndex(
              change: .delete, location: delete.count == 1 ? .section(delete[0]) : .item(delete[1], section: delete[0])),
            "seed \(seed)"
          )
          rejectedDuplicates += 1
        }
      }
    }
    XCTAssertGreaterThan(rejectedCounts, 500)
    XCTAssertGreaterThan(rejectedDuplicates, 500)
  }
}
