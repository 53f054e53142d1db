import Foundation
import TetherDataSources
import TetherValidatingViews
import XCTest

/// A data source serving sections of strings, switched by the tests.
@MainActor
final class StubDataSource: SectionedViewDataSource {
  var sections: [[String]]
  var titles: [String?] = []
  private(set) var requested: [IndexPath] = []

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections() -> Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections[section].count }
  func cellForItem(at indexPath: IndexPath) -> String {
    requested.append(indexPath)
    return sections[indexPath[0]][indexPath[1]]
  }
  func titleForHeader(inSection section: Int) -> String? { section < titles.count ? titles[section] : nil }
}

final class BatchUpdateValidatingViewTests: XCTestCase {
  func testAValidBatchIsAppliedAsUIKitDefinesIt() {
    MainActor.assumeIsolated {
      let (view, source) = makeView([["a", "b", "c"], ["d"], ["e", "f"]])
      source.sections = [["e", "f"], ["c", "x", "A"], ["n"]]
      view.performBatchUpdates(
        {
          view.moveSection(2, toSection: 0)  // calls in any order: UIKit sorts them out
          view.insertRows(at: [[1, 1]], with: .fade)
          view.deleteSections([1], with: .fade)
          view.insertSections([2], with: .fade)
          view.deleteRows(at: [[0, 1]], with: .fade)
          view.reloadRows(at: [[0, 0]], with: .fade)
          view.moveRow(at: [0, 2], to: [1, 0])
        },
        completion: nil
      )
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["e", "f"], ["c", "x", "A"], ["n"]])
      XCTAssertEqual(view.batchCount, 1)
    }
  }

  func testTheRowCountRuleUsesUIKitsMessage() {
    MainActor.assumeIsolated {
      let found = violation(from: [["a", "b", "c"]], to: [["a", "b", "c", "d", "e"]]) { view in
        view.insertRows(at: [[0, 3]], with: .automatic)
      }
      XCTAssertEqual(
        found?.message,
        "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
          + "after the update (5) must be equal to the number of rows contained in that section before the update (3), "
          + "plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus "
          + "or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
      )
      XCTAssertEqual(found?.rule, .invalidNumberOfRows)
    }
  }

  func testRowsMovedBetweenSectionsCountAsMovedInAndOut() {
    MainActor.assumeIsolated {
      let found = violation(from: [["a", "b"], ["c"]], to: [["a"], ["b", "c", "z"]]) { view in
        view.moveRow(at: [0, 1], to: [1, 0])
      }
      XCTAssertEqual(
        found?.message,
        "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing section "
          + "after the update (3) must be equal to the number of rows contained in that section before the update (1), "
          + "plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus "
          + "or minus the number of rows moved into or out of that section (1 moved in, 0 moved out)."
      )
    }
  }

  func testTheSectionCountRuleUsesUIKitsMessage() {
    MainActor.assumeIsolated {
      let found = violation(from: [["a"], ["b"]], to: [["a"], ["b"], []]) { _ in }
      XCTAssertEqual(
        found?.message,
        "Invalid update: invalid number of sections. The number of sections contained in the table view after the "
          + "update (3) must be equal to the number of sections contained in the table view before the update (2), "
          + "plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
      )
    }
  }

  func testIndexesOutOfBounds() {
    MainActor.assumeIsolated {
      XCTAssertEqual(
        violation(from: [["a", "b", "c"]], to: [["a", "b"]]) { $0.deleteRows(at: [[0, 3]], with: .none) }?.message,
        "attempt to delete row 3 from section 0 which only contains 3 rows before the update"
      )
      XCTAssertEqual(
        violation(from: [["a"]], to: [["a", "b"]]) { $0.insertRows(at: [[0, 2]], with: .none) }?.message,
        "attempt to insert row 2 into section 0, but there are only 2 rows in section 0 after the update"
      )
      XCTAssertEqual(
        violation(from: [["a"]], to: []) { $0.deleteSections([1], with: .none) }?.message,
        "attempt to delete section 1, but there are only 1 sections before the update"
      )
      XCTAssertEqual(
        violation(from: [["a"]], to: [["a"], []]) { $0.insertSections([2], with: .none) }?.message,
        "attempt to insert section 2 but there are only 2 sections after the update"
      )
      XCTAssertEqual(
        violation(from: [["a"]], to: [["a"]]) { $0.reloadRows(at: [[1, 0]], with: .none) }?.message,
        "attempt to reload row 0 in section 1, but there are only 1 sections before the update"
      )
      XCTAssertEqual(
        violation(from: [["a"]], to: [["a"]]) { $0.moveRow(at: [0, 0], to: [0, 1]) }?.message,
        "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 0}) to index path "
          + "(<NSIndexPath> {length = 2, path = 0 - 1}), but there are only 1 rows in section 0 after the update"
      )
    }
  }

  func testTheSameRowTwiceOrTwoChangesAtOnePlace() {
    MainActor.assumeIsolated {
      XCTAssertEqual(
        violation(from: [["a", "b"]], to: [["b"]]) { $0.deleteRows(at: [[0, 0], [0, 0]], with: .none) }?.message,
        "attempt to delete row 0 from section 0 twice"
      )
      XCTAssertEqual(
        violation(from: [["a", "b"]], to: [["b"]]) { view in
          view.deleteRows(at: [[0, 0]], with: .none)
          view.reloadRows(at: [[0, 0]], with: .none)
        }?.message,
        "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
      )
      XCTAssertEqual(
        violation(from: [["a", "b"]], to: [["b"]]) { view in
          view.deleteRows(at: [[0, 0]], with: .none)
          view.moveRow(at: [0, 0], to: [0, 0])
        }?.message,
        "attempt to perform a delete and a move from the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
      )
      XCTAssertEqual(
        violation(from: [["a", "b"]], to: [["b", "a", "c"]]) { view in
          view.insertRows(at: [[0, 1]], with: .none)
          view.moveRow(at: [0, 0], to: [0, 1])
        }?.message,
        "attempt to perform an insert and a move to the same index path (<NSIndexPath> {length = 2, path = 0 - 1})"
      )
      let moveAndReload = violation(from: [["a", "b"]], to: [["b", "A"]]) { view in
        view.reloadRows(at: [[0, 0]], with: .none)
        view.moveRow(at: [0, 0], to: [0, 1])
      }
      XCTAssertEqual(
        moveAndReload?.message,
        "attempt to perform a move and a reload of the same index path (<NSIndexPath> {length = 2, path = 0 - 0})"
      )
      XCTAssertEqual(moveAndReload?.rule, .conflictingChanges)
    }
  }

  func testRowChangesInsideChangedSections() {
    MainActor.assumeIsolated {
      XCTAssertEqual(
        violation(from: [["a"]], to: [["a"], ["b"]]) { view in
          view.insertSections([1], with: .none)
          view.moveRow(at: [0, 0], to: [1, 0])
        }?.message,
        "cannot move a row into a newly inserted section (1)"
      )
      XCTAssertEqual(
        violation(from: [["a"], ["b"]], to: [["b", "a"]]) { view in
          view.deleteSections([1], with: .none)
          view.moveRow(at: [1, 0], to: [0, 0])
        }?.message,
        "attempt to move row 0 from section 1 which is being deleted"
      )
      let inMovedSection = violation(from: [["a", "b"], ["c"]], to: [["c"], ["b", "a"]]) { view in
        view.moveSection(0, toSection: 1)
        view.moveRow(at: [0, 0], to: [1, 1])
      }
      XCTAssertEqual(inMovedSection?.rule, .rowMoveInMovedSection)
      XCTAssertEqual(
        inMovedSection?.message, "attempt to move row 0 out of section 0 while that section is being moved")
    }
  }

  func testReloadDataInsideABatchIsAViolation() {
    MainActor.assumeIsolated {
      let found = violation(from: [["a"]], to: [["b"]]) { $0.reloadData() }
      XCTAssertEqual(found?.rule, .reloadDuringBatchUpdates)
    }
  }

  func testNestedBatchesJoinAndLooseCallsAreTheirOwnBatch() {
    MainActor.assumeIsolated {
      let (view, source) = makeView([["a"]])
      source.sections = [["a", "b", "c"]]
      view.performBatchUpdates(
        {
          view.insertRows(at: [[0, 1]], with: .none)
          view.performBatchUpdates({ view.insertRows(at: [[0, 2]], with: .none) }, completion: nil)
        },
        completion: nil
      )
      XCTAssertEqual(view.batchCount, 1)
      source.sections = [["a", "b"]]
      view.deleteRows(at: [[0, 2]], with: .none)
      XCTAssertEqual(view.batchCount, 2)
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, [["a", "b"]])
    }
  }

  func testAfterAViolationTheViewReloadsAndReportsIt() {
    MainActor.assumeIsolated {
      var reported: [BatchUpdateViolation] = []
      let (view, source) = makeView([["a"]])
      view.onViolation = { reported.append($0) }
      source.sections = [["a", "b"]]
      view.performBatchUpdates({}, completion: nil)
      XCTAssertEqual(reported.map(\.rule), [.invalidNumberOfRows])
      XCTAssertEqual(view.rows, [["a", "b"]])
      view.resetRecords()
      XCTAssertEqual(view.violations, [])
    }
  }

  func testOnlyInsertedAndReloadedRowsAreAskedForAndHeadersAreRead() {
    MainActor.assumeIsolated {
      let (view, source) = makeView([["a", "b"]])
      source.titles = ["Letters"]
      source.sections = [["A", "b", "c"]]
      view.performBatchUpdates(
        {
          view.reloadRows(at: [[0, 0]], with: .fade)
          view.insertRows(at: [[0, 2]], with: .fade)
        },
        completion: nil
      )
      XCTAssertEqual(Set(source.requested.suffix(2)), [[0, 0], [0, 2]])
      XCTAssertEqual(view.rows, [["A", "b", "c"]])
      XCTAssertEqual(view.sectionTitles, ["Letters"])
    }
  }
}

@MainActor
private func makeView(_ sections: [[String]]) -> (BatchUpdateValidatingView<String>, StubDataSource) {
  let view = BatchUpdateValidatingView<String>()
  let source = StubDataSource(sections)
  view.sectionedDataSource = source
  view.reloadData()
  return (view, source)
}

@MainActor
private func violation(
  from sections: [[String]],
  to newSections: [[String]],
  _ updates: (BatchUpdateValidatingView<String>) -> Void
) -> BatchUpdateViolation? {
  let (view, source) = makeView(sections)
  source.sections = newSections
  var finished: Bool?
  withoutActuallyEscaping(updates) { updates in
    view.performBatchUpdates({ updates(view) }, completion: { finished = $0 })
  }
  XCTAssertEqual(finished, view.violations.isEmpty)
  XCTAssertEqual(view.rows, newSections, "the view always ends showing its data source")
  return view.violations.first
}
