import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class MapArray2DTests: XCTestCase {
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
        var replayedSections = sections[step - 1].collection
        replayedSections.apply(sections[step].patch)
        XCTAssertEqual(replayedSections, sections[step].collection, "mapSections patch [\(context)]")
        var fromDiff = sections[step - 1].collection
        fromDiff.apply(sections[step].diff.generateTreePatch(to: sections[step].collection))
        XCTAssertEqual(fromDiff, sections[step].collection, "mapSections diff as a patch [\(context)]")
      }
    }
  }
}
