import TetherSignals
import TetherSynchronization
import XCTest

final class DisposableTests: XCTestCase {
  func testBlockDisposableRunsItsHandlerOnce() {
    let count = AtomicInt(0)
    let disposable = BlockDisposable { count.add(1, ordering: .relaxed) }
    XCTAssertFalse(disposable.isDisposed)
    disposable.dispose()
    disposable.dispose()
    XCTAssertTrue(disposable.isDisposed)
    XCTAssertEqual(count.load(ordering: .relaxed), 1)
  }

  func testNonDisposableNeverReportsDisposed() {
    NonDisposable.instance.dispose()
    XCTAssertFalse(NonDisposable.instance.isDisposed)
  }

  func testCompositeDisposesAllAndLateAdditions() {
    let first = BlockDisposable {}
    let second = BlockDisposable {}
    let composite = CompositeDisposable([first])
    composite += second
    composite.dispose()
    XCTAssertTrue(first.isDisposed)
    XCTAssertTrue(second.isDisposed)
    XCTAssertTrue(composite.isDisposed)
    let late = BlockDisposable {}
    composite.add(late)
    XCTAssertTrue(late.isDisposed)
  }

  func testSerialDisposableForwardsToItsCurrentInnerDisposable() {
    let first = BlockDisposable {}
    let second = BlockDisposable {}
    let serial = SerialDisposable(otherDisposable: first)
    serial.otherDisposable = second
    XCTAssertFalse(first.isDisposed, "replacing does not dispose the previous one (ReactiveKit semantics)")
    serial.dispose()
    XCTAssertTrue(second.isDisposed)
    XCTAssertNil(serial.otherDisposable)
    let late = BlockDisposable {}
    serial.otherDisposable = late
    XCTAssertTrue(late.isDisposed)
  }

  func testDisposeBagDisposesOnDisposeAndDeinitAndIsReusable() {
    let first = BlockDisposable {}
    let second = BlockDisposable {}
    var bag: DisposeBag? = DisposeBag()
    first.dispose(in: bag!)
    bag! += [second]
    XCTAssertFalse(bag!.isDisposed)
    bag!.dispose()
    XCTAssertTrue(first.isDisposed)
    XCTAssertTrue(second.isDisposed)
    XCTAssertTrue(bag!.isDisposed)

    let third = BlockDisposable {}
    bag! += third
    bag = nil
    XCTAssertTrue(third.isDisposed)
  }

  func testDisposeBagIsADisposable() {
    let inner = DisposeBag()
    let outer = DisposeBag()
    let disposable = BlockDisposable {}
    disposable.dispose(in: inner)
    inner.dispose(in: outer)
    outer.dispose()
    XCTAssertTrue(disposable.isDisposed)
  }

  func testDisposingFromInsideTheHandlerDoesNotDeadlock() {
    let serial = SerialDisposable()
    serial.otherDisposable = BlockDisposable { serial.dispose() }
    serial.dispose()
    XCTAssertTrue(serial.isDisposed)
  }
}
