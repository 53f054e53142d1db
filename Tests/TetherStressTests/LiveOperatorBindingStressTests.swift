import Dispatch
import Tether
import TetherTestSupport
import XCTest

/// The live collection operators (and a grouping of the live filter) bound to the validating views
/// while their source is batch-updated
/// on one thread and their predicate and ordering change on another (run under the thread sanitizer
/// by CI). Guards invariant 8 of DESIGN.md (no public diff path hands a binder something the
/// validating views reject) and the `Disposable` contract for an observation disposed on a third
/// thread mid-run. Seeded; values stay unique so the expected output is one exact array.
final class LiveOperatorBindingStressTests: XCTestCase {
  private typealias Changeset = OrderedCollectionChangeset<[Int]>
  private typealias Predicate = @Sendable (Int) -> Bool
  private typealias Ordering = @Sendable (Int, Int) -> Bool

  func testBoundLiveOperatorsWhileSourceAndControlsChangeOnOtherThreads() {
    let source = MutableObservableArray(Array(0..<40))
    let predicates = Property<Predicate>({ _ in true })
    let orderings = Property<Ordering>({ $0 < $1 })
    let chain = source.filterCollection(by: predicates).sortedCollection(by: orderings)
    let grouped = source.filterCollection(by: predicates).groupedCollection(by: { $0 % 5 }, sectionOrder: .ascending)
    let (table, flat, sections) = MainActor.assumeIsolated {
      let views = (BatchUpdateValidatingView<Int>(), FlatUpdateValidatingView<Int>(), BatchUpdateValidatingView<Int>())
      views.0.recordsCalls = false
      views.1.recordsCalls = false
      views.2.recordsCalls = false
      chain.bind(to: views.0) { items, indexPath, _ in items.item(at: indexPath) }
      chain.bind(to: views.1) { items, row, _ in items.item(at: row) }
      grouped.bind(to: views.2) { items, indexPath, _ in items.item(at: indexPath) }
      return views
    }
    let recorder = EventRecorder<Changeset, Never>()
    let late = Shared((isDisposed: false, count: 0))
    let observation = chain.observe { event in
      recorder.record(event)
      late.withLock { if $0.isDisposed { $0.count += 1 } }
    }
    let steps = 120
    DispatchQueue.concurrentPerform(iterations: 3) { worker in
      var rng = SeededRandomNumberGenerator(seed: UInt64(17 + worker))
      switch worker {
      case 0:
        for step in 0..<steps {
          source.batchUpdate { batch in
            for operation in 0..<Int.random(in: 1...4, using: &rng) {
              let value = 1_000 + step * 10 + operation
              switch Int.random(in: 0..<4, using: &rng) {
              case 0 where !batch.isEmpty: _ = batch.remove(at: Int.random(in: 0..<batch.count, using: &rng))
              case 1 where batch.count > 1:
                batch.move(
                  from: Int.random(in: 0..<batch.count, using: &rng), to: Int.random(in: 0..<batch.count, using: &rng))
              default: batch.insert(value, at: Int.random(in: 0...batch.count, using: &rng))
              }
            }
          }
        }
      case 1:
        for step in 0..<steps {
          let modulus = step % 4 + 2
          if Bool.random(using: &rng) {
            predicates.value = { $0 % modulus != 0 }
          } else {
            orderings.value = { ($0 % modulus, $0) < ($1 % modulus, $1) }
          }
        }
      default:
        for _ in 0..<Int.random(in: 0..<20_000, using: &rng) { _ = source.collection.count }
        observation.dispose()
        late.withLock { $0.isDisposed = true }
      }
    }
    drainMainQueue()
    let filtered = source.collection.filter(predicates.value)
    let expected = filtered.sorted(by: orderings.value)
    let keys = Set(filtered.map { $0 % 5 }).sorted()
    MainActor.assumeIsolated {
      XCTAssertEqual(table.violations, [])
      XCTAssertEqual(flat.violations, [])
      XCTAssertEqual(sections.violations, [])
      XCTAssertEqual(table.rows, [expected])
      XCTAssertEqual(flat.rows, expected)
      XCTAssertEqual(sections.rows, keys.map { key in filtered.filter { $0 % 5 == key } })
    }
    // One delivery already handed over on another thread may still finish after dispose() returned.
    XCTAssertLessThanOrEqual(late.withLock { $0.count }, 1, "a callback started after dispose() returned")
    recorder.assertNoViolations()
    for (previous, next) in zip(recorder.elements, recorder.elements.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
  }
}
