import Foundation
import Tether
import TetherTestSupport
import XCTest

/// The deprecated ReactiveKit and Bond spellings that forward behave exactly as the names they
/// forward to: each pair runs on the same input and must produce the same events.
final class DeprecatedSpellingsTests: XCTestCase {
  private let legacy: any LegacySpellings = ReactiveKitAndBondSpellings()

  private func events<Element: Equatable>(_ signal: Signal<Element, Never>) -> [Signal<Element, Never>.Event] {
    let recorder = EventRecorder<Element, Never>()
    _ = recorder.observe(signal)
    return recorder.events
  }

  func testOperatorsForwardToTheirNewNames() {
    let source = Signal<Int, Never>(sequence: [1, 1, 2, 3, 3, 4])
    let pairs = legacy.operators(source)
    XCTAssertEqual(pairs.count, 13)
    for (name, old, new) in pairs {
      XCTAssertEqual(events(old), events(new), name)
    }
  }

  func testOptionalOperatorsForward() {
    let source = Signal<Int?, Never>(sequence: [1, nil, 3])
    let (oldIgnored, oldReplaced) = legacy.optionals(source)
    XCTAssertEqual(events(oldIgnored), events(source.ignoreNils()))
    XCTAssertEqual(events(oldReplaced), events(source.replaceNils(with: 0)))
  }

  func testRecoverForwardsToReplaceError() {
    struct Failure: Error {}
    let failing = Signal<Int, Failure>(sequence: [1]).append(Signal.failed(Failure()))
    XCTAssertEqual(events(legacy.recover(failing, with: 9)), events(failing.replaceError(with: 9)))
  }

  func testSchedulingSpellingsForward() {
    let scheduler = VirtualTimeScheduler()
    let subject = PassthroughSubject<Int, Never>()
    let debounced = EventRecorder<Int, Never>()
    _ = debounced.observe(legacy.debounce(subject, seconds: 1, queue: scheduler))
    let throttled = EventRecorder<Int, Never>()
    let throttling = throttled.observe(legacy.throttle(subject, seconds: 60))
    subject.send(1)
    XCTAssertEqual(throttled.elements, [1], "throttle(seconds:) is throttle(for:): the first element at once")
    subject.send(2)
    throttling.dispose()
    scheduler.advance(by: 1)
    XCTAssertEqual(debounced.elements, [2], "debounce(interval:queue:) is debounce(for:queue:)")
    let hopped = EventRecorder<Int, Never>()
    _ = hopped.observe(legacy.observeIn(Signal(sequence: [1, 2]), scheduler))
    let started = EventRecorder<Int, Never>()
    _ = started.observe(legacy.executeIn(Signal(sequence: [3]), scheduler))
    XCTAssertEqual(hopped.elements + started.elements, [], "both wait for the scheduler")
    scheduler.advance(by: 0)
    XCTAssertEqual(hopped.elements, [1, 2])
    XCTAssertEqual(started.elements, [3])
    let queue = DispatchQueue(label: "DeprecatedSpellingsTests")
    let onQueue = legacy.observeOn(Signal(sequence: [4]), queue)
    let done = DispatchSemaphore(value: 0)
    let onQueueRecorder = EventRecorder<Int, Never>(onEvent: { if $0.isTerminal { done.signal() } })
    _ = onQueueRecorder.observe(legacy.executeOn(onQueue, queue))
    XCTAssertEqual(done.wait(timeout: .now() + 10), .success)
    XCTAssertEqual(onQueueRecorder.elements, [4])
  }

  func testSubjectAndObserverSpellingsForward() {
    let subject = legacy.publishSubject()
    let recorder = EventRecorder<Int, Never>()
    _ = recorder.observe(subject)
    legacy.send(to: subject)
    XCTAssertEqual(recorder.elements, [1, 2])
    XCTAssertTrue(recorder.isCompleted)
    let observed = EventRecorder<Int, Never>()
    let legacy = self.legacy
    _ = observed.observe(Signal<Int, Never> { observer in legacy.receive(into: observer) })
    XCTAssertEqual(observed.elements, [1, 2])
    XCTAssertTrue(observed.isCompleted)
    let other = PassthroughSubject<Int, Never>()
    let finished = EventRecorder<Int, Never>()
    _ = finished.observe(other)
    legacy.complete(other)
    XCTAssertTrue(finished.isCompleted)
  }

