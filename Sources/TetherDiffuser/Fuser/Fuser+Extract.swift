import TetherSignals

extension Fuser {
  /// A fuser that turns each value of `source` into an event with `transform`.
  ///
  /// `transform` runs on the thread the source emits on, possibly on several threads at once:
  /// keep it a pure function.
  ///
  /// ```swift
  /// .extract({ .usernameChanged(username: $0) }, .fromTextChanges(views.username))
  /// ```
  public static func extract<Value: Sendable>(
    _ transform: @escaping @Sendable (Value) -> Event,
    _ source: Fuser<Value>
  ) -> Fuser<Event> {
    Fuser(connect: { emit in source.connectSources { value in emit(transform(value)) } })
  }

  /// A fuser that turns each signal of a `Void` source (such as taps) into an event.
  ///
  /// ```swift
  /// .extract({ .loginClicked }, .fromTaps(views.login))
  /// ```
  public static func extract(_ transform: @escaping @Sendable () -> Event, _ source: Fuser<Void>) -> Fuser<Event> {
    Fuser(connect: { emit in source.connectSources { _ in emit(transform()) } })
  }

  /// A fuser that turns each element of `signal` into an event with `transform`.
  public static func extract<S: SignalProtocol>(
    _ transform: @escaping @Sendable (S.Element) -> Event,
    _ signal: S
  ) -> Fuser<Event> where S.Error == Never, S.Element: Sendable {
    extract(transform, Fuser<S.Element>.from(signal))
  }

  /// A fuser that emits `event` for each value of `source`, whatever the value.
  public static func extractConstant<Value: Sendable>(_ event: Event, _ source: Fuser<Value>) -> Fuser<Event> {
    Fuser(connect: { emit in source.connectSources { _ in emit(event) } })
  }
}
