import TetherChangesets
import TetherSignals

extension ObservableContainer: HopDetachingSource {
  /// The container's ``ContainerCore/Detaching`` as a hop's (see `HopDetaching`), untyped: lets
  /// `observeNextOnMain`, every main-queue binding and `receive(on:)` carry an array container's
  /// changesets to the main queue or a scheduler without the array.
  @usableFromInline package var erasedHopDetaching: Any? {
    core.detaching?.hop
  }
}

extension ContainerCore.Detaching {
  /// The same detaching for one of Tether's hops, the main-queue delivery or `receive(on:)`.
  ///
  /// Guarantee kept: a hop's observation of the container sees every changeset, in order,
  /// starting with a reload, so the rebuilder's `mirror` is always the collection right before
  /// the change it rebuilds, and each rebuilt changeset's `collection` is exactly the collection
  /// after its mutation. Reloads cross with their collection (`detach` returns `nil`) and reset it.
  package var hop: HopDetaching<Changeset> {
    let detach = detach
    let materialize = materialize
    return HopDetaching(
      detach: { changeset in detach(changeset) ?? changeset },
      makeRebuilder: {
        var mirror: Changeset.Collection?
        return { changeset in
          if changeset.isReload {
            mirror = changeset.collection
            return changeset
          }
          // Taken out first, so that unless the observer kept the previous changeset, the change
          // applies in place.
          var collection = mirror.take()!
          let rebuilt = materialize(changeset, &collection)
          mirror = consume collection
          return rebuilt
        }
      })
  }
}
