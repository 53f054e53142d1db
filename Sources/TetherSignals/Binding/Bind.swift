extension SignalProtocol where Error == Never {
  /// Binds the elements to `bindable` (for example a ``Property``): each element becomes its value.
  ///
  /// The binding ends when the signal completes, when the returned disposable is disposed, or
  /// when the bindable goes away (a ``Property`` is held weakly).
  @discardableResult
  public func bind<Bindable: BindableProtocol>(to bindable: Bindable) -> any Disposable
  where Bindable.Element == Element {
    bindable.bind(signal: toSignal())
  }

  /// Binds the elements to a bindable of optionals (a label's `String?` text, say): each element
  /// is given wrapped. Bond's `bind(to:)` for an optional target.
  ///
  /// ```swift
  /// followers.map { "\($0)" }.bind(to: label)  // a String signal, a String? target
  /// ```
  @discardableResult
  public func bind<Bindable: BindableProtocol>(to bindable: Bindable) -> any Disposable
  where Bindable.Element == Element? {
    bindable.bind(signal: toSignal().map { Optional($0) })
  }
}

extension SignalProtocol where Error == Never, Element: Sendable {
  /// Binds the elements to `target` through `setter`, run on `context`.
  ///
  /// The target is held weakly: the binding ends at the first element after the target is gone
  /// (or at once when it deinitializes, if it is a ``DisposeBagProvider``, or any `NSObject` on
  /// Apple platforms: the binding is put in its bag). It also ends when the signal completes or the
  /// returned disposable is disposed.
  ///
  /// With ``ExecutionContext/immediateOnMain`` (Bond's context for bindings to main-thread
  /// objects) an element sent on the main thread is set before `send` returns, unless elements
  /// sent earlier from other threads are still queued for the main queue: then it is set right
  /// after them, so elements are always set in the order they were sent.
  ///
  /// ```swift
  /// store.count.bind(to: logger, context: .global()) { logger, count in logger.log(count) }
  /// ```
  ///
  /// The elements must be `Sendable`: they move to `context`.
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    context: ExecutionContext,
    setter: @escaping @Sendable (Target, Element) -> Void
  ) -> any Disposable {
    let binding = SerialDisposable()
    let set: @Sendable (Signal<Element, Error>.Event) -> Void = { [weak target] event in
      guard case .next(let element) = event else { return }
      guard let target else {
        binding.dispose()
        return
      }
      setter(target, element)
    }
    if context.isImmediateOnMain {
      binding.otherDisposable = observeOrdered(set)
    } else {
      binding.otherDisposable = receive(on: context).observe(with: set)
    }
    lifetimeBag(of: target)?.add(binding)
    return binding
  }
}

extension SignalProtocol where Error == Never, Element: Sendable {
  /// Binds the elements to a main-actor `target` (such as a view model) through `setter`, which
  /// runs on the main actor.
  ///
  /// Like Bond's bindings to main-thread objects (`.immediateOnMain`), an element sent on the main
  /// thread is set before `send` (or the mutation) returns, so a view model bound in `viewDidLoad`
  /// shows its value at once. Elements sent from other threads are set from the main queue. Either
  /// way every element goes through one queue, so they are set in the order they were sent. The
  /// target is held weakly, as in ``bind(to:context:setter:)``.
  ///
  /// This one is for `Sendable` elements, which may be sent from any thread; for a signal of
  /// non-`Sendable` elements used on the main actor, the main-actor overload binds them.
  ///
  /// ```swift
  /// @MainActor final class CounterViewModel {
  ///   var text = ""
  ///   init(store: Store) {
  ///     store.count.bind(to: self) { viewModel, count in viewModel.text = "\(count)" }
  ///   }
  /// }
  /// ```
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    setter: @escaping @MainActor (Target, Element) -> Void
  ) -> any Disposable {
    bindOnMain(to: target, setter: setter)
  }

  /// Observes the elements on the main actor, in order: at once when sent on the main thread,
  /// from the main queue when sent from another thread.
  ///
  /// This one is for `Sendable` elements, which may be sent from any thread; for a signal of
  /// non-`Sendable` elements used on the main actor, the main-actor overload observes them.
  ///
  /// For an array container (`MutableObservableArray`), a changeset waiting for the main thread
  /// holds only its change, not the array, so a background producer that runs ahead of the main
  /// thread does not make every mutation copy the whole array: the main thread rebuilds each
  /// changeset's collection from the previous one it delivered (which it keeps, so the array is
  /// held twice while observed this way). Every changeset is still delivered, in order, with
  /// `collection` exactly the collection after its mutation. The same holds for every main-queue
  /// binding of such a container and for ``receive(on:)``.
  @discardableResult
  public func observeNextOnMain(with observer: @escaping @MainActor (Element) -> Void) -> any Disposable {
    observeOrdered { event in
      if case .next(let element) = event { observer(element) }
    }
  }

  /// Observes the events on the main actor, in order: at once when sent on the main thread, from
  /// the main queue when sent from another thread.
  @discardableResult
  public func observeOnMain(
    with observer: @escaping @MainActor (Signal<Element, Error>.Event) -> Void
  )
    -> any Disposable
  {
    observeOrdered(observer)
  }
}

