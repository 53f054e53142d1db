import Foundation
import TetherDiffuser
import TetherSynchronization
import XCTest

/// Sentences of Bins.md that no other test pinned down.
final class BinsClaimsTests: XCTestCase {
  // Bins.md: "the collection re-runs it only when that element is updated"; "A bin finds an element's row by binary search, so an update costs O(f + log n) filter calls and comparisons".
  func testAnUpdateCallsEachFilterAtMostOnceAndComparesLogarithmicallyOften() {
    let filterCalls = AtomicInt(0)
    let comparisons = AtomicInt(0)
    let counting: @Sendable (Int, @escaping @Sendable (Int) -> Bool) -> DiffCollectionFilter<Int> = { name, test in
      DiffCollectionFilter(name: "\(name)") { element in
        filterCalls.add(1, ordering: .relaxed)
        return test(element)
      }
    }
    let filters = [
      counting(0) { $0 < 0 },
      counting(1) { $0.isMultiple(of: 2) },
      counting(2) { _ in true },
    ]
    // Elements are multiples of 4, identified by element / 4, so element + 2 or + 1 is an update.
    var bins = DiffCollection(filters: filters, id: { $0 / 4 }) { lhs, rhs in
      comparisons.add(1, ordering: .relaxed)
      return lhs < rhs
    }
    // 8,192 elements in the second bin.
    let count = 8_192
    for element in stride(from: 0, to: 4 * count, by: 4) { _ = bins.update(element: element) }
    XCTAssertEqual(bins.numberOfElements(inSection: 1), count)

    let updates: [(Int, DiffCollectionResult.Outcome)] = [
      (4 * count - 4, .unchanged), (4_002, .updated), (2, .updated), (9, .moved), (10, .moved),
    ]
    for (element, outcome) in updates {
      filterCalls.store(0, ordering: .relaxed)
      comparisons.store(0, ordering: .relaxed)
      let result = bins.update(element: element)
      XCTAssertEqual(result.outcome, outcome, "\(element)")
      XCTAssertLessThanOrEqual(filterCalls.load(ordering: .relaxed), filters.count, "\(element): only its own filters")
      // log2(8,192) = 13: a scan of the bin would compare thousands of times.
      XCTAssertLessThanOrEqual(comparisons.load(ordering: .relaxed), 4 * 13, "\(element)")
    }
    // A new element: its filters run once each until one accepts it, and its row is found by search.
    filterCalls.store(0, ordering: .relaxed)
    comparisons.store(0, ordering: .relaxed)
    let added = bins.update(element: 4 * count + 2)
    XCTAssertEqual(added.outcome, .added)
    XCTAssertEqual(filterCalls.load(ordering: .relaxed), 2, "the first two filters, not the third")
    XCTAssertLessThanOrEqual(comparisons.load(ordering: .relaxed), 4 * 13)
  }
}
