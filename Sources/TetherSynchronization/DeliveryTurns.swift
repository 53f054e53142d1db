/// The engine's lock-free count of turns, for owners that give every item a turn of its own (one
/// scheduled action per item: `receive(on:)`'s hop) and must not take their lock twice per item.
///
/// The rules, those of ``SerialDeliveryCore/stop()``'s owners without the second trip through the
/// lock: each turn calls ``begin()`` once. The turn that finds no turn in progress is the
/// deliverer: it takes its item (``SerialDelivery/takeTurn(thread:)``), delivers it, and calls
/// ``end()``; while `end()` answers `true`, turns began meanwhile and left their items to it, and it
/// takes and delivers the next one. A turn that finds another in progress returns at once: the
/// deliverer delivers its item, on the deliverer's thread, after the ones before it. So the items
/// are delivered one at a time, in the order they were queued, each no earlier than its own turn
/// began (a deliverer never drains the items of turns still to come); there is no budget and
/// nothing is foreign, since only the turns may deliver.
///
/// The count says who delivers, not the core: an owner on turns never tells its
/// ``SerialDeliveryCore`` that delivery stopped, so the core's ``SerialDeliveryCore/isDelivering``
/// is meaningless for it (as for ``SerialDeliveryCore/restart(thread:)``'s owners).
///
/// `begin` and `end` order memory (acquire-release): what a deliverer did before `end` answered
/// `false` happens before whatever the next deliverer does after its `begin` answered `true`.
@usableFromInline
package struct DeliveryTurns: ~Copyable, Sendable {
  /// Turns that began and whose items are not delivered yet.
  @usableFromInline let started = AtomicInt(0)

  /// No turn in progress.
  ///
  /// - Complexity: O(1): one allocation of one word.
  @inlinable
  package init() {}

  /// How many turns began and are not over (their items not delivered yet).
  ///
  /// - Complexity: O(1).
  @inlinable
  package var inProgress: Int { started.load(ordering: .acquiring) }

  /// A turn begins: `true` when the caller is now the deliverer (no turn was in progress), `false`
  /// when the deliverer will deliver this turn's item.
  ///
  /// - Complexity: O(1): one atomic add.
  @inlinable @inline(__always)
  package func begin() -> Bool {
    started.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0
  }

  /// The deliverer is done with a turn's item: `true` when turns began meanwhile (deliver the next
  /// item), `false` when delivery is over (the next turn to begin delivers).
  ///
  /// Traps when no turn is in progress: only the deliverer ends turns, once per item it took.
  ///
  /// - Complexity: O(1): one atomic subtract.
  @inlinable @inline(__always)
  package func end() -> Bool {
    let previous = started.wrappingSubtract(1, ordering: .acquiringAndReleasing).oldValue
    tetherPrecondition(
      previous > 0, "DeliveryTurns.end: no turn in progress (only the deliverer ends turns, once per item it took)")
    return previous > 1
  }
}
