import TetherSignals
import TetherTestSupport
import XCTest

final class AnyCancellableTests: XCTestCase {
  func testDisposesOnceOnDisposeCancelOrDeinit() {
    let calls = EventRecorder<Int, Never>()
    let cancellable = AnyCancellable { calls.record(.next(1)) }
    XCTAssertFalse(cancellable.isDisposed)
    cancellable.cancel()
    cancellable.dispose()
    XCTAssertTrue(cancellable.isDisposed)
    XCTAssertEqual(calls.elements, [1])
    do {
      _ = AnyCancellable { calls.record(.next(2)) }
    }
    XCTAssertEqual(calls.elements, [1, 2], "deinit disposes")
  }

  func testIsHashableByIdentity() {
    let a = AnyCancellable {}
    let b = AnyCancellable {}
    XCTAssertEqual(a, a)
    XCTAssertNotEqual(a, b)
    var set: Set<AnyCancellable> = []
    a.store(in: &set)
    a.store(in: &set)
    b.store(in: &set)
    XCTAssertEqual(set.count, 2)
    var array: [AnyCancellable] = []
    a.store(in: &array)
    XCTAssertTrue(array[0] === a)
  }

  func testStoringADisposableKeepsItUntilTheCollectionGoesAway() {
    let subject = PassthroughSubject<Int, Never>()
    let recorder = EventRecorder<Int, Never>()
    var set: Set<AnyCancellable> = []
    subject.observe(with: recorder.observer).store(in: &set)
    var array: [AnyCancellable] = []
    subject.observe(with: recorder.observer).store(in: &array)
    subject.send(1)
    set.removeAll()
    subject.send(2)
    array.removeAll()
    subject.send(3)
    XCTAssertEqual(recorder.elements, [1, 1, 2])
    let bag = DisposeBag()
    let wrapped = AnyCancellable(subject.observe(with: recorder.observer))
    wrapped.store(in: bag)
    bag.dispose()
    XCTAssertTrue(wrapped.isDisposed)
  }
}
