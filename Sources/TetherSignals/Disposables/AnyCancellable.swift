import TetherSynchronization

/// A disposable that disposes itself when it is deinitialized, and is `Hashable` by identity so it
/// can be kept in a `Set` (ReactiveKit's and Combine's `AnyCancellable`).
///
/// Keep it (for example with `store(in:)`) as long as the work should go on; dropping the last
/// reference cancels the work. ``SignalProtocol/sink(receiveCompletion:receiveValue:)`` returns one.
///
/// On Apple platforms Combine has a type of the same name: in a file importing both Combine and
/// Tether, write `TetherSignals.AnyCancellable` (ReactiveKit users write
/// `ReactiveKit.AnyCancellable` for the same reason).
public final class AnyCancellable: Disposable, Hashable {
  private let handler: Locked<(@Sendable () -> Void)?>

  /// Creates a cancellable that calls `handler` once, on the first `dispose()` (or `cancel()`) or
  /// on deinitialization, whichever comes first.
  public init(_ handler: @escaping @Sendable () -> Void) {
    self.handler = Locked(handler)
  }

  /// Creates a cancellable that disposes `disposable`.
  public convenience init(_ disposable: any Disposable) {
    self.init { disposable.dispose() }
  }

  deinit {
    dispose()
  }

  /// Whether the cancellable has been disposed.
  public var isDisposed: Bool {
    handler.withLock { $0 == nil }
  }

  /// Runs the handler if it has not run yet; the handler runs outside the lock.
  public func dispose() {
    let body = handler.withLock { handler in
      defer { handler = nil }
      return handler
    }
    body?()
  }

  /// The same as ``dispose()``, under Combine's name.
  public func cancel() {
    dispose()
  }

  /// Whether `lhs` and `rhs` are the same instance.
  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
    lhs === rhs
  }

  /// Hashes the instance's identity.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  /// Appends the cancellable to `collection`, which keeps it alive.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(self)
  }

  /// Inserts the cancellable into `set`, which keeps it alive.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(self)
  }
}

extension Disposable {
  /// Wraps the disposable in an ``AnyCancellable`` and appends it to `collection`.
  public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
    collection.append(AnyCancellable(self))
  }

  /// Wraps the disposable in an ``AnyCancellable`` and inserts it into `set`.
  public func store(in set: inout Set<AnyCancellable>) {
    set.insert(AnyCancellable(self))
  }

  /// Puts the disposable into `bag`: the same as ``dispose(in:)``, under ReactiveKit's other name.
  public func store(in bag: DisposeBag) {
    bag.add(self)
  }
}
