import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// The operators on the observable containers themselves: every mutation of the array, set,
/// dictionary and 2D array reaches the operators' observers as consistent changesets.
final class ContainerOperatorTests: XCTestCase {
  // Random values repeat on purpose (duplicates must still bind and replay); keep the logger's
  // duplicate-identifier warnings out of the test output.
  override func setUp() {
    silenceTetherWarnings()
  }

  private typealias Changeset = OrderedCollectionChangeset<[Int]>

  func testArrayThroughFilterSortAndMapWithEveryKindOfMutation() {
    withSeeds(0..<40) { seed, rng in
      let array = MutableObservableArray(
        randomArray(count: Int.random(in: 0..<20, using: &rng), alphabet: 50, using: &rng))
      var model = array.collection
      let isIncluded: @Sendable (Int) -> Bool = { $0 % 3 != 0 }
      let filtered = EventRecorder<Changeset, Never>()
      let sorted = EventRecorder<Changeset, Never>()
      let mapped = EventRecorder<Changeset, Never>()
      filtered.observe(array.filterCollection(isIncluded))
      sorted.observe(array.sortedCollection())
      mapped.observe(array.mapCollection { $0 + 1 })
      var lateFiltered: EventRecorder<Changeset, Never>?
      var sources: [[Int]] = [model]
      var reloads: [Bool] = [true]
      for step in 0..<40 {
        if step == 15 {
          let late = EventRecorder<Changeset, Never>()
          late.observe(array.filterCollection(isIncluded))
          lateFiltered = late
        }
        switch Int.random(in: 0..<12, using: &rng) {
        case 0:
          // A diffed replacement: a changeset made from a diff only.
          var replacement = model.shuffled(using: &rng)
          replacement.removeAll { _ in Int.random(in: 0..<4, using: &rng) == 0 }
          replacement.append(Int.random(in: 0..<50, using: &rng))
          array.replace(with: replacement, performDiff: true)
          model = replacement
          reloads.append(false)
        case 1:
          // A replacement without a diff: an explicit reload.
          let replacement = randomArray(count: Int.random(in: 0..<15, using: &rng), alphabet: 50, using: &rng)
          array.replace(with: replacement)
          model = replacement
          reloads.append(true)
        default:
          RandomArrayMutation.perform(on: array, model: &model, using: &rng)
          reloads.append(false)
        }
        sources.append(model)
      }
      let context = "seed \(seed)"
      assertContainerOutput(filtered.elements, sources: sources, reloads: reloads, { $0.filter(isIncluded) }, context)
      assertContainerOutput(sorted.elements, sources: sources, reloads: reloads, { $0.sorted() }, context)
      assertContainerOutput(mapped.elements, sources: sources, reloads: reloads, { $0.map { $0 + 1 } }, context)
      let late = lateFiltered?.elements ?? []
      XCTAssertEqual(late.first?.isReload, true, "the late observer starts with the container's reload [\(context)]")
      XCTAssertEqual(late.last?.collection, model.filter(isIncluded), context)
      for (previous, next) in zip(late, late.dropFirst()) where !next.isReload {
        assertReplays(next, from: previous.collection, context)
      }
    }
  }

  /// An observer of a filtered array that mutates the array from its callback: the container
  /// applies the mutation after the current delivery, and every observer still sees a consistent
  /// sequence.
  func testAMutationFromInsideAnOperatorObserverIsDeliveredAfterTheCurrentOne() {
    let array = MutableObservableArray([1, 2, 3])
    let reentrant = EventRecorder<Changeset, Never> { event in
      // Each time an even number arrives, append its successor (odd, so this stops).
      if case .next(let changeset) = event, !changeset.isReload,
        let last = changeset.collection.last, last.isMultiple(of: 2)
      {
        array.append(last + 1)
      }
    }
    let sorted = EventRecorder<Changeset, Never>()
    reentrant.observe(array.filterCollection { _ in true })
    sorted.observe(array.sortedCollection(by: >))
    array.append(10)
    array.append(20)
    XCTAssertEqual(array.collection, [1, 2, 3, 10, 11, 20, 21])
    for recorder in [reentrant, sorted] {
      recorder.assertNoViolations()
      let outputs = recorder.elements
      XCTAssertEqual(outputs.count, 5)
      for (previous, next) in zip(outputs, outputs.dropFirst()) { assertReplays(next, from: previous.collection) }
    }
    XCTAssertEqual(sorted.elements.last?.collection, [21, 20, 11, 10, 3, 2, 1])
  }

