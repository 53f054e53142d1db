import Dispatch
import Foundation
import TetherChangesets
import TetherCollections
import TetherDataSources
import TetherSignals
import TetherSynchronization
import TetherTestSupport
import TetherValidatingViews
import XCTest

/// Issue 24, item 3: an array bound to a view from a background producer. The changesets waiting
/// for the main queue hold only their change, so the producer's mutations keep the array's buffer;
/// the binder still applies every changeset, in order, and the view ends up showing the array.
final class BinderHopDetachingTests: XCTestCase {
  private typealias Changes = OrderedCollectionChangeset<[Int]>

  func testChangesetsWaitingForAFlatAndASectionedBindingDoNotMakeMutationsCopy() throws {
    try XCTSkipUnless(Thread.isMainThread, "XCTest runs this test on the main thread")
    MainActor.assumeIsolated {
      var initial = Array(0..<1_000)
      initial.reserveCapacity(4_000)
      let array = MutableObservableArray(initial)
      initial = []
      let flatView = FlatUpdateValidatingView<Int>()
      let flatBinder = FlatBinderDataSource<Changes, FlatUpdateValidatingView<Int>> { items, row, _ in
        items[row]
      }
      array.bind(to: flatView, using: flatBinder)
      let sectionedView = BatchUpdateValidatingView<Int>()
      let sectionedBinder = SectionedBinderDataSource<SingleSectionChangeset<[Int]>, BatchUpdateValidatingView<Int>> {
        items, indexPath, _ in items.item(at: indexPath)
      }
      array.bind(to: sectionedView, using: sectionedBinder)
      let buffers = Locked(Set<UInt>())
      let done = DispatchSemaphore(value: 0)
      Thread {
        for value in 0..<300 {
          if value.isMultiple(of: 3) { array.insert(value, at: value % 7) } else { array.append(value) }
          if value.isMultiple(of: 5) { array.remove(at: value % 11) }
          if value.isMultiple(of: 7) { array[value % 13] = -value }
          let buffer = array.collection.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
          _ = buffers.withLock { $0.insert(buffer) }
        }
        done.signal()
      }.start()
      done.wait()
      XCTAssertEqual(flatView.rows, Array(0..<1_000), "every changeset waits for the main queue")
      drainMainQueue()
      XCTAssertEqual(flatView.rows, array.collection)
      XCTAssertEqual(sectionedView.rows, [array.collection])
      XCTAssertEqual(flatView.violations, [])
      XCTAssertEqual(sectionedView.violations, [])
      // One copy away from each binding's reload (which shares the first buffer), then growth; a
      // copy per waiting changeset would make hundreds.
      XCTAssertLessThanOrEqual(buffers.withLock { $0.count }, 6, "waiting changesets made the producer copy the array")
    }
  }
}
