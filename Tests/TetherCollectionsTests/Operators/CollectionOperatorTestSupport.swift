import Foundation
import TetherChangesets
import TetherCollections
import TetherSignals
import TetherTestSupport
import XCTest

/// A random stream of ordered changesets over integer arrays: a reload first, then changesets made
/// from patches (small ones and large ones, so operators take both their in-place and rebuild
/// paths), from diffs only, from both forms, and now and then a reload mid-stream.
///
/// Values come from `0..<alphabet`, so small alphabets give duplicates (ties for sorting).
func randomOrderedStream(
  steps: Int,
  alphabet: Int = 40,
  using rng: inout SeededRandomNumberGenerator
) -> [OrderedCollectionChangeset<[Int]>] {
  var current = randomArray(count: Int.random(in: 0..<25, using: &rng), alphabet: alphabet, using: &rng)
  var stream: [OrderedCollectionChangeset<[Int]>] = [.reload(current)]
  for _ in 0..<steps {
    let next: OrderedCollectionChangeset<[Int]>
    switch Int.random(in: 0..<20, using: &rng) {
    case 0:
      current = randomArray(count: Int.random(in: 0..<25, using: &rng), alphabet: alphabet, using: &rng)
      next = .reload(current)
    case 1...5:
      let diff = randomDiff(oldCount: current.count, changeRate: 0.25, using: &rng)
      current = randomFinalCollection(applying: diff, to: current, using: &rng) { rng in
        Int.random(in: 0..<alphabet, using: &rng)
      }
      next = OrderedCollectionChangeset(collection: current, diff: diff)
    case 6...7:
      let patch = randomPatch(on: current, count: Int.random(in: 17...40, using: &rng), alphabet: alphabet, using: &rng)
      current = current.applying(patch)
      next = OrderedCollectionChangeset(collection: current, patch: patch)
    case 8:
      let patch = randomPatch(on: current, count: Int.random(in: 1...4, using: &rng), alphabet: alphabet, using: &rng)
      current = current.applying(patch)
      // Both forms known, as a container's single mutations provide them.
      let diff = OrderedCollectionChangeset(collection: current, patch: patch).diff
      next = OrderedCollectionChangeset(collection: current, patch: patch, diff: diff)
    default:
      let patch = randomPatch(on: current, count: Int.random(in: 0...6, using: &rng), alphabet: alphabet, using: &rng)
      current = current.applying(patch)
      next = OrderedCollectionChangeset(collection: current, patch: patch)
    }
    stream.append(next)
  }
  return stream
}

/// Checks one observation's output changesets against the source changesets it saw:
/// - one output per source changeset, the first one and each one for a source reload a reload;
/// - every other output replays (patch and diff) from the previous output's collection;
/// - after every changeset the output collection equals `reference(source collection)`.
func assertOperatorOutput<Source: Collection, Output: Equatable>(
  _ outputs: [OrderedCollectionChangeset<[Output]>],
  sources: [OrderedCollectionChangeset<Source>],
  reference: ([Source.Element]) -> [Output],
  _ message: @autoclosure () -> String,
  file: StaticString = #filePath,
  line: UInt = #line
) {
  XCTAssertEqual(outputs.count, sources.count, "one output per changeset [\(message())]", file: file, line: line)
  for (step, (output, source)) in zip(outputs, sources).enumerated() {
    let context = "\(message()), step \(step)"
    if step == 0 || source.isReload {
      XCTAssertTrue(output.isReload, "step \(step) is a reload [\(context)]", file: file, line: line)
    } else {
      XCTAssertFalse(output.isReload, "step \(step) is not a reload [\(context)]", file: file, line: line)
      assertReplays(output, from: outputs[step - 1].collection, context, file: file, line: line)
    }
    let expected = reference(Array(source.collection))
    XCTAssertEqual(output.collection, expected, "output collection [\(context)]", file: file, line: line)
    if output.collection != expected { return }
  }
}

/// Sends `stream` through a passthrough subject to `makeSignal`'s operator, with one observer
/// subscribed from the start, and returns what it saw.
func runOperator<Output>(
  _ stream: [OrderedCollectionChangeset<[Int]>],
  _ makeSignal: (PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>) -> Signal<Output, Never>
) -> [Output] {
  let subject = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
  let recorder = EventRecorder<Output, Never>()
  recorder.observe(makeSignal(subject))
  for changeset in stream { subject.send(changeset) }
  recorder.assertNoViolations()
  return recorder.elements
}

/// A copy of an ordered changeset whose elements are mapped to an `Equatable` type (to check
/// changesets of tuples), keeping both forms and reloads.
func mappedForChecking<C: Collection, T>(
  _ changeset: OrderedCollectionChangeset<C>,
  _ transform: (C.Element) -> T
) -> OrderedCollectionChangeset<[T]> {
  let collection = changeset.collection.map(transform)
  if changeset.isReload { return .reload(collection) }
  let patch = changeset.patch.map { operation -> OrderedCollectionOperation<T, Int> in
    switch operation {
    case .insert(let element, let offset): .insert(transform(element), at: offset)
    case .delete(let offset): .delete(at: offset)
    case .update(let offset, let element): .update(at: offset, newElement: transform(element))
    case .move(let from, let to): .move(from: from, to: to)
    }
  }
  return OrderedCollectionChangeset(collection: collection, patch: patch, diff: changeset.diff)
}

/// A short readable form of a changeset's patch, e.g. `[insert(7, at: 2), delete(0)]`.
func patchText<C: Collection>(_ changeset: OrderedCollectionChangeset<C>) -> String {
  if changeset.isReload { return "reload" }
  return "[" + changeset.patch.map(\.description).joined(separator: ", ") + "]"
}

/// What two observers of one operator signal saw when they subscribed at different times: `first`
/// subscribes before the stream and is disposed after `firstEnds` changesets; `second` subscribes
/// after `secondStarts` changesets and stays. Each comes with the source changesets it saw.
struct StaggeredRun<Output> {
  var first: [Output]
  var firstSources: ArraySlice<OrderedCollectionChangeset<[Int]>>
  var second: [Output]
  var secondSources: ArraySlice<OrderedCollectionChangeset<[Int]>>
}

/// Runs `stream` through one operator signal observed by two observers with different timing (see
/// ``StaggeredRun``). The operator signal is made once, so the two observations share everything
/// but their per-subscriber state.
func runStaggered<Output>(
  _ stream: [OrderedCollectionChangeset<[Int]>],
  secondStarts: Int,
  firstEnds: Int,
  _ makeSignal: (PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>) -> Signal<Output, Never>
) -> StaggeredRun<Output> {
  let subject = PassthroughSubject<OrderedCollectionChangeset<[Int]>, Never>()
  let signal = makeSignal(subject)
  let first = EventRecorder<Output, Never>()
  let second = EventRecorder<Output, Never>()
  first.observe(signal)
  for (step, changeset) in stream.enumerated() {
    if step == secondStarts { second.observe(signal) }
    if step == firstEnds { first.dispose() }
    subject.send(changeset)
  }
  first.assertNoViolations()
  second.assertNoViolations()
  return StaggeredRun(
    first: first.elements,
    firstSources: stream[..<min(firstEnds, stream.count)],
    second: second.elements,
    secondSources: stream[min(secondStarts, stream.count)...]
  )
}

/// Counts calls from `@Sendable` closures.
final class CallCounter: @unchecked Sendable {
  // Safe: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value = 0

  func increment() {
    lock.lock()
    value += 1
    lock.unlock()
  }

  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
}
