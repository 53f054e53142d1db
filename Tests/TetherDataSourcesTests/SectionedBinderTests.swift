import Dispatch
import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherValidatingViews
import XCTest

final class SectionedBinderTests: XCTestCase {
  private typealias View = BatchUpdateValidatingView<String>
  private typealias Changes = OrderedCollectionChangeset<[String]>

  func testTheFirstChangesetReloadsTheView() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes(collection: ["a", "b"], diff: .init(inserts: [1])))
      items.bind(to: view, createCell: stringCell)
      XCTAssertEqual(view.calls, [.reloadData], "whatever its diff, the first changeset is a reload")
      XCTAssertEqual(view.rows, [["a", "b"]])
    }
  }

  func testMovingTheBinderToAnotherViewUninstallsItFromTheFirst() {
    MainActor.assumeIsolated {
      let first = View()
      let second = View()
      typealias Binder = SectionedBinderDataSource<SingleSectionChangeset<[String]>, View>
      let binder = Binder(createCell: stringCell)
      binder.apply(Changes.reload(["a"]).asSectionedDataSourceChangeset)
      binder.view = first
      XCTAssertTrue(first.sectionedDataSource === binder)
      binder.view = second
      XCTAssertNil(first.sectionedDataSource, "the first view no longer asks the binder")
      XCTAssertTrue(second.sectionedDataSource === binder)
      XCTAssertEqual(second.rows, [["a"]])
      // A view another binder took over keeps that binder.
      let other = Binder(createCell: stringCell)
      other.view = second
      binder.view = nil
      XCTAssertTrue(second.sectionedDataSource === other)
    }
  }

  func testReloadChangesetsReloadAndEmptyDiffsDoNothing() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      items.bind(to: view, createCell: stringCell)
      items.value = .reload(["x", "y"])
      items.value = Changes(collection: ["x", "y"], diff: .init())
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(view.rows, [["x", "y"]])
    }
  }

  func testOneBatchSendsSectionsThenRowsInUIKitOrder() {
    MainActor.assumeIsolated {
      typealias Grid = Array2D<String, String>
      typealias Node = TreeNode<Array2DElement<String, String>>
      let view = View()
      var grid = Grid(sectionsWithItems: [("A", ["a0", "a1", "a2"]), ("B", ["b0"]), ("C", [])])
      let changes = Property(TreeChangeset(reloading: grid))
      changes.bind(to: view) { grid, indexPath, _ in grid.item(at: indexPath) }
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [
        .delete(at: [2]),
        .insert(Node(.section("D")), at: [2]),
        .update(at: [1], newElement: Node(.section("B'"))),
        .delete(at: [0, 0]),
        .insert(Node(.item("a3")), at: [0, 2]),
        .update(at: [0, 0], newElement: Node(.item("a1'"))),
        .move(from: [0, 1], to: [0, 0]),
      ]
      grid.apply(patch)
      view.resetRecords()
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        view.calls,
        [
          .beginBatch(animated: true),
          .deleteSections([2], .automatic),
          .insertSections([2], .automatic),
          .reloadSections([1], .automatic),
          .deleteRows([[0, 0]], .automatic),
          .insertRows([[0, 2]], .automatic),
          .reloadRows([[0, 1]], .automatic),
          .moveRow([0, 2], [0, 0]),
          .endBatch,
        ]
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a2", "a1'", "a3"], ["b0"], []])
      XCTAssertEqual(view.sectionTitles, ["A", "B'", "D"])
    }
  }

  func testAMovedAndUpdatedRowIsReloadedInASecondBatch() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a", "b", "c"]))
      items.bind(to: view, createCell: stringCell)
      view.resetRecords()
      items.value = Changes(collection: ["b", "c", "A"], diff: .init(updates: [0], moves: [(from: 0, to: 2)]))
      XCTAssertEqual(
        view.calls,
        [
          .beginBatch(animated: true), .moveRow([0, 0], [0, 2]), .endBatch,
          .beginBatch(animated: true), .reloadRows([[0, 2]], .automatic), .endBatch,
        ]
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["b", "c", "A"]])
    }
  }

  func testRowsMovedWithTheirSectionAreStaged() {
    MainActor.assumeIsolated {
      typealias Node = TreeNode<Array2DElement<String, String>>
      let view = View()
      var grid = Array2D(sectionsWithItems: [("A", ["a0", "a1"]), ("B", ["b0"])])
      let changes = Property(TreeChangeset(reloading: grid))
      changes.bind(to: view) { grid, indexPath, _ in grid.item(at: indexPath) }
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [
        .move(from: [0], to: [1]), .move(from: [1, 0], to: [1, 1]),
      ]
      grid.apply(patch)
      view.resetRecords()
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        view.calls,
        [
          .beginBatch(animated: true), .moveSection(0, 1), .endBatch,
          .beginBatch(animated: true), .moveRow([1, 0], [1, 1]), .endBatch,
        ]
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["b0"], ["a1", "a0"]])
    }
  }

  func testAnimationsAreConfigurablePerKind() {
    MainActor.assumeIsolated {
      var animations = SectionedViewAnimations.fade
      animations.rowInsertion = .left
      animations.rowDeletion = .right
      animations.rowReload = .middle
      let view = View()
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view, animations: animations, createCell: stringCell)
      view.resetRecords()
      items.value = Changes(collection: ["c", "b2"], diff: .init(inserts: [0], deletes: [0], updates: [1]))
      XCTAssertEqual(
        view.calls,
        [
          .beginBatch(animated: true), .deleteRows([[0, 0]], .right), .insertRows([[0, 0]], .left),
          .reloadRows([[0, 1]], .middle), .endBatch,
        ]
      )
    }
  }

  func testNoAnimationModeUsesNoneInsidePerformWithoutAnimation() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      items.bind(to: view, animations: .none, createCell: stringCell)
      view.resetRecords()
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.calls, [.beginBatch(animated: false), .insertRows([[0, 1]], .none), .endBatch])
      XCTAssertEqual(SectionedViewAnimations.none.isAnimated, false)
      XCTAssertEqual(SectionedViewAnimations.automatic.rowDeletion, .automatic)
    }
  }

  func testTheReloadingVariantAlwaysReloads() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      let binder = ReloadingSectionedBinderDataSource<SingleSectionChangeset<[String]>, View>(createCell: stringCell)
      items.bind(to: view, using: binder)
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(view.rows, [["a", "b"]])
    }
  }

  func testAnInvalidDiffFallsBackToAReloadAndTellsTheHook() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      let binder = FallbackRecorder(createCell: stringCell)
      items.bind(to: view, using: binder)
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [5]))  // a container bug
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(binder.errors, [.indexOutOfRange(change: .insert, location: .item(5, section: 0), count: 2)])
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a", "b"]])
    }
  }

  func testSubclassesCustomizeCellsHeadersAndBatches() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      let binder = ShoutingBinder()
      items.bind(to: view, using: binder)
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.rows, [["A", "B"]])
      XCTAssertEqual(view.sectionTitles, ["2 items"])
      XCTAssertEqual(binder.batches, [OrderedCollectionDiff(inserts: [[0, 1]])])
    }
  }

  func testArray2DSectionTitlesComeFromTheMetadata() {
    MainActor.assumeIsolated {
      let view = View()
      let grid = Property(Array2D(sectionsWithItems: [("Fruit", ["apple"]), ("Veg", ["leek"])]))
      grid.bind(to: view) { grid, indexPath, _ in grid.item(at: indexPath) }
      XCTAssertEqual(view.sectionTitles, ["Fruit", "Veg"])
      XCTAssertEqual(view.rows, [["apple"], ["leek"]])
    }
  }

  func testChangesetsSentFromOtherThreadsArriveOnTheMainThreadInOrder() {
    let (view, items) = MainActor.assumeIsolated { () -> (View, Property<Changes>) in
      let view = View()
      let items = Property(Changes.reload([]))
      items.bind(to: view) { items, indexPath, _ in
        XCTAssertTrue(Thread.isMainThread)
        return items.item(at: indexPath)
      }
      return (view, items)
    }
    let sent = expectation(description: "sent")
    DispatchQueue.global().async {
      for count in 1...50 {
        items.value = Changes(collection: (0..<count).map(String.init), diff: .init(inserts: [count - 1]))
      }
      sent.fulfill()
    }
    wait(for: [sent], timeout: 10)
    let applied = expectation(description: "applied")
    DispatchQueue.main.async { applied.fulfill() }
    wait(for: [applied], timeout: 10)
    MainActor.assumeIsolated {
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [(0..<50).map(String.init)])
      XCTAssertEqual(view.batchCount, 50)
    }
  }

  func testAChangeMadeWhileACellIsConfiguredIsAppliedAfterTheCurrentOne() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      var reentered = false
      items.bind(to: view) { collection, indexPath, _ in
        if collection.count == 2 && !reentered {
          reentered = true
          items.value = Changes(collection: ["a", "b", "c"], diff: .init(inserts: [2]))
        }
        return collection.item(at: indexPath)
      }
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a", "b", "c"]])
    }
  }
  /// Epoxy's wiki example, sections comparing equal only with equal items: the section whose
  /// items changed keeps its row animations in one batch, and is reloaded in a batch of its own
  /// afterwards (UIKit rejects row changes in a section reloaded by the same batch).
  func testAnUpdatedSectionKeepsItsRowAnimationsAndReloadsAfterwards() {
    MainActor.assumeIsolated {
      typealias Shelves = Array2D<Int, String>
      let old = Shelves(sectionsWithItems: [(1, ["d", "e", "f"])])
      let new = Shelves(sectionsWithItems: [(1, ["a", "b", "c", "d"]), (2, ["c", "d", "e", "a"])])
      let changeset = SectionedChangeset(
        from: old.sections,
        to: new.sections,
        sectionIdentifiedBy: \.metadata,
        isSectionEqual: ==,
        items: \.items,
        itemIdentifiedBy: { $0 },
        isItemEqual: ==
      )
      let view = BatchUpdateValidatingView<String>()
      let changes = Property(SectionedDiffChangeset(reloading: old))
      changes.bind(to: view) { shelves, indexPath, _ in shelves[itemAt: indexPath] }
      view.resetRecords()
      changes.value = SectionedDiffChangeset(collection: new, diff: OrderedCollectionDiff(changeset))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a", "b", "c", "d"], ["c", "d", "e", "a"]])
      XCTAssertEqual(
        view.calls,
        [
          .beginBatch(animated: true),
          .insertSections([1], .automatic),
          .deleteRows([[0, 1], [0, 2]], .automatic),
          .insertRows([[0, 0], [0, 1], [0, 2]], .automatic),
          .endBatch,
          .beginBatch(animated: true),
          .reloadSections([0], .automatic),
          .endBatch,
        ]
      )
    }
  }
}

@MainActor
private final class FallbackRecorder: SectionedBinderDataSource<
  SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>
>
{
  var errors: [ChangesetValidationError] = []

  override func didFallBackToReload(because error: ChangesetValidationError) {
    errors.append(error)
  }
}

@MainActor
private final class ShoutingBinder: SectionedBinderDataSource<
  SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>
>
{
  var batches: [OrderedCollectionDiff<IndexPath>] = []

  init() {
    super.init(createCell: nil)
  }

  override func cell(
    for collection: [String], at indexPath: IndexPath, in view: BatchUpdateValidatingView<String>
  ) -> String {
    collection.item(at: indexPath).uppercased()
  }

  override func titleForHeader(inSection section: Int) -> String? {
    "\(changeset?.collection.count ?? 0) items"
  }

  override func applyBatch(_ diff: OrderedCollectionDiff<IndexPath>, to view: BatchUpdateValidatingView<String>) {
    batches.append(diff)
    super.applyBatch(diff, to: view)
  }

}

@MainActor
private func stringCell(_ items: [String], _ indexPath: IndexPath, _ view: BatchUpdateValidatingView<String>) -> String
{
  items.item(at: indexPath)
}
