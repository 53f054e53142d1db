import TetherSynchronization

/// A ``FailableDynamicSubject`` whose getter cannot fail: Bond's `DynamicSubject`.
public typealias DynamicSubject<Element> = FailableDynamicSubject<Element, Never>

/// A property of an object that is both a signal and a binding target: Bond's `DynamicSubject`,
/// the type of a control's two-way properties such as `textField.reactive.text`.
///
/// Observing it gives the target's current value (read with `get`), then the value again each time
/// the change signal fires (the control's "value changed" event) and, unless
/// `triggerEventOnSetting` is `false`, each time it sets a value. Binding a signal to it (or
/// sending it an element) sets each element on the target with `set`.
///
/// The target is held weakly. Observations complete and bindings end when it goes away: at once
/// when it has a bag that ends with it (a ``DisposeBagProvider``, or any `NSObject` on Apple
/// platforms), otherwise at the first event after it is gone.
///
/// ```swift
/// let volume = DynamicSubject(
///   target: slider, signal: slider.changes.toSignal(), context: .immediate,
///   get: { $0.level }, set: { $0.level = $1 })
/// volume.observeNext { print($0) }  // the current level, then every change
/// ```
///
/// Two flavours, as Bond has: with an ``ExecutionContext`` the getter runs where the change signal
/// fires and the setter runs on the context (Bond's initializers); without one the target is a
/// main-actor object such as a control, and both run on the main actor, in order (Bond's
/// `.immediateOnMain` binding context). The main-actor flavour never echoes a value it sets: a change
/// event that the target fires from inside its setter is ignored (the value set is emitted once,
/// by `triggerEventOnSetting`, or not at all).
///
/// As in Bond, each subject (each read of `reactive.text`, say) has its own observers: a value it
/// sets is emitted to its own observers, and another subject of the same target sees it only if the
/// target fires its change event. `bidirectionalBind(to:)` uses one subject for both directions.
///
/// Bond's KVO makers (`reactive.keyPath(_:ofExpectedType:)` and friends) need the Objective-C
/// runtime and are not provided; the type itself works everywhere.
public struct FailableDynamicSubject<Element, Error: Swift.Error>: SubjectProtocol, BindableProtocol {
  /// Reads the target's current value: `nil` once the target is gone. Called on the target's
  /// isolation (see `delivered`).
  private let read: @Sendable () -> Result<Element, Error>?
  /// Sets an element on the target now, returning `false` once the target is gone. Called on the
  /// target's isolation.
  private let write: @Sendable (Element) -> Bool
  /// Whether the target still exists.
  private let isAlive: @Sendable () -> Bool
  /// Moves triggers and elements onto the target's isolation.
  private let isolation: DynamicSubjectIsolation
  /// The target's change events.
  private let changes: Signal<Void, Error>
  /// Fires (or completes) when the target goes away, if that can be heard.
  private let targetEnded: Signal<Void, Never>
  /// The bag bindings to the target are put in, if it has one; held weakly, as it must deinitialize
  /// with the target.
  private let targetBag: WeakBag
  /// Triggers a read after a set, and lets observers see that the target is gone.
  private let setting: PassthroughSubject<Void, Error>
  /// Counts the sets in progress on the main actor, so a change event fired from inside a setter is
  /// recognized as an echo.
  private let setsInProgress: SetDepth
  private let triggerEventOnSetting: Bool

  private init(
    read: @escaping @Sendable () -> Result<Element, Error>?,
    write: @escaping @Sendable (Element) -> Bool,
    isAlive: @escaping @Sendable () -> Bool,
    isolation: DynamicSubjectIsolation,
    changes: Signal<Void, Error>,
    bag: DisposeBag?,
    triggerEventOnSetting: Bool
  ) {
    self.read = read
    self.write = write
    self.isAlive = isAlive
    self.isolation = isolation
    self.changes = changes
    self.targetEnded = bag?.deallocated ?? .never()
    self.targetBag = WeakBag(bag: bag)
    self.setting = PassthroughSubject()
    self.setsInProgress = SetDepth()
    self.triggerEventOnSetting = triggerEventOnSetting
  }

