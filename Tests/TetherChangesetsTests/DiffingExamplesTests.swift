import Foundation
import TetherChangesets
import TetherTestSupport
import XCTest

final class DiffingExamplesTests: XCTestCase {
  func testSmoke() {
    let old = [DiffItem(1), DiffItem(2), DiffItem(3), DiffItem(4), DiffItem(5)]
    let new = [DiffItem(5), DiffItem(2, 9), DiffItem(3), DiffItem(6), DiffItem(1)]
    let diff = new.diff(from: old)
    print(diff)
    XCTAssertNil(diffViolation(diff, old: old, new: new, id: \.id, isEqual: ==))
    let myers = new.diff(from: old, algorithm: .myers(inferMoves: true))
    print(myers)
    XCTAssertNil(diffViolation(myers, old: old, new: new, id: \.id, isEqual: ==, expecting: .init(minimalMoves: true, matchesKthCopies: true, shortestScript: true)))
    print(new.makeChangeset(from: old))
  }
}
