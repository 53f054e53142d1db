/// A ``ReplaySubject`` that cannot fail (ReactiveKit's name, kept as is).
public typealias SafeReplaySubject<Element> = ReplaySubject<Element, Never>

/// A ``ReplayOneSubject`` that cannot fail (ReactiveKit's name, kept as is).
public typealias SafeReplayOneSubject<Element> = ReplayOneSubject<Element, Never>
