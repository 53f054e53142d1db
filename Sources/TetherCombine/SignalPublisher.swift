// Apple platforms only (Combine). On Linux the Combine part of this module is empty; the nested
// package Checks/AppleAdapters type-checks it against a stub Combine module, and the delivery logic
// it runs (DemandBuffer) is tested on every platform.
#if canImport(Combine)
import Combine
import TetherSignals

/// A Tether signal as a Combine publisher: each subscriber gets its own observation of the signal,
/// started at its first demand and ended by cancelling.
///
/// Demand is respected: elements the subscriber has not asked for yet are buffered, without bound,
/// and delivered in order as it asks; the completion follows the buffered elements. Deliveries to
/// one subscriber never overlap, and a subscriber that requests more from inside `receive(_:)` is
/// not re-entered. Subscribers that request `.unlimited` (such as `sink` and `assign`) receive
/// each event as the signal sends it, on the sender's thread; an event sent while another thread
/// is delivering to the same subscriber is delivered by that thread, right after.
public struct SignalPublisher<Output, Failure: Swift.Error>: Publisher {
  /// The signal each subscriber observes.
  public let signal: Signal<Output, Failure>

  /// Creates a publisher of `signal`'s events.
  public init(_ signal: Signal<Output, Failure>) {
    self.signal = signal
  }

  /// Attaches `subscriber`: it receives a subscription, and the signal is observed once it
  /// requests elements.
  public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
    let subscription = SignalSubscription(signal: signal, subscriber: subscriber)
    subscriber.receive(subscription: subscription)
  }
}

/// The publisher is `Sendable` when its signal is, that is when its elements are.
extension SignalPublisher: Sendable where Output: Sendable {}

extension SignalPublisher {
  /// The signal this publisher publishes, as is: a round trip through Combine adds nothing.
  public func toSignal() -> Signal<Output, Failure> {
    signal
  }
}

/// One subscriber's observation of a signal, fed through a `DemandBuffer`.
private final class SignalSubscription<Output, Failure: Swift.Error>: Subscription, @unchecked Sendable {
  // Safe: the stored properties are immutable; `buffer` and `observation` are thread-safe.
  private let signal: Signal<Output, Failure>
  private let buffer: DemandBuffer<Output, Failure>
  private let observation = SerialDisposable()

  init<S: Subscriber>(signal: Signal<Output, Failure>, subscriber: S)
  where S.Input == Output, S.Failure == Failure {
    self.signal = signal
    // The buffer holds the subscriber until the completion is delivered or the subscription is
    // cancelled, as Combine subscriptions do; that ends the subscriber <-> subscription cycle.
    buffer = DemandBuffer(
      consumer: DemandBuffer.Consumer(
        receive: { element in subscriber.receive(element).max ?? Int.max },
        complete: { completion in
          switch completion {
          case .finished: subscriber.receive(completion: .finished)
          case .failure(let error): subscriber.receive(completion: .failure(error))
          }
        }
      )
    )
  }

  func request(_ demand: Combine.Subscribers.Demand) {
    guard buffer.request(demand.max ?? Int.max) else { return }
    let buffer = self.buffer
    observation.otherDisposable = signal.observe { event in
      switch event {
      case .next(let element): buffer.send(element)
      case .completed: buffer.send(completion: .finished)
      case .failed(let error): buffer.send(completion: .failure(error))
      }
    }
  }

  func cancel() {
    observation.dispose()
    buffer.cancel()
  }
}

extension SignalProtocol {
  /// The signal as a Combine publisher.
  ///
  /// Each subscriber observes the signal anew, from its first demand until it cancels or the
  /// signal ends; elements it has not asked for yet are buffered (see ``SignalPublisher``).
  ///
  /// ```swift
  /// let cancellable = subject.toPublisher().sink { print($0) }
  /// ```
  public func toPublisher() -> SignalPublisher<Element, Error> {
    SignalPublisher(toSignal())
  }
}

extension PropertyProtocol {
  /// The property as a Combine publisher that, like `CurrentValueSubject`, emits the current value
  /// to each subscriber (as of its first demand), then every change.
  public var publisher: SignalPublisher<Value, Never> {
    SignalPublisher(toSignal())
  }
}
#endif