  /// A subject of `target`'s value read with a getter that can fail: each failure fails the
  /// observation. The getter runs where `signal` fires; the setter runs on `context`.
  public init<Target: AnyObject & Sendable>(
    target: Target,
    signal: Signal<Void, Error>,
    context: ExecutionContext,
    get: @escaping @Sendable (Target) -> Result<Element, Error>,
    set: @escaping @Sendable (Target, Element) -> Void,
    triggerEventOnSetting: Bool = true
  ) {
    self.init(
      read: { [weak target] in target.map(get) },
      write: { [weak target] element in
        guard let target else { return false }
        set(target, element)
        return true
      },
      isAlive: { [weak target] in target != nil },
      isolation: .context(context),
      changes: signal,
      bag: lifetimeBag(of: target),
      triggerEventOnSetting: triggerEventOnSetting
    )
  }

  /// A subject of `target`'s value read with `get`. The getter runs where `signal` fires; the
  /// setter runs on `context`. Bond's initializer.
  public init<Target: AnyObject & Sendable>(
    target: Target,
    signal: Signal<Void, Error>,
    context: ExecutionContext,
    get: @escaping @Sendable (Target) -> Element,
    set: @escaping @Sendable (Target, Element) -> Void,
    triggerEventOnSetting: Bool = true
  ) {
    self.init(
      target: target, signal: signal, context: context, get: { .success(get($0)) }, set: set,
      triggerEventOnSetting: triggerEventOnSetting)
  }

  /// A subject of a main-actor `target`'s value (a control's, say): `get` and `set` run on the
  /// main actor, at once for an event or element sent on the main thread, from the main queue
  /// otherwise, always in the order they were sent.
  public init<Target: AnyObject & Sendable>(
    target: Target,
    signal: Signal<Void, Error>,
    get: @escaping @MainActor (Target) -> Element,
    set: @escaping @MainActor (Target, Element) -> Void,
    triggerEventOnSetting: Bool = true
  ) {
    self.init(
      read: { [weak target] in
        // Only called from main-actor deliveries (see `delivered`).
        MainActor.assumeIsolated { UncheckedSendable(target.map { .success(get($0)) }) }.value
      },
      write: { [weak target] element in
        let element = UncheckedSendable(element)  // delivered on the main thread, where it was sent or queued for
        return MainActor.assumeIsolated {
          guard let target else { return false }
          set(target, element.value)
          return true
        }
      },
      isAlive: { [weak target] in target != nil },
      isolation: .mainActor,
      changes: signal,
      bag: lifetimeBag(of: target),
      triggerEventOnSetting: triggerEventOnSetting
    )
  }

  /// The target's current value, or `nil` once it is gone. For a main-actor target, read it on the
  /// main thread.
  public var value: Element! {
    guard case .success(let value)? = read() else { return nil }
    return value
  }

  /// Sets an element on the target, as a bound element is set; a completion or failure is ignored,
  /// as in Bond.
  public func on(_ event: Signal<Element, Error>.Event) {
    guard case .next(let element) = event else { return }
    switch isolation {
    case .context:
      // Bond sets an element sent directly at once, on the sender's thread.
      set(element)
    case .mainActor:
      let element = UncheckedSendable(element)  // crosses only as the sender sends it across
      let subject = UncheckedSendable(self)  // its own state is Sendable; only the element is in question
      ExecutionContext.immediateOnMain.execute { subject.value.set(element.value) }
    }
  }

  /// Observes the target's value: the current one first, then one per change, until the target
  /// goes away (then the observation completes).
  public func observe(with observer: @escaping @Sendable (Signal<Element, Error>.Event) -> Void) -> any Disposable {
    guard isAlive() else {
      observer(.completed)
      return NonDisposable.instance
    }
    let read = self.read
    let setsInProgress = self.setsInProgress
    let changes: Signal<Void, Error>
    switch isolation {
    case .context:
      changes = self.changes
    case .mainActor:
      // A change event fired from inside the setter is the echo of the value being set.
      changes = self.changes.filter { _ in !setsInProgress.isSetting }
    }
    let triggers = changes.prepend(()).merge(with: setting)
    let delivered: Signal<Void, Error>
    switch isolation {
    case .context: delivered = triggers
    case .mainActor: delivered = triggers.deliveredOnMainInOrder()
    }
    let values = Signal<Element, Error> { output in
      delivered.observe { event in
        switch event {
        case .next:
          switch read() {
          case .success(let value)?: output.on(.next(value))
          case .failure(let error)?: output.on(.failed(error))
          case nil: output.on(.completed)  // the target is gone
          }
        case .failed(let error): output.on(.failed(error))
        case .completed: output.on(.completed)
        }
      }
    }
    return values.prefix(untilOutputFrom: targetEnded).observe(with: observer)
  }

