import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Stands in for `Swift.print` in this file, so the tests can read what the samples print.
private let printed = PrintedLines()

private func print(_ item: Any) {
  printed.append("\(item)")
}

// snippet: datasources-custom-binder
/// Shows items in capitals, reloads when most rows change, and logs invalid changesets.
final class DataSourcesInventoryBinder: SectionedBinderDataSource<
  SingleSectionChangeset<[String]>, BatchUpdateValidatingView<String>
>
{
  override func cell(
    for collection: [String], at indexPath: IndexPath, in view: BatchUpdateValidatingView<String>
  ) -> String {
    collection.item(at: indexPath).uppercased()
  }

  override func shouldReloadData(
    replacing previous: SingleSectionChangeset<[String]>, with changeset: SingleSectionChangeset<[String]>
  ) -> Bool {
    changeset.diff.count * 2 > previous.collection.count
  }

  override func didFallBackToReload(because error: ChangesetValidationError) {
    print("reloading after an invalid changeset: \(error)")
  }
}
// snippet-end

// snippet: datasources-styled-row
/// An Epoxy-style row: made from a style, configured with one `Equatable` content.
final class DataSourcesScoreRow: TerminalListRow, StyledView, ContentConfigurableView {
  struct Style: Hashable {
    var width: Int
  }

  struct Content: Equatable {
    var name: String
    var score: Int
  }

  let style: Style
  private(set) var text = ""

  init(style: Style) {
    self.style = style
  }

  func setContent(_ content: Content, animated: Bool) {
    text = content.name.padding(toLength: style.width, withPad: ".", startingAt: 0) + " \(content.score)"
    print("setContent(\(content.name), animated: \(animated))")
  }
}
// snippet-end

final class DataSourcesAndBindersSnippetTests: FailureCapturingTestCase {
  func testCollectionsAnswerTheDataSourceQuestions() {
    // snippet: datasources-protocols
    let fruits = ["apple", "pear", "fig"]
    let groceries = Array2D(sectionsWithItems: [("Fruit", ["apple", "pear"]), ("Dairy", ["milk"])])
    let files = TreeArray([TreeNode("Documents", [TreeNode("cv.pdf")]), TreeNode("Music")])
    print("\(fruits.numberOfSections) section, [0, 1] is \(fruits.item(at: [0, 1]))")
    print("\(groceries.numberOfSections) sections, the second titled \(groceries.title(forSection: 1)!)")
    print("\(files.numberOfSections) sections, \(files.numberOfItems(inSection: 0)) item in the first")
    // snippet-end
    XCTAssertEqual(
      printed.lines,
      [
        "1 section, [0, 1] is pear",
        "2 sections, the second titled Dairy",
        "2 sections, 1 item in the first",
      ]
    )
  }

  func testChangesetsConvertToSectionedChangesets() {
    // snippet: datasources-conversions
    let flat = OrderedCollectionChangeset(
      collection: ["kiwi", "apple", "fig"], diff: .init(inserts: [0], deletes: [1]))
    print(flat.asSectionedDataSourceChangeset.diff)
    print(OrderedCollectionChangeset.reload(["fig"]).asSectionedDataSourceChangeset.isReload)
    print(["fig"].asSectionedDataSourceChangeset.isReload)
    let treeDiff = OrderedCollectionDiff<IndexPath>(deletes: [[0, 1, 2]], moves: [(from: [0, 0, 1], to: [1, 0])])
    print(treeDiff.projectedToSections())
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[[0, 1]] I[[0, 0]] U[] M[]", "true", "true", "D[] I[[1, 0]] U[] M[]"])
  }

