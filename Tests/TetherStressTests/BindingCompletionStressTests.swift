import Dispatch
import Foundation
import Tether
import TetherTestSupport
import XCTest

/// Properties written and then released by other threads while bound to terminal views (run under
/// ThreadSanitizer by CI): the completion must not overtake the changesets still on their way to
/// the main thread, and each view keeps its binder once the binding ends.
final class BindingCompletionStressTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[String]>

  func testEveryChangesetSentBeforeAPropertyIsReleasedOnAnotherThreadReachesItsView() {
    let threads = 8
    let perThread = 200
    let views = MainActor.assumeIsolated { (0..<threads).map { _ in TerminalListView(mode: .plain) { _ in } } }
    let properties = Shared<[Property<Changes>?]>((0..<threads).map { _ in Property(Changes.reload([])) })
    MainActor.assumeIsolated {
      for (index, view) in views.enumerated() {
        properties.withLock { $0[index]! }.bind(to: view, cellType: TerminalTextCell.self) { cell, item in
          cell.text = item
        }
      }
    }
    let done = DispatchGroup()
    for index in 0..<threads {
      done.enter()
      Thread.detachNewThread {
        var property = properties.withLock { properties in
          defer { properties[index] = nil }
          return properties[index]
        }
        for value in 1...perThread {
          property?.value = Changes(collection: ["\(index)-\(value)"], diff: .init(inserts: [0], deletes: [0]))
        }
        property = nil  // the last reference: the property completes its observers here
        done.leave()
      }
    }
    done.wait()
    drainMainQueue()
    MainActor.assumeIsolated {
      for (index, view) in views.enumerated() {
        XCTAssertEqual(view.lines, ["  \(index)-\(perThread)"], "view \(index)")
        view.reloadData()
        XCTAssertEqual(view.lines, ["  \(index)-\(perThread)"], "view \(index) after the binding ended")
        XCTAssertEqual(view.violations, [], "view \(index)")
      }
    }
  }
}