  /// Sets every element of `signal` on the target (on the context, or on the main actor), until
  /// the signal ends, the result is disposed or the target goes away.
  public func bind(signal: Signal<Element, Never>) -> any Disposable {
    guard isAlive() else {
      let ended = SerialDisposable()
      ended.dispose()
      return ended
    }
    let binding = SerialDisposable()
    let subject = UncheckedSendable(self)  // its own state is Sendable; only the elements are in question
    switch isolation {
    case .context(let context):
      binding.otherDisposable = signal.observe { event in
        guard case .next(let element) = event else { return }
        let sent = UncheckedSendable(element)  // moves to the context, as the sender asked
        context.execute { if !subject.value.set(sent.value) { binding.dispose() } }
      }
    case .mainActor:
      binding.otherDisposable = signal.deliveredOnMainInOrder().observe { event in
        guard case .next(let element) = event else { return }
        if !subject.value.set(element) { binding.dispose() }
      }
    }
    targetBag.bag?.add(binding)
    return binding
  }

  /// Sets `element` on the target (already on its isolation), then triggers a read; when the
  /// target is gone, lets observers complete instead and returns `false`.
  @discardableResult
  private func set(_ element: Element) -> Bool {
    setsInProgress.enter()
    let wasSet = write(element)
    setsInProgress.leave()
    if !wasSet || triggerEventOnSetting { setting.send(()) }
    return wasSet
  }

  /// A subject of the same target whose values are transformed by `getTransform` when read and by
  /// `setTransform` when set; `nil` if the target is gone. Bond's `bidirectionalMap(to:from:)`.
  public func bidirectionalMap<U>(
    to getTransform: @escaping @Sendable (Element) -> U,
    from setTransform: @escaping @Sendable (U) -> Element
  ) -> FailableDynamicSubject<U, Error>! {
    guard isAlive() else { return nil }
    let read = self.read
    let write = self.write
    return FailableDynamicSubject<U, Error>(
      read: { read()?.map(getTransform) },
      write: { write(setTransform($0)) },
      isAlive: isAlive,
      isolation: isolation,
      changes: changes,
      bag: targetBag.bag,
      triggerEventOnSetting: triggerEventOnSetting
    )
  }
}

/// A target's bag, held weakly.
/// A dynamic subject is `Sendable` when its elements are, like the other subjects.
extension FailableDynamicSubject: Sendable where Element: Sendable {}

private struct WeakBag: Sendable {
  weak var bag: DisposeBag?
}

/// Where a dynamic subject reads and sets its target.
private enum DynamicSubjectIsolation: Sendable {
  case context(ExecutionContext)
  case mainActor
}

/// How many sets of one dynamic subject are running, so that its change events fired from inside a
/// setter are recognized. Main-actor subjects only enter it on the main thread.
private final class SetDepth: Sendable {
  private let depth = Locked(0)

  var isSetting: Bool { depth.withLock { $0 > 0 } }
  func enter() { depth.withLock { $0 += 1 } }
  func leave() { depth.withLock { $0 -= 1 } }
}

extension ReactiveExtensions where Base: AnyObject & Sendable {
  /// A two-way property of the object: its value read with `get` whenever `signal` fires, and a
  /// binding target that sets it with `set` on `context`. Bond's `dynamicSubject`.
  public func dynamicSubject<Element>(
    signal: Signal<Void, Never>,
    context: ExecutionContext,
    triggerEventOnSetting: Bool = true,
    get: @escaping @Sendable (Base) -> Element,
    set: @escaping @Sendable (Base, Element) -> Void
  ) -> DynamicSubject<Element> {
    DynamicSubject(
      target: base, signal: signal, context: context, get: get, set: set,
      triggerEventOnSetting: triggerEventOnSetting)
  }

  /// A two-way property of a main-actor object (a control): `get` and `set` run on the main actor.
  /// Bond's `dynamicSubject` without a context, which used the view's `.immediateOnMain`.
  public func dynamicSubject<Element>(
    signal: Signal<Void, Never>,
    triggerEventOnSetting: Bool = true,
    get: @escaping @MainActor (Base) -> Element,
    set: @escaping @MainActor (Base, Element) -> Void
  ) -> DynamicSubject<Element> {
    DynamicSubject(target: base, signal: signal, get: get, set: set, triggerEventOnSetting: triggerEventOnSetting)
  }
}
