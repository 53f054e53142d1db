import TetherSignals

/// What a main-thread binding hands to the main thread: an element, or the signal's end, queued
/// behind the elements sent before it.
private enum MainThreadBindingEvent<Element> {
  case next(Element)
  case completed
}

extension SignalProtocol where Error == Never {
  /// Observes the signal and hands every element to `apply` on the main thread, in order (see
  /// ``OrderedMainDelivery``), until the returned binding is disposed, the signal completes, or
  /// `isTargetAlive` says the view is gone. A view that is a `DisposeBagProvider` ends the binding
  /// as soon as it goes away.
  ///
  /// `apply` (and what it captures, the binder) is owned by the subscription alone: once the
  /// binding is disposed or its view goes away, it is released. When the signal completes, the
  /// elements sent before the completion are still applied, and `binder` is then kept by the view's
  /// bag for as long as the view lives, as Bond's views keep their binder: the view's data source
  /// outlives the signal (a property released by its owner), so the view can still reload what it
  /// shows.
  @MainActor
  func bindOnMain(
    view: AnyObject,
    binder: AnyObject & Sendable,
    isTargetAlive: @escaping @MainActor () -> Bool,
    apply: @escaping @MainActor (Element) -> Void
  ) -> any Disposable {
    let binding = CompositeDisposable()
    let subscription = SerialDisposable()
    // An array container's changesets wait for the main queue without their array (see
    // `HopDetaching`), so a background producer does not copy the array at every mutation.
    // Guarantee kept: `apply` receives every changeset, in order, with `collection` exactly the
    // collection after its mutation, rebuilt here from the previous one delivered.
    let detaching = hopDetaching
    let rebuilder = detaching?.makeRebuilder()
    let delivery = OrderedMainDelivery<MainThreadBindingEvent<Element>> { [weak view] event in
      switch event {
      case .next(let element):
        // Rebuilt even for a view gone: the rebuilder must see every changeset in order.
        let element = rebuilder?.rebuild(element) ?? element
        guard isTargetAlive() else {
          binding.dispose()
          return
        }
        apply(element)
      case .completed:
        if isTargetAlive(), let bag = (view as? any DisposeBagProvider)?.bag {
          bag.add(BlockDisposable { withExtendedLifetime(binder) {} })
        }
        binding.dispose()
      }
    }
    binding.add(subscription)
    // Weakly: the subscription and the main-queue actions of elements on their way own the
    // delivery (and through it the binder); the binding must not keep them alive once the
    // subscription ends without completing (a subject let go).
    binding.add(BlockDisposable { [weak delivery] in delivery?.cancel() })
    (view as? any DisposeBagProvider)?.bag.add(binding)
    subscription.otherDisposable = observe { event in
      switch event {
      case .next(let element): delivery.send(.next(detaching?.detach(element) ?? element))
      case .completed:
        // The signal may release its observer, and with it the delivery, as soon as it completes:
        // elements sent from other threads and the completion still waiting for the main queue
        // are kept by their main-queue actions, which hold the delivery.
        delivery.send(.completed)
      }
    }
    return binding
  }
}
