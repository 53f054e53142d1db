import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class Array2DOperatorsTests: XCTestCase {
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

  func testMapItemsAndMapSectionsKeepTheSourceIndexPaths() {
    withSeeds(0..<60) { seed, rng in
      let stream = randomGridStream(steps: 25, using: &rng)
      let items = runGrid(stream) { $0.mapItems { "#\($0)" } }
      let sections = runGrid(stream) { $0.mapSections { $0.lowercased() } }
      for (step, source) in stream.enumerated() {
        let context = "seed \(seed), step \(step)"
        let expectedItems = Array2D(
          sections: source.collection.sections.map { .init(metadata: $0.metadata, items: $0.items.map { "#\($0)" }) })
        let expectedSections = Array2D(
          sections: source.collection.sections.map { .init(metadata: $0.metadata.lowercased(), items: $0.items) })
        XCTAssertEqual(items[step].collection, expectedItems, context)
        XCTAssertEqual(sections[step].collection, expectedSections, context)
        guard step > 0, !source.isReload else {
          XCTAssertTrue(items[step].isReload && sections[step].isReload, context)
          continue
        }
        XCTAssertEqual(items[step].diff, source.diff, context)
        XCTAssertEqual(sections[step].diff, source.diff, context)
        do {
          try items[step].validate(from: items[step - 1].collection)
          try sections[step].validate(from: sections[step - 1].collection)
        } catch {
          XCTFail("invalid mapped changeset: \(error) [\(context)]")
        }
        var replayed = items[step - 1].collection
        replayed.apply(items[step].patch)
        XCTAssertEqual(replayed, items[step].collection, context)
      }
    }
  }

  // MARK: Helpers

  private func runGrid<Output>(
    _ stream: [GridChangeset],
    _ makeSignal: (PassthroughSubject<GridChangeset, Never>) -> Signal<Output, Never>
  ) -> [Output] {
    let subject = PassthroughSubject<GridChangeset, Never>()
    let recorder = EventRecorder<Output, Never>()
    recorder.observe(makeSignal(subject))
    for changeset in stream { subject.send(changeset) }
    recorder.assertNoViolations()
    return recorder.elements
  }

  /// Random 2D-array changesets: section and item inserts, deletes, updates and moves (items
  /// across sections), as patches, as diffs only, and now and then a reload.
  private func randomGridStream(steps: Int, using rng: inout SeededRandomNumberGenerator) -> [GridChangeset] {
    var nextItem = 0
    func item(_ rng: inout SeededRandomNumberGenerator) -> Int {
      nextItem += 1
      return nextItem
    }
    func section(_ rng: inout SeededRandomNumberGenerator) -> Node {
      let name = String(UnicodeScalar(UInt8(65 + Int.random(in: 0..<26, using: &rng))))
      return Node(.section(name), (0..<Int.random(in: 0..<4, using: &rng)).map { _ in Node(.item(item(&rng))) })
    }
    func randomGrid(_ rng: inout SeededRandomNumberGenerator) -> Grid {
      var grid = Grid()
      for index in 0..<Int.random(in: 0..<4, using: &rng) { grid.insert(section(&rng), at: [index]) }
      return grid
    }
    var grid = randomGrid(&rng)
    var stream: [GridChangeset] = [.reload(grid)]
    for _ in 0..<steps {
      if Int.random(in: 0..<12, using: &rng) == 0 {
        grid = randomGrid(&rng)
        stream.append(.reload(grid))
        continue
      }
      var patch: [OrderedCollectionOperation<Node, IndexPath>] = []
      let operationCount = Int.random(in: 0..<12, using: &rng) == 0 ? 12 : Int.random(in: 0...3, using: &rng)
      for _ in 0..<operationCount {
        let sectionCount = grid.numberOfSections
        let itemPaths = grid.sections.indices.flatMap { s in
          grid.sections[s].items.indices.map { IndexPath(indexes: [s, $0]) }
        }
        let operation: OrderedCollectionOperation<Node, IndexPath>
        switch Int.random(in: 0..<8, using: &rng) {
        case 0:
          operation = .insert(section(&rng), at: [Int.random(in: 0...sectionCount, using: &rng)])
        case 1 where sectionCount > 0:
          operation = .delete(at: [Int.random(in: 0..<sectionCount, using: &rng)])
        case 2 where sectionCount > 0:
          operation = .update(at: [Int.random(in: 0..<sectionCount, using: &rng)], newElement: Node(.section("U")))
        case 3 where sectionCount > 1:
          operation = .move(
            from: [Int.random(in: 0..<sectionCount, using: &rng)], to: [Int.random(in: 0..<sectionCount, using: &rng)])
        case 4 where sectionCount > 0:
          let s = Int.random(in: 0..<sectionCount, using: &rng)
          let i = Int.random(in: 0...grid.sections[s].items.count, using: &rng)
          operation = .insert(Node(.item(item(&rng))), at: [s, i])
        case 5 where !itemPaths.isEmpty:
          operation = .delete(at: itemPaths.randomElement(using: &rng)!)
        case 6 where !itemPaths.isEmpty:
          operation = .update(at: itemPaths.randomElement(using: &rng)!, newElement: Node(.item(item(&rng))))
        case 7 where !itemPaths.isEmpty:
          let from = itemPaths.randomElement(using: &rng)!
          var after = grid
          after.remove(at: from)
          let s = Int.random(in: 0..<sectionCount, using: &rng)
          operation = .move(from: from, to: [s, Int.random(in: 0...after.sections[s].items.count, using: &rng)])
        default:
          continue
        }
        grid.apply([operation])
        patch.append(operation)
      }
      let changeset = GridChangeset(collection: grid, patch: patch)
      stream.append(Bool.random(using: &rng) ? changeset : GridChangeset(collection: grid, diff: changeset.diff))
    }
    return stream
  }
}
