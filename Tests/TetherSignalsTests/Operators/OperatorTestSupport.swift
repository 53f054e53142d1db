import Synchronization
import TetherSignals
import TetherTestSupport
import XCTest

/// The error the operator tests fail signals with.
struct OperatorError: Error, Equatable, CustomStringConvertible {
  let code: Int

  init(_ code: Int) {
    self.code = code
  }

  var description: String { "E\(code)" }
}

/// A source signal driven by hand that counts how often it is observed and how often an
/// observation of it ended (by disposal or by its own terminal event).
final class Probe<Element, Error: Swift.Error>: Sendable {
  private let subject = PassthroughSubject<Element, Error>()
  private let counts = Mutex((observations: 0, ended: 0))

  /// A signal forwarding what is sent to the probe, counting its observations.
  var signal: Signal<Element, Error> {
    Signal { observer in
      self.counts.withLock { $0.observations += 1 }
      let subscription = self.subject.observe { event in observer.on(event) }
      return BlockDisposable {
        self.counts.withLock { $0.ended += 1 }
        subscription.dispose()
      }
    }
  }

  /// How many observations were started.
  var observations: Int { counts.withLock { $0.observations } }

  /// Whether an observation is still running.
  var isObserved: Bool { counts.withLock { $0.observations > $0.ended } }

  func send(_ element: Element) { subject.send(element) }
  func complete() { subject.send(completion: .finished) }
  func fail(_ error: Error) { subject.send(completion: .failure(error)) }
}

/// Observes `signal` with a new recorder.
func record<S: SignalProtocol>(_ signal: S) -> EventRecorder<S.Element, S.Error> {
  let recorder = EventRecorder<S.Element, S.Error>()
  recorder.observe(signal)
  return recorder
}

/// Observes `signal`, recording each event as `"event@time"` with the virtual time it arrived at.
func recordTimeline<S: SignalProtocol>(_ signal: S, on scheduler: VirtualTimeScheduler) -> EventRecorder<String, Never> {
  let recorder = EventRecorder<String, Never>()
  recorder.observe(signal.materialize().map { "\($0)@\(timestamp(scheduler.now))" })
  return recorder
}

/// `2` for 2.0, `2.5` for 2.5.
func timestamp(_ time: Double) -> String {
  time == time.rounded() ? "\(Int(time))" : "\(time)"
}

/// Schedules `action` at the absolute virtual time `time` (the clock must still be at zero).
func at(_ time: Double, on scheduler: VirtualTimeScheduler, _ action: @escaping @Sendable () -> Void) {
  scheduler.schedule(after: time, action)
}

/// A holder for a disposable that a callback needs before `observe` has returned it.
final class DisposableSlot: Sendable {
  private let slot = Mutex<(any Disposable)?>(nil)

  var disposable: (any Disposable)? {
    get { slot.withLock { $0 } }
    set { slot.withLock { $0 = newValue } }
  }

  func dispose() { disposable?.dispose() }
}
