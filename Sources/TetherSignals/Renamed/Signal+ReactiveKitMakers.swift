// ReactiveKit's makers under Tether's names: the static ones ReactiveKit itself deprecated, and
// the throwing and `async` forms, which Tether spells `init(performing:)`.

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
}

extension Signal where Error == any Swift.Error {
  /// ReactiveKit's name for the throwing `init(performing:)`.
  @available(*, deprecated, renamed: "init(performing:)")
  public init(catching body: @escaping @Sendable () throws -> Element) {
    self.init(performing: body)
  }
}

extension Signal {
  /// ReactiveKit's name for the `async` `init(performing:)`.
  @available(*, deprecated, renamed: "init(performing:)")
  public init(await produce: @escaping @Sendable () async throws(Error) -> Element) {
    self.init(performing: produce)
  }
}
