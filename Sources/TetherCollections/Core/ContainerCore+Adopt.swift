extension ContainerCore {
  /// Makes `changeset`, computed elsewhere, the container's next change: emitted as it is if the
  /// container is still at `expected` (the version the previous adopted changeset left), else (the
  /// first changeset of a binding, a reload, or another mutation in between) emitted as a reload of
  /// its collection, so that every emitted changeset starts where the previous one ended.
  ///
  /// Returns the container's version after the change.
  ///
  /// - Complexity: O(1) plus the delivery.
  func adopt(_ changeset: Changeset, continuing expected: UInt64?) -> UInt64 {
    while true {
      let attempt = withLock { state -> Attempt<UInt64> in
        if let room = state.waitForRoom() { return .wait(room) }
        let continues = !changeset.isReload && expected == state.version
        state.collection = changeset.collection
        state.version &+= 1
        let emitted = continues ? changeset : Changeset(reloading: changeset.collection)
        return .done(state.version, state.submit(emitted))
      }
      switch consume attempt {
      case .done(let version, let work):
        run(work)
        return version
      case .wait(let room):
        room.wait()
      }
    }
  }
}
