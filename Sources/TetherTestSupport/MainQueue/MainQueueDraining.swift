import Dispatch
import Foundation
import Testing
import TetherSignals

/// Waits until the main queue has run every action queued on it before the call: main-thread
/// deliveries sent from other threads (a binding's, `observeOnMain`'s, `receive(on: .main)`'s).
///
/// Works under both runners: the call gives up the main actor while it waits, so a `@MainActor`
/// test can drain the queue it runs on.
///
/// ```swift
/// @Test @MainActor func theLabelShowsTheLatestCount() async {
///   let label = Label()
///   let count = Property(0)
///   count.bind(to: label) { label, count in label.text = "\(count)" }
///   await Task.detached { count.value = 3 }.value
///   await drainMainQueue()
///   #expect(label.text == "3")
/// }
/// ```
///
/// Actions that those actions queue in turn may still be waiting: call it again for each further
/// hop. Work scheduled on other queues or after a delay is not waited for.
public func drainMainQueue() async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.main.async { continuation.resume() }
  }
}

/// Runs every action queued on the main queue before the call, before returning: main-thread
/// deliveries sent from other threads (a binding's, `observeOnMain`'s, `receive(on: .main)`'s).
///
/// Where it can run them depends on the caller:
/// - on the main thread outside the main queue's own actions (a synchronous XCTest test), it runs
///   the main run loop until a marker queued after them has run;
/// - off the main thread and off the main queue (a test that is not `@MainActor` under Swift
///   Testing, an `async` XCTest test on Linux), it waits for the main queue to reach a marker;
/// - on the main queue itself (a synchronous `@MainActor` Swift Testing test: on Linux it runs on
///   the main queue but not on the main thread, on Apple platforms on both), it cannot: the queue
///   runs nothing else until the caller returns. It reports a test failure saying so; make the
///   test `async` and call `await drainMainQueue()` instead.
///
/// Values sent on the main thread or the main queue need no draining: bindings and main-actor
/// observers deliver them before the send returns.
public func drainMainQueue(
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  // Under Swift Testing a main-thread caller is a main-actor job, so it runs inside a main-queue
  // action (Apple platforms); on Linux the main actor's jobs run on the main queue off the main
  // thread. Either way the queue cannot be drained from here.
  if Test.current != nil && (Thread.isMainThread || MainQueue.isOnMainQueue) {
    site.report(
      "drainMainQueue() cannot run the main queue from inside it (a @MainActor Swift Testing test); "
        + "make the test async and call `await drainMainQueue()`")
    return
  }
  if Thread.isMainThread {
    let marker = Marker()
    DispatchQueue.main.async { marker.set() }
    // The marker is queued after every earlier action and the main queue is FIFO, so once it has
    // run, so have they. Each pass runs what the queue holds; a pass may return early for another
    // run-loop source, hence the loop.
    while !marker.hasRun {
      _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
    return
  }
  if MainQueue.isOnMainQueue {
    site.report(
      "drainMainQueue() cannot run the main queue from inside one of its actions; "
        + "make the test async and call `await drainMainQueue()`")
    return
  }
  DispatchQueue.main.sync {}
}

/// Set by a marker action on the main queue; read by the thread that waits for it.
private final class Marker: @unchecked Sendable {
  // Safe: `ran` is only touched while holding `lock`.
  private let lock = NSLock()
  private var ran = false

  var hasRun: Bool {
    lock.lock()
    defer { lock.unlock() }
    return ran
  }

  func set() {
    lock.lock()
    ran = true
    lock.unlock()
  }
}

/// Runs `body` with every Tether main-thread delivery it sends queued on the main queue, as if
/// it were sent from another thread, so a test can check what happens before and after the
/// main thread catches up without starting threads.
///
/// ```swift
/// @Test @MainActor func theLabelCatchesUp() async {
///   let label = Label()
///   let count = Property(0)
///   count.bind(to: label) { label, count in label.text = "\(count)" }
///   withMainDeliveryQueued { count.value = 3 }
///   #expect(label.text == "0")
///   await drainMainQueue()
///   #expect(label.text == "3")
/// }
/// ```
///
/// Applies to bindings to views and main-actor targets, `observeOnMain`, `observeNextOnMain` and
/// the `.immediateOnMain` context, for sends made synchronously inside `body` on the calling
/// thread and in tasks it starts (the setting is task-local). Sends from other threads are queued
/// anyway.
public func withMainDeliveryQueued<Result>(_ body: () throws -> Result) rethrows -> Result {
  try MainQueue.$queuesEveryDelivery.withValue(true) { try body() }
}
