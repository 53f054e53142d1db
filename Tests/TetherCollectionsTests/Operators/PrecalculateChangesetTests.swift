import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

final class PrecalculateChangesetTests: XCTestCase {
  func testChangesetsPassUnchangedWithTheDerivedFormComputedBeforeDelivery() {
    let subject = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
    let diffs = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    let patches = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
    diffs.observe(subject.precalculateDiff())
    patches.observe(subject.precalculatePatch())
    let fromPatch = OrderedCollectionChangeset(collection: [1, 2], patch: [.insert(2, at: 1)])
    let fromDiff = OrderedCollectionChangeset(collection: [2], diff: .init(deletes: [0]))
    subject.send(fromPatch)
    subject.send(fromDiff)
    XCTAssertEqual(diffs.elements, [fromPatch, fromDiff])
    XCTAssertEqual(patches.elements, [fromPatch, fromDiff])
    XCTAssertEqual(diffs.elements.first?.diff, OrderedCollectionDiff(inserts: [1]))
    XCTAssertEqual(patches.elements.last?.patch, [.delete(at: 0)])
  }

  /// The form is read on the thread that delivers to the operator, before a hop to another queue:
  /// by the time the scheduler delivers, the work is done.
  func testTheFormIsReadBeforeAHop() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<CountingChangeset, Never>()
    let recorder = EventRecorder<CountingChangeset, Never>()
    recorder.observe(subject.precalculateDiff().receive(on: scheduler))
    let changeset = CountingChangeset()
    subject.send(changeset)
    XCTAssertTrue(recorder.elements.isEmpty, "not delivered yet")
    XCTAssertEqual(changeset.reads.diff.count, 1, "the diff was read before delivery")
    XCTAssertEqual(changeset.reads.patch.count, 0)
    scheduler.advance()
    XCTAssertEqual(recorder.elements.count, 1)

    let patches = EventRecorder<CountingChangeset, Never>()
    patches.observe(subject.precalculatePatch())
    subject.send(changeset)
    XCTAssertEqual(changeset.reads.patch.count, 1)
  }

  /// Random mutation sequences: both operators pass every changeset on unchanged, in order, and
  /// the form each one computed replays.
  func testRandomMutationSequencesPassThroughAndReplay() {
    withSeeds(0..<40) { seed, rng in
      var model = randomArray(count: Int.random(in: 0..<12, using: &rng), alphabet: 50, using: &rng)
      let array = MutableObservableArray(model)
      let direct = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      let diffs = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      let patches = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      direct.observe(array)
      diffs.observe(array.precalculateDiff())
      patches.observe(array.precalculatePatch())
      for _ in 0..<25 { RandomArrayMutation.perform(on: array, model: &model, using: &rng) }
      XCTAssertEqual(diffs.elements, direct.elements, "[seed \(seed)]")
      XCTAssertEqual(patches.elements, direct.elements, "[seed \(seed)]")
      XCTAssertEqual(diffs.elements.last?.collection, model, "[seed \(seed)]")
      assertConsistentSequence(diffs.elements, "precalculateDiff [seed \(seed)]")
      assertConsistentSequence(patches.elements, "precalculatePatch [seed \(seed)]")
    }
  }

  /// Changesets built from random diffs (the patch unknown until derived) and from random patches
  /// (the diff unknown): the precalculated form is the one that replays.
  func testRandomChangesetsGetACorrectPrecalculatedForm() throws {
    try withSeeds(0..<60) { seed, rng in
      let old = randomArray(count: Int.random(in: 0..<40, using: &rng), alphabet: 1_000, using: &rng)
      let diff = randomDiff(oldCount: old.count, using: &rng)
      let new = randomFinalCollection(applying: diff, to: old, using: &rng) {
        Int.random(in: 1_000..<2_000, using: &$0)
      }
      let patch = randomPatch(on: old, count: Int.random(in: 0..<20, using: &rng), using: &rng)
      let patched = old.applying(patch)
      let subject = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
      let withPatches = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      let withDiffs = EventRecorder<OrderedCollectionChangeset<[Int]>, Never>()
      withPatches.observe(subject.precalculatePatch())
      withDiffs.observe(subject.precalculateDiff())
      subject.send(OrderedCollectionChangeset(collection: new, diff: diff))
      subject.send(OrderedCollectionChangeset(collection: patched, patch: patch))
      guard withPatches.elements.count == 2, withDiffs.elements.count == 2 else {
        XCTFail("every changeset passes [seed \(seed)]")
        return
      }
      XCTAssertEqual(old.applying(withPatches.elements[0].patch), new, "derived patch replays [seed \(seed)]")
      XCTAssertEqual(withDiffs.elements[1].diff, OrderedCollectionDiff(from: patch, sourceCount: old.count))
      XCTAssertNoThrow(
        try withDiffs.elements[1].diff.validate(oldCount: old.count, newCount: patched.count), "[seed \(seed)]")
      XCTAssertEqual(
        batchApplying(withDiffs.elements[1].diff, to: old, reading: patched), patched, "derived diff [seed \(seed)]")
    }
  }

  func testWorksOnSetAndTreeChangesets() {
    let sets = PassthroughSubject<UnorderedCollectionChangeset<Set<Int>>, Never>()
    let setRecorder = EventRecorder<UnorderedCollectionChangeset<Set<Int>>, Never>()
    setRecorder.observe(sets.precalculateDiff().precalculatePatch())
    let set: Set = [1, 2]
    sets.send(UnorderedCollectionChangeset(collection: set, diff: .init(inserts: [set.firstIndex(of: 2)!])))
    XCTAssertEqual(setRecorder.elements.first?.patch.count, 1)

    let grids = PassthroughSubject<TreeChangeset<Array2D<String, Int>>, Never>()
    let gridRecorder = EventRecorder<TreeChangeset<Array2D<String, Int>>, Never>()
    gridRecorder.observe(grids.precalculateDiff())
    let grid = Array2D(sectionsWithItems: [("A", [1])])
    grids.send(TreeChangeset(collection: grid, patch: [.insert(TreeNode(.item(1)), at: [0, 0])]))
    XCTAssertEqual(gridRecorder.elements.first?.diff.inserts, [[0, 0]])
  }
}

/// A changeset that counts how often each form is read.
private struct CountingChangeset: ChangesetProtocol, Sendable {
  let reads = (diff: CallCounter(), patch: CallCounter())
  var collection: [Int] { [] }
  var isReload: Bool { false }

  var diff: OrderedCollectionDiff<Int> {
    reads.diff.increment()
    return OrderedCollectionDiff()
  }

  var patch: [OrderedCollectionOperation<Int, Int>] {
    reads.patch.increment()
    return []
  }

  init() {}
  init(collection: [Int], patch: [OrderedCollectionOperation<Int, Int>]) {}
  init(collection: [Int], diff: OrderedCollectionDiff<Int>) {}
}
