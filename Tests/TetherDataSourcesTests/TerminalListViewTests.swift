import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTestSupport
import XCTest

final class TerminalListViewTests: XCTestCase {
  private typealias Grid = Array2D<String, String>
  private typealias Node = TreeNode<Array2DElement<String, String>>

  @MainActor
  private static func bound(
    _ grid: Grid, mode: TerminalListView.Mode, height: Int? = nil
  ) -> (TerminalListView, Property<TreeChangeset<Grid>>, Output) {
    let output = Output()
    let view = TerminalListView(mode: mode, width: 20, height: height) { output.text += $0 }
    let changes = Property(TreeChangeset(reloading: grid))
    changes.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
    return (view, changes, output)
  }

  func testPlainModePrintsEachChangeWithMarkers() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("Fruit", ["apple", "pear", "fig"]), ("Veg", ["leek"])])
      let (view, changes, output) = Self.bound(grid, mode: .plain)
      XCTAssertFalse(view.isANSI)
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [
        .delete(at: [0, 1]),
        .insert(Node(.item("kiwi")), at: [0, 0]),
        .update(at: [1, 0], newElement: Node(.item("onion"))),
        .move(from: [0, 2], to: [1, 0]),
      ]
      grid.apply(patch)
      output.text = ""
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        output.text,
        """
        --- update 2: 1 inserted, 1 deleted, 1 moved, 1 reloaded
        -   pear
          [Fruit]
        +   kiwi
            apple
          [Veg]
        >   fig
        ~   onion

        """
      )
      XCTAssertEqual(view.lines, ["[Fruit]", "  kiwi", "  apple", "[Veg]", "  fig", "  onion"])
    }
  }

  func testPlainModeReloadAndLongLines() {
    MainActor.assumeIsolated {
      let (view, changes, output) = Self.bound(
        Grid(sectionsWithItems: [("S", ["a very long line that does not fit"])]), mode: .plain)
      XCTAssertEqual(output.text, "--- reload\n  [S]\n    a very long line …\n")
      changes.value = .reload(Grid(sectionsWithItems: [("T", [])]))
      XCTAssertEqual(view.lines, ["[T]"])
    }
  }

  func testANSIModeWritesLineInsertsDeletesAndHighlights() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b", "c"])])
      let (view, changes, output) = Self.bound(grid, mode: .ansi)
      XCTAssertTrue(view.isANSI)
      XCTAssertEqual(
        output.text,
        "\u{1B}[J\u{1B}[2K\u{1B}[1m[L]\u{1B}[0m\n\u{1B}[2K  a\n\u{1B}[2K  b\n\u{1B}[2K  c\n",
        "a first reload clears below the cursor and prints every line"
      )
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [
        .delete(at: [0, 1]), .insert(Node(.item("x")), at: [0, 0]),
      ]
      grid.apply(patch)
      output.text = ""
      changes.value = TreeChangeset(collection: grid, patch: patch)
      // 4 lines shown, cursor on line 4: delete line 2 ("  b"), then make room and insert "  x" at line 1.
      XCTAssertEqual(
        output.text,
        "\u{1B}[2F\u{1B}[M\u{1B}[1E"
          + "\n\u{1B}[3F\u{1B}[L\u{1B}[2K\u{1B}[1;32m  x\u{1B}[0m\u{1B}[3E"
      )
      output.text = ""
      view.clearHighlights()
      XCTAssertEqual(output.text, "\u{1B}[3F\u{1B}[2K  x\u{1B}[3E", "only the highlighted line is redrawn")
      XCTAssertEqual(view.lines, ["[L]", "  x", "  a", "  c"])
    }
  }

  func testHighlightsFadeAfterTheirTimeAndALaterBatchRestartsIt() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a"])])
      let (view, changes, output) = Self.bound(grid, mode: .ansi)
      let scheduler = VirtualTimeScheduler()
      view.highlightFading = (seconds: 0.5, scheduler: scheduler)
      func insert(_ item: String) {
        let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.insert(Node(.item(item)), at: [0, 0])]
        grid.apply(patch)
        changes.value = TreeChangeset(collection: grid, patch: patch)
      }
      insert("x")
      scheduler.advance(by: 0.4)
      insert("y")  // restarts the time: x's highlight was replaced by y's batch
      output.text = ""
      scheduler.advance(by: 0.4)
      XCTAssertEqual(output.text, "", "0.4 s after the second batch nothing has faded yet")
      scheduler.advance(by: 0.1)
      XCTAssertEqual(output.text, "\u{1B}[3F\u{1B}[2K  y\u{1B}[3E", "0.5 s after it, y is redrawn plain")
      output.text = ""
      scheduler.advance(by: 5)
      XCTAssertEqual(output.text, "", "nothing else is scheduled")
      XCTAssertEqual(view.lines, ["[L]", "  y", "  x", "  a"])
    }
  }

  func testAListTallerThanTheTerminalIsRedrawnWholeFromTheTop() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b"])])
      // 4 rows: the header, 2 items and the cursor line fit exactly.
      let (view, changes, output) = Self.bound(grid, mode: .ansi, height: 4)
      @MainActor func insert(_ item: String) {
        let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.insert(Node(.item(item)), at: [0, 0])]
        grid.apply(patch)
        output.text = ""
        changes.value = TreeChangeset(collection: grid, patch: patch)
      }
      insert("x")
      // Growing past the terminal: the old list still fits, so it is cleared from its first line.
      XCTAssertEqual(
        output.text,
        "\u{1B}[3F\u{1B}[J\u{1B}[2K\u{1B}[1m[L]\u{1B}[0m\n\u{1B}[2K\u{1B}[1;32m  x\u{1B}[0m\n"
          + "\u{1B}[2K  a\n\u{1B}[2K  b\n")
      insert("y")
      // Its first line has scrolled away: redraw from the top of the screen.
      XCTAssertTrue(output.text.hasPrefix("\u{1B}[H\u{1B}[J\u{1B}[2K\u{1B}[1m[L]"), output.text.debugDescription)
      XCTAssertFalse(output.text.contains("F"), "no cursor-up moves, which could not reach the scrolled lines")
      XCTAssertEqual(view.lines, ["[L]", "  y", "  x", "  a", "  b"])
    }
  }

  func testAMovedLineIsDeletedAndInsertedAgain() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b", "c"])])
      let (view, changes, output) = Self.bound(grid, mode: .ansi)
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.move(from: [0, 0], to: [0, 2])]
      grid.apply(patch)
      output.text = ""
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        output.text,
        "\u{1B}[3F\u{1B}[M\u{1B}[2E" + "\u{1B}[2K\u{1B}[1;36m  a\u{1B}[0m\n",
        "a, moved to the end, is deleted and appended; b and c do not move"
      )
      XCTAssertEqual(view.lines, ["[L]", "  b", "  c", "  a"])
    }
  }

  func testAViolationIsRecordedAndTheListReloaded() {
    MainActor.assumeIsolated {
      let output = Output()
      let view = TerminalListView(mode: .plain) { output.text += $0 }
      let source = StubDataSource([["a"]])
      let cells = TerminalTextCell(text: "a")
      let adapter = TerminalStub(source: source, cell: cells)
      view.sectionedDataSource = adapter
      view.reloadData()
      view.insertRows(at: [[0, 1]], with: .fade)
      XCTAssertEqual(view.violations.map(\.rule), [.indexOutOfBounds])
      XCTAssertTrue(output.text.contains("--- reload after: attempt to insert row 1 into section 0"))
    }
  }
}

@MainActor
private final class Output {
  var text = ""
}

@MainActor
private final class TerminalStub: SectionedViewDataSource {
  let source: StubDataSource
  let cell: TerminalTextCell
  init(source: StubDataSource, cell: TerminalTextCell) {
    self.source = source
    self.cell = cell
  }
  func numberOfSections() -> Int { source.numberOfSections() }
  func numberOfItems(inSection section: Int) -> Int { source.numberOfItems(inSection: section) }
  func cellForItem(at indexPath: IndexPath) -> any TerminalListRow { cell }
  func titleForHeader(inSection section: Int) -> String? { nil }
}
