/// A thread-safe observable value: observing it emits the current value, then every change.
///
/// - `value` may be read and written from any thread. A write emits the new value once, after the
///   lock is released, in one serial order shared by all observers (see ``PassthroughSubject`` for
///   the delivery rules: no overlapping callbacks, a write made from inside a callback is delivered
///   after the current one, no callback ever runs under the lock, unlike ReactiveKit issue #279).
/// - A new observer joins that serial order atomically: it receives the value as of its place in
///   the order, then every later change, with no gap and no duplicate.
/// - ``modify(_:)`` is an atomic read-modify-write that emits once.
/// - As in ReactiveKit, the property completes its observers when it is deinitialized. Sending a
///   completion yourself (`send(completion: .finished)`) also ends it: the value can still be read
///   and written afterwards, but nothing is emitted any more.
///
/// `Property` is also the delivery primitive the observable collections are built on: a value
/// (such as a changeset holding its collection) changed atomically with ``modify(_:)`` and delivered
/// serially, with ``init(_:replayingAs:)`` choosing what a joining observer receives first.
public final class Property<Value>: PropertyProtocol, SubjectProtocol, BindableProtocol {
  @usableFromInline internal let core: SubjectCore<Value, Never>

  /// Creates a property holding `value`.
  @inlinable
  public init(_ value: Value) {
    core = SubjectCore(bufferSize: 1, current: value, reentryMessage: Self.modifyReentryMessage)
  }

  /// Creates a property whose new observers first receive `replay(value)` rather than the value.
  ///
  /// Use it when the emitted values describe changes: an observable collection replays an initial
  /// changeset made from its current state rather than the last change.
  public init(_ value: Value, replayingAs replay: @escaping @Sendable (Value) -> Value) {
    core = SubjectCore(
      bufferSize: 1, current: value, joinTransform: replay, reentryMessage: Self.modifyReentryMessage)
  }

  /// Like ``init(_:replayingAs:)``, for an owner that runs its own user code in `modify` bodies and
  /// names that misuse in the trap (bins run their filters there).
  package init(
    _ value: Value,
    replayingAs replay: @escaping @Sendable (Value) -> Value,
    reentryMessage: StaticString
  ) {
    core = SubjectCore(bufferSize: 1, current: value, joinTransform: replay, reentryMessage: reentryMessage)
  }

  /// The trap when a ``modify(_:)`` body touches its own property (the lock is held meanwhile).
  @usableFromInline static var modifyReentryMessage: StaticString {
    "Property.modify's body read or changed the same property (re-entrant access would deadlock)"
  }

  deinit {
    core.send(.completed)  // in the delivery order; ending the observers also breaks the cycles
  }

  /// The current value. Setting it emits the new value to every observer.
  ///
  /// The value it replaces is released after the property's lock, so its deinitializer may use
  /// this property (a view model held here that disposes its own observation of it).
  @inlinable
  public var value: Value {
    get { core.current }
    set {
      _ = core.replaceCurrent(with: newValue)  // the old value, released here, outside the lock
    }
  }

  /// Atomically reads and changes the value, then emits the new value once, after the lock is
  /// released.
  ///
  /// `body` runs under the property's lock: keep it short and do not access this property from it
  /// (that traps: it would deadlock). That includes the deinitializer of a value `body` drops by
  /// replacing it: to replace a value whose deinitializer may use this property, set ``value``,
  /// which releases the old value after the lock. If `body` throws, the changes it made are kept
  /// and nothing is emitted.
  ///
  /// ```swift
  /// let counter = Property(0)
  /// counter.modify { $0 += 1 }  // safe from any number of threads
  /// ```
  @inlinable
  @discardableResult
  public func modify<Result, Failure: Swift.Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try core.modifyCurrent(notify: true, body)
  }

  /// Atomically reads and changes the value like ``modify(_:)``, but emits nothing.
  ///
  /// Observers that join later receive the changed value.
  @inlinable
  @discardableResult
  public func silentModify<Result, Failure: Swift.Error>(
    _ body: (inout Value) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    try core.modifyCurrent(notify: false, body)
  }

  /// Changes the value without emitting it; observers that join later receive the new value.
  @inlinable
  public func silentUpdate(value: Value) {
    var replaced = value
    core.modifyCurrent(notify: false) { swap(&$0, &replaced) }
    _ = consume replaced  // the old value, released here, outside the lock
  }

  /// Sets the value from a `.next` event; a terminal event ends the property's observers.
  @inlinable
  public func on(_ event: Signal<Value, Never>.Event) {
    switch event {
    case .next(let element): value = element
    case .completed: core.send(.completed)
    }
  }

  /// Registers an observer: it receives the current value, then every change.
  @inlinable
  public func observe(with observer: @escaping @Sendable (Signal<Value, Never>.Event) -> Void) -> any Disposable {
    core.observe(observer)
  }

  /// Makes every element of `signal` the property's value, until the signal ends or the property
  /// is gone (it is held weakly; the binding is disposed at the first element after that).
  public func bind(signal: Signal<Value, Never>) -> any Disposable {
    let binding = SerialDisposable()
    let target = UncheckedWeakReference(self)
    binding.otherDisposable = signal.observe { event in
      guard case .next(let element) = event else { return }
      guard let self = target.object else {
        binding.dispose()
        return
      }
      self.value = element
    }
    return binding
  }

  /// Blocks until every value set so far (by any thread) has been delivered to the observers.
  ///
  /// Returns at once when nothing is being delivered. Use it when other threads may still be
  /// setting the value and you need the observers to have seen everything sent before the call; once every
  /// setter has returned, everything has been delivered already.
  ///
  /// Called on the thread delivering this property (from inside one of its callbacks, or from a
  /// delivery nested in one) it traps, because the callback would wait for a delivery that cannot
  /// go on until it returns. From inside a callback of another subject or property, or an
  /// observer of a container, it waits, as a container's `waitUntilDelivered()` does; it
  /// deadlocks only if this property's delivery in turn waits for that one.
  public func waitUntilDelivered() {
    core.waitUntilDelivered()
  }

  /// A read-only view of this property.
  public var readOnlyView: AnyProperty<Value> {
    AnyProperty(property: self)
  }
}

/// A property is `Sendable` when its value is: sharing a property of a non-`Sendable` value across
/// isolation domains would share the value. Use such a property from one isolation domain (the
/// main actor, for one).
extension Property: @unchecked Sendable where Value: Sendable {
  // Safe: the only stored property is the immutable core, which guards the value and observers.
}
