import TetherSynchronization

/// A bag of disposables that are disposed together when the bag is disposed or deinitialized.
///
/// Unlike a ``CompositeDisposable``, a bag can be reused: after `dispose()` it is empty and
/// accepts new disposables again. A `DisposeBag` is itself a ``Disposable``.
public final class DisposeBag: Disposable {
  private let disposables = Locked<[any Disposable]>([])
  /// Made on the first use of ``deallocated``; completed by `deinit`.
  private let deallocation = Locked<ReplayOneSubject<Void, Never>?>(nil)

  /// Creates an empty bag.
  public init() {}

  /// Whether the bag is currently empty.
  public var isDisposed: Bool {
    disposables.withLock { $0.isEmpty }
  }

  /// Adds a disposable to the bag.
  public func add(_ disposable: any Disposable) {
    disposables.withLock { $0.append(disposable) }
  }

  /// Adds several disposables to the bag.
  public func add(_ disposables: [any Disposable]) {
    self.disposables.withLock { $0.append(contentsOf: disposables) }
  }

  /// Adds a disposable to the bag.
  public static func += (left: DisposeBag, right: any Disposable) {
    left.add(right)
  }

  /// Adds several disposables to the bag.
  public static func += (left: DisposeBag, right: [any Disposable]) {
    left.add(right)
  }

  /// Disposes everything in the bag (outside the lock) and empties it.
  public func dispose() {
    let all = disposables.withLock { disposables in
      let all = disposables
      disposables = []
      return all
    }
    for disposable in all { disposable.dispose() }
  }

  /// A signal that completes when the bag deinitializes (at once for an observer that joins
  /// later), after everything in it was disposed; it never emits an element.
  ///
  /// As in ReactiveKit. Disposing the bag does not complete it, only its deinitialization does.
  public var deallocated: Signal<Void, Never> {
    deallocation.withLock { subject in
      if let subject { return subject.toSignal() }
      let made = ReplayOneSubject<Void, Never>()
      subject = made
      return made.toSignal()
    }
  }

  /// The disposables in the bag, copied under the lock.
  internal func snapshot() -> [any Disposable] {
    disposables.withLock { $0 }
  }

  deinit {
    dispose()
    deallocation.withLock { $0 }?.send(completion: .finished)
  }
}