  func testDisposableSpellingsForward() {
    let bag = DisposeBag()
    let composite = CompositeDisposable()
    let disposables = (0..<3).map { _ in BlockDisposable {} }
    legacy.add(disposables, to: bag, and: composite)
    bag.dispose()
    XCTAssertTrue(disposables[0].isDisposed && disposables[1].isDisposed)
    XCTAssertFalse(disposables[2].isDisposed)
    composite.dispose()
    XCTAssertTrue(disposables[2].isDisposed)
    let queue = DispatchQueue(label: "DeprecatedSpellingsTests.after")
    let fired = DispatchSemaphore(value: 0)
    legacy.after(on: queue) { fired.signal() }
    XCTAssertEqual(fired.wait(timeout: .now() + 10), .success)
  }

  func testMakerSpellingsForward() {
    XCTAssertEqual(events(legacy.just(1)), events(Signal(just: 1)))
    XCTAssertEqual(events(legacy.sequence([1, 2])), events(Signal(sequence: [1, 2])))
    struct Failure: Error {}
    let recorder = EventRecorder<Int, any Error>()
    _ = recorder.observe(legacy.catching { throw Failure() })
    XCTAssertTrue(recorder.completion.map { if case .failure = $0 { true } else { false } } ?? false)
  }

  func testBondCollectionSpellingsForward() {
    let names = MutableObservableArray(["a", "b"])
    let tree = MutableObservableTreeArray(TreeArray([TreeNode("x")]))
    let (array, treeValue) = legacy.snapshots(names, tree)
    XCTAssertEqual(array, names.collection)
    XCTAssertEqual(treeValue, tree.collection)
    let old = TreeArray([TreeNode("a", [TreeNode("b")]), TreeNode("c")])
    let new = TreeArray([TreeNode("a"), TreeNode("c", [TreeNode("b")])])
    let diff = new.diff(from: old)
    let (patch, roundTrip) = legacy.treeConversions(diff, new)
    XCTAssertEqual(patch, diff.generateTreePatch(to: new))
    XCTAssertEqual(roundTrip, OrderedCollectionDiff(fromTreePatch: patch))
  }

  @MainActor
  func testBondTableBindingForwards() {
    let items = MutableObservableArray(["a"])
    let animated = BatchUpdateValidatingView<String>()
    let still = BatchUpdateValidatingView<String>()
    let bindings = legacy.bindTables(items, animated: animated, still: still)
    items.append("b")
    XCTAssertTrue(animated.calls.contains(.insertRows([IndexPath(indexes: [0, 1])], .fade)))
    XCTAssertTrue(still.calls.contains(.insertRows([IndexPath(indexes: [0, 1])], .none)))
    XCTAssertTrue(still.calls.contains(.beginBatch(animated: false)), "animated: false is .none")
    XCTAssertEqual(animated.rows, still.rows)
    bindings.forEach { $0.dispose() }
  }
}

