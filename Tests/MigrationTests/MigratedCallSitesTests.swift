import Foundation
import Tether
import TetherTestSupport
import XCTest

/// ReactiveKit 3.21 and Bond 7 call sites rewritten the way the compiler's fix-its say (the old
/// spelling is in the comment beside each call), checked for the behaviour the old code had.
///
/// The file compiling at all is half the test: every call here is a valid Tether call that an
/// unavailable or deprecated migration declaration with a similar shape must not make ambiguous.
final class MigratedCallSitesTests: XCTestCase {
  func testFilteringOperators() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    let observation = recorder.observe(
      subject
        .dropFirst(1)  // skip(first: 1)
        .removeDuplicates()  // distinctUntilChanged()
        .prefix(maxLength: 3)  // take(first: 3)
    )
    for value in [0, 1, 1, 2, 2, 3, 4] { subject.send(value) }  // subject.next(value)
    XCTAssertEqual(recorder.elements, [1, 2, 3])
    XCTAssertTrue(recorder.isCompleted)
    observation.dispose()
  }

  func testSuffixAndDropLast() {
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(Signal(sequence: 1...5).suffix(maxLength: 2))  // take(last: 2)
    XCTAssertEqual(recorder.elements, [4, 5])
    let dropped = EventRecorder<Int, Never>()
    _ = dropped.observe(Signal(sequence: 1...5).dropLast(2))  // skip(last: 2)
    XCTAssertEqual(dropped.elements, [1, 2, 3])
  }

  func testRemoveDuplicatesTakesEqualityWhereReactiveKitTookDistinctness() {
    let recorder = EventRecorder<Int, Never>()
    // distinctUntilChanged { $0 / 10 != $1 / 10 }: the closure now says "equal", not "distinct".
    _ = recorder.observe(Signal(sequence: [1, 5, 12, 19, 3]).removeDuplicates { $0 / 10 == $1 / 10 })
    XCTAssertEqual(recorder.elements, [1, 12, 3])
  }

  func testPrefixUntilOutputFrom() {
    let source = PassthroughSubject<Int, Never>()
    let stop = PassthroughSubject<Void, Never>()
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(source.prefix(untilOutputFrom: stop))  // take(until: stop)
    source.send(1)
    stop.send()
    source.send(2)
    XCTAssertEqual(recorder.elements, [1])
    XCTAssertTrue(recorder.isCompleted)
  }

  func testTransformingOperators() {
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(
      Signal<Int, Never>(sequence: [2, 3])
        .prepend(1)  // start(with: 1)
        .append(Signal(just: 4))  // concat(with: Signal(just: 4))
        .output(at: 3)  // element(at: 3)
    )
    XCTAssertEqual(recorder.elements, [4])
    let empty = EventRecorder<Int, Never>()
    _ = empty.observe(Signal<Int, Never>.completed().replaceEmpty(with: 7))  // defaultIfEmpty(7)
    XCTAssertEqual(empty.elements, [7])
    let buffered = EventRecorder<[Int], Never>()
    _ = buffered.observe(Signal<Int, Never>(sequence: 1...4).buffer(size: 2))  // buffer(ofSize: 2)
    XCTAssertEqual(buffered.elements, [[1, 2], [3, 4]])
    let ignored = EventRecorder<Int, Never>()
    _ = ignored.observe(Signal<Int, Never>(sequence: 1...4).ignoreOutput())  // ignoreElements()
    XCTAssertEqual(ignored.elements, [])
    XCTAssertTrue(ignored.isCompleted)
  }

  func testOptionalOperators() {
    let values: [Int?] = [1, nil, 3]
    let ignored = EventRecorder<Int, Never>()
    _ = ignored.observe(Signal(sequence: values).ignoreNils())  // ignoreNil()
    XCTAssertEqual(ignored.elements, [1, 3])
    let replaced = EventRecorder<Int, Never>()
    _ = replaced.observe(Signal(sequence: values).replaceNils(with: 0))  // replaceNil(with: 0)
    XCTAssertEqual(replaced.elements, [1, 0, 3])
  }

  func testErrorHandling() {
    struct Failure: Error {}
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(
      Signal<Int, Failure>(sequence: [1]).append(Signal.failed(Failure()))
        .replaceError(with: 0)  // recover(with: 0)
    )
    XCTAssertEqual(recorder.elements, [1, 0])
    XCTAssertTrue(recorder.isCompleted)
    let errors = EventRecorder<Bool, Never>()
    // toErrorSignal(): the failure as an element.
    _ = errors.observe(Signal<Int, Failure>.failed(Failure()).materialize().compactMap { $0.error }.map { _ in true })
    XCTAssertEqual(errors.elements, [true])
    // Signal(catching:) is Signal(performing:) with a throwing body.
    let caught = EventRecorder<Int, any Error>()
    _ = caught.observe(Signal<Int, any Error>(performing: { throw Failure() }))
    XCTAssertNotNil(caught.completion.flatMap { if case .failure = $0 { true } else { nil } })
  }

  func testHandleEventsReplacesDoOn() {
    let log = Shared<[String]>([])
    let subject = PassthroughSubject<Int, Never>()
    // doOn(next:start:completed:disposed:)
    let observation =
      subject.handleEvents(
        receiveSubscription: { log.withLock { $0.append("start") } },
        receiveOutput: { value in log.withLock { $0.append("next \(value)") } },
        receiveCompletion: { _ in log.withLock { $0.append("completed") } },
        receiveCancel: { log.withLock { $0.append("disposed") } }
      )
      .observe { _ in }
    subject.send(1)
    observation.dispose()
    XCTAssertEqual(log.withLock { $0 }, ["start", "next 1", "disposed"])
  }

  func testFeedingASubjectWithHandleEvents() {
    let activity = ReplaySubject<Bool, Never>()
    let values = ReplaySubject<Int, Never>()
    // feedActivity(into: activity).feedNext(into: values)
    _ = Signal<Int, Never>(sequence: [1, 2])
      .handleEvents(
        receiveSubscription: { activity.send(true) },
        receiveCompletion: { _ in activity.send(false) },
        receiveCancel: { activity.send(false) }
      )
      .handleEvents(receiveOutput: { values.send($0) })
      .observe { _ in }
    let recordedActivity = EventRecorder<Bool, Never>()
    _ = recordedActivity.observe(activity)
    let recordedValues = EventRecorder<Int, Never>()
    _ = recordedValues.observe(values)
    XCTAssertEqual(recordedActivity.elements, [true, false])
    XCTAssertEqual(recordedValues.elements, [1, 2])
  }

  func testSchedulingOperators() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let debounced = EventRecorder<Int, Never>()
    _ = debounced.observe(subject.debounce(for: 1, queue: scheduler))  // debounce(interval: 1, queue:)
    let hopped = EventRecorder<Int, Never>()
    _ = hopped.observe(subject.receive(on: scheduler))  // observeOn(queue)
    subject.send(1)
    subject.send(2)
    XCTAssertEqual(hopped.elements, [], "delivery waits for the scheduler")
    scheduler.advance(by: 0)
    XCTAssertEqual(hopped.elements, [1, 2])
    scheduler.advance(by: 1)
    XCTAssertEqual(debounced.elements, [2])
    let started = EventRecorder<Int, Never>()
    _ = started.observe(Signal(just: 5).subscribe(on: scheduler))  // executeOn(queue)
    XCTAssertEqual(started.elements, [])
    scheduler.advance(by: 0)
    XCTAssertEqual(started.elements, [5])
  }

  func testDisposablesAndScheduling() {
    let bag = DisposeBag()
    let composite = CompositeDisposable()
    let first = BlockDisposable {}
    let second = BlockDisposable {}
    bag.add(first)  // add(disposable:)
    bag.add([second])  // add(disposables:)
    let third = BlockDisposable {}
    composite.add(third)  // add(disposable:)
    bag.dispose()
    composite.dispose()
    XCTAssertTrue(first.isDisposed && second.isDisposed && third.isDisposed)
    let scheduler = VirtualTimeScheduler()
    let fired = Shared(false)
    _ = scheduler.schedule(after: 2) { fired.withLock { $0 = true } }  // disposableAfter(when: 2)
    scheduler.advance(by: 2)
    XCTAssertTrue(fired.withLock { $0 })
  }

  func testSubjectsAndObservers() {
    let subject = PassthroughSubject<Int, Never>()  // PublishSubject<Int, Never>()
    let replay = SafeReplaySubject<Int>()
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(subject)
    _ = subject.observe { replay.on($0) }
    subject.send(1)  // next(1)
    subject.send(lastElement: 2)  // completed(with: 2)
    XCTAssertEqual(recorder.elements, [1, 2])
    XCTAssertTrue(recorder.isCompleted)
    let replayed = EventRecorder<Int, Never>()
    _ = replayed.observe(replay)
    XCTAssertEqual(replayed.elements, [1, 2])
    let produced = EventRecorder<Int, Never>()
    _ = produced.observe(
      Signal<Int, Never> { observer in
        observer.receive(1)  // observer.next(1)
        observer.receive(completion: .finished)  // observer.completed()
        return NonDisposable.instance
      })
    XCTAssertEqual(produced.elements, [1])
    XCTAssertTrue(produced.isCompleted)
  }

  func testTimedDropAndResults() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<String, Never>()
    let recorder = EventRecorder<Int, ParseFailure>()
    _ = recorder.observe(
      subject
        .dropFirst(for: 1, on: scheduler)  // skip(interval: 1)
        .tryMap { Int($0).map { .success($0) } ?? .failure(ParseFailure()) }
    )
    subject.send("1")
    scheduler.advance(by: 2)
    subject.send("2")
    subject.send("x")
    XCTAssertEqual(recorder.events, [.next(2), .failed(ParseFailure())])
    let results = EventRecorder<Result<Int, ParseFailure>, Never>()
    _ = results.observe(Signal<Int, ParseFailure>.failed(ParseFailure()).mapToResult())
    XCTAssertEqual(results.elements, [.failure(ParseFailure())])
  }

  func testMakers() {
    let just = EventRecorder<Int, Never>()
    _ = just.observe(Signal<Int, Never>(just: 1))  // Signal.just(1)
    let sequence = EventRecorder<Int, Never>()
    _ = sequence.observe(Signal<Int, Never>(sequence: [1, 2]))  // Signal.sequence([1, 2])
    XCTAssertEqual(just.elements, [1])
    XCTAssertEqual(sequence.elements, [1, 2])
  }

  func testObservableArray() {
    let names = MutableObservableArray(["ann", "bob"])
    XCTAssertEqual(names.collection, ["ann", "bob"])  // names.array
    names.batchUpdate { batch in batch.append("cy") }  // descriptiveUpdate { $0.append("cy"); return [.insert(...)] }
    names.replace(with: ["cy", "ann"], performDiff: true)
    names.replace(with: ["ann"], performDiff: true, identifiedBy: { $0 }, isEqual: ==)  // generateDiff:
    XCTAssertEqual(names.collection, ["ann"])
    let tree = MutableObservableTreeArray(TreeArray([TreeNode("a")]))
    XCTAssertEqual(tree.collection.children.count, 1)  // tree.tree
  }

  func testDiffPatchConversions() {
    let patch: [OrderedCollectionOperation<String, Int>] = [.insert("c", at: 2), .delete(at: 0)]
    let diff = OrderedCollectionDiff(from: patch, sourceCount: 2)  // OrderedCollectionDiff(from: patch)
    XCTAssertEqual(diff, OrderedCollectionDiff(inserts: [1], deletes: [0]))
    let old = TreeArray([TreeNode("a", [TreeNode("b")]), TreeNode("c")])
    let new = TreeArray([TreeNode("a"), TreeNode("c", [TreeNode("b")])])
    let treeDiff = new.diff(from: old)
    let treePatch = treeDiff.generateTreePatch(to: new)  // treeDiff.generatePatch(to: new)
    XCTAssertEqual(OrderedCollectionDiff(fromTreePatch: treePatch), treeDiff)  // (from: treePatch)
  }

  @MainActor
  func testTableBindingWithAnimations() {
    let view = BatchUpdateValidatingView<String>()
    let items = MutableObservableArray(["a"])
    // bind(to: tableView, animated: true, rowAnimation: .fade) { ... }
    let binding = items.bind(to: view, animations: SectionedViewAnimations(all: .fade)) { items, indexPath, _ in
      items.item(at: indexPath)
    }
    items.append("b")
    XCTAssertTrue(view.calls.contains(.insertRows([IndexPath(indexes: [0, 1])], .fade)))
    XCTAssertEqual(view.rows, [["a", "b"]])
    // A binding without animation arguments still means Tether's own overload.
    let plain = BatchUpdateValidatingView<String>()
    let other = items.bind(to: plain) { items, indexPath, _ in items.item(at: indexPath) }
    XCTAssertEqual(plain.rows, [["a", "b"]])
    binding.dispose()
    other.dispose()
  }
}

/// A value the tests' `@Sendable` closures share.
final class Shared<Value>: @unchecked Sendable {
  // Safe: `value` is only touched under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

private struct ParseFailure: Error, Equatable {}
