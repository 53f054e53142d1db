import TetherTestSupport
import XCTest

@testable import TetherChangesets

/// `generatePatch(to:)` checks its diff (and traps naming the problem) instead of turning an invalid
/// diff into a wrong patch: its check rejects exactly what ``ChangesetValidator`` rejects.
final class GeneratePatchCheckTests: XCTestCase {
  func testTheCheckAgreesWithTheValidatorOnRandomCorruptedDiffs() {
    var rng = SeededRandomNumberGenerator(seed: 18)
    var rejected = 0
    for round in 0..<3_000 {
      let oldCount = Int.random(in: 0...8, using: &rng)
      var diff = randomDiff(oldCount: oldCount, changeRate: 0.3, using: &rng)
      let finalCount = oldCount - diff.deletes.count + diff.inserts.count
      func index() -> Int { Int.random(in: -1...(finalCount + 1), using: &rng) }
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: diff.inserts.append(index())
      case 1: diff.deletes.append(index())
      case 2: diff.updates.append(index())
      case 3: diff.moves.append((from: index(), to: index()))
      case 4 where !diff.moves.isEmpty: diff.moves[0].to = index()
      default: break
      }
      // The patch is generated for `finalCount` elements; the source count follows from the diff.
      let planned = finalCount
      let sourceCount = planned - diff.inserts.count + diff.deletes.count
      let validator = Result { () throws(ChangesetValidationError) in
        guard sourceCount >= 0 else {
          throw .countMismatch(
            scope: .elements, oldCount: sourceCount, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0, newCount: 0)
        }
        try ChangesetValidator.validate(diff, oldCount: sourceCount, newCount: planned)
      }
      let planner = DiffPatchPlanner(diff: diff, finalCount: planned)
      let check = Result { () throws(ChangesetValidationError) in
        try planner.check(
          deletes: diff.deletes.sorted(), inserts: diff.inserts.sorted(), updates: diff.updates.sorted(),
          moveSources: diff.moves.map(\.from).sorted(), moveTargets: diff.moves.map(\.to).sorted())
      }
      XCTAssertEqual(
        (try? validator.get()) != nil, (try? check.get()) != nil, "round \(round): \(diff) to \(planned) elements")
      if (try? check.get()) == nil { rejected += 1 }
    }
    XCTAssertGreaterThan(rejected, 500)
  }
}
