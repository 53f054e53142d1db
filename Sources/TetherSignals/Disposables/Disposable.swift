/// Something that can be cancelled: an observation, a binding, a scheduled action.
///
/// Disposing is idempotent and may be done from any thread, including from inside the observer
/// callback that the disposable belongs to. Once `dispose()` returns, no new delivery to that
/// observer starts (a delivery already handed over on another thread may still be finishing).
public protocol Disposable: Sendable {
  /// Cancels the work. Calling it again has no effect.
  func dispose()

  /// Whether `dispose()` has been called (or the work ended by itself).
  var isDisposed: Bool { get }
}

extension Disposable {
  /// Puts the disposable into `bag`, so it is disposed when the bag is disposed or deinitialized.
  public func dispose(in bag: DisposeBag) {
    bag.add(self)
  }
}
