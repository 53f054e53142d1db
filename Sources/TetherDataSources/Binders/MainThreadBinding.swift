import TetherSignals

extension SignalProtocol where Error == Never {
  /// Observes the signal and hands every element to `apply` on the main thread, in order (see
  /// ``OrderedMainDelivery``), until the returned binding is disposed, the signal completes, or
  /// `isTargetAlive` says the view is gone. A view that is a `DisposeBagProvider` ends the binding
  /// as soon as it goes away.
  ///
  /// `apply` (and what it captures, the binder) is owned by the subscription alone: once the
  /// binding ends, it is released.
  @MainActor
  func bindOnMain(
    view: AnyObject,
    isTargetAlive: @escaping @MainActor () -> Bool,
    apply: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    let binding = CompositeDisposable()
    let subscription = SerialDisposable()
    let delivery = OrderedMainDelivery<Element> { element in
      guard isTargetAlive() else {
        binding.dispose()
        return
      }
      apply(element)
    }
    binding.add(subscription)
    // Weakly: the subscription owns the delivery (and through it the binder); the binding must
    // not keep them alive once the subscription ends.
    binding.add(BlockDisposable { [weak delivery] in delivery?.cancel() })
    (view as? any DisposeBagProvider)?.bag.add(binding)
    subscription.otherDisposable = observe { event in
      switch event {
      case .next(let element): delivery.send(element)
      case .completed: binding.dispose()
      }
    }
    return binding
  }
}
