import Dispatch

// ReactiveKit's labels and helpers for disposables and scheduling, under Tether's names.

extension DisposeBag {
  /// ReactiveKit's label for ``add(_:)-(any Disposable)``.
  @available(*, deprecated, renamed: "add(_:)")
  public func add(disposable: any Disposable) {
    add(disposable)
  }

  /// ReactiveKit's label for ``add(_:)-([any Disposable])``.
  @available(*, deprecated, renamed: "add(_:)")
  public func add(disposables: [any Disposable]) {
    add(disposables)
  }
}

extension CompositeDisposable {
  /// ReactiveKit's label for ``add(_:)``.
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

extension Signal {
  /// ReactiveKit's older static maker; ``init(just:)`` is the name.
  @available(*, deprecated, renamed: "init(just:)")
  public static func just(_ element: Element) -> Signal<Element, Error> {
    Signal(just: element)
  }

  /// ReactiveKit's older static maker; ``init(sequence:)`` is the name.
  @available(*, deprecated, renamed: "init(sequence:)")
  public static func sequence<S: Sequence>(_ elements: S) -> Signal<Element, Error> where S.Element == Element {
    Signal(sequence: elements)
  }

  /// ReactiveKit's maker from a `Result`; ``init(performing:)-(()->Element)`` with `try result.get()`
  /// says it (for `Error == any Error`), or `.failed`/`init(just:)` by case.
  @available(*, unavailable, message: "switch over the result: Signal(just: value) or .failed(error)")
  public init(result: Result<Element, Error>) {
    switch result {
    case .success(let element): self.init(just: element)
    case .failure(let error): self = .failed(error)
    }
  }
}

extension Signal where Error == any Swift.Error {
  /// ReactiveKit's name for the throwing ``init(performing:)``.
  @available(*, deprecated, renamed: "init(performing:)")
  public init(catching body: @escaping @Sendable () throws -> Element) {
    self.init(performing: body)
  }
}

extension Property {
  /// ReactiveKit's property over a caller-chosen subject; a Tether property always delivers in
  /// its own order, never through a subject (`init(_:)`, or ``init(_:replayingAs:)`` to change
  /// what a new observer is given first).
  @available(*, unavailable, renamed: "init(_:)", message: "a property delivers in its own order, not a subject's")
  public convenience init<Subject: SubjectProtocol>(_ value: Value, subject: Subject)
  where Subject.Element == Value, Subject.Error == Never {
    self.init(value)
  }
}
