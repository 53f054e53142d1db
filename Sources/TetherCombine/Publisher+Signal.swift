// Apple platforms only (Combine). On Linux the Combine part of this module is empty; the nested
// package Checks/AppleAdapters type-checks it against a stub Combine module, and the subscription
// bookkeeping it runs (SubscriptionSlot) is tested on every platform.
#if canImport(Combine)
import Combine
import TetherSignals

extension Publisher {
  /// The publisher as a Tether signal.
  ///
  /// Each observation of the signal subscribes to the publisher, on the observing thread, with
  /// unlimited demand; disposing the observation cancels the subscription. The publisher's
  /// completion ends the signal: `.finished` completes it, `.failure` fails it.
  ///
  /// The publisher is subscribed to from whichever thread observes the signal, so it must allow
  /// that (Combine's publishers are values describing a subscription, and do).
  public func toSignal() -> Signal<Output, Failure> {
    signal(subscribingWith: SubscribeFunction { subscriber in self.subscribe(subscriber) })
  }
}

/// A signal whose observations each subscribe a `SignalSubscriber` with `subscribe`.
///
/// Not generic over the publisher, so the `@Sendable` producer captures no publisher metatype.
private func signal<Output, Failure: Swift.Error>(
  subscribingWith subscribe: SubscribeFunction<Output, Failure>
) -> Signal<Output, Failure> {
  Signal { observer in
    let subscriber = SignalSubscriber(observer: observer)
    subscribe.body(subscriber)
    return BlockDisposable { subscriber.cancel() }
  }
}

/// Carries a publisher's `subscribe(_:)` into the signal's producer, which is `@Sendable`.
private struct SubscribeFunction<Output, Failure: Swift.Error>: @unchecked Sendable {
  // Safe: the function only subscribes to a publisher, which Combine publishers (values
  // describing a subscription) support from any thread; it holds no mutable state of its own.
  let body: (SignalSubscriber<Output, Failure>) -> Void
}

/// Forwards a publisher's events to a signal's observer, asking for everything.
private final class SignalSubscriber<Input, Failure: Swift.Error>: Subscriber, @unchecked Sendable {
  // Safe: `observer` is thread-safe and immutable; `slot` guards the subscription with its lock.
  private let observer: AtomicObserver<Input, Failure>
  private let slot = SubscriptionSlot<any Subscription>()

  init(observer: AtomicObserver<Input, Failure>) {
    self.observer = observer
  }

  func receive(subscription: any Subscription) {
    guard slot.attach(subscription) else {
      subscription.cancel()  // disposed before the subscription arrived, or a second one
      return
    }
    subscription.request(.unlimited)
  }

  func receive(_ input: Input) -> Combine.Subscribers.Demand {
    observer.receive(input)
    return .none
  }

  func receive(completion: Combine.Subscribers.Completion<Failure>) {
    slot.complete()
    switch completion {
    case .finished: observer.receive(completion: .finished)
    case .failure(let error): observer.receive(completion: .failure(error))
    }
  }

  /// Cancels the subscription, or the one still to come.
  func cancel() {
    slot.cancel()?.cancel()
  }
}
#endif
