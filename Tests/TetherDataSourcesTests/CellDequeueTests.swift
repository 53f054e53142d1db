import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherValidatingViews
import XCTest

/// An Epoxy-style row that its view creates from the registered class and styles afterwards, as a
/// `UICollectionViewCell` subclass would be.
@MainActor
final class ReusablePriceRow: TerminalListRow, ReusableStyledView, ContentConfigurableView, ConstructibleCell {
  struct Style: Hashable {
    var currency: String
  }

  private(set) var style: Style?
  private(set) var styleCount = 0
  private(set) var text = ""

  init() {}

  init(style: Style) {
    self.style = style
  }

  func applyStyle(_ style: Style) {
    self.style = style
    styleCount += 1
  }

  func setContent(_ content: Int, animated: Bool) {
    text = "\(content) \(style?.currency ?? "unstyled")"
  }
}

/// UIKit's dequeue rules in the validating view, and the binders that follow them.
final class CellDequeueTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[String]>

  private static let notDequeued =
    "the cell returned from -collectionView:cellForItemAtIndexPath: does not have a reuseIdentifier - "
    + "cells must be retrieved by calling -dequeueReusableCellWithReuseIdentifier:forIndexPath:"

  func testACellCreatedWithoutDequeuingIsReportedInCollectionMode() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view) { items, indexPath, _ in TerminalTextCell(text: items.item(at: indexPath)) }
      XCTAssertEqual(view.violations.map(\.rule), [.cellNotDequeued, .cellNotDequeued])
      XCTAssertEqual(view.violations.first?.message, Self.notDequeued)
      // A table view accepts such cells.
      let tableView = BatchUpdateValidatingView<TerminalTextCell>(mode: .tableView)
      items.bind(to: tableView) { items, indexPath, _ in TerminalTextCell(text: items.item(at: indexPath)) }
      XCTAssertEqual(tableView.violations, [])
    }
  }

  func testACellDequeuedForAnotherIndexPathIsReportedInCollectionMode() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      view.register(TerminalTextCell.self, forCellWithReuseIdentifier: "text")
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view) { items, indexPath, view in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "text", for: [0, 0])
        cell.text = items.item(at: indexPath)
        return cell
      }
      XCTAssertEqual(view.violations.map(\.rule), [.cellNotDequeued], "only the row at [0, 1] got a wrong cell")
    }
  }

  func testACellDequeuedForItsIndexPathPassesAndIsReused() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      view.register(TerminalTextCell.self, forCellWithReuseIdentifier: "text")
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view) { items, indexPath, view in
        let cell = view.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
        cell.text = items.item(at: indexPath)
        return cell
      }
      let first = view.rows[0][1]
      items.value = Changes(collection: ["a", "c"], diff: .init(updates: [1]))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows[0].map(\.text), ["a", "c"])
      XCTAssertTrue(view.rows[0][1] === first, "the reloaded row got its own cell back")
    }
  }

  func testDequeuingAnUnregisteredIdentifierIsReportedWithUIKitsMessage() {
    MainActor.assumeIsolated {
      let suffix = " - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
      for (mode, message) in [
        (
          BatchUpdateValidatingView<TerminalTextCell>.Mode.collectionView,
          "could not dequeue a view of kind: UICollectionElementKindCell with identifier text" + suffix
        ),
        (.tableView, "unable to dequeue a cell with identifier text" + suffix),
      ] {
        // No class is registered: the view still makes a `TerminalTextCell` (a `ConstructibleCell`).
        let view = BatchUpdateValidatingView<TerminalTextCell>(mode: mode)
        let items = Property(Changes.reload(["a"]))
        items.bind(to: view) { items, indexPath, view in
          let cell = view.dequeueReusableCell(withReuseIdentifier: "text", for: indexPath)
          cell.text = items.item(at: indexPath)
          return cell
        }
        XCTAssertEqual(view.violations.map(\.rule), [.unregisteredReuseIdentifier], "\(mode)")
        XCTAssertEqual(view.violations.first?.message, message)
      }
    }
  }

  func testTheCellTypeBinderRegistersItsCellOnceAndDequeuesEveryCell() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<TerminalTextCell>(mode: .collectionView)
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      items.value = Changes(collection: ["b", "c", "a"], diff: .init(inserts: [1], moves: [(from: 0, to: 2)]))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows[0].map(\.text), ["b", "c", "a"])
      XCTAssertEqual(Array(view.registeredCellClasses.keys), [String(reflecting: TerminalTextCell.self)])
    }
  }

  func testReusableStyledCellsAreRegisteredPerStyleAndStyledOnce() {
    MainActor.assumeIsolated {
      let view = BatchUpdateValidatingView<ReusablePriceRow>(mode: .collectionView)
      let items = Property(
        OrderedCollectionChangeset(reloading: [
          StyledItem(style: ReusablePriceRow.Style(currency: "EUR"), content: 1),
          StyledItem(style: ReusablePriceRow.Style(currency: "CHF"), content: 2),
        ]))
      items.bind(to: view, cellType: ReusablePriceRow.self)
      let first = view.rows[0][0]
      items.value = OrderedCollectionChangeset(
        collection: [
          StyledItem(style: ReusablePriceRow.Style(currency: "EUR"), content: 3),
          StyledItem(style: ReusablePriceRow.Style(currency: "CHF"), content: 2),
        ],
        diff: .init(updates: [0]))
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.rows[0].map(\.text), ["3 EUR", "2 CHF"])
      XCTAssertTrue(view.rows[0][0] === first, "the reloaded row got its own cell back")
      XCTAssertEqual(first.styleCount, 1, "a reused cell is not styled again")
      XCTAssertEqual(view.registeredCellClasses.count, 2, "one identifier per style")
    }
  }

  func testPlainStyledCellsAreCreatedByTheBinderWhichOnlyATableViewAccepts() {
    MainActor.assumeIsolated {
      let prices = Property(OrderedCollectionChangeset(reloading: [1]))
      let tableView = BatchUpdateValidatingView<PriceRow>(mode: .tableView)
      prices.bind(to: tableView, cellType: PriceRow.self, style: .init(currency: "EUR"))
      XCTAssertEqual(tableView.violations, [])
      let collectionView = BatchUpdateValidatingView<PriceRow>(mode: .collectionView)
      prices.bind(to: collectionView, cellType: PriceRow.self, style: .init(currency: "EUR"))
      XCTAssertEqual(collectionView.violations.map(\.rule), [.cellNotDequeued])
    }
  }

  func testTheTerminalViewCreatesRegisteredRows() {
    MainActor.assumeIsolated {
      let view = TerminalListView(mode: .plain) { _ in }
      let items = Property(Changes.reload(["a", "b"]))
      items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in cell.text = item }
      XCTAssertEqual(view.violations, [])
      XCTAssertEqual(view.lines, ["  a", "  b"])
    }
  }
}
