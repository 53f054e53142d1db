import TetherChangesets
import TetherSignals

extension ObservableContainer {
  /// Observes the changesets on the main actor, in order: at once when the mutation is delivered
  /// on the main thread, from the main queue when it is delivered on another thread.
  ///
  /// Same as `SignalProtocol`'s `observeNextOnMain(with:)`. For an array container, a changeset
  /// waiting for the main thread holds only its change, not the array, so a background producer
  /// that runs ahead of the main thread does not make every mutation copy the whole array: the
  /// main thread rebuilds each changeset's collection from the previous one it delivered (which it
  /// keeps, so the array is held twice while observed this way). Every changeset is still
  /// delivered, in order, with `collection` exactly the collection after its mutation.
  @discardableResult
  public func observeNextOnMain(with observer: @escaping @MainActor (Changeset) -> Void) -> any Disposable {
    guard let detaching = core.detaching else {
      return observeOrderedOnMain(
        OrderedMainDelivery { event in
          if case .next(let changeset) = event { observer(changeset) }
        },
        detaching: nil)
    }
    let mirror = MainQueueMirror<Changeset.Collection>()
    return observeOrderedOnMain(
      OrderedMainDelivery { event in
        guard case .next(let changeset) = event else { return }
        if changeset.isReload {
          mirror.collection = changeset.collection
          observer(changeset)
          return
        }
        // Guarantee: this observation sees every changeset of the container, in order, starting
        // with a reload, so `mirror.collection` is the collection right before this change.
        // Taken out first, so that unless the observer kept the previous changeset, the change
        // applies in place.
        var collection = mirror.collection.take()!
        let rebuilt = detaching.materialize(changeset, &collection)
        mirror.collection = consume collection
        observer(rebuilt)
      },
      detaching: detaching)
  }

  /// Observes the container through `delivery`, cancelling what it still holds when the
  /// observation is disposed (as `SignalProtocol`'s main-queue observations do); with `detaching`,
  /// changesets other than reloads are sent without their collection.
  private func observeOrderedOnMain(
    _ delivery: OrderedMainDelivery<Signal<Changeset, Never>.Event>,
    detaching: ContainerCore<Changeset>.Detaching?
  ) -> any Disposable {
    let subscription = observe { event in
      if let detaching, case .next(let changeset) = event, let detached = detaching.detach(changeset) {
        delivery.send(.next(detached))
      } else {
        delivery.send(event)
      }
    }
    return BlockDisposable { [weak delivery] in
      delivery?.cancel()
      subscription.dispose()
    }
  }
}

/// The collection a main-queue observation delivered last, read and written only on the main
/// actor (by its delivery).
private final class MainQueueMirror<Collection>: @unchecked Sendable {
  // Safe: only the delivery's main-actor function touches `collection`.
  var collection: Collection?
}
