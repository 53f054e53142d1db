import TetherChangesets
import TetherCollections
import TetherTestSupport
import XCTest

final class MutableObservableSetTests: XCTestCase {
  func testObservingFirstDeliversAReload() {
    let set = MutableObservableSet<String>(["a"])
    let log = ChangesetLog(set)
    XCTAssertTrue(log.last.isReload)
    XCTAssertEqual(log.last.collection, ["a"])
  }

  func testInsertAndRemove() {
    let set = MutableObservableSet<String>(["a"])
    let log = ChangesetLog(set)
    XCTAssertTrue(set.insert("b").inserted)
    XCTAssertEqual(log.last.diff.inserts.map { log.last.collection[$0] }, ["b"])
    XCTAssertFalse(set.insert("b").inserted)
    XCTAssertTrue(log.last.diff.isEmpty, "inserting a member that is there emits an empty changeset")
    XCTAssertEqual(set.remove("a"), "a")
    XCTAssertEqual(log.last.diff.deletes.count, 1)
    XCTAssertNil(set.remove("zz"))
    XCTAssertEqual(set.collection, ["b"])
    XCTAssertTrue(set.contains("b"))
    XCTAssertEqual(set.count, 1)
    XCTAssertEqual(log.changesets.count, 5, "one changeset per call")
    assertConsistentSequence(log.changesets)
  }

  func testBulkMutations() {
    let set = MutableObservableSet<Int>([1, 2, 3])
    let log = ChangesetLog(set)
    set.formUnion([3, 4, 5])
    XCTAssertEqual(log.last.diff.inserts.count, 2)
    set.subtract([1, 2, 9])
    XCTAssertEqual(log.last.diff.deletes.count, 2)
    XCTAssertEqual(set.collection, [3, 4, 5])
    set.replace(with: [4, 6])
    XCTAssertEqual(log.last.diff.deletes.count, 2)
    XCTAssertEqual(log.last.diff.inserts.count, 1)
    XCTAssertFalse(log.last.isReload)
    set.replace(with: [7], performDiff: false)
    XCTAssertTrue(log.last.isReload)
    set.removeAll()
    XCTAssertEqual(log.last.diff.deletes.count, 1)
    XCTAssertTrue(set.isEmpty)
    assertConsistentSequence(log.changesets)
  }

  func testRandomMutationSequencesReplay() {
    withSeeds(0..<60) { seed, rng in
      var model = Set(randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 40, using: &rng))
      let set = MutableObservableSet(model)
      let log = ChangesetLog(set)
      for step in 0..<30 {
        let values = randomArray(count: Int.random(in: 0..<6, using: &rng), alphabet: 40, using: &rng)
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
          set.insert(values.first ?? 0)
          model.insert(values.first ?? 0)
        case 1:
          set.remove(values.first ?? 0)
          model.remove(values.first ?? 0)
        case 2:
          set.formUnion(values)
          model.formUnion(values)
        case 3:
          set.subtract(values)
          model.subtract(values)
        case 4:
          let replacement = Set(randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 40, using: &rng))
          set.replace(with: replacement)
          model = replacement
        default:
          if Int.random(in: 0..<5, using: &rng) == 0 {
            set.removeAll()
            model.removeAll()
          }
        }
        XCTAssertEqual(set.collection, model, "step \(step) [seed \(seed)]")
      }
      assertConsistentSequence(log.changesets, "[seed \(seed)]")
    }
  }
}