  func testABinderTurnsEachChangesetIntoABatchUpdate() {
    MainActor.assumeIsolated {
      // snippet: datasources-bind
      let view = BatchUpdateValidatingView<String>()
      let items = Property(OrderedCollectionChangeset(reloading: ["apple", "pear", "fig"]))
      let binding = items.bind(to: view) { items, indexPath, _ in
        items.item(at: indexPath)
      }
      items.value = OrderedCollectionChangeset(
        collection: ["kiwi", "apple", "fig"], diff: .init(inserts: [0], deletes: [1]))
      for call in view.calls {
        print(call)
      }
      print(view.rows)
      binding.dispose()
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          "reloadData()",
          "performBatchUpdates {",
          "deleteRows(at: [[0, 1]], with: .automatic)",
          "insertRows(at: [[0, 0]], with: .automatic)",
          "}",
          #"[["kiwi", "apple", "fig"]]"#,
        ]
      )
      XCTAssertEqual(view.violations, [])
    }
  }

  func testCellTypesAreReusedOrCreatedAndConfigured() {
    MainActor.assumeIsolated {
      // snippet: datasources-cell-type
      var output = ""
      let list = TerminalListView(mode: .plain, width: 30) { text in output += text }
      let fruits = MutableObservableArray(["apple", "pear"])
      fruits.bind(to: list, cellType: TerminalTextCell.self) { cell, fruit in
        cell.text = fruit
      }
      fruits.insert("kiwi", at: 1)
      print(output)
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        ["--- reload\n    apple\n    pear\n--- update 2: 1 inserted\n    apple\n+   kiwi\n    pear\n"]
      )
      XCTAssertEqual(list.lines, ["  apple", "  kiwi", "  pear"])
      XCTAssertEqual(list.violations, [])
    }
  }

  func testAnimationsArePerKindOfChange() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<String>()
      let items = Property(OrderedCollectionChangeset(reloading: ["a", "b"]))
      // snippet: datasources-animations
      var animations = SectionedViewAnimations.fade
      animations.rowDeletion = .left
      items.bind(to: view, animations: animations) { items, indexPath, _ in
        items.item(at: indexPath)
      }
      // snippet-end
      items.value = OrderedCollectionChangeset(collection: ["b", "c"], diff: .init(inserts: [1], deletes: [0]))
      XCTAssertEqual(
        view.calls,
        [
          .reloadData, .beginBatch(animated: true), .deleteRows([[0, 0]], .left), .insertRows([[0, 1]], .fade),
          .endBatch,
        ]
      )
      let quiet = BatchUpdateValidatingView<String>()
      items.bind(to: quiet, animations: .none) { items, indexPath, _ in items.item(at: indexPath) }
      items.value = OrderedCollectionChangeset(collection: ["c"], diff: .init(deletes: [0]))
      XCTAssertEqual(
        quiet.calls,
        [.reloadData, .beginBatch(animated: false), .deleteRows([[0, 0]], .none), .endBatch]
      )
    }
  }

  func testASubclassCustomizesTheBinder() {
    MainActor.assumeIsolated {
      // snippet: datasources-use-custom-binder
      let view = BatchUpdateValidatingView<String>()
      let stock = Property(OrderedCollectionChangeset(reloading: ["nails", "screws", "bolts"]))
      stock.bind(to: view, using: DataSourcesInventoryBinder())
      stock.value = .init(collection: ["nails", "screws", "bolts", "nuts"], diff: .init(inserts: [3]))
      stock.value = .init(collection: ["hooks", "nuts"], diff: .init(inserts: [0], deletes: [0, 1, 2]))
      stock.value = .init(collection: ["hooks", "nuts"], diff: .init(inserts: [1]))
      print(view.calls.filter { $0 == .reloadData }.count)
      print(view.rows)
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          "reloading after an invalid changeset: section 0 had 2 items, 1 inserted and 0 deleted, but now has 2",
          "3",
          #"[["HOOKS", "NUTS"]]"#,
        ]
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.batchCount, 1)
    }
  }

  func testTheReloadingBinderReloadsOnEveryChange() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<String>()
      let tags = Property(OrderedCollectionChangeset(reloading: ["red"]))
      tags.bind(to: view, using: ReloadingSectionedBinderDataSource { tags, indexPath, _ in tags.item(at: indexPath) })
      tags.value = .init(collection: ["red", "blue"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.calls, [.reloadData, .reloadData])
      XCTAssertEqual(view.rows, [["red", "blue"]])
    }
  }

  func testStagedChangesetsSplitWhatUIKitCannotDoInOneBatch() throws {
    // snippet: datasources-staged
    let diff = OrderedCollectionDiff<IndexPath>(
      inserts: [[0, 0], [0, 1]], updates: [[0, 0]], moves: [(from: [0, 0], to: [0, 2])])
    let staged = try StagedChangeset(diff: diff, oldItemCounts: [1], newItemCounts: [3])
    for stage in staged.stages {
      print(stage.diff)
    }
    // snippet-end
    XCTAssertEqual(printed.lines, ["D[] I[[0, 0], [0, 1]] U[] M[[0, 0]→[0, 2]]", "D[] I[] U[[0, 2]] M[]"])
    XCTAssertTrue(staged.isStaged)
  }

  func testTheFlatBinderReplaysThePatch() {
    MainActor.assumeIsolated {
      // snippet: datasources-flat
      let table = FlatUpdateValidatingView<String>()
      var names = ["ann", "ben", "cy"]
      let people = Property(OrderedCollectionChangeset(reloading: names))
      people.bind(to: table) { names, row, _ in names.item(at: row) }
      let patch: [OrderedCollectionOperation<String, Int>] = [
        .update(at: 0, newElement: "ANN"), .insert("dee", at: 0), .move(from: 3, to: 1),
      ]
      names.apply(patch)
      table.resetRecords()
      people.value = .init(collection: names, patch: patch)
      for call in table.calls {
        print(call)
      }
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          "beginUpdates()",
          "insertRows(at: [0], withAnimation: [.effectFade])",
          "moveRow(at: 3, to: 1)",
          "endUpdates()",
          "reloadData(forRowIndexes: [2], columnIndexes: [0])",
        ]
      )
      XCTAssertEqual(table.rows, ["dee", "cy", "ANN", "ben"])
      XCTAssertEqual(table.violations, [])
    }
  }

  func testStyledCellsSetTheirContentOnlyWhenItChanged() {
    MainActor.assumeIsolated {
      // snippet: datasources-styled
      let board = TerminalListView(mode: .plain, width: 30) { _ in }
      let scores = Property(
        OrderedCollectionChangeset(reloading: [DataSourcesScoreRow.Content(name: "ada", score: 3)]))
      scores.bind(to: board, cellType: DataSourcesScoreRow.self, style: .init(width: 6))
      scores.value = .init(
        collection: [.init(name: "ada", score: 3), .init(name: "bob", score: 5)], diff: .init(inserts: [1]))
      scores.value = .init(
        collection: [.init(name: "ada", score: 3), .init(name: "bob", score: 6)], diff: .init(updates: [0, 1]))
      print(board.lines)
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          "setContent(ada, animated: false)",
          "setContent(bob, animated: true)",
          "setContent(bob, animated: true)",
          #"["  ada... 3", "  bob... 6"]"#,
        ]
      )
    }
  }

  func testACollectionViewGetsDequeuedCells() {
    MainActor.assumeIsolated {
      // snippet: datasources-collection-view-check
      let grid = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      let fruits = MutableObservableArray(["apple", "pear"])
      fruits.bind(to: grid, cellType: TerminalTextCell.self) { cell, fruit in
        cell.text = fruit
      }
      fruits.insert("kiwi", at: 1)
      print(grid.violations)
      print(grid.rows[0].map(\.text))

      let careless = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      fruits.bind(to: careless) { fruits, indexPath, _ in
        TerminalTextCell(text: fruits.item(at: indexPath))
      }
      print(careless.violations[0].message)
      // snippet-end
      XCTAssertEqual(
        printed.lines,
        [
          "[]",
          "[\"apple\", \"kiwi\", \"pear\"]",
          "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - "
            + "cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:",
        ])
      XCTAssertEqual(careless.violations.map(\.rule), [.cellNotDequeued, .cellNotDequeued, .cellNotDequeued])
    }
  }

  // snippet: datasources-ci-test
  func testTheShoppingListAnimatesEveryChangeLegally() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<String>()
      let list = MutableObservableArray(["milk", "eggs", "bread"])
      list.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
      list.move(from: 2, to: 0)
      list.batchUpdate { batch in
        batch.remove(at: 1)
        batch.append("coffee")
      }
      list.replace(with: ["coffee", "bread", "tea"], performDiff: true)
      XCTAssertEqual(view.batchCount, 3, "every change was animated")
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [list.collection])
    }
  }
  // snippet-end

  /// With every delivery held back (what a binding did on a thread it did not recognise as the
  /// main one), the view sees no batch, and the sample fails instead of passing.
  func testTheCISampleFailsWhenTheViewSeesNoChange() {
    let failures = capturingFailures {
      withMainDeliveryQueued { testTheShoppingListAnimatesEveryChangeLegally() }
    }
    XCTAssert(failures.contains { $0.description.contains("every change was animated") }, "\(failures)")
    drainMainQueue()
  }
}
