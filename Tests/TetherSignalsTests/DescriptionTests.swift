import TetherSignals
import XCTest

private enum Failure: Error, CustomStringConvertible {
  case offline
  var description: String { "offline" }
}

/// A value whose description reads a property: describing it under the property's lock would
/// trap (re-entrant access), so these tests prove descriptions run after the lock is released.
private final class Reader: CustomStringConvertible, @unchecked Sendable {
  // Safe: set once, before any description is read, on the test's thread.
  weak var property: Property<Reader>?
  var description: String { property == nil ? "reader" : "reader of \(type(of: property!.value))" }
}

final class DescriptionTests: XCTestCase {
  func testAPropertyShowsItsValueObserversAndCompletion() {
    let property = Property(3)
    XCTAssertEqual(property.description, "Property<Int>(value: 3, observers: 0)")
    let first = property.observeNext { _ in }
    let second = property.observeNext { _ in }
    XCTAssertEqual("\(property)", "Property<Int>(value: 3, observers: 2)")
    first.dispose()
    property.value = 4
    XCTAssertEqual(property.description, "Property<Int>(value: 4, observers: 1)")
    property.send(completion: .finished)
    XCTAssertEqual(property.description, "Property<Int>(value: 4, observers: 0, completed)")
    second.dispose()
  }

  func testAPropertysDebugDescriptionQuotesStrings() {
    let property = Property("done")
    XCTAssertEqual(property.debugDescription, #"Property<String>(value: "done", observers: 0)"#)
    XCTAssertEqual(String(reflecting: property), #"Property<String>(value: "done", observers: 0)"#)
  }

  func testAValueIsDescribedOutsideThePropertysLock() {
    let reader = Reader()
    let property = Property(reader)
    reader.property = property
    XCTAssertEqual(property.description, "Property<Reader>(value: reader of Reader, observers: 0)")
  }

  func testAPassthroughSubjectShowsObserversAndHowItEnded() {
    let subject = PassthroughSubject<Int, Failure>()
    let observation = subject.observe { _ in }
    XCTAssertEqual(subject.description, "PassthroughSubject<Int, Failure>(observers: 1)")
    subject.send(completion: .failure(.offline))
    XCTAssertEqual(subject.description, "PassthroughSubject<Int, Failure>(observers: 0, failed: offline)")
    observation.dispose()
    let finished = PassthroughSubject<Int, Never>()
    finished.send(completion: .finished)
    XCTAssertEqual(finished.description, "PassthroughSubject<Int, Never>(observers: 0, completed)")
  }

  func testReplaySubjectsShowWhatANewObserverWouldReceive() {
    let replay = ReplaySubject<String, Never>(bufferSize: 2)
    XCTAssertEqual(replay.description, "ReplaySubject<String, Never>(observers: 0, replays: 0)")
    for value in ["a", "b", "c"] { replay.send(value) }
    let observation = replay.observe { _ in }
    XCTAssertEqual(replay.description, "ReplaySubject<String, Never>(observers: 1, replays: 2)")
    XCTAssertEqual(replay.debugDescription, #"ReplaySubject<String, Never>(observers: 1, replays: 2, newest: "c")"#)
    observation.dispose()

    let one = ReplayOneSubject<Int, Never>()
    XCTAssertEqual(one.description, "ReplayOneSubject<Int, Never>(observers: 0, latest: none)")
    one.send(7)
    one.send(completion: .finished)
    XCTAssertEqual(one.description, "ReplayOneSubject<Int, Never>(observers: 0, latest: 7, completed)")
  }

  func testASignalShowsItsType() {
    XCTAssertEqual(SafeSignal(just: 1).description, "Signal<Int, Never>")
  }

  func testADisposeBagCountsItsDisposablesAndTheDisposedOnes() {
    let bag = DisposeBag()
    XCTAssertEqual(bag.description, "DisposeBag(empty)")
    let done = BlockDisposable {}
    done.dispose()
    bag.add([BlockDisposable {}, done, BlockDisposable {}])
    XCTAssertEqual(bag.description, "DisposeBag(3 disposables, 1 disposed)")
    bag.dispose()
    XCTAssertEqual(bag.description, "DisposeBag(empty)")
  }
}
