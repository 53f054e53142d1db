import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// Something a cell factory captures; its lifetime shows whether the binder is still held.
private final class Marker: Sendable {}

/// Views released on the main thread one by one while other threads keep mutating the container
/// they are bound to, directly and through an operator (run under the thread sanitizer by CI).
/// Guards what `bindOnMain` documents: once its view goes away the binding ends and the binder
/// (with its cell factory) is released, though changesets for it are still on their way; and the
/// views alive meanwhile never see an invalid batch.
final class BinderViewLifetimeStressTests: XCTestCase {
  func testViewsReleasedOnTheMainThreadWhileChangesetsArriveFromOtherThreads() {
    let source = MutableObservableArray(Array(0..<20))
    let viewCount = 6
    let violations = Shared(0)
    var (views, weakMarkers) = MainActor.assumeIsolated {
      var views: [BatchUpdateValidatingView<Int>?] = []
      var weakMarkers: [@Sendable () -> Marker?] = []
      for index in 0..<viewCount {
        let view = BatchUpdateValidatingView<Int>()
        view.recordsCalls = false
        view.onViolation = { _ in violations.withLock { $0 += 1 } }
        let marker = Marker()
        weak let weakMarker = marker
        weakMarkers.append { weakMarker }
        let signal: Signal<OrderedCollectionChangeset<[Int]>, Never> =
          index.isMultiple(of: 2) ? source.toSignal() : source.filterCollection { $0.isMultiple(of: 3) }
        signal.bind(to: view) { items, indexPath, _ in
          withExtendedLifetime(marker) {}
          return items.item(at: indexPath)
        }
        views.append(view)
      }
      return (views, weakMarkers)
    }
    let senders = DispatchGroup()
    for thread in 0..<2 {
      DispatchQueue.global().async(group: senders) {
        var rng = SeededRandomNumberGenerator(seed: UInt64(41 + thread))
        for step in 0..<300 {
          let count = source.collection.count
          if count > 10 && Bool.random(using: &rng) {
            source.batchUpdate { batch in
              if !batch.isEmpty { _ = batch.remove(at: Int.random(in: 0..<batch.count, using: &rng)) }
            }
          } else {
            source.batchUpdate { batch in
              batch.insert(thread * 10_000 + step, at: Int.random(in: 0...batch.count, using: &rng))
            }
          }
        }
      }
    }
    for index in 0..<viewCount {
      drainMainQueue()
      views[index] = nil
    }
    XCTAssertEqual(senders.wait(timeout: .now() + 30), .success)
    drainMainQueue()
    XCTAssertEqual(violations.withLock { $0 }, 0, "a view saw an invalid batch")
    for (index, weakMarker) in weakMarkers.enumerated() {
      XCTAssertNil(weakMarker(), "view \(index): the binder outlives its view")
    }
  }
}
