// ReactiveKit's property initializers that Tether spells differently.

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
