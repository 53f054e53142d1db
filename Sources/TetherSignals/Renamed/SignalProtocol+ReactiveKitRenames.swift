import Dispatch

// ReactiveKit 3.21 spellings of operators Tether has under their Combine-style names. Each one
// forwards, so code written for ReactiveKit keeps compiling while the compiler's fix-it (from
// `renamed:`) rewrites the call; the semantics are the new name's, listed in Migration.md.

extension SignalProtocol {
  /// ReactiveKit's name for ``dropFirst(_:)``.
  @available(*, deprecated, renamed: "dropFirst(_:)")
  public func skip(first count: Int) -> Signal<Element, Error> {
    dropFirst(count)
  }

  /// ReactiveKit's name for ``dropLast(_:)``.
  @available(*, deprecated, renamed: "dropLast(_:)")
  public func skip(last count: Int) -> Signal<Element, Error> {
    dropLast(count)
  }

  /// ReactiveKit's name for ``prefix(maxLength:)``.
  @available(*, deprecated, renamed: "prefix(maxLength:)")
  public func take(first count: Int) -> Signal<Element, Error> {
    prefix(maxLength: count)
  }

  /// ReactiveKit's name for ``prefix(while:inclusive:)``.
  @available(*, deprecated, renamed: "prefix(while:inclusive:)")
  public func take(
    while predicate: @escaping @Sendable (Element) -> Bool,
    inclusive: Bool = false
  ) -> Signal<Element, Error> {
    prefix(while: predicate, inclusive: inclusive)
  }

  /// ReactiveKit's name for ``suffix(maxLength:)``.
  @available(*, deprecated, renamed: "suffix(maxLength:)")
  public func take(last count: Int) -> Signal<Element, Error> {
    suffix(maxLength: count)
  }

  /// ReactiveKit's name for ``prefix(untilOutputFrom:)``.
  @available(*, deprecated, renamed: "prefix(untilOutputFrom:)")
  public func take<Other: SignalProtocol>(until other: Other) -> Signal<Element, Error> {
    prefix(untilOutputFrom: other)
  }

  /// ReactiveKit's name for ``output(at:)``.
  @available(*, deprecated, renamed: "output(at:)")
  public func element(at index: Int) -> Signal<Element, Error> {
    output(at: index)
  }

  /// ReactiveKit's name for `prepend(_:)` with one element.
  @available(*, deprecated, renamed: "prepend(_:)")
  public func start(with element: Element) -> Signal<Element, Error> {
    prepend(element)
  }

  /// ReactiveKit's name for ``replaceEmpty(with:)``.
  @available(*, deprecated, renamed: "replaceEmpty(with:)")
  public func defaultIfEmpty(_ element: Element) -> Signal<Element, Error> {
    replaceEmpty(with: element)
  }

  /// ReactiveKit's name for ``ignoreOutput()``.
  @available(*, deprecated, renamed: "ignoreOutput()")
  public func ignoreElements() -> Signal<Element, Error> {
    ignoreOutput()
  }

  /// ReactiveKit's name for ``replaceError(with:)``.
  @available(*, deprecated, renamed: "replaceError(with:)")
  public func recover(with element: Element) -> Signal<Element, Never> {
    replaceError(with: element)
  }

  /// ReactiveKit's name for ``buffer(size:)``.
  @available(*, deprecated, renamed: "buffer(size:)")
  public func buffer(ofSize size: Int) -> Signal<[Element], Error> {
    buffer(size: size)
  }

  /// ReactiveKit's name for `append(_:)` with a signal.
  @available(*, deprecated, renamed: "append(_:)")
  public func concat<Other: SignalProtocol>(with other: Other) -> Signal<Element, Error>
  where Other.Element == Element, Other.Error == Error {
    append(other)
  }
}

extension SignalProtocol where Element: Sendable {
  /// ReactiveKit's name for ``subscribe(on:)`` with an execution context.
  @available(*, deprecated, renamed: "subscribe(on:)")
  public func executeIn(_ context: ExecutionContext) -> Signal<Element, Error> {
    subscribe(on: context)
  }

  /// ReactiveKit's name for ``subscribe(on:)`` with a queue.
  @available(*, deprecated, renamed: "subscribe(on:)")
  public func executeOn(_ queue: DispatchQueue) -> Signal<Element, Error> {
    subscribe(on: queue)
  }

  /// ReactiveKit's name for ``receive(on:)`` with an execution context.
  @available(*, deprecated, renamed: "receive(on:)")
  public func observeIn(_ context: ExecutionContext) -> Signal<Element, Error> {
    receive(on: context)
  }

  /// ReactiveKit's name for ``receive(on:)`` with a queue.
  @available(*, deprecated, renamed: "receive(on:)")
  public func observeOn(_ queue: DispatchQueue) -> Signal<Element, Error> {
    receive(on: queue)
  }

  /// ReactiveKit's older name for ``debounce(for:queue:)``.
  @available(*, deprecated, renamed: "debounce(for:queue:)")
  public func debounce(interval seconds: Double, queue: any Scheduler) -> Signal<Element, Error> {
    debounce(for: seconds, queue: queue)
  }

  /// ReactiveKit's older name for ``throttle(for:queue:)`` on a private queue.
  @available(*, deprecated, renamed: "throttle(for:)")
  public func throttle(seconds: Double) -> Signal<Element, Error> {
    throttle(for: seconds)
  }
}

extension SignalProtocol where Element: Equatable {
  /// ReactiveKit's name for ``removeDuplicates()``.
  @available(*, deprecated, renamed: "removeDuplicates()")
  public func distinctUntilChanged() -> Signal<Element, Error> {
    removeDuplicates()
  }

  /// ReactiveKit's older name for ``removeDuplicates()``.
  @available(*, deprecated, renamed: "removeDuplicates()")
  public func distinct() -> Signal<Element, Error> {
    removeDuplicates()
  }
}

extension SignalProtocol {
  /// ReactiveKit's older name for ``ignoreNils()``.
  @available(*, deprecated, renamed: "ignoreNils()")
  public func ignoreNil<Wrapped>() -> Signal<Wrapped, Error> where Element == Wrapped? {
    ignoreNils()
  }

  /// ReactiveKit's older name for ``replaceNils(with:)``.
  @available(*, deprecated, renamed: "replaceNils(with:)")
  public func replaceNil<Wrapped>(with replacement: Wrapped) -> Signal<Wrapped, Error> where Element == Wrapped? {
    replaceNils(with: replacement)
  }
}

extension SignalProtocol {
  /// ReactiveKit's older name for ``dropFirst(for:on:)``.
  @available(*, deprecated, renamed: "dropFirst(for:)")
  public func skip(interval seconds: Double) -> Signal<Element, Error> {
    dropFirst(for: seconds)
  }
}
