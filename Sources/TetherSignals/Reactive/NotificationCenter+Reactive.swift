import Foundation

extension ReactiveExtensions where Base: NotificationCenter {
  /// A signal of the notifications named `name` (from `object` only, if given) posted to the
  /// center while it is observed.
  ///
  /// Each observation adds an observer to the center, removed when the observation is disposed.
  /// Notifications are delivered on the posting thread, one at a time. As in Bond, on every
  /// platform (Linux's Foundation included).
  ///
  /// ```swift
  /// NotificationCenter.default.reactive.notification(name: .settingsChanged)
  ///   .observeNext { _ in reloadSettings() }
  ///   .dispose(in: bag)
  /// ```
  public func notification(name: Notification.Name, object: AnyObject? = nil) -> Signal<Notification, Never> {
    // The center is thread-safe and the object is only compared by identity.
    let center = UncheckedSendable(base)
    let object = UncheckedSendable(object)
    return Signal { observer in
      let token = center.value.addObserver(forName: name, object: object.value, queue: nil) { notification in
        observer.receive(notification)
      }
      let registration = UncheckedSendable(token)  // an opaque token, only handed back to the center
      return BlockDisposable { center.value.removeObserver(registration.value) }
    }
  }
}
