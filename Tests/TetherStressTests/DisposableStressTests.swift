import Dispatch
import Tether
import XCTest

private let threads = 4
private let perThread = 500

/// The disposable containers used from several threads at once (run under the thread sanitizer by
/// CI): whatever the interleaving of adding, setting and disposing, every disposable handed to one
/// is disposed exactly once by the end. Guards `Disposable`'s "disposing is idempotent and may be
/// done from any thread" and the containers' "added after disposal, disposed at once".
final class DisposableStressTests: XCTestCase {

  /// Disposables that count how often each was disposed.
  private final class Counted: Sendable {
    let counts: Shared<[Int]>

    init(_ count: Int) {
      counts = Shared(Array(repeating: 0, count: count))
    }

    func disposable(_ index: Int) -> BlockDisposable {
      BlockDisposable { self.counts.withLock { $0[index] += 1 } }
    }

    func assertEachDisposedOnce(_ context: String, file: StaticString = #filePath, line: UInt = #line) {
      let counts = counts.withLock { $0 }
      XCTAssertEqual(counts.filter { $0 != 1 }.count, 0, "\(context): disposed other than once", file: file, line: line)
    }
  }

  func testCompositeDisposesEveryAdditionOnceWhileDisposedOnAnotherThread() {
    let counted = Counted(threads * perThread)
    let composite = CompositeDisposable()
    DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
      if thread == threads {
        composite.dispose()
        return
      }
      for index in 0..<perThread { composite.add(counted.disposable(thread * perThread + index)) }
    }
    composite.dispose()
    counted.assertEachDisposedOnce("composite")
  }

  func testDisposeBagDisposesEveryAdditionOnceWhileDisposedRepeatedly() {
    let counted = Counted(threads * perThread)
    let bag = DisposeBag()
    DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
      if thread == threads {
        for _ in 0..<100 { bag.dispose() }
        return
      }
      for index in 0..<perThread { bag.add(counted.disposable(thread * perThread + index)) }
    }
    bag.dispose()
    counted.assertEachDisposedOnce("bag")
  }

  func testSerialDisposableDisposesWhatIsSetWhileItIsDisposed() {
    let rounds = 1_000
    let counted = Counted(rounds)
    for round in 0..<rounds {
      let serial = SerialDisposable()
      DispatchQueue.concurrentPerform(iterations: 2) { thread in
        if thread == 0 {
          serial.otherDisposable = counted.disposable(round)
        } else {
          serial.dispose()
        }
      }
    }
    counted.assertEachDisposedOnce("serial")
  }

  func testDisposingFromSeveralThreadsAtOnceRunsTheHandlerOnce() {
    let rounds = 1_000
    let counted = Counted(rounds)
    for round in 0..<rounds {
      let block = counted.disposable(round)
      let disposable: any Disposable = round.isMultiple(of: 2) ? block : AnyCancellable(block)
      DispatchQueue.concurrentPerform(iterations: 3) { _ in disposable.dispose() }
    }
    counted.assertEachDisposedOnce("block and cancellable")
  }
}
