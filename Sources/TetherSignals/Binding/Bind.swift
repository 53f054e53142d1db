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

  /// Binds the elements to `target` through `setter`, run on `context`.
  ///
  /// The target is held weakly: the binding ends at the first element after the target is gone
  /// (or at once when it deinitializes, if it is a ``DisposeBagProvider``: the binding is put in
  /// its bag). It also ends when the signal completes or the returned disposable is disposed.
  ///
  /// ```swift
  /// store.count.bind(to: logger, context: .global()) { logger, count in logger.log(count) }
  /// ```
  @discardableResult
  public func bind<Target: AnyObject & Sendable>(
    to target: Target,
    context: ExecutionContext,
    setter: @escaping @Sendable (Target, Element) -> Void
  ) -> any Disposable {
    let binding = SerialDisposable()
    binding.otherDisposable = receive(on: context).observe { [weak target] event in
      guard case .next(let element) = event else { return }
      guard let target else {
        binding.dispose()
        return
      }
      setter(target, element)
    }
    (target as? any DisposeBagProvider)?.bag.add(binding)
    return binding
  }
}

extension SignalProtocol where Error == Never, Element: Sendable {
  /// Binds the elements to a main-actor `target` (such as a view model) through `setter`, which
  /// runs on the main actor.
  ///
  /// Elements sent from any thread are delivered on the main queue, in order. The target is held
  /// weakly, as in ``bind(to:context:setter:)``.
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
    bind(to: target, context: .main) { target, element in
      MainActor.assumeIsolated { setter(target, element) }
    }
  }

  /// Observes the elements on the main actor: `observer` runs on the main queue, in order.
  @discardableResult
  public func observeNextOnMain(with observer: @escaping @MainActor (Element) -> Void) -> any Disposable {
    receive(on: ExecutionContext.main).observeNext { element in
      MainActor.assumeIsolated { observer(element) }
    }
  }

  /// Observes the events on the main actor: `observer` runs on the main queue, in order.
  @discardableResult
  public func observeOnMain(
    with observer: @escaping @MainActor (Signal<Element, Error>.Event) -> Void
  )
    -> any Disposable
  {
    receive(on: ExecutionContext.main).observe { event in
      MainActor.assumeIsolated { observer(event) }
    }
  }
}

/// A type that owns a ``DisposeBag`` disposed when it deinitializes; bindings to it are put there,
/// so they end as soon as it goes away.
public protocol DisposeBagProvider: AnyObject {
  /// The bag disposed when the object deinitializes.
  var bag: DisposeBag { get }
}
