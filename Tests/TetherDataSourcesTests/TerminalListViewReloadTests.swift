import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherTerminal
import XCTest

/// `reloadData()` called on a bound `TerminalListView` redraws what the view shows, whatever the
/// source, however many changes came before, and after the source was released by its owner.
final class TerminalListViewReloadTests: XCTestCase {
  private typealias Grid = Array2D<String, String>
  private typealias Node = TreeNode<Array2DElement<String, String>>

  @MainActor
  private static func makeView(_ mode: TerminalListView.Mode) -> (TerminalListView, Output) {
    let output = Output()
    let view = TerminalListView(mode: mode, width: 20, height: 10) { output.text += $0 }
    return (view, output)
  }

  /// Moves to the start of screen line `row` (1-based) and clears it, as the view rewrites a line.
  private static func line(_ row: Int) -> String { "\u{1B}[\(row);1H\u{1B}[2K" }

  func testReloadDataRedrawsA2DListWhoseChangesetPropertyWasReleased() {
    MainActor.assumeIsolated {
      for mode in [TerminalListView.Mode.plain, .ansi] {
        let (view, output) = Self.makeView(mode)
        do {
          // Released at the end of the scope, as a property a caller does not keep (`let (view, _)
          // = makeBoundView()`): the signal completes and the binding ends.
          var grid = Grid(sectionsWithItems: [("A", ["a1", "a2"]), ("B", ["b1"])])
          let changes = Property(TreeChangeset(reloading: grid))
          changes.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
          let patch: [OrderedCollectionOperation<Node, IndexPath>] = [.insert(Node(.item("b0")), at: [1, 0])]
          grid.apply(patch)
          changes.value = TreeChangeset(collection: grid, patch: patch)
        }
        output.text = ""
        view.reloadData()
        XCTAssertEqual(view.lines, ["[A]", "  a1", "  a2", "[B]", "  b0", "  b1"], "\(mode)")
        if mode == .plain {
          XCTAssertEqual(output.text, "--- reload\n  [A]\n    a1\n    a2\n  [B]\n    b0\n    b1\n")
        } else {
          let shown = [
            "\u{1B}[1m[A]\u{1B}[0m", "  a1", "  a2", "\u{1B}[1m[B]\u{1B}[0m", "  b0", "  b1", "", "", "",
          ]
          XCTAssertEqual(
            output.text,
            "\u{1B}7" + shown.enumerated().map { Self.line($0.offset + 1) + $0.element }.joined() + "\u{1B}8")
        }
      }
    }
  }

  func testReloadDataAfterSeveralChangesOfAnObservable2DArray() {
    MainActor.assumeIsolated {
      for mode in [TerminalListView.Mode.plain, .ansi] {
        let (view, output) = Self.makeView(mode)
        let array = MutableObservableArray2D(Grid(sectionsWithItems: [("A", ["a1", "a2"]), ("B", ["b1"])]))
        array.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
        array.appendItem("b2", toSectionAt: 1)
        _ = array.removeItem(at: [0, 0])
        array.moveItem(from: [0, 0], to: [1, 0])
        array.moveSection(from: 1, to: 0)
        array.appendSection("C", items: ["c1"])
        let expected = ["[B]", "  a2", "  b1", "  b2", "[A]", "[C]", "  c1"]
        XCTAssertEqual(view.lines, expected, "\(mode)")
        output.text = ""
        view.reloadData()
        XCTAssertEqual(view.lines, expected, "\(mode)")
        XCTAssertEqual(view.violations, [], "\(mode)")
        if mode == .plain {
          XCTAssertEqual(output.text, "--- reload\n" + expected.map { "  \($0)\n" }.joined())
        }
        withExtendedLifetime(array) {}
      }
    }
  }

  func testReloadDataOnAFlatArrayWhileBoundAndAfterItsRelease() {
    MainActor.assumeIsolated {
      for mode in [TerminalListView.Mode.plain, .ansi] {
        let (view, _) = Self.makeView(mode)
        do {
          let items = MutableObservableArray(["x", "y"])
          items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
          items.append("z")
          items.remove(at: 0)
          view.reloadData()
          XCTAssertEqual(view.lines, ["  y", "  z"], "\(mode), bound")
        }
        view.reloadData()
        XCTAssertEqual(view.lines, ["  y", "  z"], "\(mode), released")
      }
    }
  }

  func testReloadDataOnSortedSetsAndDictionaries() {
    MainActor.assumeIsolated {
      for mode in [TerminalListView.Mode.plain, .ansi] {
        let (setView, _) = Self.makeView(mode)
        let (dictionaryView, _) = Self.makeView(mode)
        do {
          let set = MutableObservableSet<Int>([3, 1])
          set.sortedCollection().bind(to: setView, cellType: TerminalTextCell.self) { cell, item in
            cell.text = "\(item)"
          }
          set.insert(2)
          let dictionary = MutableObservableDictionary<String, Int>(["b": 2])
          dictionary.sortedCollection().bind(to: dictionaryView, cellType: TerminalTextCell.self) { cell, entry in
            cell.text = "\(entry.key)=\(entry.value)"
          }
          dictionary["a"] = 1
          setView.reloadData()
          dictionaryView.reloadData()
          XCTAssertEqual(setView.lines, ["  1", "  2", "  3"], "\(mode), bound")
          XCTAssertEqual(dictionaryView.lines, ["  a=1", "  b=2"], "\(mode), bound")
        }
        setView.reloadData()
        dictionaryView.reloadData()
        XCTAssertEqual(setView.lines, ["  1", "  2", "  3"], "\(mode), released")
        XCTAssertEqual(dictionaryView.lines, ["  a=1", "  b=2"], "\(mode), released")
      }
    }
  }

  func testReloadDataBeforeAnyChangesetDrawsAnEmptyListAndLaterOnesDrawTheirs() {
    MainActor.assumeIsolated {
      let (view, output) = Self.makeView(.plain)
      let subject = PassthroughSubject<TreeChangeset<Grid>, Never>()
      subject.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      output.text = ""
      view.reloadData()
      XCTAssertEqual(output.text, "--- reload\n", "nothing was sent yet")
      XCTAssertEqual(view.lines, [])
      subject.send(.reload(Grid(sectionsWithItems: [("A", ["a1"])])))
      output.text = ""
      view.reloadData()
      XCTAssertEqual(output.text, "--- reload\n  [A]\n    a1\n")
      subject.send(completion: .finished)
      output.text = ""
      view.reloadData()
      XCTAssertEqual(output.text, "--- reload\n  [A]\n    a1\n", "the last changeset stays after the completion")
    }
  }
}

@MainActor
private final class Output {
  var text = ""
}
