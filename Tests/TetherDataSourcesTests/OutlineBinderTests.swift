import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTestSupport
import TetherValidatingViews
import XCTest

final class OutlineBinderTests: XCTestCase {
  private typealias View = OutlineUpdateValidatingView<String>
  private typealias Files = TreeArray<String>

  private static func rows(_ forest: Files) -> [View.Row] {
    func row(_ node: TreeNode<String>) -> View.Row { View.Row(cell: node.value, children: node.children.map(row)) }
    return forest.children.map(row)
  }

  func testTheFirstChangesetReloadsAndItemsFollowTheTree() {
    MainActor.assumeIsolated {
      let files = Files([TreeNode("Docs", [TreeNode("cv.pdf")]), TreeNode("Music")])
      let view = View()
      let changes = Property(TreeChangeset(reloading: files))
      changes.bind(to: view) { item, _ in item.value }
      XCTAssertEqual(view.calls, [.reloadData])
      XCTAssertEqual(view.rows, Self.rows(files))
    }
  }

  func testThePatchIsReplayedWithStableItems() {
    MainActor.assumeIsolated {
      var files = Files([TreeNode("Docs", [TreeNode("cv.pdf"), TreeNode("tax.pdf")]), TreeNode("Music")])
      let view = View()
      let changes = Property(TreeChangeset(reloading: files))
      let binder = OutlineBinderDataSource<Files, View> { item, _ in item.value }
      changes.bind(to: view, using: binder)
      let cv = binder.item(at: [0, 0])
      let patch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [
        .update(at: [0, 0], newElement: TreeNode("resume.pdf")),
        .move(from: [0, 0], to: [1, 0]),
        .insert(TreeNode("Photos", [TreeNode("cat.jpg")]), at: [2]),
        .delete(at: [0, 0]),
      ]
      files.apply(patch)
      view.resetRecords()
      changes.value = TreeChangeset(collection: files, patch: patch)
      XCTAssertEqual(
        view.calls,
        [
          .beginUpdates,
          .moveItem(0, inParent: [0], to: 0, newParent: [1]),
          .insertItems([2], inParent: nil),
          .removeItems([0], inParent: [0]),
          .endUpdates,
          .reloadItem([1, 0], reloadChildren: false),
        ]
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, Self.rows(files))
      XCTAssertTrue(binder.item(at: [1, 0]) === cv, "a moved and updated node keeps its item")
      XCTAssertEqual(cv.value, "resume.pdf")
      XCTAssertTrue(cv.parent === binder.item(at: [1]))
    }
  }

  func testAnUpdatedItemThatIsRemovedIsNotReloaded() {
    MainActor.assumeIsolated {
      var files = Files([TreeNode("a"), TreeNode("b")])
      let view = View()
      let changes = Property(TreeChangeset(reloading: files))
      changes.bind(to: view) { item, _ in item.value }
      let patch: [OrderedCollectionOperation<TreeNode<String>, IndexPath>] = [
        .update(at: [0], newElement: TreeNode("A")), .delete(at: [0]),
      ]
      files.apply(patch)
      view.resetRecords()
      changes.value = TreeChangeset(collection: files, patch: patch)
      XCTAssertEqual(view.calls, [.beginUpdates, .removeItems([0], inParent: nil), .endUpdates])
      XCTAssertEqual(view.rows, Self.rows(files))
    }
  }

  func testAPatchThatDoesNotFitTheShownTreeReloadsInstead() {
    MainActor.assumeIsolated {
      let view = View()
      let changes = Property(TreeChangeset(reloading: Files([TreeNode("a")])))
      changes.bind(to: view) { item, _ in item.value }
      view.resetRecords()
      // Hand-built: deletes a node the shown tree does not have.
      let files = Files([TreeNode("b")])
      changes.value = TreeChangeset(collection: files, patch: [.delete(at: [3]), .insert(TreeNode("b"), at: [0])])
      XCTAssertEqual(view.calls, [.reloadData])
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, Self.rows(files))
    }
  }

  func testRandomForestPatchesThroughTheOutlineBinder() {
    MainActor.assumeIsolated {
      withSeeds(0..<100) { seed, rng in
        var forest = TreeArray<Int>()
        var next = 0
        let view = OutlineUpdateValidatingView<Int>()
        view.recordsCalls = false
        let changes = Property(TreeChangeset(reloading: forest))
        changes.bind(to: view) { item, _ in item.value }
        for step in 0..<20 {
          let patch = randomForestPatch(on: forest, count: Int.random(in: 1...5, using: &rng), next: &next, using: &rng)
          forest.apply(patch)
          changes.value = TreeChangeset(collection: forest, patch: patch)
          func row(_ node: TreeNode<Int>) -> OutlineUpdateValidatingView<Int>.Row {
            .init(cell: node.value, children: node.children.map(row))
          }
          XCTAssertEqual(view.violations, [], "seed \(seed), step \(step), patch \(patch.map(\.step))")
          XCTAssertEqual(view.rows, forest.children.map(row), "seed \(seed), step \(step)")
        }
      }
    }
  }

  func testTheValidatingViewReportsBadIndexesAndMismatches() {
    MainActor.assumeIsolated {
      let files = Files([TreeNode("a", [TreeNode("a1")])])
      let view = View()
      let binder = OutlineBinderDataSource<Files, View> { item, _ in item.value }
      Property(TreeChangeset(reloading: files)).bind(to: view, using: binder)
      view.removeItems(at: [3], inParent: binder.item(at: [0]), withAnimation: [])
      XCTAssertEqual(
        view.violations.map(\.message),
        ["NSOutlineView error removing child index 3 in parent item [0] (which has 1 children)."]
      )
      view.resetRecords()
      view.insertItems(at: [0], inParent: nil, withAnimation: [])  // the data source did not change
      XCTAssertEqual(view.violations.map(\.rule), [.invalidNumberOfRows])
      XCTAssertEqual(view.rows, Self.rows(files), "the view reloads after a violation")
    }
  }

  func testOutlineBindersAreReleasedWithTheirView() {
    MainActor.assumeIsolated {
      let changes = Property(TreeChangeset(reloading: Files([TreeNode("a")])))
      weak var weakView: View?
      weak var weakBinder: OutlineBinderDataSource<Files, View>?
      do {
        let view = View()
        let binder = OutlineBinderDataSource<Files, View> { item, _ in item.value }
        changes.bind(to: view, using: binder)
        weakView = view
        weakBinder = binder
      }
      XCTAssertNil(weakView)
      XCTAssertNil(weakBinder)
    }
  }

  func testAnAppendIntoAWideFolderIsOneInsert() {
    // Issue 25: the binder's checks built the folder's shape in O(c²) (3.3 s for 16,000 children
    // before the view got its batch). A folder of 100,000 children: a quadratic check copies 5·10⁹
    // shapes and does not finish; a linear one takes well under a second in a debug build.
    MainActor.assumeIsolated {
      let width = 100_000
      var files = Files([TreeNode("Docs", (0..<width).map { TreeNode("\($0)") })])
      let view = View()
      let changes = Property(TreeChangeset(reloading: files))
      let binder = OutlineBinderDataSource<Files, View> { item, _ in item.value }
      changes.bind(to: view, using: binder)
      view.resetRecords()
      files.insert(TreeNode("new"), at: [0, width])
      changes.value = TreeChangeset(collection: files, patch: [.insert(TreeNode("new"), at: [0, width])])
      XCTAssertEqual(view.calls, [.beginUpdates, .insertItems([width], inParent: [0]), .endUpdates])
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(binder.item(at: [0, width]).value, "new")
    }
  }
}
