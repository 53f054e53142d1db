import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherTestSupport
import XCTest

final class TerminalListViewTests: XCTestCase {
  private typealias Grid = Array2D<String, String>
  private typealias Node = TreeNode<Array2DElement<String, String>>

  @MainActor
  private static func bound(
    _ grid: Grid, mode: TerminalListView.Mode, width: Int = 20, height: Int? = nil
  ) -> (TerminalListView, Property<TreeChangeset<Grid>>, Output) {
    let output = Output()
    let view = TerminalListView(mode: mode, width: width, height: height) { output.text += $0 }
    let changes = Property(TreeChangeset(reloading: grid))
    changes.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
    return (view, changes, output)
  }

  func testPlainModePrintsEachChangeWithMarkers() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("Fruit", ["apple", "pear", "fig"]), ("Veg", ["leek"])])
      // Wide enough for the summary line: every line is cut to the width.
      let (view, changes, output) = Self.bound(grid, mode: .plain, width: 60)
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
      XCTAssertEqual(
        output.text, "--- reload\n  [S]\n    a very long lin…\n",
        "the marker column counts: the whole line is 20 columns")
      XCTAssertEqual(view.lines, ["[S]", "  a very long line …"], "lines are the texts cut to the width")
      changes.value = .reload(Grid(sectionsWithItems: [("T", [])]))
      XCTAssertEqual(view.lines, ["[T]"])
    }
  }

  /// Moves to the start of screen line `row` (1-based) and clears it, as the view rewrites a line.
  private static func line(_ row: Int) -> String { "\u{1B}[\(row);1H\u{1B}[2K" }
  /// The view's rewrites, between saving the program's cursor and restoring it.
  private static func rewrite(_ text: String) -> String { "\u{1B}7" + text + "\u{1B}8" }

  func testANSIModeOwnsARegionOfTheAlternateScreenAndRewritesOnlyChangedLines() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b", "c"])])
      let (view, changes, output) = Self.bound(grid, mode: .ansi, height: 6)
      XCTAssertTrue(view.isANSI)
      XCTAssertEqual(
        output.text,
        "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[6;6r"
          + "\u{1B}[1;1H\u{1B}[1m[L]\u{1B}[0m\u{1B}[2;1H  a\u{1B}[3;1H  b\u{1B}[4;1H  c" + "\u{1B}[6;1H",
        "the first draw takes the alternate screen, makes line 6 the program's scroll region, draws the"
          + " list on lines 1-4 and leaves the cursor on line 6"
      )
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [
        .delete(at: [0, 1]), .insert(Node(.item("x")), at: [0, 0]),
      ]
      grid.apply(patch)
      output.text = ""
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        output.text,
        Self.rewrite(Self.line(2) + "\u{1B}[1;32m  x\u{1B}[0m" + Self.line(3) + "  a"),
        "lines 2 and 3 changed and are rewritten by position, the header and c are not; the cursor goes back"
      )
      output.text = ""
      view.clearHighlights()
      XCTAssertEqual(output.text, Self.rewrite(Self.line(2) + "  x"), "only the highlighted line is redrawn")
      output.text = ""
      view.clearHighlights()
      XCTAssertEqual(output.text, "", "nothing changed, nothing is written")
      XCTAssertEqual(view.lines, ["[L]", "  x", "  a", "  c"])
    }
  }

  func testInputLinesSetTheProgramsRegionAndCloseGivesTheScreenBack() {
    MainActor.assumeIsolated {
      let output = Output()
      let view = TerminalListView(mode: .ansi, width: 20, height: 6, inputLines: 3) { output.text += $0 }
      let items = Property(OrderedCollectionChangeset(reloading: ["a"]))
      items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      XCTAssertEqual(
        output.text,
        "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[4;6r\u{1B}[1;1H  a\u{1B}[4;1H",
        "lines 4-6 are the program's, the list has lines 1-3"
      )
      output.text = ""
      view.close()
      XCTAssertEqual(output.text, "\u{1B}[r\u{1B}[?1049l", "the scroll region is reset and the main screen back")
      output.text = ""
      view.close()
      XCTAssertEqual(output.text, "", "closing twice writes nothing")
      items.value = OrderedCollectionChangeset(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(
        output.text,
        "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[4;6r\u{1B}[1;1H  a\u{1B}[2;1H\u{1B}[1;32m  b\u{1B}[0m\u{1B}[4;1H",
        "the next change takes the screen again and draws the whole list"
      )
    }
  }

  func testAReloadRewritesEveryLineOfTheRegion() {
    MainActor.assumeIsolated {
      let output = Output()
      let view = TerminalListView(mode: .ansi, width: 20, height: 4) { output.text += $0 }
      let adapter = TerminalStub(source: StubDataSource([["a"]]), cell: TerminalTextCell(text: "a"))
      view.sectionedDataSource = adapter
      view.reloadData()
      XCTAssertEqual(output.text, "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[4;4r\u{1B}[1;1H  a\u{1B}[4;1H")
      output.text = ""
      view.reloadData()
      XCTAssertEqual(
        output.text,
        Self.rewrite(Self.line(1) + "  a" + Self.line(2) + Self.line(3)),
        "unchanged lines too, which repairs anything written over the region"
      )
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
      XCTAssertEqual(output.text, Self.rewrite(Self.line(2) + "  y"), "0.5 s after it, y is redrawn plain")
      output.text = ""
      scheduler.advance(by: 5)
      XCTAssertEqual(output.text, "", "nothing else is scheduled")
      XCTAssertEqual(view.lines, ["[L]", "  y", "  x", "  a"])
    }
  }

  func testAListTallerThanItsRegionShowsItsFirstLinesAndCountsTheRest() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b"])])
      // 4 rows, 1 for input: the header and 2 items fill the list's 3 lines exactly.
      let (view, changes, output) = Self.bound(grid, mode: .ansi, height: 4)
      @MainActor func insert(_ item: String) {
        let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.insert(Node(.item(item)), at: [0, 0])]
        grid.apply(patch)
        output.text = ""
        changes.value = TreeChangeset(collection: grid, patch: patch)
      }
      insert("x")
      XCTAssertEqual(
        output.text,
        Self.rewrite(Self.line(2) + "\u{1B}[1;32m  x\u{1B}[0m" + Self.line(3) + "\u{1B}[2m… 2 more\u{1B}[0m"),
        "never a line past the region: the last one counts what does not fit"
      )
      insert("y")
      XCTAssertEqual(
        output.text,
        Self.rewrite(Self.line(2) + "\u{1B}[1;32m  y\u{1B}[0m" + Self.line(3) + "\u{1B}[2m… 3 more\u{1B}[0m"))
      XCTAssertEqual(view.lines, ["[L]", "  y", "  x", "  a", "  b"], "lines has the whole list")
    }
  }

  func testAMovedLineIsRewrittenWhereItLands() {
    MainActor.assumeIsolated {
      var grid = Grid(sectionsWithItems: [("L", ["a", "b", "c"])])
      let (view, changes, output) = Self.bound(grid, mode: .ansi)
      let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.move(from: [0, 0], to: [0, 2])]
      grid.apply(patch)
      output.text = ""
      changes.value = TreeChangeset(collection: grid, patch: patch)
      XCTAssertEqual(
        output.text,
        Self.rewrite(Self.line(2) + "  b" + Self.line(3) + "  c" + Self.line(4) + "\u{1B}[1;36m  a\u{1B}[0m"),
        "a, moved to the end, is drawn there in cyan; b and c shift up"
      )
      XCTAssertEqual(view.lines, ["[L]", "  b", "  c", "  a"])
    }
  }

  func testWithoutAHeightAViewWritingElsewhereAssumes24Lines() {
    MainActor.assumeIsolated {
      let (_, _, output) = Self.bound(Grid(sectionsWithItems: [("L", [])]), mode: .ansi)
      XCTAssertTrue(output.text.hasPrefix("\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[24;24r"), output.text.debugDescription)
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

final class TerminalHighlightFadingTests: XCTestCase {
  func testAFadingThatFiredOffTheMainThreadDoesNotClearALaterBatchsHighlight() {
    MainActor.assumeIsolated {
      let output = Output()
      let view = TerminalListView(mode: .ansi, width: 20, height: 6) { output.text += $0 }
      let scheduler = VirtualTimeScheduler()
      view.highlightFading = (seconds: 0.5, scheduler: scheduler)
      let items = Property(OrderedCollectionChangeset(reloading: ["a"]))
      items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      items.value = OrderedCollectionChangeset(collection: ["a", "x"], diff: .init(inserts: [1]))
      // The first batch's fading fires on another thread, so its clearing waits for the main queue.
      let fired = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        scheduler.advance(by: 0.5)
        fired.signal()
      }
      fired.wait()
      // Meanwhile a second batch lands: its highlight must stay for its own 0.5 s.
      items.value = OrderedCollectionChangeset(collection: ["a", "x", "y"], diff: .init(inserts: [2]))
      output.text = ""
      drainMainQueue()
      XCTAssertEqual(output.text, "", "the first batch's fading came too late to clear anything")
      scheduler.advance(by: 0.5)
      XCTAssertEqual(
        output.text, "\u{1B}7\u{1B}[3;1H\u{1B}[2K  y\u{1B}8", "the second batch's highlight fades after its own time")
    }
  }

  func testAReloadCancelsAPendingFading() {
    MainActor.assumeIsolated {
      let output = Output()
      let view = TerminalListView(mode: .plain, width: 20) { output.text += $0 }
      let scheduler = VirtualTimeScheduler()
      view.highlightFading = (seconds: 0.5, scheduler: scheduler)
      let items = Property(OrderedCollectionChangeset(reloading: ["a"]))
      items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      items.value = OrderedCollectionChangeset(collection: ["a", "x"], diff: .init(inserts: [1]))
      view.reloadData()
      output.text = ""
      scheduler.advance(by: 1)
      XCTAssertEqual(output.text, "", "the reload drew the list without highlights; nothing is left to fade")
    }
  }
}
