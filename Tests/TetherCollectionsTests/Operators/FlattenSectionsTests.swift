import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class FlattenSectionsTests: XCTestCase {
  private typealias Grid = Array2D<String, Int>
  private typealias GridChangeset = TreeChangeset<Grid>
  private typealias Node = TreeNode<Array2DElement<String, Int>>

  func testFlattenSectionsTranslatesSectionAndItemOperations() {
    var grid = Grid(sectionsWithItems: [("A", [1, 2]), ("B", [3]), ("C", [4, 5])])
    var stream: [GridChangeset] = [.reload(grid)]
    for patch: [OrderedCollectionOperation<Node, IndexPath>] in [
      [.insert(Node(.item(9)), at: [1, 0])],  // flat [1, 2, 9, 3, 4, 5]
      [.move(from: [0, 0], to: [2, 2])],  // an item across sections: [2, 9, 3, 4, 5, 1]
      [.update(at: [0], newElement: Node(.section("a")))],  // metadata only: nothing
      [.move(from: [2], to: [0])],  // section C first: its three items move
      [.delete(at: [1])],  // section A and its item 2 go
      [.insert(Node(.section("D"), [Node(.item(7)), Node(.item(8))]), at: [1])],
    ] {
      grid.apply(patch)
      stream.append(GridChangeset(collection: grid, patch: patch))
    }
    let output = runGrid(stream) { $0.flattenSections() }
    XCTAssertEqual(
      output.map(patchText),
      [
        "reload",
        "[insert(9, at: 2)]",
        "[move(0 → 5)]",
        "[]",
        "[move(3 → 0), move(4 → 1), move(5 → 2)]",
        "[delete(3)]",
        "[insert(7, at: 3), insert(8, at: 4)]",
      ])
    XCTAssertEqual(output.last?.collection, grid.allItems)
    for (previous, next) in zip(output, output.dropFirst()) { assertReplays(next, from: previous.collection) }
  }

  func testFlattenSectionsOnRandomChangesetsReplaysAndMatchesAllItems() {
    withSeeds(0..<80) { seed, rng in
      let stream = randomGridStream(steps: 25, using: &rng)
      let output = runGrid(stream) { $0.flattenSections() }
      XCTAssertEqual(output.count, stream.count, "seed \(seed)")
      for (step, (flat, source)) in zip(output, stream).enumerated() {
        XCTAssertEqual(flat.collection, source.collection.allItems, "seed \(seed), step \(step)")
        XCTAssertEqual(flat.isReload, step == 0 || source.isReload, "seed \(seed), step \(step)")
        if step > 0, !flat.isReload {
          assertReplays(flat, from: output[step - 1].collection, "seed \(seed), step \(step)")
        }
      }
    }
  }
}
