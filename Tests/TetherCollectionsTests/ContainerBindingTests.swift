import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// Signals of changesets and of collections bound into containers, and Bond's empty initializers.
final class ContainerBindingTests: XCTestCase {
  func testEveryContainerHasAnEmptyInitializer() {
    XCTAssertEqual(MutableObservableArray<Int>().collection, [])
    XCTAssertEqual(MutableObservableCollection<ContiguousArray<Int>>().collection, [])
    XCTAssertEqual(MutableObservableSet<Int>().collection, [])
    XCTAssertEqual(MutableObservableDictionary<String, Int>().collection, [:])
    XCTAssertEqual(MutableObservableArray2D<String, Int>().collection, Array2D())
    XCTAssertEqual(MutableObservableTreeArray<Int>().collection, TreeArray())
    XCTAssertEqual(MutableObservableTree<ObjectTreeArray<Int>>().collection.children.count, 0)
  }

  func testAnArrayBoundToAnotherEmitsTheSameChanges() {
    let source = MutableObservableArray(["a", "b"])
    let sourceLog = ChangesetLog(source)
    let target = MutableObservableArray<String>()
    let log = ChangesetLog(target)
    source.bind(to: target)
    source.append("c")
    source.move(from: 0, to: 2)
    source.batchUpdate { batch in
      batch.remove(at: 0)
      batch.insert("z", at: 0)
    }
    XCTAssertEqual(target.collection, source.collection)
    assertConsistentSequence(log.changesets)
    XCTAssertTrue(log.changes[0].isReload, "the source's first changeset is a reload")
    XCTAssertEqual(log.changes.dropFirst().map(\.diff), sourceLog.changes.map(\.diff), "then the source's diffs")
    XCTAssertEqual(log.changes.dropFirst().map(\.patch), sourceLog.changes.map(\.patch))
  }

  func testAChangeOfTheTargetByOthersMakesTheNextBoundChangesetAReload() {
    let source = MutableObservableArray([1, 2])
    let target = MutableObservableArray<Int>()
    let log = ChangesetLog(target)
    source.bind(to: target)
    target.append(99)
    source.append(3)
    XCTAssertEqual(target.collection, [1, 2, 3])
    XCTAssertTrue(log.last.isReload, "the source's diff does not start from [1, 2, 99]")
    assertConsistentSequence(log.changesets)
    source.append(4)
    XCTAssertFalse(log.last.isReload, "from then on the source's diffs apply again")
    assertConsistentSequence(log.changesets)
  }

  func testAFilteredCollectionCanBeBoundIntoAContainer() {
    let source = MutableObservableArray([1, 2, 3, 4])
    let evens = MutableObservableArray<Int>()
    let log = ChangesetLog(evens)
    source.filterCollection { $0.isMultiple(of: 2) }.bind(to: evens)
    source.append(6)
    source.remove(at: 1)
    XCTAssertEqual(evens.collection, [4, 6])
    assertConsistentSequence(log.changesets)
  }

  func testSetsDictionariesArrays2DAndTreesAreBindableTargets() {
    let set = MutableObservableSet<Int>()
    let sourceSet = MutableObservableSet([1])
    sourceSet.bind(to: set)
    sourceSet.insert(2)
    XCTAssertEqual(set.collection, [1, 2])

    let dictionary = MutableObservableDictionary<String, Int>()
    let sourceDictionary = MutableObservableDictionary(["a": 1])
    sourceDictionary.bind(to: dictionary)
    sourceDictionary["b"] = 2
    XCTAssertEqual(dictionary.collection, ["a": 1, "b": 2])

    let array2D = MutableObservableArray2D<String, Int>()
    let sourceArray2D = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", [1])]))
    let log2D = EventRecorder<TreeChangeset<Array2D<String, Int>>, Never>()
    log2D.observe(array2D)
    sourceArray2D.bind(to: array2D)
    sourceArray2D.appendItem(2, toSectionAt: 0)
    XCTAssertEqual(array2D.collection, sourceArray2D.collection)
    XCTAssertFalse(log2D.elements.last!.isReload, "a continuing change keeps its diff")

    let tree = MutableObservableTreeArray<String>()
    let sourceTree = MutableObservableTreeArray([TreeNode("root")])
    sourceTree.bind(to: tree)
    sourceTree.append(TreeNode("leaf"), toChildAt: [0])
    XCTAssertEqual(tree.collection, sourceTree.collection)
  }

  func testASignalOfCollectionsReplacesTheCollectionWithReloads() {
    let titles = PassthroughSubject<[String], Never>()
    let rows = MutableObservableArray<String>()
    let log = ChangesetLog(rows)
    titles.bind(to: rows)
    titles.send(["a"])
    titles.send(["a", "b"])
    XCTAssertEqual(rows.collection, ["a", "b"])
    XCTAssertEqual(log.changesets.map(\.isReload), [true, true, true])

    let members = PassthroughSubject<Set<Int>, Never>()
    let set = MutableObservableSet<Int>()
    members.bind(to: set)
    members.send([3])
    XCTAssertEqual(set.collection, [3])
  }

  func testTheBindingHoldsTheTargetWeakly() {
    let source = MutableObservableArray([1])
    var target: MutableObservableArray<Int>? = MutableObservableArray()
    weak let weakTarget = target
    let binding = source.bind(to: target!)
    target = nil
    XCTAssertNil(weakTarget)
    source.append(2)
    XCTAssertTrue(binding.isDisposed, "the first changeset after the target is gone ends the binding")
  }

  /// A container let go of by its owner (it completes as it deinitializes) releases its observers
  /// even while their disposables are still held (in a dispose bag, say): the disposable is the
  /// observation's subscriber, which must drop the observer once it ended.
  func testAContainerThatGoesAwayReleasesItsObserversWhileTheirDisposablesAreHeld() {
    weak var weakSource: MutableObservableArray<Int>?
    weak var weakMarker: LifetimeMarker?
    let observation: any Disposable
    let binding: any Disposable
    let target = MutableObservableArray<Int>()
    do {
      let source = MutableObservableArray([1])
      weakSource = source
      let marker = LifetimeMarker()
      weakMarker = marker
      observation = source.observeNext { _ in withExtendedLifetime(marker) {} }
      binding = source.bind(to: target)
      source.append(2)
    }
    XCTAssertNil(weakSource)
    XCTAssertNil(weakMarker, "the observer is released")
    XCTAssertEqual(target.collection, [1, 2])
    observation.dispose()
    binding.dispose()
  }

  func testDisposingTheBindingStopsIt() {
    let source = MutableObservableArray([1])
    let target = MutableObservableArray<Int>()
    let binding = source.bind(to: target)
    binding.dispose()
    source.append(2)
    XCTAssertEqual(target.collection, [1])
  }

  func testTwoArraysCanBeBoundBidirectionally() {
    let left = MutableObservableArray([1])
    let right = MutableObservableArray<Int>()
    let log = ChangesetLog(right)
    let binding = left.bidirectionalBind(to: right)
    left.append(2)
    right.append(3)
    XCTAssertEqual(left.collection, [1, 2, 3])
    XCTAssertEqual(right.collection, [1, 2, 3])
    assertConsistentSequence(log.changesets)
    binding.dispose()
  }
}

/// Something an observer captures; its lifetime shows whether the observer is still held.
private final class LifetimeMarker: Sendable {}
