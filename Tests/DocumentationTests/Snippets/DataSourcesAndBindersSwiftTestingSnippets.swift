import Foundation
import Testing
import Tether
import TetherTestSupport

/// The CI samples of DataSourcesAndBinders.md written for Swift Testing, and proof that they fail
/// when the binding delivers nothing.
@Suite struct DataSourcesAndBindersSwiftTestingSnippets {
  // snippet: datasources-ci-swift-testing
  @Test @MainActor func theShoppingListAnimatesEveryChangeLegally() {
    let view = BatchUpdateValidatingView<String>()
    let list = MutableObservableArray(["milk", "eggs", "bread"])
    list.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
    list.move(from: 2, to: 0)
    list.batchUpdate { batch in
      batch.remove(at: 1)
      batch.append("coffee")
    }
    list.replace(with: ["coffee", "bread", "tea"], performDiff: true)
    #expect(view.batchCount == 3, "every change was animated")
    #expect(view.violations == [])
    #expect(view.rows == [list.collection])
  }
  // snippet-end

  // snippet: datasources-ci-drain
  @Test @MainActor func theListShowsWhatABackgroundImportAdded() async {
    let view = BatchUpdateValidatingView<String>()
    let list = MutableObservableArray(["milk"])
    list.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
    await Task.detached { list.append(contentsOf: ["eggs", "tea"]) }.value
    await drainMainQueue()
    #expect(view.rows == [["milk", "eggs", "tea"]])
    #expect(view.violations == [])
  }
  // snippet-end

  /// With every delivery held back (what a binding on Linux did before it recognised the main
  /// queue), the view sees no batch, and the sample says so instead of passing.
  @Test @MainActor func theSampleFailsWhenTheViewSeesNoChange() async {
    // Every expectation of the sample fails: no batch, no rows. `withKnownIssue` fails this test
    // if none does.
    withKnownIssue {
      withMainDeliveryQueued { theShoppingListAnimatesEveryChangeLegally() }
    }
    await drainMainQueue()
  }

  /// The drain is what makes the second sample see the import: without it nothing has arrived.
  @Test @MainActor func theDrainSampleFailsWithoutTheDrain() async {
    let view = BatchUpdateValidatingView<String>()
    let list = MutableObservableArray(["milk"])
    list.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
    withMainDeliveryQueued { list.append(contentsOf: ["eggs", "tea"]) }
    #expect(view.rows == [["milk"]], "nothing arrives before the main queue runs")
    await drainMainQueue()
    #expect(view.rows == [["milk", "eggs", "tea"]])
  }
}
