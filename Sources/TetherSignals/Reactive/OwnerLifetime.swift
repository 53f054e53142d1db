#if canImport(ObjectiveC)
import Foundation
#endif

/// The bag that is disposed when `object` goes away, if the object has one: its own when it is a
/// ``DisposeBagProvider``, its associated `reactive.bag` when it is an `NSObject` on Apple
/// platforms, otherwise `nil` (there is no way to hear a plain Swift object deinitialize, so its
/// bindings end at their next element after it is gone instead).
func lifetimeBag(of object: AnyObject) -> DisposeBag? {
  if let provider = object as? any DisposeBagProvider { return provider.bag }
  #if canImport(ObjectiveC)
  if let object = object as? NSObject { return Reactive(object).bag }
  #endif
  return nil
}

extension SignalProtocol {
  /// The events, delivered on the main actor in the order they were sent: at once when sent on the
  /// main thread with nothing queued, otherwise from the main queue (see `OrderedMainDelivery`).
  func deliveredOnMainInOrder() -> Signal<Element, Error> {
    let upstream = UncheckedSendable(toSignal())
    return Signal { observer in
      let delivery = OrderedMainDelivery<Signal<Element, Error>.Event> { event in observer.on(event) }
      let subscription = upstream.observe { event in delivery.send(event) }
      return BlockDisposable { [weak delivery] in
        delivery?.cancel()
        subscription.dispose()
      }
    }
  }
}