/// Calls each deprecated spelling. Called through this protocol, whose requirements are not
/// deprecated, the calls inside the deprecated witnesses produce no warnings.
private protocol LegacySpellings: Sendable {
  func operators(_ source: Signal<Int, Never>) -> [(String, Signal<Int, Never>, Signal<Int, Never>)]
  func optionals(_ source: Signal<Int?, Never>) -> (Signal<Int, Never>, Signal<Int, Never>)
  func recover<E: Error>(_ source: Signal<Int, E>, with element: Int) -> Signal<Int, Never>
  func debounce(_ source: PassthroughSubject<Int, Never>, seconds: Double, queue: any Scheduler) -> Signal<Int, Never>
  func throttle(_ source: PassthroughSubject<Int, Never>, seconds: Double) -> Signal<Int, Never>
  func observeIn(_ source: Signal<Int, Never>, _ scheduler: VirtualTimeScheduler) -> Signal<Int, Never>
  func executeIn(_ source: Signal<Int, Never>, _ scheduler: VirtualTimeScheduler) -> Signal<Int, Never>
  func observeOn(_ source: Signal<Int, Never>, _ queue: DispatchQueue) -> Signal<Int, Never>
  func executeOn(_ source: Signal<Int, Never>, _ queue: DispatchQueue) -> Signal<Int, Never>
  func publishSubject() -> PassthroughSubject<Int, Never>
  func send(to subject: PassthroughSubject<Int, Never>)
  func receive(into observer: AtomicObserver<Int, Never>) -> any Disposable
  func complete(_ subject: PassthroughSubject<Int, Never>)
  func add(_ disposables: [BlockDisposable], to bag: DisposeBag, and composite: CompositeDisposable)
  func after(on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void)
  func just(_ element: Int) -> Signal<Int, Never>
  func sequence(_ elements: [Int]) -> Signal<Int, Never>
  func catching(_ body: @escaping @Sendable () throws -> Int) -> Signal<Int, any Error>
  func snapshots(
    _ array: MutableObservableArray<String>, _ tree: MutableObservableTreeArray<String>
  ) -> ([String], TreeArray<String>)
  func treeConversions(
    _ diff: OrderedCollectionDiff<IndexPath>, _ tree: TreeArray<String>
  ) -> ([OrderedCollectionOperation<TreeNode<String>, IndexPath>], OrderedCollectionDiff<IndexPath>)
  @MainActor func bindTables(
    _ items: MutableObservableArray<String>,
    animated: BatchUpdateValidatingView<String>,
    still: BatchUpdateValidatingView<String>
  ) -> [any Disposable]
}

private struct ReactiveKitAndBondSpellings: LegacySpellings {
  @available(*, deprecated)
  func operators(_ source: Signal<Int, Never>) -> [(String, Signal<Int, Never>, Signal<Int, Never>)] {
    [
      ("skip(first:)", source.skip(first: 2), source.dropFirst(2)),
      ("skip(last:)", source.skip(last: 2), source.dropLast(2)),
      ("take(first:)", source.take(first: 2), source.prefix(maxLength: 2)),
      ("take(last:)", source.take(last: 2), source.suffix(maxLength: 2)),
      (
        "take(until:)", source.take(until: Signal<Void, Never>.never()),
        source.prefix(untilOutputFrom: Signal<Void, Never>.never())
      ),
      ("element(at:)", source.element(at: 2), source.output(at: 2)),
      ("start(with:)", source.start(with: 0), source.prepend(0)),
      (
        "defaultIfEmpty(_:)", Signal<Int, Never>.completed().defaultIfEmpty(7),
        Signal<Int, Never>.completed().replaceEmpty(with: 7)
      ),
      ("ignoreElements()", source.ignoreElements(), source.ignoreOutput()),
      ("concat(with:)", source.concat(with: Signal(just: 9)), source.append(Signal(just: 9))),
      ("distinctUntilChanged()", source.distinctUntilChanged(), source.removeDuplicates()),
      ("distinct()", source.distinct(), source.removeDuplicates()),
      ("skip(interval:)", source.skip(interval: 3600), source.dropFirst(for: 3600)),
    ]
  }

  @available(*, deprecated)
  func optionals(_ source: Signal<Int?, Never>) -> (Signal<Int, Never>, Signal<Int, Never>) {
    (source.ignoreNil(), source.replaceNil(with: 0))
  }

  @available(*, deprecated)
  func recover<E: Error>(_ source: Signal<Int, E>, with element: Int) -> Signal<Int, Never> {
    source.recover(with: element)
  }

