import Synchronization
import TetherSignals
import XCTest

/// An observer that records every event it receives, for assertions, and checks the observer
/// contract: callbacks never overlap and nothing follows a terminal event.
///
/// ```swift
/// let recorder = EventRecorder<Int, Never>()
/// recorder.observe(subject)
/// subject.send(1)
/// XCTAssertEqual(recorder.events, [.next(1)])
/// ```
///
/// Safe to use from any thread.
public final class EventRecorder<Element, Error: Swift.Error>: @unchecked Sendable {
  // Safe: all mutable state is behind the mutex; recorded elements are only handed out as copies.
  private struct State {
    var events: [Signal<Element, Error>.Event] = []
    var violations: [String] = []
    var disposables: [any Disposable] = []
    var isInside = false
  }

  private struct Box: @unchecked Sendable {  // Safe: only accessed under the mutex.
    var state = State()
  }

  private let box = Mutex(Box())
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
    box.withLock { $0.state.disposables.append(disposable) }
    return disposable
  }

  /// Records one event, noting a violation if it overlaps another callback or follows a terminal
  /// event.
  public func record(_ event: Signal<Element, Error>.Event) {
    box.withLock { box in
      if box.state.isInside { box.state.violations.append("overlapping callback with \(event)") }
      if box.state.events.last?.isTerminal == true { box.state.violations.append("\(event) after a terminal event") }
      box.state.isInside = true
      box.state.events.append(event)
    }
    onEvent?(event)
    box.withLock { $0.state.isInside = false }
  }

  /// Ends the observations started with ``observe(_:)``.
  public func dispose() {
    let disposables = box.withLock { box in
      let all = box.state.disposables
      box.state.disposables = []
      return all
    }
    for disposable in disposables { disposable.dispose() }
  }

  /// Every event received, in order.
  public var events: [Signal<Element, Error>.Event] {
    box.withLock { $0.state.events }
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
    box.withLock { $0.state.violations }
  }

  /// Fails the current test if any contract breach was recorded.
  public func assertNoViolations(file: StaticString = #filePath, line: UInt = #line) {
    let violations = self.violations
    XCTAssertTrue(violations.isEmpty, "observer contract broken: \(violations)", file: file, line: line)
  }
}
