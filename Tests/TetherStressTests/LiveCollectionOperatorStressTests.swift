import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// The live collection operators with their source and their predicate, ordering or grouping input
/// driven from two threads at once: every output changeset replays from the previous one and the
/// last output is the operator applied to the final source with the final control value.
/// Bounded so it stays fast under the thread sanitizer.
final class LiveCollectionOperatorStressTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  func testLiveFilterAndSortWithSourceAndControlsOnTwoThreads() {
    let source = MutableObservableArray(Array(0..<100))
    let predicates = Property<@Sendable (Int) -> Bool>({ _ in true })
    let orderings = Property<@Sendable (Int, Int) -> Bool>({ $0 < $1 })
    let filtered = EventRecorder<Changeset, Never>()
    filtered.observe(source.filterCollection(by: predicates))
    let sorted = EventRecorder<Changeset, Never>()
    sorted.observe(source.sortedCollection(by: orderings))
    let grouped = EventRecorder<TreeChangeset<Array2D<Int, Int>>, Never>()
    grouped.observe(source.groupedCollection(by: { $0 % 7 }))
    DispatchQueue.concurrentPerform(iterations: 2) { worker in
      for step in 0..<300 {
        if worker == 0 {
          if step.isMultiple(of: 3) {
            source.remove(at: step % source.collection.count)
          } else {
            source.insert(step * 7 % 1_000, at: step % (source.collection.count + 1))
          }
        } else {
          let modulus = step % 4 + 2
          predicates.value = { $0 % modulus != 0 }
          orderings.value = { ($0 % modulus, $0) < ($1 % modulus, $1) }
        }
      }
    }
    for recorder in [filtered, sorted] {
      let outputs = recorder.elements
      XCTAssertEqual(outputs.first?.isReload, true)
      for (previous, next) in zip(outputs, outputs.dropFirst()) {
        XCTAssertFalse(next.isReload)
        assertReplays(next, from: previous.collection)
      }
      recorder.assertNoViolations()
    }
    let modulus = 299 % 4 + 2
    XCTAssertEqual(filtered.elements.last?.collection, source.collection.filter { $0 % modulus != 0 })
    XCTAssertEqual(
      sorted.elements.last?.collection, source.collection.sorted { ($0 % modulus, $0) < ($1 % modulus, $1) })
    XCTAssertEqual(grouped.elements.last?.collection.allItems.sorted(), source.collection.sorted())
    grouped.assertNoViolations()
  }
}
