import Foundation
import TetherSignals

/// An observer that records every event it receives, for assertions, and checks the observer
/// contract: callbacks never overlap and nothing follows a terminal event.
///
/// ```swift
/// let recorder = EventRecorder<Int, Never>()
/// recorder.observe(subject)
/// subject.send(1)
/// recorder.expectEvents([.next(1)])
/// ```
///
/// `expectEvents(_:)`, `expectElements(_:)` and ``assertNoViolations(fileID:file:line:column:)``
/// report through Swift Testing inside a `@Test` and through XCTest otherwise; `matches(_:)` and
/// `mismatch(with:)` return a result for `#expect` or `XCTAssert`.
///
/// Safe to use from any thread.
public final class EventRecorder<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: all mutable state is only touched while holding `lock`; elements are handed out as copies.
  // An NSLock (a pthread mutex) rather than Synchronization.Mutex: ThreadSanitizer cannot see how a
  // contended Mutex is handed over on Linux, and recorders are used in the thread-sanitized tests.
  private struct State {
    var events: [Signal<Element, Error>.Event] = []
    var violations: [String] = []
    var disposables: [any Disposable] = []
    var isInside = false
  }

  private let lock = NSLock()
  private var state = State()
  private let onEvent: (@Sendable (Signal<Element, Error>.Event) -> Void)?

  /// Creates an empty recorder.
  ///
  /// - Parameter onEvent: Runs after each event is recorded, still inside the callback (so an
  ///   overlapping delivery during it is reported); use it to send or dispose from a callback.
  public init(onEvent: (@Sendable (Signal<Element, Error>.Event) -> Void)? = nil) {
    self.onEvent = onEvent
  }

  /// The observer closure to pass to `observe(with:)`.
  public var observer: @Sendable (Signal<Element, Error>.Event) -> Void {
    { event in self.record(event) }
  }

  /// Observes `signal`, recording its events; the observation lasts until ``dispose()``.
  @discardableResult
  public func observe<S: SignalProtocol>(_ signal: S) -> any Disposable
  where S.Element == Element, S.Error == Error {
    let disposable = signal.observe(with: observer)
    withLock { $0.disposables.append(disposable) }
    return disposable
  }

  /// Records one event, noting a violation if it overlaps another callback or follows a terminal
  /// event.
  public func record(_ event: Signal<Element, Error>.Event) {
    withLock { state in
      if state.isInside { state.violations.append("overlapping callback with \(event)") }
      if state.events.last?.isTerminal == true { state.violations.append("\(event) after a terminal event") }
      state.isInside = true
      state.events.append(event)
    }
    onEvent?(event)
    withLock { $0.isInside = false }
  }

  /// Ends the observations started with ``observe(_:)``.
  public func dispose() {
    let disposables = withLock { state in
      let all = state.disposables
      state.disposables = []
      return all
    }
    for disposable in disposables { disposable.dispose() }
  }

  /// Every event received, in order.
  public var events: [Signal<Element, Error>.Event] {
    withLock { $0.events }
  }

  /// The elements of the `.next` events received, in order.
  public var elements: [Element] {
    events.compactMap(\.element)
  }

  /// The completion received, if the signal ended.
  public var completion: Subscribers.Completion<Error>? {
    events.last?.completion
  }

  /// Whether a `.completed` event was received.
  public var isCompleted: Bool {
    if case .completed = events.last { return true }
    return false
  }

  /// The error received, if the signal failed.
  public var error: Error? {
    events.last?.error
  }

  /// Breaches of the observer contract seen so far (overlapping callbacks, events after a
  /// terminal event); empty when all is well.
  public var violations: [String] {
    withLock { $0.violations }
  }

  private func withLock<Result>(_ body: (inout State) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&state)
  }

  /// Fails the current test if any contract breach was recorded, through the running test
  /// framework (Swift Testing or XCTest).
  public func assertNoViolations(
    fileID: String = #fileID,
    file: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    expectNoViolations(fileID: fileID, filePath: file, line: line, column: column)
  }

  /// Reports a test failure if any contract breach was recorded.
  ///
  /// - Returns: Whether none was.
  @discardableResult
  public func expectNoViolations(
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Bool {
    let violations = self.violations
    guard violations.isEmpty else {
      CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        .report("observer contract broken: \(violations)")
      return false
    }
    return true
  }
}
