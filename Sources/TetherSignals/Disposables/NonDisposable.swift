/// A disposable that does nothing, for work that cannot be cancelled (or has already finished).
public struct NonDisposable: Disposable {
  /// The shared instance.
  public static let instance = NonDisposable()

  /// Creates a disposable that does nothing.
  public init() {}

  /// Does nothing.
  public func dispose() {}

  /// Always `false`: there is nothing to dispose.
  public var isDisposed: Bool { false }
}
