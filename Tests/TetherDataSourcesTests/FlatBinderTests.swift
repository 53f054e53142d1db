import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherValidatingViews
import XCTest

final class FlatBinderTests: XCTestCase {
  private typealias View = FlatUpdateValidatingView<String>
  private typealias Changes = OrderedCollectionChangeset<[String]>

  func testTheFirstChangesetAndReloadsReloadTheView() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes(collection: ["a"], patch: [.insert("a", at: 0)]))
      items.bind(to: view) { items, row, _ in items.item(at: row) }
      items.value = .reload(["b", "c"])
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(view.rows, ["b", "c"])
    }
  }

  func testThePatchIsReplayedOperationByOperation() {
    MainActor.assumeIsolated {
      let view = View(numberOfColumns: 3)
      let items = Property(Changes.reload(["a", "b", "c"]))
      items.bind(to: view) { items, row, _ in items.item(at: row) }
      view.resetRecords()
      var array = ["a", "b", "c"]
      let patch: [OrderedCollectionOperation<String, Int>] = [
        .update(at: 0, newElement: "A"), .insert("x", at: 0), .move(from: 3, to: 0), .delete(at: 3),
      ]
      array.apply(patch)
      items.value = Changes(collection: array, patch: patch)
      XCTAssertEqual(
        view.calls,
        [
          .beginUpdates,
          .insertRows([0], .effectFade),
          .moveRow(3, 0),
          .removeRows([3], .effectFade),
          .endUpdates,
          .reloadRows([2], columns: [0, 1, 2]),
        ],
        "the update of a (offset 0 when made) is reloaded after endUpdates at its final offset"
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, array)
      XCTAssertEqual(view.rows, ["c", "x", "A"])
    }
  }

  func testAPatchThatDoesNotFitTheShownRowsReloadsInsteadAndSaysWhy() {
    MainActor.assumeIsolated {
      final class Binder: FlatBinderDataSource<Changes, View> {
        var fallbacks: [String] = []
        override func didFallBackToReload(because error: ChangesetValidationError) {
          fallbacks.append("\(error)")
        }
      }
      let view = View()
      let binder = Binder { items, row, _ in items.item(at: row) }
      binder.view = view
      binder.apply(.reload(["a", "b"]))
      view.resetRecords()
      // Hand-built: the delete is out of range for two rows.
      binder.apply(Changes(collection: ["a"], patch: [.delete(at: 2)]))
      // Hand-built: every index is in range, but the patch ends with 3 rows, not 1.
      binder.apply(Changes(collection: ["z"], patch: [.insert("z", at: 0)]))
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, ["z"])
      XCTAssertEqual(binder.fallbacks.count, 2)
      XCTAssertTrue(binder.fallbacks[0].contains("2"), binder.fallbacks[0])
    }
  }

  func testAnUpdatedRowThatIsDeletedLaterIsNotReloaded() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view) { items, row, _ in items.item(at: row) }
      view.resetRecords()
      items.value = Changes(collection: ["b"], patch: [.update(at: 0, newElement: "z"), .delete(at: 0)])
      XCTAssertEqual(view.calls, [.beginUpdates, .removeRows([0], .effectFade), .endUpdates])
      XCTAssertEqual(view.rows, ["b"])
    }
  }

  func testAnimationsAndTheNoAnimationMode() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      var animations = FlatViewAnimations(all: .slideUp)
      animations.removal = [.effectGap, .slideDown]
      items.bind(to: view, animations: animations) { items, row, _ in items.item(at: row) }
      view.resetRecords()
      items.value = Changes(collection: ["b"], patch: [.insert("b", at: 0), .delete(at: 1)])
      XCTAssertEqual(
        view.calls,
        [.beginUpdates, .insertRows([0], .slideUp), .removeRows([1], [.effectGap, .slideDown]), .endUpdates]
      )

      let quiet = View()
      let quietItems = Property(Changes.reload(["a"]))
      quietItems.bind(to: quiet, animations: .none) { items, row, _ in items.item(at: row) }
      quiet.resetRecords()
      quietItems.value = Changes(collection: ["a", "b"], patch: [.insert("b", at: 1)])
      XCTAssertEqual(quiet.calls, [.beginUpdates, .insertRows([1], []), .endUpdates])
    }
  }

  func testSubclassesCanReloadInstead() {
    MainActor.assumeIsolated {
      let view = View()
      let items = Property(Changes.reload(["a"]))
      items.bind(to: view, using: AlwaysReloading { items, row, _ in items.item(at: row) })
      items.value = Changes(collection: ["a", "b"], patch: [.insert("b", at: 1)])
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
    }
  }
}

@MainActor
private final class AlwaysReloading: FlatBinderDataSource<
  OrderedCollectionChangeset<[String]>, FlatUpdateValidatingView<String>
>
{
  override func shouldReloadData(
    replacing previous: OrderedCollectionChangeset<[String]>,
    with changeset: OrderedCollectionChangeset<[String]>
  ) -> Bool {
    true
  }
}
