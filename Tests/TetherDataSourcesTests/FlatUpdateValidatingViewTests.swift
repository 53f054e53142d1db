import Foundation
import TetherDataSources
import TetherValidatingViews
import XCTest

@MainActor
private final class StubFlatSource: FlatViewDataSource {
  var rows: [String]
  init(_ rows: [String]) { self.rows = rows }
  func numberOfRows() -> Int { rows.count }
  func cellForRow(at row: Int) -> String { rows[row] }
}

final class FlatUpdateValidatingViewTests: XCTestCase {
  func testCallsApplyOneAfterAnotherAndCellsAreReadAtTheEnd() {
    MainActor.assumeIsolated {
      let view = FlatUpdateValidatingView<String>(numberOfColumns: 2)
      let source = StubFlatSource(["a", "b"])
      view.flatDataSource = source
      view.reloadData()
      source.rows = ["x", "b", "A"]
      view.beginUpdates()
      view.insertRows(at: [0], withAnimation: .effectFade)  // x a b
      view.moveRow(at: 1, to: 2)  // x b a
      view.reloadData(forRowIndexes: [2], columnIndexes: [0, 1])
      view.endUpdates()
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows, ["x", "b", "A"])
    }
  }

  func testOutOfRangeRowsUseAppKitsMessage() {
    MainActor.assumeIsolated {
      let view = FlatUpdateValidatingView<String>()
      let source = StubFlatSource(["a", "b", "c"])
      view.flatDataSource = source
      view.reloadData()
      view.beginUpdates()
      view.removeRows(at: [5], withAnimation: [])
      view.endUpdates()
      XCTAssertEqual(
        view.violations.map(\.message), ["NSTableView error inserting/removing/moving row 5 (numberOfRows: 3)."])
      XCTAssertEqual(view.rows, ["a", "b", "c"], "the view reloads after a violation")
    }
  }

  func testTheRowCountMustMatchTheDataSourceWhenUpdatesEnd() {
    MainActor.assumeIsolated {
      let view = FlatUpdateValidatingView<String>()
      let source = StubFlatSource(["a"])
      view.flatDataSource = source
      view.reloadData()
      source.rows = ["a", "b"]
      view.removeRows(at: [0], withAnimation: [])
      XCTAssertEqual(
        view.violations.map(\.message),
        ["Invalid update: the table view has 0 rows after the update, but its data source has 2"]
      )
      XCTAssertEqual(view.violations.map(\.rule), [.invalidNumberOfRows])
      XCTAssertEqual(view.rows, ["a", "b"])
    }
  }

  func testColumnsOutOfRangeAndReloadsDuringUpdates() {
    MainActor.assumeIsolated {
      let view = FlatUpdateValidatingView<String>(numberOfColumns: 1)
      let source = StubFlatSource(["a"])
      view.flatDataSource = source
      view.reloadData()
      view.reloadData(forRowIndexes: [0], columnIndexes: [1])
      view.beginUpdates()
      view.reloadData()
      view.endUpdates()
      XCTAssertEqual(view.violations.map(\.rule), [.indexOutOfBounds, .reloadDuringBatchUpdates])
    }
  }
}
