import Dispatch
import Tether
import TetherTestSupport
import XCTest

private let threads = 4
private let perThread = 500

/// `connect()` and `refCount()` driven from several threads at once (run under the thread sanitizer
/// by CI): no connection outlives its last observer, no source event reaches the subject twice, and
/// observers receive their elements in order.
final class ConnectableStressTests: XCTestCase {
  /// A source that counts its live observations and forwards a subject's events.
  private final class CountingSource: Sendable {
    let subject = PassthroughSubject<Int, Never>()
    let live = Shared((current: 0, total: 0))

    var signal: SafeSignal<Int> {
      Signal { observer in
        self.live.withLock {
          $0.current += 1
          $0.total += 1
        }
        let subscription = self.subject.observe { observer.on($0) }
        return BlockDisposable {
          subscription.dispose()
          self.live.withLock { $0.current -= 1 }
        }
      }
    }
  }

  func testRefCountObserversArrivingAndLeavingOnSeveralThreads() {
    let source = CountingSource()
    let shared = source.signal.publish().refCount()
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      for _ in 0..<perThread {
        let observation = shared.observe { _ in }
        observation.dispose()
      }
    }
    let live = source.live.withLock { $0 }
    XCTAssertEqual(live.current, 0, "the last observer disconnected the source")
    XCTAssertGreaterThanOrEqual(live.total, 1)
  }

  func testConcurrentConnectAndDisposeLeaveNoConnectionBehind() {
    let source = CountingSource()
    let published = source.signal.publish()
    let recorder = EventRecorder<Int, Never>()
    recorder.observe(published)
    DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
      if thread == threads {
        for value in 0..<perThread { source.subject.send(value) }
        return
      }
      for _ in 0..<perThread / 5 {
        let connection = published.connect()
        connection.dispose()
      }
    }
    XCTAssertEqual(source.live.withLock { $0.current }, 0)
    recorder.assertNoViolations()
  }

  func testShareLimitObserversSeeEveryElementOnceAndInOrderWhileTheSourceSends() {
    let source = CountingSource()
    let shared = source.signal.share(limit: 1)
    let failures = Shared<[String]>([])
    let anchor = shared.observe { _ in }  // keeps one connection for the whole sending
    DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
      if thread == threads {
        for value in 0..<perThread * 4 { source.subject.send(value) }
        return
      }
      for _ in 0..<perThread / 5 {
        let seen = Shared<[Int]>([])
        let observation = shared.observe { event in
          if case .next(let value) = event { seen.withLock { $0.append(value) } }
        }
        observation.dispose()
        let values = seen.withLock { $0 }
        if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) {
          failures.withLock { $0.append("\(values)") }
        }
      }
    }
    anchor.dispose()
    XCTAssertEqual(failures.withLock { $0 }, [], "every observer's elements strictly increase")
    XCTAssertEqual(source.live.withLock { $0.total }, 1, "one connection served everyone")
    XCTAssertEqual(source.live.withLock { $0.current }, 0)
  }

  /// Guards `shareReplay(limit:)` (and `share()`): one connection at a time, events to every
  /// observer once and in order, and the last observer leaving disconnects, while observers join
  /// and leave on several threads and the source sends.
  func testShareReplayObserversJoiningAndLeavingWhileTheSourceSends() {
    for limit in [0, 1] {
      let source = CountingSource()
      let shared = source.signal.shareReplay(limit: limit)
      let failures = Shared<[String]>([])
      DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
        if thread == threads {
          for value in 0..<perThread * 4 { source.subject.send(value) }
          return
        }
        for _ in 0..<perThread / 5 {
          let seen = Shared<[Int]>([])
          let observation = shared.observe { event in
            if case .next(let value) = event { seen.withLock { $0.append(value) } }
          }
          observation.dispose()
          let values = seen.withLock { $0 }
          if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) {
            failures.withLock { $0.append("\(values)") }
          }
        }
      }
      XCTAssertEqual(failures.withLock { $0 }, [], "limit \(limit): no element twice or out of order")
      XCTAssertEqual(source.live.withLock { $0.current }, 0, "limit \(limit): the last observer disconnected")
    }
  }

  func testRefCountReconnectsWithoutDuplicatesWhileTheSourceSends() {
    let source = CountingSource()
    let shared = source.signal.publish().refCount()
    let failures = Shared<[String]>([])
    DispatchQueue.concurrentPerform(iterations: threads + 1) { thread in
      if thread == threads {
        for value in 0..<perThread * 4 { source.subject.send(value) }
        return
      }
      for _ in 0..<perThread / 5 {
        let seen = Shared<[Int]>([])
        let observation = shared.observe { event in
          if case .next(let value) = event { seen.withLock { $0.append(value) } }
        }
        observation.dispose()
        let values = seen.withLock { $0 }
        if zip(values, values.dropFirst()).contains(where: { $0 >= $1 }) {
          failures.withLock { $0.append("\(values)") }
        }
      }
    }
    XCTAssertEqual(failures.withLock { $0 }, [], "no element reaches an observer twice or out of order")
    XCTAssertEqual(source.live.withLock { $0.current }, 0)
  }
}
