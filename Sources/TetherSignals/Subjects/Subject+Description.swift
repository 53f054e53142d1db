extension PassthroughSubject: CustomStringConvertible {
  /// The type, the number of observers and whether the subject has ended, such as
  /// `PassthroughSubject<Int, Never>(observers: 2)` or
  /// `PassthroughSubject<Int, MyError>(observers: 0, failed: MyError.offline)`.
  ///
  /// The state is copied under the subject's lock and described after it is released.
  public var description: String {
    "\(Self.self)(\(core.debugSnapshot().fields()))"
  }
}

extension ReplaySubject: CustomStringConvertible, CustomDebugStringConvertible {
  /// The type, the number of observers, how many elements a new observer would be replayed and
  /// whether the subject has ended, such as `ReplaySubject<Int, Never>(observers: 1, replays: 3)` or
  /// `ReplaySubject<Int, Never>(observers: 0, replays: 3, completed)`.
  ///
  /// The state is copied under the subject's lock and described after it is released.
  public var description: String {
    let snapshot = core.debugSnapshot()
    return "\(Self.self)(\(snapshot.fields("replays: \(snapshot.replayCount)")))"
  }

  /// Like ``description``, with the newest replayed element, such as
  /// `ReplaySubject<Int, Never>(observers: 1, replays: 3, newest: 7)`.
  public var debugDescription: String {
    let snapshot = core.debugSnapshot()
    let newest = snapshot.newestReplayed.map { ", newest: \(String(reflecting: $0))" } ?? ""
    return "\(Self.self)(\(snapshot.fields("replays: \(snapshot.replayCount)\(newest)")))"
  }
}

extension ReplayOneSubject: CustomStringConvertible, CustomDebugStringConvertible {
  /// The type, the number of observers, the element a new observer would be replayed (`none`
  /// before the first) and whether the subject has ended, such as
  /// `ReplayOneSubject<Int, Never>(observers: 1, latest: 7)`.
  ///
  /// The state is copied under the subject's lock; the element is described after it is released.
  public var description: String {
    let snapshot = core.debugSnapshot()
    let latest = snapshot.newestReplayed.map { String(describing: $0) } ?? "none"
    return "\(Self.self)(\(snapshot.fields("latest: \(latest)")))"
  }

  /// Like ``description``, with the element's debug description (strings quoted).
  public var debugDescription: String {
    let snapshot = core.debugSnapshot()
    let latest = snapshot.newestReplayed.map { String(reflecting: $0) } ?? "none"
    return "\(Self.self)(\(snapshot.fields("latest: \(latest)")))"
  }
}
