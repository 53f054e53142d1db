import Foundation
import TetherChangesets
import TetherDataSources
import TetherSignals
import TetherTerminal
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Binders hold their views weakly and are released, with everything they hold, when the view or
/// the binding goes away.
final class BinderLifetimeTests: XCTestCase {
  private typealias View = BatchUpdateValidatingView<String>
  private typealias Binder = SectionedBinderDataSource<SingleSectionChangeset<[String]>, View>
  private typealias Changes = OrderedCollectionChangeset<[String]>

  func testTheBinderDoesNotKeepTheViewAlive() {
    MainActor.assumeIsolated {
      let items = Property(Changes.reload(["a"]))
      weak var weakView: View?
      weak var weakBinder: Binder?
      do {
        let view = View()
        let binder = Binder { items, indexPath, _ in items.item(at: indexPath) }
        items.bind(to: view, using: binder)
        weakView = view
        weakBinder = binder
        XCTAssertTrue(view.sectionedDataSource === binder)
      }
      XCTAssertNil(weakView, "the binding must not retain the view")
      XCTAssertNil(weakBinder, "the view's bag ends the binding at once, releasing the binder")
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))  // nothing left to update
    }
  }

  func testDisposingTheBindingReleasesTheBinderAndItsCellFactory() {
    MainActor.assumeIsolated {
      let items = Property(Changes.reload(["a"]))
      let view = View()
      weak var weakBinder: Binder?
      weak var weakCapture: Marker?
      let binding: any Disposable
      do {
        let marker = Marker()
        let binder = Binder { items, indexPath, _ in
          _ = marker
          return items.item(at: indexPath)
        }
        binding = items.bind(to: view, using: binder)
        weakBinder = binder
        weakCapture = marker
      }
      XCTAssertNotNil(weakBinder, "the binding keeps its binder")
      binding.dispose()
      XCTAssertNil(weakBinder)
      XCTAssertNil(weakCapture, "what the cell factory captured is released too")
      XCTAssertNil(view.sectionedDataSource)
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertEqual(view.rows, [["a"]], "a disposed binding no longer updates the view")
    }
  }

  func testAViewWithoutABagEndsItsBindingAtTheNextChangeset() {
    MainActor.assumeIsolated {
      let items = Property(Changes.reload(["a"]))
      weak var weakBinder: SectionedBinderDataSource<SingleSectionChangeset<[String]>, BagFreeView>?
      let binding: any Disposable
      do {
        let view = BagFreeView()
        let binder = SectionedBinderDataSource<SingleSectionChangeset<[String]>, BagFreeView> { items, indexPath, _ in
          items.item(at: indexPath)
        }
        binding = items.bind(to: view, using: binder)
        weakBinder = binder
      }
      XCTAssertNotNil(weakBinder, "nothing told the binding yet that the view is gone")
      items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      XCTAssertNil(weakBinder)
      XCTAssertTrue(binding.isDisposed)
    }
  }

  /// The family the main-thread delivery belongs to: a source let go without completing must not
  /// leave the binder (and what its cell factory captured) held by the binding's disposable.
  func testABindingWhoseSourceAndViewWentAwayKeepsNothingAlive() {
    MainActor.assumeIsolated {
      weak var weakBinder: SectionedBinderDataSource<SingleSectionChangeset<[String]>, BagFreeView>?
      weak var weakCapture: Marker?
      let binding: any Disposable
      do {
        let items = PassthroughSubject<Changes, Never>()
        let view = BagFreeView()
        let marker = Marker()
        let binder = SectionedBinderDataSource<SingleSectionChangeset<[String]>, BagFreeView> {
          items, indexPath, _ in
          _ = marker
          return items.item(at: indexPath)
        }
        binding = items.bind(to: view, using: binder)
        items.send(.reload(["a"]))
        weakBinder = binder
        weakCapture = marker
      }
      XCTAssertNil(weakBinder, "the binding's disposable does not hold the binder")
      XCTAssertNil(weakCapture)
      binding.dispose()
    }
  }

  func testTheBindingEndsWhenTheSignalCompletesAndTheViewKeepsItsBinder() {
    MainActor.assumeIsolated {
      weak var weakBinder: Binder?
      let binding: any Disposable
      do {
        let view = View()
        let subject = PassthroughSubject<Changes, Never>()
        let binder = Binder { items, indexPath, _ in items.item(at: indexPath) }
        binding = subject.bind(to: view, using: binder)
        weakBinder = binder
        subject.send(.reload(["a"]))
        XCTAssertEqual(view.rows, [["a"]])
        subject.send(completion: .finished)
        XCTAssertTrue(binding.isDisposed)
        XCTAssertTrue(view.sectionedDataSource === binder, "the view keeps the data source it shows")
        view.reloadData()
        XCTAssertEqual(view.rows, [["a"]], "and can still reload what it shows")
      }
      XCTAssertNil(weakBinder, "the binder goes with the view")
    }
  }

  func testAPropertyReleasedByItsOwnerLeavesTheViewItsBinder() {
    MainActor.assumeIsolated {
      let view = View()
      do {
        let items = Property(Changes.reload(["a"]))
        items.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
        items.value = Changes(collection: ["a", "b"], diff: .init(inserts: [1]))
      }
      view.reloadData()
      XCTAssertEqual(view.rows, [["a", "b"]])
    }
  }

  func testChangesetsSentFromAnotherThreadJustBeforeTheCompletionAreApplied() {
    MainActor.assumeIsolated {
      let view = View()
      let subject = PassthroughSubject<Changes, Never>()
      subject.bind(to: view) { items, indexPath, _ in items.item(at: indexPath) }
      subject.send(.reload(["a"]))
      let sent = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        subject.send(Changes(collection: ["a", "b"], diff: .init(inserts: [1])))
        subject.send(completion: .finished)
        sent.signal()
      }
      sent.wait()
      XCTAssertEqual(view.rows, [["a"]], "queued for the main thread")
      drainMainQueue()
      XCTAssertEqual(view.rows, [["a", "b"]], "the last changeset is not lost to the completion")
    }
  }

  func testFlatBindersAreReleasedWithTheirView() {
    MainActor.assumeIsolated {
      let items = Property(Changes.reload(["a"]))
      weak var weakView: FlatUpdateValidatingView<String>?
      weak var weakBinder: FlatBinderDataSource<Changes, FlatUpdateValidatingView<String>>?
      do {
        let view = FlatUpdateValidatingView<String>()
        let binder = FlatBinderDataSource<Changes, FlatUpdateValidatingView<String>> { items, row, _ in
          items.item(at: row)
        }
        items.bind(to: view, using: binder)
        weakView = view
        weakBinder = binder
        XCTAssertEqual(view.rows, ["a"])
      }
      XCTAssertNil(weakView)
      XCTAssertNil(weakBinder)
    }
  }

  func testTerminalViewBindingsAreReleasedWithTheView() {
    MainActor.assumeIsolated {
      let items = Property(Changes.reload(["a"]))
      weak var weakView: TerminalListView?
      weak var weakCell: TerminalTextCell?
      do {
        let view = TerminalListView(mode: .plain) { _ in }
        items.bind(to: view, cellType: TerminalTextCell.self) { cell, item in
          cell.text = item
          weakCell = cell
        }
        weakView = view
        XCTAssertNotNil(weakCell)
      }
      XCTAssertNil(weakView)
      XCTAssertNil(weakCell, "the view's cells go with it")
    }
  }
}

private final class Marker: Sendable {}

/// A sectioned view that is not a `DisposeBagProvider`.
@MainActor
final class BagFreeView: SectionedViewProtocol {
  weak var sectionedDataSource: (any SectionedViewDataSource<String>)?
  func reloadData() {}
  func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)?) { updates?() }
  func insertSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func deleteSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func reloadSections(_ sections: IndexSet, with animation: ViewRowAnimation) {}
  func moveSection(_ section: Int, toSection newSection: Int) {}
  func insertRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {}
  func deleteRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {}
  func reloadRows(at indexPaths: [IndexPath], with animation: ViewRowAnimation) {}
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {}
  func dequeueReusableCell(withIdentifier identifier: String) -> String? { nil }
  func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
  func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> String { identifier }
}
