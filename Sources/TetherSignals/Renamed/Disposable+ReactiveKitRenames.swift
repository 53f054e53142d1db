import Dispatch

// ReactiveKit's labels and helpers for disposables and scheduling, under Tether's names.

extension DisposeBag {
  /// ReactiveKit's label for `add(_:)`.
  @available(*, deprecated, renamed: "add(_:)")
  public func add(disposable: any Disposable) {
    add(disposable)
  }

  /// ReactiveKit's label for `add(_:)`.
  @available(*, deprecated, renamed: "add(_:)")
  public func add(disposables: [any Disposable]) {
    add(disposables)
  }
}

extension CompositeDisposable {
  /// ReactiveKit's label for `add(_:)`.
  @available(*, deprecated, renamed: "add(_:)")
  public func add(disposable: any Disposable) {
    add(disposable)
  }
}

extension DispatchQueue {
  /// ReactiveKit's name for ``schedule(after:_:)``.
  @available(*, deprecated, renamed: "schedule(after:_:)")
  public func disposableAfter(when interval: Double, block: @escaping @Sendable () -> Void) -> any Disposable {
    schedule(after: interval, block)
  }

  /// ReactiveKit's name for ``schedule(after:_:)`` without the disposable.
  @available(*, deprecated, renamed: "schedule(after:_:)")
  public func after(when interval: Double, block: @escaping @Sendable () -> Void) {
    _ = schedule(after: interval, block)
  }
}

extension ExecutionContext {
  /// ReactiveKit's context that drops an event sent while one is being delivered; Tether queues
  /// such a send and delivers it after the current one, so there is nothing to break.
  @available(
    *, unavailable,
    message: "not needed: a send made during a delivery is queued, never nested; use .immediate"
  )
  public static func nonRecursive() -> ExecutionContext {
    .immediate
  }
}

/// ReactiveKit's flag-only disposable; a ``BlockDisposable`` with an empty body is one.
@available(*, unavailable, message: "use BlockDisposable {} (it tracks isDisposed)")
public typealias SimpleDisposable = BlockDisposable

/// ReactiveKit's disposable that disposes another on deinit; a ``DisposeBag`` does that.
@available(*, unavailable, message: "add the disposable to a DisposeBag; a bag disposes its contents on deinit")
public typealias DeinitDisposable = DisposeBag
