import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherValidatingViews
import XCTest

/// An Epoxy-style row: created from a style, configured with one `Equatable` content.
@MainActor
final class PriceRow: TerminalListRow, StyledView, ContentConfigurableView {
  struct Style: Hashable {
    var currency: String
  }

  static var created = 0

  let style: Style
  private(set) var text = ""
  private(set) var contentLog: [(Int, animated: Bool)] = []

  init(style: Style) {
    self.style = style
    Self.created += 1
  }

  func setContent(_ content: Int, animated: Bool) {
    contentLog.append((content, animated))
    text = "\(content) \(style.currency)"
  }
}

final class StyledCellBinderTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[Int]>

  func testCellsAreCreatedFromTheStyleAndShowTheirItem() {
    MainActor.assumeIsolated {
      PriceRow.created = 0
      let view = BatchUpdateValidatingView<PriceRow>()
      let prices = Property(Changes.reload([3, 5]))
      prices.bind(to: view, cellType: PriceRow.self, style: .init(currency: "EUR"))
      XCTAssertEqual(PriceRow.created, 2)
      XCTAssertEqual(view.rows.flatMap { $0.map(\.text) }, ["3 EUR", "5 EUR"])
      XCTAssertEqual(
        view.rows[0].map { $0.contentLog.map(\.animated) }, [[false], [false]], "a reload is not animated")
    }
  }

  func testReloadingARowWhoseContentDidNotChangeDoesNotSetItAgain() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<PriceRow>()
      let prices = Property(Changes.reload([3, 5]))
      prices.bind(to: view, cellType: PriceRow.self, style: .init(currency: "EUR"))
      let cells = view.rows[0]
      prices.value = Changes(collection: [3, 5], diff: .init(updates: [0, 1]))  // "updated" to equal values
      XCTAssertEqual(view.violations, [])
      XCTAssertTrue(view.rows[0][0] === cells[0] && view.rows[0][1] === cells[1], "each row got its cell back")
      XCTAssertEqual(cells.map(\.contentLog.count), [1, 1], "no setContent for unchanged content")
    }
  }

  func testAChangedContentIsSetOnceAndAnimated() {
    MainActor.assumeIsolated {
      PriceRow.created = 0
      let view = BatchUpdateValidatingView<PriceRow>()
      let prices = Property(Changes.reload([3, 5]))
      prices.bind(to: view, cellType: PriceRow.self, style: .init(currency: "EUR"))
      prices.value = Changes(collection: [3, 6, 9], diff: .init(inserts: [2], updates: [1]))
      XCTAssertEqual(view.rows[0].map(\.text), ["3 EUR", "6 EUR", "9 EUR"])
      XCTAssertEqual(view.rows[0][1].contentLog.map(\.0), [5, 6])
      XCTAssertEqual(view.rows[0][1].contentLog.last?.animated, true)
      XCTAssertEqual(
        view.rows[0][2].contentLog.map(\.animated), [true], "an inserted row is part of the animated batch")
      XCTAssertEqual(PriceRow.created, 3, "the reloaded row reused its cell")
    }
  }

  func testAReloadReusesCellsAndOnlySetsChangedContent() {
    MainActor.assumeIsolated {
      PriceRow.created = 0
      let view = BatchUpdateValidatingView<PriceRow>()
      let prices = Property(Changes.reload([3, 5]))
      prices.bind(to: view, cellType: PriceRow.self, style: .init(currency: "EUR"))
      prices.value = .reload([3, 7])
      XCTAssertEqual(PriceRow.created, 2)
      let setCounts = view.rows[0].map(\.contentLog.count)
      XCTAssertEqual(setCounts.reduce(0, +), 3, "one more setContent in all, for the changed row")
      XCTAssertEqual(view.rows[0].map(\.text), ["3 EUR", "7 EUR"])
    }
  }

  func testEachStyleGetsItsOwnReuseIdentifier() {
    MainActor.assumeIsolated {
      let binder = StyledCellBinderDataSource<
        SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<PriceRow>, PriceRow
      >(
        style: { $0 < 0 ? .init(currency: "debt") : .init(currency: "EUR") },
        content: { abs($0) }
      )
      let euro = binder.reuseIdentifier(for: .init(currency: "EUR"))
      XCTAssertEqual(binder.reuseIdentifier(for: .init(currency: "EUR")), euro)
      XCTAssertNotEqual(binder.reuseIdentifier(for: .init(currency: "debt")), euro)
      let view = BatchUpdateValidatingView<PriceRow>()
      Property(Changes.reload([-2, 4])).bind(to: view, using: binder)
      XCTAssertEqual(view.rows[0].map(\.text), ["2 debt", "4 EUR"])
    }
  }

  func testStyledCellsWorkAsTerminalRows() {
    MainActor.assumeIsolated {
      var output = ""
      let view = TerminalListView(mode: .plain) { output += $0 }
      let prices = Property(Changes.reload([3]))
      prices.bind(to: view, cellType: PriceRow.self, style: .init(currency: "CHF")) { $0 * 10 }
      XCTAssertEqual(view.lines, ["  30 CHF"])
      XCTAssertEqual(output, "--- reload\n    30 CHF\n")
    }
  }

  func testItemsCanCarryTheirOwnStyle() {
    MainActor.assumeIsolated {
      PriceRow.created = 0
      let view = BatchUpdateValidatingView<PriceRow>()
      let items = Property(
        OrderedCollectionChangeset(reloading: [
          StyledItem(style: PriceRow.Style(currency: "EUR"), content: 3),
          StyledItem(style: PriceRow.Style(currency: "USD"), content: 4),
        ]))
      items.bind(to: view, cellType: PriceRow.self)
      XCTAssertEqual(view.rows[0].map(\.text), ["3 EUR", "4 USD"])
      items.value = .init(
        collection: [
          StyledItem(style: .init(currency: "USD"), content: 4), StyledItem(style: .init(currency: "EUR"), content: 3),
        ],
        diff: .init(updates: [0, 1]))
      XCTAssertEqual(view.rows[0].map(\.text), ["4 USD", "3 EUR"])
      XCTAssertEqual(PriceRow.created, 2, "each reloaded row found a cell of its new style to reuse")
      XCTAssertEqual(view.violations, [])
    }
  }
}