extension SignalProtocol where Error == Never {
  /// Binds the elements of a signal used on the main actor to a main-actor `target` through
  /// `setter`: the overload for elements that are not `Sendable`, such as a class model's.
  ///
  /// A signal (property, container, subject) of non-`Sendable` elements is not `Sendable`, so it
  /// stays in the isolation domain that made it: called here, the main actor's, where its elements
  /// are sent and set without leaving the main thread. Otherwise like the `Sendable` overload.
  ///
  /// ```swift
  /// @MainActor final class ListViewModel {
  ///   let selection = Property<Item?>(nil)  // Item: a non-Sendable class
  ///   var title = ""
  ///   init() {
  ///     selection.bind(to: self) { viewModel, item in viewModel.title = item?.name ?? "" }
  ///   }
  /// }
  /// ```
  @MainActor
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    setter: @escaping @MainActor (Target, Element) -> Void
  ) -> any Disposable {
    bindOnMain(to: target, setter: setter)
  }

  /// Observes the elements of a signal used on the main actor, on the main actor, in order: the
  /// overload for elements that are not `Sendable`, such as a class model's.
  ///
  /// A signal of non-`Sendable` elements is not `Sendable`, so it stays in the isolation domain
  /// that made it: called here, the main actor's, whose elements never leave the main thread.
  @MainActor
  @discardableResult
  public func observeNextOnMain(with observer: @escaping @MainActor (Element) -> Void) -> any Disposable {
    observeOrdered { event in
      if case .next(let element) = event { observer(element) }
    }
  }

  /// Observes the events of a signal used on the main actor, on the main actor, in order: the
  /// overload for elements that are not `Sendable`, such as a class model's.
  @MainActor
  @discardableResult
  public func observeOnMain(
    with observer: @escaping @MainActor (Signal<Element, Error>.Event) -> Void
  )
    -> any Disposable
  {
    observeOrdered(observer)
  }
}

extension SignalProtocol where Error == Never {
  /// The main-actor binding behind `bind(to:setter:)` and a main-actor ``Bond``: elements sent on
  /// the main thread are set at once, others from the main queue, in order. Not constrained to
  /// `Sendable` elements: the callers are (or, for ``Bond``, document what they hand over).
  internal func bindOnMain<Target: AnyObject & Sendable>(
    to target: Target,
    setter: @escaping @MainActor (Target, Element) -> Void
  ) -> any Disposable {
    let binding = SerialDisposable()
    binding.otherDisposable = observeOrdered { [weak target] event in
      guard case .next(let element) = event else { return }
      guard let target else {
        binding.dispose()
        return
      }
      setter(target, element)
    }
    lifetimeBag(of: target)?.add(binding)
    return binding
  }
}

extension SignalProtocol {
  /// Observes the signal through an ``OrderedMainDelivery`` to `deliver`, cancelling what it still
  /// holds when the observation is disposed.
  ///
  /// The delivery (and with it the observer) is kept by the source's observation and by the
  /// main-queue actions of values on their way; the returned disposable holds it weakly, so once
  /// the source is gone without ending and those values are delivered, the observer is released
  /// even while the disposable is kept (in a bag, say).
  ///
  /// An array container's changesets wait for the main queue without their array (see
  /// ``HopDetaching``), so a background producer does not copy the array at every mutation.
  /// Guarantee kept: `deliver` receives every changeset, in order, with `collection` exactly the
  /// collection after its mutation, rebuilt on the main thread from the previous one delivered.
  fileprivate func observeOrdered(
    _ deliver: @escaping @MainActor (Signal<Element, Error>.Event) -> Void
  ) -> any Disposable {
    guard let detaching = hopDetaching else {
      let delivery = OrderedMainDelivery(deliver)
      return observeOrdered(on: delivery) { event in delivery.send(event) }
    }
    let rebuilder = detaching.makeRebuilder()
    let delivery = OrderedMainDelivery<Signal<Element, Error>.Event> { event in deliver(rebuilder.rebuild(event)) }
    return observeOrdered(on: delivery) { event in delivery.send(detaching.detach(event)) }
  }

  private func observeOrdered<Value>(
    on delivery: OrderedMainDelivery<Value>,
    send: @escaping @Sendable (Signal<Element, Error>.Event) -> Void
  ) -> any Disposable {
    let subscription = observe(with: send)
    return BlockDisposable { [weak delivery] in
      delivery?.cancel()
      subscription.dispose()
    }
  }
}

/// A type that owns a ``DisposeBag`` disposed when it deinitializes; bindings to it are put there,
/// so they end as soon as it goes away.
public protocol DisposeBagProvider: AnyObject {
  /// The bag disposed when the object deinitializes.
  var bag: DisposeBag { get }
}
