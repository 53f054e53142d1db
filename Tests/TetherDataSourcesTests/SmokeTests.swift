import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import XCTest

final class SmokeTests: XCTestCase {
  func testBindArray() { MainActor.assumeIsolated {
    let view = BatchUpdateValidatingView<String>()
    let items = Property(OrderedCollectionChangeset(reloading: ["a", "b", "c"]))
    let binding = items.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
    XCTAssertEqual(view.rows, [["a", "b", "c"]])
    items.value = OrderedCollectionChangeset(collection: ["c", "b", "x"], diff: .init(inserts: [2], deletes: [0], moves: [(from: 2, to: 0)]))
    XCTAssertEqual(view.rows, [["c", "b", "x"]])
    XCTAssertEqual(view.violations, [])
    print(view.calls)
    binding.dispose()
  }}
}
