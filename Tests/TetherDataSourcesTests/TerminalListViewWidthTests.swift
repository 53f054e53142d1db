import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherTestSupport
import XCTest

/// Every line a `TerminalListView` draws fits its width, measured in terminal columns, so that no
/// line wraps and pushes the list or the program's lines down.
final class TerminalListViewWidthTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[String]>

  @MainActor
  private static func bound(
    _ items: [String], mode: TerminalListView.Mode, width: Int, height: Int = 10
  ) -> (TerminalListView, Property<Changes>, Output) {
    let output = Output()
    let view = TerminalListView(mode: mode, width: width, height: height) { output.text += $0 }
    let items = Property(Changes.reload(items))
    items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
    return (view, items, output)
  }

  /// The first draw of an ANSI region of `rows` lines (and 1 input line) showing `lines`.
  private static func opening(rows: Int, _ lines: [String]) -> String {
    "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[\(rows);\(rows)r"
      + lines.enumerated().map { "\u{1B}[\($0.offset + 1);1H" + $0.element }.joined() + "\u{1B}[\(rows);1H"
  }

  func testTheMoreLineIsCutToTheWidth() {
    MainActor.assumeIsolated {
      let (view, items, output) = Self.bound(["a", "b", "c", "d", "e"], mode: .ansi, width: 6, height: 4)
      XCTAssertEqual(
        output.text, Self.opening(rows: 4, ["  a", "  b", "\u{1B}[2m… 3 m…\u{1B}[0m"]),
        "'… 3 more' is 8 columns: cut to 6")
      output.text = ""
      items.value = Changes(collection: (0..<120).map(String.init), diff: .init(inserts: Array(5..<120)))
      XCTAssertEqual(
        output.text, "\u{1B}7\u{1B}[3;1H\u{1B}[2K\u{1B}[2m… 118…\u{1B}[0m\u{1B}8",
        "the count is cut too rather than wrap")
      view.width = 20
      output.text = ""
      view.reloadData()
      XCTAssertTrue(output.text.contains("\u{1B}[2m… 118 more\u{1B}[0m"), output.text.debugDescription)
    }
  }

  func testPlainModeCountsTheMarkerColumnAndCutsItsSummaries() {
    MainActor.assumeIsolated {
      let (view, items, output) = Self.bound(["apple", "a row too long for it"], mode: .plain, width: 16)
      XCTAssertEqual(output.text, "--- reload\n    apple\n    a row too l…\n")
      output.text = ""
      items.value = Changes(collection: ["kiwi", "apple"], diff: .init(inserts: [0], deletes: [1]))
      XCTAssertEqual(
        output.text,
        """
        --- update 2: 1…
        -   a row too l…
        +   kiwi
            apple

        """
      )
      XCTAssertEqual(view.lines, ["  kiwi", "  apple"])
      for line in output.text.split(separator: "\n") { XCTAssertLessThanOrEqual(line.count, 16, String(line)) }
    }
  }

  func testWideCharactersTakeTwoColumnsAndAreCutByColumns() {
    MainActor.assumeIsolated {
      let rows = [
        "漢字漢字",  // 8 columns: with the indent, exactly 10
        "日本語のテキスト",  // 16 columns
        "👍🏽👍🏽👍🏽👍🏽👍🏽",  // emoji with modifiers: 2 columns each
        "🇯🇵🇫🇷👨‍👩‍👧✔️ok",  // flags, a family (one character), an emoji by its selector
        "cafe\u{301} na\u{308}ive ok",  // combining marks take no column: 13 columns
      ]
      let shown = ["  漢字漢字", "  日本語…", "  👍🏽👍🏽👍🏽…", "  🇯🇵🇫🇷👨‍👩‍👧…", "  cafe\u{301} na\u{308}…"]
      let (view, _, output) = Self.bound(rows, mode: .ansi, width: 10)
      XCTAssertEqual(view.lines, shown)
      XCTAssertEqual(output.text, Self.opening(rows: 10, shown))

      let (plainView, _, plainOutput) = Self.bound(rows, mode: .plain, width: 10)
      XCTAssertEqual(plainView.lines, shown)
      XCTAssertEqual(
        plainOutput.text,
        "--- reload\n" + ["    漢字…", "    日本…", "    👍🏽👍🏽…", "    🇯🇵🇫🇷…", "    cafe\u{301} …"].map { $0 + "\n" }.joined()
      )
    }
  }

  func testTextPresentationAndZeroWidthCharacters() {
    MainActor.assumeIsolated {
      // U+2714 alone is 1 column (text presentation); U+FE0E keeps an emoji narrow; U+200B is 0.
      let (view, _, _) = Self.bound(["✔✔✔✔☺\u{FE0E}a\u{200B}b", "✔✔✔✔☺\u{FE0E}abcd"], mode: .ansi, width: 10)
      XCTAssertEqual(view.lines, ["  ✔✔✔✔☺\u{FE0E}a\u{200B}b", "  ✔✔✔✔☺\u{FE0E}ab…"])
    }
  }

  func testARowShowsItsFirstLineAndNoControlCharacter() {
    MainActor.assumeIsolated {
      let rows = ["crlf\r\nsecond", "cr\rover", "tab\there", "esc\u{1B}[31mred", "nel\u{85}next", "ls\u{2028}next"]
      let shown = ["  crlf", "  cr", "  tab here", "  esc\u{FFFD}[31mred", "  nel", "  ls"]
      let (view, _, output) = Self.bound(rows, mode: .ansi, width: 20)
      XCTAssertEqual(view.lines, shown)
      XCTAssertEqual(output.text, Self.opening(rows: 10, shown), "nothing but the view's own escapes is written")
      let (plainView, _, plainOutput) = Self.bound(rows, mode: .plain, width: 20)
      XCTAssertEqual(plainView.lines, shown)
      XCTAssertEqual(plainOutput.text, "--- reload\n" + shown.map { "  \($0)\n" }.joined())
    }
  }

  func testAWidthBelowOneTrapsNamingIt() throws {
    for scenario in TerminalWidthTrapScenarios.names {
      let outcome = try ChildProcessTrap.run(
        scenario, test: "TetherDataSourcesTests.TerminalWidthTrapScenarios/testRunTheRequestedScenario")
      XCTAssertTrue(outcome.trapped, "\(scenario) did not trap:\n\(outcome.output)")
      XCTAssertTrue(
        outcome.output.contains("TerminalListView needs a width of at least 1 column (got 0)"),
        "\(scenario): expected the message in:\n\(outcome.output)")
    }
  }
}

/// The scenarios, run only in the child process that ``TerminalListViewWidthTests`` starts.
final class TerminalWidthTrapScenarios: XCTestCase {
  static let names = ["init", "setter"]

  func testRunTheRequestedScenario() throws {
    guard let name = ChildProcessTrap.requestedScenario, Self.names.contains(name) else {
      throw XCTSkip("runs only as a child of TerminalListViewWidthTests")
    }
    MainActor.assumeIsolated {
      switch name {
      case "init": _ = TerminalListView(mode: .plain, width: 0) { _ in }
      default: TerminalListView(mode: .plain, width: 10) { _ in }.width = 0
      }
    }
    ChildProcessTrap.say("scenario \(name) did not trap")
  }
}

@MainActor
private final class Output {
  var text = ""
}