  func testSetAndDictionaryContainersSorted() {
    withSeeds(0..<30) { seed, rng in
      let set = MutableObservableSet<Int>([])
      let dictionary = MutableObservableDictionary<String, Int>([:])
      let sortedSet = EventRecorder<Changeset, Never>()
      let byValue = EventRecorder<OrderedCollectionChangeset<[(key: String, value: Int)]>, Never>()
      let byKey = EventRecorder<OrderedCollectionChangeset<[(key: String, value: Int)]>, Never>()
      sortedSet.observe(set.sortedCollection())
      byValue.observe(dictionary.sortedCollection(on: \.value))
      byKey.observe(dictionary.sortedCollection())
      for _ in 0..<60 {
        let value = Int.random(in: 0..<30, using: &rng)
        let key = "k\(Int.random(in: 0..<20, using: &rng))"
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: set.insert(value)
        case 1: set.remove(value)
        case 2: set.formUnion((0..<3).map { _ in Int.random(in: 0..<30, using: &rng) })
        case 3: dictionary[key] = value
        case 4: dictionary.removeValue(forKey: key)
        case 5:
          dictionary.replace(with: Dictionary([("k1", value), (key, value + 1)], uniquingKeysWith: { $1 }))
        case 6: set.replace(with: Set((0..<5).map { _ in Int.random(in: 0..<30, using: &rng) }))
        default: _ = dictionary.updateValue(value, forKey: key)
        }
      }
      let context = "seed \(seed)"
      for recorder in [sortedSet] {
        let outputs = recorder.elements
        for (previous, next) in zip(outputs, outputs.dropFirst()) where !next.isReload {
          assertReplays(next, from: previous.collection, context)
        }
      }
      XCTAssertEqual(sortedSet.elements.last?.collection, set.collection.sorted(), context)
      let keyed = byKey.elements.map { changeset in mappedForChecking(changeset) { "\($0.key)=\($0.value)" } }
      for (previous, next) in zip(keyed, keyed.dropFirst()) where !next.isReload {
        assertReplays(next, from: previous.collection, context)
      }
      XCTAssertEqual(
        keyed.last?.collection, dictionary.collection.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" },
        context)
      let valued = byValue.elements.map { changeset in mappedForChecking(changeset) { "\($0.key)=\($0.value)" } }
      for (previous, next) in zip(valued, valued.dropFirst()) where !next.isReload {
        assertReplays(next, from: previous.collection, context)
      }
      let values = byValue.elements.last?.collection.map(\.value) ?? []
      XCTAssertEqual(values, values.sorted(), context)
      XCTAssertEqual(Set(valued.last?.collection ?? []), Set(dictionary.collection.map { "\($0.key)=\($0.value)" }))
    }
  }

  func testArray2DContainerFlattenedAndMapped() {
    let grid = MutableObservableArray2D(Array2D(sectionsWithItems: [("A", [1, 2]), ("B", [3])]))
    let flat = EventRecorder<Changeset, Never>()
    let labels = EventRecorder<TreeChangeset<Array2D<String, String>>, Never>()
    flat.observe(grid.flattenSections())
    labels.observe(grid.mapItems { "#\($0)" })
    grid.appendItem(4, toSectionAt: 1)
    grid.moveItem(from: [0, 0], to: [1, 0])
    grid.insert(section: .init(metadata: "C", items: [5, 6]), at: 0)
    grid.moveSection(from: 0, to: 2)
    grid.removeSection(at: 0)
    grid[itemAt: [0, 0]] = 9
    XCTAssertEqual(flat.elements.last?.collection, grid.collection.allItems)
    for (previous, next) in zip(flat.elements, flat.elements.dropFirst()) {
      assertReplays(next, from: previous.collection)
    }
    XCTAssertEqual(labels.elements.last?.collection.allItems, grid.collection.allItems.map { "#\($0)" })
    for (previous, next) in zip(labels.elements, labels.elements.dropFirst()) {
      XCTAssertNoThrow(try next.validate(from: previous.collection))
    }
  }

  /// Four threads mutate one array at once; the operators' observers each see one consistent
  /// sequence ending at the array's final state.
  func testConcurrentMutationsThroughOperators() {
    let array = MutableObservableArray<Int>(Array(0..<20))
    let filtered = EventRecorder<Changeset, Never>()
    let sorted = EventRecorder<Changeset, Never>()
    filtered.observe(array.filterCollection { $0.isMultiple(of: 2) })
    sorted.observe(array.sortedCollection())
    DispatchQueue.concurrentPerform(iterations: 4) { thread in
      var rng = SeededRandomNumberGenerator(seed: UInt64(thread) + 100)
      for _ in 0..<200 {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: array.append(Int.random(in: 0..<1_000, using: &rng))
        case 1: array.insert(Int.random(in: 0..<1_000, using: &rng), at: 0)
        case 2: array.batchUpdate { batch in if !batch.isEmpty { batch.remove(at: batch.count / 2) } }
        default: array.batchUpdate { batch in if batch.count > 1 { batch.move(from: 0, to: batch.count - 1) } }
        }
      }
    }
    let final = array.collection
    for (recorder, reference) in [(filtered, final.filter { $0.isMultiple(of: 2) }), (sorted, final.sorted())] {
      recorder.assertNoViolations()
      let outputs = recorder.elements
      XCTAssertEqual(outputs.count, 801)
      for (previous, next) in zip(outputs, outputs.dropFirst()) { assertReplays(next, from: previous.collection) }
      XCTAssertEqual(outputs.last?.collection, reference)
    }
  }

  private func assertContainerOutput(
    _ outputs: [Changeset],
    sources: [[Int]],
    reloads: [Bool],
    _ reference: ([Int]) -> [Int],
    _ message: String,
    file: StaticString = #filePath,
    line: UInt = #line
  ) {
    XCTAssertEqual(outputs.count, sources.count, message, file: file, line: line)
    for (step, (output, source)) in zip(outputs, sources).enumerated() {
      let context = "\(message), step \(step)"
      XCTAssertEqual(output.isReload, reloads[step], context, file: file, line: line)
      if !output.isReload { assertReplays(output, from: outputs[step - 1].collection, context, file: file, line: line) }
      XCTAssertEqual(output.collection, reference(source), context, file: file, line: line)
    }
  }
}