  @available(*, deprecated)
  func debounce(_ source: PassthroughSubject<Int, Never>, seconds: Double, queue: any Scheduler) -> Signal<Int, Never> {
    source.debounce(interval: seconds, queue: queue)
  }

  @available(*, deprecated)
  func throttle(_ source: PassthroughSubject<Int, Never>, seconds: Double) -> Signal<Int, Never> {
    source.throttle(seconds: seconds)
  }

  @available(*, deprecated)
  func observeIn(_ source: Signal<Int, Never>, _ scheduler: VirtualTimeScheduler) -> Signal<Int, Never> {
    source.observeIn(ExecutionContext { action in scheduler.schedule(action) })
  }

  @available(*, deprecated)
  func executeIn(_ source: Signal<Int, Never>, _ scheduler: VirtualTimeScheduler) -> Signal<Int, Never> {
    source.executeIn(ExecutionContext { action in scheduler.schedule(action) })
  }

  @available(*, deprecated)
  func observeOn(_ source: Signal<Int, Never>, _ queue: DispatchQueue) -> Signal<Int, Never> {
    source.observeOn(queue)
  }

  @available(*, deprecated)
  func executeOn(_ source: Signal<Int, Never>, _ queue: DispatchQueue) -> Signal<Int, Never> {
    source.executeOn(queue)
  }

  @available(*, deprecated)
  func publishSubject() -> PassthroughSubject<Int, Never> {
    let subject: PublishSubject<Int, Never> = PassthroughSubject()
    return subject
  }

  @available(*, deprecated)
  func send(to subject: PassthroughSubject<Int, Never>) {
    subject.next(1)
    subject.completed(with: 2)
  }

  @available(*, deprecated)
  func receive(into observer: AtomicObserver<Int, Never>) -> any Disposable {
    observer.next(1)
    observer.completed(with: 2)
    return NonDisposable.instance
  }

  @available(*, deprecated)
  func complete(_ subject: PassthroughSubject<Int, Never>) {
    subject.completed()
  }

  @available(*, deprecated)
  func add(_ disposables: [BlockDisposable], to bag: DisposeBag, and composite: CompositeDisposable) {
    bag.add(disposable: disposables[0])
    bag.add(disposables: [disposables[1]])
    composite.add(disposable: disposables[2])
  }

  @available(*, deprecated)
  func after(on queue: DispatchQueue, _ action: @escaping @Sendable () -> Void) {
    queue.after(when: 0, block: action)
  }

  @available(*, deprecated)
  func just(_ element: Int) -> Signal<Int, Never> {
    Signal.just(element)
  }

  @available(*, deprecated)
  func sequence(_ elements: [Int]) -> Signal<Int, Never> {
    Signal.sequence(elements)
  }

  @available(*, deprecated)
  func catching(_ body: @escaping @Sendable () throws -> Int) -> Signal<Int, any Error> {
    Signal(catching: body)
  }

  @available(*, deprecated)
  func snapshots(
    _ array: MutableObservableArray<String>, _ tree: MutableObservableTreeArray<String>
  ) -> ([String], TreeArray<String>) {
    (array.array, tree.tree)
  }

  @available(*, deprecated)
  func treeConversions(
    _ diff: OrderedCollectionDiff<IndexPath>, _ tree: TreeArray<String>
  ) -> ([OrderedCollectionOperation<TreeNode<String>, IndexPath>], OrderedCollectionDiff<IndexPath>) {
    let patch = diff.generatePatch(to: tree)
    return (patch, OrderedCollectionDiff(from: patch))
  }

  @available(*, deprecated)
  @MainActor func bindTables(
    _ items: MutableObservableArray<String>,
    animated: BatchUpdateValidatingView<String>,
    still: BatchUpdateValidatingView<String>
  ) -> [any Disposable] {
    [
      items.bind(to: animated, animated: true, rowAnimation: .fade) { items, indexPath, _ in items.item(at: indexPath)
      },
      items.bind(to: still, animated: false, rowAnimation: .fade) { items, indexPath, _ in items.item(at: indexPath) },
    ]
  }
}
