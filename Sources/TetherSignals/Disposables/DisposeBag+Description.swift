extension DisposeBag: CustomStringConvertible {
  /// The number of disposables in the bag and how many of them are already disposed, such as
  /// `DisposeBag(3 disposables, 1 disposed)` or `DisposeBag(empty)`.
  ///
  /// The disposables are copied under the bag's lock and asked whether they are disposed after it
  /// is released (a disposable's `isDisposed` is user code).
  public var description: String {
    let all = snapshot()
    if all.isEmpty { return "DisposeBag(empty)" }
    let disposed = all.count(where: \.isDisposed)
    return "DisposeBag(\(all.count) disposable\(all.count == 1 ? "" : "s"), \(disposed) disposed)"
  }
}
