import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// A 2D array batch-updated from two threads at once (sections and items inserted, removed, moved
/// across sections, updated), bound to the validating views directly and through `mapItems` and
/// `flattenSections` (run under the thread sanitizer by CI). Guards invariant 8 of DESIGN.md for
/// 2D-array changesets under concurrency: no batch a view receives breaks a UIKit rule, and each
/// view ends showing the final 2D array. Seeded; values stay unique.
final class Array2DBindingStressTests: XCTestCase {
  func testConcurrentBatchUpdatesReachTheValidatingViewsAsValidBatches() {
    let grid = MutableObservableArray2D<Int, Int>(
      Array2D(sections: (0..<4).map { .init(metadata: $0, items: Array($0 * 100..<$0 * 100 + 5)) }))
    let violations = Shared(0)
    let (direct, mapped, flat) = MainActor.assumeIsolated {
      let views = (BatchUpdateValidatingView<Int>(), BatchUpdateValidatingView<Int>(), FlatUpdateValidatingView<Int>())
      views.0.recordsCalls = false
      views.1.recordsCalls = false
      views.2.recordsCalls = false
      views.0.onViolation = { _ in violations.withLock { $0 += 1 } }
      views.1.onViolation = { _ in violations.withLock { $0 += 1 } }
      grid.bind(to: views.0) { items, indexPath, _ in items.item(at: indexPath) }
      grid.mapItems { -$0 }.bind(to: views.1) { items, indexPath, _ in items.item(at: indexPath) }
      grid.flattenSections().bind(to: views.2) { items, row, _ in items.item(at: row) }
      return views
    }
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      var rng = SeededRandomNumberGenerator(seed: UInt64(53 + thread))
      for step in 0..<150 {
        grid.batchUpdate { batch in
          for operation in 0..<Int.random(in: 1...3, using: &rng) {
            let value = 10_000 + thread * 100_000 + step * 10 + operation
            Self.edit(&batch, value: value, using: &rng)
          }
        }
      }
    }
    drainMainQueue()
    let final = grid.collection
    let rows = final.sections.map(\.items)
    MainActor.assumeIsolated {
      XCTAssertEqual(violations.withLock { $0 }, 0, "a view saw an invalid batch")
      XCTAssertEqual(flat.violations, [])
      XCTAssertEqual(direct.rows, rows)
      XCTAssertEqual(mapped.rows, rows.map { $0.map { -$0 } })
      XCTAssertEqual(flat.rows, rows.flatMap { $0 })
    }
  }

  /// One random edit: a section inserted, removed or moved, or an item inserted, removed, moved
  /// (often to another section) or updated.
  static func edit(
    _ batch: inout Array2DBatch<Int, Int>, value: Int, using rng: inout SeededRandomNumberGenerator
  ) {
    let sections = batch.numberOfSections
    let itemPaths = (0..<sections).flatMap { section in
      (0..<batch.numberOfItems(inSection: section)).map { IndexPath(indexes: [section, $0]) }
    }
    switch Int.random(in: 0..<8, using: &rng) {
    case 0 where sections < 6:
      batch.insert(section: .init(metadata: value, items: [value + 1]), at: Int.random(in: 0...sections, using: &rng))
    case 1 where sections > 2:
      _ = batch.removeSection(at: Int.random(in: 0..<sections, using: &rng))
    case 2 where sections > 1:
      batch.moveSection(from: Int.random(in: 0..<sections, using: &rng), to: Int.random(in: 0..<sections, using: &rng))
    case 3 where !itemPaths.isEmpty:
      _ = batch.removeItem(at: itemPaths.randomElement(using: &rng)!)
    case 4 where !itemPaths.isEmpty:
      let from = itemPaths.randomElement(using: &rng)!
      let section = Int.random(in: 0..<sections, using: &rng)
      let count = batch.numberOfItems(inSection: section) - (from[0] == section ? 1 : 0)
      batch.moveItem(from: from, to: IndexPath(indexes: [section, Int.random(in: 0...count, using: &rng)]))
    case 5 where !itemPaths.isEmpty:
      batch[itemAt: itemPaths.randomElement(using: &rng)!] = value
    default:
      guard sections > 0 else {
        batch.appendSection(value, items: [value + 1])
        return
      }
      let section = Int.random(in: 0..<sections, using: &rng)
      let row = Int.random(in: 0...batch.numberOfItems(inSection: section), using: &rng)
      batch.insert(item: value, at: IndexPath(indexes: [section, row]))
    }
  }
}
